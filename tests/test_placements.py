"""Body placements, the part of the model contract dynamics builds on.

In every family, a body's placement (origin o(q) and frame R(q)) must put each point the
body lists where the model puts it, R must be a rotation, and the angular velocity read
from Ṙ Rᵀ must agree across families. Tolerances: 1e-9, the positions' accuracy after a
sweep (each solve to 1e-12 of the size).
"""

import math

import numpy as np
import pytest

from mbtools import formulate, solve_velocity, sweep_position
from mbtools.coordinates import VARIANTS
from mbtools.examples import EXAMPLES


def formulations(mechanism):
    if mechanism.dimension == 2:
        return [("relative", {}), ("reference_point", {}), ("basic", {}), ("natural", {})]
    return list(VARIANTS.values())


@pytest.mark.parametrize("example", sorted(EXAMPLES))
def test_placements_put_every_point_where_the_model_does(example):
    mechanism = EXAMPLES[example].build()
    for family, options in formulations(mechanism):
        model = formulate(mechanism, family, **options)
        name = model.input_names[0]
        start = model.input_values(model.reference_q)[name]
        for q in sweep_position(model, name, start + np.radians([0.0, 25.0, 50.0])).q:
            for body in model.body_names:
                placement = model.placement(q, body)
                if placement.frame is None:  # a spatial bar of two points: no spin
                    assert mechanism.dimension == 3 and family in ("basic", "natural")
                    continue
                R = placement.frame
                np.testing.assert_allclose(R.T @ R, np.eye(mechanism.dimension), atol=1e-9)
                assert np.linalg.det(R) == pytest.approx(1.0, abs=1e-9)
                for point, drawn in mechanism.bodies[body].points.items():
                    np.testing.assert_allclose(placement.place(drawn), model.point(q, point), atol=1e-9,
                                               err_msg=f"{example}, {family} {options}: {point} of {body}")


@pytest.mark.parametrize("example", sorted(EXAMPLES))
def test_angular_velocity_moves_the_points_of_its_body(example):
    """v_Q − v_P = ω × (r_Q − r_P) for every pair of points of a body, in every family
    (also where a bar's spin is idle: the spin moves no point of the bar)."""
    mechanism = EXAMPLES[example].build()
    for family, options in formulations(mechanism):
        model = formulate(mechanism, family, **options)
        name = model.input_names[0]
        q = sweep_position(model, name, model.input_values(model.reference_q)[name] + np.radians([0.0, 30.0])).q[-1]
        qd = solve_velocity(model, q, {name: 1.3})
        for body in model.body_names:
            if model.placement(q, body).frame is None:
                continue
            omega = model.angular_velocity(q, qd, body)
            points = list(mechanism.bodies[body].points)
            for p_name, q_name in zip(points, points[1:]):
                d = model.point(q, q_name) - model.point(q, p_name)
                dv = model.point_velocity(q, qd, q_name) - model.point_velocity(q, qd, p_name)
                expected = omega * np.array([-d[1], d[0]]) if mechanism.dimension == 2 else np.cross(omega, d)
                np.testing.assert_allclose(dv, expected, atol=1e-9, err_msg=f"{example} {family} {options} {body}")


@pytest.mark.parametrize("example", ["four_bar", "slider_crank", "cardan_joint"])
def test_angular_velocities_agree_across_families(example):
    mechanism = EXAMPLES[example].build()
    reference = None
    for family, options in formulations(mechanism):
        model = formulate(mechanism, family, **options)
        name = model.input_names[0]
        q = sweep_position(model, name, model.input_values(model.reference_q)[name] + np.radians([0.0, 30.0])).q[-1]
        qd = solve_velocity(model, q, {name: 1.3})
        omegas = {b: model.angular_velocity(q, qd, b) for b in model.body_names}
        reference = reference or omegas
        for body, omega in omegas.items():
            np.testing.assert_allclose(omega, reference[body], atol=1e-9, err_msg=f"{example} {family} {body}")


def test_the_crank_turns_at_the_input_rate():
    model = formulate(EXAMPLES["four_bar"].build(), "natural")
    q = model.reference_q
    qd = solve_velocity(model, q, {"crank": 2.5})
    assert model.angular_velocity(q, qd, "crank") == pytest.approx(2.5, abs=1e-12)
    assert model.angle(q, "O2", "A") == pytest.approx(model.input_values(q)["crank"], abs=1e-12)
    assert model.angle_rate(q, qd, "O2", "A") == pytest.approx(2.5, abs=1e-12)
    assert math.isfinite(model.angle_rate(q, qd, "A", "B"))
