"""Joint reactions from the multipliers, against Newton–Euler equations written
independently here, in every family; and the top's spherical joint against Newton's
second law for its centre of mass."""

import math

import numpy as np
import pytest

from mbtools import InputError, closed_forms, formulate
from mbtools.analysis import gyroscope
from mbtools.dynamics import MultibodySystem, inverse_dynamics
from test_dynamics import falling_four_bar

G = 9.81
MASSES = {"crank": 1.0, "coupler": 2.0, "rocker": 1.5}
LENGTHS = {"crank": 2.0, "coupler": 7.0, "rocker": 9.0}


def cross(a, b):
    return a[0] * b[1] - a[1] * b[0]


def newton_euler_four_bar(theta, omega, alpha):
    """Forces at O2 (on crank by ground), A (on coupler by crank), B (on rocker by
    coupler), O4 (on rocker by ground) and the crank torque, from the 9 Newton–Euler
    equations of the three uniform bars, with the closed-form kinematics."""
    k = closed_forms.four_bar(theta, 2.0, 7.0, 9.0, 6.0, "open", omega, alpha)
    O2, O4, A, B = np.zeros(2), np.array([6.0, 0.0]), k["A"], k["B"]
    zero = np.zeros(2)
    bars = {"crank": (O2, A, zero, k["aA"], alpha), "coupler": (A, B, k["aA"], k["aB"], k["alpha3"]),
            "rocker": (O4, B, zero, k["aB"], k["alpha4"])}
    rows, rhs = [], []
    # unknowns: F1 (0,1), F2 (2,3), F3 (4,5), F4 (6,7), τ (8)
    layout = {"crank": [("O2", 0, +1), ("A", 2, -1)], "coupler": [("A", 2, +1), ("B", 4, -1)],
              "rocker": [("B", 4, +1), ("O4", 6, +1)]}
    points = {"O2": O2, "A": A, "B": B, "O4": O4}
    for name, (P1, P2, a1, a2, angular) in bars.items():
        m, L = MASSES[name], LENGTHS[name]
        centre, acc = (P1 + P2) / 2, (a1 + a2) / 2
        fx, fy, mz = np.zeros(9), np.zeros(9), np.zeros(9)
        for point, index, sign in layout[name]:
            fx[index], fy[index + 1] = sign, sign
            arm = points[point] - centre
            mz[index], mz[index + 1] = -sign * arm[1], sign * arm[0]
        if name == "crank":
            mz[8] = 1.0
        rows += [fx, fy, mz]
        rhs += [m * acc[0], m * acc[1] + m * G, m * L * L / 12 * angular]
    x = np.linalg.solve(np.array(rows), np.array(rhs))
    return {"R_O2": x[0:2], "R_A": x[2:4], "R_B": x[4:6], "R_O4": -x[6:8]}, x[8]


@pytest.mark.parametrize("family", ["natural", "basic", "relative", "reference_point"])
def test_four_bar_reactions_are_newton_euler(family):
    system = MultibodySystem(formulate(falling_four_bar(), family), (0.0, -G))
    for theta in np.radians([20.0, 135.0, 250.0]):
        result = inverse_dynamics(system, {"crank": theta}, {"crank": 2.3}, {"crank": -0.8})
        forces, torque = newton_euler_four_bar(theta, 2.3, -0.8)
        assert result.driving["crank"] == pytest.approx(torque, rel=1e-8)
        for joint, force in forces.items():
            reaction = result.reactions[joint]
            np.testing.assert_allclose(reaction.force, force, rtol=1e-8, atol=1e-8, err_msg=joint)
            assert reaction.torque == pytest.approx(0.0, abs=1e-8), joint  # a revolute passes no torque
    assert (result.reactions["R_A"].on, result.reactions["R_A"].by, result.reactions["R_A"].point) == ("coupler", "crank", "A")


def test_forward_dynamics_reactions_agree_with_inverse_dynamics():
    """Along a falling four-bar, the reactions from the forward trajectory equal those of
    inverse dynamics at the same crank angle, rate and acceleration."""
    system = MultibodySystem(formulate(falling_four_bar(), "natural"), (0.0, -G))
    from mbtools.dynamics import simulate

    traj = simulate(system, 0.5, "multipliers", rtol=1e-11, t_eval=np.linspace(0, 0.5, 3))
    force, torque = traj.reactions("R_B")
    model = system.model
    for k in range(3):
        s = model.input_values(traj.q[k])["crank"]
        sd = model.input_rates(traj.q[k], traj.qd[k])["crank"]
        # the crank's angular acceleration from A's (on a circle about O2): α = A × a_A / |A|²
        A = model.point(traj.q[k], "A")
        aA = model.point_acceleration(traj.q[k], traj.qd[k], traj.qdd[k], "A")
        sdd = cross(A, aA) / (A @ A)
        result = inverse_dynamics(MultibodySystem(model, (0.0, -G)), {"crank": s}, {"crank": sd}, {"crank": sdd},
                                  guess=traj.q[k])
        assert result.driving["crank"] == pytest.approx(0.0, abs=1e-6)  # falling freely: no torque
        np.testing.assert_allclose(force[k], result.reactions["R_B"].force, rtol=1e-6, atol=1e-6)
    with pytest.raises(InputError, match="'R_X' is not a joint of 'four-bar'"):
        traj.reactions("R_X")


@pytest.mark.parametrize("family, rotation", [("natural", None), ("reference_point", "euler_angles")])
def test_the_tops_ball_joint_carries_m_times_a_minus_g(family, rotation):
    traj, _, (top, _, _) = gyroscope.simulate_top(family, rotation, theta_rate=-2.0, t_end=0.2, outputs=5)
    force, torque = traj.reactions("S_O")  # on the top by the ground, about O
    model = traj.system.model
    for k in range(len(traj.t)):
        aG = model.point_acceleration(traj.q[k], traj.qd[k], traj.qdd[k], "G")
        np.testing.assert_allclose(force[k], top.mass * (aG - np.array([0.0, 0.0, -G])), rtol=1e-7, atol=1e-7)
        np.testing.assert_allclose(torque[k], 0.0, atol=1e-7)  # a ball joint passes no torque


def test_inverse_dynamics_along_a_motion_matches_the_closed_form_and_one_state_at_a_time():
    import sympy as sp

    from mbtools.dynamics import inverse_dynamics_along

    t = sp.Symbol("t")
    motion = 0.3 + 2.3 * t - 0.4 * t**2  # θ̇ = 2.3 − 0.8 t, θ̈ = −0.8
    system = MultibodySystem(formulate(falling_four_bar(), "relative"), (0.0, -G))
    times = np.linspace(0.0, 2.0, 9)
    history = inverse_dynamics_along(system, times, {"crank": motion})
    for k, time in enumerate(times):
        theta, omega = float(motion.subs(t, time)), 2.3 - 0.8 * time
        forces, torque = newton_euler_four_bar(theta, omega, -0.8)
        assert history.driving["crank"][k] == pytest.approx(torque, rel=1e-8, abs=1e-8)
        np.testing.assert_allclose(history.reactions["R_B"][0][k], forces["R_B"], rtol=1e-8, atol=1e-8)
    with pytest.raises(InputError, match="needs the motion of every input"):
        inverse_dynamics_along(system, times, {})
