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

#: One colour per family of coordinates, the same in every figure of the comparison
#: (Okabe–Ito colours, told apart with any colour vision), keyed as
#: :func:`mbtools.coordinate_counts`. The planar reference-point model, whose
#: orientation is an angle, takes the colour of Euler angles.
FAMILY_COLORS = {
    "relative": "#E69F00",
    "reference_point": "#009E73",
    "reference_point_euler_angles": "#009E73",
    "reference_point_euler_parameters": "#CC79A7",
    "reference_point_rotation_vector": "#56B4E9",
    "basic": "#D55E00",
    "natural": "#0072B2",
}

#: The families' names as the comparison's figures and tables write them.
FAMILY_LABELS = {
    "relative": "relative",
    "reference_point": "reference point",
    "reference_point_euler_angles": "reference point (Euler angles)",
    "reference_point_euler_parameters": "reference point (Euler parameters)",
    "reference_point_rotation_vector": "reference point (rotation vector)",
    "basic": "basic",
    "natural": "natural",
}


def family_key(model: Model) -> str:
    """The key of a model's family, as :func:`mbtools.coordinate_counts` keys them
    (``"reference_point_euler_angles"`` for reference-point coordinates with Euler angles).

    >>> from mbtools import examples, formulate
    >>> family_key(formulate(examples.rscr(), "reference_point", rotation="euler_parameters"))
    'reference_point_euler_parameters'
    """
    return model.family + (f"_{model.facts.variant}" if model.facts.variant else "")


def body_outline(body_points: list[str]) -> list[str]:
    """The order in which a body's points are joined when it is drawn (closed if > 2)."""
    return body_points + body_points[:1] if len(body_points) > 2 else body_points


def draw_mechanism(model: Model, q, ax=None, labels: bool = True, alpha: float = 1.0, artists: dict | None = None,
                   color: str | None = None):
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
    color : str, optional
        One colour for every body (each body has its own by default).

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
            pts[:, 0], pts[:, 1], "-o", lw=3, ms=5, color=color or BODY_COLORS[k % len(BODY_COLORS)],
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
                      alpha: float = 1.0, elev: float = 22.0, azim: float = -60.0, color: str | None = None):
    """Draw a spatial mechanism at position q on 3-D axes: bodies as bars between
    their points, ground points as triangles, unit vectors (natural coordinates) as
    arrows from their body's first point; every body in ``color`` if given."""
    mech = model.mechanism
    if ax is None:
        fig = plt.figure(figsize=(6.5, 5))
        ax = fig.add_subplot(projection="3d")
    moving = [b for b in mech.bodies.values() if not b.is_ground]
    known = set(model.point_names)
    for k, body in enumerate(moving):
        names = [p for p in body_outline(list(body.points)) if p in known]
        pts = np.array([model.point(q, p) for p in names])
        body_color = color or BODY_COLORS[k % len(BODY_COLORS)]
        ax.plot(pts[:, 0], pts[:, 1], pts[:, 2], "-o", lw=3, ms=4, color=body_color, alpha=alpha, label=body.name)
        if vectors:
            for v in body.vectors:
                if v in model.vector_names:
                    start = model.point(q, list(body.points)[0])
                    u = model.vector(q, v)
                    ax.quiver(*start, *u, color=body_color, length=0.8, arrow_length_ratio=0.2, alpha=alpha)
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
    """Bars of the counts of every family (the output of
    :func:`mbtools.coordinate_counts`), grouped by what they count: the coordinates n,
    the constraints m (drivers left out) and the mobility n − rank Φ_q, each family in
    its colour of :data:`FAMILY_COLORS`, its number over each bar."""
    if ax is None:
        _, ax = plt.subplots(figsize=(6.8, 2.9))
    keys = list(counts)
    quantities = [(r"coordinates $n$", "coordinates"), (r"constraints $m$", "constraints"),
                  (r"mobility $n-\mathrm{rank}\,\Phi_{\mathbf{q}}$", "mobility")]
    width = 0.84 / len(keys)
    for k, key in enumerate(keys):
        values = [getattr(counts[key], attribute) for _, attribute in quantities]
        x = np.arange(len(quantities)) + (k - (len(keys) - 1) / 2) * width
        bars = ax.bar(x, values, 0.9 * width, color=FAMILY_COLORS.get(key, GROUND_COLOR),
                      label=FAMILY_LABELS.get(key, key))
        ax.bar_label(bars, fontsize=8, padding=1)
    ax.set_xticks(range(len(quantities)), [label for label, _ in quantities], fontsize=9)
    ax.set_ylim(0, 1.15 * max(c.coordinates for c in counts.values()))
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
    ax.grid(True, axis="y", alpha=0.3)
    ax.spines[["top", "right"]].set_visible(False)
    if title:
        ax.set_title(title, fontsize=10)
    return ax


FAMILY_TITLES = {
    "relative": "relative: joint parameters",
    "reference_point": "reference point: point + angle",
    "reference_point_euler_angles": "reference point:\npoint + Euler angles",
    "reference_point_euler_parameters": "reference point:\npoint + Euler parameters",
    "reference_point_rotation_vector": "reference point:\npoint + rotation vector",
    "basic": "basic: points",
    "natural": "natural: points + unit vectors",
}


def draw_family(model: Model, q=None, ax=None, fontsize: float = 9):
    """Draw the mechanism faded, and over it, in the family's colour
    (:data:`FAMILY_COLORS`), what the model's coordinates are: moving points (basic,
    natural), unit vectors (natural), each body's reference point and orientation
    (reference point), the tree joints' parameters and the cut joints (relative).
    Planar on 2-D axes, spatial on 3-D axes; the title names the family and n."""
    q = model.reference_q if q is None else np.asarray(q)
    mech = model.mechanism
    spatial = mech.dimension == 3
    key = family_key(model)
    color = FAMILY_COLORS.get(key, BODY_COLORS[0])
    if ax is None:
        fig = plt.figure(figsize=(3.4, 3.0))
        ax = fig.add_subplot(projection="3d") if spatial else fig.add_subplot()
    if spatial:
        draw_mechanism_3d(model, q, ax=ax, labels=False, vectors=False, alpha=0.35, color="0.55")
    else:
        draw_mechanism(model, q, ax=ax, labels=False, alpha=0.35, color="0.55")
    names = set(model.coordinate_names)

    def mark(xyz, text, marker):
        style = {"s": 40, "color": color, "marker": marker}
        if spatial:
            ax.scatter(*xyz, **style)
            ax.text(*xyz, f" {text}", fontsize=fontsize - 1)
        else:
            ax.scatter(*xyz, zorder=5, **style)
            ax.annotate(text, xyz, xytext=(4, 4), textcoords="offset points", fontsize=fontsize - 1)

    def arrow(start, direction):
        if spatial:
            ax.quiver(*start, *direction, color=color, length=0.9, arrow_length_ratio=0.25)
        else:
            ax.annotate("", xy=start + 0.9 * direction, xytext=start, arrowprops={"arrowstyle": "->", "color": color, "lw": 2})

    if model.family in ("basic", "natural"):
        for p in model.point_names:
            if f"x_{p}" in names:
                mark(model.point(q, p), p, "o")
        for v in model.vector_names:
            if f"{v}_x" in names:
                holder = mech.bodies_of_vector(v)[0]
                arrow(model.point(q, list(mech.bodies[holder].points)[0]), model.vector(q, v))
    elif model.family == "reference_point":
        for body in mech.bodies.values():
            if body.is_ground:
                continue
            c = np.array([q[model.coordinate_names.index(f"{a}_{body.name}")] for a in "xyz"[: mech.dimension]])
            mark(c, body.name, "s")
            direction = model.point(q, list(body.points)[0]) - c
            if np.linalg.norm(direction) > 1e-9:
                arrow(c, direction / np.linalg.norm(direction) * 0.8)
    elif model.family == "relative":
        for joint in mech.joints:
            at = joint.location or next(iter(mech.bodies[joint.body_j].points))
            xyz = model.point(q, at) if at in model.point_names else mech.point_position(at)
            if joint.name in model.facts.cut_joints:
                mark(xyz, f"{joint.name} (cut)", "x")
            else:
                count = sum(1 for n in model.coordinate_names if n.endswith(f"_{joint.name}"))
                mark(xyz, f"{joint.name}: {count}", "D")
    ax.set_title(f"{FAMILY_TITLES.get(key, key)}\nn = {model.n_coordinates}", fontsize=fontsize, color=color)
    if spatial:
        for axis in (ax.xaxis, ax.yaxis, ax.zaxis):
            axis.set_ticklabels([])
        ax.set_xlabel("")
        ax.set_ylabel("")
        ax.set_zlabel("")
        ax.set_box_aspect((1, 1, 1), zoom=1.25)  # the drawing, not the empty box around it
    else:
        ax.set_xticks([])
        ax.set_yticks([])
    return ax


def draw_families(models: dict, columns: int | None = None, width: float = 6.8):
    """What each family takes as coordinates (:func:`draw_family`), one panel per model
    of ``models`` (the output of :func:`mbtools.analysis.formulate_all`), ``columns``
    panels a row (two in the plane, three in space by default) on a figure ``width``
    inches wide. Returns the figure."""
    spatial = next(iter(models.values())).mechanism.dimension == 3
    columns = columns or (3 if spatial else 2)
    rows = -(-len(models) // columns)
    panel = width / columns
    fig = plt.figure(figsize=(width, rows * panel * (1.1 if spatial else 0.8)))
    for k, model in enumerate(models.values(), start=1):
        draw_family(model, ax=fig.add_subplot(rows, columns, k, projection="3d" if spatial else None))
    if spatial:  # tight_layout leaves 3-D axes their wide margins
        fig.subplots_adjust(left=0.0, right=1.0, bottom=0.0, top=0.9, wspace=0.05, hspace=0.2)
    else:
        fig.tight_layout()
    return fig


def plot_solve_costs(operations: dict, milliseconds: dict, axes=None):
    """Beside each other, for each mechanism: the arithmetic of one Newton–Raphson step
    of every family (forming Φ and Φ_q, then the factorization, stacked) and the measured
    time of a warm-started solve. ``operations[mechanism][key]`` is an (evaluation,
    factorization flops) pair, ``milliseconds[mechanism][key]`` a time; one row of
    horizontal bars per mechanism, each family in its colour of :data:`FAMILY_COLORS`.
    Returns the axes (rows: mechanisms; columns: operations, time)."""
    if axes is None:
        rows = len(operations)
        _, axes = plt.subplots(rows, 2, figsize=(6.8, 1.0 + 0.42 * sum(len(v) for v in operations.values())),
                               squeeze=False, gridspec_kw={"height_ratios": [len(v) for v in operations.values()]})
    for (ax_ops, ax_time), (title, by_family) in zip(axes, operations.items()):
        keys = list(by_family)[::-1]  # the first family on top
        y = np.arange(len(keys))
        colors = [FAMILY_COLORS.get(k, GROUND_COLOR) for k in keys]
        evaluation = np.array([by_family[k][0] for k in keys])
        flops = np.array([by_family[k][1] for k in keys])
        ax_ops.barh(y, evaluation, color=colors)
        bars = ax_ops.barh(y, flops, left=evaluation, color=colors, alpha=0.45, hatch="///", edgecolor="white")
        ax_ops.bar_label(bars, labels=[f"{e} + {f}" for e, f in zip(evaluation, flops)], fontsize=7, padding=2)
        times = [milliseconds[title][k] for k in keys]
        bars = ax_time.barh(y, times, color=colors)
        ax_time.bar_label(bars, labels=[f"{t:.3f}" for t in times], fontsize=7, padding=2)
        ax_ops.set_yticks(y, [FAMILY_LABELS.get(k, k) for k in keys], fontsize=8)
        ax_time.set_yticks(y, [])
        ax_ops.set_xlim(0, 1.35 * float((evaluation + flops).max()))
        ax_time.set_xlim(0, 1.3 * max(times))
        ax_ops.set_title(f"{title}: operations per Newton step", fontsize=9)
        ax_time.set_title(f"{title}: measured solve (ms)", fontsize=9)
        for ax in (ax_ops, ax_time):
            ax.tick_params(axis="x", labelsize=8)
            ax.grid(True, axis="x", alpha=0.3)
            ax.spines[["top", "right"]].set_visible(False)
    axes[-1][0].set_xlabel("forming $\\Phi$, $\\Phi_{\\mathbf{q}}$ (solid)\n+ factorization flops (hatched)", fontsize=8)
    axes[-1][1].set_xlabel("this Python implementation,\nwarm-started solve", fontsize=8)
    return axes
