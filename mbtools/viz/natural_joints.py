"""The joints of natural coordinates, drawn from their models (chapter 5, the paper's
Fig. 7): for each pair — revolute R, spherical S, cylindrical C, universal U, prismatic
P — a fixed body and a moving link joined by it, formulated in natural coordinates. Each
panel shows the two bodies' points and unit vectors, what they share in black, and the
equations the model writes for the joint itself (none where sharing is the whole joint).

Example
-------
>>> import matplotlib
>>> matplotlib.use("Agg")
>>> from mbtools import formulate
>>> [len(joint_rows(formulate(joint_pair(k), "natural"), k)) for k in JOINT_KINDS]
[0, 0, 3, 1, 4]
>>> shared_entities(joint_pair("R"))
(['A'], ['u'])
"""

from __future__ import annotations

import re

import matplotlib.pyplot as plt
import numpy as np

from ..coordinates import formulate
from ..description import GROUND, Mechanism
from ..errors import InputError
from ..model import Constraint, Model

#: The five pairs of the paper's Fig. 7, by their letters.
JOINT_KINDS = {"R": "revolute", "S": "spherical", "C": "cylindrical", "U": "universal", "P": "prismatic"}
#: The moving body of every pair.
LINK = "link"
SHARED_COLOR, FIXED_COLOR, LINK_COLOR = "black", "0.55", "#1f77b4"

_AXIS = re.compile(r": (?P<point>\S+) on the axis (?P<axis>\S+) through (?P<base>\S+) \(")
_ARMS = re.compile(r": arms (?P<a>\S+)·(?P<b>\S+)$")
_TRIPLE = re.compile(r"no rotation, (?P<axis>\S+)·\((?P<g>\S+)×(?P<h>\S+)\)$")


def joint_pair(kind: str) -> Mechanism:
    """A fixed body (the ground) and a link joined by one pair of ``kind`` (a key of
    :data:`JOINT_KINDS`), in space: the smallest model of the joint."""
    if kind not in JOINT_KINDS:
        raise InputError(f"joint_pair: kind {kind!r} is not one of {list(JOINT_KINDS)}.")
    m = Mechanism(f"{JOINT_KINDS[kind]} pair", dimension=3)
    axis = (0.0, 0.0, 1.0)
    if kind in ("R", "S"):
        m.add_ground({"A": (0.0, 0.0, 0.0), "G": (-1.0, 0.0, 0.0)}, vectors={"u": axis} if kind == "R" else None)
        m.add_body(LINK, {"A": (0.0, 0.0, 0.0), "B": (0.75, 0.3, 0.5)}, vectors={"u": axis} if kind == "R" else None)
        if kind == "R":
            m.add_revolute(GROUND, LINK, at="A", axis="u")
        else:
            m.add_spherical(GROUND, LINK, at="A")
    elif kind == "U":
        m.add_ground({"O": (0.0, 0.0, 0.0), "G": (-1.0, 0.0, 0.0)}, vectors={"a": (0.0, -1.0, 0.0)})
        m.add_body(LINK, {"O": (0.0, 0.0, 0.0), "B": (0.75, 0.0, 0.4)}, vectors={"b": axis})
        m.add_universal(GROUND, LINK, at="O", axes=("a", "b"))
    else:  # C and P: a point of each body on the shared axis
        m.add_ground({"C": (0.0, 0.0, 0.0), "G": (-1.0, 0.0, 0.0)}, vectors={"u": axis})
        m.add_body(LINK, {"D": (0.0, 0.0, 0.7), "B": (0.75, 0.3, 0.7)}, vectors={"u": axis})
        add = m.add_cylindrical if kind == "C" else m.add_translational
        add(GROUND, LINK, axis="u", points=("C", "D"), name=f"{kind}_u")
    return m


def joint_name(mechanism: Mechanism) -> str:
    """The name of the one joint of a :func:`joint_pair`."""
    return mechanism.joints[0].name


def joint_rows(model: Model, kind: str) -> list[Constraint]:
    """The equations the model writes for the pair itself (not the link's rigid-body
    conditions): those its joint owns."""
    name = joint_name(model.mechanism)
    return [c for c in model.constraints if c.owner == name]


def shared_entities(mechanism: Mechanism) -> tuple[list[str], list[str]]:
    """(points, unit vectors) the fixed body and the link both list: their shared
    coordinates, which is how natural coordinates join bodies."""
    fixed, link = mechanism.bodies[GROUND], mechanism.bodies[LINK]
    return ([p for p in link.points if p in fixed.points], [v for v in link.vectors if v in fixed.vectors])


def equation_labels(rows: list[Constraint]) -> list[str]:
    """The joint's equations in vector form (mathtext), read from the model's rows: the
    three rows of a point held on an axis as one cross product."""
    labels: list[str] = []
    for row in rows:
        axis, arms, triple = _AXIS.search(row.name), _ARMS.search(row.name), _TRIPLE.search(row.name)
        if axis:
            label = (rf"$\mathbf{{{axis['axis']}}}\times(\mathbf{{r}}_{axis['point']}-\mathbf{{r}}_{axis['base']})"
                     r"=\mathbf{0}$  (3 rows, rank 2)")
        elif arms:
            label = rf"$\mathbf{{{arms['a']}}}\cdot\mathbf{{{arms['b']}}}=c_{{{arms['a']}{arms['b']}}}$"
        elif triple:
            label = (rf"$\mathbf{{{triple['axis']}}}\cdot(\mathbf{{d}}_{{{triple['g']}}}\times"
                     rf"\mathbf{{d}}_{{{triple['h']}}})=c$")
        else:
            label = row.name
        if label not in labels:
            labels.append(label)
    return labels


def _draw_body(ax, model: Model, q: np.ndarray, body: str, shared: tuple[list[str], list[str]], color: str) -> None:
    points = list(model.mechanism.bodies[body].points)
    xyz = np.array([model.point(q, p) for p in points])
    ax.plot(*xyz.T, color=color, lw=4 if body == LINK else 6, alpha=0.55, solid_capstyle="round")
    for p, r in zip(points, xyz):
        mine = p not in shared[0]
        if mine or body == LINK:
            ax.scatter(*r, color=color if mine else SHARED_COLOR, s=30, depthshade=False)
            ax.text(*(r + [0.06, 0.06, 0.06]), p, color=color if mine else SHARED_COLOR, fontsize=10,
                    fontweight="normal" if mine else "bold")
    base = xyz[0]
    for v in model.mechanism.bodies[body].vectors:
        mine = v not in shared[1]
        if not mine and body != LINK:
            continue
        d = model.vector(q, v) * 0.6
        ax.quiver(*base, *d, color=color if mine else SHARED_COLOR, arrow_length_ratio=0.2, lw=1.6)
        ax.text(*(base + d * 1.12), v, color=color if mine else SHARED_COLOR, fontsize=10,
                fontweight="normal" if mine else "bold")


def draw_natural_joint(kind: str, ax=None):
    """One pair of :data:`JOINT_KINDS` drawn from its natural-coordinate model: the fixed
    body grey, the link blue, what they share black; the title says what is shared and
    the equations the joint adds."""
    if ax is None:
        ax = plt.figure(figsize=(3.2, 3.4)).add_subplot(projection="3d")
    mechanism = joint_pair(kind)
    model = formulate(mechanism, "natural")
    q = model.reference_q
    shared = shared_entities(mechanism)
    if kind in ("C", "P"):  # the joint's line: the axis u through C, on which D slides
        c, u = model.point(q, "C"), model.vector(q, "u")
        ax.plot(*np.array([c - 0.15 * u, c + 1.05 * u]).T, ls="--", color=SHARED_COLOR, lw=0.8)
    _draw_body(ax, model, q, GROUND, shared, FIXED_COLOR)
    _draw_body(ax, model, q, LINK, shared, LINK_COLOR)
    names = ", ".join(shared[0] + [rf"$\mathbf{{{v}}}$" for v in shared[1]]) or "nothing"
    labels = equation_labels(joint_rows(model, kind)) or ["no equation"]
    ax.set_title(f"{kind}: {JOINT_KINDS[kind]}\nshares {names}\n" + "\n".join(labels), fontsize=10.5)
    ax.set_xlim(-1.0, 1.0)
    ax.set_ylim(-0.7, 0.9)
    ax.set_zlim(-0.1, 1.0)
    ax.set_box_aspect((2.0, 1.6, 1.1), zoom=1.2)
    ax.view_init(elev=26, azim=-70)
    ax.set_axis_off()
    return ax


def draw_natural_joints(kinds=tuple(JOINT_KINDS), columns: int = 3, size: float = 3.0):
    """The pairs side by side, ``columns`` to a row (the paper's Fig. 7); returns the
    figure."""
    rows = -(-len(kinds) // columns)
    fig = plt.figure(figsize=(columns * size, rows * size * 1.05))
    for k, kind in enumerate(kinds):
        draw_natural_joint(kind, fig.add_subplot(rows, columns, k + 1, projection="3d"))
    fig.subplots_adjust(left=0.0, right=1.0, bottom=0.0, top=0.90, wspace=0.05, hspace=0.25)
    return fig
