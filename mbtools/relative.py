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

from .errors import MechanismError
from .mechanism import GROUND, Cylindrical, Mechanism, Prismatic, Revolute, Rigid, Spherical, Translational, Universal
from .model import Model
from .poses import Pose, PoseFormulation, about_point, pair_conditions, rotation


def spanning_tree(mechanism: Mechanism, cut_joints: list[str] | None = None):
    """Tree joints (joint, parent, child) in depth-first order from the ground, and the
    cut joints that close the independent loops."""
    if isinstance(cut_joints, str):  # one joint's name
        cut_joints = [cut_joints]
    forced = set(cut_joints or [])
    unknown = forced - {j.name for j in mechanism.joints}
    if unknown:
        raise MechanismError(f"cut_joints names unknown joints {sorted(unknown)}; joints are {[j.name for j in mechanism.joints]}.")
    tree, cuts, used, visited = [], [], set(), {GROUND}

    def visit(body: str) -> None:
        for joint in mechanism.joints:
            if joint.name in used or body not in (joint.body_i, joint.body_j):
                continue
            used.add(joint.name)
            other = joint.body_j if joint.body_i == body else joint.body_i
            if other in visited or joint.name in forced:
                cuts.append(joint)
            else:
                visited.add(other)
                tree.append((joint, body, other))
                visit(other)

    visit(GROUND)
    return tree, cuts


def formulate_relative(mechanism: Mechanism, cut_joints: list[str] | None = None) -> Model:
    """Formulate a mechanism in relative (joint) coordinates."""
    f = PoseFormulation(mechanism)
    tree, cuts = spanning_tree(mechanism, cut_joints)
    dim = mechanism.dimension
    for joint, parent, child in tree:
        motion = _joint_motion(f, mechanism, joint, parent, dim)
        f.poses[child] = f.poses[parent].then(motion)
    loose = [b for b in mechanism.bodies if b not in f.poses]
    if loose:
        raise MechanismError(f"Bodies {loose} could not be reached from the ground; forcing cut joints disconnected them.")
    for joint in cuts:
        f.equations.extend(pair_conditions(mechanism, joint, f.poses[joint.body_i], f.poses[joint.body_j]))
    f.drivers()
    model = f.model("relative")
    model.tree_joints = [j.name for j, _, _ in tree]
    model.cut_joints = [j.name for j in cuts]
    return model


def _joint_motion(f: PoseFormulation, mechanism: Mechanism, joint, parent: str, dim: int) -> Pose:
    """The motion of the child relative to the parent, in drawing coordinates."""
    name = joint.name
    if isinstance(joint, Rigid):
        return Pose.identity(dim)
    if isinstance(joint, Revolute):
        axis = mechanism.vector_direction(joint.axis) if dim == 3 else None
        return about_point(rotation(axis, f.coordinate(f"theta_{name}", 0.0), dim), mechanism.point_position(joint.at))
    if isinstance(joint, Spherical):
        angles = [f.coordinate(f"{a}_{name}", 0.0) for a in ("alpha", "beta", "gamma")]
        R = rotation(np.eye(3)[0], angles[0], 3) * rotation(np.eye(3)[1], angles[1], 3) * rotation(np.eye(3)[2], angles[2], 3)
        return about_point(R, mechanism.point_position(joint.at))
    if isinstance(joint, Universal):
        u_parent, u_child = (joint.axis_i, joint.axis_j) if joint.body_i == parent else (joint.axis_j, joint.axis_i)
        R = rotation(mechanism.vector_direction(u_parent), f.coordinate(f"alpha_{name}", 0.0), 3) * rotation(
            mechanism.vector_direction(u_child), f.coordinate(f"beta_{name}", 0.0), 3
        )
        return about_point(R, mechanism.point_position(joint.at))
    if isinstance(joint, Translational):
        a0 = mechanism.vector_direction(joint.axis)
        d = f.coordinate(f"d_{name}", 0.0)
        return Pose(sp.eye(3), d * sp.Matrix(list(map(float, a0))))
    if isinstance(joint, Cylindrical):
        a0 = mechanism.vector_direction(joint.axis)
        theta = f.coordinate(f"theta_{name}", 0.0)
        d = f.coordinate(f"d_{name}", 0.0)
        return about_point(rotation(a0, theta, 3), mechanism.point_position(joint.point_i), shift=d * sp.Matrix(list(map(float, a0))))
    if isinstance(joint, Prismatic):
        i, j = joint.guide_points
        g0 = mechanism.point_position(j) - mechanism.point_position(i)
        g0 = g0 / np.linalg.norm(g0)
        sign = 1.0 if joint.guide_body == parent else -1.0
        d = f.coordinate(f"d_{name}", 0.0)
        return Pose(sp.eye(2), sign * d * sp.Matrix(list(map(float, g0))))
    raise MechanismError(f"Joint '{name}': no relative coordinates for {type(joint).__name__}.")
