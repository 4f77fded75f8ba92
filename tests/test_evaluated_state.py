"""One evaluation of a state (``MultibodySystem.evaluate``): its blocks are the system's
own, each computed once; the stabilised right-hand side is Baumgarte's; every row names
its owner."""

from __future__ import annotations

import numpy as np
import pytest

from mbtools import formulate
from mbtools.dynamics import MultibodySystem, Spring
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
