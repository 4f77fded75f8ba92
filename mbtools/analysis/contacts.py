"""Compliant contacts and friction in whole multibody systems, checked against the laws'
own one-degree-of-freedom answers (:mod:`mbtools.analysis.restitution`): LuGre's
stick-slip test on a block on a slide, and a ball thrown onto a floor through each
normal law.

Both are the same equations as the scalar checks, taken the long way round: a model in
a coordinate family, the loads' states (the bristle deflection, the approach speed, the
dissipated energy) integrated with (q, q̇) by :func:`~mbtools.simulate`, the prismatic
pair or the free body in between. Where they agree with the scalar integration to the
tolerance, the machinery (the states, the events, the forces by virtual power) adds
nothing of its own.

Example
-------
>>> from mbtools.dynamics.contact_laws import Hertz
>>> round(ball_restitution(Hertz(1e8), speed=1.0), 6)     # an elastic law gives all back
1.0
"""

from __future__ import annotations

import numpy as np

from ..dynamics import MultibodySystem, simulate
from ..dynamics.compliant_contacts import PlaneContactForce, SlidingFriction
from ..dynamics.friction_laws import LuGre
from ..dynamics.loads import DriverForce
from ..errors import InputError
from ..examples.friction import LUGRE_DATA, ball, sliding_block
from ..coordinates import formulate


def lugre_law() -> LuGre:
    """The LuGre law of the stick-slip test (``LUGRE_DATA``)."""
    d = LUGRE_DATA
    return LuGre(mu_coulomb=d["mu_coulomb"], mu_static=d["mu_static"], stribeck_speed=d["stribeck_speed"],
                 sigma0=d["sigma0"], sigma1=d["sigma1"], sigma2=d["sigma2"])


def lugre_block_system(family: str = "natural", law=None) -> MultibodySystem:
    """The block on a slide of ``LUGRE_DATA`` in ``family`` coordinates: the spring pulled
    at U t as a force K (U t − x) on the input x (a :class:`~mbtools.dynamics.loads.DriverForce`),
    and friction under N = 1 N at its centre (:class:`~mbtools.dynamics.compliant_contacts.SlidingFriction`)."""
    d = LUGRE_DATA
    stiffness, speed = d["spring"], d["pull_speed"]
    law = lugre_law() if law is None else law

    def spring(t, x, v):
        return stiffness * (speed * t - x)

    loads = [DriverForce("x", spring), SlidingFriction("C", (0.0, 1.0), law, normal_force=d["normal_force"])]
    return MultibodySystem(formulate(sliding_block(d["mass"]), family), loads=loads)


def lugre_block_motion(family: str = "natural", rtol: float = 1e-9, t_end: float = LUGRE_DATA["duration"],
                       samples: int = 2501, integrator: str | None = None):
    """The block's motion over ``t_end`` (:func:`~mbtools.simulate`), as a Trajectory, by
    default by Radau (the bristles are stiff: DOP853 takes 30 000 steps and 200 s, Radau
    1400 and 12 s):
    ``traj.q`` and the input x by ``system.model.measured_inputs``; x(25 s) =
    1.9088392 m in the reference."""
    system = lugre_block_system(family)
    return simulate(system, t_end, rtol=rtol, t_eval=np.linspace(0.0, t_end, samples), integrator=integrator,
                    progress=False)


def block_position(traj) -> np.ndarray:
    """x of the block at each output time (the input x read off q)."""
    model = traj.system.model
    return np.array([model.measured_inputs(q)[0] for q in traj.q])


def ball_on_floor(law, friction=None, family: str = "natural", dimension: int = 2, mass: float = 1.0,
                  radius: float = 0.05) -> MultibodySystem:
    """A ball (:func:`mbtools.examples.friction.ball`) in compliant contact with the floor,
    at whichever of its points is lowest (the contact at C with the ball's radius), without
    gravity (so that its speed after the contact is the rebound speed)."""
    mechanism = ball(radius=radius, mass=mass, height=radius, dimension=dimension)
    normal = (0.0, 1.0) if dimension == 2 else (0.0, 0.0, 1.0)
    return MultibodySystem(formulate(mechanism, family), gravity=np.zeros(dimension),
                           loads=[PlaneContactForce("C", normal, law, friction=friction, radius=radius)])


def ball_restitution(law, speed: float = 1.0, family: str = "natural", dimension: int = 2, mass: float = 1.0,
                     rtol: float = 1e-10) -> float:
    """The coefficient of restitution of ``law`` measured on a multibody ball: thrown at
    the floor at ``speed`` from touching it, −(its normal velocity after the contact) /
    (before). Compare :func:`mbtools.analysis.restitution.effective_restitution`, the same
    impact as one equation."""
    if not np.isfinite(speed) or speed <= 0:
        raise InputError(f"ball_restitution: speed must be a positive number of m/s, got {speed!r}.")
    system = ball_on_floor(law, family=family, dimension=dimension, mass=mass)
    axis = dimension - 1
    velocity = {"C": tuple(-speed if k == axis else 0.0 for k in range(dimension))}
    # long enough for the contact (a few of Hertz's durations at the softest law used) and the way out
    traj = simulate(system, 0.05, twist={"ball": {"omega": 0.0 if dimension == 2 else (0.0, 0.0, 0.0),
                                                  "point": ("C", velocity["C"])}},
                    rtol=rtol, t_eval=np.array([0.0, 0.05]), progress=False)
    final = traj.system.model.point_velocity(traj.q[-1], traj.qd[-1], "C")[axis]
    if traj.point("L")[-1, axis] < 0.0:
        raise InputError("ball_restitution: the ball is still in contact after 0.05 s; give a stiffer law or a "
                         "faster throw.")
    return float(final / speed)
