"""Unilateral contact of a named point with a plane: the gap, its rows and the law.

A point P touches a plane of unit normal n at signed distance ``offset`` from the
origin. Its gap and its normal and tangential velocities are

    g(q) = n · r_P(q) − offset,        v_n = C_n q̇,  C_n = nᵀ ∂r_P/∂q,
                                        v_t = C_t q̇,  C_t = tᵀ ∂r_P/∂q,

with t = (n_y, −n_x) in the plane (for the floor n = (0, 1), t = (1, 0): v_t is the
velocity along +x). Contact is unilateral: g ≥ 0, and the normal force or impulse only
pushes (≥ 0). At an impact Newton's law of restitution v_n⁺ = −e v_n⁻ and Coulomb's
friction ‖P_t‖ ≤ μ P_n hold (:func:`~mbtools.solve_impact`); a contact is given to the
system, ``MultibodySystem(model, contacts=[...])``; in sustained contact the
point slides with the friction force μ f_n or sticks.

Friction at impacts is offered in the plane, where the tangent is one direction; in space
a contact with friction would need the direction of slip to turn during the impact, so a
spatial contact takes ``friction=0``.

Example
-------
>>> floor = PlaneContact("B", normal=(0, 1), restitution=0.9, friction=0.2)
>>> floor
PlaneContact('B', normal=(0, 1), offset=0, restitution=0.9, friction=0.2)
"""

from __future__ import annotations

import numbers

import numpy as np

from ..errors import InputError


class PlaneContact:
    """Contact of the named point ``point`` with the plane n · r = ``offset``.

    Parameters
    ----------
    point : str
        A point of the model (a body's named point).
    normal : sequence of float
        The plane's normal, pointing to the side where the point is free (2 components in
        the plane, 3 in space); normalised here.
    offset : float
        n · r on the plane (m): 0 for a floor through the origin.
    restitution : float
        Newton's coefficient e, 0 ≤ e ≤ 1: v_n⁺ = −e v_n⁻ at an impact.
    friction : float
        Coulomb's coefficient μ ≥ 0, at impacts and in sustained contact (plane only).
    name : str, optional
        Shown in events and messages; by default ``"<point> on plane"``.
    """

    def __init__(self, point: str, normal, offset: float = 0.0, restitution: float = 0.0,
                 friction: float = 0.0, name: str | None = None):
        if not isinstance(point, str):
            raise InputError(f"PlaneContact takes the name of a point, such as 'B'; got {point!r}.")
        where = f"PlaneContact of '{point}'"
        vector = np.asarray(normal, dtype=float).reshape(-1) if _all_numbers(normal) else None
        if vector is None or vector.size not in (2, 3) or not np.isfinite(vector).all() or not vector.any():
            raise InputError(f"{where}: normal takes 2 (plane) or 3 (space) numbers, not all zero, such as (0, 1); "
                             f"got {normal!r}.")
        for label, value, low, high in (("offset", offset, -np.inf, np.inf), ("restitution", restitution, 0.0, 1.0),
                                        ("friction", friction, 0.0, np.inf)):
            if not _number(value) or not low <= float(value) <= high or not np.isfinite(float(value)):
                bounds = {"offset": "a finite number (m)", "restitution": "a number from 0 to 1",
                          "friction": "a number ≥ 0"}[label]
                raise InputError(f"{where}: {label} must be {bounds}, got {value!r}.")
        if vector.size == 3 and float(friction) > 0:
            raise InputError(f"{where}: friction at a contact in space is not offered (the direction of slip turns "
                             "during an impact); give friction=0, or model the mechanism in the plane.")
        self.point = point
        self.normal = vector / np.linalg.norm(vector)
        self.offset = float(offset)
        self.restitution = float(restitution)
        self.friction = float(friction)
        if name is not None and (not isinstance(name, str) or not name):
            raise InputError(f"{where}: name is a label (a non-empty string such as 'A on floor'), got {name!r}.")
        self.name = name or f"{point} on plane"
        self._given_normal = tuple(normal)

    def __repr__(self) -> str:
        normal = ", ".join(f"{float(c):g}" for c in self._given_normal)
        return (f"PlaneContact({self.point!r}, normal=({normal}), offset={self.offset:g}, "
                f"restitution={self.restitution:g}, friction={self.friction:g})")

    @property
    def tangent(self) -> np.ndarray | None:
        """t = (n_y, −n_x) in the plane; None in space (frictionless there)."""
        if self.normal.size == 2:
            return np.array([self.normal[1], -self.normal[0]])
        return None

    def check_model(self, model) -> None:
        """Name the contact's fault against a model: an unknown point, a wrong dimension."""
        dim = model.mechanism.dimension
        if self.normal.size != dim:
            raise InputError(f"Contact '{self.name}': its normal has {self.normal.size} components but "
                             f"'{model.mechanism.name}' is {'planar' if dim == 2 else 'spatial'}: give {dim}.")
        if self.point not in model.point_names:
            raise InputError(f"Contact '{self.name}': '{self.point}' is not a point of '{model.mechanism.name}'; "
                             f"its points are {model.point_names}.")

    def check_start(self, model, q: np.ndarray, tolerance: float) -> None:
        """Refuse a start that no contact law can take: the point through the plane by
        more than ``tolerance`` (m), or touching it with the body's centre beyond it (the
        normal points into the body's side, not to where the point is free)."""
        gap = self.gap(model, q)
        normal = "(" + ", ".join(f"{c:g}" for c in self.normal) + ")"
        if gap < -tolerance:
            raise InputError(f"Contact '{self.name}': '{self.point}' starts {-gap:.3g} m through its plane (gap "
                             f"{gap:.3g} m with the normal {normal}): start the mechanism on the free side, or, if it "
                             "is there, the normal points the wrong way: flip it.")
        if gap > tolerance:
            return
        for body in model.mechanism.bodies_of_point(self.point):
            if body in model.body_names:
                side = float(self.normal @ model.placement(q, body).origin - self.offset)
                if side < -tolerance:
                    raise InputError(f"Contact '{self.name}': '{self.point}' touches its plane but the centre of "
                                     f"'{body}' is {-side:.3g} m beyond it: the normal {normal} points into the "
                                     "body's side; give the normal towards where the point is free (flip it).")

    def gap(self, model, q: np.ndarray) -> float:
        """g = n · r_P − offset (m): positive apart, zero touching, negative penetrating."""
        return float(self.normal @ model.point(q, self.point) - self.offset)

    def rows(self, model, q: np.ndarray) -> tuple[np.ndarray, np.ndarray | None]:
        """(C_n, C_t): the normal and tangential velocity rows, v_n = C_n q̇, v_t = C_t q̇
        (C_t is None in space)."""
        jacobian = model.point_jacobian(q, self.point)
        tangent = self.tangent
        return self.normal @ jacobian, None if tangent is None else tangent @ jacobian

    def curvature(self, model, q: np.ndarray, qd: np.ndarray) -> tuple[float, float]:
        """(Ċ_n q̇, Ċ_t q̇): the parts of the point's normal and tangential accelerations
        that do not come from q̈ (zero where the point is linear in q)."""
        second = model.point_acceleration(q, qd, np.zeros_like(q), self.point)
        tangent = self.tangent
        return float(self.normal @ second), 0.0 if tangent is None else float(tangent @ second)


def _number(value) -> bool:
    return isinstance(value, (numbers.Real, np.floating)) and not isinstance(value, bool)


def _all_numbers(values) -> bool:
    try:
        return all(_number(v) for v in values)
    except TypeError:
        return False


def check_contacts(model, contacts) -> tuple:
    """The contacts of a system as a tuple, checked against ``model``: a list of
    :class:`PlaneContact` (not a single one), each with a known point and a normal of the
    model's dimension, their names distinct.

    Raises
    ------
    InputError
        Naming the contact and what to pass.
    """
    if isinstance(contacts, PlaneContact):
        raise InputError(f"contacts takes a list of contacts, such as contacts=[{contacts!r}]: put it in brackets.")
    if contacts is None:
        return ()
    if not isinstance(contacts, (list, tuple)):
        raise InputError(f"contacts takes a list of PlaneContact(point, normal, ...), got {type(contacts).__name__} "
                         f"{contacts!r}.")
    for contact in contacts:
        if not isinstance(contact, PlaneContact):
            raise InputError(f"contacts takes PlaneContact(point, normal, ...) (mbtools.PlaneContact), got "
                             f"{type(contact).__name__}.")
        contact.check_model(model)
    names = [contact.name for contact in contacts]
    if len(set(names)) < len(names):
        raise InputError(f"Two contacts share a name among {names}: pass name= to tell them apart.")
    return tuple(contacts)
