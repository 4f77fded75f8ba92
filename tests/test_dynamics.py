"""Forward dynamics with Lagrange multipliers and Baumgarte stabilisation.

* A pendulum released from the horizontal against its exact solution, θ(t) =
  2 arcsin(k sn(K(k) − ω₀ t, k)), k = sin(θ₀/2), ω₀ = √(g/L) (elliptic functions,
  scipy.special.ellipj): 1e-6 of its length over two periods at rtol 1e-10, in every
  family.
* A four-bar falling freely under gravity: energy conserved to 1e-7 relative and the
  constraints held to 1e-7 over 2 s, in natural and relative coordinates.
* The RSCR under gravity, launched: the same motion in natural coordinates, Euler
  parameters and relative coordinates, to 1e-6 (in relative coordinates the velocity
  terms h(q, q̇) are large; in the other two they happen to lie along the constraint
  forces and do not change the motion).
"""

import dataclasses
import math

import numpy as np
import pytest
from scipy.special import ellipj, ellipk

from mbtools import InputError, MassProperties, Mechanism, MechanismError, examples, formulate
from mbtools.description import uniform_bar
from mbtools.description.inertia import checked_mass_properties
from mbtools.dynamics import MultibodySystem, simulate

G = 9.81


def pendulum(length=1.5, mass=2.0) -> Mechanism:
    m = Mechanism("pendulum")
    m.add_ground({"O": (0.0, 0.0)})
    m.add_body("bob", {"O": (0.0, 0.0), "P": (length, 0.0)}, mass=MassProperties(mass, (length, 0.0), 0.0))
    m.add_revolute("ground", "bob", at="O")
    return m


@pytest.mark.parametrize("formulation", ["multipliers", "projection"])
@pytest.mark.parametrize("family", ["natural", "basic", "relative", "reference_point"])
def test_pendulum_follows_its_exact_solution(family, formulation):
    L, theta0 = 1.5, math.pi / 2  # released horizontally, from rest
    k = math.sin(theta0 / 2)
    omega0 = math.sqrt(G / L)
    period = 4 * ellipk(k * k) / omega0
    t = np.linspace(0.0, 2 * period, 41)
    traj = simulate(MultibodySystem(formulate(pendulum(L), family), gravity=(0.0, -G)), 2 * period,
                    formulation, t_eval=t, rtol=1e-10)
    sn, _, _, _ = ellipj(ellipk(k * k) - omega0 * t, k * k)
    theta = 2 * np.arcsin(k * sn)  # from the downward vertical
    expected = np.stack([L * np.sin(theta), -L * np.cos(theta)], axis=1)
    np.testing.assert_allclose(traj.point("P"), expected, atol=1e-6 * L)


def with_masses(mechanism, bodies):
    for body, properties in bodies.items():
        mechanism.bodies[body] = dataclasses.replace(
            mechanism.bodies[body], mass=checked_mass_properties(body, properties, mechanism.dimension))
    return mechanism


def falling_four_bar():
    m = examples.four_bar()
    p = m.point_position
    return with_masses(m, {"crank": uniform_bar(1.0, p("O2"), p("A")), "coupler": uniform_bar(2.0, p("A"), p("B")),
                           "rocker": uniform_bar(1.5, p("O4"), p("B"))})


@pytest.mark.parametrize("formulation", ["multipliers", "projection"])
@pytest.mark.parametrize("family", ["natural", "relative"])
def test_a_falling_four_bar_keeps_its_energy_and_its_constraints(family, formulation):
    traj = simulate(MultibodySystem(formulate(falling_four_bar(), family)), 2.0, formulation, rtol=1e-10)
    energy = traj.energy
    assert np.abs(energy - energy[0]).max() < 1e-7 * np.abs(energy).max()
    position, velocity = traj.constraint_violation
    assert position.max() < 1e-7 and velocity.max() < 1e-7
    assert np.ptp(traj.point("A")[:, 1]) > 0.5  # it did move


def turned_box(moments, seed):
    """A box's inertia with its principal axes turned at random (gyroscopic terms)."""
    Q, _ = np.linalg.qr(np.random.default_rng(seed).normal(size=(3, 3)))
    return Q @ np.diag(moments) @ Q.T


def falling_rscr():
    m = examples.rscr()
    p = m.point_position
    return with_masses(m, {
        "crank": MassProperties(1.0, 0.5 * (p("A0") + p("B")) + np.array([0.0, 0.0, 0.1]),
                                turned_box([0.03, 0.08, 0.09], 1)),
        "coupler": MassProperties(0.7, 0.5 * (p("B") + p("C")), turned_box([0.02, 0.05, 0.06], 2)),
        "output": MassProperties(1.2, 0.5 * (p("E0") + p("D")), turned_box([0.04, 0.07, 0.1], 3)),
    })


def test_rscr_moves_alike_in_three_families():
    """Launched with the crank at 4 rad/s, so that the velocity terms h(q, q̇) matter."""
    mechanism = falling_rscr()
    t = np.linspace(0.0, 0.6, 13)
    gravity = (0.0, 0.0, -G)
    start = {"inputs": {"crank": math.pi / 2}, "rates": {"crank": 4.0}, "t_eval": t, "rtol": 1e-10,
             "formulation": "multipliers"}
    natural = simulate(MultibodySystem(formulate(mechanism, "natural"), gravity), 0.6, **start)
    euler = simulate(MultibodySystem(formulate(mechanism, "reference_point", rotation="euler_parameters"), gravity),
                     0.6, **start)
    relative = simulate(MultibodySystem(formulate(mechanism, "relative"), gravity), 0.6, **start)
    for point in ("B", "C", "D"):
        np.testing.assert_allclose(euler.point(point), natural.point(point), atol=1e-6, err_msg=point)
        np.testing.assert_allclose(relative.point(point), natural.point(point), atol=1e-6, err_msg=point)
    for traj in (natural, euler, relative):
        assert np.abs(traj.energy - traj.energy[0]).max() < 1e-7 * np.abs(traj.energy).max()
    assert np.ptp(natural.point("B")[:, 0]) > 0.5


def test_the_formulations_agree_on_the_rscr():
    mechanism = falling_rscr()
    system = MultibodySystem(formulate(mechanism, "natural"), (0.0, 0.0, -G))
    start = {"inputs": {"crank": math.pi / 2}, "rates": {"crank": 4.0}, "t_eval": np.linspace(0, 0.4, 5), "rtol": 1e-10}
    a = simulate(system, 0.4, "multipliers", **start)
    b = simulate(system, 0.4, "projection", **start)
    np.testing.assert_allclose(b.q, a.q, atol=1e-7)
    np.testing.assert_allclose(b.qdd, a.qdd, atol=1e-5)


def test_bad_dynamics_input_is_named():
    with pytest.raises(MechanismError, match="Body 'crank' of 'four-bar' has no mass properties"):
        MultibodySystem(formulate(examples.four_bar(), "natural"))
    system = MultibodySystem(formulate(pendulum(), "natural"))
    with pytest.raises(InputError, match="gravity must be 2 finite numbers"):
        MultibodySystem(system.model, gravity=(0, 0, -9.81))
    with pytest.raises(InputError, match=r"Unknown formulation 'ali3': this release offers \['ali3p', 'generalized_alpha', 'ggl_ida', 'multipliers', 'projection', 'recursive'\]"):
        simulate(system, 1.0, formulation="ali3")
    with pytest.raises(InputError, match="t_end must be a positive number"):
        simulate(system, -1.0)


@pytest.mark.parametrize("family", ["natural", "basic", "relative", "reference_point"])
def test_four_bar_crank_torque_balances_the_power(family):
    """Inverse dynamics of the four-bar of uniform bars under gravity, crank at ω₂ and
    α₂, against the power balance τ ω₂ = d(T + V)/dt with every velocity and
    acceleration from the closed form (closed_forms.four_bar_crank_torque) —
    independent of the library's dynamics."""
    from mbtools import closed_forms
    from mbtools.dynamics import inverse_dynamics

    mechanism = falling_four_bar()
    system = MultibodySystem(formulate(mechanism, family), (0.0, -G))
    masses = tuple(mechanism.bodies[b].mass.mass for b in ("crank", "coupler", "rocker"))
    for theta in np.radians([15.0, 100.0, 200.0, 300.0]):
        result = inverse_dynamics(system, {"crank": theta}, {"crank": 2.3}, {"crank": -0.8})
        expected = closed_forms.four_bar_crank_torque(theta, 2.0, 7.0, 9.0, 6.0, masses, 2.3, -0.8, gravity=G)
        assert result.driving["crank"] == pytest.approx(expected, rel=1e-8, abs=1e-9)


def test_bars_between_ball_joints_conserve_energy_in_point_coordinates():
    """The spatial slider-crank of slender bars: its rod, between two ball joints, is a
    line of mass in natural and basic coordinates (spin not modelled); energy holds."""
    mechanism = examples.spatial_slider_crank()
    p = mechanism.point_position
    with_masses(mechanism, {"crank": uniform_bar(1.0, p("A0"), p("B")), "rod": uniform_bar(2.0, p("B"), p("C")),
                            "slider": uniform_bar(0.5, p("C"), p("K"))})
    for family in ("natural", "basic"):
        traj = simulate(MultibodySystem(formulate(mechanism, family), (0.0, -G, 0.0)), 1.0, "multipliers",
                        rates={"crank": 3.0}, rtol=1e-10)
        energy = traj.energy
        assert np.abs(energy - energy[0]).max() < 1e-7 * np.abs(energy).max(), family
        assert traj.constraint_violation[0].max() < 1e-7


def test_ali3p_is_second_order_on_the_pendulum():
    """The trapezoidal rule: halving the step quarters the error (the exact solution as
    reference), in relative coordinates (no constraint) and natural coordinates (one)."""
    L = 1.5
    k, omega0 = math.sin(math.pi / 4), math.sqrt(G / L)
    t = np.linspace(0.0, 0.6, 7)
    sn = ellipj(ellipk(k * k) - omega0 * t, k * k)[0]
    exact = -L * np.cos(2 * np.arcsin(k * sn))
    for family in ("relative", "natural"):
        errors = []
        for step in (4e-3, 2e-3):
            traj = simulate(MultibodySystem(formulate(pendulum(L), family), (0.0, -G)), 0.6, "ali3p", t_eval=t, step=step)
            errors.append(np.abs(traj.point("P")[:, 1] - exact).max())
            assert traj.constraint_violation[0].max() < 1e-10  # the Newton tolerance, 1e-10 of the size
        assert 3.0 < errors[0] / errors[1] < 5.0, (family, errors)
        assert errors[1] < 1e-4 * L


def test_ali3p_holds_redundant_constraints_and_follows_the_multipliers():
    """The RSCR in natural coordinates has redundant rows: ALI3-P needs no pivoting."""
    mechanism = falling_rscr()
    system = MultibodySystem(formulate(mechanism, "natural"), (0.0, 0.0, -G))
    start = {"inputs": {"crank": math.pi / 2}, "rates": {"crank": 4.0}, "t_eval": np.linspace(0, 0.2, 5)}
    reference = simulate(system, 0.2, "multipliers", rtol=1e-10, **start)
    traj = simulate(system, 0.2, "ali3p", step=1e-3, **start)
    np.testing.assert_allclose(traj.point("D"), reference.point("D"), atol=1e-5)
    # Newton stops at corrections of 1e-12 of the size (ali3p.NEWTON_TOLERANCE), or where they stop
    # halving below 1e-8 (ali3p.NEWTON_FLOOR); Φ is held at least that close
    assert traj.constraint_violation[0].max() < 1e-9 and traj.constraint_violation[1].max() < 1e-9
