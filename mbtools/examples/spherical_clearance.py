"""The SSC mechanism with a spherical clearance joint: the ball at the end of the slider's
arm plays in a socket at the end of the link.

The geometry of the paper's SSC (``mbtools.examples.ssc``: a link hung from the ground
by a ball joint at A0, a slider turning and sliding on a vertical rod, a ball joint B
between them) at the size of a small machine, with the data of ``SSC_CLEARANCE_DATA``
(illustrative, stated here): link A0B 0.3 m, the slider's arm 0.08 m from the rod and
0.05 m above D, the pivot A0 at (0, 0, 0.2) m, the rod through (0.1, 0, 0) m; a link
of 0.5 kg (a steel tube of radius 10 mm), a slider of 0.3 kg; the slider turned at
2 turns per second. At B the link carries a socket of radius 10.2 mm in which the
slider's ball of 10 mm plays (c = 0.2 mm): steel on steel (E = 207 GPa, ν = 0.3), the
law of Lankarani and Nikravesh at e = 0.9, LuGre friction with μ_c = 0.1, μ_s = 0.15,
v_s = 1 mm/s, σ₀ = 1e5 1/m, σ₁ = 300 s/m, σ₂ = 0.

The link is a body with a frame (A0, B and a unit vector normal to it), since a socket
at its end turns with it; the ball's centre J is a point of the slider drawn at B.

Example
-------
>>> m = ssc_with_spherical_clearance()
>>> sorted(m.bodies["link"].points), sorted(m.bodies["slider"].points)
(['A0', 'B'], ['D', 'J'])
"""

from __future__ import annotations

import math

import numpy as np

from ..description import MassProperties, Mechanism, uniform_bar
from .spatial import ssc

#: The data of the SSC with a spherical clearance, lengths (m), the pivot and the rod's point (m),
#: masses (kg), the link's tube radius (m), the slider's speed (rad/s), the socket's and
#: ball's radii (m), steel's E (Pa) and ν, the restitution, LuGre's μ_c, μ_s, v_s (m/s),
#: σ₀ (1/m), σ₁ (s/m), σ₂ (N·s/m), and gravity (m/s²).
SSC_CLEARANCE_DATA = {"link": 0.3, "arm": 0.08, "arm_offset": 0.05, "pivot": (0.0, 0.0, 0.2),
                      "guide_point": (0.1, 0.0, 0.0), "masses": (0.5, 0.3), "tube_radius": 0.01,
                      "slider_speed": 4.0 * math.pi, "socket_radius": 0.0102, "ball_radius": 0.010,
                      "young": 207e9, "poisson": 0.3, "restitution": 0.9, "mu_coulomb": 0.1, "mu_static": 0.15,
                      "stribeck_speed": 1e-3, "sigma0": 1e5, "sigma1": 300.0, "sigma2": 0.0, "gravity": 9.81}


def ssc_with_spherical_clearance(data: dict | None = None, ideal: bool = False) -> Mechanism:
    """The SSC of ``SSC_CLEARANCE_DATA`` drawn with its slider's arm along +x at 30°: the
    link's socket at B, the slider's ball J drawn at B (concentric), held by nothing but
    their contact (``mbtools.analysis.spherical_clearance``); with ``ideal`` the slider
    carries B and an ideal ball joint joins it to the link. Input ``"slider"``: the arm's
    angle about the rod."""
    d = {**SSC_CLEARANCE_DATA, **(data or {})}
    drawing = ssc(link=d["link"], arm=d["arm"], arm_offset=d["arm_offset"], pivot=d["pivot"],
                  guide_point=d["guide_point"])
    A0 = drawing.bodies["link"].points["A0"]
    B = drawing.bodies["link"].points["B"]
    D = drawing.bodies["slider"].points["D"]
    axis = (B - A0) / np.linalg.norm(B - A0)
    normal = np.cross(axis, (0.0, 0.0, 1.0))
    normal /= np.linalg.norm(normal)
    m_link, m_slider = d["masses"]
    ball = "B" if ideal else "J"
    m = Mechanism("SSC with an ideal ball joint" if ideal else "SSC with a spherical clearance", dimension=3)
    m.add_ground({"A0": tuple(A0), "G": tuple(d["guide_point"])}, vectors={"u": (0.0, 0.0, 1.0)})
    m.add_body("link", {"A0": tuple(A0), "B": tuple(B)}, vectors={"n": tuple(normal)},
               mass=uniform_bar(m_link, tuple(A0), tuple(B), radius=d["tube_radius"]))
    slider_inertia = m_slider * d["arm"] ** 2 / 3.0 * np.diag((1.0, 1.0, 1.0))
    m.add_body("slider", {"D": tuple(D), ball: tuple(B)}, vectors={"u": (0.0, 0.0, 1.0)},
               mass=MassProperties(m_slider, tuple(D), slider_inertia))
    m.add_spherical("ground", "link", at="A0")
    if ideal:
        m.add_spherical("link", "slider", at="B")
    m.add_cylindrical("ground", "slider", axis="u", points=("G", "D"))
    m.add_angle_driver("slider", tail="D", head=ball, axis="u")
    return m
