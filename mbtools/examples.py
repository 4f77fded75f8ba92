"""Mechanisms used throughout the book, each described once.

Every example is drawn in an assembled reference position (the default guess of the
position problem); the functions only build the drawing and never solve anything.

Example
-------
>>> from mbtools import examples
>>> m = examples.four_bar(crank=2.0, coupler=7.0, rocker=9.0, ground=6.0)
>>> sorted(m.bodies)
['coupler', 'crank', 'ground', 'rocker']
>>> [d.name for d in m.drivers]
['crank']
"""

from __future__ import annotations

import math

import numpy as np

from .errors import MechanismError
from .mechanism import Mechanism


def _positive(name: str, value: float, allow_zero: bool = False) -> float:
    try:
        value = float(value)
    except (TypeError, ValueError):
        raise MechanismError(f"{name} must be a number, got {value!r}.") from None
    if not math.isfinite(value) or value < 0 or (value == 0 and not allow_zero):
        raise MechanismError(f"{name} must be a positive length, got {value}.")
    return value


def four_bar(
    crank: float = 2.0,
    coupler: float = 7.0,
    rocker: float = 9.0,
    ground: float = 6.0,
    assembly: str = "open",
    coupler_point: tuple[float, float] | None = None,
) -> Mechanism:
    """The planar four-bar linkage O2–A–B–O4, driven by the crank angle.

    Ground pivots O2 = (0, 0) and O4 = (ground, 0); crank O2A, coupler AB, rocker O4B.
    Input ``"crank"``: the angle of O2→A from +x. The defaults (2, 7, 9, 6) are a
    Grashof crank-rocker (s + l = 2 + 9 < p + q = 7 + 6), so the crank turns fully.

    Parameters
    ----------
    crank, coupler, rocker, ground : float
        Link lengths a, b, c, d.
    assembly : {"open", "crossed"}
        The assembly mode of the reference drawing (and so of the default guess):
        ``"open"`` puts B to the left of the ray A→O4 (the triangle A, B, O4 turns
        clockwise), ``"crossed"`` to its right. It is only where the drawing starts:
        the assembly mode of a solution follows its guess.
    coupler_point : (u, v), optional
        Adds a point P to the coupler at u along A→B and v to its left (P traces the
        coupler curve). The coupler then has three points and two more conditions.

    Raises
    ------
    MechanismError
        If the four lengths cannot close a loop at any crank angle.
    """
    a = _positive("crank", crank)
    b = _positive("coupler", coupler)
    c = _positive("rocker", rocker)
    d = _positive("ground", ground)
    if assembly not in ("open", "crossed"):
        raise MechanismError(f"assembly must be 'open' or 'crossed', got {assembly!r}.")
    longest = max(a, b, c, d)
    if 2 * longest >= a + b + c + d:
        raise MechanismError(
            f"Link lengths crank={a}, coupler={b}, rocker={c}, ground={d} cannot close a "
            f"loop at any crank angle: the longest link ({longest}) must be shorter than the "
            f"sum of the other three ({a + b + c + d - longest})."
        )
    theta = _drawable_crank_angle(a, b, c, d)
    A = np.array([a * math.cos(theta), a * math.sin(theta)])
    O4 = np.array([d, 0.0])
    B = _circle_intersection(A, b, O4, c, clockwise=(assembly == "open"))
    m = Mechanism("four-bar")
    m.add_ground({"O2": (0.0, 0.0), "O4": tuple(O4)})
    m.add_body("crank", {"O2": (0.0, 0.0), "A": tuple(A)})
    coupler_points = {"A": tuple(A), "B": tuple(B)}
    if coupler_point is not None:
        try:
            u, v = (float(x) for x in coupler_point)
        except (TypeError, ValueError):
            raise MechanismError(f"coupler_point must be a pair (u, v), got {coupler_point!r}.") from None
        e = (B - A) / b
        P = A + u * e + v * np.array([-e[1], e[0]])
        coupler_points["P"] = tuple(P)
    m.add_body("coupler", coupler_points)
    m.add_body("rocker", {"O4": tuple(O4), "B": tuple(B)})
    m.add_revolute("ground", "crank", at="O2")
    m.add_revolute("crank", "coupler", at="A")
    m.add_revolute("coupler", "rocker", at="B")
    m.add_revolute("rocker", "ground", at="O4")
    m.add_angle_driver("crank", tail="O2", head="A")
    return m


def _drawable_crank_angle(a: float, b: float, c: float, d: float) -> float:
    """A crank angle (near 60°) at which the loop closes with a well-shaped triangle."""
    best, best_margin = None, -math.inf
    for degrees in sorted(range(0, 360), key=lambda x: abs(x - 60)):
        t = math.radians(degrees)
        e = math.hypot(d - a * math.cos(t), a * math.sin(t))  # |A O4|
        margin = min(b + c - e, e - abs(b - c)) / (b + c)
        if margin > 0.05:
            return t
        if margin > best_margin:
            best, best_margin = t, margin
    if best_margin <= 1e-9:
        raise MechanismError(
            f"Link lengths crank={a}, coupler={b}, rocker={c}, ground={d} cannot close a loop "
            "at any crank angle."
        )
    return best


def _circle_intersection(p1, r1, p2, r2, clockwise: bool) -> np.ndarray:
    """The point X with |X − p1| = r1, |X − p2| = r2 on the chosen side of p1→p2."""
    d = float(np.linalg.norm(p2 - p1))
    along = (r1**2 - r2**2 + d**2) / (2 * d)
    h = math.sqrt(max(r1**2 - along**2, 0.0))
    e = (p2 - p1) / d
    n = np.array([-e[1], e[0]])  # left of p1→p2
    # left of p1→p2 makes (p1, X, p2) clockwise
    return p1 + along * e + (h if clockwise else -h) * n


def slider_crank(crank: float = 1.0, rod: float = 3.0, offset: float = 0.0, assembly: str = "right") -> Mechanism:
    """The offset slider-crank O–A–B, driven by the crank angle.

    Crank pivot O at the origin, crank tip A, rod AB, slider point B on the line
    y = offset. The slider is a body with points B and C = B + (1, 0); the prismatic
    pair keeps B on the guide G1–G2 (the line y = offset) and C–B along it (the paper's
    Fig. 6b with the slider vector along the guide). Input ``"crank"``: the angle of
    O→A from +x.

    Parameters
    ----------
    crank, rod : float
        Crank radius r and rod length l.
    offset : float
        Height of the slider line above O (may be negative or zero).
    assembly : {"right", "left"}
        Side of the crank pivot on which the slider sits in the reference drawing.

    Raises
    ------
    MechanismError
        If the slider line cannot be reached (|offset| ≥ crank + rod).
    """
    r = _positive("crank", crank)
    l = _positive("rod", rod)
    try:
        e = float(offset)
    except (TypeError, ValueError):
        raise MechanismError(f"offset must be a number, got {offset!r}.") from None
    if not math.isfinite(e):
        raise MechanismError(f"offset must be finite, got {e}.")
    if assembly not in ("right", "left"):
        raise MechanismError(f"assembly must be 'right' or 'left', got {assembly!r}.")
    if abs(e) >= r + l:
        raise MechanismError(
            f"The slider line y = {e} is out of reach: |offset| must be less than crank + rod "
            f"= {r + l}."
        )
    # reference drawing: crank at 60° if the rod reaches the line there, else pointing at it
    theta = math.radians(60.0)
    if abs(e - r * math.sin(theta)) >= 0.95 * l:
        theta = math.copysign(math.pi / 2, e) if e else 0.0
    A = np.array([r * math.cos(theta), r * math.sin(theta)])
    side = 1.0 if assembly == "right" else -1.0
    B = np.array([A[0] + side * math.sqrt(l**2 - (e - A[1]) ** 2), e])
    C = B + np.array([1.0, 0.0])
    m = Mechanism("slider-crank")
    m.add_ground({"O": (0.0, 0.0), "G1": (0.0, e), "G2": (1.0, e)})
    m.add_body("crank", {"O": (0.0, 0.0), "A": tuple(A)})
    m.add_body("rod", {"A": tuple(A), "B": tuple(B)})
    m.add_body("slider", {"B": tuple(B), "C": tuple(C)})
    m.add_revolute("ground", "crank", at="O")
    m.add_revolute("crank", "rod", at="A")
    m.add_revolute("rod", "slider", at="B")
    m.add_prismatic("ground", ("G1", "G2"), "slider", ("B", "C"), name="P_slider")
    m.add_angle_driver("crank", tail="O", head="A")
    return m


def _clean(v: np.ndarray) -> np.ndarray:
    """Round-off such as cos 90° = 6e-17 set to zero, so that drawings read cleanly."""
    v = np.asarray(v, dtype=float)
    return np.where(np.abs(v) < 1e-14, 0.0, v)


def _axis_frame(w: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The frame (e₁, e₂) an angle about the unit vector w is measured in: e₁ the ground
    axis least aligned with w, projected normal to it (Mechanism's default), e₂ = w × e₁."""
    e1 = np.eye(3)[int(np.argmin(np.abs(w)))]
    e1 = e1 - np.dot(e1, w) * w
    e1 /= np.linalg.norm(e1)
    return e1, np.cross(w, e1)


def rssr(crank: float = 1.0, coupler: float = 4.0, rocker: float = 2.5,
         rocker_pivot: tuple[float, float, float] = (3.0, 1.0, 1.0), rocker_offset: float = 0.5,
         crank_angle: float = 60.0, assembly: int = 1) -> Mechanism:
    """The spatial RSSR linkage, driven by its crank.

    Crank A0B turns about the z axis through A0 = (0, 0, 0) (revolute, axis ``w1``);
    coupler BC with ball joints at B and C; rocker D0C turns about the y axis through
    ``rocker_pivot`` D0 (revolute, axis ``w2``), C at ``rocker_offset`` along that axis
    from D0 and at distance ``rocker`` from it. Input ``"crank"``: the angle of A0→B
    about w1 from +x. The defaults make a crank that turns fully.

    Parameters
    ----------
    crank, coupler, rocker : float
        |A0B|, |BC| and the radius of C about the rocker axis.
    crank_angle : float
        Crank angle of the reference drawing, degrees.
    assembly : {1, −1}
        Which of the two positions of the rocker the drawing shows.
    """
    a, b, c = (_positive(n, v) for n, v in (("crank", crank), ("coupler", coupler), ("rocker", rocker)))
    D0 = np.asarray(rocker_pivot, dtype=float)
    w1, w2 = np.array([0.0, 0.0, 1.0]), np.array([0.0, 1.0, 0.0])
    theta = math.radians(crank_angle)
    B = _clean(a * np.array([math.cos(theta), math.sin(theta), 0.0]))
    f1, f2 = _axis_frame(w2)
    g = D0 + rocker_offset * w2 - B
    P, Q, R = 2 * c * g @ f1, 2 * c * g @ f2, g @ g + c * c - b * b
    if abs(R) >= math.hypot(P, Q):
        raise MechanismError(
            f"RSSR: with crank {a}, coupler {b} and rocker {c} the coupler cannot reach the "
            f"rocker at a crank angle of {crank_angle}°: choose other lengths or another angle."
        )
    phi = math.atan2(Q, P) + (1 if assembly >= 0 else -1) * math.acos(-R / math.hypot(P, Q))
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
         rod_angle: float = 30.0, rod_point: float = 1.5, crank_angle: float = 90.0) -> Mechanism:
    """The spatial RSCR linkage of the paper's Figs. 1–3, driven by its crank.

    Crank A0B turns about the z axis through A0 = (0, 0, 0) (revolute, axis ``w1``);
    ball joint at B; the coupler slides and turns on the output's rod (cylindrical pair,
    shared axis ``u``), touching it at its point C; the output turns about the y axis
    through ``output_pivot`` E0 (revolute, axis ``w2``). The rod crosses the output
    axis at E0 at right angles, at ``rod_angle`` (degrees, about w2, measured in the
    frame (e₁, e₂) = (x, w2 × x) = (x, −z)) in the drawing, and carries
    the output's point D at ``rod_point`` from E0. The coupler's size is read from the
    drawing: C is the foot of the perpendicular from B to the rod, at crank angle
    ``crank_angle`` (degrees). Input ``"crank"``: the angle of A0→B about w1 from +x.

    With the defaults the distance ρ = |BC| lies between 1 and 3, so the crank turns
    fully and the output swings without reaching a dead point.
    """
    a = _positive("crank", crank)
    E0 = np.asarray(output_pivot, dtype=float)
    w1, w2 = np.array([0.0, 0.0, 1.0]), np.array([0.0, 1.0, 0.0])
    f1, f2 = _axis_frame(w2)
    psi = math.radians(rod_angle)
    u = math.cos(psi) * f1 + math.sin(psi) * f2
    theta = math.radians(crank_angle)
    B = _clean(a * np.array([math.cos(theta), math.sin(theta), 0.0]))
    u = _clean(u)
    D = _clean(E0 + _positive("rod_point", rod_point) * u)
    C = _clean(E0 + np.dot(B - E0, u) * u)
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
        guide_point: tuple[float, float, float] = (1.0, 0.0, 0.0), arm_angle: float = 30.0, assembly: int = 1) -> Mechanism:
    """The spatial SSC mechanism of the paper's second example, driven by the slider's
    angle.

    A link A0B hangs from the ground by a ball joint at ``pivot`` A0 and carries a ball
    joint at B; the slider turns and slides on a fixed vertical rod (cylindrical pair,
    ground axis ``u`` = z through ``guide_point`` G); its point D on the rod and its
    arm to B: B is ``arm`` from the rod and ``arm_offset`` above D. Input ``"slider"``:
    the angle of D→B about u, from +x (degrees ``arm_angle`` in the drawing). The
    height of D follows from |A0B| = ``link``: of its two values, ``assembly`` = 1
    takes the lower slider, −1 the upper.
    """
    L, r = _positive("link", link), _positive("arm", arm)
    A0, G = np.asarray(pivot, dtype=float), np.asarray(guide_point, dtype=float)
    u = np.array([0.0, 0.0, 1.0])
    phi = math.radians(arm_angle)
    radial = _clean(r * np.array([math.cos(phi), math.sin(phi), 0.0]))
    # B = G + (s + arm_offset) u + radial, |B − A0| = L  → quadratic in s
    w = G + radial - A0
    b = 2 * (w @ u + arm_offset)
    c = w @ w + 2 * arm_offset * (w @ u) + arm_offset**2 - L**2
    disc = b * b - 4 * c
    if disc < 0:
        raise MechanismError(
            f"SSC: the link of length {L} cannot reach the slider's arm at {arm_angle}°; "
            "lengthen the link or move the rod."
        )
    s = (-b - math.sqrt(disc)) / 2 if assembly >= 0 else (-b + math.sqrt(disc)) / 2
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
    angle of A0→B about w1 from +x (``crank_angle`` degrees in the drawing).
    The slider is at x = r cos θ + √(l² − e_z² − (e_y − r sin θ)²).
    """
    r, l = _positive("crank", crank), _positive("rod", rod)
    ey, ez = (float(v) for v in offset)
    theta = math.radians(crank_angle)
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


def cardan_joint(shaft_angle: float = 30.0) -> Mechanism:
    """Two shafts joined by a universal (Cardan) joint, the input shaft driven.

    Shaft 1 turns about w1 = x, shaft 2 about w2 = (cos β, sin β, 0), β = ``shaft_angle``
    (degrees), both through the centre O of the cross (revolutes ``R1``, ``R2``). The
    cross's arm ``a`` = z is fixed to shaft 1, its arm ``b`` = (−sin β, cos β, 0) to shaft
    2, at right angles (universal ``U_O``). The shafts carry A = (0, −1, 0) and
    B = (0, 0, 1) to show their turning. Input ``"input"``: the angle of O→A about w1.
    Turned from the drawing by φ₁ and φ₂, the shafts keep a·b = 0, that is
    tan φ₂ = cos β tan φ₁ (:func:`mbtools.closed_forms.cardan_output_rotation`).
    """
    beta = math.radians(shaft_angle)
    if not 0.0 <= abs(shaft_angle) < 90.0:
        raise MechanismError(f"Cardan joint: shaft_angle {shaft_angle}° must lie between −90° and 90°.")
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
