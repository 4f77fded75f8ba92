"""The planar examples: the four-bar and the offset slider-crank.

Example
-------
>>> m = four_bar(crank=2.0, coupler=7.0, rocker=9.0, ground=6.0)
>>> sorted(m.bodies)
['coupler', 'crank', 'ground', 'rocker']
>>> [d.name for d in m.drivers]
['crank']
"""

from __future__ import annotations

import math

import numpy as np

from ..description import Mechanism
from ..description.validate import choose_mode, number, positive_length as _positive
from ..errors import MechanismError

FOUR_BAR_MODES = ("open", "crossed")
SLIDER_CRANK_MODES = ("right", "left")


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
    coupler_point : tuple of float, optional
        (u, v): adds a point P to the coupler at u along A→B and v to its left (P traces the
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
    assembly = choose_mode("assembly", assembly, FOUR_BAR_MODES)
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
        If the slider line cannot be reached (``abs(offset) >= crank + rod``).
    """
    r = _positive("crank", crank)
    l = _positive("rod", rod)
    e = number("offset", offset)
    assembly = choose_mode("assembly", assembly, SLIDER_CRANK_MODES)
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




def watt_six_bar() -> Mechanism:
    """A Watt six-bar: two loops. The four-bar O2–A–B–O4 (crank O2–A, coupler A–B) whose
    rocker is a ternary link O4–B–C, and a second loop C–D–O6 (a link C–D and an output
    rocker O6–D); seven revolute joints, one degree of freedom, driven by the crank angle
    ``"crank"``.

    >>> from mbtools import coordinate_counts
    >>> count = coordinate_counts(watt_six_bar())["basic"]
    >>> count.coordinates, count.constraints, count.mobility
    (8, 7, 1)
    """
    m = Mechanism("Watt six-bar")
    m.add_ground({"O2": (0.0, 0.0), "O4": (6.0, 0.0), "O6": (11.0, 0.0)})
    m.add_body("crank", {"O2": (0.0, 0.0), "A": (0.0, 2.0)})
    m.add_body("coupler", {"A": (0.0, 2.0), "B": (5.0, 4.0)})
    m.add_body("rocker", {"O4": (6.0, 0.0), "B": (5.0, 4.0), "C": (7.0, 3.0)})
    m.add_body("link", {"C": (7.0, 3.0), "D": (10.0, 5.0)})
    m.add_body("output", {"O6": (11.0, 0.0), "D": (10.0, 5.0)})
    for body_i, body_j, point in (("ground", "crank", "O2"), ("crank", "coupler", "A"), ("coupler", "rocker", "B"),
                                  ("ground", "rocker", "O4"), ("rocker", "link", "C"), ("link", "output", "D"),
                                  ("ground", "output", "O6")):
        m.add_revolute(body_i, body_j, at=point)
    m.add_angle_driver("crank", tail="O2", head="A")
    return m


def inverted_slider_crank(crank: float = 1.0, pivots: float = 2.0, angle: float = math.radians(60.0)) -> Mechanism:
    """The inverted slider-crank (the quick-return mechanism): a crank O2–A turning fully,
    a block pinned to it at A that slides along a rocker pivoted at O4, ``pivots`` below O2;
    the rocker's guide is its line O4–R. Drawn with the crank at ``angle``; driven by the
    crank angle ``"crank"``.

    >>> from mbtools import coordinate_counts
    >>> count = coordinate_counts(inverted_slider_crank())["relative"]
    >>> count.coordinates, count.constraints, count.mobility
    (3, 2, 1)
    """
    r, d = _positive("crank", crank), _positive("pivots", pivots)
    if r >= d:
        raise MechanismError(f"The inverted slider-crank needs the crank ({r}) shorter than the distance between the "
                             f"pivots ({d}): otherwise the rocker's guide would pass through O4's own pin.")
    O2, O4 = np.array([0.0, 0.0]), np.array([0.0, -d])
    A = r * np.array([math.cos(angle), math.sin(angle)])
    u = (A - O4) / np.linalg.norm(A - O4)
    m = Mechanism("inverted slider-crank")
    m.add_ground({"O2": O2, "O4": O4})
    m.add_body("crank", {"O2": O2, "A": A})
    m.add_body("block", {"A": A, "A2": A + 0.25 * (d + r) * u})
    m.add_body("rocker", {"O4": O4, "R": O4 + 1.5 * (d + r) * u})
    m.add_revolute("ground", "crank", at="O2")
    m.add_revolute("crank", "block", at="A")
    m.add_revolute("ground", "rocker", at="O4")
    m.add_prismatic("rocker", ("O4", "R"), "block", ("A", "A2"))
    m.add_angle_driver("crank", tail="O2", head="A")
    return m
