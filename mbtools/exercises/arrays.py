"""Diagnosing a wrong vector or matrix: which entries, and how they are wrong.

A wrong array is compared with the right one, in this order: the whole array scaled
(wrong sign, a unit, a factor 2 — as :func:`~mbtools.exercises.check_number` says of a
number), two entries swapped, then row by row (a matrix) or entry by entry (a
vector), naming each wrong entry by its constraint and coordinate.

Example
-------
>>> import numpy as np
>>> diagnose_array(np.array([1.0, -2.0]), np.array([-1.0, 2.0]), "q̇", ["x_A", "y_A"])
'q̇ has the wrong sign.'
>>> diagnose_array(np.array([2.0, 1.0]), np.array([1.0, 2.0]), "q̇", ["x_A", "y_A"])
'q̇: the entries x_A and y_A are swapped.'
>>> diagnose_array(np.array([1.0, 2.5]), np.array([1.0, 2.0]), "q̇", ["x_A", "y_A"])
'q̇: y_A is too large by 25%.'
"""

from __future__ import annotations

import numpy as np

from .feedback import DIAGNOSE_RTOL, RTOL, Pending, Right, WrongAnswer, as_array, diagnose_number

#: At most this many wrong entries are named, so that the message stays readable.
NAMED = 4


def _scale(expected: np.ndarray, scale: float) -> float:
    return max(float(np.abs(expected).max(initial=0.0)), scale)


def _wrong(answer: np.ndarray, expected: np.ndarray, size: float, rtol: float) -> np.ndarray:
    return np.abs(answer - expected) > rtol * size


def diagnose_array(answer: np.ndarray, expected: np.ndarray, what: str, columns: list[str],
                   rows: list[str] | None = None, *, scale: float = 1.0, rtol: float = RTOL,
                   angle: bool = False) -> str | None:
    """None if ``answer`` equals ``expected`` to ``rtol`` of its largest entry (or of
    ``scale``), else what is wrong. ``columns`` names the entries of a vector or the
    columns of a matrix; ``rows`` the rows of a matrix; ``angle``: the array holds or
    comes from angles in radians (then a factor 180/π or 60/2π is named as a unit)."""
    size = _scale(expected, scale)
    wrong = _wrong(answer, expected, size, rtol)
    if not wrong.any():
        return None
    if answer.ndim == 2 and answer.shape[0] == answer.shape[1] and not _wrong(answer.T, expected, size, rtol).any():
        return f"{what} is the transpose of the right one."
    whole = _diagnose_scaled(answer, expected, what, size, angle)
    if whole:
        return whole
    if answer.ndim == 1:
        swapped = _swapped(answer, expected, size, rtol, columns)
        if swapped:
            return f"{what}: the entries {swapped[0]} and {swapped[1]} are swapped."
        return f"{what}: " + "; ".join(_entries(answer, expected, wrong, columns, size)) + "."
    notes = []
    for i in np.flatnonzero(wrong.any(axis=1)):
        row_note = _diagnose_scaled(answer[i], expected[i], f"row '{rows[i]}'", size, angle)
        if row_note:
            notes.append(row_note)
        else:
            entries = "; ".join(_entries(answer[i], expected[i], wrong[i], columns, size))
            notes.append(f"row '{rows[i]}': {entries}")
    shown = notes[:NAMED]
    more = f" (and {len(notes) - NAMED} more rows)" if len(notes) > NAMED else ""
    return f"{what}: " + " ".join(note if note.endswith(".") else note + "." for note in shown) + more


def _diagnose_scaled(answer: np.ndarray, expected: np.ndarray, what: str, size: float,
                     angle: bool = False) -> str | None:
    """A message if ``answer`` is ``expected`` times one number other than 1."""
    norm = float(expected @ expected) if expected.ndim == 1 else float(np.sum(expected * expected))
    if norm == 0.0:
        return None
    factor = float(np.sum(answer * expected)) / norm
    if np.abs(answer - factor * expected).max() > DIAGNOSE_RTOL * size or abs(factor - 1.0) < DIAGNOSE_RTOL:
        return None
    message = diagnose_number(factor, 1.0, what, rtol=DIAGNOSE_RTOL, angle=angle)
    if message is None or "too large" in message or "too small" in message:
        return f"{what} is the right one times {factor:.4g}." if message else None
    return message


def _swapped(answer, expected, size, rtol, names) -> tuple[str, str] | None:
    wrong = np.flatnonzero(_wrong(answer, expected, size, rtol))
    if len(wrong) != 2:
        return None
    i, j = wrong
    trial = answer.copy()
    trial[[i, j]] = trial[[j, i]]
    return (names[i], names[j]) if not _wrong(trial, expected, size, rtol).any() else None


def _entries(answer, expected, wrong, names, size) -> list[str]:
    indices = np.flatnonzero(wrong)
    notes = [(diagnose_number(float(answer[k]), float(expected[k]), names[k], scale=size) or f"{names[k]} is wrong")
             .rstrip(".") for k in indices[:NAMED]]
    if len(indices) > NAMED:
        notes.append(f"and {len(indices) - NAMED} more entries are wrong")
    return notes


def check_array(answer, expected, what: str, names: list[str] | None = None, rows: list[str] | None = None, *,
                scale: float = 1.0, rtol: float = RTOL, angle: bool = False) -> Right | Pending:
    """Check a vector or matrix against the library's ``expected`` one: Right, or a
    WrongAnswer with a sentence that names the wrong entries (entries named by ``names``, and
    ``rows`` for a matrix; by their index if not given).

    >>> check_array([1.0, 2.0], np.array([1.0, 2.0]), "r_G")
    ✓ r_G: right.
    """
    if answer is ...:
        return Pending(what)
    expected = np.asarray(expected, dtype=float)
    value = as_array(answer, expected.shape, what)
    names = names or [f"entry {k + 1}" for k in range(expected.shape[-1])]
    if expected.ndim == 2:
        rows = rows or [f"{k + 1}" for k in range(expected.shape[0])]
    message = diagnose_array(value, expected, what, names, rows, scale=scale, rtol=rtol, angle=angle)
    if message:
        raise WrongAnswer(message)
    return Right(what)
