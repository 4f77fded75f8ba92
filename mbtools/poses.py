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
"""

from __future__ import annotations

import numpy as np
import sympy as sp

from . import constraints as cc
from .errors import MechanismError
from .mechanism import (
    GROUND,
    AngleDriver,
    Cylindrical,
    Mechanism,
    Prismatic,
    Revolute,
    Rigid,
    SlideDriver,
    Spherical,
    Translational,
    Universal,
)
from .model import Constraint, Input, Model, input_symbol


class Pose:
    """A rigid motion of the drawing: x = R x⁰ + t (R, t sympy matrices)."""

    def __init__(self, R: sp.Matrix, t: sp.Matrix):
        self.R, self.t = R, t

    @classmethod
    def identity(cls, dim: int) -> "Pose":
        return cls(sp.eye(dim), sp.zeros(dim, 1))

    def point(self, x0) -> sp.Matrix:
        """Where the point drawn at x0 is."""
        return self.R * sp.Matrix(list(map(float, x0))) + self.t

    def vector(self, u0) -> sp.Matrix:
        """Where the vector drawn as u0 points."""
        return self.R * sp.Matrix(list(map(float, u0)))

    def then(self, other: "Pose") -> "Pose":
        """This motion followed by ``other`` expressed in the drawing: x ↦ self(other(x))."""
        return Pose(self.R * other.R, self.R * other.t + self.t)


def rotation(axis, angle, dim: int) -> sp.Matrix:
    """Rotation by ``angle`` about the unit vector ``axis`` (Rodrigues); in the plane
    about the normal to it."""
    c, s = sp.cos(angle), sp.sin(angle)
    if dim == 2:
        return sp.Matrix([[c, -s], [s, c]])
    k = sp.Matrix(list(map(float, axis)))
    K = sp.Matrix([[0, -k[2], k[1]], [k[2], 0, -k[0]], [-k[1], k[0], 0]])
    return sp.eye(3) + s * K + (1 - c) * K * K


def about_point(R: sp.Matrix, point0, shift: sp.Matrix | None = None) -> Pose:
    """The rigid motion that turns by R about the drawn point ``point0`` (then shifts)."""
    p = sp.Matrix(list(map(float, point0)))
    t = p - R * p
    return Pose(R, t if shift is None else t + shift)


def normals(a: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Two unit vectors normal to the unit vector a and to each other."""
    e = np.eye(3)[int(np.argmin(np.abs(a)))]
    b1 = e - np.dot(e, a) * a
    b1 /= np.linalg.norm(b1)
    return b1, np.cross(a, b1)


def pair_conditions(mechanism: Mechanism, joint, pose_i: Pose, pose_j: Pose) -> list[Constraint]:
    """The pair conditions of ``joint`` between bodies placed by pose_i and pose_j."""
    out: list[Constraint] = []
    axes = "xyz"

    def coincide(point: str):
        x0 = mechanism.point_position(point)
        d = pose_i.point(x0) - pose_j.point(x0)
        for k in range(mechanism.dimension):
            out.append(Constraint(f"{joint.name}: {point} coincides ({axes[k]})", "joint", d[k]))

    def parallel(axis0: np.ndarray, label: str):
        b1, b2 = normals(axis0)
        a = pose_i.vector(axis0)
        for k, b in enumerate((b1, b2), start=1):
            out.append(Constraint(f"{joint.name}: axis {label} parallel ({k})", "joint", a.dot(pose_j.vector(b))))

    if isinstance(joint, (Revolute, Spherical)):
        coincide(joint.at)
        if isinstance(joint, Revolute) and mechanism.dimension == 3:
            parallel(mechanism.vector_direction(joint.axis), joint.axis)
    elif isinstance(joint, Universal):
        coincide(joint.at)
        u0, v0 = mechanism.vector_direction(joint.axis_i), mechanism.vector_direction(joint.axis_j)
        out.append(
            Constraint(
                f"{joint.name}: arms {joint.axis_i}·{joint.axis_j}",
                "joint",
                pose_i.vector(u0).dot(pose_j.vector(v0)) - float(np.dot(u0, v0)),
            )
        )
    elif isinstance(joint, Cylindrical):
        a0 = mechanism.vector_direction(joint.axis)
        parallel(a0, joint.axis)
        d = pose_j.point(mechanism.point_position(joint.point_j)) - pose_i.point(mechanism.point_position(joint.point_i))
        b1, b2 = normals(a0)
        for k, b in enumerate((b1, b2), start=1):
            out.append(Constraint(f"{joint.name}: {joint.point_j} on the axis line ({k})", "joint", d.dot(pose_i.vector(b))))
        if isinstance(joint, Translational):
            out.append(Constraint(f"{joint.name}: no rotation about {joint.axis}", "joint",
                                  pose_i.vector(b1).dot(pose_j.vector(b2))))
    elif isinstance(joint, Prismatic):
        i, j = joint.guide_points
        k, q = joint.slider_points
        g0 = mechanism.point_position(j) - mechanism.point_position(i)
        g0 = g0 / np.linalg.norm(g0)
        out.append(
            Constraint(f"{joint.name}: no rotation", "joint", cc.cross2(pose_i.vector(g0), pose_j.vector(g0)))
        )
        n0 = np.array([-g0[1], g0[0]])
        offset = float(np.dot(mechanism.point_position(k) - mechanism.point_position(i), n0))
        d = pose_j.point(mechanism.point_position(k)) - pose_i.point(mechanism.point_position(i))
        out.append(Constraint(f"{joint.name}: {k} on the guide line", "joint", d.dot(pose_i.vector(n0)) - offset))
    elif isinstance(joint, Rigid):
        body_j = mechanism.bodies[joint.body_j]
        coincide(next(iter(body_j.points)))
        if mechanism.dimension == 2:
            out.append(Constraint(f"{joint.name}: no rotation", "joint",
                                  cc.cross2(pose_i.vector((1.0, 0.0)), pose_j.vector((1.0, 0.0)))))
        else:
            e = np.eye(3)
            for a, b in ((0, 1), (1, 2), (2, 0)):
                out.append(Constraint(f"{joint.name}: no rotation ({'xyz'[a]}{'xyz'[b]})", "joint",
                                      pose_i.vector(e[a]).dot(pose_j.vector(e[b]))))
    else:  # pragma: no cover - every joint type is handled above
        raise MechanismError(f"Joint '{joint.name}': type {type(joint).__name__} has no pair conditions.")
    return out


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
        """The body whose pose places a point (or vector) shared by several: the first
        that lists it."""
        holders = self.mechanism.bodies_of_point(name) if kind == "point" else self.mechanism.bodies_of_vector(name)
        return GROUND if GROUND in holders else holders[0]

    def point(self, name: str) -> sp.Matrix:
        return self.poses[self.owner(name)].point(self.mechanism.point_position(name))

    def drivers(self) -> None:
        for driver in self.mechanism.drivers:
            if isinstance(driver, AngleDriver):
                theta = input_symbol(f"theta_{driver.name}", self.coordinates)
                e1, e2 = (sp.Matrix(list(map(float, e))) for e in self.mechanism.angle_frame(driver))
                body = next(b.name for b in self.mechanism.bodies.values() if {driver.tail, driver.head} <= set(b.points))
                pose = self.poses[body]
                tail = pose.point(self.mechanism.point_position(driver.tail))
                head = pose.point(self.mechanism.point_position(driver.head))
                d = head - tail
                self.equations.append(
                    Constraint(f"{driver.name}: angle driver", "angle driver",
                               cc.angle_driver_condition(tail, head, theta, e1, e2))
                )
                self.inputs.append(Input(driver.name, theta, "angle", sp.atan2(d.dot(e2), d.dot(e1))))
            elif isinstance(driver, SlideDriver):
                s = input_symbol(f"s_{driver.name}", self.coordinates)
                i, j = driver.guide_points
                L = float(np.linalg.norm(self.mechanism.point_position(j) - self.mechanism.point_position(i)))
                ri, rj, rk = self.point(i), self.point(j), self.point(driver.point)
                self.equations.append(
                    Constraint(f"{driver.name}: slide driver", "slide driver",
                               cc.slide_driver_condition(ri, rj, rk, L, s))
                )
                self.inputs.append(Input(driver.name, s, "length", (rk - ri).dot(rj - ri) / L))

    def model(self, family: str, explain_singularity=None) -> Model:
        mech = self.mechanism
        points = {p: self.point(p) for p in mech.all_points()}
        vectors = {
            v: self.poses[self.owner(v, "vector")].vector(mech.vector_direction(v)) for v in mech.all_vectors()
        }
        model = Model(
            mech, family, self.coordinates, self.equations, self.inputs, {}, points,
            np.array(self.reference), vectors=vectors,
        )
        model.explain_singularity = explain_singularity
        return model
