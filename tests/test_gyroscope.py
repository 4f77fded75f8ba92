"""The paper's gyroscope: a heavy symmetric top in steady precession (Fig. 11) and in
nutation (Fig. 12), in natural coordinates, Euler parameters and Euler angles, against
the closed forms of mbtools.analysis.gyroscope (Goldstein sec. 5.7).

Tolerances: the ODE formulation at rtol 1e-11 holds the three integrals to 1e-8
relative (the issue's "tight settings"); the precession rate and the constant nutation
to 1e-8; the nutation bounds to 1e-6 rad (the extremes are sampled every 1 ms, and
the parabola through three samples leaves ~1e-9); the period to 1e-6 relative."""

import math

import numpy as np
import pytest

from mbtools.analysis import gyroscope as gy
from mbtools.analysis import validation


def test_steady_precession_and_nutation_are_validation_cases_in_every_family():
    """The simulations themselves — steady precession for 1 s and nutation for 2 s in each
    family, checked for the rate and level to 1e-8, the bounds to 1e-6 (never overstepped
    by more than 1e-8), the period to 1e-6 and the integrals to 1e-8 — are the cases of
    ``validation.gyroscope_cases``, each run once in ``make test``: natural coordinates in
    the validation chapter's quick set, the reference-point families by
    tests/test_validate.py."""
    quick = [validation.case_call(c) for c in validation.quick_cases()]
    further = [validation.case_call(c) for c in validation.further_cases()]
    assert "gyroscope_cases" in quick
    for rotation in ("euler_parameters", "euler_angles"):
        assert f"gyroscope_cases('reference_point', '{rotation}')" in further


def test_the_closed_forms_agree_with_each_other():
    """Started at the steady precession rate of a tilted top with no nutation rate, the
    nutation bounds of the cubic close on the starting angle (both roots meet)."""
    top = gy.TopData.of(mass=1.0, radius=0.1, arm=0.2)
    for theta in (0.4, 1.0, 2.0):
        for branch in ("slow", "fast"):
            rate = gy.steady_precession(top, theta, 300.0, branch)
            assert rate * (top.I3 * 300.0 - top.I1 * rate * math.cos(theta)) == pytest.approx(
                top.mass * top.g * top.arm, rel=1e-12)
            bounds = gy.nutation(top, theta, 0.0, rate, 300.0)
            assert bounds.theta_min == pytest.approx(theta, abs=1e-6)
            assert bounds.theta_max == pytest.approx(theta, abs=1e-6)
    with pytest.raises(ValueError, match="spin faster"):
        gy.steady_precession(top, 0.3, 1.0)


@pytest.mark.parametrize("formulation, options, energy, momentum", [
    ("projection", {"rtol": 1e-11}, 1e-8, 1e-8),
    # the trapezoidal rule at Δt = 0.5 ms against a spin of 100 rad/s: second order, bounded
    ("ali3p", {"step": 5e-4}, 1e-4, 1e-3),
])
def test_nutation_in_the_other_formulations(formulation, options, energy, momentum):
    traj, motion, (_, _, nutation) = gy.simulate_top("natural", None, theta_rate=-2.0, t_end=1.0, outputs=1001,
                                                     formulation=formulation, **options)
    for name, bound in (("energy", energy), ("hz", momentum), ("h3", momentum)):
        values = getattr(motion, name)
        assert np.abs(values - values[0]).max() <= bound * abs(values[0]), name
    position, velocity = traj.constraint_violation
    assert position.max() < 1e-9 and velocity.max() < 1e-8
    assert motion.theta.min() == pytest.approx(nutation.theta_min, abs=1e-3)
    assert motion.theta.max() == pytest.approx(nutation.theta_max, abs=1e-3)
