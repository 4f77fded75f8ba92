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
examples measure them. The ``*_curve`` functions evaluate a closed form over a sweep of
crank angles, and :func:`angle_motion_about` reads the same angle, rate and
acceleration off any point's motion, so that a model's sweep can be set beside them.

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


def rscr_rod(theta: float, rho: float, crank: float = 1.0, output_pivot=(4.0, 0.0, 0.0),
             coupler_offset: float = 0.0) -> list[tuple[float, float]]:
    """The four roots (ψ, s) of the RSCR of :func:`mbtools.examples.rscr` at crank angle
    θ: the rod angle ψ about w₂ = y and the slide s = (r_C − E₀)·u of C along the rod
    (equation eq-rscr), for (r_B − E₀)·u = ±√(‖B − E₀‖² − ρ²) and the two angles of each.
    Two constants of the coupler enter: ρ = ‖(r_B − r_C) × u‖, the distance B keeps from
    the rod's line, and h = (r_B − r_C)·u (``coupler_offset``), how far along the rod B
    is ahead of C, so that s = (r_B − E₀)·u − h; h = 0 where BC ⊥ u, as drawn.

    >>> [round(s, 6) for _, s in rscr_rod(0.3, 1.2)][::2]
    [2.813771, -2.813771]
    >>> [round(s, 6) for _, s in rscr_rod(0.3, 1.2, coupler_offset=0.5)][::2]
    [2.313771, -3.313771]
    """
    E0 = np.asarray(output_pivot, dtype=float)
    g1, g2 = axis_frame((0.0, 1.0, 0.0))
    g = crank * np.array([math.cos(theta), math.sin(theta), 0.0]) - E0
    P, Q = g @ g1, g @ g2
    roots = []
    for side in (1.0, -1.0):
        along = side * math.sqrt(g @ g - rho * rho)  # (r_B − E₀)·u
        for branch in (1.0, -1.0):
            roots.append((math.atan2(Q, P) + branch * math.acos(along / math.hypot(P, Q)), along - coupler_offset))
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


ANGLE_KEYS = ("φ (rad)", "dφ/dt (rad/s)", "d²φ/dt² (rad/s²)")
"""Keys of :func:`angle_motion_about` and :func:`rssr_rocker_curve` (also plot labels)."""


def wrap_angle(angle):
    """Angle(s) brought into (−π, π], so that angles from different sources compare.

    >>> float(wrap_angle(3 * math.pi / 2)), float(wrap_angle(-math.pi))
    (-1.5707963267948966, 3.141592653589793)
    """
    angle = np.asarray(angle, dtype=float)
    return math.pi - np.remainder(math.pi - angle, 2 * math.pi)


def angle_motion_about(axis, position, velocity, acceleration) -> dict[str, np.ndarray]:
    """Angle φ of a point about an axis, its rate φ̇ and its acceleration φ̈.

    ``position`` is the point's position measured from a point of the axis, and
    ``velocity`` and ``acceleration`` are its derivatives; each is one vector (3,) or a
    sweep of them (N, 3). With x₁, x₂ the components along the frame (f₁, f₂) of
    :func:`~mbtools.description.axis_frame` and ρ² = x₁² + x₂²,

        φ = atan2(x₂, x₁),   φ̇ = (x₁ẋ₂ − x₂ẋ₁)/ρ²,
        φ̈ = (x₁ẍ₂ − x₂ẍ₁)/ρ² − 2 φ̇ (x₁ẋ₁ + x₂ẋ₂)/ρ²

    (the last term vanishes when the point keeps its distance from the axis). Returns a
    dict keyed by ``ANGLE_KEYS``, as :func:`rssr_rocker_curve`.

    Example
    -------
    A point on a circle of radius 2 about z, at 30°, turning at 3 rad/s with no angular
    acceleration (so its acceleration is centripetal):

    >>> r = 2.0 * np.array([math.cos(math.pi / 6), math.sin(math.pi / 6), 0.0])
    >>> v = 3.0 * np.cross([0.0, 0.0, 1.0], r)
    >>> motion = angle_motion_about((0.0, 0.0, 1.0), r, v, -9.0 * r)
    >>> [round(float(value), 12) for value in motion.values()]
    [0.523598775598, 3.0, 0.0]
    """
    f1, f2 = axis_frame(axis)
    r, v, a = (np.asarray(x, dtype=float) for x in (position, velocity, acceleration))
    x1, x2, v1, v2, a1, a2 = (x @ f for x in (r, v, a) for f in (f1, f2))
    rho2 = x1 * x1 + x2 * x2
    rate = (x1 * v2 - x2 * v1) / rho2
    acceleration_ = (x1 * a2 - x2 * a1) / rho2 - 2 * rate * (x1 * v1 + x2 * v2) / rho2
    return dict(zip(ANGLE_KEYS, (np.arctan2(x2, x1), rate, acceleration_)))


def rssr_rocker_curve(thetas, assembly: str = "plus", **data) -> dict[str, np.ndarray]:
    """:func:`rssr_rocker` over a sweep of crank angles ``thetas`` (crank at 1 rad/s,
    no crank acceleration): the rocker angle (in (−π, π]), its rate and acceleration,
    keyed by ``ANGLE_KEYS``. ``data`` are the lengths and placement of
    :func:`rssr_rocker` (those of :func:`mbtools.examples.rssr`).

    >>> curve = rssr_rocker_curve(np.radians([60.0, 90.0]))
    >>> [values.shape for values in curve.values()]
    [(2,), (2,), (2,)]
    >>> bool(abs(curve["φ (rad)"][0] - wrap_angle(rssr_rocker(math.radians(60.0))[0])) < 1e-15)
    True
    """
    values = np.array([rssr_rocker(theta, assembly=assembly, **data) for theta in np.atleast_1d(thetas)])
    return dict(zip(ANGLE_KEYS, (wrap_angle(values[:, 0]), values[:, 1], values[:, 2])))


def rssr_coupler_range(crank: float = 1.0, rocker: float = 2.5, rocker_pivot=(3.0, 1.0, 1.0),
                       rocker_offset: float = 0.5) -> tuple[float, float]:
    """The coupler lengths b for which the RSSR's crank turns fully (the loop closes at
    every crank angle), as (b_min, b_max).

    At crank angle θ the coupler must span a distance between the nearest and the
    farthest point of the rocker's circle (radius c about w₂ = y, centre D₀ + e w₂) from
    B(θ): with g = D₀ + e w₂ − B split into h = g·w₂ along the axis and d = ‖g − h w₂‖
    across it, √(h² + (d − c)²) ≤ b ≤ √(h² + (d + c)²). Over a turn b must satisfy all
    of them, b_min = max_θ of the lower bound and b_max = min_θ of the upper bound; both
    are found on a 0.1° grid and refined by a bounded scalar search. Returns (nan, nan)
    if no coupler length lets the crank turn fully.

    >>> b_min, b_max = rssr_coupler_range()
    >>> bool(b_min < 4.0 < b_max), math.isnan(rssr_rocker(math.radians(200.0), coupler=2.0)[0])
    (True, True)
    """
    from scipy.optimize import minimize_scalar

    w2 = np.array([0.0, 1.0, 0.0])
    centre = np.asarray(rocker_pivot, dtype=float) + rocker_offset * w2

    def bounds(theta: float) -> tuple[float, float]:
        g = centre - crank * np.array([math.cos(theta), math.sin(theta), 0.0])
        h = g @ w2
        d = float(np.linalg.norm(g - h * w2))
        return math.hypot(h, d - rocker), math.hypot(h, d + rocker)

    grid = np.radians(np.arange(0.0, 360.0, 0.1))
    step = grid[1] - grid[0]
    extremes = []
    for which, sign in ((0, -1.0), (1, 1.0)):  # maximise the lower bound, minimise the upper
        values = [sign * bounds(theta)[which] for theta in grid]
        best = grid[int(np.argmin(values))]
        found = minimize_scalar(lambda t: sign * bounds(t)[which], bounds=(best - step, best + step),
                                method="bounded", options={"xatol": 1e-12})
        extremes.append(float(sign * min(found.fun, min(values))))
    b_min, b_max = extremes
    return (b_min, b_max) if b_min <= b_max else (math.nan, math.nan)


def rscr_assembly(theta: float, psi: float, rho: float, crank: float = 1.0,
                  output_pivot=(4.0, 0.0, 0.0), coupler_offset: float = 0.0) -> tuple[int, int]:
    """Which of the four roots of :func:`rscr_rod` an RSCR is assembled on: the
    (side, branch) whose rod angle is nearest ``psi`` at crank angle ``theta``. ``side``
    is the sign of the slide's square root, ``branch`` the sign before the arccos.

    >>> roots = rscr_rod(0.3, 1.2)
    >>> rscr_assembly(0.3, roots[3][0], 1.2)
    (-1, -1)
    """
    roots = rscr_rod(theta, rho, crank=crank, output_pivot=output_pivot, coupler_offset=coupler_offset)
    labels = [(side, branch) for side in (1, -1) for branch in (1, -1)]  # the order of rscr_rod
    k = min(range(4), key=lambda i: abs(float(wrap_angle(psi - roots[i][0]))))
    return labels[k]


def rscr_rod_curve(thetas, rho: float, side: int, branch: int, crank: float = 1.0,
                   output_pivot=(4.0, 0.0, 0.0), coupler_offset: float = 0.0) -> tuple[np.ndarray, np.ndarray]:
    """:func:`rscr_rod` over a sweep of crank angles on one root (see
    :func:`rscr_assembly`): the rod angle ψ (in (−π, π]) and the slide s of C.

    >>> psi, slide = rscr_rod_curve(np.radians([0.0, 90.0]), 1.2, side=1, branch=1)
    >>> psi.shape, bool(np.all(slide > 0))
    ((2,), True)
    """
    index = [(1, 1), (1, -1), (-1, 1), (-1, -1)].index((side, branch))
    roots = np.array([rscr_rod(theta, rho, crank=crank, output_pivot=output_pivot, coupler_offset=coupler_offset)[index]
                      for theta in np.atleast_1d(thetas)])
    return wrap_angle(roots[:, 0]), roots[:, 1]
