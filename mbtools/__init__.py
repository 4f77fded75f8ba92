"""mbtools: kinematics and dynamics of multibody systems, after Unda & García de Jalón (1985).

Data flow one way: a :class:`Mechanism` (described once) → :func:`formulate` (a model in
one family of coordinates: Φ, Φ_q, points) → analyses (:func:`solve_position`,
:func:`solve_velocity`, :func:`solve_acceleration`) → plots (``mbtools.plotting``).

>>> import math, mbtools
>>> model = mbtools.formulate(mbtools.examples.slider_crank(crank=1.0, rod=3.0), "basic")
>>> q = mbtools.solve_position(model, {"crank": math.pi / 2}).q
>>> model.point(q, "B").round(6)      # B = (√(l² − r²), 0)
array([2.828427, 0.      ])
"""

from __future__ import annotations

from . import closed_forms, display, examples, inertia, plotting
from .counts import FamilyCount, coordinate_counts, counts_table
from .basic import formulate_basic
from .errors import (
    AssemblyError,
    InputError,
    MbtoolsError,
    MechanismError,
    SingularJacobianError,
    UnknownNameError,
)
from .kinematics import (
    NewtonStep,
    PositionResult,
    SingularPositionWarning,
    Sweep,
    redundant_constraints,
    solve_acceleration,
    solve_position,
    solve_velocity,
    sweep_position,
)
from .inertia import MassProperties, uniform_bar
from .mechanism import Mechanism
from .model import Constraint, Model
from .natural import formulate_natural
from .reference_point import formulate_reference_point
from .relative import formulate_relative

FAMILIES = ("relative", "reference_point", "basic", "natural")


def formulate(mechanism: Mechanism, family: str, **options) -> Model:
    """Formulate a mechanism in a family of coordinates and return its :class:`Model`.

    Parameters
    ----------
    mechanism : Mechanism
    family : str
        ``"relative"`` (joint coordinates; option ``cut_joints=[...]``),
        ``"reference_point"`` (a point and the orientation of each body; option
        ``rotation="euler_angles"`` or ``"euler_parameters"`` in space), ``"basic"``
        (points only, planar) or ``"natural"`` (points and unit vectors).

    Example
    -------
    >>> formulate(examples.four_bar(), "basic")
    <Model of 'four-bar' in basic coordinates: 4 coordinates, 4 constraints, inputs ['crank']>
    """
    if not isinstance(mechanism, Mechanism):
        raise MechanismError(
            f"formulate() takes a Mechanism (e.g. mbtools.examples.four_bar()), got "
            f"{type(mechanism).__name__}."
        )
    if family == "basic":
        if options:
            raise MechanismError(f"Basic coordinates take no options, got {sorted(options)}.")
        return formulate_basic(mechanism)
    if family == "natural":
        if options:
            raise MechanismError(f"Natural coordinates take no options, got {sorted(options)}.")
        return formulate_natural(mechanism)
    if family == "reference_point":
        unknown = set(options) - {"rotation"}
        if unknown:
            raise MechanismError(f"Reference-point coordinates take only rotation=, got {sorted(unknown)}.")
        if mechanism.dimension == 2 and "rotation" in options:
            raise MechanismError(
                "A planar body is oriented by one angle: rotation= (Euler angles or Euler "
                "parameters) applies to spatial mechanisms only."
            )
        return formulate_reference_point(mechanism, options.get("rotation", "euler_angles"))
    if family == "relative":
        unknown = set(options) - {"cut_joints"}
        if unknown:
            raise MechanismError(f"Relative coordinates take only cut_joints=, got {sorted(unknown)}.")
        return formulate_relative(mechanism, options.get("cut_joints"))
    raise MechanismError(
        f"Unknown coordinate family {family!r}: this release formulates {list(FAMILIES)}."
    )


__all__ = [
    "AssemblyError",
    "Constraint",
    "FAMILIES",
    "FamilyCount",
    "InputError",
    "MbtoolsError",
    "MassProperties",
    "Mechanism",
    "MechanismError",
    "Model",
    "NewtonStep",
    "PositionResult",
    "SingularJacobianError",
    "SingularPositionWarning",
    "UnknownNameError",
    "Sweep",
    "closed_forms",
    "coordinate_counts",
    "counts_table",
    "display",
    "examples",
    "formulate",
    "inertia",
    "plotting",
    "redundant_constraints",
    "solve_acceleration",
    "solve_position",
    "solve_velocity",
    "sweep_position",
    "uniform_bar",
]
