"""The null-space projection (velocity transformation) of the paper.

The velocities the constraints allow are q̇ = R ż, with the columns of R a basis of the
null space of Φ_q (here orthonormal, from the SVD, with the rank rule of the
kinematics, so that redundant rows are harmless). Any acceleration that satisfies the
stabilised acceleration constraints is q̈ = q̈ₚ + R z̈, q̈ₚ their minimum-norm solution;
projecting M q̈ + h = Q onto the allowed motions eliminates the multipliers:

    Rᵀ M R z̈ = Rᵀ (Q − h − M q̈ₚ)

(Unda & García de Jalón 1985; García de Jalón & Bayo 1994, ch. 6, with R the
velocity-transformation matrix). The multipliers follow, if wanted, from
Φ_qᵀ λ = Q − h − M q̈ by least squares.
"""

from __future__ import annotations

import numpy as np

from ..errors import SingularJacobianError
from ..model.rank import rank_of_diagonal
from .formulation import ODEFormulation
from .kernels import least_squares_multipliers
from .singular import RankWatch, refuse_near_singular


def accelerations(system, q: np.ndarray, qd: np.ndarray, t: float, stabilised: bool = True,
                  refuse_near: float | None = None, watch: RankWatch | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(q̈, λ) at time t by projection onto the null space of Φ_q. With ``watch`` (a
    :class:`~mbtools.dynamics.singular.RankWatch`), the rank is at most the motion's generic
    rank and the distance from a singular position is noted on it; else with
    ``refuse_near`` (a ratio), a SingularJacobianError within it of a singular position."""
    model = system.model
    state = system.evaluate(q, qd, t, stabilised)
    J, M, force = state.jacobian, state.mass, state.forces
    particular, R, ratio = state.null_space(watch)
    if watch is None and refuse_near is not None and len(system.rows) and ratio:
        refuse_near_singular(model.mechanism.name, t, ratio, refuse_near)
    reduced = R.T @ M @ R
    try:
        zdd = np.linalg.solve(reduced, R.T @ (force - M @ particular))
    except np.linalg.LinAlgError:
        raise SingularJacobianError(
            f"The projected mass matrix Rᵀ M R of '{model.mechanism.name}' is singular at t = {t:.6g}: "
            "some motion the constraints allow carries no inertia (a body without mass or inertia "
            "where it can move)."
        ) from None
    qdd = particular + R @ zdd
    multipliers = least_squares_multipliers(J, M @ qdd - force)
    return qdd, multipliers


def contact_accelerations(system, q: np.ndarray, qd: np.ndarray, t: float, modes: dict):
    """(q̈, λ of the joints' rows, {contact name: (f_n, f_t)}) with the contacts in
    ``modes`` on, by projection onto the null space of their rows and the joints'
    (``mbtools.dynamics.contact_modes.contact_equations``: A q̈ = c, M q̈ + Cᵀ λ = Q − h).

    Where no contact slides with friction, C = ±A row by row, Rᵀ Cᵀ = 0 and the
    projection is that of :func:`accelerations`. A sliding contact's column carries its
    friction, −(C_n − μ s C_t), so Rᵀ Cᵀ keeps μ s (C_t R)ᵀ f_n: the projected equations
    need the sliding contacts' normal forces f, which the motion decides. Both are affine
    in f — q̈ = a + B f from Rᵀ M R z̈ = Rᵀ (Q − h − M q̈ₚ) − Gᵀ f, G = C_f R, and the
    multipliers λ = (Cᵀ)⁺ (Q − h − M q̈) by least squares — so f solves the small system
    (I + S (Cᵀ)⁺ M B) f = S (Cᵀ)⁺ (Q − h − M a), S picking f out of λ: the motion of the
    multipliers' saddle point, without its multipliers in the unknowns of the motion."""
    from .contact_modes import contact_equations, contact_forces, refuse_unsolvable

    rows, columns, rhs, kept, labels = contact_equations(system, q, qd, t, modes)
    M, force = system.mass_matrix(q), system.forces(q, qd, t)
    U, sv, Vt = np.linalg.svd(rows, full_matrices=True)
    rank = rank_of_diagonal(sv)
    particular = Vt[:rank].T @ ((U[:, :rank].T @ rhs) / sv[:rank])
    R = Vt[rank:].T
    # the rows whose force column is not ± the row itself (built from the same arrays: exact)
    sliding = [k for k in range(len(rows)) if not (np.array_equal(columns[k], rows[k]) or np.array_equal(columns[k], -rows[k]))]
    reduced = R.T @ M @ R
    a = particular + R @ np.linalg.solve(reduced, R.T @ (force - M @ particular))
    B = -R @ np.linalg.solve(reduced, (columns[sliding] @ R).T) if sliding else np.zeros((len(q), 0))
    pseudo = np.linalg.pinv(columns.T, rcond=1e-12)
    f = np.linalg.solve(np.eye(len(sliding)) + pseudo[sliding] @ M @ B, pseudo[sliding] @ (force - M @ a)) \
        if sliding else np.zeros(0)
    qdd = a + B @ f
    lam = pseudo @ (force - M @ qdd)
    refuse_unsolvable(system, modes, t, float(np.abs(rows @ qdd - rhs).max(initial=0.0)
                                              + np.abs(M @ qdd + columns.T @ lam - force).max()),
                      float(max(np.abs(force).max(initial=0.0), np.abs(rhs).max(initial=0.0))))
    multipliers = np.zeros(len(system.rows))
    multipliers[kept] = lam[:len(kept)]
    return qdd, multipliers, contact_forces(system, modes, labels, lam[len(kept):])


class Projection(ODEFormulation):
    """The null-space projection as a formulation of ``simulate`` (module
    ``mbtools.dynamics.formulation``): q̈ from Rᵀ M R z̈ = Rᵀ (Q − h − M q̈ₚ)
    (:func:`accelerations`)."""

    name, label = "projection", "null-space projection"
    equations = staticmethod(accelerations)
    contacts = staticmethod(contact_accelerations)
