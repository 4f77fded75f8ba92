"""The SSC with a spherical clearance joint and LuGre friction (``SSC_CLEARANCE_DATA``):
the ball strikes and slides in its socket; the energy balance (K.4) holds with the
dissipated energy in its two parts, the normal law's damping and the work against
friction. Tolerances: the balance to 1e-7 of the energy at rtol 1e-8 (measured 7e-11);
the ball indents the socket by a fraction of the 0.2 mm clearance.
"""

import numpy as np
import pytest

from mbtools.analysis.spherical_clearance import (ball_in_socket, ball_path, dissipated_parts, ssc_clearance_motion,
                                                  ssc_clearance_system)
from mbtools.errors import InputError


@pytest.fixture(scope="module")
def free_run():
    system = ssc_clearance_system(driven=False)
    return ssc_clearance_motion(system, 0.02, samples=21, integrator="DOP853", rtol=1e-8)


def test_energy_and_both_dissipations_balance(free_run):
    balance = free_run.energy + free_run.dissipated
    assert np.ptp(balance) < 1e-7 * balance[0]
    normal, friction = dissipated_parts(free_run)
    assert np.allclose(normal + friction, free_run.dissipated, rtol=0.0, atol=1e-15)
    assert normal[-1] > 0.0 and friction[-1] > 0.0        # both the damping and the friction worked
    assert free_run.statistics["events"] >= 3
    assert {e.kind for e in free_run.events} == {"contact"}


def test_the_ball_stays_in_its_socket(free_run):
    radius = np.linalg.norm(ball_path(free_run), axis=1)
    assert radius.max() < 1.5 and radius[0] == pytest.approx(0.0, abs=1e-12)


def test_a_socket_no_larger_than_its_ball_is_named():
    with pytest.raises(InputError, match="journal's radius 0.01 m must be smaller than the bearing's 0.01 m"):
        ball_in_socket({"socket_radius": 0.010})
