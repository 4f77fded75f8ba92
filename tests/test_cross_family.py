"""One mechanism, every family: all formulations give the same motion.

For every example and every family that formulates it, the positions, velocities and
accelerations of every named point agree with the natural-coordinate model over a
full crank turn (36 angles) to 1e-9. The families share nothing but the mechanism
description — points and vectors (basic, natural), joint angles along a spanning tree
(relative), body poses with angles, Euler parameters or the rotation vector (reference
point) — so agreement checks each of them against the others.
"""

import numpy as np
import pytest

from mbtools import examples, formulate, solve_acceleration, solve_velocity, sweep_position
from mechanisms import welded_four_bar

ANGLES = np.radians(np.arange(0.0, 360.0, 10.0))
OMEGA, ALPHA = 1.1, -0.7
FAMILIES = [
    ("relative", {}),
    ("reference_point", {"rotation": "euler_angles"}),
    ("reference_point", {"rotation": "euler_parameters"}),
    ("reference_point", {"rotation": "rotation_vector"}),
    ("basic", {}),
]
EXAMPLES = {
    "four-bar": lambda: examples.four_bar(coupler_point=(3.0, 2.0)),
    "slider-crank": lambda: examples.slider_crank(offset=0.4),
    "RSSR": examples.rssr,
    "RSCR": examples.rscr,
    "SSC": examples.ssc,
}


def kinematics(model):
    name = model.input_names[0]
    sweep = sweep_position(model, name, ANGLES)
    out = []
    for q in sweep.q:
        qd = solve_velocity(model, q, {name: OMEGA})
        qdd = solve_acceleration(model, q, qd, {name: ALPHA})
        out.append({
            p: (model.point(q, p), model.point_velocity(q, qd, p), model.point_acceleration(q, qd, qdd, p))
            for p in model.point_names
        })
    return out


@pytest.fixture(scope="module")
def reference():
    return {name: kinematics(formulate(build(), "natural")) for name, build in EXAMPLES.items()}


@pytest.mark.parametrize("family, options", FAMILIES,
                         ids=["relative", "euler-angles", "euler-parameters", "rotation-vector", "basic"])
@pytest.mark.parametrize("example", list(EXAMPLES))
def test_family_agrees_with_natural_coordinates(example, family, options, reference):
    mechanism = EXAMPLES[example]()
    if family == "reference_point" and mechanism.dimension == 2:
        if options["rotation"] != "euler_angles":
            pytest.skip("a planar body has one angle; Euler parameters and the rotation vector are spatial")
        options = {}
    model = formulate(mechanism, family, **options)
    for expected, got in zip(reference[example], kinematics(model)):
        for point, (r, v, a) in expected.items():
            np.testing.assert_allclose(got[point][0], r, atol=1e-9, err_msg=f"{point} position")
            np.testing.assert_allclose(got[point][1], v, atol=1e-9, err_msg=f"{point} velocity")
            np.testing.assert_allclose(got[point][2], a, atol=1e-9, err_msg=f"{point} acceleration")


@pytest.mark.parametrize("family", ["relative", "reference_point", "basic", "natural"])
def test_welded_coupler_moves_like_one_coupler(family):
    from mbtools import closed_forms

    model = formulate(welded_four_bar(), family)
    sweep = sweep_position(model, "crank", ANGLES)
    for theta, q in zip(ANGLES, sweep.q):
        np.testing.assert_allclose(model.point(q, "B"), closed_forms.four_bar(theta, 2, 7, 9, 6)["B"], atol=1e-9)
    assert model.degrees_of_freedom(model.reference_q) == 1
