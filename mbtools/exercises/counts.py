"""Checking counts: coordinates, constraints and degrees of freedom of one family.

The right counts are those of :func:`mbtools.analysis.coordinate_counts` (the model
formulated in the family asked, the Jacobian's rank taken at the drawing). A wrong count
is compared with the counts the usual mistakes give — the ground's points counted as
coordinates, the drivers counted as constraints, redundant equations counted as
independent, Euler parameters counted as three — and the message names the mistake it
matches.

Example
-------
>>> from mbtools import examples
>>> check_counts(examples.four_bar(), "natural", coordinates=4, constraints=3, dof=1)
✓ counts of 'four-bar' in natural coordinates: right.
>>> check_counts(examples.four_bar(), "natural", constraints=4)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
mbtools.exercises.feedback.WrongAnswer: constraints: 4 counts the driver's equation...
"""

from __future__ import annotations

from ..analysis.counts import family_count, variant_keys
from ..description import Mechanism
from ..errors import InputError
from .feedback import Pending, Right, WrongAnswer, as_number

#: How each family counts its coordinates: shown when a count of coordinates is wrong.
COORDINATE_RULES = {
    "relative": "one coordinate per freedom of each joint of the spanning tree (the cut joints have none: "
                "they give the loop-closure equations)",
    "reference_point": "per moving body, the coordinates of its reference point and its orientation "
                       "(plane: x, y, φ; space: x, y, z and three Euler angles or four Euler parameters); "
                       "the ground has none",
    "basic": "the coordinates of the points that move (plane: 2 each); the ground's points are data",
    "natural": "the coordinates of the points that move and of the unit vectors that move (2 or 3 each); "
               "the ground's points and vectors are data",
}


def _key(mechanism: Mechanism, family: str) -> str:
    keys = variant_keys(mechanism)
    if family in keys:
        return family
    raise InputError(f"check_counts: family '{family}' is not one of {keys} for '{mechanism.name}'.")


def _rule(key: str) -> str:
    return COORDINATE_RULES["reference_point" if key.startswith("reference_point") else key]


def _ground_coordinates(mechanism: Mechanism) -> int:
    ground = [body for body in mechanism.bodies.values() if body.is_ground]
    return sum(len(body.points) + len(body.vectors) for body in ground) * mechanism.dimension


def _moving_bodies(mechanism: Mechanism) -> int:
    return sum(1 for body in mechanism.bodies.values() if not body.is_ground)


def check_counts(mechanism: Mechanism, family: str, *, coordinates=None, constraints=None, dof=None,
                 rank=None) -> Right | Pending:
    """Check the number of coordinates, of geometric constraint equations (the drivers
    left out), the degrees of freedom n − rank Φ_q and the rank of Φ_q (at the drawing)
    of ``mechanism`` in ``family`` (in space a key of :data:`~mbtools.coordinates.VARIANTS`;
    in the plane ``"relative"``, ``"reference_point"``, ``"basic"`` or ``"natural"``).
    Give any of them.

    Returns :class:`~mbtools.exercises.feedback.Right`, or raises
    :class:`~mbtools.exercises.feedback.WrongAnswer` naming the first count that is
    wrong and the mistake it looks like."""
    if not isinstance(mechanism, Mechanism):
        raise InputError("check_counts takes the Mechanism (e.g. examples.four_bar()), not a model.")
    if coordinates is None and constraints is None and dof is None and rank is None:
        raise InputError("check_counts: give coordinates=, constraints=, dof= or rank= (or several).")
    key = _key(mechanism, family)
    if all(answer is ... for answer in (coordinates, constraints, dof, rank) if answer is not None):
        return Pending(f"counts of '{mechanism.name}'")
    count = family_count(mechanism, key)
    label = f"{key.replace('_', ' ')} coordinates"
    if coordinates not in (None, ...):
        _check_coordinates(mechanism, key, as_number(coordinates, "coordinates"), count.coordinates, label)
    if constraints not in (None, ...):
        _check_constraints(mechanism, key, as_number(constraints, "constraints"), count, label)
    if dof not in (None, ...):
        _check_dof(as_number(dof, "dof"), count, label)
    if rank not in (None, ...):
        _check_rank(as_number(rank, "rank"), count)
    return Right(f"counts of '{mechanism.name}' in {label}")


def _check_coordinates(mechanism: Mechanism, key: str, answer: float, right: int, label: str) -> None:
    if answer == right:
        return
    message = f"coordinates: {answer:g} is {'too many' if answer > right else 'too few'} for {label}."
    bodies = _moving_bodies(mechanism)
    if answer == right + _ground_coordinates(mechanism) and key in ("basic", "natural"):
        message += " The ground's points (and vectors) are data, not coordinates."
    elif key.startswith("reference_point") and answer == right + (right // bodies):
        message += " The ground has no coordinates: count the moving bodies only."
    elif key == "reference_point_euler_parameters" and answer == 6 * bodies:
        message += " Euler parameters are four per body, not three: seven coordinates per body."
    elif key == "relative" and answer > right:
        message += " Did you give coordinates to the cut joints too?"
    raise WrongAnswer(f"{message} Rule: {_rule(key)}.")


def _check_constraints(mechanism: Mechanism, key: str, answer: float, count, label: str) -> None:
    right = count.constraints
    if answer == right:
        return
    drivers = len(mechanism.drivers)
    if drivers and answer == right + drivers:
        raise WrongAnswer(f"constraints: {answer:g} counts the driver's equation{'s' if drivers > 1 else ''}; "
                          "count the geometric constraints only (the drivers come on top of them).")
    if key == "reference_point_euler_parameters" and answer == right - _moving_bodies(mechanism):
        raise WrongAnswer(f"constraints: {answer:g} leaves out the normalisation of each body's Euler parameters, "
                          "e₀² + e₁² + e₂² + e₃² = 1: one equation per moving body.")
    if count.redundant and answer == count.rank:
        raise WrongAnswer(f"constraints: {answer:g} leaves out the {count.redundant} redundant equation(s) that "
                          f"{label} write; count every equation of the model (the rank comes later).")
    if answer == count.coordinates - count.gruebler_kutzbach:
        raise WrongAnswer(f"constraints: {answer:g} is n minus the Grübler–Kutzbach mobility, assuming independent "
                          f"equations; count the equations {label} actually write.")
    raise WrongAnswer(f"constraints: {answer:g} is {'too many' if answer > right else 'too few'} for {label}: "
                      "go through the joints and the rigid-body conditions one by one.")


def _check_dof(answer: float, count, label: str) -> None:
    right = count.mobility
    if answer == right:
        return
    if count.redundant and answer == count.coordinates - count.constraints:
        raise WrongAnswer(f"dof: n − m = {answer:g} counts the {count.redundant} redundant equation(s) as "
                          "independent; the degrees of freedom are n − rank Φ_q.")
    if answer == count.gruebler_kutzbach and right != count.gruebler_kutzbach:
        raise WrongAnswer(f"dof: {answer:g} is the Grübler–Kutzbach count, which is wrong for this mechanism "
                          f"(see the note of the counts table: {count.note}); take n − rank Φ_q.")
    raise WrongAnswer(f"dof: {answer:g} is {'too many' if answer > right else 'too few'}: the degrees of freedom "
                      "are n − rank Φ_q, the geometric equations only.")


def _check_rank(answer: float, count) -> None:
    if answer == count.rank:
        return
    if answer == count.constraints:
        raise WrongAnswer(f"rank: {answer:g} is the number of equations; {count.redundant} of them are combinations "
                          "of the others and add nothing to the rank.")
    if answer == count.coordinates:
        raise WrongAnswer(f"rank: {answer:g} is the number of coordinates: the mechanism would not move.")
    raise WrongAnswer(f"rank: {answer:g} is {'too large' if answer > count.rank else 'too small'}: the number of "
                      "independent rows of Φ_q (a pivoted QR or an SVD tells).")
