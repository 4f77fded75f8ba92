"""Checkers of the statics and vibration exercises (chapter 14 and its assignment): the
natural frequency of a bar held by a spring, the geometric stiffness that makes a
pendulum swing, the droop, tangent stiffness and stability of a pendulum on a torsional
spring, the double pendulum's two frequencies, the least spring that holds a bar
upright, and the tip deflection of a cantilever in rigid segments.

Each validates the lecturer's data first (positive masses, lengths and stiffnesses), then
the answer, computes the right value independently (a closed form, or a root of one) and
names the likely mistake: the inertia about the centre of mass where the bar turns about
its end, ω where f was asked, a stiffness without the constraint's curvature, degrees,
gravity's stiffness with the wrong sign, the weight at L where it acts at L/2, the
continuous beam where the segmented one was asked.

Example
-------
>>> check_bar_spring_frequency(math.sqrt(3 * 500.0 / 3.0) / (2 * math.pi), mass=3.0, length=1.2, stiffness=500.0)
✓ f: right.
>>> check_pendulum_stiffness(2.0 * 9.81 / 0.5, mass=2.0, length=0.5)
✓ k_r: right.
>>> check_upright_stiffness(1.5 * 9.81 * 0.8, mass=1.5, length=0.8)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
mbtools.exercises.feedback.WrongAnswer: that puts the weight at the bar's top, L; ...
"""

from __future__ import annotations

import math

import numpy as np
import scipy.optimize

from ..errors import InputError
from . import data
from .feedback import DIAGNOSE_RTOL, Pending, Right, WrongAnswer, as_array, as_number, close, diagnose_number

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


def _near(value: float, other: float, right: float) -> bool:
    """``value`` is ``other`` (to a rounding), and ``other`` is a mistake, not the answer."""
    return abs(other - right) > 1e-9 * abs(right) and abs(value - other) <= DIAGNOSE_RTOL / 10 * abs(other)


def spring_pendulum_angle(mass: float, length: float, stiffness: float, g: float = GRAVITY, arm: float = 1.0) -> float:
    """φ (rad), the droop below the horizontal of a point ``mass`` on a massless rod of
    ``length`` pivoted at its end on a torsional spring of ``stiffness`` (N·m/rad) that is
    free with the rod horizontal: the root in (0, π/2) of k φ = m g (a L) cos φ, ``arm`` a
    the weight's distance from the pivot as a fraction of L (1: a point at the end). The
    left side grows and the right side falls on that interval, so the root is unique."""
    weight = mass * g * arm * length
    return float(scipy.optimize.brentq(lambda p: stiffness * p - weight * math.cos(p), 0.0, 0.5 * math.pi,
                                       xtol=1e-15, rtol=4 * np.finfo(float).eps))


def _pendulum_data(checker: str, mass, length, stiffness, g) -> tuple[float, float, float, float]:
    return (data.positive(checker, "mass", mass), data.positive(checker, "length", length),
            data.positive(checker, "stiffness", stiffness), data.positive(checker, "g", g))


def check_spring_pendulum_angle(answer, *, mass: float, length: float, stiffness: float,
                                g: float = GRAVITY) -> Right | Pending:
    """Check φ (rad), the droop below the horizontal at which a point ``mass`` (kg) on a
    massless rod of ``length`` (m), pivoted at its end on a torsional spring of
    ``stiffness`` (N·m/rad) free with the rod horizontal, rests under gravity: the root
    in (0, π/2) of k φ = m g L cos φ (see ``spring_pendulum_angle`` in the same module)."""
    mass, length, stiffness, g = _pendulum_data("check_spring_pendulum_angle", mass, length, stiffness, g)
    if answer is ...:
        return Pending("φ")
    value = as_number(answer, "φ")
    right = spring_pendulum_angle(mass, length, stiffness, g)
    if close(value, right, scale=abs(right), rtol=1e-6):
        return Right("φ")
    weight = mass * g * length
    if _near(value, -right, right):
        raise WrongAnswer("φ has the wrong sign: it is the droop below the horizontal, positive downward (a "
                          "counter-clockwise angle, such as the library's relative coordinate, reads it as −φ).")
    if abs(value) < 1e-9:
        raise WrongAnswer("φ = 0 is where the spring is free, but there the weight's moment m g L is not "
                          "balanced: the rod droops until k φ balances it.")
    for other, message in (
        (weight / stiffness, "that is the small-angle answer m g L/k (cos φ ≈ 1); at this droop cos φ is not 1: "
         "solve k φ = m g L cos φ numerically."),
        (spring_pendulum_angle(mass, length, stiffness, g, arm=0.5), "that puts the weight at L/2, the middle of "
         "a uniform bar; here the mass is a point at the rod's end, and its arm is L cos φ."),
    ):
        if _near(value, other, right):
            raise WrongAnswer(message)
    if abs(stiffness * value - weight * math.cos(value)) <= 1e-6 * max(abs(stiffness * value), weight):
        raise WrongAnswer("φ solves k φ = m g L cos φ, but it is another root: the rod droops below the "
                          "horizontal, 0 < φ < π/2 (bracket the root there).")
    raise WrongAnswer(diagnose_number(value, right, "φ", scale=abs(right), angle=True))


def check_spring_pendulum_stiffness(answer, *, mass: float, length: float, stiffness: float,
                                    g: float = GRAVITY) -> Right | Pending:
    """Check k_t (N·m/rad), the tangent stiffness about the pivot of the pendulum of
    ``check_spring_pendulum_angle`` at its equilibrium: the derivative of the unbalanced
    moment k φ − m g L cos φ, k + m g L sin φ."""
    mass, length, stiffness, g = _pendulum_data("check_spring_pendulum_stiffness", mass, length, stiffness, g)
    if answer is ...:
        return Pending("k_t")
    value = as_number(answer, "k_t")
    phi = spring_pendulum_angle(mass, length, stiffness, g)
    weight = mass * g * length
    right = stiffness + weight * math.sin(phi)
    if close(value, right, scale=abs(right), rtol=1e-6):
        return Right("k_t")
    half = spring_pendulum_angle(mass, length, stiffness, g, arm=0.5)
    for other, message in (
        (stiffness, "that is the spring's k alone: gravity's moment m g L cos φ changes with φ too, and its "
         "derivative belongs in the stiffness."),
        (stiffness - weight * math.sin(phi), "gravity's stiffness has the wrong sign: as the rod droops further its "
         "weight's arm L cos φ shortens, so gravity's moment falls while the spring's grows: here gravity stiffens."),
        (stiffness + weight * math.cos(phi), "that differentiates the weight's moment to m g L cos φ; the "
         "derivative of cos φ is −sin φ."),
        (stiffness + 0.5 * weight * math.sin(half), "that puts the weight at L/2, the middle of a uniform bar; "
         "here the mass is a point at the rod's end."),
        (stiffness + weight * math.sin(math.degrees(phi)), "that takes the sine of φ in degrees; math.sin takes "
         "radians."),
        (right * math.pi / 180.0, "that is N·m per degree; a stiffness about a pivot is given per radian."),
    ):
        if _near(value, other, right):
            raise WrongAnswer(message)
    raise WrongAnswer(diagnose_number(value, right, "k_t", scale=abs(right)))


def check_stable(answer, *, stiffness) -> Right | Pending:
    """Check a True/False answer to "is this equilibrium stable?", given the eigenvalues
    of the reduced tangent stiffness Rᵀ K_t R there (one number for one degree of
    freedom): stable where all are positive. A zero eigenvalue is refused as data: the
    second-order test does not decide there."""
    checker = "check_stable"
    values = np.atleast_1d(np.asarray(stiffness, dtype=object))
    values = np.array([data.number(checker, "stiffness", v) for v in values.reshape(-1)])
    if values.size == 0:
        raise InputError(f"{checker}: stiffness must be at least one eigenvalue of Rᵀ K_t R (the exercise's data).")
    if np.any(values == 0.0):
        raise InputError(f"{checker}: a zero stiffness eigenvalue leaves stability undecided at second order; give "
                         "an equilibrium whose reduced stiffness is not singular (the exercise's data).")
    if answer is ...:
        return Pending("stable")
    if not isinstance(answer, (bool, np.bool_)):
        raise WrongAnswer(f"stable must be True or False; got {type(answer).__name__} {answer!r}.")
    if bool(answer) == bool(np.all(values > 0)):
        return Right("stable")
    raise WrongAnswer("stable: look at the sign of the tangent stiffness on the motions the constraints allow: "
                      "positive definite is a minimum of the potential energy, stable; one negative eigenvalue "
                      "is a maximum or a saddle along it, unstable.")


def double_pendulum_frequencies(length: float, g: float = GRAVITY) -> np.ndarray:
    """(f₁, f₂) in Hz, ascending, of a double pendulum of two equal point masses on two
    massless rods of equal ``length``, hanging: ω² = (2 ∓ √2) g/L (the masses cancel)."""
    return np.sqrt((2.0 + np.array([-1.0, 1.0]) * math.sqrt(2.0)) * g / length) / (2.0 * math.pi)


def _frequencies_of(M: np.ndarray, K: np.ndarray, length: float, g: float) -> np.ndarray:
    """f (Hz) of M θ̈ + K θ = 0 with M in m L² and K in m g L."""
    return np.sqrt(np.sort(np.linalg.eigvals(np.linalg.solve(M, K)).real) * g / length) / (2.0 * math.pi)


def check_double_pendulum_frequencies(answer, *, length: float, g: float = GRAVITY) -> Right | Pending:
    """Check (f₁, f₂) in Hz, ascending, the two natural frequencies of a hanging double
    pendulum of two equal point masses on two massless rods of ``length`` (m) each."""
    checker = "check_double_pendulum_frequencies"
    length, g = data.positive(checker, "length", length), data.positive(checker, "g", g)
    if answer is ...:
        return Pending("f")
    value = as_array(answer, (2,), "f")
    right = double_pendulum_frequencies(length, g)
    if np.allclose(value, right, rtol=1e-6, atol=0.0):
        return Right("f")
    omega_squared = (2.0 * math.pi * right) ** 2
    coupled = np.array([[2.0, 1.0], [1.0, 1.0]])
    for other, message in (
        (right[::-1], "f: give the two frequencies in ascending order, f₁ < f₂."),
        (2.0 * math.pi * right, "f: those are ω in rad/s; the question asks for f = ω/2π in Hz."),
        (omega_squared, "f: those are ω² (rad²/s²); take the square root, then divide by 2π."),
        (omega_squared / (2.0 * math.pi), "f: those are ω²/2π; take the square root of ω² first."),
        (_frequencies_of(np.diag([2.0, 1.0]), np.diag([2.0, 1.0]), length, g), "f: both are the simple "
         "pendulum's: the mass matrix has lost its coupling term m L² (the lower bob moves with the upper rod)."),
        (_frequencies_of(coupled, np.eye(2), length, g), "f: the stiffness of the upper angle is 2 m g L, not "
         "m g L: turning the upper rod lifts both bobs."),
    ):
        if np.allclose(value, other, rtol=DIAGNOSE_RTOL / 10, atol=0.0):
            raise WrongAnswer(message)
    for i, name in enumerate(("f₁", "f₂")):
        message = diagnose_number(float(value[i]), float(right[i]), name, scale=float(right[i]))
        if message:
            raise WrongAnswer(message)
    raise WrongAnswer("f is not right.")   # pragma: no cover (allclose and diagnose_number agree)


def check_upright_stiffness(answer, *, mass: float, length: float, g: float = GRAVITY) -> Right | Pending:
    """Check k (N·m/rad), the least stiffness of a torsional spring at the pivot that
    holds a uniform bar of ``mass`` (kg) and ``length`` (m) upright (the spring free
    upright): the potential ½ k θ² + m g (L/2) cos θ has a minimum at θ = 0 from
    k = m g L/2 on, the bar's loss of stability, its buckling."""
    checker = "check_upright_stiffness"
    mass, length, g = (data.positive(checker, name, value) for name, value in
                       (("mass", mass), ("length", length), ("g", g)))
    if answer is ...:
        return Pending("k")
    value = as_number(answer, "k")
    right = 0.5 * mass * g * length
    if close(value, right, scale=abs(right), rtol=1e-6):
        return Right("k")
    for other, message in (
        (2.0 * right, "that puts the weight at the bar's top, L; a uniform bar's centre of mass is at L/2."),
        (-right, "k has the wrong sign: a spring's stiffness is positive; it must outweigh gravity's negative "
         "stiffness, not equal it."),
        (right / g, "that leaves out g: the weight is m g, a force in newtons, and its moment is in N·m."),
        (right * math.pi / 180.0, "that is N·m per degree; a torsional stiffness is given per radian."),
    ):
        if _near(value, other, right):
            raise WrongAnswer(message)
    raise WrongAnswer(diagnose_number(value, right, "k", scale=abs(right)))


def segmented_tip_deflection(load: float, length: float, bending_stiffness: float, segments: int) -> float:
    """w (m) of a cantilever of N rigid segments with hinges at their middles and springs
    k = EI/ℓ under a small tip load P: P L³/(3EI) (1 − 1/(4N²))."""
    return load * length**3 / (3.0 * bending_stiffness) * (1.0 - 1.0 / (4.0 * segments**2))


def check_cantilever_tip_deflection(answer, *, load: float, length: float, bending_stiffness: float,
                                    segments: int = 2) -> Right | Pending:
    """Check w (m, downward), the small tip deflection under a tip ``load`` P (N) of a
    cantilever of ``length`` L (m) and ``bending_stiffness`` EI (N·m²) modelled as
    ``segments`` N rigid segments, hinges at their middles x_k = (k − ½) L/N with springs
    k = EI/ℓ, ℓ = L/N (:func:`mbtools.examples.beams.segmented_cantilever`)."""
    checker = "check_cantilever_tip_deflection"
    load, length = data.positive(checker, "load", load), data.positive(checker, "length", length)
    bending_stiffness = data.positive(checker, "bending_stiffness", bending_stiffness)
    if isinstance(segments, bool) or not isinstance(segments, (int, np.integer)) or segments < 1:
        raise InputError(f"{checker}: segments must be a whole number ≥ 1, got {segments!r} (the exercise's data).")
    if answer is ...:
        return Pending("w")
    value = as_number(answer, "w")
    right = segmented_tip_deflection(load, length, bending_stiffness, int(segments))
    if close(value, right, scale=abs(right), rtol=1e-6):
        return Right("w")
    beam = load * length**3 / (3.0 * bending_stiffness)
    n, named = int(segments), []
    for other, message in (
        (beam, "that is the continuous beam's P L³/3EI; the question asks for the segmented model, whose hinges "
         "each carry one segment's bending: sum θ_k (L − x_k) over the hinges."),
        (beam * (1.0 + 1.5 / n + 0.5 / n**2), "that puts the hinges at the segments' ends; they sit at the "
         "segments' middles, x_k = (k − ½) ℓ."),
        (n * right, "that uses springs of EI/L; each hinge carries the bending of one segment: k = EI/ℓ, ℓ = L/N."),
        (1.5 * beam, "that turns every hinge by the clamp's moment P L; the hinge at x_k carries P (L − x_k)."),
    ):
        if _near(value, other, right):
            named.append(message)
    if named:   # with two segments, springs of EI/L and hinges at the ends both double w
        raise WrongAnswer(" Or ".join(named))
    raise WrongAnswer(diagnose_number(value, right, "w", scale=abs(right)))
