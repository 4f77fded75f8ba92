"""The kernels every dynamic formulation shares: the saddle-point matrix, the multipliers
by least squares, and the mass-orthogonal projection onto the constraints with its one
tolerance rule.

The saddle-point matrix of a block B (the mass matrix, or an iteration matrix that adds
damping and stiffness to it) and constraint rows J (a second set of rows C where the
forces act along other directions than the constraints hold, as a sliding contact's),

    [B  Cᵀ]
    [J  0 ],

is the one matrix of the equations of motion with multipliers, of an impact and of
Newton's iteration for an index-3 method. The multipliers of a known motion solve
Φ_qᵀ λ = Q − h − M q̈ in the least-squares sense (exactly where the motion is one of the
system's; at a singular position or for redundant rows λ is not unique, Φ_qᵀ λ is).

The consistent state nearest to (q, q̇) in the kinetic-energy metric W (the mass matrix,
kept positive by a small multiple of its mean diagonal, ``MultibodySystem.metric``):

    q ← q − W⁻¹ Φ_qᵀ (Φ_q W⁻¹ Φ_qᵀ)⁻¹ Φ            (Newton, repeated to convergence),
    q̇ ← q̇ − W⁻¹ Φ_qᵀ (Φ_q W⁻¹ Φ_qᵀ)⁻¹ (Φ_q q̇ + Φ_t),

on an independent set of the rows (pivoted QR, the rank rule of ``mbtools.model.rank``):
the redundant rows of natural coordinates would make Φ_q W⁻¹ Φ_qᵀ singular, and they
hold to first order with the others. Where the mechanism's *generic* rank is known (the
rank at a consistent state away from singular positions, :class:`~mbtools.dynamics.singular.RankWatch`),
no more rows than that are kept: off the constraints a permanently redundant row (Bricard's
mechanism) has a pivot of the size of the drift, far above round-off, and dividing by it
would throw the state far off.

One position loop serves every projection (:func:`newton_projection`: the dense
positions, the sparse path, the contacts with their gaps): it stops when every row's
residual, in its unit (ℓ^p), is below :data:`POSITION_TOLERANCE`; if it has not after
``iterations`` corrections it raises an :class:`~mbtools.errors.AssemblyError` naming the
mechanism, the time and the owner of the largest residual — it never returns an
unconverged state.

Example
-------
>>> import numpy as np
>>> saddle_point_matrix(np.eye(2), np.array([[1.0, 1.0]]))
array([[1., 0., 1.],
       [0., 1., 1.],
       [1., 1., 0.]])
>>> J = np.array([[1.0, 1.0]]); W_inverse = np.eye(2)
>>> mass_orthogonal_correction(W_inverse, J, np.array([2.0]))   # the nearest point of x + y = 0 from (1, 1)
array([1., 1.])
"""

from __future__ import annotations

import numpy as np
from scipy.linalg.lapack import dgesv

from ..errors import AssemblyError
from ..model.rank import kept_rows, pivoted_qr
from .differences import difference_quotients

#: A position is on the constraints when every row's residual, in its unit (ℓ^p), is below this.
POSITION_TOLERANCE = 1e-13
#: The most Newton corrections of a projection onto the positions.
PROJECTION_ITERATIONS = 30


def saddle_point_matrix(block: np.ndarray, rows: np.ndarray, columns: np.ndarray | None = None) -> np.ndarray:
    """[B Cᵀ; J 0] as a new array, B = ``block`` (n × n), J = ``rows`` (r × n) and C =
    ``columns`` (r × n, J by default)."""
    n, r = len(block), len(rows)
    A = np.zeros((n + r, n + r))
    A[:n, :n] = block
    A[:n, n:] = (rows if columns is None else columns).T
    A[n:, :n] = rows
    return A


def saddle_point_solve(block: np.ndarray, rows: np.ndarray, top: np.ndarray, bottom: np.ndarray):
    """(x, y) solving [B Jᵀ; J 0] (x, y) = (top, bottom), B = ``block`` and J = ``rows`` (an
    independent set), by LU with partial pivoting (LAPACK dgesv); None where a pivot is
    exactly zero (B not positive on the null space of J, or J without full rank)."""
    n = len(block)
    A = saddle_point_matrix(block, rows)
    _, _, x, info = dgesv(A, np.concatenate((top, bottom)), overwrite_a=True, overwrite_b=True)
    if info != 0:
        return None
    return x[:n], x[n:]


def least_squares_multipliers(J: np.ndarray, residual: np.ndarray) -> np.ndarray:
    """λ minimising ‖Φ_qᵀ λ + residual‖, ``residual`` = M q̈ − (Q − h), J = Φ_q (the
    minimum-norm λ where the rows are dependent)."""
    if not J.size:
        return np.zeros(len(J))
    return np.linalg.lstsq(J.T, -residual, rcond=None)[0]


def mass_orthogonal_correction(W_inverse: np.ndarray, J: np.ndarray, residual: np.ndarray,
                               rank: int | None = None) -> np.ndarray:
    """The smallest correction in the metric W that removes ``residual`` to first order,
    W⁻¹ Jᵀ (J W⁻¹ Jᵀ)⁻¹ residual, on an independent set of at most ``rank`` rows of J
    (pivoted QR; ``rank`` None: the rank rule alone decides)."""
    kept, _ = kept_rows(*pivoted_qr(J)[:2], rank=rank)
    if kept is not None:
        J, residual = J[kept], residual[kept]
    WinvJt = W_inverse @ J.T
    _, _, x, info = dgesv(J @ WinvJt, residual)
    if info != 0:  # pragma: no cover - the rows kept are independent, W is positive definite
        return WinvJt @ np.linalg.lstsq(J @ WinvJt, residual, rcond=None)[0]
    return WinvJt @ x


def newton_projection(q: np.ndarray, residual_at, correction, scales: np.ndarray, where: str,
                      owners=None, iterations: int = PROJECTION_ITERATIONS):
    """q brought onto r(q) = 0 by Newton's corrections q ← q − δ, with the one tolerance
    rule: stop when every residual, in its unit (``scales``: ℓ^p of each row), is below
    :data:`POSITION_TOLERANCE`. ``residual_at(q)`` → (r, data), ``data`` what the
    correction needs (Φ_q, an evaluated state); ``correction(q, r, data)`` → δ. Returns (q,
    the ``data`` of its last evaluation). Raises :class:`~mbtools.errors.AssemblyError`,
    naming ``where`` (the mechanism and the time) and the owner of the largest residual
    (``owners``, one per row), if it has not converged after ``iterations`` corrections:
    it never returns an unconverged position.

    The dense positions (:func:`project_position`), the sparse path
    (``SparseEquations.project_state``) and the contacts (``ContactPath.project``) all
    project with it."""
    for _ in range(iterations):
        residual, data = residual_at(q)
        if not residual.size or np.abs(residual / scales).max() < POSITION_TOLERANCE:
            return q, data
        q = q - correction(q, residual, data)
    relative = np.abs(residual / scales)
    worst = int(np.argmax(relative))
    owner = f" (row {worst}, owned by {owners[worst]})" if owners is not None and owners[worst] else ""
    raise AssemblyError(f"The position of {where} could not be brought onto its constraints in {iterations} "
                        f"corrections (largest residual {relative[worst]:.2e} of its unit{owner}): it is too far from "
                        "any assembled position, or at a singular one, or the constraints contradict each other.")


def row_owners(system) -> list[str]:
    """The owner of each row that holds (a joint, driver or body), quoted for a message."""
    constraints = system.model.constraints
    return [f"'{constraints[k].owner}'" if constraints[k].owner else "" for k in system.rows]


def project_position(system, q: np.ndarray, t: float = 0.0, rank: int | None = None,
                     iterations: int = PROJECTION_ITERATIONS) -> tuple[np.ndarray, np.ndarray | None]:
    """(q brought onto Φ(q, t) = 0 by the mass-orthogonal Newton correction
    (:func:`newton_projection`), Φ_q there); Φ_q is None for a system without constraint
    rows."""
    model = system.model
    if not system.rows:
        return q, None
    return newton_projection(
        q, lambda x: system.position_constraints(x, t),
        lambda x, phi, J: mass_orthogonal_correction(system.metric_inverse(x), J, phi, rank),
        model.residual_scales[system.rows], f"'{model.mechanism.name}' at t = {t:.6g}",
        row_owners(system), iterations)


def project_velocity(system, q: np.ndarray, J: np.ndarray | None, qd: np.ndarray, t: float = 0.0,
                     rank: int | None = None) -> np.ndarray:
    """q̇ projected onto Φ_q q̇ + Φ_t = 0 mass-orthogonally, with J = Φ_q(q) (None: no rows)."""
    if J is None:
        return qd
    residual = J @ qd
    if system.prescribed:
        residual += system.constraint_rate(q, t)
    if not np.abs(residual).any():
        return qd
    return qd - mass_orthogonal_correction(system.metric_inverse(q), J, residual, rank)


def project_state(system, q: np.ndarray, qd: np.ndarray, t: float = 0.0,
                  rank: int | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    """(q, q̇, Φ_q) brought onto the constraints: :func:`project_position`, then
    :func:`project_velocity` with the Jacobian of the position loop's last check (one
    evaluation of the constraints fewer)."""
    q, J = project_position(system, q, t, rank)
    return q, project_velocity(system, q, J, qd, t, rank), J


def geometric_stiffness(system, q: np.ndarray, lam: np.ndarray, t: float = 0.0) -> np.ndarray:
    """H(λ) = ∂(Φ_qᵀλ)/∂q = Σ_k λ_k ∂²Φ_k/∂q², the constraints' geometric stiffness, for λ on the rows that hold
    (``system.rows``): exact from the constant Hessians where the rows are quadratic in q
    (natural and basic coordinates), else central differences of Φ_qᵀλ (n evaluations of
    Φ_q, error of order (6e-6)² relative: ``mbtools.dynamics.differences``). Statics'
    tangent stiffness and generalized-α's Newton tangent both take it."""
    n = len(q)
    rows = system.quadratic_rows
    if rows is not None:
        H = np.zeros((n, n))
        np.add.at(H, (rows.i, rows.j), lam[rows.k] * rows.h)
        return H
    if not len(lam):
        return np.zeros((n, n))
    return difference_quotients(lambda x: system.position_constraints(x, t)[1].T @ lam, q,
                                system.model.length_scale)


def constraint_curvature(system, q: np.ndarray, v: np.ndarray, t: float = 0.0) -> np.ndarray:
    """∂(Φ_q v)/∂q at a fixed vector v (m × n, the rows that hold): row k is (H_k v)ᵀ,
    H_k = ∂²Φ_k/∂q². Exact from the constant Hessians where the rows are quadratic in q,
    else central differences of Φ_q v (n evaluations of Φ_q). The change of the
    acceleration constraints Φ_q q̈ = γ with q at a fixed q̈ (``mbtools.dynamics.jacobians``)."""
    n = len(q)
    rows = system.quadratic_rows
    if rows is not None:
        out = np.zeros((rows.m, n))
        np.add.at(out, (rows.k, rows.j), rows.h * v[rows.i])
        return out
    return difference_quotients(lambda x: system.position_constraints(x, t)[1] @ v, q, system.model.length_scale)
