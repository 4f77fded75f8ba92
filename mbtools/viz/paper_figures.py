"""The paper's figures of coordinates, drawn from models the library formulates.

* :func:`element_types_figure` — the element types of natural coordinates (the paper's
  Fig. 5a–c): a body given by two points, by two points and a unit vector, by two points
  and two unit vectors, each with the rigid-body conditions the library writes for it;
* :func:`prismatic_pair_figure` — the prismatic pair in basic coordinates (Fig. 6b);
* :func:`rscr_by_family` — the RSCR linkage of the paper's Figs. 1–3 in one family of
  coordinates: what that family takes as its coordinates, labelled, in the same view
  for every family.
"""

from __future__ import annotations

import math

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import Polygon, Rectangle

from ..coordinates import formulate
from ..description import Mechanism
from ..examples import rscr
from ..model import Model
from .plotting import BODY_COLORS, GROUND_COLOR, body_outline
from .schematics import FONT_SIZE, anchor, around, fitted_axes, free_direction, label, new_axes, number, unit

COORDINATE_COLOR = "#d62728"
VECTOR_COLOR = "#9467bd"
FIXED_COLOR = "0.45"
GREEK = {"theta": r"\theta", "alpha": r"\alpha", "beta": r"\beta", "gamma": r"\gamma", "phi": r"\phi",
         "psi": r"\psi"}


# ---------------------------------------------------------------------------- the prismatic pair
def prismatic_pair_figure(ax: Axes | None = None) -> Axes:
    """The prismatic pair in basic coordinates, as in the paper's Fig. 6b.

    The guide carries the points i and j, the slider the points k and q, with k→q
    perpendicular to the guide. The pair adds two conditions, which the figure states
    as the library writes them for this drawing: the triangle i, j, k keeps its area
    (k keeps its distance from the line i–j) and k→q keeps its angle to i→j (here a
    zero scalar product). Together they leave the slider one freedom, sliding along
    i–j.

    Parameters
    ----------
    ax : matplotlib.axes.Axes, optional

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> ax = prismatic_pair_figure()
    >>> texts = [t.get_text() for t in ax.texts]
    >>> {"i", "j", "k", "q"} <= set(texts)
    True
    >>> [t.split(" (")[-1] for t in texts if t.endswith(")")]
    ['k keeps its distance from i–j)', 'k→q keeps its angle to i→j)']
    >>> [t.split(" = ")[-1].split()[0] for t in texts if t.endswith(")")]  # A_ijk and the scalar product
    ['1.8', '0']
    """
    drawing = {"i": (0.0, 0.0), "j": (4.0, 0.0), "k": (1.6, 0.9), "q": (1.6, 1.7)}
    pair = Mechanism("prismatic pair")
    pair.add_ground({p: drawing[p] for p in "ij"})
    pair.add_body("slider", {p: drawing[p] for p in "kq"})
    pair.add_prismatic("ground", ("i", "j"), "slider", ("k", "q"), name="P")
    model = formulate(pair, "basic")
    constants = {str(symbol): value for symbol, value in model.parameters.items()}
    conditions = [c for c in model.constraints if c.name.startswith("P:")]
    assert [c.kind for c in conditions] == ["area", "dot"], conditions  # what the text below says
    P = {name: np.array(xy) for name, xy in drawing.items()}
    ax = new_axes(ax, figsize=(7.0, 3.6))
    guide_color, slider_color = BODY_COLORS[0], BODY_COLORS[2]
    ax.add_patch(Rectangle((-0.5, -0.14), 5.0, 0.28, fc=guide_color, ec=guide_color, alpha=0.25, lw=1.5, zorder=1))
    ax.add_patch(Rectangle((1.0, 0.14), 1.3, 1.9, fc=slider_color, ec=slider_color, alpha=0.25, lw=1.5, zorder=1))
    label(ax, (4.45, 0.0), "guide", (0.0, -1.0), 8.0, color=guide_color)
    label(ax, (2.3, 2.0), "slider", (1.0, 0.0), 4.0, color=slider_color)
    ax.add_patch(Polygon([P["i"], P["j"], P["k"]], closed=True, fc="#ffdd88", ec="#c89b00", lw=1, alpha=0.7,
                         zorder=2))
    label(ax, (P["i"] + P["j"] + P["k"]) / 3 + np.array([0.35, -0.05]), r"$\mathcal{A}_{ijk}$", color="#8a6a00")
    for tail, head, color in (("i", "j", guide_color), ("k", "q", slider_color)):
        ax.annotate("", xy=P[head], xytext=P[tail], zorder=4,
                    arrowprops={"arrowstyle": "-|>", "color": color, "lw": 2.5, "shrinkA": 4, "shrinkB": 4,
                                "mutation_scale": 18})
    corner = 0.16  # the right angle between k→q and the guide's direction, at k
    ax.plot(*np.array([P["k"] + (corner, 0), P["k"] + (corner, corner), P["k"] + (0, corner)]).T, "-", lw=1,
            color="black", zorder=4)
    ax.plot(*np.array([P["k"], P["k"] + (0.9, 0.0)]).T, ":", lw=1.2, color=guide_color, zorder=3)
    ax.plot(*np.array(list(P.values())).T, "o", ms=8, mfc="white", mec="black", mew=1.5, zorder=5)
    for name, direction in (("i", (-1, 0.6)), ("j", (1, 0.6)), ("k", (-1, 0)), ("q", (-1, 0))):
        label(ax, P[name], name, direction, 8.0, fontweight="bold")
    label(ax, (P["i"] + P["j"]) / 2 + (0.9, 0.0), r"$\mathbf{r}_j-\mathbf{r}_i$", (0.0, -1.0), 10.0, color=guide_color)
    label(ax, (P["k"] + P["q"]) / 2, r"$\mathbf{r}_q-\mathbf{r}_k$", (1.0, 0.0), 8.0, color=slider_color)
    lines = [
        f"the pair's {len(conditions)} conditions, as the library writes them for this drawing:",
        rf"$(x_j-x_i)(y_k-y_i)-(x_k-x_i)(y_j-y_i)=2\mathcal{{A}}_{{ijk}}$, $\mathcal{{A}}_{{ijk}}$ = {number(constants['A_ijk'])}"
        " (k keeps its distance from i–j)",
        rf"$(\mathbf{{r}}_q-\mathbf{{r}}_k)\cdot(\mathbf{{r}}_j-\mathbf{{r}}_i)$ = {number(constants['c_ijkq'])}"
        " (k→q keeps its angle to i→j)",
    ]
    for k, text in enumerate(lines):
        ax.text(0.0, -0.06 - 0.1 * k, text, transform=ax.transAxes, fontsize=FONT_SIZE, va="top")
    ax.set_xlim(-0.7, 4.9)
    ax.set_ylim(-0.45, 2.15)
    ax.set_aspect("equal")
    ax.set_axis_off()
    return ax


# ---------------------------------------------------------------------------- a 3-D drawing on paper
class Sketch:
    """A 3-D drawing in an orthographic view on 2-D axes (the view of matplotlib's
    ``view_init(elev, azim)``). Lines, points and arrows are drawn where the view puts
    them; names are written last, each on the side its own lines leave free."""

    def __init__(self, ax: Axes | None, elev: float, azim: float):
        e, a = math.radians(elev), math.radians(azim)
        self.ax = ax
        self.screen = np.array([[-math.sin(a), math.cos(a), 0.0],
                                [-math.cos(a) * math.sin(e), -math.sin(a) * math.sin(e), math.cos(e)]])
        self.taken: dict[tuple, list] = {}
        self.names: list[tuple[np.ndarray, str, dict]] = []
        self.dots: list[np.ndarray] = []

    def at(self, xyz) -> np.ndarray:
        """Where the point ``xyz`` is on the paper."""
        return self.screen @ np.asarray(xyz, dtype=float)

    def take(self, xy, sector) -> None:
        """Keep a name written at ``xy`` out of ``sector`` (a pair of angles)."""
        self.taken.setdefault(tuple(np.round(xy, 6)), []).append(sector)

    def line(self, points, **style) -> None:
        """A polyline through ``points``; at each of them its names keep clear of it."""
        xy = np.array([self.at(p) for p in points])
        self.ax.plot(*xy.T, **style)
        for k in range(len(xy)):
            for n in (k - 1, k + 1):
                if 0 <= n < len(xy) and np.linalg.norm(xy[n] - xy[k]) > 1e-9:
                    self.take(xy[k], around(xy[n] - xy[k]))

    def arrow(self, start, vector, color: str, lw: float = 2.5) -> None:
        """An arrow from ``start`` along ``vector``."""
        a, b = self.at(start), self.at(np.asarray(start) + vector)
        self.ax.annotate("", xy=b, xytext=a, zorder=7, arrowprops={
            "arrowstyle": "-|>", "color": color, "lw": lw, "shrinkA": 0, "shrinkB": 0, "mutation_scale": 16})
        self.take(a, around(b - a))
        self.take(b, around(a - b))

    def dot(self, xyz, color: str, marker: str = "o", size: float = 7.0) -> None:
        """A point; a triangle (a ground point) keeps its names off its base."""
        xy = self.at(xyz)
        self.ax.plot(*xy, marker=marker, ms=size, color=color, zorder=8, ls="none")
        self.dots.append(xy)
        if marker == "^":
            self.take(xy, (math.radians(240.0), math.radians(300.0)))

    def name(self, xyz, text: str, color: str, **style) -> None:
        """Write ``text`` beside the point ``xyz`` (when :meth:`write_names` is called)."""
        self.names.append((self.at(xyz), text, {"color": color, "fontweight": "bold", **style}))

    def write_names(self, near: float = 0.5) -> None:
        """Write the names, each clear of its point's lines and of the points drawn
        within ``near`` of it."""
        for xy, text, style in self.names:
            sectors = list(self.taken.get(tuple(np.round(xy, 6)), []))
            sectors += [around(other - xy, math.radians(30.0)) for other in self.dots
                        if 1e-9 < np.linalg.norm(other - xy) < near]
            label(self.ax, xy, text, free_direction(sectors), 6.0, **style)

    def frame(self, lo, hi) -> None:
        """Equal axes from ``lo`` to ``hi`` on the paper, no frame and no ticks."""
        self.ax.set_xlim(lo[0], hi[0])
        self.ax.set_ylim(lo[1], hi[1])
        self.ax.set_aspect("equal")
        self.ax.set_axis_off()

    def triad(self, corner, length: float) -> None:
        """The directions x, y, z, small, from ``corner`` on the paper."""
        for k, axis in enumerate("xyz"):
            tip = np.asarray(corner) + length * self.screen[:, k]
            self.ax.annotate("", xy=tip, xytext=corner, arrowprops={"arrowstyle": "-|>", "color": "0.3", "lw": 1.2})
            self.ax.annotate(axis, tip, xytext=tuple(4 * unit(self.screen[:, k]) if np.linalg.norm(
                self.screen[:, k]) > 1e-9 else (0, 4)), textcoords="offset points", fontsize=FONT_SIZE - 1,
                color="0.3", **anchor(self.screen[:, k]))


# ---------------------------------------------------------------------------- element types
ELEMENT_POINTS = {"i": (0.0, 0.0, 0.0), "j": (2.0, 0.4, 0.3)}
ELEMENT_VECTORS = {"u": (0.0, 0.0, 1.0), "v": (0.0, 1.0, 0.0)}
ELEMENT_VIEW = {"elev": 22.0, "azim": -55.0}


def element_model(vectors: tuple[str, ...]) -> Model:
    """One body with the points i, j and the unit ``vectors``, in natural coordinates:
    hung from the ground by a ball joint at i, which costs no equation, so that the
    model's conditions are the body's own."""
    element = Mechanism("element", dimension=3)
    element.add_ground({"i": ELEMENT_POINTS["i"]})
    element.add_body("body", dict(ELEMENT_POINTS), vectors={v: ELEMENT_VECTORS[v] for v in vectors})
    element.add_spherical("ground", "body", at="i")
    return formulate(element, "natural")


def condition_formula(name: str, vectors) -> str:
    """The rigid-body condition the library calls ``name``, in the paper's notation
    (its constant still to be numbered: ``c_#``)."""
    what = name.split(": ", 1)[-1]

    def vector(text: str) -> str:
        return rf"\mathbf{{{text}}}" if text in vectors else rf"\mathbf{{r}}_{{{text}}}"

    if what.startswith("distance "):
        r = vector("".join(what[len("distance "):].split("–")))
        return rf"${r}\cdot{r}=L^2$"
    if what.startswith("unit vector "):
        v = vector(what.split()[-1])
        return rf"${v}\cdot{v}=1$"
    if what.startswith("dot "):
        left, right = what[len("dot "):].split("·")
        return rf"${vector(left)}\cdot{vector(right)}=c_#$"
    raise ValueError(f"No formula for the condition '{name}'.")


def element_types_figure() -> Figure:
    """The three element types of natural coordinates (the paper's Fig. 5a–c).

    A body given by (a) two points i, j; (b) two points and a unit vector u; (c) two
    points and two unit vectors u, v — drawn in an oblique view, points as dots and
    unit vectors as arrows. Under each: its coordinates (three per point or vector), its
    rigid-body conditions as the library formulates them, and the freedoms left. Type
    (a) keeps five: its spin about the line i–j is not modelled.

    Returns
    -------
    matplotlib.figure.Figure
        Three axes, one per element type.

    Examples
    --------
    >>> fig = element_types_figure()
    >>> [ax.get_title(loc="left").splitlines()[0] for ax in fig.axes]
    ['(a) two points', '(b) + unit vector u', '(c) + unit vector v']
    >>> [ax.get_title(loc="left").splitlines()[1] for ax in fig.axes]
    ['6 coordinates, 1 condition', '9 coordinates, 3 conditions', '12 coordinates, 6 conditions']
    """
    fig, axes = plt.subplots(1, 3, figsize=(7.2, 3.8))
    titles = ("(a) two points", "(b) + unit vector u", "(c) + unit vector v")
    screen = Sketch(None, **ELEMENT_VIEW)
    drawn = np.array([screen.at(p) for p in ELEMENT_POINTS.values()]
                     + [screen.at(np.add(ELEMENT_POINTS[p], ELEMENT_VECTORS[v])) for p, v in zip("ij", "uv")])
    frame = (drawn.min(axis=0) - 0.4, drawn.max(axis=0) + 0.4)  # the same in the three panels
    for ax, title, vectors in zip(axes, titles, ((), ("u",), ("u", "v"))):
        model = element_model(vectors)
        q = model.reference_q
        sketch = Sketch(ax, **ELEMENT_VIEW)
        i, j = model.point(q, "i"), model.point(q, "j")
        sketch.line([i, j], lw=10, color=BODY_COLORS[0], alpha=0.3, solid_capstyle="round")
        for name, xyz in (("i", i), ("j", j)):
            sketch.dot(xyz, "black")
            sketch.name(xyz, name, "black")
        label(ax, sketch.at((i + j) / 2), r"$\mathbf{r}_{ij}$", sketch.screen[:, 2], 8.0)
        for name, start in zip(vectors, (i, j)):
            sketch.arrow(start, model.vector(q, name), VECTOR_COLOR)
            sketch.name(start + model.vector(q, name), name, VECTOR_COLOR)
        sketch.write_names()
        formulas = [condition_formula(c, vectors) for c in model.constraint_names]
        formulas = [f.replace("c_#", r"\mathrm{const.}") for f in formulas]   # a cosine times lengths
        coordinates = 3 * (len(ELEMENT_POINTS) + len(vectors))
        conditions = model.n_constraints
        ax.set_title(f"{title}\n{coordinates} coordinates, {conditions} condition{'s' if conditions > 1 else ''}",
                     loc="left", fontsize=FONT_SIZE)
        ax.text(0.0, -0.04, "\n".join(formulas + [f"{coordinates - conditions} freedoms"]), transform=ax.transAxes,
                fontsize=FONT_SIZE, va="top", linespacing=1.5)
        sketch.frame(*frame)
    fig.subplots_adjust(left=0.02, right=0.98, top=0.86, bottom=0.45, wspace=0.12)
    return fig


# ---------------------------------------------------------------------------- the RSCR in each family
RSCR_VIEW = {"elev": 30.0, "azim": -120.0}
FAMILY_NAMES = {"natural": "natural coordinates", "basic": "basic coordinates",
                "reference_point": "reference-point coordinates", "relative": "relative coordinates"}
VARIANTS = {"euler_angles": "Euler angles", "euler_parameters": "Euler parameters",
            "rotation_vector": "rotation vector components"}


def rscr_by_family(family: str, ax: Axes | None = None, mechanism: Mechanism | None = None, **options) -> Axes:
    """The RSCR linkage (the paper's Figs. 1–3) with what ``family`` takes as coordinates.

    The mechanism is drawn faded at its reference position, in an oblique view; over it,
    in red, what the model's coordinates are: the moving points (basic and natural
    coordinates; basic coordinates add points that stand for the unit vectors), the unit
    vectors (natural), each moving body's reference point and frame (reference point),
    or each joint of the spanning tree with its joint variables and the cut joint with
    the number of its equations (relative). Points and unit vectors fixed to the ground
    are grey. Every family is drawn in the same view and the same box, so that the
    figures can be set side by side.

    Parameters
    ----------
    family : str
        ``"natural"``, ``"basic"``, ``"reference_point"`` or ``"relative"``.
    ax : matplotlib.axes.Axes, optional
    mechanism : mbtools.Mechanism, optional
        By default ``mbtools.examples.rscr()``.
    **options
        Passed to :func:`mbtools.formulate` (e.g. ``rotation="euler_parameters"``).

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> ax = rscr_by_family("natural")
    >>> ax.get_title(loc="left")
    'natural coordinates: n = 12\\npoints B, C and D and unit vector u'
    >>> sorted(t.get_text() for t in ax.texts if t.get_color() == COORDINATE_COLOR)
    ['B', 'C', 'D', 'u']
    >>> rscr_by_family("relative").get_title(loc="left").splitlines()[0]
    'relative coordinates: n = 6'
    """
    mechanism = rscr() if mechanism is None else mechanism
    model = formulate(mechanism, family, **options)
    q = model.reference_q
    sketch = Sketch(None, **RSCR_VIEW)
    # the same box for every family: every point of the drawing, and a unit length round it
    drawn = np.array([sketch.at(mechanism.point_position(p)) for p in mechanism.all_points()])
    lo, hi = drawn.min(axis=0) - 1.0, drawn.max(axis=0) + np.array([1.0, 1.3])
    sketch.ax = fitted_axes(ax, np.array([lo, hi]), 0.0, largest=(6.8, 4.6))
    _faded_mechanism(sketch, model, q)
    names = set(model.coordinate_names)
    draw = {"natural": _points_and_vectors, "basic": _points_and_vectors, "reference_point": _reference_points,
            "relative": _joints}[family]
    subtitle = draw(sketch, model, q, names)
    sketch.write_names()
    variant = f" ({VARIANTS[model.facts.variant]})" if model.facts.variant else ""
    sketch.ax.set_title(f"{FAMILY_NAMES[family]}{variant}: n = {model.n_coordinates}\n{subtitle}", loc="left",
                        fontsize=FONT_SIZE)
    sketch.frame(lo, hi)
    sketch.triad(lo + 0.25, 0.5)
    return sketch.ax


def _faded_mechanism(sketch: Sketch, model: Model, q) -> None:
    """The bodies as faded bars, the ground points as triangles, and the axis of each
    cylindrical pair through its two points (the rod the coupler slides on)."""
    mech = model.mechanism
    known = set(model.point_names)
    moving = [b for b in mech.bodies.values() if not b.is_ground]
    for k, body in enumerate(moving):
        outline = [model.point(q, p) for p in body_outline(list(body.points)) if p in known]
        sketch.line(outline, lw=3, color=BODY_COLORS[k % len(BODY_COLORS)], alpha=0.45, solid_capstyle="round")
    for joint in mech.joints:
        if type(joint).__name__ in ("Cylindrical", "Translational"):
            i, j = model.point(q, joint.point_i), model.point(q, joint.point_j)
            sketch.line([i - 0.15 * (j - i), i, j, j + 0.15 * (j - i)], lw=6, color=BODY_COLORS[2], alpha=0.15,
                        solid_capstyle="round")
    for point in mech.ground_points():
        sketch.dot(model.point(q, point), GROUND_COLOR, marker="^", size=10)


def _listing(kind: str, names: list[str]) -> str:
    """"points B, C and D", "unit vector u"."""
    if len(names) == 1:
        return f"{kind} {names[0]}"
    return f"{kind}s {', '.join(names[:-1])} and {names[-1]}"


def _vector_start(mech: Mechanism, vector: str) -> str:
    """The point a unit vector is drawn from: the joint it is the axis of, else a point
    of the first body that carries it."""
    for joint in mech.joints:
        if getattr(joint, "axis", None) == vector:
            return getattr(joint, "at", None) or joint.point_i
    return next(iter(mech.bodies[mech.bodies_of_vector(vector)[0]].points))


def _points_and_vectors(sketch: Sketch, model: Model, q, names: set) -> str:
    """Points with coordinates red, fixed points grey; unit vectors as arrows."""
    moving = [p for p in model.point_names if f"x_{p}" in names]
    for p in model.point_names:
        color = COORDINATE_COLOR if p in moving else FIXED_COLOR
        if p not in model.mechanism.ground_points():
            sketch.dot(model.point(q, p), color, size=7 if p in moving else 5)
        sketch.name(model.point(q, p), p, color)
    vectors = [v for v in model.vector_names if f"{v}_x" in names]
    for v in model.vector_names:
        color = VECTOR_COLOR if v in vectors else FIXED_COLOR
        start, u = model.point(q, _vector_start(model.mechanism, v)), model.vector(q, v)
        sketch.arrow(start, u, color)
        sketch.name(start + u, v, COORDINATE_COLOR if v in vectors else FIXED_COLOR)
    return _listing("point", moving) + (" and " + _listing("unit vector", vectors) if vectors else "")


def _reference_points(sketch: Sketch, model: Model, q, names: set) -> str:
    """Each moving body's reference point (a red square) and its frame (three arrows)."""
    bodies = [b for b in model.body_names if f"x_{b}" in names]
    for body in bodies:
        placement = model.placement(q, body)
        origin = np.asarray(placement.origin, dtype=float)
        for axis in np.asarray(placement.frame, dtype=float).T:
            sketch.arrow(origin, 0.6 * axis, COORDINATE_COLOR, lw=1.5)
        sketch.dot(origin, COORDINATE_COLOR, marker="s")
        sketch.name(origin, body, COORDINATE_COLOR)
    per_body = model.n_coordinates // len(bodies) - 3
    return f"per body: a reference point and {per_body} {VARIANTS[model.facts.variant]}"


def _joints(sketch: Sketch, model: Model, q, names: set) -> str:
    """Each tree joint with its variables at its place (its axis dash-dotted, if it has
    one), and each cut joint with the number of equations that close its loop."""
    mech = model.mechanism
    for joint in mech.joints:
        at = getattr(joint, "at", None) or joint.point_i
        xyz = model.point(q, at)
        axis = getattr(joint, "axis", None)
        if axis is not None:
            u = model.vector(q, axis) if axis in model.vector_names else mech.vector_direction(axis)
            sketch.line([xyz - 0.9 * u, xyz, xyz + 0.9 * u], ls="-.", lw=1.2, color="black")
        kind = type(joint).__name__.lower()
        if joint.name in model.facts.cut_joints:
            count = sum(1 for c in model.constraints if c.owner == joint.name)
            sketch.dot(xyz, "black", marker="X", size=9)
            sketch.name(xyz, f"{kind} {at}: cut, {count} equations", "black")
            continue
        variables = [c[: -len(joint.name) - 1] for c in model.coordinate_names if c.endswith(f"_{joint.name}")]
        sketch.dot(xyz, COORDINATE_COLOR, marker="D")
        sketch.name(xyz, f"{kind} {at}: " + ", ".join(f"${GREEK.get(v, v)}$" for v in variables), COORDINATE_COLOR)
    tree, cut = len(model.facts.tree_joints), len(model.facts.cut_joints)
    closing = "1 cut joint closes the loop" if cut == 1 else f"{cut} cut joints close the loops"
    return f"the variables of its {tree} tree joints; {closing}"
