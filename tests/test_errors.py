"""Bad input gets a clear error that names the culprit and says what to do."""

import math
import warnings

import numpy as np
import pytest

from mbtools import (
    AssemblyError,
    InputError,
    Mechanism,
    MechanismError,
    SingularJacobianError,
    SingularPositionWarning,
    examples,
    formulate,
    solve_acceleration,
    solve_position,
    solve_velocity,
)


def pendulum() -> Mechanism:
    m = Mechanism("pendulum")
    m.add_ground({"O": (0.0, 0.0)})
    m.add_body("bar", {"O": (0.0, 0.0), "P": (1.0, 0.0)})
    return m


# ---------------------------------------------------------------- descriptions
def _ground_as_body(m):
    m.add_body("ground", {"X": (0, 0)})


def _duplicate_body(m):
    m.add_body("bar", {"Q": (0, 1), "R": (1, 1)})


def _no_points(m):
    m.add_body("empty", {})


def _three_coordinates(m):
    m.add_body("solid", {"Q": (0, 1, 2), "R": (1, 1)})


def _not_finite(m):
    m.add_body("inf", {"Q": (0, math.inf), "R": (1, 1)})


def _moved_shared_point(m):
    m.add_body("link", {"P": (1.0, 0.5), "Q": (2.0, 0.0)})


def _unknown_body(m):
    m.add_revolute("bar", "crank", at="O")


def _joint_to_itself(m):
    m.add_revolute("bar", "bar", at="O")


def _joint_point_missing(m):
    m.add_revolute("ground", "bar", at="P")


def _bad_prismatic_points(m):
    m.add_body("slider", {"S": (2, 0), "T": (3, 0)})
    m.add_prismatic("ground", ("O", "O"), "slider", ("S", "T"))


def _driver_across_bodies(m):
    m.add_body("link", {"P": (1.0, 0.0), "Q": (2.0, 0.0)})
    m.add_angle_driver("swing", tail="O", head="Q")


def _bad_input_name(m):
    m.add_angle_driver("swing angle", tail="O", head="P")


def _duplicate_input(m):
    m.add_angle_driver("swing", tail="O", head="P")
    m.add_angle_driver("swing", tail="O", head="P")


@pytest.mark.parametrize(
    "build, culprit",
    [
        (_ground_as_body, "add_ground"),
        (_duplicate_body, "Body 'bar' is defined twice"),
        (_no_points, "Body 'empty' has no points"),
        (_three_coordinates, "Point 'Q' of body 'solid' has 3 coordinate"),
        (_not_finite, "Point 'Q' of body 'inf' is not finite"),
        (_moved_shared_point, "Point 'P' of body 'link'.*body 'bar' has it at"),
        (_unknown_body, "names body 'crank', which does not exist"),
        (_joint_to_itself, "joins body 'bar' to itself"),
        (_joint_point_missing, "body 'ground' has no point 'P'"),
        (_bad_prismatic_points, "give two distinct guide points"),
        (_driver_across_bodies, "Driver 'swing': no single body holds all of the points"),
        (_bad_input_name, "'swing angle' must be a valid Python identifier"),
        (_duplicate_input, "Input 'swing' is defined twice"),
    ],
)
def test_bad_description_is_refused_while_it_is_built(build, culprit):
    m = pendulum()
    with pytest.raises(MechanismError, match=culprit):
        build(m)


def test_shared_point_without_a_joint_is_refused():
    m = pendulum()
    with pytest.raises(MechanismError, match="listed by bodies 'ground' and 'bar' but no joint shares it between them"):
        formulate(m, "basic")


def test_body_not_connected_to_ground_is_refused():
    m = pendulum()
    m.add_revolute("ground", "bar", at="O")
    m.add_body("loose", {"S": (3, 3), "T": (4, 3)})
    with pytest.raises(MechanismError, match=r"Bodies \['loose'\] are not connected to the ground"):
        formulate(m, "basic")


def test_single_point_body_is_refused():
    m = pendulum()
    m.add_revolute("ground", "bar", at="O")
    m.add_body("bead", {"P": (1.0, 0.0)})
    m.add_revolute("bar", "bead", at="P")
    with pytest.raises(MechanismError, match="Body 'bead' has only the point"):
        formulate(m, "basic")


def test_mechanism_without_ground_is_refused():
    m = Mechanism("floating")
    m.add_body("bar", {"P": (0, 0), "Q": (1, 0)})
    with pytest.raises(MechanismError, match="has no ground"):
        formulate(m, "basic")


def test_body_pinned_at_two_ground_points_is_refused():
    m = Mechanism("welded")
    m.add_ground({"O": (0, 0), "Q": (1, 0)})
    m.add_body("bar", {"O": (0, 0), "Q": (1, 0)})
    m.add_revolute("ground", "bar", at="O")
    m.add_revolute("ground", "bar", at="Q", name="R_Q")
    with pytest.raises(MechanismError, match="Body 'bar' lists only ground points and vectors \\(O, Q\\): pinned"):
        formulate(m, "basic")


def test_four_bar_that_never_closes_is_refused():
    with pytest.raises(MechanismError, match=r"longest link \(10.0\) must be shorter than the sum of the other three \(3.0\)"):
        examples.four_bar(crank=1, coupler=1, rocker=1, ground=10)


@pytest.mark.parametrize("length", [0, -1, math.nan, "two"])
def test_four_bar_with_bad_length_is_refused(length):
    with pytest.raises(MechanismError, match="crank must be"):
        examples.four_bar(crank=length)


def test_unknown_family_and_wrong_object():
    with pytest.raises(MechanismError, match="Unknown coordinate family 'polar'"):
        formulate(examples.four_bar(), "polar")
    with pytest.raises(MechanismError, match="formulate\\(\\) takes a Mechanism"):
        formulate("four-bar", "basic")


# ---------------------------------------------------------------- inputs
@pytest.fixture(scope="module")
def four_bar_model():
    return formulate(examples.four_bar(), "basic")


@pytest.mark.parametrize(
    "inputs, message",
    [
        ({"crank": 1.0, "rocker": 2.0}, r"Unknown input\(s\) \['rocker'\].*its inputs are \['crank'\]"),
        ({}, r"Missing value\(s\) for input\(s\) \['crank'\]"),
        ({"crank": "fast"}, "Input 'crank' must be a number, got 'fast'"),
        ({"crank": math.nan}, "Input 'crank' must be finite"),
        ([1.0, 2.0], r"1 input value\(s\) expected, one per input \['crank'\]"),
        ("crank=0.5", "must be a dict by input name"),
    ],
)
def test_bad_inputs_are_reported_in_words(four_bar_model, inputs, message):
    with pytest.raises(InputError, match=message):
        solve_position(four_bar_model, inputs)


def test_guess_of_the_wrong_length(four_bar_model):
    with pytest.raises(InputError, match=r"guess has shape \(3,\), but the basic model of 'four-bar' has 4 coordinates \['x_A'"):
        solve_position(four_bar_model, {"crank": 0.0}, guess=[1, 2, 3])


def test_velocity_of_a_position_that_is_not_assembled(four_bar_model):
    with pytest.raises(InputError, match="q does not satisfy the constraints.*solve the position problem first"):
        solve_velocity(four_bar_model, [1.0, 1.0, 5.0, 5.0], {"crank": 1.0})


def test_acceleration_with_an_inconsistent_velocity(four_bar_model):
    q = solve_position(four_bar_model, {"crank": 0.3}).q
    with pytest.raises(InputError, match="qd does not satisfy the velocity equations"):
        solve_acceleration(four_bar_model, q, np.ones(4), {"crank": 0.0})


def test_unknown_point(four_bar_model):
    with pytest.raises(KeyError, match="has no point 'C'; its points are"):
        four_bar_model.point(four_bar_model.reference_q, "C")
    with pytest.raises(InputError, match="has no point 'C'"):
        four_bar_model.point_velocity(four_bar_model.reference_q, np.zeros(4), "C")


def test_a_position_result_passed_for_q_is_explained(four_bar_model):
    result = solve_position(four_bar_model, {"crank": 0.3})
    with pytest.raises(InputError, match=r"pass its coordinates, result\.q"):
        solve_velocity(four_bar_model, result, {"crank": 1.0})
    with pytest.raises(InputError, match=r"result\.q"):
        four_bar_model.point(result, "A")


@pytest.mark.parametrize("bad", [np.nan, np.inf])
def test_non_finite_coordinates_are_refused(four_bar_model, bad):
    q = four_bar_model.reference_q.copy()
    q[1] = bad
    with pytest.raises(InputError, match="not finite"):
        solve_velocity(four_bar_model, q, {"crank": 1.0})
    with pytest.raises(InputError, match="not finite"):
        solve_position(four_bar_model, {"crank": 0.3}, guess=q)


# ---------------------------------------------------------------- assembly
@pytest.fixture(scope="module")
def triple_rocker():
    # crank 5, coupler 2, rocker 4, ground 6: non-Grashof; the crank swings between
    # ±acos(25/60) = ±65.38° (coupler and rocker aligned at the limits)
    return formulate(examples.four_bar(crank=5, coupler=2, rocker=4, ground=6), "basic")


def test_input_outside_the_range_of_motion_names_the_constraints(triple_rocker):
    with pytest.raises(AssemblyError) as info:
        solve_position(triple_rocker, {"crank": math.pi})
    error = info.value
    assert "cannot be assembled at crank = 180°" in str(error)
    assert error.violated and error.violated[0][0] == "crank: angle driver"
    assert "outside the range of motion" in str(error)
    assert "an assembled position with crank = 6" in str(error)  # ~65°, the limit
    assert error.result is not None and not error.result.converged


def test_input_outside_the_range_from_a_guess_also_fails_in_words(triple_rocker):
    with pytest.raises(AssemblyError, match="from the guess did not converge.*residual"):
        solve_position(triple_rocker, {"crank": math.pi}, guess=triple_rocker.reference_q)


def test_failure_can_be_returned_instead_of_raised(triple_rocker):
    result = solve_position(triple_rocker, {"crank": math.pi}, guess=triple_rocker.reference_q, raise_on_failure=False)
    assert not result.converged
    assert len(result.history) == 51


def test_dead_point_is_reported_and_velocity_refused(triple_rocker):
    limit = math.acos(25 / 60)
    with pytest.warns(SingularPositionWarning, match="singular position"):
        result = solve_position(triple_rocker, {"crank": limit})
    assert result.converged and result.singular
    # at the dead point the coupler and the rocker are aligned: |O4 B| + |B A| = |O4 A|
    A, B = triple_rocker.point(result.q, "A"), triple_rocker.point(result.q, "B")
    np.testing.assert_allclose(np.linalg.norm(A - [6, 0]), 6.0, atol=1e-5)
    with pytest.raises(SingularJacobianError) as info:
        solve_velocity(triple_rocker, result.q, {"crank": 1.0})
    assert "coupler: distance A–B" in info.value.dependent
    assert "rocker: distance O4–B" in info.value.dependent
    assert "dead point or a branch point" in str(info.value)


def test_angle_driver_opposite_branch_is_refused(four_bar_model):
    # A guess with the crank pointing the other way satisfies the driving equation at θ + π
    theta = 0.5
    guess = four_bar_model.guess_from_points({"A": (-2 * math.cos(theta), -2 * math.sin(theta))})
    with pytest.raises(AssemblyError, match="opposite to the requested"):
        solve_position(four_bar_model, {"crank": theta}, guess=guess)


def test_no_warning_far_from_dead_points(four_bar_model):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        result = solve_position(four_bar_model, {"crank": 1.0})
    assert not result.singular and result.rcond > 1e-3


def test_weld_to_the_ground_in_point_coordinates_says_what_to_do():
    m = pendulum()
    m.add_revolute("ground", "bar", at="O")
    m.add_body("plate", {"S": (0, 1), "T": (1, 1)})
    m.add_rigid("ground", "plate")
    with pytest.raises(MechanismError, match="welds body 'plate' to the ground, which leaves it nothing to move: list its points"):
        formulate(m, "basic")
    # pose-based families weld to the ground without trouble
    m.add_angle_driver("swing", tail="O", head="P")
    model = formulate(m, "reference_point")
    result = solve_position(model, {"swing": 0.4})
    np.testing.assert_allclose(model.point(result.q, "T"), [1.0, 1.0], atol=1e-12)
