"""The model's numbers against its own symbolic equations and against finite differences."""

import math

import numpy as np
import pytest
import sympy as sp

from mbtools import examples, formulate, solve_acceleration, solve_position, solve_velocity

EXAMPLES = {
    "four-bar": lambda: examples.four_bar(),
    "four-bar with coupler point": lambda: examples.four_bar(coupler_point=(3.0, 2.0)),
    "slider-crank": lambda: examples.slider_crank(offset=0.4),
}


@pytest.fixture(params=list(EXAMPLES), scope="module")
def model(request):
    return formulate(EXAMPLES[request.param](), "basic")


def random_state(model, seed=0):
    rng = np.random.default_rng(seed)
    q = model.reference_q + rng.normal(scale=0.3, size=model.n_coordinates)
    return q, {name: float(rng.uniform(-math.pi, math.pi)) for name in model.input_names}


def test_every_equation_is_at_most_quadratic(model):
    """The paper's claim for basic coordinates, checked on the equations themselves."""
    assert model.is_quadratic
    for eq in model.equations(numeric=True):
        assert sp.Poly(eq.lhs, *model.coordinate_symbols).total_degree() <= 2


def test_fast_quadratic_path_equals_the_symbolic_equations(model):
    for seed in range(5):
        q, inputs = random_state(model, seed)
        s = model.input_vector(inputs)
        phi, J = model.newton_function(s)(q)
        exprs = [eq.lhs for eq in model.equations(numeric=True)]
        subs = dict(zip(model.coordinate_symbols, q)) | {i.symbol: inputs[i.name] for i in model.inputs}
        expected = np.array([float(e.subs(subs)) for e in exprs])
        np.testing.assert_allclose(phi, expected, atol=1e-12)
        np.testing.assert_allclose(phi, model.phi(q, inputs), atol=1e-12)
        np.testing.assert_allclose(J, model.jacobian(q, inputs), atol=1e-12)


def test_jacobian_matches_central_differences(model):
    q, inputs = random_state(model, 7)
    h = 1e-6
    J = model.jacobian(q, inputs)
    for k in range(model.n_coordinates):
        dq = np.zeros(model.n_coordinates)
        dq[k] = h
        column = (model.phi(q + dq, inputs) - model.phi(q - dq, inputs)) / (2 * h)
        np.testing.assert_allclose(J[:, k], column, atol=1e-7)


def test_velocity_and_acceleration_match_differences_of_positions(model):
    """q̇ and q̈ from the linear problems against central differences of solved positions."""
    s0, sd, sdd = 0.7, 1.3, -0.4
    h = 1e-4
    s = lambda t: s0 + sd * t + 0.5 * sdd * t * t  # noqa: E731
    name = model.input_names[0]
    q0 = solve_position(model, {name: s(0.0)}).q
    qp = solve_position(model, {name: s(h)}, guess=q0).q
    qm = solve_position(model, {name: s(-h)}, guess=q0).q
    qd = solve_velocity(model, q0, {name: sd})
    qdd = solve_acceleration(model, q0, qd, {name: sdd})
    np.testing.assert_allclose(qd, (qp - qm) / (2 * h), atol=1e-6)
    np.testing.assert_allclose(qdd, (qp - 2 * q0 + qm) / h**2, atol=1e-4)


def test_newton_converges_quadratically(model):
    name = model.input_names[0]
    result = solve_position(model, {name: 2.0})
    residuals = [step.residual_norm for step in result.history]
    assert residuals[-1] <= 1e-12 * model.length_scale**2
    # each residual at most about the square of the one before (scaled), once close
    for before, after in zip(residuals[:-1], residuals[1:]):
        if before < 1e-2:
            assert after <= 10 * before**2 / model.length_scale**2 + 1e-13


def test_reference_drawing_satisfies_every_constraint(model):
    phi = model.phi(model.reference_q, model.reference_inputs())
    np.testing.assert_allclose(phi, 0.0, atol=1e-12)
    assert model.degrees_of_freedom(model.reference_q) == len(model.inputs) == 1


def test_input_rates_read_off_a_velocity(model):
    name = model.input_names[0]
    q = solve_position(model, {name: 0.9}).q
    qd = solve_velocity(model, q, {name: -2.5})
    np.testing.assert_allclose(list(model.input_rates(q, qd).values()), [-2.5], atol=1e-12)
    assert model.input_values(q)[name] == pytest.approx(0.9, abs=1e-12)


def test_points_accept_many_positions_at_once(model):
    q = np.stack([model.reference_q, model.reference_q + 1.0])
    for name in model.point_names:
        xy = model.point(q, name)
        assert xy.shape == (2, 2)
        np.testing.assert_allclose(xy[0], model.point(model.reference_q, name))


def test_solver_does_not_modify_the_guess(model):
    guess = model.reference_q.copy()
    solve_position(model, {model.input_names[0]: 1.5}, guess=guess)
    np.testing.assert_array_equal(guess, model.reference_q)


def test_phi_t_and_gamma_are_the_velocity_and_acceleration_right_hand_sides(model):
    name = model.input_names[0]
    q = solve_position(model, {name: 0.8}).q
    qd = solve_velocity(model, q, {name: 1.7})
    s = model.input_values(q)
    np.testing.assert_allclose(model.jacobian(q, s) @ qd, -model.phi_t(q, s, {name: 1.7}), atol=1e-12)
    qdd = solve_acceleration(model, q, qd, {name: -0.3})
    gamma = model.gamma(q, qd, s, {name: 1.7}, {name: -0.3})
    np.testing.assert_allclose(model.jacobian(q, s) @ qdd, gamma, atol=1e-10)


def test_pose_family_equations_display_with_short_numbers():
    """The relative and reference-point equations carry drawing values such as
    0.866025403784439; the display shows four significant digits and drops 1.0 factors,
    while the model keeps full precision."""
    import re

    from mbtools import display

    for family, options in (("relative", {}), ("reference_point", {"rotation": "euler_angles"})):
        model = formulate(examples.rscr(), family, **options)
        text = display.equations_markdown(model)
        assert not re.search(r"\d\.\d{5,}", text), family
        assert not re.search(r"(?<![\d.])1\.0 ", text), family
        full = display.equations_markdown(model, digits=None)
        assert re.search(r"\d\.\d{10,}", full), family


def test_volume_notation_names_the_points_of_its_expression():
    """Volumes are displayed in vector notation; it is written from the same four points
    as the expression, which must hold the coordinates of exactly those points."""
    import re

    for build in (examples.rscr, examples.ssc, examples.spatial_slider_crank):
        model = formulate(build(), "basic")
        volumes = [c for c in model.constraints if c.kind == "volume"]
        assert volumes
        for c in volumes:
            shown = set(re.findall(r"\\mathbf r_\{([^}]*)\}", c.notation))
            symbols = {str(s)[2:].replace("_", " ") for s in c.expression.free_symbols if str(s)[:2] in ("x_", "y_", "z_")}
            assert shown == symbols, c.name


@pytest.mark.parametrize("family", ["relative", "reference_point", "natural"])
def test_the_symbolic_jacobian_is_sympys(family):
    """Φ_q differentiates each equation by the coordinates it involves only (the others'
    derivatives are zero): the same matrix as sympy's own Jacobian, for trigonometric
    (relative, Euler angles) and polynomial (natural) equations of a spatial mechanism."""
    from mbtools.model.compiled import symbolic_jacobian

    model = formulate(examples.rscr(), family)
    exprs = [c.expression for c in model.constraints]
    ours = model.jacobian_symbolic()
    theirs = sp.Matrix(exprs).jacobian(model.coordinate_symbols)
    assert ours.shape == theirs.shape == (len(exprs), model.n_coordinates)
    assert (ours - theirs).applyfunc(sp.expand) == sp.zeros(*ours.shape)
    assert symbolic_jacobian(exprs, model.coordinate_symbols).shape == ours.shape
