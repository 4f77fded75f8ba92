"""Every formulation on the published benchmarks, with stated bounds on the energy error
and the constraint drift (the dynamics issue's acceptance), beside the reference errors
of tests/test_benchmarks.py.

Bounds, and why:

* energy: the largest |E(t) − E(0)| over the run, divided by the largest kinetic energy
  reached (the energy that moves; A01 starts at E = 0). The ODE formulations at
  rtol = 1e-8 (DOP853, 8th order) measure 1e-7 to 2e-7: bound 1e-6. ALI3-P at Δt = 1 ms
  (trapezoidal rule, second order, with mass-orthogonal projections that dissipate a
  little) measures 5e-6 to 2.4e-5: bound 1e-4.
* drift: ‖Φ‖ and ‖Φ_q q̇‖ (each equation in its unit) at every output. Every formulation
  projects q onto Φ = 0 to 1e-13 of the size after each step: bound 1e-11. The ODE
  formulations project q̇ exactly (round-off: measured below 1e-15): bound 1e-12; ALI3-P
  projects q̇ once per step with the converged Jacobian (measured up to 6e-11): bound 1e-9.
"""

import numpy as np
import pytest

from mbtools.analysis import benchmarks

FORMULATIONS = {
    "multipliers": ({"rtol": 1e-8}, 1e-6, 1e-12),
    "projection": ({"rtol": 1e-8}, 1e-6, 1e-12),
    "ali3p": ({"step": 1e-3}, 1e-4, 1e-9),
}
CASES = {
    "A01, 20 s": lambda formulation, options: benchmarks.run_a01("natural", formulation, t_end=20.0, outputs=200,
                                                                 **options),
    "A02 N = 1, 10 s": lambda formulation, options: benchmarks.run_a02(1, "natural", formulation, t_end=10.0,
                                                                       **options),
    "A02 N = 10, 5 s": lambda formulation, options: benchmarks.run_a02(10, "natural", formulation, t_end=5.0,
                                                                       **options),
}


@pytest.mark.parametrize("formulation", FORMULATIONS)
@pytest.mark.parametrize("case", CASES)
def test_energy_and_drift_bounds(case, formulation):
    options, energy_bound, velocity_bound = FORMULATIONS[formulation]
    traj = CASES[case](formulation, options).trajectory
    energy = traj.energy
    kinetic = max(0.5 * qd @ traj.system.mass_matrix(q) @ qd for q, qd in zip(traj.q, traj.qd))
    position_drift, velocity_drift = traj.constraint_violation
    assert np.abs(energy - energy[0]).max() / kinetic < energy_bound
    assert position_drift.max() < 1e-11
    assert velocity_drift.max() < velocity_bound


@pytest.mark.parametrize("formulation, rtol", [("multipliers", 1e-6), ("multipliers", 1e-8), ("multipliers", 1e-10),
                                               ("multipliers", 1e-11), ("multipliers", 1e-13), ("projection", 1e-6)])
def test_a02_forty_windows_at_every_tolerance(formulation, rtol):
    """N = 40 for 20 s through its singular positions: on its branch (B40 − B0 = (40, 0))
    at every tolerance, within the benchmark's high-precision 1 mm from rtol 1e-8 to 1e-10
    and its low-precision 0.1 m at 1e-6 and 1e-7. (Measured: 0.035 m at 1e-6, 2.3e-4 m at
    1e-8, 7e-7 … 4e-6 m at 1e-10.) Tighter still, the crossings of the singular positions,
    held to ALI3-P's Newton floor, and the DOP853 passages near them leave 8e-4 … 3.6e-3 m
    after 20 s (rtol 1e-11 and 1e-13, over three perturbed starts): the bound there is
    1e-2 m, and the branch."""
    run = benchmarks.run_a02(40, "natural", formulation, rtol=rtol)
    traj = run.trajectory
    assert np.abs(traj.point("B40") - traj.point("B0") - [40.0, 0.0]).max() < (1e-6 if rtol >= 1e-10 else 1e-3)
    bound = benchmarks.HIGH_PRECISION if 1e-10 <= rtol <= 1e-8 else (1e-2 if rtol < 1e-10 else 0.1)
    assert run.error < bound
