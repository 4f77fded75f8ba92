"""The statics and vibration checkers: right answers pass, each named mistake is named,
the lecturer's data is validated, and the checkers agree with the library's own solve."""

import math

import numpy as np
import pytest

from mbtools import MassProperties, Mechanism, formulate, natural_modes, static_equilibrium
from mbtools.dynamics import MultibodySystem, Spring
from mbtools.dynamics.statics import null_space_basis, tangent_stiffness
from mbtools.errors import InputError
from mbtools.exercises import WrongAnswer, check_bar_spring_frequency, check_pendulum_stiffness
from mbtools.exercises.statics import bar_spring_frequency


def test_the_bar_spring_frequency_is_the_librarys():
    m = Mechanism("bar on a spring")
    m.add_ground({"O": (0.0, 0.0), "S": (1.2, 0.5)})
    m.add_body("bar", {"O": (0.0, 0.0), "P": (1.2, 0.0)}, mass=MassProperties(3.0, (0.6, 0.0), 3.0 * 1.44 / 12))
    m.add_revolute("ground", "bar", at="O")
    system = MultibodySystem(formulate(m, "relative"), gravity=(0.0, 0.0), loads=[Spring("P", "S", 500.0, 0.5)])
    modes = natural_modes(system, static_equilibrium(system).q)
    assert abs(modes.frequencies[0] / bar_spring_frequency(3.0, 500.0) - 1.0) < 1e-8
    check_bar_spring_frequency(float(modes.frequencies[0]), mass=3.0, length=1.2, stiffness=500.0)


@pytest.mark.parametrize("answer, pattern", [
    (math.sqrt(3 * 500 / 3.0), "ω in rad/s"),
    (math.sqrt(12 * 500 / 3.0) / (2 * math.pi), "J_G = m L²/12"),
    (math.sqrt(500 / 3.0) / (2 * math.pi), "a mass on a spring"),
    (3 * 500 / 3.0 / (2 * math.pi), "square root"),
    (1.0, "f"),
])
def test_bar_spring_mistakes_are_named(answer, pattern):
    with pytest.raises(WrongAnswer, match=pattern):
        check_bar_spring_frequency(answer, mass=3.0, length=1.2, stiffness=500.0)


def test_the_pendulum_stiffness_is_the_librarys():
    m = Mechanism("pendulum")
    m.add_ground({"O": (0.0, 0.0)})
    m.add_body("bob", {"O": (0.0, 0.0), "P": (0.0, -0.5)}, mass=MassProperties(2.0, (0.0, -0.5), 0.0))
    m.add_revolute("ground", "bob", at="O")
    system = MultibodySystem(formulate(m, "natural"))
    result = static_equilibrium(system)
    lam = np.array([result.multipliers[name] for name in system.model.constraint_names])
    K_t = tangent_stiffness(system, result.q, lam)
    R = null_space_basis(system.position_constraints(result.q)[1], 2)
    k_r = float((R.T @ K_t @ R)[0, 0])
    assert abs(k_r - 2.0 * 9.81 / 0.5) < 1e-9
    check_pendulum_stiffness(k_r, mass=2.0, length=0.5)


@pytest.mark.parametrize("answer, pattern", [
    (0.0, "loads' stiffness alone"), (2.0 * 9.81, "m g, a force"), (2.0 * 9.81 / 1.6, "λ itself"),
    (-2.0 * 9.81 / 0.8, "sign"), (7.0, "k_r")])
def test_pendulum_stiffness_mistakes_are_named(answer, pattern):
    with pytest.raises(WrongAnswer, match=pattern):
        check_pendulum_stiffness(answer, mass=2.0, length=0.8)


def test_the_checkers_validate_their_own_data():
    with pytest.raises(InputError, match="mass must be a positive number"):
        check_bar_spring_frequency(..., mass=-3.0, length=1.2, stiffness=500.0)
    with pytest.raises(InputError, match="stiffness"):
        check_bar_spring_frequency(..., mass=3.0, length=1.2, stiffness="500")
    with pytest.raises(InputError, match="length must be a positive number"):
        check_pendulum_stiffness(..., mass=2.0, length=0.0)
