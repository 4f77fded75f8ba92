"""The translational clearance slider-crank (Flores, Leine & Glocker 2010): the slider plays
in its guide, its corners meeting compliant walls.

Checked against the published nonsmooth run of the same data (rigid walls, Newton's e =
0.4, Coulomb's μ = 0.01, Moreau–Jean time stepping at h = 1e-4 s) through its first three
impacts (0.03 s): the crank's speed within 6 % and the pin's play y_B/c within 0.03
(measured 1.0, 1.9, 3.6 % and 0.013, 0.005, 0.012). The differences are the models'
(compliant walls of Flores' law at K = 1e9 against Newton's law, regularised against
exact Coulomb friction) and the reference's first-order steps; a missing or misplaced
wall lets the pin drift by several clearances, a wall on the wrong side throws it back
at once. The energy balance holds to the integration's tolerance.
"""

import numpy as np
import pytest

from mbtools.analysis.clearance import (NONSMOOTH_REFERENCE, clearance_motion, clearance_system, crank_speed,
                                        impact_times_both_ways, impulsive_clearance_motion, slider_play)
from mbtools.examples.clearance import CLEARANCE_DATA, CORNERS

SPAN = 0.03


@pytest.fixture(scope="module")
def motion():
    return clearance_motion(clearance_system(), SPAN, samples=31)


def test_each_corner_starts_one_clearance_from_its_wall():
    system = clearance_system()
    model, q = system.model, system.model.reference_q
    depths = [load.contact_points(model, q)[0].delta for load in system.loads]
    assert [load.point for load in system.loads] == list(CORNERS)
    assert np.allclose(depths, -CLEARANCE_DATA["clearance"], atol=1e-15)


def test_the_level_slider_s_two_corners_start_their_contact_at_once(motion):
    """The slider strikes the upper wall level: P1 and P2 reach it at one instant, and
    both contacts record their start (their approach speed); one left out would keep
    the damping of a resting contact (1e-3 m/s) through its impact."""
    first = [e for e in motion.events if e.kind == "contact"][:2]
    assert {e.contacts[0] for e in first} == {"plane contact at P1", "plane contact at P2"}
    assert first[0].time == pytest.approx(first[1].time, abs=1e-9)
    assert first[0].approach_speed == pytest.approx(first[1].approach_speed, rel=1e-3)  # the slider barely turns


def test_radau_and_dop853_integrate_the_same_impacts():
    """The default (Radau, the contacts' exact tangent) and DOP853 at rtol 1e-6 through the
    first two impacts: the same contact starts to 20 µs (the event's location in a step of
    the interpolant, some 1e-5 s) and the crank's speed to 1e-5 (measured: 9 starts within
    10 µs, the speed to 1e-6 after 0.03 s)."""
    runs = [clearance_motion(clearance_system(), 0.006, samples=7, integrator=name) for name in ("Radau", "DOP853")]
    starts = [sorted((e.contacts[0], e.time) for e in run.events if e.kind == "contact") for run in runs]
    assert [c for c, _ in starts[0]] == [c for c, _ in starts[1]] and len(starts[0]) >= 4
    assert np.abs(np.array([t for _, t in starts[0]]) - [t for _, t in starts[1]]).max() < 2e-5
    assert np.abs(crank_speed(runs[0]) / crank_speed(runs[1]) - 1.0).max() < 1e-5


def test_through_the_first_impacts_the_compliant_walls_follow_the_nonsmooth_run(motion):
    speed, play = crank_speed(motion), slider_play(motion)
    for t, (speed_ref, play_ref) in NONSMOOTH_REFERENCE.items():
        k = int(np.argmin(np.abs(motion.t - t)))
        assert motion.t[k] == pytest.approx(t)
        assert speed[k] == pytest.approx(speed_ref, rel=0.06), t
        assert play[k] == pytest.approx(play_ref, abs=0.03), t
    assert motion.statistics["events"] >= 3   # contacts began, on both walls
    assert play.max() > 0.95 and play.min() < -0.95


def test_the_slider_stays_in_its_guide_and_the_energy_balances(motion):
    b, c = CLEARANCE_DATA["half_height"], CLEARANCE_DATA["clearance"]
    heights = np.abs(np.concatenate([motion.point(name)[:, 1] for name in CORNERS]))
    # the rod pushes the slider into a wall with some 200 N: δ = (F/K)^(2/3) ≈ 3e-5 m at K = 1e9
    assert heights.max() < b + c + 1e-4
    balance = motion.energy + motion.dissipated
    assert np.ptp(balance) < 1e-4 * balance[0]
    assert motion.dissipated[-1] > 0.0


@pytest.fixture(scope="module")
def rigid():
    return impulsive_clearance_motion(SPAN, samples=31)


def test_rigid_and_compliant_walls_strike_at_the_same_times(motion, rigid):
    """Solved both ways, the impacts of the impulsive run (rigid walls, Newton's e) and
    the starts of the compliant contacts (Flores' law) are the same events to within the
    compliant contact's duration (measured: 0–0.23 ms apart, durations 0.36–0.86 ms,
    through the seven impacts of 0.03 s, on both walls): a wall on the wrong side, a
    missed lift-off or a wrong restitution moves the later impacts by milliseconds."""
    pairs = impact_times_both_ways(motion, rigid)
    assert len(pairs) >= 6
    assert {c for e in rigid.events if e.kind == "impact" for c in e.contacts} == \
        {f"{name} on the guide" for name in CORNERS}        # both walls struck
    for impulsive, compliant, duration in pairs:
        assert abs(impulsive - compliant) < duration, impulsive
    lift_offs = [e.time for e in rigid.events if e.kind == "lift-off"]
    assert len(lift_offs) >= 2      # the slider left the upper wall, both corners at once


def test_the_rigid_walls_follow_the_compliant_ones_in_the_crank_speed(motion, rigid):
    """Away from the impacts the two models are the same rigid motion: the crank's speed
    at 0.01, 0.02 and 0.03 s within 0.5 % of each other (measured 0.05 %), where both are
    1–4 % from the first-order nonsmooth reference."""
    for t in NONSMOOTH_REFERENCE:
        k = int(np.argmin(np.abs(motion.t - t)))
        assert crank_speed(rigid)[k] == pytest.approx(crank_speed(motion)[k], rel=5e-3)
