"""A body that a solution shows mirrored: the check that tells a true assembly from a
reflection that distances alone cannot exclude.

Distances alone cannot tell a planar triangle from its mirror image: a body with three
points kept by three distances (the usual rule of basic coordinates) also satisfies its
equations reflected, which no rigid motion in the plane produces. The signed area of its
first three points, compared with the drawing's, tells them apart.

>>> from mbtools import examples, formulate
>>> model = formulate(examples.four_bar(coupler_point=(3.0, 2.0)), "basic")
>>> mirrored_bodies(model, model.reference_q)
[]
"""

from __future__ import annotations

import numpy as np

from ..model import Model


def mirrored_bodies(model: Model, q) -> list[str]:
    """Names of the planar bodies that q shows reflected with respect to their drawing:
    the signed area of their first three points has the opposite sign. Only bodies with
    three or more points not on a line can be mirrored; an empty list for spatial
    mechanisms and for families whose coordinates cannot reflect a body."""
    q = model.configuration(q)
    mirrored = []
    for body in model.mechanism.bodies.values():
        names = list(body.points)
        if body.is_ground or len(names) < 3 or len(body.points[names[0]]) != 2:
            continue
        drawn = _signed_area(*(np.asarray(body.points[n], dtype=float) for n in names[:3]))
        if abs(drawn) < 1e-9 * max(1.0, model.length_scale) ** 2:
            continue
        now = _signed_area(*(model.point(q, n) for n in names[:3]))
        if now * drawn < 0:
            mirrored.append(body.name)
    return mirrored


def _signed_area(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> float:
    return 0.5 * float((b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1]))
