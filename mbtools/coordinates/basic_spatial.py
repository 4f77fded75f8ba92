"""Basic coordinates in space: points only, kept by the paper's three conditions —
constant distance, constant triangle area, constant tetrahedron volume.

Every unit vector of the description becomes a point at unit distance along it
(:data:`JOINT_POINTS`): a revolute pair's axis, one point shared by both bodies; a
universal joint's arms, a point at the end of each arm (their angle is the distance
between the two ends); a cylindrical pair's axis, one point on each body, which slide
apart.

A cylindrical pair then keeps the follower's two points on the guide's line a–a⁺
(:data:`JOINT_CONDITIONS`). With volumes only, "on the line" is "in two planes through
the line": four zero volumes V(a, a⁺, o, p) = 0 with two guide points o₁, o₂ off the
line, in planes far from each other. Where the guide body has no such pair of points,
an auxiliary point is added at unit distance from a, square to the line and to the
point it has (named ``a_n``, ``a_m``); on the ground it costs nothing. The guide is
whichever of the two bodies needs fewer new coordinates for it. This is what unit
vectors spare natural coordinates: the paper's RSCR takes 18 basic coordinates against
12 natural ones.

Each body is kept rigid by :func:`spatial_rigid_body_conditions`.

Example
-------
>>> from mbtools import examples, formulate
>>> formulate(examples.rscr(), "basic").n_coordinates
18
"""

from __future__ import annotations

import itertools

import numpy as np

from ..description import Cylindrical, Mechanism, Revolute, Rigid, Spherical, Translational, Universal
from ..errors import MechanismError
from ..model import Model
from . import conditions as cc
from .points import PointFormulation, rigid_groups


class SpatialBasic:
    """The state of a spatial basic formulation: the points of each body, those added
    along unit vectors, and the lines of cylindrical pairs."""

    def __init__(self, mechanism: Mechanism):
        self.mechanism = mechanism
        self.f = PointFormulation(mechanism, with_vectors=False)
        self.ground = set(mechanism.ground_points()) | set(mechanism.ground_vectors())
        self.members: dict[str, list[str]] = {b: list(body.points) for b, body in mechanism.bodies.items()}
        self.groups = rigid_groups(mechanism)
        self.group_of = {b: label for label, _, _ in self.groups for b in label.split("+")}
        self.made: dict[tuple[str, str], str] = {}  # (anchor, vector) -> the point put along it
        self.lines: dict[str, dict] = {}  # cylindrical pair -> {body: (point on the axis, point along)}
        self.planes: dict[str, tuple] = {}

    def add_point(self, name: str, position: np.ndarray, bodies: list[str], fixed: bool = False) -> str:
        fixed = fixed or all(self.mechanism.bodies[b].is_ground for b in bodies)
        self.f.add_point(name, position, fixed)
        for b in bodies:
            if name not in self.members[b]:
                self.members[b].append(name)
        return name

    def along(self, anchor: str, vector: str, bodies: list[str]) -> str:
        """The point at unit distance from ``anchor`` along ``vector``, named
        anchor_vector (or anchor_vector2… if the description has a point so named)."""
        fixed = anchor in self.mechanism.ground_points() and vector in self.ground
        name = self.made.get((anchor, vector)) or _free_name(self.f, f"{anchor}_{vector}")
        self.made[(anchor, vector)] = name
        return self.add_point(name, self.f.pos(anchor) + self.mechanism.vector_direction(vector), bodies, fixed)

    def group_points(self, body: str) -> list[str]:
        if self.mechanism.bodies[body].is_ground:
            return list(self.members[body])
        names: list[str] = []
        for b in self.group_of[body].split("+"):
            names += [p for p in self.members[b] if p not in names]
        return names


# ----------------------------------------------------------------- joints: their points
def no_points(state: SpatialBasic, joint) -> None:
    """Spherical and rigid joints share points (or merge bodies): nothing to add."""


def revolute_points(state: SpatialBasic, joint: Revolute) -> None:
    """One point along the axis, shared by both bodies."""
    state.along(joint.at, joint.axis, [joint.body_i, joint.body_j])


def line_points(state: SpatialBasic, joint: Cylindrical) -> None:
    """A point along the axis on each body, from its own point on the joint's line."""
    ends = {}
    for body, point in ((joint.body_i, joint.point_i), (joint.body_j, joint.point_j)):
        ends[body] = (point, state.along(point, joint.axis, [body]))
    state.lines[joint.name] = ends


def arm_points(state: SpatialBasic, joint: Universal) -> None:
    """The end of each arm of the cross, on its own body."""
    state.along(joint.at, joint.axis_i, [joint.body_i])
    state.along(joint.at, joint.axis_j, [joint.body_j])


#: The points each spatial joint type puts along its unit vectors.
JOINT_POINTS = {
    Revolute: revolute_points, Spherical: no_points, Rigid: no_points,
    Cylindrical: line_points, Translational: line_points, Universal: arm_points,
}


# ----------------------------------------------------------------- joints: their conditions
def no_conditions(state: SpatialBasic, joint) -> None:
    """Revolute, spherical and rigid joints: the shared points say it all."""


def on_the_line(state: SpatialBasic, joint: Cylindrical) -> None:
    """The follower's two points in two planes through the guide's line: four zero
    volumes V(a, a⁺, o, p) = 0."""
    guide, (a, a_plus), (o1, o2), follower, follower_points = state.planes[joint.name]
    for p in follower_points:
        for o in (o1, o2):
            state.f.volume(joint.name, f"{p} in the plane {a}–{a_plus}–{o}", a, a_plus, o, p, value=0.0)


def on_the_line_without_turning(state: SpatialBasic, joint: Translational) -> None:
    """The cylindrical conditions and a volume that locks the turn about the axis."""
    on_the_line(state, joint)
    guide, line, planes, follower, follower_points = state.planes[joint.name]
    _no_rotation(state.f, state.mechanism, joint, line, planes, follower_points, state.group_points(follower))


def arm_angle(state: SpatialBasic, joint: Universal) -> None:
    """The arms keep their angle: the distance between their ends."""
    state.f.distance(joint.name, state.made[(joint.at, joint.axis_i)], state.made[(joint.at, joint.axis_j)])


#: The conditions each spatial joint type writes once the bodies are rigid.
JOINT_CONDITIONS = {
    Revolute: no_conditions, Spherical: no_conditions, Rigid: no_conditions,
    Cylindrical: on_the_line, Translational: on_the_line_without_turning, Universal: arm_angle,
}


def formulate_basic_spatial(mechanism: Mechanism) -> Model:
    """Formulate a spatial mechanism in basic coordinates (see the module's text)."""
    state = SpatialBasic(mechanism)
    for joint in mechanism.joints:
        JOINT_POINTS[type(joint)](state, joint)
    for body in mechanism.bodies.values():  # vectors that are no joint axis
        for v in body.vectors:
            if not any(vec == v and point in state.members[body.name] for (_, vec), point in state.made.items()):
                state.along(list(body.points)[0], v, [body.name])
    for joint in mechanism.joints:
        if joint.name in state.lines:
            state.planes[joint.name] = _cylindrical_planes(
                state.f, mechanism, joint, state.lines[joint.name], state.group_points, state.add_point)
    for label, _, _ in state.groups:
        spatial_rigid_body_conditions(state.f, label, state.group_points(label.split("+")[0]))
    for joint in mechanism.joints:
        JOINT_CONDITIONS[type(joint)](state, joint)
    state.f.drivers()
    members = {b: state.group_points(b) for b in mechanism.bodies if not mechanism.bodies[b].is_ground}
    return state.f.model("basic", members)


def _no_rotation(f: PointFormulation, mechanism: Mechanism, joint: Translational, line: tuple[str, str],
                 planes: tuple[str, str], follower_line: tuple[str, str], follower_points: list[str]) -> None:
    """A translational pair's lock on the turn about its axis: a follower point k off the
    line keeps its volume with one of the guide's planes, V(a, a⁺, o, k) = V₀ — the
    plane whose normal is most nearly along k's direction of turning."""
    a, a_plus = line
    u0 = mechanism.vector_direction(joint.axis)
    offsets = []
    for k in follower_points:
        if k in follower_line:
            continue
        radial = f.pos(k) - f.pos(a)
        radial = radial - (radial @ u0) * u0
        offsets.append((np.linalg.norm(radial), k, radial))
    if not offsets or max(offsets)[0] < 1e-9 * mechanism.length_scale():
        raise MechanismError(
            f"Translational joint '{joint.name}': the sliding body has no point off the axis, so "
            "its turn about the axis is not described; give it a point off the axis."
        )
    _, k, radial = max(offsets, key=lambda item: item[0])
    turning = np.cross(u0, radial)

    def sensitivity(o: str) -> float:
        normal = np.cross(f.pos(a_plus) - f.pos(a), f.pos(o) - f.pos(a))
        return abs(float(normal @ turning)) / np.linalg.norm(normal)

    o = max(planes, key=sensitivity)
    f.volume(joint.name, f"no rotation, volume {a}–{a_plus}–{o}–{k}", a, a_plus, o, k)


# Two planes through a cylindrical pair's line count as far apart when the sine of the
# angle between them is at least this.
PLANES_SINE = 0.3


def _cylindrical_planes(f: PointFormulation, mechanism: Mechanism, joint: Cylindrical, ends: dict,
                        group_points, add_point) -> tuple:
    """Choose the guide body of a cylindrical pair and its two points off the line,
    adding auxiliary points where it has too few (see :func:`formulate_basic_spatial`)."""
    u0 = mechanism.vector_direction(joint.axis)
    options = []
    for guide, follower in ((joint.body_i, joint.body_j), (joint.body_j, joint.body_i)):
        a, a_plus = ends[guide]
        normals = []
        for o in group_points(guide):
            if o in (a, a_plus):
                continue
            off = f.pos(o) - f.pos(a)
            off = off - (off @ u0) * u0
            if np.linalg.norm(off) > 0.1 * max(np.linalg.norm(f.pos(o) - f.pos(a)), 1e-300):
                normals.append((o, off / np.linalg.norm(off)))
        chosen = []
        if normals:
            chosen.append(normals[0])
            second = max(normals[1:], key=lambda item: np.linalg.norm(np.cross(chosen[0][1], item[1])), default=None)
            if second is not None and np.linalg.norm(np.cross(chosen[0][1], second[1])) >= PLANES_SINE:
                chosen.append(second)
        missing = 2 - len(chosen)
        cost = 0 if mechanism.bodies[guide].is_ground else missing
        options.append((cost, guide, follower, chosen))
    cost, guide, follower, chosen = min(options, key=lambda option: option[0])
    a, a_plus = ends[guide]
    if not chosen:
        e = np.cross(u0, np.eye(3)[int(np.argmin(np.abs(u0)))])
        e /= np.linalg.norm(e)
        chosen.append((add_point(_free_name(f, f"{a}_n"), f.pos(a) + e, [guide]), e))
    if len(chosen) == 1:
        e = np.cross(u0, chosen[0][1])
        chosen.append((add_point(_free_name(f, f"{a}_m" if chosen[0][0].endswith("_n") else f"{a}_n"), f.pos(a) + e, [guide]), e))
    return guide, (a, a_plus), (chosen[0][0], chosen[1][0]), follower, ends[follower]


def _free_name(f: PointFormulation, name: str) -> str:
    """``name``, or ``name2``, ``name3``… if a point already has it."""
    candidate, k = name, 2
    while candidate in f.r:
        candidate, k = f"{name}{k}", k + 1
    return candidate


def spatial_rigid_body_conditions(f: PointFormulation, body: str, names: list[str]) -> None:
    """Distances and tetrahedron volumes that keep a set of points rigid in space.

    A body of p points not all on a line has 6 degrees of freedom and needs 3p − 6
    conditions (paper); on a line, 3p − 5 (its spin is not modelled). Fixed points are
    placed first and need none. Then each further point, taken off the line of the
    points placed while they are aligned, gets as many conditions as it adds freedoms —
    one from a single point, two from aligned points, three from a triangle — chosen
    among its distances to the points placed and its volumes with their triangles as
    the best conditioned at the drawing (the largest determinant of their unit
    gradients; distances preferred). A point on the line of aligned points only keeps
    its distance to i and is kept on the line by the vector area (j − i) × (k − i) = 0
    (three components, two independent: the solver's pivoting sets one aside).
    """
    moving = set(f.coordinates)
    fixed = [p for p in names if f.r[p][0] not in moving]
    placed = list(fixed)
    waiting = [p for p in names if p not in fixed]
    scale = f.mechanism.length_scale()
    for p in names:
        for q in names:
            if p < q and np.linalg.norm(f.pos(p) - f.pos(q)) < 1e-12 * scale:
                raise MechanismError(f"Body '{body}': points '{p}' and '{q}' coincide; remove one of them.")
    while waiting:
        line = _line_of(f, placed)
        k = waiting[0]
        if line is not None:  # placed points aligned: take the point farthest off their line first
            k = max(waiting, key=lambda p: _sine_to_line(f, line, p))
        waiting.remove(k)
        if not placed:
            pass  # the first point is free
        elif len(placed) == 1:
            f.distance(body, placed[0], k)
        elif line is not None and _sine_to_line(f, line, k) < EXACTLY_ALIGNED:
            i, j = line
            f.distance(body, i, k)
            for axis, expression in zip("xyz", cc.cross_vector_condition(f.r[j] - f.r[i], f.r[k] - f.r[i])):
                f.add(body, f"{k} on the line {i}–{j} ({axis})", "area", expression, 2)
        elif line is not None:  # (nearly aligned points keep exact, if ill-conditioned, distances)
            i, j = line
            f.distance(body, i, k)
            f.distance(body, j, k)
        else:
            _three_conditions(f, body, placed, k)
        placed.append(k)


# Below this sine of the angle at the first point, three points count as exactly aligned.
EXACTLY_ALIGNED = 1e-9


def _line_of(f: PointFormulation, placed: list[str]) -> tuple[str, str] | None:
    """Two points spanning the line of the placed points, if they are (exactly) aligned;
    None if they span a plane, or are fewer than two."""
    if len(placed) < 2:
        return None
    i, j = placed[0], placed[1]
    if any(_sine_to_line(f, (i, j), k) >= EXACTLY_ALIGNED for k in placed[2:]):
        return None
    return i, j


def _sine_to_line(f: PointFormulation, line: tuple[str, str], k: str) -> float:
    """Sine of the angle at i between the line i–j and the point k."""
    i, j = line
    e, d = f.pos(j) - f.pos(i), f.pos(k) - f.pos(i)
    return float(np.linalg.norm(np.cross(e, d)) / (np.linalg.norm(e) * np.linalg.norm(d)))


def _three_conditions(f: PointFormulation, body: str, placed: list[str], k: str) -> None:
    """Three conditions fixing point k to a triangle of placed points: distances and
    volumes, the best-conditioned choice at the drawing."""
    rk = f.pos(k)
    candidates = []  # (kind, points, unit gradient with respect to r_k)
    for p in placed[:8]:  # the first points placed (a body rarely has more)
        d = rk - f.pos(p)
        candidates.append(("distance", (p,), d / np.linalg.norm(d)))
    for a, b, c in itertools.combinations(placed[:5], 3):
        normal = np.cross(f.pos(b) - f.pos(a), f.pos(c) - f.pos(a))
        size = np.linalg.norm(normal)
        if size > 1e-9 * np.linalg.norm(f.pos(b) - f.pos(a)) * np.linalg.norm(f.pos(c) - f.pos(a)):
            candidates.append(("volume", (a, b, c), normal / size))
    best = None
    for trio in itertools.combinations(candidates, 3):
        det = abs(float(np.linalg.det(np.array([g for _, _, g in trio]))))
        volumes = sum(kind == "volume" for kind, _, _ in trio)
        score = det - 0.25 * volumes  # a distance wins unless a volume is much better conditioned
        if best is None or score > best[0] + 1e-12:
            best = (score, trio)
    for kind, points, _ in best[1]:
        if kind == "distance":
            f.distance(body, points[0], k)
        else:
            a, b, c = points
            f.volume(body, f"volume {a}–{b}–{c}–{k}", a, b, c, k)
