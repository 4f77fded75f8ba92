"""The balancing checkers (chapter 16's exercises): right answers pass, each named mistake
is named, the exercise's data is validated, and the checkers' closed forms agree with the
library's own computation (mbtools.analysis.balancing), which shares none of their code."""

import math

import numpy as np
import pytest

from mbtools import MassProperties, formulate, set_masses
from mbtools.analysis.balancing import (add_counterweights, centre_of_mass, force_balancing_counterweights,
                                        shaking_along, uniform_four_bar)
from mbtools.dynamics import MultibodySystem
from mbtools.errors import InputError
from mbtools.examples import slider_crank
from mbtools.exercises import (Pending, WrongAnswer, check_balanced_centre, check_counterweight_masses,
                               check_slider_crank_tdc_shaking)
from mbtools.exercises.balancing import balanced_centre, counterweight_masses, slider_crank_tdc_shaking
from mbtools.kinematics import sweep_position

MASSES, LENGTHS, RADII = (0.8, 2.5, 1.2), (2.0, 7.0, 9.0, 6.0), (1.5, 3.0)
DATA = dict(masses=MASSES, lengths=LENGTHS, radii=RADII)


def test_the_counterweights_and_the_centre_are_the_librarys():
    mechanism = uniform_four_bar(MASSES)
    crank, rocker = force_balancing_counterweights(mechanism, crank_radius=RADII[0], rocker_radius=RADII[1])
    assert np.allclose([crank.mass, rocker.mass], counterweight_masses(MASSES, LENGTHS, RADII), rtol=1e-12, atol=0)
    model = formulate(add_counterweights(mechanism, (crank, rocker)), "natural")
    sweep = sweep_position(model, "crank", np.radians([0.0, 100.0, 200.0]))
    for q in sweep.q:  # the drawing puts O₂ at the origin and O₄ at (6, 0), as the exercise does
        assert np.allclose(centre_of_mass(model, q), balanced_centre(MASSES, LENGTHS, RADII), rtol=0, atol=1e-12)
    check_counterweight_masses([crank.mass, rocker.mass], **DATA)
    check_balanced_centre(centre_of_mass(model, sweep.q[0]), **DATA)


def test_the_slider_crank_shaking_force_is_the_librarys():
    """A slider-crank of lumped masses: 1.2 kg at the crank pin, 2 kg on the slider, the rod
    of 1e-9 kg (the library's bodies need a mass), at 3000 rpm, r = 0.05 m, l = 0.2 m."""
    mechanism = slider_crank(crank=0.05, rod=0.2)
    p = mechanism.point_position
    set_masses(mechanism, {"crank": MassProperties(1.2, p("A"), 0.0),
                           "rod": MassProperties(1e-9, (p("A") + p("B")) / 2, 0.0),
                           "slider": MassProperties(2.0, p("B"), 0.0)})
    omega = 3000 * 2 * math.pi / 60
    history = shaking_along(MultibodySystem(formulate(mechanism, "natural")), "crank", [0.0], omega)
    expected = slider_crank_tdc_shaking(1.2, 2.0, 0.05, 0.2, 3000.0)
    assert abs(history.force[0, 0] - expected) < 1e-7 * expected   # the rod's 1e-9 kg, ~1e-9 relative
    assert abs(history.force[0, 1]) < 1e-7 * expected
    check_slider_crank_tdc_shaking(history.force[0, 0], crank_mass=1.2, slider_mass=2.0, crank=0.05, rod=0.2, rpm=3000)


def test_pending_answers_ask_for_one():
    assert isinstance(check_counterweight_masses(..., **DATA), Pending)
    assert isinstance(check_balanced_centre(..., **DATA), Pending)
    assert isinstance(check_slider_crank_tdc_shaking(..., crank_mass=1, slider_mass=2, crank=0.05, rod=0.2, rpm=3000),
                      Pending)


@pytest.mark.parametrize("answer, pattern", [
    ((2.5 * 2 / 3.0, 2.5 * 9 / 6.0), "balances the coupler alone"),
    ((2.5 * 2 / 1.5 + 0.8 * 2 / 3.0, 1.2 * 9 / 6.0), "coupler's whole mass at A"),
    (lambda r: r[::-1], "swapped"),
    (lambda r: [-r[0], -r[1]], "positive"),
    (lambda r: [r[0] * 1.5, r[1] * 3.0], "mass moments"),
    (lambda r: [r[0], 1.1 * r[1]], "the rocker's counterweight is off"),
])
def test_counterweight_mistakes_are_named(answer, pattern):
    right = counterweight_masses(MASSES, LENGTHS, RADII)
    value = answer(right) if callable(answer) else answer
    with pytest.raises(WrongAnswer, match=pattern):
        check_counterweight_masses(value, **DATA)


@pytest.mark.parametrize("mistake, pattern", [
    ("bare", "without the counterweights"),
    ("total", "belong in the total mass"),
    ("offset", "turns about O₄"),
    ("y", "y_G is off"),
])
def test_centre_mistakes_are_named(mistake, pattern):
    m1, m2, m3 = MASSES
    c1, c3 = counterweight_masses(MASSES, LENGTHS, RADII)
    d = LENGTHS[3]
    x = {"bare": (m2 / 2 + m3) * d / (m1 + m2 + m3), "total": (m2 / 2 + m3 + c3) * d / (m1 + m2 + m3),
         "offset": (m2 / 2 + m3) * d / (m1 + m2 + m3 + c1 + c3),
         "y": balanced_centre(MASSES, LENGTHS, RADII)[0]}[mistake]
    with pytest.raises(WrongAnswer, match=pattern):
        check_balanced_centre((x, 0.3 if mistake == "y" else 0.0), **DATA)


@pytest.mark.parametrize("kind, pattern", [
    ("no second", "second harmonic"),
    ("bdc", "bottom dead centre"),
    ("rpm", "rpm"),
    ("no pin", "crank pin's mass"),
    ("sign", "wrong sign"),
])
def test_slider_crank_mistakes_are_named(kind, pattern):
    omega2 = (3000 * 2 * math.pi / 60) ** 2
    r, l, mA, mB = 0.05, 0.2, 1.2, 2.0
    right = slider_crank_tdc_shaking(mA, mB, r, l, 3000.0)
    answer = {"no second": (mA + mB) * r * omega2, "bdc": mA * r * omega2 + mB * r * omega2 * (1 - r / l),
              "rpm": mA * r * 3000**2 + mB * r * 3000**2 * (1 + r / l), "no pin": mB * r * omega2 * (1 + r / l),
              "sign": -right}[kind]
    with pytest.raises(WrongAnswer, match=pattern):
        check_slider_crank_tdc_shaking(answer, crank_mass=mA, slider_mass=mB, crank=r, rod=l, rpm=3000)


def test_the_exercise_data_is_checked():
    with pytest.raises(InputError, match="masses"):
        check_counterweight_masses((1, 1), masses=(1, -2, 1), lengths=LENGTHS, radii=RADII)
    with pytest.raises(InputError, match="cannot close"):
        check_balanced_centre((1, 0), masses=MASSES, lengths=(1, 1, 1, 5), radii=RADII)
    with pytest.raises(InputError, match="radii"):
        check_counterweight_masses((1, 1), masses=MASSES, lengths=LENGTHS, radii=(1.0,))
    with pytest.raises(InputError, match="longer than the crank"):
        check_slider_crank_tdc_shaking(1.0, crank_mass=1, slider_mass=1, crank=0.3, rod=0.2, rpm=100)
    with pytest.raises(InputError, match="rpm"):
        check_slider_crank_tdc_shaking(1.0, crank_mass=1, slider_mass=1, crank=0.1, rod=0.2, rpm=-100)
