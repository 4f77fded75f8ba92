"""Shaking forces and moments on the frame, and the full force balance of a four-bar by
counterweights (Berkof and Lowen's linearly independent vectors).

**The frame's load.** Each moving body b obeys F_b + R_b = m_b a_Gb, F_b its applied
loads (its weight among them) and R_b what the joints and motors apply to it. Summed over
the moving bodies, the forces between moving bodies cancel in pairs, and what is left is
what the ground applies to them; the frame feels the opposite of that:

    F_frame = Σ_b (F_b − m_b a_Gb),                                                  (H.1)
    M_frame = Σ_b (r_Gb × (F_b − m_b a_Gb) + n_b − Ḣ_Gb),                            (H.2)

moments about the drawing's origin O, n_b the applied moments about G_b and Ḣ_Gb the rate
of body b's angular momentum about its centre of mass. The **shaking force** and **shaking
moment** are the part of that load that changes as the mechanism runs: the frame's load less
the moving links' weight and its moment (a constant). Where weight is the only load,

    F_sh = −Σ_b m_b a_Gb = −M a_G,        M_sh = −Σ_b (r_Gb × m_b a_Gb + Ḣ_Gb) = −Ḣ_O,   (H.3)

M the total mass and a_G the acceleration of the total centre of mass: the shaking force
vanishes at every speed exactly when the total centre of mass stands still. This module
computes the frame's load from the joint reactions and motor torques found body by body
(:func:`~mbtools.dynamics.body_reactions.body_reactions`, what a force plate under the
frame would read, :func:`frame_load`), and (H.3) from the bodies' motion alone
(:func:`momentum_rate`): the two are independent checks of each other.

**Full force balance of a four-bar.** With each link's centre of mass written in its own
frame as a complex number — z₁ = r₁ e^{iθ₁} on the crank from O₂ along O₂→A, z₂ from A along
A→B, z₃ from O₄ along O₄→B — and the links' directions e^{iφ_k},

    M r_G = m₁ z₁ e^{iφ₁} + m₂ (a e^{iφ₁} + z₂ e^{iφ₂}) + m₃ (d + z₃ e^{iφ₃}).

The loop a e^{iφ₁} + b e^{iφ₂} = d + c e^{iφ₃} (d = O₄ − O₂) removes e^{iφ₂}; the remaining
e^{iφ₁} and e^{iφ₃} are linearly independent as the mechanism moves, so r_G is constant if
and only if both coefficients vanish:

    m₁ z₁ = m₂ a (z₂ / b − 1),        m₃ z₃ = −m₂ c z₂ / b.                          (H.4)

Given the coupler, (H.4) says what mass moment m z each of crank and rocker must have about
its ground pivot; a counterweight of mass m_c at z_c on a link supplies the difference,
m_c z_c = (m z)_required − (m z)_link, at a radius ‖z_c‖ of the designer's choice
(:func:`force_balancing_counterweights`).

Example
-------
A single crank, a uniform bar of 2 kg and 0.5 m turning at 10 rad/s: its centre of mass at
0.25 m from the pivot shakes the frame with m r ω² = 50 N.

>>> from mbtools import Mechanism, formulate, uniform_bar
>>> from mbtools.dynamics import MultibodySystem
>>> m = Mechanism("crank")
>>> m.add_ground({"O": (0.0, 0.0)})
>>> m.add_body("crank", {"O": (0.0, 0.0), "A": (0.5, 0.0)}, mass=uniform_bar(2.0, (0.0, 0.0), (0.5, 0.0)))
>>> m.add_revolute("ground", "crank", at="O")
>>> m.add_angle_driver("turn", tail="O", head="A")
>>> history = shaking_along(MultibodySystem(formulate(m, "natural"), (0.0, -9.81)), "turn", [0.0, 1.0], 10.0)
>>> np.linalg.norm(history.force, axis=1).round(9).tolist()
[50.0, 50.0]
"""

from __future__ import annotations

import copy
import math
from dataclasses import dataclass

import numpy as np

from ..description import GROUND, MassProperties, Mechanism, set_masses
from ..errors import InputError, MechanismError
from ..dynamics import MultibodySystem, inverse_dynamics
from ..dynamics.body_reactions import inertia_wrench
from ..dynamics.joint_wrenches import joint_point
from ..dynamics.load_wrenches import cross, driver_wrenches
from ..dynamics.mass import body_mass
from ..model import Model


@dataclass(frozen=True)
class ShakingHistory:
    """The shaking of the frame over a motion at constant input speed (:func:`shaking_along`).

    Attributes
    ----------
    angle : ndarray
        The input's values (N,), rad.
    force : ndarray
        The shaking force F_sh (N, dim), N: the frame's load less the links' weight (H.3).
    moment : ndarray
        The shaking moment M_sh about the drawing's origin, (N,) in the plane, (N, 3) in space, N·m.
    driving : ndarray
        The input's torque (N,), N·m.
    bearings : dict
        Joint name → the magnitude of the force it transmits (N,), N.
    momentum_force, momentum_moment : ndarray
        −L̇ and −Ḣ_O from the bodies' motion alone (:func:`momentum_rate`), the independent
        check of ``force`` and ``moment`` where weight is the only load.
    """

    angle: np.ndarray
    force: np.ndarray
    moment: np.ndarray
    driving: np.ndarray
    bearings: dict
    momentum_force: np.ndarray
    momentum_moment: np.ndarray


def centre_of_mass(model: Model, q) -> np.ndarray:
    """The total centre of mass r_G = Σ m_b r_Gb / Σ m_b of the moving bodies at q.

    >>> from mbtools import formulate
    >>> model = formulate(uniform_four_bar(), "natural")
    >>> centre_of_mass(model, model.reference_q).shape
    (2,)
    """
    q = np.asarray(q, dtype=float)
    masses = [body_mass(model, b).mass for b in model.body_names]
    moments = [m * np.asarray(model.placement(q, b).origin, dtype=float) for m, b in zip(masses, model.body_names)]
    return np.sum(moments, axis=0) / sum(masses)


def momentum_rate(model: Model, q, qd, qdd) -> tuple[np.ndarray, np.ndarray]:
    """(L̇, Ḣ_O): the rate of the moving bodies' linear momentum Σ m_b a_Gb and of their
    angular momentum about the drawing's origin, Σ (r_Gb × m_b a_Gb + Ḣ_Gb), from their
    motion alone ((H.3); the moment a number in the plane, a 3-vector in space).

    >>> from mbtools import formulate
    >>> model = formulate(uniform_four_bar(), "natural")
    >>> L_rate, H_rate = momentum_rate(model, model.reference_q, np.zeros(model.n_coordinates), np.zeros(model.n_coordinates))
    >>> float(np.abs(L_rate).max()), float(abs(H_rate))
    (0.0, 0.0)
    """
    q, qd, qdd = (np.asarray(x, dtype=float) for x in (q, qd, qdd))
    dim = model.mechanism.dimension
    linear, angular = np.zeros(dim), np.zeros(1 if dim == 2 else 3)
    for body in model.body_names:
        force, rate, _ = inertia_wrench(model, q, qd, qdd, body)
        origin = np.asarray(model.placement(q, body).origin, dtype=float)
        linear += force
        angular += cross(origin, force) + np.atleast_1d(rate)
    return linear, (float(angular[0]) if dim == 2 else angular)


def frame_load(model: Model, q, reactions: dict, driving: dict) -> tuple[np.ndarray, np.ndarray | float]:
    """(F_frame, M_frame): the force and the moment about the drawing's origin that the
    mechanism applies to the frame (H.1)–(H.2), summed from the reactions of the joints that
    hold a body to the ground and the motors' reactions against it — what a force plate
    under the frame would read. ``reactions`` and ``driving`` as
    :func:`~mbtools.inverse_dynamics` returns them (the convention of
    :mod:`mbtools.dynamics.reactions`: the force on the joint's second body by its first).

    >>> from mbtools import formulate
    >>> from mbtools.dynamics import MultibodySystem
    >>> system = MultibodySystem(formulate(uniform_four_bar(), "natural"), (0.0, -9.81))
    >>> result = inverse_dynamics(system, {"crank": 1.0}, {"crank": 0.0}, {"crank": 0.0})
    >>> F, M = frame_load(system.model, result.q, result.reactions, result.driving)
    >>> round(float(F[1]), 9)   # at rest the frame carries the links' weight, 4.5 kg
    -44.145
    """
    mechanism = model.mechanism
    dim = mechanism.dimension
    force, moment = np.zeros(dim), np.zeros(1 if dim == 2 else 3)
    for joint in mechanism.joints:
        if GROUND not in (joint.body_i, joint.body_j) or joint.name not in reactions:
            continue
        reaction = reactions[joint.name]
        sign = 1.0 if reaction.on == GROUND else -1.0  # the force on the ground
        F = sign * np.asarray(reaction.force, dtype=float)
        n = sign * np.atleast_1d(np.asarray(reaction.torque, dtype=float))
        if reaction.point is not None:
            arm = joint_point(model, q, joint)
        else:  # the torque is about the moving body's origin
            body = joint.body_j if joint.body_j != GROUND else joint.body_i
            arm = np.asarray(model.placement(q, body).origin, dtype=float)
        force += F
        moment += cross(arm, F) + n
    for name, value in driving.items():
        share = driver_wrenches(model, q, name, value).get(GROUND)
        if share is not None:
            force += share[0]
            moment += share[1]
    return force, (float(moment[0]) if dim == 2 else moment)


def weight_load(system: MultibodySystem, q) -> tuple[np.ndarray, np.ndarray | float]:
    """(W, M_W): the moving links' total weight and its moment about the origin at q."""
    model = system.model
    dim = model.mechanism.dimension
    force, moment = np.zeros(dim), np.zeros(1 if dim == 2 else 3)
    for body in model.body_names:
        weight = body_mass(model, body).mass * np.asarray(system.gravity, dtype=float)
        force += weight
        moment += cross(np.asarray(model.placement(q, body).origin, dtype=float), weight)
    return force, (float(moment[0]) if dim == 2 else moment)


def shaking_along(system: MultibodySystem, input_name: str, angles, speed: float) -> ShakingHistory:
    """The shaking force and moment (H.3), the driving torque and every joint's force over
    the values ``angles`` of the input ``input_name``, turned at the constant ``speed``
    (rad/s): inverse dynamics at each angle (each position from the one before), the frame's
    load from the reactions (:func:`frame_load`) less the links' weight, and the same from
    the bodies' motion (:func:`momentum_rate`) beside it."""
    if not isinstance(system, MultibodySystem):
        raise InputError(f"shaking_along takes a MultibodySystem(model, gravity=...), got {type(system).__name__}.")
    model = system.model
    if input_name not in model.input_names:
        raise InputError(f"shaking_along: '{input_name}' is not an input of '{model.mechanism.name}'; "
                         f"its inputs are {list(model.input_names)}.")
    if len(model.input_names) != 1:
        raise InputError(f"shaking_along turns one input; '{model.mechanism.name}' has {list(model.input_names)}.")
    try:
        angles = np.atleast_1d(np.asarray(angles, dtype=float))
        speed = float(speed)
    except (TypeError, ValueError):
        raise InputError("shaking_along: angles must be numbers (rad) and speed a number (rad/s).") from None
    if angles.ndim != 1 or not np.all(np.isfinite(angles)) or not math.isfinite(speed):
        raise InputError("shaking_along: angles must be a finite 1-D sequence (rad) and speed a finite number (rad/s).")
    rows, guess = [], None
    for angle in angles:
        result = inverse_dynamics(system, {input_name: angle}, {input_name: speed}, {input_name: 0.0}, guess=guess)
        guess = result.q
        F, M = frame_load(model, result.q, result.reactions, result.driving)
        W, M_W = weight_load(system, result.q)
        L_rate, H_rate = momentum_rate(model, result.q, result.qd, result.qdd)
        bearings = {name: float(np.linalg.norm(r.force)) for name, r in result.reactions.items()}
        rows.append((F - W, np.asarray(M) - np.asarray(M_W), result.driving[input_name], bearings, -L_rate,
                     -np.asarray(H_rate)))
    names = list(rows[0][3]) if rows else []
    return ShakingHistory(angles, np.array([r[0] for r in rows]), np.array([r[1] for r in rows]),
                          np.array([r[2] for r in rows]), {n: np.array([r[3][n] for r in rows]) for n in names},
                          np.array([r[4] for r in rows]), np.array([r[5] for r in rows]))


@dataclass(frozen=True)
class Counterweight:
    """A point mass added to a link: ``mass`` (kg) at ``at`` (the drawing), at ``radius``
    (m) from the link's ground pivot ``pivot``."""

    body: str
    mass: float
    at: np.ndarray
    pivot: str
    radius: float


def uniform_four_bar(masses: tuple[float, float, float] = (1.0, 2.0, 1.5), **lengths) -> Mechanism:
    """The four-bar of :func:`mbtools.examples.four_bar` (``lengths`` passed to it), each
    link a uniform bar between its pivots of the given masses (kg): crank, coupler, rocker.

    >>> m = uniform_four_bar()
    >>> [m.bodies[b].mass.mass for b in ("crank", "coupler", "rocker")]
    [1.0, 2.0, 1.5]
    """
    from ..description import uniform_bar
    from ..examples import four_bar

    mechanism = four_bar(**lengths)
    p = mechanism.point_position
    bars = {"crank": ("O2", "A"), "coupler": ("A", "B"), "rocker": ("O4", "B")}
    set_masses(mechanism, {body: uniform_bar(mass, p(i), p(j)) for (body, (i, j)), mass in zip(bars.items(), masses)})
    return mechanism


def with_point_mass(properties: MassProperties, mass: float, at) -> MassProperties:
    """A planar body's mass properties with a point mass added at ``at``: the masses add,
    G moves to the weighted mean, and the inertia about the new G follows the parallel-axis
    theorem, J = J_G + m ‖G − G'‖² + m_c ‖P − G'‖².

    >>> bar = MassProperties(2.0, np.array([0.5, 0.0]), 1 / 6)
    >>> both = with_point_mass(bar, 2.0, (-0.5, 0.0))
    >>> both.mass, both.centre.tolist(), round(both.inertia, 6)
    (4.0, [0.0, 0.0], 1.166667)
    """
    at = np.asarray(at, dtype=float)
    total = properties.mass + mass
    centre = (properties.mass * np.asarray(properties.centre, dtype=float) + mass * at) / total
    inertia = (float(properties.inertia) + properties.mass * float(np.sum((properties.centre - centre) ** 2))
               + mass * float(np.sum((at - centre) ** 2)))
    return MassProperties(total, centre, inertia)


def _complex(v) -> complex:
    return complex(float(v[0]), float(v[1]))


def _shared_point(mechanism: Mechanism, a: str, b: str) -> str:
    shared = [p for p in mechanism.bodies[a].points if p in mechanism.bodies[b].points]
    if len(shared) != 1:
        raise MechanismError(f"Force balancing needs the four-bar's bodies '{a}' and '{b}' to share exactly one "
                             f"pivot point; they share {shared}. Name the crank, coupler and rocker of a four-bar.")
    return shared[0]


def four_bar_pivots(mechanism: Mechanism, crank: str = "crank", coupler: str = "coupler",
                    rocker: str = "rocker") -> tuple[str, str, str, str]:
    """The four pivots (O₂, A, B, O₄) of a planar four-bar from its links' shared points."""
    if not isinstance(mechanism, Mechanism) or mechanism.dimension != 2:
        raise MechanismError("Force balancing by (H.4) is for a planar four-bar Mechanism.")
    for role, body in (("crank", crank), ("coupler", coupler), ("rocker", rocker)):
        if body not in mechanism.bodies or mechanism.bodies[body].is_ground:
            raise MechanismError(f"The {role} '{body}' is not a moving body of '{mechanism.name}'; its moving bodies "
                                 f"are {[b for b, v in mechanism.bodies.items() if not v.is_ground]}.")
        if mechanism.bodies[body].mass is None:
            raise MechanismError(f"The {role} '{body}' has no mass properties; give it some (set_masses) first.")
    return (_shared_point(mechanism, GROUND, crank), _shared_point(mechanism, crank, coupler),
            _shared_point(mechanism, coupler, rocker), _shared_point(mechanism, rocker, GROUND))


def force_balancing_counterweights(mechanism: Mechanism, crank_radius: float | None = None,
                                   rocker_radius: float | None = None, crank: str = "crank",
                                   coupler: str = "coupler", rocker: str = "rocker") -> tuple[Counterweight, Counterweight]:
    """The counterweights on crank and rocker that balance a four-bar's shaking force fully
    (H.4), each a point mass at the given radius from its ground pivot (default: the link's
    length), the coupler left as it is.

    The uniform coupler (z₂ = b/2) asks for m₁z₁ = −m₂a/2 = −2 kg·m on the crank, which has
    +1: 3 kg·m more, 1.5 kg at a = 2 m behind O₂; and for m₃z₃ = −m₂c/2 = −9 kg·m on the
    rocker, which has +6.75: 1.75 kg at c = 9 m behind O₄.

    >>> cw_crank, cw_rocker = force_balancing_counterweights(uniform_four_bar())
    >>> round(cw_crank.mass, 9), round(cw_rocker.mass, 9), cw_crank.at.round(9).tolist()
    (1.5, 1.75, ...)
    """
    O2, A, B, O4 = four_bar_pivots(mechanism, crank, coupler, rocker)
    p = {name: _complex(mechanism.point_position(name)) for name in (O2, A, B, O4)}
    a, b, c = abs(p[A] - p[O2]), abs(p[B] - p[A]), abs(p[B] - p[O4])
    e1, e2, e3 = (p[A] - p[O2]) / a, (p[B] - p[A]) / b, (p[B] - p[O4]) / c

    def moment(body: str, origin: str, direction: complex) -> complex:
        props = mechanism.bodies[body].mass
        return props.mass * (_complex(props.centre) - p[origin]) / direction

    m2 = mechanism.bodies[coupler].mass.mass
    z2 = moment(coupler, A, e2) / m2
    required = {crank: m2 * a * (z2 / b - 1.0), rocker: -m2 * c * z2 / b}
    out = []
    for body, pivot, direction, length, radius in ((crank, O2, e1, a, crank_radius), (rocker, O4, e3, c, rocker_radius)):
        radius = length if radius is None else float(radius)
        if not math.isfinite(radius) or radius <= 0:
            raise InputError(f"The counterweight radius on '{body}' must be a positive length (m), got {radius!r}.")
        missing = required[body] - moment(body, pivot, direction)
        mass = abs(missing) / radius
        place = p[pivot] + direction * (missing / abs(missing) * radius if mass > 0 else 0.0)
        out.append(Counterweight(body, mass, np.array([place.real, place.imag]), pivot, radius))
    return out[0], out[1]


def add_counterweights(mechanism: Mechanism, counterweights) -> Mechanism:
    """A copy of the mechanism with each counterweight's point mass added to its link
    (:func:`with_point_mass`); the original is left as it is."""
    balanced = copy.deepcopy(mechanism)
    masses = {}
    for weight in counterweights:
        if weight.mass > 0:
            masses[weight.body] = with_point_mass(masses.get(weight.body, balanced.bodies[weight.body].mass),
                                                  weight.mass, weight.at)
    set_masses(balanced, masses)
    return balanced
