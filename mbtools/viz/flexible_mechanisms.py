"""Plots of flexible mechanisms (:mod:`mbtools.dynamics.ancf_mechanism`): a beam's
bending against the crank angle for several meshes, and a strobe of the mechanism with
the bending magnified.

Example
-------
>>> import numpy as np
>>> angles = np.linspace(0.0, 360.0, 5)
>>> ax = plot_deflections(angles, {"2 elements": np.zeros(5), "4 elements": np.ones(5)})
>>> [text.get_text() for text in ax.get_legend().get_texts()]
['2 elements', '4 elements']
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.axes import Axes

from ..errors import InputError
from .ancf_plots import CYCLE, RIGID_COLOR


def plot_deflections(angles, deflections: dict, ax: Axes | None = None) -> Axes:
    """Each labelled deflection (m, one per angle) in mm against the crank angle (deg)."""
    if ax is None:
        ax = plt.subplots(figsize=(6.4, 3.2))[1]
    for k, (label, values) in enumerate(deflections.items()):
        if len(values) != len(angles):
            raise InputError(f"plot_deflections: '{label}' has {len(values)} values for {len(angles)} angles.")
        ax.plot(angles, 1e3 * np.asarray(values), color=CYCLE[k % len(CYCLE)], lw=1.6, label=label)
    ax.axhline(0.0, color="0.6", lw=0.8)
    ax.set_xlabel("crank angle, deg")
    ax.set_ylabel("midpoint deflection, mm")
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=8)
    return ax


def magnified(line: np.ndarray, first: np.ndarray, last: np.ndarray, factor: float) -> np.ndarray:
    """The points of ``line`` (k, 2) with their distance from the chord first → last
    multiplied by ``factor``, their position along it kept."""
    e = (last - first) / np.linalg.norm(last - first)
    n = np.array([-e[1], e[0]])
    along, across = (line - first) @ e, (line - first) @ n
    return first + along[:, None] * e + factor * across[:, None] * n


def plot_strobe(mechanism, motion, beam: str, crank: tuple[str, str], indices, factor: float = 5.0,
                ax: Axes | None = None) -> Axes:
    """The crank (a line between the two named points) and the beam's centre line at the
    outputs ``indices`` of ``motion``, the beam's bending magnified ``factor`` times from its
    chord, earlier instants lighter; the chord of each in grey."""
    if beam not in mechanism.beams:
        raise InputError(f"plot_strobe: '{beam}' is not a beam of '{mechanism.name}'; its beams are "
                         f"{sorted(mechanism.beams)}.")
    part = mechanism.beams[beam]
    if ax is None:
        ax = plt.subplots(figsize=(6.4, 3.4))[1]
    indices = list(indices)
    for k, i in enumerate(indices):
        shade = 0.25 + 0.75 * (k + 1) / len(indices)
        q = motion.q[i]
        line = part.beam.centreline(mechanism.beam_coordinates(q, beam))
        first, last = line[0], line[-1]
        bent = magnified(line, first, last, factor)
        o, a = mechanism.point(q, crank[0]), mechanism.point(q, crank[1])
        ax.plot([o[0], a[0]], [o[1], a[1]], "-", color=RIGID_COLOR, lw=3, alpha=shade)
        ax.plot([first[0], last[0]], [first[1], last[1]], ":", color="0.6", lw=0.8)
        ax.plot(bent[:, 0], bent[:, 1], "-", color=CYCLE[0], lw=2, alpha=shade)
        ax.plot([last[0]], [last[1]], "s", color=CYCLE[1], ms=6, alpha=shade)
    ax.set_aspect("equal")
    ax.grid(True, alpha=0.3)
    ax.set_xlabel("x, m")
    ax.set_ylabel("y, m")
    ax.set_title(f"bending magnified {factor:g}×", fontsize=10)
    return ax
