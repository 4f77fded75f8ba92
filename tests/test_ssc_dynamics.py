"""The paper's SSC mechanism falling under gravity (Fig. 10): 1.2 s with a frame every
0.03 s. No closed form exists: the four families must agree (each integrates its own
equations, of different sizes and kinds), energy must hold, and so must the constraints.
Tolerances: 1e-7 m between families and 1e-8 relative on energy at rtol 1e-10."""

import numpy as np
import pytest

from mbtools import formulate
from mbtools.dynamics import MultibodySystem, simulate
from mbtools.examples.tops import falling_ssc

TIMES = np.arange(0.0, 1.2 + 1e-9, 0.03)
FAMILIES = [("natural", {}), ("basic", {}), ("relative", {}), ("reference_point", {"rotation": "euler_parameters"})]


@pytest.fixture(scope="module")
def natural():
    return simulate(MultibodySystem(formulate(falling_ssc(), "natural")), 1.2, "multipliers", t_eval=TIMES,
                    rtol=1e-10, progress=False)


@pytest.mark.parametrize("family, options", FAMILIES)
def test_the_families_agree_and_keep_energy(natural, family, options):
    traj = simulate(MultibodySystem(formulate(falling_ssc(), family, **options)), 1.2, "multipliers", t_eval=TIMES,
                    rtol=1e-10, progress=False)
    for point in ("B", "D"):
        np.testing.assert_allclose(traj.point(point), natural.point(point), atol=1e-7, err_msg=point)
    energy = traj.energy
    assert np.abs(energy - energy[0]).max() < 1e-8 * np.abs(energy).max()
    position, velocity = traj.constraint_violation
    assert position.max() < 1e-9 and velocity.max() < 1e-9


def test_it_falls_and_ali3p_follows(natural):
    assert np.ptp(natural.point("D")[:, 2]) > 0.5  # the slider travels half a metre down the rod
    traj = simulate(MultibodySystem(formulate(falling_ssc(), "natural")), 1.2, t_eval=TIMES, progress=False)
    np.testing.assert_allclose(traj.point("B"), natural.point("B"), atol=1e-4)  # second order, Δt = 1 ms
