"""Slider-cranks with clearance: the slider playing in its guide (a translational
clearance joint) and the rod's pin playing in the slider (a revolute clearance joint).

The data of Flores, Leine & Glocker (Multibody Syst. Dyn. 23:165, 2010), Table 1, as a
public nonsmooth code's example keeps them (``CLEARANCE_DATA``): crank l₁ = 0.153 m, rod
l₂ = 0.306 m, a slider 2a × 2b = 0.1 × 0.05 m in a guide 2c = 2 mm higher than it, masses
0.038, 0.038, 0.076 kg, moments of inertia 7.4e-5, 5.9e-4, 2.7e-6 kg·m² (about each
body's centre of mass; the crank's and rod's at mid-length, the slider's at the pin B),
gravity 9.81 m/s², and the start: everything along the x axis, the crank turning at
150 rad/s and the rod at −75 rad/s (so that B starts at rest), for 0.2 s.

The slider is joined to the rod at B and otherwise free: three degrees of freedom (the
crank's, the rod's and the slider's angles; B's height is the slider's play). Its four
corners P1 (−a, b), P2 (a, b), P3 (−a, −b), P4 (a, −b) about B meet the guide's walls
y = ±(b + c).

**The revolute clearance** (``REVOLUTE_CLEARANCE_DATA``; data of the kind Flores and
co-workers use for their slider-crank studies, stated here as this book's example):
crank l₁ = 0.05 m, rod l₂ = 0.12 m, masses 0.30, 0.21, 0.14 kg, moments of inertia
1e-5, 2.5e-4, 1e-4 kg·m² (about each centre of mass, at mid-length for crank and rod, at
the pin for the slider); the crank driven at 5000 rpm; the rod ends in a bearing of
radius 10 mm at B, in which the slider's pin of 9.5 mm plays (c = 0.5 mm); steel on
steel (E = 207 GPa, ν = 0.3), restitution 0.9; gravity 9.81 m/s², two turns of the
crank (0.024 s). Everything starts along the x axis, pin and bearing concentric, with
the velocities of the ideal mechanism there (the slider at rest).

Example
-------
>>> m = translational_clearance_slider_crank()
>>> sorted(m.bodies["slider"].points)
['B', 'P1', 'P2', 'P3', 'P4']
>>> [(c.point, float(c.normal[1]), round(c.offset, 12)) for c in guide_contacts()][:2]
[('P1', -1.0, -0.026), ('P2', -1.0, -0.026)]
"""

from __future__ import annotations

import numpy as np

from ..description import MassProperties, Mechanism
from ..description.contacts import PlaneContact

#: The data of Flores, Leine & Glocker's translational clearance slider-crank, lengths (m), the slider's
#: half-length a and half-height b (m), the gap c on each side (m), masses (kg), moments
#: of inertia (kg·m²), the start's angular velocities (rad/s), gravity (m/s²), the span (s),
#: and the restitution and friction of the nonsmooth reference run.
CLEARANCE_DATA = {"crank": 0.153, "rod": 0.306, "half_length": 0.05, "half_height": 0.025, "clearance": 0.001,
                  "masses": (0.038, 0.038, 0.076), "inertias": (7.4e-5, 5.9e-4, 2.7e-6),
                  "omega_crank": 150.0, "omega_rod": -75.0, "gravity": 9.81, "duration": 0.2,
                  "restitution": 0.4, "friction": 0.01}

#: The corners of the slider, as (x, y) in units of (a, b) about the pin B.
CORNERS = {"P1": (-1.0, 1.0), "P2": (1.0, 1.0), "P3": (-1.0, -1.0), "P4": (1.0, -1.0)}


def translational_clearance_slider_crank(data: dict | None = None) -> Mechanism:
    """The slider-crank of ``CLEARANCE_DATA`` (or ``data``, the same keys) drawn along the
    x axis, the slider centred in its guide, without the guide: the walls are contacts
    (:func:`guide_contacts`, and compliant in ``mbtools.analysis.clearance``)."""
    d = {**CLEARANCE_DATA, **(data or {})}
    l1, l2, a, b = d["crank"], d["rod"], d["half_length"], d["half_height"]
    (m1, m2, m3), (j1, j2, j3) = d["masses"], d["inertias"]
    xb = l1 + l2
    m = Mechanism("slider-crank with a translational clearance")
    m.add_ground({"O": (0.0, 0.0)})
    m.add_body("crank", {"O": (0.0, 0.0), "A": (l1, 0.0)}, mass=MassProperties(m1, (0.5 * l1, 0.0), j1))
    m.add_body("rod", {"A": (l1, 0.0), "B": (xb, 0.0)}, mass=MassProperties(m2, (l1 + 0.5 * l2, 0.0), j2))
    corners = {name: (xb + sx * a, sy * b) for name, (sx, sy) in CORNERS.items()}
    m.add_body("slider", {"B": (xb, 0.0), **corners}, mass=MassProperties(m3, (xb, 0.0), j3))
    m.add_revolute("ground", "crank", at="O")
    m.add_revolute("crank", "rod", at="A")
    m.add_revolute("rod", "slider", at="B")
    return m


def guide_walls(data: dict | None = None) -> list[tuple[str, tuple, float]]:
    """(corner, normal into the guide, offset) of each corner's wall: nᵀ r = offset."""
    d = {**CLEARANCE_DATA, **(data or {})}
    wall = d["half_height"] + d["clearance"]
    return [(name, (0.0, -sy), -wall) for name, (_, sy) in CORNERS.items()]


def guide_contacts(restitution: float = CLEARANCE_DATA["restitution"], friction: float = CLEARANCE_DATA["friction"],
                   data: dict | None = None) -> list[PlaneContact]:
    """The walls as rigid, impulsive contacts (Newton's e, Coulomb's μ) of the corners."""
    return [PlaneContact(name, normal, offset=offset, restitution=restitution, friction=friction,
                         name=f"{name} on the guide") for name, normal, offset in guide_walls(data)]


def clearance_twist(data: dict | None = None) -> dict:
    """The start's body motions: crank and rod turning, B (and the slider) at rest."""
    d = {**CLEARANCE_DATA, **(data or {})}
    return {"crank": {"omega": d["omega_crank"], "point": ("O", (0.0, 0.0))},
            "rod": {"omega": d["omega_rod"], "point": ("A", (0.0, d["omega_crank"] * d["crank"]))},
            "slider": {"omega": 0.0, "point": ("B", (0.0, 0.0))}}


#: The data of the revolute clearance slider-crank, lengths (m), masses (kg), moments of inertia
#: (kg·m²), the crank's speed (rpm), the bearing's and journal's radii (m), their Young
#: modulus (Pa) and Poisson ratio, the restitution and friction coefficients, gravity
#: (m/s²) and the span (s, two turns of the crank).
REVOLUTE_CLEARANCE_DATA = {"crank": 0.05, "rod": 0.12, "masses": (0.30, 0.21, 0.14),
                           "inertias": (1e-5, 2.5e-4, 1e-4), "crank_rpm": 5000.0, "bearing_radius": 0.010,
                           "journal_radius": 0.0095, "young": 207e9, "poisson": 0.3, "restitution": 0.9,
                           "friction": 0.0, "gravity": 9.81, "duration": 0.024}


def revolute_clearance_slider_crank(data: dict | None = None, ideal: bool = False) -> Mechanism:
    """The slider-crank of ``REVOLUTE_CLEARANCE_DATA`` drawn along the x axis: the rod's
    bearing at its end B, the slider's pin J drawn at B (concentric). The pin is held by
    nothing but its contact (``mbtools.analysis.clearance.revolute_clearance_system``);
    with ``ideal`` the slider carries B itself and an ideal revolute joins it to the rod.
    Input ``"crank"``: the crank's angle."""
    d = {**REVOLUTE_CLEARANCE_DATA, **(data or {})}
    l1, l2 = d["crank"], d["rod"]
    (m1, m2, m3), (j1, j2, j3) = d["masses"], d["inertias"]
    xb = l1 + l2
    pin = "B" if ideal else "J"
    m = Mechanism("slider-crank with an ideal pin" if ideal else "slider-crank with a revolute clearance")
    m.add_ground({"O": (0.0, 0.0), "G1": (0.0, 0.0), "G2": (1.0, 0.0)})
    m.add_body("crank", {"O": (0.0, 0.0), "A": (l1, 0.0)}, mass=MassProperties(m1, (0.5 * l1, 0.0), j1))
    m.add_body("rod", {"A": (l1, 0.0), "B": (xb, 0.0)}, mass=MassProperties(m2, (l1 + 0.5 * l2, 0.0), j2))
    m.add_body("slider", {pin: (xb, 0.0), "C": (xb + l1, 0.0)}, mass=MassProperties(m3, (xb, 0.0), j3))
    m.add_revolute("ground", "crank", at="O")
    m.add_revolute("crank", "rod", at="A")
    if ideal:
        m.add_revolute("rod", "slider", at="B")
    m.add_prismatic("ground", ("G1", "G2"), "slider", (pin, "C"), name="guide")
    m.add_angle_driver("crank", tail="O", head="A")
    return m


def crank_speed_of(data: dict | None = None) -> float:
    """The crank's angular velocity (rad/s) from the data's rpm."""
    d = {**REVOLUTE_CLEARANCE_DATA, **(data or {})}
    return float(d["crank_rpm"]) * 2.0 * np.pi / 60.0


def revolute_clearance_twist(data: dict | None = None, ideal: bool = False) -> dict:
    """The start's body motions, the ideal mechanism's along the x axis: the crank at its
    speed ω, the rod at −ω l₁/l₂ about A, the slider at rest."""
    d = {**REVOLUTE_CLEARANCE_DATA, **(data or {})}
    omega = crank_speed_of(d)
    pin = "B" if ideal else "J"
    return {"crank": {"omega": omega, "point": ("O", (0.0, 0.0))},
            "rod": {"omega": -omega * d["crank"] / d["rod"], "point": ("A", (0.0, omega * d["crank"]))},
            "slider": {"omega": 0.0, "point": (pin, (0.0, 0.0))}}
