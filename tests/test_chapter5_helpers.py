"""The helpers chapter 5 uses to set the natural-coordinate models beside the closed
forms: each is checked against an independent computation."""

import math

import numpy as np
import pytest

from mbtools import examples, formulate, solve_acceleration, solve_velocity, sweep_position
from mbtools.analysis.closed_forms_spatial import (ANGLE_KEYS, angle_motion_about, rscr_assembly, rscr_rod,
                                                   rscr_rod_curve, rssr_coupler_range, rssr_rocker,
                                                   rssr_rocker_curve, wrap_angle)
from mbtools.description import angle_about
from mbtools.examples.spatial import ball_jointed_body
from mbtools.errors import MechanismError


def test_wrap_angle_lands_in_the_half_open_interval():
    angles = np.linspace(-20.0, 20.0, 4001)
    wrapped = wrap_angle(angles)
    assert np.all(wrapped > -math.pi) and np.all(wrapped <= math.pi)
    assert np.allclose(np.sin(wrapped), np.sin(angles)) and np.allclose(np.cos(wrapped), np.cos(angles))


def test_angle_motion_about_matches_finite_differences_of_a_general_motion():
    """A point whose distance from the axis changes: φ, φ̇, φ̈ against central differences."""
    axis = np.array([1.0, 2.0, 2.0]) / 3.0

    def position(t):
        return np.array([1.5 + 0.3 * math.sin(2 * t), 0.7 * math.cos(t) - 0.2 * t, 0.4 * t * t])

    def velocity(t, h=1e-5):
        return (position(t + h) - position(t - h)) / (2 * h)

    def acceleration(t, h=1e-4):
        return (position(t + h) - 2 * position(t) + position(t - h)) / (h * h)

    t, h = 0.8, 1e-4
    motion = angle_motion_about(axis, position(t), velocity(t), acceleration(t))
    phi = [angle_about(axis, position(t + k * h)) for k in (-1, 0, 1)]
    assert motion[ANGLE_KEYS[0]] == pytest.approx(phi[1], abs=1e-12)
    assert motion[ANGLE_KEYS[1]] == pytest.approx((phi[2] - phi[0]) / (2 * h), rel=1e-6)
    assert motion[ANGLE_KEYS[2]] == pytest.approx((phi[2] - 2 * phi[1] + phi[0]) / (h * h), rel=1e-4)


def test_rssr_rocker_curve_agrees_with_the_natural_model():
    model = formulate(examples.rssr(), "natural")
    angles = np.radians(np.arange(60.0, 420.0, 15.0))
    q = sweep_position(model, "crank", angles).q
    D0 = np.array([3.0, 1.0, 1.0])
    qd = [solve_velocity(model, qk, {"crank": 1.0}) for qk in q]
    qdd = [solve_acceleration(model, qk, vk, {"crank": 0.0}) for qk, vk in zip(q, qd)]
    computed = angle_motion_about(
        (0.0, 1.0, 0.0), model.point(q, "C") - D0,
        [model.point_velocity(qk, vk, "C") for qk, vk in zip(q, qd)],
        [model.point_acceleration(qk, vk, ak, "C") for qk, vk, ak in zip(q, qd, qdd)])
    closed = rssr_rocker_curve(angles)
    for key in ANGLE_KEYS:
        assert np.max(np.abs(wrap_angle(computed[key] - closed[key]) if key == ANGLE_KEYS[0]
                             else computed[key] - closed[key])) < 1e-9, key


def test_rssr_coupler_range_bounds_where_the_closed_form_exists():
    b_min, b_max = rssr_coupler_range()
    grid = np.radians(np.arange(0.0, 360.0, 0.5))
    for b, turns in ((b_min + 1e-6, True), (b_max - 1e-6, True), (b_min - 1e-3, False), (b_max + 1e-3, False)):
        reached = [not math.isnan(rssr_rocker(t, coupler=b)[0]) for t in grid]
        assert all(reached) == turns, b
    # a small rocker far away: the distance to it changes by more than the rocker can take up
    assert all(math.isnan(v) for v in rssr_coupler_range(crank=1.0, rocker=0.1, rocker_pivot=(20.0, 0.0, 0.0)))


def test_rscr_assembly_and_curve_follow_the_natural_model():
    mechanism = examples.rscr()
    model = formulate(mechanism, "natural")
    E0 = mechanism.point_position("E0")
    w2 = mechanism.vector_direction("w2")
    rho = float(np.linalg.norm(mechanism.point_position("B") - mechanism.point_position("C")))
    psi0 = angle_about(w2, model.vector(model.reference_q, "u"))
    side, branch = rscr_assembly(model.reference_inputs()["crank"], psi0, rho)
    angles = np.radians(np.arange(0.0, 360.0, 10.0))
    q = sweep_position(model, "crank", angles).q
    u = model.vector(q, "u")
    psi, slide = rscr_rod_curve(angles, rho, side, branch)
    assert np.max(np.abs(wrap_angle([angle_about(w2, uk) for uk in u] - psi))) < 1e-9
    assert np.max(np.abs(np.einsum("ij,ij->i", model.point(q, "C") - E0, u) - slide)) < 1e-9
    roots = rscr_rod(1.0, rho)
    assert {rscr_assembly(1.0, r[0], rho) for r in roots} == {(1, 1), (1, -1), (-1, 1), (-1, -1)}


def test_the_rscr_closed_form_holds_for_a_coupler_not_square_to_the_rod():
    """B ahead of C along the rod by h = 0.7 m (BC not ⊥ u): with ρ the distance of B
    from the rod's line and the slide of C offset by h, eq-rscr still gives the motion."""
    mechanism = examples.rscr(coupler_offset=0.7)
    model = formulate(mechanism, "natural")
    B, C = mechanism.point_position("B"), mechanism.point_position("C")
    u0 = model.vector(model.reference_q, "u")
    h = float((B - C) @ u0)
    rho = float(np.linalg.norm(np.cross(B - C, u0)))
    assert h == pytest.approx(0.7, abs=1e-12) and rho < float(np.linalg.norm(B - C))
    w2, E0 = mechanism.vector_direction("w2"), mechanism.point_position("E0")
    psi0 = angle_about(w2, u0)
    side, branch = rscr_assembly(model.reference_inputs()["crank"], psi0, rho, coupler_offset=h)
    angles = np.radians(np.arange(0.0, 360.0, 15.0))
    q = sweep_position(model, "crank", angles).q
    u = model.vector(q, "u")
    psi, slide = rscr_rod_curve(angles, rho, side, branch, coupler_offset=h)
    assert np.max(np.abs(wrap_angle([angle_about(w2, uk) for uk in u] - psi))) < 1e-9
    assert np.max(np.abs(np.einsum("ij,ij->i", model.point(q, "C") - E0, u) - slide)) < 1e-9
    # the slide of B's foot, not C's, is off by h: the offset matters
    assert np.max(np.abs(np.einsum("ij,ij->i", model.point(q, "C") - E0, u) - (slide + h))) > 0.5
    with pytest.raises(MechanismError, match="coupler_offset"):
        examples.rscr(coupler_offset=float("nan"))


def test_ball_jointed_body_has_the_joint_freedoms():
    m = ball_jointed_body({"P": (2.0, 0.0, 0.0)}, {"u": (0.0, 0.0, 1.0)})
    model = formulate(m, "natural")
    assert model.degrees_of_freedom(model.reference_q) == 3 == m.gruebler_kutzbach()
    with pytest.raises(MechanismError):
        ball_jointed_body({"O": (1.0, 0.0, 0.0)})
