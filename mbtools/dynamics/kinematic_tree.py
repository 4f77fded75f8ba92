"""The spanning tree of relative coordinates as stages, one per tree joint, and its
kinematics in spatial vectors — what the recursive formulations (:mod:`.recursive`) walk.

**Stages.** Relative coordinates place each body by the motions of the tree joints from
the ground (:mod:`mbtools.coordinates.relative`): a revolute turns about its drawn axis
through its drawn point, a spherical pair by three Bryant turns about the drawn x, y, z
through its point, a universal joint by a turn about each arm, a cylindrical pair by a
turn and a slide along its axis, a translational or prismatic pair by a slide, a weld not
at all. Each tree joint is one **stage**: its motions (none to three, each a turn or a
slide with one coordinate) and the child body it carries. The pose x = R x⁰ + p that maps
the drawing to where a body is now follows from its parent's, one motion at a time:

    R ← R R_m,    p ← R p_m + p,                                                    (T.1)

with R_m = rot(u⁰, θ), p_m = P⁰ − R_m P⁰ for a turn θ about the drawn axis u⁰ through
the drawn point P⁰, and R_m = I, p_m = s u⁰ for a slide s.

**Spatial vectors** (Featherstone 2008), all in the ground's axes and about its origin O:
a twist V = (ω, v_O), v_O the velocity of the body's point now at O; a wrench f = (n_O, F).
A stage's twist is V_k = V_parent + S_k q̇_k, S_k the 6 × k matrix of its motions' axes,

    S = (u, P × u) for a turn about the unit axis u through P,    S = (0, u) for a slide,   (T.2)

u and P the drawn axis and point carried by the pose before the motion. As the joint moves
each axis is carried by the motions before it, so the stage's acceleration at q̈ = 0 is
c_k = Σᵢ Vᵢ₋₁ ×ₘ Sᵢ q̇ᵢ, Vᵢ₋₁ the twist before motion i. A body of mass m, centre of mass c and
inertia I_G about it (R I⁰ Rᵀ, I⁰ as drawn) has the spatial inertia about O

    𝕀 = [[I_G + m c̃ c̃ᵀ, m c̃], [m c̃ᵀ, m 𝟙]],                                          (T.3)

and the cross products of a twist V = (ω, v) are V×ₘ = [[ω̃, 0], [ṽ, ω̃]] on twists and
V×_f = −(V×ₘ)ᵀ on wrenches. A planar mechanism is the special case z = 0, every turn about
z, its bodies' inertia J_G on the diagonal.

Example
-------
A pendulum: one stage, a turn about z through O.

>>> from mbtools import Mechanism, MassProperties
>>> m = Mechanism("pendulum")
>>> m.add_ground({"O": (0.0, 0.0)})
>>> m.add_body("bob", {"O": (0.0, 0.0), "P": (1.0, 0.0)}, mass=MassProperties(2.0, (1.0, 0.0), 0.0))
>>> m.add_revolute("ground", "bob", at="O")
>>> tree = KinematicTree(m)
>>> [(s.joint, [m.name for m in s.motions], s.coordinates, s.body) for s in tree.stages]
[('R_O', ['theta_R_O'], (0,), 'bob')]
>>> poses, twists, axes, biases = tree.kinematics(np.array([np.pi / 2]), np.array([3.0]))
>>> np.round(poses[0][0] @ [1.0, 0.0, 0.0] + poses[0][1], 12) + 0.0      # P turned to (0, 1)
array([0., 1., 0.])
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..description import (GROUND, Cylindrical, Mechanism, Prismatic, Revolute, Rigid, Spherical, Translational,
                           Universal)
from ..description.topology import free_bodies, spanning_tree
from ..errors import MechanismError


EYE3 = np.eye(3)


def skew3(a: np.ndarray) -> np.ndarray:
    """ã of a 3-vector: ã b = a × b."""
    return np.array([[0.0, -a[2], a[1]], [a[2], 0.0, -a[0]], [-a[1], a[0], 0.0]])


def cross3(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """a × b of two 3-vectors (numpy's cross costs ten times as much on one pair)."""
    return np.array([a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]])


def motion_cross(V: np.ndarray) -> np.ndarray:
    """V×ₘ of (T.2)'s twists: [[ω̃, 0], [ṽ, ω̃]]."""
    out = np.zeros((6, 6))
    out[:3, :3] = out[3:, 3:] = skew3(V[:3])
    out[3:, :3] = skew3(V[3:])
    return out


def force_cross(V: np.ndarray) -> np.ndarray:
    """V×_f = −(V×ₘ)ᵀ: [[ω̃, ṽ], [0, ω̃]]."""
    out = np.zeros((6, 6))
    out[:3, :3] = out[3:, 3:] = skew3(V[:3])
    out[:3, 3:] = skew3(V[3:])
    return out


def motion_product(V: np.ndarray, X: np.ndarray) -> np.ndarray:
    """V ×ₘ X = (ω × x₁, ω × x₂ + v × x₁) for V = (ω, v), X = (x₁, x₂)."""
    w, v = V[:3], V[3:]
    return np.concatenate([cross3(w, X[:3]), cross3(w, X[3:]) + cross3(v, X[:3])])


def force_product(V: np.ndarray, F: np.ndarray) -> np.ndarray:
    """V ×_f F = (ω × n + v × f, ω × f) for V = (ω, v), F = (n, f)."""
    w, v = V[:3], V[3:]
    return np.concatenate([cross3(w, F[:3]) + cross3(v, F[3:]), cross3(w, F[3:])])


def spatial_inertia(mass: float, centre: np.ndarray, inertia: np.ndarray) -> np.ndarray:
    """𝕀 of (T.3) about the origin, for a body of ``mass`` at ``centre`` with ``inertia`` about it
    (m c̃ c̃ᵀ = m (‖c‖² I − c cᵀ))."""
    out = np.empty((6, 6))
    c = skew3(centre)
    out[:3, :3] = inertia + mass * (float(centre @ centre) * EYE3 - np.outer(centre, centre))
    out[:3, 3:] = mass * c
    out[3:, :3] = -mass * c
    out[3:, 3:] = mass * EYE3
    return out


def turn_matrix(axis: np.ndarray, angle: float) -> np.ndarray:
    """rot(u, θ) = cos θ I + sin θ ũ + (1 − cos θ) u uᵀ for a unit u."""
    c, s = math.cos(angle), math.sin(angle)
    return c * EYE3 + s * skew3(axis) + (1.0 - c) * np.outer(axis, axis)


@dataclass(frozen=True)
class Motion:
    """One turn or slide of a joint (see the module): its coordinate's ``name``, ``kind``
    ("turn" or "slide"), the drawn ``axis`` u⁰ and ``point`` P⁰ (3-vectors)."""

    name: str
    kind: str
    axis: np.ndarray
    point: np.ndarray


@dataclass(frozen=True)
class Stage:
    """One tree joint: its ``motions`` in order (none for a weld), their indices
    ``coordinates`` in q, the ``parent`` stage (−1: the ground) and the ``body`` it carries."""

    joint: str
    parent: int
    body: str
    motions: tuple
    coordinates: tuple


def _vec3(value) -> np.ndarray:
    v = np.asarray(value, dtype=float).reshape(-1)
    return np.concatenate([v, np.zeros(3 - len(v))])


class KinematicTree:
    """The stages of a mechanism's spanning tree (the relative family's, with the same cut
    joints) and their inertias; the coordinates numbered as ``coordinate_names`` gives
    them (a relative model's), else in the order the stages come."""

    def __init__(self, mechanism: Mechanism, cut_joints=None, coordinate_names: list[str] | None = None):
        flying = free_bodies(mechanism)
        if flying:
            raise MechanismError(f"Bodies {flying} of '{mechanism.name}' fly free of the ground: a recursive "
                                 "formulation grows from the ground joint by joint and cannot reach them.")
        self.mechanism = mechanism
        self.planar = mechanism.dimension == 2
        tree, cuts = spanning_tree(mechanism, list(cut_joints) if cut_joints is not None else None)
        self.cut_joints = tuple(j.name for j in cuts)
        carrier, motions = {GROUND: -1}, []
        for joint, parent, child in tree:
            motions.append((joint.name, carrier[parent], child, tuple(self._joint_motions(joint, parent))))
            carrier[child] = len(motions) - 1
        names = [m.name for *_, joint_motions in motions for m in joint_motions]
        order = list(coordinate_names) if coordinate_names is not None else names
        if sorted(order) != sorted(names):
            raise MechanismError(f"The recursive tree of '{mechanism.name}' has the coordinates {names}, the model "
                                 f"{order}: formulate it in relative coordinates with the same cut joints.")
        index = {name: k for k, name in enumerate(order)}
        self.stages: list[Stage] = [Stage(joint, parent, child, joint_motions, tuple(index[m.name] for m in joint_motions))
                                    for joint, parent, child, joint_motions in motions]
        self.n = len(names)
        self.inertia0 = {}
        for s in self.stages:
            if mechanism.bodies[s.body].mass is not None:
                props = mechanism.bodies[s.body].mass
                J = np.asarray(props.inertia, dtype=float)
                self.inertia0[s.body] = (float(props.mass), _vec3(props.centre),
                                         float(J) * np.eye(3) if J.ndim == 0 else J)
        missing = [s.body for s in self.stages if s.body not in self.inertia0]
        if missing:
            raise MechanismError(f"Bodies {missing} of '{mechanism.name}' have no mass properties: the dynamics needs "
                                 "them (Mechanism.add_body(..., mass=...) or set_masses).")

    def _joint_motions(self, joint, parent: str) -> list[Motion]:
        """The motions of a tree joint, in the order of :mod:`mbtools.coordinates.relative`'s."""
        m, z, name = self.mechanism, np.array([0.0, 0.0, 1.0]), joint.name
        if isinstance(joint, Rigid):
            return []
        if isinstance(joint, Revolute):
            axis = z if self.planar else _vec3(m.vector_direction(joint.axis))
            return [Motion(f"theta_{name}", "turn", axis, _vec3(m.point_position(joint.at)))]
        if isinstance(joint, Spherical):
            P = _vec3(m.point_position(joint.at))
            return [Motion(f"{a}_{name}", "turn", e, P) for a, e in zip(("alpha", "beta", "gamma"), np.eye(3))]
        if isinstance(joint, Universal):
            arms = (joint.axis_i, joint.axis_j) if joint.body_i == parent else (joint.axis_j, joint.axis_i)
            P = _vec3(m.point_position(joint.at))
            return [Motion(f"{a}_{name}", "turn", _vec3(m.vector_direction(arm)), P) for a, arm in zip(("alpha", "beta"), arms)]
        if isinstance(joint, Translational):
            return [Motion(f"s_{name}", "slide", _vec3(m.vector_direction(joint.axis)), np.zeros(3))]
        if isinstance(joint, Cylindrical):
            axis = _vec3(m.vector_direction(joint.axis))
            return [Motion(f"theta_{name}", "turn", axis, _vec3(m.point_position(joint.point_i))),
                    Motion(f"s_{name}", "slide", axis, np.zeros(3))]
        if isinstance(joint, Prismatic):
            i, j = joint.guide_points
            g = _vec3(m.point_position(j) - m.point_position(i))
            sign = 1.0 if joint.guide_body == parent else -1.0
            return [Motion(f"s_{name}", "slide", sign * g / np.linalg.norm(g), np.zeros(3))]
        raise MechanismError(f"Joint '{name}' ({type(joint).__name__}) has no recursive stages.")

    def kinematics(self, q: np.ndarray, qd: np.ndarray) -> tuple[list, np.ndarray, list, np.ndarray]:
        """Each stage's pose (R, p) (T.1), twist V (6,), motion axes S (6 × k) (T.2) and the
        acceleration c (6,) its motions give at q̈ = 0, c = Σᵢ Vᵢ₋₁ ×ₘ Sᵢ q̇ᵢ (Vᵢ₋₁ the twist
        before motion i), at (q, q̇)."""
        poses, axes = [], []
        twists, biases = np.zeros((len(self.stages), 6)), np.zeros((len(self.stages), 6))
        for k, s in enumerate(self.stages):
            R, p = poses[s.parent] if s.parent >= 0 else (EYE3, np.zeros(3))
            V = twists[s.parent].copy() if s.parent >= 0 else np.zeros(6)
            columns = np.zeros((6, len(s.motions)))
            for i, (m, j) in enumerate(zip(s.motions, s.coordinates)):
                u = R @ m.axis
                if m.kind == "turn":
                    columns[:3, i], columns[3:, i] = u, cross3(R @ m.point + p, u)
                    Rm = turn_matrix(m.axis, q[j])
                    R, p = R @ Rm, R @ (m.point - Rm @ m.point) + p
                else:
                    columns[3:, i] = u
                    p = R @ (q[j] * m.axis) + p
                rate = columns[:, i] * qd[j]
                biases[k] += motion_product(V, rate)
                V += rate
            poses.append((R, p))
            twists[k] = V
            axes.append(columns)
        return poses, twists, axes, biases

    def body_inertia(self, stage: Stage, pose: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
        """𝕀 (T.3) of the body a stage carries, at its pose."""
        mass, centre0, inertia0 = self.inertia0[stage.body]
        R, p = pose
        return spatial_inertia(mass, R @ centre0 + p, R @ inertia0 @ R.T)
