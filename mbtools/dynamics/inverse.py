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

from ..kinematics import solve_acceleration, solve_position, solve_velocity
from ..model.rank import independent_rows
from .reactions import ReactionSolver
from .system import MultibodySystem


@dataclass(frozen=True)
class InverseDynamics:
    """The result of :func:`inverse_dynamics` at one state.

    Attributes
    ----------
    q, qd, qdd : ndarray
        The state the inputs prescribe.
    multipliers : dict
        λ of every constraint row, by name (zero for rows pivoting set aside).
    driving : dict
        The torque (angle input, N·m) or force (slide input, N) each input supplies.
    reactions : dict
        Each joint's :class:`~mbtools.dynamics.reactions.Reaction`: the force on its
        second body by its first, and the torque about its point.
    """

    q: np.ndarray
    qd: np.ndarray
    qdd: np.ndarray
    multipliers: dict
    driving: dict
    reactions: dict


def inverse_dynamics(system: MultibodySystem, inputs: dict, rates: dict, accelerations: dict,
                     guess=None) -> InverseDynamics:
    """The driving forces and the multipliers for the inputs at (s, ṡ, s̈)."""
    model = system.model
    q = solve_position(model, inputs, guess).q
    qd = solve_velocity(model, q, rates)
    qdd = solve_acceleration(model, q, qd, accelerations)
    s = model.input_vector(inputs)
    J = model.jacobian(q, s)
    residual = system.mass_matrix(q) @ qdd - system.forces(q, qd, 0.0)  # = −Φ_qᵀ λ
    kept, _ = independent_rows(J)
    lam = np.zeros(model.n_constraints)
    lam[kept] = np.linalg.lstsq(J[kept].T, -residual, rcond=None)[0]
    phi_s = model.phi_s(q, s)
    driving = {}
    for k, name in enumerate(model.input_names):
        rows = [i for i, c in enumerate(model.constraints) if c.is_driver and c.name.startswith(f"{name}:")]
        driving[name] = float(sum(lam[i] * phi_s[i, k] for i in rows))
    reactions = ReactionSolver(system).at(q, qd, qdd, 0.0, drivers="all")
    return InverseDynamics(q, qd, qdd, dict(zip(model.constraint_names, lam)), driving, reactions)
