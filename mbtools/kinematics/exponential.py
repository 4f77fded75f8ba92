"""Rotations by exponentials: the rotation vector θ = φ u (the angle φ about the unit
axis u), Rodrigues' formula, the logarithm and the tangent operator.

With ã the matrix of the cross product (ã b = a × b, :func:`~mbtools.kinematics.skew`), a
rotation by φ about u is the exponential of θ̃ (Rodrigues' formula),

    R = exp(θ̃) = I + (sin φ/φ) θ̃ + ((1 − cos φ)/φ²) θ̃²,                       (X.1)

and back: the skew part of R is sin φ ũ and its trace 1 + 2 cos φ, so that
φ = atan2(sin φ, cos φ) (well conditioned at every angle, where arccos is not near 0
and π) and θ = φ u with u from the skew part (X.2); beyond φ = π/2, where sin φ fades,
u comes from the symmetric part (R + Rᵀ)/2 = cos φ I + (1 − cos φ) u uᵀ and only its
sign from the skew part. The logarithm returns φ ≤ π: θ and θ (1 − 2π/φ) are the same
rotation.

The angular velocity is linear in θ̇ through the **tangent operator** T(θ) (the left
Jacobian of the exponential):

    ω = T(θ) θ̇,   T(θ) = I + ((1 − cos φ)/φ²) θ̃ + ((φ − sin φ)/φ³) θ̃²,            (X.3)

ω in the fixed frame (Ṙ Rᵀ = ω̃); in the body's frame Ω = Rᵀω = T(−θ) θ̇ = T(θ)ᵀ θ̇.
Its inverse,

    T⁻¹(θ) = I − ½ θ̃ + (1/φ² − (1 + cos φ)/(2 φ sin φ)) θ̃²,                     (X.4)

exists for every φ but 2π, 4π, …: there the rotation vector is singular as Euler angles
are at gimbal lock (det T = 2(1 − cos φ)/φ²), and a rotation vector is reset to its
shorter equivalent before it gets there
(:func:`~mbtools.kinematics.shortest_rotation_vector`). Near φ = 0 each coefficient is
taken from its series (to φ⁴, exact to round-off below φ = 1e-3).

Example
-------
>>> theta = np.array([0.0, 0.0, np.pi / 2])           # a quarter turn about z
>>> np.round(rotation_exp(theta), 12) + 0.0
array([[ 0., -1.,  0.],
       [ 1.,  0.,  0.],
       [ 0.,  0.,  1.]])
>>> np.round(rotation_log(rotation_exp(theta)), 4) + 0.0
array([0.    , 0.    , 1.5708])
>>> np.round(tangent_operator(theta) @ [0.0, 0.0, 2.0], 12) + 0.0   # about its own axis: ω = θ̇
array([0., 0., 2.])
"""

from __future__ import annotations

import math

import numpy as np

from ..errors import InputError, SingularJacobianError

#: Below this angle (rad) the coefficients of (X.1), (X.3), (X.4) come from their series.
SERIES_BELOW = 1e-3
#: How close to 2π k (rad, relative to φ) the tangent operator is refused as singular.
SINGULAR_NEAR = 1e-8
#: Below this sin φ the logarithm takes R as a half turn, whose two vectors ±π u are the same rotation.
HALF_TURN_BELOW = 1e-12
#: How far a matrix may be from a rotation (in ‖RᵀR − I‖ and in det R − 1) to be taken as one.
ROTATION_TOLERANCE = 1e-9


def _vector(theta, what: str = "theta") -> np.ndarray:
    try:
        v = np.asarray(theta, dtype=float)
    except (TypeError, ValueError):
        raise InputError(f"{what} must be 3 numbers (a rotation vector, rad), got {theta!r}.") from None
    if v.shape != (3,) or not np.isfinite(v).all():
        raise InputError(f"{what} must be 3 finite numbers (a rotation vector, rad), got {theta!r}.")
    return v


def skew(a) -> np.ndarray:
    """ã, the matrix of the cross product: ã b = a × b.

    >>> skew([1.0, 2.0, 3.0]) @ [4.0, 5.0, 6.0]
    array([-3.,  6., -3.])
    """
    x, y, z = _vector(a, "a")
    return np.array([[0.0, -z, y], [z, 0.0, -x], [-y, x, 0.0]])


def exponential_coefficients(angle: float) -> tuple[float, float, float]:
    """(sin φ/φ, (1 − cos φ)/φ², (φ − sin φ)/φ³), from their series below
    :data:`~mbtools.kinematics.exponential.SERIES_BELOW` (the coefficients of (X.1) and (X.3))."""
    phi = float(angle)
    if phi < SERIES_BELOW:
        p2 = phi * phi
        return (1.0 - p2 / 6.0 + p2 * p2 / 120.0, 0.5 - p2 / 24.0 + p2 * p2 / 720.0,
                1.0 / 6.0 - p2 / 120.0 + p2 * p2 / 5040.0)
    s, c = math.sin(phi), math.cos(phi)
    return s / phi, (1.0 - c) / phi ** 2, (phi - s) / phi ** 3


def rotation_exp(theta) -> np.ndarray:
    """R = exp(θ̃), Rodrigues' formula (X.1), for the rotation vector θ (rad)."""
    theta = _vector(theta)
    a, b, _ = exponential_coefficients(float(np.linalg.norm(theta)))
    W = skew(theta)
    return np.eye(3) + a * W + b * (W @ W)


def _checked_rotation(R) -> np.ndarray:
    try:
        R = np.asarray(R, dtype=float)
    except (TypeError, ValueError):
        raise InputError(f"R must be a 3 × 3 rotation matrix, got {R!r}.") from None
    if R.shape != (3, 3) or not np.isfinite(R).all():
        raise InputError(f"R must be a 3 × 3 rotation matrix of finite numbers, got shape {R.shape}.")
    error = float(np.abs(R.T @ R - np.eye(3)).max())
    if error > ROTATION_TOLERANCE or abs(np.linalg.det(R) - 1.0) > ROTATION_TOLERANCE:
        raise InputError(f"R is not a rotation: ‖RᵀR − I‖ = {error:.2e}, det R = {np.linalg.det(R):.6g} (a "
                         f"rotation has RᵀR = I and det R = +1; a reflection has −1). Orthonormalise it first.")
    return R


def rotation_log(R) -> np.ndarray:
    """θ with exp(θ̃) = R and φ = ‖θ‖ ≤ π (X.2): from the skew part where sin φ is not
    small, from the symmetric part near φ = π (at φ = π exactly, θ and −θ are the same
    rotation; the one returned has its largest component positive)."""
    R = _checked_rotation(R)
    cosine = 0.5 * (np.trace(R) - 1.0)
    vee = 0.5 * np.array([R[2, 1] - R[1, 2], R[0, 2] - R[2, 0], R[1, 0] - R[0, 1]])   # sin φ u
    sine = float(np.linalg.norm(vee))
    phi = math.atan2(sine, cosine)
    if phi < SERIES_BELOW:
        return vee / exponential_coefficients(phi)[0]
    if phi < 0.5 * math.pi:
        return phi * vee / sine
    symmetric = 0.5 * (R + R.T) - min(cosine, 1.0) * np.eye(3)          # (1 − cos φ) u uᵀ
    k = int(np.argmax(np.diag(symmetric)))
    u = symmetric[:, k] / np.linalg.norm(symmetric[:, k])
    if sine < HALF_TURN_BELOW:        # a half turn to round-off: θ and −θ alike, the largest component taken > 0
        return phi * (u if u[k] > 0.0 else -u)
    if u @ vee < 0.0:
        u = -u
    return phi * u


def tangent_operator(theta, frame: str = "space") -> np.ndarray:
    """T(θ) of (X.3): ω = T(θ) θ̇ in the fixed frame (``frame="space"``), or
    Ω = T(θ)ᵀ θ̇ in the body's frame (``frame="body"``)."""
    theta = _vector(theta)
    if frame not in ("space", "body"):
        raise InputError(f"frame must be 'space' (ω in the fixed frame) or 'body' (Ω in the body's), got {frame!r}.")
    _, b, c = exponential_coefficients(float(np.linalg.norm(theta)))
    W = skew(theta if frame == "space" else -theta)
    return np.eye(3) + b * W + c * (W @ W)


def tangent_operator_inverse(theta, frame: str = "space") -> np.ndarray:
    """T⁻¹(θ) of (X.4): θ̇ = T⁻¹ ω (``frame="space"``) or T⁻ᵀ Ω (``frame="body"``).

    Raises
    ------
    SingularJacobianError
        φ is within :data:`~mbtools.kinematics.exponential.SINGULAR_NEAR` of 2π, 4π, …, where T is singular: reset the
        rotation vector with :func:`~mbtools.kinematics.shortest_rotation_vector` first.
    """
    theta = _vector(theta)
    if frame not in ("space", "body"):
        raise InputError(f"frame must be 'space' (ω in the fixed frame) or 'body' (Ω in the body's), got {frame!r}.")
    phi = float(np.linalg.norm(theta))
    turns = round(phi / (2.0 * math.pi))
    if turns >= 1 and abs(phi - 2.0 * math.pi * turns) < SINGULAR_NEAR * phi:
        raise SingularJacobianError(
            f"The rotation vector's angle φ = {phi:.12g} rad is {turns} whole turn(s): its tangent operator is "
            "singular there (det T = 2(1 − cos φ)/φ² = 0). Reset it to its shorter equivalent with "
            "shortest_rotation_vector(theta) before it gets near.")
    if phi < SERIES_BELOW:
        p2 = phi * phi
        d = 1.0 / 12.0 + p2 / 720.0 + p2 * p2 / 30240.0
    else:
        d = 1.0 / phi ** 2 - (1.0 + math.cos(phi)) / (2.0 * phi * math.sin(phi))
    W = skew(theta if frame == "space" else -theta)
    return np.eye(3) - 0.5 * W + d * (W @ W)


def shortest_rotation_vector(theta) -> np.ndarray:
    """The rotation vector of the same rotation with φ ≤ π: θ (1 − 2π k/φ) for the whole
    number of turns k that brings φ nearest 0.

    >>> np.round(shortest_rotation_vector([0.0, 0.0, 1.5 * np.pi]), 4) + 0.0
    array([ 0.    ,  0.    , -1.5708])
    """
    theta = _vector(theta)
    phi = float(np.linalg.norm(theta))
    if phi <= math.pi:
        return theta.copy()
    turns = math.floor(phi / (2.0 * math.pi) + 0.5)
    return theta * (1.0 - 2.0 * math.pi * turns / phi)
