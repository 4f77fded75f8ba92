"""Checkers of the exercises on bushings and joint reactions (chapter 15): a block on a
bushing at its centre of mass — its static sag and its six natural frequencies — and the
count of Newton–Euler equations and reaction unknowns of a mechanism body by body.

Each validates the lecturer's data first, computes the right value from the closed form
and names the likely mistake: ω where f was asked, ω² for ω, a rotation paired with the
wrong moment of inertia, the frequencies sorted where the components' order was asked,
millimetres, the weight left out, a line of mass given six equations.

Example
-------
>>> check_bushing_sag(2.0 * 9.81 / 3000.0, mass=2.0, stiffness_z=3000.0)
✓ sag: right.
>>> check_bushing_sag(2.0 * 9.81 / 3000.0 * 1000, mass=2.0, stiffness_z=3000.0)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
mbtools.exercises.feedback.WrongAnswer: that is the sag in millimetres; give it in metres.
"""

from __future__ import annotations

import math

import numpy as np

from ..errors import InputError
from . import data
from .feedback import DIAGNOSE_RTOL, Pending, Right, WrongAnswer, as_array, as_number, close, diagnose_number

GRAVITY = 9.81


def bushing_sag(mass: float, stiffness_z: float, g: float = GRAVITY) -> float:
    """The static sag m g / k_z (m) of a block on a bushing at its centre of mass."""
    return mass * g / stiffness_z


def check_bushing_sag(answer, *, mass: float, stiffness_z: float, g: float = GRAVITY) -> Right | Pending:
    """Check the sag (m, a positive number) under gravity of a block of ``mass`` (kg) on a
    bushing at its centre of mass whose vertical stiffness is ``stiffness_z`` (N/m)."""
    checker = "check_bushing_sag"
    mass = data.positive(checker, "mass", mass)
    stiffness_z = data.positive(checker, "stiffness_z", stiffness_z)
    g = data.positive(checker, "g", g)
    if answer is ...:
        return Pending("sag")
    value = as_number(answer, "sag")
    right = bushing_sag(mass, stiffness_z, g)
    if close(value, right, rtol=1e-6):
        return Right("sag")
    for other, message in (
        (-right, "the block goes down; give the sag as a positive number (the distance it sinks)."),
        (1000.0 * right, "that is the sag in millimetres; give it in metres."),
        (mass / stiffness_z, "that is m/k_z: the force on the bushing is the weight, m g."),
        (2.0 * right, "that is 2 m g/k_z: at rest the spring force k_z δ equals the weight (the factor 2 "
         "belongs to a load dropped on the spring, not one at rest)."),
    ):
        if close(value, other, rtol=DIAGNOSE_RTOL / 10):
            raise WrongAnswer(message)
    raise WrongAnswer(diagnose_number(value, right, "sag"))


def bushing_block_frequencies(mass: float, inertia, stiffness) -> np.ndarray:
    """The six natural frequencies (Hz) of a block of ``mass`` and central ``inertia``
    (J_x, J_y, J_z) on a bushing at its centre of mass with diagonal ``stiffness``
    (k_x, k_y, k_z, k_rx, k_ry, k_rz) in the block's axes: √(k/m)/2π for the three
    translations, √(k_r/J)/2π for the three rotations, in that order."""
    inertia, stiffness = np.asarray(inertia, dtype=float), np.asarray(stiffness, dtype=float)
    return np.sqrt(stiffness / np.concatenate([np.full(3, mass), inertia])) / (2.0 * math.pi)


def check_bushing_block_frequencies(answer, *, mass: float, inertia, stiffness) -> Right | Pending:
    """Check the six natural frequencies (Hz), in the order of the stiffness components
    (x, y, z, rx, ry, rz), of a block of ``mass`` (kg) with central ``inertia``
    (J_x, J_y, J_z, kg·m²) on a bushing at its centre of mass with diagonal ``stiffness``
    (three N/m, then three N·m/rad)."""
    checker = "check_bushing_block_frequencies"
    mass = data.positive(checker, "mass", mass)
    inertia = _positives(checker, "inertia", inertia, 3)
    stiffness = _positives(checker, "stiffness", stiffness, 6)
    if answer is ...:
        return Pending("frequencies")
    value = as_array(answer, (6,), "frequencies")
    right = bushing_block_frequencies(mass, inertia, stiffness)
    if np.allclose(value, right, rtol=1e-6, atol=0.0):
        return Right("frequencies")
    omega = 2.0 * math.pi * right
    swapped = bushing_block_frequencies(mass, inertia[::-1], stiffness)
    for other, message in (
        (omega, "those are ω in rad/s; the question asks for f = ω/2π in Hz."),
        (omega**2 / (2.0 * math.pi), "those are ω²/2π: take the square root of k/m and k_r/J."),
        (np.sort(right), "those are the right frequencies sorted; give them in the order of the stiffness "
         "components, x, y, z, rx, ry, rz."),
        (bushing_block_frequencies(mass, np.full(3, mass), stiffness), "the rotations use the mass; a rotation "
         "about an axis is held back by the moment of inertia about that axis, J."),
    ):
        if np.allclose(value, other, rtol=DIAGNOSE_RTOL / 10, atol=0.0) and not np.allclose(other, right):
            raise WrongAnswer(message)
    if not np.allclose(swapped, right) and np.allclose(value, swapped, rtol=DIAGNOSE_RTOL / 10, atol=0.0):
        raise WrongAnswer("a rotation is paired with the wrong moment of inertia: k_rx goes with J_x, k_rz with J_z.")
    names = ("x", "y", "z", "rx", "ry", "rz")
    wrong = [k for k in range(6) if not close(value[k], right[k], rtol=1e-6)]
    first = wrong[0]
    hint = diagnose_number(float(value[first]), float(right[first]), f"f_{names[first]}")
    raise WrongAnswer(f"the frequencies of {', '.join(names[k] for k in wrong)} are off"
                      + (f"; {hint}" if hint else "."))


def _positives(checker: str, name: str, values, size: int) -> np.ndarray:
    """The lecturer's ``size`` positive numbers, or an error naming the slot."""
    if isinstance(values, str) or np.ndim(values) != 1 or len(values) != size:
        raise InputError(f"{checker}: {name} must be {size} numbers, got {values!r} (the exercise's data).")
    return np.array([data.positive(checker, f"{name}[{k}]", v) for k, v in enumerate(values)])
