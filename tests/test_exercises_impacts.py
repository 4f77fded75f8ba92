"""The impact checkers of chapter 13: a right answer passes (to the library's impact
solver as well as the closed form), an unanswered one is pending, and each usual
mistake gets the feedback that names it."""

import math

import numpy as np
import pytest

from mbtools import solve_impact
from mbtools.analysis.impact_validation import falling_bar_system
from mbtools.examples import falling_bar_twist
from mbtools.exercises import (Pending, Right, WrongAnswer, check_energy_lost, check_impact_omega,
                               check_normal_impulse)
from mbtools.exercises.impacts import bar_impact

# the chapter's three exercises
STICK = dict(angle=math.radians(20), velocity=(1.0, -2.0), omega=0.0, restitution=0.6, friction=0.5)
FRICTIONLESS = dict(angle=math.radians(30), velocity=(1.0, -3.0), omega=2.0, restitution=0.9)
SLIP = dict(angle=math.radians(30), velocity=(2.0, -1.5), omega=0.0, restitution=0.7, friction=0.2)


def rejected(check, answer, data, expect: str) -> str:
    with pytest.raises(WrongAnswer) as caught:
        check(answer, **data)
    message = str(caught.value)
    assert expect in message, message
    return message


def library(data: dict):
    """The same impact solved by the library in basic coordinates."""
    e, mu = data["restitution"], data.get("friction", 0.0)
    angle = data["angle"]
    system = falling_bar_system(restitution=e, friction=mu, height=0.5 * math.sin(angle), angle=angle)
    q = system.model.reference_q
    result = solve_impact(system, q, twist=falling_bar_twist(data["velocity"], data["omega"], angle=angle))
    omega = float((system.model.angular_velocity_jacobian(q, "bar") @ result.qd)[0])
    return result, omega


@pytest.mark.parametrize("data", [STICK, FRICTIONLESS, SLIP])
def test_the_right_answers_are_the_librarys(data):
    full = {"friction": 0.0, **data}
    right = bar_impact(**full)
    result, omega = library(full)
    assert omega == pytest.approx(right["omega"], abs=1e-12)
    assert result.impulses["A on floor"] == pytest.approx((right["P_n"], right["P_t"]), abs=1e-12)
    assert result.energy_loss == pytest.approx(right["energy_loss"], abs=1e-12)
    assert result.regime["A on floor"] == right["regime"]
    assert isinstance(check_impact_omega(omega, **full), Right)
    assert isinstance(check_normal_impulse(result.impulses["A on floor"][0], **full), Right)
    assert isinstance(check_energy_lost(result.energy_loss, **full), Right)


def test_the_exercises_have_the_regimes_the_chapter_says():
    assert bar_impact(**STICK)["regime"] == "stick"
    assert bar_impact(**SLIP)["regime"] == "slip"
    assert bar_impact(**FRICTIONLESS, friction=0.0)["P_t"] == 0.0


def test_imposed_laws_agree_with_coulomb_where_it_chooses_them():
    for data in (STICK, SLIP):
        right = bar_impact(**data)
        imposed = bar_impact(**data, law=right["regime"])
        assert imposed["omega"] == pytest.approx(right["omega"], abs=1e-12)
        assert imposed["P_t"] == pytest.approx(right["P_t"], abs=1e-12)


def test_unanswered_is_pending():
    assert isinstance(check_impact_omega(..., **STICK), Pending)
    assert isinstance(check_normal_impulse(..., **FRICTIONLESS), Pending)
    assert isinstance(check_energy_lost(..., **SLIP), Pending)


def test_rounded_by_hand_is_right_with_a_looser_tolerance():
    omega = bar_impact(**STICK)["omega"]
    assert isinstance(check_impact_omega(round(omega, 4), **STICK, rtol=1e-4), Right)
    rejected(check_impact_omega, round(omega, 2), STICK, "too")


# --------------------------------------------------------------------- (a) ω⁺, stick


@pytest.mark.parametrize("mistake, expect", [
    (dict(friction=0.0), "leaves friction out"),
    (dict(law="slip"), "assumes the end slips"),
    (dict(restitution=0.0), "plastic impact"),
    (dict(restitution=STICK["restitution"] - 1.0, law="stick"), "takes e where Newton's law gives 1 + e"),
    (dict(inertia=1.0 / 3.0), "moment of inertia about the end"),
])
def test_omega_mistakes_are_named(mistake, expect):
    wrong = bar_impact(**{**STICK, **mistake})["omega"]
    rejected(check_impact_omega, wrong, STICK, expect)


def test_omega_sign_units_and_jump():
    right = bar_impact(**STICK)["omega"]
    rejected(check_impact_omega, -right, STICK, "wrong sign")
    rejected(check_impact_omega, math.degrees(right), STICK, "looks like degrees")
    rejected(check_impact_omega, STICK["omega"], STICK, "is ω before the impact")
    moving = {**STICK, "omega": 1.5}
    jump = bar_impact(**moving)["omega"] - 1.5
    rejected(check_impact_omega, jump, moving, "is the jump Δω")
    rejected(check_impact_omega, "-5.02", STICK, "must be a number")


# ---------------------------------------------------------------- (b) P_n, frictionless


def test_normal_impulse_mistakes_are_named():
    data = {**FRICTIONLESS, "friction": 0.0}
    right = bar_impact(**data)
    rejected(check_normal_impulse, -(1 + 0.9) * right["v_n"], FRICTIONLESS, "treats the bar as a particle")
    K_nn = 1.0 + (0.5 * math.cos(data["angle"])) ** 2 * 12.0
    rejected(check_normal_impulse, -(1 + 0.9) * data["velocity"][1] / K_nn, FRICTIONLESS,
             "normal velocity of the centre")
    rejected(check_normal_impulse, bar_impact(**{**data, "restitution": 0.0})["P_n"], FRICTIONLESS, "plastic")
    rejected(check_normal_impulse, bar_impact(**data, inertia=1.0 / 3.0)["P_n"], FRICTIONLESS,
             "about the end")
    rejected(check_normal_impulse, bar_impact(**data, law="stick")["P_n"], FRICTIONLESS,
             "frictionless floor gives no tangential impulse")
    rejected(check_normal_impulse, -right["P_n"], FRICTIONLESS, "wrong sign")
    rejected(check_normal_impulse, 2 * right["P_n"], FRICTIONLESS, "twice")


def test_normal_impulse_with_friction_names_the_missing_friction():
    right = bar_impact(**SLIP)
    assert isinstance(check_normal_impulse(right["P_n"], **SLIP), Right)
    rejected(check_normal_impulse, bar_impact(**{**SLIP, "friction": 0.0})["P_n"], SLIP, "leaves friction out")


# -------------------------------------------------------------- (c) energy lost, slip


def test_energy_mistakes_are_named():
    right = bar_impact(**SLIP)
    v_n, e = right["v_n"], SLIP["restitution"]
    K_nn = 1.0 + (0.5 * math.cos(SLIP["angle"])) ** 2 * 12.0
    v_after = np.asarray(right["velocity"])
    for wrong, expect in [
        (right["energy_before"], "kinetic energy before"),
        (right["energy_after"], "kinetic energy after"),
        (-0.5 * right["P_n"] * v_n * (1 - e), "is the normal part"),
        (0.5 * v_n ** 2 * (1 - e * e), "a particle's loss"),
        (0.5 * v_n ** 2 * (1 - e * e) / K_nn, "frictionless loss"),
        (0.5 * (np.dot(SLIP["velocity"], SLIP["velocity"]) - v_after @ v_after), "translation only"),
        (bar_impact(**SLIP, law="stick")["energy_loss"], "assumes the end sticks"),
        (bar_impact(**{**SLIP, "restitution": 0.0})["energy_loss"], "plastic"),
        (-right["energy_loss"], "wrong sign"),
    ]:
        rejected(check_energy_lost, wrong, SLIP, expect)


def test_energy_lost_accounts_for_the_impulses():
    """T⁻ − T⁺ = −½ [P_n (v_n⁻ + v_n⁺) + P_t (v_t⁻ + v_t⁺)] at the contact."""
    for data in (STICK, SLIP):
        right = bar_impact(**data)
        arm = -0.5 * np.array([math.cos(data["angle"]), math.sin(data["angle"])])
        after = np.asarray(right["velocity"]) + right["omega"] * np.array([-arm[1], arm[0]])
        work = 0.5 * (right["P_n"] * (right["v_n"] + after[1]) + right["P_t"] * (right["v_t"] + after[0]))
        assert right["energy_loss"] == pytest.approx(-work, abs=1e-12)
