"""Bodies, joints and inputs of a description, as plain data.

Each joint type is a frozen dataclass that says which bodies it joins and what they
share; the coordinate families (:mod:`mbtools.coordinates`) say how they write it. The
table :data:`JOINT_TYPES` lists every joint type once, with its freedoms for the
Grübler–Kutzbach count in the plane and in space (``None`` where the type does not
exist), so that a new joint type is added here and a test then asks every family for
its equations.

Example
-------
>>> joint = Revolute("R_A", "crank", "coupler", at="A")
>>> joint.describe()
'revolute  R_A        crank – coupler at A'
>>> JOINT_TYPES[Revolute].freedoms
{2: 1, 3: 1}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

import numpy as np

from .inertia import MassProperties

GROUND = "ground"


@dataclass(frozen=True)
class Body:
    """A rigid body: its name, its named points and its named unit vectors (spatial
    mechanisms: joint axes), as they are in the reference drawing, and its mass
    properties if given (:class:`~mbtools.description.inertia.MassProperties`); ``free``
    if it may fly free of the ground (dynamics only)."""

    name: str
    points: dict[str, np.ndarray]
    is_ground: bool = False
    vectors: dict[str, np.ndarray] = field(default_factory=dict)
    mass: MassProperties | None = None
    free: bool = False


@dataclass(frozen=True)
class Revolute:
    """A revolute pair (R): the two bodies share the point ``at`` and, in space, the
    unit vector ``axis`` of the joint."""

    name: str
    body_i: str
    body_j: str
    at: str
    axis: str | None = None

    @property
    def shared_points(self) -> tuple[str, ...]:
        return (self.at,)

    @property
    def shared_vectors(self) -> tuple[str, ...]:
        return (self.axis,) if self.axis else ()

    @property
    def location(self) -> str:
        """The point where the joint is drawn."""
        return self.at

    def describe(self) -> str:
        about = f" about {self.axis}" if self.axis else ""
        return f"revolute  {self.name:10s} {self.body_i} – {self.body_j} at {self.at}{about}"


@dataclass(frozen=True)
class Spherical:
    """A spherical pair (S): the two bodies share the point ``at``."""

    name: str
    body_i: str
    body_j: str
    at: str

    shared_points = Revolute.shared_points
    location = Revolute.location
    shared_vectors = ()

    def describe(self) -> str:
        return f"spherical {self.name:10s} {self.body_i} – {self.body_j} at {self.at}"


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

    shared_points = ()

    @property
    def shared_vectors(self) -> tuple[str, ...]:
        return (self.axis,)

    @property
    def location(self) -> str:
        return self.point_i

    def describe(self) -> str:
        kind = "translational" if isinstance(self, Translational) else "cylindrical"
        return (f"{kind} {self.name:8s} {self.body_i} – {self.body_j} along {self.axis} "
                f"through {self.point_i}, {self.point_j}")


@dataclass(frozen=True)
class Translational(Cylindrical):
    """A prismatic pair in space (a translational joint): a cylindrical pair that also
    keeps the two bodies from turning about its axis."""


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

    shared_points = Revolute.shared_points
    location = Revolute.location
    shared_vectors = ()

    def describe(self) -> str:
        return (f"universal {self.name:10s} {self.body_i} – {self.body_j} at {self.at}, "
                f"arms {self.axis_i}, {self.axis_j}")


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

    shared_points = ()
    shared_vectors = ()

    @property
    def body_i(self) -> str:
        return self.guide_body

    @property
    def body_j(self) -> str:
        return self.slider_body

    @property
    def location(self) -> str:
        return self.guide_points[0]

    def describe(self) -> str:
        return (f"prismatic {self.name:10s} {self.slider_body} {self.slider_points} along "
                f"{self.guide_body} {self.guide_points}")


@dataclass(frozen=True)
class Rigid:
    """A rigid joint (weld): the two bodies move as one. Points and vectors both list
    are shared."""

    name: str
    body_i: str
    body_j: str

    shared_points = ()
    shared_vectors = ()
    location = None

    def describe(self) -> str:
        return f"rigid     {self.name:10s} {self.body_i} – {self.body_j}"


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

    unit = "angle"

    @property
    def points(self) -> tuple[str, ...]:
        return (self.tail, self.head)

    def describe(self) -> str:
        about = f"about {self.axis}" if self.axis else "from +x"
        return f"input     {self.name:10s} angle of {self.tail}→{self.head} {about} (rad)"


@dataclass(frozen=True)
class SlideDriver:
    """Input: the distance of ``point`` along the guide i→j, measured from i."""

    name: str
    guide_points: tuple[str, str]
    point: str

    unit = "length"

    @property
    def points(self) -> tuple[str, ...]:
        return (*self.guide_points, self.point)

    def describe(self) -> str:
        return f"input     {self.name:10s} distance of {self.point} along {self.guide_points}"


Driver = AngleDriver | SlideDriver
Joint = Revolute | Spherical | Cylindrical | Translational | Universal | Prismatic | Rigid


class JointType(NamedTuple):
    """One row of the joint table: the kind's name, its freedoms f (plane, space; absent
    where the kind does not exist) and the method of :class:`Mechanism` that adds it."""

    kind: str
    freedoms: dict[int, int]
    adder: str


#: Every joint type, with its freedoms for the Grübler–Kutzbach count
#: m = λ(n_b − 1) − Σ(λ − f_i) (λ = 3 in the plane, 6 in space).
JOINT_TYPES: dict[type, JointType] = {
    Revolute: JointType("revolute", {2: 1, 3: 1}, "add_revolute"),
    Prismatic: JointType("prismatic", {2: 1}, "add_prismatic"),
    Spherical: JointType("spherical", {3: 3}, "add_spherical"),
    Cylindrical: JointType("cylindrical", {3: 2}, "add_cylindrical"),
    Translational: JointType("translational", {3: 1}, "add_translational"),
    Universal: JointType("universal", {3: 2}, "add_universal"),
    Rigid: JointType("rigid", {2: 0, 3: 0}, "add_rigid"),
}
