"""Prescribed inputs, motors and the ways to give initial conditions in forward dynamics."""

import math
import warnings

import numpy as np
import pytest
import sympy as sp

from mbtools import InputError, MassProperties, Mechanism, SuspiciousInputWarning, closed_forms, formulate
from mbtools.dynamics import DriverForce, MultibodySystem, PrescribedMotion, inverse_dynamics, simulate
from test_dynamics import falling_four_bar

G = 9.81
t = sp.Symbol("t")


@pytest.mark.parametrize("formulation", ["multipliers", "projection", "ali3p"])
@pytest.mark.parametrize("family", ["natural", "relative"])
def test_a_crank_prescribed_in_time_takes_the_closed_form_torque(family, formulation):
    """Crank prescribed at θ = 0.4 + 2.3 t − 0.4 t²: the four-bar follows it, and the
    multiplier of its driving equation is the torque of the power balance (closed form)."""
    mechanism = falling_four_bar()
    motion = 0.4 + 2.3 * t - 0.4 * t**2
    system = MultibodySystem(formulate(mechanism, family), (0.0, -G), prescribed={"crank": motion})
    times = np.linspace(0.0, 1.0, 6)
    settings = {"step": 1e-3} if formulation == "ali3p" else {"rtol": 1e-11}
    traj = simulate(system, 1.0, formulation, t_eval=times, **settings)
    theta = np.array([traj.system.model.input_values(q)["crank"] for q in traj.q])
    np.testing.assert_allclose(np.unwrap(theta), [float(motion.subs(t, x)) for x in times], atol=1e-8)
    masses = tuple(mechanism.bodies[b].mass.mass for b in ("crank", "coupler", "rocker"))
    expected = [closed_forms.four_bar_crank_torque(float(motion.subs(t, x)), 2.0, 7.0, 9.0, 6.0, masses,
                                                   2.3 - 0.8 * x, -0.8, gravity=G) for x in times]
    # ALI3-P's multipliers are those of a second-order method at Δt = 1e-3
    tolerance = 1e-3 if formulation == "ali3p" else 1e-6
    np.testing.assert_allclose(traj.driving("crank"), expected, rtol=tolerance, atol=tolerance)


def test_a_motor_of_the_inverse_torque_reproduces_the_motion():
    """Forward dynamics driven by the torque inverse dynamics computed (a DriverForce
    of τ(θ, θ̇) for a constant-speed crank) keeps the crank at that speed."""
    mechanism = falling_four_bar()
    model = formulate(mechanism, "natural")
    inverse_system = MultibodySystem(model, (0.0, -G))

    def torque(time, theta, rate):
        return inverse_dynamics(inverse_system, {"crank": theta}, {"crank": 2.0}, {"crank": 0.0}).driving["crank"]

    system = MultibodySystem(model, (0.0, -G), loads=[DriverForce("crank", torque)])
    traj = simulate(system, 0.5, "multipliers", inputs={"crank": 0.3}, rates={"crank": 2.0},
                    t_eval=np.linspace(0, 0.5, 6), rtol=1e-10)
    rates = [model.input_rates(q, qd)["crank"] for q, qd in zip(traj.q, traj.qd)]
    np.testing.assert_allclose(rates, 2.0, atol=1e-6)


def pendulum():
    m = Mechanism("pendulum")
    m.add_ground({"O": (0.0, 0.0)})
    m.add_body("bob", {"O": (0.0, 0.0), "P": (1.5, 0.0)}, mass=MassProperties(2.0, (1.5, 0.0), 0.0))
    m.add_revolute("ground", "bob", at="O")
    m.add_angle_driver("swing", tail="O", head="P")
    return m


@pytest.mark.parametrize("family", ["natural", "basic", "relative", "reference_point"])
def test_a_twist_gives_the_same_start_as_the_rates(family):
    system = MultibodySystem(formulate(pendulum(), family))
    by_rate = simulate(system, 0.2, rates={"swing": 2.0}, t_eval=[0.0, 0.2])
    by_twist = simulate(system, 0.2, twist={"bob": {"omega": 2.0, "point": ("O", (0.0, 0.0))}}, t_eval=[0.0, 0.2])
    np.testing.assert_allclose(by_twist.qd, by_rate.qd, atol=1e-10)
    with pytest.raises(InputError, match="cannot all hold with the joints"):
        simulate(system, 0.2, twist={"bob": {"omega": 2.0, "point": ("O", (1.0, 0.0))}})
    with pytest.raises(InputError, match="'Q' is not a point of 'bob'"):
        simulate(system, 0.2, twist={"bob": {"omega": 2.0, "point": ("Q", (0.0, 0.0))}})


def test_q0_and_qd0_are_projected_with_a_warning_when_far():
    system = MultibodySystem(formulate(pendulum(), "natural"))
    q_exact = np.array([1.5 * math.cos(-0.3), 1.5 * math.sin(-0.3)])
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # typed to 6 digits: projected without a word
        traj = simulate(system, 0.1, q0=np.round(q_exact, 6), t_eval=[0.0, 0.1])
    assert np.linalg.norm(traj.q[0]) == pytest.approx(1.5, abs=1e-12)
    with pytest.warns(SuspiciousInputWarning, match="q0 of 'pendulum' moved by"):
        traj = simulate(system, 0.1, q0=[1.0, 0.0], t_eval=[0.0, 0.1])
    np.testing.assert_allclose(traj.q[0], [1.5, 0.0], atol=1e-12)
    with pytest.warns(SuspiciousInputWarning, match="qd0 of 'pendulum' changed"):
        traj = simulate(system, 0.1, q0=[1.5, 0.0], qd0=[1.0, 2.0], t_eval=[0.0, 0.1])
    np.testing.assert_allclose(traj.qd[0], [0.0, 2.0], atol=1e-9)


def test_prescribed_inputs_are_checked_by_name():
    model = formulate(pendulum(), "natural")
    with pytest.raises(InputError, match=r"prescribed names \['crank'\], which are not inputs of 'pendulum'"):
        MultibodySystem(model, prescribed={"crank": 0.0})
    with pytest.raises(InputError, match="a function without its derivatives"):
        MultibodySystem(model, prescribed={"swing": lambda time: time})
    system = MultibodySystem(model, prescribed={"swing": PrescribedMotion.ramp(0.1, 1.0)})
    with pytest.raises(InputError, match="prescribed to start at 0.1"):
        simulate(system, 0.1, inputs={"swing": 0.5})
    with pytest.raises(InputError, match="its rate comes from its motion"):
        simulate(system, 0.1, rates={"swing": 0.5})
    with pytest.raises(InputError, match="'swing' is not a prescribed input"):
        simulate(MultibodySystem(model), 0.1).driving("swing")


def test_progress_bar_on_and_off(capsys):
    system = MultibodySystem(formulate(pendulum(), "natural"))
    simulate(system, 0.2, progress=False)
    assert capsys.readouterr().err == ""
    simulate(system, 0.2)  # short: no bar by default
    assert capsys.readouterr().err == ""
    simulate(system, 0.2, progress=True)
    assert "simulating pendulum" in capsys.readouterr().err
