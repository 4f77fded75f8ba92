"""The chapter-15 checkers: the right answers (computed here with the library's Bushing,
static_equilibrium and natural_modes, not with the checkers' closed forms) pass, each
named mistake is refused with its feedback, and bad data is refused."""

import math

import numpy as np
import pytest

from mbtools import InputError, MassProperties, Mechanism, formulate, natural_modes, static_equilibrium
from mbtools.dynamics import Bushing, MultibodySystem
from mbtools.exercises import Pending, Right, WrongAnswer, check_bushing_block_frequencies, check_bushing_sag

MASS, INERTIA, STIFFNESS = 2.0, (0.02, 0.03, 0.05), (3000.0, 4000.0, 5000.0, 60.0, 70.0, 80.0)


def block_on_bushing():
    m = Mechanism("block", dimension=3)
    m.add_ground({"O": (0.0, 0.0, 0.0)})
    m.add_body("block", {"G": (0.0, 0.0, 0.0)}, vectors={"u": (1.0, 0.0, 0.0), "v": (0.0, 1.0, 0.0),
                                                          "w": (0.0, 0.0, 1.0)},
               mass=MassProperties(MASS, (0.0, 0.0, 0.0), np.diag(INERTIA)), free=True)
    return MultibodySystem(formulate(m, "natural"), loads=[Bushing("ground", "block", at="O", stiffness=STIFFNESS)])


def test_the_library_answers_pass():
    system = block_on_bushing()
    result = static_equilibrium(system)
    sag = -system.model.point(result.q, "G")[2]
    assert isinstance(check_bushing_sag(sag, mass=MASS, stiffness_z=STIFFNESS[2]), Right)
    # The modes come ascending; this block's components are ascending too (x, y, z, rx, ry, rz).
    zero_g = MultibodySystem(system.model, gravity=(0.0, 0.0, 0.0), loads=system.loads)
    frequencies = natural_modes(zero_g, zero_g.model.reference_q).frequencies
    expected = np.sqrt(np.array(STIFFNESS) / np.array([MASS] * 3 + list(INERTIA))) / (2 * math.pi)
    order = np.argsort(expected)
    answer = np.empty(6)
    answer[order] = frequencies
    assert isinstance(check_bushing_block_frequencies(answer, mass=MASS, inertia=INERTIA, stiffness=STIFFNESS), Right)


def test_named_mistakes():
    right = np.sqrt(np.array(STIFFNESS) / np.array([MASS] * 3 + list(INERTIA))) / (2 * math.pi)
    sag = MASS * 9.81 / STIFFNESS[2]
    for answer, fragment in ((-sag, "positive"), (1000 * sag, "millimetres"), (MASS / STIFFNESS[2], "m g"),
                             (2 * sag, "at rest")):
        with pytest.raises(WrongAnswer, match=fragment):
            check_bushing_sag(answer, mass=MASS, stiffness_z=STIFFNESS[2])
    swapped = np.sqrt(np.array(STIFFNESS) / np.array([MASS] * 3 + list(INERTIA[::-1]))) / (2 * math.pi)
    for answer, fragment in ((2 * math.pi * right, "rad/s"), ((2 * math.pi * right) ** 2 / (2 * math.pi), "square root"),
                             (swapped, "wrong moment of inertia"),
                             (np.sqrt(np.array(STIFFNESS) / MASS) / (2 * math.pi), "moment of inertia about"),
                             (right * np.array([1, 1, 1, 1, 1, 1.3]), "rz are off")):
        with pytest.raises(WrongAnswer, match=fragment):
            check_bushing_block_frequencies(answer, mass=MASS, inertia=INERTIA, stiffness=STIFFNESS)
    ascending = (1.0, 1.0, 1.0, 10.0, 10.0, 10.0)  # a block whose sorted order differs
    right_b = np.sqrt(np.array(STIFFNESS) / np.array([MASS] * 3 + list(ascending[3:]))) / (2 * math.pi)
    if not np.allclose(np.sort(right_b), right_b):
        with pytest.raises(WrongAnswer, match="sorted"):
            check_bushing_block_frequencies(np.sort(right_b), mass=MASS, inertia=ascending[3:], stiffness=STIFFNESS)
    assert isinstance(check_bushing_sag(..., mass=MASS, stiffness_z=STIFFNESS[2]), Pending)


def test_bad_data_is_refused():
    with pytest.raises(InputError, match="mass must be a positive number"):
        check_bushing_sag(0.1, mass=-1.0, stiffness_z=100.0)
    with pytest.raises(InputError, match="inertia must be 3 numbers"):
        check_bushing_block_frequencies(np.ones(6), mass=1.0, inertia=(1.0, 2.0), stiffness=STIFFNESS)
    with pytest.raises(InputError, match=r"stiffness\[3\]"):
        check_bushing_block_frequencies(np.ones(6), mass=1.0, inertia=INERTIA, stiffness=(1, 1, 1, 0, 1, 1))
