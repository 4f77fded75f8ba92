"""Joint reactions body by body: Newton–Euler of each body, the joints' wrenches unknown.

Natural and basic coordinates write no equation for a spherical or revolute joint whose
bodies share a point, and relative coordinates none for a joint of the spanning tree, so
the model's multipliers do not name every joint. The reactions are found instead from the
bodies' motion, the same in every family, as in a free-body diagram.

**Motion.** Every moving body is placed by its origin o(q) — its centre of mass G, where the
description gives its mass — and frame R(q) (:meth:`mbtools.Model.placement`). From
(q, q̇, q̈), with o_q, R_q the placement's Jacobians and ö₂, R̈₂ the parts of ö, R̈ that
do not come from q̈ (:meth:`~mbtools.Model.placement_second_derivative`):

    a_G = o_q q̈ + ö₂,    ω̃ = Ṙ Rᵀ,    α̃ = skew(R̈ Rᵀ),    Ṙ = R_q q̇,  R̈ = R_q q̈ + R̈₂   (B.1)

(R̈ Rᵀ = α̃ + ω̃ ω̃, and ω̃ ω̃ is symmetric). The rate of the angular momentum about G is

    Ḣ_G = J α (plane),    Ḣ_G = I α + ω × I ω,  I = R I⁰ Rᵀ (space),             (B.2)

I⁰ the inertia about G in the drawing's axes. A spatial body of two points only (a line of
mass, natural and basic coordinates) has no spin: with d = r_j − r_i its two points and
J_⊥ its moment about a normal through G, H_G = (J_⊥/L²) d × ḋ and

    Ḣ_G = (J_⊥/L²) d × d̈,                                                        (B.3)

normal to the line. Its moment equation is written on the plane normal to d (two rows,
T(d) of :func:`~mbtools.dynamics.joint_wrenches.across`); the third, about the line, reads
0 = 0 for joints at points of the line and is dropped.

**Equations.** The wrench body b requires, reduced to G,

    w_b = (m a_G − F_b,  Ḣ_G − n_b),                                              (B.4)

F_b, n_b the applied force and moment about G: the weight m g at G and the loads'
``body_wrenches`` (:mod:`mbtools.dynamics.load_wrenches`). The joints supply it: joint J
between i and j applies [F; n_P] = B_Jᵀ μ_J to j at its point P and minus that to i
(:mod:`mbtools.dynamics.joint_wrenches`), and a driver d whose input is prescribed applies
μ_d times its unit motor wrench (:func:`~mbtools.dynamics.load_wrenches.driver_wrenches`):
μ_d is the driving torque or force. For every moving body

    Σ_J ± X(P_J − G_b) B_Jᵀ μ_J + Σ_d μ_d D_d,b = w_b,                             (B.5)

X(r) = [[1, 0], [r ×, 1]] the transfer of a moment from P to G. The ground's equations are
not written: its reactions are those on it. The unknowns μ are solved for by least squares,
and where the joints are redundant (more unknowns than independent equations) with the
minimum norm Σ μ², the smallest Σ (‖F_J‖² + ‖n_J‖²) (n about each joint's P) and driving
efforts. A state (q, q̇, q̈) that the joints do not allow leaves a misfit

    ‖A μ − w‖_∞ > 10⁻⁶ max(1, ‖w‖_∞),                                               (B.6)

and is refused. The moment equation of a body about an axis that no joint or driver reaches
— the spin of a coupler between two ball joints, modelled in the pose families — is the
equation of motion of an idle freedom, not one of the reactions: inverse dynamics takes
the idle motion the kinematics picks, which need not satisfy it, so its residual is left
out of the misfit and reported apart (``idle``). The reactions still depend on that spin
through its gyroscopic couple, ω × I ω, which a line of mass (no spin) does not have.

Example
-------
A bob of 2 kg on a bar of 1.5 m, driven at 2 rad/s through the horizontal: the pivot
pulls it in with m ω² L = 12 N and holds its weight, 19.62 N; the driving torque is the
one inverse dynamics finds from the generalized forces, m g L.

>>> from mbtools import Mechanism, MassProperties, formulate
>>> from mbtools.dynamics import MultibodySystem, inverse_dynamics
>>> m = Mechanism("pendulum")
>>> m.add_ground({"O": (0.0, 0.0)})
>>> m.add_body("bob", {"O": (0.0, 0.0), "P": (1.5, 0.0)}, mass=MassProperties(2.0, (1.5, 0.0), 0.0))
>>> m.add_revolute("ground", "bob", at="O")
>>> m.add_angle_driver("swing", tail="O", head="P")
>>> system = MultibodySystem(formulate(m, "relative"), (0.0, -9.81))
>>> motion = inverse_dynamics(system, {"swing": 0.0}, {"swing": 2.0}, {"swing": 0.0})
>>> solution = body_reactions(system, motion.q, motion.qd, motion.qdd, drivers="all")
>>> solution.reactions["R_O"].force.round(9) + 0.0
array([-12.  ,  19.62])
>>> round(solution.driving["swing"], 9), round(motion.driving["swing"], 9)
(29.43, 29.43)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..description import GROUND
from ..errors import InputError
from .joint_wrenches import across, joint_rows, transfer
from .load_points import axial
from .load_wrenches import cross, driver_wrenches
from .mass import body_mass, line_body
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


@dataclass(frozen=True)
class BodyReactions:
    """The solution of (B.5) at one state: ``reactions`` by joint, ``driving`` (the effort
    of each prescribed input, N·m or N), ``unknowns`` μ, ``misfit`` (B.6) and ``idle``, the
    unbalanced moment about the axes of bodies that no unknown reaches (see the module)."""

    reactions: dict
    driving: dict
    unknowns: np.ndarray
    misfit: float
    idle: float = 0.0


def inertia_wrench(model, q, qd, qdd, body: str) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    """(m a_G, Ḣ_G, T) of a moving body (B.1)–(B.3); T the rows onto which its moment
    equation is projected (None: all of them; a line of mass: the plane normal to it)."""
    properties = body_mass(model, body)
    o_q, R_q = model.placement_jacobian(q, body)
    o_dd, R_dd = model.placement_second_derivative(q, qd, body)
    force = properties.mass * (o_q @ qdd + o_dd)
    if R_q is None:  # a line of mass
        i, j, weight = line_body(model, body, properties)
        d = model.point(q, j) - model.point(q, i)
        dd = model.point_acceleration(q, qd, qdd, j) - model.point_acceleration(q, qd, qdd, i)
        return force, weight * np.cross(d, dd), across(d)
    R = model.placement(q, body).frame
    omega = axial((R_q @ qd) @ R.T)
    alpha = axial((R_q @ qdd + R_dd) @ R.T)
    if len(R) == 2:
        return force, float(properties.inertia) * alpha, None
    inertia = R @ np.asarray(properties.inertia, dtype=float) @ R.T
    return force, inertia @ alpha + np.cross(omega, inertia @ omega), None


def applied_wrenches(system: MultibodySystem, q, qd, t: float) -> dict:
    """{body: (F, n)} of gravity and the system's loads, n about each body's origin."""
    model = system.model
    rot = 1 if model.mechanism.dimension == 2 else 3
    out = {b: (body_mass(model, b).mass * system.gravity, np.zeros(rot)) for b in model.body_names}
    for load in system.loads:
        for body, (F, n) in load.body_wrenches(model, t, q, qd).items():
            if body in out:
                out[body] = (out[body][0] + F, out[body][1] + n)
    return out


def body_reactions(system: MultibodySystem, q, qd, qdd, t: float = 0.0, drivers: str = "prescribed",
                   check: bool = True) -> BodyReactions:
    """Every joint's reaction at (q, q̇, q̈) and time t from (B.5). ``drivers``: the inputs
    whose driving effort is an unknown — ``"prescribed"`` (those the system prescribes) or
    ``"all"`` (inverse dynamics). ``check``: refuse a misfit (B.6) with an InputError."""
    model = system.model
    q, qd, qdd = (np.asarray(x, dtype=float) for x in (q, qd, qdd))
    dim = model.mechanism.dimension
    size = dim + (1 if dim == 2 else 3)
    bodies = list(model.body_names)
    joints = list(model.mechanism.joints)
    inputs = list(model.input_names) if drivers == "all" else [n for n in model.input_names if n in system.prescribed]
    blocks = [joint_rows(model, q, joint) for joint in joints]
    origins = {b: np.asarray(model.placement(q, b).origin, dtype=float) for b in bodies}
    columns = np.cumsum([0] + [len(B) for _, B in blocks] + [1] * len(inputs))
    A = np.zeros((size * len(bodies), columns[-1]))
    row = {b: k * size for k, b in enumerate(bodies)}
    for k, (joint, (P, B)) in enumerate(zip(joints, blocks)):
        for body, sign in ((joint.body_j, 1.0), (joint.body_i, -1.0)):
            if body in row:
                A[row[body]:row[body] + size, columns[k]:columns[k + 1]] += sign * transfer(P - origins[body]) @ B.T
    for k, name in enumerate(inputs):
        for body, (F, n) in driver_wrenches(model, q, name, 1.0).items():
            if body in row:
                A[row[body]:row[body] + size, columns[len(joints) + k]] += np.concatenate([F, n])
    applied = applied_wrenches(system, q, qd, t)
    w, keep = np.zeros(len(A)), []
    for body in bodies:
        force, rate, rows = inertia_wrench(model, q, qd, qdd, body)
        F, n = applied[body]
        start = row[body]
        w[start:start + size] = np.concatenate([force - F, np.atleast_1d(rate - n)])
        keep += list(range(start, start + dim))
        if rows is None:
            keep += list(range(start + dim, start + size))
        else:  # a line of mass: its moment rows projected on the plane normal to it
            A[start + dim:start + size] = np.vstack([rows @ A[start + dim:start + size], np.zeros((1, A.shape[1]))])
            w[start + dim:start + size] = np.concatenate([rows @ w[start + dim:start + size], [0.0]])
            keep += [start + dim, start + dim + 1]
    mu = np.linalg.lstsq(A[keep], w[keep], rcond=None)[0] if A.size else np.zeros(A.shape[1])
    residual = A @ mu - w
    idle = 0.0
    for body in bodies:  # the moment about an axis no unknown reaches: an idle freedom's own equation
        moment = slice(row[body] + dim, row[body] + size)
        U, S, _ = np.linalg.svd(A[moment], full_matrices=True)
        rank = int(np.sum(S > 1e-10 * max(1.0, float(S.max(initial=0.0)))))
        free = U[:, rank:]
        if free.size:
            idle = max(idle, float(np.abs(free.T @ residual[moment]).max()))
            residual[moment] -= free @ (free.T @ residual[moment])
    residual, w = residual[keep], w[keep]
    misfit = float(np.abs(residual).max(initial=0.0))
    if check and misfit > 1e-6 * max(float(np.abs(w).max(initial=0.0)), 1.0):
        raise InputError(f"The state of '{model.mechanism.name}' is not one the joints allow (a force misfit "
                         f"of {misfit:.3g}): give (q, q̇, q̈) of a motion, as simulate or inverse_dynamics do.")
    reactions = {joint.name: _reaction(model, q, joint, P, B.T @ mu[columns[k]:columns[k + 1]], origins)
                 for k, (joint, (P, B)) in enumerate(zip(joints, blocks))}
    driving = {name: float(mu[columns[len(joints) + k]]) for k, name in enumerate(inputs)}
    return BodyReactions(reactions, driving, mu, misfit, idle)


def _reaction(model, q, joint, P: np.ndarray, wrench: np.ndarray, origins: dict) -> Reaction:
    """The Reaction of the convention of :mod:`mbtools.dynamics.reactions`: the force on
    body j by body i, the torque about the joint's point (``at``), else about body j's
    origin (body i's where j is the ground)."""
    dim = len(P)
    F, n = wrench[:dim], wrench[dim:]
    point = getattr(joint, "at", None)
    if point is None:
        body = joint.body_j if joint.body_j != GROUND else joint.body_i
        n = n + cross(P - origins[body], F)
    torque = float(n[0]) if dim == 2 else n
    return Reaction(joint.name, joint.body_j, joint.body_i, point, F, torque)
