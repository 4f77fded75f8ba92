"""A multibody system: a model and what acts on it, the object the dynamic formulations
integrate.

Drivers in dynamics: an input of the description is *free* in forward dynamics — its
driving equation is left out, and it only names an independent coordinate for the
initial conditions. In inverse dynamics (:func:`mbtools.dynamics.inverse_dynamics`) the
inputs prescribe the motion and the driving equations give the forces they need.
(Prescribing an input as a function of time in forward dynamics is to come.) A mechanism
needs no driver to be simulated.

Example
-------
>>> from mbtools import Mechanism, MassProperties, formulate
>>> m = Mechanism("pendulum")
>>> m.add_ground({"O": (0.0, 0.0)})
>>> m.add_body("bob", {"O": (0.0, 0.0), "P": (1.0, 0.0)}, mass=MassProperties(2.0, (1.0, 0.0), 0.0))
>>> m.add_revolute("ground", "bob", at="O")
>>> system = MultibodySystem(formulate(m, "natural"))
>>> system.gravity
array([ 0.  , -9.81])
"""

from __future__ import annotations

import numbers

import numpy as np

from ..errors import InputError
from ..model import Model
from .forces import gravity_force, inertia_velocity_terms, potential_energy
from .loads import LOADS
from .mass import mass_matrix

STANDARD_GRAVITY = 9.81


class MultibodySystem:
    """A model with gravity (and, to come, further loads and prescribed inputs).

    Parameters
    ----------
    model : Model
        From :func:`mbtools.formulate`; every moving body needs mass properties.
    gravity : sequence of float, optional
        The acceleration of gravity, (0, −9.81) in the plane and (0, 0, −9.81) in space by
        default (m/s², along −y or −z); ``(0, 0)`` for none.
    loads : sequence
        :class:`~mbtools.dynamics.loads.PointForce`, :class:`~mbtools.dynamics.loads.Spring`,
        :class:`~mbtools.dynamics.loads.Torque`, each by virtual power.
    baumgarte : (float, float)
        The gains (α, β), 1/s, of the Baumgarte stabilisation of the multipliers formulation.
    """

    def __init__(self, model: Model, gravity=None, loads=(), baumgarte=(5.0, 5.0)):
        if not isinstance(model, Model):
            raise InputError(
                f"MultibodySystem takes a model (mbtools.formulate(mechanism, family)), got {type(model).__name__}."
            )
        dim = model.mechanism.dimension
        if gravity is None:
            gravity = np.zeros(dim)
            gravity[-1] = -STANDARD_GRAVITY
        gravity = np.asarray(gravity, dtype=float) if _numbers(gravity) else None
        if gravity is None or gravity.shape != (dim,) or not np.isfinite(gravity).all():
            raise InputError(f"gravity must be {dim} finite numbers (m/s²), such as {'(0, -9.81)' if dim == 2 else '(0, 0, -9.81)'}.")
        if not (_numbers(baumgarte) and len(baumgarte) == 2 and all(float(g) >= 0 for g in baumgarte)):
            raise InputError(f"baumgarte takes two gains (α, β) ≥ 0 in 1/s, such as (5.0, 5.0); got {baumgarte!r}.")
        self.model = model
        self.gravity = gravity
        self.baumgarte = tuple(float(g) for g in baumgarte)
        self.rows = [k for k, c in enumerate(model.constraints) if not c.is_driver]  # drivers are free
        mass_matrix(model, model.reference_q)  # names any body without mass properties now
        self.loads = tuple(loads)
        for load in self.loads:
            if not isinstance(load, LOADS):
                raise InputError(
                    f"loads takes PointForce, Spring or Torque (mbtools.dynamics.loads), got {type(load).__name__}."
                )
            load.generalized_force(model, 0.0, model.reference_q, np.zeros(model.n_coordinates))  # names a bad point

    def __repr__(self) -> str:
        return f"<MultibodySystem of '{self.model.mechanism.name}' in {self.model.family} coordinates, gravity {tuple(self.gravity)}>"

    def constraints(self, q: np.ndarray, qd: np.ndarray):
        """(Φ, Φ_q, γ) of the geometric constraints (the drivers left out)."""
        model = self.model
        s = model.measured_inputs(q)
        zero = np.zeros(len(s))
        rows = self.rows
        phi, J = model.newton_function(s)(q)
        gamma = model.gamma(q, qd, s, zero, zero)
        return phi[rows], J[rows], gamma[rows]

    def acceleration_constraints(self, q: np.ndarray, qd: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(Φ_q, c) of the stabilised acceleration constraints Φ_q q̈ = c,
        c = γ − 2 α Φ̇ − β² Φ (Baumgarte 1972), the drivers left out."""
        phi, J, gamma = self.constraints(q, qd)
        alpha, beta = self.baumgarte
        return J, gamma - 2.0 * alpha * (J @ qd) - beta * beta * phi

    def mass_matrix(self, q: np.ndarray) -> np.ndarray:
        return mass_matrix(self.model, q)

    def forces(self, q: np.ndarray, qd: np.ndarray, t: float) -> np.ndarray:
        """Q − h: gravity and the loads, less the inertia forces that do not come from q̈."""
        force = gravity_force(self.model, q, self.gravity) - inertia_velocity_terms(self.model, q, qd)
        for load in self.loads:
            force = force + load.generalized_force(self.model, t, q, qd)
        return force

    def energy(self, q: np.ndarray, qd: np.ndarray) -> float:
        """Kinetic plus potential energy, T + V (gravity, springs, constant point forces)."""
        potential = potential_energy(self.model, q, self.gravity) + sum(load.potential(self.model, q) for load in self.loads)
        return float(0.5 * qd @ self.mass_matrix(q) @ qd) + potential


def _numbers(value) -> bool:
    try:
        return all(isinstance(v, (numbers.Real, np.floating)) and not isinstance(v, bool) for v in value)
    except TypeError:
        return False
