"""Independent checks of the contact and friction laws (``mbtools.dynamics.contact_laws``,
``mbtools.dynamics.friction_laws``): small ODEs integrated directly with
``scipy.integrate.solve_ivp`` (Radau, rtol 1e-10, the laws' exact derivatives as the
Jacobian, events for the contact's end), and the closed forms they are held against.

**A point mass striking a wall.** m δ̈ = −F(δ, δ̇, δ̇⁻) from δ = 0, δ̇ = δ̇⁻ until δ = 0
again; the restitution is the exit speed over the approach speed. For Hertz's law
F = K δⁿ (p = n + 1), by the energy integral,

    δ_max = (p m v²/(2K))^{1/p},    t = 2 (δ_max/v) B(1/p, ½)/p,              (R.1)

t = 2.943275 δ_max/v = 3.218065 (m²/(K² v))^{1/5} for n = 3/2 (Goldsmith 1960 quotes
3.21). For a damped law (C.1), the first integral (C.8) gives the restitution in closed
form: with c the damping factor and W₀ the principal branch of Lambert's W,

    e_eff = (1 + W₀(−(1 + c) e^{−(1 + c)}))/c,                                 (R.2)

the root u_f = −c e_eff in (−1, 0) of u − ln(1 + u) = c − ln(1 + c).

**LuGre stick-slip** (Canudas de Wit et al. 1995): a block M on a spring K whose end is
pulled at U = u t, M ẍ = K (U − x) + f(ẋ, N, z), ż of (F.4), from rest.

Example
-------
>>> from mbtools.dynamics.contact_laws import Flores, HuntCrossley
>>> round(hysteresis_restitution(HuntCrossley(1e7, 0.5).damping_factor), 4)
0.663
>>> round(effective_restitution(Flores(1e7, 0.5), mass=1.0, impact_speed=1.0), 4)
0.4704
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np
from scipy.integrate import solve_ivp
from scipy.optimize import brentq
from scipy.special import beta

from ..dynamics.contact_laws import NormalContactLaw
from ..dynamics.friction_laws import FrictionLaw, LuGre
from ..errors import InputError
from ..model.arguments import is_real_number

#: x(25 s) of the LuGre stick-slip test, from an independent variable-step code.
LUGRE_STICK_SLIP_REFERENCE = 1.9088392


class ImpactWithLaw(NamedTuple):
    """One impact of a point mass on a wall through a contact law."""

    restitution: float
    """The exit speed over the approach speed."""
    duration: float
    """The time in contact (s)."""
    max_indentation: float
    """The largest δ (m)."""
    max_force: float
    """The largest contact force (N)."""


class StickSlip(NamedTuple):
    """The LuGre stick-slip test's motion, sampled."""

    t: np.ndarray
    """Times (s)."""
    x: np.ndarray
    """The block's position (m)."""
    v: np.ndarray
    """Its velocity (m/s)."""
    z: np.ndarray
    """The bristle deflection (m)."""


def positive(name: str, value, what: str) -> float:
    """A finite positive number, or an InputError naming it."""
    if not is_real_number(value) or not math.isfinite(float(value)) or float(value) <= 0.0:
        raise InputError(f"{name} must be a positive finite number, {what}; got {value!r}.")
    return float(value)


def hertz_impact(mass: float, stiffness: float, impact_speed: float, exponent: float = 1.5) -> ImpactWithLaw:
    """The closed form (R.1) of an elastic impact F = K δⁿ.

    Parameters
    ----------
    mass, stiffness, impact_speed, exponent : float
        m (kg), K (N/mⁿ), v (m/s), n (all > 0).

    Returns
    -------
    ImpactWithLaw
        Restitution 1, the duration, δ_max and K δ_maxⁿ.
    """
    mass = positive("mass", mass, "in kg")
    stiffness = positive("stiffness", stiffness, "K in N/m^n")
    speed = positive("impact_speed", impact_speed, "in m/s")
    n = positive("exponent", exponent, "n of F = K δ^n")
    p = n + 1.0
    deepest = (p * mass * speed ** 2 / (2.0 * stiffness)) ** (1.0 / p)
    return ImpactWithLaw(1.0, 2.0 * deepest / speed * beta(1.0 / p, 0.5) / p, deepest, stiffness * deepest ** n)


def hysteresis_restitution(damping_factor: float) -> float:
    """The restitution (R.2) of any law F = K δⁿ (1 + c δ̇/δ̇⁻) (C.1): a function of c alone.

    Parameters
    ----------
    damping_factor : float
        c ≥ 0 (``law.damping_factor``).
    """
    if not is_real_number(damping_factor) or not math.isfinite(float(damping_factor)) or damping_factor < 0:
        raise InputError(f"damping_factor must be a finite number ≥ 0 (c of F = K δ^n (1 + c δ̇/δ̇⁻)); "
                         f"got {damping_factor!r}.")
    c = float(damping_factor)
    if c == 0.0:
        return 1.0
    # The root in ℓ = ln(1 + u) of e^ℓ − 1 − ℓ = c − ln(1 + c), well conditioned for every c
    # (W₀ near its branch point at −1/e, for c → 0, loses half the digits).
    level = c - math.log1p(c) if c > 0.01 else sum((-c) ** k / k for k in range(2, 12))

    def excess(ell: float) -> float:  # e^ℓ − 1 − ℓ, by its series near 0, where it cancels
        return math.expm1(ell) - ell if abs(ell) > 0.01 else sum(ell ** k / math.factorial(k) for k in range(2, 12))

    log_exit = brentq(lambda ell: excess(ell) - level, -(level + 1.0), 0.0, xtol=1e-300, rtol=1e-15)
    return -math.expm1(log_exit) / c


def impact_with_law(law: NormalContactLaw, mass: float, impact_speed: float, rtol: float = 1e-10) -> ImpactWithLaw:
    """A point mass m striking a wall at ``impact_speed`` through ``law``, integrated.

    Parameters
    ----------
    law : mbtools.dynamics.contact_laws.NormalContactLaw
        A law of ``mbtools.dynamics.contact_laws``.
    mass, impact_speed : float
        m (kg) and δ̇⁻ (m/s), > 0.
    rtol : float
        The integrator's relative tolerance (the absolute one is 1e-3 of it on scales
        δ_max and δ̇⁻).

    Returns
    -------
    ImpactWithLaw
        The restitution, the duration (until δ = 0 again), the largest indentation (where
        δ̇ = 0) and the largest force (where dF/dt = 0).
    """
    solution = impact_solution(law, mass, impact_speed, rtol)
    speed = float(impact_speed)
    forces = [law.force(y[0], y[1], speed) for y in solution.y_events[2]] or [0.0]
    return ImpactWithLaw(-float(solution.y_events[0][0][1]) / speed, float(solution.t_events[0][0]),
                         float(np.max(solution.y_events[1][:, 0], initial=0.0)), float(max(forces)))


def impact_solution(law: NormalContactLaw, mass: float, impact_speed: float, rtol: float = 1e-10,
                    dense: bool = False):
    """The integration behind :func:`impact_with_law`: scipy's solution of m δ̈ = −F from
    δ = 0, δ̇ = δ̇⁻ until δ = 0 again (Radau with the law's exact Jacobian), its events
    the exit, the deepest point and the largest force; with ``dense`` its interpolant
    (``solution.sol``) for sampling the loop."""
    if not isinstance(law, NormalContactLaw):
        raise InputError(f"law must be a normal contact law (Hertz, HuntCrossley, LankaraniNikravesh, Flores); "
                         f"got {law!r}.")
    mass = positive("mass", mass, "in kg")
    speed = positive("impact_speed", impact_speed, "in m/s")
    scale = hertz_impact(mass, law.stiffness, speed, law.exponent)

    def rates(t, y):
        return [y[1], -law.force(y[0], y[1], speed) / mass]

    def jacobian(t, y):
        d_delta, d_rate = law.derivatives(y[0], y[1], speed)
        return [[0.0, 1.0], [-d_delta / mass, -d_rate / mass]]

    def exit(t, y):
        return y[0]

    def deepest(t, y):
        return y[1]

    def strongest(t, y):  # dF/dt = F_δ δ̇ + F_δ̇ δ̈
        d_delta, d_rate = law.derivatives(y[0], y[1], speed)
        return d_delta * y[1] - d_rate * law.force(y[0], y[1], speed) / mass

    exit.terminal, exit.direction = True, -1
    deepest.direction = strongest.direction = -1
    solution = solve_ivp(rates, (0.0, 1e3 * scale.duration), [0.0, speed], method="Radau", jac=jacobian,
                         events=(exit, deepest, strongest), rtol=rtol, dense_output=dense,
                         atol=[1e-3 * rtol * scale.max_indentation, 1e-3 * rtol * speed])
    if not solution.t_events[0].size:
        raise RuntimeError(f"{type(law).__name__}: the mass had not left the wall after {solution.t[-1]:.3g} s "
                           f"({solution.message}).")
    return solution


def effective_restitution(law: NormalContactLaw, mass: float, impact_speed: float, rtol: float = 1e-10) -> float:
    """−(exit speed)/(approach speed) of a point mass striking a wall through ``law``
    (:func:`impact_with_law`)."""
    return impact_with_law(law, mass, impact_speed, rtol).restitution


def classic_lugre() -> LuGre:
    """The law of the stick-slip test at N = 1 N: F_c = 1, F_s = 1.5, v_s = 1 mm/s,
    σ₀ = 1e5, σ₁ = √σ₀, σ₂ = 0.4."""
    return LuGre(mu_coulomb=1.0, mu_static=1.5, stribeck_speed=0.001, sigma0=1e5, sigma1=math.sqrt(1e5),
                 sigma2=0.4)


def lugre_stick_slip(t_end: float = 25.0, law: LuGre | None = None, mass: float = 1.0, stiffness: float = 2.0,
                     pull_speed: float = 0.1, normal: float = 1.0, rtol: float = 1e-10, points: int = 2501,
                     method: str = "Radau") -> StickSlip:
    """The LuGre stick-slip test: a block on a spring pulled at a constant speed.

    Parameters
    ----------
    t_end : float
        The end time (s).
    law : mbtools.dynamics.LuGre, optional
        The friction (None: :func:`classic_lugre`).
    mass, stiffness, pull_speed, normal : float
        M = 1 kg, K = 2 N/m, U = 0.1 t m, N = 1 N.
    rtol : float
        The integrator's relative tolerance (absolute: 1e-3 of it on scales 1 m, 1 m/s and
        μ_s/σ₀).
    points : int
        Samples, evenly spaced from 0 to ``t_end``.
    method : str
        ``"Radau"`` or ``"LSODA"``.

    Returns
    -------
    StickSlip
        (t, x, v, z); x(25 s) = 1.9088392 in the reference (:data:`LUGRE_STICK_SLIP_REFERENCE`).
    """
    law = classic_lugre() if law is None else law
    if not isinstance(law, LuGre):
        raise InputError(f"law must be a LuGre friction law; got {law!r}.")
    t_end = positive("t_end", t_end, "in s")
    mass = positive("mass", mass, "in kg")
    stiffness = positive("stiffness", stiffness, "in N/m")
    pull_speed = positive("pull_speed", pull_speed, "in m/s")
    normal = positive("normal", normal, "the normal force in N")

    def rates(t, y):
        slip, state = y[1:2], y[2:3]
        friction = law.force(slip, normal, state)[0]
        return [y[1], (stiffness * (pull_speed * t - y[0]) + friction) / mass, law.state_rate(slip, state)[0]]

    def jacobian(t, y):
        slip, state = y[1:2], y[2:3]
        d_v, _, d_z = law.force_derivatives(slip, normal, state)
        rate_v, rate_z = law.state_rate_derivatives(slip, state)
        return [[0.0, 1.0, 0.0], [-stiffness / mass, d_v[0, 0] / mass, d_z[0, 0] / mass],
                [0.0, rate_v[0, 0], rate_z[0, 0]]]

    times = np.linspace(0.0, t_end, int(points))
    solution = solve_ivp(rates, (0.0, t_end), [0.0, 0.0, 0.0], method=method, jac=jacobian, t_eval=times,
                         rtol=rtol, atol=1e-3 * rtol * np.array([1.0, 1.0, law.mu_static / law.sigma0]))
    if not solution.success:
        raise RuntimeError(f"the stick-slip integration failed: {solution.message}")
    return StickSlip(solution.t, solution.y[0], solution.y[1], solution.y[2])


def steady_friction(law: FrictionLaw, speeds, normal: float = 1.0) -> np.ndarray:
    """The steady friction force (N) against a slip at each of ``speeds`` (m/s) along one
    tangent: the Stribeck curve (for LuGre, at z = z_ss, where ż = 0).

    Returns
    -------
    numpy.ndarray
        −f at each speed (positive for a positive speed: the force's size, against it).
    """
    if not isinstance(law, FrictionLaw):
        raise InputError(f"law must be a friction law of mbtools.dynamics.friction_laws; got {law!r}.")
    out = []
    for speed in np.atleast_1d(np.asarray(speeds, dtype=float)):
        slip = np.array([speed])
        state = law.steady_state(slip) if isinstance(law, LuGre) else None
        out.append(-float(law.force(slip, normal, state)[0]))
    return np.array(out)
