"""One motion, three descriptions (mbtools.analysis.rotation_descriptions): against closed
forms of the Cardan joint's output shaft, round trips through each description, and the
singularity measures against their formulas.

Tolerances: positions from Newton to 1e-12 of the length, so angles agree to 1e-10 rad;
round trips of a description are exact to round-off (1e-12 on matrix entries)."""

import math

import numpy as np
import pytest
import sympy as sp
from scipy.spatial.transform import Rotation

from mbtools import formulate
from mbtools.analysis.closed_forms import cardan_output_rotation
from mbtools.analysis.rotation_descriptions import (describe_rotations, euler_angles_of, euler_angles_rate_matrix,
                                                    euler_parameters_rate_matrix, tangent_determinant)
from mbtools.coordinates.reference_point import euler_angles_matrix, euler_parameters_matrix
from mbtools.errors import InputError
from mbtools.examples import EXAMPLES
from mbtools.kinematics import rotation_exp, sweep_position, tangent_operator

BETA = math.radians(30.0)


def cardan_turns(degrees):
    model = formulate(EXAMPLES["cardan_joint"].build(shaft_angle=BETA), "natural")
    angles = np.radians(degrees)   # turns from the drawing, where the input reads π
    sweep = sweep_position(model, "input", model.reference_inputs()["input"] + angles)
    R0 = model.placement(model.reference_q, "shaft2").frame
    return angles, [model.placement(q, "shaft2").frame @ R0.T for q in sweep.q]


def test_the_output_shaft_s_rotation_vector_is_its_turn_along_its_axis():
    """θ = φ₂ w₂ with tan φ₂ = cos β tan φ₁, continuous through φ₂ = π and 2π."""
    angles, turns = cardan_turns(np.arange(1.0, 720.0, 4.0))
    path = describe_rotations(turns)
    w2 = np.array([math.cos(BETA), math.sin(BETA), 0.0])
    phi2 = np.unwrap([cardan_output_rotation(a, BETA) for a in angles])
    assert np.abs(path.rotation_vector - np.outer(phi2, w2)).max() < 1e-9
    assert np.linalg.norm(path.rotation_vector[-1]) > 3 * math.pi      # well past a whole turn
    assert np.linalg.norm(path.shortest_rotation_vector, axis=1).max() <= math.pi + 1e-12
    half = phi2 / 2  # Euler parameters: (cos φ₂/2, sin φ₂/2 w₂), up to one sign for the whole path
    expected = np.column_stack([np.cos(half), np.outer(np.sin(half), w2)])
    assert np.abs(path.euler_parameters - np.sign(path.euler_parameters[0, 0]) * expected).max() < 1e-9


def test_each_description_gives_back_its_rotation():
    angles, turns = cardan_turns(np.arange(3.0, 720.0, 37.0))
    path = describe_rotations(turns)
    for R, a, e, v in zip(turns, path.euler_angles, path.euler_parameters, path.rotation_vector):
        assert np.abs(np.array(euler_angles_matrix(*a).evalf(), dtype=float) - R).max() < 1e-12
        assert np.abs(np.array(euler_parameters_matrix(*e).evalf(), dtype=float) - R).max() < 1e-12
        assert np.abs(rotation_exp(v) - R).max() < 1e-12


def test_euler_angles_match_scipy_and_survive_gimbal_lock():
    rng = np.random.default_rng(3)
    for R in Rotation.random(20, random_state=rng).as_matrix():
        psi, theta, phi = Rotation.from_matrix(R).as_euler("ZXZ")
        assert np.allclose(euler_angles_of(R), [psi, theta, phi], atol=1e-10) or theta < 1e-6
    for theta in (0.0, math.pi):
        R = np.array(euler_angles_matrix(0.4, theta, 0.9).evalf(), dtype=float)
        a = euler_angles_of(R)
        assert a[1] == pytest.approx(theta, abs=1e-12)
        assert np.abs(np.array(euler_angles_matrix(*a).evalf(), dtype=float) - R).max() < 1e-12


def test_the_rate_matrices_give_the_angular_velocity_and_their_singularities():
    """ω̃ = Ṙ Rᵀ by central differences against (D.1)–(D.3); det G = −sin θ, E Eᵀ = I,
    det T = 2(1 − cos φ)/φ²."""
    h = 1e-6
    a, a_rate = np.array([0.3, 1.1, -0.7]), np.array([0.5, -0.2, 0.9])
    R = lambda x: np.array(euler_angles_matrix(*x).evalf(), dtype=float)
    W = (R(a + h * a_rate) - R(a - h * a_rate)) / (2 * h) @ R(a).T
    omega = np.array([W[2, 1], W[0, 2], W[1, 0]])
    assert np.allclose(euler_angles_rate_matrix(a) @ a_rate, omega, atol=1e-8)
    assert np.linalg.det(euler_angles_rate_matrix(a)) == pytest.approx(-math.sin(1.1), rel=1e-12)
    e = np.array([0.5, 0.5, -0.5, 0.5])
    E = euler_parameters_rate_matrix(e)
    assert np.allclose(E @ E.T, np.eye(3), atol=1e-15)
    for phi in (1e-6, 0.5, math.pi, 5.0, 2 * math.pi):
        theta = phi * np.array([0.6, 0.0, 0.8])
        assert tangent_determinant(theta) == pytest.approx(np.linalg.det(tangent_operator(theta)), abs=1e-12)
    assert tangent_determinant([0.0, 0.0, 2 * math.pi]) == pytest.approx(0.0, abs=1e-15)


def test_along_the_path_each_description_meets_its_own_singularity():
    angles, turns = cardan_turns(np.arange(0.0, 721.0, 1.0))
    path = describe_rotations(turns)
    assert path.euler_angles_determinant.min() < 1e-9          # the drawing itself: θ = 0, gimbal lock
    assert path.rotation_vector_determinant.min() < 1e-6      # a whole turn of the output shaft
    assert path.shortest_determinant.min() >= 4 / math.pi**2 - 1e-9
    assert np.allclose(path.euler_parameters_sigma, 1.0, atol=1e-12)


def test_bad_input_is_named():
    with pytest.raises(InputError, match="3 × 3 rotation matrices"):
        describe_rotations(np.zeros((4, 2, 2)))
    with pytest.raises(InputError, match="3 × 3 rotation matrices"):
        describe_rotations("not a path")
