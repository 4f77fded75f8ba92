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
