"""Through singular positions, where tools fail silently.

* A branch point: the parallelogram four-bar (2, 6, 2, 6) folds flat at θ = 0, where
  its parallelogram and antiparallelogram branches cross. A sweep through it must stay
  on the branch it started on, and say that it met a singular position.
* A dead point: a triple-rocker driven to the limit of its swing (tested in
  test_errors.py) and approached in small steps here.
"""

import math
import warnings

import numpy as np
import pytest

from mbtools import SingularPositionWarning, examples, formulate, solve_velocity, sweep_position


def test_parallelogram_sweep_keeps_its_branch_through_the_branch_point():
    model = formulate(examples.four_bar(crank=2, coupler=6, rocker=2, ground=6), "basic")
    angles = np.radians(np.arange(60.0, -300.0, -5.0))  # crosses θ = 0 and θ = −180°
    with pytest.warns(SingularPositionWarning, match="met singular positions"):
        sweep = sweep_position(model, "crank", angles)
    for theta, q in zip(angles, sweep.q):
        A = 2 * np.array([math.cos(theta), math.sin(theta)])
        np.testing.assert_allclose(model.point(q, "B"), A + [6.0, 0.0], atol=1e-5)  # parallelogram
    flagged = np.degrees(angles[sweep.singular])
    np.testing.assert_allclose(np.sort(flagged), [-180.0, 0.0])


def test_parallelogram_velocity_is_refused_at_the_branch_point():
    from mbtools import SingularJacobianError, solve_position

    model = formulate(examples.four_bar(crank=2, coupler=6, rocker=2, ground=6), "basic")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SingularPositionWarning)
        result = solve_position(model, {"crank": 0.0})
    assert result.singular
    with pytest.raises(SingularJacobianError):
        solve_velocity(model, result.q, {"crank": 1.0})


def test_approaching_a_dead_point_velocities_grow_but_stay_correct():
    # triple-rocker 5-2-4-6: limit at acos(25/60); the rocker rate grows like 1/sqrt(distance)
    model = formulate(examples.four_bar(crank=5, coupler=2, rocker=4, ground=6), "basic")
    limit = math.acos(25 / 60)
    angles = limit - np.array([1e-1, 1e-2, 1e-3, 1e-4])
    sweep = sweep_position(model, "crank", np.concatenate([[1.0], angles]))
    from mbtools import closed_forms

    for theta, q in zip(angles, sweep.q[1:]):
        ref = closed_forms.four_bar(theta, 5, 2, 4, 6, assembly="open", omega2=1.0)
        qd = solve_velocity(model, q, {"crank": 1.0})
        vB = model.point_velocity(q, qd, "B")
        # accuracy degrades like the condition number (~1e4 at 1e-4 rad from the limit)
        np.testing.assert_allclose(vB, ref["vB"], rtol=1e-6, atol=1e-9 * np.abs(ref["vB"]).max())
    assert not sweep.singular[:-1].any()
