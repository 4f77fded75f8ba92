"""The joint graph of a mechanism, drawn (chapter 3): its bodies as nodes, its joints as
edges labelled with their names (and their kind, R, P, S, C, U, …, where the name does
not start with it), the spanning tree of relative
coordinates (:func:`mbtools.description.spanning_tree`) drawn solid and each
cut joint dashed, one independent loop closing across each.

Example
-------
>>> import matplotlib
>>> matplotlib.use("Agg")
>>> from mbtools import examples
>>> ax = joint_graph(examples.four_bar())
>>> sorted(t.get_text() for t in ax.texts)
['R_A', 'R_B', 'R_O2', 'R_O4', 'coupler', 'crank', 'ground', 'rocker']
"""

from __future__ import annotations

import math

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.axes import Axes
from matplotlib.patches import FancyArrowPatch

from ..description import Mechanism
from ..description.joints import GROUND
from ..description.topology import spanning_tree
from ..errors import InputError

TREE_COLOR, CUT_COLOR, NODE_COLOR = "#1f4e79", "#c0392b", "#f2f2f2"

#: The letter of each joint kind (a joint's class name) on the graph's edges.
KIND_LETTERS = {"Revolute": "R", "Prismatic": "P", "Translational": "P", "Spherical": "S", "Cylindrical": "C",
                "Universal": "U", "Rigid": "W"}


def kind_letter(joint) -> str:
    """R, P, S, C, U, … for a joint (its class name where no letter is known)."""
    return KIND_LETTERS.get(type(joint).__name__, type(joint).__name__)


def graph_layout(mechanism: Mechanism, tree) -> dict[str, np.ndarray]:
    """Node positions on a circle: the ground at the bottom, the other bodies
    counter-clockwise in the order the depth-first search of the tree reaches them."""
    order = [GROUND] + [child for _, _, child in tree]
    order += [b for b in mechanism.bodies if b not in order]
    count = len(order)
    return {body: np.array([math.cos(-math.pi / 2 + 2 * math.pi * k / count),
                            math.sin(-math.pi / 2 + 2 * math.pi * k / count)])
            for k, body in enumerate(order)}


def joint_graph(mechanism: Mechanism, cut_joints=None, ax: Axes | None = None) -> Axes:
    """Draw the joint graph of ``mechanism`` with the spanning tree relative coordinates
    grow (``cut_joints`` as for :func:`~mbtools.description.spanning_tree`):
    tree joints solid and blue, cut joints dashed and red, each edge labelled with the
    joint's name; the title gives the loop count L = n_j − n_b + 1."""
    if not isinstance(mechanism, Mechanism):
        raise InputError(f"joint_graph draws a Mechanism (a description), got {type(mechanism).__name__}.")
    tree, cuts = spanning_tree(mechanism, cut_joints)
    where = graph_layout(mechanism, tree)
    if ax is None:
        _, ax = plt.subplots(figsize=(4.6, 4.2))
    pairs: dict[frozenset, int] = {}
    edges = [(joint, True) for joint, _, _ in tree] + [(joint, False) for joint in cuts]
    for joint, in_tree in edges:
        pair = frozenset((joint.body_i, joint.body_j))
        repeat = pairs.get(pair, 0)  # a second joint between the same two bodies bends away
        pairs[pair] = repeat + 1
        start, end = where[joint.body_i], where[joint.body_j]
        bend = 0.25 * repeat * (1 if repeat % 2 else -1)
        ax.add_patch(FancyArrowPatch(start, end, arrowstyle="-", connectionstyle=f"arc3,rad={bend}",
                                     color=TREE_COLOR if in_tree else CUT_COLOR, lw=2.2,
                                     linestyle="-" if in_tree else (0, (5, 3)), shrinkA=18, shrinkB=18))
        middle = 0.5 * (start + end)
        outward = middle / max(np.linalg.norm(middle), 1e-9) if np.linalg.norm(middle) > 1e-9 else np.array([0, 1.0])
        normal = np.array([end[1] - start[1], start[0] - end[0]])
        normal = normal / max(np.linalg.norm(normal), 1e-9)
        offset = 0.12 * outward - bend * 0.5 * normal * np.linalg.norm(end - start)
        letter = kind_letter(joint)
        text = joint.name if joint.name.startswith(letter + "_") else f"{letter} {joint.name}"
        ax.text(*(middle + offset), text, ha="center", va="center", fontsize=9,
                color=TREE_COLOR if in_tree else CUT_COLOR,
                bbox=dict(boxstyle="round,pad=0.15", fc="white", ec="none", alpha=0.85))
    for body, xy in where.items():
        ax.add_patch(plt.Circle(xy, 0.17, fc=NODE_COLOR, ec="0.3", lw=1.2, zorder=3))
        ax.annotate(body, xy, ha="center", va="center", fontsize=8.5, zorder=4,
                    fontweight="bold" if body == GROUND else "normal")
    loops = len(mechanism.joints) - len(mechanism.bodies) + 1
    ax.set_title(f"{mechanism.name}: {len(mechanism.bodies)} bodies, {len(mechanism.joints)} joints, "
                 f"L = {loops} loop{'s' if loops != 1 else ''}", fontsize=10)
    ax.plot([], [], color=TREE_COLOR, lw=2.2, label="spanning tree")
    ax.plot([], [], color=CUT_COLOR, lw=2.2, linestyle=(0, (5, 3)), label="cut joint")
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.02), ncol=2, frameon=False, fontsize=9)
    ax.set_xlim(-1.45, 1.45)
    ax.set_ylim(-1.35, 1.35)
    ax.set_aspect("equal")
    ax.axis("off")
    return ax
