"""Animations for static pages: light palette frames, the same player, no network."""

from __future__ import annotations

import numpy as np
import pytest

from mbtools import examples, formulate, plotting, sweep_position
from mbtools.viz.animation import FRAME, embedded_frames, lighten_frames


@pytest.fixture(scope="module")
def four_bar_turn():
    """Chapter 2's four-bar and its crank turn, a frame every 8° (45 frames)."""
    model = formulate(examples.four_bar(crank=2.0, coupler=7.0, rocker=9.0, ground=6.0, coupler_point=(3.0, 2.0)),
                      "basic")
    sweep = sweep_position(model, "crank", np.radians(np.arange(0.0, 360.0, 8.0)))
    return model, sweep.q


def test_frames_are_palette_pngs_three_times_lighter(four_bar_turn):
    model, positions = four_bar_turn
    anim = plotting.animate(model, positions, trace="P", title="Four-bar")
    full = anim.to_jshtml(default_mode="loop")  # matplotlib's own frames
    light = plotting.animation_html(anim).data
    before, after = embedded_frames(full), embedded_frames(light)
    assert len(before) == len(after) == len(positions)
    assert all(f.mode == "P" and len(f.getpalette()) // 3 <= 64 for f in after)
    assert {f.size for f in after} == {before[0].size}
    bytes_before = sum(len(m.group(2)) for m in FRAME.finditer(full)) / len(before)
    bytes_after = sum(len(m.group(2)) for m in FRAME.finditer(light)) / len(after)
    assert bytes_after < bytes_before / 3, (bytes_before, bytes_after)


def test_frames_look_the_same(four_bar_turn):
    """Every pixel of a light frame within a few grey levels of the full-colour frame,
    on average: a line drawing loses nothing visible."""
    model, positions = four_bar_turn
    anim = plotting.animate(model, positions[:5])
    full = [np.asarray(f.convert("RGB"), dtype=float) for f in embedded_frames(anim.to_jshtml())]
    light = [np.asarray(f.convert("RGB"), dtype=float) for f in embedded_frames(lighten_frames(anim.to_jshtml()))]
    for a, b in zip(full, light):
        assert np.abs(a - b).mean() < 3.0


def test_the_player_keeps_its_controls_and_loads_nothing(four_bar_turn):
    model, positions = four_bar_turn
    html = plotting.animation_html(plotting.animate(model, positions[:3])).data
    assert html.count("<button") >= 9 and 'type="range"' in html
    assert "font-awesome" not in html and "https://" not in html and '<i class="fa' not in html
    assert "▶" in html and "❚❚" in html
