"""The design figures (mbtools.viz.synthesis): the linkage is drawn where the analysis puts
it, the curve variations are the analysis's and their first-order prediction errs by Δp²,
and each plot draws what it says."""

import math

import matplotlib

matplotlib.use("Agg")

import numpy as np
import pytest
from matplotlib.quiver import Quiver

from mbtools.analysis.sensitivity import four_bar_sensitivity, transmission_angle
from mbtools.analysis.synthesis import placed_coupler_curve, synthesize_path
from mbtools.viz import synthesis as vs

DESIGN = np.array([2.0, 7.0, 9.0, 6.0, 3.0, 2.0])


def test_the_placed_points_keep_the_link_lengths_and_the_coupler_point():
    pivot, turn, s = (1.0, -0.5), 0.4, 1.3
    pts = vs.placed_points(DESIGN, s, pivot, turn)
    a, b, c, d = DESIGN[:4]
    for (i, j), length in {("O2", "A"): a, ("A", "B"): b, ("O4", "B"): c, ("O2", "O4"): d}.items():
        assert abs(np.linalg.norm(pts[j] - pts[i]) - length) < 1e-12
    assert np.allclose(pts["O2"], pivot) and abs(math.atan2(*(pts["O4"] - pts["O2"])[::-1]) - turn) < 1e-12
    assert np.allclose(pts["P"], placed_coupler_curve(DESIGN, pivot, turn, [s])[0], atol=1e-12)


def test_draw_four_bar_draws_the_coupler_triangle_through_a_b_and_p():
    ax = vs.draw_four_bar(DESIGN, 0.7)
    pts = vs.placed_points(DESIGN, 0.7)
    triangle = np.array(ax.lines[1].get_xydata())
    assert np.allclose(triangle, [pts["A"], pts["B"], pts["P"], pts["A"]], atol=1e-12)
    assert len(ax.lines) == 5


def test_curve_variations_are_the_analysis_and_err_by_the_square_of_the_change():
    angles = np.linspace(0.0, 2 * math.pi, 13)[:-1]
    coarse, fine = (vs.curve_variations(DESIGN, angles, change) for change in (0.2, 0.1))
    sens = four_bar_sensitivity(DESIGN, angles[5])
    assert np.allclose(coarse.derivative[5], sens.point_derivative("P"), atol=1e-14)
    assert np.allclose(coarse.curve[5], sens.point("P"), atol=1e-14)
    ratio = coarse.gaps[:4] / fine.gaps[:4]       # P is linear in u and v: no gap there
    assert np.all((ratio > 3.5) & (ratio < 4.5)), ratio
    assert np.all(coarse.gaps[4:] < 1e-12)


def test_plot_curve_sensitivity_draws_each_parameter():
    v = vs.curve_variations(DESIGN, np.linspace(0.0, 6.0, 10), 0.3)
    axes = vs.plot_curve_sensitivity(v, arrows=5)
    assert axes.shape == (6,)
    for k, ax in enumerate(axes):
        assert len(ax.lines) == 3 and sum(isinstance(c, Quiver) for c in ax.collections) == 1
        assert np.allclose(ax.lines[2].get_xydata()[:-1], v.resolved[k])


def test_plot_step_errors_keeps_zero_errors_on_the_logarithmic_axis():
    h = np.logspace(-1, -10, 10)
    ax = vs.plot_step_errors(h, {"exact": np.zeros(10), "central": h**2}, {"h²": h**2, "ε/h": 1e-16 / h})
    assert len(ax.lines) == 4
    assert np.all(np.isfinite(np.log(ax.lines[0].get_ydata())))


def test_plot_torque_sensitivity_and_plot_transmission():
    s = np.linspace(0.0, 2 * math.pi, 7)
    axes = vs.plot_torque_sensitivity(s, np.cos(s), np.ones((7, 6)))
    assert len(axes[0].lines) == 1 and len(axes[1].lines) == 4
    axes = vs.plot_torque_sensitivity(s, np.cos(s), np.ones((7, 6)), checks=(s[::3], 2 * np.ones((3, 6))))
    assert len(axes[1].lines) == 8 and np.allclose(axes[1].lines[1].get_xdata(), np.degrees(s[::3]))
    ax = vs.plot_transmission({"design": DESIGN}, math.radians(30), samples=9)
    mu = [math.degrees(transmission_angle(DESIGN, x)) for x in np.linspace(0, 2 * math.pi, 9)]
    assert np.allclose(ax.lines[0].get_ydata(), mu)


def test_plot_synthesis_draws_the_optimum_and_refuses_other_things():
    targets = [(0.0, 5.0), (1.0, 6.0), (2.0, 6.0)]
    result = synthesize_path(targets, DESIGN, (0.0, 0.0, 0.0))
    ax = vs.plot_synthesis(result, targets)
    assert len(ax.lines) == 8
    assert np.allclose(ax.lines[-1].get_xydata(), result.coupler_points)
    with pytest.raises(TypeError, match="not a PathSynthesisResult"):
        vs.plot_synthesis({"parameters": DESIGN}, targets)


def test_the_distance_to_a_polyline_includes_its_segments():
    square = np.array([(0, 0), (2, 0), (2, 2), (0, 2), (0, 0)], dtype=float)
    d = vs.distance_to_polyline([(1.0, 0.5), (1.0, 1.0), (3.0, 3.0), (-1.0, 1.0)], square)
    assert np.allclose(d, [0.5, 1.0, math.sqrt(2), 1.0])


def test_the_curve_gap_vanishes_at_the_targets_and_measures_another_curve():
    targets = placed_coupler_curve(DESIGN, (0.0, 0.0), 0.0, np.radians([30.0, 120.0, 210.0, 300.0]))
    result = synthesize_path(targets, DESIGN * [1.05, 0.97, 1.02, 0.99, 1.0, 1.03], (0.1, 0.0, 0.05),
                             min_transmission_angle=math.radians(20), tolerance=1e-14)
    turn, gap = vs.curve_gap(result, (DESIGN, (0.0, 0.0), 0.0), samples=361)
    assert turn.shape == gap.shape == (361,)
    for s in np.mod(result.crank_angles, 2 * math.pi):    # at a target the curves meet
        assert gap[np.argmin(np.abs(turn - s))] < 0.02 * gap.max() + 1e-6
    shifted = (result.parameters, result.ground_pivot + (0.0, 0.25), result.ground_angle)   # its own curve, moved up
    assert 0.2 < vs.curve_gap(result, shifted)[1].max() <= 0.25 + 1e-9
    ax = vs.plot_curve_gap(result, (DESIGN, (0.0, 0.0), 0.0), samples=361)
    assert np.allclose(ax.lines[0].get_ydata(), gap)
