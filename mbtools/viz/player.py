"""A spatial mechanism's motion for the three.js player: turn it, zoom, play it.

:func:`player_data` writes what the player (``book/scripts/mbplayer/player.js``) reads:
each moving body's shapes, made from its points in the drawing (a bar between
consecutive points, a ball at a ball joint, a pin along a revolute's axis), and its pose
at every frame, from :meth:`mbtools.Model.placement` in whichever family the model
uses, as a position and a unit quaternion. The poses are stored as 16-bit integers
(base64), a resolution of 1/32767 of the scene's size and of a unit quaternion (4 to 5
significant digits): a 500-frame motion of five bodies weighs about 50 KB.

:func:`player_html` wraps the data in an HTML snippet (it has ``_repr_html_``, so a
notebook shows it) with a still image of the first frame, which is what is printed and
what a browser without WebGL shows. :func:`motion_player` does both from a model and a
motion. How the snippet finds the player and three.js:

* in the book (``inline=False``), from the book's ``_static`` folder, where
  ``book/scripts/assets.py`` copies them (three.js at the version ``package-lock.json``
  pins); no network;
* in a live notebook (``inline=True``; the default when the kernel runs under a Jupyter
  server, which sets ``JPY_SESSION_NAME``), the notebook cannot reach the book's files:
  the snippet carries the player and three.js themselves, gzipped (about 0.6 MB per
  snippet), found in ``node_modules/three`` (``npm ci``) or ``book/_vendor``.

:func:`write_player_page` writes a stand-alone page with its files beside it.

Example
-------
>>> import numpy as np
>>> from mbtools import examples, formulate, sweep_position
>>> model = formulate(examples.rssr(), "natural")
>>> sweep = sweep_position(model, "crank", np.radians(np.arange(0, 360, 30)))
>>> data = player_data(model, sweep, trails=["C"], title="RSSR")
>>> data["frames"], [body["name"] for body in data["bodies"]], data["unit"]
(12, ['crank', 'coupler', 'rocker'], '°')
>>> positions, quaternions = decode_poses(data)
>>> bool(np.allclose(positions[3, 0], model.placement(sweep.q[3], "crank").origin, atol=1e-3))
True
"""

from __future__ import annotations

import base64
import gzip
import html
import io
import json
import math
import os
import shutil
import uuid
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..description.joints import GROUND, AngleDriver, Revolute, Spherical, Universal
from ..errors import InputError, UnknownNameError
from ..model import Model
from .animation import palette_png
from .plotting import BODY_COLORS, body_outline, draw_mechanism_3d

FORMAT = "mbplayer/1"
STEPS = 32767  # the int16 range: a pose's resolution is 1/STEPS of the scene's size
ROOT = Path(__file__).resolve().parents[2]
#: The player's files, as the book serves them under ``_static`` (name → source, relative
#: to the project); three.js's from ``node_modules/three`` (``npm ci``), or from the
#: copy ``book/_vendor`` holds.
ASSETS = {
    "mbplayer/player.js": "book/scripts/mbplayer/player.js",
    "three/three.module.js": "node_modules/three/build/three.module.js",
    "three/three.core.js": "node_modules/three/build/three.core.js",
    "three/OrbitControls.js": "node_modules/three/examples/jsm/controls/OrbitControls.js",
}
INLINE_LOADER = "book/scripts/mbplayer/inline.js"
# What the book's snippet does where the player cannot load (a page opened as a file: no
# browser loads JavaScript modules from file: URLs): it says so under each still.
UNREACHABLE = ("document.querySelectorAll('.mb-player:not([data-mb-mounted])').forEach((d) => {"
               "d.setAttribute('data-mb-mounted', ''); d.insertAdjacentHTML('beforeend', '<p style=\"color:#777\">"
               "The 3-D view needs the page served over HTTP (e.g. python -m http.server): a still instead.</p>'); })")
SHAPE_KEYS = {"bar": ("a", "b", "radius"), "sphere": ("at", "radius"), "box": ("at", "size"),
              "disc": ("at", "normal", "radius", "thickness"), "cone": ("at", "normal", "radius", "height")}


@dataclass(frozen=True, repr=False)
class PlayerHTML:
    """An HTML snippet a notebook shows (``_repr_html_``) and a page embeds (``data``),
    like ``IPython.display.HTML``; its plain-text form is one short line, not the HTML."""

    data: str

    def _repr_html_(self) -> str:
        return self.data

    def __repr__(self) -> str:
        return f"<3-D player, {len(self.data) / 1000:.0f} kB of HTML>"


def player_assets() -> dict:
    """Where the player's files are: ``{name under _static: pathlib.Path}``.

    Raises ``FileNotFoundError`` naming the missing file and what installs it.
    """
    found = {}
    for name, source in ASSETS.items():
        candidates = [ROOT / source, ROOT / "book" / "_vendor" / name]
        path = next((p for p in candidates if p.is_file()), None)
        if path is None:
            raise FileNotFoundError(
                f"The player's file {name} is not at {candidates[0]}: run `npm ci` at the project root "
                "(it installs the three.js that package-lock.json pins), or build the book once (`make book`)."
            )
        found[name] = path
    return found


# ---------------------------------------------------------------------- the data
def player_data(model: Model, motion, times=None, label: str | None = None, unit: str | None = None,
                duration: float | None = None, title: str = "", trails=(), bodies=None, shapes=None,
                view: tuple[float, float] = (22.0, -60.0)) -> dict:
    """The player's data for a motion of a spatial model (see the module's description).

    Parameters
    ----------
    model : mbtools.Model
        A spatial mechanism in any family of coordinates.
    motion : array_like or mbtools.Sweep or mbtools.Trajectory
        The positions: rows of q (frames × n), or an object with ``q`` (a sweep of
        :func:`mbtools.sweep_position`, whose ``values`` are then shown, in degrees for
        an angle, or a trajectory of :func:`mbtools.simulate`, whose times ``t`` are).
    times : array_like, optional
        The value shown at each frame; the frame numbers by default. The frames are
        played evenly: evenly spaced times play in proportion.
    label, unit : str, optional
        How that value is named: ``"t"`` and ``"s"`` for a trajectory, the input's name
        and ``"°"`` for a sweep of an angle.
    duration : float, optional
        Seconds a playback at speed 1 takes: the span of the times of a trajectory,
        one second per 20 frames otherwise.
    title : str
        Written in the view's corner and above the still image.
    trails : sequence of str
        Points whose paths are drawn (a point of a moving body).
    bodies : sequence of str, optional
        The moving bodies shown; all of them by default.
    shapes : dict, optional
        More shapes, ``{body or "ground": [shape, ...]}``, each a dict as the player
        reads them (``{"type": "disc", "at": …, "normal": …, "radius": …, "thickness": …}``,
        see ``player.js``) in the coordinates of the reference drawing.
    view : tuple of float
        Elevation and azimuth of the first view, degrees (matplotlib's by default).

    Returns
    -------
    dict
        JSON-ready: ``frames``, ``times``, ``bodies`` with their ``shapes``, ``poses``
        (decoded by :func:`decode_poses`), ``trails``, ``ground``, ``bounds``…
    """
    mech = model.mechanism
    if mech.dimension != 3:
        raise InputError(f"The player shows spatial mechanisms; '{mech.name}' is planar: animate it with "
                         "mbtools.plotting.animate.")
    q = _positions(model, motion)
    times, label, unit, duration = _times(model, motion, q.shape[0], times, label, unit, duration)
    names = list(model.body_names) if bodies is None else [_body(model, b) for b in bodies]
    extra = {(GROUND if key == GROUND else _body(model, key)): _shapes(value, key) for key, value in
             (shapes or {}).items()}
    radius = 0.015 * mech.length_scale()
    poses = [_poses(model, q, name) for name in names]
    origins, rotations = (np.stack([p[i] for p in poses], axis=1) for i in (0, 1))  # (frames, bodies, 3 / 4)
    local = {name: p[2] for name, p in zip(names, poses)}  # each body's origin in the drawing
    body_list = [{"name": name, "color": BODY_COLORS[model.body_names.index(name) % len(BODY_COLORS)],
                  "shapes": [_moved(s, -local[name]) for s in _body_shapes(mech, name, radius) + extra.get(name, [])]}
                 for name in names]
    trail_list = [_trail(mech, names, local, point) for point in trails]
    everything = [np.zeros((1, 3))] + [mech.point_position(p)[None, :] for p in mech.ground_points()]
    for k, body in enumerate(body_list):  # every shape's points at every frame
        ends = np.array([p for s in body["shapes"] for p in _shape_points(s)] or [[0.0, 0.0, 0.0]])
        everything.append((_rotate(rotations[:, k, None, :], ends[None]) + origins[:, k, None, :]).reshape(-1, 3))
    everything = np.concatenate(everything)
    lo, hi = everything.min(axis=0) - 2 * radius, everything.max(axis=0) + 2 * radius
    center = (origins.reshape(-1, 3).max(axis=0) + origins.reshape(-1, 3).min(axis=0)) / 2
    scale = float(np.abs(origins - center).max()) or 1.0
    packed = np.concatenate([np.round((origins - center) / scale * STEPS), np.round(rotations * STEPS)], axis=2)
    ground_shapes = [{"type": "cone", "at": _list(mech.point_position(p)), "normal": [0.0, 0.0, 1.0],
                      "radius": _round(2.2 * radius), "height": _round(5 * radius)} for p in mech.ground_points()]
    step = float(np.median(np.diff(times))) if len(times) > 1 else 1.0
    return {
        "format": FORMAT, "title": title, "frames": int(q.shape[0]),
        "times": [_round(t, 6) for t in times], "label": label, "unit": unit,
        "decimals": int(min(4, max(0, -math.floor(math.log10(abs(step) or 1.0))))),
        "duration": _round(duration), "up": [0, 0, 1], "view": {"elevation": view[0], "azimuth": view[1]},
        "bounds": [_list(lo), _list(hi)], "origin": {"center": _list(center, 8), "scale": _round(scale, 8)},
        "poses": base64.b64encode(packed.astype("<i2").tobytes()).decode("ascii"), "bodies": body_list, "trails": trail_list,
        "ground": {"axes": _round(0.2 * float(np.max(hi - lo))), "color": "#6b7078",
                   "shapes": ground_shapes + [_moved(s, 0) for s in extra.get(GROUND, [])]},
    }


def decode_poses(data: dict) -> tuple[np.ndarray, np.ndarray]:
    """The poses of :func:`player_data`, as the player reads them: positions (frames,
    bodies, 3) and unit quaternions (frames, bodies, 4), in the order x, y, z, w."""
    raw = np.frombuffer(base64.b64decode(data["poses"]), dtype="<i2").astype(float)
    raw = raw.reshape(data["frames"], len(data["bodies"]), 7)
    positions = np.asarray(data["origin"]["center"]) + data["origin"]["scale"] * raw[..., :3] / STEPS
    quaternions = raw[..., 3:] / np.linalg.norm(raw[..., 3:], axis=-1, keepdims=True)
    return positions, quaternions


def rotation_matrices(quaternions) -> np.ndarray:
    """The rotation matrices (…, 3, 3) of unit quaternions (…, 4) given as x, y, z, w."""
    x, y, z, w = np.moveaxis(np.asarray(quaternions, dtype=float), -1, 0)
    return np.stack([np.stack([1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)], -1),
                     np.stack([2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)], -1),
                     np.stack([2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)], -1)], -2)


def _positions(model: Model, motion) -> np.ndarray:
    q = np.asarray(getattr(motion, "q", motion), dtype=float)
    if q.ndim == 1:
        q = q[None, :]
    n = model.n_coordinates
    if q.ndim != 2 or q.shape[1] != n or q.shape[0] == 0:
        raise InputError(f"The positions have shape {q.shape}, but the {model.family} model of "
                         f"'{model.mechanism.name}' has {n} coordinates: give its q as rows, frames × {n} "
                         "(a sweep's or a trajectory's q).")
    bad = np.flatnonzero(~np.isfinite(q).all(axis=1))
    if bad.size:
        raise InputError(f"Row {bad[0]} of the positions is not finite (NaN or infinite): leave that frame out.")
    return q


def _times(model: Model, motion, frames: int, times, label, unit, duration):
    """The values the player shows, their name and unit, and the playback's duration."""
    driver = next((d for d in model.mechanism.drivers if d.name == getattr(motion, "name", None)), None)
    if times is None and hasattr(motion, "t"):
        times, label, unit = motion.t, label or "t", "s" if unit is None else unit
        duration = duration or float(np.ptp(np.asarray(motion.t, dtype=float))) or None
    elif times is None and hasattr(motion, "values") and driver is not None:
        angle = isinstance(driver, AngleDriver)
        times = np.degrees(motion.values) if angle else motion.values
        label, unit = label or driver.name, ("°" if angle else "") if unit is None else unit
    elif times is None:
        times, label, unit = np.arange(frames), label or "frame", unit or ""
    times = np.asarray(times, dtype=float).ravel()
    if times.shape != (frames,) or not np.isfinite(times).all():
        raise InputError(f"times has {times.size} values for {frames} frames, or values that are not finite: "
                         "give one number per row of q.")
    duration = float(duration) if duration else max(frames / 20.0, 1.0)
    if not duration > 0:
        raise InputError(f"duration is {duration}: give the seconds a playback takes, a positive number.")
    return times, label or "t", unit or "", duration


def _body(model: Model, name: str) -> str:
    if name not in model.body_names:
        raise UnknownNameError(f"The model of '{model.mechanism.name}' has no moving body '{name}'; "
                               f"its bodies are {list(model.body_names)} (and 'ground', for shapes).")
    return name


def _shapes(shapes, owner: str) -> list[dict]:
    out = []
    for shape in shapes:
        kind = shape.get("type") if isinstance(shape, dict) else None
        if kind not in SHAPE_KEYS or any(key not in shape for key in SHAPE_KEYS[kind]):
            raise InputError(f"A shape of '{owner}' is {shape!r}: give a dict with a type among "
                             f"{list(SHAPE_KEYS)} and its keys ({SHAPE_KEYS})")
        out.append(dict(shape))
    return out


def _poses(model: Model, q: np.ndarray, body: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The origin (frames, 3) and unit quaternion (frames, 4) of a body at every row of q,
    and its origin in the drawing. A body of two points in space has no frame in point
    families (its spin about its line is not modelled, and a bar does not show it): it is
    turned from frame to frame by the shortest rotation taking its line to the next."""
    placements = [model.placement(row, body) for row in q]
    drawn_origin = np.asarray(placements[0].drawn_origin, dtype=float)
    if placements[0].frame is not None:
        origins = np.array([p.origin for p in placements], dtype=float)
        quats = _quaternions(np.array([p.frame for p in placements], dtype=float))
    else:
        points = list(model.mechanism.bodies[body].points.items())[:2]
        (a, a0), (b, b0) = points
        line = model.point(q, b) - model.point(q, a)
        quats = np.empty((len(q), 4))
        quats[0] = _shortest_rotation(np.asarray(b0, dtype=float) - a0, line[:1])[0]
        for k in range(1, len(q)):  # no spin added on the way, so no flip where the line turns over
            quats[k] = _product(_shortest_rotation(line[k - 1], line[k:k + 1])[0], quats[k - 1])
        origins = model.point(q, a) - _rotate(quats, np.asarray(a0, dtype=float) - drawn_origin)
    signs = np.cumprod(np.where(np.einsum("ij,ij->i", quats[1:], quats[:-1]) < 0, -1.0, 1.0))
    quats[1:] *= signs[:, None]  # each quaternion on the side of the previous one: interpolation turns the short way
    return origins, quats, drawn_origin


def _quaternions(R: np.ndarray) -> np.ndarray:
    """Unit quaternions (x, y, z, w) of rotation matrices (N, 3, 3): the eigenvector of the
    largest eigenvalue of Bar-Itzhack's symmetric 4 × 4 matrix, which is also the
    nearest rotation where R is a little off orthogonal."""
    trace, transposed = np.trace(R, axis1=1, axis2=2), np.swapaxes(R, 1, 2)
    skew = R - transposed
    K = np.empty((len(R), 4, 4))
    K[:, :3, :3] = R + transposed - trace[:, None, None] * np.eye(3)
    K[:, :3, 3] = K[:, 3, :3] = np.stack([skew[:, 2, 1], skew[:, 0, 2], skew[:, 1, 0]], axis=-1)
    K[:, 3, 3] = trace
    quats = np.linalg.eigh(K / 3.0)[1][..., -1]
    return quats * np.where(quats[:, 3:] < 0, -1.0, 1.0)


def _shortest_rotation(u, v) -> np.ndarray:
    """Quaternions (N, 4) of the shortest rotations taking the direction u to each row of v."""
    u = np.asarray(u, dtype=float) / np.linalg.norm(u)
    v = np.asarray(v, dtype=float) / np.linalg.norm(v, axis=-1, keepdims=True)
    quats = np.concatenate([np.cross(u, v), 1.0 + v @ u[:, None]], axis=-1)
    opposite = quats[:, 3] < 1e-9  # u turned half a turn: about any axis square to u
    if opposite.any():
        side = np.cross(u, np.eye(3)[np.argmin(np.abs(u))])
        quats[opposite] = np.append(side / np.linalg.norm(side), 0.0)
    return quats / np.linalg.norm(quats, axis=-1, keepdims=True)


def _product(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The quaternion product a b (x, y, z, w): the rotation b, then a."""
    w = a[3] * b[3] - a[:3] @ b[:3]
    return np.append(a[3] * b[:3] + b[3] * a[:3] + np.cross(a[:3], b[:3]), w)


def _rotate(quats, v) -> np.ndarray:
    """Vectors v (…, 3) turned by unit quaternions (…, 4) (x, y, z, w), broadcast."""
    quats, v = np.asarray(quats, dtype=float), np.asarray(v, dtype=float)
    axis, w = quats[..., :3], quats[..., 3:]
    t = 2.0 * np.cross(axis, v)
    return v + w * t + np.cross(axis, t)


def _body_shapes(mech, body: str, radius: float) -> list[dict]:
    """A body's shapes in the drawing: bars between its points in order (closed when
    more than two), a ball at each ball joint, a pin (a disc along the axis) at each
    revolute the body carries, a small ball at its other points; a body of one point
    gets a rod along each of its unit vectors."""
    b = mech.bodies[body]
    points = list(b.points)
    shapes = [{"type": "bar", "a": b.points[p], "b": b.points[r], "radius": radius}
              for p, r in zip(body_outline(points), body_outline(points)[1:])]
    for p in points:
        joints = [j for j in mech.joints if getattr(j, "at", None) == p and body in (j.body_i, j.body_j)]
        pin = next((j for j in joints if isinstance(j, Revolute) and j.axis and j.axis in b.vectors
                    and body == (j.body_i if j.body_i != GROUND else j.body_j)), None)
        if pin is not None:
            shapes.append({"type": "disc", "at": b.points[p], "normal": b.vectors[pin.axis],
                           "radius": 2.4 * radius, "thickness": 4 * radius})
        elif any(isinstance(j, (Spherical, Universal)) for j in joints):
            shapes.append({"type": "sphere", "at": b.points[p], "radius": 2.0 * radius})
        else:
            shapes.append({"type": "sphere", "at": b.points[p], "radius": (1.0 if joints else 1.4) * radius})
    if len(points) == 1:
        scale = 0.2 * mech.length_scale()
        shapes += [{"type": "bar", "a": b.points[points[0]], "b": b.points[points[0]] + scale * np.asarray(u),
                    "radius": radius} for u in b.vectors.values()]
    return shapes


def _moved(shape: dict, shift) -> dict:
    """A shape's positions shifted (drawing → body coordinates), its numbers rounded."""
    def number(key, value):
        if key in ("a", "b", "at", "normal", "size"):
            return _list(np.asarray(value, dtype=float) + (shift if key in ("a", "b", "at") else 0.0))
        return _round(value) if key in ("radius", "thickness", "height") else value
    return {key: number(key, value) for key, value in shape.items()}


def _shape_points(shape: dict) -> list:
    return [shape[key] for key in ("a", "b", "at") if key in shape]


def _trail(mech, names: list[str], local: dict, point: str) -> dict:
    holders = [b for b in mech.bodies_of_point(point) if b in names]
    if not holders:
        known = [p for p in mech.moving_points() if any(b in names for b in mech.bodies_of_point(p))]
        raise UnknownNameError(f"No moving body shown has a point '{point}' to trace; its points are {known}.")
    body = holders[0]
    return {"name": point, "body": names.index(body), "color": "#555555",
            "point": _list(mech.bodies[body].points[point] - local[body])}


def _round(x: float, digits: int = 5) -> float:
    x = float(x)
    return 0.0 if x == 0 else round(x, digits - 1 - int(math.floor(math.log10(abs(x)))))


def _list(v, digits: int = 5) -> list[float]:
    return [_round(x, digits) for x in np.asarray(v, dtype=float).ravel()]


# ---------------------------------------------------------------------- the HTML
def still_png(model: Model, q, trails=(), title: str = "", view: tuple[float, float] = (22.0, -60.0),
              dpi: int = 80) -> bytes:
    """A still image of the mechanism (matplotlib, palette PNG) at the first row of q,
    with the paths of the points ``trails`` over all its rows."""
    import matplotlib.pyplot as plt

    rows = np.atleast_2d(np.asarray(q, dtype=float))
    fig = plt.figure(figsize=(6.4, 4.4), dpi=dpi)
    ax = fig.add_subplot(projection="3d")
    for point in trails:
        ax.plot(*model.point(rows, point).T, "--", color="#555555", lw=1)
    draw_mechanism_3d(model, rows[0], ax=ax, labels=False, vectors=False, elev=view[0], azim=view[1])
    if title:
        ax.set_title(title)
    out = io.BytesIO()
    fig.savefig(out, format="png")
    plt.close(fig)
    return palette_png(out.getvalue(), colors=128)[0]  # 64 colours lose a short bar's blue


def player_html(data: dict, still: bytes | None = None, inline: bool | None = None,
                player_url: str | None = None) -> PlayerHTML:
    """The snippet that shows the player for ``data`` (:func:`player_data`).

    Parameters
    ----------
    data : dict
    still : bytes, optional
        A PNG shown where the player cannot run, and printed (:func:`still_png`).
    inline : bool, optional
        Carry the player and three.js in the snippet (a live notebook); by default when
        the kernel runs under a Jupyter server. Otherwise the snippet loads them from the
        page's ``_static`` folder (the book), or from ``player_url``.
    player_url : str, optional
        The URL of ``player.js`` relative to the page (a page that is not the book's).
    """
    text = json.dumps(data, separators=(",", ":")).replace("<", "\\u003c")
    alt = html.escape((data.get("title") or "The mechanism") + ": a still of its first position")
    img = (f'<img class="mb-still" alt="{alt}" src="data:image/png;base64,{base64.b64encode(still).decode()}">'
           if still else "")
    body = (f'<div class="mb-player" id="mbplayer-{uuid.uuid4().hex[:12]}">\n'
            f'<script type="application/json">{text}</script>\n{img}\n</div>\n')
    if inline is None:
        inline = "JPY_SESSION_NAME" in os.environ
    if inline:
        return PlayerHTML(body + _inline_loader())
    where = (f"new URL({json.dumps(player_url)}, document.baseURI)" if player_url else
             'document.documentElement.dataset.content_root !== undefined && new URL('
             'document.documentElement.dataset.content_root + "_static/mbplayer/player.js", document.baseURI)')
    return PlayerHTML(body + f'<script type="module">\nconst player = {where};\n'
                      f'if (player) import(player.href).then((m) => m.mountAll(), () => {UNREACHABLE});\n</script>\n')


def _inline_loader() -> str:
    """A module script carrying the player and three.js (gzipped, base64), which makes
    them blob: URLs once per page and mounts the players (``mbplayer/inline.js``)."""
    sources = {name: path.read_text(encoding="utf-8") for name, path in player_assets().items()}
    packed = base64.b64encode(gzip.compress(json.dumps(sources).encode(), 9, mtime=0)).decode("ascii")
    loader = (ROOT / INLINE_LOADER).read_text(encoding="utf-8")
    return f'<script type="module">\n{loader.replace("__PAYLOAD__", packed)}</script>\n'


def motion_player(model: Model, motion, still: bool = True, inline: bool | None = None,
                  **options) -> PlayerHTML:
    """The player for a motion, in one call: :func:`player_data` (``options`` are its
    keywords), a still of the first frame (:func:`still_png`) and :func:`player_html`."""
    data = player_data(model, motion, **options)
    png = None
    if still:
        q = _positions(model, motion)
        png = still_png(model, q, options.get("trails", ()), options.get("title", ""),
                        options.get("view", (22.0, -60.0)))
    return player_html(data, png, inline=inline)


def write_player_page(path, *players: PlayerHTML, title: str = "Motion") -> str:
    """A stand-alone page showing ``players`` (made with ``inline=False``), with the
    player and three.js copied beside it (``_static/``), as the book serves them.
    Returns the page's path."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    for name, source in player_assets().items():
        target = path.parent / "_static" / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
    body = "\n".join(p.data for p in players)
    title = html.escape(title)
    path.write_text(f'<!DOCTYPE html>\n<html lang="en" data-content_root="./">\n<head>\n<meta charset="utf-8">\n'
                    f'<link rel="icon" href="data:,">\n<title>{title}</title>\n</head>\n<body>\n<h1>{title}</h1>\n'
                    f'{body}\n</body>\n</html>\n', encoding="utf-8")
    return str(path)
