"""The pictures of chapter 13: the energy staircase and its impact markers, the strobe,
the animation (its frames, light enough for a static page), the bounces, and the tables
and matrices of the impacts."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
import pytest

import mbtools
from mbtools import examples, plotting
from mbtools.viz import impacts as vi
from mbtools.viz.animation import embedded_frames


@pytest.fixture(scope="module")
def bounce():
    """The paper's bar over its first 1.5 s, a frame every 0.04 s (5 impacts)."""
    bar = examples.falling_bar()
    system = mbtools.MultibodySystem(mbtools.formulate(bar.mechanism, "basic"), contacts=bar.contacts)
    times = np.arange(0.0, 1.5 + 1e-9, 0.04)
    return mbtools.simulate(system, times[-1], twist=bar.twist, t_eval=times, progress=False)


@pytest.fixture(scope="module")
def drop():
    """The bar dropped flat from 0.2 m with e = 0.5: both ends strike together."""
    bar = examples.falling_bar(restitution=0.5, height=0.2, angle=0.0, velocity=(0.0, 0.0), omega=0.0)
    system = mbtools.MultibodySystem(mbtools.formulate(bar.mechanism, "basic"), contacts=bar.contacts)
    return mbtools.simulate(system, 0.8, twist=bar.twist, t_eval=np.linspace(0.0, 0.8, 81), progress=False)


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


def test_the_staircase_steps_down_by_each_impacts_loss(bounce):
    steps = vi.energy_staircase(bounce)
    impacts = vi.impacts(bounce)
    assert len(impacts) == 5 and len(steps) == len(impacts) + 1
    assert [t for t, _ in steps[1:]] == [e.time for e in impacts]
    assert steps[0][1] == pytest.approx(bounce.energy[0], abs=1e-12)
    losses = -np.diff([e for _, e in steps])
    assert losses == pytest.approx([e.energy_loss for e in impacts], abs=1e-12)
    # between impacts the flight keeps T + V: every frame lies on the staircase
    level = np.array([[e for t, e in steps if t <= s][-1] for s in bounce.t])
    assert np.abs(bounce.energy - level).max() < 1e-6


def test_energy_plot_marks_each_impact_once(bounce):
    ax = vi.plot_energy(bounce)
    marked = np.concatenate([c.get_offsets() for c in ax.collections])
    assert len(marked) == len(vi.impacts(bounce))
    assert sorted(marked[:, 0]) == pytest.approx([e.time for e in vi.impacts(bounce)])
    groups = {(e.contacts[0], e.regime[e.contacts[0]]) for e in vi.impacts(bounce)}
    assert len(ax.collections) == len(groups)  # one marker set per end and regime
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert "kinetic energy T" in labels and "B on floor, slip" in labels and "A on floor, stick" in labels
    assert len(vi.plot_energy(bounce, kinetic=False).get_lines()) == len(ax.get_lines()) - 1


def test_simultaneous_impacts_are_marked_as_such(drop):
    ax = vi.plot_energy(drop)
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert any(label.startswith("several contacts") for label in labels)
    assert sum(len(c.get_offsets()) for c in ax.collections) == len(vi.impacts(drop))


def test_strobe_draws_every_position_in_its_panel(bounce):
    axes = vi.strobe(bounce, panels=3)
    assert len(axes) == 3
    counted = 0
    for ax in axes:
        # the floor, one line per position drawn (one body), and the path of the centre
        counted += len(ax.get_lines()) - 2
        assert ax.get_aspect() == 1.0
    # the edges of the spans fall on frames here, drawn in both panels beside them
    assert len(bounce.t) <= counted <= len(bounce.t) + 2
    assert len(vi.strobe(bounce, every=5)[0].get_lines()) == 2 + len(bounce.t[::5])


def test_strobe_hides_the_spare_panels(bounce):
    axes = vi.strobe(bounce, panels=3, columns=2)
    figure_axes = [ax for ax in axes[0].figure.axes if ax.get_label() != "<colorbar>"]
    assert len(axes) == 3 and sum(ax.get_visible() for ax in figure_axes) == 3


def test_animation_has_one_frame_per_output_and_plays_offline(bounce):
    anim = vi.animate_motion(bounce, every=2, title="bar")
    html = plotting.animation_html(anim).data
    frames = embedded_frames(html)
    assert len(frames) == len(bounce.t[::2])
    assert all(frame.mode == "P" for frame in frames)
    assert "https://" not in html and html.count("<button") >= 9
    # light: the paper's 126 frames of this size stay far under the page's 3 MB
    per_frame = len(html) / len(frames)
    assert per_frame * 126 < 1_000_000, per_frame


def test_animation_moves_the_bar_and_the_clock(bounce):
    anim = vi.animate_motion(bounce, every=10)
    ax = anim._fig.axes[0]
    bar_line = next(line for line in ax.get_lines() if line.get_marker() == "o")
    anim._func(0)
    start = np.array(bar_line.get_data()).copy()
    anim._func(2)
    assert not np.allclose(np.array(bar_line.get_data()), start)
    assert any(text.get_text() == f"t = {bounce.t[20]:.2f} s" for text in ax.texts)
    frames = embedded_frames(plotting.animation_html(anim).data)
    pixels = [np.asarray(frame.convert("L"), dtype=float) for frame in frames]
    assert len(frames) == 4 and all(np.abs(a - b).mean() > 0.1 for a, b in zip(pixels, pixels[1:]))


def test_bounces_mark_the_impacts_and_the_limit(drop):
    ax = vi.plot_bounces(drop, "A", limit=0.6, limit_label="the series' limit")
    assert len(ax.collections[0].get_offsets()) == len(vi.impacts(drop))
    assert np.all(ax.collections[0].get_offsets()[:, 1] == 0.0)
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert "the series' limit, t = 0.6000 s" in labels
    height = ax.get_lines()[0].get_ydata()
    assert height[0] == pytest.approx(0.2) and height.min() >= -1e-9


def test_impact_table_lists_the_first_impacts_and_counts_them(bounce, drop):
    text = vi.impact_markdown(bounce, first=2)
    rows = [line for line in text.splitlines() if line.startswith("| ")]
    assert len(rows) == 1 + 2
    assert "5 impacts in all; the first 2 are shown." in text
    assert "| 1 | 0.4159 | B on floor | slip |" in text
    full = vi.impact_markdown(bounce, first=None)
    assert full.endswith("5 impacts in all.")
    # a simultaneous impact: one row per contact, its time and loss given once
    both = [line for line in vi.impact_markdown(drop, first=1).splitlines() if line.startswith("| ")][1:]
    assert len(both) == 2 and both[1].startswith("|  |  | B on floor")


def test_matrix_latex():
    assert vi.matrix_latex(np.eye(2), 1, "I") == r"I = \begin{bmatrix}1.0 & 0\\ 0 & 1.0\end{bmatrix}"
    assert vi.matrix_latex([1.0, -2.0], 2) == r"\begin{bmatrix}1.00\\ -2.00\end{bmatrix}"
    assert vi.matrix_latex([[1.0, 1e-14]], 3) == r"\begin{bmatrix}1.000 & 0\end{bmatrix}"
