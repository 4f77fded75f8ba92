"""Lagrange multipliers with Baumgarte stabilisation (index 1).

    M q̈ + Φ_qᵀ λ = Q − h,
    Φ_q q̈ = γ − 2 α Φ̇ − β² Φ,          Φ̇ = Φ_q q̇

(Baumgarte 1972; García de Jalón & Bayo 1994, ch. 5): the acceleration constraints with
a damped correction that pulls a drifting solution back to Φ = 0 (or, as
:func:`~mbtools.simulate` does by default, without Baumgarte's terms and with
the state projected onto the constraints after each step). Solved as one linear system
in (q̈, λ) on an independent set of the constraint rows, chosen by pivoted QR (the
redundant rows of natural coordinates are set aside); λ of the rows set aside is zero.
"""

from __future__ import annotations

import numpy as np

from ..errors import SingularJacobianError
from .contact_modes import contact_accelerations
from .formulation import ODEFormulation
from .kernels import saddle_point_solve
from .singular import RankWatch, refuse_near_singular


def accelerations(system, q: np.ndarray, qd: np.ndarray, t: float, stabilised: bool = True,
                  refuse_near: float | None = None, watch: RankWatch | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(q̈, λ) at time t, with λ for every constraint row of the system (drivers free).

    With ``watch`` (a :class:`~mbtools.dynamics.singular.RankWatch`), at most the motion's
    generic rank of rows is kept and the distance from a singular position is noted on it;
    else the rank rule alone decides, and with ``refuse_near`` (a ratio) a
    SingularJacobianError is raised within it of a singular position."""
    state = system.evaluate(q, qd, t, stabilised)
    J, rhs = state.jacobian, state.rhs
    m = len(rhs)
    kept = None  # None: every row is kept, in its own order
    if m:
        kept, ratio = state.kept(watch)
        if watch is None and refuse_near is not None and ratio:
            refuse_near_singular(system.model.mechanism.name, t, ratio, refuse_near)
        if kept is not None:
            J, rhs = J[kept], rhs[kept]
    # the saddle-point system [M Φ_qᵀ; Φ_q 0] (q̈, λ) = (Q − h, c) on the kept rows
    solution = saddle_point_solve(state.mass, J, state.forces, rhs)
    if solution is None:  # an exactly zero pivot of the LU factorisation (LAPACK dgesv)
        raise SingularJacobianError(
            f"The equations of motion of '{system.model.mechanism.name}' are singular at t = {t:.6g}: the "
            "mass matrix is not positive on the motions the constraints allow (a body without "
            "inertia where it can move), or the constraints lost rank at a singular position."
        ) from None
    qdd, lam = solution
    if kept is None:
        return qdd, lam
    multipliers = np.zeros(m)
    multipliers[kept] = lam
    return qdd, multipliers


class Multipliers(ODEFormulation):
    """The Lagrange multipliers as a formulation of ``simulate`` (module
    ``mbtools.dynamics.formulation``): q̈ and λ from the saddle-point system on the rows
    kept (:func:`accelerations`)."""

    name, label = "multipliers", "Lagrange multipliers"
    equations = staticmethod(accelerations)
    contacts = staticmethod(contact_accelerations)
    sparse = True  # large point models: mbtools.dynamics.sparse
