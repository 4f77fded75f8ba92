"""Every joint type in every family: the tables, and the motion they give.

Each family states in a table how it writes each joint type
(``mbtools.coordinates.FAMILIES[...].joint_tables``); the description lists every joint
type once (``mbtools.description.JOINT_TYPES``). A new joint type fails here until every
family writes it and a mechanism below exercises it. Each mechanism is then solved in
every family at a few inputs, and every named point must sit where the natural
formulation puts it, to 1e-9 (the solvers' tolerance, 1e-12 of the size, leaves the
positions within about 1e-11; the margin covers the sweep's accumulated round-off).
"""

import math

import numpy as np
import pytest

from mbtools import examples, formulate, sweep_position
from mechanisms import welded_crank_in_space, welded_four_bar
from mbtools.coordinates import FAMILIES, VARIANTS
from mbtools.description import (
    JOINT_TYPES, Cylindrical, Prismatic, Revolute, Rigid, Spherical, Translational, Universal,
)


#: (joint type, dimension) → a mechanism that uses it.
MECHANISM_OF = {
    (Revolute, 2): examples.four_bar,
    (Prismatic, 2): lambda: examples.slider_crank(offset=0.4),
    (Rigid, 2): welded_four_bar,
    (Revolute, 3): examples.rssr,
    (Spherical, 3): examples.rssr,
    (Cylindrical, 3): examples.rscr,
    (Translational, 3): examples.spatial_slider_crank,
    (Universal, 3): lambda: examples.cardan_joint(shaft_angle=math.radians(30.0)),
    (Rigid, 3): welded_crank_in_space,
}
CASES = [(kind, dim) for kind, row in JOINT_TYPES.items() for dim in sorted(row.freedoms)]


@pytest.mark.parametrize("family", sorted(FAMILIES))
@pytest.mark.parametrize("kind, dim", CASES, ids=[f"{k.__name__}-{d}D" for k, d in CASES])
def test_every_family_says_how_it_writes_every_joint_type(family, kind, dim):
    for table in FAMILIES[family].joint_tables[dim]:
        assert kind in table, f"{family} coordinates do not say how to write a {kind.__name__} joint ({dim}-D)"


@pytest.mark.parametrize("kind, dim", CASES, ids=[f"{k.__name__}-{d}D" for k, d in CASES])
def test_every_joint_type_has_a_mechanism_that_uses_it(kind, dim):
    assert (kind, dim) in MECHANISM_OF, f"add a mechanism with a {kind.__name__} joint ({dim}-D) to MECHANISM_OF"
    mechanism = MECHANISM_OF[(kind, dim)]()
    assert mechanism.dimension == dim and any(type(j) is kind for j in mechanism.joints)


def variants(dimension):
    if dimension == 2:
        return [("relative", {}), ("reference_point", {}), ("basic", {})]
    return [VARIANTS[k] for k in VARIANTS if k != "natural"]


@pytest.mark.parametrize("kind, dim", CASES, ids=[f"{k.__name__}-{d}D" for k, d in CASES])
def test_every_family_moves_every_joint_like_natural_coordinates(kind, dim):
    mechanism = MECHANISM_OF[(kind, dim)]()
    natural = formulate(mechanism, "natural")
    name = natural.input_names[0]
    start = natural.input_values(natural.reference_q)[name]
    values = start + np.radians([0.0, 20.0, 45.0, 70.0])  # Euler angles stay clear of their lock
    expected = sweep_position(natural, name, values).q
    for family, options in variants(dim):
        model = formulate(mechanism, family, **options)
        got = sweep_position(model, name, values).q
        for point in natural.point_names:
            if point in model.point_names:
                np.testing.assert_allclose(model.point(got, point), natural.point(expected, point), atol=1e-9,
                                           err_msg=f"{kind.__name__} in {family} {options}: point {point}")
