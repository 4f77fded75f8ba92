"""Checks of the entries of a description as they are added: a body's points and unit
vectors against the bodies already there (one place per shared point, one direction per
shared vector, no name that is both a point and a vector, no symbol two entries would
share); a joint's bodies and shared point or vector; a driver's name and the body that
holds its points.

>>> checked_point({}, 2, "crank", "A", (1, 0))
array([1., 0.])
"""

from __future__ import annotations

import numpy as np

from ..errors import MechanismError
from .drawing import coordinates_text
from .frames import axis_frame
from .joints import Joint
from .validate import coordinates_of, require_identifier

#: Point P has coordinates x_P, y_P, z_P and vector v components v_x, v_y, v_z.
AXIS_NAMES = {"x", "y", "z"}


def refuse_axis_name_clash(bodies: dict, body: str, points: dict, vectors: dict) -> None:
    """Point P has coordinates x_P, y_P, z_P and vector v components v_x, v_y, v_z,
    so a point named y beside a vector named x would both own the symbol x_y."""
    point_axes = {p for p in points if p in AXIS_NAMES} | {
        p for b in bodies.values() for p in b.points if p in AXIS_NAMES}
    vector_axes = {v for v in vectors if v in AXIS_NAMES} | {
        v for b in bodies.values() for v in b.vectors if v in AXIS_NAMES}
    if point_axes and vector_axes:
        raise MechanismError(
            f"Body '{body}': a point named {sorted(point_axes)[0]!r} and a vector named "
            f"{sorted(vector_axes)[0]!r} would share a coordinate symbol (point P has x_P, y_P, z_P; "
            "vector v has v_x, v_y, v_z): rename the point, for example with a capital letter."
        )


def checked_point(bodies: dict, dimension: int, body: str, point: str, xy) -> np.ndarray:
    """A point's coordinates, checked: a number pair (or triple), the same place as any
    other body's point of that name, not the name of a vector."""
    value = coordinates_of("Point", body, point, xy, dimension)
    for other in bodies.values():
        if point in other.vectors:
            raise MechanismError(
                f"'{point}' is a point of body '{body}' but a vector of body "
                f"'{other.name}': use distinct names for points and vectors."
            )
        if point in other.points and not np.allclose(other.points[point], value, rtol=0, atol=1e-12):
            raise MechanismError(
                f"Point '{point}' of body '{body}' is at {coordinates_text(value)} but body "
                f"'{other.name}' has it at {coordinates_text(other.points[point])}: a shared point must "
                "have one position in the reference drawing."
            )
    return value


def checked_vector(bodies: dict, dimension: int, body: str, vector: str, xyz, points: dict) -> np.ndarray:
    """A unit vector's components, checked: of length 1, the same direction as any other
    body's vector of that name, not the name of a point."""
    if vector in points:
        raise MechanismError(f"Body '{body}': '{vector}' names both a point and a vector; rename one.")
    value = coordinates_of("Vector", body, vector, xyz, dimension)
    length = float(np.linalg.norm(value))
    if abs(length - 1.0) > 1e-9:
        hint = coordinates_text(value / length) if length else "(a nonzero direction)"
        raise MechanismError(
            f"Vector '{vector}' of body '{body}' has length {length:.6g}: unit vectors "
            f"must have length 1. Normalise it: {hint}."
        )
    for other in bodies.values():
        if vector in other.vectors and not np.allclose(other.vectors[vector], value, rtol=0, atol=1e-9):
            raise MechanismError(
                f"Vector '{vector}' of body '{body}' is {coordinates_text(value)} but body "
                f"'{other.name}' has it as {coordinates_text(other.vectors[vector])}: a shared "
                "vector must have one direction in the reference drawing."
            )
        if vector in other.points or any(p in other.vectors for p in points):
            raise MechanismError(
                f"'{vector}' is a vector of body '{body}' but a point of body "
                f"'{other.name}': use distinct names for points and vectors."
            )
    return value


def require_bodies(bodies: dict, joint: str, body_i: str, body_j: str) -> None:
    """Both bodies of a joint exist and differ."""
    for body in (body_i, body_j):
        if body not in bodies:
            raise MechanismError(
                f"Joint '{joint}' names body '{body}', which does not exist; bodies "
                f"are {sorted(bodies)}. Add the body before the joint."
            )
    if body_i == body_j:
        raise MechanismError(
            f"Joint '{joint}' joins body '{body_i}' to itself: a joint connects two "
            "different bodies."
        )


def require_spatial(mechanism, joint: str, kind: str) -> None:
    """A spatial pair is added to a spatial mechanism."""
    if mechanism.dimension != 3:
        raise MechanismError(
            f"Joint '{joint}': a {kind} pair is a spatial joint; mechanism '{mechanism.name}' "
            "is planar (dimension=2). Use Mechanism(..., dimension=3)."
        )


def require_shared(bodies: dict, joint: str, kind: str, name: str, body_i: str, body_j: str) -> None:
    """Both bodies list the joint's point (``kind="point"``) or vector."""
    for body in (body_i, body_j):
        entities = bodies[body].points if kind == "point" else bodies[body].vectors
        if name not in entities:
            raise MechanismError(
                f"Joint '{joint}': body '{body}' has no {kind} '{name}'. Both bodies must "
                f"list the joint {kind}; '{body}' has {sorted(entities)}."
            )


def add_joint(joints: list, joint: Joint) -> None:
    """Append a joint whose name is an identifier not used yet."""
    require_identifier("Joint", joint.name, "")
    if any(j.name == joint.name for j in joints):
        raise MechanismError(
            f"Joint name '{joint.name}' is used twice: pass name= to tell them apart."
        )
    joints.append(joint)


def require_new_input(drivers: list, name: str) -> None:
    """An input's name is an identifier not used yet."""
    if not isinstance(name, str) or not name.isidentifier():
        raise MechanismError(
            f"Input name {name!r} must be a valid Python identifier (e.g. 'crank')."
        )
    if any(d.name == name for d in drivers):
        raise MechanismError(f"Input '{name}' is defined twice.")


def body_holding(bodies: dict, driver: str, points: tuple[str, ...]) -> str:
    """The body that holds all of a driver's points (a moving one if two do)."""
    holders = [body for body in bodies.values() if all(p in body.points for p in points)]
    for body in holders:
        if not body.is_ground:
            return body.name
    if holders:
        return holders[0].name
    raise MechanismError(
        f"Driver '{driver}': no single body holds all of the points {list(points)}; "
        "an angle or a guide must be measured on one body."
    )


def reference_direction(driver: str, axis: np.ndarray, reference) -> np.ndarray:
    """The unit direction of zero angle of a spatial angle driver about ``axis``: the
    given ``reference`` projected normal to the axis, or by default the ground axis
    least aligned with it."""
    if reference is None:
        return axis_frame(axis)[0]
    reference = coordinates_of("Reference direction", driver, "reference", reference, 3)
    reference = reference - np.dot(reference, axis) * axis
    if np.linalg.norm(reference) < 1e-9:
        raise MechanismError(
            f"Angle driver '{driver}': the reference direction lies along the axis; give "
            "one perpendicular to it."
        )
    return reference / np.linalg.norm(reference)
