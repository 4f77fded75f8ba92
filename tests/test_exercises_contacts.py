"""The contact checkers of chapter 13's section on compliant contact: a right answer
passes (and agrees with the library's integration of the same motion), an unanswered one
is pending, each usual mistake gets the feedback that names it, and impossible data are
refused by name."""

import math

import pytest

from mbtools import simulate
from mbtools.analysis.contacts import ball_on_floor
from mbtools.analysis.restitution import impact_with_law, lugre_stick_slip
from mbtools.dynamics.contact_laws import Hertz, LankaraniNikravesh
from mbtools.dynamics.friction_laws import RegularisedCoulomb
from mbtools.errors import InputError
from mbtools.exercises import (Pending, Right, check_first_slip_time, check_hertz_duration,
                               check_hertz_peak_force, check_rolling_speed)
from mbtools.exercises.contacts import first_slip_time, hertz_contact, rolling_speed
from test_exercises_impacts import rejected  # noqa: E402 - the same helper for every checker

# the section's three exercises
HERTZ = dict(mass=0.2, stiffness=5e9, impact_speed=1.5)
SLIP = dict(stiffness=2.0, pull_speed=0.1, normal=2.0, mu_static=1.5, mu_coulomb=1.0, mass=1.0)
BACKSPIN = dict(speed=2.0, radius=0.05, body="sphere", spin=10.0)


def test_hertz_closed_form_is_the_integrated_impact():
    right = hertz_contact(**HERTZ)
    run = impact_with_law(Hertz(HERTZ["stiffness"]), HERTZ["mass"], HERTZ["impact_speed"])
    assert run.duration == pytest.approx(right["duration"], rel=1e-8)
    assert run.max_force == pytest.approx(right["max_force"], rel=1e-8)
    assert isinstance(check_hertz_duration(run.duration, **HERTZ), Right)
    assert isinstance(check_hertz_peak_force(run.max_force, **HERTZ), Right)
    # 2.9433 δ_max/v, worked out by hand to 4 digits, passes at the default rtol 1e-3
    hand = 2.9433 * right["max_indentation"] / HERTZ["impact_speed"]
    assert isinstance(check_hertz_duration(round(hand, 8), **HERTZ), Right)


def test_an_unanswered_exercise_is_pending():
    assert isinstance(check_hertz_duration(..., **HERTZ), Pending)
    assert isinstance(check_hertz_peak_force(..., **HERTZ), Pending)
    assert isinstance(check_first_slip_time(..., **SLIP), Pending)
    assert isinstance(check_rolling_speed(..., **BACKSPIN), Pending)


def test_hertz_duration_mistakes_are_named():
    right = hertz_contact(**HERTZ)
    deepest, v = right["max_indentation"], HERTZ["impact_speed"]
    rejected(check_hertz_duration, 0.5 * right["duration"], HERTZ, "approach alone")
    rejected(check_hertz_duration, 2 * deepest / v, HERTZ, "takes the speed as constant")
    no_half = (2.5 * HERTZ["mass"] * v ** 2 / HERTZ["stiffness"]) ** 0.4
    rejected(check_hertz_duration, 2.9433 * no_half / v, HERTZ, "leaves the ½ out")
    k_max = 1.5 * HERTZ["stiffness"] * deepest ** 0.5
    rejected(check_hertz_duration, math.pi * math.sqrt(HERTZ["mass"] / k_max), HERTZ, "linear spring of the stiffness")
    rejected(check_hertz_duration, right["duration"] * 1e3, HERTZ, "1000 times too large")


def test_hertz_peak_force_mistakes_are_named():
    right = hertz_contact(**HERTZ)
    rejected(check_hertz_peak_force, HERTZ["stiffness"] * right["max_indentation"], HERTZ, "exponent n left out")
    rejected(check_hertz_peak_force, right["max_indentation"], HERTZ, "not the force")
    no_half = hertz_contact(**{**HERTZ, "impact_speed": HERTZ["impact_speed"] * math.sqrt(2)})["max_force"]
    rejected(check_hertz_peak_force, no_half, HERTZ, "leaves the ½ out")
    linear = HERTZ["impact_speed"] * math.sqrt(HERTZ["mass"] / HERTZ["stiffness"])
    rejected(check_hertz_peak_force, HERTZ["stiffness"] * linear ** 1.5, HERTZ, "linear spring")
    rejected(check_hertz_peak_force, -right["max_force"], HERTZ, "wrong sign")


def test_first_slip_right_and_the_lugre_run_slips_a_little_earlier():
    right = first_slip_time(**{k: SLIP[k] for k in ("stiffness", "pull_speed", "normal", "mu_static")})
    assert right == pytest.approx(15.0)
    assert isinstance(check_first_slip_time(15.0, **SLIP), Right)
    # the bristles' deflection μ_s/σ₀ delays it by μ_s/(σ₀ U): within the tolerance
    assert isinstance(check_first_slip_time(15.0 + 1.5e-5 / 0.1, **SLIP), Right)
    motion = lugre_stick_slip(t_end=16.0, normal=2.0, rtol=1e-8, points=1601)
    started = motion.t[motion.v > 1e-3]   # the block slides faster than v_s
    assert 0.97 * right < started[0] < right


@pytest.mark.parametrize("answer, expect", [
    (10.0, "Coulomb coefficient μ_c"),
    (15.0 * 9.81 / 2.0, "weight M g"),
    (7.5, "leaves the normal force out"),
    (30.0, "leaves the spring's stiffness out"),
    (15000.0, "1000 times too large"),
    (14.0, "too small by 7%"),
])
def test_first_slip_mistakes_are_named(answer, expect):
    rejected(check_first_slip_time, answer, SLIP, expect)


def test_rolling_speed_right_and_as_simulated_for_a_disc_with_spin():
    assert rolling_speed(**BACKSPIN) == pytest.approx((2.0 - 0.4 * 0.05 * 10.0) / 1.4)
    assert isinstance(check_rolling_speed(1.2857, **BACKSPIN), Right)
    # a disc thrown at the floor with backspin, integrated: it rolls away at (v₀ − k ρ ω₀)/(1 + k)
    system = ball_on_floor(LankaraniNikravesh(1e8, 0.8), friction=RegularisedCoulomb(0.5, 1e-4))
    # (Radau: the regularised friction is stiff; DOP853 takes twenty times as long)
    traj = simulate(system, 0.01, twist={"ball": {"omega": 4.0, "point": ("C", (1.0, -1.0))}}, rtol=1e-8,
                    integrator="Radau", progress=False)
    v = system.model.point_velocity(traj.q[-1], traj.qd[-1], "C")[0]
    expected = rolling_speed(speed=1.0, radius=0.05, body="disc", spin=4.0)
    assert v == pytest.approx(expected, abs=1e-4)
    assert isinstance(check_rolling_speed(v, speed=1.0, radius=0.05, body="disc", spin=4.0), Right)


@pytest.mark.parametrize("answer, expect", [
    ((2.0 - 0.5 * 0.05 * 10.0) / 1.5, "a disc's; a sphere has k = 0.4"),
    (2.0 / 1.4, "leaves the spin ω₀ out"),
    ((2.0 + 0.4 * 0.05 * 10.0) / 1.4, "spin's sign reversed"),
    (2.0, "is the speed thrown"),
    (2.0 - 1.8 / 1.4, "the speed friction takes away"),
    (-1.8 / 1.4, "wrong sign"),
])
def test_rolling_speed_mistakes_are_named(answer, expect):
    rejected(check_rolling_speed, answer, BACKSPIN, expect)


@pytest.mark.parametrize("check, data, match", [
    (check_hertz_duration, {**HERTZ, "mass": -0.2}, "check_hertz_duration: mass must be a positive"),
    (check_hertz_peak_force, {**HERTZ, "stiffness": "5e9"}, "check_hertz_peak_force: stiffness must be a number"),
    (check_hertz_duration, {**HERTZ, "rtol": 0.5}, "rtol"),
    (check_first_slip_time, {**SLIP, "mu_static": 0.5}, "mu_static = 0.5 is below mu_coulomb"),
    (check_first_slip_time, {**SLIP, "normal": 0.0}, "normal must be a positive"),
    (check_rolling_speed, {**BACKSPIN, "body": "cube"}, "body must be one of"),
    (check_rolling_speed, {**BACKSPIN, "radius": float("nan")}, "radius must be finite"),
])
def test_bad_exercise_data_is_named(check, data, match):
    with pytest.raises(InputError, match=match):
        check(1.0, **data)


def test_a_non_number_answer_is_named():
    rejected(check_rolling_speed, "1.29", BACKSPIN, "must be a number")
