"""The balancing figures (mbtools.viz.balancing): counterweights turn with their links,
the animation moves them, and the shaking panels draw every history."""

import matplotlib

matplotlib.use("Agg")

import numpy as np
import pytest

from mbtools import formulate
from mbtools.analysis.balancing import add_counterweights, force_balancing_counterweights, shaking_along, uniform_four_bar
from mbtools.dynamics import MultibodySystem
from mbtools.kinematics import sweep_position
from mbtools.viz import balancing as vb


def balanced_model():
    mechanism = uniform_four_bar()
    weights = force_balancing_counterweights(mechanism)
    return formulate(add_counterweights(mechanism, weights), "natural"), weights


def test_a_counterweight_turns_with_its_link_about_its_pivot():
    model, weights = balanced_model()
    q0 = model.reference_q
    for w in weights:
        assert np.allclose(vb.counterweight_position(model, q0, w), w.at, atol=1e-12)
    q = sweep_position(model, "crank", [2.0]).q[0]
    crank = weights[0]
    at = vb.counterweight_position(model, q, crank)
    assert abs(np.linalg.norm(at - model.point(q, "O2")) - crank.radius) < 1e-12
    # behind the pivot: opposite the crank pin A for the uniform four-bar
    direction = (model.point(q, "A") - model.point(q, "O2")) / 2.0
    assert np.allclose((at - model.point(q, "O2")) / crank.radius, -direction, atol=1e-12)


def test_the_animation_moves_the_counterweights_and_keeps_the_balanced_centre():
    model, weights = balanced_model()
    positions = sweep_position(model, "crank", np.radians([0.0, 90.0, 180.0])).q
    anim = vb.animate_balance({"balanced": (model, positions, weights)})
    anim._init_draw()
    ax = anim._fig.axes[0]
    discs = [line for line in ax.lines if line.get_marker() == "o" and line.get_color() == vb.WEIGHT_COLOR]
    before = [np.array(d.get_data()).ravel().copy() for d in discs]
    anim._func(1)
    after = [np.array(d.get_data()).ravel() for d in discs]
    assert len(discs) == 2 and all(np.abs(a - b).max() > 1.0 for a, b in zip(after, before))
    star = next(line for line in ax.lines if line.get_marker() == "*")
    assert np.allclose(np.array(star.get_data()).ravel(), vb.centre_of_mass(model, positions[0]), atol=1e-12)


def test_plot_shaking_draws_each_history_and_refuses_other_things():
    system = MultibodySystem(formulate(uniform_four_bar(), "natural"))
    history = shaking_along(system, "crank", np.radians(np.arange(0.0, 360.0, 30.0)), 3.0)
    axes = vb.plot_shaking({"as drawn": history})
    assert len(axes[0].lines) == 2 and len(axes[1].lines) == 1 and len(axes[2].lines) == 1
    with pytest.raises(TypeError, match="not a ShakingHistory"):
        vb.plot_shaking({"oops": np.zeros(3)})
