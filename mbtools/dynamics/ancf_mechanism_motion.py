"""Statics and motion of a flexible mechanism
(:class:`~mbtools.dynamics.ancf_mechanism.FlexibleMechanism`: rigid bodies in natural
coordinates and ANCF beams on one coordinate vector q, one constant mass matrix M).

**Statics.** The equilibrium under the constant force F (gravity and dead loads, (F.4)),
applied in load steps s = 1/N, 2/N, … 1, each solved by Newton from the last on

    R(q, λ) = Q(q) + s F − Φ_qᵀ λ = 0,    Φ(q, t) = 0,                            (S.1)

with the tangent [K + Σλ_k H_k, Φ_qᵀ; Φ_q, 0] (K the beams' stiffness (A.10), H_k the
constraints' constant Hessians): the saddle-point solve of :mod:`mbtools.dynamics.kernels`.

**Dynamics.** The equations of motion with multipliers,

    M q̈ + Φ_qᵀ λ = Q(q) + F,    Φ_q q̈ = γ − 2α Φ̇ − β² Φ                         (S.2)

(γ of (F.10), Baumgarte's gains α, β), solved for (q̈, λ) at every evaluation by the
saddle-point kernel, make an index-1 ODE for y = (q, q̇). It is integrated by one of
scipy's ``OdeSolver`` classes stepped one step at a time — Radau IIA by default, with the
analytical Jacobian of (S.2) (the beams' axial modes are stiff: their frequency grows as
√(E/ρ)/ℓ, far above the motion's) — and **after every accepted step** the state is
brought back onto the constraints, the projection method of Hairer, Lubich & Wanner
(*Geometric Numerical Integration*, sec. IV.4), the scheme of
:mod:`mbtools.dynamics.integrate`:

    q ← q − M⁻¹Φ_qᵀ(Φ_q M⁻¹Φ_qᵀ)⁻¹Φ   (Newton to the kernels' tolerance),
    q̇ ← q̇ − M⁻¹Φ_qᵀ(Φ_q M⁻¹Φ_qᵀ)⁻¹(Φ_q q̇ + Φ_t)                                   (S.3)

(:func:`~mbtools.dynamics.kernels.newton_projection`,
:func:`~mbtools.dynamics.kernels.mass_orthogonal_correction`; M is constant, its inverse is
formed once). The projection removes the drift of order of the local error before it can
accumulate, so the Baumgarte terms only act within a step. Outputs are taken from the
step's dense output and projected the same way, so that every output lies on Φ = 0,
Φ̇ = 0 to round-off.

Example
-------
>>> import numpy as np
>>> from mbtools.dynamics.ancf_beam import straight_beam
>>> from mbtools.dynamics.ancf_mechanism import FlexibleMechanism
>>> m = FlexibleMechanism("flexible pendulum")
>>> m.add_ground({"O": (0.0, 0.0)})
>>> m.add_beam("rod", straight_beam(1.0, 2, youngs_modulus=1e6, area=1e-3, second_moment=1e-8, density=1e3),
...            nodes={0: "O"})
>>> motion = simulate_mechanism(m, 0.2, rtol=1e-6, t_eval=np.linspace(0.0, 0.2, 5))
>>> parts = motion.energy_parts()                  # it falls: ½q̇ᵀMq̇ grows, T + U − Fᵀz stays
>>> bool(parts["kinetic"][-1] > 1.0 and np.abs(parts["total"] - parts["total"][0]).max() < 1e-8)
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

import numpy as np
import scipy.linalg
from scipy.integrate import BDF

from ..errors import EquilibriumError, InputError, MbtoolsError, MechanismError
from ..model.arguments import is_real_number
from .ancf_mechanism import FlexibleMechanism
from .integrate import INTEGRATORS, IMPLICIT
from .kernels import mass_orthogonal_correction, newton_projection, saddle_point_matrix, saddle_point_solve


def crank_terms(motion, t: float):
    """(g, g_u, θ̇, θ̈) of a crank row (F.8), (F.9) on x = (r_i, r_j): Φ = gᵀx with
    g = (−w, w), w = (sin θ, −cos θ), and u·d = g_uᵀx with g_u = (−u, u), u = (cos θ, sin θ)."""
    theta, rate, acceleration = motion(t)
    s, c = np.sin(theta), np.cos(theta)
    return np.array([-s, c, s, -c]), np.array([-c, -s, c, s]), rate, acceleration


class EvaluatedConstraints(NamedTuple):
    """Φ, Φ_q, Φ_t and, given q̇, γ of (F.10); with ``derivatives``, ∂Φ_t/∂q and ∂Φ_tt/∂q
    (m × n each) for the Jacobian of the motion."""

    phi: np.ndarray
    jacobian: np.ndarray
    rate: np.ndarray
    gamma: np.ndarray | None
    rate_q: np.ndarray | None
    second_rate_q: np.ndarray | None


def _scatter(mechanism: FlexibleMechanism, local: np.ndarray) -> np.ndarray:
    """Rows of local derivatives (m × 6) → m × n, the ground constants' entries dropped."""
    c, m = mechanism.compiled(), len(mechanism.rows)
    out = np.zeros((m, mechanism.n_coordinates + len(c["constants"])))
    out[np.arange(m)[:, None], c["index"]] = local
    return out[:, :mechanism.n_coordinates]


def evaluate_constraints(mechanism: FlexibleMechanism, q: np.ndarray, t: float = 0.0, qd=None,
                         derivatives: bool = False) -> EvaluatedConstraints:
    """Φ (F.5)–(F.8), Φ_q, Φ_t (F.9) and, given q̇, γ (F.10) at (q, t), all rows at once;
    with ``derivatives``, ∂Φ_t/∂q and ∂Φ_tt/∂q."""
    c = mechanism.compiled()
    m, index, H, G = len(mechanism.rows), c["index"], c["hessians"], c["linear"]
    x = mechanism.extended(q)[index]
    rate, second = np.zeros(m), np.zeros(m)
    if c["cranks"]:                     # the crank rows' g(t), g_u(t) (F.8) and (θ̇, θ̈)
        G, g_u, rates = G.copy(), np.zeros((m, 6)), np.zeros((m, 2))
        for k in c["cranks"]:
            G[k, :4], g_u[k, :4], rates[k, 0], rates[k, 1] = crank_terms(mechanism.rows[k].motion, t)
    Hx = np.matmul(H, x[:, :, None])[:, :, 0]
    phi = ((0.5 * Hx + G) * x).sum(axis=1) + c["constant"]
    if c["cranks"]:
        along = (g_u * x).sum(axis=1)                                           # u·d
        rate, second = rates[:, 0] * along, rates[:, 1] * along - rates[:, 0] ** 2 * phi    # Φ_t, Φ_tt (F.9)
    gamma = rate_q = second_q = None
    if qd is not None:
        v = np.concatenate([np.asarray(qd, dtype=float), np.zeros(len(c["constants"]))])[index]
        gamma = -(np.matmul(H, v[:, :, None])[:, :, 0] * v).sum(axis=1) - second
        if c["cranks"]:
            gamma -= 2.0 * rates[:, 0] * (g_u * v).sum(axis=1)
    if derivatives:
        rate_q, second_q = np.zeros((m, mechanism.n_coordinates)), np.zeros((m, mechanism.n_coordinates))
        if c["cranks"]:
            rate_q = _scatter(mechanism, rates[:, :1] * g_u)
            second_q = _scatter(mechanism, rates[:, 1:] * g_u - rates[:, :1] ** 2 * G)
    return EvaluatedConstraints(phi, _scatter(mechanism, Hx + G), rate, gamma, rate_q, second_q)


def constraint_hessian_sum(mechanism: FlexibleMechanism, multipliers: np.ndarray) -> np.ndarray:
    """Σ_k λ_k H_k = ∂(Φ_qᵀλ)/∂q, n × n (constant Hessians)."""
    c, n = mechanism.compiled(), mechanism.n_coordinates
    size, index = n + len(c["constants"]), c["index"]
    out = np.zeros((size, size))
    np.add.at(out, (index[:, :, None], index[:, None, :]), np.asarray(multipliers)[:, None, None] * c["hessians"])
    return out[:n, :n]


def constraint_curvature(mechanism: FlexibleMechanism, v: np.ndarray) -> np.ndarray:
    """∂(Φ_q v)/∂q at a fixed v: row k is (H_k v)ᵀ, m × n."""
    c = mechanism.compiled()
    w = np.concatenate([np.asarray(v, dtype=float), np.zeros(len(c["constants"]))])[c["index"]]
    return _scatter(mechanism, np.einsum("kij,kj->ki", c["hessians"], w))


class MechanismEquilibrium(NamedTuple):
    """A static solution of (S.1): coordinates, multipliers and Newton iterations taken."""

    q: np.ndarray
    multipliers: np.ndarray
    iterations: int


def _check_mechanism(where: str, mechanism) -> FlexibleMechanism:
    if not isinstance(mechanism, FlexibleMechanism):
        raise InputError(f"{where} takes a FlexibleMechanism, got {type(mechanism).__name__}.")
    if mechanism.n_coordinates == 0:
        raise MechanismError(f"{where}: '{mechanism.name}' has no moving point: there is nothing to solve for.")
    return mechanism


def _state(mechanism: FlexibleMechanism, what: str, value, default: np.ndarray) -> np.ndarray:
    if value is None:
        return default.copy()
    x = np.asarray(value, dtype=float)
    if x.shape != (mechanism.n_coordinates,) or not np.isfinite(x).all():
        raise InputError(f"'{mechanism.name}': {what} must be {mechanism.n_coordinates} finite numbers, "
                         f"got shape {x.shape}.")
    return x.copy()


def static_equilibrium(mechanism: FlexibleMechanism, t: float = 0.0, q0=None, load_steps: int = 10,
                       tolerance: float = 1e-10, max_iterations: int = 30) -> MechanismEquilibrium:
    """The equilibrium (S.1) under gravity and the dead loads, applied in ``load_steps``
    equal steps, each by Newton from the last to ‖Δq‖ ≤ ``tolerance`` (1 + ‖q‖) with the
    constraints met to their tolerance; drivers held at their angle at ``t``.

    Raises
    ------
    EquilibriumError
        Newton did not converge in a load step (take more steps), or the tangent is
        singular (a motion that neither a constraint nor a beam's stiffness holds).
    """
    mechanism = _check_mechanism("static_equilibrium", mechanism)
    if isinstance(load_steps, bool) or not isinstance(load_steps, (int, np.integer)) or load_steps < 1:
        raise InputError(f"static_equilibrium: load_steps must be a whole number ≥ 1, got {load_steps!r}.")
    q = _state(mechanism, "q0", q0, mechanism.reference_q)
    lam = np.zeros(len(mechanism.rows))
    F, scales, iterations = mechanism.applied_force, mechanism.residual_scales, 0
    for step in range(1, load_steps + 1):
        for _ in range(max_iterations):
            c = evaluate_constraints(mechanism, q, t)
            tangent = mechanism.stiffness(q) + constraint_hessian_sum(mechanism, lam)
            top = mechanism.elastic_force(q) + step / load_steps * F - c.jacobian.T @ lam
            solved = saddle_point_solve(tangent, c.jacobian, top, -c.phi)
            if solved is None or not np.isfinite(solved[0]).all():
                raise EquilibriumError(f"static_equilibrium of '{mechanism.name}': the tangent is singular at load "
                                       f"step {step}: some motion is held by neither a constraint nor a beam.")
            q, lam, iterations = q + solved[0], lam + solved[1], iterations + 1
            if np.linalg.norm(solved[0]) <= tolerance * (1.0 + np.linalg.norm(q)) and (
                    not len(scales) or np.abs(evaluate_constraints(mechanism, q, t).phi / scales).max() < 1e-12):
                break
        else:
            raise EquilibriumError(f"static_equilibrium of '{mechanism.name}': Newton did not converge at load step "
                                   f"{step} of {load_steps} (last correction {np.linalg.norm(solved[0]):.2e}); "
                                   "take more load_steps.")
    return MechanismEquilibrium(q, lam, iterations)


@dataclass
class MechanismMotion:
    """The motion of a flexible mechanism from :func:`simulate_mechanism`: output times
    and, one row per time, q, q̇, q̈ and λ of (S.2), all on the constraints (S.3)."""

    mechanism: FlexibleMechanism
    t: np.ndarray
    q: np.ndarray
    qd: np.ndarray
    qdd: np.ndarray
    multipliers: np.ndarray
    statistics: dict = field(default_factory=dict)

    def point(self, name: str) -> np.ndarray:
        """The path of a named point, (N, 2)."""
        return self.mechanism.point(self.q, name)

    def beam_coordinates(self, name: str) -> np.ndarray:
        """A beam's e (A.1) at every time, (N, 4 n_nodes)."""
        return self.mechanism.beam_coordinates(self.q, name)

    def energy_parts(self) -> dict:
        """``"kinetic"`` ½q̇ᵀMq̇, ``"strain"`` U (A.5), ``"gravity"`` −Fᵀz (gravity and dead
        loads, (F.4)) and their ``"total"``, one value per time: the total is constant in
        exact arithmetic when no driver does work."""
        m = self.mechanism
        kinetic = 0.5 * np.einsum("ti,ij,tj->t", self.qd, m.mass_matrix, self.qd)
        strain = np.array([m.strain_energy(q) for q in self.q])
        potential = np.array([m.potential_energy(q) for q in self.q])
        return {"kinetic": kinetic, "strain": strain, "gravity": potential, "total": kinetic + strain + potential}

    def energy(self) -> np.ndarray:
        """The ``"total"`` of :meth:`energy_parts`."""
        return self.energy_parts()["total"]

    def residuals(self) -> dict:
        """The largest abs(Φ_k)/scale_k (``"position"``) and abs(Φ̇_k)/scale_k per second
        (``"velocity"``) at every output time."""
        m, scales = self.mechanism, self.mechanism.residual_scales
        position, velocity = np.zeros(len(self.t)), np.zeros(len(self.t))
        for k, (t, q, qd) in enumerate(zip(self.t, self.q, self.qd)):
            c = evaluate_constraints(m, q, t)
            if len(scales):
                position[k] = np.abs(c.phi / scales).max()
                velocity[k] = np.abs((c.jacobian @ qd + c.rate) / scales).max()
        return {"position": position, "velocity": velocity}


class MechanismEquations:
    """(S.2) as y' = f(t, y), its Jacobian, and the projection (S.3)."""

    def __init__(self, mechanism: FlexibleMechanism, baumgarte=(5.0, 5.0)):
        self.mechanism, self.n = mechanism, mechanism.n_coordinates
        self.alpha, self.beta = baumgarte
        self.mass, self.force = mechanism.mass_matrix, mechanism.applied_force
        try:
            factor = scipy.linalg.cho_factor(self.mass)
        except np.linalg.LinAlgError:
            names = [mechanism.coordinate_names[k] for k in np.flatnonzero(np.diag(self.mass) <= 0.0)]
            raise MechanismError(f"'{mechanism.name}': the mass matrix is not positive definite"
                                 + (f"; no mass moves {', '.join(names)}" if names else "")
                                 + ": give those points a body, a beam or a point mass.") from None
        self.inverse_mass = scipy.linalg.cho_solve(factor, np.eye(self.n))
        self.scales, self.owners = mechanism.residual_scales, [row.owner for row in mechanism.rows]
        self.evaluations = 0

    def accelerations(self, t: float, q: np.ndarray, qd: np.ndarray, derivatives: bool = False):
        """(q̈, λ, the evaluated constraints) of (S.2)."""
        c = evaluate_constraints(self.mechanism, q, t, qd, derivatives)
        top = self.mechanism.elastic_force(q) + self.force
        bottom = c.gamma - 2.0 * self.alpha * (c.jacobian @ qd + c.rate) - self.beta**2 * c.phi
        solved = saddle_point_solve(self.mass, c.jacobian, top, bottom)
        if solved is None:
            raise MechanismError(f"'{self.mechanism.name}' at t = {t:.6g}: the constraint rows are dependent "
                                 f"(owners {self.owners}); remove the redundant constraint.")
        return solved[0], solved[1], c

    def derivative(self, t: float, y: np.ndarray) -> np.ndarray:
        self.evaluations += 1
        n = self.n
        return np.concatenate([y[n:], self.accelerations(t, y[:n], y[n:])[0]])

    def jacobian(self, t: float, y: np.ndarray) -> np.ndarray:
        """∂f/∂y of (S.2): ∂(q̈, λ)/∂q = A⁻¹(∂b/∂q − (∂A/∂q)(q̈, λ)), A the saddle-point matrix."""
        n, m, q, v = self.n, self.mechanism, y[:self.n], y[self.n:]
        a, lam, c = self.accelerations(t, q, v, True)
        curvature_v = constraint_curvature(m, v)
        top = -(m.stiffness(q) + constraint_hessian_sum(m, lam))
        bottom_q = (-c.second_rate_q - 2.0 * self.alpha * (curvature_v + c.rate_q) - self.beta**2 * c.jacobian
                    - constraint_curvature(m, a))
        bottom_v = -2.0 * (curvature_v + c.rate_q) - 2.0 * self.alpha * c.jacobian
        factor = scipy.linalg.lu_factor(saddle_point_matrix(self.mass, c.jacobian))
        rows = len(c.phi)
        right = np.zeros((n + rows, 2 * n))
        right[:n, :n], right[n:, :n], right[n:, n:] = top, bottom_q, bottom_v
        out = np.zeros((2 * n, 2 * n))
        out[:n, n:] = np.eye(n)
        out[n:] = scipy.linalg.lu_solve(factor, right)[:n]
        return out

    def project(self, t: float, y: np.ndarray) -> np.ndarray:
        """(S.3): q onto Φ = 0 by Newton, then q̇ onto Φ_q q̇ + Φ_t = 0, mass-orthogonally."""
        n, m = self.n, self.mechanism
        if not m.rows:
            return y
        q, c = newton_projection(y[:n].copy(), lambda x: (lambda e: (e.phi, e))(evaluate_constraints(m, x, t)),
                                 lambda x, phi, e: mass_orthogonal_correction(self.inverse_mass, e.jacobian, phi),
                                 self.scales, f"'{m.name}' at t = {t:.6g}", self.owners)
        qd = y[n:] - mass_orthogonal_correction(self.inverse_mass, c.jacobian, c.jacobian @ y[n:] + c.rate)
        return np.concatenate([q, qd])


def simulate_mechanism(mechanism: FlexibleMechanism, t_end: float, q0=None, qd0=None, t_eval=None,
                       rtol: float = 1e-6, atol=None, method: str = "Radau",
                       baumgarte=(5.0, 5.0)) -> MechanismMotion:
    """Integrate (S.2) from t = 0 to ``t_end`` (s), projecting after every step (S.3).

    Parameters
    ----------
    mechanism : mbtools.dynamics.ancf_mechanism.FlexibleMechanism
    t_end : float
    q0, qd0 : array_like, optional
        The initial state (the drawing at rest by default), projected onto the
        constraints at t = 0 first.
    t_eval : array_like, optional
        Output times in [0, t_end]; 101 evenly spaced by default.
    rtol : float
        The integrator's relative tolerance.
    atol : float or array_like, optional
        Its absolute tolerance; by default rtol times the mechanism's size
        (:attr:`~mbtools.dynamics.ancf_mechanism.FlexibleMechanism.length_scale`) on the
        points' coordinates and their rates (per second), rtol on the slopes and theirs.
    method : str
        "Radau" (default) or "BDF", with the Jacobian of (S.2); "DOP853" or "RK45",
        explicit, where the beams are not stiff.
    baumgarte : tuple of float
        α, β of (S.2), 1/s.
    """
    mechanism = _check_mechanism("simulate_mechanism", mechanism)
    if not (is_real_number(t_end) and np.isfinite(float(t_end)) and float(t_end) > 0):
        raise InputError(f"simulate_mechanism: t_end must be a positive number of seconds, got {t_end!r}.")
    if method not in INTEGRATORS:
        raise InputError(f"simulate_mechanism: method must be one of {sorted(INTEGRATORS)}, got {method!r}.")
    if not (is_real_number(rtol) and 1e-13 <= float(rtol) <= 1e-2):
        raise InputError(f"simulate_mechanism: rtol must be a number from 1e-13 to 1e-2, got {rtol!r}.")
    if not (len(np.shape(baumgarte)) == 1 and len(baumgarte) == 2 and all(is_real_number(g) and float(g) >= 0
                                                                       for g in baumgarte)):
        raise InputError(f"simulate_mechanism: baumgarte takes two gains (α, β) ≥ 0 in 1/s, got {baumgarte!r}.")
    t_end = float(t_end)
    times = np.linspace(0.0, t_end, 101) if t_eval is None else np.asarray(t_eval, dtype=float)
    if times.ndim != 1 or not len(times) or times[0] < 0 or times[-1] > t_end or np.any(np.diff(times) <= 0):
        raise InputError("simulate_mechanism: t_eval must be increasing times within [0, t_end].")
    equations = MechanismEquations(mechanism, baumgarte)
    n = equations.n
    q = _state(mechanism, "q0", q0, mechanism.reference_q)
    y = equations.project(0.0, np.concatenate([q, _state(mechanism, "qd0", qd0, np.zeros(n))]))
    if atol is None:
        size = np.full(n, mechanism.length_scale)
        for part in mechanism.beams.values():
            for s in part.slopes:
                size[s:s + 2] = 1.0
        atol = rtol * np.concatenate([size, size])
    options = {"jac": equations.jacobian} if method in IMPLICIT else {}
    solver = INTEGRATORS[method](equations.derivative, 0.0, y, t_end, rtol=rtol, atol=atol, **options)
    out, k, steps = [], 0, 0
    while k < len(times) and times[k] <= 0.0:
        out.append(y)
        k += 1
    while solver.status == "running" and k < len(times):
        solver.step()
        if solver.status == "failed":
            raise MbtoolsError(f"simulate_mechanism of '{mechanism.name}' stopped at t = {solver.t:.6g} s: "
                               "the step size became too small; loosen rtol or check the model.")
        steps += 1
        interpolant = solver.dense_output()
        solver.y = equations.project(solver.t, solver.y)
        solver.f = equations.derivative(solver.t, solver.y)
        if isinstance(solver, BDF):  # its differences array holds the state in its first row
            solver.D[0] = solver.y
        while k < len(times) and times[k] <= solver.t:
            out.append(solver.y.copy() if times[k] == solver.t else equations.project(times[k], interpolant(times[k])))
            k += 1
    states = np.array(out)
    second = [equations.accelerations(t, s[:n], s[n:])[:2] for t, s in zip(times, states)]
    statistics = {"steps": steps, "evaluations": equations.evaluations, "jacobians": solver.njev,
                  "factorisations": solver.nlu}
    return MechanismMotion(mechanism, times, states[:, :n], states[:, n:], np.array([s[0] for s in second]),
                           np.array([s[1] for s in second]), statistics)
