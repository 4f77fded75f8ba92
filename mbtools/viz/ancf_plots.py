"""Pictures of the planar ANCF beam (chapter 17): the Hermite shape functions, bent
beams drawn along their interpolated centre lines beside the elastica, mode shapes,
convergence against the number of elements, the flexible pendulum's tip paths, energy
and animation.

The numbers come from :mod:`mbtools.dynamics.ancf`, :mod:`mbtools.dynamics.ancf_beam`,
:mod:`mbtools.dynamics.ancf_motion` and :mod:`mbtools.analysis.ancf_checks` (the centre
lines from :meth:`~mbtools.dynamics.ancf_beam.AncfBeam.centreline`, the energy terms from
:meth:`~mbtools.dynamics.ancf_motion.BeamMotion.energy_parts`); these functions draw them.

Example
-------
>>> from mbtools.dynamics.ancf_beam import straight_beam
>>> beam = straight_beam(2.0, 2, youngs_modulus=1.0, area=1.0, second_moment=1.0, density=1.0)
>>> ax = plot_bent_beams({"straight": (beam, beam.reference)})
>>> ax.lines[0].get_xdata()[::4]                     # its centre line, 9 points per element
array([0. , 0.5, 1. , 1.5, 2. ])
>>> plt.close("all")
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.animation import FuncAnimation
from matplotlib.axes import Axes

from ..dynamics import ancf
from ..dynamics.ancf_beam import AncfBeam
from ..dynamics.ancf_motion import BeamMotion
from ..errors import InputError

#: Colours of the curves, in turn (Okabe–Ito).
CYCLE = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000")
#: The colour of the rigid pendulum drawn for comparison.
RIGID_COLOR = "0.55"


def plot_shape_functions(ax: Axes | None = None, samples: int = 101) -> Axes:
    """The four Hermite shape functions N₁ … N₄ of an element of unit length against ξ
    (N₂ and N₄ are those of the slopes; on an element of length ℓ they scale by ℓ).

    Returns
    -------
    matplotlib.axes.Axes
    """
    if ax is None:
        _, ax = plt.subplots(figsize=(5.5, 3.2))
    xi = np.linspace(0.0, 1.0, samples)
    N, _, _ = ancf.hermite_shapes(xi, np.array([1.0]))
    labels = ("N₁ (position 1)", "N₂ (slope 1)", "N₃ (position 2)", "N₄ (slope 2)")
    for k, label in enumerate(labels):
        ax.plot(xi, N[0, :, k], color=CYCLE[k], lw=1.8, ls="-" if k % 2 == 0 else "--", label=label)
    ax.axhline(0.0, color="0.6", lw=0.8)
    ax.set_xlabel("ξ = x/ℓ")
    ax.set_ylabel("N(ξ), ℓ = 1")
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=8, loc="center right")
    return ax


def plot_bent_beams(states: dict, elastica: tuple[np.ndarray, np.ndarray] | None = None,
                    ax: Axes | None = None) -> Axes:
    """Each bent beam (label → (beam, e)) along its interpolated centre line with its nodes
    marked, and the elastica (x, y) as a thin black curve.

    Returns
    -------
    matplotlib.axes.Axes
    """
    if ax is None:
        _, ax = plt.subplots(figsize=(6.5, 3.4))
    for k, (label, (beam, e)) in enumerate(states.items()):
        line = beam.centreline(e)
        nodes = np.asarray(e, dtype=float).reshape(-1, 4)[:, :2]
        colour = CYCLE[k % len(CYCLE)]
        ax.plot(line[:, 0], line[:, 1], "-", color=colour, lw=1.8, label=label)
        ax.plot(nodes[:, 0], nodes[:, 1], "o", color=colour, ms=4)
    if elastica is not None:
        ax.plot(*elastica, "-", color="black", lw=0.9, label="elastica")
    ax.plot([0.0, 0.0], [-0.08, 0.08], color="0.3", lw=4)  # the clamp
    ax.set_aspect("equal")
    ax.set_xlabel("x / L")
    ax.set_ylabel("y / L")
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=8, loc="lower left")
    return ax


def plot_mode_shapes(beam: AncfBeam, shapes: np.ndarray, frequencies=None, amplitude: float = 0.25,
                     ax: Axes | None = None) -> Axes:
    """Mode shapes (columns of ``shapes``, on the beam's coordinates) drawn as the centre
    line of the reference plus the mode, scaled so that its largest position moves by
    ``amplitude`` times the beam's length; each labelled with its frequency if given.

    Returns
    -------
    matplotlib.axes.Axes
    """
    if ax is None:
        _, ax = plt.subplots(figsize=(6.0, 3.0))
    rest = beam.centreline(beam.reference)
    ax.plot(rest[:, 0], rest[:, 1], "-", color="0.75", lw=2)
    length = float(beam.lengths.sum())
    for k in range(shapes.shape[1]):
        mode = shapes[:, k]
        moved = np.abs(mode.reshape(-1, 4)[:, :2]).max()
        scaled = beam.reference + amplitude * length / max(float(moved), 1e-300) * mode
        line = beam.centreline(scaled)
        label = f"mode {k + 1}" if frequencies is None else f"mode {k + 1}: ω = {frequencies[k]:.4g}"
        ax.plot(line[:, 0], line[:, 1], "-", color=CYCLE[k % len(CYCLE)], lw=1.8, label=label)
    ax.set_aspect("equal", adjustable="datalim")
    ax.set_xlabel("x")
    ax.set_ylabel("y")
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=8)
    return ax


def plot_convergence(elements, errors: dict, ax: Axes | None = None, orders=(2, 4),
                     ylabel: str = "error") -> Axes:
    """Errors (label → one per entry of ``elements``; their absolute values are drawn)
    against the number of elements, log–log, with guide lines of the slopes −``orders``
    through the largest first error.

    Returns
    -------
    matplotlib.axes.Axes
    """
    if ax is None:
        _, ax = plt.subplots(figsize=(5.5, 3.6))
    n = np.asarray(elements, dtype=float)
    for k, (label, values) in enumerate(errors.items()):
        ax.loglog(n, np.abs(values), "o-", color=CYCLE[k % len(CYCLE)], label=label)
    first = max(float(np.abs(values)[0]) for values in errors.values())
    for order, style in zip(orders, (":", "-.", "--")):
        ax.loglog(n, first * (n / n[0]) ** (-float(order)), style, color="0.4", lw=0.9, label=f"slope −{order}")
    ax.set_xlabel("elements N")
    ax.set_ylabel(ylabel)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8)
    return ax


def plot_tip_paths(paths: dict, rigid: np.ndarray | None = None, ax: Axes | None = None) -> Axes:
    """Tip paths (label → (n, 2) positions) in the plane, and the rigid bar's tip (grey,
    dashed) if given, with the pin at the origin.

    Returns
    -------
    matplotlib.axes.Axes
    """
    if ax is None:
        _, ax = plt.subplots(figsize=(5.0, 4.2))
    for k, (label, path) in enumerate(paths.items()):
        ax.plot(path[:, 0], path[:, 1], "-", color=CYCLE[k % len(CYCLE)], lw=1.5, label=label)
    if rigid is not None:
        ax.plot(rigid[:, 0], rigid[:, 1], "--", color=RIGID_COLOR, lw=1.5, label="rigid bar")
    ax.plot([0.0], [0.0], "k^", ms=8)
    ax.set_aspect("equal", adjustable="datalim")
    ax.set_xlabel("x, m")
    ax.set_ylabel("y, m")
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=8)
    return ax


def plot_energy(t, parts: dict, ax: Axes | None = None, rigid_kinetic=None) -> Axes:
    """The energy terms (label → one value per time, such as
    :meth:`~mbtools.dynamics.ancf_motion.BeamMotion.energy_parts`) against
    time, and a rigid body's kinetic energy (grey, dashed) if given.

    Returns
    -------
    matplotlib.axes.Axes
    """
    if ax is None:
        _, ax = plt.subplots(figsize=(6.0, 3.4))
    for k, (label, values) in enumerate(parts.items()):
        ax.plot(t, values, "-", color=CYCLE[k % len(CYCLE)], lw=1.8 if label != "total" else 2.4, label=label)
    if rigid_kinetic is not None:
        ax.plot(t, rigid_kinetic, "--", color=RIGID_COLOR, lw=1.5, label="kinetic, rigid bar")
    ax.set_xlabel("t, s")
    ax.set_ylabel("energy, J")
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=8, ncol=2)
    return ax


def animate_beam(motion: BeamMotion, rigid_tip: np.ndarray | None = None, every: int = 2, interval: int = 60,
                 figsize=(6.6, 3.6), dpi: int = 72) -> FuncAnimation:
    """The beam of a motion swinging along its interpolated centre line, its nodes marked
    and its tip's path drawn behind it; the rigid bar from the pin to ``rigid_tip`` (one
    row per time of the motion) in grey if given. One frame every ``every`` output times
    of the motion. Play it in a static page with
    :func:`~mbtools.viz.plotting.animation_html`.

    Returns
    -------
    matplotlib.animation.FuncAnimation
    """
    beam = motion.supports.beam
    if every < 1:
        raise InputError(f"animate_beam: every must be a whole number ≥ 1, got {every!r}.")
    if rigid_tip is not None and len(rigid_tip) != len(motion.t):
        raise InputError(f"animate_beam: rigid_tip must have one row per time of the motion ({len(motion.t)}), "
                         f"got {len(rigid_tip)}.")
    lines = beam.centreline(motion.e)
    tip = motion.node_path(-1)
    frames = list(range(0, len(motion.t), every))
    fig, ax = plt.subplots(figsize=figsize, dpi=dpi)
    every_point = lines.reshape(-1, 2)
    span = np.vstack([every_point] + ([rigid_tip] if rigid_tip is not None else []))
    low, high = span.min(axis=0), span.max(axis=0)
    margin = 0.06 * float((high - low).max())
    ax.set_xlim(low[0] - margin, high[0] + margin)
    ax.set_ylim(low[1] - margin, high[1] + margin)
    ax.set_aspect("equal")
    ax.grid(True, alpha=0.3)
    ax.set_xlabel("x, m")
    ax.set_ylabel("y, m")
    pin = beam.nodes[0]
    ax.plot([pin[0]], [pin[1]], "k^", ms=9, zorder=5)
    (rigid,) = ax.plot([], [], "-", color=RIGID_COLOR, lw=3, alpha=0.7, label="rigid bar")
    (trace,) = ax.plot([], [], "-", color=CYCLE[1], lw=1.0, label="tip path")
    (body,) = ax.plot([], [], "-", color=CYCLE[0], lw=3, label="ANCF beam")
    (nodes,) = ax.plot([], [], "o", color=CYCLE[0], ms=3.5)
    title = ax.set_title(f"t = {motion.t[0]:.2f} s", fontsize=10)
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.02, 1.0))
    fig.tight_layout()

    def draw(k: int):
        i = frames[k]
        body.set_data(lines[i, :, 0], lines[i, :, 1])
        positions = motion.e[i].reshape(-1, 4)[:, :2]
        nodes.set_data(positions[:, 0], positions[:, 1])
        trace.set_data(tip[:i + 1, 0], tip[:i + 1, 1])
        if rigid_tip is not None:
            rigid.set_data([pin[0], rigid_tip[i, 0]], [pin[1], rigid_tip[i, 1]])
        title.set_text(f"t = {motion.t[i]:.2f} s")
        return body, nodes, trace, rigid, title

    animation = FuncAnimation(fig, draw, frames=len(frames), interval=interval, blit=False)
    plt.close(fig)
    return animation
