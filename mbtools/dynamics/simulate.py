"""Forward dynamics: integrate a system's equations of motion in time.

The state (q, q̇) is integrated by scipy's ``solve_ivp`` (DOP853, an explicit
Runge–Kutta method of order 8 with error control); the accelerations come from a dynamic
formulation of :data:`FORMULATIONS`, all on the same :class:`MultibodySystem`.

Example
-------
A pendulum released horizontally: energy is conserved to the integrator's tolerance.

>>> from mbtools import Mechanism, MassProperties, formulate
>>> from mbtools.dynamics import MultibodySystem
>>> m = Mechanism("pendulum")
>>> m.add_ground({"O": (0.0, 0.0)})
>>> m.add_body("bob", {"O": (0.0, 0.0), "P": (1.0, 0.0)}, mass=MassProperties(2.0, (1.0, 0.0), 0.0))
>>> m.add_revolute("ground", "bob", at="O")
>>> traj = simulate(MultibodySystem(formulate(m, "natural")), 1.0)
>>> bool(abs(traj.energy - traj.energy[0]).max() < 1e-6)
True
"""

from __future__ import annotations

import numbers

import numpy as np
from scipy.integrate import solve_ivp

from ..errors import InputError, MbtoolsError
from ..kinematics import solve_position, solve_velocity
from . import ali3p, multipliers, projection
from .system import MultibodySystem

#: The dynamic formulations integrated as ODEs in (q, q̇): each gives (q̈, λ) from
#: (system, q, q̇, t), and scipy's DOP853 integrates them with error control.
ODE_FORMULATIONS = {"multipliers": multipliers.accelerations, "projection": projection.accelerations}
#: Every formulation: the ODE ones, and ALI3-P, which carries its own fixed-step
#: trapezoidal integrator.
FORMULATIONS = {**ODE_FORMULATIONS, "ali3p": ali3p.integrate}


class Trajectory:
    """The result of :func:`simulate`: one row per output time.

    Attributes
    ----------
    t, q, qd, qdd : ndarray
        Times (N,) and coordinates, velocities, accelerations (N, n).
    multipliers : ndarray
        λ (N, m), one column per geometric constraint of the system.
    """

    def __init__(self, system: MultibodySystem, t, q, qd, qdd, lam):
        self.system, self.t, self.q, self.qd, self.qdd, self.multipliers = system, t, q, qd, qdd, lam

    def point(self, name: str) -> np.ndarray:
        """Positions of a named point, (N, dim)."""
        return self.system.model.point(self.q, name)

    def point_velocity(self, name: str) -> np.ndarray:
        """Velocities of a named point, (N, dim)."""
        model = self.system.model
        return np.array([model.point_velocity(q, qd, name) for q, qd in zip(self.q, self.qd)])

    @property
    def energy(self) -> np.ndarray:
        """Kinetic plus potential energy at each output time."""
        return np.array([self.system.energy(q, qd) for q, qd in zip(self.q, self.qd)])

    @property
    def constraint_violation(self) -> tuple[np.ndarray, np.ndarray]:
        """(‖Φ‖, ‖Φ_q q̇‖) at each output time, each equation in its unit ℓ^p."""
        scales = self.system.model.residual_scales[self.system.rows]
        position, velocity = [], []
        for q, qd in zip(self.q, self.qd):
            phi, J, _ = self.system.constraints(q, qd)
            position.append(np.linalg.norm(phi / scales))
            velocity.append(np.linalg.norm(J @ qd / scales))
        return np.array(position), np.array(velocity)


def simulate(system: MultibodySystem, t_end: float, formulation: str = "multipliers", *, inputs=None,
             rates=None, q0=None, qd0=None, t_eval=None, rtol: float = 1e-9, step: float = 1e-3) -> Trajectory:
    """Integrate the equations of motion from t = 0 to ``t_end``.

    Parameters
    ----------
    system : MultibodySystem
    t_end : float
        Seconds.
    formulation : str
        A key of :data:`FORMULATIONS`.
    inputs, rates : dict, optional
        The initial position and velocity given by the inputs' values and rates (solved as
        position and velocity problems); default: the drawing, at rest.
    q0, qd0 : array_like, optional
        The initial state itself (it must satisfy the constraints).
    t_eval : array_like, optional
        Output times; default 201 times evenly spaced.
    rtol : float
        The integrator's relative tolerance (absolute: rtol times the mechanism's size), for
        the ODE formulations.
    step : float
        The time step of ALI3-P (seconds; the trapezoidal rule is second order).
    """
    if not isinstance(system, MultibodySystem):
        raise InputError(f"simulate takes a MultibodySystem(model, gravity=...), got {type(system).__name__}.")
    if formulation not in FORMULATIONS:
        raise InputError(f"Unknown formulation {formulation!r}: this release offers {sorted(FORMULATIONS)}.")
    if isinstance(t_end, bool) or not isinstance(t_end, numbers.Real) or not np.isfinite(t_end) or t_end <= 0:
        raise InputError(f"t_end must be a positive number of seconds, got {t_end!r}.")
    model = system.model
    q = _initial_position(system, inputs, q0)
    qd = _initial_velocity(system, q, rates, qd0)
    n = model.n_coordinates
    times = np.linspace(0.0, float(t_end), 201) if t_eval is None else np.asarray(t_eval, dtype=float)
    if formulation == "ali3p":
        if isinstance(step, bool) or not isinstance(step, numbers.Real) or not 0 < step <= t_end:
            raise InputError(f"step must be a positive number of seconds, at most t_end, got {step!r}.")
        qs, qds, qdds, lams = ali3p.integrate(system, q, qd, times, float(step))
        return Trajectory(system, times, qs, qds, qdds, lams)
    accelerations = ODE_FORMULATIONS[formulation]

    def derivative(t, y):
        qdd, _ = accelerations(system, y[:n], y[n:], t)
        return np.concatenate([y[n:], qdd])

    scale = np.concatenate([np.full(n, model.length_scale), np.full(n, model.length_scale)])
    solution = solve_ivp(derivative, (0.0, float(t_end)), np.concatenate([q, qd]), method="DOP853",
                         t_eval=times, rtol=rtol, atol=rtol * scale)
    if not solution.success:
        raise MbtoolsError(f"The integration of '{model.mechanism.name}' stopped: {solution.message}")
    qs, qds = solution.y[:n].T, solution.y[n:].T
    pairs = [accelerations(system, a, b, t) for a, b, t in zip(qs, qds, solution.t)]
    return Trajectory(system, solution.t, qs, qds, np.array([p[0] for p in pairs]), np.array([p[1] for p in pairs]))


def _initial_position(system: MultibodySystem, inputs, q0) -> np.ndarray:
    model = system.model
    if q0 is not None and inputs is not None:
        raise InputError("Give the initial position either by inputs= or by q0=, not both.")
    if inputs is not None:
        return solve_position(model, inputs).q
    q = model.reference_q if q0 is None else model.configuration(q0, "q0")
    phi, _, _ = system.constraints(q, np.zeros_like(q))
    scales = model.residual_scales[system.rows]
    if phi.size and np.abs(phi / scales).max() > 1e-8:
        raise InputError("q0 does not satisfy the constraints: solve the position problem first (inputs=...).")
    return np.array(q, dtype=float)


def _initial_velocity(system: MultibodySystem, q: np.ndarray, rates, qd0) -> np.ndarray:
    model = system.model
    if qd0 is not None and rates is not None:
        raise InputError("Give the initial velocity either by rates= or by qd0=, not both.")
    if rates is not None:
        return solve_velocity(model, q, rates)
    if qd0 is None:
        return np.zeros(model.n_coordinates)
    qd = np.array(model.configuration(qd0, "qd0"), dtype=float)
    _, J, _ = system.constraints(q, qd)
    if J.size and np.abs(J @ qd).max() > 1e-8 * model.length_scale * max(np.abs(qd).max(), 1.0):
        raise InputError("qd0 does not satisfy the velocity constraints: compute it with rates= or solve_velocity.")
    return qd
