"""The position problem Φ(q, s) = 0, solved by Newton–Raphson (the paper's method):

    Φ_q(q_k) Δq_k = −Φ(q_k),      q_{k+1} = q_k + Δq_k       (book, equation eq-newton)

The assembly mode follows the guess: Newton–Raphson converges to the solution nearest
the starting point, so sweeping an input in small steps, each solve starting from the
previous solution, stays on one branch. With no guess the solver walks the inputs from
the reference drawing to the requested values in small steps (continuation).

Convergence is judged on every equation in its own unit: ‖Φ_i / ℓ^{p_i}‖₂ ≤ tol, with
p_i the length power of equation i (:class:`~mbtools.Constraint`) and ℓ the
mechanism's length scale, so that a mechanism drawn in millimetres is held to the same
relative accuracy as one in metres.

Example
-------
>>> import math
>>> from mbtools import examples, formulate
>>> model = formulate(examples.four_bar(), "basic")
>>> result = solve_position(model, {"crank": math.radians(30)})
>>> result.converged, model.point(result.q, "A").round(6)
(True, array([1.732051, 1.      ]))
"""

from __future__ import annotations

import math
import numbers
import warnings

import numpy as np
from scipy.linalg.lapack import dgecon, dgesv, dgetrf

from ..description.topology import free_bodies
from ..errors import AssemblyError, InputError, SingularPositionWarning, SuspiciousInputWarning
from ..model import Model
from .freedoms import equation_rank, independent_solve, null_and_idle
from .messages import describe_inputs, singular_error
from .mirror import mirrored_bodies
from .results import PositionResult

# Reciprocal condition number (1-norm estimate) below which a Jacobian counts as
# singular. Far from dead points the examples sit at 1e-2 … 1; a Newton solve that
# ends on a dead point (a double root, where it converges only linearly) leaves it near
# 1e-6.
SINGULAR_RCOND = 1e-5

# Continuation steps when no guess is given: at most this far in one step.
ANGLE_STEP = math.radians(5.0)
LENGTH_STEP = 0.02  # times the mechanism's length scale


def require_model(model, function: str) -> None:
    """A clear error when a solver is handed something other than a model."""
    if isinstance(model, Model):
        return
    from ..description import Mechanism

    if isinstance(model, Mechanism):
        raise InputError(
            f"{function}() takes a model, not the mechanism '{model.name}': formulate it first, "
            f"e.g. model = mbtools.formulate(mechanism, 'natural'), then {function}(model, ...)."
        )
    raise InputError(f"{function}() takes a model (from mbtools.formulate), got {type(model).__name__}.")


def check_options(tol, max_iterations) -> tuple[float, int]:
    """The solver options, checked."""
    if type(tol) is float and 0.0 < tol < 1e-2 and type(max_iterations) is int and max_iterations >= 1:
        return tol, max_iterations
    if isinstance(tol, bool) or not isinstance(tol, numbers.Real) or not (0 < float(tol) < 1e-2):
        raise InputError(
            f"tol must be a small positive number such as 1e-12 (the residual relative to the "
            f"mechanism's size), got {tol!r}."
        )
    if isinstance(max_iterations, bool) or not isinstance(max_iterations, numbers.Integral) or max_iterations < 1:
        raise InputError(f"max_iterations must be a whole number ≥ 1, got {max_iterations!r}.")
    return float(tol), int(max_iterations)


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
        Converged when ‖Φ_i / ℓ^{p_i}‖₂ ≤ tol (see the module's text); 1e-12 leaves
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
    require_model(model, "solve_position")
    tol, max_iterations = check_options(tol, max_iterations)
    s = model.input_vector(inputs)
    inputs = dict(inputs) if type(inputs) is dict else dict(zip(model.input_names, map(float, s)))
    if guess is None:
        return _warn_if_mirrored(model, _solve_by_continuation(model, inputs, s, tol, max_iterations, raise_on_failure))
    q0 = model.configuration(guess, "guess").copy()  # a copy: never alias the guess
    result = newton(model, s, q0, inputs, tol, max_iterations)
    return _warn_if_mirrored(model, _finish(model, result, raise_on_failure, guess_note="from the guess"))


def _warn_if_mirrored(model: Model, result: PositionResult) -> PositionResult:
    """A SuspiciousInputWarning naming any body the solution shows reflected: it
    satisfies every equation, but no motion in the plane reaches it."""
    if result.converged and model.mechanism.dimension == 2:
        mirrored = mirrored_bodies(model, result.q)
        if mirrored:
            warnings.warn(
                f"solve_position: the solution shows bodies {mirrored} of '{model.mechanism.name}' mirrored "
                "with respect to their drawing: their distances hold, but no motion in the plane reaches "
                "it. Start from a guess nearer the drawn assembly (mbtools.kinematics.mirrored_bodies "
                "checks a solution).", SuspiciousInputWarning, stacklevel=3)
    return result


def newton(model: Model, s: np.ndarray, q: np.ndarray, inputs: dict, tol: float, max_iterations: int) -> PositionResult:
    """Newton–Raphson from q at the inputs s (book, equation eq-newton).

    A square system is solved by LU at every iteration (:func:`square_newton`, the
    common case and the fast one). A system with redundant equations or idle freedoms,
    or a square one whose LU fails, is solved on an independent set of its equations,
    of rank n − idle freedoms counted at the iterate where that is first needed
    (:func:`~mbtools.kinematics.freedoms.independent_solve`).
    """
    n = model.n_coordinates
    raw: list[tuple] = []  # (k, q_k, Φ(q_k), Δq_k): norms are taken only if asked for
    if model.n_constraints == n:
        result = square_newton(model, s, q, inputs, tol, max_iterations, raw)
        if result is not None:
            return result
        raw.clear()  # the LU failed: start again, pivoting
    f = model.newton_function(s)
    scales = model.residual_scales
    tol_squared = tol * tol
    phi, J = f(q)
    rank = equation_rank(model, q, s, J, "during Newton–Raphson")
    if rank > model.n_constraints:
        _refuse_too_few_inputs(model, q)
    converged = False
    aside = None
    first = len(raw)
    for k in range(first, max_iterations + 1):
        if k > first:
            phi, J = f(q)
        scaled = phi / scales
        r2 = float(scaled @ scaled)
        if r2 <= tol_squared:
            raw.append((k, q, phi, None))
            converged = True
            break
        if not math.isfinite(r2) or k == max_iterations:
            raw.append((k, q, phi, None))
            break
        solved = independent_solve(J, phi, rank)
        if solved is None:
            raise singular_error(model, q, s, "during Newton–Raphson", n - rank)
        dq, _, aside = solved
        raw.append((k, q, phi, dq))
        q = q - dq
    result = PositionResult(q, converged, raw, inputs, model=model)
    if converged:
        _condition(model, result, J, phi, None, rank, aside)
    return result


def square_newton(model: Model, s: np.ndarray, q: np.ndarray, inputs: dict, tol: float, max_iterations: int,
                  raw: list) -> PositionResult | None:
    """Newton–Raphson on a square system, Φ_q Δq = −Φ by LU (LAPACK dgesv) at every
    iteration, each equation divided by its unit ℓ^p (the same step; the convergence
    test is then a plain norm). None if an LU fails (a singular Jacobian on the way),
    with the iterate where it failed last in ``raw``."""
    f = model.newton_function(s, scaled=True)
    tol_squared = tol * tol
    lu = None
    for k in range(max_iterations + 1):
        phi, J = f(q)
        r2 = phi @ phi
        if r2 <= tol_squared:
            raw.append((k, q, phi, None))
            result = PositionResult(q, True, raw, inputs, model=model, scaled_history=True)
            _condition(model, result, J, phi, lu, model.n_coordinates, None)
            return result
        if not r2 < math.inf or k == max_iterations:
            raw.append((k, q, phi, None))
            return PositionResult(q, False, raw, inputs, model=model, scaled_history=True)
        lu, _, dq, info = dgesv(J, phi)
        if info > 0:
            raw.append((k, q, phi, None))
            return None
        raw.append((k, q, phi, dq))
        q = q - dq
    return None  # pragma: no cover - the loop returns


def _condition(model, result, J, phi, lu, rank, aside) -> None:
    """The reciprocal condition of Φ_q at the solution (small near a singular position),
    each equation in its unit ℓ^p so that it does not depend on the drawing's units
    (square systems: estimated by LAPACK dgecon from the last LU, one correction of at
    most √tol away), and the equations pivoting set aside there."""
    n = model.n_coordinates
    if aside is None and model.n_constraints == n:
        Jf = np.asarray(J).ravel()
        anorm = math.sqrt(float(Jf @ Jf))  # Frobenius: within √n of the 1-norm
        if lu is None:
            lu, _, info = dgetrf(J)
            if info > 0:
                lu = None
        result.rcond = float(dgecon(lu, anorm, norm="1")[0]) if lu is not None else 0.0
    else:
        if rank is None:
            rank = n - null_and_idle(model, result.q, J)[1]
        if model.facts.coordinates_are_positions:
            rank = n
        solved = independent_solve(J, phi, rank)
        sv = np.linalg.svd(J, compute_uv=False)
        result.rcond = float(sv[rank - 1] / sv[0]) if rank else 1.0
        result.set_aside = [model.constraint_names[k] for k in (solved[2] if solved else [])]
    result.singular = result.rcond < SINGULAR_RCOND


def _finish(model: Model, result: PositionResult, raise_on_failure: bool, guess_note: str,
            requested: dict | None = None, stacklevel: int = 3) -> PositionResult:
    if result.converged:
        _check_driver_directions(model, result)
        if result.singular:
            explain = model.facts.explain_singularity
            note = explain(result.q) if explain else None
            warnings.warn(
                (f"{note} " if note else "") +
                f"'{model.mechanism.name}' at {describe_inputs(model, result.inputs)} is at or next "
                f"to a singular position (Jacobian reciprocal condition {result.rcond:.1e}): a dead "
                "point or a branch point. Velocities are not determined here and the assembly "
                "mode may change as the input passes it.",
                SingularPositionWarning,
                stacklevel=stacklevel,
            )
        return result
    if not raise_on_failure:
        return result
    _refuse_too_many_inputs(model, result)
    best = min(result.history, key=lambda h: h.residual_norm) if result.history else None
    violated: list[tuple[str, float]] = []
    if best is not None:
        phi = model.phi(best.q, result.inputs)
        order = np.argsort(-np.abs(phi / model.residual_scales))
        violated = [(model.constraint_names[i], float(phi[i])) for i in order
                    if abs(phi[i]) > 1e-9 * model.residual_scales[i]]
    listing = ", ".join(f"'{n}' (residual {v:+.3g})" for n, v in violated[:4]) or "none listed"
    drivers_only = bool(violated) and all(
        model.constraints[model.constraint_names.index(n)].is_driver for n, _ in violated
    )
    if drivers_only:
        reached = dict(zip(model.input_names, model.measured_inputs(best.q)))
        hint = (
            "There every rigid-body and joint condition holds, but only the driving condition "
            f"is off: the best iterate is an assembled position with {describe_inputs(model, reached)}. "
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
        f"'{model.mechanism.name}' cannot be assembled at {describe_inputs(model, requested or result.inputs)}: "
        f"Newton–Raphson {guess_note} did not converge in {result.iterations} iterations. "
        f"Constraints still violated at the best iterate: {listing}. {hint}",
        violated,
        result,
    )


def _solve_by_continuation(model, inputs, s, tol, max_iterations, raise_on_failure) -> PositionResult:
    q = model.reference_q.copy()
    s_ref = model.measured_inputs(q)
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
        result = newton(model, s_step, q, step_inputs, tol, max_iterations)
        if not result.converged:
            note = (
                f"walking the inputs from the reference drawing ({describe_inputs(model, dict(zip(model.input_names, s_ref)))}) "
                f"toward them in {steps} steps, at step {step} ({describe_inputs(model, step_inputs)}),"
            )
            return _finish(model, result, raise_on_failure, guess_note=note, requested=dict(inputs))
        q = result.q
    result.inputs = dict(inputs)
    result.continuation_steps = steps
    return _finish(model, result, raise_on_failure, guess_note="", stacklevel=4)


def _check_driver_directions(model: Model, result: PositionResult) -> None:
    """An angle driver alone also holds at θ + π: refuse that silently wrong answer."""
    measured = model.measured_inputs(result.q)
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


def _refuse_too_many_inputs(model: Model, result: PositionResult) -> None:
    """More inputs than degrees of freedom: say so, rather than blame the range of motion."""
    best = min(result.history, key=lambda h: h.residual_norm).q if result.history else model.reference_q
    dof = model.degrees_of_freedom(best)
    if len(model.inputs) > dof:
        raise AssemblyError(
            f"'{model.mechanism.name}' has {dof} degree(s) of freedom but {len(model.inputs)} inputs "
            f"{model.input_names}: it cannot follow them all. Drive one input per degree of freedom "
            "(remove the extra drivers from the description).",
            [],
            result,
        )


def _refuse_too_few_inputs(model: Model, q: np.ndarray) -> None:
    """Fewer equations than the coordinates need: an input is missing."""
    dof = model.degrees_of_freedom(q)
    flying = free_bodies(model.mechanism)
    if flying:
        raise InputError(
            f"Bodies {flying} of '{model.mechanism.name}' fly free of the ground (add_body(..., free=True)): "
            "no input sets where they are, so kinematic analysis cannot place them. Simulate them "
            "(mbtools.MultibodySystem, mbtools.simulate) with their initial state (q0=, twist=)."
        )
    raise InputError(
        f"'{model.mechanism.name}' has {dof} degree(s) of freedom but {len(model.inputs)} "
        f"input{'' if len(model.inputs) == 1 else 's'} {model.input_names}: its position is not determined. "
        "Add a driver for each degree of "
        "freedom (Mechanism.add_angle_driver or add_slide_driver)."
    )


def newton_step(model: Model, inputs: dict, q) -> np.ndarray:
    """One Newton–Raphson iterate from q (book, equation eq-newton):
    q + Δq with Φ_q(q) Δq = −Φ(q) — least squares where Φ_q is not square (the redundant
    equations of natural coordinates), which is the same Δq where the equations agree.
    What :func:`~mbtools.solve_position` repeats until ‖Φ‖ is small; here one step at a time, for
    teaching (the book's Newton–Raphson demo, the exercises' checkers).

    >>> from mbtools import examples, formulate
    >>> model = formulate(examples.four_bar(), "basic")
    >>> q1 = newton_step(model, {"crank": 1.0}, model.reference_q)
    >>> bool(abs(model.phi(q1, {"crank": 1.0})).max() < abs(model.phi(model.reference_q, {"crank": 1.0})).max())
    True
    """
    require_model(model, "newton_step")
    q = model.configuration(q, "q").astype(float)
    s = model.input_vector(inputs)
    phi, J = model.phi(q, s), model.jacobian(q, s)
    return q + np.linalg.lstsq(J, -phi, rcond=None)[0]

