"""What a formulation costs: unknowns, equations, nonlinearity and solve time, and the
arithmetic of one Newton–Raphson step (:func:`newton_step_cost`).

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
import sympy as sp

from ..kinematics import solve_position, sweep_position
from ..model import Model
from ..model.rank import numerical_rank


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


@dataclass(frozen=True)
class NewtonStepCost:
    """The arithmetic of one Newton–Raphson step, Φ_q Δq = −Φ, of a model: a property
    of the formulation, whatever implements it.

    Attributes
    ----------
    family : str
        The family's key, as :func:`~mbtools.coordinate_counts` keys them
        (``"reference_point_euler_angles"`` for reference-point coordinates with Euler angles).
    coordinates : int
        n.
    constraints : int
        m, the geometric constraints (drivers left out).
    rows : int
        The rows of Φ and Φ_q in the position problem: m plus one driver per input.
    rank : int
        The rank of Φ_q (drivers included) at the assembled drawing.
    evaluation : int
        Arithmetic operations and function calls that form Φ and Φ_q at given inputs, on
        the equations as the library writes them, counted by sympy after common
        subexpressions are taken out once.
    functions : int
        Of which calls of sin, cos and other functions.
    called : tuple of str
        The names of the functions called, e.g. ``("cos", "sin")``.
    factorization : str
        "LU" of the n × n Jacobian when it is square, "QR + LU" when rows are redundant
        (a pivoted QR of Φ_qᵀ picks n independent rows first), "QR" when the rank is
        below n (idle freedoms).
    flops : int
        The leading terms of the factorization's floating-point operations: 2n³/3 for
        an LU, 2p²(P − p/3) for the QR of Φ_qᵀ, with p and P the smaller and larger of n
        and the number of rows.
    """

    family: str
    coordinates: int
    constraints: int
    rows: int
    rank: int
    evaluation: int
    functions: int
    factorization: str
    flops: int
    called: tuple[str, ...] = ()


ARITHMETIC = {"ADD", "SUB", "MUL", "DIV", "NEG", "POW"}


def newton_step_cost(model: Model) -> NewtonStepCost:
    """Count the arithmetic of one Newton–Raphson step of ``model`` (see
    :class:`NewtonStepCost`).

    >>> from mbtools import examples, formulate
    >>> cost = newton_step_cost(formulate(examples.four_bar(), "natural"))
    >>> cost.coordinates, cost.rows, cost.functions, cost.factorization, cost.flops
    (4, 4, 0, 'LU', 43)
    """
    q = model.reference_q
    inputs = {i.symbol: value for i, value in zip(model.inputs, model.input_vector(model.input_values(q)))}
    # the inputs are fixed during a solve: what depends on them alone is computed once
    expressions = [sp.sympify(e).xreplace(inputs) for e in
                   [eq.lhs for eq in model.equations(numeric=True)] + list(model.jacobian_symbolic(numeric=True))]
    shared, reduced = sp.cse(expressions)
    counted = sum((sp.count_ops(e, visual=True) for e in [v for _, v in shared] + reduced), sp.Integer(0))
    tally = {str(symbol): int(counted.coeff(symbol)) for symbol in counted.free_symbols}
    n, rows = model.n_coordinates, model.n_constraints
    rank = numerical_rank(model.jacobian(q, model.input_values(q)))
    if rows == n and rank == n:
        factorization, flops = "LU", 2 * n**3 / 3
    else:
        p, big = min(n, rows), max(n, rows)
        factorization, flops = ("QR + LU" if rank == n else "QR"), 2 * p * p * (big - p / 3)
        flops += 2 * n**3 / 3 if rank == n else 0
    drivers = sum(1 for c in model.constraints if c.is_driver)
    called = tuple(sorted(k.lower() for k in tally if k not in ARITHMETIC))
    key = model.family + (f"_{model.facts.variant}" if model.facts.variant else "")
    return NewtonStepCost(key, n, rows - drivers, rows, rank, sum(tally.values()),
                          sum(v for k, v in tally.items() if k not in ARITHMETIC), factorization, round(flops),
                          called)
