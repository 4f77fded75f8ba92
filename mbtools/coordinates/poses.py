"""What the body-pose formulations (relative and reference-point coordinates) share.

Both place every body by a rigid motion of the reference drawing: a point drawn at x⁰
is at x = R x⁰ + t, a unit vector drawn as u⁰ points along R u⁰. In reference-point
coordinates (R, t) of each body come from its own coordinates; in relative coordinates
they are composed joint by joint along a spanning tree. A joint between two placed
bodies then gives its *pair conditions*, written here once for both families:

* revolute (plane): the joint point coincides, R_i P⁰ + t_i − R_j P⁰ − t_j = 0 (2);
* spherical: the same in space (3);
* revolute (space): the point (3) and the axis: (R_i a⁰)·(R_j b⁰_k) = 0 for two
  directions b⁰_1, b⁰_2 normal to the axis a⁰ (2);
* cylindrical: the axis (2) and the point of body j on body i's axis line: the vector
  between the two joint points is normal to b⁰_1 and b⁰_2 as body i carries them (2);
* translational (prismatic in space): the cylindrical conditions and no rotation about
  the axis, (R_i b⁰_1)·(R_j b⁰_2) = 0 (1);
* universal: the point (3) and the angle of the arms, (R_i u⁰_i)·(R_j u⁰_j) = c (1);
* prismatic (plane): no relative rotation, (R_i e⁰)×(R_j e⁰) = 0 (1), and the
  slider point on the guide line (1);
* rigid (weld): a point coincides and there is no relative rotation (3 in the plane,
  6 in space: (R_i e_x)·(R_j e_y) = (R_i e_y)·(R_j e_z) = (R_i e_z)·(R_j e_x) = 0).

The table :data:`PAIR_CONDITIONS` says which function writes each joint type.
"""

from __future__ import annotations

import numpy as np
import sympy as sp

from ..description import (
    GROUND,
    Cylindrical,
    Mechanism,
    Prismatic,
    Revolute,
    Rigid,
    Spherical,
    Translational,
    Universal,
    axis_frame,
)
from ..model import Constraint, FamilyFacts, Input, Model, Placement
from ..model.placement import ExpressionTable
from . import conditions as cc
from .drivers import driver_equations
from .points import body_origin


def drawn(values) -> sp.Matrix:
    """A drawn point or vector as a sympy column: whole numbers exact (0, ±1 of an axis
    drop out of the expressions instead of multiplying them), the rest as floats.

    Example
    -------
    >>> drawn((0.0, -1.0, 0.25)).T
    Matrix([[0, -1, 0.25]])
    """
    return sp.Matrix([sp.Integer(int(v)) if float(v).is_integer() else sp.Float(float(v))
                      for v in values])


class Pose:
    """A rigid motion of the drawing: x = R x⁰ + t (R, t sympy matrices)."""

    def __init__(self, R: sp.Matrix, t: sp.Matrix):
        self.R, self.t = R, t

    @classmethod
    def identity(cls, dim: int) -> "Pose":
        return cls(sp.eye(dim), sp.zeros(dim, 1))

    def point(self, x0) -> sp.Matrix:
        """Where the point drawn at x0 is."""
        return self.R * drawn(x0) + self.t

    def vector(self, u0) -> sp.Matrix:
        """Where the vector drawn as u0 points."""
        return self.R * drawn(u0)

    def then(self, other: "Pose") -> "Pose":
        """This motion followed by ``other`` expressed in the drawing: x ↦ self(other(x))."""
        return Pose(self.R * other.R, self.R * other.t + self.t)


def rotation(axis, angle, dim: int) -> sp.Matrix:
    """Rotation by ``angle`` about the unit vector ``axis`` (Rodrigues); in the plane
    about the normal to it."""
    c, s = sp.cos(angle), sp.sin(angle)
    if dim == 2:
        return sp.Matrix([[c, -s], [s, c]])
    k = drawn(axis)
    K = sp.Matrix([[0, -k[2], k[1]], [k[2], 0, -k[0]], [-k[1], k[0], 0]])
    return sp.eye(3) + s * K + (1 - c) * K * K


def about_point(R: sp.Matrix, point0, shift: sp.Matrix | None = None) -> Pose:
    """The rigid motion that turns by R about the drawn point ``point0`` (then shifts)."""
    p = drawn(point0)
    t = p - R * p
    return Pose(R, t if shift is None else t + shift)


def normals(a: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Two unit vectors normal to the unit vector a and to each other: the frame of
    :func:`mbtools.description.axis_frame`."""
    return axis_frame(a)


class PairWriter:
    """Writes the pair conditions of one joint between bodies placed by pose_i, pose_j."""

    def __init__(self, mechanism: Mechanism, joint, pose_i: Pose, pose_j: Pose):
        self.mechanism, self.joint, self.pose_i, self.pose_j = mechanism, joint, pose_i, pose_j
        self.out: list[Constraint] = []

    def add(self, what: str, expression: sp.Expr, length_power: int) -> None:
        self.out.append(Constraint(f"{self.joint.name}: {what}", "joint", expression, length_power=length_power,
                                   owner=self.joint.name))

    def coincide(self, point: str) -> None:
        """R_i P⁰ + t_i − R_j P⁰ − t_j = 0 (2 or 3 equations)."""
        x0 = self.mechanism.point_position(point)
        d = self.pose_i.point(x0) - self.pose_j.point(x0)
        for k in range(self.mechanism.dimension):
            self.add(f"{point} coincides ({'xyz'[k]})", d[k], 1)

    def parallel(self, axis: str) -> None:
        """(R_i a⁰)·(R_j b⁰_k) = 0 for two directions b⁰_1, b⁰_2 normal to a⁰ (2)."""
        a0 = self.mechanism.vector_direction(axis)
        a = self.pose_i.vector(a0)
        for k, b in enumerate(normals(a0), start=1):
            self.add(f"axis {axis} parallel ({k})", a.dot(self.pose_j.vector(b)), 0)


def revolute_pair(w: PairWriter, joint: Revolute) -> None:
    w.coincide(joint.at)
    if w.mechanism.dimension == 3:
        w.parallel(joint.axis)


def spherical_pair(w: PairWriter, joint: Spherical) -> None:
    w.coincide(joint.at)


def universal_pair(w: PairWriter, joint: Universal) -> None:
    w.coincide(joint.at)
    u0, v0 = w.mechanism.vector_direction(joint.axis_i), w.mechanism.vector_direction(joint.axis_j)
    w.add(f"arms {joint.axis_i}·{joint.axis_j}",
          w.pose_i.vector(u0).dot(w.pose_j.vector(v0)) - float(np.dot(u0, v0)), 0)


def cylindrical_pair(w: PairWriter, joint: Cylindrical) -> None:
    a0 = w.mechanism.vector_direction(joint.axis)
    w.parallel(joint.axis)
    m = w.mechanism
    d = w.pose_j.point(m.point_position(joint.point_j)) - w.pose_i.point(m.point_position(joint.point_i))
    for k, b in enumerate(normals(a0), start=1):
        w.add(f"{joint.point_j} on the axis line ({k})", d.dot(w.pose_i.vector(b)), 1)


def translational_pair(w: PairWriter, joint: Translational) -> None:
    cylindrical_pair(w, joint)
    b1, b2 = normals(w.mechanism.vector_direction(joint.axis))
    w.add(f"no rotation about {joint.axis}", w.pose_i.vector(b1).dot(w.pose_j.vector(b2)), 0)


def prismatic_pair(w: PairWriter, joint: Prismatic) -> None:
    m = w.mechanism
    i, j = joint.guide_points
    k, _ = joint.slider_points
    g0 = m.point_position(j) - m.point_position(i)
    g0 = g0 / np.linalg.norm(g0)
    w.add("no rotation", cc.cross2(w.pose_i.vector(g0), w.pose_j.vector(g0)), 0)
    n0 = np.array([-g0[1], g0[0]])
    offset = float(np.dot(m.point_position(k) - m.point_position(i), n0))
    d = w.pose_j.point(m.point_position(k)) - w.pose_i.point(m.point_position(i))
    w.add(f"{k} on the guide line", d.dot(w.pose_i.vector(n0)) - offset, 1)


def rigid_pair(w: PairWriter, joint: Rigid) -> None:
    w.coincide(next(iter(w.mechanism.bodies[joint.body_j].points)))
    if w.mechanism.dimension == 2:
        w.add("no rotation", cc.cross2(w.pose_i.vector((1.0, 0.0)), w.pose_j.vector((1.0, 0.0))), 0)
        return
    e = np.eye(3)
    for a, b in ((0, 1), (1, 2), (2, 0)):
        w.add(f"no rotation ({'xyz'[a]}{'xyz'[b]})", w.pose_i.vector(e[a]).dot(w.pose_j.vector(e[b])), 0)


#: How the pose families (relative: cut joints; reference point: every joint) write
#: the pair conditions of each joint type.
PAIR_CONDITIONS = {
    Revolute: revolute_pair,
    Spherical: spherical_pair,
    Universal: universal_pair,
    Cylindrical: cylindrical_pair,
    Translational: translational_pair,
    Prismatic: prismatic_pair,
    Rigid: rigid_pair,
}


def pair_conditions(mechanism: Mechanism, joint, pose_i: Pose, pose_j: Pose) -> list[Constraint]:
    """The pair conditions of ``joint`` between bodies placed by pose_i and pose_j."""
    writer = PairWriter(mechanism, joint, pose_i, pose_j)
    PAIR_CONDITIONS[type(joint)](writer, joint)
    return writer.out


class PoseFormulation:
    """Collects the equations of a pose-based family and assembles its model."""

    def __init__(self, mechanism: Mechanism):
        mechanism.check()
        self.mechanism = mechanism
        self.dim = mechanism.dimension
        self.poses: dict[str, Pose] = {GROUND: Pose.identity(self.dim)}
        self.coordinates: list[sp.Symbol] = []
        self.reference: list[float] = []
        self.equations: list[Constraint] = []
        self.inputs: list[Input] = []

    def coordinate(self, name: str, reference: float) -> sp.Symbol:
        symbol = sp.Symbol(name, real=True)
        self.coordinates.append(symbol)
        self.reference.append(float(reference))
        return symbol

    def owner(self, name: str, kind: str = "point") -> str:
        """The body whose pose places a point (or vector) shared by several: the ground
        if it lists it, else the first that does."""
        holders = self.mechanism.bodies_of_point(name) if kind == "point" else self.mechanism.bodies_of_vector(name)
        return GROUND if GROUND in holders else holders[0]

    def point(self, name: str) -> sp.Matrix:
        return self.poses[self.owner(name)].point(self.mechanism.point_position(name))

    def placement(self, body: str) -> Placement:
        """The body's placement: its drawn origin o⁰, where it is, and its rotation."""
        o0 = body_origin(self.mechanism.bodies[body])
        return Placement(body, self.poses[body].point(o0), self.poses[body].R, o0)

    def drivers(self) -> None:
        """One driving condition per input (:mod:`mbtools.coordinates.drivers`)."""
        equations, inputs = driver_equations(self.mechanism, self._driver_point, self.coordinates)
        self.equations += equations
        self.inputs += inputs

    def _driver_point(self, name: str, body: str) -> sp.Matrix:
        """A driver's point, placed by the body that holds the driver (by its own body where
        no one body holds them all: a slide measured along a ground guide)."""
        if body is None:
            return self.point(name)
        return self.poses[body].point(self.mechanism.point_position(name))

    def model(self, family: str, facts: FamilyFacts) -> Model:
        mech = self.mechanism
        points = ExpressionTable(mech.all_points(), self.point)   # composed on first use
        vectors = {v: self.poses[self.owner(v, "vector")].vector(mech.vector_direction(v)) for v in mech.all_vectors()}
        placements = ExpressionTable([name for name, body in mech.bodies.items() if not body.is_ground],
                                     self.placement)
        return Model(mech, family, self.coordinates, self.equations, self.inputs, {}, points,
                     np.array(self.reference), vectors=vectors, placements=placements, facts=facts)
