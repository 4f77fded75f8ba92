"""The heavy symmetric top: its closed forms, and the same quantities read off a
simulation in any family.

With θ the angle of the axis from the vertical, φ the precession angle, ω₃ the spin
(the angular velocity along the axis), I₁ the moment of inertia about a normal to the
axis through O (I₁ = I₁ᴳ + m ℓ²) and I₃ about the axis, the Lagrangian has φ and the
spin angle cyclic, so three quantities hold:

    E   = ½ I₁ (θ̇² + φ̇² sin² θ) + ½ I₃ ω₃² + m g ℓ cos θ,
    H_z = I₁ φ̇ sin² θ + I₃ ω₃ cos θ,        H₃ = I₃ ω₃

(Goldstein, *Classical Mechanics*, sec. 5.7). With u = cos θ they give

    u̇² = f(u) = (1 − u²)(α − β u) − (b − a u)²,
    α = (2E − I₃ ω₃²)/I₁,  β = 2 m g ℓ / I₁,  a = I₃ ω₃ / I₁,  b = H_z / I₁,

a cubic β (u − u₁)(u₂ − u)(u₃ − u) with u₁ ≤ u₂ ≤ 1 < u₃: the nutation stays between
θ = arccos u₂ and arccos u₁, with the period T = 4 K(k) / √(β (u₃ − u₁)),
k² = (u₂ − u₁)/(u₃ − u₁). Steady precession at θ (u̇ ≡ 0) needs
Ω (I₃ ω₃ − I₁ Ω cos θ) = m g ℓ.

Example
-------
The book's top horizontal (θ = 90°) spinning at 100 rad/s precesses at m g ℓ/(I₃ ω₃):

>>> top = TopData.of(mass=1.0, radius=0.1, arm=0.2)
>>> round(steady_precession(top, math.pi / 2, 100.0), 12)
3.924
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from scipy.special import ellipk

GRAVITY = 9.81


@dataclass(frozen=True)
class TopData:
    """m (kg), ℓ = |OG| (m), I₁ about a normal through O and I₃ about the axis (kg·m²), g."""

    mass: float
    arm: float
    I1: float
    I3: float
    g: float = GRAVITY

    @classmethod
    def of(cls, mass: float, radius: float, arm: float, g: float = GRAVITY) -> "TopData":
        """A thin disc of ``radius``: I₃ = m r²/2, I₁ = m r²/4 + m ℓ²."""
        return cls(mass, arm, 0.25 * mass * radius**2 + mass * arm**2, 0.5 * mass * radius**2, g)


def steady_precession(top: TopData, theta: float, omega3: float, branch: str = "slow") -> float:
    """The precession rate Ω of steady precession at nutation θ with spin ω₃: the root of
    I₁ cos θ Ω² − I₃ ω₃ Ω + m g ℓ = 0 (``"slow"`` or ``"fast"``; one root at θ = 90°)."""
    a, b, c = top.I1 * math.cos(theta), -top.I3 * omega3, top.mass * top.g * top.arm
    if abs(a) < 1e-15 * abs(b):
        return -c / b
    disc = b * b - 4 * a * c
    if disc < 0:
        raise ValueError(f"No steady precession at θ = {theta:.4g} rad with ω₃ = {omega3:g} rad/s: spin faster.")
    roots = sorted(((-b - math.sqrt(disc)) / (2 * a), (-b + math.sqrt(disc)) / (2 * a)), key=abs)
    return roots[0] if branch == "slow" else roots[1]


def nutation_frequency(top: TopData, theta: float, omega3: float, precession: float) -> float:
    """ω (rad/s) of small nutation about the steady precession Ω at θ with spin ω₃.

    The Routhian leaves θ alone with the potential
    V(θ) = (H_z − H₃ cos θ)² / (2 I₁ sin² θ) + m g ℓ cos θ; its curvature at the steady θ,
    with the steady condition put in, gives ω² = V''/I₁:

        ω² = ((I₃ ω₃ − 2 I₁ Ω cos θ) / I₁)² + Ω² sin² θ,

    tending to the fast top's I₃ ω₃ / I₁.

    >>> top = TopData.of(mass=1.0, radius=0.1, arm=0.2)
    >>> round(nutation_frequency(top, math.pi / 2, 100.0, steady_precession(top, math.pi / 2, 100.0)), 6)
    12.401858
    """
    return math.sqrt(((top.I3 * omega3 - 2 * top.I1 * precession * math.cos(theta)) / top.I1) ** 2
                     + (precession * math.sin(theta)) ** 2)


def integrals(top: TopData, theta, theta_rate, phi_rate, omega3):
    """(E, H_z, H₃) from the Euler-angle rates (see the module)."""
    energy = 0.5 * top.I1 * (theta_rate**2 + (phi_rate * math.sin(theta)) ** 2) + 0.5 * top.I3 * omega3**2 \
        + top.mass * top.g * top.arm * math.cos(theta)
    return energy, top.I1 * phi_rate * math.sin(theta) ** 2 + top.I3 * omega3 * math.cos(theta), top.I3 * omega3


@dataclass(frozen=True)
class Nutation:
    """The nutation of a top: bounds θ_min ≤ θ ≤ θ_max (rad) and period (s)."""

    theta_min: float
    theta_max: float
    period: float


def nutation(top: TopData, theta, theta_rate, phi_rate, omega3) -> Nutation:
    """Bounds and period of the nutation from the integrals (see the module)."""
    energy, hz, h3 = integrals(top, theta, theta_rate, phi_rate, omega3)
    alpha = (2 * energy - top.I3 * omega3**2) / top.I1
    beta = 2 * top.mass * top.g * top.arm / top.I1
    a, b = h3 / top.I1, hz / top.I1
    # f(u) = (1 − u²)(α − βu) − (b − au)² = βu³ − (α + a²)u² + (2ab − β)u + (α − b²)
    roots = np.roots([beta, -(alpha + a * a), 2 * a * b - beta, alpha - b * b])
    u1, u2, u3 = sorted(float(r.real) for r in roots)
    k2 = (u2 - u1) / (u3 - u1)
    period = 4.0 * float(ellipk(k2)) / math.sqrt(beta * (u3 - u1))
    return Nutation(math.acos(min(u2, 1.0)), math.acos(max(u1, -1.0)), period)


def initial_twist(theta: float, phi: float, theta_rate: float, phi_rate: float, omega3: float) -> np.ndarray:
    """ω of the top (ground axes) from the z–x–z Euler angles and rates: with the axis
    a = R_z(φ) R_x(θ) e_z and the line of nodes n = R_z(φ) e_x,
    ω = φ̇ e_z + θ̇ n + ψ̇ a, ψ̇ = ω₃ − φ̇ cos θ."""
    axis = np.array([math.sin(theta) * math.sin(phi), -math.sin(theta) * math.cos(phi), math.cos(theta)])
    nodes = np.array([math.cos(phi), math.sin(phi), 0.0])
    return phi_rate * np.array([0.0, 0.0, 1.0]) + theta_rate * nodes + (omega3 - phi_rate * math.cos(theta)) * axis


@dataclass(frozen=True)
class TopMotion:
    """A top's motion read off a trajectory: nutation θ, precession φ (unwrapped), spin
    ω₃ and the three integrals, one entry per output time."""

    theta: np.ndarray
    phi: np.ndarray
    omega3: np.ndarray
    energy: np.ndarray
    hz: np.ndarray
    h3: np.ndarray


def top_motion(traj, body: str = "top", fixed: str = "O", centre: str = "G") -> TopMotion:
    """θ, φ, ω₃, E, H_z, H₃ of a simulated top in any family, from the points, the
    angular velocity and the mass properties — nothing from the closed forms above."""
    model = traj.system.model
    properties = model.mechanism.bodies[body].mass
    m = properties.mass
    theta, phi, omega3, hz, h3 = [], [], [], [], []
    for q, qd in zip(traj.q, traj.qd):
        d = model.point(q, centre) - model.point(q, fixed)
        a = d / np.linalg.norm(d)
        omega = model.angular_velocity(q, qd, body)
        R = model.placement(q, body).frame
        H = R @ np.asarray(properties.inertia) @ R.T @ omega + m * np.cross(d, np.cross(omega, d))  # about O
        theta.append(math.acos(max(-1.0, min(1.0, a[2]))))
        phi.append(math.atan2(a[0], -a[1]))
        omega3.append(float(omega @ a))
        hz.append(float(H[2]))
        h3.append(float(H @ a))
    return TopMotion(np.array(theta), np.unwrap(phi), np.array(omega3), traj.energy, np.array(hz), np.array(h3))


def nutation_maxima(t: np.ndarray, theta: np.ndarray) -> np.ndarray:
    """Times of the maxima of θ(t), each refined by the parabola through the sample and
    its two neighbours (the error falls from the sampling step to its cube)."""
    times = []
    for k in range(1, len(theta) - 1):
        if theta[k] > theta[k - 1] and theta[k] >= theta[k + 1]:
            h = t[k + 1] - t[k]
            curvature = theta[k - 1] - 2 * theta[k] + theta[k + 1]
            times.append(t[k] + 0.5 * h * (theta[k - 1] - theta[k + 1]) / curvature)
    return np.array(times)


def simulate_top(family: str = "natural", rotation: str | None = None, theta_rate: float = 0.0,
                 omega3: float = 100.0, t_end: float = 2.0, formulation: str | None = "multipliers",
                 outputs: int = 2001, **options):
    """The book's top (:func:`mbtools.examples.tops.heavy_top`) released horizontal
    (θ = 90°) spinning at ω₃, precessing at the steady rate for θ = 90°, with a nutation
    rate θ̇ (0: steady precession, Fig. 11; else nutation, Fig. 12).

    Returns (trajectory, motion read off it, the closed-form data: TopData, Ω, Nutation)."""
    from ..coordinates import formulate
    from ..dynamics import MultibodySystem, simulate
    from ..examples.tops import TOP_DATA, heavy_top

    top = TopData.of(**TOP_DATA)
    precession = steady_precession(top, math.pi / 2, omega3)
    omega = initial_twist(math.pi / 2, 0.0, theta_rate, precession, omega3)
    model = formulate(heavy_top(), family, **({"rotation": rotation} if rotation else {}))
    if formulation != "ali3p":
        options.setdefault("rtol", 1e-11)
    traj = simulate(MultibodySystem(model), t_end, formulation, twist={"top": {"omega": omega, "point": ("O", (0, 0, 0))}},
                    t_eval=np.linspace(0.0, t_end, outputs), progress=False, **options)
    return traj, top_motion(traj), (top, precession, nutation(top, math.pi / 2, theta_rate, precession, omega3))
