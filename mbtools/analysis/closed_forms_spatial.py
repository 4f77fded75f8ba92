"""Closed-form kinematics of the spatial examples, independent of the solvers.

Each input–output equation is linear in the cosine and sine of the output angle, so it
is solved without iteration; the sign of the root is the assembly mode.

* RSSR: the coupler keeps its length, ‖C(φ) − B(θ)‖² = b², that is
  P cos φ + Q sin φ + R = 0 with P = 2c g·f₁, Q = 2c g·f₂, R = g·g + c² − b²,
  g = D₀ + e w₂ − B(θ): φ = atan2(Q, P) ± acos(−R/√(P² + Q²)) (book, equation eq-rssr).
* RSCR (rod through the output axis, at right angles to it): the ball joint B keeps its
  distance ρ from the rod, (B − E₀)·u(ψ) = ±√(‖B − E₀‖² − ρ²), linear in cos ψ and sin ψ;
  four roots (book, equation eq-rscr).
* SSC: B = G + (s + e) u + r(cos φ, sin φ, 0) with ‖B − A₀‖ = L, a quadratic in the
  slide s (book, equation eq-ssc).

Angles are measured in the frame of :func:`mbtools.description.axis_frame`, as the
examples measure them.

Example
-------
The rocker angle of the RSSR's drawing (crank at 60°), read off the drawing:

>>> import math
>>> from mbtools import examples
>>> from mbtools.description import angle_about
>>> m = examples.rssr()
>>> phi = angle_about((0.0, 1.0, 0.0), m.point_position("C") - m.point_position("D0"))
>>> abs(rssr_rocker(math.radians(60.0))[0] - phi) < 1e-12
True
"""

from __future__ import annotations

import math

import numpy as np

from ..description import axis_frame

ASSEMBLY_SIGN = {"plus": 1.0, "minus": -1.0}


def rssr_rocker(theta: float, crank: float = 1.0, coupler: float = 4.0, rocker: float = 2.5,
                rocker_pivot=(3.0, 1.0, 1.0), rocker_offset: float = 0.5, assembly: str = "plus",
                omega: float = 1.0) -> tuple[float, float, float]:
    """Rocker angle φ of the RSSR of :func:`mbtools.examples.rssr` (about w₂ = y), and its
    rate and acceleration for the crank at θ turning at ``omega`` (θ̈ = 0).

    Differentiating F(θ, φ) = P cos φ + Q sin φ + R = 0 gives φ̇ = −F_θ θ̇ / F_φ and
    φ̈ = −(F_θθ θ̇² + 2 F_θφ θ̇ φ̇ + F_φφ φ̇²) / F_φ. Returns (nan, nan, nan) where the
    coupler cannot reach.
    """
    w2 = np.array([0.0, 1.0, 0.0])
    f1, f2 = axis_frame(w2)
    a, b, c = crank, coupler, rocker
    rB = a * np.array([math.cos(theta), math.sin(theta), 0.0])
    drB = a * np.array([-math.sin(theta), math.cos(theta), 0.0])
    g, dg, ddg = np.asarray(rocker_pivot, dtype=float) + rocker_offset * w2 - rB, -drB, rB
    P, Q, R = 2 * c * g @ f1, 2 * c * g @ f2, g @ g + c * c - b * b
    if abs(R) > math.hypot(P, Q):
        return math.nan, math.nan, math.nan
    dP, dQ, dR = 2 * c * dg @ f1, 2 * c * dg @ f2, 2 * g @ dg
    ddP, ddQ, ddR = 2 * c * ddg @ f1, 2 * c * ddg @ f2, 2 * (dg @ dg + g @ ddg)
    phi = math.atan2(Q, P) + ASSEMBLY_SIGN[assembly] * math.acos(-R / math.hypot(P, Q))
    cs, sn = math.cos(phi), math.sin(phi)
    F_phi = -P * sn + Q * cs
    phid = -(dP * cs + dQ * sn + dR) / F_phi  # per unit crank rate
    phidd = -((ddP * cs + ddQ * sn + ddR) + 2 * (-dP * sn + dQ * cs) * phid + (-P * cs - Q * sn) * phid**2) / F_phi
    return phi, phid * omega, phidd * omega**2


def rscr_rod(theta: float, rho: float, crank: float = 1.0, output_pivot=(4.0, 0.0, 0.0)) -> list[tuple[float, float]]:
    """The four roots (ψ, s) of the RSCR of :func:`mbtools.examples.rscr` at crank angle
    θ: the rod angle ψ about w₂ = y and the slide s = (r_C − E₀)·u of C along the rod,
    for s = ±√(‖B − E₀‖² − ρ²) and the two angles of each. ρ = ‖BC‖ is the distance the
    coupler keeps from the rod."""
    E0 = np.asarray(output_pivot, dtype=float)
    g1, g2 = axis_frame((0.0, 1.0, 0.0))
    g = crank * np.array([math.cos(theta), math.sin(theta), 0.0]) - E0
    P, Q = g @ g1, g @ g2
    roots = []
    for side in (1.0, -1.0):
        slide = side * math.sqrt(g @ g - rho * rho)
        for branch in (1.0, -1.0):
            roots.append((math.atan2(Q, P) + branch * math.acos(slide / math.hypot(P, Q)), slide))
    return roots


def ssc_slide(phi: float, link: float = 3.0, arm: float = 0.8, arm_offset: float = 0.5,
              pivot=(0.0, 0.0, 2.0), guide_point=(1.0, 0.0, 0.0), assembly: str = "lower") -> float:
    """Slide s of the SSC's slider point D = G + s u along the rod u = z, for the arm at
    angle φ (:func:`mbtools.examples.ssc`): B = G + (s + e) u + r(cos φ, sin φ, 0) and
    ‖B − A₀‖ = L give s² + b s + c = 0; ``"lower"`` takes the lower root."""
    A0, G, u = np.asarray(pivot, dtype=float), np.asarray(guide_point, dtype=float), np.array([0.0, 0.0, 1.0])
    w = G + arm * np.array([math.cos(phi), math.sin(phi), 0.0]) - A0
    b, c = 2 * (w @ u + arm_offset), w @ w + 2 * arm_offset * (w @ u) + arm_offset**2 - link**2
    root = math.sqrt(b * b - 4 * c)
    return (-b - root) / 2 if assembly == "lower" else (-b + root) / 2


def spatial_slider_crank_slider(theta: float, crank: float = 1.0, rod: float = 3.0, offset=(0.4, 0.6)) -> float:
    """x of the slider of :func:`mbtools.examples.spatial_slider_crank`:
    x = r cos θ + √(l² − e_z² − (e_y − r sin θ)²)."""
    ey, ez = offset
    return crank * math.cos(theta) + math.sqrt(rod**2 - ez**2 - (ey - crank * math.sin(theta)) ** 2)
