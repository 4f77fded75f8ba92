"""Checking a rotation written as Euler parameters (book, chapter 4).

A rotation by the angle φ about the unit axis u has the Euler parameters

    e = (e₀, e₁, e₂, e₃) = (cos(φ/2), sin(φ/2) u),      e₀² + e₁² + e₂² + e₃² = 1,

and −e is the same rotation (accepted). The usual mistakes are named: the whole angle
instead of half of it, the scalar part written last (the other convention), an axis that
is not a unit vector, degrees.

Example
-------
>>> import math
>>> check_euler_parameters([math.cos(0.5), 0.0, 0.0, math.sin(0.5)], axis=(0, 0, 1), angle=1.0)
✓ e: right.
>>> check_euler_parameters([math.cos(1.0), 0.0, 0.0, math.sin(1.0)], axis=(0, 0, 1), angle=1.0)
Traceback (most recent call last):
...
mbtools.exercises.feedback.WrongAnswer: e uses the whole angle φ; Euler parameters take half of it: e₀ = cos(φ/2), (e₁, e₂, e₃) = sin(φ/2) u.
"""

from __future__ import annotations

import math

import numpy as np

from ..description.validate import angle_in_radians
from ..errors import InputError
from . import data
from .arrays import diagnose_array
from .feedback import Pending, Right, WrongAnswer, as_array

NAMES = ["e0", "e1", "e2", "e3"]


def euler_parameters(axis, angle: float) -> np.ndarray:
    """(cos(φ/2), sin(φ/2) u) for the rotation by ``angle`` (rad) about ``axis`` (any length)."""
    u = data.vector("euler_parameters", "axis", axis, 3, "any length, not zero")
    if not np.linalg.norm(u) > 0:
        raise InputError(f"axis must be a non-zero 3-vector, got {axis!r}.")
    u = u / np.linalg.norm(u)
    return np.concatenate([[math.cos(angle / 2)], math.sin(angle / 2) * u])


def _same(a: np.ndarray, b: np.ndarray, tol: float) -> bool:
    return min(np.abs(a - b).max(), np.abs(a + b).max()) <= tol


def check_euler_parameters(answer, *, axis, angle: float) -> Right | Pending:
    """Check the Euler parameters (e₀ first) of the rotation by ``angle`` (rad) about ``axis``."""
    angle = angle_in_radians("check_euler_parameters: angle", angle, InputError, stacklevel=3)
    right = euler_parameters(axis, angle)
    if answer is ...:
        return Pending("e")
    e = as_array(answer, (4,), "e")
    if _same(e, right, 1e-6):
        return Right("e")
    u = right[1:] / max(np.linalg.norm(right[1:]), 1e-300) if abs(math.sin(angle / 2)) > 1e-12 else None
    if u is not None:
        whole = np.concatenate([[math.cos(angle)], math.sin(angle) * u])
        if _same(e, whole, 1e-3):
            raise WrongAnswer("e uses the whole angle φ; Euler parameters take half of it: e₀ = cos(φ/2), "
                              "(e₁, e₂, e₃) = sin(φ/2) u.")
        if _same(e, euler_parameters(axis, math.degrees(angle)), 1e-3):
            raise WrongAnswer("e was computed with the angle in degrees; the functions take radians.")
    if _same(e, np.roll(right, -1), 1e-3):
        raise WrongAnswer("e has the scalar part last; this book writes e₀ = cos(φ/2) first.")
    norm = float(np.linalg.norm(e))
    if abs(norm - 1.0) > 1e-3:
        raw = np.concatenate([[math.cos(angle / 2)], math.sin(angle / 2) * np.asarray(axis, dtype=float)])
        if _same(e, raw, 1e-3):
            raise WrongAnswer(f"e has norm {norm:.4g}, not 1: the axis must be a unit vector (divide it by its length).")
        raise WrongAnswer(f"e has norm {norm:.4g}; Euler parameters satisfy e₀² + e₁² + e₂² + e₃² = 1.")
    raise WrongAnswer(diagnose_array(e, right, "e", NAMES) or "e is wrong.")


def parameter_rate_matrices(e) -> tuple[np.ndarray, np.ndarray]:
    """(E, G) of Euler parameters e = (e₀, ē), 3 × 4 each:

        E = [−ē, e₀ 𝟙 + ẽ],    G = [−ē, e₀ 𝟙 − ẽ],    ω = 2 E ė,   ω' = 2 G ė,

    ω the angular velocity in the fixed frame and ω' in the body's (García de Jalón and
    Bayo 1994, sec. 2.3; book, chapter 4)."""
    e = np.asarray(e, dtype=float)
    e0, (e1, e2, e3) = e[0], e[1:]
    skew = np.array([[0.0, -e3, e2], [e3, 0.0, -e1], [-e2, e1, 0.0]])
    E = np.column_stack([-e[1:], e0 * np.eye(3) + skew])
    G = np.column_stack([-e[1:], e0 * np.eye(3) - skew])
    return E, G


def check_angular_velocity_from_parameters(answer, *, e, e_dot) -> Right | Pending:
    """Check ω, in the fixed frame, of a body whose Euler parameters are ``e`` and change at
    ``e_dot``: ω = 2 E(e) ė
    (:func:`~mbtools.exercises.rotations.parameter_rate_matrices`). The data are checked
    first (e a unit 4-vector, ė normal to it, as the normalisation's derivative eᵀė = 0
    requires); the mistakes named: the body-frame ω' = 2 G ė, the factor 2 left out, the
    sign.

    >>> e = euler_parameters((0.0, 0.0, 1.0), 1.0)
    >>> e_dot = 0.5 * 3.0 * np.array([-e[3], 0.0, 0.0, e[0]])      # 3 rad/s about z
    >>> check_angular_velocity_from_parameters([0.0, 0.0, 3.0], e=e, e_dot=e_dot)
    ✓ ω: right.
    """
    checker = "check_angular_velocity_from_parameters"
    e = data.vector(checker, "e", e, 4, "Euler parameters, e₀ first")
    e_dot = data.vector(checker, "e_dot", e_dot, 4, "1/s")
    if abs(float(np.linalg.norm(e)) - 1.0) > 1e-9:
        raise InputError(f"{checker}: e must be unit Euler parameters (norm 1), got norm {np.linalg.norm(e):.6g}.")
    if abs(float(e @ e_dot)) > 1e-9 * max(1.0, float(np.linalg.norm(e_dot))):
        raise InputError(f"{checker}: e_dot must satisfy eᵀė = 0 (the derivative of e·e = 1); got {e @ e_dot:.3g}.")
    if answer is ...:
        return Pending("ω")
    E, G = parameter_rate_matrices(e)
    right, body = 2.0 * E @ e_dot, 2.0 * G @ e_dot
    omega = as_array(answer, (3,), "ω")
    scale = max(float(np.linalg.norm(right)), 1e-12)
    if np.abs(omega - right).max() <= 1e-6 * scale:
        return Right("ω")
    if np.abs(right - body).max() > 1e-3 * scale and np.abs(omega - body).max() <= 1e-4 * scale:
        raise WrongAnswer("ω is the angular velocity in the body's frame (2 G ė); the fixed frame's is 2 E ė, "
                          "E = [−ē, e₀𝟙 + ẽ].")
    if np.abs(omega - right / 2).max() <= 1e-4 * scale:
        raise WrongAnswer("ω is half the answer: ω = 2 E ė (the rotation turns by twice the angle of the "
                          "parameters).")
    if np.abs(omega + right).max() <= 1e-4 * scale:
        raise WrongAnswer("ω has the wrong sign.")
    raise WrongAnswer(diagnose_array(omega, right, "ω", ["ωx", "ωy", "ωz"]) or "ω is wrong.")
