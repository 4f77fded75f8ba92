"""The description of a mechanism, independent of any coordinates: bodies with named
points and unit vectors in an assembled drawing, joints as data, inputs, mass
properties. The first layer of mbtools: it imports no other layer.
"""

from .frames import angle_about, axis_frame
from .inertia import MassProperties, set_masses, uniform_bar
from .joints import (
    GROUND,
    JOINT_TYPES,
    AngleDriver,
    Body,
    Cylindrical,
    Prismatic,
    Revolute,
    Rigid,
    SlideDriver,
    Spherical,
    Translational,
    Universal,
)
from .mechanism import Mechanism
from .topology import spanning_tree

__all__ = [
    "GROUND", "JOINT_TYPES", "AngleDriver", "Body", "Cylindrical", "MassProperties", "Mechanism",
    "Prismatic", "Revolute", "Rigid", "SlideDriver", "Spherical", "Translational", "Universal",
    "angle_about", "axis_frame", "set_masses", "spanning_tree", "uniform_bar",
]
