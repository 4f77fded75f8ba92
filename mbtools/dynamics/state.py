"""One evaluation of a system at a state: what every formulation reads there.

At (t, q, q̇) the equations of motion with multipliers need

    M(q),    Q − h (gravity, loads, velocity terms),    Φ_q,    c,

where the acceleration constraints read Φ_q q̈ = c: c = γ, or with Baumgarte's
stabilisation c = γ − 2α Φ̇ − β² Φ, Φ̇ = Φ_q q̇ + Φ_t. :class:`EvaluatedState` holds
them and what fewer callers need — Φ, Φ_t, the velocity residual Φ_q q̇ + Φ_t, the force
Jacobians K = ∂(Q − h)/∂q and C = ∂(Q − h)/∂q̇ — each computed on first use and kept (an
index-3 method reads Φ and Φ_q and never γ; an ODE formulation the reverse). Every row
carries its owner (the joint, driver or body it comes from).

It also decides, once per state, **which rows to keep** and **how far the state is from
a singular position** (:meth:`EvaluatedState.kept`): the pivoted QR of Φ_qᵀ orders the
rows most independent first, the rank rule of ``mbtools.model.rank`` (at most the
motion's generic rank, from a :class:`~mbtools.dynamics.singular.RankWatch`) says how many
carry the rank, and the ratio of the last kept pivot to the first is the distance. The
null-space formulation reads the same decision off the SVD (:meth:`EvaluatedState.null_space`),
which also gives it the basis of the motions the constraints allow.

Example
-------
>>> import numpy as np
>>> from mbtools import Mechanism, MassProperties, formulate
>>> from mbtools.dynamics import MultibodySystem
>>> m = Mechanism("pendulum")
>>> m.add_ground({"O": (0.0, 0.0)})
>>> m.add_body("bob", {"O": (0.0, 0.0), "P": (1.0, 0.0)}, mass=MassProperties(2.0, (1.0, 0.0), 0.0))
>>> m.add_revolute("ground", "bob", at="O")
>>> system = MultibodySystem(formulate(m, "natural"))
>>> state = system.evaluate(system.model.reference_q, np.array([0.0, 3.0]))
>>> state.mass.diagonal(), state.forces          # M and Q − h: the bob's weight at P
(array([2., 2.]), array([  0.  , -19.62]))
>>> state.rhs                                    # γ = −2 ṙ·ṙ of the bar's length row: −18
array([-18.])
>>> state.owners                                 # that row belongs to the body
('bob',)
>>> state.kept()                                 # one row, kept; far from a singular position
KeptRows(rows=None, ratio=1.0)
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ..model.rank import kept_rows, pivoted_qr, rank_of_diagonal
from .jacobians import force_jacobians
from .singular import RankWatch


class KeptRows(NamedTuple):
    """The rows of Φ_q an equation keeps, and the distance from a singular position."""

    #: Indices into the rows that hold (``system.rows``), most independent first; None
    #: where every row is kept, in its own order (the common case).
    rows: np.ndarray | None
    #: abs(R_rr) / abs(R_11) of the pivoted QR of Φ_qᵀ, r the rows kept (or the r-th singular
    #: value over the first): 1 without rows, near 0 near a singular position.
    ratio: float


class EvaluatedState:
    """The system at (t, q, q̇), each block computed on first use and kept: ``mass`` (M),
    ``forces`` (Q − h), ``jacobian`` (Φ_q of the rows that hold, ``system.rows``), ``rhs``
    (c of Φ_q q̈ = c); ``phi()``, ``rate()``, ``velocity_residual()``,
    ``force_jacobians()``; the rows kept and the distance from a singular position,
    ``kept()`` and ``null_space()``."""

    def __init__(self, system, q: np.ndarray, qd: np.ndarray, t: float = 0.0, stabilised: bool = False):
        self.system, self.q, self.qd, self.t, self.stabilised = system, q, qd, float(t), stabilised
        self._kept: dict = {}

    @property
    def mass(self) -> np.ndarray:
        """M(q)."""
        return self._once("mass", lambda: self.system.mass_matrix(self.q))

    @property
    def forces(self) -> np.ndarray:
        """Q − h at (t, q, q̇)."""
        return self._once("forces", lambda: self.system.forces(self.q, self.qd, self.t))

    @property
    def jacobian(self) -> np.ndarray:
        """Φ_q of the rows that hold (from the position constraints where Φ was asked first)."""
        if "position" in self._kept:
            return self._kept["position"][1]
        return self._acceleration()[0]

    @property
    def rhs(self) -> np.ndarray:
        """The right-hand side c of the acceleration constraints (γ, or Baumgarte's stabilised one)."""
        return self._acceleration()[1]

    @property
    def owners(self) -> tuple:
        """The owner of each row (joint, driver or body name), as data."""
        constraints = self.system.model.constraints
        return tuple(constraints[k].owner for k in self.system.rows)

    def phi(self) -> np.ndarray:
        """Φ of the rows that hold."""
        return self._once("position", lambda: self.system.position_constraints(self.q, self.t))[0]

    def rate(self) -> np.ndarray:
        """Φ_t: zero unless inputs are prescribed."""
        return self._once("rate", lambda: self.system.constraint_rate(self.q, self.t))

    def velocity_residual(self) -> np.ndarray:
        """Φ_q q̇ + Φ_t: zero on a consistent state."""
        return self._once("velocity", lambda: self.jacobian @ self.qd + self.rate())

    def force_jacobians(self) -> tuple[np.ndarray, np.ndarray]:
        """(K, C) = (∂(Q − h)/∂q, ∂(Q − h)/∂q̇) (:func:`~mbtools.dynamics.jacobians.force_jacobians`)."""
        return self._once("force_jacobians", lambda: force_jacobians(self.system, self.q, self.qd, self.t))

    def kept(self, watch: RankWatch | None = None, rank: int | None = None,
             consistent: bool = False) -> KeptRows:
        """The rows to keep and the distance from a singular position, by the pivoted QR of
        Φ_qᵀ (computed once): the rank rule's rows, at most ``watch.rank`` (the motion's
        generic rank, the distance then noted on ``watch``) or ``rank``. At a ``consistent``
        state (just projected onto the constraints) the watch's generic rank is first raised
        if the rank rule finds more: the motion has left a singular position it started at."""
        factors, pivots = self._once("qr", lambda: pivoted_qr(self._dense_jacobian())[:2] if len(self.system.rows)
                                     else (np.zeros((0, 0)), np.zeros(0, dtype=int)))
        if not len(pivots):
            return KeptRows(None, 1.0)
        if watch is None:
            rows, ratio = kept_rows(factors, pivots, rank=rank)
            return KeptRows(rows, ratio)
        diagonal = np.abs(factors.diagonal())
        ratio = watch.consistent_diagonal(diagonal) if consistent else watch.ratio_of(diagonal)
        count = watch.rows_to_keep(diagonal)
        return KeptRows(None if count == len(pivots) else pivots[:count], ratio)

    def null_space(self, watch: RankWatch | None = None) -> tuple[np.ndarray, np.ndarray, float]:
        """(q̈ₚ, R, ratio): the minimum-norm solution of Φ_q q̈ = c, an orthonormal basis R
        of the null space of Φ_q (columns) and the distance from a singular position, by the
        SVD of Φ_q (computed once) and the rank rule, at most ``watch.rank`` rows' worth (the
        distance then noted on ``watch``)."""
        n = len(self.q)
        if not len(self.system.rows):
            return np.zeros(n), np.eye(n), 1.0
        U, sv, Vt = self._once("svd", lambda: np.linalg.svd(self._dense_jacobian(), full_matrices=True))
        if watch is not None:
            ratio = watch.ratio_of(sv)
            rank = watch.rows_to_keep(sv)
        else:
            rank = rank_of_diagonal(sv)
            ratio = float(sv[rank - 1] / sv[0]) if rank else 0.0
        particular = Vt[:rank].T @ ((U[:, :rank].T @ self.rhs) / sv[:rank])
        return particular, Vt[rank:].T, ratio

    def _dense_jacobian(self) -> np.ndarray:
        return self.jacobian

    def _acceleration(self) -> tuple[np.ndarray, np.ndarray]:
        return self._once("acceleration", lambda: self.system.acceleration_constraints(
            self.q, self.qd, self.t, self.stabilised))

    def _once(self, key: str, compute):
        if key not in self._kept:
            self._kept[key] = compute()
        return self._kept[key]
