"""The 3-D player's data (mbtools.viz.player): its shape and weight, poses that put every
body where Model.placement puts it, in any family, the errors it gives, the snippets, and
the files the book vendors for it."""

import base64
import gzip
import importlib.util
import json
import re
import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest
import yaml

from mbtools import examples, formulate, sweep_position
from mbtools.errors import InputError, UnknownNameError
from mbtools.viz import player
from mbtools.viz.player import decode_poses, player_data, player_html, rotation_matrices

ROOT = Path(__file__).resolve().parents[1]
DATA_BUDGET = 150_000  # bytes of data per animation
SHARED_BUDGET = 500_000  # bytes of the shared JavaScript, gzipped


def sweep(model, name, degrees):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a singular position met on the way is no concern here
        return sweep_position(model, name, np.radians(degrees))


@pytest.fixture(scope="module")
def rssr():
    model = formulate(examples.rssr(), "natural")
    return model, sweep(model, "crank", np.arange(0.0, 360.0, 10.0))


def placed_points(model, data, q):
    """Every drawn point of every body, placed by the player's poses and by the model:
    two arrays (frames, points, 3)."""
    positions, quaternions = decode_poses(data)
    R = rotation_matrices(quaternions)
    mech = model.mechanism
    ours, theirs = [], []
    for b, body in enumerate(data["bodies"]):
        drawn_origin = model.placement(q[0], body["name"]).drawn_origin
        for name, x0 in mech.bodies[body["name"]].points.items():
            ours.append(np.einsum("kij,j->ki", R[:, b], x0 - drawn_origin) + positions[:, b])
            theirs.append(model.point(q, name))
    return np.stack(ours, axis=1), np.stack(theirs, axis=1)


def test_five_bodies_and_500_frames_weigh_under_the_budget():
    model = formulate(examples.bricard(), "natural")
    motion = sweep(model, "rotation", np.linspace(0.0, 60.0, 500))
    data = player_data(model, motion, trails=["C"], title="Bricard")
    size = len(json.dumps(data, separators=(",", ":")))
    print(f"\nplayer data, 5 bodies × 500 frames: {size / 1000:.1f} KB (budget {DATA_BUDGET / 1000:.0f} KB)")
    assert size < DATA_BUDGET
    assert data["format"] == "mbplayer/1" and data["frames"] == 500 and len(data["times"]) == 500
    assert [b["name"] for b in data["bodies"]] == model.body_names
    positions, quaternions = decode_poses(data)
    assert positions.shape == (500, 5, 3) and quaternions.shape == (500, 5, 4)
    assert np.allclose(np.linalg.norm(quaternions, axis=-1), 1.0)
    assert data["unit"] == "°" and data["label"] == "rotation" and data["times"][-1] == pytest.approx(60.0)
    assert all(b["shapes"] and {s["type"] for s in b["shapes"]} >= {"bar", "disc"} for b in data["bodies"])
    json.loads(json.dumps(data))  # plain JSON


def test_poses_reproduce_the_placements(rssr):
    model, motion = rssr
    data = player_data(model, motion)
    positions, quaternions = decode_poses(data)
    quantum = data["origin"]["scale"] / 32767
    for b, body in enumerate(data["bodies"]):
        for k in (0, 7, 20):
            p = model.placement(motion.q[k], body["name"])
            if p.frame is None:  # the coupler: two points, no frame in natural coordinates
                continue
            assert np.abs(positions[k, b] - p.origin).max() <= quantum
            assert np.abs(rotation_matrices(quaternions[k, b]) - p.frame).max() < 2e-4
    ours, theirs = placed_points(model, data, motion.q)  # the frameless coupler's points too
    steps = np.linalg.norm(np.diff(quaternions, axis=0), axis=-1)  # 10° of crank a frame: no flips
    assert steps.max() < 0.3, steps.max(axis=0)
    size = model.mechanism.length_scale()
    assert np.abs(ours - theirs).max() < 4e-5 * size  # a few quanta of the scene


def test_a_spatial_mechanism_gives_the_same_motion_in_two_families(rssr):
    natural, motion = rssr
    relative = formulate(examples.rssr(), "relative")
    other = sweep(relative, "crank", np.arange(0.0, 360.0, 10.0))
    a, b = player_data(natural, motion), player_data(relative, other)
    assert a["times"] == b["times"] and [x["shapes"] for x in a["bodies"]] == [x["shapes"] for x in b["bodies"]]
    (pa, qa), (pb, qb) = decode_poses(a), decode_poses(b)
    for k, name in enumerate(natural.body_names):
        if natural.placement(motion.q[0], name).frame is not None:  # crank and rocker: the same poses
            assert np.abs(pa[:, k] - pb[:, k]).max() < 1e-3
            assert np.abs(np.abs(np.einsum("ki,ki->k", qa[:, k], qb[:, k])) - 1).max() < 1e-4
    # the coupler turns about its own line in relative coordinates, not in natural ones:
    # where its points are is the same
    size = natural.mechanism.length_scale()
    assert np.abs(placed_points(natural, a, motion.q)[0] - placed_points(relative, b, other.q)[0]).max() < 4e-5 * size


def test_a_trajectory_shows_its_time_and_a_plain_array_its_frames(rssr):
    model, motion = rssr

    class Run:  # what a Trajectory offers the player
        t = np.linspace(0.0, 1.75, len(motion.q))
        q = motion.q

    data = player_data(model, Run())
    assert (data["label"], data["unit"], data["duration"], data["decimals"]) == ("t", "s", 1.75, 2)
    data = player_data(model, motion.q[:5])
    assert data["label"] == "frame" and data["times"] == [0, 1, 2, 3, 4] and data["decimals"] == 0
    assert player_data(model, motion.q[0])["frames"] == 1


def test_bad_input_names_what_is_wrong(rssr):
    model, motion = rssr
    with pytest.raises(InputError, match=r"has 6 coordinates.*frames × 6"):
        player_data(model, motion.q[:, :5])
    with pytest.raises(InputError, match=r"Row 2 .*not finite"):
        player_data(model, np.where(np.arange(len(motion.q))[:, None] == 2, np.nan, motion.q))
    with pytest.raises(UnknownNameError, match=r"no moving body 'crank2'.*\['crank', 'coupler', 'rocker'\]"):
        player_data(model, motion, bodies=["crank2"])
    with pytest.raises(UnknownNameError, match="no moving body 'wheel'"):
        player_data(model, motion, shapes={"wheel": []})
    with pytest.raises(UnknownNameError, match=r"point 'Z' to trace.*\['B', 'C'\]"):
        player_data(model, motion, trails=["Z"])
    with pytest.raises(InputError, match="times has 3 values for 36 frames"):
        player_data(model, motion, times=[0, 1, 2])
    with pytest.raises(InputError, match="A shape of 'crank'.*a type among"):
        player_data(model, motion, shapes={"crank": [{"type": "torus", "at": [0, 0, 0]}]})
    planar = formulate(examples.four_bar(), "natural")
    with pytest.raises(InputError, match="planar: animate it with mbtools.plotting.animate"):
        player_data(planar, planar.reference_q)


def test_extra_shapes_are_given_in_the_drawing(rssr):
    model, motion = rssr
    B = model.mechanism.bodies["crank"].points["B"]
    data = player_data(model, motion, shapes={"crank": [{"type": "box", "at": B, "size": [0.2, 0.2, 0.2]}],
                                              "ground": [{"type": "sphere", "at": [0, 0, -1], "radius": 0.1}]})
    box = data["bodies"][0]["shapes"][-1]
    drawn_origin = model.placement(motion.q[0], "crank").drawn_origin
    assert box["type"] == "box" and np.allclose(box["at"], B - drawn_origin, atol=1e-4)
    assert data["ground"]["shapes"][-1] == {"type": "sphere", "at": [0.0, 0.0, -1.0], "radius": 0.1}


def test_the_snippets(rssr, monkeypatch):
    model, motion = rssr
    data = player_data(model, motion, title="RSSR </script>")
    html = player_html(data, still=b"\x89PNG fake", inline=False)
    assert html._repr_html_() == html.data
    assert repr(html).startswith("<3-D player") and len(repr(html)) < 40  # not the HTML as plain text
    assert 'alt="RSSR &lt;/script&gt;: a still' in html.data
    text = re.search(r'<script type="application/json">(.*?)</script>', html.data, re.S).group(1)
    assert json.loads(text) == data  # the title's "</script>" did not end the script early
    assert '<img class="mb-still"' in html.data and "_static/mbplayer/player.js" in html.data
    assert "DecompressionStream" not in html.data and len(html.data) < DATA_BUDGET
    assert "player.js" in player_html(data, player_url="js/player.js").data
    monkeypatch.setenv("JPY_SESSION_NAME", "demo.ipynb")  # a kernel of JupyterLab: inline by default
    inline = player_html(data).data
    packed = re.search(r'atob\("([A-Za-z0-9+/=]+)"\)', inline).group(1)
    files = json.loads(gzip.decompress(base64.b64decode(packed)))
    assert set(files) == set(player.ASSETS) and "export" in files["three/three.module.js"]
    print(f"\ninline snippet (player and three.js carried along): {len(inline) / 1e6:.2f} MB")
    assert len(inline) < 1_000_000


def test_shared_javascript_weighs_under_the_budget():
    sizes = {name: len(gzip.compress(path.read_bytes(), 9)) for name, path in player.player_assets().items()}
    total = sum(sizes.values())
    print("\nshared JavaScript of the player, gzipped: " + ", ".join(f"{n} {s / 1000:.0f} KB" for n, s in sizes.items())
          + f"; total {total / 1000:.0f} KB (budget {SHARED_BUDGET / 1000:.0f} KB)")
    assert total <= SHARED_BUDGET


def assets_script():
    spec = importlib.util.spec_from_file_location("book_assets", ROOT / "book" / "scripts" / "assets.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_book_vendors_the_files_the_player_loads(tmp_path, monkeypatch):
    assets = assets_script()
    lock = json.loads((ROOT / "package-lock.json").read_text())
    pinned = lock["packages"]["node_modules/three"]["version"]
    assert json.loads((ROOT / "package.json").read_text())["dependencies"]["three"] == pinned  # exact
    vendored = {f"three/{name}": f"node_modules/three/{source}" for source, name in assets.THREE_FILES.items()}
    vendored["mbplayer/player.js"] = assets.PLAYER.relative_to(ROOT).as_posix()
    assert vendored == player.ASSETS
    monkeypatch.setattr(assets, "VENDOR", tmp_path / "_vendor")  # not the book's own _vendor
    assets.vendor()
    assert json.loads((tmp_path / "_vendor" / "VERSIONS.json").read_text())["three"] == pinned
    for name in player.ASSETS:
        assert (tmp_path / "_vendor" / name).is_file(), name


def test_the_cdn_variant_points_the_player_at_the_pinned_three(tmp_path):
    out = tmp_path / "build" / "_config_cdn.yml"
    subprocess.run([sys.executable, str(ROOT / "book" / "scripts" / "assets.py"), "--cdn", str(out)], check=True,
                   capture_output=True)
    config = yaml.safe_load(out.read_text())["sphinx"]["config"]
    assert config["html_static_path"][:2] == ["_vendor", "_style"] and config["html_js_files"] == ["mbplayer-cdn.js"]
    static = (ROOT / "book" / config["html_static_path"][2]).resolve()
    assert static == (tmp_path / "build" / "_cdn_static").resolve()
    script = (static / "mbplayer-cdn.js").read_text()
    version = json.loads((ROOT / "package-lock.json").read_text())["packages"]["node_modules/three"]["version"]
    assert f"npm/three@{version}/build/three.module.js" in script
    assert f"npm/three@{version}/examples/jsm/controls/OrbitControls.js" in script
