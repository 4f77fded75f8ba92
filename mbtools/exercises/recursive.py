"""Checkers of the recursive-dynamics exercises (chapter 9c): the mass matrix of a planar
two-bar chain in relative coordinates, and the articulated inertia its first joint feels.

The chain: two uniform bars of masses m₁, m₂ and lengths l₁, l₂, the first turning about
the ground pivot, the second about the first's tip, with θ₂ the second's angle relative
to the first. Each checker validates the exercise's data, computes the right value from
the closed forms below (independent of :mod:`mbtools.dynamics.recursive`, which the tests
set them against) and names the likely mistake: point masses at the bars' ends, the
inertia about the centre of mass where the bar turns about its end, the cosine term's
factor, the second joint locked where it turns freely.

    M₁₁ = m₁l₁²/3 + m₂(l₁² + l₂²/3 + l₁l₂ cos θ₂),   M₁₂ = m₂(l₂²/3 + l₁l₂ cos θ₂/2),
    M₂₂ = m₂l₂²/3,   D₁ = M₁₁ − M₁₂²/M₂₂.

Example
-------
>>> check_two_bar_mass_matrix(two_bar_mass_matrix(1.0, 2.0, 1.0, 0.5, 0.0), masses=(1.0, 2.0), lengths=(1.0, 0.5), angle=0.0)
✓ M: right.
"""

from __future__ import annotations

import math

import numpy as np

from . import data
from .feedback import DIAGNOSE_RTOL, Pending, Right, WrongAnswer, as_array, as_number, close, diagnose_number


def two_bar_mass_matrix(m1: float, m2: float, l1: float, l2: float, theta2: float) -> np.ndarray:
    """M of the two-bar chain in (θ₁, θ₂), θ₂ relative (the module's closed form)."""
    c = math.cos(theta2)
    m11 = m1 * l1**2 / 3 + m2 * (l1**2 + l2**2 / 3 + l1 * l2 * c)
    m12 = m2 * (l2**2 / 3 + l1 * l2 * c / 2)
    return np.array([[m11, m12], [m12, m2 * l2**2 / 3]])


def articulated_inertia(m1: float, m2: float, l1: float, l2: float, theta2: float) -> float:
    """D₁ = M₁₁ − M₁₂²/M₂₂: the inertia the first joint feels with the second free."""
    M = two_bar_mass_matrix(m1, m2, l1, l2, theta2)
    return float(M[0, 0] - M[0, 1] ** 2 / M[1, 1])


def _data(checker: str, masses, lengths, angle) -> tuple[float, float, float, float, float]:
    m1, m2 = (data.positive(checker, name, v) for name, v in zip(("masses[0]", "masses[1]"),
                                                                    data.vector(checker, "masses", masses, 2, "kg")))
    l1, l2 = (data.positive(checker, name, v) for name, v in zip(("lengths[0]", "lengths[1]"),
                                                                   data.vector(checker, "lengths", lengths, 2, "m")))
    theta2 = data.angle(checker, "angle", angle, -math.pi, math.pi, "θ₂ is the second bar's angle to the first",
                        open_ends=False)
    return m1, m2, l1, l2, theta2


def _point_mass_matrix(m1, m2, l1, l2, theta2) -> np.ndarray:
    c = math.cos(theta2)
    m11 = m1 * l1**2 + m2 * (l1**2 + l2**2 + 2 * l1 * l2 * c)
    m12 = m2 * (l2**2 + l1 * l2 * c)
    return np.array([[m11, m12], [m12, m2 * l2**2]])


def _centroidal_matrix(m1, m2, l1, l2, theta2) -> np.ndarray:
    """The mistake J_O = m l²/12 (the inertia about G taken for the one about the pivot)."""
    c = math.cos(theta2)
    m11 = m1 * l1**2 / 12 + m2 * (l1**2 + l2**2 / 12 + l1 * l2 * c)
    m12 = m2 * (l2**2 / 12 + l1 * l2 * c / 2)
    return np.array([[m11, m12], [m12, m2 * l2**2 / 12]])


def check_two_bar_mass_matrix(answer, *, masses, lengths, angle) -> Right | Pending:
    """Check M (2 × 2, kg·m²) of the two-bar chain of the module in (θ₁, θ₂) at θ₂ = ``angle``."""
    checker = "check_two_bar_mass_matrix"
    m1, m2, l1, l2, theta2 = _data(checker, masses, lengths, angle)
    if answer is ...:
        return Pending("M")
    value = as_array(answer, (2, 2), "M")
    right = two_bar_mass_matrix(m1, m2, l1, l2, theta2)
    scale = float(np.abs(right).max())
    if np.allclose(value, right, rtol=0.0, atol=1e-6 * scale):
        return Right("M")
    if abs(value[0, 1] - value[1, 0]) > 1e-6 * scale:
        raise WrongAnswer("M is not symmetric: a mass matrix is (T = ½ q̇ᵀ M q̇).")
    c = math.cos(theta2)
    for other, message in (
        (_point_mass_matrix(m1, m2, l1, l2, theta2), "those are point masses at the bars' ends; the bars are "
         "uniform: each has its centre of mass at its middle and J_O = m l²/3 about its pivot."),
        (_centroidal_matrix(m1, m2, l1, l2, theta2), "that takes each bar's inertia about its centre, m l²/12; a bar "
         "turning about its end has J_O = m l²/3 (parallel axes)."),
        (right + np.array([[m2 * l1 * l2 * c, m2 * l1 * l2 * c / 2], [m2 * l1 * l2 * c / 2, 0.0]]),
         "the cosine terms are twice too large: the second bar's centre is at l₂/2, so they carry l₁l₂/2 and l₁l₂."),
        (np.array([[right[0, 0] - 2 * right[0, 1] + right[1, 1], right[0, 1] - right[1, 1]],
                   [right[0, 1] - right[1, 1], right[1, 1]]]),
         "that is M in absolute angles (θ₁, θ₁ + θ₂); the exercise asks for the relative angle θ₂, as relative "
         "coordinates measure it."),
    ):
        if np.allclose(value, other, rtol=DIAGNOSE_RTOL / 10, atol=1e-9 * scale):
            raise WrongAnswer(message)
    wrong = [f"M{i + 1}{j + 1}" for i in range(2) for j in range(i, 2) if not close(value[i, j], right[i, j], scale=scale)]
    raise WrongAnswer(f"{', '.join(wrong)} {'is' if len(wrong) == 1 else 'are'} off: write the kinetic energy of each bar "
                      "(its centre's speed and its turning) and read M off T = ½ q̇ᵀ M q̇.")


def check_articulated_inertia(answer, *, masses, lengths, angle) -> Right | Pending:
    """Check D₁ (kg·m²): the inertia the first joint of the two-bar chain feels when the
    second joint turns freely, at θ₂ = ``angle``."""
    checker = "check_articulated_inertia"
    m1, m2, l1, l2, theta2 = _data(checker, masses, lengths, angle)
    if answer is ...:
        return Pending("D₁")
    value = as_number(answer, "D₁")
    right = articulated_inertia(m1, m2, l1, l2, theta2)
    if close(value, right):
        return Right("D₁")
    M = two_bar_mass_matrix(m1, m2, l1, l2, theta2)
    for other, message in (
        (M[0, 0], "that is M₁₁, the inertia with the second joint locked (one composite body); a free second joint "
         "gives way: D₁ = M₁₁ − M₁₂²/M₂₂."),
        (m1 * l1**2 / 3, "that is the first bar alone; the second, free to turn, still adds its mass at the tip and "
         "part of its inertia."),
        (M[0, 0] - M[0, 1], "that subtracts M₁₂; the Schur complement subtracts M₁₂²/M₂₂."),
        (m1 * l1**2 / 3 + m2 * l1**2, "that is the second bar as a point mass at the first's tip; a free bar pushed at its "
         "end turns as it is pushed and shows less than its mass there, m₂(1 − ¾cos²θ₂): take "
         "D₁ = M₁₁ − M₁₂²/M₂₂."),
    ):
        if close(value, other, rtol=DIAGNOSE_RTOL / 10):
            raise WrongAnswer(message)
    raise WrongAnswer(diagnose_number(value, right, "D₁") or "D₁ is off.")
