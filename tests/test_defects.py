"""Defects found on reading the code, each with the test that failed before its fix."""

import math
import warnings

import matplotlib
import numpy as np
import pytest

matplotlib.use("Agg")

from mbtools import InputError, Mechanism, MechanismError, closed_forms, examples, formulate, solve_position, solve_velocity
from mbtools.description import uniform_bar
from mbtools.description.inertia import require_regular_inertia
from mechanisms import welded_four_bar


def test_drawing_the_relative_family_of_a_welded_mechanism():
    """draw_family read joint.at, which a rigid joint has not (AttributeError)."""
    import matplotlib.pyplot as plt

    from mbtools import plotting

    ax = plotting.draw_family(formulate(welded_four_bar(), "relative"))
    assert "relative" in ax.get_title()
    plt.close("all")


def scaled_four_bar(scale: float) -> Mechanism:
    m = examples.four_bar()
    out = Mechanism(f"four-bar ×{scale:g}")
    for body in m.bodies.values():
        points = {p: tuple(scale * x) for p, x in body.points.items()}
        (out.add_ground(points) if body.is_ground else out.add_body(body.name, points))
    for joint in m.joints:
        out.add_revolute(joint.body_i, joint.body_j, at=joint.at)
    out.add_angle_driver("crank", tail="O2", head="A")
    return out


@pytest.mark.parametrize("family", ["relative", "reference_point", "basic", "natural"])
def test_a_mechanism_in_millimetres_is_held_to_the_same_relative_accuracy(family):
    """The 'assembled?' check judged pose families' residuals (lengths) against ℓ²: a
    four-bar drawn in millimetres passed 0.01 mm off. Each residual is now judged in its
    own unit, ℓ^p."""
    metres, millimetres = formulate(scaled_four_bar(1.0), family), formulate(scaled_four_bar(1000.0), family)
    for model, unit in ((metres, 1.0), (millimetres, 1000.0)):
        q = solve_position(model, {"crank": 0.7}).q
        np.testing.assert_allclose(model.point(q, "B") / unit, closed_forms.four_bar(0.7, 2, 7, 9, 6)["B"], atol=1e-11)
        off = q.copy()
        moved = model.coordinate_names.index(next(n for n in model.coordinate_names if n.startswith(("x_", "theta_", "phi_"))))
        off[moved] += 1e-5 * (unit if model.coordinate_names[moved].startswith("x_") else 1.0)  # 0.01 mm, or 1e-5 rad
        with pytest.raises(InputError, match="does not satisfy the constraints"):
            solve_velocity(model, off, {"crank": 1.0})


def test_constant_names_keep_point_names_apart():
    """Points A, BC on one body and AB, C on another both gave the constant L_ABC."""
    m = Mechanism("names")
    m.add_ground({"O": (0.0, 0.0), "Q": (4.0, 0.0)})
    m.add_body("one", {"O": (0.0, 0.0), "A": (1.0, 0.0), "BC": (1.0, 1.0)})
    m.add_body("two", {"AB": (3.0, 1.5), "C": (4.0, 1.0), "Q": (4.0, 0.0)})
    m.add_body("link", {"BC": (1.0, 1.0), "AB": (3.0, 1.5)})
    for body_i, body_j, at in (("ground", "one", "O"), ("one", "link", "BC"), ("link", "two", "AB"), ("two", "ground", "Q")):
        m.add_revolute(body_i, body_j, at=at)
    m.add_angle_driver("turn", tail="O", head="A")
    model = formulate(m, "basic")
    names = sorted(str(s) for s in model.parameters if str(s).startswith("L_"))
    assert "L_A,BC" in names and "L_AB,C" in names
    assert model.parameters[next(s for s in model.parameters if str(s) == "L_A,BC")] == pytest.approx(1.0)


def four_bar_drawn_at_its_branch_point() -> tuple[Mechanism, float]:
    """Crank 2, coupler 3, rocker 2, ground 6, drawn where coupler and rocker are in line
    (|A O4| = b + c): the Jacobian is singular in the drawing."""
    a, b, c, d = 2.0, 3.0, 2.0, 6.0
    theta = math.acos((a * a + d * d - (b + c) ** 2) / (2 * a * d))
    A = np.array([a * math.cos(theta), a * math.sin(theta)])
    O4 = np.array([d, 0.0])
    B = A + b * (O4 - A) / np.linalg.norm(O4 - A)
    m = Mechanism("four-bar at its branch point")
    m.add_ground({"O2": (0.0, 0.0), "O4": tuple(O4)})
    m.add_body("crank", {"O2": (0.0, 0.0), "A": tuple(A)})
    m.add_body("coupler", {"A": tuple(A), "B": tuple(B)})
    m.add_body("rocker", {"O4": tuple(O4), "B": tuple(B)})
    m.add_revolute("ground", "crank", at="O2")
    m.add_revolute("crank", "coupler", at="A")
    m.add_revolute("coupler", "rocker", at="B")
    m.add_revolute("rocker", "ground", at="O4")
    m.add_angle_driver("crank", tail="O2", head="A")
    return m, theta


@pytest.mark.parametrize("family", ["basic", "natural"])
def test_a_drawing_at_a_singular_position_does_not_fix_the_rank_elsewhere(family):
    """Idle freedoms were counted once, at the drawing: drawn at a branch point, the
    mechanism could be solved nowhere. They are now counted at the position asked."""
    mechanism, theta = four_bar_drawn_at_its_branch_point()
    model = formulate(mechanism, family)
    target = theta - 0.3
    expected = closed_forms.four_bar(target, 2.0, 3.0, 2.0, 6.0, assembly="crossed")
    if expected is None or np.linalg.norm(expected["B"] - model.point(model.reference_q, "B")) > 1.0:
        expected = closed_forms.four_bar(target, 2.0, 3.0, 2.0, 6.0, assembly="open")
    guess = model.guess_from_points({"A": expected["A"], "B": expected["B"] + 0.05})
    result = solve_position(model, {"crank": target}, guess=guess)
    np.testing.assert_allclose(model.point(result.q, "B"), expected["B"], atol=1e-9)
    solve_velocity(model, result.q, {"crank": 1.0})  # regular there


def test_a_spatial_bar_has_inertia_about_its_axis_when_given_a_radius():
    """uniform_bar gave no inertia about a spatial bar's axis, and nothing refused it
    where a family turns the bar about that axis."""
    slender = uniform_bar(2.0, (0, 0, 0), (0, 0, 1))
    solid = uniform_bar(2.0, (0, 0, 0), (0, 0, 1), radius=0.05)
    assert slender.is_slender and not solid.is_slender
    assert solid.inertia[2, 2] == pytest.approx(0.5 * 2.0 * 0.05**2)
    assert solid.inertia[0, 0] == pytest.approx(2.0 * (3 * 0.05**2 + 1.0) / 12)
    with pytest.raises(MechanismError, match=r"Body 'rod' has no inertia about the axis \(0, 0, 1\).*radius"):
        require_regular_inertia("rod", slender, "reference-point")
    require_regular_inertia("rod", solid, "reference-point")
    require_regular_inertia("rod", uniform_bar(2.0, (0, 0), (1, 0)), "reference-point")  # planar: a number


def test_degrees_passed_as_radians_are_questioned():
    model = formulate(examples.four_bar(), "basic")
    with pytest.warns(Warning, match=r"crank' = 30 rad .*math.radians\(30\)"):
        solve_position(model, {"crank": 30})
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        solve_position(model, {"crank": 12.5})  # two turns: legal, not a whole number
    with pytest.warns(Warning, match="shaft_angle = 30 rad"), pytest.raises(MechanismError, match="math.radians"):
        examples.cardan_joint(shaft_angle=30)   # warned, then refused: 30 rad is out of (−π/2, π/2)
