"""The contact-force and friction laws on their own: exact derivatives against central
differences, the sign of the dissipated power, the Stribeck curve's limits, bad input.

Central differences with a step of 1e-6 of the argument's scale have an error of order
(1e-6)² relative from truncation and 1e-10 from round-off: 1e-6 relative is a margin of
1e4 while a wrong term (a missing factor n, the wrong sign of a rate term) is off by O(1).
"""

import numpy as np
import pytest

from mbtools.analysis.restitution import steady_friction
from mbtools.dynamics.contact_laws import Flores, Hertz, HuntCrossley, LankaraniNikravesh
from mbtools.dynamics.friction_laws import LuGre, RegularisedCoulomb, StribeckFriction
from mbtools.errors import InputError

NORMAL_LAWS = [Hertz(1e9), HuntCrossley(1e9, 0.6), LankaraniNikravesh(1e9, 0.6), Flores(1e9, 0.6)]
LUGRE = LuGre(mu_coulomb=0.3, mu_static=0.45, stribeck_speed=1e-2, sigma0=1e5, sigma1=300.0, sigma2=0.4)


def difference(function, x, step):
    """Central difference along ``step`` (a number, or a vector with one non-zero entry)."""
    size = np.max(np.abs(step)) if np.ndim(step) else step
    return (function(x + step) - function(x - step)) / (2 * size)


@pytest.mark.parametrize("law", NORMAL_LAWS, ids=lambda law: type(law).__name__)
@pytest.mark.parametrize("delta, rate", [(1e-5, 0.5), (2e-5, -0.3), (1e-6, 1.5)])
def test_normal_law_derivatives_match_differences(law, delta, rate):
    speed = 1.0
    d_delta, d_rate = law.derivatives(delta, rate, speed)
    assert d_delta == pytest.approx(difference(lambda x: law.force(x, rate, speed), delta, 1e-6 * delta), rel=1e-6)
    assert d_rate == pytest.approx(difference(lambda v: law.force(delta, v, speed), rate, 1e-6), rel=1e-6, abs=1e-6)


@pytest.mark.parametrize("law", NORMAL_LAWS, ids=lambda law: type(law).__name__)
def test_normal_laws_dissipate_in_approach_and_restitution_and_never_pull(law):
    for rate in (2.0, 0.3, -0.3, -2.0, -50.0):
        assert law.dissipated_power(1e-5, rate, 1.0) >= 0.0
        assert law.force(1e-5, rate, 1.0) >= 0.0
    assert law.force(-1e-5, 1.0, 1.0) == 0.0 and law.elastic_energy(-1e-5) == 0.0


@pytest.mark.parametrize("law", [RegularisedCoulomb(0.3, 1e-3),
                                 StribeckFriction(0.3, 0.45, 1e-2, viscous=0.4, regularisation_speed=1e-3)],
                         ids=["coulomb", "stribeck"])
@pytest.mark.parametrize("v", [np.array([0.02]), np.array([-0.004]), np.array([0.01, -0.03])])
def test_memoryless_friction_derivatives_match_differences(law, v):
    normal = 20.0
    d_v, d_n, d_z = law.force_derivatives(v, normal)
    assert d_z is None
    for j in range(v.size):
        step = np.zeros_like(v)
        step[j] = 1e-7
        assert d_v[:, j] == pytest.approx(difference(lambda x: law.force(x, normal), v, step), rel=1e-5, abs=1e-4)
    assert d_n == pytest.approx(difference(lambda n: law.force(v, n), normal, 1e-4), rel=1e-6)
    assert -law.force(v, normal) @ v > 0.0  # friction opposes the slip


@pytest.mark.parametrize("v, z", [(np.array([0.02]), np.array([2e-6])), (np.array([0.01, -0.03]), np.array([1e-6, 3e-6]))])
def test_lugre_derivatives_match_differences(v, z):
    normal = 5.0
    d_v, d_n, d_z = LUGRE.force_derivatives(v, normal, z)
    for j in range(v.size):
        step = np.zeros_like(v)
        step[j] = 1e-8
        assert d_v[:, j] == pytest.approx(difference(lambda x: LUGRE.force(x, normal, z), v, step), rel=1e-5)
        step_z = np.zeros_like(z)
        step_z[j] = 1e-12
        assert d_z[:, j] == pytest.approx(difference(lambda y: LUGRE.force(v, normal, y), z, step_z), rel=1e-5)
    assert d_n == pytest.approx(difference(lambda n: LUGRE.force(v, n, z), normal, 1e-4), rel=1e-6)


def test_the_steady_lugre_curve_runs_from_static_to_coulomb_plus_viscous():
    slow, fast = steady_friction(LUGRE, [1e-7, 2.0], normal=1.0)
    assert abs(slow) == pytest.approx(LUGRE.mu_static, rel=1e-3)
    assert abs(fast) == pytest.approx(LUGRE.mu_coulomb + LUGRE.sigma2 * 2.0, rel=1e-6)


@pytest.mark.parametrize("make, match", [
    (lambda: Hertz(float("nan")), "Hertz.*stiffness"),
    (lambda: Flores(1e8, 0.0), "Flores.*restitution"),
    (lambda: HuntCrossley(1e8, 0.5).force(1e-5, 0.1), "HuntCrossley.*impact_speed"),
    (lambda: RegularisedCoulomb(-0.1, 1e-3), "RegularisedCoulomb.*mu"),
    (lambda: StribeckFriction(0.5, 0.3, 1e-2, regularisation_speed=1e-3), "StribeckFriction.*mu_static"),
    (lambda: LUGRE.force(np.array([0.1, 0.2, 0.3]), 1.0, np.zeros(3)), "LuGre.*slip"),
])
def test_bad_law_input_is_named(make, match):
    with pytest.raises(InputError, match=match):
        make()
