"""The paper's dynamic spatial examples: the gyroscope, a heavy symmetric top on a
spherical joint (Figs. 11 and 12), and the SSC mechanism falling under gravity (Fig. 10).

The paper gives pictures only; the data here are chosen and stated. A disc of mass m and
radius r spins about its own axis; the axis passes through the fixed point O, and the
disc's centre G is at distance ℓ from O. In the reference drawing the axis is
horizontal, G = (0, −ℓ, 0), with gravity along −z: the classic gyroscope. The body
carries O, G and two unit vectors normal to the axis, u₁ = (1, 0, 0) and u₂ = (0, 0, 1),
so that in natural coordinates it has three independent directions and a constant mass
matrix.

Drawn along −y, the axis is the z-axis of the body's z–x–z Euler angles in
reference-point coordinates (the drawing frame is Euler (0, 90°, 0)): their θ is the
top's nutation — the angle of the axis from the vertical — and it is singular where
the axis stands vertical.

Example
-------
>>> m = heavy_top()
>>> sorted(m.bodies), [j.name for j in m.joints]
(['ground', 'top'], ['S_O'])
>>> properties = m.bodies["top"].mass
>>> round(float(properties.inertia[1, 1]), 12), round(float(properties.inertia[0, 0]), 12)   # I₃ = m r²/2, I₁ = m r²/4
(0.005, 0.0025)
"""

from __future__ import annotations

import numpy as np

from ..description import MassProperties, Mechanism
from ..errors import InputError
from ..description.validate import positive_length

#: The stated data of the book's top: mass (kg), disc radius (m), distance O–G (m).
TOP_DATA = {"mass": 1.0, "radius": 0.1, "arm": 0.2}


def heavy_top(mass: float = TOP_DATA["mass"], radius: float = TOP_DATA["radius"],
              arm: float = TOP_DATA["arm"], axis=(0.0, -1.0, 0.0)) -> Mechanism:
    """The symmetric top: a thin disc (I₃ = m r²/2 about its axis, I₁ = m r²/4 about a
    diameter, both at G) on a spherical joint at O, drawn with its axis along ``axis``
    (−y by default). Drawn along z, its relative coordinates — the Bryant x–y–z angles of
    the spherical joint — are, under gravity along −x, the precession about the vertical,
    a tilt and the spin: the two that turn in a steady precession are cyclic."""
    m, r, l = positive_length("mass", mass), positive_length("radius", radius), positive_length("arm", arm)
    axis = np.asarray(axis, dtype=float)
    if axis.shape != (3,) or not np.isfinite(axis).all() or np.linalg.norm(axis) == 0:
        raise InputError(f"heavy_top: axis must be three finite numbers, not all zero; got {axis!r}.")
    axis = axis / np.linalg.norm(axis)
    across = np.array([1.0, 0.0, 0.0]) if abs(axis[0]) < 0.9 else np.array([0.0, 1.0, 0.0])
    u1 = across - (across @ axis) * axis
    u1 /= np.linalg.norm(u1)
    u2 = np.cross(axis, u1)
    I3, I1 = 0.5 * m * r * r, 0.25 * m * r * r
    inertia = I1 * (np.eye(3) - np.outer(axis, axis)) + I3 * np.outer(axis, axis)
    mechanism = Mechanism("heavy symmetric top", dimension=3)
    mechanism.add_ground({"O": (0.0, 0.0, 0.0)})
    mechanism.add_body("top", {"O": (0.0, 0.0, 0.0), "G": tuple(l * axis)},
                       vectors={"u1": tuple(u1), "u2": tuple(u2)},
                       mass=MassProperties(m, tuple(l * axis), inertia))
    mechanism.add_spherical("ground", "top", at="O")
    return mechanism


#: The "hard" heavy top of the Lie-group integration literature (Arnold & Brüls 2007;
#: Brüls, Cardona & Arnold 2012): mass (kg), G in the body (m), the central inertia
#: J_G (kg·m², the body's axes = the ground's at t = 0), the initial angular velocity
#: (rad/s, spin 150 about the axis OG, −4.61538 about the vertical) and the time span (s).
HARD_TOP_DATA = {"mass": 15.0, "centre": (0.0, 1.0, 0.0), "inertia": (0.234375, 0.46875, 0.234375),
                 "omega": (0.0, 150.0, -4.61538), "t_end": 10.0}


def hard_heavy_top() -> Mechanism:
    """The hard heavy top (:data:`HARD_TOP_DATA`): a symmetric body on a spherical joint
    at O with G one metre along +y, spinning fast about OG, with gravity along −z. A
    benchmark for integrators: the spin (150 rad/s) is 70 times the slow precession.

    >>> top = hard_heavy_top()
    >>> round(float(top.bodies["top"].mass.inertia[1, 1]), 6), top.bodies["top"].mass.mass
    (0.46875, 15.0)
    """
    data = HARD_TOP_DATA
    mechanism = Mechanism("hard heavy top", dimension=3)
    mechanism.add_ground({"O": (0.0, 0.0, 0.0)})
    mechanism.add_body("top", {"O": (0.0, 0.0, 0.0), "G": data["centre"]},
                       vectors={"u1": (1.0, 0.0, 0.0), "u2": (0.0, 0.0, 1.0)},
                       mass=MassProperties(data["mass"], data["centre"], np.diag(data["inertia"])))
    mechanism.add_spherical("ground", "top", at="O")
    return mechanism


#: The stated data of the SSC under gravity (paper, Fig. 10): masses (kg) and radii (m) of
#: the link A0–B and of the slider D–B, both solid cylinders.
SSC_DYNAMICS_DATA = {"link_mass": 2.0, "slider_mass": 1.0, "radius": 0.05}


def falling_ssc(link_mass: float = SSC_DYNAMICS_DATA["link_mass"], slider_mass: float = SSC_DYNAMICS_DATA["slider_mass"],
                radius: float = SSC_DYNAMICS_DATA["radius"]) -> Mechanism:
    """The SSC mechanism of :func:`mbtools.examples.ssc` (drawn with the slider's arm at
    30°) with masses: the link A0–B and the slider D–B are uniform solid cylinders of
    ``radius``. Released at rest, it falls under gravity (−z): the paper's Fig. 10."""
    from ..description import set_masses, uniform_bar
    from .spatial import ssc

    mechanism = ssc()
    p = mechanism.point_position
    r = positive_length("radius", radius)
    set_masses(mechanism, {"link": uniform_bar(positive_length("link_mass", link_mass), p("A0"), p("B"), radius=r),
                           "slider": uniform_bar(positive_length("slider_mass", slider_mass), p("D"), p("B"), radius=r)})
    return mechanism
