"""Loads by virtual power: each load gives the generalized force Q with δW = Qᵀ δq.

* :class:`PointForce` — a force F on a named point: Q = r_qᵀ F (r_q the point's
  Jacobian), constant or a function of (t, r, ṙ);
* :class:`Spring` — a spring and damper between two points, tension
  f = k (ℓ − ℓ₀) + c ℓ̇ along the line, ℓ = |r_b − r_a|: Q = −f (r_b,q − r_a,q)ᵀ e, with
  potential ½ k (ℓ − ℓ₀)²;
* :class:`Torque` — a torque on a body (a vector in space): Q = Ω_qᵀ τ, Ω_q its angular-velocity Jacobian;
* :class:`~mbtools.dynamics.RotationalSpring` — a torsional spring-damper between two bodies;
* :class:`~mbtools.dynamics.Bushing` — a linear spring-damper between two body frames;
* compliant contacts with friction, in ``mbtools.dynamics.compliant_contacts``;
* :class:`DriverForce` — a motor: a torque (angle input) or force (slide input) f on an
  input's coordinate s(q), Q = s_qᵀ f, constant or f(t, s, ṡ).

Each is checked in the tests by the power it delivers along a motion, Qᵀ q̇ = F·ṙ, −f ℓ̇,
τ·ω, f ṡ; its ``body_wrenches`` (the force and moment on each body, for the reactions of
:mod:`mbtools.dynamics.body_reactions`) by giving back the same Q.

**Points shared by bodies.** A point listed by two bodies joined there (a pin A of a
crank and a rod) is one point to the motion, but not to the joint between them: a force
at A on the crank passes through the pin to the rod, a force on the rod does not. The
motion and the inputs' torques are the same either way; the pin's reaction differs by
the force. A load at a shared point therefore names the body it acts on —
``PointForce("A", F, body="rod")``, ``Spring("S", "A", k, l0, bodies=("ground", "rod"))``
(``None`` for an end whose point one body alone holds) — and where it does not, the
reactions (:mod:`mbtools.dynamics.reactions`, :func:`~mbtools.inverse_dynamics`,
``Trajectory.reactions``) refuse it by name rather than guess. A named body's copy of
the point is placed by the body's own placement, so the answer does not depend on which
body was drawn first.

Every load is checked where it is made (numbers finite, k, c, ℓ₀ ≥ 0, a function's
signature) and against the model by :func:`check_loads` (points, bodies, the number of
components, a function's value at the drawing).

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

import inspect
from dataclasses import dataclass
import numpy as np

from ..errors import InputError
from ..model.arguments import is_real_number
from ..model import Model
from .differences import difference_quotients
from .bushings import Bushing
from .clearance_joints import ClearanceJointForce
from .compliant_contacts import PlaneContactForce, SlidingFriction
from .joint_springs import RotationalSpring
from .load_points import angular_velocity_jacobian_derivative, contract, holder, load_point, point_on_body
from .load_wrenches import Wrenches, driver_wrenches, point_body

#: What each kind of load's function is called with, for the messages.
SIGNATURES = {"PointForce": "f(t, r, v) → F: the time, the point's position and velocity",
              "Torque": "f(t, q, qd) → τ: the time, the coordinates and their rates",
              "DriverForce": "f(t, s, sd) → f: the time, the input's value and rate"}


def _name(where: str, what: str, value) -> str:
    if not isinstance(value, str) or not value:
        raise InputError(f"{where}: {what} is a name (a string such as 'B'), got {type(value).__name__} {value!r}.")
    return value


def _parameter(where: str, what: str, value, unit: str) -> float:
    """A finite number ≥ 0 (a stiffness, a damping, a free length)."""
    if not is_real_number(value):
        hint = " (write the number without quotes)" if isinstance(value, str) else ""
        raise InputError(f"{where}: {what} must be a number ≥ 0 in {unit}, got {type(value).__name__} {value!r}{hint}.")
    if not np.isfinite(float(value)) or float(value) < 0:
        raise InputError(f"{where}: {what} must be a finite number ≥ 0 in {unit}, got {float(value):g}.")
    return float(value)


def _constant_or_function(where: str, kind: str, value, sizes: tuple[int, ...]):
    """A load's value as given: a function (its signature checked) or finite numbers."""
    if callable(value) and not isinstance(value, np.ndarray):
        try:
            signature = inspect.signature(value)
        except (TypeError, ValueError):  # a builtin without a signature: checked when first called
            return value
        try:
            signature.bind(0.0, np.zeros(1), np.zeros(1))
        except TypeError:
            raise InputError(f"{where}: the function must take three arguments, {SIGNATURES[kind]}; "
                             f"yours takes {signature}.") from None
        return value
    if isinstance(value, str) or (isinstance(value, (tuple, list)) and any(isinstance(v, str) for v in value)):
        raise InputError(f"{where}: the load must be numbers (or a function {SIGNATURES[kind]}), got the string "
                         f"{value!r}; write the numbers without quotes.")
    try:
        array = np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        raise InputError(f"{where}: the load must be numbers (or a function {SIGNATURES[kind]}), got "
                         f"{type(value).__name__} {value!r}.") from None
    if array.ndim > 1 or array.size not in sizes:
        raise InputError(f"{where}: give {' or '.join(map(str, sizes))} number(s), got shape {array.shape}.")
    if not np.isfinite(array).all():
        raise InputError(f"{where}: the load is not finite ({value!r}); give finite numbers.")
    return value


def _value(load, f, t, *state) -> np.ndarray:
    value = f(t, *state) if callable(f) else f
    if isinstance(value, str):
        raise InputError(f"{load}: the load must be numbers (or a function giving numbers), got {value!r}.")
    try:
        array = np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        raise InputError(f"{load}: the load must be numbers (or a function giving numbers), got {value!r}.") from None
    if not np.isfinite(array).all():
        raise InputError(f"{load}: its function gave {value!r} at t = {float(t):.6g} s, not finite numbers: check "
                         "its formula (a division by zero?).")
    return array


@dataclass(frozen=True)
class PointForce:
    """A force on a named point, constant or f(t, r, ṙ) → F (N, ground axes); ``body``:
    the body it acts on, where the point is shared (see the module)."""

    point: str
    force: object
    body: str | None = None

    def __post_init__(self):
        _name("PointForce", "point", self.point)
        where = f"PointForce on '{self.point}'"
        _constant_or_function(where, "PointForce", self.force, (2, 3))
        if self.body is not None:
            _name(where, "body", self.body)

    def generalized_force(self, model: Model, t: float, q, qd) -> np.ndarray:
        where = f"PointForce on '{self.point}'"
        r, J = point_on_body(model, q, self.point, holder(where, model, self.point, self.body))
        return J.T @ self._checked(model, _value(where, self.force, t, r, J @ qd))

    def body_wrenches(self, model: Model, t: float, q, qd) -> dict[str, tuple[np.ndarray, np.ndarray]]:
        """{body: (F, n)}: F on the body it acts on, n about that body's origin
        (:mod:`mbtools.dynamics.load_wrenches`, equation (W.1))."""
        where = f"PointForce on '{self.point}'"
        body = point_body(model, self.point, holder(where, model, self.point, self.body))
        r, J = point_on_body(model, q, self.point, body)
        out = Wrenches(model, q)
        out.force(body, self.point, self._checked(model, _value(where, self.force, t, r, J @ qd)))
        return dict(out)

    def tangent(self, model: Model, t: float, q, qd) -> tuple[np.ndarray, np.ndarray]:
        """(∂Q/∂q, ∂Q/∂q̇) of Q = Jᵀ F, J = r_q, exact in every family (equation (1) of
        :mod:`mbtools.dynamics.load_points`): with H = ∂²r/∂q² (zero where r is linear in q,
        as in natural and basic coordinates) and F(t, r, ṙ), ṙ = J q̇,

            ∂Q/∂q = Jᵀ (F_r J + F_ṙ H q̇) + Σ_i F_i H_i,        ∂Q/∂q̇ = Jᵀ F_ṙ J,

        F_r and F_ṙ by central differences of the function alone (``_function_derivatives``);
        zero for a constant force where r is linear."""
        n = model.n_coordinates
        where = f"PointForce on '{self.point}'"
        point = load_point(model, q, self.point, holder(where, model, self.point, self.body), curvature=True)
        if not callable(self.force) and point.hessian is None:
            return np.zeros((n, n)), np.zeros((n, n))
        J = point.jacobian
        F = self._checked(model, _value(where, self.force, t, point.position, J @ qd))
        K, C = np.zeros((n, n)), np.zeros((n, n))
        if callable(self.force):
            F_r, F_v = _function_derivatives(lambda x, v: _value(where, self.force, t, x, v), point.position,
                                             J @ qd, model.length_scale)
            velocity_q = point.velocity_jacobian(qd)
            K = J.T @ (F_r @ J if velocity_q is None else F_r @ J + F_v @ velocity_q)
            C = J.T @ F_v @ J
        curvature = point.curvature_force(F)
        return (K if curvature is None else K + curvature), C

    def _checked(self, model: Model, F: np.ndarray) -> np.ndarray:
        if F.shape != (model.mechanism.dimension,):
            raise InputError(f"PointForce on '{self.point}': the force has {F.size} components; it needs "
                             f"{model.mechanism.dimension}.")
        return F

    def potential(self, model: Model, q) -> float:
        """−F·r for a constant force (a uniform field), else 0 (not conservative)."""
        if callable(self.force):
            return 0.0
        return float(-np.asarray(self.force, dtype=float) @ point_on_body(model, q, self.point, self.body)[0])

    def shared_points(self, mechanism) -> dict[str, list[str]]:
        """{point: the bodies that list it} where the point is shared and no body is named."""
        return _shared(mechanism, [(self.point, self.body)])


@dataclass(frozen=True)
class Spring:
    """A spring of stiffness k (N/m) and free length ℓ₀ (m), and a damper c (N·s/m),
    between points a and b; ``bodies`` = (body of a, body of b), where a point is shared
    (``None`` for an end one body alone holds; see the module)."""

    a: str
    b: str
    stiffness: float
    free_length: float
    damping: float = 0.0
    bodies: tuple | None = None

    def __post_init__(self):
        _name("Spring", "its first end a", self.a)
        _name("Spring", "its second end b", self.b)
        where = f"Spring {self.a}–{self.b}"
        if self.a == self.b:
            raise InputError(f"{where}: both ends are the point '{self.a}', so it has no length or direction: "
                             "give two different points.")
        _parameter(where, "stiffness", self.stiffness, "N/m")
        _parameter(where, "free_length", self.free_length, "m")
        _parameter(where, "damping", self.damping, "N·s/m")
        if self.bodies is not None:
            if isinstance(self.bodies, str) or not isinstance(self.bodies, (tuple, list)) or len(self.bodies) != 2:
                raise InputError(f"{where}: bodies takes a pair (body of '{self.a}', body of '{self.b}'), such as "
                                 f"('crank', 'rod'), None for an end one body alone holds; got {self.bodies!r}.")
            for body in self.bodies:
                if body is not None:
                    _name(where, "bodies", body)

    def _ends(self, model: Model, q, curvature: bool = False):
        """(d, D, H) of d = r_b − r_a: D = ∂d/∂q and, with ``curvature``, H = ∂²d/∂q² (None
        where both ends are linear in q)."""
        where = f"Spring {self.a}–{self.b}"
        bodies = self.bodies or (None, None)
        a = load_point(model, q, self.a, holder(where, model, self.a, bodies[0]), curvature)
        b = load_point(model, q, self.b, holder(where, model, self.b, bodies[1]), curvature)
        if a.hessian is None and b.hessian is None:
            hessian = None
        else:
            hessian = (b.hessian if b.hessian is not None else 0.0) - (a.hessian if a.hessian is not None else 0.0)
        return b.position - a.position, b.jacobian - a.jacobian, hessian

    def _geometry(self, model: Model, q, qd, curvature: bool = False):
        d, D, H = self._ends(model, q, curvature)
        length = float(np.linalg.norm(d))
        if length == 0.0:
            raise InputError(f"Spring {self.a}–{self.b}: its ends meet, so it has no direction.")
        e = d / length
        return length, e, D, float(e @ (D @ qd)), H

    def generalized_force(self, model: Model, t: float, q, qd) -> np.ndarray:
        length, e, D, rate, _ = self._geometry(model, q, qd)
        tension = self.stiffness * (length - self.free_length) + self.damping * rate
        return -tension * D.T @ e

    def body_wrenches(self, model: Model, t: float, q, qd) -> dict[str, tuple[np.ndarray, np.ndarray]]:
        """{body: (F, n)}: −f e at b and f e at a, on the bodies that hold them, n about
        their origins (:mod:`mbtools.dynamics.load_wrenches`)."""
        length, e, _, rate, _ = self._geometry(model, q, qd)
        tension = self.stiffness * (length - self.free_length) + self.damping * rate
        bodies = self.bodies or (None, None)
        where = f"Spring {self.a}–{self.b}"
        out = Wrenches(model, q)
        for point, body, sign in ((self.a, bodies[0], 1.0), (self.b, bodies[1], -1.0)):
            out.force(point_body(model, point, holder(where, model, point, body)), point, sign * tension * e)
        return dict(out)

    def tangent(self, model: Model, t: float, q, qd) -> tuple[np.ndarray, np.ndarray]:
        """(∂Q/∂q, ∂Q/∂q̇) of the spring-damper, exact in every family. With d = r_b − r_a,
        D = ∂d/∂q, H = ∂²d/∂q² (zero where the ends are linear in q, as in natural and basic
        coordinates), L = ‖d‖, e = d/L, ḋ = D q̇, T = k (L − L₀) + c e·ḋ, P = (I − e eᵀ)/L and
        Q = −T Dᵀ e:

            ∂Q/∂q = −Dᵀ (k e eᵀ + c e ḋᵀ P + T P) D − T Σ_i e_i H_i − c Dᵀ e (eᵀ H q̇)ᵀ,
            ∂Q/∂q̇ = −c Dᵀ e eᵀ D

        (the last two terms of ∂Q/∂q: D and ḋ turning with q, equation (1) of
        :mod:`mbtools.dynamics.load_points`).
        """
        length, e, D, rate, H = self._geometry(model, q, qd, curvature=True)
        tension = self.stiffness * (length - self.free_length) + self.damping * rate
        across = (np.eye(len(e)) - np.outer(e, e)) / length
        d_rate = D @ qd
        block = self.stiffness * np.outer(e, e) + self.damping * np.outer(e, d_rate @ across) + tension * across
        De = D.T @ e
        K = -D.T @ block @ D
        if H is not None:
            eH = contract(e, H)  # Σ_i e_i H_i
            K -= tension * eH + self.damping * np.outer(De, eH @ qd)
        return K, -self.damping * np.outer(De, De)

    def potential(self, model: Model, q) -> float:
        length = float(np.linalg.norm(self._ends(model, q)[0]))
        return 0.5 * self.stiffness * (length - self.free_length) ** 2

    def shared_points(self, mechanism) -> dict[str, list[str]]:
        """{point: the bodies that list it} of the ends that are shared with no body named."""
        bodies = self.bodies or (None, None)
        return _shared(mechanism, [(self.a, bodies[0]), (self.b, bodies[1])])


@dataclass(frozen=True)
class Torque:
    """A torque on a body: a number (plane, counter-clockwise) or a 3-vector (space),
    constant or τ(t, q, q̇)."""

    body: str
    torque: object

    def __post_init__(self):
        _name("Torque", "body", self.body)
        _constant_or_function(f"Torque on '{self.body}'", "Torque", self.torque, (1, 3))

    def generalized_force(self, model: Model, t: float, q, qd) -> np.ndarray:
        tau = _value(f"Torque on '{self.body}'", self.torque, t, q, qd)
        Omega, dim = model.angular_velocity_jacobian(q, self.body), model.mechanism.dimension  # Ω: (1 or 3) × n
        if tau.size != (1 if dim == 2 else 3):
            raise InputError(f"Torque on '{self.body}': give {'one number' if dim == 2 else 'three components'}.")
        return Omega.T @ tau.reshape(-1)

    def body_wrenches(self, model: Model, t: float, q, qd) -> dict[str, tuple[np.ndarray, np.ndarray]]:
        """{body: (0, τ)}: a couple on its body."""
        self.generalized_force(model, t, q, qd)  # the checks, by name
        (out := Wrenches(model, q)).couple(self.body, _value(f"Torque on '{self.body}'", self.torque, t, q, qd))
        return dict(out)

    def tangent(self, model: Model, t: float, q, qd) -> tuple[np.ndarray, np.ndarray]:
        """(∂Q/∂q, ∂Q/∂q̇) of Q = Ω_qᵀ τ, exact in every family: Ω_q's column k is ω of
        W_k = R_{,k} Rᵀ (its skew part), so ∂W_k/∂q_j = R_{,kj} Rᵀ + R_{,k} R_{,j}ᵀ (the first
        term zero where R is linear in q, as in natural coordinates;
        :func:`~mbtools.dynamics.load_points.angular_velocity_jacobian_derivative`) and

            ∂Q_k/∂q_j = τ · ω(∂W_k/∂q_j) + (Ω_qᵀ τ_q)_{kj},        ∂Q/∂q̇ = Ω_qᵀ τ_q̇,

        τ_q and τ_q̇ by central differences of the function alone where τ(t, q, q̇) is given."""
        where = f"Torque on '{self.body}'"
        tau = _value(where, self.torque, t, q, qd).reshape(-1)
        if tau.size != (1 if model.mechanism.dimension == 2 else 3):
            self.generalized_force(model, t, q, qd)  # the error, by name
        K = contract(tau, angular_velocity_jacobian_derivative(model, q, self.body))
        n = model.n_coordinates
        C = np.zeros((n, n))
        if callable(self.torque):
            Omega = model.angular_velocity_jacobian(q, self.body)
            tau_q, tau_qd = _function_derivatives(lambda x, v: _value(where, self.torque, t, x, v), q, qd,
                                                  model.length_scale)
            K = K + Omega.T @ tau_q
            C = Omega.T @ tau_qd
        return K, C

    def potential(self, model: Model, q) -> float:
        return 0.0

    def shared_points(self, mechanism) -> dict[str, list[str]]:
        return {}


@dataclass(frozen=True)
class DriverForce:
    """A motor on an input of the description: a torque (N·m, angle input) or a force
    (N, slide input) along the input's coordinate s(q), constant or f(t, s, ṡ). The input
    stays free (it is not prescribed): the motor is a load like any other."""

    input: str
    force: object

    def __post_init__(self):
        _name("DriverForce", "input", self.input)
        _constant_or_function(f"DriverForce on '{self.input}'", "DriverForce", self.force, (1,))

    def generalized_force(self, model: Model, t: float, q, qd) -> np.ndarray:
        value, gradient = self._magnitude(model, t, q, qd)
        return value * gradient

    def _magnitude(self, model: Model, t: float, q, qd) -> tuple[float, np.ndarray]:
        """(f, s_q): the motor's value and its input's gradient, checked."""
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
        return float(value.reshape(-1)[0]), gradient

    def body_wrenches(self, model: Model, t: float, q, qd) -> dict[str, tuple[np.ndarray, np.ndarray]]:
        """{body: (F, n)}: f times the gradient of the input's measure, spread over its
        points (:func:`~mbtools.dynamics.load_wrenches.driver_wrenches`)."""
        return dict(driver_wrenches(model, q, self.input, self._magnitude(model, t, q, qd)[0]))

    def tangent(self, model: Model, t: float, q, qd) -> tuple[np.ndarray, np.ndarray]:
        """(∂Q/∂q, ∂Q/∂q̇) of Q = f s_q in every family, with H = ∂²s/∂q² (``model.input_hessian``)
        and ṡ = s_q q̇:

            ∂Q/∂q = f H + s_q (f_s s_q + f_ṡ H q̇)ᵀ,        ∂Q/∂q̇ = f_ṡ s_q s_qᵀ,

        f_s and f_ṡ by central differences of the function alone where f(t, s, ṡ) is given."""
        self.generalized_force(model, t, q, qd)  # the checks, by name
        k = model.input_names.index(self.input)
        gradient = model.input_jacobian(q)[k]
        hessian = model.input_hessian(q)[k]
        where = f"DriverForce on '{self.input}'"
        rate = float(gradient @ qd)
        n = model.n_coordinates
        if not callable(self.force):
            return float(_value(where, self.force, t).reshape(-1)[0]) * hessian, np.zeros((n, n))
        s = model.measured_inputs(q)[k]
        value = float(_value(where, self.force, t, s, rate).reshape(-1)[0])
        f_s, f_sd = (float(d[0, 0]) for d in _function_derivatives(
            lambda x, v: _value(where, self.force, t, x[0], v[0]), np.array([s]), np.array([rate]), 1.0))
        K = value * hessian + np.outer(gradient, f_s * gradient + f_sd * (hessian @ qd))
        return K, f_sd * np.outer(gradient, gradient)

    def potential(self, model: Model, q) -> float:
        return 0.0

    def shared_points(self, mechanism) -> dict[str, list[str]]:
        return {}


def _function_derivatives(function, x: np.ndarray, v: np.ndarray, scale: float) -> tuple[np.ndarray, np.ndarray]:
    """(∂f/∂x, ∂f/∂v) of a load's own function f(x, v) by central differences
    (``mbtools.dynamics.differences.difference_quotients``): a few calls of the function, not of
    the system. Not the complex step: a user's function with abs, max or a comparison would
    take it silently wrong."""
    speed = max(float(np.abs(v).max(initial=0.0)), scale)
    return (difference_quotients(lambda y: function(y, v), x, scale),
            difference_quotients(lambda w: function(x, w), v, speed))


LOADS: tuple[type, ...] = (PointForce, Spring, Torque, DriverForce, RotationalSpring, Bushing, PlaneContactForce,
                           SlidingFriction, ClearanceJointForce)
KINDS = ", ".join(kind.__name__ for kind in LOADS[:-1]) + " or " + LOADS[-1].__name__

def _shared(mechanism, ends) -> dict[str, list[str]]:
    out = {}
    for point, body in ends:
        holders = mechanism.bodies_of_point(point)
        if body is None and len(holders) > 1:
            out[point] = holders
    return out


def check_loads(model: Model, loads) -> tuple:
    """The loads of a system as a tuple, each checked against ``model``: a list (not a
    single load), loads of the six kinds, their points, bodies and inputs known, and
    their values at the drawing at rest finite and of the right size (a function is
    called once there).

    Raises
    ------
    InputError
        Naming the load and what to pass.
    """
    if isinstance(loads, LOADS):
        raise InputError(f"loads takes a list of loads, such as loads=[{type(loads).__name__}(...)]; got one "
                         f"{type(loads).__name__}: put it in brackets.")
    if loads is None:
        return ()
    if isinstance(loads, (str, dict)) or not isinstance(loads, (list, tuple)):
        raise InputError(f"loads takes a list of {KINDS} (mbtools.dynamics), got {type(loads).__name__} {loads!r}.")
    for load in loads:
        if not isinstance(load, LOADS):
            raise InputError(f"loads takes {KINDS} (mbtools.dynamics), got {type(load).__name__}.")
        if hasattr(load, "check"):
            load.check(model)
        load.generalized_force(model, 0.0, model.reference_q, np.zeros(model.n_coordinates))
    return tuple(loads)


def refuse_shared_points(loads, mechanism, what: str) -> None:
    """An InputError naming the first load at a point shared by several bodies with no
    body named: ``what`` (a joint's reaction, say) depends on which body it acts on."""
    for load in loads:
        shared = load.shared_points(mechanism)
        for point, holders in shared.items():
            joints = [j.name for j in mechanism.joints if getattr(j, "at", None) == point] or ["the joint there"]
            if isinstance(load, Spring):
                ends = [repr(shared[p][0]) if p in shared else "None" for p in (load.a, load.b)]
                slot = f"bodies=({', '.join(ends)})"
            else:
                slot = f"body={holders[0]!r}"
            raise InputError(f"{_label(load)} acts at '{point}', which the bodies {holders} share, so {what} at "
                             f"{', '.join(joints)} depends on which of them it acts on: name it, such as {slot} "
                             f"(any of {holders}).")


def _label(load) -> str:
    if isinstance(load, Spring):
        return f"Spring {load.a}–{load.b}"
    return f"PointForce on '{load.point}'"
