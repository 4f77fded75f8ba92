"""Small mechanisms for contact-force and friction laws: a block on a slide (LuGre's
stick-slip test) and a ball dropped on a floor (a contact law's restitution).

**LuGre's stick-slip test** (Canudas de Wit, Olsson, Åström & Lischinsky 1995; the data
of ``LUGRE_DATA``, as in a published example of a multibody code): a block of M = 1 kg on
a horizontal slide, pulled through a spring K = 2 N/m whose far end moves at U = 0.1 t
(m), so that the spring force is K (U t − x); friction under a normal force of 1 N with
σ₀ = 1e5 1/m, σ₁ = √σ₀ s/m, σ₂ = 0.4 N·s/m, μ_c = 1, μ_s = 1.5, v_s = 0.001 m/s. The
block sticks until the spring pulls 1.5 N, slips, sticks again: x(25 s) = 1.9088392 m
by an independent code's variable-step integration.

**A ball on a floor**: a disc of mass m (its centre C and a point D on its rim, drawn
``height`` above the floor y = 0), dropped or thrown onto the floor; a compliant contact
at its lowest point gives the contact law's coefficient of restitution.

Example
-------
>>> block = sliding_block()
>>> block.name, [driver.name for driver in block.drivers]
('block on a slide', ['x'])
>>> LUGRE_DATA["x_at_25"]
1.9088392
"""

from __future__ import annotations

import math

import numpy as np

from ..description import MassProperties, Mechanism
from ..description.validate import positive_length

#: The data of LuGre's stick-slip test, mass (kg), spring (N/m), pulling speed (m/s), normal force (N),
#: the law's σ₀ (1/m), σ₁ (s/m), σ₂ (N·s/m), μ_c, μ_s, v_s (m/s), the span (s) and the
#: reference x(25 s) (m).
LUGRE_DATA = {"mass": 1.0, "spring": 2.0, "pull_speed": 0.1, "normal_force": 1.0, "sigma0": 1e5,
              "sigma1": math.sqrt(1e5), "sigma2": 0.4, "mu_coulomb": 1.0, "mu_static": 1.5,
              "stribeck_speed": 0.001, "duration": 25.0, "x_at_25": 1.9088392}


def sliding_block(mass: float = LUGRE_DATA["mass"]) -> Mechanism:
    """A block (centre C, a second point D 0.1 m ahead) on a horizontal slide along the
    ground's G1→G2, with its position along the slide as the input ``"x"``."""
    m = Mechanism("block on a slide")
    m.add_ground({"G1": (0.0, 0.0), "G2": (1.0, 0.0)})
    m.add_body("block", {"C": (0.0, 0.0), "D": (0.1, 0.0)},
               mass=MassProperties(float(mass), (0.0, 0.0), float(mass) * 0.1**2 / 12.0))
    m.add_prismatic("ground", ("G1", "G2"), "block", ("C", "D"), name="slide")
    m.add_slide_driver("x", ("G1", "G2"), "C")
    return m


def ball(radius: float = 0.05, mass: float = 1.0, height: float = 0.5, dimension: int = 2) -> Mechanism:
    """A free disc (plane) or sphere (space) of ``radius`` and ``mass``, its centre C drawn
    ``height`` above the floor (y = 0 in the plane, z = 0 in space), with its lowest point
    L (the one that touches) and a rim point D: a uniform disc, I = m r²/2 (plane), or a
    solid sphere, I = 2 m r²/5 (space).

    L is a material point: it touches only while the ball does not spin. A rolling contact
    is made at C with the radius (``PlaneContactForce("C", ..., radius=r)``), where the
    force acts at whichever material point is lowest."""
    radius = positive_length("radius", radius)
    height = positive_length("height", height)
    m = Mechanism("ball", dimension=dimension)
    if dimension == 2:
        m.add_ground({"O": (0.0, 0.0)})
        m.add_body("ball", {"C": (0.0, height), "L": (0.0, height - radius), "D": (radius, height)},
                   mass=MassProperties(float(mass), (0.0, height), 0.5 * float(mass) * radius**2), free=True)
    else:
        inertia = 0.4 * float(mass) * radius**2
        m.add_ground({"O": (0.0, 0.0, 0.0)})
        m.add_body("ball", {"C": (0.0, 0.0, height), "L": (0.0, 0.0, height - radius), "D": (radius, 0.0, height),
                            "E": (0.0, radius, height)},
                   mass=MassProperties(float(mass), (0.0, 0.0, height), inertia * np.eye(3)), free=True)
    return m
