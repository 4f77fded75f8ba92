"""The sparse path of the multipliers formulation and of ALI3-P (mbtools.dynamics.sparse),
taken for large natural and basic models, against the dense path: the same Φ, Φ_q, γ, accelerations
and projections at one state (to round-off), and the same motions over time (to the
integrator's tolerance), on A02 (no redundant rows) and on the paper's SSC mechanism
falling under gravity (six rows of rank five in natural coordinates). The dense path is the one checked against closed forms and the
published benchmarks elsewhere; A02 with N = 40 takes the sparse path in
tests/test_formulation_bounds.py and tests/test_benchmarks.py."""

import math

import numpy as np
import pytest

from mbtools import formulate
from mbtools.analysis.benchmarks import a02_reference
from mbtools.dynamics import MultibodySystem, simulate
from mbtools.dynamics import sparse as sparse_path
from mbtools.dynamics.initial import project_state
from mbtools.dynamics.singular import RankWatch
from mbtools.dynamics.multipliers import Multipliers, accelerations
from mbtools.dynamics.projection import Projection
from mbtools.examples.benchmarks import n_four_bar
from mbtools.examples.tops import falling_ssc

G = 9.81


def a02_system(n):
    return MultibodySystem(formulate(n_four_bar(n), "natural"), (0.0, -G))


def ssc_system():
    return MultibodySystem(formulate(falling_ssc(), "natural"))


def moving_state(system, inputs, rates):
    traj = simulate(system, 0.3, "multipliers", inputs=inputs, rates=rates, rtol=1e-10, progress=False)
    return traj.q[-1], traj.qd[-1]


CASES = {
    "A02 N = 3": (lambda: a02_system(3), {"crank": math.pi / 2}, {"crank": -1.0}),
    "SSC (redundant rows)": (ssc_system, None, None),
}


@pytest.mark.parametrize("case", CASES)
def test_sparse_equations_match_the_dense_ones(case):
    make, inputs, rates = CASES[case]
    system = make()
    q, qd = moving_state(system, inputs, rates)
    equations = sparse_path.SparseEquations(system)
    phi, J, gamma = system.constraints(q, qd)
    values = equations.jacobian_values(q)
    dense = np.zeros_like(J)
    dense[equations.entry_row, equations.entry_column] = values
    np.testing.assert_allclose(dense, J, atol=1e-14)
    np.testing.assert_allclose(equations.phi(q), phi, atol=1e-14)
    np.testing.assert_allclose(equations.gamma(qd), gamma, atol=1e-12 * np.abs(gamma).max())
    # accelerations and multipliers on the rows kept (redundant rows set aside, λ = 0 there)
    watch = RankWatch.at(J)
    kept = equations.evaluate(q, qd).kept(watch).rows
    if case.startswith("SSC"):
        assert kept is not None and len(kept) < len(system.rows)
    qdd, lam = equations.accelerations(q, qd, 0.0, kept)
    qdd_dense, lam_dense = accelerations(system, q, qd, 0.0, stabilised=False)
    np.testing.assert_allclose(qdd, qdd_dense, atol=1e-10 * np.abs(qdd_dense).max())
    # the multipliers of redundant rows are not unique; their generalized forces are
    np.testing.assert_allclose(J.T @ lam, J.T @ lam_dense, atol=1e-10 * np.abs(J.T @ lam_dense).max())
    # the projection of a perturbed state
    rng = np.random.default_rng(3)
    q_off = q + 1e-6 * rng.normal(size=q.shape)
    qd_off = qd + 1e-4 * rng.normal(size=qd.shape)
    q_sparse, qd_sparse, _, _ = equations.project_state(q_off.copy(), qd_off.copy(), 0.0, kept, watch)
    q_dense, qd_dense = project_state(system, q_off.copy(), qd_off.copy(), 0.0)
    np.testing.assert_allclose(q_sparse, q_dense, atol=1e-13)
    np.testing.assert_allclose(qd_sparse, qd_dense, atol=1e-11 * np.abs(qd_dense).max())


def test_large_models_take_the_sparse_path():
    assert sparse_path.uses_sparse(a02_system(sparse_path.SPARSE_FROM // 2))
    assert not sparse_path.uses_sparse(a02_system(1))
    # the multipliers' path is sparse on a large model, the projection's never
    large = a02_system(sparse_path.SPARSE_FROM // 2)
    q = large.model.reference_q
    assert type(Multipliers.build(large).path(q)).__name__ == "_SparsePath"
    assert type(Projection.build(large).path(q)).__name__ == "_DensePath"
    assert type(Multipliers.build(a02_system(1)).path(a02_system(1).model.reference_q)).__name__ == "_DensePath"


def test_a02_ten_windows_alike_on_both_paths(monkeypatch):
    """N = 10 for 3 s, through the singular position near t = 0.72 s, at rtol 1e-9: both
    paths within 1e-6 m of the exact reduction (measured: 1.3e-7 m each) and of each other
    (measured: 6e-10 m)."""
    system = a02_system(10)
    t = np.linspace(0.0, 3.0, 61)
    runs = {}
    calls = []
    original = sparse_path.SparseEquations.accelerations

    def counted(self, *args):
        calls.append(1)
        return original(self, *args)

    monkeypatch.setattr(sparse_path.SparseEquations, "accelerations", counted)
    for path, threshold in (("dense", 10**9), ("sparse", 0)):
        monkeypatch.setattr(sparse_path, "SPARSE_FROM", threshold)
        runs[path] = simulate(system, 3.0, "multipliers", inputs={"crank": math.pi / 2}, rates={"crank": -1.0},
                              rtol=1e-9, t_eval=t, progress=False).point("B0")
        assert bool(calls) == (path == "sparse")
    exact = a02_reference(t, 10)
    for path, computed in runs.items():
        assert np.abs(computed - exact).max() < 1e-6, path
    assert np.abs(runs["sparse"] - runs["dense"]).max() < 1e-6


def test_ssc_alike_on_both_paths(monkeypatch):
    """Redundant rows through time: the SSC mechanism falling for 1.2 s at rtol 1e-10
    (measured: 1.4e-15 apart)."""
    system = ssc_system()
    states = {}
    for path, threshold in (("dense", 10**9), ("sparse", 0)):
        monkeypatch.setattr(sparse_path, "SPARSE_FROM", threshold)
        traj = simulate(system, 1.2, "multipliers", t_eval=np.linspace(0, 1.2, 41), rtol=1e-10, progress=False)
        states[path] = traj.q
        assert traj.constraint_violation[0].max() < 1e-11
    np.testing.assert_allclose(states["sparse"], states["dense"], atol=1e-8)


def test_ali3p_alike_on_both_paths(monkeypatch):
    """ALI3-P at Δt = 1 ms with dense and with sparse matrices: A02 with N = 10 for 3 s and
    the SSC mechanism (redundant rows) for 1.2 s, alike to the Newton iteration's round-off
    (measured: 5.5e-10 m on A02, through its singular position; 3e-12 on the SSC)."""
    a02 = a02_system(10)
    ssc = ssc_system()
    t = np.linspace(0.0, 3.0, 31)
    results = {}
    for path, threshold in (("dense", 10**9), ("sparse", 0)):
        monkeypatch.setattr(sparse_path, "SPARSE_FROM", threshold)  # the one sparse rule
        traj = simulate(a02, 3.0, "ali3p", inputs={"crank": math.pi / 2}, rates={"crank": -1.0}, t_eval=t,
                        step=1e-3, progress=False)
        falling = simulate(ssc, 1.2, "ali3p", t_eval=np.linspace(0, 1.2, 13), step=1e-3, progress=False)
        results[path] = (traj.point("B0"), falling.q)
        assert traj.constraint_violation[0].max() < 1e-9 and falling.constraint_violation[0].max() < 1e-9
    assert np.abs(results["sparse"][0] - a02_reference(t, 10)).max() < 1e-3  # the benchmark's precision
    np.testing.assert_allclose(results["sparse"][0], results["dense"][0], atol=1e-8)
    np.testing.assert_allclose(results["sparse"][1], results["dense"][1], atol=1e-9)
