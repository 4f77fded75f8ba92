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
from .formulation import PointFormulation
from .mechanism import Mechanism, Prismatic
from .model import Model

# Below this |sin| of the angle at the first point, three points of a body count as
# aligned and the area condition replaces the second distance (paper: the distance
# conditions become dependent as the points align).
ALIGNED_SINE = 0.1


def formulate_basic(mechanism: Mechanism) -> Model:
    """Formulate a planar mechanism in basic coordinates (points only)."""
    if mechanism.dimension != 2:
        mechanism.check()
        raise MechanismError(
            f"Mechanism '{mechanism.name}' is spatial: basic coordinates are formulated for "
            "planar mechanisms so far; formulate it in natural coordinates."
        )
    f = PointFormulation(mechanism, with_vectors=False)
    ground = set(mechanism.ground_points())
    for body in mechanism.bodies.values():
        if body.is_ground:
            continue
        names = list(body.points)
        fixed = [p for p in names if p in ground]
        if len(fixed) >= 2:
            raise MechanismError(
                f"Body '{body.name}' holds the ground points {fixed}: pinned at two fixed "
                "points it cannot move. Make those points part of the ground or remove one."
            )
        rigid_body_conditions(f, body.name, names)
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
