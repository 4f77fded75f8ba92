"""One motion, three descriptions of its rotation: z–x–z Euler angles, Euler parameters and
the rotation vector, read off a body's rotation matrices along a path, with the matrix that
maps each one's rates to the angular velocity and where that matrix is singular.

With ω the angular velocity in the fixed frame (Ṙ Rᵀ = ω̃):

- **Euler angles** (ψ, θ, φ), R = R_z(ψ) R_x(θ) R_z(φ) (book, equation eq-euler-angles):
  ω = G (ψ̇, θ̇, φ̇) with the columns e_z, R_z(ψ) e_x, R_z(ψ) R_x(θ) e_z, and
  det G = −sin θ: singular at θ = 0 and π (gimbal lock).                              (D.1)
- **Euler parameters** e = (e₀, ē), ‖e‖ = 1 (book, equation eq-euler-parameters):
  ω = 2 E ė, E = [−ē, e₀ I + ē̃], and E Eᵀ = I: never singular, at the price of a fourth
  coordinate and the condition ‖e‖ = 1.                                               (D.2)
- **The rotation vector** θ = φ u (:mod:`mbtools.kinematics.exponential`): ω = T(θ) θ̇,
  det T = 2 (1 − cos φ)/φ²: singular at φ = 2π, 4π, … and never on the way there.   (D.3)

Along a path, each is made continuous — the angles unwrapped, e kept on the side of the
previous e (e and −e are one rotation), θ taken among θ + 2πk u as the one nearest the
previous (:func:`describe_rotations`) — because that is what an integrator of the
parameters' rates would produce, and where it meets its singularity.

Example
-------
A quarter turn about x: Euler angles (0, π/2, 0), Euler parameters (cos π/4, sin π/4, 0, 0).

>>> R = np.array([[1.0, 0.0, 0.0], [0.0, 0.0, -1.0], [0.0, 1.0, 0.0]])
>>> np.round(euler_angles_of(R), 6) + 0.0
array([0.      , 1.570796, 0.      ])
>>> path = describe_rotations([R])
>>> np.round(path.euler_parameters[0], 6) + 0.0
array([0.707107, 0.707107, 0.      , 0.      ])
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..errors import InputError
from ..kinematics.exponential import rotation_log, skew


def euler_angles_of(R) -> np.ndarray:
    """(ψ, θ, φ) of R = R_z(ψ) R_x(θ) R_z(φ), θ in [0, π]: the third column of R is
    (sin ψ sin θ, −cos ψ sin θ, cos θ) and its third row (sin θ sin φ, sin θ cos φ, cos θ).
    At θ = 0 or π only ψ ± φ is defined; ψ is then taken as 0."""
    R = np.asarray(R, dtype=float)
    sine = math.hypot(R[0, 2], R[1, 2])
    theta = math.atan2(sine, R[2, 2])
    if sine < 1e-12:
        return np.array([0.0, theta, math.atan2(R[1, 0], R[0, 0]) if R[2, 2] > 0 else math.atan2(-R[1, 0], R[0, 0])])
    return np.array([math.atan2(R[0, 2], -R[1, 2]), theta, math.atan2(R[2, 0], R[2, 1])])


def euler_angles_rate_matrix(angles) -> np.ndarray:
    """G of (D.1): ω = G (ψ̇, θ̇, φ̇), fixed frame."""
    psi, theta, _ = (float(a) for a in angles)
    return np.array([[0.0, math.cos(psi), math.sin(psi) * math.sin(theta)],
                     [0.0, math.sin(psi), -math.cos(psi) * math.sin(theta)],
                     [1.0, 0.0, math.cos(theta)]])


def euler_parameters_rate_matrix(e) -> np.ndarray:
    """E of (D.2): ω = 2 E ė, fixed frame."""
    e = np.asarray(e, dtype=float)
    return np.column_stack([-e[1:], e[0] * np.eye(3) + skew(e[1:])])


@dataclass(frozen=True)
class RotationPath:
    """A path of rotations described three ways, each continuous along it
    (:func:`describe_rotations`).

    Attributes
    ----------
    euler_angles : ndarray
        (N, 3), (ψ, θ, φ) unwrapped.
    euler_parameters : ndarray
        (N, 4), each on the side of the one before.
    rotation_vector : ndarray
        (N, 3), continuous (its angle grows past π and 2π as the body turns).
    shortest_rotation_vector : ndarray
        (N, 3), the logarithm's, angle ≤ π (it jumps where the angle passes π).
    euler_angles_determinant : ndarray
        (N,), ‖det G‖ = sin θ of (D.1).
    rotation_vector_determinant, shortest_determinant : ndarray
        (N,), det T = 2 (1 − cos φ)/φ² of (D.3) for the continuous and the shortest vector.
    euler_parameters_sigma : ndarray
        (N,), the smallest singular value of E of (D.2) (1 for a unit e).
    """

    euler_angles: np.ndarray
    euler_parameters: np.ndarray
    rotation_vector: np.ndarray
    shortest_rotation_vector: np.ndarray
    euler_angles_determinant: np.ndarray
    rotation_vector_determinant: np.ndarray
    shortest_determinant: np.ndarray
    euler_parameters_sigma: np.ndarray


def tangent_determinant(theta) -> float:
    """det T(θ) = 2 (1 − cos φ)/φ² of (D.3) (1 at φ = 0)."""
    phi = float(np.linalg.norm(theta))
    if phi < 1e-4:
        return 1.0 - phi * phi / 12.0
    return 2.0 * (1.0 - math.cos(phi)) / (phi * phi)


def _continued_vector(theta: np.ndarray, previous: np.ndarray | None) -> np.ndarray:
    """Among θ + 2πk u (both signs of the axis), the one nearest ``previous``."""
    phi = float(np.linalg.norm(theta))
    if previous is None:
        return theta
    axis = theta / phi if phi > 1e-12 else (previous / np.linalg.norm(previous) if np.linalg.norm(previous) > 0 else
                                             np.array([0.0, 0.0, 1.0]))
    turns = np.arange(-3, 4)
    candidates = [(phi + 2.0 * math.pi * k) * axis for k in turns]
    return min(candidates, key=lambda c: float(np.linalg.norm(c - previous)))


def describe_rotations(rotations) -> RotationPath:
    """The three descriptions (D.1)–(D.3) of a path of rotation matrices, each continuous
    along it, and the singularity measure of each."""
    try:
        Rs = np.asarray(rotations, dtype=float)
    except (TypeError, ValueError):
        raise InputError("describe_rotations takes a sequence of 3 × 3 rotation matrices.") from None
    if Rs.ndim != 3 or Rs.shape[1:] != (3, 3) or not np.all(np.isfinite(Rs)):
        raise InputError(f"describe_rotations takes a sequence of 3 × 3 rotation matrices, got shape {Rs.shape}.")
    angles, parameters, vectors, shortest = [], [], [], []
    for R in Rs:
        log = rotation_log(R)
        shortest.append(log)
        vectors.append(_continued_vector(log, vectors[-1] if vectors else None))
        phi = float(np.linalg.norm(log))
        e = np.concatenate([[math.cos(phi / 2)], np.sinc(phi / (2 * math.pi)) * log / 2])  # sin(φ/2) u
        if parameters and e @ parameters[-1] < 0:
            e = -e
        parameters.append(e)
        angles.append(euler_angles_of(R))
    angles = np.array(angles)
    angles[:, 0], angles[:, 2] = np.unwrap(angles[:, 0]), np.unwrap(angles[:, 2])
    parameters, vectors, shortest = np.array(parameters), np.array(vectors), np.array(shortest)
    return RotationPath(angles, parameters, vectors, shortest, np.abs(np.sin(angles[:, 1])),
                        np.array([tangent_determinant(v) for v in vectors]),
                        np.array([tangent_determinant(v) for v in shortest]),
                        np.array([np.linalg.svd(euler_parameters_rate_matrix(e), compute_uv=False).min()
                                  for e in parameters]))
