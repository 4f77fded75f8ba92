"""Shaking forces and full force balance (mbtools.analysis.balancing).

Every check sets two independent computations against each other: the frame's load from
the joint reactions found body by body against the bodies' momentum rates (H.3); the
counterweights of (H.4) against a least-squares fit of the total centre of mass over the
turn; the balanced mechanism's shaking force against zero.

Tolerances: the reactions and the momentum rates are each exact to round-off (positions
solved to ~1e-12 of the length, linear solves of a few unknowns), so they agree to 1e-9 of
the largest value over the turn; the balanced shaking force is round-off of forces of
~1e3 N, held to 1e-12 of the unbalanced peak times 1e3 (1e-9 relative): a counterweight off
by 1e-6 of its mass would leave 1e-6 of the peak.
"""

import math

import numpy as np
import pytest

from mbtools import MassProperties, formulate, set_masses, uniform_bar
from mbtools.analysis.balancing import (add_counterweights, centre_of_mass, force_balancing_counterweights,
                                        frame_load, momentum_rate, shaking_along, uniform_four_bar,
                                        with_point_mass)
from mbtools.analysis.rssr_reactions import rssr_with_masses
from mbtools.description import Mechanism
from mbtools.dynamics import MultibodySystem, inverse_dynamics
from mbtools.errors import InputError, MechanismError
from mbtools.kinematics import sweep_position

ANGLES = np.radians(np.arange(0.0, 360.0, 15.0))
GRAVITY = (0.0, -9.81)


def single_crank(mass=2.0, length=0.5):
    m = Mechanism("crank")
    m.add_ground({"O": (0.0, 0.0)})
    m.add_body("crank", {"O": (0.0, 0.0), "A": (length, 0.0)}, mass=uniform_bar(mass, (0.0, 0.0), (length, 0.0)))
    m.add_revolute("ground", "crank", at="O")
    m.add_angle_driver("turn", tail="O", head="A")
    return m


@pytest.mark.parametrize("family", ["natural", "relative", "reference_point", "basic"])
def test_a_turning_crank_shakes_the_frame_with_its_centripetal_force(family):
    """F_sh = m r ω² along the crank, outward; M_sh = r_G × F_sh = 0 about the pivot."""
    mass, length, speed = 2.0, 0.5, 10.0
    history = shaking_along(MultibodySystem(formulate(single_crank(mass, length), family), GRAVITY), "turn", ANGLES, speed)
    expected = mass * (length / 2) * speed**2 * np.column_stack([np.cos(ANGLES), np.sin(ANGLES)])
    assert np.abs(history.force - expected).max() < 1e-9 * 50.0
    assert np.abs(history.moment).max() < 1e-9 * 50.0
    # constant speed: the motor holds only the weight's moment, m g r cos θ
    assert np.abs(history.driving - mass * 9.81 * length / 2 * np.cos(ANGLES)).max() < 1e-9 * 50.0


def test_the_frame_load_from_the_reactions_equals_the_momentum_rate_of_the_links():
    """(H.1)–(H.3) both ways on the unbalanced four-bar, in natural and relative coordinates."""
    runs = {}
    for family in ("natural", "relative"):
        system = MultibodySystem(formulate(uniform_four_bar(), family), GRAVITY)
        runs[family] = history = shaking_along(system, "crank", ANGLES, 10.0)
        peak_force, peak_moment = np.abs(history.force).max(), np.abs(history.moment).max()
        assert peak_force > 500.0 and peak_moment > 1000.0  # a shaking mechanism
        assert np.abs(history.force - history.momentum_force).max() < 1e-9 * peak_force
        assert np.abs(history.moment - history.momentum_moment).max() < 1e-9 * peak_moment
    assert np.abs(runs["natural"].force - runs["relative"].force).max() < 1e-9 * np.abs(runs["natural"].force).max()


def test_the_frame_carries_the_weight_at_rest():
    system = MultibodySystem(formulate(uniform_four_bar(), "natural"), GRAVITY)
    result = inverse_dynamics(system, {"crank": 0.7}, {"crank": 0.0}, {"crank": 0.0})
    F, M = frame_load(system.model, result.q, result.reactions, result.driving)
    weight = 4.5 * 9.81
    assert abs(F[0]) < 1e-9 * weight and abs(F[1] + weight) < 1e-9 * weight
    model = system.model
    moment = sum(-body_mass * 9.81 * model.placement(result.q, body).origin[0]
                 for body, body_mass in (("crank", 1.0), ("coupler", 2.0), ("rocker", 1.5)))
    assert abs(M - moment) < 1e-9 * weight * 10.0


def test_the_counterweights_agree_with_a_least_squares_fit_of_a_still_centre_of_mass():
    """Independent of (H.4): r_G is linear in the counterweights' mass moments w₁, w₃
    (complex, in each link's frame); fit them so r_G is the same at every crank angle."""
    mechanism = uniform_four_bar()
    model = formulate(mechanism, "natural")
    sweep = sweep_position(model, "crank", ANGLES)
    rows, rhs = [], []
    total = 4.5
    for q in sweep.q:
        A, O2, B, O4 = (complex(*model.point(q, p)) for p in ("A", "O2", "B", "O4"))
        e1, e3 = (A - O2) / 2.0, (B - O4) / 9.0
        G = complex(*centre_of_mass(model, q)) * total
        rows.append([e1, e3, -1.0])  # M r_G + w₁ e1 + w₃ e3 = const (the mass moment about O; counterweights' masses
        rhs.append(-G)              # move the constant only)
    w1, w3, _ = np.linalg.lstsq(np.array(rows), np.array(rhs), rcond=None)[0]
    crank, rocker = force_balancing_counterweights(mechanism)
    for weight, w, pivot, length in ((crank, w1, "O2", 2.0), (rocker, w3, "O4", 9.0)):
        assert abs(weight.mass * weight.radius - abs(w)) < 1e-9 * abs(w)
        # and on the side the fit asks for, at the reference drawing
        drawn = complex(*mechanism.point_position(pivot))
        link = complex(*mechanism.point_position("A" if pivot == "O2" else "B")) - drawn
        assert abs(complex(*weight.at) - drawn - w / abs(w) * link / abs(link) * weight.radius) < 1e-9 * length
    assert crank.mass == pytest.approx(1.5, rel=1e-12) and rocker.mass == pytest.approx(1.75, rel=1e-12)


@pytest.mark.parametrize("family", ["natural", "relative"])
def test_a_balanced_four_bar_keeps_its_centre_of_mass_still_and_does_not_shake_the_frame(family):
    mechanism = uniform_four_bar()
    balanced = add_counterweights(mechanism, force_balancing_counterweights(mechanism))
    model = formulate(balanced, family)
    sweep = sweep_position(model, "crank", ANGLES)
    centres = np.array([centre_of_mass(model, q) for q in sweep.q])
    assert np.abs(centres - centres[0]).max() < 1e-12 * 9.0
    unbalanced = shaking_along(MultibodySystem(formulate(mechanism, family), GRAVITY), "crank", ANGLES, 10.0)
    history = shaking_along(MultibodySystem(model, GRAVITY), "crank", ANGLES, 10.0)
    assert np.abs(history.force).max() < 1e-12 * np.abs(unbalanced.force).max() * 1e3
    # the price: the shaking moment, the torque and the bearing forces grow
    assert np.abs(history.moment).max() > 2.0 * np.abs(unbalanced.moment).max()
    assert np.abs(history.moment - history.momentum_moment).max() < 1e-9 * np.abs(history.moment).max()
    assert history.bearings["R_O2"].max() > unbalanced.bearings["R_O2"].max()


def test_a_coupler_with_its_centre_of_mass_off_its_line_is_balanced_too():
    """z₂ complex: the counterweights turn off the links' lines, and r_G still stands still."""
    mechanism = uniform_four_bar()
    p = mechanism.point_position
    A, B = p("A"), p("B")
    normal = np.array([-(B - A)[1], (B - A)[0]]) / 7.0
    centre = A + 0.3 * (B - A) + 1.2 * normal
    set_masses(mechanism, {"coupler": MassProperties(2.0, centre, 3.0)})
    crank, rocker = force_balancing_counterweights(mechanism, crank_radius=1.0, rocker_radius=2.0)
    assert crank.radius == 1.0 and abs(np.linalg.norm(rocker.at - p("O4")) - 2.0) < 1e-12
    model = formulate(add_counterweights(mechanism, (crank, rocker)), "natural")
    centres = np.array([centre_of_mass(model, q) for q in sweep_position(model, "crank", ANGLES).q])
    assert np.abs(centres - centres[0]).max() < 1e-12 * 9.0


def test_half_the_radius_takes_twice_the_mass():
    mechanism = uniform_four_bar()
    far = force_balancing_counterweights(mechanism)
    near = force_balancing_counterweights(mechanism, crank_radius=1.0, rocker_radius=4.5)
    for f, n in zip(far, near):
        assert n.mass == pytest.approx(2.0 * f.mass, rel=1e-12)


def test_with_point_mass_follows_the_parallel_axis_theorem():
    bar = MassProperties(2.0, np.array([0.5, 0.0]), 2.0 * 1.0**2 / 12)
    both = with_point_mass(bar, 2.0, (-0.5, 0.0))
    # a dumbbell: the bar (J_G = 1/6) 0.5 m from G, and the point 0.5 m from G
    assert both.mass == 4.0 and np.allclose(both.centre, 0.0, atol=1e-15)
    assert both.inertia == pytest.approx(1 / 6 + 2.0 * 0.25 + 2.0 * 0.25, rel=1e-14)


@pytest.mark.parametrize("family", ["natural", "basic"])
def test_a_spatial_linkage_s_shaking_force_and_moment_both_ways(family):
    """The RSSR: the frame's load from the ball and revolute joints' reactions and the
    motor's against −L̇ and −Ḣ_O."""
    system = MultibodySystem(formulate(rssr_with_masses(), family), (0.0, 0.0, -9.81))
    history = shaking_along(system, "crank", np.radians(np.arange(0.0, 360.0, 30.0)), 2.0)
    assert history.force.shape == (12, 3) and history.moment.shape == (12, 3)
    peak_force, peak_moment = np.abs(history.force).max(), np.abs(history.moment).max()
    assert peak_force > 1.0 and peak_moment > 1.0
    assert np.abs(history.force - history.momentum_force).max() < 1e-9 * peak_force
    assert np.abs(history.moment - history.momentum_moment).max() < 1e-9 * peak_moment


def test_momentum_rate_is_m_a_for_a_crank():
    model = formulate(single_crank(2.0, 0.5), "natural")
    result = inverse_dynamics(MultibodySystem(model), {"turn": math.pi / 2}, {"turn": 3.0}, {"turn": 4.0})
    L_rate, H_rate = momentum_rate(model, result.q, result.qd, result.qdd)
    # G at (0, 0.25): a = (−r α, −r ω²); Ḣ_O = J_O α = m L²/3 α
    assert np.allclose(L_rate, 2.0 * np.array([-0.25 * 4.0, -0.25 * 9.0]), rtol=0, atol=1e-12)
    assert H_rate == pytest.approx(2.0 * 0.25 / 3 * 4.0, rel=1e-12)


def test_bad_input_is_named():
    mechanism = uniform_four_bar()
    with pytest.raises(MechanismError, match="'lever' is not a moving body"):
        force_balancing_counterweights(mechanism, crank="lever")
    with pytest.raises(InputError, match="radius on 'rocker'"):
        force_balancing_counterweights(mechanism, rocker_radius=-1.0)
    from mbtools.examples import four_bar
    with pytest.raises(MechanismError, match="has no mass properties"):
        force_balancing_counterweights(four_bar())
    with pytest.raises(MechanismError, match="share exactly one"):
        force_balancing_counterweights(mechanism, coupler="rocker", rocker="coupler")
    system = MultibodySystem(formulate(mechanism, "natural"))
    with pytest.raises(InputError, match="'spin' is not an input"):
        shaking_along(system, "spin", ANGLES, 1.0)
    with pytest.raises(InputError, match="MultibodySystem"):
        shaking_along(system.model, "crank", ANGLES, 1.0)
    with pytest.raises(InputError, match="finite"):
        shaking_along(system, "crank", [0.0, float("nan")], 1.0)
