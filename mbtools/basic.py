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
import sympy as sp

from . import constraints as cc
from .errors import MechanismError
from .mechanism import AngleDriver, Mechanism, Prismatic, SlideDriver
from .model import Constraint, Input, Model

# Below this |sin| of the angle at the first point, three points of a body count as
# aligned and the area condition replaces the second distance (paper: the distance
# conditions become dependent as the points align).
ALIGNED_SINE = 0.1


def formulate_basic(mechanism: Mechanism) -> Model:
    """Formulate a planar mechanism in basic coordinates (points only)."""
    mechanism.check()
    if mechanism.dimension != 2:
        raise MechanismError(
            f"Mechanism '{mechanism.name}' is spatial: basic coordinates are formulated for "
            "planar mechanisms so far; formulate it in natural coordinates."
        )
    ground = set(mechanism.ground_points())
    moving = mechanism.moving_points()
    coords: list[sp.Symbol] = []
    parameters: dict[sp.Symbol, float] = {}
    r: dict[str, sp.Matrix] = {}
    for point in mechanism.all_points():
        x, y = sp.symbols(f"x_{point} y_{point}", real=True)
        r[point] = sp.Matrix([x, y])
        if point in ground:
            xy = mechanism.point_position(point)
            parameters[x], parameters[y] = float(xy[0]), float(xy[1])
    for point in moving:
        coords.extend(r[point])
    reference_q = np.concatenate([mechanism.point_position(p) for p in moving]) if moving else np.zeros(0)

    equations: list[Constraint] = []

    def constant(symbol_name: str, value: float) -> sp.Symbol:
        symbol = sp.Symbol(symbol_name, real=True)
        if symbol in parameters and abs(parameters[symbol] - value) > 1e-12 * max(1.0, abs(value)):
            raise MechanismError(f"Constant {symbol_name} would take two values: rename a point.")
        parameters[symbol] = float(value)
        return symbol

    def pos(point: str) -> np.ndarray:
        return mechanism.point_position(point)

    # rigid-body conditions
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
        i, j = names[0], names[1]
        equations.append(_distance(body.name, i, j, r, pos, constant))
        for k in names[2:]:
            a, b = pos(j) - pos(i), pos(k) - pos(i)
            sine = abs(a[0] * b[1] - a[1] * b[0]) / (np.linalg.norm(a) * np.linalg.norm(b) or 1.0)
            if np.linalg.norm(b) < 1e-12 * mechanism.length_scale():
                raise MechanismError(
                    f"Body '{body.name}': points '{i}' and '{k}' coincide; remove one of them."
                )
            if sine >= ALIGNED_SINE:
                equations.append(_distance(body.name, i, k, r, pos, constant))
                equations.append(_distance(body.name, j, k, r, pos, constant))
            else:
                area = 0.5 * (a[0] * b[1] - a[1] * b[0])
                A = constant(f"A_{i}{j}{k}", area)
                equations.append(
                    Constraint(f"{body.name}: area {i}–{j}–{k}", "area", cc.area_condition(r[i], r[j], r[k], A))
                )
                equations.append(_distance(body.name, i, k, r, pos, constant))

    # pair conditions
    for joint in mechanism.joints:
        if isinstance(joint, Prismatic):
            i, j = joint.guide_points
            k, q = joint.slider_points
            u_ref, v_ref = pos(j) - pos(i), pos(q) - pos(k)
            area = 0.5 * float(u_ref[0] * (pos(k) - pos(i))[1] - u_ref[1] * (pos(k) - pos(i))[0])
            A = constant(f"A_{i}{j}{k}", area)
            equations.append(
                Constraint(
                    f"{joint.name}: area {i}–{j}–{k}",
                    "area",
                    cc.area_condition(r[i], r[j], r[k], A),
                )
            )
            u, v = r[j] - r[i], r[q] - r[k]
            dot = float(np.dot(u_ref, v_ref))
            cross = float(u_ref[0] * v_ref[1] - u_ref[1] * v_ref[0])
            if abs(dot) <= abs(cross):
                c = constant(f"c_{i}{j}{k}{q}", dot)
                equations.append(
                    Constraint(f"{joint.name}: dot {i}{j}·{k}{q}", "dot", cc.dot_condition(u, v, c))
                )
            else:
                c = constant(f"c_{i}{j}{k}{q}", cross)
                equations.append(
                    Constraint(
                        f"{joint.name}: cross {i}{j}×{k}{q}", "cross", cc.cross_condition(u, v, c)
                    )
                )

    # driving conditions
    inputs: list[Input] = []
    for driver in mechanism.drivers:
        if isinstance(driver, AngleDriver):
            theta = sp.Symbol(f"theta_{driver.name}", real=True)
            d = r[driver.head] - r[driver.tail]
            equations.append(
                Constraint(
                    f"{driver.name}: angle driver",
                    "angle driver",
                    cc.angle_driver_condition(r[driver.tail], r[driver.head], theta),
                )
            )
            inputs.append(Input(driver.name, theta, "angle", sp.atan2(d[1], d[0])))
        elif isinstance(driver, SlideDriver):
            s = sp.Symbol(f"s_{driver.name}", real=True)
            i, j = driver.guide_points
            L = constant(f"L_{i}{j}", float(np.linalg.norm(pos(j) - pos(i))))
            equations.append(
                Constraint(
                    f"{driver.name}: slide driver",
                    "slide driver",
                    cc.slide_driver_condition(r[i], r[j], r[driver.point], L, s),
                )
            )
            inputs.append(Input(driver.name, s, "length", (r[driver.point] - r[i]).dot(r[j] - r[i]) / L))

    for c in equations:
        if not (c.expression.free_symbols & set(coords)):
            raise MechanismError(
                f"Constraint '{c.name}' involves only fixed points, so it constrains nothing: "
                "a body or guide fixed to the ground belongs to the ground."
            )
    return Model(
        mechanism,
        "basic",
        coords,
        equations,
        inputs,
        parameters,
        {p: r[p] for p in mechanism.all_points()},
        reference_q,
    )


def _distance(body: str, i: str, j: str, r, pos, constant) -> Constraint:
    length = float(np.linalg.norm(pos(j) - pos(i)))
    if length < 1e-12:
        raise MechanismError(f"Body '{body}': points '{i}' and '{j}' coincide; remove one of them.")
    L = constant(f"L_{i}{j}", length)
    return Constraint(f"{body}: distance {i}–{j}", "distance", cc.distance_condition(r[i], r[j], L))


