"""The offset slider-crank in basic coordinates against its closed form.

72 crank angles per case, offsets 0, +0.5 and −0.3, slider on either side of the crank
pivot; positions, velocities and accelerations of A and B to 1e-9 (see test_four_bar
for the choice of tolerance).
"""

import numpy as np
import pytest

from mbtools import closed_forms, examples, formulate, solve_acceleration, solve_velocity, sweep_position

TOL = 1e-9
ANGLES = np.radians(np.arange(0.0, 360.0, 5.0))
OMEGA, ALPHA = -2.3, 0.9


@pytest.mark.parametrize("offset", [0.0, 0.5, -0.3])
@pytest.mark.parametrize("assembly", ["right", "left"])
def test_slider_crank_matches_closed_form_over_a_full_turn(offset, assembly):
    r, l = 1.0, 3.0
    model = formulate(examples.slider_crank(crank=r, rod=l, offset=offset, assembly=assembly), "basic")
    sweep = sweep_position(model, "crank", ANGLES)
    for theta, q in zip(ANGLES, sweep.q):
        ref = closed_forms.slider_crank(theta, r, l, offset, assembly, omega=OMEGA, alpha=ALPHA)
        qd = solve_velocity(model, q, {"crank": OMEGA})
        qdd = solve_acceleration(model, q, qd, {"crank": ALPHA})
        np.testing.assert_allclose(model.point(q, "A"), ref["A"], atol=TOL, rtol=0)
        np.testing.assert_allclose(model.point(q, "B"), ref["B"], atol=TOL, rtol=0)
        np.testing.assert_allclose(model.point_velocity(q, qd, "B"), ref["vB"], atol=TOL, rtol=0)
        np.testing.assert_allclose(model.point_acceleration(q, qd, qdd, "B"), ref["aB"], atol=TOL, rtol=0)
        # the slider keeps its orientation: C stays one unit along the guide from B
        np.testing.assert_allclose(model.point(q, "C") - model.point(q, "B"), [1.0, 0.0], atol=TOL)


def test_prismatic_pair_conditions_follow_figure_6b():
    model = formulate(examples.slider_crank(offset=0.5), "basic")
    kinds = [c.kind for c in model.constraints if c.name.startswith("P_slider")]
    # slider point on the guide line (area) and slider direction fixed; the slider
    # vector B→C is along the guide, so the cross product (not the dot) fixes it
    assert kinds == ["area", "cross"]
    assert model.n_coordinates == model.n_constraints == 6
    assert model.degrees_of_freedom(model.reference_q) == 1


def test_slide_driver_moves_the_slider_and_the_crank_follows():
    from mbtools import Mechanism, solve_position

    m = Mechanism("slider-driven")
    m.add_ground({"O": (0.0, 0.0), "G1": (0.0, 0.0), "G2": (1.0, 0.0)})
    m.add_body("crank", {"O": (0.0, 0.0), "A": (0.0, 1.0)})
    B = (np.sqrt(8.0), 0.0)
    m.add_body("rod", {"A": (0.0, 1.0), "B": B})
    m.add_body("slider", {"B": B, "C": (B[0] + 1.0, 0.0)})
    m.add_revolute("ground", "crank", at="O")
    m.add_revolute("crank", "rod", at="A")
    m.add_revolute("rod", "slider", at="B")
    m.add_prismatic("ground", ("G1", "G2"), "slider", ("B", "C"))
    m.add_slide_driver("stroke", ("G1", "G2"), "B")
    model = formulate(m, "basic")
    result = solve_position(model, {"stroke": 3.5})
    A = model.point(result.q, "A")
    np.testing.assert_allclose(np.linalg.norm(A), 1.0, atol=1e-12)
    np.testing.assert_allclose(np.linalg.norm(A - [3.5, 0.0]), 3.0, atol=1e-12)
    np.testing.assert_allclose(model.point(result.q, "B"), [3.5, 0.0], atol=1e-12)
    qd = solve_velocity(model, result.q, {"stroke": 1.0})
    np.testing.assert_allclose(model.point_velocity(result.q, qd, "B"), [1.0, 0.0], atol=1e-12)
