"""Closed-form kinematics of the examples, independent of the numerical solvers.

These are the references the numerical formulations are checked against, in the
tests and in the book. Nothing here calls a solver.

* Four-bar: the Freudenstein equation solved for the rocker and coupler angles in the
  half-angle form (Norton, *Design of Machinery*, eqs. 4.10–4.13); velocities and
  accelerations from the loop-closure equation a e^{iθ₂} + b e^{iθ₃} − c e^{iθ₄} − d = 0
  differentiated once and twice (two linear equations each, solved by Cramer's rule).
* Offset slider-crank: B = (r cos θ ± √(l² − (e − r sin θ)²), e), differentiated by hand.
* Cardan joint: tan φ₂ = cos β tan φ₁.
* The spatial RSSR, RSCR, SSC and slider-crank: the module ``closed_forms_spatial``,
  whose functions this module also offers.

Example
-------
>>> import math
>>> ff = four_bar(math.radians(90), crank=2, coupler=7, rocker=9, ground=6, assembly="open")
>>> [round(float(v), 6) for v in ff["B"]]   # |B − A| = 7 and |B − O4| = 9
[2.804541, 8.413622]
"""

from __future__ import annotations

import math

import numpy as np


def four_bar_angles(theta2: float, crank: float, coupler: float, rocker: float, ground: float, assembly: str):
    """Coupler and rocker angles (θ₃, θ₄) of the four-bar at crank angle θ₂.

    Freudenstein's equation K₁ cos θ₄ − K₂ cos θ₂ + K₃ = cos(θ₂ − θ₄) in its half-angle
    form A t² + B t + C = 0, t = tan(θ₄/2) (Norton eq. 4.10). ``assembly="open"``
    puts B to the left of the ray A→O4, ``"crossed"`` to its right (the convention of
    :func:`mbtools.examples.four_bar`).

    Returns None where the loop does not close.
    """
    a, b, c, d = crank, coupler, rocker, ground
    k1, k2 = d / a, d / c
    k3 = (a * a - b * b + c * c + d * d) / (2 * a * c)
    k4 = d / b
    k5 = (c * c - d * d - a * a - b * b) / (2 * a * b)
    cos2, sin2 = math.cos(theta2), math.sin(theta2)
    A = cos2 - k1 - k2 * cos2 + k3
    B = -2 * sin2
    C = k1 - (k2 + 1) * cos2 + k3
    D = cos2 - k1 + k4 * cos2 + k5
    E = -2 * sin2
    F = k1 + (k4 - 1) * cos2 + k5
    disc4, disc3 = B * B - 4 * A * C, E * E - 4 * D * F
    if disc4 < 0 or disc3 < 0:
        return None
    candidates = []
    for sign in (-1.0, 1.0):
        theta4 = 2 * math.atan2(-B + sign * math.sqrt(disc4), 2 * A)
        theta3 = 2 * math.atan2(-E + sign * math.sqrt(disc3), 2 * D)
        candidates.append((theta3, theta4))
    # pick the root by the side of B relative to A→O4 (sign of the triangle A, B, O4)
    ax, ay = a * cos2, a * sin2
    for theta3, theta4 in candidates:
        bx, by = d + c * math.cos(theta4), c * math.sin(theta4)
        turn = (bx - ax) * (0 - ay) - (by - ay) * (d - ax)  # cross(B − A, O4 − A)
        if (turn < 0) == (assembly == "open"):
            return theta3, theta4
    return candidates[0]


def four_bar(theta2: float, crank: float, coupler: float, rocker: float, ground: float,
             assembly: str = "open", omega2: float = 0.0, alpha2: float = 0.0):
    """Positions, velocities and accelerations of A and B of the four-bar.

    Returns a dict with ``theta3, theta4, omega3, omega4, alpha3, alpha4`` and the
    vectors ``A, B, vA, vB, aA, aB``; None where the loop does not close.
    """
    angles = four_bar_angles(theta2, crank, coupler, rocker, ground, assembly)
    if angles is None:
        return None
    a, b, c = crank, coupler, rocker
    t2, (t3, t4) = theta2, angles
    # velocity: i a ω2 e^{iθ2} + i b ω3 e^{iθ3} − i c ω4 e^{iθ4} = 0
    #  → [−b sin θ3   c sin θ4] [ω3]   [ a ω2 sin θ2]
    #    [ b cos θ3  −c cos θ4] [ω4] = [−a ω2 cos θ2]
    m11, m12, m21, m22 = -b * math.sin(t3), c * math.sin(t4), b * math.cos(t3), -c * math.cos(t4)
    det = m11 * m22 - m12 * m21
    r1, r2 = a * omega2 * math.sin(t2), -a * omega2 * math.cos(t2)
    w3 = (r1 * m22 - m12 * r2) / det
    w4 = (m11 * r2 - r1 * m21) / det
    # acceleration: same matrix, right-hand side from the centripetal and α2 terms
    r1 = a * alpha2 * math.sin(t2) + a * omega2**2 * math.cos(t2) + b * w3**2 * math.cos(t3) - c * w4**2 * math.cos(t4)
    r2 = -a * alpha2 * math.cos(t2) + a * omega2**2 * math.sin(t2) + b * w3**2 * math.sin(t3) - c * w4**2 * math.sin(t4)
    al3 = (r1 * m22 - m12 * r2) / det
    al4 = (m11 * r2 - r1 * m21) / det
    e2, n2 = np.array([math.cos(t2), math.sin(t2)]), np.array([-math.sin(t2), math.cos(t2)])
    e4, n4 = np.array([math.cos(t4), math.sin(t4)]), np.array([-math.sin(t4), math.cos(t4)])
    return {
        "theta3": t3, "theta4": t4, "omega3": w3, "omega4": w4, "alpha3": al3, "alpha4": al4,
        "A": a * e2, "B": np.array([ground, 0.0]) + c * e4,
        "vA": a * omega2 * n2, "vB": c * w4 * n4,
        "aA": a * alpha2 * n2 - a * omega2**2 * e2, "aB": c * al4 * n4 - c * w4**2 * e4,
    }


def slider_crank(theta: float, crank: float, rod: float, offset: float = 0.0,
                 assembly: str = "right", omega: float = 0.0, alpha: float = 0.0):
    """Slider position, velocity and acceleration of the offset slider-crank.

    x_B = r cos θ ± w, w = √(l² − h²), h = e − r sin θ (``+`` for ``assembly="right"``);
    ẋ_B = −r ω sin θ ± ẇ, ẍ_B = −r ω² cos θ − r α sin θ ± ẅ, with ẇ = −h ḣ / w and
    ẅ = −(ḣ² + h ḧ)/w + h ḣ ẇ / w². Returns None where the rod cannot reach the line.
    """
    r, l, e = crank, rod, offset
    side = 1.0 if assembly == "right" else -1.0
    h = e - r * math.sin(theta)
    if abs(h) >= l:
        return None
    w = math.sqrt(l * l - h * h)
    hd = -r * math.cos(theta) * omega
    hdd = r * math.sin(theta) * omega**2 - r * math.cos(theta) * alpha
    wd = -h * hd / w
    wdd = -(hd * hd + h * hdd) / w + h * hd * wd / w**2
    return {
        "A": np.array([r * math.cos(theta), r * math.sin(theta)]),
        "B": np.array([r * math.cos(theta) + side * w, e]),
        "vB": np.array([-r * omega * math.sin(theta) + side * wd, 0.0]),
        "aB": np.array([-r * omega**2 * math.cos(theta) - r * alpha * math.sin(theta) + side * wdd, 0.0]),
    }


def four_bar_crank_torque(theta2: float, crank: float, coupler: float, rocker: float, ground: float,
                          masses: tuple[float, float, float], omega2: float, alpha2: float,
                          gravity: float = 9.81, assembly: str = "open") -> float:
    """The crank torque that drives a four-bar of uniform bars (masses of crank, coupler,
    rocker) at θ₂, ω₂, α₂ under gravity g along −y, by the power balance

        τ ω₂ = d(T + V)/dt = Σ m v_G·a_G + (m L²/12) ω α + m g v_Gy,

    with every velocity and acceleration from :func:`four_bar` (the acceleration field of
    a rigid body is affine, so a bar's centre moves as the mean of its ends).

    Example
    -------
    >>> import math
    >>> round(four_bar_crank_torque(math.radians(90), 2, 7, 9, 6, (1.0, 2.0, 1.5), 2.3, -0.8), 6)
    16.478695
    """
    ref = four_bar(theta2, crank, coupler, rocker, ground, assembly, omega2, alpha2)
    zero = np.zeros(2)
    ends = {"crank": (zero, ref["vA"], zero, ref["aA"], omega2, alpha2, crank),
            "coupler": (ref["vA"], ref["vB"], ref["aA"], ref["aB"], ref["omega3"], ref["alpha3"], coupler),
            "rocker": (zero, ref["vB"], zero, ref["aB"], ref["omega4"], ref["alpha4"], rocker)}
    power = 0.0
    for m, (v1, v2, a1, a2, w, al, length) in zip(masses, ends.values()):
        v, acc = (v1 + v2) / 2, (a1 + a2) / 2
        power += m * float(v @ acc) + m * length**2 / 12 * w * al + m * gravity * float(v[1])
    return power / omega2


def cardan_output_rotation(phi1, shaft_angle: float):
    """Turn φ₂ of the output shaft of a Cardan joint for a turn φ₁ of the input shaft,
    both from the drawing of :func:`mbtools.examples.cardan_joint` (radians; β =
    ``shaft_angle`` in radians).

    The arms a(φ₁) = (0, −sin φ₁, cos φ₁) and b(φ₂) = cos φ₂ b₀ + sin φ₂ z stay at right
    angles: a·b = cos φ₁ sin φ₂ − cos β sin φ₁ cos φ₂ = 0, so tan φ₂ = cos β tan φ₁,
    taken in φ₁'s quadrant (book, equation eq-cardan); differentiated,
    φ̇₂/φ̇₁ = cos β / (1 − sin²β sin²φ₁).

    Example
    -------
    >>> import math
    >>> round(math.degrees(cardan_output_rotation(math.radians(45.0), math.radians(60.0))), 6)
    26.565051
    """
    phi1 = np.asarray(phi1, dtype=float)
    turns = np.round(phi1 / (2 * math.pi))
    return np.arctan2(math.cos(shaft_angle) * np.sin(phi1), np.cos(phi1)) + 2 * math.pi * turns


def cardan_speed_ratio(phi1, shaft_angle: float):
    """φ̇₂/φ̇₁ = cos β / (1 − sin²β sin²φ₁) of a Cardan joint (see
    :func:`cardan_output_rotation`)."""
    phi1 = np.asarray(phi1, dtype=float)
    return math.cos(shaft_angle) / (1.0 - math.sin(shaft_angle) ** 2 * np.sin(phi1) ** 2)


from .closed_forms_spatial import (angle_motion_about, rscr_assembly, rscr_rod, rscr_rod_curve,  # noqa: E402
                                   rssr_coupler_range, rssr_rocker, rssr_rocker_curve, spatial_slider_crank_slider,
                                   ssc_slide, wrap_angle)

__all__ = ["angle_motion_about", "cardan_output_rotation", "cardan_speed_ratio", "four_bar", "four_bar_angles",
           "four_bar_crank_torque", "rscr_assembly", "rscr_rod", "rscr_rod_curve", "rssr_coupler_range", "rssr_rocker",
           "rssr_rocker_curve", "slider_crank", "spatial_slider_crank_slider", "ssc_slide", "wrap_angle"]
