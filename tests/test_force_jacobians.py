"""The force Jacobians an implicit integrator and the index-3 methods use
(``mbtools.dynamics.jacobians.force_jacobians``): each load's own tangent — a
spring-damper's in the plane and in space, stretched and compressed, moving; a point
force, constant and a field; a torque in the plane and in space; a motor in every
family — against central differences of its generalized force; and a system's sum of
them against differences of all its forces.

Tolerance: the central differences' truncation error is about (6e-6)² of the scale, their
round-off about 1e-16/6e-6 of the force: 1e-7 of the largest entry bounds both.
"""

from __future__ import annotations

import numpy as np
import pytest

from mbtools import formulate
from mbtools.dynamics import DriverForce, MultibodySystem, PointForce, Spring, Torque
from mbtools.dynamics.jacobians import central_differences, force_jacobians
from mbtools.examples.benchmarks import bricard
from mbtools.examples.planar import four_bar
from mbtools.examples.spatial import ball_jointed_body

from test_mass_matrix import massive_four_bar
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
    relative ones add the stiffness of gravity and the inertia Jacobians; both equal the
    differences of Q − h."""
    system = MultibodySystem(formulate(stiff_pendulum(), family), (0.0, -9.81),
                             loads=[Spring("B", "H", K, 1.0, damping=C)])
    q, qd = state(system.model, 5)
    K_sys, C_sys = force_jacobians(system, q, qd, 0.0)
    K_fd, C_fd = central_differences(lambda x, v: system.forces(x, v, 0.0), q, qd, system.model.length_scale)
    assert np.abs(K_sys - K_fd).max() < 1e-7 * np.abs(K_fd).max()
    assert np.abs(C_sys - C_fd).max() < 1e-7 * np.abs(C_fd).max()


# ------------------------------------------------------------------ the other loads' tangents
# Tolerance as above: the loads' own tangents are exact in every family (the pose families'
# in test_pose_force_jacobians); a user's function is differenced alone, to about (6e-6)²
# relative, far inside 1e-7.



def pull(t, r, v):
    """A force field that depends on where the point is and how it moves."""
    return np.array([-300.0 * r[0] - 20.0 * v[1], 50.0 * np.sin(r[1]) - 8.0 * v[0] * v[1]])


def assert_close(own, differences):
    """Within 1e-7 of the largest entry, or of 1e-3 where every entry is zero (round-off of
    the differences of forces of order 10: 1e-16 · 10 / 6e-6 ≈ 2e-10)."""
    scale = max(np.abs(differences).max(), 1e-3)
    assert np.abs(own - differences).max() < 1e-7 * scale


@pytest.mark.parametrize("family", ["natural", "basic"])
def test_a_constant_point_force_has_no_tangent_where_points_are_linear(family):
    model = formulate(four_bar(), family)
    K, C = PointForce("B", (3.0, -4.0)).tangent(model, 0.0, *state(model, 0))
    assert not K.any() and not C.any()
    K_fd, C_fd = central_differences(
        lambda x, v: PointForce("B", (3.0, -4.0)).generalized_force(model, 0.0, x, v), *state(model, 0),
        model.length_scale)
    assert np.abs(K_fd).max() < 1e-8 and np.abs(C_fd).max() < 1e-8


@pytest.mark.parametrize("family", ["natural", "basic"])
def test_a_point_force_field_moving_with_the_point(family):
    model = formulate(four_bar(), family)
    load = PointForce("B", pull)
    q, qd = state(model, 1)
    assert_tangent_is_the_differences(load, model, q, qd)
    assert np.abs(load.tangent(model, 0.0, q, qd)[1]).max() > 1.0  # the damping part is there


@pytest.mark.parametrize("torque", [7.5, lambda t, q, qd: 3.0 + 2.0 * q[0] - 0.4 * qd[1] * qd[2]],
                         ids=["constant", "function"])
@pytest.mark.parametrize("body", ["crank", "coupler"])
def test_a_torque_on_a_body_in_the_plane(torque, body):
    """Q = Ω_qᵀ τ changes with q through Ω_q even for a constant τ (R linear, RRᵀ not)."""
    model = formulate(four_bar(), "natural")
    load = Torque(body, torque)
    q, qd = state(model, 2)
    K, C = load.tangent(model, 0.0, q, qd)
    K_fd, C_fd = central_differences(lambda x, v: load.generalized_force(model, 0.0, x, v), q, qd,
                                     model.length_scale)
    assert_close(K, K_fd)
    if callable(torque):
        assert_close(C, C_fd)
    else:
        assert not C.any()
    assert np.abs(K).max() > 0.05  # not zero: the term from Ω_q is there


def test_a_torque_on_a_body_in_space():
    model = formulate(ball_jointed_body({"P": (2.0, 0.0, 0.0)}, {"u": (0.0, 0.0, 1.0), "v": (0.0, 1.0, 0.0)}),
                      "natural")
    load = Torque("body", lambda t, q, qd: np.array([1.0, -2.0 + q[0], 0.5 * qd[1]]))
    assert_tangent_is_the_differences(load, model, *state(model, 3))


@pytest.mark.parametrize("family", ["natural", "basic", "relative", "reference_point"])
@pytest.mark.parametrize("force", [12.0, lambda t, s, sd: 12.0 - 4.0 * s - 0.7 * sd * abs(sd)],
                         ids=["constant", "function"])
def test_a_motor_in_every_family(family, force):
    """A motor's tangent is exact in every family: s(q)'s Hessian is differentiated symbolically."""
    model = formulate(four_bar(), family)
    load = DriverForce("crank", force)
    q, qd = state(model, 4)
    K, C = load.tangent(model, 0.0, q, qd)
    K_fd, C_fd = central_differences(lambda x, v: load.generalized_force(model, 0.0, x, v), q, qd,
                                     model.length_scale)
    assert_close(K, K_fd)
    if callable(force):
        assert_close(C, C_fd)
    else:
        assert not C.any() and np.abs(C_fd).max() < 1e-8


def test_a_system_with_every_kind_of_load_needs_no_differences_of_its_forces(monkeypatch):
    """Natural coordinates: K and C are the sum of the loads' tangents, no call of
    system.forces, and they equal the differences of Q − h."""
    model = formulate(massive_four_bar(), "natural")
    system = MultibodySystem(model, (0.0, -9.81), loads=[
        Spring("B", "O2", 2e3, 1.0, damping=30.0), PointForce("B", pull), Torque("coupler", 4.0),
        DriverForce("crank", lambda t, s, sd: 1.0 - 0.2 * sd)])
    q, qd = state(model, 6)
    K_fd, C_fd = central_differences(lambda x, v: system.forces(x, v, 0.0), q, qd, model.length_scale)
    monkeypatch.setattr(system, "forces", lambda *a: pytest.fail("system.forces was differenced"))
    K, C = force_jacobians(system, q, qd, 0.0)
    assert_close(K, K_fd)
    assert_close(C, C_fd)
