"""Checkers of the statics and vibration exercises: the natural frequency of a bar held by
a spring, and the geometric stiffness that makes a pendulum swing.

Each validates the lecturer's data first (positive masses, lengths and stiffnesses), then
the answer, and names the likely mistake: the inertia about the centre of mass where the
bar turns about its end, ω where f was asked, a stiffness without the constraint's
curvature.

Example
-------
>>> check_bar_spring_frequency(math.sqrt(3 * 500.0 / 3.0) / (2 * math.pi), mass=3.0, length=1.2, stiffness=500.0)
✓ f: right.
>>> check_pendulum_stiffness(2.0 * 9.81 / 0.5, mass=2.0, length=0.5)
✓ k_r: right.
"""

from __future__ import annotations

import math

from . import data
from .feedback import DIAGNOSE_RTOL, Pending, Right, WrongAnswer, as_number, close, diagnose_number

GRAVITY = 9.81


def bar_spring_frequency(mass: float, stiffness: float) -> float:
    """f = √(k L²/J_O)/2π = √(3k/m)/2π (Hz) of a uniform bar pivoted at one end and held by
    a spring k across its other end (J_O = m L²/3; the length cancels)."""
    return math.sqrt(3.0 * stiffness / mass) / (2.0 * math.pi)


def check_bar_spring_frequency(answer, *, mass: float, length: float, stiffness: float) -> Right | Pending:
    """Check f (Hz), the natural frequency of a uniform bar of ``mass`` (kg) and ``length``
    (m) pivoted at one end, held horizontal by a spring of ``stiffness`` (N/m) across its
    other end, without gravity."""
    checker = "check_bar_spring_frequency"
    mass = data.positive(checker, "mass", mass)
    length = data.positive(checker, "length", length)
    stiffness = data.positive(checker, "stiffness", stiffness)
    if answer is ...:
        return Pending("f")
    value = as_number(answer, "f")
    right = bar_spring_frequency(mass, stiffness)
    if close(value, right, rtol=1e-6):
        return Right("f")
    omega = 2.0 * math.pi * right
    for other, message in (
        (omega, "that is ω in rad/s; the question asks for f = ω/2π in Hz."),
        (math.sqrt(12.0 * stiffness / mass) / (2.0 * math.pi), "that uses J_G = m L²/12, the inertia about the "
         "centre of mass; the bar turns about its pivot: J_O = m L²/3."),
        (math.sqrt(stiffness / mass) / (2.0 * math.pi), "that is √(k/m)/2π, a mass on a spring; the bar turns, so "
         "its equation is J_O θ̈ + k L² θ = 0."),
        (3.0 * stiffness / mass / (2.0 * math.pi), "that is ω²/2π: take the square root of k L²/J_O."),
    ):
        if close(value, other, rtol=DIAGNOSE_RTOL / 10):
            raise WrongAnswer(message)
    raise WrongAnswer(diagnose_number(value, right, "f"))


def check_pendulum_stiffness(answer, *, mass: float, length: float, g: float = GRAVITY) -> Right | Pending:
    """Check k_r = Rᵀ K_t R (N/m) of a pendulum of a point ``mass`` (kg) on a massless rod
    of ``length`` (m), hanging at rest, in natural coordinates q = (x, y) of the bob with
    Φ = x² + y² − L², on R the unit horizontal direction: the geometric stiffness
    H(λ) = 2λ I of the rod's row, λ = m g/(2L), so k_r = m g/L."""
    checker = "check_pendulum_stiffness"
    mass = data.positive(checker, "mass", mass)
    length = data.positive(checker, "length", length)
    g = data.positive(checker, "g", g)
    if answer is ...:
        return Pending("k_r")
    value = as_number(answer, "k_r")
    right = mass * g / length
    if close(value, right, rtol=1e-6):
        return Right("k_r")
    if close(value, 0.0, scale=right, rtol=1e-6):
        raise WrongAnswer("k_r = 0 is the loads' stiffness alone: gravity is constant, ∂Q/∂q = 0, but the rod's "
                          "constraint is curved and its force turns with it: add H(λ) = Σ λ_k ∂²Φ_k/∂q².")
    for other, message in (
        (mass * g, "that is m g, a force; the stiffness is a force per unit of displacement: divide by L."),
        (mass * g / (2.0 * length), "that is λ itself; the Hessian of Φ = x² + y² − L² is 2I, so H(λ) = 2λ I."),
        (-right, "the sign: at the bottom the rod's pull turns back towards the hanging position, a positive "
         "stiffness (K_t = H(λ) − ∂Q/∂q)."),
    ):
        if close(value, other, rtol=DIAGNOSE_RTOL / 10):
            raise WrongAnswer(message)
    raise WrongAnswer(diagnose_number(value, right, "k_r"))
