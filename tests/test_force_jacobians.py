"""The force Jacobians an implicit integrator and the index-3 methods use
(``mbtools.dynamics.jacobians.force_jacobians``): a spring-damper's own tangent against
central differences of its generalized force, in the plane and in space, stretched and
compressed, moving; and the choice between the two.

Tolerance: the central differences' truncation error is about (6e-6)² of the scale, their
round-off about 1e-16/6e-6 of the force: 1e-7 of the largest entry bounds both.
"""

from __future__ import annotations

import numpy as np
import pytest

from mbtools import formulate
from mbtools.dynamics import MultibodySystem, Spring
from mbtools.dynamics.jacobians import central_differences, force_jacobians
from mbtools.examples.benchmarks import bricard

from test_stiff import C, K, stiff_pendulum


def state(model, seed: int):
    """A moving state near the drawing (the tangent needs no consistency)."""
    generator = np.random.default_rng(seed)
    q = model.reference_q + 0.05 * generator.standard_normal(model.n_coordinates)
    return q, generator.standard_normal(model.n_coordinates)


def assert_tangent_is_the_differences(load, model, q, qd):
    K_own, C_own = load.tangent(model, 0.0, q, qd)
    K_fd, C_fd = central_differences(lambda x, v: load.generalized_force(model, 0.0, x, v), q, qd,
                                     model.length_scale)
    assert np.abs(K_own - K_fd).max() < 1e-7 * np.abs(K_fd).max()
    assert np.abs(C_own - C_fd).max() < 1e-7 * np.abs(C_fd).max()


@pytest.mark.parametrize("free_length", [0.5, 1.0, 3.0])  # stretched, about free, compressed
@pytest.mark.parametrize("seed", [0, 1])
def test_a_spring_damper_in_the_plane(free_length, seed):
    model = formulate(stiff_pendulum(), "natural")
    spring = Spring("B", "H", K, free_length, damping=C)
    assert_tangent_is_the_differences(spring, model, *state(model, seed))


@pytest.mark.parametrize("family", ["natural", "basic"])
def test_a_spring_damper_in_space_between_two_bodies(family):
    model = formulate(bricard(), family)
    spring = Spring("B", "E", 2e4, 0.8, damping=50.0)
    assert_tangent_is_the_differences(spring, model, *state(model, 3))


@pytest.mark.parametrize("family", ["natural", "relative"])
def test_the_system_jacobians_agree_with_differences_of_all_its_forces(family):
    """Natural coordinates take the spring's own tangent (gravity constant, h = 0),
    relative ones difference every force; both equal the differences of Q − h."""
    system = MultibodySystem(formulate(stiff_pendulum(), family), (0.0, -9.81),
                             loads=[Spring("B", "H", K, 1.0, damping=C)])
    q, qd = state(system.model, 5)
    K_sys, C_sys = force_jacobians(system, q, qd, 0.0)
    K_fd, C_fd = central_differences(lambda x, v: system.forces(x, v, 0.0), q, qd, system.model.length_scale)
    assert np.abs(K_sys - K_fd).max() < 1e-7 * np.abs(K_fd).max()
    assert np.abs(C_sys - C_fd).max() < 1e-7 * np.abs(C_fd).max()
