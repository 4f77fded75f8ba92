"""Error control for ALI3-P and generalized-α (``mbtools.dynamics.step_control``).

What is checked, and against what:
- the estimate: from states on an exact solution (a pendulum integrated by DOP853 at
  rtol 1e-13), one step of each method; the estimate |q − Hermite predictor| against the
  true local error |q − exact| — within a factor of 2 either way, the predictor's own
  error being O(h⁴) against the method's O(h³) (h ω = 3e-3 here);
- the controller: the stiff pendulum (K = 8e5, C = 4e4) against its minimal-coordinate
  equations. With the local error held per step, a second-order method's global error
  goes as rtol^(2/3) (steps ∝ rtol^(1/3)): measured 4.9e-5 and 3.1e-6 m (ALI3-P),
  2.5e-5 and 2.1e-6 m (generalized-α) at rtol 1e-6 and 1e-8. Bounds: 2e-4 m at 1e-6,
  and at least ten times better at 1e-8 (100^(2/3) ≈ 22);
- singular positions: A02 (N = 1) through its horizontal positions, on its branch;
- refusals: step and rtol together, an rtol outside the range.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy.integrate import solve_ivp

from mbtools import InputError, MassProperties, Mechanism, formulate
from mbtools.analysis import benchmarks
from mbtools.dynamics import MultibodySystem, simulate, step_control
from mbtools.dynamics.ali3p import ALI3P, CROSSING_NEWTON_FLOOR, CROSSING_PENALTY_RATIO
from mbtools.dynamics.generalized_alpha import GeneralizedAlpha

from test_stiff import T_END, minimal_reference, stiff_system

G = 9.81


def pendulum_system() -> MultibodySystem:
    m = Mechanism("pendulum")
    m.add_ground({"O": (0.0, 0.0)})
    m.add_body("bob", {"O": (0.0, 0.0), "P": (1.0, 0.0)}, mass=MassProperties(1.0, (1.0, 0.0), 0.0))
    m.add_revolute("ground", "bob", at="O")
    return MultibodySystem(formulate(m, "natural"), (0.0, -G))


def exact_state(system, t: float):
    """(q, q̇, q̈) of the point pendulum released from the horizontal, at t (θ from +x)."""
    solution = solve_ivp(lambda _, y: [y[1], -G * math.cos(y[0])], (0.0, t), [0.0, 0.0], method="DOP853",
                         rtol=1e-13, atol=1e-13)
    theta, omega = solution.y[:, -1]
    acc = -G * math.cos(theta)
    q = np.array([math.cos(theta), math.sin(theta)])
    qd = omega * np.array([-math.sin(theta), math.cos(theta)])
    qdd = acc * np.array([-math.sin(theta), math.cos(theta)]) - omega**2 * q
    return q, qd, qdd


@pytest.mark.parametrize("method", ["ali3p", "generalized_alpha"])
def test_the_estimate_follows_the_true_local_error(method):
    system = pendulum_system()
    t, h = 0.3, 1e-3
    (q0, qd0, _), (q1, qd1, qdd1), (q2, _, _) = (exact_state(system, s) for s in (t - h, t, t + h))
    if method == "ali3p":
        stepper = ALI3P(system, penalty_ratio=CROSSING_PENALTY_RATIO, newton_floor=CROSSING_NEWTON_FLOOR)
        stepped = stepper.step((q1, qd1, qdd1, np.zeros(len(system.rows))), h, t + h)[0]
    else:
        stepper = GeneralizedAlpha(system)
        state = stepper.start(q1, qd1, t)
        stepped = stepper.step(state, h, t + h)[0]
    estimate = np.abs(stepped - step_control.hermite((t - h, q0, qd0), (t, q1, qd1), t + h)).max()
    true = np.abs(stepped - q2).max()
    assert true > 1e-11  # a local error well above round-off, so that the ratio means something
    assert 0.5 < estimate / true < 2.0


@pytest.fixture(scope="module")
def stiff_reference():
    t = np.linspace(0.0, T_END, 26)
    return t, minimal_reference(t)


@pytest.mark.parametrize("formulation", ["ali3p", "generalized_alpha"])
def test_the_stiff_pendulum_with_a_tolerance(stiff_reference, formulation):
    t, b = stiff_reference
    errors = []
    for rtol in (1e-6, 1e-8):
        traj = simulate(stiff_system("natural"), T_END, formulation, t_eval=t, rtol=rtol, progress=False)
        statistics = traj.statistics
        assert statistics["steps"] > 0 and statistics["failed_newton_steps"] == 0
        errors.append(float(np.abs(traj.point("B") - b).max()))
    assert errors[0] < 2e-4
    assert errors[1] < errors[0] / 10


@pytest.mark.parametrize("formulation", ["ali3p", "generalized_alpha"])
def test_a02_through_its_singular_positions_with_a_tolerance(formulation):
    run = benchmarks.run_a02(1, "natural", formulation, t_end=5.0, outputs=50, rtol=1e-6)
    q = run.trajectory.q
    model = run.trajectory.system.model
    assert np.allclose(model.point(q, "B1") - model.point(q, "B0"), [1.0, 0.0], atol=1e-6)  # its branch
    assert run.error < 5e-2


def test_the_first_step_puts_the_acceleration_term_at_the_tolerance():
    q, qdd = np.array([1.0, 0.0]), np.array([0.0, -9.81])
    h = step_control.first_step(q, qdd, 1e-6, 1e-6, 1.0)
    assert 0.5 * h * h * 9.81 == pytest.approx(1e-6, rel=1e-12)
    assert step_control.first_step(q, np.zeros(2), 1e-6, 1e-6, 0.25) == 0.25


@pytest.mark.parametrize("formulation", ["ali3p", "generalized_alpha"])
def test_step_and_rtol_together_are_refused(formulation):
    system = pendulum_system()
    with pytest.raises(InputError, match="either step= .* or rtol= .*, not both"):
        simulate(system, 0.1, formulation, step=1e-3, rtol=1e-6)
    with pytest.raises(InputError, match="rtol must be a number between"):
        simulate(system, 0.1, formulation, rtol=0.5)
