"""Where a load acts and how that changes with q: a point r(q) carried by a body, its
Jacobian r_q and Hessian r_qq, and the derivative of a body's angular-velocity Jacobian
Ω_q — what the loads' generalized forces (Q = r_qᵀ F, Q = Ω_qᵀ τ) and their tangents
(``mbtools.dynamics.loads``) are made of.

A force F at r(q) does the virtual work F·δr = (r_qᵀ F)·δq, so its generalized force
changes with q through F and through r_q:

    ∂Q/∂q = r_qᵀ ∂F/∂q + Σ_i F_i ∂²r_i/∂q²                (1)

(García de Jalón & Bayo 1994, sec. 7.4). In natural and basic coordinates every point is
linear in q and the second term vanishes; in the pose families (relative, reference point)
it is the geometric stiffness of the load, which turns with the body.

Example
-------
>>> import numpy as np
>>> from mbtools import Mechanism, MassProperties, formulate
>>> m = Mechanism("pendulum")
>>> m.add_ground({"O": (0.0, 0.0)})
>>> m.add_body("bob", {"O": (0.0, 0.0), "P": (1.0, 0.0)}, mass=MassProperties(1.0, (1.0, 0.0), 0.0))
>>> m.add_revolute("ground", "bob", at="O")
>>> model = formulate(m, "relative")
>>> P = load_point(model, np.array([0.0]), "P", None, curvature=True)
>>> tidy = lambda a: a.round(12) + 0.0    # + 0.0 turns a round-off -0. into 0.
>>> tidy(P.position), tidy(P.jacobian), tidy(P.hessian[:, 0, 0])   # (cos θ, sin θ)
(array([1., 0.]), array([[0.],
       [1.]]), array([-1.,  0.]))
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..description import GROUND
from ..errors import InputError
from ..model import Model


@dataclass(slots=True)
class LoadPoint:
    """A point where a load acts, at q: ``position`` r (dim,), ``jacobian`` r_q (dim, n)
    and ``hessian`` r_qq (dim, n, n), None where r is linear in q (or not asked for)."""

    position: np.ndarray
    jacobian: np.ndarray
    hessian: np.ndarray | None = None

    def velocity_jacobian(self, qd: np.ndarray) -> np.ndarray | None:
        """∂ṙ/∂q = r_qq q̇ (dim, n) of ṙ = r_q q̇, None where r is linear."""
        return None if self.hessian is None else self.hessian @ qd

    def curvature_force(self, force: np.ndarray) -> np.ndarray | None:
        """Σ_i F_i ∂²r_i/∂q² (n, n), the second term of equation (1), None where r is linear."""
        return None if self.hessian is None else contract(force, self.hessian)


def contract(vector: np.ndarray, array: np.ndarray) -> np.ndarray:
    """Σ_i vector_i array[i]: the first axis of ``array`` contracted with ``vector``."""
    return (vector @ array.reshape(len(vector), -1)).reshape(array.shape[1:])


def holder(where: str, model: Model, point: str, body: str | None) -> str | None:
    """The body named for a point, checked: it must list the point."""
    if body is None:
        return None
    holders = model.mechanism.bodies_of_point(point)
    if body not in holders:
        model.point_jacobian(model.reference_q, point)  # names an unknown point first
        raise InputError(f"{where} names body '{body}', which does not hold '{point}': the bodies that list "
                         f"'{point}' are {holders}.")
    return body


def point_on_body(model: Model, q, point: str, body: str | None) -> tuple[np.ndarray, np.ndarray]:
    """(r, ∂r/∂q) of ``point`` as carried by ``body`` (None: as the model places it).

    Point families (basic, natural) have one copy of a shared point, a coordinate of every
    body that lists it. Pose families (relative, reference point) place a shared point by
    one body's pose; another body's copy is then placed by that body's placement,
    r = R (x⁰ − o⁰) + o, r_q = R_q (x⁰ − o⁰) + o_q. A point on the ground does not move.
    """
    if body is None or model.facts.coordinates_are_positions:
        return model.point(q, point), model.point_jacobian(q, point)
    x0 = model.mechanism.bodies[body].points[point]
    if body == GROUND:
        return np.asarray(x0, dtype=float).copy(), np.zeros((model.mechanism.dimension, model.n_coordinates))
    placement = model.placement(q, body)
    origin_q, frame_q = model.placement_jacobian(q, body)
    arm = np.asarray(x0, dtype=float) - placement.drawn_origin
    return placement.place(x0), origin_q + np.einsum("ijk,j->ik", frame_q, arm)


def material_point_jacobian(model: Model, q, body: str, position) -> np.ndarray:
    """G = ∂ṙ/∂q̇ of the material point of ``body`` that is at ``position`` now (a point
    no description names: where a disc touches a plane, where a journal touches its
    bearing). Its drawn arm a = R⁻¹ (r − o) is held, so r_q = o_q + R_q a.

    Raises
    ------
    InputError
        The body has no frame (a spatial body of two points in the point families).
    """
    if body == GROUND:
        return np.zeros((model.mechanism.dimension, model.n_coordinates))
    placement = model.placement(q, body)
    if placement.frame is None:
        raise InputError(f"Body '{body}' has no frame in the {model.family} model (two points in space): a contact "
                         "on its surface needs its rotation; give it a third point off its axis.")
    origin_q, frame_q = model.placement_jacobian(q, body)
    arm = np.linalg.solve(placement.frame, np.asarray(position, dtype=float) - placement.origin)
    return origin_q + np.einsum("ijk,j->ik", frame_q, arm)


def load_point(model: Model, q, point: str, body: str | None, curvature: bool = False) -> LoadPoint:
    """``point`` as carried by ``body`` (:func:`point_on_body`), with its Hessian where
    ``curvature`` is asked for and r is not linear in q: the model's
    (:meth:`mbtools.Model.point_hessian`), or, for a named body's copy in a pose family,
    r_qq = R_qq (x⁰ − o⁰) + o_qq from the body's placement derivatives."""
    named = body is not None and not model.facts.coordinates_are_positions and body != GROUND
    if not curvature or not named:
        r, J = point_on_body(model, q, point, body)
        linear = not curvature or body == GROUND or model.point_is_linear(point)
        return LoadPoint(r, J, None if linear else model.point_hessian(q, point))
    if model.placement_is_linear(body):
        return LoadPoint(*point_on_body(model, q, point, body))
    d = model.placement_derivatives(q, body)
    arm = np.asarray(model.mechanism.bodies[body].points[point], dtype=float) - d.drawn_origin
    n, columns = model.n_coordinates, d.columns
    jacobian = np.zeros((len(arm), n))
    jacobian[:, columns] = d.origin_q + np.einsum("ijk,j->ik", d.frame_q, arm)
    hessian = np.zeros((len(arm), n, n))
    hessian[:, columns[:, None], columns[None, :]] = d.origin_qq + np.einsum("ijkl,j->ikl", d.frame_qq, arm)
    return LoadPoint(d.frame @ arm + d.origin, jacobian, hessian)


def axial(W: np.ndarray) -> np.ndarray:
    """ω of the skew part of each W[:, :, ...]: (W₁₀ − W₀₁)/2 in the plane (shape (1, ...)),
    (W₂₁ − W₁₂, W₀₂ − W₂₀, W₁₀ − W₀₁)/2 in space (book, equation eq-omega-tilde)."""
    if W.shape[0] == 2:
        return 0.5 * (W[1, 0] - W[0, 1])[None]
    return 0.5 * np.array([W[2, 1] - W[1, 2], W[0, 2] - W[2, 0], W[1, 0] - W[0, 1]])


def angular_velocity_jacobian_derivative(model: Model, q, body: str) -> np.ndarray:
    """∂Ω_q/∂q of a body, (1 or 3, n, n), entry [a, k, j] = ∂Ω_{a,k}/∂q_j: with Ω_q's
    column k the ω of R_{,k} Rᵀ (book, equation eq-omega-tilde),

        ∂Ω_{:,k}/∂q_j = ω(R_{,kj} Rᵀ + R_{,k} R_{,j}ᵀ),

    the first term zero where R is linear in q (natural coordinates). What a torque's
    stiffness needs: Q = Ω_qᵀ τ changes with q through Ω_q."""
    if model.placement_is_linear(body):
        frame_q = model.placement_jacobian(q, body)[1]
        if frame_q is None:
            model.angular_velocity_jacobian(q, body)  # the error that names the body
        return axial(np.einsum("ilk,mlj->imkj", frame_q, frame_q))
    d = model.placement_derivatives(q, body)
    if d.frame is None:
        model.angular_velocity_jacobian(q, body)  # the error that names the body
    products = np.einsum("ilk,mlj->imkj", d.frame_q, d.frame_q) + np.einsum("ilkj,ml->imkj", d.frame_qq, d.frame)
    local = axial(products)
    n, columns = model.n_coordinates, d.columns
    out = np.zeros((len(local), n, n))
    out[:, columns[:, None], columns[None, :]] = local
    return out
