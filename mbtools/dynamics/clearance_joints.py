"""Joints with clearance: a journal (a pin in the plane, a ball in space) in a bearing (a
hole, a socket) a little larger than it, held only by a compliant contact; and a shaft
in a bushing (a cylindrical joint with clearance) whose contact is cut into slices
along the bushing (:class:`CylindricalClearanceForce`).

The journal of radius R_J is centred at the point J of one body, the bearing of radius
R_B = R_J + c at the point B of another (c the radial clearance). Their eccentricity and
the indentation are

    e = r_J − r_B,      δ = ‖e‖ − c,      u = e/‖e‖,                              (J.1)

so that the surfaces touch where δ > 0, on the line of centres. The force on the journal
pushes it back to the centre: the normal of (K.1) is n = −u (from the bearing, body i, to
the journal, body j). The contact point is the journal's surface point on that line,

    c_J = r_J + R_J u,                                                              (J.2)

and G of (K.1) is the difference of the two bodies' material points there
(``material_point_jacobian``), so that the slip v_t = Tᵀ G q̇ counts both bodies'
rotations (the journal's surface turning in the bearing), while the approach rate is
δ̇ = uᵀ ė exactly: the material points' rotations about their centres have no component
along u. The law then gives F_n(δ, δ̇, δ̇⁻) and the friction f_t, and the rest is
(K.2)–(K.4) of ``mbtools.dynamics.compliant_contacts``: the joint is a load, its states
the dissipated energies, the approach speed of each contact (held) and the friction
states.

Example
-------
A pin of 10 mm in a hole of 10.5 mm, the pin's body pushed 0.6 mm off the hole's centre:

>>> import numpy as np
>>> from mbtools import Mechanism, MassProperties, formulate
>>> from mbtools.dynamics.contact_laws import Hertz
>>> m = Mechanism("pin in a hole")
>>> m.add_ground({"B": (0.0, 0.0)})
>>> m.add_body("pin", {"J": (0.0, 0.0), "D": (0.01, 0.0)}, mass=MassProperties(1.0, (0.0, 0.0), 1e-4),
...            free=True)
>>> model = formulate(m, "natural")
>>> joint = ClearanceJointForce("B", "J", clearance=5e-4, journal_radius=0.01, law=Hertz(1e9))
>>> joint.check(model)
>>> q = model.reference_q + np.array([6e-4, 0.0, 6e-4, 0.0])     # the pin moved 0.6 mm along x
>>> (contact,) = joint.contact_points(model, q)
>>> round(contact.delta, 12), contact.normal.round(12) + 0.0, contact.point.round(6) + 0.0  # + 0.0: no -0.
(0.0001, array([-1.,  0.]), array([0.0106, 0.    ]))
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..description import GROUND
from ..errors import InputError
from ..model import Model
from .compliant_contacts import (MINIMUM_IMPACT_SPEED, CompliantContact, ContactPoint, check_laws, check_number,
                                 tangent_basis)
from .load_points import material_point_jacobian, point_on_body


@dataclass(frozen=True, eq=False)
class ClearanceJointForce(CompliantContact):
    """A revolute joint with clearance (plane: a pin in a hole) or a spherical joint with
    clearance (space: a ball in a socket) as a compliant contact: equations (J.1)–(J.2)
    and (K.1)–(K.4).

    Parameters
    ----------
    bearing : str
        The point at the centre of the hole or socket.
    journal : str
        The point at the centre of the pin or ball; drawn within ``clearance`` of
        ``bearing`` (concentric, as a rule).
    clearance : float
        c > 0 (m): the bearing's radius less the journal's.
    journal_radius : float
        R_J > c (m): the pin's or ball's radius (where the contact point is, so what
        friction's lever arm is).
    law : object
        The normal law (``mbtools.dynamics.contact_laws``).
    friction : object, optional
        A friction law (``mbtools.dynamics.friction_laws``).
    bearing_body, journal_body : str, optional
        The bodies that carry the bearing and the journal; needed where the point is
        listed by more than one body.
    minimum_impact_speed : float
        The approach speed a contact is damped with at the least (m/s).
    """

    bearing: str
    journal: str
    clearance: float
    journal_radius: float
    law: object
    friction: object = None
    bearing_body: str | None = None
    journal_body: str | None = None
    minimum_impact_speed: float = MINIMUM_IMPACT_SPEED

    def __post_init__(self):
        where = self._where()
        for role in ("bearing", "journal"):
            name = getattr(self, role)
            if not isinstance(name, str) or not name:
                raise InputError(f"{where}: {role} is a point's name (a string such as 'B'), got {name!r}.")
        check_number(where, "clearance", self.clearance, "m", positive=True)
        check_number(where, "journal_radius", self.journal_radius, "m", positive=True)
        if self.clearance >= self.journal_radius:
            raise InputError(f"{where}: the clearance {self.clearance:.6g} m is not smaller than the journal's radius "
                             f"{self.journal_radius:.6g} m: a joint's clearance is a small fraction of its pin (give "
                             "the radial clearance, the bearing's radius less the journal's).")
        check_number(where, "minimum_impact_speed", self.minimum_impact_speed, "m/s", positive=True)
        if self.law is None:
            raise InputError(f"{where}: give a normal contact law (mbtools.dynamics.contact_laws).")
        check_laws(where, self.law, self.friction)

    def _where(self) -> str:
        return f"ClearanceJointForce of journal '{self.journal}' in bearing '{self.bearing}'"

    @property
    def label(self) -> str:
        return f"clearance joint {self.journal} in {self.bearing}"

    def n_contacts(self, model: Model) -> int:
        return 1

    # ------------------------------------------------------------ bodies
    def _body(self, model: Model, role: str) -> str:
        """The body that carries the bearing or the journal: the one named, else the only
        one that lists the point."""
        point, named = getattr(self, role), getattr(self, f"{role}_body")
        holders = model.mechanism.bodies_of_point(point)
        if not holders:
            raise InputError(f"{self._where()}: no body of '{model.mechanism.name}' lists the {role} point "
                             f"'{point}'; the points are {model.mechanism.all_points()}.")
        if named is not None:
            if named not in holders:
                raise InputError(f"{self._where()}: {role}_body '{named}' does not hold '{point}'; the bodies that "
                                 f"list it are {holders}.")
            return named
        if len(holders) > 1:
            raise InputError(f"{self._where()}: the {role} point '{point}' is listed by {holders}; name the one "
                             f"that carries the {role} with {role}_body=.")
        return holders[0]

    def bodies(self, model: Model) -> tuple[str, str]:
        """(bearing body, journal body)."""
        return self._body(model, "bearing"), self._body(model, "journal")

    def check(self, model: Model) -> None:
        where = self._where()
        bearing_body, journal_body = self.bodies(model)
        if bearing_body == journal_body:
            raise InputError(f"{where}: the bearing and the journal are both on body '{bearing_body}'; a joint "
                             "joins two bodies.")
        if self.bearing == self.journal:
            raise InputError(f"{where}: the bearing and the journal are the same point '{self.bearing}', which "
                             "joins the bodies rigidly (an ideal joint): give the journal a point of its own, drawn "
                             "at the same place.")
        for body in (bearing_body, journal_body):
            if body != GROUND:
                try:
                    material_point_jacobian(model, model.reference_q, body, model.placement(model.reference_q,
                                                                                            body).origin)
                except InputError as error:
                    raise InputError(f"{where}: {error}") from None
        q = model.reference_q
        gap = float(np.linalg.norm(self._centres(model, q)[2]))
        if gap > self.clearance * (1.0 + 1e-9):
            raise InputError(f"{where}: the journal is drawn {gap:.6g} m from the bearing's centre, more than the "
                             f"clearance {self.clearance!r} m (already pressed into the bearing): draw them "
                             "concentric.")

    # ------------------------------------------------------------ geometry (J.1)–(J.2)
    def _centres(self, model: Model, q):
        bearing_body, journal_body = self.bodies(model)
        r_b, J_b = point_on_body(model, q, self.bearing, bearing_body)
        r_j, J_j = point_on_body(model, q, self.journal, journal_body)
        return (r_b, J_b), (r_j, J_j), r_j - r_b

    def _geometry_differences(self, model: Model, function, q: np.ndarray) -> np.ndarray:
        """∂function/∂q for the geometric part of (K.6) with steps of 1e-4 c: the contact's
        normal e/‖e‖ turns on the scale of the clearance c, not of the bodies (the bodies'
        step, some 1e-6 m, would leave an error of (1e-6/c)² ≈ 1e-5 of the tangent)."""
        step = 1e-4 * self.clearance
        columns = []
        for j in range(len(q)):
            plus, minus = q.copy(), q.copy()
            plus[j] += step
            minus[j] -= step
            columns.append((function(plus) - function(minus)) / (2.0 * step))
        return np.column_stack(columns)

    def eccentricity(self, model: Model, q) -> np.ndarray:
        """e = r_J − r_B of (J.1)."""
        return self._centres(model, model.configuration(q))[2]

    def contact_points(self, model: Model, q) -> list[ContactPoint]:
        q = model.configuration(q)
        bearing_body, journal_body = self.bodies(model)
        _, (r_j, _), e = self._centres(model, q)
        length = float(np.linalg.norm(e))
        u = e / length if length > 0.0 else np.eye(len(e))[0]
        point = r_j + self.journal_radius * u
        G = (material_point_jacobian(model, q, journal_body, point)
             - material_point_jacobian(model, q, bearing_body, point))
        normal = -u
        return [ContactPoint(length - self.clearance, normal, tangent_basis(normal), G, point,
                             (bearing_body, journal_body))]


def bearing_stiffness(bearing_radius: float, journal_radius: float, young: float, poisson: float,
                      young_journal: float | None = None, poisson_journal: float | None = None) -> float:
    """K of Hertz's law K δ^{3/2} for a journal in its bearing, as Flores and co-workers
    take it from a sphere in a spherical seat (the conformal contact of two radii close
    to each other):

        K = 4/(3 (σ_B + σ_J)) · √(R_B R_J/(R_B − R_J)),   σ = (1 − ν²)/E.          (J.3)

    Parameters
    ----------
    bearing_radius, journal_radius : float
        R_B > R_J > 0 (m).
    young, poisson : float
        The bearing's Young modulus E (Pa) and Poisson ratio ν; the journal's the same
        unless ``young_journal`` and ``poisson_journal`` are given.

    Example
    -------
    Steel (E = 207 GPa, ν = 0.3), a 10 mm bearing on a 9.5 mm journal:

    >>> f"{bearing_stiffness(0.010, 0.0095, 207e9, 0.3):.4g}"
    '6.61e+10'
    """
    where = "bearing_stiffness"
    R_b = check_number(where, "bearing_radius", bearing_radius, "m", positive=True)
    R_j = check_number(where, "journal_radius", journal_radius, "m", positive=True)
    if R_j >= R_b:
        raise InputError(f"{where}: the journal's radius {R_j!r} m must be smaller than the bearing's {R_b!r} m.")
    compliance = 0.0
    for part, E, nu in (("bearing", young, poisson),
                        ("journal", young if young_journal is None else young_journal,
                         poisson if poisson_journal is None else poisson_journal)):
        E = check_number(where, f"the {part}'s Young modulus", E, "Pa", positive=True)
        nu = check_number(where, f"the {part}'s Poisson ratio", nu, "(no unit)")
        if nu >= 0.5:
            raise InputError(f"{where}: the {part}'s Poisson ratio must be below 0.5, got {nu!r}.")
        compliance += (1.0 - nu**2) / E
    return float(4.0 / (3.0 * compliance) * np.sqrt(R_b * R_j / (R_b - R_j)))


def _placed(model: Model, q, body: str, drawn) -> np.ndarray:
    """Where the material point of ``body`` drawn at ``drawn`` is at q."""
    if body == GROUND:
        return np.asarray(drawn, dtype=float)
    return model.placement(q, body).place(drawn)


@dataclass(frozen=True, eq=False)
class CylindricalClearanceForce(ClearanceJointForce):
    """A cylindrical joint with clearance: a journal (a shaft) of radius R_J in a bearing
    (a bushing) of length L, both along ``axis``, the contact discretised into ``slices``
    equal slices along the bearing. Slice k, at s_k = (k + ½) L/N − L/2 from the
    bearing's centre B, is (J.1)–(J.2) in its own plane normal to the bearing's axis u:
    with p_k the journal's axis point at s_k and b_k the bearing's,

        e_k = (p_k − b_k) − ((p_k − b_k)·u) u,     δ_k = ‖e_k‖ − c,                 (J.4)

    so that a tilted shaft touches at the bushing's ends first, and the joint carries a
    moment as well as a force. Each slice has the normal law ``law`` as given: for a
    joint of stiffness K in all, give K/N.

    Parameters
    ----------
    bearing, journal : str
        The points at the centres of the bushing and of the journal's part in it (drawn at
        the same place, as a rule).
    clearance, journal_radius : float
        c and R_J (m), as for :class:`ClearanceJointForce`.
    law : object
        The normal law of one slice.
    axis : array_like
        The common axis in the drawing (3 numbers; made unit), fixed in both bodies.
    length : float
        L > 0 (m): the bushing's length.
    slices : int
        N ≥ 1.
    friction, bearing_body, journal_body, minimum_impact_speed
        As for :class:`ClearanceJointForce`.
    """

    axis: object = (0.0, 0.0, 1.0)
    length: float = 0.0
    slices: int = 5

    def __post_init__(self):
        ClearanceJointForce.__post_init__(self)
        where = self._where()
        try:
            axis = np.asarray(self.axis, dtype=float)
        except (TypeError, ValueError):
            raise InputError(f"{where}: axis must be 3 numbers, got {self.axis!r}.") from None
        if axis.shape != (3,) or not np.isfinite(axis).all() or np.linalg.norm(axis) == 0:
            raise InputError(f"{where}: axis must be 3 finite numbers, not all zero (a cylindrical joint is spatial); "
                             f"got {self.axis!r}.")
        object.__setattr__(self, "axis", tuple(axis / np.linalg.norm(axis)))
        check_number(where, "length", self.length, "m", positive=True)
        if isinstance(self.slices, bool) or not isinstance(self.slices, (int, np.integer)) or self.slices < 1:
            raise InputError(f"{where}: slices must be a whole number ≥ 1 (the contact slices along the bushing), "
                             f"got {self.slices!r}.")

    def _where(self) -> str:
        return f"CylindricalClearanceForce of journal '{self.journal}' in bearing '{self.bearing}'"

    @property
    def label(self) -> str:
        return f"cylindrical clearance {self.journal} in {self.bearing}"

    def n_contacts(self, model: Model) -> int:
        return int(self.slices)

    def stations(self) -> np.ndarray:
        """s_k of (J.4) (m), from one end of the bushing to the other."""
        n = int(self.slices)
        return (np.arange(n) + 0.5) * self.length / n - 0.5 * self.length

    def check(self, model: Model) -> None:
        if model.mechanism.dimension != 3:
            raise InputError(f"{self._where()}: a cylindrical joint is spatial; '{model.mechanism.name}' is planar "
                             "(a pin in a hole is a ClearanceJointForce).")
        ClearanceJointForce.check(self, model)

    def contact_points(self, model: Model, q) -> list[ContactPoint]:
        q = model.configuration(q)
        bearing_body, journal_body = self.bodies(model)
        drawing = model.mechanism
        b0 = np.asarray(drawing.bodies[bearing_body].points[self.bearing], dtype=float)
        j0 = np.asarray(drawing.bodies[journal_body].points[self.journal], dtype=float)
        a0 = np.array(self.axis)
        b = _placed(model, q, bearing_body, b0)
        u = _placed(model, q, bearing_body, b0 + a0) - b
        u = u / np.linalg.norm(u)
        out = []
        for s in self.stations():
            p = _placed(model, q, journal_body, j0 + s * a0)
            d = p - b
            e = d - (d @ u) * u
            length = float(np.linalg.norm(e))
            radial = e / length if length > 0.0 else tangent_basis(u)[:, 0]
            point = p + self.journal_radius * radial
            G = (material_point_jacobian(model, q, journal_body, point)
                 - material_point_jacobian(model, q, bearing_body, point))
            normal = -radial
            out.append(ContactPoint(length - self.clearance, normal, tangent_basis(normal), G, point,
                                    (bearing_body, journal_body)))
        return out
