"""Basic coordinates in space, drawn (section 5b): a cylindrical pair written with points
only, as the two planes through the guide's line that each point of the other body
must lie in (each a zero tetrahedron volume), read from the model's own equations.

Example
-------
>>> import matplotlib
>>> matplotlib.use("Agg")
>>> from mbtools import examples, formulate
>>> ax = cylindrical_pair_planes(formulate(examples.rscr(), "basic"), joint="C_u")
>>> sorted(planes_of_pair(formulate(examples.rscr(), "basic"), "C_u"))
[('C', 'C_u', 'B'), ('C', 'C_u', 'C_n')]
"""

from __future__ import annotations

import re

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.axes import Axes
from mpl_toolkits.mplot3d.art3d import Poly3DCollection

from ..errors import InputError
from ..model import Model

#: The pattern of the names the library gives the plane conditions of a cylindrical pair
#: in basic coordinates (the joint's name, then ``D in the plane C–C_u–B``, say).
PLANE_CONDITION = re.compile(r"^(?P<joint>[^:]+): (?P<point>\S+) in the plane (?P<a>[^–]+)–(?P<b>[^–]+)–(?P<c>[^–]+)$")
PLANE_COLORS = ("#4c72b0", "#dd8452")


def planes_of_pair(model: Model, joint: str) -> dict[tuple[str, str, str], list[str]]:
    """{(a, b, c): [points held in that plane]} of a cylindrical pair ``joint`` in
    basic coordinates, read from the names of its equations."""
    planes: dict[tuple[str, str, str], list[str]] = {}
    for constraint in model.constraints:
        match = PLANE_CONDITION.match(constraint.name)
        if match and match["joint"] == joint:
            planes.setdefault((match["a"], match["b"], match["c"]), []).append(match["point"])
    if not planes:
        pairs = sorted({m["joint"] for c in model.constraints if (m := PLANE_CONDITION.match(c.name))})
        raise InputError(f"The {model.family} model of '{model.mechanism.name}' has no plane conditions for the "
                         f"joint '{joint}'; the cylindrical pairs written with planes are {pairs or 'none'} "
                         "(basic coordinates in space).")
    return planes


def cylindrical_pair_planes(model: Model, q=None, joint: str = "C_u", ax: Axes | None = None) -> Axes:
    """Draw the guide's line and the two planes through it of a cylindrical pair in
    basic coordinates at ``q`` (default: the drawing), with the points each plane holds:
    every point of the sliding body in each plane, a zero tetrahedron volume each."""
    planes = planes_of_pair(model, joint)
    q = model.reference_q if q is None else q
    place = {}
    for (a, b, c), held in planes.items():
        for name in (a, b, c, *held):
            place[name] = np.asarray(model.point(q, name), dtype=float)
    (a, b, _), = list(planes)[:1]
    start, direction = place[a], place[b] - place[a]
    direction = direction / np.linalg.norm(direction)
    along = [float((place[name] - start) @ direction) for name in place]
    low, high = min(along) - 0.4, max(along) + 0.4
    if ax is None:
        fig = plt.figure(figsize=(6.4, 5.2))
        ax = fig.add_subplot(projection="3d")
    line = np.array([start + low * direction, start + high * direction])
    ax.plot(*line.T, color="0.15", lw=2.0, label=f"the line {a}{b}")
    for k, ((a, b, c), held) in enumerate(planes.items()):
        off = place[c] - start
        off = off - (off @ direction) * direction           # across the line, to c
        corners = np.array([start + low * direction, start + high * direction,
                            start + high * direction + off, start + low * direction + off])
        ax.add_collection3d(Poly3DCollection([corners], alpha=0.22, facecolor=PLANE_COLORS[k % 2],
                                             edgecolor=PLANE_COLORS[k % 2]))
        ax.plot([], [], color=PLANE_COLORS[k % 2], lw=6, alpha=0.4,
                label=f"plane {a} {b} {c}: {', '.join(held)} in it")
    for name, xyz in place.items():
        ax.scatter(*xyz, color="k", s=18, depthshade=False)
        ax.text(*(xyz + 0.06), name, fontsize=9)
    points = np.array(list(place.values()) + list(line))
    centre, reach = points.mean(axis=0), 0.55 * np.ptp(points, axis=0).max()
    ax.set_xlim(centre[0] - reach, centre[0] + reach)
    ax.set_ylim(centre[1] - reach, centre[1] + reach)
    ax.set_zlim(centre[2] - reach, centre[2] + reach)
    ax.set_xlabel("x")
    ax.set_ylabel("y")
    ax.set_zlabel("z")
    ax.legend(loc="upper left", fontsize=8.5, frameon=False)
    ax.set_title(f"{model.mechanism.name}, pair {joint}: a line is where two planes meet", fontsize=10)
    return ax
