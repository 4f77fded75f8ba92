"""The index-3 augmented Lagrangian with mass-orthogonal projections (ALI3-P), on the
trapezoidal rule (Bayo & Ledesma 1996; Cuadrado, Cardenal & Bayo 1997).

The equations of motion keep the constraints at position level, with a penalty α and
multipliers λ* refined within each step,

    M q̈ + Φ_qᵀ (α Φ + λ*) = Q − h,        λ*  ←  λ* + α Φ,

and the trapezoidal rule writes q̇ and q̈ at the end of a step through q alone:
q̇ = (2/Δt) q − q̂̇, q̈ = (4/Δt²) q − q̂̈. Newton–Raphson on (Δt²/4)(M q̈ + Φ_qᵀ(αΦ + λ*) −
Q + h) = 0 with the tangent M + (Δt²/4) α Φ_qᵀΦ_q finds q; the velocities and
accelerations are then projected, mass-orthogonally, onto Φ_q q̇ + Φ_t = 0 and Φ_q q̈ = γ:

    (M + (Δt²/4) α Φ_qᵀΦ_q) q̇ = M q̇* − (Δt²/4) α Φ_qᵀ Φ_t,
    (M + (Δt²/4) α Φ_qᵀΦ_q) q̈ = M q̈* + (Δt²/4) α Φ_qᵀ γ,

both solved for the corrections q̇ − q̇* and q̈ − q̈* (solved for q̇ and q̈ themselves, the
round-off of the penalty-weighted solve, nearly the same from step to step, adds up to an
error ∝ 1/Δt that outweighs the trapezoidal rule's on Andrews' squeezer below Δt ≈ 1.5e-6,
and on A02 with N = 1 below Δt ≈ 5e-4).

Redundant constraint rows need no special care: nothing inverts Φ_q Φ_qᵀ.

Large natural and basic models (``mbtools.dynamics.sparse.uses_sparse``, the one rule) keep Φ_q, M and the
tangent sparse, factorised by SuperLU (``scipy.sparse.linalg.splu``) with one step of
iterative refinement; the tangent of a chain is banded, and its dense factorisation would
cost n³ at each iteration.
"""

from __future__ import annotations

import numpy as np
from scipy.linalg import lu_factor, lu_solve

from ..errors import MbtoolsError, SingularJacobianError
from .kernels import least_squares_multipliers, saddle_point_solve
from .one_step import OneStepPath
from .sparse import SparseEquations, uses_sparse

#: The default penalty makes (Δt²/4) α Φ_qᵀΦ_q this many times the mass matrix; the
#: constraints hold to about 1/PENALTY_RATIO of the multipliers' correction per
#: iteration, and the tangent stays far from singular in double precision.
PENALTY_RATIO = 1e6
#: Newton stops when the correction is below this fraction of the mechanism's size …
NEWTON_TOLERANCE = 1e-12
#: … or, below this one, when it no longer halves, since the tangent's condition number is about
#: PENALTY_RATIO, so round-off alone can leave corrections of ~1e6 · 1e-16 = 1e-10 of the
#: size (A02 with N = 10 stalls there at a singular position). A fixed 1e-8 leaves its
#: error in q at every step, to add up (Andrews' squeezer at 0.03 s with Δt = 5e-6:
#: 8.3e-5 rad instead of 7.5e-5).
NEWTON_FLOOR = 1e-8
#: The penalty ratio of the crossings of singular positions in ``mbtools.dynamics.integrate``,
#: a Newton matrix a hundred times better conditioned, whose iteration reaches 1e-10 of the
#: size (:data:`CROSSING_NEWTON_FLOOR`) where 1e6 stops at 1e-8; the multipliers' updates
#: make up for the weaker penalty in a few more iterations. A02 with N = 10 at rtol 1e-11:
#: 3e-7 m from the reduction after 20 s, where the default ratio and floor leave 1.4e-4 m.
CROSSING_PENALTY_RATIO = 1e2
#: The Newton floor of the crossings.
CROSSING_NEWTON_FLOOR = 1e-10


class ALI3P:
    """ALI3-P on one system, one step at a time: :meth:`step` takes the state (q, q̇, q̈, λ*)
    over a step Δt, the dynamic counterpart of ``mbtools.kinematics.newton_step``; a
    formulation of ``simulate`` (module ``mbtools.dynamics.formulation``).

    Parameters
    ----------
    system : ~mbtools.MultibodySystem
    penalty : float, optional
        The penalty α (in the units of M over Φ_q², times 1/s²); by default chosen for each
        step from :data:`PENALTY_RATIO`, so that (Δt²/4) α Φ_qᵀΦ_q outweighs M a
        millionfold along the constraints.
    penalty_ratio : float
        How many times M the default penalty term (Δt²/4) α Φ_qᵀΦ_q weighs
        (:data:`PENALTY_RATIO`; the crossings of singular positions take
        :data:`CROSSING_PENALTY_RATIO`).
    tolerance : float
        Newton stops when its correction is below this fraction of the mechanism's size …
    newton_floor : float
        … or below this one when it no longer halves (:data:`NEWTON_FLOOR`).
    max_iterations : int
        Newton iterations before the step is refused.

    Example
    -------
    >>> from mbtools import Mechanism, MassProperties, formulate
    >>> from mbtools.dynamics import MultibodySystem
    >>> m = Mechanism("pendulum")
    >>> m.add_ground({"O": (0.0, 0.0)})
    >>> m.add_body("bob", {"O": (0.0, 0.0), "P": (1.0, 0.0)}, mass=MassProperties(2.0, (1.0, 0.0), 0.0))
    >>> m.add_revolute("ground", "bob", at="O")
    >>> system = MultibodySystem(formulate(m, "natural"))
    >>> method = ALI3P(system)
    >>> q, qd = system.model.reference_q, np.zeros(2)
    >>> q, qd, qdd, lam = method.step(method.start(q, qd, 0.0), 1e-3, 1e-3)
    >>> round(float(qd[1]), 6)   # released horizontally: P falls at g Δt at first
    -0.00981
    """

    def __init__(self, system, penalty: float | None = None, tolerance: float = NEWTON_TOLERANCE,
                 max_iterations: int = 30, penalty_ratio: float = PENALTY_RATIO, newton_floor: float = NEWTON_FLOOR):
        self.system = system
        self.algebra = _algebra(system)
        self.tolerance, self.max_iterations = tolerance, max_iterations
        self.penalty_ratio, self.newton_floor = penalty_ratio, newton_floor
        self.fixed_penalty = None if penalty is None else float(penalty)
        self.sizes: tuple[float, float] | None = None  # max |M|, max |Φ_qᵀΦ_q| at the first state stepped

    def penalty(self, h: float, q: np.ndarray | None = None) -> float:
        """α for a step Δt = h: the given penalty, or the default that makes
        (Δt²/4) α Φ_qᵀΦ_q :data:`PENALTY_RATIO` times M, measured at the first q stepped
        (or ``q``); 0 without constraints."""
        if self.sizes is None:
            q = self.system.model.reference_q if q is None else q
            _, J, _ = self.system.constraints(q, np.zeros_like(q))
            self.sizes = (float(np.abs(self.system.mass_matrix(q)).max()),
                          float(np.abs(J.T @ J).max()) if J.size else 0.0)
        mass_size, constraint_size = self.sizes
        if not constraint_size:
            return 0.0
        if self.fixed_penalty is not None:
            return self.fixed_penalty
        return self.penalty_ratio * 4.0 * mass_size / (h * h * max(constraint_size, 1e-300))

    def initial_acceleration(self, q: np.ndarray, qd: np.ndarray, t: float) -> np.ndarray:
        """q̈ of a consistent state from the equations of motion with the multipliers
        (exact; the penalty form (M + α Φ_qᵀΦ_q) q̈ = Q − h + α Φ_qᵀ γ would weigh
        α Φ_qᵀΦ_q some 4·1e6/Δt² times M and lose every digit of q̈ at small steps): the
        saddle-point system on the rows the evaluated state keeps."""
        state = self.system.evaluate(q, qd, t)
        J, c = state.jacobian, state.rhs
        kept = state.kept().rows if len(c) else None
        if kept is not None:
            J, c = J[kept], c[kept]
        solution = saddle_point_solve(state.mass, J, state.forces, c)
        if solution is None:
            raise SingularJacobianError(f"The equations of motion of '{self.system.model.mechanism.name}' are "
                                        f"singular at t = {t:.6g}: the mass matrix is not positive on the motions "
                                        "the constraints allow, or the constraints lost rank at a singular position.")
        return solution[0]

    name, label, kind, options = "ali3p", "ALI3-P", "one_step", ("penalty",)
    factorisations = 0

    @classmethod
    def build(cls, system, step: float | None = None, rtol: float | None = None,
              penalty: float | None = None) -> "ALI3P":
        """ALI3-P as ``simulate`` steps it (module ``mbtools.dynamics.one_step``): at a fixed
        ``step``, with the default penalty of that step for every step; with ``rtol``
        instead, on the better-conditioned Newton matrix of :data:`CROSSING_PENALTY_RATIO`,
        whose iteration reaches :data:`CROSSING_NEWTON_FLOOR` of the size (so that the
        error estimate measures truncation, not Newton's remainder)."""
        if rtol is not None:
            return cls(system, penalty, penalty_ratio=CROSSING_PENALTY_RATIO, newton_floor=CROSSING_NEWTON_FLOOR)
        chosen = cls(system, penalty)
        q = system.model.reference_q
        if penalty is None and step is not None and chosen.penalty(step, q):  # the largest step's, for every step
            chosen.fixed_penalty = chosen.penalty(step, q)
        return chosen

    def path(self, q: np.ndarray, t: float = 0.0, step: float | None = None, stabilise: str = "projection"):
        """Its path of the one driver: its own solver at ``step`` or with error control."""
        return OneStepPath(self.system, self, step)

    @property
    def floor(self) -> float:
        """What Newton leaves, as a fraction of the mechanism's size (its floor)."""
        return self.newton_floor

    def start(self, q: np.ndarray, qd: np.ndarray, t: float):
        """The state (q, q̇, q̈, λ*) of a consistent (q, q̇) at t: q̈ exact, λ* zero."""
        return q.copy(), qd.copy(), self.initial_acceleration(q, qd, t), np.zeros(len(self.system.rows))

    def advance(self, state, h: float, t: float):
        """:meth:`step`, under the name of the one-step protocol (``mbtools.dynamics.one_step``)."""
        return self.step(state, h, t)

    def output(self, state, t: float):
        """(q̈, λ) recorded at an output time: the projected q̈ and λ by least squares
        (:func:`multipliers`)."""
        q, qd, qdd, _ = state
        return qdd.copy(), multipliers(self.system, q, qd, qdd, t)

    def step(self, state, h: float, t: float):
        """(q, q̇, q̈, λ*) at ``t`` after a step of ``h`` seconds from ``state`` = (q, q̇, q̈, λ*)
        (consistent: from :meth:`start` or the step before)."""
        q, qd, qdd, lam = state
        return _step(self.algebra, q, qd, qdd, lam, h, t, self.penalty(h, q), (self.tolerance, self.newton_floor),
                     self.max_iterations)


def multipliers(system, q, qd, qdd, t) -> np.ndarray:
    """λ reported at an output time: the least-squares solution of Φ_qᵀ λ = Q − h − M q̈
    with the projected q̈ (the λ* of the iteration carry the trapezoidal rule's
    alternating error in q̈)."""
    state = system.evaluate(q, qd, t)
    return least_squares_multipliers(state.jacobian, state.mass @ qdd - state.forces)


def _step(algebra, q0, qd0, qdd0, lam, h, t, alpha, tolerances, max_iterations):
    """One step: Newton on q with the current tangent (the penalty term (Δt²/4) α Φ_qᵀΦ_q
    outweighs M a millionfold, so a tangent from another q does not converge), then the
    two projections with P at the end. (Dense: np.linalg.solve for each; a shared Cholesky
    factor was measured slower at these sizes, scipy's per-call checks outweighing it.)
    ``algebra``: :class:`_Dense` or :class:`_Sparse`, the matrices' products and solves."""
    system = algebra.system
    tolerance, floor = tolerances
    qd_hat = (2.0 / h) * q0 + qd0
    qdd_hat = (4.0 / h**2) * q0 + (4.0 / h) * qd0 + qdd0
    q = q0 + h * qd0 + 0.5 * h * h * qdd0  # predictor
    scale = system.model.length_scale
    previous = np.inf
    forces_term = None
    for iteration in range(max_iterations):
        qd = (2.0 / h) * q - qd_hat
        qdd = (4.0 / h**2) * q - qdd_hat
        state = algebra.evaluate(q, qd, t)
        phi, J = state.phi(), state.jacobian
        if iteration:  # λ*_{i+1} = λ*_i + α Φ(q_{i+1})
            lam = lam + alpha * phi
        else:  # the forces' stiffness and damping, once a step at the predictor (modified Newton):
            # −(Δt²/4) K − (Δt/2) C in the tangent, without which a stiff spring-damper diverges
            forces_term = algebra.force_term(state, h)
        residual = (h * h / 4.0) * (state.mass @ qdd + algebra.transpose_times(J, alpha * phi + lam) - state.forces)
        dq = algebra.tangent_solver(state, (h * h / 4.0) * alpha, forces_term)(residual)
        if not np.isfinite(dq).all():  # a singular tangent, or an overflow
            raise MbtoolsError(f"ALI3-P's Newton matrix is singular or overflowed at t = {t:.6g}: take a smaller "
                               "step, or another formulation.")
        q = q - dq
        size = np.linalg.norm(dq)
        if size <= tolerance * scale or (size <= floor * scale and size > 0.5 * previous):
            break
        previous = size
    else:
        raise MbtoolsError(
            f"ALI3-P did not converge at t = {t:.6g} in {max_iterations} iterations: take a smaller step, "
            "or another formulation."
        )
    qd = (2.0 / h) * q - qd_hat
    qdd = (4.0 / h**2) * q - qdd_hat
    state = algebra.evaluate(q, qd, t)
    weight = (h * h / 4.0) * alpha
    solve = algebra.tangent_solver(state, weight)
    # the mass-orthogonal projections onto Φ_q q̇ + Φ_t = 0 and Φ_q q̈ = γ, solved for the
    # corrections (see _project)
    qd = _project(algebra, solve, weight, state.jacobian, qd, -state.rate())
    state = algebra.evaluate(q, qd, t)
    qdd = _project(algebra, solve, weight, state.jacobian, qdd, state.rhs)
    return q, qd, qdd, lam


class _Dense:
    """The products and solves of a step with dense matrices, on the system's evaluated
    states (``MultibodySystem.evaluate``)."""

    def __init__(self, system):
        self.system = system
        self.force_dependent = bool(system.loads) or not system.constant_mass

    def evaluate(self, q, qd, t):
        return self.system.evaluate(q, qd, t)

    @staticmethod
    def transpose_times(J, v):
        return J.T @ v

    @staticmethod
    def times(J, x):
        return J @ x

    @staticmethod
    def tangent_solver(state, weight, forces_term=None):
        """b ↦ P⁻¹ b, P = M + weight Φ_qᵀΦ_q (+ the forces' term of Newton's tangent) at ``state``."""
        J = state.jacobian
        P = state.mass + weight * J.T @ J
        if forces_term is not None:
            P = P + forces_term
        try:
            factors = lu_factor(P, check_finite=True)
        except (ValueError, np.linalg.LinAlgError):
            return lambda b: np.full_like(b, np.nan)
        return lambda b: lu_solve(factors, b)

    def force_term(self, state, h):
        """−(Δt²/4) K − (Δt/2) C (the state's force Jacobians), or None where the forces
        depend on neither q nor q̇ (constant M and no loads)."""
        if not self.force_dependent:
            return None
        K, C = state.force_jacobians()
        return -(h * h / 4.0) * K - (h / 2.0) * C


class _Sparse:
    """The same with sparse matrices, on the sparse states of
    :class:`~mbtools.dynamics.sparse.SparseEquations` (Φ_q its values on its fixed
    pattern), for large natural and basic models."""

    def __init__(self, system):
        self.system = system
        self.equations = SparseEquations(system)
        self.evaluate = self.equations.evaluate
        self.transpose_times = self.equations.transpose_times
        self.times = self.equations.times

    def tangent_solver(self, state, weight, forces_term=None):
        """(The forces' term is left out on the sparse path.)"""
        return self.equations.tangent_solver(state.jacobian, weight)

    @staticmethod
    def force_term(state, h):
        return None


def _algebra(system):
    """The sparse algebra where the one sparse rule says so (``sparse.uses_sparse``; measured
    for ALI3-P on A02, 1 s at Δt = 1 ms: dense 0.43 s and sparse 0.52 at 42 coordinates,
    0.74 and 0.63 at 82, 3.9 and 1.25 at 202), else the dense one."""
    if uses_sparse(system):
        return _Sparse(system)
    return _Dense(system)


def _project(algebra, solve, weight, J, x, c):
    """Project x mass-orthogonally onto Φ_q x = c, solving for the correction.

    The projections of ALI3-P (Bayo & Ledesma 1996; Cuadrado, Cardenal & Bayo 1997),
    P x = M x* + (Δt²/4) α Φ_qᵀ c with P = M + (Δt²/4) α Φ_qᵀΦ_q, are solved here less
    P x* on both sides:

        P (x − x*) = −(Δt²/4) α Φ_qᵀ (Φ_q x* − c).

    Solved for x itself, the round-off of the solve is about cond(P) ε ≈ PENALTY_RATIO ·
    1e-16 of |x| (P weighs Φ_qᵀΦ_q a PENALTY_RATIO times M), and it falls on the
    directions the constraints leave free, with nearly the same value step after step:
    on Andrews' squeezer (natural coordinates) up to 7e-11 of |q̇| a step, which summed
    to an error ∝ 1/Δt in the angles at 0.03 s (+3.3e-6 rad with Δt = 2.5e-6, +6.6e-6
    with 1.25e-6, outweighing the trapezoidal rule's own −3.7e-6 there). Solved for the
    correction, the round-off is that fraction of the correction, itself of the order of
    the trapezoidal rule's error in x*.

    Parameters
    ----------
    algebra : _Dense or _Sparse
        The products with Φ_q and Φ_qᵀ.
    solve : callable
        b ↦ P⁻¹ b, P = M + (Δt²/4) α Φ_qᵀΦ_q at the end of the step.
    weight : float
        (Δt²/4) α.
    J : ndarray
        Φ_q, the rows that hold (dense; or its values on the sparse pattern).
    x : ndarray
        q̇* or q̈* from the trapezoidal rule.
    c : ndarray
        −Φ_t for the velocities, γ for the accelerations.

    Returns
    -------
    ndarray
        The projected q̇ or q̈.
    """
    return x - solve(weight * algebra.transpose_times(J, algebra.times(J, x) - c))
