"""The statics and vibration checkers (chapter 14's exercises and assignment 14): right
answers pass, each named mistake is named, the lecturer's data is validated, and the
checkers agree with the library's own solve."""

import math

import numpy as np
import pytest
import scipy.optimize

from mbtools import MassProperties, Mechanism, formulate, natural_modes, static_equilibrium
from mbtools.analysis.beams import cantilever_system
from mbtools.dynamics import MultibodySystem, RotationalSpring, Spring
from mbtools.dynamics.statics import null_space_basis, tangent_stiffness
from mbtools.errors import InputError
from mbtools.exercises import (Pending, WrongAnswer, check_bar_spring_frequency, check_cantilever_tip_deflection,
                               check_double_pendulum_frequencies, check_pendulum_stiffness, check_spring_pendulum_angle,
                               check_spring_pendulum_stiffness, check_stable, check_upright_stiffness)
from mbtools.exercises.statics import (bar_spring_frequency, double_pendulum_frequencies, segmented_tip_deflection,
                                       spring_pendulum_angle)


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


# The checkers of assignment 14: a pendulum of 2 kg on a 0.5 m rod on a torsional spring of
# 20 N·m/rad, free with the rod horizontal.

SPRING_PENDULUM = dict(mass=2.0, length=0.5, stiffness=20.0)
G = 9.81


def spring_pendulum_system(family="relative", mass=2.0, length=0.5, stiffness=20.0):
    m = Mechanism("pendulum on a torsional spring")
    m.add_ground({"O": (0.0, 0.0)})
    m.add_body("rod", {"O": (0.0, 0.0), "P": (length, 0.0)}, mass=MassProperties(mass, (length, 0.0), 0.0))
    m.add_revolute("ground", "rod", at="O")
    return MultibodySystem(formulate(m, family), loads=[RotationalSpring("ground", "rod", stiffness)])


def test_the_spring_pendulum_is_the_librarys():
    phi = spring_pendulum_angle(2.0, 0.5, 20.0)
    assert abs(20.0 * phi - 2.0 * G * 0.5 * math.cos(phi)) < 1e-12 and 0 < phi < math.pi / 2
    k_t = 20.0 + 2.0 * G * 0.5 * math.sin(phi)
    result = static_equilibrium(spring_pendulum_system("relative"))
    assert abs(-result.q[0] - phi) < 1e-9 and abs(result.stiffness_eigenvalues[0] - k_t) < 1e-8 and result.stable
    natural = spring_pendulum_system("natural")
    q = static_equilibrium(natural).q
    assert abs(math.atan2(-q[1], q[0]) - phi) < 1e-9
    check_spring_pendulum_angle(phi, **SPRING_PENDULUM)
    check_spring_pendulum_angle(float(-result.q[0]), **SPRING_PENDULUM)
    check_spring_pendulum_stiffness(float(result.stiffness_eigenvalues[0]), **SPRING_PENDULUM)
    check_stable(bool(result.stable), stiffness=result.stiffness_eigenvalues)


PHI = spring_pendulum_angle(2.0, 0.5, 20.0)


@pytest.mark.parametrize("answer, pattern", [
    (-PHI, "wrong sign"), (math.degrees(PHI), "degrees"), (2.0 * G * 0.5 / 20.0, "small-angle"),
    (spring_pendulum_angle(2.0, 0.5, 20.0, arm=0.5), "L/2"), (0.0, "free"), (0.3, "too small"),
])
def test_spring_pendulum_angle_mistakes_are_named(answer, pattern):
    with pytest.raises(WrongAnswer, match=pattern):
        check_spring_pendulum_angle(answer, **SPRING_PENDULUM)


def test_another_root_of_the_balance_is_named():
    data = dict(mass=2.0, length=0.5, stiffness=2.0)   # a weak spring: roots below −π/2 too
    other = scipy.optimize.brentq(lambda p: 2.0 * p - G * math.cos(p), -math.pi, -math.pi / 2)
    with pytest.raises(WrongAnswer, match="another root"):
        check_spring_pendulum_angle(other, **data)


@pytest.mark.parametrize("answer, pattern", [
    (20.0, "spring's k alone"), (20.0 - G * math.sin(PHI), "wrong sign"), (20.0 + G * math.cos(PHI), "−sin φ"),
    (20.0 + G / 2 * math.sin(spring_pendulum_angle(2.0, 0.5, 20.0, arm=0.5)), "L/2"),
    (20.0 + G * math.sin(math.degrees(PHI)), "degrees"), ((20.0 + G * math.sin(PHI)) * math.pi / 180, "per degree"),
    (2 * (20.0 + G * math.sin(PHI)), "twice"),
])
def test_spring_pendulum_stiffness_mistakes_are_named(answer, pattern):
    with pytest.raises(WrongAnswer, match=pattern):
        check_spring_pendulum_stiffness(answer, **SPRING_PENDULUM)


def test_stability_is_read_from_the_stiffness():
    check_stable(True, stiffness=[3.0, 0.5])
    check_stable(np.bool_(False), stiffness=[3.0, -0.5])
    with pytest.raises(WrongAnswer, match="positive definite"):
        check_stable(True, stiffness=-1.0)
    with pytest.raises(WrongAnswer, match="True or False"):
        check_stable("yes", stiffness=1.0)


def test_the_double_pendulum_frequencies_are_the_librarys():
    m = Mechanism("double pendulum")
    m.add_ground({"O": (0.0, 0.0)})
    m.add_body("upper", {"O": (0.0, 0.0), "A": (0.0, -0.5)}, mass=MassProperties(1.0, (0.0, -0.5), 0.0))
    m.add_body("lower", {"A": (0.0, -0.5), "B": (0.0, -1.0)}, mass=MassProperties(1.0, (0.0, -1.0), 0.0))
    m.add_revolute("ground", "upper", at="O")
    m.add_revolute("upper", "lower", at="A")
    system = MultibodySystem(formulate(m, "relative"))
    frequencies = natural_modes(system, static_equilibrium(system).q).frequencies
    assert np.allclose(frequencies, double_pendulum_frequencies(0.5), rtol=1e-9)
    check_double_pendulum_frequencies(frequencies, length=0.5)


F2 = double_pendulum_frequencies(0.5)


@pytest.mark.parametrize("answer, pattern", [
    (F2[::-1], "ascending"), (2 * np.pi * F2, "rad/s"), ((2 * np.pi * F2) ** 2, "ω²"),
    ((2 * np.pi * F2) ** 2 / (2 * np.pi), "ω²/2π"), ([math.sqrt(G / 0.5) / (2 * math.pi)] * 2, "coupling"),
    (np.sqrt(np.sort(np.linalg.eigvals(np.linalg.solve([[2.0, 1.0], [1.0, 1.0]], np.eye(2))).real) * G / 0.5)
     / (2 * np.pi), "lifts both bobs"),
    ([F2[0], 1.1 * F2[1]], "f₂ is too large"), ([1.0, 2.0, 3.0], "shape"),
])
def test_double_pendulum_mistakes_are_named(answer, pattern):
    with pytest.raises(WrongAnswer, match=pattern):
        check_double_pendulum_frequencies(answer, length=0.5)


def upright_bar(stiffness, mass=1.5, length=0.8):
    m = Mechanism("upright bar")
    m.add_ground({"O": (0.0, 0.0)})
    m.add_body("bar", {"O": (0.0, 0.0), "P": (0.0, length)},
               mass=MassProperties(mass, (0.0, length / 2), mass * length**2 / 12))
    m.add_revolute("ground", "bar", at="O")
    return MultibodySystem(formulate(m, "relative"), loads=[RotationalSpring("ground", "bar", stiffness)])


def test_the_upright_bar_buckles_where_the_checker_says():
    k_min = 1.5 * G * 0.8 / 2
    check_upright_stiffness(k_min, mass=1.5, length=0.8)
    assert static_equilibrium(upright_bar(1.001 * k_min)).stable
    assert not static_equilibrium(upright_bar(0.999 * k_min)).stable


@pytest.mark.parametrize("answer, pattern", [
    (1.5 * G * 0.8, "L/2"), (-1.5 * G * 0.4, "wrong sign"), (1.5 * 0.4, "leaves out g"),
    (1.5 * G * 0.4 * math.pi / 180, "per degree"), (1.5 * G * 0.2, "half"),
])
def test_upright_stiffness_mistakes_are_named(answer, pattern):
    with pytest.raises(WrongAnswer, match=pattern):
        check_upright_stiffness(answer, mass=1.5, length=0.8)


@pytest.mark.parametrize("segments", [1, 2, 5])
def test_the_cantilever_deflection_is_the_librarys(segments):
    system = cantilever_system(segments, 1.0, 50.0, tip_load=0.01)
    w = -float(system.model.point(static_equilibrium(system).q, "T")[1])
    assert abs(w / segmented_tip_deflection(0.01, 1.0, 50.0, segments) - 1) < 1e-7
    check_cantilever_tip_deflection(w, load=0.01, length=1.0, bending_stiffness=50.0, segments=segments)


W = segmented_tip_deflection(0.01, 1.0, 50.0, 2)
BEAM = 0.01 / 150.0


@pytest.mark.parametrize("answer, pattern", [
    (BEAM, "continuous beam"), (2 * W, "EI/ℓ"), (2 * W, "ends"), (1.5 * BEAM, "clamp's moment"),
    (-W, "wrong sign"), (1000 * W, "millimetres"), (1.2 * W, "too large"),
])
def test_cantilever_mistakes_are_named(answer, pattern):
    with pytest.raises(WrongAnswer, match=pattern):
        check_cantilever_tip_deflection(answer, load=0.01, length=1.0, bending_stiffness=50.0, segments=2)


def test_hinges_at_the_ends_are_named_apart_from_weak_springs_with_more_segments():
    w4 = segmented_tip_deflection(0.01, 1.0, 50.0, 4)
    with pytest.raises(WrongAnswer, match="ends") as ends:
        check_cantilever_tip_deflection(BEAM * (1 + 1.5 / 4 + 0.5 / 16), load=0.01, length=1.0,
                                        bending_stiffness=50.0, segments=4)
    assert "EI/ℓ" not in str(ends.value)
    with pytest.raises(WrongAnswer, match="EI/ℓ"):
        check_cantilever_tip_deflection(4 * w4, load=0.01, length=1.0, bending_stiffness=50.0, segments=4)


def test_the_assignment_checkers_validate_their_own_data():
    with pytest.raises(InputError, match="stiffness must be a positive number"):
        check_spring_pendulum_angle(..., mass=2.0, length=0.5, stiffness=0.0)
    with pytest.raises(InputError, match="mass must be a number"):
        check_spring_pendulum_stiffness(..., mass="2", length=0.5, stiffness=20.0)
    with pytest.raises(InputError, match="zero stiffness eigenvalue"):
        check_stable(..., stiffness=[1.0, 0.0])
    with pytest.raises(InputError, match="stiffness must be a number"):
        check_stable(True, stiffness=[1.0, "x"])
    with pytest.raises(InputError, match="length must be a positive number"):
        check_double_pendulum_frequencies(..., length=-0.5)
    with pytest.raises(InputError, match="g must be a positive number"):
        check_upright_stiffness(..., mass=1.5, length=0.8, g=-9.81)
    with pytest.raises(InputError, match="segments must be a whole number"):
        check_cantilever_tip_deflection(..., load=0.01, length=1.0, bending_stiffness=50.0, segments=2.0)
    with pytest.raises(InputError, match="bending_stiffness must be a positive number"):
        check_cantilever_tip_deflection(..., load=0.01, length=1.0, bending_stiffness=0.0)


def test_a_pending_answer_asks_for_one():
    assert isinstance(check_spring_pendulum_angle(..., **SPRING_PENDULUM), Pending)
    assert isinstance(check_double_pendulum_frequencies(..., length=0.5), Pending)
    assert isinstance(check_cantilever_tip_deflection(..., load=0.01, length=1.0, bending_stiffness=50.0), Pending)
