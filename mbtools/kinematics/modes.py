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
from .mirror import mirrored_bodies
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
