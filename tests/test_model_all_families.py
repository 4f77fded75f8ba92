"""Every model, in every family, against finite differences of itself.

The cross-family test checks that the families agree with each other; this one checks
each model's own derivatives, so that an error shared by all of them (or one hidden by
an agreement of positions) still shows: Φ_q against central differences of Φ, the
Newton evaluation against Φ and Φ_q, q̇ and q̈ from the linear problems against central
differences of solved positions (compared on the named points, which idle freedoms do
not move), and Φ_t, γ as the right-hand sides they are.
Tolerances: h = 1e-6 on Φ (truncation ~h², round-off ~1e-10/h) gives 1e-6. Solved
positions carry ~1e-12 ℓ of solver error, so velocities take h = 1e-4 (1e-6) and
accelerations h = 1e-3 (truncation ~h² times a fourth derivative: 1e-4).
"""

import math

import numpy as np
import pytest

from mbtools.examples import EXAMPLES as REGISTRY
from mbtools import formulate, solve_acceleration, solve_position, solve_velocity

EXAMPLES = {name: example.build for name, example in REGISTRY.items()}  # the one registry
FAMILIES = {
    "relative": ("relative", {}),
    "euler-angles": ("reference_point", {"rotation": "euler_angles"}),
    "euler-parameters": ("reference_point", {"rotation": "euler_parameters"}),
    "rotation-vector": ("reference_point", {"rotation": "rotation_vector"}),
    "basic": ("basic", {}),
    "natural": ("natural", {}),
}
CASES = [(e, f) for e in EXAMPLES for f in FAMILIES
         if not (e in ("four-bar", "slider-crank") and f == "euler-parameters")
         and not (f == "rotation-vector" and e in ("four_bar", "slider_crank"))]  # planar: one angle


@pytest.fixture(params=CASES, ids=[f"{e}-{f}" for e, f in CASES], scope="module")
def model(request):
    example, family = request.param
    name, options = FAMILIES[family]
    mechanism = EXAMPLES[example]()
    if mechanism.dimension == 2 and name == "reference_point":
        options = {}  # a planar body has one angle
    return formulate(mechanism, name, **options)


def solved(model, value):
    name = model.input_names[0]
    q0 = solve_position(model, {name: model.input_values(model.reference_q)[name]}, guess=model.reference_q).q
    return solve_position(model, {name: value}, guess=q0).q


def test_jacobian_matches_central_differences(model):
    rng = np.random.default_rng(3)
    q = model.reference_q + rng.normal(scale=0.05, size=model.n_coordinates)
    inputs = {name: 0.3 for name in model.input_names}
    J, h = model.jacobian(q, inputs), 1e-6
    for k in range(model.n_coordinates):
        dq = np.zeros(model.n_coordinates)
        dq[k] = h
        column = (model.phi(q + dq, inputs) - model.phi(q - dq, inputs)) / (2 * h)
        np.testing.assert_allclose(J[:, k], column, atol=1e-6, err_msg=model.coordinate_names[k])
    phi, J_newton = model.newton_function(model.input_vector(inputs))(q)
    np.testing.assert_allclose(phi, model.phi(q, inputs), atol=1e-12)
    np.testing.assert_allclose(J_newton, J, atol=1e-12)


def test_point_velocities_and_accelerations_match_differences_of_positions(model):
    name = model.input_names[0]
    s0 = model.input_values(model.reference_q)[name] + 0.4
    sd, sdd = 1.3, -0.4
    s = lambda t: s0 + sd * t + 0.5 * sdd * t * t  # noqa: E731
    q0 = solved(model, s(0.0))
    qd = solve_velocity(model, q0, {name: sd})
    qdd = solve_acceleration(model, q0, qd, {name: sdd})
    # positions converge to ~1e-12 ℓ: h = 1e-4 for first differences, 1e-3 for second
    h, H = 1e-4, 1e-3
    qp, qm = (solve_position(model, {name: s(t)}, guess=q0).q for t in (h, -h))
    Qp, Qm = (solve_position(model, {name: s(t)}, guess=q0).q for t in (H, -H))
    for p in model.point_names:
        r0 = model.point(q0, p)
        np.testing.assert_allclose(model.point_velocity(q0, qd, p), (model.point(qp, p) - model.point(qm, p)) / (2 * h),
                                   atol=1e-6, err_msg=p)
        np.testing.assert_allclose(model.point_acceleration(q0, qd, qdd, p),
                                   (model.point(Qp, p) - 2 * r0 + model.point(Qm, p)) / H**2, atol=1e-4, err_msg=p)
    s0 = model.input_values(q0)
    J = model.jacobian(q0, s0)
    np.testing.assert_allclose(J @ qd, -model.phi_t(q0, s0, {name: sd}), atol=1e-10)
    np.testing.assert_allclose(J @ qdd, model.gamma(q0, qd, s0, {name: sd}, {name: sdd}), atol=1e-9)


def test_reference_drawing_satisfies_every_constraint(model):
    phi = model.phi(model.reference_q, model.reference_inputs())
    np.testing.assert_allclose(phi, 0.0, atol=1e-12)


def test_solved_position_satisfies_every_equation_set_aside_or_not(model):
    name = model.input_names[0]
    value = model.input_values(model.reference_q)[name] + math.radians(25.0)
    result = solve_position(model, {name: value}, guess=model.reference_q)
    assert np.abs(model.phi(result.q, {name: value})).max() < 1e-10 * max(1.0, model.length_scale) ** 2
    assert set(result.set_aside) <= set(model.constraint_names)
