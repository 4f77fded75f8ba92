"""Labelled schematics of the planar mechanisms, drawn from their models.

Each figure takes the mechanism a chapter uses, solves its position with the library
(in any family of coordinates) and labels what the text talks about, so that the
drawing and the numbers on a page come from the same model:

* :func:`four_bar_schematic` — the four-bar in Freudenstein's notation: lengths a, b,
  c, d and the angles θ₂, θ₃, θ₄ measured from the ground line;
* :func:`slider_crank_schematic` — crank r, rod l, offset e, crank angle θ and the
  slider's position s along its guide.

The drawing pieces below them (labels that keep clear of lines, angle arcs, dimension
lines, hatched ground) serve :mod:`mbtools.viz.paper_figures` as well, which draws the
paper's figures of coordinates."""

from __future__ import annotations

import math

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.axes import Axes
from matplotlib.patches import Arc, Polygon, Rectangle

from ..coordinates import formulate
from ..description import Mechanism, Prismatic
from ..errors import InputError
from ..examples import four_bar, slider_crank
from ..kinematics import solve_position
from ..model import Model
from .plotting import BODY_COLORS, GROUND_COLOR

FONT_SIZE = 11
LABEL_BOX = {"boxstyle": "round,pad=0.15", "fc": "white", "ec": "none", "alpha": 0.85}
DIMENSION_COLOR = "0.25"


# ---------------------------------------------------------------------------- drawing pieces
def unit(vector) -> np.ndarray:
    """The vector divided by its length."""
    vector = np.asarray(vector, dtype=float)
    return vector / np.linalg.norm(vector)


def left_normal(direction) -> np.ndarray:
    """The direction turned a quarter turn counterclockwise."""
    return np.array([-direction[1], direction[0]])


def angle_from(reference, direction) -> float:
    """The counterclockwise angle from ``reference`` to ``direction``, in [0, 2π)."""
    turn = math.atan2(reference[0] * direction[1] - reference[1] * direction[0], np.dot(reference, direction))
    return turn % (2 * math.pi)


def anchor(direction) -> dict:
    """Horizontal and vertical alignment that put a text on the side ``direction`` points
    to, so that it grows away from what it labels."""
    c, s = unit(direction)
    return {"ha": "left" if c > 0.38 else "right" if c < -0.38 else "center",
            "va": "bottom" if s > 0.38 else "top" if s < -0.38 else "center"}


def label(ax: Axes, xy, text: str, direction=(0.0, 0.0), distance: float = 0.0, **style) -> None:
    """Write ``text`` ``distance`` points from ``xy`` towards ``direction`` (centred on
    ``xy`` without a direction), on a white ground so that no line runs through it."""
    options = {"fontsize": FONT_SIZE, "bbox": LABEL_BOX, "zorder": 6, "ha": "center", "va": "center"}
    offset = (0.0, 0.0)
    if np.linalg.norm(direction) > 0:
        options.update(anchor(direction))
        offset = tuple(distance * unit(direction))
    ax.annotate(text, xy, xytext=offset, textcoords="offset points", **{**options, **style})


def free_direction(taken: list[tuple[float, float]]) -> np.ndarray:
    """The direction in the middle of the widest angular gap between ``taken`` sectors
    (pairs of angles in radians, counterclockwise from the first to the second)."""
    if not taken:
        return np.array([0.0, 1.0])
    sectors = sorted((a % (2 * math.pi), (a % (2 * math.pi)) + (b - a) % (2 * math.pi)) for a, b in taken)
    merged = [list(sectors[0])]
    for a, b in sectors[1:]:
        if a <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], b)
        else:
            merged.append([a, b])
    gaps = [(merged[(k + 1) % len(merged)][0] + (2 * math.pi if k + 1 == len(merged) else 0) - b, b)
            for k, (_, b) in enumerate(merged)]
    width, start = max(gaps)
    middle = start + width / 2
    return np.array([math.cos(middle), math.sin(middle)])


def around(direction, spread: float = math.radians(14.0)) -> tuple[float, float]:
    """The sector a line leaving a point along ``direction`` takes from its labels."""
    angle = math.atan2(direction[1], direction[0])
    return angle - spread, angle + spread


def link(ax: Axes, points: list, color: str) -> None:
    """A body drawn as a thick bar (or a filled plate when it has three points or more)."""
    points = np.asarray(points)
    if len(points) > 2:
        ax.add_patch(Polygon(points, closed=True, fc=color, ec=color, alpha=0.25, lw=0, zorder=2))
        outline = np.vstack([points, points[:1]])
    else:
        outline = points
    ax.plot(*outline.T, "-", lw=4, color=color, solid_capstyle="round", zorder=3)
    ax.plot(*points.T, "o", ms=8, mfc="white", mec="black", mew=1.5, zorder=5)


def ground_pivot(ax: Axes, at, size: float) -> None:
    """A fixed pivot: a triangle standing on a hatched ground line under ``at``."""
    x, y = at
    ax.add_patch(Polygon([(x, y), (x - 0.6 * size, y - size), (x + 0.6 * size, y - size)], closed=True,
                         fc="0.85", ec=GROUND_COLOR, lw=1.5, zorder=1))
    hatched_ground(ax, (x - size, y - size), (x + size, y - size), size)


def hatched_ground(ax: Axes, start, end, size: float, below: bool = True) -> None:
    """A ground surface from ``start`` to ``end``, hatched on one side (below by default,
    for a surface drawn left to right)."""
    start, end = np.asarray(start, dtype=float), np.asarray(end, dtype=float)
    along = end - start
    length = float(np.linalg.norm(along))
    across = left_normal(along / length) * (-1 if below else 1)
    ax.plot(*np.array([start, end]).T, "-", lw=1.8, color=GROUND_COLOR, zorder=1)
    step = 0.4 * size
    for k in range(int(length / step) + 1):
        foot = start + along * (k * step / length)
        tip = foot + 0.5 * size * (across - along / length)
        ax.plot(*np.array([foot, tip]).T, "-", lw=1, color=GROUND_COLOR, zorder=1)


def angle_arc(ax: Axes, centre, radius: float, start: float, sweep: float, text: str, color: str,
              avoid=()) -> np.ndarray:
    """An arc of ``sweep`` radians from the direction at angle ``start``, with an arrow
    head at its end and ``text`` just outside it: at its middle, or where it is farthest
    from the directions ``avoid`` (lines that leave the centre across the arc). Returns
    where the text is."""
    ax.add_patch(Arc(centre, 2 * radius, 2 * radius, theta1=math.degrees(start), theta2=math.degrees(start + sweep),
                     color=color, lw=1.5, zorder=4))
    end = start + sweep
    tip = np.asarray(centre) + radius * np.array([math.cos(end), math.sin(end)])
    back = tip - 0.15 * radius * np.array([-math.sin(end), math.cos(end)])
    ax.annotate("", xy=tip, xytext=back, arrowprops={"arrowstyle": "-|>", "color": color, "lw": 1.5,
                                                     "shrinkA": 0, "shrinkB": 0}, zorder=4)
    candidates = start + sweep * np.linspace(0.2, 0.8, 25)
    away = [math.atan2(d[1], d[0]) for d in avoid]
    clearance = [min([abs((t - a + math.pi) % (2 * math.pi) - math.pi) for a in away] + [math.pi]) for t in candidates]
    best = candidates[int(np.argmax(clearance))] if away and max(clearance) < math.pi else start + sweep / 2
    where = np.array([math.cos(best), math.sin(best)])
    label(ax, np.asarray(centre) + radius * where, text, where, 4.0, color=color)
    return np.asarray(centre) + radius * where


def dimension(ax: Axes, start, end, text: str, offset, bases=None, beside: bool = False) -> None:
    """A dimension line from ``start`` to ``end`` shifted by ``offset``, with arrows at
    both ends, extension lines from ``bases`` (by default ``start`` and ``end``), and
    ``text`` in its middle (``beside`` it, on the far side from the drawing, if True)."""
    start, end, offset = (np.asarray(v, dtype=float) for v in (start, end, offset))
    a, b = start + offset, end + offset
    for base, moved in zip((start, end) if bases is None else bases, (a, b)):
        ax.plot(*np.array([base, moved + 0.2 * offset]).T, "-", lw=0.8, color=DIMENSION_COLOR, zorder=1)
    ax.annotate("", xy=b, xytext=a, zorder=1, arrowprops={"arrowstyle": "<|-|>", "color": DIMENSION_COLOR,
                                                          "lw": 1, "shrinkA": 0, "shrinkB": 0})
    if beside:
        label(ax, (a + b) / 2, text, offset, 4.0, color=DIMENSION_COLOR)
    else:
        label(ax, (a + b) / 2, text, color=DIMENSION_COLOR)


def clear_side(tail, head, others, reach: float) -> np.ndarray:
    """The normal of the link tail→head on the side where a point ``reach`` from its
    middle is farther from all the points ``others``."""
    normal = left_normal(unit(np.asarray(head) - np.asarray(tail)))
    middle = (np.asarray(tail) + np.asarray(head)) / 2

    def room(side):
        return min([float(np.linalg.norm(middle + side * reach * normal - p)) for p in others] + [np.inf])

    return normal if room(1.0) >= room(-1.0) else -normal


def link_label(ax: Axes, tail, head, text: str, outward, color: str, where: float = 0.5) -> None:
    """``text`` beside the link tail→head, ``where`` of the way along it, on the side of
    ``outward``."""
    tail, head = np.asarray(tail), np.asarray(head)
    normal = left_normal(unit(head - tail))
    side = normal if np.dot(normal, outward) >= 0 else -normal
    label(ax, tail + where * (head - tail), text, side, 7.0, color=color)


def solved(mechanism: Mechanism, family: str, inputs: dict, options: dict) -> tuple[Model, np.ndarray]:
    """The model of ``mechanism`` in ``family`` and its position at ``inputs``."""
    model = formulate(mechanism, family, **options)
    return model, solve_position(model, inputs).q


def number(value: float) -> str:
    """A length as the page prints it: up to four significant digits, no trailing zeros."""
    return f"{value:.4g}"


def finish(ax: Axes, points: np.ndarray, margin: float) -> None:
    """Equal axes fitted to ``points`` with ``margin``, no frame and no ticks."""
    lo, hi = points.min(axis=0) - margin, points.max(axis=0) + margin
    ax.set_xlim(lo[0], hi[0])
    ax.set_ylim(lo[1], hi[1])
    ax.set_aspect("equal")
    ax.set_axis_off()


def fitted_axes(ax: Axes | None, points: np.ndarray, margin: float, largest=(7.0, 5.2)) -> Axes:
    """``ax``, or the axes of a new figure as large as fits in ``largest`` (inches) with
    the shape of the drawing of ``points``."""
    if ax is None:
        width, height = np.ptp(points, axis=0) + 2 * margin
        scale = min(largest[0] / width, largest[1] / height)
        fig = plt.figure(figsize=(max(width * scale, 3.5), height * scale))
        ax = fig.add_axes((0.0, 0.0, 1.0, 1.0))
    return ax


def new_axes(ax: Axes | None, figsize=(7.0, 5.0)) -> Axes:
    """``ax``, or the axes of a new figure of ``figsize`` inches."""
    if ax is None:
        _, ax = plt.subplots(figsize=figsize)
    return ax


def name_points(ax: Axes, positions: dict, taken: dict) -> None:
    """Write each point's name where nothing else is drawn around it: ``taken`` maps a
    point to the sectors (pairs of angles) that its lines and arcs take."""
    for name, sectors in taken.items():
        label(ax, positions[name], name, free_direction(sectors), 9.0, fontweight="bold")


# ---------------------------------------------------------------------------- the four-bar
def four_bar_points(mechanism: Mechanism) -> tuple[str, str, str, str]:
    """The names of the crank pivot, crank tip, rocker tip and rocker pivot (O₂, A, B, O₄)
    of a four-bar with bodies ``crank``, ``coupler`` and ``rocker``."""
    ground = set(mechanism.ground_points())
    try:
        crank, coupler, rocker = (set(mechanism.bodies[b].points) for b in ("crank", "coupler", "rocker"))
    except KeyError:
        raise InputError(
            f"'{mechanism.name}' is not a four-bar with bodies 'crank', 'coupler' and 'rocker' "
            f"(its bodies: {sorted(mechanism.bodies)}); build it with mbtools.examples.four_bar."
        ) from None
    (o2,), (a,) = crank & ground, crank & coupler
    (o4,), (b,) = rocker & ground, rocker & coupler
    return o2, a, b, o4


def four_bar_schematic(mechanism: Mechanism | None = None, theta: float = math.radians(60.0),
                       family: str = "basic", ax: Axes | None = None, values: bool = True,
                       **options) -> Axes:
    r"""The four-bar in Freudenstein's notation, at crank angle ``theta``.

    The lengths a (crank), b (coupler), c (rocker) and d (ground) and the angles θ₂
    (crank), θ₃ (coupler) and θ₄ (rocker) are labelled, each angle measured
    counterclockwise from the direction of the ground line O₂→O₄, with an arc. The
    position is solved by the library in ``family``; the assembly mode is the one of the
    mechanism's reference drawing, followed from there to ``theta``.

    Parameters
    ----------
    mechanism : mbtools.Mechanism, optional
        A four-bar built by :func:`mbtools.examples.four_bar`; by default
        ``four_bar()`` (a, b, c, d = 2, 7, 9, 6).
    theta : float
        The crank angle θ₂ (radians).
    family : str
        The family of coordinates in which the position is solved.
    ax : matplotlib.axes.Axes, optional
    values : bool
        Write the values of the symbols (``a = 2``, ``θ₂ = 60.0°``) in a key under the
        drawing.
    **options
        Passed to :func:`mbtools.formulate` (e.g. ``rotation="euler_parameters"``).

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> import math
    >>> ax = four_bar_schematic(theta=math.radians(60), family="relative")
    >>> texts = [t.get_text() for t in ax.texts]
    >>> {"$a$", "$b$", "$c$", "$d$", "O2", "A", "B", "O4"} <= set(texts)
    True
    >>> print(texts[-1].replace("$\\theta_", "θ").replace("$", ""))  # the key under the drawing
    a = 2    b = 7    c = 9    d = 6
    θ2 = 60.0°    θ3 = 74.0°    θ4 = 109.9°
    """
    mechanism = four_bar() if mechanism is None else mechanism
    o2, a, b, o4 = four_bar_points(mechanism)
    model, q = solved(mechanism, family, {mechanism.drivers[0].name: theta}, options)
    P = {name: model.point(q, name) for name in mechanism.all_points()}
    size = float(np.ptp(np.array(list(P.values())), axis=0).max())
    below = min(p[1] for p in P.values()) - (0.27 if values else 0.12) * size  # room for the pivots' names and the key
    everything = np.array([*P.values(), (min(p[0] for p in P.values()), below)])
    ax = fitted_axes(ax, everything, 0.12 * size)
    colors = dict(zip(("crank", "coupler", "rocker"), BODY_COLORS))
    ground_dir = unit(P[o4] - P[o2])
    taken = {name: [] for name in P}
    for tail, head in [(o2, o4)] + [(p, r) for body in ("crank", "coupler", "rocker")
                                    for p in mechanism.bodies[body].points for r in mechanism.bodies[body].points
                                    if p != r]:
        taken[tail].append(around(P[head] - P[tail]))
    ax.plot(*np.array([P[o2], P[o4]]).T, "--", lw=1.5, color=GROUND_COLOR, zorder=1)
    for pivot in (o2, o4):
        ground_pivot(ax, P[pivot], 0.045 * size)
    for body in ("crank", "coupler", "rocker"):
        link(ax, [P[p] for p in mechanism.bodies[body].points], colors[body])
    # θ₂ at O₂ from the ground line, θ₃ at A from a line parallel to it, θ₄ at O₄ from
    # the ground line produced beyond O₄
    start = math.atan2(ground_dir[1], ground_dir[0])
    angles, angle_labels = [], []
    for centre, head, k, color in ((o2, a, 2, colors["crank"]), (a, b, 3, colors["coupler"]),
                                   (o4, b, 4, colors["rocker"])):
        sweep = angle_from(ground_dir, P[head] - P[centre])
        r = min(0.1 * size, 0.6 * float(np.linalg.norm(P[head] - P[centre])))
        if centre != o2:
            ax.plot(*np.array([P[centre], P[centre] + 1.6 * r * ground_dir]).T, ":", lw=1.2, color=GROUND_COLOR,
                    zorder=1)
        avoid = {a: [P[o2] - P[a]], o4: [P[o2] - P[o4]]}.get(centre, [])
        angle_labels.append(angle_arc(ax, P[centre], r, start, sweep, rf"$\theta_{k}$", color, avoid))
        angles.append(rf"$\theta_{k}$ = {math.degrees(sweep):.1f}°")
        taken[centre].append((start - 0.2, start + sweep + 0.2))
    # the symbols beside the links: those of the short crank and of the ground on the side
    # farther from the angles' symbols; the others outside the loop (the coupler's away
    # from its plate)
    middle = np.mean([P[o2], P[a], P[b], P[o4]], axis=0)
    lengths = []
    for tail, head, symbol, color in ((o2, a, "a", colors["crank"]), (a, b, "b", colors["coupler"]),
                                      (o4, b, "c", colors["rocker"]), (o2, o4, "d", GROUND_COLOR)):
        lengths.append(f"${symbol}$ = {number(float(np.linalg.norm(P[head] - P[tail])))}")
        outward = (P[tail] + P[head]) / 2 - middle
        if symbol in "ad":
            outward = clear_side(P[tail], P[head], angle_labels, 0.06 * size)
        if symbol == "b" and len(mechanism.bodies["coupler"].points) > 2:
            outward = (P[tail] + P[head]) / 2 - np.mean([P[p] for p in mechanism.bodies["coupler"].points], axis=0)
        link_label(ax, P[tail], P[head], f"${symbol}$", outward, color)
    for pivot, arm in ((o2, a), (o4, b)):  # a pivot's name below it, unless its link goes down there
        if math.radians(200.0) < angle_from((1.0, 0.0), P[arm] - P[pivot]) < math.radians(340.0):
            name_points(ax, P, {pivot: taken[pivot] + [(math.radians(225.0), math.radians(315.0))]})
        else:
            label(ax, P[pivot] - np.array([0.0, 0.07 * size]), pivot, (0.0, -1.0), fontweight="bold")
    name_points(ax, P, {name: taken[name] for name in mechanism.moving_points()})
    if values:
        key(ax, ((everything[:, 0].min() + everything[:, 0].max()) / 2, below + 0.15 * size), [lengths, angles])
    finish(ax, everything, 0.12 * size)
    return ax


def key(ax: Axes, xy, rows: list[list[str]]) -> None:
    """The values of the symbols, in rows centred under ``xy`` (``a = 2   b = 7 …``)."""
    ax.text(*xy, "\n".join(KEY_GAP.join(row) for row in rows), ha="center", va="top", fontsize=FONT_SIZE,
            linespacing=1.6, zorder=6)


KEY_GAP = "    "


# ---------------------------------------------------------------------------- the slider-crank
def slider_crank_points(mechanism: Mechanism) -> tuple[str, str, str, tuple[str, str]]:
    """The names of the crank pivot, crank tip and slider point (O, A, B) and the guide's
    two points of a slider-crank driven at its crank, with one prismatic pair."""
    pairs = [j for j in mechanism.joints if isinstance(j, Prismatic)]
    rods = [b for b in mechanism.bodies.values()
            if mechanism.drivers and pairs and {mechanism.drivers[0].head, pairs[0].slider_points[0]} <= set(b.points)]
    if len(pairs) != 1 or not rods:
        raise InputError(
            f"'{mechanism.name}' is not a slider-crank (a crank driven by its angle, a rod, and a slider "
            "on one prismatic pair); build it with mbtools.examples.slider_crank."
        )
    driver = mechanism.drivers[0]
    return driver.tail, driver.head, pairs[0].slider_points[0], pairs[0].guide_points


def slider_crank_schematic(mechanism: Mechanism | None = None, theta: float = math.radians(60.0),
                           family: str = "basic", ax: Axes | None = None, values: bool = True,
                           **options) -> Axes:
    r"""The offset slider-crank at crank angle ``theta``, with its guide drawn.

    Labelled: the crank radius r, the rod length l, the offset e of the slider's line
    from the crank pivot, the crank angle θ (from +x, as the input is defined) and the
    slider's position s along its guide, measured from the foot of the perpendicular
    from the crank pivot (so s = x_B when the guide is parallel to x, as in the closed
    form x_B = r cos θ + √(l² − (e − r sin θ)²)). The guide is drawn as a slot over the
    whole travel of the slider; the dash-dotted line is the line its point B moves on.

    Parameters
    ----------
    mechanism : mbtools.Mechanism, optional
        A slider-crank built by :func:`mbtools.examples.slider_crank`; by default
        ``slider_crank(crank=1.0, rod=3.0, offset=0.5)``.
    theta : float
        The crank angle (radians).
    family : str
        The family of coordinates in which the position is solved.
    ax : matplotlib.axes.Axes, optional
    values : bool
        Write the values of the symbols (``r = 1``, ``θ = 60.0°``) in a key under the
        drawing.
    **options
        Passed to :func:`mbtools.formulate`.

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> import math
    >>> ax = slider_crank_schematic(theta=math.radians(60), family="natural")
    >>> texts = [t.get_text() for t in ax.texts]
    >>> {"$r$", "$l$", "$e$", "$s$", "O", "A", "B"} <= set(texts)
    True
    >>> print(texts[-1].replace("$\\theta$", "θ").replace("$", ""))  # the key under the drawing
    r = 1    l = 3    e = 0.5    θ = 60.0°    s = 3.478
    """
    mechanism = slider_crank(crank=1.0, rod=3.0, offset=0.5) if mechanism is None else mechanism
    o, a, b, (g1, g2) = slider_crank_points(mechanism)
    model, q = solved(mechanism, family, {mechanism.drivers[0].name: theta}, options)
    P = {name: model.point(q, name) for name in (o, a, b, g1, g2)}
    along = unit(P[g2] - P[g1])
    across = left_normal(along)
    foot = P[g1] + np.dot(P[o] - P[g1], along) * along  # of the perpendicular from O to the guide
    r, l = (float(np.linalg.norm(P[j] - P[i])) for i, j in ((o, a), (a, b)))
    e = float(np.dot(foot - P[o], across))
    s = float(np.dot(P[b] - foot, along))
    travel = slider_travel(r, l, np.dot(P[o] - foot, along), -e, 1.0 if np.dot(P[b] - P[a], along) >= 0 else -1.0)
    size = max(r + l, travel[1] - travel[0])
    block = np.array([0.1, 0.055]) * size  # half length and half height of the slider block
    ends = [foot + (travel[0] - block[0] - 0.03 * size) * along, foot + (travel[1] + block[0] + 0.03 * size) * along]
    # the guide's surface on the side of the line away from the crank tip, so that the rod never crosses it
    away = -1.0 if np.dot(P[a] - foot, across) >= 0 else 1.0
    dimension_offset = away * (block[1] + 0.14 * size) * across
    # e to the left of O, or to the right of the angle θ when the crank leans left
    clear = (-0.12 * size if np.dot(P[a] - P[o], along) >= 0 else 0.4 * r + 0.08 * size) * along
    lowest = min(P[o][1] - 0.08 * size, (foot + 1.2 * dimension_offset)[1], P[a][1] - 0.06 * size)
    below = lowest - (0.12 if values else 0.0) * size  # room for the key
    drawn = np.array([P[o], P[a], P[b], foot, *ends, foot + 1.2 * dimension_offset, P[o] + clear - 0.12 * size * along,
                      (P[o][0], below)])
    ax = fitted_axes(ax, drawn, 0.06 * size)
    ax.plot(*np.array([foot - 0.05 * size * along, ends[1]]).T, "-.", lw=1, color=GROUND_COLOR, zorder=1)
    surface = [end + away * block[1] * across for end in ends]
    hatched_ground(ax, *(surface if away < 0 else surface[::-1]), 0.05 * size)
    corner = P[b] - block[0] * along - block[1] * across
    ax.add_patch(Rectangle(corner, 2 * block[0], 2 * block[1], angle=math.degrees(math.atan2(along[1], along[0])),
                           fc=BODY_COLORS[2], ec=BODY_COLORS[2], alpha=0.35, lw=2, zorder=2))
    ground_pivot(ax, P[o], 0.045 * size)
    link(ax, [P[o], P[a]], BODY_COLORS[0])
    link(ax, [P[a], P[b]], BODY_COLORS[1])
    link_label(ax, P[o], P[a], "$r$", P[a] - P[b], BODY_COLORS[0], where=0.65)
    link_label(ax, P[a], P[b], "$l$", -away * across, BODY_COLORS[1])
    # θ from +x at O; s from the foot of the perpendicular from O, its extension line
    # below O's pivot
    sweep = angle_from((1.0, 0.0), P[a] - P[o])
    radius = 0.4 * r
    ax.plot(*np.array([P[o], P[o] + (radius + 0.05 * size) * np.array([1.0, 0.0])]).T, ":", lw=1.2,
            color=GROUND_COLOR, zorder=1)
    angle_arc(ax, P[o], radius, 0.0, sweep, r"$\theta$", BODY_COLORS[0], [clear, P[a] - P[o], across * away])
    if abs(e) > 1e-12:
        dimension(ax, P[o], foot, "$e$", clear, beside=True)
    else:
        label(ax, foot - 0.06 * size * along, "$e$ = 0", color=DIMENSION_COLOR)
    below_pivot = P[o] + away * 0.09 * size * across
    dimension(ax, foot, P[b], "$s$", dimension_offset, bases=(below_pivot, P[b]))
    label(ax, P[o] - np.array([0.05 * size, 0.06 * size]), o, (-1.0, 0.0), fontweight="bold")
    name_points(ax, P, {a: [around(P[o] - P[a]), around(P[b] - P[a])],
                        b: [around(P[a] - P[b]), around(along), around(-along), around(away * across, 1.0)]})
    if values:
        items = [f"${symbol}$ = {number(value)}" for symbol, value in (("r", r), ("l", l), ("e", e))]
        items += [rf"$\theta$ = {math.degrees(sweep):.1f}°", f"$s$ = {number(s)}"]
        key(ax, ((drawn[:, 0].min() + drawn[:, 0].max()) / 2, lowest - 0.03 * size), [items])
    finish(ax, drawn, 0.06 * size)
    return ax


def slider_travel(r: float, l: float, pivot_along: float, pivot_across: float, side: float) -> tuple[float, float]:
    """The least and greatest position of the slider along its guide over a turn of the
    crank (or over the part of the turn where the rod reaches the guide): the crank
    pivot at ``pivot_along``, ``pivot_across`` from the foot of the guide, the slider on
    the ``side`` (±1) of the crank tip along the guide."""
    turn = np.linspace(0.0, 2 * math.pi, 721)
    along = pivot_along + r * np.cos(turn)
    height = pivot_across + r * np.sin(turn)
    reach = l * l - height * height
    s = along[reach >= 0] + side * np.sqrt(reach[reach >= 0])
    return float(s.min()), float(s.max())

