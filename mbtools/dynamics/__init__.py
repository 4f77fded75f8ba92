"""Dynamics on the model contract: mass matrices from the bodies' placements, gravity
and inertia forces by virtual power, and forward dynamics with Lagrange multipliers
(more formulations, loads and prescribed inputs are being built)."""

from .forces import gravity_force, inertia_velocity_terms, potential_energy
from .inverse import InverseDynamics, inverse_dynamics
from .loads import PointForce, Spring, Torque
from .mass import kinetic_energy, mass_matrix, second_moment
from .simulate import FORMULATIONS, Trajectory, simulate
from .system import MultibodySystem

__all__ = ["FORMULATIONS", "InverseDynamics", "MultibodySystem", "PointForce", "Spring", "Torque", "inverse_dynamics", "Trajectory", "gravity_force", "inertia_velocity_terms",
           "kinetic_energy", "mass_matrix", "potential_energy", "second_moment", "simulate"]
