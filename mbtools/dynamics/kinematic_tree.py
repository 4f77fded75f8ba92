"""The spanning tree of relative coordinates as stages, one per tree joint, and its
kinematics in spatial vectors — what the recursive formulations (:mod:`mbtools.dynamics.recursive`) walk.

**Stages.** Relative coordinates place each body by the motions of the tree joints from
the ground (``mbtools.coordinates.relative``): a revolute turns about its drawn axis
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

**Evaluation.** :meth:`KinematicTree.state` computes all of it at once, as arrays over the
stages, for the recursions to share. Each stage's motions sit in *slots*, as many as the
widest joint has (a weld's or a revolute's spare slots hold no motion: a zero axis and no
coordinate). What does not run along the tree — every motion's 4 × 4 pose [[R_m, p_m],
[0, 1]], each joint's own composition of them, the axes (T.2), the terms c_k, the spatial
inertias (T.3) — is computed for all stages by one numpy operation each; only what does (a
pose from its parent's (T.1), a twist from its parent's) is a loop over the stages, one
product or sum per stage. A motion's pose is the exponential of its 4 × 4 twist G: a turn
θ about u through P has G = [[ũ, −ũ P], [0, 0]] and [[R_m, p_m], [0, 1]] = 𝟙 + sin θ G +
(1 − cos θ) G² (Rodrigues), a slide s along u has G = [[0, u], [0, 0]] and 𝟙 + s G. A
motion's axis (T.2) is its drawn axis S⁰ = (a, b) — (u⁰, P⁰ × u⁰) or (0, u⁰) — carried by
the pose (R, p) before it: S = (R a, R b + p × R a). The products a × b, V ×ₘ X and V ×_f F
of many pairs are each one product of their outer products with a constant table, and 𝕀
follows from the body's second moments (:meth:`KinematicTree.spatial_inertias`).

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
from typing import NamedTuple

import numpy as np

from ..description import (GROUND, Cylindrical, Mechanism, Prismatic, Revolute, Rigid, Spherical, Translational,
                           Universal)
from ..description.topology import free_bodies, spanning_tree
from ..errors import MechanismError


EYE3, EYE4, ZERO1, ZERO6 = np.eye(3), np.eye(4), np.zeros(1), np.zeros(6)


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


#: The values of the bilinear product a × b on the pairs of unit vectors (9 × 3), so that
#: the flattened outer products a bᵀ of many pairs times this table give all the products at
#: once; ``MOTION_PRODUCTS`` and ``FORCE_PRODUCTS`` are the same for V ×ₘ X and V ×_f F.
CROSS_PRODUCTS = np.array([cross3(a, b) for a in EYE3 for b in EYE3])                          # 9 × 3
MOTION_PRODUCTS = np.array([motion_product(a, b) for a in np.eye(6) for b in np.eye(6)])       # 36 × 6
FORCE_PRODUCTS = np.array([force_product(a, b) for a in np.eye(6) for b in np.eye(6)])         # 36 × 6


def _pairwise(a: np.ndarray, b: np.ndarray, products: np.ndarray) -> np.ndarray:
    """A bilinear product of each pair of rows of a and b (..., k) by its table (k² × k)."""
    return (a[..., :, None] * b[..., None, :]).reshape(a.shape[:-1] + (-1,)) @ products


def cross_products(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """a × b of each pair of 3-vectors of two arrays (..., 3)."""
    return _pairwise(a, b, CROSS_PRODUCTS)


def motion_products(V: np.ndarray, X: np.ndarray) -> np.ndarray:
    """V ×ₘ X of each pair of twists of two arrays (..., 6)."""
    return _pairwise(V, X, MOTION_PRODUCTS)


def force_products(V: np.ndarray, F: np.ndarray) -> np.ndarray:
    """V ×_f F of each twist and wrench of two arrays (..., 6)."""
    return _pairwise(V, F, FORCE_PRODUCTS)


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


def second_moments(mass: float, centre: np.ndarray, inertia: np.ndarray) -> np.ndarray:
    """J = ∫ (x, 1)(x, 1)ᵀ dm = [[Σ, m c], [m cᵀ, m]] of a body of ``mass`` at ``centre`` with
    ``inertia`` I_G about it: Σ = ½ tr I_G 𝟙 − I_G + m c cᵀ."""
    out = np.empty((4, 4))
    out[:3, :3] = 0.5 * np.trace(inertia) * EYE3 - inertia + mass * np.outer(centre, centre)
    out[:3, 3] = out[3, :3] = mass * centre
    out[3, 3] = mass
    return out


def _inertia_of_moments(moments: np.ndarray) -> np.ndarray:
    """𝕀 (T.3) of second moments J (:func:`second_moments`), the linear map of
    :meth:`KinematicTree.spatial_inertias`."""
    sigma, momentum, mass = moments[:3, :3], moments[:3, 3], moments[3, 3]
    out = np.empty((6, 6))
    out[:3, :3] = np.trace(sigma) * EYE3 - sigma
    out[:3, 3:] = skew3(momentum)
    out[3:, :3] = -skew3(momentum)
    out[3:, 3:] = mass * EYE3
    return out


#: The linear map J ↦ 𝕀 on the flattened matrices (16 × 36).
INERTIA_OF_MOMENTS = np.array([_inertia_of_moments(unit.reshape(4, 4)).ravel() for unit in np.eye(16)])


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


class TreeState(NamedTuple):
    """The tree at one state (q, q̇) (:meth:`KinematicTree.state`), as arrays over the s
    stages and their w slots (see the module)."""

    #: Each body's pose [[R, p], [0, 1]] (T.1), shape (s, 4, 4).
    poses: np.ndarray
    #: Each body's twist V_k, shape (s, 6).
    twists: np.ndarray
    #: The axis S (T.2) of each stage's motions, one row per slot (S_kᵀ, zero past the
    #: stage's motions), shape (s, w, 6).
    axes: np.ndarray
    #: Each stage's acceleration at q̈ = 0 relative to its parent's, c_k, shape (s, 6).
    biases: np.ndarray
    #: Each body's spatial inertia 𝕀 (T.3), shape (s, 6, 6).
    inertias: np.ndarray


def _vec3(value) -> np.ndarray:
    v = np.asarray(value, dtype=float).reshape(-1)
    return np.concatenate([v, np.zeros(3 - len(v))])


class KinematicTree:
    """The stages of a mechanism's spanning tree (the relative family's, with the same cut
    joints) and their inertias; the coordinates numbered as ``coordinate_names`` gives
    them (a relative model's), else in the order the stages come.

    Besides ``stages``, what the recursions read of the tree, computed once: ``parents``
    (each stage's parent, −1 for the ground), ``motion_counts`` (each stage's number of
    motions), ``width`` (slots per stage, w), ``support`` (s × s: ``support[j, k]`` where
    stage j is k or lies on its path to the ground), ``slot_support`` (the same per slot,
    sw × sw) and ``slot_below`` (where j lies on the path of k and is not k)."""

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
        self._arrange()

    def _joint_motions(self, joint, parent: str) -> list[Motion]:
        """The motions of a tree joint, in the order of ``mbtools.coordinates.relative``'s."""
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

    def _arrange(self) -> None:
        """The arrays of the tree that do not depend on the state (module, "Evaluation")."""
        stages, n = self.stages, self.n
        count = len(stages)
        self.parents = np.array([s.parent for s in stages], dtype=int)
        self.parent_list = self.parents.tolist()
        self.motion_counts = tuple(len(s.motions) for s in stages)
        self.width = w = max(self.motion_counts + (1,))
        # q and q̇ read through one lookup into (q, q̇, 0): a spare slot reads the 0
        lookup = np.full((2, count, w), 2 * n, dtype=int)
        self._turns, generators = np.zeros((count, w)), np.zeros((count, w, 3, 4, 4))
        self._drawn_axes = np.zeros((count, w, 3, 2))
        for k, s in enumerate(stages):
            for i, (motion, j) in enumerate(zip(s.motions, s.coordinates)):
                lookup[:, k, i] = j, n + j
                u, P = motion.axis, motion.point
                if motion.kind == "turn":
                    self._turns[k, i] = 1.0
                    generators[k, i, 0, :3, :3], generators[k, i, 0, :3, 3] = skew3(u), -cross3(u, P)
                    generators[k, i, 1] = generators[k, i, 0] @ generators[k, i, 0]
                    self._drawn_axes[k, i, :, 0], self._drawn_axes[k, i, :, 1] = u, cross3(P, u)
                else:
                    generators[k, i, 2, :3, 3] = u
                    self._drawn_axes[k, i, :, 1] = u
        self._lookup, self._generators = lookup, generators.reshape(count, w, 3, 16)
        self._slot_lookup = np.where(lookup[0] == 2 * n, n, lookup[0])
        slots = {(k, i): k * w + i for k, s in enumerate(stages) for i in range(len(s.motions))}
        self._coordinate_slots = np.zeros(n, dtype=int)
        for (k, i), slot in slots.items():
            self._coordinate_slots[stages[k].coordinates[i]] = slot
        self._coordinate_grid = np.ix_(self._coordinate_slots, self._coordinate_slots)
        self.support = np.zeros((count, count), dtype=bool)
        for k in range(count):
            j = k
            while j >= 0:
                self.support[j, k] = True
                j = stages[j].parent
        self.slot_support = np.kron(self.support, np.ones((w, w))).astype(bool)
        self.slot_below = self.slot_support & ~self.slot_support.T
        self._moments0 = np.array([second_moments(*self.inertia0[s.body]) for s in stages])

    def slot_values(self, x: np.ndarray) -> np.ndarray:
        """A vector over the coordinates (q̈, τ) arranged in the slots, (s, w), 0 in spare slots."""
        return np.concatenate((x, ZERO1))[self._slot_lookup]

    def coordinate_values(self, slots: np.ndarray) -> np.ndarray:
        """The inverse of :meth:`slot_values`: (s, w) → a vector over the coordinates."""
        return slots.reshape(-1)[self._coordinate_slots]

    def coordinate_matrix(self, slots: np.ndarray) -> np.ndarray:
        """A matrix over pairs of slots, (sw × sw), as a matrix over the coordinates (n × n)."""
        return slots[self._coordinate_grid]

    def path_sums(self, values: np.ndarray) -> np.ndarray:
        """Each stage's value plus those of the stages on its path to the ground (outward, O(s))."""
        out = []
        for value, parent in zip(values, self.parent_list):
            out.append(value if parent < 0 else out[parent] + value)
        return np.array(out)

    def subtree_sums(self, values: np.ndarray) -> np.ndarray:
        """Each stage's value plus those of the stages it carries (inward, O(s))."""
        out = values.copy()
        for k in range(len(out) - 1, -1, -1):
            if self.parent_list[k] >= 0:
                out[self.parent_list[k]] += out[k]
        return out

    def state(self, q: np.ndarray, qd: np.ndarray) -> TreeState:
        """The poses (T.1), twists, motion axes (T.2), velocity-product accelerations c_k and
        spatial inertias (T.3) of every stage at (q, q̇) (float arrays), as arrays
        (:class:`TreeState`; the module, "Evaluation")."""
        count, w = len(self.stages), self.width
        positions, speeds = np.concatenate((q, qd, ZERO1))[self._lookup]
        angles = positions * self._turns
        coefficients = np.empty((count, w, 1, 3))
        coefficients[..., 0, 0], coefficients[..., 0, 1] = np.sin(angles), 1.0 - np.cos(angles)
        coefficients[..., 0, 2] = positions - angles                    # a slide's length, 0 for a turn
        motions = (coefficients @ self._generators).reshape(count, w, 4, 4) + EYE4
        before = np.empty((count, w, 4, 4))                             # each joint's own pose before a motion
        before[:, 0], joint = EYE4, motions[:, 0]
        for slot in range(1, w):
            before[:, slot] = joint
            joint = joint @ motions[:, slot]
        world = []                                                      # (T.1) along the tree
        for k, parent in enumerate(self.parent_list):
            world.append(joint[k] if parent < 0 else world[parent] @ joint[k])
        poses_and_ground = np.array(world + [EYE4])
        frames = poses_and_ground[self.parents][:, None] @ before       # the pose before each motion
        turned = frames[..., :3, :3] @ self._drawn_axes                 # (R a, R b)
        angular = turned[..., 0]
        axes = np.concatenate((angular, turned[..., 1] + cross_products(frames[..., :3, 3], angular)),
                              axis=-1)                                  # (T.2): (R a, R b + p × R a)
        rates = axes * speeds[..., None]
        after = []                                                      # the twist after each motion
        for own, parent in zip(rates.cumsum(axis=1), self.parent_list):
            after.append(own if parent < 0 else after[parent][-1] + own)
        after = np.array(after)
        # c_k, the twist after each motion standing for the one before it: Sᵢq̇ᵢ ×ₘ Sᵢq̇ᵢ = 0
        biases = motion_products(after, rates).sum(axis=1)
        twists = after[:, -1]
        poses = poses_and_ground[:-1]
        return TreeState(poses, twists, axes, biases, self.spatial_inertias(poses))

    def spatial_inertias(self, poses: np.ndarray) -> np.ndarray:
        """𝕀 (T.3) of every stage's body at its pose T = [[R, p], [0, 1]], (s, 6, 6): from the
        body's second moments J = ∫ (x, 1)(x, 1)ᵀ dm, which move with it as T J⁰ Tᵀ, and of
        which 𝕀 is a linear function — [[tr Σ 𝟙 − Σ, m c̃], [m c̃ᵀ, m 𝟙]], Σ = ∫ x xᵀ dm the upper
        left of J (so that tr Σ 𝟙 − Σ = I_G + m c̃ c̃ᵀ), m c its last column, m its corner."""
        moments = poses @ self._moments0 @ poses.transpose(0, 2, 1)
        return (moments.reshape(-1, 16) @ INERTIA_OF_MOMENTS).reshape(-1, 6, 6)

    def kinematics(self, q: np.ndarray, qd: np.ndarray) -> tuple[list, np.ndarray, list, np.ndarray]:
        """Each stage's pose (R, p) (T.1), twist V (6,), motion axes S (6 × k) (T.2) and the
        acceleration c (6,) its motions give at q̈ = 0, c = Σᵢ Vᵢ₋₁ ×ₘ Sᵢ q̇ᵢ (Vᵢ₋₁ the twist
        before motion i), at (q, q̇)."""
        state = self.state(np.asarray(q, dtype=float), np.asarray(qd, dtype=float))
        poses = [(T[:3, :3], T[:3, 3]) for T in state.poses]
        axes = [rows[:k].T for rows, k in zip(state.axes, self.motion_counts)]
        return poses, state.twists, axes, state.biases

    def body_inertia(self, stage: Stage, pose: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
        """𝕀 (T.3) of the body a stage carries, at its pose."""
        mass, centre0, inertia0 = self.inertia0[stage.body]
        R, p = pose
        return spatial_inertia(mass, R @ centre0 + p, R @ inertia0 @ R.T)
