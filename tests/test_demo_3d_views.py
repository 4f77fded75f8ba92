"""The live demos' 3-D views: the three.js player of the motion a gyroscope demo's slider
chose, or of a spatial mechanism's reachable range in the explorer, shown while its button
is pressed, following the choices, and nothing rendered while it is off."""

import json
import re

import numpy as np
import pytest

from mbtools.viz.dynamics_demos import GyroscopeDemo
from mbtools.viz.player import decode_poses


@pytest.fixture(scope="module")
def demo():
    return GyroscopeDemo(rates=(-2.0, 0.0), t_end=0.2)


def test_the_player_shows_the_chosen_motion(demo):
    """The snippet carries the chosen trajectory: its 401 frames, the top's disc and peg,
    the path of G, played ten times slower; the pose of the top's origin at the last
    frame is the trajectory's, to the player's 16-bit resolution."""
    demo.slider.value = 0  # θ̇₀ = −2 rad/s
    snippet = demo.player_html()._repr_html_()
    data = json.loads(re.search(r'<script type="application/json">(.*?)</script>', snippet, re.S).group(1))
    assert data["frames"] == 401 and data["duration"] == pytest.approx(2.0)
    assert "θ̇₀ = -2 rad/s" in data["title"]
    (top,) = data["bodies"]
    assert {s["type"] for s in top["shapes"]} >= {"disc", "bar"}
    assert [trail["name"] for trail in data["trails"]] == ["G"]
    positions, _ = decode_poses(data)
    traj = demo.trajectories[0]
    last = traj.system.model.placement(traj.q[-1], "top").origin
    assert np.allclose(positions[-1, 0], last, atol=1e-3 * data["origin"]["scale"] + 1e-9)
    assert "mbplayer" in snippet and "__PAYLOAD__" not in snippet  # the player travels with the snippet


def test_the_view_follows_the_button_and_the_slider(demo, monkeypatch):
    shown = []
    monkeypatch.setattr(demo, "player_html", lambda: shown.append(demo.slider.value) or "player")
    demo.view3d.value = False
    demo.slider.value = 1
    assert shown == []                   # off: a slider move renders no player
    demo.view3d.value = True
    assert shown == [1]                  # pressed: the chosen motion at once
    demo.slider.value = 0
    assert shown == [1, 0]               # then each motion the slider picks
    demo.view3d.value = False
    demo.slider.value = 1
    assert shown == [1, 0]


def test_the_explorer_offers_the_3d_view_for_spatial_mechanisms_only(monkeypatch):
    """The mechanism explorer: the button is off for the four-bar; for the RSSR the player
    holds the reachable range (the slider's values reached, in degrees) with every moving
    point traced, and switching back to a planar example empties the view."""
    from mbtools.viz.explorer import MechanismExplorer

    explorer = MechanismExplorer("four_bar")
    assert explorer.view3d.disabled
    explorer.example.value = "rssr"
    assert not explorer.view3d.disabled
    snippet = explorer.player_html()._repr_html_()
    data = json.loads(re.search(r'<script type="application/json">(.*?)</script>', snippet, re.S).group(1))
    reached = [k for k, q in enumerate(explorer.branch.q) if q is not None]
    assert data["frames"] == len(reached) > 300 and data["unit"] == "°"
    assert data["times"][:2] == [float(explorer.branch.values[k]) for k in reached[:2]]
    assert sorted(t["name"] for t in data["trails"]) == sorted(explorer.points)
    shown = []
    monkeypatch.setattr(explorer, "player_html", lambda: shown.append(explorer.example.value) or "player")
    explorer.view3d.value = True
    explorer.example.value = "ssc"
    assert shown == ["rssr", "ssc"]
    explorer.example.value = "four_bar"
    assert explorer.view3d.disabled and shown == ["rssr", "ssc"]
