"""Checking answers about integrators: the spectral radius of a second-order method at a
given Δt ω, the largest stable step of explicit Euler on a spring-damper, and the
parameters of the generalized-α method for a given ρ∞.

The right values come from :mod:`mbtools.analysis.integrators` (book, the chapter on
integrating the equations of motion); the checkers name the usual mistakes: the limit
ρ∞ given for a finite Δt ω, the undamped formula 2/ω used for a damped oscillator, αm and
αf swapped, Newmark's γ = ½ kept where generalized-α needs ½ − αm + αf.

Example
-------
>>> check_generalized_alpha_parameters((0.0, 1 / 3, 4 / 9, 5 / 6), rho_inf=0.5)
✓ (αm, αf, β, γ): right.
>>> check_generalized_alpha_parameters((1 / 3, 0.0, 4 / 9, 5 / 6), rho_inf=0.5)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
mbtools.exercises.feedback.WrongAnswer: (αm, αf, β, γ): αm and αf are swapped...
"""

from __future__ import annotations

import math

import numpy as np

from ..analysis.integrators import (explicit_euler_step_limit, generalized_alpha_parameters, oscillator_eigenvalues,
                                    spectral_radius)
from ..errors import InputError
from . import data
from .feedback import DIAGNOSE_RTOL, Pending, Right, WrongAnswer, as_array, as_number, close, diagnose_number

#: The second-order methods :func:`check_spectral_radius` knows, and their data.
SPECTRAL_METHODS = ("trapezoidal", "HHT", "generalized-alpha")
PARAMETER_NAMES = ("αm", "αf", "β", "γ")


def check_spectral_radius(answer, *, method: str, h_omega: float, rho_inf: float | None = None,
                          alpha: float | None = None) -> Right | Pending:
    """Check ρ, the spectral radius of the amplification matrix of ``method``
    ("trapezoidal", "HHT" with ``alpha`` in [−⅓, 0], "generalized-alpha" with ``rho_inf``
    in [0, 1]) on the undamped oscillator at Δt ω = ``h_omega`` (> 0).

    >>> check_spectral_radius(1.0, method="trapezoidal", h_omega=2.0)
    ✓ ρ: right.
    """
    checker = "check_spectral_radius"
    method = data.choice(checker, "method", method, SPECTRAL_METHODS)
    h_omega = data.positive(checker, "h_omega", h_omega)
    parameters = {}
    if method == "generalized-alpha":
        if rho_inf is None:
            raise InputError(f"{checker}: the generalized-α method needs rho_inf, in [0, 1] (the exercise's data).")
        parameters["rho_inf"] = data.between(checker, "rho_inf", rho_inf, 0.0, 1.0,
                                             "the spectral radius at infinite frequency is between 0 and 1")
    elif method == "HHT":
        if alpha is None:
            raise InputError(f"{checker}: the HHT method needs alpha, in [-1/3, 0] (the exercise's data).")
        parameters["alpha"] = data.between(checker, "alpha", alpha, -1.0 / 3.0, 0.0,
                                           "HHT is second order and unconditionally stable for α in [−1/3, 0]")
    elif rho_inf is not None or alpha is not None:
        raise InputError(f"{checker}: the trapezoidal rule has no parameter; leave rho_inf and alpha out (the "
                         "exercise's data).")
    if answer is ...:
        return Pending("ρ")
    value = as_number(answer, "ρ")
    right = spectral_radius(method, h_omega, **parameters)
    if close(value, right, rtol=1e-4):
        return Right("ρ")
    if value < 0:
        raise WrongAnswer("ρ is a modulus, the largest |eigenvalue| of the amplification matrix: it cannot be "
                          "negative.")
    limit = parameters.get("rho_inf", (1 + alpha) / (1 - alpha) if method == "HHT" else 1.0)
    if method != "trapezoidal" and close(value, limit, rtol=DIAGNOSE_RTOL / 10):
        raise WrongAnswer(f"ρ is the limit as Δt ω → ∞; at Δt ω = {h_omega:g} the method damps less than that: "
                          "compute the eigenvalues of A(Δt ω).")
    if method != "trapezoidal" and close(value, 1.0, rtol=1e-6):
        raise WrongAnswer("ρ = 1 is the trapezoidal rule's: this method damps the high frequencies, ρ < 1 once Δt ω "
                          "is not small.")
    if close(value, math.sqrt(1.0 + h_omega ** 2), rtol=DIAGNOSE_RTOL / 10):
        raise WrongAnswer("ρ = √(1 + (Δt ω)²) is explicit Euler's |1 + iΔt ω|; the question is about an implicit "
                          "method of the Newmark family.")
    raise WrongAnswer(diagnose_number(value, right, "ρ"))


def check_euler_step_limit(answer, *, mass: float, stiffness: float, damping: float) -> Right | Pending:
    """Check the largest step (s) with which explicit Euler is stable on
    m ẍ + c ẋ + k x = 0 (``mass`` kg, ``stiffness`` N/m, ``damping`` N·s/m, all > 0).

    >>> check_euler_step_limit(0.02, mass=1.0, stiffness=100.0, damping=2.0)
    ✓ h_max: right.
    """
    checker = "check_euler_step_limit"
    mass = data.positive(checker, "mass", mass)
    stiffness = data.positive(checker, "stiffness", stiffness)
    if data.number(checker, "damping", damping) == 0:
        raise InputError(f"{checker}: damping = 0 leaves no stable step: explicit Euler amplifies an undamped "
                         "oscillation at every step, |1 + iΔt ω| > 1; give a positive damping (the exercise's data).")
    damping = data.positive(checker, "damping", damping)
    if answer is ...:
        return Pending("h_max")
    value = as_number(answer, "h_max")
    right = explicit_euler_step_limit(mass, stiffness, damping)
    if close(value, right, scale=0.0, rtol=1e-4):
        return Right("h_max")
    omega = math.sqrt(stiffness / mass)
    fast = abs(oscillator_eigenvalues(mass, stiffness, damping)[0])
    for other, message in (
        (2.0 / omega, "h_max = 2/ω holds for a real eigenvalue −ω; the eigenvalues of a spring-damper are "
                      "−c/2m ± i√(k/m − (c/2m)²): put each hλ inside the disc |1 + hλ| ≤ 1."),
        (2.0 * mass / damping, "h_max = 2m/c treats the damper alone; the spring moves the eigenvalues off the real "
                               "axis (or apart along it): use both of them."),
        (2.0 / fast, "h_max = 2/|λ| is the limit on the real axis; these eigenvalues are complex: "
                     "|1 + hλ| ≤ 1 gives h ≤ −2 Re λ / |λ|²."),
        (1.0 / right, "h_max is the inverse of the answer: a rate (1/s), not a step (s)?"),
        (2.785293563405945 * right / 2.0, "h_max looks scaled by RK4's real-axis limit 2.785; the question is "
                                          "about explicit Euler, whose disc meets the real axis at −2."),
    ):
        if abs(other - right) > 1e-6 * right and close(value, other, scale=0.0, rtol=DIAGNOSE_RTOL):
            raise WrongAnswer(message)
    raise WrongAnswer(diagnose_number(value, right, "h_max", scale=right, rtol=1e-4))


def check_generalized_alpha_parameters(answer, *, rho_inf: float) -> Right | Pending:
    """Check (αm, αf, β, γ) of the generalized-α method of Chung & Hulbert for the
    spectral radius at infinity ``rho_inf`` in [0, 1]."""
    checker = "check_generalized_alpha_parameters"
    rho_inf = data.between(checker, "rho_inf", rho_inf, 0.0, 1.0,
                           "the spectral radius at infinite frequency is between 0 and 1")
    what = "(αm, αf, β, γ)"
    if answer is ...:
        return Pending(what)
    value = as_array(answer, (4,), what)
    right = np.array(generalized_alpha_parameters(rho_inf))
    if np.allclose(value, right, rtol=1e-6, atol=1e-9):
        return Right(what)
    am, af, beta, gamma = right
    if not np.isclose(am, af) and np.allclose(value, [af, am, beta, gamma], rtol=1e-4, atol=1e-6):
        raise WrongAnswer(f"{what}: αm and αf are swapped; αm weights the accelerations, (2ρ∞ − 1)/(ρ∞ + 1), αf the "
                          "forces, ρ∞/(ρ∞ + 1).")
    if np.allclose(value[:2], right[:2], rtol=1e-4, atol=1e-6):
        if np.isclose(value[3], 0.5) and not np.isclose(gamma, 0.5):
            raise WrongAnswer(f"{what}: γ = ½ is Newmark's; generalized-α is second order only with "
                              "γ = ½ − αm + αf.")
        if np.isclose(value[2], 0.25) and not np.isclose(beta, 0.25):
            raise WrongAnswer(f"{what}: β = ¼ is the trapezoidal rule's; generalized-α takes β = ¼(1 − αm + αf)² "
                              "for the most damping at high frequency.")
    if np.allclose(value[0], 0.0) and not np.isclose(am, 0.0):
        raise WrongAnswer(f"{what}: αm = 0 is HHT's choice; generalized-α weights the accelerations too, "
                          "αm = (2ρ∞ − 1)/(ρ∞ + 1).")
    wrong = [name for name, a, b in zip(PARAMETER_NAMES, value, right) if not np.isclose(a, b, rtol=1e-6, atol=1e-9)]
    details = "; ".join(diagnose_number(a, b, name) or f"{name} is off"
                        for name, a, b in zip(PARAMETER_NAMES, value, right) if name in wrong)
    raise WrongAnswer(f"{what}: {details}")
