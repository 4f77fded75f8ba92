"""Checking dynamics answers: a planar body's constant mass matrix in natural
coordinates, and the heavy top's steady precession.

:func:`check_mass_matrix` compares with :func:`mbtools.dynamics.symbolic.planar_element_mass`
(book, chapter 8) and names the usual mistakes: a matrix that is not symmetric, the
translational entries not adding up to the mass, the moment of inertia taken about the
wrong point. :func:`check_precession` compares with
:func:`mbtools.analysis.gyroscope.steady_precession` (book, chapter 10) and names the
other root of the quadratic (the fast precession) when it was given.

Example
-------
The book's top (a disc of 1 kg and radius 0.1 m, its centre 0.2 m from the fixed point)
at a nutation of 60° spinning at 100 rad/s precesses slowly at 4.9766 rad/s; the other
root of the quadratic is the fast precession:

>>> import math
>>> top = dict(mass=1.0, radius=0.1, arm=0.2, theta=math.pi / 3, spin=100.0)
>>> check_precession(4.97656234, **top)
✓ Ω: right.
>>> check_precession(18.5528494, **top)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
mbtools.exercises.feedback.WrongAnswer: Ω is the fast precession, ...
"""

from __future__ import annotations

import math

import numpy as np
from scipy.special import ellipk

from ..analysis.gyroscope import GRAVITY, TopData, steady_precession
from ..dynamics.symbolic import planar_element_mass
from ..errors import InputError
from . import data
from .arrays import diagnose_array
from .feedback import DIAGNOSE_RTOL, RTOL, Pending, Right, WrongAnswer, as_array, as_number, close, diagnose_number

#: The coordinates of a planar two-point body in natural coordinates, in order.
BAR_COORDINATES = ["x_i", "y_i", "x_j", "y_j"]


def bar_mass_matrix(mass: float, length: float, inertia: float, centre=None) -> np.ndarray:
    """The constant 4 × 4 mass matrix of a planar body of two points i, j on (x_i, y_i,
    x_j, y_j): mass m, |ij| = L, polar moment J_G about G, and G at ``centre`` = (a, b) in
    the body's axes from i (a along ij, b across; the midpoint (L/2, 0) by default)."""
    a, b = (0.5 * length, 0.0) if centre is None else centre
    return np.array(planar_element_mass(mass, length, a, b, inertia), dtype=float)


def check_mass_matrix(answer, *, mass: float, length: float, inertia: float, centre=None) -> Right | Pending:
    """Check a student's constant mass matrix of a planar two-point body (see
    ``bar_mass_matrix`` in the same module for the data)."""
    checker = "check_mass_matrix"
    mass, length = data.positive(checker, "mass", mass), data.positive(checker, "length", length)
    inertia = data.between(checker, "inertia", inertia, 0.0, math.inf, "J_G about the centre of mass is ≥ 0 (kg·m²)")
    if centre is not None:
        centre = tuple(data.vector(checker, "centre", centre, 2, "(a, b) from point i, m"))
    if answer is ...:
        return Pending("M")
    right = bar_mass_matrix(mass, length, inertia, centre)
    M = as_array(answer, (4, 4), "M")
    if np.abs(M - M.T).max() > RTOL * np.abs(right).max():
        raise WrongAnswer("M is not symmetric: T = ½ q̇ᵀ M q̇ gives a symmetric matrix (entry kl equals entry lk).")
    for axis, rows in (("x", [0, 2]), ("y", [1, 3])):
        total = float(M[np.ix_(rows, rows)].sum())
        if abs(total - mass) > DIAGNOSE_RTOL * mass:
            raise WrongAnswer(f"M: the {axis} entries (rows and columns {axis}_i, {axis}_j) add up to {total:.4g}, "
                              f"not the mass: moving the body along {axis} at unit speed must give T = ½ m.")
    a, b = (0.5 * length, 0.0) if centre is None else centre
    shifted = {"the end point i": inertia + mass * (a * a + b * b),
               "the end point j": inertia + mass * ((length - a) ** 2 + b * b)}
    for where, moment in shifted.items():
        if np.abs(M - bar_mass_matrix(mass, length, moment, centre)).max() <= DIAGNOSE_RTOL * np.abs(right).max():
            raise WrongAnswer(f"M uses the moment of inertia about {where}; the formula takes J_G, about the "
                              "centre of mass (it adds the m a² terms itself).")
    message = diagnose_array(M, right, "M", BAR_COORDINATES, BAR_COORDINATES, scale=mass)
    if message:
        raise WrongAnswer(message)
    return Right("M")


def check_precession(answer, *, mass: float, radius: float, arm: float, theta: float, spin: float,
                     branch: str = "slow") -> Right | Pending:
    """Check the steady precession rate Ω (rad/s) of a heavy top, a thin disc of ``mass``
    and ``radius`` whose centre is ``arm`` from the fixed point, at nutation ``theta``
    (rad) with spin ω₃ = ``spin`` (rad/s); ``branch`` "slow" or "fast"."""
    checker = "check_precession"
    mass, radius, arm = (data.positive(checker, name, value) for name, value in
                         (("mass", mass), ("radius", radius), ("arm", arm)))
    theta = data.angle(checker, "theta", theta, 0.0, math.pi, "the nutation of a top is between 0 and π")
    spin = data.number(checker, "spin", spin)
    branch = data.choice(checker, "branch", branch, ("slow", "fast"))
    top = TopData.of(mass=mass, radius=radius, arm=arm)
    try:
        right = steady_precession(top, theta, spin, branch)
    except ValueError:
        raise InputError(f"{checker}: the top has no steady precession at theta = {theta:.4g} rad with spin = "
                         f"{spin:g} rad/s (I₁ cos θ Ω² − I₃ ω₃ Ω + m g ℓ = 0 has no real root): give a faster spin "
                         "(the exercise's data).") from None
    if answer is ...:
        return Pending("Ω")
    value = as_number(answer, "Ω")
    message = diagnose_number(value, right, "Ω", angle=True)
    if message is None:
        return Right("Ω")
    other = "fast" if branch == "slow" else "slow"
    try:
        if diagnose_number(value, steady_precession(top, theta, spin, other), "Ω", angle=True) is None:
            raise WrongAnswer(f"Ω is the {other} precession, the other root of I₁ cos θ Ω² − I₃ ω₃ Ω + m g ℓ = 0; "
                              f"the question asks for the {branch} one.")
    except ValueError:
        pass
    gyroscopic = top.mass * top.g * top.arm / (top.I3 * spin)
    if abs(np.cos(theta)) > 1e-9 and diagnose_number(value, gyroscopic, "Ω") is None:
        raise WrongAnswer("Ω = m g ℓ / (I₃ ω₃) is the gyroscopic approximation; at this nutation angle the term "
                          "I₁ cos θ Ω² counts too: solve the quadratic.")
    raise WrongAnswer(message)


def pendulum_period(length: float, amplitude: float, g: float = GRAVITY) -> float:
    """The period of a simple pendulum swinging to ``amplitude`` (rad) either side:
    T = 4 √(L/g) K(k²), k = sin(θ₀/2), K the complete elliptic integral of the first kind
    (scipy's ``ellipk`` takes the parameter m = k²)."""
    return 4.0 * math.sqrt(length / g) * float(ellipk(math.sin(amplitude / 2.0) ** 2))


def check_pendulum_period(answer, *, length: float, amplitude: float, fraction: float = 1.0,
                          g: float = GRAVITY) -> Right | Pending:
    """Check the time a simple pendulum of ``length`` released at rest from ``amplitude``
    takes for ``fraction`` of its period (1: the period; 0.25: to reach the bottom)."""
    checker = "check_pendulum_period"
    length, g = data.positive(checker, "length", length), data.positive(checker, "g", g)
    amplitude = data.angle(checker, "amplitude", amplitude, -math.pi, math.pi,
                           "a pendulum released from ±π (upright) never swings, and the period grows without "
                           "bound as the amplitude nears π")
    fraction = data.positive(checker, "fraction", fraction)
    if answer is ...:
        return Pending("T")
    value = as_number(answer, "T")
    period = pendulum_period(length, amplitude, g)
    right = fraction * period
    if close(value, right, rtol=1e-6):
        return Right("T")
    k = math.sin(amplitude / 2.0)
    for other, message in (
        (period, "T is the whole period; the question asks for {fraction:g} of it."),
        (0.5 * period, "T is half the period; the question asks for {fraction:g} of it."),
        (fraction * 2.0 * math.pi * math.sqrt(length / g), "T uses the small-swing formula 2π √(L/g), which "
         "does not hold at this amplitude: use the elliptic integral."),
        (fraction * 4.0 * math.sqrt(length / g) * float(ellipk(k)), "T passes k = sin(θ₀/2) to ellipk, which "
         "takes the parameter m = k²."),
        (fraction * pendulum_period(length, math.degrees(amplitude) % (2 * math.pi), g), "T took the amplitude "
         "in degrees; the functions take radians."),
    ):
        if abs(other - right) > 1e-9 * right and close(value, other, rtol=DIAGNOSE_RTOL / 10):
            raise WrongAnswer(message.format(fraction=fraction))
    raise WrongAnswer(diagnose_number(value, right, "T"))
