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

Large natural and basic models (from :data:`SPARSE_FROM` coordinates) keep Φ_q, M and the
tangent sparse, factorised by SuperLU (``scipy.sparse.linalg.splu``) with one step of
iterative refinement; the tangent of a chain is banded, and its dense factorisation would
cost n³ at each iteration.
"""

from __future__ import annotations

import numpy as np
from scipy import sparse
from scipy.sparse.linalg import splu

from ..errors import MbtoolsError
from .sparse import SparseEquations

#: The default penalty makes (Δt²/4) α Φ_qᵀΦ_q this many times the mass matrix: the
#: constraints hold to about 1/PENALTY_RATIO of the multipliers' correction per
#: iteration, and the tangent stays far from singular in double precision.
PENALTY_RATIO = 1e6
#: Newton stops when the correction is below this fraction of the mechanism's size …
NEWTON_TOLERANCE = 1e-12
#: … or, below this one, when it no longer halves: the tangent's condition number is about
#: PENALTY_RATIO, so round-off alone can leave corrections of ~1e6 · 1e-16 = 1e-10 of the
#: size (A02 with N = 10 stalls there at a singular position). A fixed 1e-8 leaves its
#: error in q at every step, to add up (Andrews' squeezer at 0.03 s with Δt = 5e-6:
#: 8.3e-5 rad instead of 7.5e-5).
NEWTON_FLOOR = 1e-8
#: From this many coordinates on, natural and basic models take the sparse path. Measured on
#: A02 (2N + 2 coordinates), 1 s at Δt = 1 ms: dense 0.43 s and sparse 0.52 at N = 20, 0.74
#: and 0.63 at N = 40, 3.9 and 1.25 at N = 100.
SPARSE_FROM = 60


def integrate(system, q: np.ndarray, qd: np.ndarray, times: np.ndarray, step: float, penalty: float | None = None,
              tolerance: float = NEWTON_TOLERANCE, max_iterations: int = 30, progress=None):
    """(q, q̇, q̈, λ) at each of ``times`` (from 0), stepping by at most ``step``; the
    penalty α by default from :data:`PENALTY_RATIO`; ``progress.update(t)`` after each
    output time, if given."""
    algebra = _algebra(system)
    M = system.mass_matrix(q)
    _, J, _ = system.constraints(q, qd)
    if not J.size:
        alpha = 0.0  # nothing to hold
    elif penalty is None:  # the penalty outweighs the inertia a millionfold along the constraints
        alpha = PENALTY_RATIO * 4.0 * float(np.abs(M).max()) / (step * step * max(float(np.abs(J.T @ J).max()), 1e-300))
    else:
        alpha = float(penalty)
    qdd = _initial_acceleration(system, q, qd)
    lam = np.zeros(len(system.rows))
    out = [(q.copy(), qd.copy(), qdd.copy(), multipliers(system, q, qd, qdd, 0.0))]
    t = 0.0
    for target in times[1:]:
        pieces = max(1, int(np.ceil((target - t) / step - 1e-9)))  # equal steps of at most `step`
        h = (target - t) / pieces
        for k in range(pieces):
            q, qd, qdd, lam = _step(algebra, q, qd, qdd, lam, h, t + (k + 1) * h, alpha, tolerance, max_iterations)
        t = target
        out.append((q.copy(), qd.copy(), qdd.copy(), multipliers(system, q, qd, qdd, t)))
        if progress is not None:
            progress.update(t)
    return [np.array(x) for x in zip(*out)]


def multipliers(system, q, qd, qdd, t) -> np.ndarray:
    """λ reported at an output time: the least-squares solution of Φ_qᵀ λ = Q − h − M q̈
    with the projected q̈ (the λ* of the iteration carry the trapezoidal rule's
    alternating error in q̈)."""
    _, J, _ = system.constraints(q, qd, t)
    if not J.size:
        return np.zeros(0)
    return np.linalg.lstsq(J.T, system.forces(q, qd, t) - system.mass_matrix(q) @ qdd, rcond=None)[0]


def _initial_acceleration(system, q, qd):
    """q̈ at t = 0 from the equations of motion with the multipliers (exact; the penalty
    form (M + α Φ_qᵀΦ_q) q̈ = Q − h + α Φ_qᵀ γ would weigh α Φ_qᵀΦ_q some 4·1e6/Δt² times
    M and lose every digit of q̈ to round-off at small steps)."""
    from .multipliers import accelerations

    return accelerations(system, q, qd, 0.0, stabilised=False)[0]


def _step(algebra, q0, qd0, qdd0, lam, h, t, alpha, tolerance, max_iterations):
    """One step: Newton on q with the current tangent (the penalty term (Δt²/4) α Φ_qᵀΦ_q
    outweighs M a millionfold, so a tangent from another q does not converge), then the
    two projections with P at the end. (Dense: np.linalg.solve for each; a shared Cholesky
    factor was measured slower at these sizes, scipy's per-call checks outweighing it.)
    ``algebra``: :class:`_Dense` or :class:`_Sparse`, the matrices' products and solves."""
    system = algebra.system
    qd_hat = (2.0 / h) * q0 + qd0
    qdd_hat = (4.0 / h**2) * q0 + (4.0 / h) * qd0 + qdd0
    q = q0 + h * qd0 + 0.5 * h * h * qdd0  # predictor
    scale = system.model.length_scale
    previous = np.inf
    for iteration in range(max_iterations):
        qd = (2.0 / h) * q - qd_hat
        qdd = (4.0 / h**2) * q - qdd_hat
        phi, J, _ = algebra.constraints(q, qd, t)
        if iteration:  # λ*_{i+1} = λ*_i + α Φ(q_{i+1})
            lam = lam + alpha * phi
        residual = (h * h / 4.0) * (algebra.mass_times(q, qdd) + algebra.transpose_times(J, alpha * phi + lam)
                                    - system.forces(q, qd, t))
        dq = algebra.tangent_solver(q, J, (h * h / 4.0) * alpha)(residual)
        q = q - dq
        size = np.linalg.norm(dq)
        if size <= tolerance * scale or (size <= NEWTON_FLOOR * scale and size > 0.5 * previous):
            break
        previous = size
    else:
        raise MbtoolsError(
            f"ALI3-P did not converge at t = {t:.6g} in {max_iterations} iterations: take a smaller step, "
            "or another formulation."
        )
    qd = (2.0 / h) * q - qd_hat
    qdd = (4.0 / h**2) * q - qdd_hat
    _, J, _ = algebra.constraints(q, qd, t)
    weight = (h * h / 4.0) * alpha
    solve = algebra.tangent_solver(q, J, weight)
    # the mass-orthogonal projections onto Φ_q q̇ + Φ_t = 0 and Φ_q q̈ = γ, solved for the
    # corrections (see _project)
    qd = _project(algebra, solve, weight, J, qd, -system.constraint_rate(q, t))
    _, J, gamma = algebra.constraints(q, qd, t)
    qdd = _project(algebra, solve, weight, J, qdd, gamma)
    return q, qd, qdd, lam


class _Dense:
    """Φ, Φ_q and the products and solves of a step, with dense matrices (Φ_q an array)."""

    def __init__(self, system):
        self.system = system
        self.constraints = system.constraints

    def mass_times(self, q, x):
        return self.system.mass_matrix(q) @ x

    @staticmethod
    def transpose_times(J, v):
        return J.T @ v

    @staticmethod
    def times(J, x):
        return J @ x

    def tangent_solver(self, q, J, weight):
        """b ↦ P⁻¹ b, P = M + weight Φ_qᵀΦ_q."""
        P = self.system.mass_matrix(q) + weight * J.T @ J
        return lambda b: np.linalg.solve(P, b)


class _Sparse:
    """The same with sparse matrices (:class:`~mbtools.dynamics.sparse.SparseEquations`;
    Φ_q its values on its fixed pattern), for large natural and basic models."""

    def __init__(self, system):
        self.system = system
        self.equations = SparseEquations(system)
        self.mass = sparse.csr_matrix(system.mass_matrix(None))
        self.transpose_times = self.equations.transpose_times
        self.times = self.equations.times

    def constraints(self, q, qd, t):
        equations = self.equations
        return equations.phi(q), equations.jacobian_values(q), equations.gamma(qd)

    def mass_times(self, q, x):
        return self.mass @ x

    def tangent_solver(self, q, J, weight):
        return self.equations.tangent_solver(J, weight)


def _algebra(system):
    if system.quadratic_rows is not None and system.constant_mass and system.model.n_coordinates >= SPARSE_FROM:
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
