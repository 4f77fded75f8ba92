"""Joint reactions: the force (and torque) a joint transmits, in any family.

Natural and basic coordinates write no equation for a joint whose bodies share a point,
and relative coordinates none for a joint of the spanning tree, so the multipliers of
the model do not name every joint. The reactions are therefore taken from the *same
mechanism in reference-point coordinates* (angles in the plane, Euler parameters in
space), where every joint has equations of its own and every body its own coordinates:
the state (q, q̇, q̈) is carried over body by body through the placements (the same
origin o and frame R in every family), the multipliers solve

    Φ_qᵀ λ = Q − h − M q̈        (least squares: redundant joints share the load the
                                  minimum-norm way),

and the constraint force of joint J on body b is −Φ_{J,q_b}ᵀ λ_J: its translational part
is the force F, and its rotational part the moment n about b's origin (with
Ω_pᵀ n = −Φ_{J,p}ᵀ λ_J, Ω_p the angular-velocity Jacobian of b's rotation coordinates).

Convention: ``reactions[J]`` is the force on the joint's second body (``body_j`` of the
description) exerted by its first (``body_i``), in ground axes, with the torque about the
joint's point (about body_j's origin for a joint without one). Where body_j is the
ground, it is still the force on the ground: minus the force on body_i. A load at a point
shared by two bodies acts on the body it names (``PointForce(..., body=)``,
``Spring(..., bodies=)``), carried there by that body's own placement in the twin, so
that the answer does not depend on which body was drawn first; a load at a shared point
that names no body is refused, since the joint's reaction there depends on it. A spatial
body of two points only (a line of mass) has no spin, so its reactions are refused.

Example
-------
A bob of 2 kg held horizontal at rest by its driver: the pivot carries its weight.

>>> from mbtools import Mechanism, MassProperties, formulate
>>> from mbtools.dynamics import MultibodySystem, inverse_dynamics
>>> m = Mechanism("pendulum")
>>> m.add_ground({"O": (0.0, 0.0)})
>>> m.add_body("bob", {"O": (0.0, 0.0), "P": (1.5, 0.0)}, mass=MassProperties(2.0, (1.5, 0.0), 0.0))
>>> m.add_revolute("ground", "bob", at="O")
>>> m.add_angle_driver("swing", tail="O", head="P")
>>> result = inverse_dynamics(MultibodySystem(formulate(m, "natural")), {"swing": 0.0}, {"swing": 0.0}, {"swing": 0.0})
>>> reaction = result.reactions["R_O"]
>>> reaction.force.round(9) + 0.0, round(reaction.torque, 9) + 0.0
(array([ 0.  , 19.62]), 0.0)
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass

import numpy as np

from ..coordinates import formulate
from ..description import GROUND
from ..errors import InputError, MechanismError
from .kernels import least_squares_multipliers
from .loads import refuse_shared_points
from .system import MultibodySystem


@dataclass(frozen=True)
class Reaction:
    """What a joint transmits: ``force`` on ``on`` by ``by`` (N, ground axes) and
    ``torque`` about ``point`` (N·m: a number in the plane, a 3-vector in space)."""

    joint: str
    on: str
    by: str
    point: str | None
    force: np.ndarray
    torque: np.ndarray | float


_TWINS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


class ReactionSolver:
    """Reactions of a system's joints at any state (builds the reference-point twin once)."""

    def __init__(self, system: MultibodySystem):
        model = system.model
        self.system, self.model = system, model
        mechanism = model.mechanism
        refuse_shared_points(system.loads, mechanism, "the reaction")
        for body in model.body_names:
            if mechanism.dimension == 3 and model.placement(model.reference_q, body).frame is None:
                raise MechanismError(f"Body '{body}' is a line of mass (two points, no spin) in the {model.family} "
                                     "model: its joint reactions are not defined. Give it a third point or a vector.")
        twin = _TWINS.get(model)
        if twin is None:
            options = {"rotation": "euler_parameters"} if mechanism.dimension == 3 else {}
            twin = formulate(mechanism, "reference_point", **options)
            _TWINS[model] = twin
        self.twin = MultibodySystem(twin, system.gravity, system.loads, dict(system.prescribed))
        names = twin.coordinate_names
        self.translation = {b: [names.index(f"{a}_{b}") for a in "xyz"[: mechanism.dimension]] for b in model.body_names}
        rotation = ["phi"] if mechanism.dimension == 2 else ["e0", "e1", "e2", "e3"]
        self.rotation = {b: [names.index(f"{c}_{b}") for c in rotation] for b in model.body_names}

    def state(self, q, qd, qdd) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The twin's (q, q̇, q̈) with every body placed and moving as in the model."""
        model, twin = self.model, self.twin.model
        qt = twin.reference_q.copy()
        for body in model.body_names:
            p = model.placement(q, body)
            qt[self.translation[body]] = p.origin
            qt[self.rotation[body]] = _rotation_coordinates(p.frame)
        rows_v, rhs_v, rows_a, rhs_a = [], [], [], []
        for body in model.body_names:
            o_q, R_q = model.placement_jacobian(q, body)
            o_dd, R_dd = model.placement_second_derivative(q, qd, body)
            to_q, tR_q = twin.placement_jacobian(qt, body)
            rows_v += [to_q, tR_q.reshape(-1, twin.n_coordinates)]
            rhs_v += [o_q @ qd, (R_q @ qd).reshape(-1)]
            rhs_a += [o_q @ qdd + o_dd, (R_q @ qdd + R_dd).reshape(-1)]
        normalised = [k for k, c in enumerate(twin.constraints) if c.kind == "normalisation"]
        s = self.twin.inputs_at(qt, 0.0)[0]  # the normalisation rows do not involve the inputs
        J = twin.jacobian(qt, s)
        A = np.vstack(rows_v + [J[normalised]])
        qdt = np.linalg.lstsq(A, np.concatenate(rhs_v + [np.zeros(len(normalised))]), rcond=None)[0]
        for body in model.body_names:  # the parts of the twin's ö and R̈ not from q̈
            t_odd, t_Rdd = twin.placement_second_derivative(qt, qdt, body)
            rows_a += [t_odd, t_Rdd.reshape(-1)]
        gamma = twin.gamma(qt, qdt, s, np.zeros_like(s), np.zeros_like(s))
        rhs = np.concatenate([a - b for a, b in zip(rhs_a, rows_a)] + [gamma[normalised]])
        qddt = np.linalg.lstsq(A, rhs, rcond=None)[0]
        return qt, qdt, qddt

    def at(self, q, qd, qdd, t: float = 0.0, drivers: str = "prescribed") -> dict[str, Reaction]:
        """Every joint's reaction at the state (q, q̇, q̈) at time t. ``drivers``: which
        driving equations hold — ``"prescribed"`` (forward dynamics) or ``"all"``
        (inverse dynamics: every input prescribes the motion)."""
        twin = self.twin
        qt, qdt, qddt = self.state(q, qd, qdd)
        model = twin.model
        rows = list(range(model.n_constraints)) if drivers == "all" else twin.rows
        s, _, _ = twin.inputs_at(qt, t)
        J = model.jacobian(qt, s)[rows]
        residual = twin.mass_matrix(qt) @ qddt - twin.forces(qt, qdt, t)  # = −Φ_qᵀ λ
        lam = least_squares_multipliers(J, residual)
        misfit = np.abs(J.T @ lam + residual).max()
        if misfit > 1e-6 * max(np.abs(residual).max(), 1.0):
            raise InputError(f"The state of '{self.model.mechanism.name}' is not one the joints allow (a force misfit "
                             f"of {misfit:.3g}): give (q, q̇, q̈) of a motion, as simulate or inverse_dynamics do.")
        owners = [model.constraints[k].owner for k in rows]
        out = {}
        for joint in self.model.mechanism.joints:
            mine = [k for k, owner in enumerate(owners) if owner == joint.name]
            out[joint.name] = self._reaction(joint, qt, J[mine], lam[mine])
        return out

    def _reaction(self, joint, qt, J, lam) -> Reaction:
        force_q = -J.T @ lam
        on, by = joint.body_j, joint.body_i
        body, sign = (on, 1.0) if on != GROUND else (by, -1.0)
        twin = self.twin.model
        F = force_q[self.translation[body]]
        Omega = twin.angular_velocity_jacobian(qt, body)[:, self.rotation[body]]
        n = np.linalg.lstsq(Omega.T, force_q[self.rotation[body]], rcond=None)[0]
        origin = twin.placement(qt, body).origin
        point = getattr(joint, "at", None)
        if point is not None:  # n about the joint's point: n_P = n_o + (o − P) × F
            arm = origin - twin.point(qt, point)
            n = n + (np.array([arm[0] * F[1] - arm[1] * F[0]]) if len(F) == 2 else np.cross(arm, F))
        torque = float(n[0]) if len(F) == 2 else n
        return Reaction(joint.name, on, by, point, sign * F, sign * torque)


def _rotation_coordinates(R: np.ndarray) -> np.ndarray:
    """φ of a planar frame, or the Euler parameters (e₀ ≥ 0) of a spatial one."""
    if R.shape == (2, 2):
        return np.array([np.arctan2(R[1, 0], R[0, 0])])
    w, x, y, z = _quaternion(R)
    return np.array([w, x, y, z])


def _quaternion(R: np.ndarray):
    """Euler parameters of a rotation matrix (Shepperd's method: the largest of the four
    squares first, for accuracy)."""
    t = np.trace(R)
    squares = np.array([1 + t, 1 + 2 * R[0, 0] - t, 1 + 2 * R[1, 1] - t, 1 + 2 * R[2, 2] - t]) / 4
    k = int(np.argmax(squares))
    e = np.zeros(4)
    e[k] = np.sqrt(squares[k])
    if k == 0:
        e[1:] = [(R[2, 1] - R[1, 2]), (R[0, 2] - R[2, 0]), (R[1, 0] - R[0, 1])]
        e[1:] /= 4 * e[0]
    elif k == 1:
        e[0], e[2], e[3] = (R[2, 1] - R[1, 2]) / (4 * e[1]), (R[0, 1] + R[1, 0]) / (4 * e[1]), (R[0, 2] + R[2, 0]) / (4 * e[1])
    elif k == 2:
        e[0], e[1], e[3] = (R[0, 2] - R[2, 0]) / (4 * e[2]), (R[0, 1] + R[1, 0]) / (4 * e[2]), (R[1, 2] + R[2, 1]) / (4 * e[2])
    else:
        e[0], e[1], e[2] = (R[1, 0] - R[0, 1]) / (4 * e[3]), (R[0, 2] + R[2, 0]) / (4 * e[3]), (R[1, 2] + R[2, 1]) / (4 * e[3])
    return e if e[0] >= 0 else -e
