"""ALI3-P converges at second order: on Andrews' squeezer down to steps of microseconds,
and on benchmark A02 through its singular positions.

The velocity and acceleration projections are solved for their corrections
(``mbtools.dynamics.ali3p._project``): solved for q̇ itself, the round-off of the
penalty-weighted matrix M + (Δt²/4) α Φ_qᵀΦ_q, ~1e-11 of |q̇| a step with nearly the
same value each step, added up to an error ∝ 1/Δt that broke the quartering of the error
(5.0 instead of 4 from Δt = 5e-6 to 2.5e-6 at t = 0.01 s, a change of sign at 1.25e-6;
A02: errors that grew as the step fell below 5e-4).
"""

import numpy as np
import pytest

from mbtools.analysis import benchmarks
from mbtools.analysis.benchmarks import andrews_system
from mbtools.dynamics import ali3p, simulate
from mbtools.examples.benchmarks import andrews_angles

T_END = 0.01
TIMES = np.linspace(0.0, T_END, 11)


def angles(system, traj):
    return np.unwrap(np.array([andrews_angles(system.model, q) for q in traj.q]), axis=0)


@pytest.fixture(scope="module")
def squeezer():
    """The system and a reference to ~1e-10 rad (DOP853 at its tightest tolerance)."""
    system = andrews_system("natural")
    reference = simulate(system, T_END, "multipliers", rtol=1e-11, t_eval=TIMES, progress=False)
    return system, reference


def test_halving_the_step_quarters_the_error_of_the_angles(squeezer):
    """Signed errors at t = 0.01 s, Δt = 5e-6 and 2.5e-6 (2000 and 4000 steps, ~7 s):
    e(Δt) − 4 e(Δt/2) within 2 % of e(Δt). The trapezoidal rule's next term leaves
    0.2 % here, and the reference's error (≲1e-10 rad) 1e-4 of e(Δt) ≈ 8e-7 rad; the
    projections' accumulated round-off, before they were solved for the corrections,
    left 20 %."""
    system, reference = squeezer
    exact = angles(system, reference)[-1]
    errors = [angles(system, simulate(system, T_END, "ali3p", step=step, t_eval=TIMES, progress=False))[-1] - exact
              for step in (5e-6, 2.5e-6)]
    assert 3e-7 < np.abs(errors[0]).max() < 3e-6, errors[0]  # the trapezoidal rule's own error, far above the reference's
    assert np.linalg.norm(errors[0] - 4.0 * errors[1]) < 0.02 * np.linalg.norm(errors[0]), errors


def test_projecting_a_consistent_velocity_leaves_it_to_rounding(squeezer):
    """q̇ already on Φ_q q̇ = 0 comes back unchanged to 1e-14 of its size (measured: 2e-16
    at most) under ALI3-P's penalty weight, (Δt²/4) α Φ_qᵀΦ_q = PENALTY_RATIO (1e6) times
    M whatever the step; solved for q̇ itself rather than the correction, the projection
    moved it by 4e-14 to 7e-11 of |q̇| at these states, at every step."""
    system, reference = squeezer
    for q, qd in zip(reference.q[1:], reference.qd[1:]):
        M = system.mass_matrix(q)
        _, J, _ = system.constraints(q, qd, 0.0)
        assert np.abs(J @ qd).max() < 1e-13 * np.abs(qd).max()  # on the constraints, to rounding
        weight = ali3p.PENALTY_RATIO * float(np.abs(M).max()) / float(np.abs(J.T @ J).max())  # (Δt²/4) α
        algebra = ali3p._Dense(system)
        solve = algebra.tangent_solver(system.evaluate(q, qd), weight)  # M + (Δt²/4) α Φ_qᵀΦ_q
        projected = ali3p._project(algebra, solve, weight, J, qd, np.zeros(J.shape[0]))
        assert np.linalg.norm(projected - qd) < 1e-14 * np.linalg.norm(qd)


def test_a02_one_window_converges_at_second_order():
    """Benchmark A02 with N = 1 (20 s through singular positions; Δt = 2e-3 and 1e-3,
    ~22 s): the largest error of B0 falls by 3.5 to 6 when the step halves. Measured
    ratios 5.2, 4.7, 4.4 from Δt = 2e-3 down to 2.5e-4 (the trapezoidal rule's higher
    terms fading; 2.5e-3 m at 2e-3, 4.7e-4 m at 1e-3); with the projections solved for q̇
    and q̈ themselves, 7.4, 1.6 and 0.35 (3.2e-4 m at 1e-3, 5.8e-4 m at 2.5e-4). Both
    runs stay on their branch; the finer one is within the benchmark's high-precision
    limit (1e-3 m), the coarser one outside it."""
    runs = [benchmarks.run_a02(1, "natural", "ali3p", step=step) for step in (2e-3, 1e-3)]
    for run in runs:  # on its branch, B1 − B0 = (1, 0)
        traj = run.trajectory
        assert np.abs(traj.point("B1") - traj.point("B0") - [1.0, 0.0]).max() < 1e-6
    errors = [run.error for run in runs]
    assert errors[1] < benchmarks.HIGH_PRECISION < errors[0], errors
    assert 3.5 < errors[0] / errors[1] < 6.0, errors
