"""The recursive-dynamics checkers (chapter 9c's exercises): their closed forms against the
library's composite-rigid-body mass matrix and articulated-body algorithm, each named
mistake named, the exercise's data validated."""

import math

import numpy as np
import pytest

from mbtools import Mechanism, uniform_bar
from mbtools.dynamics.kinematic_tree import KinematicTree
from mbtools.dynamics.recursive import articulated_body_accelerations, composite_mass_matrix
from mbtools.errors import InputError
from mbtools.exercises import Pending, WrongAnswer, check_articulated_inertia, check_two_bar_mass_matrix
from mbtools.exercises.recursive import articulated_inertia, two_bar_mass_matrix

DATA = dict(masses=(1.5, 2.0), lengths=(0.8, 0.6), angle=0.7)


def two_bars(m1, m2, l1, l2) -> Mechanism:
    m = Mechanism("two bars")
    m.add_ground({"O": (0.0, 0.0)})
    m.add_body("bar1", {"O": (0.0, 0.0), "A": (l1, 0.0)}, mass=uniform_bar(m1, (0.0, 0.0), (l1, 0.0)))
    m.add_body("bar2", {"A": (l1, 0.0), "B": (l1 + l2, 0.0)}, mass=uniform_bar(m2, (l1, 0.0), (l1 + l2, 0.0)))
    m.add_revolute("ground", "bar1", at="O")
    m.add_revolute("bar1", "bar2", at="A")
    return m


def test_the_closed_forms_are_the_library_s():
    tree = KinematicTree(two_bars(1.5, 2.0, 0.8, 0.6))
    for theta1, theta2 in ((0.3, 0.7), (-1.0, 2.5), (2.0, -0.4)):
        q = np.array([theta1, theta2])
        M = composite_mass_matrix(tree, q)
        assert np.allclose(M, two_bar_mass_matrix(1.5, 2.0, 0.8, 0.6, theta2), rtol=1e-13, atol=0)
        # (M⁻¹)₁₁ = 1/D₁: the first joint's response to a unit torque, second joint free, at rest, no gravity
        response = articulated_body_accelerations(tree, q, np.zeros(2), np.array([1.0, 0.0]), (0.0, 0.0))
        assert 1.0 / response[0] == pytest.approx(articulated_inertia(1.5, 2.0, 0.8, 0.6, theta2), rel=1e-12)
    check_two_bar_mass_matrix(composite_mass_matrix(tree, np.array([0.0, 0.7])), **DATA)
    check_articulated_inertia(articulated_inertia(1.5, 2.0, 0.8, 0.6, 0.7), **DATA)


def test_pending_answers_ask_for_one():
    assert isinstance(check_two_bar_mass_matrix(..., **DATA), Pending)
    assert isinstance(check_articulated_inertia(..., **DATA), Pending)


@pytest.mark.parametrize("mistake, pattern", [
    ("point", "point masses"), ("centroid", "m l²/12"), ("cosine", "twice too large"), ("absolute", "absolute angles"),
    ("asymmetric", "not symmetric"), ("entry", "M22 is off"),
])
def test_mass_matrix_mistakes_are_named(mistake, pattern):
    m1, m2, l1, l2, t = 1.5, 2.0, 0.8, 0.6, 0.7
    right = two_bar_mass_matrix(m1, m2, l1, l2, t)
    c = math.cos(t)
    answer = {
        "point": [[m1 * l1**2 + m2 * (l1**2 + l2**2 + 2 * l1 * l2 * c), m2 * (l2**2 + l1 * l2 * c)],
                  [m2 * (l2**2 + l1 * l2 * c), m2 * l2**2]],
        "centroid": [[m1 * l1**2 / 12 + m2 * (l1**2 + l2**2 / 12 + l1 * l2 * c), m2 * (l2**2 / 12 + l1 * l2 * c / 2)],
                     [m2 * (l2**2 / 12 + l1 * l2 * c / 2), m2 * l2**2 / 12]],
        "cosine": right + [[m2 * l1 * l2 * c, m2 * l1 * l2 * c / 2], [m2 * l1 * l2 * c / 2, 0.0]],
        "absolute": [[right[0, 0] - 2 * right[0, 1] + right[1, 1], right[0, 1] - right[1, 1]],
                     [right[0, 1] - right[1, 1], right[1, 1]]],
        "asymmetric": right + [[0.0, 0.1], [0.0, 0.0]],
        "entry": right + [[0.0, 0.0], [0.0, 0.05]],
    }[mistake]
    with pytest.raises(WrongAnswer, match=pattern):
        check_two_bar_mass_matrix(answer, **DATA)


@pytest.mark.parametrize("mistake, pattern", [
    ("locked", "locked"), ("alone", "first bar alone"), ("minus", "subtracts M₁₂;"), ("point", "point mass"),
    ("sign", "wrong sign"),
])
def test_articulated_inertia_mistakes_are_named(mistake, pattern):
    m1, m2, l1, l2, t = 1.5, 2.0, 0.8, 0.6, 0.7
    M = two_bar_mass_matrix(m1, m2, l1, l2, t)
    answer = {"locked": M[0, 0], "alone": m1 * l1**2 / 3, "minus": M[0, 0] - M[0, 1],
              "point": m1 * l1**2 / 3 + m2 * l1**2, "sign": -articulated_inertia(m1, m2, l1, l2, t)}[mistake]
    with pytest.raises(WrongAnswer, match=pattern):
        check_articulated_inertia(answer, **DATA)


def test_the_exercise_data_is_checked():
    with pytest.raises(InputError, match="masses"):
        check_two_bar_mass_matrix(np.eye(2), masses=(1.0, -2.0), lengths=(1.0, 1.0), angle=0.0)
    with pytest.raises(InputError, match="lengths"):
        check_articulated_inertia(1.0, masses=(1.0, 2.0), lengths=(1.0,), angle=0.0)
    with pytest.raises(InputError, match="degrees"):
        check_articulated_inertia(1.0, masses=(1.0, 2.0), lengths=(1.0, 1.0), angle=45)
