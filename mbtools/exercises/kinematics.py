"""Checking the three kinematic problems, solved by a student: a position (and its
assembly mode), one Newton–Raphson step, the velocities and the accelerations.

Each right answer is the library's own solution (:func:`~mbtools.solve_position`,
:func:`~mbtools.solve_velocity`, :func:`~mbtools.solve_acceleration`); a wrong one is
compared with what the usual mistakes give: the other assembly mode, a Newton step taken
the wrong way or given as the correction, the converged position instead of one step,
rates in rpm or degrees per second, γ left out of the accelerations.

Example
-------
>>> import math
>>> from mbtools import examples, formulate, solve_position
>>> model = formulate(examples.four_bar(), "basic")
>>> q = solve_position(model, {"crank": 1.0}).q
>>> check_velocity(model, q, {"crank": 2.0}, -solve_velocity(model, q, {"crank": 2.0}))
Traceback (most recent call last):
...
mbtools.exercises.feedback.WrongAnswer: q̇ has the wrong sign.
"""

from __future__ import annotations

import numpy as np

from ..kinematics import newton_step, solve_acceleration, solve_position, solve_velocity
from .arrays import diagnose_array
from .feedback import DIAGNOSE_RTOL, Pending, Right, WrongAnswer, as_array

#: A position "is assembled" when every constraint holds to this fraction of the
#: mechanism's size (squared for the quadratic equations of basic and natural coordinates).
ASSEMBLED = 1e-6


def _violated(model, q: np.ndarray, inputs: dict) -> list[str]:
    phi = model.phi(q, inputs)
    scales = model.residual_scales
    return [model.constraints[k].name for k in np.flatnonzero(np.abs(phi / scales) > ASSEMBLED)]


def check_position(model, inputs: dict, answer, guess=None) -> Right | Pending:
    """Check a position q at the given inputs: assembled, and in the assembly mode reached
    from ``guess`` (by default the drawing, ``model.reference_q``)."""
    if answer is ...:
        return Pending("q")
    n = model.n_coordinates
    q = as_array(answer, (n,), "q")
    violated = _violated(model, q, inputs)
    if violated:
        drivers = [name for name in violated if any(c.is_driver and c.name == name for c in model.constraints)]
        if drivers and len(drivers) == len(violated):
            raise WrongAnswer(f"q is assembled but not at the input asked: '{drivers[0]}' does not hold. "
                              "Angles in radians, measured as the driver defines them.")
        shown = ", ".join(f"'{name}'" for name in violated[:4])
        raise WrongAnswer(f"q is not assembled: {shown} {'does' if len(violated) == 1 else 'do'} not hold.")
    right = solve_position(model, inputs, model.reference_q if guess is None else guess).q
    if np.abs(q - right).max() > ASSEMBLED * 10 * model.length_scale:
        raise WrongAnswer("q is assembled, but in another assembly mode than the one asked (the drawing's): "
                          "start Newton–Raphson from the drawing, model.reference_q.")
    return Right("q")


def check_newton_step(model, inputs: dict, guess, answer) -> Right | Pending:
    """Check the iterate after one Newton–Raphson step from ``guess`` (drivers included)."""
    if answer is ...:
        return Pending("the Newton–Raphson iterate")
    guess = np.asarray(guess, dtype=float)
    q1 = as_array(answer, guess.shape, "the iterate")
    right = newton_step(model, inputs, guess)
    size = model.length_scale
    step = right - guess

    def near(value):
        return np.abs(q1 - value).max() <= DIAGNOSE_RTOL * max(np.abs(step).max(), 1e-9 * size)

    if np.abs(q1 - right).max() <= 1e-6 * size:
        return Right("the Newton–Raphson iterate")
    if near(guess - step):
        raise WrongAnswer("the iterate moved the wrong way: the correction solves Φ_q Δq = −Φ (minus sign), "
                          "then q₁ = q₀ + Δq.")
    if near(step):
        raise WrongAnswer("that is the correction Δq; the iterate is q₁ = q₀ + Δq.")
    converged = solve_position(model, inputs, guess).q
    if np.abs(q1 - converged).max() <= 1e-6 * size:
        raise WrongAnswer("that is the converged position; the question asks for the iterate after one step.")
    message = diagnose_array(q1 - guess, step, "Δq = q₁ − q₀", model.coordinate_names, scale=1e-9 * size)
    raise WrongAnswer(message or "the iterate is wrong.")


def check_velocity(model, q, rates: dict, answer) -> Right | Pending:
    """Check q̇ at the assembled position q for the input rates (rad/s or length/s)."""
    if answer is ...:
        return Pending("q̇")
    right = solve_velocity(model, q, rates)
    qd = as_array(answer, right.shape, "q̇")
    message = diagnose_array(qd, right, "q̇", model.coordinate_names, scale=model.length_scale * 1e-9,
                             angle=True)
    if message:
        raise WrongAnswer(message)
    return Right("q̇")


def check_acceleration(model, q, qd, accelerations: dict, answer) -> Right | Pending:
    """Check q̈ at (q, q̇) for the input accelerations; names γ when it was left out."""
    if answer is ...:
        return Pending("q̈")
    right = solve_acceleration(model, q, qd, accelerations)
    qdd = as_array(answer, right.shape, "q̈")
    scale = model.length_scale * 1e-9
    message = diagnose_array(qdd, right, "q̈", model.coordinate_names, scale=scale, angle=True)
    if not message:
        return Right("q̈")
    without_gamma = solve_velocity(model, q, accelerations)  # Φ_q q̈ = −Φ_s s̈: the same solve without γ
    if np.abs(qdd - without_gamma).max() <= DIAGNOSE_RTOL * max(np.abs(right).max(), scale):
        raise WrongAnswer("q̈ leaves out γ, the velocity terms −(Φ_q q̇)_q q̇: q̈ is not q̇ with s̈ for ṡ "
                          "unless the mechanism is at rest.")
    raise WrongAnswer(message)
