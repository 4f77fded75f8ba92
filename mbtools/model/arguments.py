"""Checks of what a caller passes to a model: coordinates and input values.

One rule for batches: :meth:`~mbtools.model.Model.point` and
:meth:`~mbtools.model.Model.vector` take one configuration q of shape (n,) or many, (N, n)
(a sweep's positions, for drawing); every other per-configuration function takes one,
and a 2-D array gets an error that says so (never silent garbage when N = n).

Input values, rates and accelerations are given as a dict by input name
(``{"crank": 0.5}``) or as a sequence in the model's input order.
"""

from __future__ import annotations

import difflib
import math
import numbers
import warnings

import numpy as np

from ..errors import InputError, SuspiciousInputWarning, UnknownNameError


def is_real_number(value) -> bool:
    """A real number: a Python or numpy scalar, a 0-d array, a sympy number; not a string,
    a bool, None, a complex number or a sequence (the one test of every check of a scalar
    argument).

    Example
    -------
    >>> [is_real_number(v) for v in (2, np.float64(0.5), np.array(3.0), "2", True, 1j, [1.0])]
    [True, True, True, False, False, False, False]
    """
    if isinstance(value, (str, bytes, bool, np.bool_)) or value is None or np.ndim(value) != 0:
        return False
    if isinstance(value, (numbers.Real, np.floating, np.integer)):
        return True
    try:
        float(value)
    except (TypeError, ValueError):
        return False
    return not np.iscomplexobj(value)


def configuration(model, q, what: str = "q", batch: bool = False) -> np.ndarray:
    """``q`` as a float array of shape (n,) (or (N, n) if ``batch``), checked."""
    if type(q) is np.ndarray and q.dtype == float and q.shape == (model.n_coordinates,):
        if not math.isfinite(q @ q) and not np.isfinite(q).all():  # (q·q overflows only for huge q)
            raise InputError(f"{what} has entries that are not finite (NaN or infinite): {q}.")
        return q
    if hasattr(q, "q") and hasattr(q, "converged"):
        raise InputError(f"{what} is a position result: pass its coordinates, result.q.")
    if isinstance(q, dict):
        hint = (" To build a guess from rough point positions, use model.guess_from_points({'B': (x, y)})."
                if what == "guess" and model.facts.coordinates_are_positions else "")
        raise InputError(
            f"{what} must be the array of the {model.n_coordinates} coordinates {model.coordinate_names}, "
            f"not a dict (inputs are passed as a dict, coordinates as an array).{hint}"
        )
    if q is None:
        raise InputError(
            f"{what} is missing (None): pass the array of the {model.n_coordinates} coordinates "
            f"{model.coordinate_names}, such as solve_position(model, inputs).q or model.reference_q."
        )
    if _holds_strings(q):
        raise InputError(f"{what} must be an array of {model.n_coordinates} numbers, not strings: write them without quotes.")
    try:
        array = np.asarray(q, dtype=float)
    except (TypeError, ValueError):
        raise InputError(
            f"{what} must be an array of {model.n_coordinates} numbers, not {type(q).__name__}."
        ) from None
    if array.ndim == 2 and array.shape[1] == model.n_coordinates and not batch:
        raise InputError(
            f"{what} holds {array.shape[0]} configurations (shape {array.shape}), but this function "
            "takes one at a time: loop over the rows (for row in sweep.q: ...). Only model.point "
            "and model.vector accept many configurations at once."
        )
    if array.shape[-1:] != (model.n_coordinates,) or array.ndim > (2 if batch else 1):
        raise InputError(
            f"{what} has shape {array.shape}, but the {model.family} model of "
            f"'{model.mechanism.name}' has {model.n_coordinates} coordinates {model.coordinate_names}"
            + (": pass an array of shape (n,) or (N, n)." if batch else ": pass an array of shape (n,).")
        )
    if array.size and not np.all(np.isfinite(array)):
        raise InputError(f"{what} has entries that are not finite (NaN or infinite): {array}.")
    return array


PLAIN_NUMBERS = frozenset({float, int, np.float64})
TWO_PI = 2 * math.pi


def input_vector(model, values, what: str = "input") -> np.ndarray:
    """Values of the model's inputs (or of their rates, ``what``) as a vector in model
    order, from a dict by name or a sequence; errors name the input at fault."""
    names = model.input_names
    if values is None:
        if not names:
            return np.zeros(0)
        raise InputError(
            f"The {what} values of '{model.mechanism.name}' are missing: pass a dict such as "
            f"{{{', '.join(f'{n!r}: 0.5' for n in names)}}}"
            + (" (read the current ones off a position with model.input_values(q))." if what == "input" else ".")
        )
    if type(values) is dict and len(values) == len(names):  # the common case, kept fast
        plain = [values.get(n) for n in names]
        if all(type(v) in PLAIN_NUMBERS for v in plain) and all(map(math.isfinite, plain)):
            if what == "input" and any(abs(v) > TWO_PI for v in plain):
                _warn_degrees(model, np.array(plain, dtype=float), what)
            return np.array(plain, dtype=float)
    if isinstance(values, dict):
        if len(values) == len(names):
            try:
                array = np.array([values[n] for n in names], dtype=float)
                if array.shape == (len(names),) and np.isfinite(array).all() and not any(isinstance(values[n], (bool, str)) for n in names):
                    _warn_degrees(model, array, what)
                    return array
            except (KeyError, TypeError, ValueError):
                pass
        return _checked_dict(model, values, what)
    if isinstance(values, (str, bytes)) or not hasattr(values, "__len__"):
        raise InputError(
            f"The {what} values of '{model.mechanism.name}' must be a dict by input name, such as "
            f"{{{', '.join(f'{n!r}: 0.5' for n in names) or ''}}}, got {type(values).__name__} {values!r}."
        )
    try:
        array = np.asarray(values, dtype=float)
        if _holds_strings(values):
            raise ValueError
    except (TypeError, ValueError):
        raise InputError(f"The {what} values {values!r} must be numbers (not strings), one per input {names}.") from None
    if array.shape != (len(names),):
        raise InputError(
            f"{len(names)} {what} value(s) expected, one per input {names}, got an array of shape "
            f"{array.shape}; a dict by name, such as {{{', '.join(f'{n!r}: 0.5' for n in names)}}}, is clearest."
        )
    if not np.isfinite(array).all():
        raise InputError(f"The {what} values must be finite, got {values!r}.")
    _warn_degrees(model, array, what)
    return array


def _checked_dict(model, values: dict, what: str) -> np.ndarray:
    names = model.input_names
    unknown = sorted(map(str, set(values) - set(names)))
    if unknown:
        raise InputError(
            f"Unknown {what}(s) {unknown} for '{model.mechanism.name}': its inputs are {names}."
        )
    missing = [n for n in names if n not in values]
    if missing:
        raise InputError(
            f"Missing value(s) for {what}(s) {missing} of '{model.mechanism.name}': pass one value "
            f"for each of {names}."
        )
    array = []
    for name in names:
        value = values[name]
        if isinstance(value, (bool, str, bytes)):
            raise InputError(f"{what.capitalize()} '{name}' must be a number, got {value!r}.")
        if np.ndim(value):
            hint = (f": to solve at many values, use sweep_position(model, {name!r}, values)" if what == "input"
                    else ": one value per input")
            raise InputError(f"{what.capitalize()} '{name}' must be a number, got {value!r}{hint}.")
        try:
            number = float(value)
        except (TypeError, ValueError):
            raise InputError(f"{what.capitalize()} '{name}' must be a number, got {value!r}.") from None
        if not math.isfinite(number):
            raise InputError(f"{what.capitalize()} '{name}' must be finite, got {number}.")
        array.append(number)
    array = np.array(array)
    _warn_degrees(model, array, what)
    return array


def _warn_degrees(model, array: np.ndarray, what: str) -> None:
    """A whole number of radians above 2π for an angle input is most likely degrees."""
    if what != "input":
        return
    for inp, value in zip(model.inputs, array):
        if inp.unit == "angle" and abs(value) > 2 * math.pi + 1e-9 and float(value).is_integer():
            warnings.warn(
                f"Input '{inp.name}' = {value:g} rad ({math.degrees(value):.6g}°): angles are in "
                f"radians. If you meant {value:g}°, pass math.radians({value:g}).",
                SuspiciousInputWarning,
                stacklevel=5,
            )


def name_in(model, name, known: list[str], kind: str) -> str:
    """``name`` if the model has it, else an error listing what it has."""
    if isinstance(name, str) and name in known:
        return name
    if not isinstance(name, str):
        example = f" such as {known[0]!r}" if known else ""
        if np.ndim(name) and not _holds_strings(name):
            raise InputError(
                f"A {kind} name is a string{example}, got an array where the name goes: the "
                f"arguments are q first, then the name, as in model.{kind}(q, {known[0] if known else 'name'!r})."
            )
        raise InputError(f"A {kind} name is a string{example}, got {type(name).__name__} {name!r}.")
    raise unknown_name(model, name, known, kind)


def unknown_name(model, name: str, known: list[str], kind: str) -> UnknownNameError:
    """The error for a name the model does not have, listing those it has."""
    kinds = kind[:-1] + "ies" if kind.endswith("y") else kind + "s"
    near = [k for k in known if k.lower() == name.lower()] or difflib.get_close_matches(name, known, 1)
    advice = f" Did you mean {near[0]!r}?" if near else f" Pass one of these {kinds}."
    return UnknownNameError(
        f"The {model.family} model of '{model.mechanism.name}' has no {kind} '{name}'; its "
        f"{kinds} are {known}.{advice}"
    )


def _holds_strings(value) -> bool:
    """True for a string, or a sequence or array with strings in it (numpy would convert
    "0.5" silently)."""
    if isinstance(value, (str, bytes)):
        return True
    if isinstance(value, np.ndarray):
        return value.dtype.kind in "USO" and any(isinstance(v, (str, bytes)) for v in value.reshape(-1))
    if isinstance(value, (list, tuple)):
        return any(_holds_strings(v) for v in value)
    return False
