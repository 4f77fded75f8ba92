"""Compliant contacts: a contact force from the indentation of two surfaces and its rate,
with friction, as a load of the equations of motion.

A contact element gives, at q, its contact points c, each with the indentation δ ≥ 0
(positive in contact), the unit normal n (the direction in which the force pushes body j
away from body i), an orthonormal basis T of the tangent plane (dim × (dim − 1)) and the
Jacobian G of the relative position of the two bodies' material points at c,

    v = G q̇ = ṗ_j(c) − ṗ_i(c),      δ̇ = −nᵀ v,      v_t = Tᵀ v,                 (K.1)

(the approach rate δ̇ and the slip v_t). A normal law (``mbtools.dynamics.contact_laws``)
gives F_n(δ, δ̇, δ̇⁻) ≥ 0 and a friction law (``mbtools.dynamics.friction_laws``) the
tangential force f_t(v_t, F_n, z); the force on body j at c is F = F_n n + T f_t (−F on
body i), and by virtual power

    Q = Σ_c Gᵀ F.                                                              (K.2)

Its states (``mbtools.dynamics.load_states``) are laid as

    w = (E_n, E_t, δ̇⁻_1 … δ̇⁻_k, z_1 … z_k),                                      (K.3)

E_n the energy the normal law has dissipated (Ė_n = its ``dissipated_power`` ≥ 0), E_t the
work done against friction (Ė_t = −f_tᵀ v_t ≥ 0, bristle energy included), δ̇⁻ the approach
speed each contact remembers from its start (held; recorded when δ crosses 0 upwards,
never below ``minimum_impact_speed``), z the friction law's states (LuGre's bristle
deflection, reset to 0 at the start of each contact and held out of contact). In space
the tangent basis T turns with the normal (a ball rolling round its socket), and a
basis built from the normal alone jumps where it changes its reference axis; the
bristle deflection is therefore kept as a vector z fixed in space and read in the
current basis,

    z_t = Tᵀ z,      ż = T ż_t,                                                   (K.5)

so that it never jumps (a deflection carried round by a turning normal loses its
normal part: a second-order effect over the short relaxation time 1/(σ₀|v|/g) of the
bristles). The
potential V = Σ_c K δⁿ⁺¹/(n + 1) is the elastic energy of the normal law, so that

    T + V_gravity + V + E_n + E_t = constant                                    (K.4)

to the integrator's tolerance (``Trajectory.dissipated``).

The elements: :class:`PlaneContactForce` (a point on a plane fixed to the ground, in the
plane or in space, friction in any tangent direction) and :class:`SlidingFriction` (a
point sliding on a plane under a given normal force: a brake pad, a preloaded slide).
Their derivatives in q, q̇ and w, (K.6), exact in the laws, are in
``mbtools.dynamics.contact_tangents``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..errors import InputError
from ..model import Model
from ..model.arguments import is_real_number
from .contact_tangents import LinearisedContact
from .load_points import holder, material_point_jacobian, point_on_body

#: The smallest approach speed a contact law of Hunt–Crossley type is given (m/s): a contact
#: that starts slower (a resting contact) is damped as if it had started at this speed.
MINIMUM_IMPACT_SPEED = 1e-3


@dataclass(frozen=True)
class ContactPoint:
    """One contact point at q: indentation ``delta`` (> 0 in contact), unit ``normal`` (on
    body j, away from body i), tangent basis ``tangents`` (dim × (dim − 1)), ``jacobian`` G
    of (K.1) (dim × n), the ``point`` c where the force acts and the two ``bodies`` (i, j)."""

    delta: float
    normal: np.ndarray
    tangents: np.ndarray
    jacobian: np.ndarray
    point: np.ndarray
    bodies: tuple[str, str]


def tangent_basis(normal: np.ndarray) -> np.ndarray:
    """An orthonormal basis of the plane normal to ``normal`` (dim × (dim − 1)): J n in the
    plane; in space, the axis least aligned with n made normal to it, and n × that."""
    if len(normal) == 2:
        return np.array([[-normal[1]], [normal[0]]])
    axis = np.eye(3)[int(np.argmin(np.abs(normal)))]
    first = axis - (axis @ normal) * normal
    first /= np.linalg.norm(first)
    return np.column_stack([first, np.cross(normal, first)])


def check_number(where: str, what: str, value, unit: str, positive: bool = False) -> float:
    """A finite number ≥ 0 (> 0 with ``positive``), or an InputError naming it."""
    if not is_real_number(value) or not np.isfinite(float(value)) or float(value) < 0 or \
            (positive and float(value) == 0):
        bound = "> 0" if positive else "≥ 0"
        raise InputError(f"{where}: {what} must be a finite number {bound} in {unit}, got {value!r}.")
    return float(value)


class CompliantContact(LinearisedContact):
    """What every compliant contact element shares: the laws, the states (K.3), the force
    (K.2), its tangent and the energies. A subclass gives ``contact_points(model, q)``,
    ``n_contacts(model)``, ``label`` and ``check(model)``."""

    law = None
    friction = None
    minimum_impact_speed = MINIMUM_IMPACT_SPEED
    label = "contact"

    # ------------------------------------------------------------ states (K.3)
    def _friction_size(self, model: Model) -> int:
        """The friction states kept per contact: the law's in the plane; in space the
        bristle deflection as a vector of 3 components fixed in space (see (K.5))."""
        if self.friction is None or not hasattr(self.friction, "state_size"):
            return 0
        size = int(self.friction.state_size(model.mechanism.dimension))
        return 3 if size and model.mechanism.dimension == 3 else size

    @staticmethod
    def _tangential(contact: ContactPoint, z: np.ndarray) -> np.ndarray:
        """The law's state in the contact's tangent basis: z itself in the plane, Tᵀ z of
        the spatial vector in space (K.5)."""
        return contact.tangents.T @ z if len(z) == len(contact.normal) == 3 else z

    def _held(self) -> bool:
        return self.law is not None and bool(getattr(self.law, "needs_impact_speed", False))

    def state_size(self, model: Model) -> int:
        return 2 + self.n_contacts(model) * (1 + self._friction_size(model))

    def stiff_states(self, model: Model) -> bool:
        """Whether the states are stiff: a friction law with memory, whose bristles relax at
        σ₀|v|/g(v) while sliding (some 1e4 1/s in LuGre's block), unseen at rest."""
        return self._friction_size(model) > 0

    def state_names(self, model: Model) -> list[str]:
        k, f = self.n_contacts(model), self._friction_size(model)
        return ([f"{self.label}: dissipated energy", f"{self.label}: work against friction"]
                + [f"{self.label}: approach speed at contact {c + 1}" for c in range(k)]
                + [f"{self.label}: bristle deflection at contact {c + 1}" for c in range(k) for _ in range(f)])

    def _layout(self, model: Model) -> tuple[int, int]:
        """(k, f): the contacts and the friction states per contact, kept per model (the
        integrator asks at every stage)."""
        cached = self.__dict__.get("_layout_cache")
        if cached is not None and cached[0] is model:
            return cached[1]
        layout = (self.n_contacts(model), self._friction_size(model))
        object.__setattr__(self, "_layout_cache", (model, layout))
        return layout

    def _split(self, model: Model, w: np.ndarray):
        k, f = self._layout(model)
        return w[2:2 + k], w[2 + k:].reshape(k, f)

    def initial_states(self, model: Model, q, qd) -> np.ndarray:
        """E = 0, z = 0, and each contact's approach speed now (at least the minimum)."""
        k = self.n_contacts(model)
        w = np.zeros(self.state_size(model))
        qd = np.asarray(qd, dtype=float)
        w[2:2 + k] = [max(-c.normal @ (c.jacobian @ qd), self.minimum_impact_speed)
                      for c in self.contact_points(model, q)]
        return w

    def state_scales(self, model: Model, energy: float) -> np.ndarray:
        """Energies on ``energy``, approach speeds on 1 m/s (held: no error of their own),
        bristle deflections on μ_s/σ₀ (their largest steady value)."""
        k, f = self.n_contacts(model), self._friction_size(model)
        bristle = getattr(self.friction, "mu_static", 1.0) / getattr(self.friction, "sigma0", 1.0)
        return np.concatenate([[energy, energy], np.ones(k), np.full(k * f, bristle)])

    def _states(self, model: Model, q, qd, w) -> np.ndarray:
        return self.initial_states(model, q, qd) if w is None else np.asarray(w, dtype=float)

    # ------------------------------------------------------------ forces (K.1)–(K.2)
    def _normal_force(self, contact: ContactPoint, rate: float, speed: float) -> tuple[float, float]:
        """(F_n, the power the normal law dissipates) of a contact at δ̇ and δ̇⁻."""
        if not (np.isfinite(contact.delta) and np.isfinite(rate)):  # a trial stage far out: its NaN rejects it
            return float("nan"), float("nan")
        if contact.delta <= 0.0:
            return 0.0, 0.0
        return self.law.force_and_power(float(contact.delta), rate, float(speed) if self._held() else 1.0)

    def _evaluate(self, model: Model, q, qd, w):
        """For each contact: (contact, F on body j, δ̇, v_t, F_n, the normal law's
        dissipated power) with the states w (the last evaluation kept: the force and the
        state rates of one stage share it)."""
        q, qd, w = (np.asarray(x, dtype=float) for x in (q, qd, w))
        key = (id(model), q.tobytes(), qd.tobytes(), w.tobytes())
        last = self.__dict__.get("_last_evaluation")
        if last is not None and last[0] == key:
            return last[1]
        out = self._evaluate_now(model, q, qd, w)
        object.__setattr__(self, "_last_evaluation", (key, out))
        return out

    def _evaluate_now(self, model: Model, q, qd, w):
        speeds, bristles = self._split(model, w)
        out = []
        for c, contact in enumerate(self.contact_points(model, q)):
            v = contact.jacobian @ qd
            rate, slip = float(-contact.normal @ v), contact.tangents.T @ v
            normal, power = self._normal_force(contact, rate, speeds[c])
            if not (np.isfinite(normal) and np.isfinite(slip).all()):  # a trial stage far out: NaN rejects it
                out.append((contact, np.full(len(contact.normal), np.nan), rate, slip, float("nan"), float("nan")))
                continue
            force = normal * contact.normal
            if self.friction is not None and normal > 0.0:
                z = self._tangential(contact, bristles[c]) if bristles.shape[1] else None
                force = force + contact.tangents @ np.atleast_1d(self.friction.force(slip, normal, z))
            out.append((contact, force, rate, slip, normal, power))
        return out

    def generalized_force(self, model: Model, t: float, q, qd, w=None) -> np.ndarray:
        """Q of (K.2)."""
        w = self._states(model, q, qd, w)
        Q = np.zeros(model.n_coordinates)
        for contact, force, *_ in self._evaluate(model, q, qd, w):
            Q += contact.jacobian.T @ force
        return Q

    def potential(self, model: Model, q) -> float:
        """V = Σ_c K δⁿ⁺¹/(n + 1), the elastic energy of the normal law."""
        if self.law is None:
            return 0.0
        return float(sum(self.law.elastic_energy(c.delta) for c in self.contact_points(model, q) if c.delta > 0))

    def state_rates(self, model: Model, t: float, q, qd, w) -> np.ndarray:
        """ẇ of (K.3): the dissipated powers, zero for the held speeds, the friction law's
        state rates in contact (held out of it)."""
        w = np.asarray(w, dtype=float)
        rates = np.zeros_like(w)
        speeds, bristles = self._split(model, w)
        k, f = bristles.shape
        bristle_rates = np.zeros((k, f))
        for c, (contact, force, rate, slip, normal, power) in enumerate(self._evaluate(model, q, qd, w)):
            if not np.isfinite(normal):
                return np.full_like(w, np.nan)
            if normal <= 0.0:
                continue
            if self.law is not None:
                rates[0] += power
            if self.friction is not None:
                rates[1] -= float((contact.tangents.T @ force) @ slip)
                if f:
                    rate_t = self.friction.state_rate(slip, self._tangential(contact, bristles[c]))
                    bristle_rates[c] = contact.tangents @ rate_t if f == 3 else rate_t
        rates[2 + k:] = bristle_rates.ravel()
        return rates

    def dissipated_energy(self, w) -> float:
        """E_n + E_t of (K.3)."""
        return float(w[0] + w[1])

    # ------------------------------------------------------------ events
    def event_values(self, model: Model, q, w) -> np.ndarray:
        """δ of each contact where a contact's start must be recorded (the approach speed of
        a Hunt–Crossley-type law, the reset of friction states): crosses 0 upwards."""
        if not (self._held() or self._friction_size(model)):
            return np.zeros(0)
        return np.array([c.delta for c in self.contact_points(model, q)])

    def at_event(self, model: Model, q, qd, w, index: int) -> np.ndarray:
        """The start of contact ``index``: its approach speed recorded (at least
        ``MINIMUM_IMPACT_SPEED``), its friction states reset to 0."""
        w = np.array(w, dtype=float)
        k, f = self.n_contacts(model), self._friction_size(model)
        contact = self.contact_points(model, q)[index]
        w[2 + index] = max(float(-contact.normal @ (contact.jacobian @ np.asarray(qd, float))),
                           self.minimum_impact_speed)
        w[2 + k + index * f: 2 + k + (index + 1) * f] = 0.0
        return w

    # ------------------------------------------------------------ reactions
    def body_wrenches(self, model: Model, t: float, q, qd, w=None) -> dict:
        """{body: (F, n)}: each contact's force on body j and its opposite on body i, with
        their moments about each body's origin."""
        w = self._states(model, q, qd, w)
        dim = model.mechanism.dimension
        out: dict = {}
        for contact, force, *_ in self._evaluate(model, q, qd, w):
            for body, sign in zip(contact.bodies, (-1.0, 1.0)):
                origin = np.zeros(dim) if body == "ground" else model.placement(q, body).origin
                arm = contact.point - origin
                moment = np.atleast_1d(np.cross(arm, sign * force))
                F, M = out.get(body, (np.zeros(dim), np.zeros(1 if dim == 2 else 3)))
                out[body] = (F + sign * force, M + moment)
        return out

    def shared_points(self, mechanism) -> dict:
        return {}

    def contact_forces(self, model: Model, q, qd, w=None) -> np.ndarray:
        """(F_n, ‖f_t‖) of each contact, (k, 2)."""
        w = self._states(model, q, qd, w)
        return np.array([[normal, float(np.linalg.norm(contact.tangents.T @ force))]
                         for contact, force, _, _, normal, _ in self._evaluate(model, q, qd, w)])


class PointOnPlane:
    """A point (or a disc or sphere about it) against a plane fixed to the ground: the
    geometry :class:`PlaneContactForce` and :class:`SlidingFriction` share (their fields
    ``point``, ``normal``, ``offset``, ``radius`` and ``body``)."""

    def n_contacts(self, model: Model) -> int:
        return 1

    def check(self, model: Model) -> None:
        where = self._where()
        if len(self.normal) != model.mechanism.dimension:
            raise InputError(f"{where}: normal has {len(self.normal)} components; '{model.mechanism.name}' is "
                             f"{'planar' if model.mechanism.dimension == 2 else 'spatial'}.")
        holder(where, model, self.point, self.body)
        model.point_jacobian(model.reference_q, self.point)  # names an unknown point
        if self.radius > 0.0:
            body = self.body or model.mechanism.bodies_of_point(self.point)[0]
            try:
                material_point_jacobian(model, model.reference_q, body, model.point(model.reference_q, self.point))
            except InputError as error:
                raise InputError(f"{where} with radius {self.radius!r}: {error}") from None

    def _linear_geometry(self, model: Model):
        """(r_q, r₀, body) where the touching point is a point linear in q (r = r_q q + r₀:
        the point families' points, a point of the ground), kept per model; None where it
        is not (a pose family's point, a disc's lowest point)."""
        cached = self.__dict__.get("_geometry_cache")
        if cached is not None and cached[0] is model:
            return cached[1]
        geometry = None
        body = self.body or model.mechanism.bodies_of_point(self.point)[0]
        if self.radius == 0.0 and (self.body is None or model.facts.coordinates_are_positions) \
                and model.point_is_linear(self.point):
            q0 = model.reference_q
            r, r_q = point_on_body(model, q0, self.point, self.body)
            geometry = (r_q, r - r_q @ q0, body)
        object.__setattr__(self, "_geometry_cache", (model, geometry))
        return geometry

    def _constant_geometry(self, model: Model) -> bool:
        return self._linear_geometry(model) is not None

    def contact_points(self, model: Model, q) -> list[ContactPoint]:
        normal = np.array(self.normal)
        q = model.configuration(q)
        geometry = self._linear_geometry(model)
        if geometry is not None:
            r_q, r0, body = geometry
            r = r_q @ q + r0
        else:
            r, r_q = point_on_body(model, q, self.point, self.body)
            body = self.body or model.mechanism.bodies_of_point(self.point)[0]
        if self.radius > 0.0:
            r = r - self.radius * normal
            r_q = material_point_jacobian(model, q, body, r)
        return [ContactPoint(float(self.offset - normal @ r), normal, tangent_basis(normal), r_q, r,
                             ("ground", body))]


@dataclass(frozen=True, eq=False)
class PlaneContactForce(PointOnPlane, CompliantContact):
    """A point, or a disc or sphere about it, in compliant contact with a plane fixed to the
    ground: equations (K.1)–(K.4) with δ = h + ρ − nᵀ r (h the plane's ``offset``, r the
    point, ρ the ``radius``), T a fixed tangent basis. With a radius the force acts at the
    material point now lowest, r − ρ n, which changes as the body rolls: the tangential
    force's lever arm about the centre is ρ exactly.

    Parameters
    ----------
    point : str
        The point that touches the plane (a point of the description).
    normal : array_like
        The plane's normal, out of the ground towards the point (2 or 3 numbers; made unit).
    law : object
        The normal law (``mbtools.dynamics.contact_laws``: Hertz, HuntCrossley,
        LankaraniNikravesh, Flores).
    offset : float
        h: the plane is nᵀ r = h (m).
    friction : object, optional
        A friction law (``mbtools.dynamics.friction_laws``).
    body : str, optional
        The body whose copy of the point touches, where bodies share it.
    minimum_impact_speed : float
        The approach speed a contact is damped with at the least (m/s).
    radius : float
        ρ ≥ 0 (m): the point is the centre of a disc (plane) or sphere (space) of this
        radius carried by its body; 0 (default) for the point itself.
    """

    point: str
    normal: object
    law: object
    offset: float = 0.0
    friction: object = None
    body: str | None = None
    minimum_impact_speed: float = MINIMUM_IMPACT_SPEED
    radius: float = 0.0

    def __post_init__(self):
        where = self._where()
        if not isinstance(self.point, str) or not self.point:
            raise InputError(f"{where}: point is a point's name (a string such as 'P'), got {self.point!r}.")
        try:
            normal = np.asarray(self.normal, dtype=float)
        except (TypeError, ValueError):
            raise InputError(f"{where}: normal must be 2 or 3 numbers, got {self.normal!r}.") from None
        if normal.shape not in ((2,), (3,)) or not np.isfinite(normal).all() or np.linalg.norm(normal) == 0:
            raise InputError(f"{where}: normal must be 2 (plane) or 3 (space) finite numbers, not all zero; got "
                             f"{self.normal!r}.")
        object.__setattr__(self, "normal", tuple(normal / np.linalg.norm(normal)))
        if not is_real_number(self.offset) or not np.isfinite(float(self.offset)):
            raise InputError(f"{where}: offset must be a finite number (m), got {self.offset!r}.")
        check_number(where, "minimum_impact_speed", self.minimum_impact_speed, "m/s", positive=True)
        check_number(where, "radius", self.radius, "m")
        check_laws(where, self.law, self.friction)

    def _where(self) -> str:
        return f"PlaneContactForce at '{self.point}'"

    @property
    def label(self) -> str:
        return f"plane contact at {self.point}"

@dataclass(frozen=True, eq=False)
class SlidingFriction(PointOnPlane, CompliantContact):
    """Friction on a point sliding on a plane fixed to the ground under a given normal force
    N (a brake pad, a preloaded slide): (K.1)–(K.3) with F_n = N always, no normal law.

    Parameters
    ----------
    point : str
        The sliding point.
    normal : array_like
        The plane's normal (2 or 3 numbers).
    friction : object
        A friction law (``mbtools.dynamics.friction_laws``).
    normal_force : float
        N ≥ 0 (N).
    body : str, optional
        The body whose copy of the point slides, where bodies share it.
    """

    point: str
    normal: object
    friction: object
    normal_force: float = 1.0
    body: str | None = None

    def __post_init__(self):
        PlaneContactForce.__post_init__(self)
        check_number(self._where(), "normal_force", self.normal_force, "N")
        if self.friction is None:
            raise InputError(f"{self._where()}: give a friction law (mbtools.dynamics.friction_laws).")

    offset = 0.0
    radius = 0.0
    law = None

    def _where(self) -> str:
        return f"SlidingFriction at '{self.point}'"

    @property
    def label(self) -> str:
        return "friction"

    def contact_points(self, model: Model, q) -> list[ContactPoint]:
        (contact,) = super().contact_points(model, q)
        return [ContactPoint(1.0, contact.normal, contact.tangents, contact.jacobian, contact.point, contact.bodies)]

    def _normal_force(self, contact: ContactPoint, rate: float, speed: float) -> tuple[float, float]:
        return float(self.normal_force), 0.0

    def state_size(self, model: Model) -> int:  # no approach speed, no normal energy: (E_t, z)
        return CompliantContact.state_size(self, model)


def check_laws(where: str, law, friction) -> None:
    """The laws given to a contact element have the methods it calls."""
    if law is not None and not all(hasattr(law, m) for m in ("force", "elastic_energy", "dissipated_power")):
        raise InputError(f"{where}: law must be a normal contact law of mbtools.dynamics.contact_laws (Hertz, "
                         f"HuntCrossley, LankaraniNikravesh, Flores), got {type(law).__name__}.")
    if friction is not None and not all(hasattr(friction, m) for m in ("force", "dissipated_power")):
        raise InputError(f"{where}: friction must be a friction law of mbtools.dynamics.friction_laws "
                         f"(RegularisedCoulomb, StribeckFriction, LuGre), got {type(friction).__name__}.")
