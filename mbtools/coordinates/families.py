"""The coordinate families: one table that says what each family is, which options it
takes and how it writes each joint type; and :func:`formulate`, the one way in.

Example
-------
>>> from mbtools import examples
>>> formulate(examples.four_bar(), "natural")
<Model of 'four-bar' in natural coordinates: 4 coordinates, 4 constraints, inputs ['crank']>
>>> sorted(FAMILIES)
['basic', 'natural', 'reference_point', 'relative']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..description import Mechanism
from ..errors import MechanismError
from ..model import Model
from . import basic, basic_spatial, natural, poses, reference_point, relative


@dataclass(frozen=True)
class Family:
    """One family of coordinates.

    Attributes
    ----------
    name : str
        Its key, as passed to :func:`~mbtools.formulate`.
    coordinates : str
        What its coordinates are, in a few words.
    build : callable
        ``(mechanism, **options)`` → :class:`~mbtools.Model`.
    options : dict
        Option name → the values it takes (a tuple), or None for free-form values.
    joint_tables : dict
        Dimension (2, 3) → the tables that must name every joint type that exists in
        that dimension (type → the function that writes it).
    """

    name: str
    coordinates: str
    build: Callable[..., Model]
    options: dict
    joint_tables: dict


FAMILIES: dict[str, Family] = {
    "relative": Family(
        "relative", "joint parameters along a spanning tree",
        lambda m, cut_joints=None: relative.formulate_relative(m, cut_joints),
        {"cut_joints": None},
        {2: [relative.JOINT_MOTIONS, poses.PAIR_CONDITIONS], 3: [relative.JOINT_MOTIONS, poses.PAIR_CONDITIONS]},
    ),
    "reference_point": Family(
        "reference_point", "a point and the orientation of each body",
        lambda m, rotation="euler_angles": reference_point.formulate_reference_point(m, rotation),
        {"rotation": reference_point.ROTATIONS},
        {2: [poses.PAIR_CONDITIONS], 3: [poses.PAIR_CONDITIONS]},
    ),
    "basic": Family(
        "basic", "the Cartesian coordinates of points",
        basic.formulate_basic,
        {},
        {2: [basic.JOINTS], 3: [basic_spatial.JOINT_POINTS, basic_spatial.JOINT_CONDITIONS]},
    ),
    "natural": Family(
        "natural", "the Cartesian coordinates of points and unit vectors",
        natural.formulate_natural,
        {},
        {2: [natural.JOINTS], 3: [natural.JOINTS]},
    ),
}

#: The five formulations compared throughout the book: key → (family, options).
VARIANTS: dict[str, tuple[str, dict]] = {
    "relative": ("relative", {}),
    "reference_point_euler_angles": ("reference_point", {"rotation": "euler_angles"}),
    "reference_point_euler_parameters": ("reference_point", {"rotation": "euler_parameters"}),
    "basic": ("basic", {}),
    "natural": ("natural", {}),
}


def formulate(mechanism: Mechanism, family: str, **options) -> Model:
    """Formulate a mechanism in a family of coordinates and return its :class:`Model`.

    Parameters
    ----------
    mechanism : Mechanism
        The description; it is checked first (:meth:`Mechanism.check`).
    family : str
        ``"relative"`` (joint coordinates; option ``cut_joints=[...]``),
        ``"reference_point"`` (a point and the orientation of each body; option
        ``rotation="euler_angles"``, ``"euler_parameters"`` or ``"rotation_vector"`` in
        space), ``"basic"`` (points only) or ``"natural"`` (points and unit vectors).
    **options
        The family's options, as above (:data:`FAMILIES` lists them). ``cut_joints``, a
        joint name or a list of them: the joints relative coordinates cut to open the
        closed loops (by default those that close the loops of a spanning tree grown from
        the ground in the order the joints were described). ``rotation``:
        ``"euler_angles"`` by default.

    Returns
    -------
    Model
        The mechanism in that family of coordinates.

    Raises
    ------
    MechanismError
        If the description is inconsistent, the family unknown or an option wrong.

    Example
    -------
    >>> from mbtools import examples
    >>> formulate(examples.four_bar(), "basic")
    <Model of 'four-bar' in basic coordinates: 4 coordinates, 4 constraints, inputs ['crank']>
    """
    if not isinstance(mechanism, Mechanism):
        hint = (" (a model: pass model.mechanism)" if isinstance(mechanism, Model)
                else " (a function: call it, e.g. examples.four_bar())" if callable(mechanism) else "")
        raise MechanismError(
            f"formulate() takes a Mechanism (e.g. mbtools.examples.four_bar()), got "
            f"{type(mechanism).__name__}{hint}."
        )
    if not isinstance(family, str) or family not in FAMILIES:
        near = [f for f in FAMILIES if isinstance(family, str) and family.replace("-", "_").replace(" ", "_").lower().startswith(f[:4])]
        raise MechanismError(
            f"Unknown coordinate family {family!r}: choose one of {list(FAMILIES)}"
            + (f" (did you mean {near[0]!r}?)." if near else ".")
        )
    spec = FAMILIES[family]
    unknown = sorted(set(options) - set(spec.options))
    if unknown:
        takes = ", ".join(f"{k}=" for k in spec.options) or "no options"
        raise MechanismError(f"{family.replace('_', '-')} coordinates take {takes}; got {unknown}.")
    for key, allowed in spec.options.items():
        if allowed is not None and key in options and options[key] not in allowed:
            raise MechanismError(f"{key} must be one of {', '.join(map(repr, allowed))}, got {options[key]!r}.")
    if family == "reference_point" and mechanism.dimension == 2 and "rotation" in options:
        raise MechanismError(
            "A planar body is oriented by one angle: rotation= (Euler angles, Euler "
            "parameters or the rotation vector) applies to spatial mechanisms only."
        )
    mechanism.check()
    return spec.build(mechanism, **options)
