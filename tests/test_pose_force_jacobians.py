"""The exact force Jacobians of the pose families (relative coordinates, reference point
with an angle, Euler angles, Euler parameters or the rotation vector), in the plane and in space, and of the
natural coordinates where a body's frame is a cross product.

What is checked, each against central differences:

* the model's second derivatives: a point's Hessian, a placement's Hessian and third
  derivatives (jets, and the complex step on them), against differences of the exact
  first (second) derivatives, and the jets themselves against sympy's derivatives;
* every load's own tangent — a spring-damper between two moving bodies, a damper alone, a
  point force (constant and a field, on the point as the model places it and on a named
  body's copy), a torque (constant and a function), a motor — against differences of its
  generalized force;
* the stiffness of gravity and the inertia Jacobians against differences of the weights and
  of the velocity terms h;
* a system's (K, C) against differences of all its forces, with ``system.forces`` never
  called by ``force_jacobians``.

Tolerance: central differences at a step of 6e-6 of the scale have a truncation error of
about (6e-6)² ≈ 4e-11 relative and a round-off of about 1e-16/6e-6 ≈ 2e-11 of the largest
force, so they agree with the exact derivatives to about 1e-9 of the largest entry (seen:
up to 7e-9 where entries of very different sizes meet); the bound is 1e-7 of the largest
entry, or of 1e-3 where every entry is near zero, as in ``test_force_jacobians``.
"""

from __future__ import annotations

import numpy as np
import pytest
import sympy as sp

from mbtools import InputError, MechanismError, UnknownNameError, formulate
from mbtools.dynamics import DriverForce, MultibodySystem, PointForce, Spring, Torque
from mbtools.dynamics.forces import gravity_force, gravity_stiffness, inertia_jacobians, inertia_velocity_terms
from mbtools.dynamics.jacobians import central_differences, difference_quotients, force_jacobians
from mbtools.examples.benchmarks import bricard
from mbtools.model.compiled import Compiled

from test_force_jacobians import assert_close, pull, state
from test_mass_matrix import massive_four_bar, massive_rscr

PLANAR = [("relative", {}), ("reference_point", {})]
SPATIAL = [("relative", {}), ("reference_point", {"rotation": "euler_angles"}),
           ("reference_point", {"rotation": "euler_parameters"}), ("reference_point", {"rotation": "rotation_vector"})]
IDS_PLANAR = ["relative", "reference point"]
IDS_SPATIAL = ["relative", "euler angles", "euler parameters", "rotation vector"]


def assert_tangent_is_the_differences(load, model, q, qd):
    """A load's own (K, C) against central differences of its generalized force."""
    K, C = load.tangent(model, 0.0, q, qd)
    K_fd, C_fd = central_differences(lambda x, v: load.generalized_force(model, 0.0, x, v), q, qd,
                                     model.length_scale)
    assert_close(K, K_fd)
    assert_close(C, C_fd)
    return K, C


# ------------------------------------------------------------------ the model's second derivatives
@pytest.mark.parametrize("family, options", SPATIAL, ids=IDS_SPATIAL)
def test_placement_hessians_and_third_derivatives_in_space(family, options):
    model = formulate(bricard(), family, **options)
    q, _ = state(model, 1)
    n = model.n_coordinates
    for body in model.body_names:
        origin_qq, frame_qq = model.placement_hessian(q, body)
        origin_fd = difference_quotients(lambda x: model.placement_jacobian(x, body)[0], q, 1.0)
        frame_fd = difference_quotients(lambda x: model.placement_jacobian(x, body)[1], q, 1.0)
        assert_close(origin_qq, origin_fd.reshape(3, n, n))
        assert_close(frame_qq, frame_fd.reshape(3, 3, n, n))
        d = model.placement_derivatives(q, body, third=True)

        def local_hessian(x):
            moved = q.copy()
            moved[d.columns] = x
            return model.placement_derivatives(moved, body).frame_qq

        assert_close(d.frame_qqq, difference_quotients(local_hessian, q[d.columns], 1.0).reshape(d.frame_qqq.shape))


@pytest.mark.parametrize("family", ["relative", "reference_point"])
def test_point_hessians_in_the_plane(family):
    model = formulate(massive_four_bar(), family)
    q, _ = state(model, 2)
    n = model.n_coordinates
    for point in ("A", "B"):
        assert not model.point_is_linear(point)
        expected = difference_quotients(lambda x: model.point_jacobian(x, point), q, 1.0).reshape(2, n, n)
        assert_close(model.point_hessian(q, point), expected)


def test_points_of_the_natural_family_are_linear_and_their_hessians_zero():
    model = formulate(massive_four_bar(), "natural")
    assert all(model.point_is_linear(p) for p in model.point_names)
    assert not model.point_hessian(model.reference_q, "B").any()


def test_an_unknown_point_is_named():
    model = formulate(massive_four_bar(), "relative")
    with pytest.raises(UnknownNameError, match="'Z'"):
        model.point_hessian(model.reference_q, "Z")


# ------------------------------------------------------------------ every load's tangent
@pytest.mark.parametrize("family, options", PLANAR, ids=IDS_PLANAR)
@pytest.mark.parametrize("load", [
    Spring("A", "O4", 2e3, 4.0, damping=30.0, bodies=("crank", "rocker")),  # two moving bodies (O4 cut in relative)
    Spring("B", "O2", 2e3, 1.0, damping=30.0),
    Spring("A", "O4", 0.0, 1.0, damping=45.0, bodies=("crank", "rocker")),  # a damper alone
    PointForce("B", (3.0, -4.0)), PointForce("B", pull), PointForce("A", pull, body="coupler"),
    Torque("coupler", 4.0), Torque("rocker", lambda t, q, qd: 3.0 + 2.0 * q[0] - 0.4 * qd[1] * qd[2]),
    DriverForce("crank", lambda t, s, sd: 1.0 - 0.2 * sd)],
    ids=["spring between moving bodies", "spring to the ground", "damper", "constant force", "force field",
         "force on a named body", "constant torque", "torque function", "motor"])
def test_every_load_in_the_plane(family, options, load):
    model = formulate(massive_four_bar(), family, **options)
    assert_tangent_is_the_differences(load, model, *state(model, 4))


@pytest.mark.parametrize("family, options", SPATIAL, ids=IDS_SPATIAL)
@pytest.mark.parametrize("load", [
    Spring("B", "E", 2e4, 0.8, damping=50.0),  # rod1/rod2 to rod4/rod5
    Spring("C", "E", 0.0, 1.0, damping=60.0, bodies=("rod2", "rod5")),
    PointForce("C", (1.0, 2.0, 3.0)), PointForce("D", lambda t, r, v: -40.0 * r + 3.0 * v * v[0], body="rod4"),
    Torque("rod3", (1.0, -2.0, 0.5)), Torque("rod2", lambda t, q, qd: np.array([1.0, -2.0 + q[0], 0.5 * qd[1]]))],
    ids=["spring-damper", "damper on named bodies", "constant force", "force field on a named body",
         "constant torque", "torque function"])
def test_every_load_in_space(family, options, load):
    model = formulate(bricard(), family, **options)
    K, _ = assert_tangent_is_the_differences(load, model, *state(model, 5))
    assert np.abs(K).max() > 1e-3  # the geometric stiffness is there, even for a constant load


def test_a_constant_torque_turns_with_a_body_in_space():
    """Ω_q of a spatial body changes with its pose: a constant torque has a stiffness,
    which the terms of R_qq carry in the pose families."""
    model = formulate(bricard(), "reference_point", rotation="euler_angles")
    K, _ = assert_tangent_is_the_differences(Torque("rod3", (1.0, -2.0, 0.5)), model, *state(model, 7))
    assert np.abs(K).max() > 0.1


def test_a_load_of_the_wrong_size_is_named_by_its_tangent():
    model = formulate(massive_four_bar(), "relative")
    q, qd = state(model, 0)
    with pytest.raises(InputError, match="PointForce on 'B'.*3 components"):
        PointForce("B", lambda t, r, v: np.zeros(3)).tangent(model, 0.0, q, qd)
    with pytest.raises(InputError, match="Torque on 'coupler'"):
        Torque("coupler", lambda t, q, qd: np.zeros(3)).tangent(model, 0.0, q, qd)


# ------------------------------------------------------------------ gravity and inertia
@pytest.mark.parametrize("build, family, options, gravity", [
    (massive_four_bar, "relative", {}, (0.0, -9.81)),
    (massive_four_bar, "reference_point", {}, (0.0, -9.81)),  # h = 0, gravity constant: zeros
    (bricard, "relative", {}, (0.0, -9.81, 0.0)),
    (bricard, "reference_point", {"rotation": "euler_angles"}, (0.0, -9.81, 0.0)),
    (bricard, "reference_point", {"rotation": "euler_parameters"}, (0.0, -9.81, 0.0)),
    (bricard, "reference_point", {"rotation": "rotation_vector"}, (0.0, -9.81, 0.0)),
    (massive_rscr, "natural", {}, (1.0, 2.0, -9.81))],
    ids=["planar relative", "planar reference point", "spatial relative", "euler angles", "euler parameters",
         "rotation vector", "natural, a cross-product frame"])
def test_gravity_stiffness_and_inertia_jacobians(build, family, options, gravity):
    model = formulate(build(), family, **options)
    q, qd = state(model, 8)
    K_fd = difference_quotients(lambda x: gravity_force(model, x, gravity), q, model.length_scale)
    assert_close(gravity_stiffness(model, q, gravity), K_fd)
    h_q, h_qd = inertia_jacobians(model, q, qd)
    h_q_fd, h_qd_fd = central_differences(lambda x, v: inertia_velocity_terms(model, x, v), q, qd,
                                          model.length_scale)
    assert_close(h_q, h_q_fd)
    assert_close(h_qd, h_qd_fd)
    planar_reference_point = family == "reference_point" and model.mechanism.dimension == 2
    assert planar_reference_point or np.abs(h_qd).max() > 1e-3  # the check is not of zeros


# ------------------------------------------------------------------ the system's (K, C)
def planar_loads():
    return [Spring("A", "O4", 2e3, 4.0, damping=30.0, bodies=("crank", "rocker")), PointForce("B", pull),
            Torque("coupler", 4.0), DriverForce("crank", lambda t, s, sd: 1.0 - 0.2 * sd)]


def spatial_loads():
    return [Spring("B", "E", 2e4, 0.8, damping=50.0), PointForce("C", (1.0, 2.0, 3.0)),
            Torque("rod3", (1.0, -2.0, 0.5))]


@pytest.mark.parametrize("build, loads, family, options, gravity", [
    (massive_four_bar, planar_loads, "relative", {}, (0.0, -9.81)),
    (massive_four_bar, planar_loads, "reference_point", {}, (0.0, -9.81)),
    (bricard, spatial_loads, "relative", {}, (0.0, -9.81, 0.0)),
    (bricard, spatial_loads, "reference_point", {"rotation": "euler_angles"}, (0.0, -9.81, 0.0)),
    (bricard, spatial_loads, "reference_point", {"rotation": "euler_parameters"}, (0.0, -9.81, 0.0)),
    (bricard, spatial_loads, "reference_point", {"rotation": "rotation_vector"}, (0.0, -9.81, 0.0)),
    (massive_rscr, lambda: [Spring("B", "D", 3e3, 0.5, damping=20.0)], "natural", {}, (0.0, 0.0, -9.81))],
    ids=["planar relative", "planar reference point", "spatial relative", "euler angles", "euler parameters",
         "rotation vector", "natural, a cross-product frame"])
def test_the_system_jacobians_are_exact_without_differences_of_its_forces(monkeypatch, build, loads, family,
                                                                           options, gravity):
    system = MultibodySystem(formulate(build(), family, **options), gravity, loads=loads())
    q, qd = state(system.model, 9)
    K_fd, C_fd = central_differences(lambda x, v: system.forces(x, v, 0.0), q, qd, system.model.length_scale)
    monkeypatch.setattr(system, "forces", lambda *a: pytest.fail("system.forces was differenced"))
    K, C = force_jacobians(system, q, qd, 0.0)
    assert_close(K, K_fd)
    assert_close(C, C_fd)


def test_the_natural_path_builds_no_second_derivatives(monkeypatch):
    """Natural coordinates with a constant mass matrix: the points are linear, gravity is
    constant and h = 0, so no Hessian is evaluated."""
    system = MultibodySystem(formulate(massive_four_bar(), "natural"), (0.0, -9.81), loads=planar_loads())
    model = system.model
    q, qd = state(model, 3)
    for method in ("point_hessian", "placement_derivatives", "placement_hessian"):
        monkeypatch.setattr(model, method, lambda *a, name=method, **k: pytest.fail(f"{name} was called"))
    K, C = force_jacobians(system, q, qd, 0.0)
    monkeypatch.undo()
    K_fd, C_fd = central_differences(lambda x, v: system.forces(x, v, 0.0), q, qd, model.length_scale)
    assert_close(K, K_fd)
    assert_close(C, C_fd)


# ------------------------------------------------------------------ jets
def test_jets_carry_every_function_they_know_to_the_third_derivative():
    """Jets through a sympy-compiled expression against sympy's own derivatives, and the
    complex step on them against its third derivatives (both exact: 1e-12 relative)."""
    x, y = sp.symbols("x y")
    expr = sp.Matrix([sp.sin(x) * sp.cos(y) ** 3 / (2 + x * y) + sp.sqrt(1 + x ** 2) * sp.exp(-y),
                      sp.tan(x / 3) - sp.log(2 + y) * sp.atan(x - y) + sp.tanh(x) * sp.sinh(y) ** 2,
                      (1 + x * x) ** sp.Rational(3, 2) + sp.cosh(x) / y - sp.asin(x / 4) * sp.acos(y / 5)])
    point = np.array([0.3, 0.7])
    d = Compiled([], [x, y], []).vector_derivatives_at(("test",), expr, point, third=True)
    at = {x: point[0], y: point[1]}
    hessian = np.array([[[float(sp.diff(e, a, b).subs(at)) for b in (x, y)] for a in (x, y)] for e in expr])
    third = np.array([[[[float(sp.diff(e, a, b, c).subs(at)) for c in (x, y)] for b in (x, y)] for a in (x, y)]
                      for e in expr])
    np.testing.assert_allclose(d.hessian, hessian, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(d.third, third, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(d.value, [float(e.subs(at)) for e in expr], rtol=1e-14)


def test_a_function_jets_do_not_carry_is_named():
    x, y = sp.symbols("x y")
    with pytest.raises(MechanismError, match="second derivatives of"):
        Compiled([], [x, y], []).vector_derivatives_at(("test",), sp.Matrix([sp.Abs(x) * y]), np.array([0.3, 0.7]))
