"""The published benchmarks: IFToMM A01 and A02 (through its singular positions) and
Andrews' squeezer, each against a reference the library does not compute.

Singular positions (A02): every formulation and every tolerance accepted keeps the
mechanism on its branch — B_N − B0 = (N, 0) — and within the benchmark's limit: 1e-3 m
on B0 ("high precision") at rtol ≤ 1e-7 or Δt = 1 ms, 1e-1 m ("low precision") at the
loosest settings. The ODE formulations hand the neighbourhood of each singular position
to ALI3-P (``mbtools.dynamics.integrate``); where they do is decided by round-off, and
tests/test_singular_crossings.py runs the cases again perturbed by a few ulps."""

import math

import numpy as np
import pytest

from mbtools import InputError, SingularJacobianError, formulate
from mbtools.analysis import benchmarks
from mbtools.dynamics import MultibodySystem, simulate
from mbtools.examples.benchmarks import n_four_bar

LOW, HIGH = 1e-1, benchmarks.HIGH_PRECISION


def kept_its_branch(run, n):
    traj = run.trajectory
    return np.abs(traj.point(f"B{n}") - traj.point("B0") - [n, 0.0]).max() < 1e-6


@pytest.mark.parametrize("rtol", [1e-6, 1e-7, 1e-9, 1e-11, 1e-13])
@pytest.mark.parametrize("formulation", ["multipliers", "projection"])
def test_a02_one_window_in_the_ode_formulations(formulation, rtol):
    run = benchmarks.run_a02(1, "natural", formulation, rtol=rtol)
    assert kept_its_branch(run, 1)
    assert run.error < (HIGH if rtol <= 1e-7 else LOW)


def test_a02_one_window_in_ali3p_at_a_loose_step():
    """Δt = 5 ms: on its branch, within the low-precision limit. (Δt = 1 ms, within the
    high-precision one, is a run of tests/test_ali3p_convergence.py, which checks
    it there.)"""
    run = benchmarks.run_a02(1, "natural", "ali3p", step=5e-3)
    assert kept_its_branch(run, 1) and run.error < LOW


# A02 with ten windows at rtol 1e-11, handing its crossings to ALI3-P (at least one each,
# within 1e-5 m, on its branch to 1e-9 m), in both ODE formulations, is run and asserted
# once, by chapter 9a (book/chapters/09a_singular_positions_inverse_dynamics.md, the A02
# section); the default and ALI3-P on N = 10 are cases of the quick validation set
# (chapter 12), N = 40 of the full one (``python -m mbtools validate``).


def test_baumgarte_alone_is_refused_at_a_singular_position():
    """Without projection, Baumgarte-stabilised multipliers leave A02's branch (N = 1)."""
    system = MultibodySystem(formulate(n_four_bar(1), "natural"), (0.0, -9.81))
    with pytest.raises(SingularJacobianError, match="singular position"):
        simulate(system, 20.0, "multipliers", stabilise="baumgarte", inputs={"crank": math.pi / 2},
                 rates={"crank": -1.0}, progress=False)


@pytest.mark.parametrize("formulation, options", [("multipliers", {"rtol": 1e-10}), (None, {})])
def test_a01_simple_pendulum(formulation, options):
    run = benchmarks.run_a01("natural", formulation, t_end=20.0, outputs=40, **options)
    assert run.error < (1e-6 if formulation else HIGH)


def test_andrews_squeezer_reaches_the_reference_at_003_s():
    """Seven angles at t = 0.03 s against the test set's reference (β ≈ 15.8 rad: the
    crank has made 2.5 turns); 1e-7 rad at rtol 1e-10."""
    run = benchmarks.run_andrews("natural", "multipliers", rtol=1e-10)
    assert run.error < 1e-7


@pytest.mark.parametrize("family", ["natural", "basic"])
def test_andrews_squeezer_with_no_option_reaches_the_angles_and_rates(family):
    """The default (no formulation, no tolerance) against the test set's angles and angle
    rates at 0.03 s, each to 1e-4 of its size (measured: 2e-10 on the angles, 3e-8 on the
    rates); the rates are read off the trajectory, not integrated from the angles."""
    run = benchmarks.run_andrews(family)
    assert run.rates is not None and run.rates.shape == (7,)
    assert run.relative_error < 1e-4
    assert np.abs(run.rates - benchmarks.ANDREWS_REFERENCE_RATES).max() < 1e-4 * 1424.0


def test_andrews_rates_are_the_derivative_of_the_angles():
    """The rate formula against a central difference of the angles along the motion."""
    from mbtools.examples.benchmarks import andrews_angles, andrews_rates

    system = benchmarks.andrews_system("natural")
    traj = simulate(system, 0.01, "multipliers", rtol=1e-12, t_eval=[0.0, 0.005 - 1e-6, 0.005, 0.005 + 1e-6],
                    progress=False)
    angles = np.unwrap(np.array([andrews_angles(system.model, q) for q in traj.q]), axis=0)
    difference = (angles[3] - angles[1]) / 2e-6
    rates = andrews_rates(system.model, traj.q[2], traj.qd[2])
    assert np.allclose(rates, difference, rtol=1e-5, atol=1e-4)


def test_andrews_squeezer_alike_in_relative_coordinates():
    """The same mechanism in joint coordinates (configuration-dependent mass matrix)."""
    run = benchmarks.run_andrews("relative", "multipliers", rtol=1e-9)
    assert run.error < 1e-6


def test_settings_that_do_not_apply_are_refused():
    system = MultibodySystem(formulate(n_four_bar(1), "natural"))
    with pytest.raises(InputError, match="ALI3-P takes either step= .* or rtol= .*, not both"):
        simulate(system, 1.0, "ali3p", rtol=1e-8, step=1e-3)
    with pytest.raises(InputError, match="rtol must be a number between 1e-13 and 0.001"):
        simulate(system, 1.0, "ali3p", rtol=1e-2)
    with pytest.raises(InputError, match="chooses its own steps: give rtol="):
        simulate(system, 1.0, "multipliers", step=1e-3)
    for rtol in (1e-2, 1e-14, "1e-8"):
        with pytest.raises(InputError, match="rtol must be a number between 1e-13 and 0.001"):
            simulate(system, 1.0, "projection", rtol=rtol)
    with pytest.raises(InputError, match="at most 0.005"):
        simulate(system, 1.0, "ali3p", step=1e-2)


@pytest.mark.parametrize("family", ["basic", "relative", "reference_point"])
def test_a02_in_the_other_families_keeps_its_branch(family):
    """The same in every family: relative coordinates reach the singular position closer
    (their loop-closure Jacobian), and hand it to ALI3-P; the others pass it by DOP853."""
    run = benchmarks.run_a02(1, family, "multipliers", rtol=1e-9)
    assert kept_its_branch(run, 1) and run.error < HIGH
