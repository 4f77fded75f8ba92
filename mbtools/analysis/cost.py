"""What a formulation costs: unknowns, equations, nonlinearity and solve time.

The measurements behind the comparison chapter and ``benchmarks/position_solve.py``:
one warm-started position solve (from the solution one degree away, what a slider or a
time step does), Newton iterations, and a whole sweep. Times are best-of-several wall
clock on the machine that runs them: compare them with each other, not with another
machine's.

Example
-------
>>> from mbtools import examples, formulate
>>> cost = formulation_cost(formulate(examples.four_bar(), "basic"), repeats=3, number=20)
>>> cost.coordinates, cost.quadratic, cost.iterations
(4, True, 3)
"""

from __future__ import annotations

import math
import timeit
from dataclasses import dataclass

import numpy as np

from ..kinematics import solve_position, sweep_position
from ..model import Model


@dataclass(frozen=True)
class FormulationCost:
    """What :func:`formulation_cost` measured for one model.

    Attributes
    ----------
    family : str
        The family's label.
    coordinates, equations : int
        The number of coordinates and of constraint rows (drivers included).
    quadratic : bool
        True when every equation is at most quadratic in the coordinates.
    iterations : int
        Newton iterations of the warm-started solve (from the solution one degree away).
    warm_solve_ms : float
        The time of that solve, in milliseconds (best of the repeats).
    sweep_ms : float
        The time of a sweep of 360 input angles one degree apart, in milliseconds.
    sweep_iterations : float
        The mean number of Newton iterations per position of that sweep.
    """

    family: str
    coordinates: int
    equations: int
    quadratic: bool
    iterations: int  # Newton iterations of the warm-started solve
    warm_solve_ms: float
    sweep_ms: float  # 360 angles, one degree apart
    sweep_iterations: float  # mean


def formulation_cost(model: Model, repeats: int = 5, number: int = 200, start_degrees: float = 30.0) -> FormulationCost:
    """Measure the position-solve cost of a model on its first input (an angle)."""
    name = model.input_names[0]
    near = solve_position(model, {name: math.radians(start_degrees)}).q
    target = {name: math.radians(start_degrees + 1.0)}
    iterations = solve_position(model, target, guess=near).iterations
    warm = min(timeit.repeat(lambda: solve_position(model, target, guess=near), number=number, repeat=repeats)) / number
    angles = np.radians(np.arange(start_degrees, start_degrees + 360.0, 1.0))
    sweep = sweep_position(model, name, angles, guess=near)
    full = min(timeit.repeat(lambda: sweep_position(model, name, angles, guess=near), number=1, repeat=max(1, repeats // 2)))
    return FormulationCost(
        model.facts.label, model.n_coordinates, model.n_constraints, model.is_quadratic, iterations,
        warm * 1e3, full * 1e3, float(sweep.iterations.mean()),
    )
