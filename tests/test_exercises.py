"""The checkers of mbtools.exercises: a right answer passes; each typical wrong answer is
rejected with the feedback that names its mistake (the assignments rely on both)."""

import math

import numpy as np
import pytest

from mbtools import examples, formulate, solve_acceleration, solve_position, solve_velocity
from mbtools.exercises import (
    Right,
    WrongAnswer,
    check_acceleration,
    check_constraints,
    check_counts,
    check_gamma,
    check_jacobian,
    check_mass_matrix,
    check_newton_step,
    check_number,
    check_position,
    check_precession,
    check_velocity,
)
from mbtools.exercises.dynamics import bar_mass_matrix
from mbtools.kinematics import newton_step


def rejected(check, *args, expect: str, **kwargs) -> str:
    with pytest.raises(WrongAnswer) as caught:
        check(*args, **kwargs)
    message = str(caught.value)
    assert expect in message, message
    return message


@pytest.fixture(scope="module")
def four_bar():
    model = formulate(examples.four_bar(), "basic")
    q = solve_position(model, {"crank": 1.0}).q
    qd = solve_velocity(model, q, {"crank": 2.0})
    return model, q, qd


# ----------------------------------------------------------------------- numbers


@pytest.mark.parametrize("answer, expect", [
    (-2.5, "wrong sign"),
    (2.5 * 180 / math.pi, "looks like degrees"),
    (2.5 * 60 / (2 * math.pi), "revolutions per minute"),
    (5.0, "twice"),
    (1.25, "half"),
    (2.5e3, "1000 times too large"),
    (2.6, "too large by 4%"),
    ("2.5", "must be a number"),
    (float("nan"), "finite"),
])
def test_number_diagnoses(answer, expect):
    rejected(check_number, answer, 2.5, "ω", angle=True, expect=expect)


def test_number_right_and_periodic():
    assert isinstance(check_number(2.5000001, 2.5, "ω"), Right)
    assert isinstance(check_number(2.5 + 2 * math.pi, 2.5, "θ", periodic=True), Right)
    rejected(check_number, 2.5 + 2 * math.pi, 2.5, "θ", expect="too large")
    assert isinstance(check_number(2.5004, 2.5, "θ", rtol=1e-3), Right)


# ------------------------------------------------------------------------ counts


def test_counts_right_in_every_family():
    m = examples.rscr()
    for family, (n, c, dof) in {"relative": (6, 5, 1), "basic": (18, 17, 1), "natural": (12, 13, 1),
                                "reference_point_euler_parameters": (21, 20, 1)}.items():
        assert isinstance(check_counts(m, family, coordinates=n, constraints=c, dof=dof), Right)


@pytest.mark.parametrize("mechanism, family, answer, expect", [
    ("four_bar", "basic", {"coordinates": 8}, "ground's points"),
    ("four_bar", "reference_point", {"coordinates": 12}, "ground has no coordinates"),
    ("rscr", "reference_point_euler_parameters", {"coordinates": 18}, "Euler parameters are four"),
    ("four_bar", "relative", {"coordinates": 4}, "cut joints"),
    ("four_bar", "natural", {"constraints": 4}, "driver's equation"),
    ("rscr", "natural", {"constraints": 11}, "redundant equation"),
    ("rscr", "natural", {"dof": -1}, "n − m"),
    ("ssc", "natural", {"dof": 2}, "Grübler–Kutzbach"),
    ("four_bar", "basic", {"dof": 2}, "too many"),
    ("four_bar", "basic", {"coordinates": "four"}, "must be a number"),
])
def test_counts_diagnoses(mechanism, family, answer, expect):
    rejected(check_counts, getattr(examples, mechanism)(), family, expect=expect, **answer)


# ------------------------------------------------------------------- constraints


O2, O4 = np.array([0.0, 0.0]), np.array([6.0, 0.0])
A0 = np.array([1.0, math.sqrt(3.0)])
L_AB = float(np.linalg.norm(np.array([2.93080248, 8.46049801]) - A0))


def right_phi(q):
    A, B = q[0:2], q[2:4]
    return [(A - O2) @ (A - O2) - 4.0, (B - A) @ (B - A) - L_AB**2, (B - O4) @ (B - O4) - 81.0]


def test_constraints_right_reordered_and_scaled(four_bar):
    model = four_bar[0]
    assert isinstance(check_constraints(model, right_phi), Right)

    def scaled(q):  # another order, other scales, one written as a length not a square
        f = right_phi(q)
        A = q[0:2]
        return [3.0 * f[2], np.linalg.norm(A - O2) - 2.0, -f[1]]

    assert isinstance(check_constraints(model, scaled), Right)


@pytest.mark.parametrize("wrong, expect", [
    (lambda q: right_phi(q)[:2], "'rocker: distance O4–B' is missing"),
    (lambda q: [right_phi(q)[0], right_phi(q)[2]], "'coupler: distance A–B' is missing"),
    (lambda q: [right_phi(q)[0], right_phi(q)[1], (q[2:4] - O4) @ (q[2:4] - O4) - 9.0], "equation 3 does not hold"),
    (lambda q: right_phi(q) + [2.0 * right_phi(q)[0]], "redundant"),
    (lambda q: right_phi(q) + [0.0 * q[0]], "zero everywhere"),
    (lambda q: [1 / 0], "raised ZeroDivisionError"),
    (lambda q: ["x_A"], "list of numbers"),
])
def test_constraints_diagnoses(four_bar, wrong, expect):
    rejected(check_constraints, four_bar[0], wrong, expect=expect)


def test_jacobian_and_gamma(four_bar):
    model, q, qd = four_bar
    J = model.jacobian(q, model.input_values(q))[:3]
    assert isinstance(check_jacobian(model, q, J), Right)
    rejected(check_jacobian, model, q, J.T, expect="transpose")
    rejected(check_jacobian, model, q, 0.5 * J, expect="half")
    wrong = J.copy()
    wrong[1] *= -1.0
    rejected(check_jacobian, model, q, wrong, expect="row 'coupler: distance A–B' has the wrong sign")
    wrong = J.copy()
    wrong[2, 3] += 1.0
    rejected(check_jacobian, model, q, wrong, expect="y_B is too large")
    gamma = model.gamma(q, qd, model.input_values(q), model.input_rates(q, qd), {"crank": 0.0})[:3]
    assert isinstance(check_gamma(model, q, qd, gamma), Right)
    rejected(check_gamma, model, q, qd, -gamma, expect="wrong sign")
    rejected(check_gamma, model, q, qd, 2 * gamma, expect="twice")


# -------------------------------------------------------------------- kinematics


def test_position_and_assembly_mode(four_bar):
    model, q, _ = four_bar
    assert isinstance(check_position(model, {"crank": 1.0}, q), Right)
    crossed = solve_position(model, {"crank": 1.0}, guess=[q[0], q[1], 6.0, -8.0]).q
    assert abs(crossed[3] - q[3]) > 1.0  # the other assembly mode, B below the ground line
    rejected(check_position, model, {"crank": 1.0}, crossed, expect="another assembly mode")
    at_degrees = solve_position(model, {"crank": math.radians(1.0)}).q
    rejected(check_position, model, {"crank": 1.0}, at_degrees, expect="not at the input asked")
    rejected(check_position, model, {"crank": 1.0}, q + [0.0, 0.0, 0.1, 0.0], expect="not assembled")
    rejected(check_position, model, {"crank": 1.0}, q[:3], expect="shape")


def test_newton_step(four_bar):
    model = four_bar[0]
    inputs, guess = {"crank": 1.0}, model.reference_q
    q1 = newton_step(model, inputs, guess)
    assert isinstance(check_newton_step(model, inputs, guess, q1), Right)
    rejected(check_newton_step, model, inputs, guess, 2 * guess - q1, expect="wrong way")
    rejected(check_newton_step, model, inputs, guess, q1 - guess, expect="that is the correction")
    rejected(check_newton_step, model, inputs, guess, solve_position(model, inputs, guess).q, expect="converged")
    wrong = q1.copy()
    wrong[2] += 0.05
    rejected(check_newton_step, model, inputs, guess, wrong, expect="x_B")


def test_velocity_and_acceleration(four_bar):
    model, q, qd = four_bar
    assert isinstance(check_velocity(model, q, {"crank": 2.0}, qd), Right)
    rejected(check_velocity, model, q, {"crank": 2.0}, -qd, expect="wrong sign")
    rejected(check_velocity, model, q, {"crank": 2.0}, qd * 180 / math.pi, expect="degrees")
    rejected(check_velocity, model, q, {"crank": 2.0}, qd * 60 / (2 * math.pi), expect="revolutions per minute")
    rejected(check_velocity, model, q, {"crank": 2.0}, qd[::-1], expect="q̇")
    qdd = solve_acceleration(model, q, qd, {"crank": 0.5})
    assert isinstance(check_acceleration(model, q, qd, {"crank": 0.5}, qdd), Right)
    no_gamma = solve_velocity(model, q, {"crank": 0.5})
    rejected(check_acceleration, model, q, qd, {"crank": 0.5}, no_gamma, expect="leaves out γ")
    rejected(check_acceleration, model, q, qd, {"crank": 0.5}, -qdd, expect="wrong sign")


# ---------------------------------------------------------------------- dynamics


BAR = dict(mass=3.0, length=2.0, inertia=3.0 * 4.0 / 12)


def test_mass_matrix():
    M = bar_mass_matrix(**BAR)
    assert isinstance(check_mass_matrix(M, **BAR), Right)
    # against the closed form of a uniform bar: m/6 [[2, 0, 1, 0], ...] (natural coordinates)
    closed = BAR["mass"] / 6.0 * np.array([[2, 0, 1, 0], [0, 2, 0, 1], [1, 0, 2, 0], [0, 1, 0, 2]])
    assert np.allclose(M, closed, rtol=1e-14, atol=1e-14)
    wrong = M.copy()
    wrong[0, 2] += 0.1
    rejected(check_mass_matrix, wrong, **BAR, expect="not symmetric")
    rejected(check_mass_matrix, bar_mass_matrix(3.0, 2.0, BAR["inertia"] + 3.0), **BAR, expect="end point")
    rejected(check_mass_matrix, 2 * M, **BAR, expect="add up to")
    wrong = M.copy()
    wrong[[0, 1], [1, 0]] = 0.2
    rejected(check_mass_matrix, wrong, **BAR, expect="row 'x_i'")


def test_precession():
    top = dict(mass=1.0, radius=0.1, arm=0.2, theta=math.pi / 3, spin=100.0)
    assert isinstance(check_precession(4.976562341327602, **top), Right)
    rejected(check_precession, 18.552849423378277, **top, expect="fast precession")
    rejected(check_precession, 1.0 * 9.81 * 0.2 / (0.5 * 0.01 * 100.0), **top, expect="gyroscopic approximation")
    rejected(check_precession, -4.976562341327602, **top, expect="wrong sign")
    rejected(check_precession, 4.976562341327602 * 180 / math.pi, **top, expect="degrees")
    rejected(check_precession, 5.5, **top, expect="too large")


# --------------------------------------------------------------------- rotations


def test_euler_parameters():
    from mbtools.exercises import check_euler_parameters
    from mbtools.exercises.rotations import euler_parameters

    axis, angle = (1.0, 2.0, 2.0), 0.8
    e = euler_parameters(axis, angle)
    assert np.isclose(np.linalg.norm(e), 1.0) and np.isclose(e[0], math.cos(0.4))
    assert np.allclose(e[1:] / np.linalg.norm(e[1:]), np.array(axis) / 3.0)
    assert isinstance(check_euler_parameters(e, axis=axis, angle=angle), Right)
    assert isinstance(check_euler_parameters(-e, axis=axis, angle=angle), Right)  # −e: the same rotation
    u = np.array(axis) / 3.0
    rejected(check_euler_parameters, [math.cos(0.8), *(math.sin(0.8) * u)], axis=axis, angle=angle, expect="whole angle")
    rejected(check_euler_parameters, np.roll(e, -1), axis=axis, angle=angle, expect="scalar part last")
    rejected(check_euler_parameters, [math.cos(0.4), *(math.sin(0.4) * np.array(axis))], axis=axis, angle=angle,
             expect="unit vector")
    rejected(check_euler_parameters, euler_parameters(axis, math.degrees(angle)), axis=axis, angle=angle,
             expect="degrees")
    rejected(check_euler_parameters, [1.0, 0.0, 0.0, 0.0], axis=axis, angle=angle, expect="e1")


def test_angular_velocity_from_euler_parameters():
    """ω = 2 E ė against vee(Ṙ Rᵀ) of scipy's rotation of the same quaternion (scalar last
    there), Ṙ by central differences (h = 1e-6: error ~1e-10, tolerance 1e-7); the named
    mistakes, and data that are not Euler parameters, refused."""
    from scipy.spatial.transform import Rotation

    from mbtools.errors import InputError
    from mbtools.exercises import check_angular_velocity_from_parameters
    from mbtools.exercises.rotations import euler_parameters, parameter_rate_matrices

    def e_of(t):   # 0.7 + t rad about (1, 2, 2), then 0.3 − 2t about the fixed z
        a, b = euler_parameters((1.0, 2.0, 2.0), 0.7 + t), euler_parameters((0.0, 0.0, 1.0), 0.3 - 2 * t)
        return np.concatenate([[b[0] * a[0] - b[1:] @ a[1:]], b[0] * a[1:] + a[0] * b[1:] + np.cross(b[1:], a[1:])])

    def matrix(t):
        e = e_of(t)
        return Rotation.from_quat([*e[1:], e[0]]).as_matrix()

    h = 1e-6
    e, e_dot = e_of(0.0), (e_of(h) - e_of(-h)) / (2 * h)
    W = (matrix(h) - matrix(-h)) / (2 * h) @ matrix(0.0).T
    omega = np.array([W[2, 1], W[0, 2], W[1, 0]])
    E, G = parameter_rate_matrices(e)
    assert np.allclose(2 * E @ e_dot, omega, atol=1e-7)
    assert np.allclose(2 * G @ e_dot, matrix(0.0).T @ omega, atol=1e-7)      # the body frame's
    e_dot = e_dot - (e @ e_dot) * e                                            # eᵀė = 0 to round-off
    assert isinstance(check_angular_velocity_from_parameters(2 * E @ e_dot, e=e, e_dot=e_dot), Right)
    rejected(check_angular_velocity_from_parameters, 2 * G @ e_dot, e=e, e_dot=e_dot, expect="body's frame")
    rejected(check_angular_velocity_from_parameters, E @ e_dot, e=e, e_dot=e_dot, expect="half the answer")
    rejected(check_angular_velocity_from_parameters, -2 * E @ e_dot, e=e, e_dot=e_dot, expect="wrong sign")
    with pytest.raises(InputError, match="norm 1"):
        check_angular_velocity_from_parameters(..., e=2 * e, e_dot=e_dot)
    with pytest.raises(InputError, match="eᵀė = 0"):
        check_angular_velocity_from_parameters(..., e=e, e_dot=e_dot + e)


def test_check_array():
    from mbtools.exercises import check_array

    assert isinstance(check_array([[1.0, 2.0]], np.array([[1.0, 2.0]]), "M"), Right)
    rejected(check_array, [1.0, 3.0], np.array([1.0, 2.0]), "r", ["x", "y"], expect="y is too large by 50%")
    rejected(check_array, [[1.0, -2.0]], np.array([[1.0, 2.0]]), "M", ["a", "b"], ["r1"], expect="b has the wrong sign")


def test_counts_euler_normalisation_and_transpose():
    from mbtools.exercises import check_array

    rejected(check_counts, examples.rscr(), "reference_point_euler_parameters", constraints=17, expect="normalisation")
    R = np.array([[0.0, -1.0], [1.0, 0.0]])
    rejected(check_array, R.T, R, "R", expect="transpose")


def test_counts_rank():
    assert isinstance(check_counts(examples.rscr(), "natural", rank=11), Right)
    rejected(check_counts, examples.rscr(), "natural", rank=13, expect="number of equations")
    rejected(check_counts, examples.rscr(), "natural", rank=12, expect="number of coordinates")
    rejected(check_counts, examples.rscr(), "natural", rank=10, expect="too small")


def test_pendulum_period():
    from scipy.integrate import solve_ivp

    from mbtools.exercises import check_pendulum_period
    from mbtools.exercises.dynamics import pendulum_period

    # against the equation of motion θ̈ = −(g/L) sin θ integrated from rest at 90°: the bottom at T/4
    quarter = solve_ivp(lambda t, y: [y[1], -9.81 * math.sin(y[0])], (0, 1), [math.pi / 2, 0.0], rtol=1e-12,
                        atol=1e-12, events=lambda t, y: y[0]).t_events[0][0]
    assert abs(quarter - pendulum_period(1.0, math.pi / 2) / 4) < 1e-9
    data = dict(length=1.0, amplitude=math.pi / 2, fraction=0.25)
    assert isinstance(check_pendulum_period(quarter, **data), Right)
    rejected(check_pendulum_period, 4 * quarter, **data, expect="whole period")
    rejected(check_pendulum_period, 2 * math.pi * math.sqrt(1 / 9.81) / 4, **data, expect="small-swing")
    from scipy.special import ellipk
    rejected(check_pendulum_period, math.sqrt(1 / 9.81) * ellipk(math.sin(math.pi / 4)), **data, expect="m = k²")
    rejected(check_pendulum_period, 2 * quarter, **data, expect="half the period")


def test_unanswered_is_pending(four_bar):
    from mbtools.exercises import Pending, check_array, check_euler_parameters, check_pendulum_period

    model, q, qd = four_bar
    for result in (check_number(..., 1.0, "x"), check_counts(examples.four_bar(), "basic", coordinates=...),
                   check_constraints(model, ...), check_jacobian(model, q, ...), check_gamma(model, q, qd, ...),
                   check_position(model, {"crank": 1.0}, ...), check_newton_step(model, {"crank": 1.0}, q, ...),
                   check_velocity(model, q, {"crank": 1.0}, ...), check_acceleration(model, q, qd, {"crank": 0.0}, ...),
                   check_mass_matrix(..., **BAR), check_array(..., np.zeros(2), "r"),
                   check_precession(..., mass=1.0, radius=0.1, arm=0.2, theta=1.0, spin=100.0),
                   check_euler_parameters(..., axis=(0, 0, 1), angle=1.0),
                   check_pendulum_period(..., length=1.0, amplitude=1.0)):
        assert isinstance(result, Pending) and "in place of ..." in repr(result)
    # a count given with another still pending is checked
    rejected(check_counts, examples.four_bar(), "basic", coordinates=8, dof=..., expect="ground's points")
