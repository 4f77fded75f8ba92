"""Design sensitivity of the four-bar by direct differentiation (mbtools.analysis.sensitivity)
against the complex step, central differences and closed forms.

Tolerances, relative to the largest entry of the derivative compared:

* complex step, 1e-10. The complex step takes no difference, so it is exact to round-off,
  as direct differentiation is; both solve with the same Φ_q, whose condition number is
  below 1e3 here, so they differ by a few ε·cond (measured ≤ 4e-15; 9e-14 at 4.7° from
  a dead point, where cond is larger).
* central differences, 1e-6. Truncation ≈ h² g‴/6 and round-off ≈ ε/h with the relative
  step h = 1e-5 give about 1e-10 (measured ≤ 2e-9); near a dead point g‴ grows (1e-5 there
  with h = 1e-5), and the step is made smaller (1e-7: truncation 1e-4 times smaller,
  round-off ≈ 1e-9; measured 1e-9).
* closed forms, 1e-12 absolute (link lengths 2–9): both sides are exact to round-off.
"""

import math

import numpy as np
import pytest

from mbtools.analysis import closed_forms
from mbtools.analysis.sensitivity import (
    DEAD_POINT_ANGLE, central_difference, complex_step, crank_torque, crank_torque_sensitivity,
    four_bar_position, four_bar_sensitivity, total_derivative, transmission_angle)
from mbtools.errors import AssemblyError, InputError, MechanismError, SingularJacobianError

CRANK_ROCKER = np.array([2.0, 7.0, 9.0, 6.0, 3.0, 2.0])       # a, b, c, d, u, v
ANGLES = [0.0, 1.0, 2.5, math.pi, 4.0, 5.5]
SPEED, DENSITY, GRAVITY = 2.0, 0.5, 9.81
# A non-Grashof linkage whose crank stops where coupler and rocker fold out straight:
# ‖A − O4‖ = b + c at cos s* = (a² + d² − (b + c)²)/(2ad) = 27/48.
LIMITED = np.array([4.0, 3.0, 2.0, 6.0, 1.5, 0.8])
DEAD_ANGLE = math.acos(27 / 48)


def relative_error(value, reference) -> float:
    return float(np.max(np.abs(np.asarray(value) - reference)) / np.max(np.abs(reference)))


def coupler_point(parameters, angle, assembly="open"):
    return four_bar_position(parameters, angle, assembly=assembly)[4:6]


def torque(parameters, angle, assembly="open"):
    return crank_torque(parameters, angle, SPEED, DENSITY, GRAVITY, assembly)


@pytest.mark.parametrize("assembly", ["open", "crossed"])
@pytest.mark.parametrize("angle", ANGLES)
def test_coupler_point_derivative_against_complex_step_and_central_differences(angle, assembly):
    sens = four_bar_sensitivity(CRANK_ROCKER, angle, assembly=assembly)
    direct = sens.point_derivative("P")
    assert relative_error(direct, complex_step(lambda p: coupler_point(p, angle, assembly), CRANK_ROCKER)) < 1e-10
    assert relative_error(direct, central_difference(lambda p: coupler_point(p, angle, assembly), CRANK_ROCKER)) < 1e-6


@pytest.mark.parametrize("assembly", ["open", "crossed"])
@pytest.mark.parametrize("angle", ANGLES)
def test_torque_derivative_against_complex_step_and_central_differences(angle, assembly):
    direct = crank_torque_sensitivity(CRANK_ROCKER, angle, SPEED, DENSITY, GRAVITY, assembly).parameter_gradient
    assert relative_error(direct, complex_step(lambda p: torque(p, angle, assembly), CRANK_ROCKER)) < 1e-10
    assert relative_error(direct, central_difference(lambda p: torque(p, angle, assembly), CRANK_ROCKER)) < 1e-6


def test_derivatives_near_a_small_transmission_angle():
    """1e-3 rad of crank before the dead point the transmission angle is 4.7° from π; the
    derivatives are larger (‖dP/dp‖ ≈ 7) but still agree."""
    angle = DEAD_ANGLE - 1e-3
    assert 0.05 < math.pi - transmission_angle(LIMITED, angle) < 0.1
    direct = four_bar_sensitivity(LIMITED, angle).point_derivative("P")
    assert relative_error(direct, complex_step(lambda p: coupler_point(p, angle), LIMITED)) < 1e-10
    assert relative_error(direct, central_difference(lambda p: coupler_point(p, angle), LIMITED, step=1e-7)) < 1e-6
    tau = crank_torque_sensitivity(LIMITED, angle, SPEED, DENSITY, GRAVITY).parameter_gradient
    assert relative_error(tau, complex_step(lambda p: torque(p, angle), LIMITED)) < 1e-10


@pytest.mark.parametrize("angle", [DEAD_ANGLE, -DEAD_ANGLE])
def test_a_dead_point_is_refused_with_its_crank_angle(angle):
    q = four_bar_position(LIMITED, angle)             # the folded position itself exists
    B_A, B_O4 = q[2:4] - q[0:2], q[2:4] - np.array([LIMITED[3], 0.0])
    assert abs(B_A[0] * B_O4[1] - B_A[1] * B_O4[0]) / (LIMITED[1] * LIMITED[2]) < DEAD_POINT_ANGLE
    for derivative in (lambda: four_bar_sensitivity(LIMITED, angle),
                       lambda: crank_torque_sensitivity(LIMITED, angle, SPEED)):
        with pytest.raises(SingularJacobianError, match=f"crank angle s = {angle:.9g} rad") as caught:
            derivative()
        assert "dead point" in str(caught.value) and caught.value.dependent


@pytest.mark.parametrize("angle", ANGLES)
def test_closed_forms_of_the_crank_point_and_of_the_coupler_point(angle):
    a, b = CRANK_ROCKER[:2]
    sens = four_bar_sensitivity(CRANK_ROCKER, angle)
    expected = np.zeros((2, 6))
    expected[:, 0] = math.cos(angle), math.sin(angle)           # A = a (cos s, sin s)
    np.testing.assert_allclose(sens.point_derivative("A"), expected, rtol=0, atol=1e-12)
    e = (sens.point("B") - sens.point("A")) / b                  # P is linear in u and v
    np.testing.assert_allclose(sens.point_derivative("P")[:, 4], e, rtol=0, atol=1e-12)
    np.testing.assert_allclose(sens.point_derivative("P")[:, 5], [-e[1], e[0]], rtol=0, atol=1e-12)
    at_A = four_bar_sensitivity(np.r_[CRANK_ROCKER[:4], 0.0, 0.0], angle)   # u = v = 0: P = A
    np.testing.assert_allclose(at_A.point("P"), at_A.point("A"), rtol=0, atol=1e-12)
    np.testing.assert_allclose(at_A.point_derivative("P")[:, :4], at_A.point_derivative("A")[:, :4], rtol=0, atol=1e-12)
    at_B = four_bar_sensitivity(np.r_[CRANK_ROCKER[:4], b, 0.0], angle)     # u = b, v = 0: P = B,
    dB = at_B.point_derivative("B")                                        # dP/db = dB/db − e
    np.testing.assert_allclose(at_B.point("P"), at_B.point("B"), rtol=0, atol=1e-12)
    np.testing.assert_allclose(at_B.point_derivative("P")[:, :4], dB[:, :4] - np.outer(e, [0, 1, 0, 0]),
                               rtol=0, atol=1e-12)


@pytest.mark.parametrize("assembly", ["open", "crossed"])
@pytest.mark.parametrize("angle", ANGLES)
def test_rocker_tip_against_freudenstein(angle, assembly):
    """B, its rates (S.4) and dB/dd against the closed form of Freudenstein's equation.
    Differentiating ‖B − A‖² = b² and ‖B − O4‖² = c² in d: dB/dd ⊥ (B − A) and
    (B − O4)·dB/dd = x_B − d, so dB/dd = (x_B − d) n / ((B − O4)·n), n = (B − A)⊥."""
    a, b, c, d = CRANK_ROCKER[:4]
    ref = closed_forms.four_bar(angle, a, b, c, d, assembly, omega2=1.0, alpha2=0.0)
    sens = four_bar_sensitivity(CRANK_ROCKER, angle, assembly=assembly)
    np.testing.assert_allclose(sens.point("B"), ref["B"], rtol=0, atol=1e-12)
    np.testing.assert_allclose(sens.q_s[2:4], ref["vB"], rtol=0, atol=1e-10)      # ω = 1: q̇ = q_s
    np.testing.assert_allclose(sens.q_ss[2:4], ref["aB"], rtol=0, atol=1e-10)     # α = 0: q̈ = q_ss
    B, A = ref["B"], ref["A"]
    n = np.array([-(B - A)[1], (B - A)[0]])
    by_hand = (B[0] - d) * n / ((B - np.array([d, 0.0])) @ n)
    assert relative_error(sens.point_derivative("B")[:, 3], by_hand) < 1e-10
    freudenstein = central_difference(lambda x: closed_forms.four_bar(angle, a, b, c, x[0], assembly)["B"], [d])
    assert relative_error(sens.point_derivative("B")[:, 3], freudenstein[:, 0]) < 1e-6


def test_total_derivative_of_an_output():
    """g = ‖P − O4‖²: g_q = 2 (P − O4) on x_P, y_P and g_p = −2 (x_P − d) on d (S.3)."""
    angle = 1.0
    sens = four_bar_sensitivity(CRANK_ROCKER, angle)
    d = CRANK_ROCKER[3]

    def g(p):
        P = coupler_point(p, angle)
        return (P[0] - p[3]) ** 2 + P[1] ** 2

    P = sens.point("P")
    g_q, g_p = np.zeros(6), np.zeros(6)
    g_q[4:6] = 2 * (P - [d, 0.0])
    g_p[3] = -2 * (P[0] - d)
    assert relative_error(total_derivative(g_q, g_p, sens.q_p), complex_step(g, CRANK_ROCKER)) < 1e-10


@pytest.mark.parametrize("angle", ANGLES)
def test_torque_against_the_power_balance_closed_form(angle):
    a, b, c, d = CRANK_ROCKER[:4]
    masses = (DENSITY * a, DENSITY * b, DENSITY * c)
    reference = closed_forms.four_bar_crank_torque(angle, a, b, c, d, masses, SPEED, 0.0, GRAVITY)
    assert abs(torque(CRANK_ROCKER, angle) - reference) < 1e-10 * max(1.0, abs(reference))


@pytest.mark.parametrize("angle", ANGLES)
def test_torque_closed_forms_zero_at_rest_and_linear_in_density(angle):
    """Without gravity and at ω = 0 nothing needs driving; τ is linear in ρ, so
    dτ/dρ = τ/ρ; the coupler point carries no mass, so dτ/du = dτ/dv = 0."""
    at_rest = crank_torque_sensitivity(CRANK_ROCKER, angle, 0.0, DENSITY, 0.0)
    assert at_rest.torque == 0.0 and np.all(at_rest.parameter_gradient == 0.0)   # exact: every term has ω² or g
    moving = crank_torque_sensitivity(CRANK_ROCKER, angle, SPEED, DENSITY, GRAVITY)
    assert abs(moving.density_derivative - moving.torque / DENSITY) <= 1e-12 * abs(moving.torque)
    assert np.all(np.abs(moving.parameter_gradient[4:]) < 1e-10 * np.abs(moving.parameter_gradient).max())


def test_newton_from_a_rough_guess_keeps_its_assembly_mode():
    for assembly, guess in (("open", (2, 1, 2, 8, 1, 1)), ("crossed", (2, 1, 8, -2, 5, 0))):
        q = four_bar_position(CRANK_ROCKER, 0.5, guess=guess)
        np.testing.assert_allclose(q, four_bar_position(CRANK_ROCKER, 0.5, assembly=assembly), rtol=0, atol=1e-12)


@pytest.mark.parametrize("parameters, error, words", [
    ((2, 7, 9, 6, 3), InputError, "six numbers"),
    ((2, 7, math.nan, 6, 3, 2), InputError, "parameter c"),
    ((2, 7, 9, math.inf, 3, 2), InputError, "parameter d"),
    ((2, 0.0, 9, 6, 3, 2), MechanismError, "coupler length b must be positive"),
    ((-2, 7, 9, 6, 3, 2), MechanismError, "crank length a must be positive"),
    ((1, 1, 1, 10, 0, 0), MechanismError, "close no loop"),
    ("two seven", InputError, "six numbers"),
])
def test_bad_parameters_are_named(parameters, error, words):
    with pytest.raises(error, match=words):
        four_bar_sensitivity(parameters, 1.0)


def test_bad_crank_angles_guesses_and_names_are_named():
    with pytest.raises(InputError, match=r"cannot close at crank angle s = 3.14159 rad.*abs\(s\) ≤ 0.97339"):
        four_bar_position(LIMITED, math.pi)
    with pytest.raises(InputError, match="crank angle s must be finite"):
        four_bar_position(CRANK_ROCKER, math.nan)
    with pytest.raises(AssemblyError, match="crank angle s = 0 rad") as caught:   # B guessed on the line A–O4
        four_bar_position(CRANK_ROCKER, 0.0, guess=(2, 0, 3, 0, 2, 0))
    assert caught.value.violated
    with pytest.raises(InputError, match="six finite coordinates"):
        four_bar_position(CRANK_ROCKER, 0.0, guess=(2, 0, 3))
    with pytest.raises(MechanismError, match="assembly"):
        four_bar_position(CRANK_ROCKER, 0.0, assembly="upside-down")
    with pytest.raises(InputError, match="points are"):
        four_bar_sensitivity(CRANK_ROCKER, 0.0).point("C")
