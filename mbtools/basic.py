"""Basic coordinates: the Cartesian coordinates of points, and nothing else.

The paper's recipe (section "Coordenadas básicas") in the plane:

* every point not fixed to the ground contributes its x and y;
* a body with p points needs 2p − 3 rigid-body conditions: the distance of its first
  two points, then for each further point k two more — the distances to the first two
  points, or, when the three points are nearly aligned and the distances would be
  dependent, the signed area of the triangle and one distance;
* a revolute pair needs no equation: the two bodies share the point;
* a prismatic pair (Fig. 6b) keeps the slider point k at its distance from the guide
  line i–j (constant area) and the slider vector k→q at its angle to the guide
  (constant scalar product, or cross product when the two are nearly parallel);
* each input adds one driving condition.

In space (:func:`formulate_basic_spatial`) every condition is one of the paper's three:
constant distance, triangle area or tetrahedron volume; unit vectors become points, and
a cylindrical pair keeps its line as two planes.

Example
-------
>>> from mbtools import examples, formulate
>>> model = formulate(examples.four_bar(), "basic")
>>> model.coordinate_names
['x_A', 'y_A', 'x_B', 'y_B']
>>> model.constraint_names
['crank: distance O2–A', 'coupler: distance A–B', 'rocker: distance O4–B', 'crank: angle driver']
"""

from __future__ import annotations

import itertools

import numpy as np

from . import constraints as cc
from .errors import MechanismError
from .formulation import PointFormulation, rigid_groups
from .mechanism import Cylindrical, Mechanism, Prismatic, Revolute, Translational, Universal
from .model import Model

# Below this |sin| of the angle at the first point, three points of a body count as
# aligned and the area condition replaces the second distance (paper: the distance
# conditions become dependent as the points align).
ALIGNED_SINE = 0.1


def formulate_basic(mechanism: Mechanism) -> Model:
    """Formulate a mechanism in basic coordinates (points only)."""
    if mechanism.dimension == 3:
        return formulate_basic_spatial(mechanism)
    f = PointFormulation(mechanism, with_vectors=False)
    ground = set(mechanism.ground_points())
    for label, names, _ in rigid_groups(mechanism):
        fixed = [p for p in names if p in ground]
        if len(fixed) >= 2:
            raise MechanismError(
                f"Body '{label}' holds the ground points {fixed}: pinned at two fixed "
                "points it cannot move. Make those points part of the ground or remove one."
            )
        rigid_body_conditions(f, label, names)
    for joint in mechanism.joints:
        if isinstance(joint, Prismatic):
            f.planar_prismatic(joint)
    f.drivers()
    return f.model("basic")


def rigid_body_conditions(f: PointFormulation, body: str, names: list[str]) -> None:
    """The 2p − 3 conditions of a planar body with p points (paper, planar basic
    coordinates): the distance of the first two points; for each further point k, its
    distances to them, or — nearly aligned — the signed area and one distance."""
    i, j = names[0], names[1]
    f.distance(body, i, j)
    for k in names[2:]:
        a, b = f.pos(j) - f.pos(i), f.pos(k) - f.pos(i)
        if np.linalg.norm(b) < 1e-12 * f.mechanism.length_scale():
            raise MechanismError(f"Body '{body}': points '{i}' and '{k}' coincide; remove one of them.")
        sine = abs(a[0] * b[1] - a[1] * b[0]) / (np.linalg.norm(a) * np.linalg.norm(b))
        if sine >= ALIGNED_SINE:
            f.distance(body, i, k)
            f.distance(body, j, k)
        else:
            A = f.constant(f"A_{i}{j}{k}", 0.5 * (a[0] * b[1] - a[1] * b[0]))
            f.add(f"{body}: area {i}–{j}–{k}", "area", cc.area_condition(f.r[i], f.r[j], f.r[k], A))
            f.distance(body, i, k)


def formulate_basic_spatial(mechanism: Mechanism) -> Model:
    """Basic coordinates in space: points only, kept by the paper's three conditions —
    constant distance, constant triangle area, constant tetrahedron volume.

    Every unit vector of the description becomes a point at unit distance along it: a
    revolute pair's axis, one point shared by both bodies; a universal joint's arms, a
    point at the end of each arm (their angle is the distance between the two ends); a
    cylindrical pair's axis, one point on each body, which slide apart.

    A cylindrical pair then keeps the follower's two points on the guide's line a–a⁺.
    With volumes only, "on the line" is "in two planes through the line": four zero
    volumes V(a, a⁺, o, p) = 0 with two guide points o₁, o₂ off the line, in planes far
    from each other. Where the guide body has no such pair of points, an auxiliary
    point is added at unit distance from a, square to the line and to the point it has
    (named ``a_n``, ``a_m``); on the ground it costs nothing. The guide is whichever of
    the two bodies needs fewer new coordinates for it. This is what unit vectors spare
    natural coordinates: the paper's RSCR takes 18 basic coordinates against 12
    natural ones.

    Each body is kept rigid by :func:`spatial_rigid_body_conditions`.
    """
    f = PointFormulation(mechanism, with_vectors=False)
    ground = set(mechanism.ground_points()) | set(mechanism.ground_vectors())
    members: dict[str, list[str]] = {b: list(body.points) for b, body in mechanism.bodies.items()}
    groups = rigid_groups(mechanism)
    group_of = {b: label for label, _, _ in groups for b in label.split("+")}

    def add_point(name: str, position: np.ndarray, bodies: list[str], fixed: bool = False) -> str:
        fixed = fixed or all(mechanism.bodies[b].is_ground for b in bodies)
        f.add_point(name, position, fixed)
        for b in bodies:
            if name not in members[b]:
                members[b].append(name)
        return name

    made: dict[tuple[str, str], str] = {}  # (anchor, vector) -> the point put along it

    def along(anchor: str, vector: str, bodies: list[str]) -> str:
        """The point at unit distance from ``anchor`` along ``vector``, named
        anchor_vector (or anchor_vector2… if the description has a point so named)."""
        fixed = anchor in mechanism.ground_points() and vector in ground
        name = made.get((anchor, vector)) or _free_name(f, f"{anchor}_{vector}")
        made[(anchor, vector)] = name
        return add_point(name, f.pos(anchor) + mechanism.vector_direction(vector), bodies, fixed)

    lines: dict[str, dict] = {}  # cylindrical pair -> {body: (its point on the axis, the point along)}
    for joint in mechanism.joints:
        if isinstance(joint, Revolute):
            along(joint.at, joint.axis, [joint.body_i, joint.body_j])
        elif isinstance(joint, Cylindrical):
            ends = {}
            for body, point in ((joint.body_i, joint.point_i), (joint.body_j, joint.point_j)):
                ends[body] = (point, along(point, joint.axis, [body]))
            lines[joint.name] = ends
        elif isinstance(joint, Universal):
            along(joint.at, joint.axis_i, [joint.body_i])
            along(joint.at, joint.axis_j, [joint.body_j])
    for body in mechanism.bodies.values():  # vectors that are no joint axis
        for v in body.vectors:
            if not any(vec == v and point in members[body.name] for (_, vec), point in made.items()):
                along(list(body.points)[0], v, [body.name])

    def group_points(body: str) -> list[str]:
        if mechanism.bodies[body].is_ground:
            return list(members[body])
        names: list[str] = []
        for b in group_of[body].split("+"):
            names += [p for p in members[b] if p not in names]
        return names

    line_planes: dict[str, tuple] = {}
    for joint in mechanism.joints:
        if isinstance(joint, Cylindrical):
            line_planes[joint.name] = _cylindrical_planes(f, mechanism, joint, lines[joint.name], group_points, add_point)
    for label, _, _ in groups:
        spatial_rigid_body_conditions(f, label, group_points(label.split("+")[0]))
    for joint in mechanism.joints:
        if isinstance(joint, Cylindrical):
            guide, (a, a_plus), (o1, o2), follower, follower_points = line_planes[joint.name]
            r = f.r
            for p in follower_points:
                for o in (o1, o2):
                    f.volume(f"{joint.name}: {p} in the plane {a}–{a_plus}–{o}", a, a_plus, o, p, value=0.0)
            if isinstance(joint, Translational):
                _no_rotation(f, mechanism, joint, (a, a_plus), (o1, o2), follower_points, group_points(follower))
        elif isinstance(joint, Universal):
            f.distance(joint.name, f"{joint.at}_{joint.axis_i}", f"{joint.at}_{joint.axis_j}")
    f.drivers()
    return f.model("basic")


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
    f.volume(f"{joint.name}: no rotation, volume {a}–{a_plus}–{o}–{k}", a, a_plus, o, k)


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
                f.add(f"{body}: {k} on the line {i}–{j} ({axis})", "area", expression)
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
            f.volume(f"{body}: volume {a}–{b}–{c}–{k}", a, b, c, k)
