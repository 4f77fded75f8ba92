"""One evaluation of a system at a state: what every formulation reads there.

At (t, q, q̇) the equations of motion with multipliers need

    M(q),    Q − h (gravity, loads, velocity terms),    Φ_q,    c,

where the acceleration constraints read Φ_q q̈ = c: c = γ, or with Baumgarte's
stabilisation c = γ − 2α Φ̇ − β² Φ, Φ̇ = Φ_q q̇ + Φ_t. :class:`EvaluatedState` holds
them, computed once (``MultibodySystem.evaluate``), and gives on request what fewer
callers need — Φ, Φ_t, the velocity residual Φ_q q̇ + Φ_t, the force Jacobians
K = ∂(Q − h)/∂q and C = ∂(Q − h)/∂q̇ — each computed on first use and kept. Every row
carries its owner (the joint, driver or body it comes from).

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
"""

from __future__ import annotations

import numpy as np

from .jacobians import force_jacobians


class EvaluatedState:
    """The system at (t, q, q̇): ``mass`` (M), ``forces`` (Q − h), ``jacobian`` (Φ_q of
    the rows that hold, ``system.rows``) and ``rhs`` (c of Φ_q q̈ = c), computed at
    construction; ``phi()``, ``rate()``, ``velocity_residual()`` and
    ``force_jacobians()`` on request, each once."""

    def __init__(self, system, q: np.ndarray, qd: np.ndarray, t: float = 0.0, stabilised: bool = False):
        self.system, self.q, self.qd, self.t, self.stabilised = system, q, qd, float(t), stabilised
        self.jacobian, self.rhs = system.acceleration_constraints(q, qd, t, stabilised)
        self.mass = system.mass_matrix(q)
        self.forces = system.forces(q, qd, t)
        self._kept: dict = {}

    @property
    def owners(self) -> tuple:
        """The owner of each row (joint, driver or body name), as data."""
        constraints = self.system.model.constraints
        return tuple(constraints[k].owner for k in self.system.rows)

    def phi(self) -> np.ndarray:
        """Φ of the rows that hold."""
        return self._once("phi", lambda: self.system.position_constraints(self.q, self.t)[0])

    def rate(self) -> np.ndarray:
        """Φ_t: zero unless inputs are prescribed."""
        return self._once("rate", lambda: self.system.constraint_rate(self.q, self.t))

    def velocity_residual(self) -> np.ndarray:
        """Φ_q q̇ + Φ_t: zero on a consistent state."""
        return self._once("velocity", lambda: self.jacobian @ self.qd + self.rate())

    def force_jacobians(self) -> tuple[np.ndarray, np.ndarray]:
        """(K, C) = (∂(Q − h)/∂q, ∂(Q − h)/∂q̇) (:func:`~mbtools.dynamics.jacobians.force_jacobians`)."""
        return self._once("force_jacobians", lambda: force_jacobians(self.system, self.q, self.qd, self.t))

    def _once(self, key: str, compute):
        if key not in self._kept:
            self._kept[key] = compute()
        return self._kept[key]
