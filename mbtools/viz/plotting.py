"""Drawings, curves and animations of mechanisms (matplotlib).

Chapters call these helpers rather than carry plotting code: a model and its positions
go in, a figure comes out.

* :func:`draw_mechanism` — bodies as bars (or filled polygons), ground pivots, labels;
* :func:`plot_trajectory` — the path of a point over a sweep (e.g. a coupler curve);
* :func:`animate` and :func:`animation_html` — a sweep as an animation that plays in a
  static HTML page with no kernel and no network (its frames are light palette PNGs,
  see :mod:`mbtools.viz.animation`).
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.animation import FuncAnimation

from ..model import Model
from .animation import animation_html  # noqa: F401  (the chapters call plotting.animation_html)

GROUND_COLOR = "0.35"
BODY_COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#17becf"]


def body_outline(body_points: list[str]) -> list[str]:
    """The order in which a body's points are joined when it is drawn (closed if > 2)."""
    return body_points + body_points[:1] if len(body_points) > 2 else body_points


def draw_mechanism(model: Model, q, ax=None, labels: bool = True, alpha: float = 1.0, artists: dict | None = None):
    """Draw the mechanism at position q.

    Parameters
    ----------
    model : Model
    q : array_like
    ax : matplotlib Axes, optional
    labels : bool
        Write the point names.
    artists : dict, optional
        The dict returned by an earlier call: its lines are moved instead of redrawn
        (what an animation does).

    Returns
    -------
    dict
        ``{"bodies": {name: Line2D}, "labels": {point: Text}, "ax": ax}``.
    """
    mech = model.mechanism
    if artists is not None:
        for name, line in artists["bodies"].items():
            pts = np.array([model.point(q, p) for p in body_outline(list(mech.bodies[name].points))])
            line.set_data(pts[:, 0], pts[:, 1])
        for point, text in artists["labels"].items():
            text.xy = model.point(q, point)  # the annotated point; the text keeps its offset
        return artists
    if ax is None:
        _, ax = plt.subplots(figsize=(6, 4))
    bodies, texts = {}, {}
    moving = [b for b in mech.bodies.values() if not b.is_ground]
    for k, body in enumerate(moving):
        pts = np.array([model.point(q, p) for p in body_outline(list(body.points))])
        (line,) = ax.plot(
            pts[:, 0], pts[:, 1], "-o", lw=3, ms=5, color=BODY_COLORS[k % len(BODY_COLORS)],
            alpha=alpha, label=body.name, solid_capstyle="round", zorder=3,
        )
        bodies[body.name] = line
    for point in mech.ground_points():
        xy = model.point(q, point)
        ax.plot(*xy, marker="^", ms=12, color=GROUND_COLOR, zorder=2)
    if labels:
        for point in mech.all_points():
            if point in mech.ground_points() or any(point in b.points for b in moving):
                texts[point] = ax.annotate(
                    point, model.point(q, point), xytext=(6, 6), textcoords="offset points", fontsize=10,
                )
    ax.set_aspect("equal")
    ax.grid(True, alpha=0.3)
    return {"bodies": bodies, "labels": texts, "ax": ax}


def plot_trajectory(model: Model, positions: np.ndarray, point: str, ax=None, **style):
    """Plot the path of ``point`` over the positions of a sweep (rows of q)."""
    if ax is None:
        _, ax = plt.subplots(figsize=(6, 4))
    xy = model.point(np.asarray(positions), point)
    style = {"lw": 1.5, "color": "#555555", "ls": "--", "label": f"path of {point}", **style}
    ax.plot(xy[:, 0], xy[:, 1], **style)
    ax.set_aspect("equal")
    return ax


def limits(model: Model, positions: np.ndarray, margin: float = 0.1) -> tuple[tuple, tuple]:
    """Axis limits that hold every point over all the positions."""
    xy = np.concatenate([model.point(positions, p) for p in model.point_names])
    lo, hi = xy.min(axis=0), xy.max(axis=0)
    pad = margin * float(np.max(hi - lo))
    return (lo[0] - pad, hi[0] + pad), (lo[1] - pad, hi[1] + pad)


def animate(model: Model, positions: np.ndarray, trace: str | None = None, interval: int = 60,
            title: str | None = None, figsize=(6, 4.5), dpi: int = 72) -> FuncAnimation:
    """An animation of the mechanism through the rows of ``positions``.

    ``trace`` names a point whose whole path is drawn underneath.
    """
    positions = np.asarray(positions)
    fig, ax = plt.subplots(figsize=figsize, dpi=dpi)
    xlim, ylim = limits(model, positions)
    ax.set_xlim(*xlim)
    ax.set_ylim(*ylim)
    if trace:
        plot_trajectory(model, positions, trace, ax=ax)
    artists = draw_mechanism(model, positions[0], ax=ax)
    ax.set_xlim(*xlim)
    ax.set_ylim(*ylim)
    if title:
        ax.set_title(title)
    fig.tight_layout()

    def update(k):
        draw_mechanism(model, positions[k], artists=artists)
        return list(artists["bodies"].values()) + list(artists["labels"].values())

    anim = FuncAnimation(fig, update, frames=len(positions), interval=interval, blit=False)
    plt.close(fig)
    return anim


def plot_convergence(result, ax=None):
    """Residual ‖Φ‖₂ and correction ‖Δq‖₂ of each Newton–Raphson iterate (log scale)."""
    if ax is None:
        _, ax = plt.subplots(figsize=(5, 3.2))
    steps = result.history
    k = [s.iteration for s in steps]
    ax.semilogy(k, [max(s.residual_norm, 1e-17) for s in steps], "o-", label=r"$\|\Phi(\mathbf{q}^k)\|_2$")
    corr = [(s.iteration, s.correction_norm) for s in steps if not np.isnan(s.correction_norm)]
    if corr:
        ax.semilogy(*zip(*corr), "s--", label=r"$\|\Delta\mathbf{q}^k\|_2$")
    ax.set_xlabel("iteration k")
    ax.set_xticks(k)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()
    return ax


def compare_curves(x, computed: dict, reference: dict, xlabel: str, axes=None):
    """Computed curves (lines) over reference values (markers), and their differences.

    ``computed`` and ``reference`` map a label to an array over ``x``. Returns the two
    axes: the curves on top, |computed − reference| (log scale) below.
    """
    if axes is None:
        _, axes = plt.subplots(2, 1, figsize=(7, 5.5), sharex=True, gridspec_kw={"height_ratios": [3, 2]})
    top, bottom = axes
    every = max(1, len(x) // 24)
    for k, (label, values) in enumerate(computed.items()):
        color = BODY_COLORS[k % len(BODY_COLORS)]
        top.plot(x, values, color=color, label=f"{label} (computed)")
        top.plot(x[::every], np.asarray(reference[label])[::every], "o", mfc="none", color=color,
                 label=f"{label} (closed form)")
        error = np.abs(np.asarray(values) - np.asarray(reference[label]))
        bottom.semilogy(x, np.maximum(error, 1e-17), color=color, label=label)
    top.grid(True, alpha=0.3)
    top.legend(fontsize=8, ncol=2)
    bottom.set_xlabel(xlabel)
    bottom.set_ylabel("|difference|")
    bottom.set_ylim(1e-17, 1e-8)
    bottom.grid(True, which="both", alpha=0.3)
    return axes


def draw_mechanism_3d(model: Model, q, ax=None, labels: bool = True, vectors: bool = True,
                      alpha: float = 1.0, elev: float = 22.0, azim: float = -60.0):
    """Draw a spatial mechanism at position q on 3-D axes: bodies as bars between
    their points, ground points as triangles, unit vectors (natural coordinates) as
    arrows from their body's first point."""
    mech = model.mechanism
    if ax is None:
        fig = plt.figure(figsize=(6.5, 5))
        ax = fig.add_subplot(projection="3d")
    moving = [b for b in mech.bodies.values() if not b.is_ground]
    known = set(model.point_names)
    for k, body in enumerate(moving):
        names = [p for p in body_outline(list(body.points)) if p in known]
        pts = np.array([model.point(q, p) for p in names])
        color = BODY_COLORS[k % len(BODY_COLORS)]
        ax.plot(pts[:, 0], pts[:, 1], pts[:, 2], "-o", lw=3, ms=4, color=color, alpha=alpha, label=body.name)
        if vectors:
            for v in body.vectors:
                if v in model.vector_names:
                    start = model.point(q, list(body.points)[0])
                    u = model.vector(q, v)
                    ax.quiver(*start, *u, color=color, length=0.8, arrow_length_ratio=0.2, alpha=alpha)
    for point in mech.ground_points():
        ax.scatter(*model.point(q, point), marker="^", s=60, color=GROUND_COLOR)
    if labels:
        for point in mech.all_points():
            ax.text(*model.point(q, point), f" {point}", fontsize=9)
    _equal_3d(ax, np.array([model.point(q, p) for p in model.point_names]))
    ax.view_init(elev=elev, azim=azim)
    ax.set_xlabel("x")
    ax.set_ylabel("y")
    ax.set_zlabel("z")
    return ax


def mechanism_artists_3d(model: Model, q, ax, artists: dict | None = None) -> dict:
    """A spatial mechanism at q as movable artists (what a demo redraws): with
    ``artists`` from an earlier call, its lines and labels are moved instead of drawn.

    Returns ``{"bodies": {name: Line3D}, "labels": {point: Text3D}, "ax": ax}``, like
    :func:`draw_mechanism` in the plane; ground points are drawn once, as triangles."""
    mech = model.mechanism
    known = set(model.point_names)
    moving = [b for b in mech.bodies.values() if not b.is_ground]
    outlines = {b.name: [p for p in body_outline(list(b.points)) if p in known] for b in moving}
    if artists is not None:
        for name, line in artists["bodies"].items():
            line.set_data_3d(*np.array([model.point(q, p) for p in outlines[name]]).T)
        for point, text in artists["labels"].items():
            text.set_position_3d(model.point(q, point))
        return artists
    bodies = {}
    for k, body in enumerate(moving):
        pts = np.array([model.point(q, p) for p in outlines[body.name]])
        (bodies[body.name],) = ax.plot(*pts.T, "-o", lw=3, ms=4, color=BODY_COLORS[k % len(BODY_COLORS)],
                                       label=body.name)
    for point in mech.ground_points():
        ax.scatter(*model.point(q, point), marker="^", s=60, color=GROUND_COLOR)
    labels = {p: ax.text(*model.point(q, p), f" {p}", fontsize=9) for p in mech.moving_points()}
    ax.set_xlabel("x")
    ax.set_ylabel("y")
    ax.set_zlabel("z")
    return {"bodies": bodies, "labels": labels, "ax": ax}


def _equal_3d(ax, xyz: np.ndarray) -> None:
    centre = (xyz.max(axis=0) + xyz.min(axis=0)) / 2
    radius = 0.6 * float(np.max(xyz.max(axis=0) - xyz.min(axis=0))) or 1.0
    ax.set_xlim(centre[0] - radius, centre[0] + radius)
    ax.set_ylim(centre[1] - radius, centre[1] + radius)
    ax.set_zlim(centre[2] - radius, centre[2] + radius)
    ax.set_box_aspect((1, 1, 1))


def animate_3d(model: Model, positions: np.ndarray, trace: str | None = None, interval: int = 70,
               title: str | None = None, figsize=(6, 5), dpi: int = 72) -> FuncAnimation:
    """An animation of a spatial mechanism through the rows of ``positions``."""
    positions = np.asarray(positions)
    fig = plt.figure(figsize=figsize, dpi=dpi)
    ax = fig.add_subplot(projection="3d")
    everything = np.concatenate([model.point(positions, p) for p in model.point_names])

    def update(k):
        ax.cla()
        if trace:
            path = model.point(positions, trace)
            ax.plot(path[:, 0], path[:, 1], path[:, 2], "--", color="#555555", lw=1)
        draw_mechanism_3d(model, positions[k], ax=ax, vectors=False)
        _equal_3d(ax, everything)
        if title:
            ax.set_title(title)
        return []

    update(0)
    anim = FuncAnimation(fig, update, frames=len(positions), interval=interval, blit=False)
    plt.close(fig)
    return anim


def plot_counts(counts: dict, ax=None, title: str | None = None):
    """Grouped bars: coordinates, constraints and mobility of each family (the output of
    :func:`mbtools.coordinate_counts`)."""
    if ax is None:
        _, ax = plt.subplots(figsize=(7, 3.6))
    families = list(counts)
    labels = [f.replace("reference_point_", "ref. point\n").replace("_", " ") for f in families]
    x = np.arange(len(families))
    width = 0.27
    series = [
        ("coordinates", [counts[f].coordinates for f in families]),
        ("constraints", [counts[f].constraints for f in families]),
        ("mobility", [counts[f].mobility for f in families]),
    ]
    for k, (name, values) in enumerate(series):
        bars = ax.bar(x + (k - 1) * width, values, width, label=name, color=BODY_COLORS[k])
        ax.bar_label(bars, fontsize=8)
    ax.set_xticks(x, labels, fontsize=9)
    ax.legend(fontsize=8)
    ax.grid(True, axis="y", alpha=0.3)
    if title:
        ax.set_title(title)
    return ax


FAMILY_TITLES = {
    "relative": "relative: joint parameters",
    "reference_point": "reference point: point + orientation",
    "basic": "basic: points",
    "natural": "natural: points + unit vectors",
}


def draw_family(model: Model, q=None, ax=None):
    """Draw the mechanism faded, and over it what the model's coordinates are:
    moving points (basic, natural), unit vectors (natural), each body's reference
    point and orientation (reference point), the tree joints' parameters and the cut
    joints (relative). Planar on 2-D axes, spatial on 3-D axes."""
    q = model.reference_q if q is None else np.asarray(q)
    mech = model.mechanism
    spatial = mech.dimension == 3
    if ax is None:
        fig = plt.figure(figsize=(4, 3.6))
        ax = fig.add_subplot(projection="3d") if spatial else fig.add_subplot()
    if spatial:
        draw_mechanism_3d(model, q, ax=ax, labels=False, vectors=False, alpha=0.3)
    else:
        draw_mechanism(model, q, ax=ax, labels=False, alpha=0.3)
    names = set(model.coordinate_names)

    def mark(xyz, text, style):
        if spatial:
            ax.scatter(*xyz, s=55, **style)
            ax.text(*xyz, f" {text}", fontsize=8)
        else:
            ax.scatter(*xyz, s=55, zorder=5, **style)
            ax.annotate(text, xyz, xytext=(4, 4), textcoords="offset points", fontsize=8)

    def arrow(start, direction, color):
        if spatial:
            ax.quiver(*start, *direction, color=color, length=0.9, arrow_length_ratio=0.25)
        else:
            ax.annotate("", xy=start + 0.9 * direction, xytext=start, arrowprops={"arrowstyle": "->", "color": color, "lw": 2})

    family = model.family
    if family in ("basic", "natural"):
        for p in model.point_names:
            if f"x_{p}" in names:
                mark(model.point(q, p), p, {"color": "#d62728", "marker": "o"})
        for v in model.vector_names:
            if f"{v}_x" in names:
                holder = mech.bodies_of_vector(v)[0]
                start = model.point(q, list(mech.bodies[holder].points)[0])
                arrow(start, model.vector(q, v), "#9467bd")
    elif family == "reference_point":
        for body in mech.bodies.values():
            if body.is_ground:
                continue
            c = np.array([q[model.coordinate_names.index(f"{a}_{body.name}")] for a in "xyz"[: mech.dimension]])
            mark(c, body.name, {"color": "#2ca02c", "marker": "s"})
            first = model.point(q, list(body.points)[0])
            direction = first - c
            if np.linalg.norm(direction) > 1e-9:
                arrow(c, direction / np.linalg.norm(direction) * 0.8, "#2ca02c")
    elif family == "relative":
        for joint in mech.joints:
            at = joint.location or next(iter(mech.bodies[joint.body_j].points))
            xyz = model.point(q, at) if at in model.point_names else mech.point_position(at)
            if joint.name in model.facts.cut_joints:
                mark(xyz, f"{joint.name} (cut)", {"color": "black", "marker": "x"})
            else:
                count = sum(1 for n in model.coordinate_names if n.endswith(f"_{joint.name}"))
                mark(xyz, f"{joint.name}: {count}", {"color": "#ff7f0e", "marker": "D"})
    title = FAMILY_TITLES.get(family, family)
    if model.facts.variant:
        title += f"\n({model.facts.variant.replace('_', ' ')})"
    ax.set_title(f"{title}\nn = {model.n_coordinates}", fontsize=9)
    if not spatial:
        ax.legend().set_visible(False) if ax.get_legend() else None
    ax.set_xticks([]) if not spatial else None
    ax.set_yticks([]) if not spatial else None
    return ax
