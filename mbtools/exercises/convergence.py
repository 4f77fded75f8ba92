"""Checking answers about a fixed-step method's order of convergence (book, section 9b):
its error at a step on the pendulum of IFToMM benchmark A01, the order two steps show,
the method's theoretical order, and the step for a target error.

A method of global order p has errors e ∝ hᵖ at a fixed time, so two fixed-step runs give
p = log(e₁/e₂)/log(h₁/h₂), and the step for a target error follows from either run,
h = h₂ (e_target/e₂)^{1/p}. The errors are those of the A01 pendulum in natural
coordinates (:func:`mbtools.exercises.integration.pendulum_system`) integrated by
``simulate``'s generalized-α or ALI3-P at a fixed step, outputs every 0.1 s: the
distance of P1 at the end from the exact solution
(``mbtools.analysis.benchmarks.a01_reference``).

Each checker validates the exercise's data (two positive errors at two different
positive steps, a step that divides the output interval) and names the mistake a wrong
answer matches: the largest coordinate error for the distance, the other formulation's
error, the logarithm of the error ratio not divided by that of the steps, the ratio
itself, the local order for the global one, a linear scaling of the step.

Example
-------
>>> round(observed_order((4e-4, 1e-4), (2e-3, 1e-3)), 12)
2.0
>>> check_method_order(3, method="trapezoidal")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
mbtools.exercises.feedback.WrongAnswer: the order is the local error's power...
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np

from ..errors import InputError
from . import data
from .feedback import Pending, Right, WrongAnswer, as_number, close, diagnose_number, match_mistakes
from .integration import pendulum_system

#: The global orders of the methods :func:`check_method_order` knows.
ORDERS = {"explicit Euler": 1, "trapezoidal": 2, "generalized-alpha": 2, "HHT": 2, "ALI3-P": 2, "BDF2": 2,
          "RK4": 4, "Radau IIA": 5, "DOP853": 8}
#: The fixed-step formulations of ``simulate`` that :func:`check_step_error` runs.
FIXED_STEP = ("generalized_alpha", "ali3p")


@lru_cache(maxsize=16)
def _pendulum_error(formulation: str, step: float, t_end: float) -> dict:
    from ..analysis.benchmarks import a01_reference
    from ..dynamics import simulate

    system = pendulum_system()
    times = np.linspace(0.0, t_end, int(round(10 * t_end)) + 1)
    traj = simulate(system, t_end, formulation, step=step, t_eval=times, progress=False)
    difference = traj.point("P1") - a01_reference(times)
    return {"distance": float(np.linalg.norm(difference[-1])), "component": float(np.abs(difference[-1]).max()),
            "largest": float(np.linalg.norm(difference, axis=1).max())}


def pendulum_step_error(formulation: str, step: float, t_end: float = 1.0) -> float:
    """The distance (m) of the A01 pendulum's P1 at ``t_end`` from the exact solution
    (``mbtools.analysis.benchmarks.a01_reference``) when ``formulation``
    ("generalized_alpha" or "ali3p") integrates it at the fixed ``step`` (outputs every
    0.1 s)."""
    return _pendulum_error(formulation, step, t_end)["distance"]


def check_step_error(answer, *, formulation: str, step: float, t_end: float = 1.0) -> Right | Pending:
    """Check the error (m), ‖P1 − P1_exact‖ at ``t_end`` (s), of the A01 pendulum
    integrated by ``formulation`` ("generalized_alpha" or "ali3p", their default
    options) at the fixed ``step`` (s) with outputs every 0.1 s,
    :func:`pendulum_step_error` (to 1e-3 of it).

    >>> check_step_error(pendulum_step_error("ali3p", 4e-3), formulation="ali3p", step=4e-3)
    ✓ the error at t_end: right.
    """
    checker = "check_step_error"
    formulation = data.choice(checker, "formulation", formulation, FIXED_STEP)
    step = data.between(checker, "step", step, 1e-4, 5e-3, "a fixed step of 0.1 to 5 ms (simulate's MAX_STEP)")
    t_end = data.between(checker, "t_end", t_end, 0.1, 5.0, "a run of a few seconds at most")
    if abs(10 * t_end - round(10 * t_end)) > 1e-9 or abs(0.1 / step - round(0.1 / step)) > 1e-6:
        raise InputError(f"{checker}: t_end = {t_end:g} s must be whole tenths and step = {step:g} s must divide "
                         "0.1 s, the output interval (the exercise's data).")
    what = "the error at t_end"
    if answer is ...:
        return Pending(what)
    value = as_number(answer, what)
    right = pendulum_step_error(formulation, step, t_end)
    if close(value, right, right, 1e-3):
        return Right(what)
    other = next(f for f in FIXED_STEP if f != formulation)
    details = _pendulum_error(formulation, step, t_end)
    for text, wrong in (
        ("is the largest coordinate error; the question asks the distance ‖P1 − P1_exact‖", details["component"]),
        ("is the largest distance over the whole run; the question asks it at t_end", details["largest"]),
        (f"is the error of {other}; the question asks about {formulation}", pendulum_step_error(other, step, t_end)),
        ("is the error at half the step: check the step you gave simulate", pendulum_step_error(formulation,
                                                                                                step / 2, t_end)),
        ("is the error at twice the step: check the step you gave simulate", pendulum_step_error(formulation,
                                                                                                 2 * step, t_end)
         if 2 * step <= 5e-3 else None),
    ):
        if wrong is not None and not close(wrong, right, right, 2e-3) and close(value, wrong, wrong, 1e-3):
            raise WrongAnswer(f"{what} {text}.")
    raise WrongAnswer(diagnose_number(value, right, what, scale=right, rtol=1e-3) or f"{what} is not right.")


def _errors_and_steps(checker: str, errors, steps) -> tuple[np.ndarray, np.ndarray]:
    errors = data.vector(checker, "errors", errors, 2, "the two runs' errors")
    steps = data.vector(checker, "steps", steps, 2, "the two runs' steps, s")
    if (errors <= 0).any() or (steps <= 0).any():
        raise InputError(f"{checker}: errors and steps must be positive, got {tuple(errors)} and {tuple(steps)} "
                         "(the exercise's data).")
    if close(steps[0], steps[1], steps[0], 1e-9):
        raise InputError(f"{checker}: the two steps are equal ({steps[0]:g} s); an order needs two different steps "
                         "(the exercise's data).")
    return errors, steps


def observed_order(errors, steps) -> float:
    """p = log(e₁/e₂)/log(h₁/h₂): the order two runs at the steps h₁, h₂ show."""
    (e1, e2), (h1, h2) = errors, steps
    return math.log(e1 / e2) / math.log(h1 / h2)


def check_observed_order(answer, *, errors, steps) -> Right | Pending:
    """Check the order p = log(e₁/e₂)/log(h₁/h₂) shown by two fixed-step runs with the
    ``errors`` (e₁, e₂) at the ``steps`` (h₁, h₂) (s), :func:`observed_order` (to 1e-6).

    >>> check_observed_order(2.0, errors=(4e-4, 1e-4), steps=(2e-3, 1e-3))
    ✓ p: right.
    """
    checker = "check_observed_order"
    errors, steps = _errors_and_steps(checker, errors, steps)
    if answer is ...:
        return Pending("p")
    value = as_number(answer, "p")
    right = observed_order(errors, steps)
    ratio, step_ratio = errors[0] / errors[1], steps[0] / steps[1]
    mistakes = [
        ("is the ratio of the errors; the order is its logarithm over that of the steps' ratio", ratio),
        ("is log₁₀ of the errors' ratio; divide by log₁₀ of the steps' ratio", math.log10(ratio)),
        ("is ln of the errors' ratio; divide by ln of the steps' ratio", math.log(ratio)),
        ("is upside down: log(h₁/h₂)/log(e₁/e₂); the errors go in the numerator", 1.0 / right),
        ("has the wrong sign: take both ratios the same way round, e₁/e₂ with h₁/h₂", -right),
        ("divides the errors' ratio by the steps' ratio; take logarithms of both", ratio / step_ratio),
    ]
    return match_mistakes(value, right, "p", mistakes, 1e-6, scale=1.0)


def check_method_order(answer, *, method: str) -> Right | Pending:
    """Check the global order of ``method`` (a key of :data:`ORDERS`): the power of the
    step the error at a fixed time falls with.

    >>> check_method_order(2, method="generalized-alpha")
    ✓ the order: right.
    """
    checker = "check_method_order"
    method = data.choice(checker, "method", method, tuple(ORDERS))
    what = "the order"
    if answer is ...:
        return Pending(what)
    value = as_number(answer, what)
    right = ORDERS[method]
    if value == right:
        return Right(what)
    if value == right + 1:
        raise WrongAnswer(f"{what} is the local error's power (one step errs by O(h^{right + 1})); over a fixed time "
                          f"the 1/h steps add up, and the global error loses one power.")
    if value == 1 and right > 1:
        raise WrongAnswer(f"{what} 1 is explicit Euler's; {method} is of a higher order.")
    if method in ("generalized-alpha", "HHT") and value < right:
        raise WrongAnswer(f"{what}: the numerical damping does not cost {method} an order: γ = ½ − αm + αf keeps it "
                          "second order.")
    for name, order in ORDERS.items():
        if value == order and name != method:
            raise WrongAnswer(f"{what} is {name}'s; the question asks about {method}.")
    raise WrongAnswer(f"{what} is not right: a whole number, the power of h in the error at a fixed time.")


def step_for_error(errors, steps, target: float) -> float:
    """h = h₂ (e_target/e₂)^{1/p}, p = :func:`observed_order`: the step for the error
    ``target`` (either run gives the same h)."""
    p = observed_order(errors, steps)
    return float(steps[1] * (target / errors[1]) ** (1.0 / p))


def check_step_for_error(answer, *, errors, steps, target: float) -> Right | Pending:
    """Check the step (s) that brings the error of the method of the two runs (``errors``
    at ``steps``) to ``target``, with the order they show, :func:`step_for_error`
    (to 1e-3: the method's theoretical order in place of the observed one is fine).

    >>> check_step_for_error(5e-4, errors=(4e-4, 1e-4), steps=(2e-3, 1e-3), target=2.5e-5)
    ✓ the step: right.
    """
    checker = "check_step_for_error"
    errors, steps = _errors_and_steps(checker, errors, steps)
    target = data.positive(checker, "target", target)
    what = "the step"
    if answer is ...:
        return Pending(what)
    value = as_number(answer, what)
    right = step_for_error(errors, steps, target)
    p = observed_order(errors, steps)
    scale = target / errors[1]
    mistakes = [
        ("scales the step linearly with the error (first order); this method's error goes as h^p",
         steps[1] * scale),
        ("takes the error ratio to the power p; invert e ∝ hᵖ for h", steps[1] * scale ** p),
        ("has the ratio upside down: a smaller error needs a smaller step", steps[1] * (1.0 / scale) ** (1.0 / p)),
        ("uses DOP853's order 8; the order is the one the two runs show", steps[1] * scale ** (1.0 / 8.0)),
        ("uses the local order p + 1; the error at a fixed time falls as h^p", steps[1] * scale ** (1.0 / (p + 1))),
    ]
    return match_mistakes(value, right, what, mistakes, 1e-3)
