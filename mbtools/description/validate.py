"""Checks of single values of a description: names, lengths, angles, assembly modes.

Every check names what it checks and says what to do; the whole-description checks are
:meth:`mbtools.Mechanism.check`.

Angles are in radians everywhere in mbtools: inputs, their rates, and the drawing
angles of the examples. A whole number of radians above 2π (such as 30 or 90) is far
more often a value in degrees than a real angle, so it is answered by a
:class:`~mbtools.errors.SuspiciousInputWarning`; larger angles that are not whole
numbers (several turns of a crank) pass silently.

>>> angle_in_radians("crank_angle", 0.5)
0.5
>>> choose_mode("assembly", "open", ("open", "crossed"))
'open'
"""

from __future__ import annotations

import math
import numbers
import warnings

import numpy as np

from ..errors import MechanismError, SuspiciousInputWarning


def require_identifier(kind: str, label, where: str = "") -> None:
    """Names become parts of symbol names (x_B, u_x, theta_crank): letters, digits and
    underscores only, not starting with a digit."""
    if not isinstance(label, str) or not label.isidentifier():
        suggestion = "_".join(str(label).replace(",", " ").replace(":", " ").split()) or "A"
        if not suggestion.isidentifier():
            suggestion = "P_" + "".join(c for c in suggestion if c.isalnum() or c == "_")
        raise MechanismError(
            f"{kind} name {label!r}{where} is not usable: names are letters, digits and "
            f"underscores, not starting with a digit (for example {suggestion!r})."
        )


def number(name: str, value, error=MechanismError) -> float:
    """``value`` as a finite float, or a clear error naming ``name``."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (numbers.Real, np.floating, np.integer)):
        if isinstance(value, str):
            hint = f" (a string; write {value.strip()} without quotes)" if _is_numeric(value) else ""
            raise error(f"{name} must be a number, got the string {value!r}{hint}.")
        raise error(f"{name} must be a number, got {type(value).__name__} {value!r}.")
    value = float(value)
    if not math.isfinite(value):
        raise error(f"{name} must be finite, got {value}.")
    return value


def _is_numeric(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def numbers_of(name: str, value, size: int = 3, what: str = "coordinates (x, y, z)") -> np.ndarray:
    """``size`` finite numbers (a fixed point of an example, say), or an error naming ``name``."""
    if isinstance(value, np.ndarray) and value.ndim == 1:
        value = tuple(value)
    if not isinstance(value, (tuple, list)) or len(value) != size:
        raise MechanismError(f"{name} must be {size} {what}, got {value!r}.")
    return np.array([number(f"{name}[{k}]", v) for k, v in enumerate(value)])


def positive_length(name: str, value, allow_zero: bool = False) -> float:
    """A length that must be positive (or zero if ``allow_zero``)."""
    value = number(name, value)
    if value < 0 or (value == 0 and not allow_zero):
        raise MechanismError(f"{name} must be a positive length, got {value:g}.")
    return value


def looks_like_degrees(value: float) -> bool:
    """True for a whole number of radians above 2π: most likely degrees."""
    return abs(value) > 2 * math.pi + 1e-9 and float(value).is_integer()


def angle_in_radians(name: str, value, error=MechanismError, stacklevel: int = 3) -> float:
    """An angle in radians; warns when it looks like degrees (see the module's note)."""
    value = number(name, value, error)
    if looks_like_degrees(value):
        warnings.warn(
            f"{name} = {value:g} rad ({math.degrees(value):.6g}°): angles are in radians. If you "
            f"meant {value:g}°, pass math.radians({value:g}) = {math.radians(value):.6g}.",
            SuspiciousInputWarning,
            stacklevel=stacklevel,
        )
    return value


def choose_mode(name: str, value, modes: tuple[str, ...]) -> str:
    """One of the named ``modes`` (an assembly mode, say), or an error listing them."""
    if not isinstance(value, str) or value not in modes:
        listing = ", ".join(repr(m) for m in modes)
        raise MechanismError(f"{name} must be one of {listing}, got {value!r}.")
    return value


def coordinates_of(what: str, body: str, label: str, value, dimension: int) -> np.ndarray:
    """A point's coordinates (or a vector's components) as a float array of the
    mechanism's dimension."""
    if isinstance(value, str) or (isinstance(value, (tuple, list)) and any(isinstance(v, str) for v in value)):
        raise MechanismError(
            f"{what} '{label}' of body '{body}': {value!r} holds a string; write the numbers "
            "without quotes, such as (0.0, 1.0)."
        )
    try:
        array = np.asarray(value, dtype=float).reshape(-1)
    except (TypeError, ValueError):
        raise MechanismError(f"{what} '{label}' of body '{body}': {value!r} is not a tuple of numbers.") from None
    if array.shape != (dimension,):
        raise MechanismError(
            f"{what} '{label}' of body '{body}' has {array.size} coordinate(s); a "
            f"{'planar' if dimension == 2 else 'spatial'} mechanism needs {dimension}."
        )
    if not np.all(np.isfinite(array)):
        raise MechanismError(f"{what} '{label}' of body '{body}' is not finite: {value!r}.")
    return array


def named_entries(what: str, body: str, entries) -> dict:
    """``entries`` as a dict name → coordinates; a clear error for a list of tuples."""
    if entries is None:
        return {}
    if not isinstance(entries, dict):
        example = "{'A': (0.0, 0.0), 'B': (1.0, 0.0)}" if what == "points" else "{'u': (0.0, 0.0, 1.0)}"
        raise MechanismError(
            f"Body '{body}': {what} must be a dict from names to coordinates, such as {example}; "
            f"got a {type(entries).__name__}. Every {what[:-1]} needs a name, since joints refer to it by name."
        )
    return entries
