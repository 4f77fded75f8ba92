"""Mass properties in the description: checked when given, used by the reference-point
family as each body's reference point."""

import numpy as np
import pytest

from mbtools import MassProperties, Mechanism, MechanismError, formulate, uniform_bar


def pendulum(mass=None, dimension=2):
    m = Mechanism("pendulum", dimension=dimension)
    zero = (0.0,) * dimension
    tip = (1.0,) + (0.0,) * (dimension - 1)
    m.add_ground({"O": zero})
    m.add_body("bar", {"O": zero, "P": tip}, mass=mass)
    m.add_revolute("ground", "bar", at="O")
    return m


def test_uniform_bar_matches_m_l_squared_over_twelve():
    bar = uniform_bar(3.0, (0.0, 0.0, 0.0), (0.0, 2.0, 0.0))
    np.testing.assert_allclose(bar.centre, [0.0, 1.0, 0.0])
    np.testing.assert_allclose(bar.inertia, np.diag([1.0, 0.0, 1.0]))  # 3·2²/12 = 1


def test_reference_point_is_the_centre_of_mass_when_given():
    model = formulate(pendulum(MassProperties(2.0, (0.3, 0.1), 0.05)), "reference_point")
    np.testing.assert_allclose(model.reference_q[:2], [0.3, 0.1])
    model = formulate(pendulum(), "reference_point")
    np.testing.assert_allclose(model.reference_q[:2], [0.5, 0.0])  # centroid of O and P


def test_summary_lists_the_mass_properties():
    text = pendulum(uniform_bar(2.0, (0.0, 0.0), (1.0, 0.0))).summary()
    assert "mass 2, G (0.5, 0), J_G 0.1667" in text


@pytest.mark.parametrize("mass, dimension, culprit", [
    (MassProperties(-1.0, (0.5, 0.0), 0.1), 2, "positive"),
    (MassProperties(0.0, (0.5, 0.0), 0.1), 2, "positive"),
    (MassProperties(float("nan"), (0.5, 0.0), 0.1), 2, "positive"),
    (MassProperties(1.0, (0.5, 0.0, 0.0), 0.1), 2, "centre of mass"),
    (MassProperties(1.0, (0.5, 0.0), -0.1), 2, "J_G ≥ 0"),
    (MassProperties(1.0, (0.5, 0.0), np.eye(3)), 2, "one number"),
    (MassProperties(1.0, (0.5, 0.0, 0.0), 0.1), 3, "3 × 3"),
    (MassProperties(1.0, (0.5, 0.0, 0.0), np.array([[1.0, 0.2, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]])), 3, "not symmetric"),
    (MassProperties(1.0, (0.5, 0.0, 0.0), np.diag([1.0, -0.1, 1.0])), 3, "negative principal moment"),
    (MassProperties(1.0, (0.5, 0.0, 0.0), np.diag([1.0, 1.0, 3.0])), 3, "triangle inequality"),
    ({"mass": 1.0}, 2, "MassProperties"),
])
def test_bad_mass_properties_are_refused_by_body(mass, dimension, culprit):
    with pytest.raises(MechanismError, match="bar") as error:
        pendulum(mass, dimension)
    assert culprit in str(error.value)


def test_mass_properties_change_no_point_model():
    """Basic and natural coordinates do not depend on where the mass is."""
    for family in ("basic", "natural"):
        plain, heavy = formulate(pendulum(), family), formulate(pendulum(uniform_bar(1.0, (0.0, 0.0), (1.0, 0.0))), family)
        assert plain.coordinate_names == heavy.coordinate_names
        assert [c.expression for c in plain.constraints] == [c.expression for c in heavy.constraints]


def test_mass_accepts_numpy_numbers_and_refuses_booleans():
    pendulum(MassProperties(np.int64(2), (0.5, 0.0), 0.1))
    with pytest.raises(MechanismError, match="positive number"):
        pendulum(MassProperties(True, (0.5, 0.0), 0.1))
