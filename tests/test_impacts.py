"""Impacts with restitution and friction (the paper's bouncing bar, Fig. 9).

Tolerances: single impacts are linear algebra on the same Newton–Euler equations, so the
library and the closed form agree to rounding (1e-12); motions are integrated at rtol
1e-9, so positions agree to ~1e-7 m over 5 s and event times to ~1e-7 s.
"""

import numpy as np
import pytest

import mbtools
from mbtools import InputError, MechanismError, examples, solve_impact
from mbtools.analysis.impact_closed_forms import rigid_body_impact
from mbtools.analysis.impact_validation import SINGLE_IMPACTS, falling_bar_system, single_impact, sliding_bar_case
from mbtools.dynamics import PlaneContact
from mbtools.dynamics.contact_integrate import REST_HEIGHT

FAMILIES = ["basic", "natural", "reference_point"]
G = 9.81


def _end_impact(family, angle, velocity, omega, e, mu):
    """The bar with end A on the floor at ``angle``; (library result, closed form, arm)."""
    system = falling_bar_system(family, restitution=e, friction=mu, height=0.5 * np.sin(angle), angle=angle)
    result = solve_impact(system, system.model.reference_q,
                          twist=examples.falling_bar_twist(velocity, omega, angle=angle))
    arm = -0.5 * np.array([np.cos(angle), np.sin(angle)])
    return system, result, rigid_body_impact(1.0, 1 / 12, arm, velocity, omega, e, mu), arm


@pytest.mark.parametrize("regime", list(SINGLE_IMPACTS))
@pytest.mark.parametrize("family", FAMILIES)
def test_single_impacts_match_the_closed_form(regime, family):
    closed, result, data = single_impact(regime, family)
    model, q, arm = data["system"].model, data["system"].model.reference_q, data["arm"]
    omega = model.angular_velocity_jacobian(q, "bar") @ result.qd
    assert np.allclose(omega, closed["omega"], rtol=0, atol=1e-12)
    expected = closed["velocity"] + closed["omega"] * np.array([-arm[1], arm[0]])
    assert np.allclose(model.point_velocity(q, result.qd, "A"), expected, rtol=0, atol=1e-12)
    assert result.impulses["A on floor"] == pytest.approx((closed["P_n"], closed["P_t"]), abs=1e-12)
    label = {"slip": "slip", "stick": "stick", "frictionless": "slip"}.get(regime)
    if label:
        assert result.regime["A on floor"] == label == closed["regime"]
    else:  # at the threshold, the sticking impulse is exactly on the cone: both laws agree
        Pn, Pt = result.impulses["A on floor"]
        assert abs(Pt) == pytest.approx(data["system"].contacts[0].friction * Pn, rel=1e-12)
    assert not result.energy_limited and result.unique


def test_random_impacts_agree_dissipate_and_keep_momentum_about_the_contact():
    rng = np.random.default_rng(7)
    tested = limited = 0
    for family in FAMILIES:
        for _ in range(60):
            angle = rng.uniform(0.05, 1.4)
            e, mu = rng.choice([0.0, 0.5, 0.9, 1.0]), rng.choice([0.0, 0.1, 0.3, 1.0])
            velocity, omega = rng.normal(size=2), 3 * rng.normal()
            arm = -0.5 * np.array([np.cos(angle), np.sin(angle)])
            if (velocity + omega * np.array([-arm[1], arm[0]]))[1] > -1e-2:
                continue
            system, result, closed, arm = _end_impact(family, angle, velocity, omega, e, mu)
            tested += 1
            # energy never grows (1e-11 relative: the bisection of the energy limit)
            assert result.energy_after <= result.energy_before * (1 + 1e-11)
            assert result.energy_loss == pytest.approx(result.predicted_loss, abs=1e-12)
            # angular momentum about the contact point: the impulse has no moment there
            model, q = system.model, system.model.reference_q
            h = []
            for qd in (result.qd_before, result.qd):
                w = float((model.angular_velocity_jacobian(q, "bar") @ qd)[0])
                v_A = model.point_velocity(q, qd, "A")
                v_G = v_A - w * np.array([-arm[1], arm[0]])
                h.append(w / 12 + float(-arm[0] * v_G[1] + arm[1] * v_G[0]))  # I ω + (G − A) × m v_G
            assert h[1] == pytest.approx(h[0], abs=1e-12)
            if result.energy_limited:
                limited += 1
                assert min(result.restitution_used.values()) < e or min(result.friction_used.values()) < mu
                continue
            expected = closed["velocity"] + closed["omega"] * np.array([-arm[1], arm[0]])
            assert np.allclose(model.point_velocity(q, result.qd, "A"), expected, atol=1e-11)
    assert tested > 60 and limited > 0


def test_kanes_paradox_is_limited_to_no_energy_gain():
    system, result, closed, _ = _end_impact("basic", 0.7409591933453465, (0.3, -1.0), 2.0, 1.0, 1.0)
    assert closed["energy_loss"] < -1e-3  # Newton's law with friction would add energy here
    assert result.energy_limited and result.restitution_used["A on floor"] < 1.0
    assert result.energy_loss == pytest.approx(0.0, abs=1e-9)


@pytest.mark.parametrize("family", FAMILIES)
def test_a_flat_landing_hits_both_ends_together(family):
    e, mu, vx = 0.5, 0.2, 2.0
    system = falling_bar_system(family, restitution=e, friction=mu, height=0.0, angle=0.0)
    result = solve_impact(system, system.model.reference_q,
                          twist=examples.falling_bar_twist((vx, -1.0), 0.0, angle=0.0))
    assert result.regime == {"A on floor": "slip", "B on floor": "slip"}
    for point in ("A", "B"):  # v_y → e, v_x loses μ (1 + e) v: Coulomb on the total impulse
        assert system.model.point_velocity(system.model.reference_q, result.qd, point) == pytest.approx(
            [vx - mu * (1 + e) * 1.0, e * 1.0], abs=1e-12)
    assert sum(p[0] for p in result.impulses.values()) == pytest.approx((1 + e) * 1.0, abs=1e-12)
    # slow enough to stick: the two ends' tangential rows coincide, and the impulse that
    # stops the sliding is shared evenly (the least-norm split of an indeterminate one)
    result = solve_impact(system, system.model.reference_q,
                          twist=examples.falling_bar_twist((0.2, -1.0), 0.0, angle=0.0))
    assert result.regime == {"A on floor": "stick", "B on floor": "stick"} and result.unique
    assert [p[1] for p in result.impulses.values()] == pytest.approx([-0.1, -0.1], abs=1e-12)


@pytest.mark.parametrize("family", FAMILIES)
def test_a_sliding_bar_stops_as_coulomb_says(family):
    case = sliding_bar_case(family)
    assert case.passed, case
    system = falling_bar_system(family, friction=0.2, height=0.0, angle=0.0)
    traj = mbtools.simulate(system, 1.0, twist=examples.falling_bar_twist((1.0, 0.0), 0.0, angle=0.0), progress=False)
    assert traj.point("A")[-1, 0] == pytest.approx(-0.5 + 1.0 / (2 * 0.2 * G), abs=1e-9)
    assert traj.contact_forces[5].sum(axis=0)[0] == pytest.approx(G, abs=1e-9)  # the weight, on two ends


def test_bouncing_dies_out_in_the_time_of_a_geometric_series():
    """Dropped flat from h with restitution e, the bounces take t₀ (1 + e)/(1 − e) in
    all, t₀ = √(2h/g); the rest rule ends them early by less than 2 v_rest / (g (1 − e))."""
    h, e = 0.2, 0.5
    system = falling_bar_system(restitution=e, friction=0.2, height=h, angle=0.0)
    traj = mbtools.simulate(system, 1.5, progress=False)
    impacts = [event for event in traj.events if event.kind == "impact"]
    t0 = np.sqrt(2 * h / G)
    v_rest = np.sqrt(2 * G * REST_HEIGHT * system.model.length_scale)
    assert impacts[0].time == pytest.approx(t0, abs=1e-9)
    assert 0 <= t0 * (1 + e) / (1 - e) - impacts[-1].time <= 2 * v_rest / (G * (1 - e))
    assert traj.point("A")[-1, 1] == pytest.approx(0.0, abs=1e-12)
    assert abs(traj.qd[-1]).max() < 1e-9 and traj.contact_forces[-1, :, 0] == pytest.approx([G / 2, G / 2])
    assert traj.contact_forces[-1, :, 1] == pytest.approx([0.0, 0.0], abs=1e-12)  # the least-norm friction split


def test_the_five_second_run_keeps_to_the_floor_and_the_constraints():
    system = falling_bar_system()
    times = np.linspace(0.0, 5.0, 20001)
    traj = mbtools.simulate(system, 5.0, twist=examples.falling_bar_twist(), t_eval=times, progress=False)
    impacts = [event for event in traj.events if event.kind == "impact"]
    assert len(impacts) > 10
    assert min(traj.point(p)[:, 1].min() for p in ("A", "B")) > -1e-9  # no penetration at 20 000 outputs
    assert traj.constraint_violation[0].max() < 1e-10
    assert all(event.energy_loss >= -1e-11 for event in impacts)
    energy = traj.energy  # flight conserves energy to the integrator's tolerance, impacts remove it
    assert np.diff(energy).max() < 1e-7 * energy[0]
    assert energy[-1] < energy[0]


def test_families_give_the_same_events_and_motion():
    times = np.linspace(0.0, 5.0, 251)
    runs = [mbtools.simulate(falling_bar_system(f), 5.0, twist=examples.falling_bar_twist(), t_eval=times,
                             progress=False) for f in FAMILIES]
    for other in runs[1:]:
        assert [e.kind for e in other.events] == [e.kind for e in runs[0].events]
        assert np.abs(np.subtract([e.time for e in other.events], [e.time for e in runs[0].events])).max() < 1e-6
        assert np.abs(other.point("B") - runs[0].point("B")).max() < 1e-5


# ----------------------------------------------------------------------- bad input
def _bar(free=True, joint=False):
    m = mbtools.Mechanism("bar")
    m.add_ground({"O": (0.0, 0.0)})
    m.add_body("bar", {"O": (0.0, 0.0), "P": (1.0, 0.0)} if joint else {"A": (0.0, 1.0), "B": (1.0, 1.0)},
               mass=mbtools.MassProperties(1.0, (0.5, 0.0 if joint else 1.0), 1 / 12), free=free)
    if joint:
        m.add_revolute("ground", "bar", at="O")
    return m


def test_free_bodies_are_named_where_they_cannot_go():
    with pytest.raises(MechanismError, match=r"not connected to the ground.*free=True"):
        mbtools.formulate(_bar(free=False), "basic")
    with pytest.raises(MechanismError, match="declared free .* joints attach it"):
        mbtools.formulate(_bar(free=True, joint=True), "natural")
    with pytest.raises(MechanismError, match=r"\['bar'\].*fly free.*relative coordinates"):
        mbtools.formulate(_bar(), "relative")
    with pytest.raises(InputError, match=r"\['bar'\].*fly free.*cannot place them.*simulate"):
        mbtools.solve_position(mbtools.formulate(_bar(), "basic"), {})


def test_contacts_refuse_bad_data_by_name():
    with pytest.raises(InputError, match="restitution must be a number from 0 to 1"):
        PlaneContact("A", (0, 1), restitution=1.5)
    with pytest.raises(InputError, match="normal takes 2"):
        PlaneContact("A", (0, 0))
    with pytest.raises(InputError, match="friction at a contact in space"):
        PlaneContact("A", (0, 0, 1), friction=0.1)
    model = mbtools.formulate(_bar(), "basic")
    with pytest.raises(InputError, match="'C' is not a point"):
        mbtools.MultibodySystem(model, contacts=[PlaneContact("C", (0, 1))])
    with pytest.raises(InputError, match="3 components"):
        mbtools.MultibodySystem(model, contacts=[PlaneContact("A", (0, 0, 1))])
    system = mbtools.MultibodySystem(model, contacts=[PlaneContact("A", (0, 1))])
    with pytest.raises(InputError, match="has contacts.*multipliers"):
        mbtools.simulate(system, 1.0, "ali3p")
    with pytest.raises(InputError, match=r"No contact .* touching and approaching.*gap 1 m"):
        solve_impact(system, model.reference_q)


def test_joint_reactions_are_refused_with_contacts():
    system = falling_bar_system(height=0.0, angle=0.0)
    traj = mbtools.simulate(system, 0.1, progress=False)
    with pytest.raises(InputError, match="contact forces are in traj.contact_forces"):
        traj.reactions("anything")


def _pendulum_at_a_wall(family: str, restitution: float, friction: float = 0.0):
    """A bar of 1 m and 1 kg hinged at O, released at 60° from the vertical on the +x
    side; a wall x = 0 (normal +x) stops its end P where it hangs straight down."""
    m = mbtools.Mechanism("pendulum at a wall")
    m.add_ground({"O": (0.0, 0.0)})
    tip = (np.sin(np.radians(60.0)), -np.cos(np.radians(60.0)))
    m.add_body("bar", {"O": (0.0, 0.0), "P": tip}, mass=mbtools.MassProperties(1.0, (tip[0] / 2, tip[1] / 2), 1 / 12))
    m.add_revolute("ground", "bar", at="O")
    wall = PlaneContact("P", normal=(1.0, 0.0), restitution=restitution, friction=friction, name="wall")
    return mbtools.MultibodySystem(mbtools.formulate(m, family), contacts=[wall])


@pytest.mark.parametrize("family", ["relative", "reference_point", "basic", "natural"])
def test_a_pendulum_bounces_off_a_wall_through_its_joint(family):
    """Impulsive multipliers keep the joint closed: the end comes back at e times its
    speed, so the bar rises to cos θ₁ = 1 − e² (1 − cos θ₀); energy is lost by 1 − e²."""
    e = 0.6
    system = _pendulum_at_a_wall(family, e, friction=0.3)
    times = np.linspace(0.0, 2.0, 2001)
    traj = mbtools.simulate(system, 2.0, t_eval=times, progress=False)
    impacts = [event for event in traj.events if event.kind == "impact"]
    first = impacts[0]
    assert first.contacts == ("wall",) and first.impulses["wall"][0] > 0
    kinetic_before = 1.0 * 9.81 * 0.5 * (1 - np.cos(np.radians(60.0)))  # m g Δh of the centre
    assert first.energy_loss == pytest.approx((1 - e**2) * kinetic_before, rel=1e-7)
    after = traj.t > first.time
    P = traj.point("P")[after]
    highest = np.arccos(np.clip(-P[:, 1], -1, 1)).max()  # the largest angle from the vertical after the bounce
    expected = np.arccos(1 - e**2 * (1 - np.cos(np.radians(60.0))))
    assert highest == pytest.approx(expected, abs=2e-3)  # sampled every ms near a turning point
    assert traj.point("P")[:, 0].min() > -1e-9
    assert traj.constraint_violation[0].max() < 1e-10
