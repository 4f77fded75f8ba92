"""Position, velocity and acceleration problems on any :class:`~mbtools.model.Model`.

* position: Φ(q, s) = 0 solved by Newton–Raphson, Φ_q Δq = −Φ (the paper's method);
* velocity: Φ_q q̇ = −Φ_s ṡ (differentiate Φ(q(t), s(t)) = 0 once);
* acceleration: Φ_q q̈ = γ = −(Φ_q q̇)_q q̇ − 2 (Φ_s ṡ)_q q̇ − (Φ_s ṡ)_s ṡ − Φ_s s̈
  (differentiate twice).

The assembly mode follows the guess: Newton–Raphson converges to the solution nearest
the starting point, so sweeping an input in small steps, each solve starting from the
previous solution, stays on one branch. With no guess the solver walks the inputs from
the reference drawing to the requested values in small steps (continuation).

Example
-------
>>> import math
>>> from mbtools import examples, formulate, solve_position, solve_velocity
>>> model = formulate(examples.four_bar(), "basic")
>>> result = solve_position(model, {"crank": math.radians(30)})
>>> result.converged
True
>>> model.point(result.q, "A").round(6)
array([1.732051, 1.      ])
>>> qd = solve_velocity(model, result.q, {"crank": 1.0})
>>> model.point_velocity(result.q, qd, "A").round(6)   # ω × r for a crank of length 2
array([-1.      ,  1.732051])
"""

from __future__ import annotations

import math
import warnings
from dataclasses import dataclass, field
from typing import NamedTuple

import numpy as np
import scipy.linalg
from scipy.linalg.lapack import dgecon, dgeqp3, dgesv, dorgqr, dtrtrs

from .errors import AssemblyError, InputError, SingularJacobianError
from .model import Model

# Reciprocal condition number (1-norm estimate) below which a Jacobian counts as
# singular. Far from dead points the examples sit at 1e-2 … 1; a Newton solve that
# ends on a dead point (a double root, where it converges only linearly) leaves it near
# 1e-6.
SINGULAR_RCOND = 1e-5

# Continuation steps when no guess is given: at most this far in one step.
ANGLE_STEP = math.radians(5.0)
LENGTH_STEP = 0.02  # times the mechanism's length scale


class SingularPositionWarning(UserWarning):
    """The position found is at (or next to) a dead point or branch point."""


class NewtonStep(NamedTuple):
    """One Newton–Raphson iterate: q_k, ‖Φ(q_k)‖₂ and the correction ‖Δq_k‖₂ applied
    after it (nan at the last iterate)."""

    iteration: int
    q: np.ndarray
    residual_norm: float
    correction_norm: float


@dataclass
class PositionResult:
    """The outcome of :func:`solve_position`.

    Attributes
    ----------
    q : ndarray
        The coordinates found.
    converged : bool
    history : list of NewtonStep
        Every iterate of the (last) Newton solve, for the iteration table.
    inputs : dict
    rcond : float
        Estimated reciprocal condition number of Φ_q at q (small: near a singular
        position).
    singular : bool
        True when rcond < ``SINGULAR_RCOND``: a dead point or branch point.
    continuation_steps : int
        Input steps walked from the reference drawing (0 when a guess was given).
    set_aside : list of str
        The equations that pivoting set aside as dependent on the others at q (empty
        when the equations are independent); they hold all the same, since convergence
        is judged on every equation.
    """

    q: np.ndarray
    converged: bool
    raw_history: list = field(repr=False)  # (k, q_k, ‖Φ‖², Δq_k or None), cheap to record
    inputs: dict
    rcond: float = float("nan")
    singular: bool = False
    continuation_steps: int = 0
    model: Model | None = field(default=None, repr=False)
    set_aside: list = field(default_factory=list)

    @property
    def history(self) -> list[NewtonStep]:
        """Every iterate of the (last) Newton solve, for the iteration table."""
        return [
            NewtonStep(k, qk, math.sqrt(r2), math.nan if dq is None else math.sqrt(float(dq @ dq)))
            for k, qk, r2, dq in self.raw_history
        ]

    @property
    def iterations(self) -> int:
        """Number of Newton corrections applied."""
        return max(len(self.raw_history) - 1, 0)

    def table(self) -> str:
        """The iteration history as a plain-text table."""
        names = self.model.coordinate_names if self.model else [f"q{k}" for k in range(len(self.q))]
        head = f"{'k':>3}  " + "  ".join(f"{n:>12}" for n in names) + f"  {'‖Φ‖₂':>10}  {'‖Δq‖₂':>10}"
        rows = [head]
        for step in self.history:
            values = "  ".join(f"{v:12.8f}" for v in step.q)
            corr = "" if math.isnan(step.correction_norm) else f"{step.correction_norm:10.3e}"
            rows.append(f"{step.iteration:>3}  {values}  {step.residual_norm:10.3e}  {corr:>10}")
        return "\n".join(rows)

    def _repr_html_(self) -> str:
        names = self.model.coordinate_names if self.model else [f"q{k}" for k in range(len(self.q))]
        cells = "".join(f"<th>{n}</th>" for n in names)
        html = [f"<table style=\"font-size:80%\"><thead><tr><th>k</th>{cells}<th>‖Φ‖₂</th><th>‖Δq‖₂</th></tr></thead><tbody>"]
        for step in self.history:
            values = "".join(f"<td>{v:.7f}</td>" for v in step.q)
            corr = "" if math.isnan(step.correction_norm) else f"{step.correction_norm:.3e}"
            html.append(f"<tr><td>{step.iteration}</td>{values}<td>{step.residual_norm:.3e}</td><td>{corr}</td></tr>")
        html.append("</tbody></table>")
        return "".join(html)


# ---------------------------------------------------------------------- position
def solve_position(
    model: Model,
    inputs: dict,
    guess=None,
    *,
    tol: float = 1e-12,
    max_iterations: int = 50,
    raise_on_failure: bool = True,
) -> PositionResult:
    """Solve the position problem Φ(q, s) = 0 by Newton–Raphson.

    Parameters
    ----------
    model : Model
    inputs : dict
        A value for every input, e.g. ``{"crank": 0.5}`` (radians or lengths).
    guess : array_like, optional
        Starting coordinates; the assembly mode found is the one nearest to it. Without
        a guess, the inputs are walked from the reference drawing (continuation).
    tol : float
        Converged when ‖Φ‖₂ ≤ tol · model.residual_scale: ℓ² for basic and natural
        coordinates (their equations hold squared lengths), ℓ for relative and
        reference-point ones (lengths), ℓ the mechanism's length scale. 1e-12 leaves
        positions correct to about 1e-12 ℓ.
    max_iterations : int
    raise_on_failure : bool
        If False, a result with ``converged=False`` is returned instead of raising.

    Raises
    ------
    AssemblyError
        No solution near the guess; names the violated constraints.
    SingularJacobianError
        The Jacobian became exactly singular during the iteration.
    """
    s = model.input_vector(inputs)
    if guess is None:
        return _solve_by_continuation(model, inputs, s, tol, max_iterations, raise_on_failure)
    q0 = np.array(model._check_q(guess, "guess"), dtype=float)  # a copy: never alias the guess
    result = _newton(model, s, q0, dict(inputs), tol, max_iterations)
    return _finish(model, result, raise_on_failure, guess_note="from the guess")


def _newton(model: Model, s: np.ndarray, q: np.ndarray, inputs: dict, tol: float, max_iterations: int) -> PositionResult:
    idle = idle_freedoms(model)
    redundant = model.n_constraints != model.n_coordinates or idle > 0
    f = model.newton_function(s)
    tol_squared = (tol * model.residual_scale) ** 2
    raw: list[tuple] = []  # (k, q_k, ‖Φ‖², Δq_k): norms are taken only if asked for
    converged = False
    lu = None
    for k in range(max_iterations + 1):
        phi, J = f(q)
        r2 = phi @ phi
        if r2 <= tol_squared:
            raw.append((k, q, r2, None))
            converged = True
            break
        if not math.isfinite(r2) or k == max_iterations:
            raw.append((k, q, r2, None))
            break
        if redundant:
            dq, _, _ = _independent_solve(model, q, s, J, phi, "during Newton–Raphson")
        else:
            lu, _, dq, info = dgesv(J, phi)
            if info > 0:
                raise _singular_error(model, q, s, "during Newton–Raphson")
        raw.append((k, q, r2, dq))
        q = q - dq
    result = PositionResult(q, converged, raw, inputs, model=model)
    if converged:
        # Condition of Φ_q at the solution: the last factorization (one correction away,
        # by then ~1e-6 ℓ or less) with the norm of the Jacobian evaluated at q.
        if redundant:
            sv = np.linalg.svd(J, compute_uv=False)
            result.rcond = float(sv[model.n_coordinates - idle - 1] / sv[0])
            _, pivots, _ = _pivoted_qr(J)
            aside = sorted(pivots[model.n_coordinates - idle:].tolist())
            result.set_aside = [model.constraint_names[k] for k in aside]
        else:
            Jf = np.asarray(J).ravel()
            anorm = math.sqrt(float(Jf @ Jf))  # Frobenius: within √n of the 1-norm
            if lu is None:
                lu, _, _, info = dgesv(J, phi)
                if info > 0:
                    lu = None
            result.rcond = float(dgecon(lu, anorm, norm="1")[0]) if lu is not None else 0.0
        result.singular = result.rcond < SINGULAR_RCOND
    return result


def idle_freedoms(model: Model) -> int:
    """Freedoms of q that move no named point or vector: idle freedoms, such as the spin
    of a coupler between two ball joints about its own axis (reference-point and
    relative coordinates model it; points and vectors do not).

    Computed once per model at the reference drawing, from the null space of the whole
    Jacobian (drivers included). Raises :class:`SingularJacobianError` if a freedom
    that moves a point is left without an input.
    """
    cached = getattr(model, "_idle_freedoms", None)
    if cached is not None:
        return cached
    q = model.reference_q
    J = model.jacobian(q)
    null_dim, idle = _null_and_idle(model, J)
    if idle < null_dim:
        raise SingularJacobianError(
            f"The {model.family} model of '{model.mechanism.name}' has {null_dim - idle} freedom(s) "
            f"that no input drives (it has {len(model.inputs)} input(s): {model.input_names}): "
            "its position is not determined. Add a driver for each degree of freedom."
        )
    model._idle_freedoms = idle
    return idle


def _null_and_idle(model: Model, J: np.ndarray) -> tuple[int, int]:
    """(dimension of the null space of J, dimension of its part that moves no point)."""
    q, n = model.reference_q, model.n_coordinates
    if J.size:
        _, sv, vt = np.linalg.svd(np.vstack([J, np.zeros((max(n - J.shape[0], 0), n))]))
        scale = float(sv[0]) if sv[0] > 0 else 1.0
        null = vt[sv <= 1e-9 * scale]
    else:
        null = np.eye(n)
    if not len(null):
        return 0, 0
    P = np.vstack([model.point_jacobian(q, p) for p in model.point_names + model.vector_names])
    motion = P @ null.T
    msv = np.linalg.svd(motion, compute_uv=False) if motion.size else np.zeros(0)
    moving = int(np.sum(msv > 1e-8 * max(model.length_scale, 1.0)))
    return len(null), len(null) - moving


def idle_dimension(model: Model, J: np.ndarray) -> int:
    """Freedoms in the null space of J (at the reference drawing) that move no point."""
    return _null_and_idle(model, J)[1]


def _independent_solve(model, q, s, J, rhs, where) -> tuple[np.ndarray, float, np.ndarray]:
    """Solve a consistent system J x = rhs that has redundant equations (m > n) or idle
    freedoms (rank r = n − idle < n), on an independent set of its equations.

    A rank-revealing QR factorization of Jᵀ with column pivoting (the paper's pivoting),
    Jᵀ P = Q R, picks the r most independent equations *at this q*; they read
    R_rᵀ Q_rᵀ x = P_rᵀ rhs, and x = Q_r R_r⁻ᵀ P_rᵀ rhs is their minimum-norm solution, so
    idle freedoms stay at rest. Choosing afresh at every call keeps the set well
    conditioned as the mechanism moves (a set chosen once at the drawing can turn
    singular). The equations set aside are still checked: convergence is judged on
    ‖Φ‖ over all of them.

    Returns x, the reciprocal condition |R_rr|/|R_11| and the indices of the equations
    set aside.
    """
    r = model.n_coordinates - idle_freedoms(model)
    if r == 0:
        return np.zeros(model.n_coordinates), 1.0, np.arange(J.shape[0])
    factors, pivots, tau = _pivoted_qr(J)
    diagonal = np.abs(np.diagonal(factors))
    if diagonal.size < r or not diagonal[r - 1] > 1e-13 * diagonal[0]:
        raise _singular_error(model, q, s, where)
    rows = pivots[:r]
    if r == model.n_coordinates:  # as many independent equations as unknowns: LU
        _, _, x, info = dgesv(J[rows], rhs[rows])
        if info > 0:
            raise _singular_error(model, q, s, where)
    else:  # idle freedoms: the minimum-norm solution Q_r R_r⁻ᵀ b
        y, info = dtrtrs(factors[:r, :r], rhs[rows], lower=0, trans=1)
        Q, _, info = dorgqr(factors[:, :r], tau[:r])
        x = Q @ y
    return x, float(diagonal[r - 1] / diagonal[0]), pivots[r:]


def _pivoted_qr(J: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """LAPACK's QR with column pivoting of Jᵀ (dgeqp3): the packed factors (R in the
    upper triangle), the pivots — equations, most independent first, 0-based — and
    the reflector scales."""
    factors, jpvt, tau, _, info = dgeqp3(np.asfortranarray(J.T))
    if info != 0:
        raise ValueError(f"dgeqp3 failed (info = {info})")
    return factors, jpvt - 1, tau


def redundant_constraints(model: Model, q) -> list[str]:
    """Names of the constraints that are redundant at position q: a rank-revealing QR
    factorization of Φ_qᵀ with pivoting (the paper's pivoting) keeps rank(Φ_q)
    independent equations, most independent first; the others are returned. Empty
    when the equations are independent.

    Example
    -------
    >>> from mbtools import examples, formulate
    >>> model = formulate(examples.four_bar(), "basic")
    >>> redundant_constraints(model, model.reference_q)
    []
    """
    J = model.jacobian(q)
    if not J.size:
        return []
    R, pivots = scipy.linalg.qr(J.T, mode="r", pivoting=True)
    diagonal = np.abs(np.diagonal(R))
    rank = int(np.sum(diagonal > 1e-10 * diagonal[0])) if diagonal.size and diagonal[0] > 0 else 0
    keep = set(pivots[:rank].tolist())
    return [name for k, name in enumerate(model.constraint_names) if k not in keep]


def _finish(model: Model, result: PositionResult, raise_on_failure: bool, guess_note: str,
            requested: dict | None = None, stacklevel: int = 3) -> PositionResult:
    if result.converged:
        _check_driver_directions(model, result)
        if result.singular:
            explain = getattr(model, "explain_singularity", None)
            note = explain(result.q) if explain else None
            warnings.warn(
                (f"{note} " if note else "") +
                f"'{model.mechanism.name}' at {_describe_inputs(model, result.inputs)} is at or next "
                f"to a singular position (Jacobian reciprocal condition {result.rcond:.1e}): a dead "
                "point or a branch point. Velocities are not determined here and the assembly "
                "mode may change as the input passes it.",
                SingularPositionWarning,
                stacklevel=stacklevel,
            )
        return result
    if not raise_on_failure:
        return result
    best = min(result.history, key=lambda h: h.residual_norm) if result.history else None
    violated: list[tuple[str, float]] = []
    if best is not None:
        phi = model.phi(best.q, result.inputs)
        order = np.argsort(-np.abs(phi))
        limit = 1e-9 * model.length_scale**2
        violated = [(model.constraint_names[i], float(phi[i])) for i in order if abs(phi[i]) > limit]
    listing = ", ".join(f"'{n}' (residual {v:+.3g})" for n, v in violated[:4]) or "none listed"
    drivers_only = bool(violated) and all(
        model.constraints[model.constraint_names.index(n)].is_driver for n, _ in violated
    )
    if drivers_only:
        reached = dict(zip(model.input_names, model._measure_f(best.q)))
        hint = (
            "There every rigid-body and joint condition holds, but only the driving condition "
            f"is off: the nearest assembled position has {_describe_inputs(model, reached)}. "
            "The requested input is outside the range of motion (a rocker beyond its limits, "
            "a slider beyond its stroke): the link lengths cannot close the loop there."
        )
    else:
        hint = (
            "Hint: the input may be outside the range of motion, the link lengths may not "
            "close the loop there, or the guess is far off: pass a guess closer to the "
            "expected position."
        )
    raise AssemblyError(
        f"'{model.mechanism.name}' cannot be assembled at {_describe_inputs(model, requested or result.inputs)}: "
        f"Newton–Raphson {guess_note} did not converge in {result.iterations} iterations. "
        f"Constraints still violated at the best iterate: {listing}. {hint}",
        violated,
        result,
    )


def _solve_by_continuation(model, inputs, s, tol, max_iterations, raise_on_failure) -> PositionResult:
    q = model.reference_q.copy()
    s_ref = np.array(model._measure_f(q), dtype=float)
    delta = s - s_ref
    limits = []
    for k, inp in enumerate(model.inputs):
        if inp.unit == "angle":
            delta[k] = math.remainder(delta[k], 2 * math.pi)
            limits.append(abs(delta[k]) / ANGLE_STEP)
        else:
            limits.append(abs(delta[k]) / (LENGTH_STEP * model.length_scale))
    steps = max(1, math.ceil(max(limits, default=0.0)))
    result = None
    for step in range(1, steps + 1):
        s_step = s if step == steps else s_ref + delta * (step / steps)
        step_inputs = dict(zip(model.input_names, map(float, s_step)))
        result = _newton(model, s_step, q, step_inputs, tol, max_iterations)
        if not result.converged:
            note = (
                f"walking the inputs from the reference drawing ({_describe_inputs(model, dict(zip(model.input_names, s_ref)))}) "
                f"toward them in {steps} steps, at step {step} ({_describe_inputs(model, step_inputs)}),"
            )
            return _finish(model, result, raise_on_failure, guess_note=note, requested=dict(inputs))
        q = result.q
    result.inputs = dict(inputs)
    result.continuation_steps = steps
    return _finish(model, result, raise_on_failure, guess_note="", stacklevel=4)


def _check_driver_directions(model: Model, result: PositionResult) -> None:
    """An angle driver alone also holds at θ + π: refuse that silently wrong answer."""
    measured = model._measure_f(result.q)
    for inp, value in zip(model.inputs, measured):
        if inp.unit != "angle":
            continue
        wanted = float(result.inputs[inp.name])
        if abs(math.remainder(float(value) - wanted, 2 * math.pi)) > math.pi / 2:
            raise AssemblyError(
                f"Input '{inp.name}': the solution found points the driven vector at "
                f"{math.degrees(float(value)):.1f}°, opposite to the requested "
                f"{math.degrees(wanted):.1f}° (the driving equation also holds at θ + 180°). "
                "Give a guess whose driven vector points near the requested angle, or no "
                "guess at all.",
                [(f"{inp.name}: angle driver", 0.0)],
                result,
            )


def _describe_inputs(model: Model, inputs: dict) -> str:
    parts = []
    for inp in model.inputs:
        value = float(inputs[inp.name])
        if inp.unit == "angle":
            parts.append(f"{inp.name} = {math.degrees(value):.4g}° ({value:.6g} rad)")
        else:
            parts.append(f"{inp.name} = {value:.6g}")
    return ", ".join(parts) or "no inputs"


def _singular_error(model: Model, q: np.ndarray, s: np.ndarray, where: str) -> SingularJacobianError:
    J = model._dense(model._jac_f(q, s), (model.n_constraints, model.n_coordinates))
    u, sv, _ = np.linalg.svd(J, full_matrices=False)
    last = min(J.shape) - 1 - (getattr(model, "_idle_freedoms", 0) or 0)  # smallest that fixes q
    last = max(last, 0)
    weights = np.abs(u[:, last])
    dependent = [model.constraint_names[i] for i in np.argsort(-weights) if weights[i] > 0.1]
    inputs = dict(zip(model.input_names, map(float, s)))
    explain = getattr(model, "explain_singularity", None)
    note = explain(q) if explain else None
    head = (
        f"The Jacobian of '{model.mechanism.name}' is singular {where} at "
        f"{_describe_inputs(model, inputs)} (smallest singular value {abs(sv[last]):.2e} of "
        f"{sv[0]:.2e}): the constraints {dependent} are dependent there."
    )
    measured = model._measure_f(q)
    blind = [
        inp.name for inp, value, wanted in zip(model.inputs, measured, s)
        if inp.unit == "angle" and f"{inp.name}: angle driver" in dependent
        and abs(abs(math.remainder(float(value) - float(wanted), 2 * math.pi)) - math.pi / 2) < 0.1
    ]
    if note:
        return SingularJacobianError(f"{note} {head}", dependent)
    if blind:
        return SingularJacobianError(
            f"{head} At this position the driven vector of input(s) {blind} is at 90° to the "
            "requested angle, where the driving equation says nothing about the position: "
            "give a guess nearer the requested angle, or none (the solver then walks there).",
            dependent,
        )
    return SingularJacobianError(
        f"{head} This is a dead point or a branch point: the inputs do not determine the "
        "motion through it. Drive the mechanism by another input (one that does not pass a "
        "dead point here), or stop short of this position.",
        dependent,
    )


# ---------------------------------------------------------------------- velocity
def _solve_linear(model: Model, q: np.ndarray, s: np.ndarray, J: np.ndarray, rhs: np.ndarray, what: str) -> np.ndarray:
    if J.shape[0] != J.shape[1] or idle_freedoms(model):
        x, rcond, _ = _independent_solve(model, q, s, J, rhs, f"in the {what} problem")
        if rcond < SINGULAR_RCOND:
            raise _singular_error(model, q, s, f"in the {what} problem")
        return x
    anorm = float(np.abs(J).sum(axis=0).max()) if J.size else 0.0
    lu, _, x, info = dgesv(J, rhs)
    rcond = 0.0 if info > 0 else float(dgecon(lu, anorm, norm="1")[0])
    if info > 0 or rcond < SINGULAR_RCOND:
        raise _singular_error(model, q, s, f"in the {what} problem")
    return x


def _require_assembled(model: Model, q: np.ndarray, s: np.ndarray) -> None:
    phi = np.array(model._phi_f(q, s), dtype=float)
    limit = 1e-8 * model.length_scale**2
    bad = [(model.constraint_names[i], phi[i]) for i in np.argsort(-np.abs(phi)) if abs(phi[i]) > limit]
    if bad:
        raise InputError(
            f"q does not satisfy the constraints of '{model.mechanism.name}' "
            f"({', '.join(f'{n!r} off by {v:+.3g}' for n, v in bad[:3])}): solve the position "
            "problem first and pass its result.q."
        )


def _rates(model: Model, values: dict, what: str) -> np.ndarray:
    try:
        return model.input_vector(values)
    except InputError as error:
        raise InputError(str(error).replace("input", what, 1)) from None


def solve_velocity(model: Model, q, input_rates: dict) -> np.ndarray:
    """Solve the velocity problem Φ_q q̇ = −Φ_s ṡ.

    Parameters
    ----------
    model : Model
    q : array_like
        An assembled position (e.g. ``solve_position(...).q``).
    input_rates : dict
        ṡ for every input, e.g. ``{"crank": 2.0}`` (rad/s or length/s).

    Returns
    -------
    ndarray
        q̇.
    """
    q = np.asarray(model._check_q(q), dtype=float)
    s = model._measure(q)
    _require_assembled(model, q, s)
    sd = _rates(model, input_rates, "input rate")
    J = model.jacobian(q, dict(zip(model.input_names, s)))
    rhs = -model.phi_s(q, dict(zip(model.input_names, s))) @ sd
    return _solve_linear(model, q, s, J, rhs, "velocity")


def solve_acceleration(model: Model, q, qd, input_accelerations: dict) -> np.ndarray:
    """Solve the acceleration problem Φ_q q̈ = γ.

    γ = −(Φ_q q̇)_q q̇ − 2 (Φ_s ṡ)_q q̇ − (Φ_s ṡ)_s ṡ − Φ_s s̈, with ṡ read off q̇.

    Parameters
    ----------
    model : Model
    q, qd : array_like
        An assembled position and a velocity that satisfies the velocity equations.
    input_accelerations : dict
        s̈ for every input.

    Returns
    -------
    ndarray
        q̈.
    """
    q = np.asarray(model._check_q(q), dtype=float)
    qd = np.asarray(model._check_q(qd, "qd"), dtype=float)
    s = model._measure(q)
    _require_assembled(model, q, s)
    sd = model.input_rates(q, qd)
    sdd = _rates(model, input_accelerations, "input acceleration")
    named = dict(zip(model.input_names, s))
    J = model.jacobian(q, named)
    velocity_residual = J @ qd + model.phi_s(q, named) @ sd
    scale = model.length_scale * (float(np.abs(qd).max()) + model.length_scale * float(np.abs(sd).max(initial=0.0)))
    if float(np.abs(velocity_residual).max(initial=0.0)) > 1e-8 * max(scale, 1e-300):
        raise InputError(
            f"qd does not satisfy the velocity equations of '{model.mechanism.name}' "
            "(Φ_q q̇ + Φ_s ṡ ≠ 0): compute it with solve_velocity."
        )
    return _solve_linear(model, q, s, J, model.gamma(q, qd, s, sd, sdd), "acceleration")


# ---------------------------------------------------------------------- sweeps
@dataclass
class Sweep:
    """Positions along an input sweep: ``q[k]`` solves the inputs ``values[k]``."""

    name: str
    values: np.ndarray
    q: np.ndarray
    iterations: np.ndarray
    singular: np.ndarray


def sweep_position(model: Model, name: str, values, guess=None, other_inputs: dict | None = None, **options) -> Sweep:
    """Solve the position problem along a sweep of one input, so that the whole sweep
    stays on the guess's assembly mode.

    Each solve starts from a secant prediction, the previous solution extrapolated
    along the last step, q_k + (q_k − q_{k−1}) Δs_{k+1}/Δs_k, which follows the branch
    through a branch point (where the branches cross and the Jacobian is singular)
    rather than jump to the other one. Singular positions met on the way are flagged in
    ``Sweep.singular`` and reported by one :class:`SingularPositionWarning`.

    Example
    -------
    >>> import numpy as np
    >>> from mbtools import examples, formulate
    >>> model = formulate(examples.four_bar(), "basic")
    >>> sweep = sweep_position(model, "crank", np.radians(np.arange(0, 360, 10)))
    >>> sweep.q.shape, int(sweep.iterations.max()) <= 6
    ((36, 4), True)
    """
    values = np.asarray(values, dtype=float)
    fixed = dict(other_inputs or {})
    q_all = np.empty((len(values), model.n_coordinates))
    iterations = np.zeros(len(values), dtype=int)
    singular = np.zeros(len(values), dtype=bool)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SingularPositionWarning)
        for k, value in enumerate(values):
            if k >= 2 and values[k - 1] != values[k - 2]:
                ratio = (value - values[k - 1]) / (values[k - 1] - values[k - 2])
                start = q_all[k - 1] + ratio * (q_all[k - 1] - q_all[k - 2])
            elif k >= 1:
                start = q_all[k - 1]
            else:
                start = guess
            result = solve_position(model, {**fixed, name: float(value)}, guess=start, **options)
            q_all[k] = result.q
            iterations[k] = result.iterations
            singular[k] = result.singular
    if singular.any():
        at = ", ".join(f"{v:.6g}" for v in values[singular][:6])
        warnings.warn(
            f"The sweep of '{name}' met singular positions (dead or branch points) of "
            f"'{model.mechanism.name}' at {name} = {at}: velocities are not determined there, "
            "and past a branch point check that the assembly mode is the one you meant.",
            SingularPositionWarning,
            stacklevel=2,
        )
    return Sweep(name, values, q_all, iterations, singular)
