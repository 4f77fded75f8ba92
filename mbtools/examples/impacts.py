"""The paper's planar dynamic example: a bar falling and bouncing on the floor (Fig. 9).

The paper gives e = 0.9, μ = 0.2 and 5 s of motion, and pictures; the rest is chosen
here and stated (``FALLING_BAR_DATA``): a uniform bar of 1 m and 1 kg (I = m L²/12
about its centre), drawn with its centre 1 m above the floor, tilted 30° (end A low),
thrown at 1 m/s along +x and spinning clockwise at 2 rad/s. Its ends A and B touch the floor
y = 0 (:class:`~mbtools.PlaneContact`).

Example
-------
>>> bar = falling_bar()
>>> sorted(bar.mechanism.bodies["bar"].points), [c.name for c in bar.contacts], bar.duration
(['A', 'B'], ['A on floor', 'B on floor'], 5.0)
>>> falling_bar_twist(velocity=(1.0, 0.0), omega=2.0, angle=0.0)
{'bar': {'omega': 2.0, 'point': ('A', (1.0, -1.0))}}
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ..description import MassProperties, Mechanism
from ..description.contacts import PlaneContact
from ..description.validate import positive_length

#: The stated data of the bouncing bar: the paper's e, μ and duration, and the rest
#: chosen: length (m), mass (kg), height of the centre (m), tilt (rad, end A low),
#: velocity of the centre (m/s) and angular velocity (rad/s, counter-clockwise).
FALLING_BAR_DATA = {"restitution": 0.9, "friction": 0.2, "duration": 5.0, "length": 1.0, "mass": 1.0,
                    "height": 1.0, "angle": np.pi / 6, "velocity": (1.0, 0.0), "omega": -2.0}


def falling_bar_mechanism(length: float = FALLING_BAR_DATA["length"], mass: float = FALLING_BAR_DATA["mass"],
                          height: float = FALLING_BAR_DATA["height"],
                          angle: float = FALLING_BAR_DATA["angle"]) -> Mechanism:
    """A free uniform bar A–B with its centre at (0, ``height``), end A below end B by
    the tilt ``angle`` (rad)."""
    L, m = positive_length("length", length), positive_length("mass", mass)
    half = 0.5 * L * np.array([np.cos(angle), np.sin(angle)])
    centre = np.array([0.0, float(height)])
    mechanism = Mechanism("falling bar")
    mechanism.add_ground({"O": (0.0, 0.0)})
    mechanism.add_body("bar", {"A": tuple(centre - half), "B": tuple(centre + half)},
                       mass=MassProperties(m, tuple(centre), m * L * L / 12.0), free=True)
    return mechanism


class FallingBar(NamedTuple):
    """The bouncing bar, ready to simulate: its description, its two floor contacts, its
    initial motion (``simulate``'s ``twist=``) and the paper's duration (s)."""

    mechanism: Mechanism
    contacts: list
    twist: dict
    duration: float


def falling_bar(restitution: float = FALLING_BAR_DATA["restitution"], friction: float = FALLING_BAR_DATA["friction"],
                velocity=FALLING_BAR_DATA["velocity"], omega: float = FALLING_BAR_DATA["omega"],
                **geometry) -> FallingBar:
    """The bouncing bar (``geometry``: the keywords of :func:`~mbtools.examples.falling_bar_mechanism`)
    with its ends A and B in contact with the floor y = 0; simulate it with

    ``system = MultibodySystem(formulate(bar.mechanism, "basic"), contacts=bar.contacts)``,
    ``simulate(system, bar.duration, twist=bar.twist)``."""
    floor = [PlaneContact(end, normal=(0.0, 1.0), restitution=restitution, friction=friction, name=f"{end} on floor")
             for end in ("A", "B")]
    twist_geometry = {key: geometry[key] for key in ("length", "angle") if key in geometry}
    return FallingBar(falling_bar_mechanism(**geometry), floor, falling_bar_twist(velocity, omega, **twist_geometry),
                      FALLING_BAR_DATA["duration"])


def falling_bar_twist(velocity=FALLING_BAR_DATA["velocity"], omega: float = FALLING_BAR_DATA["omega"],
                      length: float = FALLING_BAR_DATA["length"], angle: float = FALLING_BAR_DATA["angle"]) -> dict:
    """The bar's initial motion as ``simulate``'s ``twist=``, from the velocity of its
    centre G (m/s) and its angular velocity ω (rad/s): end A moves at
    v_A = v_G + ω k × (A − G)."""
    arm = -0.5 * length * np.array([np.cos(angle), np.sin(angle)])
    v_A = np.asarray(velocity, dtype=float) + float(omega) * np.array([-arm[1], arm[0]])
    return {"bar": {"omega": float(omega), "point": ("A", (round(float(v_A[0]), 15), round(float(v_A[1]), 15)))}}
