"""Inverse dynamics: the forces the inputs must supply for a prescribed motion.

With the motion given by the inputs (s, ṡ, s̈), the kinematics gives q, q̇, q̈; the
equations of motion with every row of Φ, drivers included,

    M q̈ + h − Q + Φ_qᵀ λ = 0,

are then solved for the multipliers λ (on an independent set of rows). The driving
condition of an input s supplies the generalized force −Φ_{d,q}ᵀ λ_d, whose power along
the motion is λ_d Φ_{d,s} ṡ (the driver's row holds Φ_{d,q} q̇ + Φ_{d,s} ṡ = 0): the
torque (angle input) or force (slide input) the input supplies is

    τ = λ_d ∂Φ_d/∂s.

Example
-------
A pendulum held horizontal at rest needs τ = m g L at its pivot.

>>> from mbtools import Mechanism, MassProperties, formulate
>>> from mbtools.dynamics import MultibodySystem
>>> m = Mechanism("pendulum")
>>> m.add_ground({"O": (0.0, 0.0)})
>>> m.add_body("bob", {"O": (0.0, 0.0), "P": (1.5, 0.0)}, mass=MassProperties(2.0, (1.5, 0.0), 0.0))
>>> m.add_revolute("ground", "bob", at="O")
>>> m.add_angle_driver("swing", tail="O", head="P")
>>> result = inverse_dynamics(MultibodySystem(formulate(m, "natural")), {"swing": 0.0}, {"swing": 0.0}, {"swing": 0.0})
>>> round(result.driving["swing"], 9)    # 2 kg × 9.81 m/s² × 1.5 m
29.43
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..errors import InputError
from ..kinematics import solve_acceleration, solve_position, solve_velocity
from ..model import Model
from ..model.rank import independent_rows
from .initial import finite_number, finite_numbers
from .kernels import least_squares_multipliers
from .reactions import ReactionSolver
from .system import MultibodySystem


@dataclass(frozen=True)
class InverseDynamics:
    """The result of :func:`~mbtools.inverse_dynamics` at one state.

    Attributes
    ----------
    q, qd, qdd : ndarray
        The state the inputs prescribe.
    multipliers : dict
        λ of every constraint row, by name (zero for rows pivoting set aside).
    driving : dict
        The torque (angle input, N·m) or force (slide input, N) each input supplies.
    reactions : dict
        Each joint's ``Reaction`` (attributes ``force``, ``torque``): the force on its
        second body by its first, and the torque about its point.
    """

    q: np.ndarray
    qd: np.ndarray
    qdd: np.ndarray
    multipliers: dict
    driving: dict
    reactions: dict


def inverse_dynamics(system: MultibodySystem, inputs: dict, rates: dict, accelerations: dict,
                     guess=None, t: float = 0.0) -> InverseDynamics:
    """The driving forces, the multipliers and the joint reactions for the inputs at
    (s, ṡ, s̈), at time t (for loads that depend on it)."""
    _check_system(system, "inverse_dynamics")
    t = finite_number("inverse_dynamics: t", t, "s")
    return _inverse_dynamics(system, ReactionSolver(system), inputs, rates, accelerations, guess, t)


def _check_system(system, call: str) -> None:
    if not isinstance(system, MultibodySystem):
        kind = "a model" if isinstance(system, Model) else type(system).__name__
        raise InputError(f"{call} takes a MultibodySystem(model, gravity=..., loads=[...]), got {kind}: wrap it, "
                         f"{call}(MultibodySystem(model), ...).")


@dataclass(frozen=True)
class InverseDynamicsHistory:
    """The result of :func:`inverse_dynamics_along`: one row per time.

    Attributes
    ----------
    t, q, qd, qdd : ndarray
        Times (N,) and the prescribed motion (N, n).
    driving : dict
        Input name → its torque or force at each time, (N,).
    reactions : dict
        Joint name → (force (N, dim), torque (N,) in the plane or (N, 3) in space), with
        the convention of :attr:`InverseDynamics.reactions`: the force on the joint's
        second body by its first, and the torque about the joint's point.
    """

    t: np.ndarray
    q: np.ndarray
    qd: np.ndarray
    qdd: np.ndarray
    driving: dict
    reactions: dict


def inverse_dynamics_along(system: MultibodySystem, times, motions: dict) -> InverseDynamicsHistory:
    """Inverse dynamics over a motion: every input prescribed as a function of time (a
    number, a sympy expression of ``sympy.Symbol("t")`` or a PrescribedMotion, as in
    ``MultibodySystem(prescribed=...)``), solved at each of ``times``, each position from
    the one before.

    Example
    -------
    The pendulum of :func:`~mbtools.inverse_dynamics` turned at a constant 2 rad/s from hanging
    down: at θ = −π/2 + 2t the torque is m g L cos θ (no angular acceleration).

    >>> import math, sympy as sp
    >>> from mbtools import Mechanism, MassProperties, formulate
    >>> m = Mechanism("pendulum")
    >>> m.add_ground({"O": (0.0, 0.0)})
    >>> m.add_body("bob", {"O": (0.0, 0.0), "P": (1.5, 0.0)}, mass=MassProperties(2.0, (1.5, 0.0), 0.0))
    >>> m.add_revolute("ground", "bob", at="O")
    >>> m.add_angle_driver("swing", tail="O", head="P")
    >>> t = sp.Symbol("t")
    >>> history = inverse_dynamics_along(MultibodySystem(formulate(m, "natural")), [0.0, 0.5, 1.0], {"swing": -sp.pi / 2 + 2 * t})
    >>> [round(float(x), 9) + 0.0 for x in history.driving["swing"]]
    [0.0, 24.764491083, 26.760623271]
    >>> [round(2 * 9.81 * 1.5 * math.cos(-math.pi / 2 + 2 * t), 9) + 0.0 for t in (0.0, 0.5, 1.0)]
    [0.0, 24.764491083, 26.760623271]
    """
    from .prescribed import prescribed_motion

    _check_system(system, "inverse_dynamics_along")
    model = system.model
    if not isinstance(motions, dict) or set(motions) != set(model.input_names):
        raise InputError(f"inverse_dynamics_along needs the motion of every input of '{model.mechanism.name}', "
                         f"{model.input_names}, as a dict; got {sorted(motions) if isinstance(motions, dict) else motions!r}.")
    laws = {name: prescribed_motion(value, name) for name, value in motions.items()}
    times = finite_numbers("inverse_dynamics_along: times", times, "s")
    if times.size == 0:
        raise InputError("inverse_dynamics_along: times holds no time; give the times (s), such as np.linspace(0, 1, 11).")
    solver = ReactionSolver(system)
    results, guess = [], None
    for time in times:
        values = {name: law(time) for name, law in laws.items()}
        result = _inverse_dynamics(system, solver, {k: v[0] for k, v in values.items()}, {k: v[1] for k, v in values.items()},
                                   {k: v[2] for k, v in values.items()}, guess, float(time))
        results.append(result)
        guess = result.q
    joints = [j.name for j in model.mechanism.joints]
    return InverseDynamicsHistory(
        times, np.array([r.q for r in results]), np.array([r.qd for r in results]), np.array([r.qdd for r in results]),
        {name: np.array([r.driving[name] for r in results]) for name in model.input_names},
        {j: (np.array([r.reactions[j].force for r in results]), np.array([r.reactions[j].torque for r in results]))
         for j in joints})


def _inverse_dynamics(system, solver, inputs, rates, accelerations, guess, t) -> InverseDynamics:
    model = system.model
    q = solve_position(model, inputs, guess).q
    qd = solve_velocity(model, q, rates)
    qdd = solve_acceleration(model, q, qd, accelerations)
    s = model.input_vector(inputs)
    J = model.jacobian(q, s)
    residual = system.mass_matrix(q) @ qdd - system.forces(q, qd, t)  # = −Φ_qᵀ λ
    kept, _ = independent_rows(J)
    lam = np.zeros(model.n_constraints)
    lam[kept] = least_squares_multipliers(J[kept], residual)
    phi_s = model.phi_s(q, s)
    driving = {}
    for k, name in enumerate(model.input_names):
        rows = [i for i, c in enumerate(model.constraints) if c.is_driver and c.owner == name]
        driving[name] = float(sum(lam[i] * phi_s[i, k] for i in rows))
    reactions = solver.at(q, qd, qdd, t, drivers="all")
    return InverseDynamics(q, qd, qdd, dict(zip(model.constraint_names, lam)), driving, reactions)
