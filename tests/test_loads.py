"""Loads by virtual power, each checked by the power it delivers along a motion, and a
spring and a torque in motion (energy balance).

Power identities (any admissible q̇): Qᵀ q̇ = F·ṙ for a point force, −f ℓ̇ for a spring
of tension f, τ·ω for a torque on a body. Tolerance 1e-10 relative: both sides are
products of quantities exact to round-off.
"""

import math

import numpy as np
import pytest

from mbtools import InputError, MassProperties, Mechanism, examples, formulate, solve_velocity, sweep_position
from mbtools.dynamics import DriverForce, MultibodySystem, PointForce, Spring, Torque, simulate

FAMILIES = [("relative", {}), ("reference_point", {}), ("basic", {}), ("natural", {})]


def states(model, name="crank"):
    start = model.input_values(model.reference_q)[name]
    for q in sweep_position(model, name, start + np.radians([0.0, 40.0, 80.0])).q:
        yield q, solve_velocity(model, q, {name: 1.7})


@pytest.mark.parametrize("family, options", FAMILIES)
def test_each_load_delivers_its_power(family, options):
    model = formulate(examples.four_bar(coupler_point=(3.0, 2.0)), family, **options)
    force = PointForce("P", lambda t, r, v: np.array([2.0 + r[1], -1.0 + 0.3 * v[0]]))
    spring = Spring("P", "O4", stiffness=40.0, free_length=3.0, damping=0.7)
    torque = Torque("coupler", 2.5)
    for q, qd in states(model):
        r, v = model.point(q, "P"), model.point_velocity(q, qd, "P")
        F = np.array([2.0 + r[1], -1.0 + 0.3 * v[0]])
        assert force.generalized_force(model, 0.0, q, qd) @ qd == pytest.approx(F @ v, rel=1e-10, abs=1e-12)
        d = model.point(q, "O4") - r
        length = np.linalg.norm(d)
        rate = d @ (-v) / length
        tension = 40.0 * (length - 3.0) + 0.7 * rate
        assert spring.generalized_force(model, 0.0, q, qd) @ qd == pytest.approx(-tension * rate, rel=1e-10, abs=1e-12)
        omega = model.angular_velocity(q, qd, "coupler")
        assert torque.generalized_force(model, 0.0, q, qd) @ qd == pytest.approx(2.5 * omega, rel=1e-10, abs=1e-12)
        motor = DriverForce("crank", lambda t, s, sd: 3.0 - 0.5 * sd)
        assert motor.generalized_force(model, 0.0, q, qd) @ qd == pytest.approx((3.0 - 0.5 * 1.7) * 1.7, rel=1e-10)


def spring_pendulum():
    m = Mechanism("pendulum on a spring")
    m.add_ground({"O": (0.0, 0.0), "S": (1.0, 1.0)})
    m.add_body("bar", {"O": (0.0, 0.0), "P": (1.2, 0.0)}, mass=MassProperties(1.5, (0.6, 0.0), 0.18))
    m.add_revolute("ground", "bar", at="O")
    return m


@pytest.mark.parametrize("family", ["natural", "relative"])
def test_a_pendulum_on_a_spring_keeps_its_energy(family):
    system = MultibodySystem(formulate(spring_pendulum(), family), (0.0, -9.81),
                             loads=[Spring("P", "S", stiffness=30.0, free_length=0.5)])
    traj = simulate(system, 2.0, "multipliers", rtol=1e-10)
    energy = traj.energy
    assert np.abs(energy - energy[0]).max() < 1e-8 * np.abs(energy).max()
    assert np.ptp(traj.point("P")[:, 1]) > 0.1


@pytest.mark.parametrize("family", ["natural", "relative"])
def test_work_of_a_constant_torque(family):
    """No gravity: T(t) = τ (θ(t) − θ₀), the work of the torque on the turning bar."""
    system = MultibodySystem(formulate(spring_pendulum(), family), (0.0, 0.0), loads=[Torque("bar", 0.8)])
    traj = simulate(system, 1.5, "multipliers", rtol=1e-10)
    p = traj.point("P")
    theta = np.unwrap(np.arctan2(p[:, 1], p[:, 0]))
    np.testing.assert_allclose(traj.energy, 0.8 * (theta - theta[0]), atol=1e-8)
    assert theta[-1] > 1.0


def test_bad_loads_are_named():
    model = formulate(spring_pendulum(), "natural")
    with pytest.raises(InputError, match="loads takes PointForce, Spring, Torque, DriverForce, RotationalSpring, Bushing"):
        MultibodySystem(model, loads=[(1.0, 2.0)])
    with pytest.raises(Exception, match="no point 'Q'"):
        MultibodySystem(model, loads=[PointForce("Q", (1.0, 0.0))])
    with pytest.raises(InputError, match="the force has 3 components; it needs 2"):
        MultibodySystem(model, loads=[PointForce("P", (1.0, 0.0, 0.0))])
    with pytest.raises(InputError, match="Torque on 'bar': give one number"):
        MultibodySystem(model, loads=[Torque("bar", (0.0, 0.0, 1.0))])
    assert math.isfinite(MultibodySystem(model, loads=[Spring("P", "S", 10.0, 0.5)]).energy(model.reference_q, np.zeros(2)))
