"""Analyses of a model's motion: the position problem (Newton–Raphson), velocity and
acceleration (linear systems with Φ_q), sweeps, idle freedoms and redundant equations
at a given position."""

from .freedoms import idle_freedoms, redundant_constraints
from .position import SINGULAR_RCOND, newton_step, solve_position
from .results import NewtonStep, PositionResult, Sweep
from .sweep import sweep_position
from .velocity import solve_acceleration, solve_velocity

__all__ = ["NewtonStep", "PositionResult", "SINGULAR_RCOND", "Sweep", "idle_freedoms", "newton_step",
           "redundant_constraints", "solve_acceleration", "solve_position", "solve_velocity", "sweep_position"]
