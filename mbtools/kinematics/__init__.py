"""Analyses of a model's motion: the position problem (Newton–Raphson), velocity and
acceleration (linear systems with Φ_q), sweeps, idle freedoms and redundant equations
at a given position, and the choice of independent coordinates (coordinate
partitioning) with the velocity transformation q̇ = R ż; rotations by exponentials
(the rotation vector, Rodrigues' formula and the tangent operator)."""

from .exponential import (rotation_exp, rotation_log, shortest_rotation_vector, skew, tangent_operator,
                          tangent_operator_inverse)
from .freedoms import idle_freedoms, redundant_constraints
from .modes import mirrored_bodies, solve_all_positions
from .partition import (CoordinatePartition, EliminationStep, acceleration_from_independent, coordinate_partition,
                        full_pivoting_elimination, velocity_from_independent, velocity_transformation)
from .position import SINGULAR_RCOND, newton_step, solve_position
from .results import NewtonStep, PositionResult, Sweep
from .sweep import sweep_position
from .velocity import solve_acceleration, solve_velocity

__all__ = ["CoordinatePartition", "EliminationStep", "NewtonStep", "PositionResult", "SINGULAR_RCOND", "Sweep", "acceleration_from_independent",
           "coordinate_partition", "full_pivoting_elimination", "idle_freedoms", "mirrored_bodies", "newton_step",
           "redundant_constraints", "rotation_exp", "rotation_log", "shortest_rotation_vector", "skew",
           "solve_acceleration", "solve_all_positions", "solve_position", "solve_velocity", "sweep_position",
           "tangent_operator", "tangent_operator_inverse", "velocity_from_independent", "velocity_transformation"]
