"""The analysis of integrators against closed forms, and the checkers of its exercises.

Closed forms: R(z) = 1 + z and the truncated exponential for explicit Euler and RK4;
(1 + z/2)/(1 − z/2) for the trapezoidal rule; R(−∞) = 0 for Radau IIA (L-stability);
BDF2's roots; the trapezoidal rule's spectral radius 1 at every Δt ω and its period
error Ω²/12; generalized-α's ρ → ρ∞ as Δt ω → ∞ and its second order at low Δt ω."""

from __future__ import annotations

import math

import numpy as np
import pytest

from mbtools import InputError
from mbtools.analysis import integrators as ia
from mbtools.exercises import (Pending, Right, WrongAnswer, check_euler_step_limit, check_generalized_alpha_parameters,
                               check_spectral_radius)

Z = np.array([-2.5, -1.0 + 0.5j, 0.3 - 2.0j, 1j, 0.0, -0.1])


def test_explicit_stability_functions_are_the_truncated_exponential():
    assert np.allclose(ia.stability_function("explicit Euler", Z), 1 + Z)
    taylor = sum(Z ** k / math.factorial(k) for k in range(5))
    assert np.allclose(ia.stability_function("RK4", Z), taylor)


def test_dop853_is_of_order_eight():
    z = np.array([1e-2, 1e-2j, -2e-2 + 1e-2j])
    assert np.abs(ia.stability_function("DOP853", z) - np.exp(z)).max() < 1e-17 * 1e2 + abs(z).max() ** 9


def test_implicit_stability_functions():
    assert np.allclose(ia.stability_function("trapezoidal", Z), (1 + Z / 2) / (1 - Z / 2))
    radau = ia.stability_function("Radau IIA", Z)  # the (2, 3) Padé approximant of exp
    pade = (1 + 2 * Z / 5 + Z ** 2 / 20) / (1 - 3 * Z / 5 + 3 * Z ** 2 / 20 - Z ** 3 / 60)
    assert np.allclose(radau, pade)
    assert abs(ia.stability_function("Radau IIA", -1e8)) < 1e-7
    assert abs(abs(ia.stability_function("trapezoidal", -1e8)) - 1) < 1e-7


def test_bdf2_roots_solve_its_characteristic_equation():
    xi = ia.bdf2_roots(Z)
    residual = (1.5 - Z[:, None]) * xi ** 2 - 2 * xi + 0.5
    assert np.abs(residual).max() < 1e-12
    left = -np.logspace(-3, 4, 50) + 1j * np.linspace(-5, 5, 50)
    assert np.all(ia.amplification_modulus("BDF2", left) <= 1 + 1e-12)   # A-stable


def test_real_stability_limits():
    assert ia.real_stability_limit("explicit Euler") == pytest.approx(2.0, abs=1e-9)
    assert ia.real_stability_limit("RK4") == pytest.approx(2.785293563405, abs=1e-9)
    assert 6.0 < ia.real_stability_limit("DOP853") < 7.0
    for method in ("trapezoidal", "Radau IIA", "BDF2"):
        assert ia.real_stability_limit(method) == math.inf


@pytest.mark.parametrize("m, k, c", [(1.0, 100.0, 2.0), (2.0, 50.0, 0.5), (1.0, 8e5, 4e4), (1.0, 1.0, 3.0)])
def test_explicit_euler_step_limit_is_on_the_boundary(m, k, c):
    h = ia.explicit_euler_step_limit(m, k, c)
    values = ia.oscillator_eigenvalues(m, k, c)
    assert np.allclose(m * values ** 2 + c * values + k, 0, atol=1e-9 * k)
    assert np.abs(1 + h * values).max() == pytest.approx(1.0, abs=1e-9)
    assert np.abs(1 + 1.01 * h * values).max() > 1
    if c * c < 4 * m * k:
        assert h == pytest.approx(c / k)


def test_generalized_alpha_parameters_closed_forms():
    for rho in np.linspace(0, 1, 11):
        am, af, beta, gamma = ia.generalized_alpha_parameters(rho)
        assert gamma == pytest.approx(0.5 - am + af)
        assert beta == pytest.approx(0.25 * (0.5 + gamma) ** 2)
    assert ia.generalized_alpha_parameters(1.0) == (0.5, 0.5, 0.25, 0.5)
    with pytest.raises(ValueError):
        ia.generalized_alpha_parameters(1.5)
    with pytest.raises(ValueError):
        ia.hht_parameters(-0.5)


def test_trapezoidal_rule_keeps_every_amplitude_and_its_period_error_is_omega_squared_over_twelve():
    h_omega = np.logspace(-2, 4, 25)
    assert np.allclose(ia.spectral_radius("trapezoidal", h_omega), 1.0, atol=1e-10)
    assert np.allclose(ia.spectral_radius("generalized-alpha", h_omega, rho_inf=1.0), 1.0, atol=1e-6)
    for w in (0.02, 0.05, 0.1):
        assert ia.relative_period_error("trapezoidal", w) == pytest.approx(w ** 2 / 12, rel=w ** 2)
        exact = w / (2 * math.atan(w / 2)) - 1   # tan(Ω̄/2) = Ω/2
        assert ia.relative_period_error("trapezoidal", w) == pytest.approx(exact, rel=1e-9)


@pytest.mark.parametrize("rho", [0.0, 0.5, 0.8])
def test_generalized_alpha_tends_to_rho_inf_and_keeps_the_low_frequencies(rho):
    assert ia.spectral_radius("generalized-alpha", 1e5, rho_inf=rho) == pytest.approx(rho, abs=1e-2)
    assert ia.spectral_radius("generalized-alpha", 1e3, rho_inf=rho) > rho - 1e-9
    low = np.array([1e-2, 2e-2])   # second order: 1 − ρ = O(Ω⁴)·(damping) — at least O(Ω³)
    loss = 1 - ia.spectral_radius("generalized-alpha", low, rho_inf=rho)
    assert np.all(loss < 1e-5)
    assert abs(ia.relative_period_error("generalized-alpha", 0.01, rho_inf=rho)) < 1e-4


def test_hht_limit():
    for alpha in (-0.05, -0.3):
        assert ia.spectral_radius("HHT", 1e6, alpha=alpha) == pytest.approx((1 + alpha) / (1 - alpha), abs=1e-4)


def test_newmark_local_error_matches_one_step_of_the_oscillator():
    """(h²/12)(q̈ₙ₊₁ − q̈ₙ) against the true local error of one trapezoidal step."""
    omega, h, t = 2.0, 0.01, 0.7
    q, v = math.cos(omega * t), -omega * math.sin(omega * t)   # on the exact solution cos ωt
    x = np.array([q, h * v, -omega ** 2 * h ** 2 * q])        # (q, h v, h² a)
    step = ia.amplification_matrix("trapezoidal", h * omega) @ x
    true_error = step[0] - math.cos(omega * (t + h))
    estimate = ia.newmark_local_error(h, -omega ** 2 * q, step[2] / h ** 2)
    assert float(estimate) == pytest.approx(true_error, rel=0.05)


def test_step_size_factor():
    assert ia.step_size_factor(1.0, 4) == pytest.approx(0.9)
    assert ia.step_size_factor(1e-30, 7) == 10.0
    assert ia.step_size_factor(1e30, 7) == 0.2


# ---- the checkers


def test_check_spectral_radius():
    assert isinstance(check_spectral_radius(1.0, method="trapezoidal", h_omega=3.0), Right)
    assert isinstance(check_spectral_radius(..., method="trapezoidal", h_omega=3.0), Pending)
    right = ia.spectral_radius("generalized-alpha", 2.0, rho_inf=0.5)
    assert isinstance(check_spectral_radius(right, method="generalized-alpha", h_omega=2.0, rho_inf=0.5), Right)
    with pytest.raises(WrongAnswer, match="limit as Δt ω → ∞"):
        check_spectral_radius(0.5, method="generalized-alpha", h_omega=2.0, rho_inf=0.5)
    with pytest.raises(WrongAnswer, match="trapezoidal rule's"):
        check_spectral_radius(1.0, method="HHT", h_omega=5.0, alpha=-0.3)
    with pytest.raises(WrongAnswer, match="explicit Euler"):
        check_spectral_radius(math.sqrt(10.0), method="trapezoidal", h_omega=3.0)
    with pytest.raises(WrongAnswer, match="negative"):
        check_spectral_radius(-1.0, method="trapezoidal", h_omega=3.0)


@pytest.mark.parametrize("data, match", [
    (dict(method="trapezoidal", h_omega=-1.0), "positive"),
    (dict(method="trapezoidal", h_omega=float("nan")), "finite"),
    (dict(method="generalized-alpha", h_omega=1.0, rho_inf=1.5), "between 0 and 1"),
    (dict(method="generalized-alpha", h_omega=1.0), "needs rho_inf"),
    (dict(method="HHT", h_omega=1.0, alpha=0.2), r"\[-0.333333, 0\]"),
    (dict(method="trapezoidal", h_omega=1.0, rho_inf=0.5), "no parameter"),
    (dict(method="RK4", h_omega=1.0), "must be one of"),
])
def test_check_spectral_radius_refuses_bad_data(data, match):
    with pytest.raises(InputError, match=match):
        check_spectral_radius(1.0, **data)


def test_check_euler_step_limit():
    data = dict(mass=2.0, stiffness=200.0, damping=4.0)   # underdamped: c/k = 0.02
    assert isinstance(check_euler_step_limit(0.02, **data), Right)
    with pytest.raises(WrongAnswer, match="2/ω"):
        check_euler_step_limit(0.2, **data)
    with pytest.raises(WrongAnswer, match="damper alone"):
        check_euler_step_limit(1.0, **data)
    with pytest.raises(WrongAnswer, match="inverse"):
        check_euler_step_limit(50.0, **data)
    with pytest.raises(WrongAnswer, match="too large"):
        check_euler_step_limit(0.03, **data)
    with pytest.raises(InputError, match="no stable step"):
        check_euler_step_limit(0.1, mass=1.0, stiffness=1.0, damping=0.0)
    with pytest.raises(InputError, match="mass must be a positive"):
        check_euler_step_limit(0.1, mass=-1.0, stiffness=1.0, damping=1.0)
    with pytest.raises(InputError, match="without quotes"):
        check_euler_step_limit(0.1, mass=1.0, stiffness="100", damping=1.0)


def test_check_generalized_alpha_parameters():
    right = ia.generalized_alpha_parameters(0.8)
    assert isinstance(check_generalized_alpha_parameters(right, rho_inf=0.8), Right)
    am, af, beta, gamma = right
    with pytest.raises(WrongAnswer, match="swapped"):
        check_generalized_alpha_parameters((af, am, beta, gamma), rho_inf=0.8)
    with pytest.raises(WrongAnswer, match="Newmark's"):
        check_generalized_alpha_parameters((am, af, beta, 0.5), rho_inf=0.8)
    with pytest.raises(WrongAnswer, match="trapezoidal rule's"):
        check_generalized_alpha_parameters((am, af, 0.25, gamma), rho_inf=0.8)
    with pytest.raises(WrongAnswer, match="HHT"):
        check_generalized_alpha_parameters((0.0, af, beta, gamma), rho_inf=0.8)
    with pytest.raises(WrongAnswer, match="shape"):
        check_generalized_alpha_parameters((am, af, beta), rho_inf=0.8)
    with pytest.raises(InputError, match="rho_inf"):
        check_generalized_alpha_parameters(right, rho_inf=-0.1)
