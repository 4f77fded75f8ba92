"""RKMK4 (``mbtools.dynamics.lie_group``) on the hard heavy top (Arnold & Brüls): against
the Euler-parameter reference of the benchmarks (reference-point coordinates, rtol 1e-12,
itself within 1e-10 m of natural coordinates), over 0.5 s, 75 turns of the spin.

Tolerances: G within 1e-6 m at h = 2.5e-4 s (measured 4.4e-7; 7.1e-6 at 5e-4 and 2.7e-8
at 1.25e-4); halving h divides the error by 16 ± 3 (measured 16.1, 16.07: order 4); R
stays a rotation to 1e-13 (measured 7e-15) however long the run, where it is the method's
structure and not its accuracy that keeps it; energy within 1e-8 of itself at h = 2.5e-4
(measured 2.7e-9, order 4 too).
"""

import numpy as np
import pytest

from mbtools.analysis.benchmarks import GRAVITY, hard_top_reference
from mbtools.dynamics.lie_group import heavy_top_acceleration, rkmk4_step, rotation_rkmk4
from mbtools.errors import InputError
from mbtools.examples.tops import HARD_TOP_DATA

SPAN = 0.5
MASS, CENTRE = HARD_TOP_DATA["mass"], np.array(HARD_TOP_DATA["centre"])
INERTIA = np.diag(HARD_TOP_DATA["inertia"]) + MASS * (CENTRE @ CENTRE * np.eye(3) - np.outer(CENTRE, CENTRE))


def run(steps):
    acceleration = heavy_top_acceleration(INERTIA, MASS, CENTRE, (0.0, 0.0, -GRAVITY))
    return rotation_rkmk4(np.eye(3), np.array(HARD_TOP_DATA["omega"]), acceleration, SPAN / steps, steps)


def test_rkmk4_follows_the_euler_parameter_top_at_fourth_order():
    reference = hard_top_reference(10, SPAN)
    errors = []
    for steps in (1000, 2000):
        R, Omega = run(steps)
        errors.append(np.abs(R[::steps // 10] @ CENTRE - reference).max())
    assert errors[1] < 1e-6
    assert 13.0 < errors[0] / errors[1] < 19.0
    assert max(np.abs(r.T @ r - np.eye(3)).max() for r in R) < 1e-13
    energy = 0.5 * np.einsum("ni,ij,nj->n", Omega, INERTIA, Omega) + MASS * GRAVITY * (R @ CENTRE)[:, 2]
    assert np.ptp(energy) < 1e-8 * energy[0]


def test_a_free_symmetric_body_turns_about_its_fixed_axis_exactly():
    """No moment and Ω along a principal axis: Ω stays, R = exp(Ω̃ t) (to round-off)."""
    free = heavy_top_acceleration(np.diag([2.0, 2.0, 1.0]), 0.0, np.zeros(3), np.zeros(3))
    R, Omega = rkmk4_step(np.eye(3), np.array([0.0, 0.0, 3.0]), 0.7, free)
    assert np.abs(Omega - [0.0, 0.0, 3.0]).max() == 0.0
    assert np.abs(R[:2, :2] - [[np.cos(2.1), -np.sin(2.1)], [np.sin(2.1), np.cos(2.1)]]).max() < 1e-15


@pytest.mark.parametrize("h, steps", [(0.0, 10), (1e-3, 0), (1e-3, 2.5), (float("nan"), 10)])
def test_bad_steps_are_named(h, steps):
    with pytest.raises(InputError, match="step h > 0.*whole number of steps"):
        rotation_rkmk4(np.eye(3), np.zeros(3), lambda R, W: np.zeros(3), h, steps)


def test_runge_kutta_on_euler_parameters_is_as_accurate_but_leaves_the_rotations():
    """The comparison of chapter 10: classical RK4 on (e, Ω) reaches the same order-4
    accuracy on the hard top (measured 6.6e-6 m and 4.1e-7 m at h = 5e-4 and 2.5e-4 s,
    with G from R(e)/‖e‖²), but ‖e‖ drifts from 1 (2.0e-8 and 6.3e-10: a truncation
    effect, far above round-off), so that R(e) is a rotation only to that accuracy."""
    from mbtools.dynamics.lie_group import euler_parameters_rk4

    reference = hard_top_reference(10, SPAN)
    acceleration = heavy_top_acceleration(INERTIA, MASS, CENTRE, (0.0, 0.0, -GRAVITY))
    errors, drifts = [], []
    for steps in (1000, 2000):
        R, Omega, e = euler_parameters_rk4(np.eye(3), np.array(HARD_TOP_DATA["omega"]), acceleration, SPAN / steps,
                                           steps)
        norms = np.einsum("ni,ni->n", e, e)
        errors.append(np.abs((R @ CENTRE / norms[:, None])[::steps // 10] - reference).max())
        drifts.append(np.abs(np.sqrt(norms) - 1.0).max())
    assert errors[1] < 1e-6 and 13.0 < errors[0] / errors[1] < 19.0
    assert 1e-9 < drifts[0] < 1e-7 and drifts[1] < drifts[0] / 16
    with pytest.raises(InputError, match="whole number of steps"):
        euler_parameters_rk4(np.eye(3), np.zeros(3), acceleration, 0.1, 0)
