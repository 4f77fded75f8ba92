"""Natural coordinates: the Cartesian coordinates of points and of unit vectors.

The paper's recipe (section "Coordenadas naturales"), in the plane and in space:

* every point and every unit vector not fixed to the ground contributes its
  coordinates (2 or 3 each);
* a body is a set of *directions*: the vectors from its first point to its other
  points, and its unit vectors. The first ``dim`` independent directions keep their
  lengths (r_ij·r_ij = L², u·u = 1) and their mutual scalar products
  (r_ij·u = c₁, u·v = c₃, …): the paper's element types of Fig. 5 — two points (a
  distance only: the spin about the line is not modelled), two points and a vector,
  two points and two vectors. A further direction, or one lying in the plane of two
  others (the paper's coplanar case), is tied to them as a linear combination
  v = α r_ij + β u: linear equations of which the solver keeps the independent ones;
* a revolute pair shares a point (and, in space, its axis vector): no equation; a
  spherical pair shares a point: no equation; a universal joint shares a point and
  keeps the angle of its arms, u_i·u_j = c; a cylindrical pair shares its axis vector u
  and keeps the two bodies' points on one line, u × (r_j − r_i) = 0;
* a planar prismatic pair and the drivers are written as in basic coordinates.

Every equation is linear or quadratic in the coordinates.

Example
-------
>>> from mbtools import examples, formulate
>>> model = formulate(examples.rssr(), "natural")
>>> model.coordinate_names
['x_B', 'y_B', 'z_B', 'x_C', 'y_C', 'z_C']
>>> model.is_quadratic
True
"""

from __future__ import annotations

import numpy as np
import sympy as sp

from ..description import Cylindrical, Mechanism, Prismatic, Revolute, Rigid, Spherical, Translational, Universal
from ..model import Model
from . import conditions as cc
from .points import PointFormulation, joined, rigid_groups

# A direction counts as independent of the directions already kept when the sine of
# its angle to their span exceeds this (else it is written as their combination).
INDEPENDENT_SINE = 0.1


def formulate_natural(mechanism: Mechanism) -> Model:
    """Formulate a planar or spatial mechanism in natural coordinates."""
    f = PointFormulation(mechanism, with_vectors=True)
    for label, points, vectors in rigid_groups(mechanism):
        rigid_body_conditions(f, label, points, vectors)
    for joint in mechanism.joints:
        JOINTS[type(joint)](f, joint)
    f.drivers()
    return f.model("natural")


def shares_what_it_joins(f: PointFormulation, joint) -> None:
    """Revolute and spherical pairs share a point (and a revolute in space its axis
    vector); a rigid joint merges two bodies into one: no equation of their own."""


def universal(f: PointFormulation, joint: Universal) -> None:
    """The arms of the cross keep their angle: u_i·u_j = c (paper, Fig. 6)."""
    u, v = f.u[joint.axis_i], f.u[joint.axis_j]
    value = float(np.dot(f.mechanism.vector_direction(joint.axis_i), f.mechanism.vector_direction(joint.axis_j)))
    c = f.constant(f"c_{joined(joint.axis_i, joint.axis_j)}", value)
    f.add(joint.name, f"arms {joint.axis_i}·{joint.axis_j}", "dot", cc.dot_condition(u, v, c), 0)


def cylindrical(f: PointFormulation, joint: Cylindrical) -> None:
    """The two bodies share the axis u, and the point of body j stays on body i's line
    along it: u × (r_j − r_i) = 0 (three components, two independent; paper, Fig. 6)."""
    d = f.r[joint.point_j] - f.r[joint.point_i]
    for axis, expression in zip("xyz", cc.cross_vector_condition(f.u[joint.axis], d)):
        f.add(joint.name, f"{joint.point_j} on the axis {joint.axis} through {joint.point_i} ({axis})",
              "cross", expression, 1)


def translational(f: PointFormulation, joint: Translational) -> None:
    """A cylindrical pair that also keeps the bodies from turning about the axis."""
    cylindrical(f, joint)
    sides = []
    for body, point in ((joint.body_i, joint.point_i), (joint.body_j, joint.point_j)):
        label, d0, end = f.mechanism.off_axis_direction(body, joint.axis, (point, point))
        symbol = f.u[label] if end is None else f.r[end] - f.r[point]
        sides.append((label, symbol, d0, 0 if end is None else 1))
    translational_lock(f, joint.name, f.u[joint.axis], f.mechanism.vector_direction(joint.axis), sides)


def planar_prismatic(f: PointFormulation, joint: Prismatic) -> None:
    """The planar prismatic pair, as in basic coordinates (paper, Fig. 6b)."""
    f.planar_prismatic(joint)


#: How natural coordinates write each joint type.
JOINTS = {
    Revolute: shares_what_it_joins,
    Spherical: shares_what_it_joins,
    Rigid: shares_what_it_joins,
    Universal: universal,
    Cylindrical: cylindrical,
    Translational: translational,
    Prismatic: planar_prismatic,
}


def translational_lock(f: PointFormulation, joint: str, u, u0: np.ndarray, sides) -> None:
    """No rotation about a translational joint's axis u: a direction a of one body and b
    of the other keep their angle about u — by the scalar product a·b = c where it is
    sensitive to that rotation (the projections normal to u far from parallel), else by
    the triple product u·(a × b) = c (cubic)."""
    (la, a, a0, pa_), (lb, b, b0, pb_) = sides
    pa, pb = a0 - (a0 @ u0) * u0, b0 - (b0 @ u0) * u0
    cosine = float(pa @ pb) / float(np.linalg.norm(pa) * np.linalg.norm(pb))
    if abs(cosine) < 0.7:
        c = f.constant(f"c_{joined(la, lb)}", float(a0 @ b0))
        f.add(joint, f"no rotation, {la}·{lb}", "dot", cc.dot_condition(a, b, c), pa_ + pb_)
    else:
        c = f.constant(f"c_{joined(la, lb)}", float(u0 @ np.cross(a0, b0)))
        f.add(joint, f"no rotation, u·({la}×{lb})", "triple", u.dot(a.cross(b)) - c, pa_ + pb_)


def rigid_body_conditions(f: PointFormulation, body: str, points: list[str], vectors: list[str]) -> None:
    """Rigid-body conditions of a body described by points and unit vectors (Fig. 5).

    The first ``dim`` independent directions keep their lengths and mutual scalar
    products. A further direction is written as a combination of directions kept, which
    it reproduces exactly in the drawing: of a full basis (a linear combination); of the
    directions a, b it lies in, when it lies exactly in their plane (the paper's
    coplanar case); and, when it lies only *nearly* in their plane, of the frame
    a, b, a × b (quadratic, and well conditioned where scalar products are not).
    """
    directions = []  # (label, symbolic vector, reference value, end point or None)
    for k in points[1:]:
        directions.append((joined(points[0], k), f.r[k] - f.r[points[0]], f.pos(k) - f.pos(points[0]), k))
    for v in vectors:
        directions.append((v, f.u[v], f.mechanism.vector_direction(v), None))
    power = {label: (1 if end is not None else 0) for label, _, _, end in directions}
    kept: list[tuple] = []
    for label, w, w0, end in directions:
        sine = _sine_to_span(w0, [k[2] for k in kept])
        frame = _completed_frame(f.dim, kept) if 1e-9 <= sine < INDEPENDENT_SINE else None
        if len(kept) < f.dim and (sine >= INDEPENDENT_SINE or (sine >= 1e-9 and frame is None)):
            if end is not None:
                f.distance(body, points[0], end)
            elif label not in f.normalised:
                # a unit vector shared by two bodies is normalised once
                f.normalised.add(label)
                f.add(None, f"unit vector {label}", "unit", w.dot(w) - 1, 0)  # u·u − 1 = 0 (eq-unit-vector)
            for other_label, other, other0, _ in kept:
                c = f.constant(f"c_{joined(other_label, label)}", float(np.dot(other0, w0)))
                f.add(body, f"dot {other_label}·{label}", "dot", cc.dot_condition(other, w, c),
                      power[other_label] + power[label])
            kept.append((label, w, w0, end))
            continue
        basis = [(k[0], k[1], k[2]) for k in kept]
        if len(kept) < f.dim and frame is not None:
            basis.append(frame)
        basis0 = np.array([b[2] for b in basis]).T
        alphas, *_ = np.linalg.lstsq(basis0, w0, rcond=None)
        symbols = [f.constant(f"alpha_{joined(label, b[0])}", float(a)) for a, b in zip(alphas, basis)]
        for axis, expression in zip("xyz", cc.linear_combination_condition(w, [b[1] for b in basis], symbols)):
            f.add(
                body, f"{label} = combination of {', '.join(b[0] for b in basis)} ({axis})",
                "combination",
                expression,
                power[label],
            )


def _completed_frame(dim: int, kept: list[tuple]):
    """The direction that completes the kept ones to a frame, if it is intrinsic to the
    body: the normal a⊥ to a single direction in the plane, the cross product a × b of
    two in space (label, symbolic vector, reference value); None otherwise."""
    if dim == 2 and len(kept) == 1:
        label, a, a0, _ = kept[0]
        return (f"{label}⊥", sp.Matrix([-a[1], a[0]]), np.array([-a0[1], a0[0]]))
    if dim == 3 and len(kept) == 2:
        (la, a, a0, _), (lb, b, b0, _) = kept
        return (f"{la}×{lb}", a.cross(b), np.cross(a0, b0))
    return None


def _sine_to_span(w0: np.ndarray, basis: list[np.ndarray]) -> float:
    """Sine of the angle between w0 and span(basis) (1 for an empty basis)."""
    norm = float(np.linalg.norm(w0))
    if norm < 1e-12:
        return 0.0
    if not basis:
        return 1.0
    q, _ = np.linalg.qr(np.array(basis).T)
    return float(np.linalg.norm(w0 - q @ (q.T @ w0))) / norm
