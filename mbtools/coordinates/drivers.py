"""The driving conditions: one equation per input, written once for every family.

A family passes where the points are (a function from a point's name to its sympy
position in the family's coordinates); the equations are the same in every family:

* angle input θ of the vector d = tail→head, measured from e₁ towards e₂ (in the
  plane e₁ = x, e₂ = y): (d·e₁) sin θ − (d·e₂) cos θ = 0
  (:func:`~mbtools.coordinates.conditions.angle_driver_condition`);
* slide input s of point k along the guide i→j, from i:
  (r_k − r_i)·(r_j − r_i) − L_ij s = 0.

Each input also comes with its *measure*, its value as a function of q, so that the
inputs can be read off a position.
"""

from __future__ import annotations

from typing import Callable

import numpy as np
import sympy as sp

from ..errors import MechanismError
from ..model import Constraint, Input, input_symbol
from . import conditions as cc


def driver_equations(mechanism, position: Callable[[str, str], sp.Matrix], coordinates: list[sp.Symbol]):
    """(constraints, inputs) of the mechanism's drivers, in the order described.

    ``position(point, body)`` is where the family puts a point of the body that holds
    the driver's points (a moving body that lists them all, if one does).
    """
    equations, inputs = [], []
    for driver in mechanism.drivers:
        holders = [b for b in mechanism.bodies.values() if set(driver.points) <= set(b.points)]
        holder = next((b.name for b in holders if not b.is_ground), holders[0].name if holders else None)
        tail_head = [position(p, holder) for p in driver.points]
        if not any(e.free_symbols & set(coordinates) for r in tail_head for e in r):
            raise MechanismError(
                f"Input '{driver.name}' measures only fixed points, so it drives nothing: drive a moving body."
            )
        if driver.unit == "angle":
            theta = input_symbol(f"theta_{driver.name}", coordinates)
            e1, e2 = (sp.Matrix(list(map(float, e))) for e in mechanism.angle_frame(driver))
            tail, head = tail_head
            d = head - tail
            equations.append(Constraint(f"{driver.name}: angle driver", "angle driver",
                                        cc.angle_driver_condition(tail, head, theta, e1, e2), length_power=1,
                                        owner=driver.name))
            inputs.append(Input(driver.name, theta, "angle", sp.atan2(d.dot(e2), d.dot(e1))))
        else:
            s = input_symbol(f"s_{driver.name}", coordinates)
            i, j = driver.guide_points
            length = float(np.linalg.norm(mechanism.point_position(j) - mechanism.point_position(i)))
            ri, rj, rk = tail_head
            equations.append(Constraint(f"{driver.name}: slide driver", "slide driver",
                                        cc.slide_driver_condition(ri, rj, rk, length, s), length_power=2,
                                        owner=driver.name))
            inputs.append(Input(driver.name, s, "length", (rk - ri).dot(rj - ri) / length))
    return equations, inputs
