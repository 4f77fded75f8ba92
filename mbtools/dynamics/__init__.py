"""Dynamics on the model contract: mass matrices from the bodies' placements, gravity
and inertia forces by virtual power, loads, prescribed inputs, forward dynamics by
interchangeable formulations (Lagrange multipliers, null-space projection, ALI3-P),
inverse dynamics, static equilibrium and small vibrations, compliant contacts with
friction."""

from ..description.contacts import PlaneContact
from .forces import gravity_force, inertia_velocity_terms, potential_energy
from .impact import ImpactResult, solve_impact
from .inverse import InverseDynamics, InverseDynamicsHistory, inverse_dynamics, inverse_dynamics_along
from .bushings import Bushing
from .compliant_contacts import PlaneContactForce, SlidingFriction
from .clearance_joints import ClearanceJointForce, CylindricalClearanceForce
from .contact_laws import Flores, Hertz, HuntCrossley, LankaraniNikravesh
from .friction_laws import LuGre, RegularisedCoulomb, StribeckFriction
from .joint_springs import RotationalSpring
from .loads import DriverForce, PointForce, Spring, Torque
from .mass import kinetic_energy, mass_matrix, second_moment
from .simulate import FORMULATIONS, Trajectory, simulate
from .prescribed import PrescribedMotion
from .statics import Equilibrium, static_equilibrium
from .vibration import Linearization, NaturalModes, linearize, natural_modes
from .system import MultibodySystem

__all__ = ["ClearanceJointForce", "CylindricalClearanceForce", "PlaneContactForce", "SlidingFriction", "Flores", "Hertz", "HuntCrossley", "LankaraniNikravesh", "LuGre",
           "RegularisedCoulomb", "StribeckFriction", "Equilibrium", "Linearization", "NaturalModes", "static_equilibrium", "linearize", "natural_modes",
           "Bushing", "DriverForce", "RotationalSpring", "ImpactResult", "PlaneContact", "solve_impact", "PrescribedMotion", "FORMULATIONS", "InverseDynamics", "MultibodySystem", "PointForce", "Spring", "Torque", "inverse_dynamics", "inverse_dynamics_along", "InverseDynamicsHistory", "Trajectory", "gravity_force", "inertia_velocity_terms",
           "kinetic_energy", "mass_matrix", "potential_energy", "second_moment", "simulate"]
