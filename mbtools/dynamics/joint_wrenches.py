"""What a joint can transmit: the constraint wrenches of each joint kind.

A joint between body i and body j constrains the twist of j relative to i, taken at a
point P of the joint: the relative velocity v of (j's copy of) P and the relative angular
velocity ω. Each kind forbids some components, rows of a matrix B_J,

    B_J [v; ω] = 0,                                                             (K.1)

and, since an ideal joint does no work on the relative motions it allows, the wrench it
applies to body j (force F, moment n about P; minus both on body i) is

    [F; n] = B_Jᵀ μ_J,                                                           (K.2)

μ_J its unknowns, one per row. With u a unit axis and T(u) the two unit rows normal to it
(in the plane, the one row normal to it):

==============  ============================================  ======  ======
joint           rows B_J                                      space   plane
==============  ============================================  ======  ======
spherical S     v = 0                                         3
revolute R      v = 0, T(u) ω = 0                             5       2
universal U     v = 0, ω·(u_i × u_j) = 0 (normalised)         4
cylindrical C   T(u) v = 0, T(u) ω = 0, P = point_i           4
translational   T(u) v = 0, ω = 0, P = point_i                5
prismatic P     T(guide) v = 0, ω = 0, P = slider point k             2
rigid           v = 0, ω = 0, P = body j's origin             6       3
==============  ============================================  ======  ======

The rows are orthonormal, so that μ_J holds the force components in newtons and the
moment components in newton-metres, and a minimum-norm μ (redundant joints) is the
smallest Σ (‖F_J‖² + ‖n_J‖²), each n about its joint's point P.

Example
-------
>>> from mbtools.examples import four_bar
>>> from mbtools import formulate
>>> model = formulate(four_bar(), "natural")
>>> joint = model.mechanism.joints[0]
>>> P, B = joint_rows(model, model.reference_q, joint)
>>> B                                 # a planar revolute: the two force components
array([[1., 0., 0.],
       [0., 1., 0.]])
"""

from __future__ import annotations

import numpy as np

from ..description import GROUND
from ..description.joints import Cylindrical, Prismatic, Revolute, Rigid, Spherical, Translational, Universal
from ..errors import MechanismError
from ..model import Model


def across(u: np.ndarray) -> np.ndarray:
    """T(u): the unit rows normal to u, (1, 2) in the plane and (2, 3) in space."""
    u = np.asarray(u, dtype=float) / np.linalg.norm(u)
    return np.linalg.svd(u.reshape(1, -1))[2][1:]


def joint_vector(model: Model, q, joint, name: str) -> np.ndarray:
    """A joint's unit vector ``name`` at q: fixed if the ground lists it, else turned by the
    frame of a body of the joint that lists it (R u⁰), else the model's own (families that
    carry it as coordinates)."""
    for body in (joint.body_i, joint.body_j):
        drawn = model.mechanism.bodies[body].vectors.get(name)
        if drawn is None:
            continue
        if body == GROUND:
            return np.asarray(drawn, dtype=float)
        frame = model.placement(q, body).frame
        if frame is not None:
            return frame @ np.asarray(drawn, dtype=float)
    return model.vector(q, name)


def joint_point(model: Model, q, joint) -> np.ndarray:
    """Where P of (K.1) is: the shared point; point_i of a cylindrical or translational
    pair; the slider point of a planar prismatic pair; the origin of body j (of body i
    where j is the ground) of a rigid joint."""
    if isinstance(joint, (Revolute, Spherical, Universal)):
        return model.point(q, joint.at)
    if isinstance(joint, Cylindrical):
        return model.point(q, joint.point_i)
    if isinstance(joint, Prismatic):
        return model.point(q, joint.slider_points[0])
    body = joint.body_j if joint.body_j != GROUND else joint.body_i
    return np.asarray(model.placement(q, body).origin, dtype=float)


def joint_rows(model: Model, q, joint) -> tuple[np.ndarray, np.ndarray]:
    """(P, B_J) of (K.1): the joint's point and its rows, r × (dim + 1) in the plane,
    r × 6 in space, acting on [v; ω]."""
    dim = model.mechanism.dimension
    rot = 1 if dim == 2 else 3
    P = joint_point(model, q, joint)
    force, moment = np.eye(dim), np.eye(rot)
    zf, zm = (lambda r: np.zeros((r, rot))), (lambda r: np.zeros((r, dim)))

    def rows(f: np.ndarray | None, m: np.ndarray | None) -> np.ndarray:
        parts = []
        if f is not None:
            parts.append(np.hstack([f, zf(len(f))]))
        if m is not None:
            parts.append(np.hstack([zm(len(m)), m]))
        return np.vstack(parts)

    if isinstance(joint, Rigid):
        return P, rows(force, moment)
    if isinstance(joint, Spherical):
        return P, rows(force, None)
    if isinstance(joint, Revolute):
        return P, rows(force, None if dim == 2 else across(joint_vector(model, q, joint, joint.axis)))
    if isinstance(joint, Universal):
        c = np.cross(joint_vector(model, q, joint, joint.axis_i), joint_vector(model, q, joint, joint.axis_j))
        return P, rows(force, (c / np.linalg.norm(c)).reshape(1, 3))
    if isinstance(joint, Cylindrical):  # and Translational
        normal = across(joint_vector(model, q, joint, joint.axis))
        return P, rows(normal, moment if isinstance(joint, Translational) else normal)
    if isinstance(joint, Prismatic):
        i, j = joint.guide_points
        return P, rows(across(model.point(q, j) - model.point(q, i)), moment)
    raise MechanismError(f"Joint '{joint.name}' is a {type(joint).__name__}, whose reactions are not written.")


def transfer(arm: np.ndarray) -> np.ndarray:
    """The matrix that moves a wrench [F; n_P] to [F; n_G], n_G = n_P + (P − G) × F, for
    arm = P − G: [[1, 0], [arm×, 1]]."""
    dim = len(arm)
    if dim == 2:
        return np.array([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [-arm[1], arm[0], 1.0]])
    skew = np.array([[0.0, -arm[2], arm[1]], [arm[2], 0.0, -arm[0]], [-arm[1], arm[0], 0.0]])
    return np.block([[np.eye(3), np.zeros((3, 3))], [skew, np.eye(3)]])
