"""The spatial examples: RSSR, RSCR (the paper's Figs. 1–3), SSC, a slider-crank in
space, and a Cardan joint. Drawing angles are in radians, like every angle in mbtools.

Example
-------
>>> m = rssr()
>>> m.dimension, [j.name for j in m.joints]
(3, ['R_A0', 'S_B', 'S_C', 'R_D0'])
"""

from __future__ import annotations

import math

import numpy as np

from ..description import Mechanism, axis_frame
from ..description.validate import angle_in_radians, choose_mode, number, numbers_of, positive_length as _positive
from ..errors import MechanismError

RSSR_MODES = ("plus", "minus")
SSC_MODES = ("lower", "upper")


def _clean(v: np.ndarray) -> np.ndarray:
    """Round-off such as cos 90° = 6e-17 set to zero, so that drawings read cleanly."""
    v = np.asarray(v, dtype=float)
    return np.where(np.abs(v) < 1e-14, 0.0, v)


def rssr(crank: float = 1.0, coupler: float = 4.0, rocker: float = 2.5,
         rocker_pivot: tuple[float, float, float] = (3.0, 1.0, 1.0), rocker_offset: float = 0.5,
         crank_angle: float = math.radians(60.0), assembly: str = "plus") -> Mechanism:
    """The spatial RSSR linkage, driven by its crank.

    Crank A0B turns about the z axis through A0 = (0, 0, 0) (revolute, axis ``w1``);
    coupler BC with ball joints at B and C; rocker D0C turns about the y axis through
    ``rocker_pivot`` D0 (revolute, axis ``w2``), C at ``rocker_offset`` along that axis
    from D0 and at distance ``rocker`` from it. Input ``"crank"``: the angle of A0→B
    about w1 from +x. The defaults make a crank that turns fully.

    Parameters
    ----------
    crank, coupler, rocker : float
        The lengths ‖A0B‖, ‖BC‖ and the radius of C about the rocker axis.
    crank_angle : float
        Crank angle of the reference drawing, radians.
    assembly : {"plus", "minus"}
        Which of the two positions of the rocker the drawing shows: the sign before the
        arccos in :func:`mbtools.analysis.closed_forms.rssr_rocker`.
    """
    a, b, c = (_positive(n, v) for n, v in (("crank", crank), ("coupler", coupler), ("rocker", rocker)))
    D0 = numbers_of("rocker_pivot", rocker_pivot)
    rocker_offset = number("rocker_offset", rocker_offset)
    w1, w2 = np.array([0.0, 0.0, 1.0]), np.array([0.0, 1.0, 0.0])
    theta = angle_in_radians("crank_angle", crank_angle)
    assembly = choose_mode("assembly", assembly, RSSR_MODES)
    B = _clean(a * np.array([math.cos(theta), math.sin(theta), 0.0]))
    f1, f2 = axis_frame(w2)
    g = D0 + rocker_offset * w2 - B
    P, Q, R = 2 * c * g @ f1, 2 * c * g @ f2, g @ g + c * c - b * b
    if abs(R) >= math.hypot(P, Q):
        raise MechanismError(
            f"RSSR: with crank {a}, coupler {b} and rocker {c} the coupler cannot reach the "
            f"rocker at a crank angle of {math.degrees(theta):.4g}°: choose other lengths or another angle."
        )
    phi = math.atan2(Q, P) + (1 if assembly == "plus" else -1) * math.acos(-R / math.hypot(P, Q))
    C = D0 + rocker_offset * w2 + c * (math.cos(phi) * f1 + math.sin(phi) * f2)
    m = Mechanism("RSSR", dimension=3)
    m.add_ground({"A0": (0.0, 0.0, 0.0), "D0": tuple(D0)}, vectors={"w1": tuple(w1), "w2": tuple(w2)})
    m.add_body("crank", {"A0": (0.0, 0.0, 0.0), "B": tuple(B)}, vectors={"w1": tuple(w1)})
    m.add_body("coupler", {"B": tuple(B), "C": tuple(C)})
    m.add_body("rocker", {"D0": tuple(D0), "C": tuple(C)}, vectors={"w2": tuple(w2)})
    m.add_revolute("ground", "crank", at="A0", axis="w1")
    m.add_spherical("crank", "coupler", at="B")
    m.add_spherical("coupler", "rocker", at="C")
    m.add_revolute("rocker", "ground", at="D0", axis="w2")
    m.add_angle_driver("crank", tail="A0", head="B", axis="w1")
    return m


def rscr(crank: float = 1.0, output_pivot: tuple[float, float, float] = (4.0, 0.0, 0.0),
         rod_angle: float = math.radians(30.0), rod_point: float = 1.5,
         crank_angle: float = math.radians(90.0), coupler_offset: float = 0.0) -> Mechanism:
    """The spatial RSCR linkage of the paper's Figs. 1–3, driven by its crank.

    Crank A0B turns about the z axis through A0 = (0, 0, 0) (revolute, axis ``w1``);
    ball joint at B; the coupler slides and turns on the output's rod (cylindrical pair,
    shared axis ``u``), touching it at its point C; the output turns about the y axis
    through ``output_pivot`` E0 (revolute, axis ``w2``). The rod crosses the output
    axis at E0 at right angles, at ``rod_angle`` (radians, about w2, measured in the
    frame (e₁, e₂) = (x, w2 × x) = (x, −z)) in the drawing, and carries
    the output's point D at ``rod_point`` from E0. The coupler's size is read from the
    drawing: C is the foot of the perpendicular from B to the rod, at crank angle
    ``crank_angle`` (radians), moved back along the rod by ``coupler_offset`` h (m), so
    that (r_B − r_C)·u = h (0: BC ⊥ u). Input ``"crank"``: the angle of A0→B about w1
    from +x.

    With the defaults the distance ρ = ‖BC‖ lies between 1 and 3, so the crank turns
    fully and the output swings without reaching a dead point.
    """
    a = _positive("crank", crank)
    E0 = numbers_of("output_pivot", output_pivot)
    w1, w2 = np.array([0.0, 0.0, 1.0]), np.array([0.0, 1.0, 0.0])
    f1, f2 = axis_frame(w2)
    psi = angle_in_radians("rod_angle", rod_angle)
    u = math.cos(psi) * f1 + math.sin(psi) * f2
    theta = angle_in_radians("crank_angle", crank_angle)
    B = _clean(a * np.array([math.cos(theta), math.sin(theta), 0.0]))
    u = _clean(u)
    D = _clean(E0 + _positive("rod_point", rod_point) * u)
    h = number("RSCR coupler_offset (m)", coupler_offset)
    C = _clean(E0 + (np.dot(B - E0, u) - h) * u)
    if np.linalg.norm(B - C) < 1e-6:
        raise MechanismError("In the drawing the ball joint B lies on the rod; choose another crank angle.")
    m = Mechanism("RSCR", dimension=3)
    m.add_ground({"A0": (0.0, 0.0, 0.0), "E0": tuple(E0)}, vectors={"w1": tuple(w1), "w2": tuple(w2)})
    m.add_body("crank", {"A0": (0.0, 0.0, 0.0), "B": tuple(B)}, vectors={"w1": tuple(w1)})
    m.add_body("coupler", {"B": tuple(B), "C": tuple(C)}, vectors={"u": tuple(u)})
    m.add_body("output", {"E0": tuple(E0), "D": tuple(D)}, vectors={"w2": tuple(w2), "u": tuple(u)})
    m.add_revolute("ground", "crank", at="A0", axis="w1")
    m.add_spherical("crank", "coupler", at="B")
    m.add_cylindrical("coupler", "output", axis="u", points=("C", "D"))
    m.add_revolute("output", "ground", at="E0", axis="w2")
    m.add_angle_driver("crank", tail="A0", head="B", axis="w1")
    return m


def ssc(link: float = 3.0, arm: float = 0.8, arm_offset: float = 0.5, pivot: tuple[float, float, float] = (0.0, 0.0, 2.0),
        guide_point: tuple[float, float, float] = (1.0, 0.0, 0.0), arm_angle: float = math.radians(30.0),
        assembly: str = "lower") -> Mechanism:
    """The spatial SSC mechanism of the paper's second example, driven by the slider's
    angle.

    A link A0B hangs from the ground by a ball joint at ``pivot`` A0 and carries a ball
    joint at B; the slider turns and slides on a fixed vertical rod (cylindrical pair,
    ground axis ``u`` = z through ``guide_point`` G); its point D on the rod and its
    arm to B: B is ``arm`` from the rod and ``arm_offset`` above D. Input ``"slider"``:
    the angle of D→B about u, from +x (``arm_angle`` radians in the drawing). The
    height of D follows from ‖A0B‖ = ``link``: of its two values, ``assembly="lower"``
    takes the lower slider, ``"upper"`` the upper.
    """
    L, r = _positive("link", link), _positive("arm", arm)
    A0, G = numbers_of("pivot", pivot), numbers_of("guide_point", guide_point)
    arm_offset = number("arm_offset", arm_offset)
    u = np.array([0.0, 0.0, 1.0])
    phi = angle_in_radians("arm_angle", arm_angle)
    assembly = choose_mode("assembly", assembly, SSC_MODES)
    radial = _clean(r * np.array([math.cos(phi), math.sin(phi), 0.0]))
    # B = G + (s + arm_offset) u + radial, |B − A0| = L  → quadratic in s
    w = G + radial - A0
    b = 2 * (w @ u + arm_offset)
    c = w @ w + 2 * arm_offset * (w @ u) + arm_offset**2 - L**2
    disc = b * b - 4 * c
    if disc < 0:
        raise MechanismError(
            f"SSC: the link of length {L} cannot reach the slider's arm at {math.degrees(phi):.4g}°; "
            "lengthen the link or move the rod."
        )
    s = (-b - math.sqrt(disc)) / 2 if assembly == "lower" else (-b + math.sqrt(disc)) / 2
    D = G + s * u
    B = D + arm_offset * u + radial
    m = Mechanism("SSC", dimension=3)
    m.add_ground({"A0": tuple(A0), "G": tuple(G)}, vectors={"u": tuple(u)})
    m.add_body("link", {"A0": tuple(A0), "B": tuple(B)})
    m.add_body("slider", {"D": tuple(D), "B": tuple(B)}, vectors={"u": tuple(u)})
    m.add_spherical("ground", "link", at="A0")
    m.add_spherical("link", "slider", at="B")
    m.add_cylindrical("ground", "slider", axis="u", points=("G", "D"))
    m.add_angle_driver("slider", tail="D", head="B", axis="u")
    return m


def spatial_slider_crank(crank: float = 1.0, rod: float = 3.0, offset: tuple[float, float] = (0.4, 0.6),
                         crank_angle: float = 0.0) -> Mechanism:
    """A slider-crank in space: a prismatic pair (translational joint) at work.

    Crank A0B turns about the z axis through the origin (revolute, axis ``w1``); the rod
    BC has ball joints at both ends; the slider carries C along the ground line through
    G = (0, offset[0], offset[1]) parallel to x (translational joint, axis ``ex``), and
    its point K = C + (0, 0.3, 0) shows that it does not turn. Input ``"crank"``: the
    angle of A0→B about w1 from +x (``crank_angle`` radians in the drawing).
    The slider is at x = r cos θ + √(l² − e_z² − (e_y − r sin θ)²).
    """
    r, l = _positive("crank", crank), _positive("rod", rod)
    ey, ez = numbers_of("offset", offset, 2, "numbers (y, z) of the slider's line")
    theta = angle_in_radians("crank_angle", crank_angle)
    B = _clean(r * np.array([math.cos(theta), math.sin(theta), 0.0]))
    reach = l * l - ez * ez - (ey - B[1]) ** 2
    if reach <= 0:
        raise MechanismError(f"The rod of length {l} cannot reach the slider's line at this crank angle.")
    C = np.array([B[0] + math.sqrt(reach), ey, ez])
    m = Mechanism("spatial slider-crank", dimension=3)
    m.add_ground({"A0": (0.0, 0.0, 0.0), "G": (0.0, ey, ez)}, vectors={"w1": (0.0, 0.0, 1.0), "ex": (1.0, 0.0, 0.0)})
    m.add_body("crank", {"A0": (0.0, 0.0, 0.0), "B": tuple(B)}, vectors={"w1": (0.0, 0.0, 1.0)})
    m.add_body("rod", {"B": tuple(B), "C": tuple(C)})
    m.add_body("slider", {"C": tuple(C), "K": tuple(C + np.array([0.0, 0.3, 0.0]))}, vectors={"ex": (1.0, 0.0, 0.0)})
    m.add_revolute("ground", "crank", at="A0", axis="w1")
    m.add_spherical("crank", "rod", at="B")
    m.add_spherical("rod", "slider", at="C")
    m.add_translational("ground", "slider", axis="ex", points=("G", "C"))
    m.add_angle_driver("crank", tail="A0", head="B", axis="w1")
    return m


def cardan_joint(shaft_angle: float = math.radians(30.0)) -> Mechanism:
    """Two shafts joined by a universal (Cardan) joint, the input shaft driven.

    Shaft 1 turns about w1 = x, shaft 2 about w2 = (cos β, sin β, 0), β = ``shaft_angle``
    (radians), both through the centre O of the cross (revolutes ``R1``, ``R2``). The
    cross's arm ``a`` = z is fixed to shaft 1, its arm ``b`` = (−sin β, cos β, 0) to shaft
    2, at right angles (universal ``U_O``). The shafts carry A = (0, −1, 0) and
    B = (0, 0, 1) to show their turning. Input ``"input"``: the angle of O→A about w1.
    Turned from the drawing by φ₁ and φ₂, the shafts keep a·b = 0, that is
    tan φ₂ = cos β tan φ₁ (:func:`mbtools.analysis.closed_forms.cardan_output_rotation`).
    """
    beta = angle_in_radians("shaft_angle", shaft_angle)
    if not abs(beta) < math.pi / 2:
        raise MechanismError(
            f"Cardan joint: shaft_angle {beta:.6g} rad ({math.degrees(beta):.4g}°) must lie between −π/2 and π/2 "
            "(an angle in degrees? pass math.radians of it)."
        )
    w2 = tuple(_clean(np.array([math.cos(beta), math.sin(beta), 0.0])))
    b = tuple(_clean(np.array([-math.sin(beta), math.cos(beta), 0.0])))
    m = Mechanism("Cardan joint", dimension=3)
    m.add_ground({"O": (0.0, 0.0, 0.0)}, vectors={"w1": (1.0, 0.0, 0.0), "w2": w2})
    m.add_body("shaft1", {"O": (0.0, 0.0, 0.0), "A": (0.0, -1.0, 0.0)},
               vectors={"w1": (1.0, 0.0, 0.0), "a": (0.0, 0.0, 1.0)})
    m.add_body("shaft2", {"O": (0.0, 0.0, 0.0), "B": (0.0, 0.0, 1.0)}, vectors={"w2": w2, "b": b})
    m.add_revolute("ground", "shaft1", at="O", axis="w1", name="R1")
    m.add_revolute("ground", "shaft2", at="O", axis="w2", name="R2")
    m.add_universal("shaft1", "shaft2", at="O", axes=("a", "b"))
    m.add_angle_driver("input", tail="O", head="A", axis="w1")
    return m


def ball_jointed_body(points: dict, vectors: dict | None = None, name: str = "ball-jointed body") -> Mechanism:
    """One body hung from the ground by a ball joint at the origin O: the smallest
    spatial mechanism on which a body's own conditions can be seen alone.

    The ground holds O; the body, named ``"body"``, holds O and ``points``, and carries
    ``vectors`` (unit vectors, by name). The joint is the spherical pair ``S_O``; there
    is no input, so the body keeps the three rotational freedoms of the joint (fewer in
    a formulation that does not see some of them, such as the spin of a body with two
    points only).

    Parameters
    ----------
    points : dict
        The body's points besides O, name → (x, y, z) in the drawing.
    vectors : dict, optional
        The body's unit vectors, name → direction in the drawing.
    name : str
        The mechanism's name.

    Example
    -------
    >>> m = ball_jointed_body({"P": (2.0, 0.0, 0.0)}, {"u": (0.0, 0.0, 1.0)}, name="arm")
    >>> sorted(m.bodies["body"].points), [j.name for j in m.joints], m.gruebler_kutzbach()
    (['O', 'P'], ['S_O'], 3)
    """
    if not isinstance(points, dict) or "O" in points:
        raise MechanismError(
            "ball_jointed_body(points, vectors): points maps the body's point names other than O to "
            "their (x, y, z) in the drawing, e.g. {'P': (2, 0, 0)}; O is the joint at the origin."
        )
    m = Mechanism(name, dimension=3)
    m.add_ground({"O": (0.0, 0.0, 0.0)})
    m.add_body("body", {"O": (0.0, 0.0, 0.0), **points}, vectors=vectors)
    m.add_spherical("ground", "body", at="O")
    return m
