"""mbtools: kinematics and dynamics of multibody systems, after Unda & García de Jalón (1985).

The package is laid out along the data flow, each layer importing only the ones before
it (a test checks it):

====================  ===========================================================
``errors``            the errors and warnings every layer raises
``description/``      a mechanism described once: bodies, points, joints, inputs
``examples/``         the book's mechanisms, and one registry of them
``model/``            the public model contract: Φ, Φ_q, γ, points, placements
``coordinates/``      the four families, each turning a description into a model
``kinematics/``       position, velocity and acceleration problems, sweeps
``dynamics/``         mass matrices, loads, formulations, simulate, inverse dynamics
``analysis/``         counts per family, closed forms, benchmarks, validation cases
``viz/``              equations, drawings, animations and widgets for the pages
``exercises/``        checkers of students' answers, with specific feedback
====================  ===========================================================

>>> import math, mbtools
>>> model = mbtools.formulate(mbtools.examples.slider_crank(crank=1.0, rod=3.0), "basic")
>>> q = mbtools.solve_position(model, {"crank": math.pi / 2}).q
>>> model.point(q, "B").round(6)      # B = (√(l² − r²), 0)
array([2.828427, 0.      ])
"""

from __future__ import annotations

from . import examples
from .analysis import FamilyCount, closed_forms, coordinate_counts, counts_table
from .coordinates import FAMILIES, formulate
from .description import MassProperties, Mechanism, set_masses, uniform_bar
from .description import inertia
from .dynamics import (MultibodySystem, PlaneContact, Trajectory, inverse_dynamics, linearize, natural_modes, simulate,
                       solve_impact, static_equilibrium)
from .errors import (
    AssemblyError,
    EquilibriumError,
    InputError,
    MbtoolsError,
    MechanismError,
    SingularJacobianError,
    SingularPositionWarning,
    AccuracyWarning,
    SuspiciousInputWarning,
    UnknownNameError,
)
from .kinematics import (
    NewtonStep,
    PositionResult,
    Sweep,
    coordinate_partition,
    idle_freedoms,
    redundant_constraints,
    solve_acceleration,
    solve_position,
    solve_velocity,
    sweep_position,
    velocity_transformation,
)
from .model import Constraint, Model
from .viz import display, plotting
from . import exercises

__all__ = [
    "AssemblyError",
    "EquilibriumError",
    "inverse_dynamics",
    "linearize",
    "natural_modes",
    "static_equilibrium",
    "Constraint",
    "FAMILIES",
    "FamilyCount",
    "InputError",
    "MassProperties",
    "MbtoolsError",
    "Mechanism",
    "MechanismError",
    "MultibodySystem",
    "Model",
    "NewtonStep",
    "PlaneContact",
    "PositionResult",
    "SingularJacobianError",
    "SingularPositionWarning",
    "AccuracyWarning",
    "SuspiciousInputWarning",
    "Sweep",
    "Trajectory",
    "UnknownNameError",
    "closed_forms",
    "coordinate_counts",
    "coordinate_partition",
    "counts_table",
    "display",
    "examples",
    "exercises",
    "formulate",
    "idle_freedoms",
    "inertia",
    "plotting",
    "redundant_constraints",
    "simulate",
    "solve_acceleration",
    "solve_impact",
    "solve_position",
    "solve_velocity",
    "sweep_position",
    "set_masses",
    "uniform_bar",
    "velocity_transformation",
]
