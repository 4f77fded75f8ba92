"""Checkers of the balancing exercises (chapter 16): the counterweights that balance a
four-bar of uniform bars fully, where its centre of mass then stands, and the shaking force
of a slider-crank of lumped masses at top dead centre.

Each validates the exercise's data first, computes the right value from the closed form
written out here (independent of :mod:`mbtools.analysis.balancing`, which the tests set it
against), and names the likely mistake: the link's own mass moment forgotten, the coupler's
whole mass put at its pivot, crank and rocker swapped, the centre of mass without the
counterweights, the slider's second harmonic left out or taken at bottom dead centre, rpm
used as rad/s.

Example
-------
>>> check_counterweight_masses((1.5, 1.75), masses=(1.0, 2.0, 1.5), lengths=(2.0, 7.0, 9.0, 6.0), radii=(2.0, 9.0))
✓ the counterweights' masses: right.
>>> check_counterweight_masses((1.0, 1.0), masses=(1.0, 2.0, 1.5), lengths=(2.0, 7.0, 9.0, 6.0), radii=(2.0, 9.0))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
mbtools.exercises.feedback.WrongAnswer: that balances the coupler alone: ...
"""

from __future__ import annotations

import math

import numpy as np

from ..errors import InputError
from . import data
from .feedback import DIAGNOSE_RTOL, Pending, Right, WrongAnswer, as_array, as_number, close, diagnose_number


def _four_bar_data(checker: str, masses, lengths, radii) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    masses = data.vector(checker, "masses", masses, 3, "kg")
    lengths = data.vector(checker, "lengths", lengths, 4, "m")
    radii = data.vector(checker, "radii", radii, 2, "m")
    for name, values in (("masses", masses), ("lengths", lengths), ("radii", radii)):
        if np.any(values <= 0):
            raise InputError(f"{checker}: every entry of {name} must be positive, got {values.tolist()} "
                                  "(the exercise's data).")
    if 2 * lengths.max() >= lengths.sum():
        raise InputError(f"{checker}: the lengths {lengths.tolist()} (crank, coupler, rocker, ground) cannot close "
                              "a loop: the longest must be shorter than the sum of the other three (the exercise's data).")
    return masses, lengths, radii


def counterweight_masses(masses, lengths, radii) -> tuple[float, float]:
    """(m_c1, m_c3) of the full force balance of a four-bar of uniform bars (book (H.4)
    with z₂ = b/2): the crank needs m₁z₁ + m_c1 z_c1 = −m₂a/2, so m_c1 = (m₁ + m₂) a / (2 r₁);
    the rocker needs −m₂c/2, so m_c3 = (m₂ + m₃) c / (2 r₃), each behind its pivot."""
    (m1, m2, m3), (a, _, c, _), (r1, r3) = masses, lengths, radii
    return (m1 + m2) * a / (2 * r1), (m2 + m3) * c / (2 * r3)


def check_counterweight_masses(answer, *, masses, lengths, radii) -> Right | Pending:
    """Check (m_c1, m_c3), kg: the point masses on the crank and the rocker, at ``radii``
    (r₁, r₃) behind their ground pivots, that balance fully the shaking force of a four-bar
    of uniform bars of ``masses`` (crank, coupler, rocker) and ``lengths`` (a, b, c, d)."""
    checker = "check_counterweight_masses"
    masses, lengths, radii = _four_bar_data(checker, masses, lengths, radii)
    if answer is ...:
        return Pending("the counterweights' masses")
    value = as_array(answer, (2,), "the counterweights' masses")
    right = np.array(counterweight_masses(masses, lengths, radii))
    if np.allclose(value, right, rtol=1e-6, atol=0.0):
        return Right("the counterweights' masses")
    (m1, m2, m3), (a, _, c, _), (r1, r3) = masses, lengths, radii
    for other, message in (
        ((m2 * a / (2 * r1), m2 * c / (2 * r3)), "that balances the coupler alone: the crank and the rocker have "
         "their own mass moments, m₁a/2 and m₃c/2 on the pivot's far side, which the counterweights must cancel too."),
        ((m2 * a / r1 + m1 * a / (2 * r1), m3 * c / (2 * r3)), "that puts the coupler's whole mass at A: its centre "
         "of mass is at b/2, and (H.4) shares it between the crank (the factor 1 − z₂/b) and the rocker (z₂/b)."),
        (right[::-1], "crank and rocker are swapped: the first number is the crank's counterweight."),
        (-right, "a counterweight's mass is positive; put it on the far side of the pivot instead."),
        ((right[0] * r1, right[1] * r3), "those are mass moments m_c r (kg·m); divide by the radii for the masses."),
    ):
        if np.allclose(value, other, rtol=DIAGNOSE_RTOL / 10, atol=0.0):
            raise WrongAnswer(message)
    wrong = [name for name, v, r in zip(("the crank's", "the rocker's"), value, right) if not close(v, r)]
    raise WrongAnswer(f"{' and '.join(wrong)} counterweight {'is' if len(wrong) == 1 else 'are'} off: write the "
                      "link's mass moment about its ground pivot with (H.4)'s coefficient set to zero.")


def balanced_centre(masses, lengths, radii) -> np.ndarray:
    """Where the force-balanced four-bar's total centre of mass stands, with O₂ at the origin
    and O₄ at (d, 0): the constant part of M r_G, (m₂ z₂/b + m₃ + m_c3) d, over the total
    mass with the counterweights."""
    (m1, m2, m3), (_, _, _, d) = masses, lengths
    c1, c3 = counterweight_masses(masses, lengths, radii)
    return np.array([(m2 / 2 + m3 + c3) * d / (m1 + m2 + m3 + c1 + c3), 0.0])


def check_balanced_centre(answer, *, masses, lengths, radii) -> Right | Pending:
    """Check (x_G, y_G), m: the total centre of mass of the force-balanced four-bar of
    :func:`check_counterweight_masses`, O₂ at the origin and O₄ at (d, 0)."""
    checker = "check_balanced_centre"
    masses, lengths, radii = _four_bar_data(checker, masses, lengths, radii)
    if answer is ...:
        return Pending("the centre of mass")
    value = as_array(answer, (2,), "the centre of mass")
    right = balanced_centre(masses, lengths, radii)
    d = lengths[3]
    if np.allclose(value, right, rtol=0.0, atol=1e-6 * d):
        return Right("the centre of mass")
    (m1, m2, m3) = masses
    c1, c3 = counterweight_masses(masses, lengths, radii)
    for other, message in (
        ((m2 / 2 + m3) * d / (m1 + m2 + m3), "that is without the counterweights: they add to the total mass, and the "
         "rocker's sits with O₄'s offset d."),
        ((m2 / 2 + m3 + c3) * d / (m1 + m2 + m3), "the counterweights' masses belong in the total mass M too."),
        ((m2 / 2 + m3) * d / (m1 + m2 + m3 + c1 + c3), "the rocker's counterweight turns about O₄, not O₂: its mass "
         "contributes m_c3 d to the constant part of M r_G."),
    ):
        if close(float(value[0]), other, scale=d, rtol=DIAGNOSE_RTOL / 10) and abs(value[1]) <= 1e-6 * d:
            raise WrongAnswer(message)
    if abs(value[1]) > 1e-6 * d:
        raise WrongAnswer("y_G is off: every constant term of M r_G lies along O₂O₄.")
    raise WrongAnswer(diagnose_number(float(value[0]), float(right[0]), "x_G", scale=d) or "x_G is off.")


def slider_crank_tdc_shaking(crank_mass: float, slider_mass: float, crank: float, rod: float, rpm: float) -> float:
    """The shaking force (N) along the slider's line at top dead centre of a slider-crank
    turning at ``rpm``, with the crank's mass lumped at its pin A and the slider's at B (the
    rod massless): F = m_A r ω² + m_B r ω² (1 + r/l), outward."""
    omega = rpm * 2.0 * math.pi / 60.0
    return crank_mass * crank * omega**2 + slider_mass * crank * omega**2 * (1.0 + crank / rod)


def check_slider_crank_tdc_shaking(answer, *, crank_mass: float, slider_mass: float, crank: float, rod: float,
                                   rpm: float) -> Right | Pending:
    """Check F_x (N), the shaking force along the slider's line at top dead centre of a
    slider-crank at constant ``rpm``, crank mass at the crank pin, slider mass at the
    slider, the rod massless (``crank`` r and ``rod`` l in m)."""
    checker = "check_slider_crank_tdc_shaking"
    crank_mass = data.positive(checker, "crank_mass", crank_mass)
    slider_mass = data.positive(checker, "slider_mass", slider_mass)
    crank = data.positive(checker, "crank", crank)
    rod = data.positive(checker, "rod", rod)
    rpm = data.positive(checker, "rpm", rpm)
    if rod <= crank:
        raise InputError(f"{checker}: the rod ({rod} m) must be longer than the crank ({crank} m) for the crank "
                              "to turn fully (the exercise's data).")
    if answer is ...:
        return Pending("F_x")
    value = as_number(answer, "F_x")
    right = slider_crank_tdc_shaking(crank_mass, slider_mass, crank, rod, rpm)
    if close(value, right):
        return Right("F_x")
    omega2 = (rpm * 2.0 * math.pi / 60.0) ** 2
    for other, message in (
        ((crank_mass + slider_mass) * crank * omega2, "that leaves out the slider's second harmonic: at top dead "
         "centre the slider's acceleration is r ω² (1 + r/l), not r ω²."),
        (crank_mass * crank * omega2 + slider_mass * crank * omega2 * (1 - crank / rod), "that is the slider's "
         "acceleration at bottom dead centre, r ω² (1 − r/l); at top dead centre the rod's swing adds to the crank's."),
        (slider_crank_tdc_shaking(crank_mass, slider_mass, crank, rod, rpm * 60.0 / (2 * math.pi)),
         "that uses the speed in rpm as if it were rad/s: ω = 2π n / 60."),
        (slider_mass * crank * omega2 * (1.0 + crank / rod), "the crank pin's mass shakes the frame too: m_A r ω²."),
    ):
        if close(value, other, rtol=DIAGNOSE_RTOL / 10):
            raise WrongAnswer(message)
    raise WrongAnswer(diagnose_number(value, right, "F_x") or "F_x is off.")
