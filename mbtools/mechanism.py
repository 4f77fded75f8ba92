"""A mechanism described once, independently of any coordinates.

A :class:`Mechanism` is drawn in one assembled *reference configuration*: each body
lists its named points at their positions in that drawing. Lengths, areas and angles
that the rigid bodies keep are read from the drawing, so the description cannot be
inconsistent with itself. Joints say which bodies meet and how; drivers name the
inputs. A formulation (``mbtools.formulate``) turns the description into a model in
one family of coordinates; the drawing is also the default guess of the position
problem.

Example
-------
A pendulum hinged at the origin, driven by its angle:

>>> from mbtools import Mechanism
>>> m = Mechanism("pendulum")
>>> m.add_ground({"O": (0.0, 0.0)})
>>> m.add_body("bar", {"O": (0.0, 0.0), "P": (1.0, 0.0)})
>>> m.add_revolute("ground", "bar", at="O")
>>> m.add_angle_driver("swing", tail="O", head="P")
>>> m.check()
>>> m.moving_points()
['P']
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from .errors import MechanismError
from .inertia import MassProperties, checked_mass_properties

GROUND = "ground"


def _require_identifier(kind: str, label, where: str) -> None:
    """Names become parts of symbol names (x_B, u_x, theta_crank): letters, digits and
    underscores only, not starting with a digit."""
    if not isinstance(label, str) or not label.isidentifier():
        suggestion = "_".join(str(label).replace(",", " ").replace(":", " ").split()) or "A"
        if not suggestion.isidentifier():
            suggestion = "P_" + "".join(c for c in suggestion if c.isalnum() or c == "_")
        raise MechanismError(
            f"{kind} name {label!r}{where} is not usable: names are letters, digits and "
            f"underscores, not starting with a digit (for example {suggestion!r})."
        )


@dataclass(frozen=True)
class Body:
    """A rigid body: its name, its named points and its named unit vectors (spatial
    mechanisms: joint axes), as they are in the reference drawing, and its mass
    properties if given (:class:`~mbtools.inertia.MassProperties`)."""

    name: str
    points: dict[str, np.ndarray]
    is_ground: bool = False
    vectors: dict[str, np.ndarray] = field(default_factory=dict)
    mass: MassProperties | None = None


@dataclass(frozen=True)
class Revolute:
    """A revolute pair (R): the two bodies share the point ``at`` and, in space, the
    unit vector ``axis`` of the joint."""

    name: str
    body_i: str
    body_j: str
    at: str
    axis: str | None = None


@dataclass(frozen=True)
class Spherical:
    """A spherical pair (S): the two bodies share the point ``at``."""

    name: str
    body_i: str
    body_j: str
    at: str


@dataclass(frozen=True)
class Cylindrical:
    """A cylindrical pair (C): the two bodies share the unit vector ``axis``; point
    ``point_i`` of body i and ``point_j`` of body j stay on one line along it."""

    name: str
    body_i: str
    body_j: str
    axis: str
    point_i: str
    point_j: str


@dataclass(frozen=True)
class Universal:
    """A universal (Cardan) joint (U): the bodies share the point ``at``; the cross's
    arms, ``axis_i`` on body i and ``axis_j`` on body j, keep their angle."""

    name: str
    body_i: str
    body_j: str
    at: str
    axis_i: str
    axis_j: str


@dataclass(frozen=True)
class Prismatic:
    """A planar prismatic pair (P), the paper's Fig. 6b.

    Point ``slider_points[0]`` (k) of the slider keeps its distance to the line through
    the guide points (i, j), and the slider direction k→q keeps its angle to i→j.
    """

    name: str
    guide_body: str
    guide_points: tuple[str, str]
    slider_body: str
    slider_points: tuple[str, str]

    @property
    def body_i(self) -> str:
        return self.guide_body

    @property
    def body_j(self) -> str:
        return self.slider_body


@dataclass(frozen=True)
class AngleDriver:
    """Input: the angle of the vector tail→head (radians).

    In the plane it is measured from +x. In space it is the angle about the ground
    unit vector ``axis`` of the projection of tail→head, measured from ``reference``
    (a direction perpendicular to the axis, fixed to the ground).
    """

    name: str
    tail: str
    head: str
    axis: str | None = None
    reference: tuple[float, ...] | None = None


@dataclass(frozen=True)
class SlideDriver:
    """Input: the distance of ``point`` along the guide i→j, measured from i."""

    name: str
    guide_points: tuple[str, str]
    point: str


@dataclass(frozen=True)
class Translational(Cylindrical):
    """A prismatic pair in space (a translational joint): a cylindrical pair that also
    keeps the two bodies from turning about its axis."""


@dataclass(frozen=True)
class Rigid:
    """A rigid joint (weld): the two bodies move as one."""

    name: str
    body_i: str
    body_j: str


Driver = AngleDriver | SlideDriver
Joint = Revolute | Spherical | Cylindrical | Translational | Universal | Prismatic | Rigid
SHARED_POINT_JOINTS = (Revolute, Spherical, Universal, Rigid)
SHARED_VECTOR_JOINTS = (Revolute, Cylindrical, Rigid)

# Joint freedoms f_i for the Grübler–Kutzbach count, planar and spatial
JOINT_FREEDOMS = {
    2: {Revolute: 1, Prismatic: 1, Rigid: 0},
    3: {Revolute: 1, Spherical: 3, Cylindrical: 2, Translational: 1, Universal: 2, Rigid: 0},
}


@dataclass
class Mechanism:
    """A mechanism: ground, bodies with named points (and unit vectors), joints, drivers.

    Parameters
    ----------
    name : str
        Shown in tables and error messages.
    dimension : int
        2 for a planar mechanism, 3 for a spatial one.
    """

    name: str
    dimension: int = 2
    bodies: dict[str, Body] = field(default_factory=dict)
    joints: list[Joint] = field(default_factory=list)
    drivers: list[Driver] = field(default_factory=list)

    def __post_init__(self):
        if self.dimension not in (2, 3):
            raise MechanismError(
                f"Mechanism '{self.name}': dimension must be 2 (planar) or 3 (spatial), got "
                f"{self.dimension!r}."
            )

    # ----------------------------------------------------------------- building
    def add_ground(self, points: dict, vectors: dict | None = None) -> None:
        """Add the fixed body, named ``"ground"``, with its points (fixed positions) and,
        in space, its unit vectors (fixed joint axes)."""
        self._add_body(GROUND, points, is_ground=True, vectors=vectors)

    def add_body(self, name: str, points: dict, vectors: dict | None = None,
                 mass: MassProperties | None = None) -> None:
        """Add a moving body with its points (and unit vectors) in the reference drawing,
        and optionally its mass properties (mass, centre of mass in the drawing, inertia
        about it; see :mod:`mbtools.inertia`).

        A point that two bodies share (same name) must sit at the same position in
        both, and the two bodies must be joined there by a revolute, spherical or
        universal joint; a shared unit vector must be the axis of a revolute or
        cylindrical joint between them.
        """
        if name == GROUND:
            raise MechanismError(
                "'ground' is the fixed body: add it with add_ground(), not add_body()."
            )
        self._add_body(name, points, is_ground=False, vectors=vectors, mass=mass)

    def _add_body(self, name: str, points, is_ground: bool, vectors=None, mass=None) -> None:
        if not isinstance(name, str) or not name:
            raise MechanismError(f"A body name must be a non-empty string, got {name!r}.")
        _require_identifier("Body", name, "")
        for kind, names in (("Point", points or {}), ("Vector", vectors or {})):
            for label in names:
                _require_identifier(kind, label, f" of body '{name}'")
        if name in self.bodies:
            raise MechanismError(
                f"Body '{name}' is defined twice: give each body a distinct name."
            )
        if not points:
            raise MechanismError(f"Body '{name}' has no points: list at least one point.")
        axes = {"x", "y", "z"}
        point_axes = {p for p in points if p in axes} | {p for b in self.bodies.values() for p in b.points if p in axes}
        vector_axes = {v for v in (vectors or {}) if v in axes} | {v for b in self.bodies.values() for v in b.vectors if v in axes}
        if point_axes and vector_axes:  # point y and vector x would both give x_y
            raise MechanismError(
                f"Body '{name}': a point named {sorted(point_axes)[0]!r} and a vector named "
                f"{sorted(vector_axes)[0]!r} would share a coordinate symbol (point P has x_P, y_P, z_P; "
                "vector v has v_x, v_y, v_z): rename the point, for example with a capital letter."
            )
        clean: dict[str, np.ndarray] = {}
        for point, xy in points.items():
            clean[point] = self._position(name, point, xy)
            for other in self.bodies.values():
                if point in other.vectors:
                    raise MechanismError(
                        f"'{point}' is a point of body '{name}' but a vector of body "
                        f"'{other.name}': use distinct names for points and vectors."
                    )
            for other in self.bodies.values():
                if point in other.points and not np.allclose(
                    other.points[point], clean[point], rtol=0, atol=1e-12
                ):
                    raise MechanismError(
                        f"Point '{point}' of body '{name}' is at {tuple(clean[point])} but "
                        f"body '{other.name}' has it at {tuple(other.points[point])}: a "
                        "shared point must have one position in the reference drawing."
                    )
        unit: dict[str, np.ndarray] = {}
        for vector, xyz in (vectors or {}).items():
            if vector in clean:
                raise MechanismError(
                    f"Body '{name}': '{vector}' names both a point and a vector; rename one."
                )
            value = self._position(name, vector, xyz, what="Vector")
            length = float(np.linalg.norm(value))
            if abs(length - 1.0) > 1e-9:
                raise MechanismError(
                    f"Vector '{vector}' of body '{name}' has length {length:.6g}: unit vectors "
                    f"must have length 1. Normalise it: {tuple(np.round(value / length, 6)) if length else '(a nonzero direction)'}."
                )
            for other in self.bodies.values():
                if vector in other.vectors and not np.allclose(other.vectors[vector], value, rtol=0, atol=1e-9):
                    raise MechanismError(
                        f"Vector '{vector}' of body '{name}' is {tuple(value)} but body "
                        f"'{other.name}' has it as {tuple(other.vectors[vector])}: a shared "
                        "vector must have one direction in the reference drawing."
                    )
                if vector in other.points or any(v in other.vectors for v in clean):
                    raise MechanismError(
                        f"'{vector}' is a vector of body '{name}' but a point of body "
                        f"'{other.name}': use distinct names for points and vectors."
                    )
            unit[vector] = value
        properties = None if mass is None else checked_mass_properties(name, mass, self.dimension)
        self.bodies[name] = Body(name, clean, is_ground, unit, properties)

    def _position(self, body: str, point: str, xy, what: str = "Point") -> np.ndarray:
        try:
            value = np.asarray(xy, dtype=float).reshape(-1)
        except (TypeError, ValueError):
            raise MechanismError(
                f"{what} '{point}' of body '{body}': {xy!r} is not a tuple of numbers."
            ) from None
        if value.shape != (self.dimension,):
            raise MechanismError(
                f"{what} '{point}' of body '{body}' has {value.size} coordinate(s); a "
                f"{'planar' if self.dimension == 2 else 'spatial'} mechanism needs "
                f"{self.dimension}."
            )
        if not np.all(np.isfinite(value)):
            raise MechanismError(f"{what} '{point}' of body '{body}' is not finite: {xy!r}.")
        return value

    def add_revolute(self, body_i: str, body_j: str, at: str, axis: str | None = None,
                     name: str | None = None) -> None:
        """Join two bodies by a revolute pair at their shared point ``at``; in space also
        about their shared unit vector ``axis``."""
        name = name or f"R_{at}"
        self._require_bodies(name, body_i, body_j)
        self._require_shared(name, "point", at, body_i, body_j)
        if self.dimension == 2 and axis is not None:
            raise MechanismError(
                f"Revolute '{name}': a planar revolute turns about the normal to the plane; "
                "give no axis (axis= is for spatial mechanisms)."
            )
        if self.dimension == 3:
            if axis is None:
                raise MechanismError(
                    f"Revolute '{name}': a spatial revolute needs its axis, a unit vector "
                    "that both bodies list: add_revolute(..., axis='name')."
                )
            self._require_shared(name, "vector", axis, body_i, body_j)
        self._add_joint(Revolute(name, body_i, body_j, at, axis))

    def add_rigid(self, body_i: str, body_j: str, name: str | None = None) -> None:
        """Weld two bodies together: they move as one (they may share points and vectors)."""
        name = name or f"W_{body_i}_{body_j}"
        self._require_bodies(name, body_i, body_j)
        self._add_joint(Rigid(name, body_i, body_j))

    def add_spherical(self, body_i: str, body_j: str, at: str, name: str | None = None) -> None:
        """Join two bodies by a spherical pair (ball joint) at their shared point ``at``."""
        name = name or f"S_{at}"
        self._require_spatial(name, "spherical")
        self._require_bodies(name, body_i, body_j)
        self._require_shared(name, "point", at, body_i, body_j)
        self._add_joint(Spherical(name, body_i, body_j, at))

    def add_translational(self, body_i: str, body_j: str, axis: str, points: tuple[str, str],
                          name: str | None = None) -> None:
        """Join two bodies by a prismatic pair in space (translational joint) along their
        shared unit vector ``axis``; ``points`` = (a point of body i, a point of body j),
        both on the joint's line. Each body must also have a point or vector off that
        line, which keeps it from turning about the axis."""
        name = name or f"P_{axis}"
        self._add_line_joint(Translational, "translational", body_i, body_j, axis, points, name)
        for body in (body_i, body_j):
            if self.off_axis_direction(body, axis, points) is None:
                self.joints.pop()
                raise MechanismError(
                    f"Translational '{name}': body '{body}' has no point or vector off the axis "
                    f"'{axis}', so nothing keeps it from turning about it; add one."
                )

    def off_axis_direction(self, body: str, axis: str, points: tuple[str, str]):
        """A direction of ``body`` well away from the joint axis (its unit vectors first,
        then the vectors from its point on the axis to its other points), or None."""
        b = self.bodies[body]
        u = self.bodies[body].vectors[axis]
        anchor = points[0] if points[0] in b.points else points[1]
        candidates = [(v, b.vectors[v], None) for v in b.vectors if v != axis]
        candidates += [(p, b.points[p] - b.points[anchor], p) for p in b.points if p != anchor]
        for label, d, point in candidates:
            norm = float(np.linalg.norm(d))
            if norm > 1e-12 and np.linalg.norm(np.cross(u, d)) / norm > 0.3:
                return label, d, point
        return None

    def add_cylindrical(self, body_i: str, body_j: str, axis: str, points: tuple[str, str],
                        name: str | None = None) -> None:
        """Join two bodies by a cylindrical pair along their shared unit vector ``axis``;
        ``points`` = (a point of body i, a point of body j), both on the joint's line."""
        self._add_line_joint(Cylindrical, "cylindrical", body_i, body_j, axis, points, name or f"C_{axis}")

    def _add_line_joint(self, kind, label: str, body_i: str, body_j: str, axis: str, points, name: str) -> None:
        self._require_spatial(name, label)
        self._require_bodies(name, body_i, body_j)
        self._require_shared(name, "vector", axis, body_i, body_j)
        if len(points) != 2:
            raise MechanismError(f"Joint '{name}': give points=(point of {body_i}, point of {body_j}).")
        p_i, p_j = points
        for body, p in ((body_i, p_i), (body_j, p_j)):
            if p not in self.bodies[body].points:
                raise MechanismError(
                    f"Joint '{name}': point '{p}' is not on body '{body}' (its points: "
                    f"{sorted(self.bodies[body].points)})."
                )
        u = self.bodies[body_i].vectors[axis]
        d = self.bodies[body_j].points[p_j] - self.bodies[body_i].points[p_i]
        if np.linalg.norm(np.cross(u, d)) > 1e-9 * max(1.0, np.linalg.norm(d)):
            raise MechanismError(
                f"Joint '{name}': points '{p_i}' and '{p_j}' are not on one line along "
                f"'{axis}' in the drawing; move them onto the joint's axis."
            )
        self._add_joint(kind(name, body_i, body_j, axis, p_i, p_j))

    def add_universal(self, body_i: str, body_j: str, at: str, axes: tuple[str, str],
                      name: str | None = None) -> None:
        """Join two bodies by a universal (Cardan) joint at their shared point ``at``;
        ``axes`` = (arm of the cross on body i, arm on body j), unit vectors."""
        name = name or f"U_{at}"
        self._require_spatial(name, "universal")
        self._require_bodies(name, body_i, body_j)
        self._require_shared(name, "point", at, body_i, body_j)
        if len(axes) != 2:
            raise MechanismError(f"Universal '{name}': give axes=(vector of {body_i}, vector of {body_j}).")
        for body, v in zip((body_i, body_j), axes):
            if v not in self.bodies[body].vectors:
                raise MechanismError(
                    f"Universal '{name}': body '{body}' has no vector '{v}' (its vectors: "
                    f"{sorted(self.bodies[body].vectors)})."
                )
        u, v = self.bodies[body_i].vectors[axes[0]], self.bodies[body_j].vectors[axes[1]]
        if np.linalg.norm(np.cross(u, v)) < 1e-6:
            raise MechanismError(
                f"Universal '{name}': the arms '{axes[0]}' and '{axes[1]}' are parallel; the "
                "arms of a Cardan cross must be at an angle (usually 90°)."
            )
        self._add_joint(Universal(name, body_i, body_j, at, axes[0], axes[1]))

    def add_prismatic(
        self,
        guide_body: str,
        guide_points: tuple[str, str],
        slider_body: str,
        slider_points: tuple[str, str],
        name: str | None = None,
    ) -> None:
        """Join ``slider_body`` to ``guide_body`` by a prismatic pair (paper's Fig. 6b).

        ``guide_points`` (i, j) on the guide body give the sliding direction;
        ``slider_points`` (k, q) on the slider body keep their place relative to it.
        """
        name = name or f"P_{slider_body}"
        if self.dimension != 2:
            raise MechanismError(
                f"Prismatic '{name}': add_prismatic is the planar pair (Fig. 6b); in space use "
                "add_translational(body_i, body_j, axis=..., points=(...))."
            )
        self._require_bodies(name, guide_body, slider_body)
        for body, pts, role in (
            (guide_body, guide_points, "guide"),
            (slider_body, slider_points, "slider"),
        ):
            if len(pts) != 2 or pts[0] == pts[1]:
                raise MechanismError(
                    f"Prismatic '{name}': give two distinct {role} points, got {pts!r}."
                )
            for p in pts:
                if p not in self.bodies[body].points:
                    raise MechanismError(
                        f"Prismatic '{name}': {role} point '{p}' is not on body '{body}' "
                        f"(its points: {sorted(self.bodies[body].points)})."
                    )
        i, j = (self.bodies[guide_body].points[p] for p in guide_points)
        if np.linalg.norm(j - i) < 1e-12:
            raise MechanismError(
                f"Prismatic '{name}': guide points {guide_points} coincide, so they give "
                "no sliding direction; move one of them."
            )
        k, q = (self.bodies[slider_body].points[p] for p in slider_points)
        if np.linalg.norm(q - k) < 1e-12:
            raise MechanismError(
                f"Prismatic '{name}': slider points {slider_points} coincide; move one."
            )
        self._add_joint(
            Prismatic(name, guide_body, tuple(guide_points), slider_body, tuple(slider_points))
        )

    def add_angle_driver(self, name: str, tail: str, head: str, axis: str | None = None,
                         reference=None) -> None:
        """Name an input: the angle of the vector tail→head of one body.

        Planar: measured from +x. Spatial: measured about ``axis`` (a unit vector of the
        ground) from ``reference`` (a direction; by default the ground x, y or z axis
        least aligned with ``axis``, projected onto the plane normal to it).
        """
        self._require_new_input(name)
        body = self._body_holding(name, (tail, head))
        if self.bodies[body].is_ground:
            raise MechanismError(
                f"Angle driver '{name}': {tail}→{head} joins two ground points, so its angle never "
                "changes and drives nothing; measure it on the moving body it turns."
            )
        d = self.bodies[body].points[head] - self.bodies[body].points[tail]
        if self.dimension == 3:
            ground = self.bodies.get(GROUND)
            if axis is None or ground is None or axis not in ground.vectors:
                raise MechanismError(
                    f"Angle driver '{name}': in space an angle is measured about a fixed axis: "
                    "pass axis= the name of a unit vector of the ground."
                )
            reference = self._reference_direction(name, ground.vectors[axis], reference)
            d = d - np.dot(d, ground.vectors[axis]) * ground.vectors[axis]
        elif axis is not None or reference is not None:
            raise MechanismError(f"Angle driver '{name}': a planar angle takes no axis or reference.")
        if np.linalg.norm(d) < 1e-12:
            raise MechanismError(
                f"Angle driver '{name}': points '{tail}' and '{head}' define no direction"
                f"{' normal to the axis' if self.dimension == 3 else ''} (they coincide"
                f"{' or lie along the axis' if self.dimension == 3 else ''})."
            )
        self.drivers.append(AngleDriver(name, tail, head, axis, None if reference is None else tuple(reference)))

    def _reference_direction(self, driver: str, axis: np.ndarray, reference) -> np.ndarray:
        if reference is None:
            reference = np.eye(3)[int(np.argmin(np.abs(axis)))]
        reference = np.asarray(reference, dtype=float)
        reference = reference - np.dot(reference, axis) * axis
        if np.linalg.norm(reference) < 1e-9:
            raise MechanismError(
                f"Angle driver '{driver}': the reference direction lies along the axis; give "
                "one perpendicular to it."
            )
        return reference / np.linalg.norm(reference)

    def angle_frame(self, driver: AngleDriver) -> tuple[np.ndarray, np.ndarray]:
        """(e₁, e₂): the directions from which, and towards which, an angle input is
        measured (planar: x and y; spatial: the reference and axis × reference)."""
        if self.dimension == 2:
            return np.array([1.0, 0.0]), np.array([0.0, 1.0])
        w = self.bodies[GROUND].vectors[driver.axis]
        e1 = np.asarray(driver.reference, dtype=float)
        return e1, np.cross(w, e1)

    def add_slide_driver(self, name: str, guide_points: tuple[str, str], point: str) -> None:
        """Name an input: the distance of ``point`` along the guide i→j, measured from i."""
        self._require_new_input(name)
        body = self._body_holding(name, tuple(guide_points))
        if self.point_position(point) is None:
            raise MechanismError(f"Slide driver '{name}': no body has a point '{point}'.")
        if all(self.bodies[b].is_ground for b in self.bodies_of_point(point)):
            raise MechanismError(
                f"Slide driver '{name}': '{point}' is a ground point, so its distance never changes "
                "and drives nothing; measure a point of the sliding body."
            )
        i, j = (self.bodies[body].points[p] for p in guide_points)
        if np.linalg.norm(j - i) < 1e-12:
            raise MechanismError(f"Slide driver '{name}': guide points {guide_points} coincide.")
        self.drivers.append(SlideDriver(name, tuple(guide_points), point))

    def summary(self) -> str:
        """A readable listing of the description: bodies and points, joints, inputs."""
        def xy(v):
            return "(" + ", ".join(f"{float(c):.4g}" for c in v) + ")"

        lines = [f"Mechanism '{self.name}' ({'planar' if self.dimension == 2 else 'spatial'})"]
        for body in self.bodies.values():
            points = ", ".join(f"{p} {xy(v)}" for p, v in body.points.items())
            vectors = "".join(f", vector {v} {xy(u)}" for v, u in body.vectors.items())
            lines.append(f"  body {body.name:10s} {points}{vectors}")
            if body.mass is not None:
                J = body.mass.inertia
                inertia = f"{J:.4g}" if np.ndim(J) == 0 else "[" + "; ".join(xy(row) for row in J) + "]"
                lines.append(f"       {'':10s} mass {body.mass.mass:.4g}, G {xy(body.mass.centre)}, J_G {inertia}")
        for joint in self.joints:
            if isinstance(joint, Revolute):
                about = f" about {joint.axis}" if joint.axis else ""
                lines.append(f"  revolute  {joint.name:10s} {joint.body_i} – {joint.body_j} at {joint.at}{about}")
            elif isinstance(joint, Spherical):
                lines.append(f"  spherical {joint.name:10s} {joint.body_i} – {joint.body_j} at {joint.at}")
            elif isinstance(joint, Cylindrical):
                kind = "translational" if isinstance(joint, Translational) else "cylindrical"
                lines.append(
                    f"  {kind} {joint.name:8s} {joint.body_i} – {joint.body_j} along {joint.axis} "
                    f"through {joint.point_i}, {joint.point_j}"
                )
            elif isinstance(joint, Rigid):
                lines.append(f"  rigid     {joint.name:10s} {joint.body_i} – {joint.body_j}")
            elif isinstance(joint, Universal):
                lines.append(
                    f"  universal {joint.name:10s} {joint.body_i} – {joint.body_j} at {joint.at}, "
                    f"arms {joint.axis_i}, {joint.axis_j}"
                )
            else:
                lines.append(
                    f"  prismatic {joint.name:10s} {joint.slider_body} {joint.slider_points} along "
                    f"{joint.guide_body} {joint.guide_points}"
                )
        for driver in self.drivers:
            if isinstance(driver, AngleDriver):
                about = f"about {driver.axis}" if driver.axis else "from +x"
                lines.append(f"  input     {driver.name:10s} angle of {driver.tail}→{driver.head} {about}")
            else:
                lines.append(f"  input     {driver.name:10s} distance of {driver.point} along {driver.guide_points}")
        return "\n".join(lines)

    # ----------------------------------------------------------------- helpers
    def _require_bodies(self, joint: str, body_i: str, body_j: str) -> None:
        for body in (body_i, body_j):
            if body not in self.bodies:
                raise MechanismError(
                    f"Joint '{joint}' names body '{body}', which does not exist; bodies "
                    f"are {sorted(self.bodies)}. Add the body before the joint."
                )
        if body_i == body_j:
            raise MechanismError(
                f"Joint '{joint}' joins body '{body_i}' to itself: a joint connects two "
                "different bodies."
            )

    def _require_spatial(self, joint: str, kind: str) -> None:
        if self.dimension != 3:
            raise MechanismError(
                f"Joint '{joint}': a {kind} pair is a spatial joint; mechanism '{self.name}' "
                "is planar (dimension=2). Use Mechanism(..., dimension=3)."
            )

    def _require_shared(self, joint: str, kind: str, name: str, body_i: str, body_j: str) -> None:
        for body in (body_i, body_j):
            entities = self.bodies[body].points if kind == "point" else self.bodies[body].vectors
            if name not in entities:
                raise MechanismError(
                    f"Joint '{joint}': body '{body}' has no {kind} '{name}'. Both bodies must "
                    f"list the joint {kind}; '{body}' has {sorted(entities)}."
                )

    def _add_joint(self, joint: Joint) -> None:
        _require_identifier("Joint", joint.name, "")
        if any(j.name == joint.name for j in self.joints):
            raise MechanismError(
                f"Joint name '{joint.name}' is used twice: pass name= to tell them apart."
            )
        self.joints.append(joint)

    def _require_new_input(self, name: str) -> None:
        if not isinstance(name, str) or not name.isidentifier():
            raise MechanismError(
                f"Input name {name!r} must be a valid Python identifier (e.g. 'crank')."
            )
        if any(d.name == name for d in self.drivers):
            raise MechanismError(f"Input '{name}' is defined twice.")

    def _body_holding(self, driver: str, points: tuple[str, ...]) -> str:
        holders = [body for body in self.bodies.values() if all(p in body.points for p in points)]
        for body in holders:
            if not body.is_ground:
                return body.name
        if holders:
            return holders[0].name
        raise MechanismError(
            f"Driver '{driver}': no single body holds all of the points {list(points)}; "
            "an angle or a guide must be measured on one body."
        )

    def point_position(self, point: str) -> np.ndarray | None:
        """Reference position of a named point, or None if no body has it."""
        for body in self.bodies.values():
            if point in body.points:
                return body.points[point]
        return None

    def bodies_of_point(self, point: str) -> list[str]:
        """Names of the bodies that list ``point``."""
        return [b.name for b in self.bodies.values() if point in b.points]

    def all_points(self) -> list[str]:
        """Every named point, in the order first listed."""
        return list(dict.fromkeys(p for body in self.bodies.values() for p in body.points))

    def all_vectors(self) -> list[str]:
        """Every named unit vector, in the order first listed."""
        return list(dict.fromkeys(v for body in self.bodies.values() for v in body.vectors))

    def bodies_of_vector(self, vector: str) -> list[str]:
        """Names of the bodies that list the unit vector ``vector``."""
        return [b.name for b in self.bodies.values() if vector in b.vectors]

    def vector_direction(self, vector: str) -> np.ndarray | None:
        """Reference direction of a named unit vector, or None if no body has it."""
        for body in self.bodies.values():
            if vector in body.vectors:
                return body.vectors[vector]
        return None

    def ground_vectors(self) -> list[str]:
        """Unit vectors fixed to the ground (fixed joint axes)."""
        ground = self.bodies.get(GROUND)
        return list(ground.vectors) if ground else []

    def moving_vectors(self) -> list[str]:
        """Unit vectors not fixed to the ground, in the order first listed."""
        fixed = set(self.ground_vectors())
        return [v for v in self.all_vectors() if v not in fixed]

    def ground_points(self) -> list[str]:
        """Points fixed to the ground."""
        ground = self.bodies.get(GROUND)
        return list(ground.points) if ground else []

    def moving_points(self) -> list[str]:
        """Points not fixed to the ground, in the order first listed."""
        fixed = set(self.ground_points())
        return [p for p in self.all_points() if p not in fixed]

    def length_scale(self) -> float:
        """The diagonal of the box around the drawing's points (sets tolerances)."""
        xy = np.array([self.point_position(p) for p in self.all_points()])
        span = np.max(xy, axis=0) - np.min(xy, axis=0)
        return float(max(np.linalg.norm(span), 1e-300))

    def reference_input(self, driver: Driver) -> float:
        """The value of an input in the reference drawing."""
        if isinstance(driver, AngleDriver):
            d = self.point_position(driver.head) - self.point_position(driver.tail)
            e1, e2 = self.angle_frame(driver)
            return math.atan2(float(np.dot(d, e2)), float(np.dot(d, e1)))
        i, j = (self.point_position(p) for p in driver.guide_points)
        k = self.point_position(driver.point)
        return float(np.dot(k - i, j - i) / np.linalg.norm(j - i))

    # ----------------------------------------------------------------- checking
    def check(self) -> None:
        """Check the description as a whole; raise :class:`MechanismError` if it is wrong.

        Checks: a ground exists; every shared point is joined (by a revolute, spherical
        or universal joint) and every shared vector is a joint axis (revolute or
        cylindrical) between the bodies that share it; every body is connected to the
        ground through joints; planar bodies have at least two points; every moving body
        has a point or vector that is not the ground's.
        """
        if GROUND not in self.bodies:
            raise MechanismError(
                f"Mechanism '{self.name}' has no ground: call add_ground() with the fixed points."
            )
        ground_points, ground_vectors = set(self.ground_points()), set(self.ground_vectors())
        for body in self.bodies.values():
            if not body.is_ground and self.dimension == 2 and len(body.points) < 2:
                raise MechanismError(
                    f"Body '{body.name}' has only the point {list(body.points)}: a planar "
                    "body needs at least two points to fix its orientation. Add a second point."
                )
            if not body.is_ground and set(body.points) <= ground_points and set(body.vectors) <= ground_vectors:
                raise MechanismError(
                    f"Body '{body.name}' lists only ground points and vectors "
                    f"({', '.join(list(body.points) + list(body.vectors))}): pinned to them, nothing on "
                    "it moves. Give it a point of its own (off its axis), or make it part of the ground."
                )
        point_links = [(j.at, frozenset((j.body_i, j.body_j))) for j in self.joints
                       if isinstance(j, SHARED_POINT_JOINTS) and not isinstance(j, Rigid)]
        vector_links = [(j.axis, frozenset((j.body_i, j.body_j))) for j in self.joints
                        if isinstance(j, SHARED_VECTOR_JOINTS) and not isinstance(j, Rigid) and j.axis is not None]
        for j in self.joints:
            if isinstance(j, Rigid):
                pair = frozenset((j.body_i, j.body_j))
                point_links += [(p, pair) for p in self.bodies[j.body_i].points if p in self.bodies[j.body_j].points]
                vector_links += [(v, pair) for v in self.bodies[j.body_i].vectors if v in self.bodies[j.body_j].vectors]
        for kind, names, links, hint in (
            ("Point", self.all_points(), point_links, "a revolute, spherical or universal joint"),
            ("Vector", self.all_vectors(), vector_links, "a revolute or cylindrical joint about it"),
        ):
            for name in names:
                holders = self.bodies_of_point(name) if kind == "Point" else self.bodies_of_vector(name)
                for a in range(len(holders)):
                    for b in range(a + 1, len(holders)):
                        if not self._joined_through(name, holders[a], holders[b], links):
                            raise MechanismError(
                                f"{kind} '{name}' is listed by bodies '{holders[a]}' and "
                                f"'{holders[b]}' but no joint shares it between them: join them by "
                                f"{hint}, or rename the {kind.lower()} on one body."
                            )
        self._check_connected()

    @staticmethod
    def _joined_through(name, a, b, links) -> bool:
        """True if bodies a and b sharing ``name`` are linked by a chain of joints at it."""
        pairs = [pair for (n, pair) in links if n == name]
        reached, frontier = {a}, [a]
        while frontier:
            body = frontier.pop()
            for pair in pairs:
                if body in pair:
                    (other,) = pair - {body}
                    if other not in reached:
                        reached.add(other)
                        frontier.append(other)
        return b in reached

    def _check_connected(self) -> None:
        neighbours: dict[str, set[str]] = {name: set() for name in self.bodies}
        for joint in self.joints:
            neighbours[joint.body_i].add(joint.body_j)
            neighbours[joint.body_j].add(joint.body_i)
        reached, frontier = {GROUND}, [GROUND]
        while frontier:
            for other in neighbours[frontier.pop()]:
                if other not in reached:
                    reached.add(other)
                    frontier.append(other)
        loose = sorted(set(self.bodies) - reached)
        if loose:
            raise MechanismError(
                f"Bodies {loose} are not connected to the ground through any chain of "
                "joints: add the joints that attach them."
            )

    def gruebler_kutzbach(self) -> int:
        """Mobility by the Grübler–Kutzbach count: λ(n_b − 1) − Σ (λ − f_i), with λ = 3 in
        the plane and 6 in space, n_b bodies including the ground, f_i joint freedoms."""
        lam = 3 if self.dimension == 2 else 6
        freedoms = JOINT_FREEDOMS[self.dimension]
        return lam * (len(self.bodies) - 1) - sum(lam - freedoms[type(j)] for j in self.joints)
