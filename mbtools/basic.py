"""Planar basic coordinates: the Cartesian coordinates of points, and nothing else.

The paper's recipe (section "Coordenadas básicas"):

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
    """Basic coordinates in space: every unit vector of the description becomes a point.

    A revolute pair's axis becomes one point on it, at unit distance from the joint
    point, shared by both bodies; a cylindrical pair's axis becomes one point on each
    body (they slide apart), beside each body's point on the axis; a universal joint's
    arms, a point at the end of each arm. Then a body is a set of points (at least
    three, not aligned, unless it is a link between two ball joints), kept rigid by
    distances — or, for a point nearly in the plane of the first three, by the signed
    volume of the tetrahedron and two distances; a cylindrical pair keeps the other
    body's two points on the line through the first body's two: (r_a⁺ − r_a) ×
    (r_p − r_a) = 0 for each of them.
    """
    f = PointFormulation(mechanism, with_vectors=False)
    ground = set(mechanism.ground_points()) | set(mechanism.ground_vectors())
    members: dict[str, list[str]] = {b: list(body.points) for b, body in mechanism.bodies.items()}
    groups = rigid_groups(mechanism)

    def along(anchor: str, vector: str, bodies: list[str], tag: str) -> str:
        name = f"{anchor}_{vector}" if not tag else f"{anchor}_{vector}{tag}"
        fixed = all(mechanism.bodies[b].is_ground for b in bodies) or (anchor in mechanism.ground_points() and vector in ground)
        f.add_point(name, f.pos(anchor) + mechanism.vector_direction(vector), fixed)
        for b in bodies:
            if name not in members[b]:
                members[b].append(name)
        return name

    line_points: dict[str, tuple[str, str]] = {}
    for joint in mechanism.joints:
        if isinstance(joint, Revolute):
            along(joint.at, joint.axis, [joint.body_i, joint.body_j], "")
        elif isinstance(joint, Cylindrical):
            for body, point in ((joint.body_i, joint.point_i), (joint.body_j, joint.point_j)):
                line_points[body + joint.name] = (point, along(point, joint.axis, [body], ""))
        elif isinstance(joint, Universal):
            along(joint.at, joint.axis_i, [joint.body_i], "")
            along(joint.at, joint.axis_j, [joint.body_j], "")
    for body in mechanism.bodies.values():  # vectors that are no joint axis
        for v in body.vectors:
            if not any(name.endswith(f"_{v}") for name in members[body.name]):
                along(list(body.points)[0], v, [body.name], "")
    for label, _, _ in groups:
        names: list[str] = []
        for b in label.split("+"):
            names += [p for p in members[b] if p not in names]
        spatial_rigid_body_conditions(f, label, names)
    for joint in mechanism.joints:
        if isinstance(joint, Cylindrical):
            a, a_plus = line_points[joint.body_i + joint.name]
            for p in line_points[joint.body_j + joint.name]:
                d = f.r[a_plus] - f.r[a]
                for axis, expression in zip("xyz", cc.cross_vector_condition(d, f.r[p] - f.r[a])):
                    f.add(f"{joint.name}: {p} on the line {a}–{a_plus} ({axis})", "cross", expression)
            if isinstance(joint, Translational):
                from .natural import translational_lock

                u0 = mechanism.vector_direction(joint.axis)
                sides = []
                for body in (joint.body_i, joint.body_j):
                    anchor, _ = line_points[body + joint.name]
                    others = [p for p in members[body] if p not in line_points[body + joint.name]]
                    off = next(
                        p for p in others
                        if np.linalg.norm(np.cross(u0, f.pos(p) - f.pos(anchor))) > 0.3 * np.linalg.norm(f.pos(p) - f.pos(anchor))
                    )
                    sides.append((f"{anchor}{off}", f.r[off] - f.r[anchor], f.pos(off) - f.pos(anchor)))
                translational_lock(f, joint.name, f.r[a_plus] - f.r[a], u0, sides)
        elif isinstance(joint, Universal):
            at = joint.at
            u, v = f.r[f"{at}_{joint.axis_i}"] - f.r[at], f.r[f"{at}_{joint.axis_j}"] - f.r[at]
            value = float(np.dot(mechanism.vector_direction(joint.axis_i), mechanism.vector_direction(joint.axis_j)))
            c = f.constant(f"c_{joint.axis_i}{joint.axis_j}", value)
            f.add(f"{joint.name}: arms {joint.axis_i}·{joint.axis_j}", "dot", cc.dot_condition(u, v, c))
    f.drivers()
    return f.model("basic")


def spatial_rigid_body_conditions(f: PointFormulation, body: str, names: list[str]) -> None:
    """Distances (and volumes) that keep a set of points rigid in space."""
    i = names[0]
    base = [i]
    for k in names[1:]:
        d = f.pos(k) - f.pos(i)
        if np.linalg.norm(d) < 1e-12:
            raise MechanismError(f"Body '{body}': points '{i}' and '{k}' coincide; remove one of them.")
        if len(base) == 1:
            f.distance(body, i, k)
            base.append(k)
        elif len(base) == 2:
            e = f.pos(base[1]) - f.pos(i)
            sine = np.linalg.norm(np.cross(e, d)) / (np.linalg.norm(e) * np.linalg.norm(d))
            f.distance(body, i, k)
            if sine >= 1e-9:  # (nearly aligned points keep exact, if ill-conditioned, distances)
                f.distance(body, base[1], k)
                base.append(k)
            else:  # exactly on the line of the first two: keep it there
                for axis, expression in zip("xyz", cc.cross_vector_condition(f.r[base[1]] - f.r[i], f.r[k] - f.r[i])):
                    f.add(f"{body}: {k} on the line {i}–{base[1]} ({axis})", "cross", expression)
        else:
            j, m = base[1], base[2]
            e1, e2 = f.pos(j) - f.pos(i), f.pos(m) - f.pos(i)
            normal = np.cross(e1, e2)
            height = abs(np.dot(normal, d)) / (np.linalg.norm(normal) * np.linalg.norm(d))
            f.distance(body, i, k)
            f.distance(body, j, k)
            if height >= ALIGNED_SINE:
                f.distance(body, m, k)
            else:
                V = f.constant(f"V_{i}{j}{m}{k}", float(np.dot(e1, np.cross(e2, d))) / 6)
                r = f.r
                f.add(f"{body}: volume {i}–{j}–{m}–{k}", "volume",
                      (r[j] - r[i]).dot((r[m] - r[i]).cross(r[k] - r[i])) - 6 * V)
