"""What a dynamic formulation is to ``simulate``: a class, one per file, registered in one
table (``mbtools.dynamics.simulate.FORMULATIONS``), with

* ``name`` (its key in the table), ``label`` (its name in messages), ``kind`` — "ode"
  (q̈ from (q, q̇), integrated by one of scipy's solvers), "one_step" (an index-3 method
  with its own integration rule) or "dae" (a differential-algebraic form with a solver of
  its own) — and ``options``, the names ``simulate(..., options=)`` passes on;
* ``build(system, step, rtol, **options)``, the formulation as ``simulate`` uses it;
* ``start(q, q̇, t)`` → its state at a consistent (q, q̇), whose first four items are
  (q, q̇, q̈, λ), and ``step(state, h, t)`` → the state at t after a step of h: a chapter
  can take one step at a time, as it takes one Newton step of the kinematics;
* ``path(q, t, step, stabilise)`` → its path of the one driver
  (``mbtools.dynamics.integrate.integrate``), which integrates every formulation.

:class:`ODEFormulation` gives this to the ODE formulations (``Multipliers``,
``Projection``) from their module's ``accelerations`` function; the index-3 methods
(``ALI3P``, ``GeneralizedAlpha``) and IDA (``GGLIDA``) carry it themselves.

Example
-------
>>> import numpy as np
>>> from mbtools import Mechanism, MassProperties, formulate
>>> from mbtools.dynamics import MultibodySystem
>>> from mbtools.dynamics.multipliers import Multipliers
>>> m = Mechanism("pendulum")
>>> m.add_ground({"O": (0.0, 0.0)})
>>> m.add_body("bob", {"O": (0.0, 0.0), "P": (1.0, 0.0)}, mass=MassProperties(1.0, (1.0, 0.0), 0.0))
>>> m.add_revolute("ground", "bob", at="O")
>>> formulation = Multipliers(MultibodySystem(formulate(m, "natural")))
>>> state = formulation.start(np.array([1.0, 0.0]), np.zeros(2), 0.0)
>>> state[2]                                       # q̈: released from the horizontal, g down
array([ 0.  , -9.81])
>>> q, qd, qdd, lam = formulation.step(state, 0.01, 0.01)
>>> bool(abs(q[1] + 0.5 * 9.81 * 0.01**2) < 1e-6)    # y = −g t²/2 at first
True
"""

from __future__ import annotations

import numpy as np

#: The relative tolerance of one step of an ODE formulation taken by :meth:`ODEFormulation.step`.
STEP_RTOL = 1e-10


class ODEFormulation:
    """An ODE formulation: (q̈, λ) from (q, q̇, t) by the module function ``equations``
    (``accelerations(system, q, qd, t, stabilised, refuse_near, watch)``), integrated by
    the one driver with projection onto the constraints after each step (or Baumgarte's
    stabilisation), by DOP853, RK45, Radau or BDF."""

    kind = "ode"
    options: tuple[str, ...] = ()
    name = label = ""
    #: (q̈, λ, contact forces) with the contacts in given modes on (``contact_accelerations``
    #: of the formulation's module), for the contacts' path of the one driver.
    contacts = None
    #: Whether its equations have a sparse path (``mbtools.dynamics.sparse``) for large
    #: point models.
    sparse = False

    def __init__(self, system):
        self.system = system

    @staticmethod
    def equations(system, q, qd, t, stabilised=True, refuse_near=None, watch=None):  # pragma: no cover - abstract
        raise NotImplementedError

    @classmethod
    def build(cls, system, step: float | None = None, rtol: float | None = None, **options) -> "ODEFormulation":
        """The formulation as ``simulate`` uses it (an ODE formulation has no step of its own
        and no options)."""
        return cls(system)

    def accelerations(self, q: np.ndarray, qd: np.ndarray, t: float, watch=None) -> tuple[np.ndarray, np.ndarray]:
        """(q̈, λ) at a consistent (q, q̇), with no stabilisation terms."""
        return type(self).equations(self.system, q, qd, t, stabilised=False, watch=watch)

    def start(self, q: np.ndarray, qd: np.ndarray, t: float):
        """The state (q, q̇, q̈, λ) at a consistent (q, q̇)."""
        return (q.copy(), qd.copy(), *self.accelerations(q, qd, t))

    def step(self, state, h: float, t: float, rtol: float = STEP_RTOL, integrator: str = "DOP853"):
        """The state (q, q̇, q̈, λ) at t after a step of h from ``state``: the one driver over
        [t − h, t] at ``rtol`` by ``integrator`` (as many of its own steps as that takes),
        projected onto the constraints."""
        from .integrate import integrate

        qs, qds, qdds, lams, _ = integrate(self.system, self.path(state[0], t - h), state[0], state[1],
                                           np.array([t - h, t]), rtol, integrator=integrator)
        return qs[-1], qds[-1], qdds[-1], lams[-1]

    def path(self, q: np.ndarray, t: float = 0.0, step: float | None = None, stabilise: str = "projection"):
        """Its path of the one driver from q at t (``mbtools.dynamics.integrate.ode_path``)."""
        from .integrate import ode_path

        return ode_path(self.system, type(self).equations, q, stabilise, t, self.sparse)
