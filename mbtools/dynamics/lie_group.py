"""A Lie-group integrator for a rigid body turning about a fixed point: Runge–Kutta–Munthe-
Kaas of order 4 (RKMK4) on the rotations, with the rotation vector of
``mbtools.kinematics.exponential`` as the local coordinate of each step.

The body's attitude R and its angular velocity Ω in its own frame obey

    Rᵀ Ṙ = Ω̃,        J_O Ω̇ = −Ω × J_O Ω + M_O(R, Ω),                         (L.1)

J_O the inertia about the fixed point O and M_O the moment of the loads about O in the
body's frame (for gravity, c × Rᵀ m g with c = OG). Over one step the attitude is written
R = R₀ exp(θ̃): θ starts at 0 and, from (X.3) in the body's frame, θ̇ = T(θ)⁻ᵀ Ω, an
equation in a vector space, to which the classical fourth-order Runge–Kutta method is
applied; the step ends with R₁ = R₀ exp(θ̃₁) (Munthe-Kaas 1998). R stays a rotation to
round-off whatever the step — with Euler parameters and a classical method it is one only
to the tolerance, or by a projection — and the method is of order 4.

Example
-------
>>> import numpy as np
>>> spin = lambda R, Omega: np.zeros(3)                    # no moment, J isotropic: Ω constant
>>> R, Omega = rotation_rkmk4(np.eye(3), np.array([0.0, 0.0, 2.0]), spin, 0.1, 5)
>>> np.round(R[-1], 6) + 0.0                                 # a turn of 1 rad about z
array([[ 0.540302, -0.841471,  0.      ],
       [ 0.841471,  0.540302,  0.      ],
       [ 0.      ,  0.      ,  1.      ]])
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from ..errors import InputError
from ..kinematics.exponential import rotation_exp, rotation_log, skew, tangent_operator_inverse

#: The classical Runge–Kutta tableau: the stages' nodes' weights a_{i,i−1} and the weights b.
STAGE_WEIGHTS, FINAL_WEIGHTS = (0.5, 0.5, 1.0), (1.0 / 6.0, 1.0 / 3.0, 1.0 / 3.0, 1.0 / 6.0)


def heavy_top_acceleration(inertia_about_point, mass: float, centre, gravity) -> Callable:
    """Ω̇(R, Ω) of (L.1) for a body on a fixed point under gravity: J_O the inertia about
    the point (body frame, kg·m²), c = OG in the body's frame (m), g in the fixed frame."""
    J = np.asarray(inertia_about_point, dtype=float)
    c, g = np.asarray(centre, dtype=float), np.asarray(gravity, dtype=float)
    if J.shape != (3, 3) or c.shape != (3,) or g.shape != (3,):
        raise InputError("heavy_top_acceleration takes a 3 × 3 inertia, a centre of 3 numbers and a gravity of 3.")
    J_inverse = np.linalg.inv(J)

    def acceleration(R: np.ndarray, Omega: np.ndarray) -> np.ndarray:
        return J_inverse @ (-np.cross(Omega, J @ Omega) + np.cross(c, R.T @ (mass * g)))

    return acceleration


def rkmk4_step(R: np.ndarray, Omega: np.ndarray, h: float, acceleration: Callable) -> tuple[np.ndarray, np.ndarray]:
    """One RKMK4 step of (L.1) from (R, Ω) over h: the classical Runge–Kutta method on
    θ̇ = T(θ)⁻ᵀ Ω, Ω̇ = acceleration(R₀ exp(θ̃), Ω), θ(0) = 0."""
    thetas, omegas, theta_rates, omega_rates = [np.zeros(3)], [Omega], [], []
    for stage in range(4):
        theta, omega = thetas[stage], omegas[stage]
        attitude = R @ rotation_exp(theta)
        theta_rates.append(tangent_operator_inverse(theta, "body") @ omega)
        omega_rates.append(acceleration(attitude, omega))
        if stage < 3:
            weight = STAGE_WEIGHTS[stage] * h
            thetas.append(weight * theta_rates[stage])
            omegas.append(Omega + weight * omega_rates[stage])
    theta = h * sum(b * k for b, k in zip(FINAL_WEIGHTS, theta_rates))
    return R @ rotation_exp(theta), Omega + h * sum(b * k for b, k in zip(FINAL_WEIGHTS, omega_rates))


def rotation_rkmk4(R0, Omega0, acceleration: Callable, h: float, steps: int) -> tuple[np.ndarray, np.ndarray]:
    """``steps`` RKMK4 steps of h from (R₀, Ω₀): the attitudes (steps + 1, 3, 3) and the
    angular velocities in the body's frame (steps + 1, 3)."""
    if not (h > 0.0 and np.isfinite(h)) or int(steps) != steps or steps < 1:
        raise InputError(f"rotation_rkmk4 takes a step h > 0 (s) and a whole number of steps ≥ 1, got h = {h!r}, "
                         f"steps = {steps!r}.")
    R, Omega = np.array(R0, dtype=float), np.array(Omega0, dtype=float)
    attitudes, velocities = [R], [Omega]
    for _ in range(int(steps)):
        R, Omega = rkmk4_step(R, Omega, h, acceleration)
        attitudes.append(R)
        velocities.append(Omega)
    return np.array(attitudes), np.array(velocities)


def euler_parameters_matrix_numeric(e: np.ndarray) -> np.ndarray:
    """R(e) = (e₀² − ēᵀē) I + 2 ē ēᵀ + 2 e₀ ẽ (book, equation eq-euler-parameters): a rotation
    for a unit e, ‖e‖² times one otherwise."""
    e0, v = float(e[0]), np.asarray(e[1:], dtype=float)
    return (e0 * e0 - v @ v) * np.eye(3) + 2.0 * np.outer(v, v) + 2.0 * e0 * skew(v)


def euler_parameters_rk4(R0, Omega0, acceleration: Callable, h: float, steps: int) -> tuple[np.ndarray, np.ndarray,
                                                                                              np.ndarray]:
    """The comparison for :func:`rotation_rkmk4`: the classical fourth-order Runge–Kutta
    method on the Euler parameters, ė = ½ L(e)ᵀ Ω with L = [−ē, e₀ I − ẽ] (Ω in the body's
    frame), and Ω̇ as in (L.1), with no normalisation: ‖e‖ drifts from 1 at the method's
    order and R(e) stops being a rotation by as much. Returns the attitudes R(e), the
    angular velocities and the parameters."""
    if not (h > 0.0 and np.isfinite(h)) or int(steps) != steps or steps < 1:
        raise InputError(f"euler_parameters_rk4 takes a step h > 0 (s) and a whole number of steps ≥ 1, got "
                         f"h = {h!r}, steps = {steps!r}.")
    log = rotation_log(np.asarray(R0, dtype=float))
    phi = float(np.linalg.norm(log))
    e = np.concatenate([[np.cos(phi / 2)], np.sinc(phi / (2 * np.pi)) * log / 2])

    def rates(e: np.ndarray, Omega: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        L = np.column_stack([-e[1:], e[0] * np.eye(3) - skew(e[1:])])
        return 0.5 * L.T @ Omega, acceleration(euler_parameters_matrix_numeric(e), Omega)

    Omega = np.array(Omega0, dtype=float)
    parameters, velocities = [e], [Omega]
    for _ in range(int(steps)):
        k, y = [], (e, Omega)
        for stage in range(4):
            k.append(rates(*y))
            if stage < 3:
                y = (e + STAGE_WEIGHTS[stage] * h * k[stage][0], Omega + STAGE_WEIGHTS[stage] * h * k[stage][1])
        e = e + h * sum(b * ki[0] for b, ki in zip(FINAL_WEIGHTS, k))
        Omega = Omega + h * sum(b * ki[1] for b, ki in zip(FINAL_WEIGHTS, k))
        parameters.append(e)
        velocities.append(Omega)
    parameters = np.array(parameters)
    return np.array([euler_parameters_matrix_numeric(p) for p in parameters]), np.array(velocities), parameters
