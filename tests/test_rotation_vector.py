"""Reference-point coordinates with the rotation vector (``rotation="rotation_vector"``):
R = exp(θ̃) by Rodrigues' formula with coefficients α(s) = sin √s/√s and
β(s) = (1 − cos √s)/s written as smooth functions of s = θ·θ
(:mod:`mbtools.coordinates.rotation_vector`).

Checked here: the coefficients and their derivatives against mpmath on both sides of
their switch points; R a rotation at θ = 0, tiny θ, ordinary θ and near a half turn, and
the same rotation as Euler parameters and scipy give; kinematics and dynamics against
Euler parameters and natural coordinates; the mass matrix against T I⁰ Tᵀ; the
explanation of the whole-turn singularity; the refusal of an unknown rotation.
"""

from __future__ import annotations

import math
import warnings

import mpmath
import numpy as np
import pytest
import sympy as sp
from scipy.spatial.transform import Rotation

from mbtools import MechanismError, MultibodySystem, SingularJacobianError, examples, formulate, simulate, \
    solve_velocity
from mbtools.coordinates import rotation_vector as rv
from mbtools.coordinates.reference_point import euler_parameters_matrix
from mbtools.dynamics.mass import mass_matrix
from mbtools.examples.tops import heavy_top
from mbtools.kinematics import sweep_position, tangent_operator
from mbtools.model.jets import variables

THETA = sp.symbols("theta1:4", real=True)
R_COMPILED = sp.lambdify([THETA], list(rv.rotation_vector_matrix(*THETA)), "numpy", cse=True)
AXES = [np.array([1.0, 0.0, 0.0]), np.array([0.0, 0.0, -1.0]), np.array([2.0, -1.0, 2.0]) / 3.0] + \
    [v / np.linalg.norm(v) for v in np.random.default_rng(7).normal(size=(12, 3))]


def frame(theta) -> np.ndarray:
    """R(θ) as the model computes it: the compiled sympy expression."""
    return np.array(R_COMPILED(np.asarray(theta, dtype=float)), dtype=float).reshape(3, 3)


def reference(kind: str, order: int, s: float) -> float:
    """f⁽ⁿ⁾(s) from the closed forms in 50-digit mpmath, differentiated by mpmath.diff: an
    independent computation (no series, no recurrence). At s < 0 (the difference stencil
    near 0) √s is imaginary and the functions stay real: the real part is taken."""
    with mpmath.workdps(50):
        def f(t):
            if t == 0:
                return mpmath.mpf(1) if kind == "a" else mpmath.mpf(1) / 2
            r = mpmath.sqrt(t)
            return mpmath.sin(r) / r if kind == "a" else 2 * mpmath.sin(r / 2) ** 2 / t
        value = f(mpmath.mpf(s)) if order == 0 else mpmath.diff(f, mpmath.mpf(s), order)
        return float(mpmath.re(value))


# ---------------------------------------------------------------- the coefficients
@pytest.mark.parametrize("kind", ["a", "b"])
@pytest.mark.parametrize("order", [0, 1, 2, 3])
def test_coefficients_and_their_derivatives_match_mpmath_on_both_sides_of_the_switch(kind, order):
    """|f⁽ⁿ⁾(s) − mpmath| ≤ 2e-15 |f⁽ⁿ⁾(0)|, n ≤ 3, at s from 0 to 400, on both sides of the
    switch point S = (n + 1)² (one ulp either side of it too). The functions are O(|f⁽ⁿ⁾(0)|)
    and each branch is a few roundings of such numbers (the series' truncation is below
    1e-20 of it, the recurrences lose < 1e-15 of it from S on); measured ≤ 1e-15 on a grid
    of 3000 points. The value at 0 is exact: (−1)ⁿ n!/(2n + 1)! or n!/(2n + 2)!."""
    switch = rv.series_below(order)
    scale = abs(float(rv.value_at_zero(kind, order)))
    points = [1e-300, 1e-18, 1e-9, 1e-5, 0.3, 0.5 * switch, np.nextafter(switch, 0.0), switch,
              np.nextafter(switch, 2 * switch), switch * (1 + 1e-9), 2 * switch, math.pi ** 2, 39.0, 100.0, 400.0]
    for s in points:
        value = float(rv.coefficient_values(kind, order, s))
        assert abs(value - reference(kind, order, s)) <= 2e-15 * scale, (kind, order, s)
    assert float(rv.coefficient_values(kind, order, 0.0)) == float(rv.value_at_zero(kind, order))
    values = rv.coefficient_values(kind, order, np.array(points))  # vectorised: the same numbers
    assert np.array_equal(values, [rv.coefficient_values(kind, order, s) for s in points])


def test_the_series_truncation_is_below_1e_20_at_each_switch_point():
    """The first term each series leaves out, at its switch point, against |f⁽ⁿ⁾(0)| (exact
    rationals): what makes the series' error negligible against a double's 1.1e-16."""
    from fractions import Fraction

    for kind in "ab":
        for order in range(6):
            terms, switch = rv.series_terms(kind, order), Fraction(rv.series_below(order))
            k = order + terms
            left_out = Fraction(math.factorial(k), math.factorial(k - order) * math.factorial(2 * k + rv.KINDS[kind]))
            assert left_out * switch ** terms < Fraction(1, 10**20) * abs(rv.value_at_zero(kind, order))
    assert (rv.series_terms("a", 0), rv.series_terms("b", 0), rv.series_below(0)) == (11, 10, 1.0)


@pytest.mark.parametrize("kind", ["a", "b"])
def test_complex_step_and_jets_give_the_next_derivatives(kind):
    """Im f⁽ⁿ⁾(s + ih)/h = f⁽ⁿ⁺¹⁾(s) (the complex step the model takes on compiled
    Jacobians) and a jet through f⁽ⁿ⁾ carries f⁽ⁿ⁺¹⁾, f⁽ⁿ⁺²⁾ (its second derivatives), on
    both sides of the switch, at s = 0 exactly too; 2e-15 |f⁽ⁿ⁺¹⁾(0)| as above."""
    h = 1e-30
    for order in range(3):
        scale = abs(float(rv.value_at_zero(kind, order + 1)))
        for s in (0.0, 1e-12, 0.9, 1.1, 3.9, 4.1, 8.9, 9.1, 30.0):
            step = rv.coefficient_values(kind, order, complex(s, h)).imag / h
            assert abs(step - rv.coefficient_values(kind, order + 1, s)) <= 2e-15 * scale, (order, s)
            (x,) = variables(np.array([s]))
            jet = rv.coefficient_values(kind, order, x)
            assert jet.value == rv.coefficient_values(kind, order, s)
            assert jet.gradient[0] == rv.coefficient_values(kind, order + 1, s)
            assert jet.hessian[0, 0] == rv.coefficient_values(kind, order + 2, s)


def test_the_sympy_functions_differentiate_evaluate_and_print():
    """fdiff gives the next order, exact at 0; evalf sums the series in mpmath (20 digits
    against the closed form); LaTeX prints α, β′; count_ops and Poly see them."""
    s = sp.Symbol("s", positive=True)
    alpha, beta = rv.rodrigues_coefficient("a"), rv.rodrigues_coefficient("b")
    assert alpha(s).diff(s, 3) == rv.rodrigues_coefficient("a", 3)(s)
    assert (alpha(0), beta(0), alpha(s).diff(s).subs(s, 0), beta(s).diff(s, 2).subs(s, 0)) == \
        (1, sp.Rational(1, 2), sp.Rational(-1, 6), sp.Rational(2, 720))
    closed = (sp.sin(sp.sqrt(s)) / sp.sqrt(s)).diff(s)
    assert abs(sp.N(alpha(s).diff(s).subs(s, 2), 30) - sp.N(closed.subs(s, 2), 30)) < 1e-28
    assert sp.latex(beta(s).diff(s)) == r"\beta'\left(s\right)"
    assert "RODRIGUES_A" in str(sp.count_ops(alpha(s) * s, visual=True))
    assert rv.rodrigues_b_2 is rv.rodrigues_coefficient("b", 2)  # importable by name
    model = formulate(examples.rssr(), "reference_point", rotation="rotation_vector")
    assert model.equation_degree is None and not model.is_quadratic


# ---------------------------------------------------------------- R(θ)
@pytest.mark.parametrize("phi", [0.0, 1e-12, 1e-9, 1e-5, 0.3, 1.0 - 1e-12, 1.0, 1.0 + 1e-12, 1.7, 2.0])
def test_frame_is_a_rotation_to_1e_15_up_to_two_radians(phi):
    """‖RᵀR − I‖ and |det R − 1| ≤ 1e-15 about 15 axes, at θ = 0 (R = I exactly), at tiny
    θ, across the switch of α and β at φ = 1 rad and at ordinary angles: every term of R
    is at most 1 here, each entry a few roundings (measured ≤ 6.7e-16 over 2000 axes).
    R agrees with scipy's rotation vector and with Euler parameters (cos φ/2, sin φ/2 u),
    independent codes, to 1e-15."""
    for u in AXES:
        R = frame(phi * u)
        assert np.abs(R.T @ R - np.eye(3)).max() <= 1e-15
        assert abs(np.linalg.det(R) - 1.0) <= 1e-15
        assert np.abs(R - Rotation.from_rotvec(phi * u).as_matrix()).max() <= 1e-15
        e = np.concatenate([[math.cos(0.5 * phi)], math.sin(0.5 * phi) * u])
        assert np.abs(R - np.array(euler_parameters_matrix(*e), dtype=float)).max() <= 1e-15
    assert np.array_equal(frame(np.zeros(3)), np.eye(3))


@pytest.mark.parametrize("phi", [2.5, 3.0, math.pi - 1e-7, math.pi])
def test_frame_is_a_rotation_near_a_half_turn(phi):
    """Near φ = π the terms of R grow to 1 + sin φ + (1 − cos φ) ≈ 3 (β φ² = 2): each
    entry carries ~3 roundings of numbers up to 2 (≤ 6.7e-16) and RᵀR sums three products
    of them, so 2.5e-15 bounds ‖RᵀR − I‖ (measured ≤ 1.8e-15 over 2000 axes); R against
    Euler parameters to the same bound."""
    for u in AXES:
        R = frame(phi * u)
        assert np.abs(R.T @ R - np.eye(3)).max() <= 2.5e-15
        assert abs(np.linalg.det(R) - 1.0) <= 2.5e-15
        e = np.concatenate([[math.cos(0.5 * phi)], math.sin(0.5 * phi) * u])
        assert np.abs(R - np.array(euler_parameters_matrix(*e), dtype=float)).max() <= 2.5e-15


def test_mass_matrix_is_m_and_t_inertia_t_transposed():
    """The top in the rotation vector: M = diag(m I, T I⁰ Tᵀ) (ω = T θ̇ in space, Ω = Tᵀ θ̇
    in the body, T the tangent operator of mbtools.kinematics, written independently),
    and model.angular_velocity = T θ̇: 1e-14 of the block's size, at θ = 0 exactly, tiny,
    ordinary and past a half turn (measured ≤ 3e-16)."""
    model = formulate(heavy_top(), "reference_point", rotation="rotation_vector")
    properties = model.mechanism.bodies["top"].mass
    inertia = np.asarray(properties.inertia, dtype=float)
    rng = np.random.default_rng(3)
    for theta in (np.zeros(3), np.array([1e-9, -2e-9, 5e-10]), np.array([0.3, -0.2, 0.9]),
                  np.array([2.0, 1.0, -1.5]), 6.0 * np.array([0.6, 0.0, 0.8])):
        q = np.concatenate([rng.normal(size=3), theta])
        M, T = mass_matrix(model, q), tangent_operator(theta)
        rotational = T @ inertia @ T.T
        assert np.abs(M[:3, :3] - properties.mass * np.eye(3)).max() <= 1e-14 * properties.mass
        assert np.abs(M[3:, 3:] - rotational).max() <= 1e-14 * np.abs(rotational).max()
        assert np.abs(M[:3, 3:]).max() <= 1e-14 * properties.mass
        qd = rng.normal(size=6)
        assert np.abs(model.angular_velocity(q, qd, "top") - T @ qd[3:]).max() <= 1e-14 * np.abs(qd).max()


@pytest.mark.parametrize("theta", [(0.0, 0.0, 0.0), (1e-9, -2e-9, 5e-10), (0.3, -0.2, 0.9), (2.0, 1.0, -1.5),
                                   (3.6, 0.0, 4.8)],
                         ids=["zero", "tiny", "series", "closed forms of R and R_q", "closed forms to third order"])
def test_second_and_third_derivatives_of_the_frame_match_differences(theta):
    """R_qq (jets through the compiled R) against central differences of the exact R_q, and
    R_qqq (the complex step on the jets) against differences of R_qq, at θ = 0 exactly,
    where each coefficient is its series, and where they are closed forms (s = 7.25, 36):
    within 1e-7 of the largest entry (steps of 6e-6: truncation ~4e-11, round-off ~2e-11
    relative, as in test_pose_force_jacobians)."""
    from mbtools.dynamics.differences import difference_quotients

    model = formulate(heavy_top(), "reference_point", rotation="rotation_vector")
    q = np.concatenate([[0.1, -0.2, 0.3], theta])
    frame_qq = model.placement_hessian(q, "top")[1]
    differences = difference_quotients(lambda x: model.placement_jacobian(x, "top")[1], q, 1.0).reshape(frame_qq.shape)
    assert np.abs(frame_qq - differences).max() < 1e-7 * np.abs(differences).max()
    d = model.placement_derivatives(q, "top", third=True)

    def local_hessian(x):
        moved = q.copy()
        moved[d.columns] = x
        return model.placement_derivatives(moved, "top").frame_qq

    third = difference_quotients(local_hessian, q[d.columns], 1.0).reshape(d.frame_qqq.shape)
    assert np.abs(d.frame_qqq - third).max() < 1e-7 * np.abs(third).max()


# ---------------------------------------------------------------- kinematics
def test_cardan_joint_sweeps_as_in_euler_parameters():
    """The Cardan joint over 0–350° of its input (a whole turn would reach ‖θ‖ = 2π, see
    below): every point within 1e-9 of Euler parameters (each solve is converged to
    1e-10 or better; measured 6e-13), velocities of points and the output shaft's angular
    velocity within 1e-9 per unit input rate. The first position is the drawing, θ = 0."""
    phi1 = np.radians(np.arange(0.0, 351.0, 7.5))
    runs = {}
    for rotation in ("rotation_vector", "euler_parameters"):
        model = formulate(examples.cardan_joint(), "reference_point", rotation=rotation)
        start = model.input_values(model.reference_q)["input"]
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            runs[rotation] = model, sweep_position(model, "input", start + phi1).q
    (model, q), (other, q_other) = runs["rotation_vector"], runs["euler_parameters"]
    assert np.abs(q[0, 3:6]).max() == 0.0 and np.abs(q[0, 9:12]).max() == 0.0
    for p in model.point_names:
        assert np.abs(model.point(q, p) - other.point(q_other, p)).max() < 1e-9, p
    for a, b in zip(q[::6], q_other[::6]):
        qd, qd_other = solve_velocity(model, a, {"input": 1.0}), solve_velocity(other, b, {"input": 1.0})
        for p in model.point_names:
            assert np.abs(model.point_velocity(a, qd, p) - other.point_velocity(b, qd_other, p)).max() < 1e-9
        assert np.abs(model.angular_velocity(a, qd, "shaft2") - other.angular_velocity(b, qd_other, "shaft2")).max() \
            < 1e-9


def test_rssr_sweeps_as_in_natural_coordinates():
    """The RSSR over a turn of its crank: the points within 1e-9 of natural coordinates."""
    angles = np.radians(np.arange(0.0, 360.0, 15.0))
    model = formulate(examples.rssr(), "reference_point", rotation="rotation_vector")
    natural = formulate(examples.rssr(), "natural")
    q, q_natural = sweep_position(model, "crank", angles).q, sweep_position(natural, "crank", angles).q
    for p in natural.point_names:
        assert np.abs(model.point(q, p) - natural.point(q_natural, p)).max() < 1e-9, p


def test_a_whole_turn_is_explained_by_name():
    """A whole turn of the Cardan joint's input brings both shafts to ‖θ‖ = 2π, where the
    tangent operator is singular: the position is flagged with the whole-turn explanation
    naming them, velocities are refused with it, and the explainer stays silent at the
    drawing and at a half turn; the same turn in Euler parameters is regular."""
    from mbtools import SingularPositionWarning, solve_position

    model = formulate(examples.cardan_joint(), "reference_point", rotation="rotation_vector")
    start = model.input_values(model.reference_q)["input"]
    before = sweep_position(model, "input", start + np.radians(np.arange(0.0, 351.0, 10.0))).q[-1]
    with pytest.warns(SingularPositionWarning, match=r"Whole turn: the rotation vectors of \['shaft1', 'shaft2'\]"):
        result = solve_position(model, {"input": start + 2 * math.pi}, guess=before)
    assert abs(np.linalg.norm(result.q[3:6]) - 2 * math.pi) < 1e-9
    with pytest.raises(SingularJacobianError, match=r"Whole turn: .*shaft1: ‖θ‖ = 6.28319 rad = 1 × 2π.*"
                                                    r"rotation='euler_parameters'"):
        solve_velocity(model, result.q, {"input": 1.0})
    explain = model.facts.explain_singularity
    q = model.reference_q.copy()
    assert explain(q) is None
    q[3:6] = [2 * math.pi - 1e-5, 0.0, 0.0]
    assert "['shaft1']" in explain(q)
    q[3:6] = [math.pi, 0.0, 0.0]
    assert explain(q) is None
    other = formulate(examples.cardan_joint(), "reference_point", rotation="euler_parameters")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        turned = solve_position(other, {"input": start + 2 * math.pi})
    assert not turned.singular


# ---------------------------------------------------------------- dynamics
def _top(rotation: str, t_end: float, omega, outputs: int):
    model = formulate(heavy_top(), "reference_point", rotation=rotation)
    return simulate(MultibodySystem(model), t_end, "multipliers", twist={"top": {"omega": omega, "point": ("O", (0, 0, 0))}},
                    t_eval=np.linspace(0.0, t_end, outputs), rtol=1e-11, progress=False)


def test_a_top_released_from_the_drawing_moves_as_in_euler_parameters():
    """The top released as drawn (θ = 0 exactly, so the first evaluations of every
    coefficient, derivative and jet are at s = 0) turning slowly, for 1 s, warnings as
    errors: no nan, G within 1e-8 m of Euler parameters (two integrations at rtol 1e-11 of
    a motion of 0.2 m, measured ~1e-11) and the energy conserved to 1e-9 of its largest
    kinetic energy (measured ~1e-11). ‖θ‖ stays below 2π."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        rv_run = _top("rotation_vector", 1.0, (1.0, -3.0, 0.5), 51)
    ep_run = _top("euler_parameters", 1.0, (1.0, -3.0, 0.5), 51)
    assert np.isfinite(rv_run.q).all() and np.abs(rv_run.q[0, 3:]).max() == 0.0
    assert np.linalg.norm(rv_run.q[:, 3:], axis=1).max() < 2 * math.pi - 0.5
    assert np.abs(rv_run.point("G") - ep_run.point("G")).max() < 1e-8
    system = rv_run.system
    kinetic = max(0.5 * qd @ system.mass_matrix(q) @ qd for q, qd in zip(rv_run.q, rv_run.qd))
    assert np.abs(rv_run.energy - rv_run.energy[0]).max() < 1e-9 * kinetic


def test_the_spinning_gyroscope_crosses_near_whole_turns_and_still_agrees():
    """The book's gyroscope (spin 100 rad/s: a turn every 63 ms) for 0.15 s: its rotation
    vector nears ‖θ‖ = 2π, where T is nearly singular and θ swings round to the shorter
    side; the integrator follows with smaller steps. G within 1e-8 m of Euler parameters
    and the three integrals within 1e-8 (the validation's bound for this top)."""
    from mbtools.analysis import gyroscope

    runs = {rotation: gyroscope.simulate_top("reference_point", rotation, -2.0, t_end=0.15, outputs=31)
            for rotation in ("rotation_vector", "euler_parameters")}
    (traj, motion, _), (other, _, _) = runs["rotation_vector"], runs["euler_parameters"]
    assert np.linalg.norm(traj.q[:, 3:], axis=1).max() > 5.5
    assert np.abs(traj.point("G") - other.point("G")).max() < 1e-8
    drift = max(float(np.abs(v - v[0]).max() / abs(v[0])) for v in (motion.energy, motion.hz, motion.h3))
    assert drift < 1e-8


# ---------------------------------------------------------------- options
def test_an_unknown_rotation_lists_the_three():
    with pytest.raises(MechanismError, match=r"rotation must be one of 'euler_angles', 'euler_parameters', "
                                             r"'rotation_vector', got 'quaternions'"):
        formulate(examples.rssr(), "reference_point", rotation="quaternions")
    with pytest.raises(MechanismError, match=r"rotation= .*the rotation vector.* spatial mechanisms only"):
        formulate(examples.four_bar(), "reference_point", rotation="rotation_vector")


def test_the_rotation_vector_counts_and_labels():
    """Three coordinates a body and no normalisation: the RSCR has the count of Euler
    angles; the model says which option it is in."""
    model = formulate(examples.rscr(), "reference_point", rotation="rotation_vector")
    angles = formulate(examples.rscr(), "reference_point", rotation="euler_angles")
    assert (model.n_coordinates, model.n_constraints) == (angles.n_coordinates, angles.n_constraints)
    assert model.facts.variant == "rotation_vector" and model.facts.label == "reference point (rotation vector)"
    assert [n for n in model.coordinate_names if n.endswith("_crank")][3:] == \
        ["theta1_crank", "theta2_crank", "theta3_crank"]
