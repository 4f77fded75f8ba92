"""Loads by virtual power: each load gives the generalized force Q with δW = Qᵀ δq.

* :class:`PointForce` — a force F on a named point: Q = r_qᵀ F (r_q the point's
  Jacobian), constant or a function of (t, r, ṙ);
* :class:`Spring` — a spring and damper between two points, tension
  f = k (ℓ − ℓ₀) + c ℓ̇ along the line, ℓ = |r_b − r_a|: Q = −f (r_b,q − r_a,q)ᵀ e, with
  potential ½ k (ℓ − ℓ₀)²;
* :class:`Torque` — a torque (scalar in the plane, a vector in space) on a body:
  Q = Ω_qᵀ τ, Ω_q the angular-velocity Jacobian of its placement;
* :class:`DriverForce` — a motor: a torque (angle input) or force (slide input) f on an
  input's coordinate s(q), Q = s_qᵀ f, constant or f(t, s, ṡ).

Each is checked in the tests by the power it delivers along a motion, Qᵀ q̇ = F·ṙ,
−f ℓ̇, τ·ω, f ṡ.

Example
-------
>>> import numpy as np
>>> from mbtools import Mechanism, MassProperties, formulate
>>> m = Mechanism("pendulum")
>>> m.add_ground({"O": (0.0, 0.0)})
>>> m.add_body("bob", {"O": (0.0, 0.0), "P": (1.0, 0.0)}, mass=MassProperties(2.0, (1.0, 0.0), 0.0))
>>> m.add_revolute("ground", "bob", at="O")
>>> model = formulate(m, "natural")
>>> PointForce("P", (3.0, 0.0)).generalized_force(model, 0.0, model.reference_q, np.zeros(2))
array([3., 0.])
"""

from __future__ import annotations

from dataclasses import dataclass
import numpy as np

from ..errors import InputError
from ..model import Model


def _value(load, f, t, *state) -> np.ndarray:
    value = f(t, *state) if callable(f) else f
    try:
        return np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        raise InputError(f"{load}: the load must be numbers (or a function giving numbers), got {value!r}.") from None


@dataclass(frozen=True)
class PointForce:
    """A force on a named point, constant or f(t, r, ṙ) → F (N, ground axes)."""

    point: str
    force: object

    def generalized_force(self, model: Model, t: float, q, qd) -> np.ndarray:
        J = model.point_jacobian(q, self.point)
        F = _value(f"PointForce on '{self.point}'", self.force, t, model.point(q, self.point), J @ qd)
        if F.shape != (model.mechanism.dimension,):
            raise InputError(f"PointForce on '{self.point}': the force has {F.size} components; it needs "
                             f"{model.mechanism.dimension}.")
        return J.T @ F

    def potential(self, model: Model, q) -> float:
        """−F·r for a constant force (a uniform field), else 0 (not conservative)."""
        return 0.0 if callable(self.force) else float(-np.asarray(self.force, dtype=float) @ model.point(q, self.point))


@dataclass(frozen=True)
class Spring:
    """A spring of stiffness k and free length ℓ₀ (and a damper c) between points a, b."""

    a: str
    b: str
    stiffness: float
    free_length: float
    damping: float = 0.0

    def _geometry(self, model: Model, q, qd):
        d = model.point(q, self.b) - model.point(q, self.a)
        length = float(np.linalg.norm(d))
        if length == 0.0:
            raise InputError(f"Spring {self.a}–{self.b}: its ends meet, so it has no direction.")
        D = model.point_jacobian(q, self.b) - model.point_jacobian(q, self.a)
        e = d / length
        return length, e, D, float(e @ (D @ qd))

    def generalized_force(self, model: Model, t: float, q, qd) -> np.ndarray:
        length, e, D, rate = self._geometry(model, q, qd)
        tension = self.stiffness * (length - self.free_length) + self.damping * rate
        return -tension * D.T @ e

    def potential(self, model: Model, q) -> float:
        length = float(np.linalg.norm(model.point(q, self.b) - model.point(q, self.a)))
        return 0.5 * self.stiffness * (length - self.free_length) ** 2


@dataclass(frozen=True)
class Torque:
    """A torque on a body: a number (plane, counter-clockwise) or a 3-vector (space),
    constant or τ(t, q, q̇)."""

    body: str
    torque: object

    def generalized_force(self, model: Model, t: float, q, qd) -> np.ndarray:
        tau = _value(f"Torque on '{self.body}'", self.torque, t, q, qd)
        dim = model.mechanism.dimension
        Omega = model.angular_velocity_jacobian(q, self.body)  # (1 or 3) × n
        if tau.size != (1 if dim == 2 else 3):
            raise InputError(f"Torque on '{self.body}': give {'one number' if dim == 2 else 'three components'}.")
        return Omega.T @ tau.reshape(-1)

    def potential(self, model: Model, q) -> float:
        return 0.0


@dataclass(frozen=True)
class DriverForce:
    """A motor on an input of the description: a torque (N·m, angle input) or a force
    (N, slide input) along the input's coordinate s(q), constant or f(t, s, ṡ). The input
    stays free (it is not prescribed): the motor is a load like any other."""

    input: str
    force: object

    def generalized_force(self, model: Model, t: float, q, qd) -> np.ndarray:
        if self.input not in model.input_names:
            raise InputError(f"DriverForce on '{self.input}': the model has no such input; its inputs are "
                             f"{model.input_names} (add_angle_driver / add_slide_driver name them).")
        k = model.input_names.index(self.input)
        gradient = model.input_jacobian(q)[k]
        if callable(self.force):
            value = _value(f"DriverForce on '{self.input}'", self.force, t, model.measured_inputs(q)[k],
                           float(gradient @ qd))
        else:
            value = _value(f"DriverForce on '{self.input}'", self.force, t)
        if value.size != 1:
            raise InputError(f"DriverForce on '{self.input}': give one number (N·m or N), got {value.size}.")
        return float(value.reshape(-1)[0]) * gradient

    def potential(self, model: Model, q) -> float:
        return 0.0


Load = PointForce | Spring | Torque | DriverForce
LOADS: tuple[type, ...] = (PointForce, Spring, Torque, DriverForce)
