"""Rotations by exponentials (``mbtools.kinematics.exponential``): Rodrigues' formula
against scipy's rotation vectors (an independent code), the logarithm as its inverse
through φ = 0 and φ = π, and the tangent operator against differences of the exponential.

Tolerances: exp against scipy 1e-14 (both exact to round-off); exp(log R) = R to 1e-14,
log(exp θ) = θ to 1e-12 for φ < π − 1e-4 and to 1e-6 nearer π (the sign of u comes from
sin φ there; at φ = π only the rotation is the same); T θ̇ against central differences of
Ṙ Rᵀ with h = 1e-6, whose error is h² ≈ 1e-12 of the entries, to 1e-9.
"""

import math

import numpy as np
import pytest
from scipy.spatial.transform import Rotation

from mbtools.errors import InputError, SingularJacobianError
from mbtools.kinematics.exponential import (rotation_exp, rotation_log, shortest_rotation_vector, skew,
                                            tangent_operator, tangent_operator_inverse)

RNG = np.random.default_rng(11)
AXES = [v / np.linalg.norm(v) for v in RNG.standard_normal((6, 3))]
ANGLES = [0.0, 1e-9, 1e-4, 2e-3, 0.7, 2.0, 3.0, math.pi - 1e-3, math.pi - 1e-7, math.pi]


def vee(W):
    return np.array([W[2, 1], W[0, 2], W[1, 0]])


@pytest.mark.parametrize("angle", ANGLES)
def test_rodrigues_is_scipy_s_rotation_vector(angle):
    for u in AXES:
        theta = angle * u
        assert np.abs(rotation_exp(theta) - Rotation.from_rotvec(theta).as_matrix()).max() < 1e-14


@pytest.mark.parametrize("angle", ANGLES)
def test_the_logarithm_inverts_the_exponential(angle):
    for u in AXES:
        R = rotation_exp(angle * u)
        theta = rotation_log(R)
        assert np.linalg.norm(theta) <= math.pi + 1e-15
        assert np.abs(rotation_exp(theta) - R).max() < 1e-14
        if angle < math.pi - 1e-4:
            assert np.abs(theta - angle * u).max() < 1e-12
        elif angle < math.pi:
            assert np.abs(theta - angle * u).max() < 1e-6


def test_half_a_turn_has_two_vectors_and_the_log_picks_one():
    for u in AXES:
        theta = rotation_log(rotation_exp(math.pi * u))
        assert np.allclose(np.abs(theta), math.pi * np.abs(u), atol=1e-7)
        assert theta[int(np.argmax(np.abs(theta)))] > 0.0


@pytest.mark.parametrize("angle", [1e-9, 1e-4, 0.7, 3.0, 5.0, 8.0])
@pytest.mark.parametrize("frame", ["space", "body"])
def test_the_tangent_operator_gives_the_angular_velocity(angle, frame):
    """ω̃ = Ṙ Rᵀ (space) or Ω̃ = Rᵀ Ṙ (body), Ṙ by central differences along θ̇."""
    h = 1e-6
    for u in AXES:
        theta, rate = angle * u, RNG.standard_normal(3)
        R = rotation_exp(theta)
        Rd = (rotation_exp(theta + h * rate) - rotation_exp(theta - h * rate)) / (2 * h)
        omega = vee(Rd @ R.T) if frame == "space" else vee(R.T @ Rd)
        T = tangent_operator(theta, frame)
        assert np.abs(T @ rate - omega).max() < 1e-9
        assert np.abs(tangent_operator_inverse(theta, frame) @ T - np.eye(3)).max() < 1e-12
        assert np.linalg.det(T) == pytest.approx(2 * (1 - math.cos(angle)) / angle**2 if angle > 1e-3 else 1.0,
                                                 rel=1e-9)


def test_the_tangent_operator_is_singular_at_whole_turns():
    theta = 2 * math.pi * AXES[0]
    assert abs(np.linalg.det(tangent_operator(theta))) < 1e-15
    with pytest.raises(SingularJacobianError, match="whole turn.*shortest_rotation_vector"):
        tangent_operator_inverse(theta)
    short = shortest_rotation_vector(theta * 1.1)
    assert np.linalg.norm(short) <= math.pi
    assert np.abs(rotation_exp(short) - rotation_exp(theta * 1.1)).max() < 1e-14
    assert np.isfinite(tangent_operator_inverse(short)).all()


def test_skew_is_the_cross_product():
    a, b = RNG.standard_normal(3), RNG.standard_normal(3)
    assert np.abs(skew(a) @ b - np.cross(a, b)).max() < 1e-15


@pytest.mark.parametrize("call, match", [
    (lambda: rotation_exp([1.0, 2.0]), "theta must be 3 finite numbers"),
    (lambda: rotation_exp("x"), "theta must be 3 numbers"),
    (lambda: rotation_log(np.diag([1.0, 1.0, -1.0])), "R is not a rotation.*det R = -1"),
    (lambda: rotation_log(np.eye(3) * 1.01), "R is not a rotation"),
    (lambda: rotation_log(np.eye(2)), "3 × 3 rotation matrix"),
    (lambda: tangent_operator([0.1, 0.2, 0.3], frame="world"), "frame must be 'space'"),
])
def test_bad_input_is_named(call, match):
    with pytest.raises(InputError, match=match):
        call()
