"""Relative (joint) coordinates: each body placed relative to the previous one.

The joints are sorted into a spanning tree of the joint graph, grown depth-first from
the ground in the order the joints were described, and the joints that close loops
(the cut joints). A tree joint contributes its own parameters as coordinates — one
angle for a revolute pair, a distance for a prismatic one, an angle and a distance for
a cylindrical pair, two angles for a universal joint, three (Bryant x–y–z) angles for
a spherical pair — all zero in the reference drawing; each body's pose is the
composition of the joint motions from the ground. A cut joint gives its pair
conditions (:mod:`mbtools.poses`) between the two bodies it joins: the loop-closure
equations.

Example
-------
>>> from mbtools import examples, formulate
>>> model = formulate(examples.four_bar(), "relative")
>>> model.coordinate_names
['theta_R_O2', 'theta_R_A', 'theta_R_B']
>>> [c.name for c in model.constraints][:2]
['R_O4: O4 coincides (x)', 'R_O4: O4 coincides (y)']
"""

from __future__ import annotations

import numpy as np
import sympy as sp

from ..errors import MechanismError
from ..description import Cylindrical, Mechanism, Prismatic, Revolute, Rigid, Spherical, Translational, Universal
from ..description.topology import free_bodies, spanning_tree
from ..model import FamilyFacts, Model
from .poses import Pose, PoseFormulation, about_point, drawn, pair_conditions, rotation


def formulate_relative(mechanism: Mechanism, cut_joints: list[str] | None = None) -> Model:
    """Formulate a mechanism in relative (joint) coordinates: each body's pose composed
    joint by joint along the spanning tree (book, equation eq-pose-composition), and the
    cut joints' pair conditions as the loop-closure equations (book, equation
    eq-loop-closure)."""
    f = PoseFormulation(mechanism)
    flying = free_bodies(mechanism)
    if flying:
        raise MechanismError(
            f"Bodies {flying} of '{mechanism.name}' fly free of the ground: relative coordinates grow joint "
            "by joint from the ground and cannot place them. Formulate it in 'basic', 'natural' or "
            "'reference_point' coordinates."
        )
    tree, cuts = spanning_tree(mechanism, cut_joints)
    for joint, parent, child in tree:
        motion = JOINT_MOTIONS[type(joint)](f, joint, parent)
        f.poses[child] = f.poses[parent].then(motion)
    for joint in cuts:
        f.equations.extend(pair_conditions(mechanism, joint, f.poses[joint.body_i], f.poses[joint.body_j]))
    f.drivers()
    facts = FamilyFacts("relative", tree_joints=tuple(j.name for j, _, _ in tree),
                        cut_joints=tuple(j.name for j in cuts))
    return f.model("relative", facts)


# The motion of a tree joint's child relative to its parent, in drawing coordinates;
# its parameters are the joint's coordinates, all zero in the drawing.
def rigid_motion(f: PoseFormulation, joint: Rigid, parent: str) -> Pose:
    """A weld: no motion, no coordinate."""
    return Pose.identity(f.dim)


def revolute_motion(f: PoseFormulation, joint: Revolute, parent: str) -> Pose:
    """A turn θ about the joint point (and axis, in space)."""
    axis = f.mechanism.vector_direction(joint.axis) if f.dim == 3 else None
    theta = f.coordinate(f"theta_{joint.name}", 0.0)
    return about_point(rotation(axis, theta, f.dim), f.mechanism.point_position(joint.at))


def spherical_motion(f: PoseFormulation, joint: Spherical, parent: str) -> Pose:
    """Three Bryant angles x–y–z about the joint point."""
    angles = [f.coordinate(f"{a}_{joint.name}", 0.0) for a in ("alpha", "beta", "gamma")]
    e = np.eye(3)
    R = rotation(e[0], angles[0], 3) * rotation(e[1], angles[1], 3) * rotation(e[2], angles[2], 3)
    return about_point(R, f.mechanism.point_position(joint.at))


def universal_motion(f: PoseFormulation, joint: Universal, parent: str) -> Pose:
    """A turn about the parent's arm of the cross, then about the child's."""
    u_parent, u_child = (joint.axis_i, joint.axis_j) if joint.body_i == parent else (joint.axis_j, joint.axis_i)
    R = rotation(f.mechanism.vector_direction(u_parent), f.coordinate(f"alpha_{joint.name}", 0.0), 3) * rotation(
        f.mechanism.vector_direction(u_child), f.coordinate(f"beta_{joint.name}", 0.0), 3
    )
    return about_point(R, f.mechanism.point_position(joint.at))


def translational_motion(f: PoseFormulation, joint: Translational, parent: str) -> Pose:
    """A slide s along the axis."""
    a0 = f.mechanism.vector_direction(joint.axis)
    s = f.coordinate(f"s_{joint.name}", 0.0)
    return Pose(sp.eye(3), s * drawn(a0))


def cylindrical_motion(f: PoseFormulation, joint: Cylindrical, parent: str) -> Pose:
    """A turn θ about the axis line and a slide s along it."""
    a0 = f.mechanism.vector_direction(joint.axis)
    theta = f.coordinate(f"theta_{joint.name}", 0.0)
    s = f.coordinate(f"s_{joint.name}", 0.0)
    return about_point(rotation(a0, theta, 3), f.mechanism.point_position(joint.point_i),
                       shift=s * drawn(a0))


def prismatic_motion(f: PoseFormulation, joint: Prismatic, parent: str) -> Pose:
    """A slide s along the guide i→j (planar)."""
    i, j = joint.guide_points
    g0 = f.mechanism.point_position(j) - f.mechanism.point_position(i)
    g0 = g0 / np.linalg.norm(g0)
    sign = 1.0 if joint.guide_body == parent else -1.0
    s = f.coordinate(f"s_{joint.name}", 0.0)
    return Pose(sp.eye(2), sign * s * drawn(g0))


#: How relative coordinates move the child of each tree joint type (cut joints give
#: their pair conditions, :data:`mbtools.coordinates.poses.PAIR_CONDITIONS`).
JOINT_MOTIONS = {
    Rigid: rigid_motion,
    Revolute: revolute_motion,
    Spherical: spherical_motion,
    Universal: universal_motion,
    Translational: translational_motion,
    Cylindrical: cylindrical_motion,
    Prismatic: prismatic_motion,
}
