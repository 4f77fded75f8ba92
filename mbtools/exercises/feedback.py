"""What a checker says: a right answer returns :class:`Right`; a wrong one raises
:class:`WrongAnswer`, whose message names what is wrong and what to look at.

A checker never gives the expected value away: it says *which* entry is off, *how*
(sign, unit, a factor, a missing term) and where in the book the idea is, so that a
student can find the mistake. The grading tools (otter-grader's tests, nbgrader's
autograded cells) take a raised ``AssertionError`` as a failed test and show its
message, which is why :class:`WrongAnswer` is one.

Example
-------
>>> from mbtools.exercises.feedback import diagnose_number
>>> diagnose_number(-2.0, 2.0, "the rate")
'the rate has the wrong sign.'
>>> diagnose_number(114.59, 2.0, "the angle", angle=True)
'the angle looks like degrees (114.59 ≈ the answer × 180/π); give it in radians.'
>>> diagnose_number(2.0000001, 2.0, "the angle") is None
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..errors import InputError
from . import data

#: Relative tolerance of a right number: far above the round-off of a hand computation
#: carried out in double precision, far below any mistake the checkers diagnose.
RTOL = 1e-6


class WrongAnswer(AssertionError):
    """A student's answer that is not right; the message says what is wrong."""


@dataclass(frozen=True)
class Right:
    """A right answer: what was checked, shown in the notebook as a tick."""

    what: str

    def __repr__(self) -> str:
        return f"✓ {self.what}: right."

    def _repr_html_(self) -> str:
        return f"<p style='color:#1a7f37'>✓ {self.what}: right.</p>"


@dataclass(frozen=True)
class Pending:
    """No answer yet (the answer is still ``...``): what a checker cell of the book shows
    until the reader puts an answer in."""

    what: str

    def __repr__(self) -> str:
        return f"… {self.what}: put your answer in place of ... and run the cell again."

    def _repr_html_(self) -> str:
        return f"<p style='color:#6e7781'>… {self.what}: put your answer in place of <code>...</code> and run the cell again.</p>"


def answered(**answers) -> None:
    """Refuse an answer still left as ``...``, by its name: the first line of every
    assignment's test, so that a question left unanswered earns no marks (a checker given
    ``...`` returns :class:`Pending`, which is what a page of the book shows, and which a
    grader would count as passed).

    >>> answered(rate=2.0)
    >>> answered(rate=...)
    Traceback (most recent call last):
    ...
    mbtools.exercises.feedback.WrongAnswer: rate is still ...: put your answer in its place.
    """
    for name, value in answers.items():
        if value is ...:
            raise WrongAnswer(f"{name} is still ...: put your answer in its place.")


def as_number(answer, what: str) -> float:
    """The answer as a float, or a WrongAnswer that says what was given instead."""
    if isinstance(answer, bool) or answer is None or isinstance(answer, str):
        raise WrongAnswer(f"{what} must be a number; got {answer!r}.")
    try:
        value = float(answer)
    except (TypeError, ValueError):
        raise WrongAnswer(f"{what} must be one number; got {type(answer).__name__} {answer!r}.") from None
    if not math.isfinite(value):
        raise WrongAnswer(f"{what} must be a finite number; got {value}.")
    return value


def as_array(answer, shape: tuple[int, ...], what: str) -> np.ndarray:
    """The answer as a float array of the given shape, or a WrongAnswer that says why not
    (a transposed matrix is named as such)."""
    try:
        value = np.asarray(answer, dtype=float)
    except (TypeError, ValueError):
        raise WrongAnswer(f"{what} must hold numbers only (not symbols or strings); got {answer!r}.") from None
    if value.shape != shape:
        if value.ndim == 2 and value.shape == shape[::-1]:
            raise WrongAnswer(f"{what} has shape {value.shape}, the transpose of {shape}: one row per "
                              "constraint, one column per coordinate.")
        if value.size == math.prod(shape) and len(shape) == 1:
            value = value.reshape(shape)
        else:
            raise WrongAnswer(f"{what} must have shape {shape}; got {value.shape}.")
    if not np.all(np.isfinite(value)):
        raise WrongAnswer(f"{what} has entries that are not finite numbers (nan or inf).")
    return value


def close(answer: float, expected: float, scale: float = 1.0, rtol: float = RTOL) -> bool:
    """|answer − expected| within rtol of the larger of |expected| and ``scale``."""
    return abs(answer - expected) <= rtol * max(abs(expected), scale)


#: How close a wrong number must come to a factor of the answer for the checker to name
#: that factor: loose, since the student may have rounded.
DIAGNOSE_RTOL = 1e-2

#: Factors a wrong number is often off by: (factor, for which quantities, what it usually
#: means). Kinds: "radians" (an angle or a rate asked in radians), "degrees" (asked in
#: degrees), "any".
FACTORS = (
    (180.0 / math.pi, "radians", "looks like degrees ({answer:g} ≈ the answer × 180/π); give it in radians."),
    (math.pi / 180.0, "degrees", "looks like radians ({answer:g} ≈ the answer × π/180); give it in degrees."),
    (60.0 / (2.0 * math.pi), "radians", "looks like revolutions per minute; give it in rad/s."),
    (1000.0, "any", "is 1000 times too large: millimetres instead of metres?"),
    (1e-3, "any", "is 1000 times too small: metres instead of millimetres?"),
    (2.0, "any", "is twice the answer: a factor ½ lost, or a square differentiated twice?"),
    (0.5, "any", "is half the answer: the factor 2 from differentiating a square, or a ½ too many?"),
)


def diagnose_number(answer: float, expected: float, what: str, *, scale: float = 1.0, rtol: float = RTOL,
                    angle: bool = False, periodic: bool = False, degrees: bool = False) -> str | None:
    """None if ``answer`` is right, else one sentence saying what is wrong with it.

    Tried in turn: an angle off by whole turns (``periodic=True``: accepted, an angle is
    only defined up to a turn), the sign, the units and factors of :data:`FACTORS`
    (degree and radian factors only for angles and angular rates, ``angle=True``); else
    how far off, in percent, without the value. ``degrees`` says the answer is asked in
    degrees."""
    if close(answer, expected, scale, rtol):
        return None
    if periodic:
        turn = 360.0 if degrees else 2.0 * math.pi
        turns = round((answer - expected) / turn)
        if turns and close(answer - turns * turn, expected, scale, rtol):
            return None
    if abs(expected) <= rtol * scale:   # zero, up to the round-off of the computation that gave it
        return f"{what} should be zero; it is {answer:.4g}."
    if close(answer, -expected, scale, DIAGNOSE_RTOL):
        return f"{what} has the wrong sign."
    unit = "degrees" if degrees else "radians"
    for factor, kind, message in FACTORS:
        if kind != "any" and (not angle or kind != unit):
            continue
        for sign, note in ((1.0, ""), (-1.0, " The sign is wrong too.")):
            if close(answer, sign * factor * expected, scale, DIAGNOSE_RTOL):
                return f"{what} {message.format(answer=answer)}{note}"
    off = (answer - expected) / abs(expected)
    direction = "too large" if off > 0 else "too small"
    if abs(off) < 0.01:
        return f"{what} is {direction} by {abs(off):.1e} of its size: a constant rounded too early?"
    return f"{what} is {direction} by {abs(off):.0%}."


def match_mistakes(value: float, right: float, what: str, mistakes, rtol: float, scale: float | None = None) -> Right:
    """Right, or a WrongAnswer naming the first of ``mistakes`` — (sentence, the value that
    mistake gives) pairs — the answer matches (mistakes that give the right value skipped),
    else saying how far off it is (``diagnose_number``)."""
    scale = max(abs(right), 1e-300) if scale is None else scale
    if close(value, right, scale, rtol):
        return Right(what)
    for text, wrong in mistakes:
        if wrong is None or not math.isfinite(wrong):
            continue
        if not close(wrong, right, scale, max(2 * rtol, 1e-4)) and close(value, wrong, max(abs(wrong), scale),
                                                                          max(rtol, 1e-5)):
            raise WrongAnswer(f"{what} {text}.")
    raise WrongAnswer(diagnose_number(value, right, what, scale=scale, rtol=rtol) or f"{what} is not right.")


def check_number(answer, expected: float, what: str, *, rtol: float = RTOL, scale: float = 1.0,
                 angle: bool = False, periodic: bool = False, degrees: bool = False) -> Right | Pending:
    """Check one number against the library's ``expected`` value: Right, or a WrongAnswer
    with a sentence that says how the number is wrong. ``rtol`` 1e-6 by default: an answer computed
    in Python; give a looser one (1e-3) for an answer worked out by hand to four digits.

    >>> check_number(0.5, 0.5, "the ratio")
    ✓ the ratio: right.
    """
    checker = f"check_number of {what!r}" if isinstance(what, str) else "check_number"
    if not isinstance(what, str):
        raise InputError(f"check_number(answer, expected, what): what names the quantity, such as 'the rate'; got "
                         f"{type(what).__name__} {what!r}.")
    expected = data.number(checker, "expected", expected)
    rtol = data.tolerance(checker, rtol)
    scale = data.positive(checker, "scale", scale)
    if answer is ...:
        return Pending(what)
    message = diagnose_number(as_number(answer, what), expected, what, scale=scale, rtol=rtol, angle=angle,
                              periodic=periodic, degrees=degrees)
    if message:
        raise WrongAnswer(message)
    return Right(what)
