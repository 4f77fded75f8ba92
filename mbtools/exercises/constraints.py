"""Checking constraint equations, their Jacobian and γ written by a student.

:func:`check_constraints` takes the student's Φ as a Python function of q and compares
it with the model's geometric constraints *as a set of conditions*, not row by row: a
correct set may order, scale or combine its equations differently. It checks

1. that every equation holds at assembled positions of the mechanism (several input
   values, solved by the library): an equation that does not is not a constraint of the
   mechanism, and is named;
2. that the equations say everything the model's say: each of the model's conditions
   whose gradient is not a combination of the student's gradients (finite differences)
   is *missing*, and named;
3. that none repeats the others (a redundant equation is named).

Example
-------
>>> import numpy as np
>>> from mbtools import examples, formulate
>>> model = formulate(examples.four_bar(), "basic")
>>> O2, O4 = np.array([0.0, 0.0]), np.array([6.0, 0.0])   # the four-bar's ground points
>>> def phi(q):                                             # the coupler forgotten
...     A, B = q[0:2], q[2:4]
...     return [(A - O2) @ (A - O2) - 2.0**2, (B - O4) @ (B - O4) - 9.0**2]
>>> check_constraints(model, phi)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
mbtools.exercises.feedback.WrongAnswer: Φ: the condition 'coupler: distance A–B' is missing ...
"""

from __future__ import annotations

import numpy as np

from ..errors import AssemblyError
from ..kinematics import solve_position
from ..model.rank import RANK_RTOL, numerical_rank
from .arrays import diagnose_array
from .feedback import Pending, Right, WrongAnswer, as_array

#: Input offsets (radians or lengths, times the mechanism's size for slides) from the
#: drawing at which the student's equations must hold.
OFFSETS = (0.0, 0.37, -0.53, 1.1)

#: An equation "holds" where its value is below this fraction of its typical size near
#: the drawing (its largest value on positions 10 % of the mechanism's size away).
HOLDS = 1e-7

#: A model condition is "missing" where its gradient lies farther than this (relative)
#: from the span of the student's gradients.
MISSING = 1e-4


def geometric_rows(model) -> list[int]:
    """The rows of Φ that are not drivers."""
    return [k for k, c in enumerate(model.constraints) if not c.is_driver]


def assembled_positions(model) -> list[tuple[dict, np.ndarray]]:
    """(inputs, q) at the drawing and at a few inputs away from it, where they assemble."""
    reference = model.reference_inputs()
    positions = []
    for offset in OFFSETS:
        inputs = {name: value + offset * (1.0 if model.inputs[k].unit == "angle" else model.length_scale)
                  for k, (name, value) in enumerate(reference.items())}
        try:
            positions.append((inputs, solve_position(model, inputs).q))
        except AssemblyError:
            continue
    return positions


def evaluate_function(phi, q: np.ndarray) -> np.ndarray:
    """A student's Φ at q as finite floats, or a WrongAnswer saying why not (it raised, or
    returned something that is not numbers)."""
    try:
        value = phi(q.copy())
    except Exception as error:  # the student's function failing is feedback, not a crash
        raise WrongAnswer(f"Φ(q) raised {type(error).__name__}: {error}") from None
    try:
        value = np.asarray(value, dtype=float).reshape(-1)
    except (TypeError, ValueError):
        raise WrongAnswer("Φ(q) must return a list of numbers (evaluate symbols before returning).") from None
    if not np.all(np.isfinite(value)):
        raise WrongAnswer("Φ(q) returned values that are not finite (nan or inf).")
    return value


def _gradients(phi, q: np.ndarray, size: float) -> np.ndarray:
    h = 1e-6 * size
    columns = []
    for k in range(len(q)):
        step = np.zeros_like(q)
        step[k] = h
        columns.append((evaluate_function(phi, q + step) - evaluate_function(phi, q - step)) / (2.0 * h))
    return np.array(columns).T


def check_constraints(model, phi) -> Right | Pending:
    """Check a student's geometric constraints Φ(q) = 0 (drivers left out) of ``model``:
    ``phi`` maps q (in ``model.coordinate_names`` order) to the list of equations'
    values. Returns Right, or raises WrongAnswer naming the equation that does not hold,
    the model's condition that is missing or the equation that is redundant."""
    if phi is ...:
        return Pending("Φ")
    rows = geometric_rows(model)
    positions = assembled_positions(model)
    size = model.length_scale
    rng = np.random.default_rng(1)
    q0 = positions[0][1]
    values = evaluate_function(phi, q0)
    typical = np.max([np.abs(evaluate_function(phi, q0 + 0.1 * size * rng.standard_normal(len(q0)))) for _ in range(4)], axis=0)
    if len(typical) != len(values):
        raise WrongAnswer("Φ(q) returns lists of different lengths at different q.")
    for k in np.flatnonzero(typical == 0.0):
        raise WrongAnswer(f"Φ: equation {k + 1} is zero everywhere: it constrains nothing.")
    for inputs, q in positions:
        value = evaluate_function(phi, q)
        broken = np.flatnonzero(np.abs(value) > HOLDS * typical)
        if broken.size:
            where = ", ".join(f"{name} = {v:.3g}" for name, v in inputs.items())
            raise WrongAnswer(f"Φ: equation {broken[0] + 1} does not hold at an assembled position ({where}): it is "
                              "not a constraint of this mechanism. Check its lengths, points and signs.")
    q = positions[-1][1]
    student = _gradients(phi, q, size)
    right = model.jacobian(q, model.input_values(q))[rows]
    basis, singular, _ = np.linalg.svd(student.T, full_matrices=False)
    basis = basis[:, singular > RANK_RTOL * max(singular.max(initial=0.0), 1e-300)]
    for k, row in enumerate(right):
        left = row - basis @ (basis.T @ row)
        if np.linalg.norm(left) > MISSING * np.linalg.norm(row):
            name = model.constraints[rows[k]].name
            raise WrongAnswer(f"Φ: the condition '{name}' is missing (no equation, nor a combination of them, "
                              "says it).")
    rank = basis.shape[1]
    model_rank = numerical_rank(right)
    if len(values) - rank > len(rows) - model_rank:
        for k in range(len(values)):
            others = np.delete(student, k, axis=0)
            if numerical_rank(others) == rank:
                raise WrongAnswer(f"Φ: equation {k + 1} is redundant: it follows from the others. Give "
                                  f"{len(rows) - (len(rows) - model_rank)} independent equations.")
    return Right(f"Φ of '{model.mechanism.name}' in {model.facts.label} coordinates")


def check_jacobian(model, q, answer) -> Right | Pending:
    """Check a student's Jacobian Φ_q of the geometric constraints (drivers left out; rows
    in ``model.constraint_names`` order, columns in ``model.coordinate_names`` order) at q."""
    if answer is ...:
        return Pending("Φ_q")
    rows = geometric_rows(model)
    q = np.asarray(q, dtype=float)
    right = model.jacobian(q, model.input_values(q))[rows]
    answer = as_array(answer, right.shape, "Φ_q")
    message = diagnose_array(answer, right, "Φ_q", model.coordinate_names,
                             [model.constraints[k].name for k in rows], scale=model.length_scale)
    if message:
        raise WrongAnswer(message)
    return Right("Φ_q")


def check_gamma(model, q, qd, answer) -> Right | Pending:
    """Check a student's γ of the geometric constraints (Φ_q q̈ = γ, drivers left out) at
    (q, q̇)."""
    if answer is ...:
        return Pending("γ")
    rows = geometric_rows(model)
    q, qd = np.asarray(q, dtype=float), np.asarray(qd, dtype=float)
    rest = {name: 0.0 for name in model.input_names}  # the geometric rows hold no s̈
    right = model.gamma(q, qd, model.input_values(q), model.input_rates(q, qd), rest)[rows]
    answer = as_array(answer, right.shape, "γ")
    scale = model.length_scale * max(float(np.abs(qd).max(initial=0.0)), 1e-12) ** 2
    message = diagnose_array(answer, right, "γ", [model.constraints[k].name for k in rows], scale=scale)
    if message:
        raise WrongAnswer(message)
    return Right("γ")
