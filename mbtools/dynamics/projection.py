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
