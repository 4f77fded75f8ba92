"""Loads as wrenches on bodies: what each load does to each body it acts on.

A load's generalized force Q (``mbtools.dynamics.loads``) says what it does to the
coordinates; the joint reactions, found body by body
(:mod:`mbtools.dynamics.body_reactions`), need what it does to each body: the force F
(ground axes) and the moment n about the body's origin o (its centre of mass; the ground's:
the drawing's origin). A force F at a point r of body b gives

    F_b = F,        n_b = (r − o_b) × F,                                       (W.1)

and since the point moves with the body, δr = δo_b + δθ_b × (r − o_b), the wrenches add
up to the generalized force on the constraint manifold:

    Σ_b (o_b,qᵀ F_b + Ω_b,qᵀ n_b) = Q,                                          (W.2)

Ω_b,q the body's angular-velocity Jacobian (for a spatial body of two points, the part of
its rotation normal to its line). A motor on an input (:class:`~mbtools.dynamics.DriverForce`)
is the gradient of the input's measure s(q) spread over its points: an angle θ of d =
tail→head measured from e₁ towards e₂, with x = d·e₁, y = d·e₂, pulls head and tail with
±f (x e₂ − y e₁)/(x² + y²): on the body that holds both, the couple f d × (x e₂ − y e₁)/(x² + y²),
which is f w (w = e₁ × e₂ the axis; in the plane the torque f) where tail→head is normal to
the axis, as on a crank, and otherwise adds a moment normal to the axis that a revolute
about w absorbs; the ground, against which the angle is measured, takes the opposite
couple. A slide s = (r_k − r_i)·(r_j − r_i)/L pulls
k with f (r_j − r_i)/L, j with f (r_k − r_i)/L and i with the opposite of their sum, a
system of no net force or moment between the slider and the guide.

Example
-------
A horizontal force of 3 N at the tip of a bar hanging from O: on the bar, 3 N and, about
its centre of mass 0.5 m above the tip, a counter-clockwise moment of 1.5 N·m.

>>> import numpy as np
>>> from mbtools import Mechanism, MassProperties, formulate
>>> from mbtools.dynamics import PointForce
>>> m = Mechanism("pendulum")
>>> m.add_ground({"O": (0.0, 0.0)})
>>> m.add_body("bar", {"O": (0.0, 0.0), "P": (0.0, -1.0)}, mass=MassProperties(2.0, (0.0, -0.5), 1 / 6))
>>> m.add_revolute("ground", "bar", at="O")
>>> model = formulate(m, "natural")
>>> F, n = PointForce("P", (3.0, 0.0)).body_wrenches(model, 0.0, model.reference_q, np.zeros(2))["bar"]
>>> F.tolist(), n.tolist()
([3.0, 0.0], [1.5])
"""

from __future__ import annotations

import numpy as np

from ..description import GROUND
from ..model import Model
from .load_points import point_on_body


def cross(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """a × b: shape (1,) in the plane (its z component), (3,) in space."""
    if len(a) == 2:
        return np.array([a[0] * b[1] - a[1] * b[0]])
    return np.cross(a, b)


def body_origin(model: Model, q, body: str) -> np.ndarray:
    """Where the moments on a body are taken: its origin o(q), the drawing's origin for the ground."""
    if body == GROUND:
        return np.zeros(model.mechanism.dimension)
    return np.asarray(model.placement(q, body).origin, dtype=float)


def point_body(model: Model, point: str, named: str | None = None, prefer: str | None = None) -> str:
    """The body a load at ``point`` acts on: the one named, else ``prefer`` if it lists the
    point, else the first moving body that lists it, else the ground."""
    if named is not None:
        return named
    holders = model.mechanism.bodies_of_point(point)
    if prefer is not None and prefer in holders:
        return prefer
    return next((b for b in holders if b != GROUND), holders[0] if holders else GROUND)


class Wrenches(dict):
    """{body: (F, n)}, accumulated: forces at points (W.1) and couples."""

    def __init__(self, model: Model, q):
        super().__init__()
        self.model, self.q = model, q
        self.dim = model.mechanism.dimension

    def _slot(self, body: str) -> tuple[np.ndarray, np.ndarray]:
        if body not in self:
            self[body] = (np.zeros(self.dim), np.zeros(1 if self.dim == 2 else 3))
        return self[body]

    def force(self, body: str, point: str, F) -> None:
        """Add the force F at ``point`` as carried by ``body``."""
        F = np.asarray(F, dtype=float).reshape(-1)
        r = point_on_body(self.model, self.q, point, body)[0]
        total, moment = self._slot(body)
        self[body] = (total + F, moment + cross(r - body_origin(self.model, self.q, body), F))

    def couple(self, body: str, n) -> None:
        """Add a pure moment n (its value does not depend on where it is taken)."""
        total, moment = self._slot(body)
        self[body] = (total, moment + np.asarray(n, dtype=float).reshape(-1))


def driver_wrenches(model: Model, q, name: str, value: float) -> dict:
    """{body: (F, n)} of a motor of ``value`` (N·m or N) on the input ``name``: the
    gradient of its measure spread over its points (see the module)."""
    mechanism = model.mechanism
    driver = next(d for d in mechanism.drivers if d.name == name)
    holders = [b for b in mechanism.bodies.values() if set(driver.points) <= set(b.points) and not b.is_ground]
    holder = holders[0].name if holders else None
    out = Wrenches(model, q)
    if driver.unit == "angle":
        tail, head = driver.tail, driver.head
        bodies = [point_body(model, p, prefer=holder) for p in (tail, head)]
        r = [point_on_body(model, q, p, b)[0] for p, b in zip((tail, head), bodies)]
        e1, e2 = mechanism.angle_frame(driver)
        d = r[1] - r[0]
        x, y = float(d @ e1), float(d @ e2)
        pull = value * (x * np.asarray(e2) - y * np.asarray(e1)) / (x * x + y * y)
        out.force(bodies[0], tail, -pull)
        out.force(bodies[1], head, pull)
        out.couple(GROUND, -cross(d, pull))  # the reaction of a motor against the ground
        return out
    i, j = driver.guide_points
    guide = next((b.name for b in mechanism.bodies.values() if {i, j} <= set(b.points)), GROUND)
    slider = next((b for b in mechanism.bodies_of_point(driver.point) if b != guide), guide)
    ri, rj = (point_on_body(model, q, p, guide)[0] for p in (i, j))
    rk = point_on_body(model, q, driver.point, slider)[0]
    length = float(np.linalg.norm(mechanism.point_position(j) - mechanism.point_position(i)))
    along, across = value * (rj - ri) / length, value * (rk - ri) / length
    out.force(slider, driver.point, along)
    out.force(guide, j, across)
    out.force(guide, i, -along - across)
    return out
