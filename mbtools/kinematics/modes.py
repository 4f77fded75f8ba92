"""How many assembly modes? Every solution of Φ(q, s) = 0 at given inputs, found by
Newton–Raphson from many guesses, and the check that tells a true assembly mode from a
solution that mirrors a body.

Distances alone cannot tell a planar triangle from its mirror image: a body with three
points kept by three distances (the usual rule of basic coordinates) also satisfies its
equations reflected, which no rigid motion in the plane produces. The signed area of the
paper's area condition fixes the orientation; a body kept by distances only is checked
here against the orientation of its drawing.

Example
-------
>>> import math
>>> from mbtools import examples, formulate
>>> model = formulate(examples.four_bar(coupler_point=(3.0, 2.0)), "basic")
>>> solutions = solve_all_positions(model, {"crank": 1.0}, trials=60)
>>> len(solutions), sorted(len(mirrored_bodies(model, q)) for q in solutions)
(4, [0, 0, 1, 1])
"""

from __future__ import annotations

import warnings

import numpy as np

from ..errors import InputError, MbtoolsError
from ..model import Model
from .position import solve_position


def solve_all_positions(model: Model, inputs, trials: int = 200, seed: int = 0, spread: float | None = None,
                        atol: float = 1e-6) -> list[np.ndarray]:
    """The distinct solutions q of Φ(q, s) = 0 that Newton–Raphson reaches from ``trials``
    random guesses (the drawing plus normal noise of standard deviation ``spread``,
    by default the largest coordinate of the drawing): a search, not a proof — a
    solution with a small basin of attraction can be missed, so report the count with
    the number of trials. Two solutions are the same within ``atol``.
    """
    if not isinstance(model, Model):
        raise InputError("solve_all_positions() takes a model: formulate the mechanism first.")
    rng = np.random.default_rng(seed)
    scale = spread if spread is not None else max(1.0, float(np.abs(model.reference_q).max()))
    found: list[np.ndarray] = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")   # guesses near singular positions warn; they are just guesses
        for _ in range(int(trials)):
            guess = model.reference_q + rng.normal(scale=scale, size=model.n_coordinates)
            try:
                result = solve_position(model, inputs, guess=guess)
            except MbtoolsError:
                continue
            if result.converged and not any(np.allclose(result.q, q, atol=atol) for q in found):
                found.append(result.q)
    return found


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
