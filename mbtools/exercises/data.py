"""Checks of an exercise's own data, the values a lecturer passes to a checker: a checker
that takes impossible data (a negative mass, e > 1, an amplitude of π) would accept
wrong answers or refuse right ones, so it refuses the data instead, by name.

Each check raises :class:`~mbtools.errors.InputError` naming the checker, the parameter
and what to give. An angle outside its range that is a whole number above 2π is named
as degrees, as everywhere in mbtools (:func:`~mbtools.description.validate.looks_like_degrees`).

Example
-------
>>> positive("check_pendulum_period", "length", 0.8)
0.8
>>> positive("check_pendulum_period", "length", -0.8)
Traceback (most recent call last):
...
mbtools.errors.InputError: check_pendulum_period: length must be a positive number, got -0.8 (the exercise's data).
"""

from __future__ import annotations

import math
import numbers

import numpy as np

from ..description.validate import looks_like_degrees
from ..errors import InputError
from ..model.arguments import is_real_number


def number(checker: str, name: str, value) -> float:
    """A finite real number, or an InputError naming the parameter."""
    if not is_real_number(value):
        hint = " (write it without quotes)" if isinstance(value, str) else ""
        raise InputError(f"{checker}: {name} must be a number, got {type(value).__name__} {value!r}{hint} "
                         "(the exercise's data).")
    if not math.isfinite(float(value)):
        raise InputError(f"{checker}: {name} must be finite, got {float(value)} (the exercise's data).")
    return float(value)


def positive(checker: str, name: str, value) -> float:
    """A finite number > 0 (a length, a mass, a moment of inertia)."""
    value = number(checker, name, value)
    if value <= 0:
        raise InputError(f"{checker}: {name} must be a positive number, got {value:g} (the exercise's data).")
    return value


def between(checker: str, name: str, value, low: float, high: float, why: str) -> float:
    """A finite number in [low, high]; ``why`` says what the range means."""
    value = number(checker, name, value)
    if not low <= value <= high:
        raise InputError(f"{checker}: {name} = {value:g} is outside [{low:g}, {high:g}]: {why} (the exercise's data).")
    return value


def angle(checker: str, name: str, value, low: float, high: float, why: str, open_ends: bool = True) -> float:
    """An angle in radians strictly inside (low, high) (or in [low, high]); a whole number
    above 2π is named as degrees."""
    value = number(checker, name, value)
    inside = low < value < high if open_ends else low <= value <= high
    if inside:
        return value
    if looks_like_degrees(value):
        raise InputError(f"{checker}: {name} = {value:g} rad looks like degrees: angles are in radians; pass "
                         f"math.radians({value:g}) = {math.radians(value):.6g}.")
    bounds = f"({low:.6g}, {high:.6g})" if open_ends else f"[{low:.6g}, {high:.6g}]"
    raise InputError(f"{checker}: {name} = {value:g} rad is outside {bounds}: {why} (the exercise's data).")


def choice(checker: str, name: str, value, choices: tuple[str, ...]) -> str:
    """One of ``choices``."""
    if not isinstance(value, str) or value not in choices:
        raise InputError(f"{checker}: {name} must be one of {', '.join(map(repr, choices))}, got {value!r} "
                         "(the exercise's data).")
    return value


def vector(checker: str, name: str, value, size: int, unit: str) -> np.ndarray:
    """``size`` finite numbers."""
    if isinstance(value, str) or (isinstance(value, (tuple, list)) and any(isinstance(v, str) for v in value)):
        raise InputError(f"{checker}: {name} must be {size} numbers ({unit}), got {value!r} (the exercise's data).")
    try:
        array = np.asarray(value, dtype=float).reshape(-1)
    except (TypeError, ValueError):
        raise InputError(f"{checker}: {name} must be {size} numbers ({unit}), got {value!r} (the exercise's data).") \
            from None
    if array.size != size or not np.isfinite(array).all():
        raise InputError(f"{checker}: {name} must be {size} finite numbers ({unit}), got {value!r} (the exercise's "
                         "data).")
    return array


def tolerance(checker: str, value) -> float:
    """A relative tolerance in (0, 0.1]: zero or less accepts nothing, more accepts wrong answers."""
    value = number(checker, "rtol", value)
    if not 0 < value <= 0.1:
        raise InputError(f"{checker}: rtol = {value:g} must be in (0, 0.1]: 1e-6 for an answer computed in Python, "
                         "1e-3 for one worked out by hand.")
    return value
