"""The design checkers (chapter 16, design sensitivity and optimal synthesis): right answers
pass, each named mistake is named, the exercise's data is validated, and the checkers'
closed forms agree with the library's own computation (mbtools.analysis.sensitivity and
mbtools.analysis.synthesis), which shares none of their code."""

import math

import numpy as np
import pytest

from mbtools.analysis.sensitivity import central_difference, four_bar_sensitivity, transmission_angle
from mbtools.analysis.synthesis import transmission_extremes
from mbtools.errors import InputError
from mbtools.exercises.design import (
    check_optimal_step, check_position_sensitivity, check_transmission_extremes, check_transmission_verdict,
    extreme_transmission_angles, meets_transmission_bound, optimal_central_step, position_sensitivity)
from mbtools.exercises.feedback import Pending, Right, WrongAnswer

LENGTHS, ANGLE = (2.0, 7.0, 9.0, 6.0), math.radians(60.0)
ROCKER = (3.0, 5.0, 5.0, 6.5)           # μ_min 41.0° meets 40°, μ_max 143.6° does not
NOISE, THIRD = 4e-16, 2.5
ACROSS = math.degrees(math.acos((5**2 + 5**2 - 3**2 - 6.5**2) / (2 * 5 * 5)))   # μ with the crank across, 91.4°


@pytest.mark.parametrize("assembly", ["open", "crossed"])
@pytest.mark.parametrize("angle", [0.3, 1.0, ANGLE, 2.5, math.pi, 4.0, 5.5])
def test_the_position_sensitivity_is_the_librarys(angle, assembly):
    library = four_bar_sensitivity((*LENGTHS, 3.0, 2.0), angle, assembly=assembly).q_p[:4][:, [0, 3]]
    np.testing.assert_allclose(position_sensitivity(LENGTHS, angle, assembly), library, rtol=0, atol=1e-12)
    if assembly == "open":
        assert isinstance(check_position_sensitivity(library, lengths=LENGTHS, crank_angle=angle), Right)


@pytest.mark.parametrize("lengths", [LENGTHS, ROCKER, (1.0, 2.5, 2.5, 2.0), (1.0, 3.0, 3.0, 3.0)])
def test_the_extreme_transmission_angles_are_the_librarys(lengths):
    right = extreme_transmission_angles(lengths)
    np.testing.assert_allclose(right, np.degrees(transmission_extremes((*lengths, 0.0, 0.0))), rtol=0, atol=1e-12)
    sampled = [math.degrees(transmission_angle((*lengths, 0.0, 0.0), s)) for s in np.linspace(0, 2 * math.pi, 721)]
    assert abs(min(sampled) - right[0]) < 1e-10 and abs(max(sampled) - right[1]) < 1e-10
    assert isinstance(check_transmission_extremes(right, lengths=lengths), Right)


def test_the_optimal_step_is_where_the_librarys_central_difference_is_best():
    """sin x at x = 0.5 with values off by ∓η on either side: the central difference's error
    is then exactly M h²/6 + η/h to leading order (M = cos 0.5), the model the checker solves."""
    x0, eta = 0.5, 1e-8
    noisy = lambda x: np.sin(x[0]) - eta * np.sign(x[0] - x0)      # noqa: E731
    steps = np.geomspace(3e-4, 3e-2, 801)
    errors = np.array([abs(central_difference(noisy, [x0], step=h)[0] - math.cos(x0)) for h in steps])
    h_star, e_star = optimal_central_step(eta, math.cos(x0))
    assert abs(steps[errors.argmin()] / h_star - 1) < 0.01
    assert abs(errors.min() / e_star - 1) < 1e-3
    assert isinstance(check_optimal_step((h_star, e_star), noise=eta, third_derivative=math.cos(x0)), Right)


def test_pending_answers_ask_for_one():
    assert isinstance(check_position_sensitivity(..., lengths=LENGTHS, crank_angle=ANGLE), Pending)
    assert isinstance(check_optimal_step(..., noise=NOISE, third_derivative=THIRD), Pending)
    assert isinstance(check_transmission_extremes(..., lengths=ROCKER), Pending)
    assert isinstance(check_transmission_verdict(..., lengths=ROCKER, bound_degrees=40), Pending)


def test_the_verdicts():
    assert meets_transmission_bound(ROCKER, 40.0) is False and meets_transmission_bound(ROCKER, 35.0) is True
    assert isinstance(check_transmission_verdict(False, lengths=ROCKER, bound_degrees=40), Right)
    assert isinstance(check_transmission_verdict(np.bool_(True), lengths=ROCKER, bound_degrees=35), Right)


def sensitivity_mistake(kind):
    right = position_sensitivity(LENGTHS, ANGLE)
    wrong = right.copy()
    if kind == "sign":
        wrong = -right
    elif kind == "crossed":
        wrong = position_sensitivity(LENGTHS, ANGLE, "crossed")
    elif kind == "O4 fixed":
        wrong[2:, 1] = 0.0
    elif kind == "d sign":
        wrong[2:, 1] *= -1
    elif kind == "A fixed":
        wrong[2:, 0] = 0.0
    elif kind == "degrees":
        wrong = position_sensitivity(LENGTHS, 60.0)
    elif kind == "transposed":
        wrong = right.T
    elif kind == "one entry":
        wrong[3, 0] *= 1.1
    return wrong


@pytest.mark.parametrize("kind, pattern", [
    ("sign", "wrong sign: differentiating"),
    ("crossed", "crossed assembly"),
    ("O4 fixed", "O4 = \\(d, 0\\) moves"),
    ("d sign", "∂B/∂d has the wrong sign"),
    ("A fixed", "∂B/∂a is zero"),
    ("degrees", "degrees"),
    ("transposed", "transpose"),
    ("one entry", "^∂y_B/∂a is off"),
])
def test_position_sensitivity_mistakes_are_named(kind, pattern):
    with pytest.raises(WrongAnswer, match=pattern):
        check_position_sensitivity(sensitivity_mistake(kind), lengths=LENGTHS, crank_angle=ANGLE)


@pytest.mark.parametrize("answer, pattern", [
    (lambda h, e: (2 * math.sqrt(NOISE / THIRD), e), "forward difference's step"),
    (lambda h, e: ((NOISE / THIRD) ** (1 / 3), e), "not M h²/2"),
    (lambda h, e: ((6 * NOISE / THIRD) ** (1 / 3), e), "round-off is ε/h, not 2ε/h"),
    (lambda h, e: ((3 * NOISE) ** (1 / 3), e), "third derivative M too"),
    (lambda h, e: (math.sqrt(NOISE), e), "rule of thumb"),
    (lambda h, e: (h * 1000, e), "1000 times too large"),
    (lambda h, e: (h, NOISE / h), "round-off ε/h\\* alone"),
    (lambda h, e: (h, NOISE / (2 * h)), "truncation M h\\*²/6 alone"),
    (lambda h, e: (h, 2 * math.sqrt(NOISE * THIRD)), "forward difference's smallest error"),
    (lambda h, e: (h, 1.3 * e), "E\\(h\\*\\) is too large"),
])
def test_optimal_step_mistakes_are_named(answer, pattern):
    with pytest.raises(WrongAnswer, match=pattern):
        check_optimal_step(answer(*optimal_central_step(NOISE, THIRD)), noise=NOISE, third_derivative=THIRD)


@pytest.mark.parametrize("answer, pattern", [
    (lambda r: np.radians(r), "radians"),
    (lambda r: r[::-1], "swapped: μ_min first"),
    (lambda r: 180 - r, "supplements 180° − μ:"),
    (lambda r: 180 - r[::-1], "supplements 180° − μ, swapped"),
    (lambda r: [ACROSS, ACROSS], "along the ground line, not across"),
    (lambda r: [70.0, 70.0], "both extremes are the same"),
    (lambda r: [r[0], 1.2 * r[1]], "μ_max is too large"),
])
def test_transmission_extreme_mistakes_are_named(answer, pattern):
    right = np.array(extreme_transmission_angles(ROCKER))
    with pytest.raises(WrongAnswer, match=pattern):
        check_transmission_extremes(answer(right), lengths=ROCKER)


def test_transmission_verdict_mistakes_are_named():
    with pytest.raises(WrongAnswer, match="look at the other end"):
        check_transmission_verdict(True, lengths=ROCKER, bound_degrees=40)
    with pytest.raises(WrongAnswer, match="compare μ_min with the bound:"):
        check_transmission_verdict(True, lengths=ROCKER, bound_degrees=45)
    with pytest.raises(WrongAnswer, match="meets the bound"):
        check_transmission_verdict(False, lengths=ROCKER, bound_degrees=35)
    with pytest.raises(WrongAnswer, match="True or False"):
        check_transmission_verdict("no", lengths=ROCKER, bound_degrees=40)


@pytest.mark.parametrize("call, pattern", [
    (lambda: check_position_sensitivity(..., lengths=(2, 7, -9, 6), crank_angle=1.0), "lengths"),
    (lambda: check_position_sensitivity(..., lengths=(1, 1, 1, 5), crank_angle=1.0), "close no loop"),
    (lambda: check_position_sensitivity(..., lengths=(2, 7, 9), crank_angle=1.0), "lengths must be 4"),
    (lambda: check_position_sensitivity(..., lengths=LENGTHS, crank_angle=60), "crank_angle = 60 rad looks like "
                                                                               "degrees"),
    (lambda: check_position_sensitivity(..., lengths=(4, 3, 2, 6), crank_angle=math.pi), "does not close at "
                                                                                         "crank_angle"),
    (lambda: check_position_sensitivity(..., lengths=(4, 3, 2, 6), crank_angle=math.acos(27 / 48)), "dead point"),
    (lambda: check_optimal_step(..., noise=-1e-16, third_derivative=1.0), "noise"),
    (lambda: check_optimal_step(..., noise=1e-16, third_derivative="2"), "third_derivative"),
    (lambda: check_optimal_step(..., noise=0.1, third_derivative=1.0), "not small"),
    (lambda: check_transmission_extremes(..., lengths=(4, 3, 2, 6)), "not a Grashof crank-rocker"),
    (lambda: check_transmission_extremes(..., lengths=(3, 2, 5, 6)), "not a Grashof crank-rocker"),
    (lambda: check_transmission_verdict(..., lengths=ROCKER, bound_degrees=math.radians(40)), "bound_degrees"),
])
def test_the_exercise_data_is_checked(call, pattern):
    with pytest.raises(InputError, match=pattern):
        call()
