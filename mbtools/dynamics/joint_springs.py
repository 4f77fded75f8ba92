"""A rotational spring and damper between two bodies of a planar mechanism: the torsional
spring of a revolute joint, and of the finite-segment model of a flexible beam.

With θ the rotation of body j relative to body i — the angle from the x axis e_i of i's
frame (the first column of R_i) to e_j, in (−π, π] — θ₀ its free value and θ̇ = θ_q q̇ the
relative angular velocity, the spring-damper applies the torque f = k (θ − θ₀) + c θ̇ to
body i and −f to body j. By virtual power

    Q = −f θ_qᵀ,        V = ½ k (θ − θ₀)²,                                   (J.1)

and its tangent

    ∂Q/∂q = −θ_qᵀ (k θ_q + c θ_qq q̇) − f θ_qq,        ∂Q/∂q̇ = −c θ_qᵀ θ_q,         (J.2)

with, for E = ∂e/∂q and a(e) = (−e_y, e_x)/‖e‖² the gradient of the angle of e,

    θ_q = a(e_j)ᵀ E_j − a(e_i)ᵀ E_i,      θ_qq = E_jᵀ A(e_j) E_j − E_iᵀ A(e_i) E_i,   (J.3)

A the angle's Hessian. Q is the exact gradient of V at every q (on the constraints or
off them, as a Newton iterate is), and on the constraints θ_q is the bodies' relative
angular-velocity Jacobian Ω_j − Ω_i. (J.3) holds as written where the frames are linear in
q (natural and basic coordinates: E constant); in the other families the tangent is a
central difference of (J.1) alone.

Example
-------
A bar pivoted at O held by a torsional spring of 50 N·m/rad, turned 0.1 rad from its
free angle: the spring pushes it back with 5 N·m, which on the bar's tip coordinates is a
force of 5 N across the 1 m bar.

>>> import numpy as np
>>> from mbtools import Mechanism, MassProperties, formulate
>>> m = Mechanism("bar")
>>> m.add_ground({"O": (0.0, 0.0)})
>>> m.add_body("bar", {"O": (0.0, 0.0), "P": (1.0, 0.0)}, mass=MassProperties(1.0, (0.5, 0.0), 1 / 12))
>>> m.add_revolute("ground", "bar", at="O")
>>> model = formulate(m, "natural")
>>> spring = RotationalSpring("ground", "bar", 50.0)
>>> q = np.array([np.cos(0.1), np.sin(0.1)])
>>> spring.generalized_force(model, 0.0, q, np.zeros(2)).round(6)
array([ 0.499167, -4.975021])
>>> round(spring.potential(model, q), 6)   # ½ k θ²
0.25
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass

import numpy as np

from ..description import GROUND
from ..errors import InputError
from ..model import Model
from ..model.arguments import is_real_number
from .differences import difference_quotients


@dataclass(frozen=True)
class RotationalSpring:
    """A torsional spring of stiffness k (N·m/rad) and damper c (N·m·s/rad) on the
    rotation of body j relative to body i (planar); ``free_angle`` θ₀ (rad) is its
    relaxed value, the drawn relative angle by default (None)."""

    body_i: str
    body_j: str
    stiffness: float
    free_angle: float | None = None
    damping: float = 0.0

    def __post_init__(self):
        where = self._where()
        check_two_bodies(where, self.body_i, self.body_j, "turn", "the joint")
        for slot, value, unit in (("stiffness", self.stiffness, "N·m/rad"), ("damping", self.damping, "N·m·s/rad")):
            if not is_real_number(value) or not np.isfinite(float(value)) or float(value) < 0:
                raise InputError(f"{where}: {slot} must be a finite number ≥ 0 in {unit}, got {value!r}.")
        if self.free_angle is not None and (not is_real_number(self.free_angle)
                                            or not np.isfinite(float(self.free_angle))):
            raise InputError(f"{where}: free_angle must be a finite number in rad (or None: as drawn), "
                             f"got {self.free_angle!r}.")

    def _where(self) -> str:
        return f"RotationalSpring {self.body_i}–{self.body_j}"

    def _check(self, model: Model) -> None:
        where = self._where()
        if model.mechanism.dimension != 2:
            raise InputError(f"{where}: a rotational spring between two bodies is planar (one relative angle). In "
                             "space use a Bushing with only its torsional stiffness, stiffness=(0, 0, 0, 0, 0, k), "
                             "and axes whose third column is the joint's axis.")
        known = [GROUND] + list(model.body_names)
        for body in (self.body_i, self.body_j):
            if body not in known:
                raise InputError(f"{where}: '{body}' is not a body of '{model.mechanism.name}'; its bodies are {known}.")

    def _axis(self, model: Model, q, body: str) -> tuple[np.ndarray, np.ndarray]:
        """(e, ∂e/∂q): the x axis of a body's frame, the first column of R, and its
        Jacobian (the ground's: fixed)."""
        n = model.n_coordinates
        if body == GROUND:
            return np.array([1.0, 0.0]), np.zeros((2, n))
        return model.placement(q, body).frame[:, 0], model.placement_jacobian(q, body)[1][:, 0, :]

    def relative_angle(self, model: Model, q) -> float:
        """θ: the angle from body i's x axis to body j's, in (−π, π]."""
        self._check(model)
        a, b = self._axis(model, q, self.body_i)[0], self._axis(model, q, self.body_j)[0]
        return float(np.arctan2(a[0] * b[1] - a[1] * b[0], a @ b))

    def _free_angle(self, model: Model) -> float:
        if self.free_angle is not None:
            return float(self.free_angle)
        drawn = _MODEL_FACTS.setdefault(model, {})
        key = ("drawn angle", self.body_i, self.body_j)
        if key not in drawn:
            drawn[key] = self.relative_angle(model, model.reference_q)
        return drawn[key]

    def _stretch(self, model: Model, q) -> float:
        """θ − θ₀, brought into (−π, π]."""
        d = self.relative_angle(model, q) - self._free_angle(model)
        return float((d + np.pi) % (2 * np.pi) - np.pi) if abs(d) > np.pi else d

    def _gradient(self, model: Model, q) -> np.ndarray:
        """θ_q = a(e_j)ᵀ E_j − a(e_i)ᵀ E_i, a(e) = (−e_y, e_x)/‖e‖² (J.3)."""
        gradient = np.zeros(model.n_coordinates)
        for body, sign in ((self.body_j, 1.0), (self.body_i, -1.0)):
            e, E = self._axis(model, q, body)
            gradient += sign * (np.array([-e[1], e[0]]) / (e @ e)) @ E
        return gradient

    def generalized_force(self, model: Model, t: float, q, qd) -> np.ndarray:
        """Q = −f θ_qᵀ (J.1)."""
        self._check(model)
        gradient = self._gradient(model, q)
        torque = self.stiffness * self._stretch(model, q) + self.damping * float(gradient @ qd)
        return -torque * gradient

    def body_wrenches(self, model: Model, t: float, q, qd) -> dict[str, tuple[np.ndarray, np.ndarray]]:
        """{body: (0, n)}: the couple f on body i and −f on body j (ground included)."""
        self._check(model)
        gradient = self._gradient(model, q)
        torque = self.stiffness * self._stretch(model, q) + self.damping * float(gradient @ qd)
        zero = np.zeros(2)
        return {self.body_i: (zero, np.array([torque])), self.body_j: (zero.copy(), np.array([-torque]))}

    def tangent(self, model: Model, t: float, q, qd) -> tuple[np.ndarray, np.ndarray]:
        """(∂Q/∂q, ∂Q/∂q̇) of (J.2): exact where both frames are linear in q, else central
        differences of this load's own force."""
        self._check(model)
        qd = np.asarray(qd, dtype=float)
        if not all(_frame_is_linear(model, body) for body in (self.body_i, self.body_j)):
            scale = model.length_scale
            speed = max(float(np.abs(qd).max(initial=0.0)), scale)
            return (difference_quotients(lambda x: self.generalized_force(model, t, x, qd), q, scale),
                    difference_quotients(lambda v: self.generalized_force(model, t, q, v), qd, speed))
        gradient = self._gradient(model, q)
        hessian = np.zeros((len(q), len(q)))
        for body, sign in ((self.body_j, 1.0), (self.body_i, -1.0)):
            e, E = self._axis(model, q, body)
            hessian += sign * E.T @ _angle_hessian(e) @ E
        torque = self.stiffness * self._stretch(model, q) + self.damping * float(gradient @ qd)
        K = -np.outer(gradient, self.stiffness * gradient + self.damping * (hessian @ qd)) - torque * hessian
        return K, -self.damping * np.outer(gradient, gradient)

    def potential(self, model: Model, q) -> float:
        """V = ½ k (θ − θ₀)²."""
        return 0.5 * self.stiffness * self._stretch(model, q) ** 2

    def shared_points(self, mechanism) -> dict[str, list[str]]:
        """None: the spring acts on bodies, not on points."""
        return {}


def check_two_bodies(where: str, body_i, body_j, motion: str, connector: str) -> None:
    """An InputError naming ``where`` unless body_i and body_j are two different bodies'
    names: a load between two bodies ``motion``s (turns, deflects) one relative to the other."""
    for slot, body in (("body_i", body_i), ("body_j", body_j)):
        if not isinstance(body, str) or not body:
            raise InputError(f"{where}: {slot} must be a body's name (a string), got {body!r}.")
    if body_i == body_j:
        raise InputError(f"{where}: both ends are the body '{body_i}', which cannot {motion} relative to itself: "
                         f"give the two bodies {connector} connects.")


#: Per model, what does not change with q: whether a body's frame is linear in q (a
#: symbolic check), the drawn relative angles.
_MODEL_FACTS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _frame_is_linear(model: Model, body: str) -> bool:
    """Whether the body's placement is linear in q (the ground's is), checked once per model."""
    if body == GROUND:
        return True
    facts = _MODEL_FACTS.setdefault(model, {})
    key = ("linear", body)
    if key not in facts:
        facts[key] = model.placement_is_linear(body)
    return facts[key]


def _angle_hessian(e: np.ndarray) -> np.ndarray:
    """∂²(atan2(e_y, e_x))/∂e² = [[2xy, y² − x²], [y² − x², −2xy]] / ‖e‖⁴."""
    x, y = e
    return np.array([[2 * x * y, y * y - x * x], [y * y - x * x, -2 * x * y]]) / (e @ e) ** 2
