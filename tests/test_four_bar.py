"""The four-bar in basic coordinates against the closed form (Freudenstein / Norton).

Positions, velocities and accelerations of A and B agree to 1e-9 (absolute, link
lengths of order 1–10) at 72 crank angles of a full turn, in both assembly modes, for
two Grashof crank-rockers. The Newton tolerance (‖Φ‖₂ ≤ 1e-12 ℓ²) leaves position
errors near 1e-13; the velocity and acceleration problems are linear solves whose
error is a few ulps times the condition number (≤ 1e3 here), so 1e-9 holds with
margin while still failing on any real mistake.
"""

import math

import numpy as np
import pytest

from mbtools import closed_forms, examples, formulate, solve_acceleration, solve_velocity, sweep_position

TOL = 1e-9
ANGLES = np.radians(np.arange(0.0, 360.0, 5.0))  # 72 angles
OMEGA, ALPHA = 1.7, -0.6
GEOMETRIES = [
    dict(crank=2.0, coupler=7.0, rocker=9.0, ground=6.0),
    dict(crank=1.0, coupler=3.2, rocker=2.5, ground=3.0),
]


@pytest.mark.parametrize("geometry", GEOMETRIES, ids=["2-7-9-6", "1-3.2-2.5-3"])
@pytest.mark.parametrize("assembly", ["open", "crossed"])
def test_four_bar_matches_closed_form_over_a_full_turn(geometry, assembly):
    model = formulate(examples.four_bar(**geometry, assembly=assembly), "basic")
    sweep = sweep_position(model, "crank", ANGLES)
    assert len(ANGLES) >= 36
    for theta, q in zip(ANGLES, sweep.q):
        ref = closed_forms.four_bar(theta, **geometry, assembly=assembly, omega2=OMEGA, alpha2=ALPHA)
        assert ref is not None
        qd = solve_velocity(model, q, {"crank": OMEGA})
        qdd = solve_acceleration(model, q, qd, {"crank": ALPHA})
        for point in ("A", "B"):
            np.testing.assert_allclose(model.point(q, point), ref[point], rtol=0, atol=TOL)
            np.testing.assert_allclose(model.point_velocity(q, qd, point), ref["v" + point], rtol=0, atol=TOL)
            np.testing.assert_allclose(
                model.point_acceleration(q, qd, qdd, point), ref["a" + point], rtol=0, atol=TOL
            )
    assert not sweep.singular.any()


def test_the_two_assembly_modes_are_mirror_images_about_the_line_A_O4():
    geometry = GEOMETRIES[0]
    theta = math.radians(40.0)
    positions = {}
    for assembly in ("open", "crossed"):
        model = formulate(examples.four_bar(**geometry, assembly=assembly), "basic")
        positions[assembly] = model.point(sweep_position(model, "crank", [theta]).q[0], "B")
    A = np.array([2 * math.cos(theta), 2 * math.sin(theta)])
    O4 = np.array([6.0, 0.0])
    e = (O4 - A) / np.linalg.norm(O4 - A)
    mirror = lambda p: A + 2 * np.dot(p - A, e) * e - (p - A)  # noqa: E731
    np.testing.assert_allclose(mirror(positions["open"]), positions["crossed"], atol=1e-12)
    assert not np.allclose(positions["open"], positions["crossed"])


def test_a_guess_near_the_other_mode_gives_the_other_mode():
    geometry = GEOMETRIES[0]
    theta = math.radians(100.0)
    from mbtools import solve_position

    model = formulate(examples.four_bar(**geometry, assembly="open"), "basic")
    crossed = closed_forms.four_bar(theta, **geometry, assembly="crossed")
    guess = model.guess_from_points({"A": crossed["A"] + 0.3, "B": crossed["B"] - 0.4})
    result = solve_position(model, {"crank": theta}, guess=guess)
    np.testing.assert_allclose(model.point(result.q, "B"), crossed["B"], atol=TOL)


def test_coupler_point_keeps_its_place_on_the_coupler():
    model = formulate(examples.four_bar(coupler_point=(3.0, 2.0)), "basic")
    sweep = sweep_position(model, "crank", ANGLES)
    for theta, q in zip(ANGLES, sweep.q):
        ref = closed_forms.four_bar(theta, **GEOMETRIES[0])
        A, B = ref["A"], ref["B"]
        e = (B - A) / 7.0
        P = A + 3.0 * e + 2.0 * np.array([-e[1], e[0]])
        np.testing.assert_allclose(model.point(q, "P"), P, atol=TOL)


def test_sweep_stays_on_its_branch_with_few_iterations():
    model = formulate(examples.four_bar(), "basic")
    sweep = sweep_position(model, "crank", np.radians(np.arange(0.0, 720.0, 1.0)))
    assert sweep.iterations.max() <= 4
    # after two turns the mechanism is back where it started
    np.testing.assert_allclose(sweep.q[0], sweep.q[360], atol=1e-12)
