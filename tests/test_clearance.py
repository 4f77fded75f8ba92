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
                                        slider_play)
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
