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

In space (:mod:`mbtools.coordinates.basic_spatial`) every condition is one of the
paper's three: constant distance, triangle area or tetrahedron volume; unit vectors
become points, and a cylindrical pair keeps its line as two planes.

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

from ..description import Mechanism, Prismatic, Revolute, Rigid
from ..errors import MechanismError
from ..model import Model
from . import conditions as cc
from .points import PointFormulation, joined, rigid_groups

# Below this |sin| of the angle at the first point, three points of a body count as
# aligned and the area condition replaces the second distance (paper: the distance
# conditions become dependent as the points align).
ALIGNED_SINE = 0.1


def formulate_basic(mechanism: Mechanism) -> Model:
    """Formulate a mechanism in basic coordinates (points only)."""
    if mechanism.dimension == 3:
        from .basic_spatial import formulate_basic_spatial

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
        JOINTS[type(joint)](f, joint)
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
            A = f.constant(f"A_{joined(i, j, k)}", 0.5 * (a[0] * b[1] - a[1] * b[0]))
            f.add(body, f"area {i}–{j}–{k}", "area", cc.area_condition(f.r[i], f.r[j], f.r[k], A), 2)
            f.distance(body, i, k)


def shares_what_it_joins(f: PointFormulation, joint) -> None:
    """A revolute pair shares a point; a rigid joint merges two bodies into one: no
    equation of their own."""


def planar_prismatic(f: PointFormulation, joint: Prismatic) -> None:
    """Constant area and constant scalar (or cross) product (paper, Fig. 6b)."""
    f.planar_prismatic(joint)


#: How basic coordinates write each planar joint type (spatial ones:
#: :data:`mbtools.coordinates.basic_spatial.JOINT_POINTS` and ``JOINT_CONDITIONS``).
JOINTS = {Revolute: shares_what_it_joins, Rigid: shares_what_it_joins, Prismatic: planar_prismatic}
