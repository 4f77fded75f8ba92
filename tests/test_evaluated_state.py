"""One evaluation of a state (``MultibodySystem.evaluate``): its blocks are the system's
own, each computed once; the stabilised right-hand side is Baumgarte's; every row names
its owner."""

from __future__ import annotations

import numpy as np
import pytest

from mbtools import formulate
from mbtools.dynamics import MultibodySystem, Spring
from mbtools.dynamics.singular import RankWatch
from mbtools.examples.benchmarks import n_four_bar

from test_stiff import C, K, stiff_pendulum


@pytest.mark.parametrize("family", ["natural", "relative", "reference_point"])
def test_the_blocks_are_the_systems_own(family):
    system = MultibodySystem(formulate(stiff_pendulum(), family), (0.0, -9.81),
                             loads=[Spring("B", "H", K, 1.0, damping=C)])
    generator = np.random.default_rng(0)
    q = system.model.reference_q + 0.01 * generator.standard_normal(system.model.n_coordinates)
    qd = generator.standard_normal(system.model.n_coordinates)
    state = system.evaluate(q, qd, 0.0)
    J, gamma = system.acceleration_constraints(q, qd, 0.0, stabilised=False)
    assert np.array_equal(state.jacobian, J) and np.array_equal(state.rhs, gamma)
    assert np.array_equal(state.mass, system.mass_matrix(q))
    assert np.array_equal(state.forces, system.forces(q, qd, 0.0))
    assert np.array_equal(state.phi(), system.position_constraints(q, 0.0)[0])
    assert np.allclose(state.velocity_residual(), J @ qd)
    first = state.force_jacobians()
    assert state.force_jacobians() is first  # computed once, kept


def test_the_stabilised_rhs_is_baumgartes():
    system = MultibodySystem(formulate(n_four_bar(1), "natural"), (0.0, -9.81), baumgarte=(5.0, 7.0))
    generator = np.random.default_rng(1)
    q = system.model.reference_q + 0.01 * generator.standard_normal(system.model.n_coordinates)
    qd = generator.standard_normal(system.model.n_coordinates)
    plain, stabilised = system.evaluate(q, qd), system.evaluate(q, qd, stabilised=True)
    phi, J = system.position_constraints(q)
    assert np.allclose(stabilised.rhs, plain.rhs - 2 * 5.0 * (J @ qd) - 49.0 * phi)
    assert np.abs(phi).max() > 1e-4  # off the constraints, so the terms are tested


def test_every_row_names_its_owner():
    system = MultibodySystem(formulate(n_four_bar(1), "natural"), (0.0, -9.81))
    state = system.evaluate(system.model.reference_q, np.zeros(system.model.n_coordinates))
    owners = state.owners
    assert len(owners) == len(system.rows) and all(owners)
    assert set(owners) <= set(system.model.mechanism.bodies) | {j.name for j in system.model.mechanism.joints}


# ------------------------------------------------------------------ rows kept, distance
def a02_at(angle: float, n: int = 1):
    """A02 with its cranks at ``angle`` (rad from +x), every B_i at A_i + (cos, sin): the
    rhombus, singular at 0."""
    system = MultibodySystem(formulate(n_four_bar(n), "natural"), (0.0, -9.81))
    shift = np.tile([np.cos(angle), np.sin(angle) - 1.0], n + 1)  # from the upright reference
    assert system.model.coordinate_names[:2] == ["x_B0", "y_B0"]
    return system, system.model.reference_q + shift


def test_the_distance_from_a_singular_position_falls_with_the_angle():
    """A02's rhombus: the last pivot of Φ_qᵀ over the first falls in proportion to the
    cranks' angle from the horizontal (sin θ to first order); the null-space formulation's
    SVD measures the same ratio to within a factor of the mechanism's conditioning."""
    ratios = []
    for angle in (0.1, 0.01, 0.001):
        system, q = a02_at(angle)
        state = system.evaluate(q, np.zeros(system.model.n_coordinates))
        rows, ratio = state.kept()
        assert rows is None  # every row carries the rank away from the singular position
        _, basis, svd_ratio = state.null_space()
        assert basis.shape[1] == 1  # one degree of freedom
        assert 0.1 < svd_ratio / ratio < 10.0
        ratios.append(ratio)
    assert 8.0 < ratios[0] / ratios[1] < 12.0 and 8.0 < ratios[1] / ratios[2] < 12.0, ratios


def test_at_the_singular_position_only_the_watch_sees_the_distance():
    """At A02's horizontal the three rows have rank 2: both decisions set one aside, but
    only the motion's generic rank (3, from a consistent state elsewhere) tells that the
    state is at a singular position — the rank rule alone measures the two rows it keeps."""
    system, q = a02_at(0.0)
    state = system.evaluate(q, np.zeros(system.model.n_coordinates))
    rows, ratio = state.kept()
    assert len(rows) == len(system.rows) - 1 and ratio > 1e-3
    generic = RankWatch(len(system.rows))
    rows, ratio = state.kept(generic)
    assert len(rows) == len(system.rows) - 1 and ratio < 1e-12 and generic.nearest == ratio  # noted on the watch
    particular, basis, svd_ratio = state.null_space(RankWatch(len(system.rows)))
    assert basis.shape[1] == 2 and svd_ratio < 1e-12  # two ways to move there: the branches
    assert np.allclose(state.jacobian @ particular, state.rhs)


def test_bricard_keeps_its_generic_rank_off_the_constraints():
    """Bricard's mechanism: one row permanently redundant. Off the constraints (a stage of
    an explicit step) that row's pivot is of the size of the drift, and the rank rule alone
    would keep it; the watch's generic rank sets it aside, and the distance is the last
    generic pivot's, far from 0."""
    from mbtools.examples.benchmarks import bricard

    system = MultibodySystem(formulate(bricard(), "natural"), (0.0, -9.81, 0.0))
    q = system.model.reference_q
    zero = np.zeros_like(q)
    watch = RankWatch.at(system.evaluate(q, zero).jacobian)
    assert watch.rank == len(system.rows) - 1
    drifted = q + 1e-6 * np.random.default_rng(2).standard_normal(len(q))
    state = system.evaluate(drifted, zero)
    assert state.kept().rows is None  # the drift gives the redundant row a pivot
    rows, ratio = state.kept(watch)
    assert len(rows) == watch.rank and ratio > 1e-2


def test_the_sparse_state_keeps_the_dense_states_rows():
    from mbtools.dynamics.sparse import SparseEquations

    system, q = a02_at(0.0, n=30)
    qd = np.random.default_rng(3).standard_normal(system.model.n_coordinates)
    dense, sparse_state = system.evaluate(q, qd), SparseEquations(system).evaluate(q, qd)
    assert np.array_equal(np.sort(dense.kept().rows), sparse_state.kept().rows)
    assert dense.kept().ratio == sparse_state.kept().ratio
    assert np.allclose(sparse_state.equations.dense_jacobian(sparse_state.jacobian), dense.jacobian, atol=1e-15)
    assert np.allclose(sparse_state.rhs, dense.rhs) and np.allclose(sparse_state.phi(), dense.phi(), atol=1e-15)
    assert np.allclose(sparse_state.mass @ qd, dense.mass @ qd) and np.allclose(sparse_state.forces, dense.forces)
