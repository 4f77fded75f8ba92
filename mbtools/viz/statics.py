"""Pictures of statics and vibration: a bent finite-segment beam beside the elastica, the
convergence of a discretisation against the number of segments, and the mode shapes of a
mechanism drawn about its equilibrium.

The numbers come from :mod:`mbtools.analysis.beams` and
:func:`~mbtools.natural_modes`; these functions only draw.

Example
-------
>>> import numpy as np
>>> ax = plot_convergence([5, 10, 20], {"tip": np.array([4e-3, 1e-3, 2.5e-4])})
>>> ax.get_xscale(), ax.get_yscale()
('log', 'log')
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.animation import FuncAnimation
from matplotlib.axes import Axes

#: Colours of the curves, in turn (Okabe–Ito).
CYCLE = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000")


def plot_beam_shapes(shapes: dict, elastica: tuple[np.ndarray, np.ndarray] | None = None,
                     ax: Axes | None = None) -> Axes:
    """Each finite-segment beam (label → (x, y) of its clamp, hinges and tip) as a chain of
    straight segments with its hinges marked, and the elastica (x, y) as a thin black curve.

    Returns
    -------
    matplotlib.axes.Axes
    """
    if ax is None:
        _, ax = plt.subplots(figsize=(6.5, 3.4))
    for k, (label, (x, y)) in enumerate(shapes.items()):
        ax.plot(x, y, "o-", color=CYCLE[k % len(CYCLE)], lw=1.6, ms=3.5, label=label)
    if elastica is not None:
        ax.plot(*elastica, "-", color="black", lw=0.9, label="elastica")
    ax.plot([0.0, 0.0], [-0.08, 0.08], color="0.3", lw=4)  # the clamp
    ax.set_aspect("equal")
    ax.set_xlabel("x / L")
    ax.set_ylabel("y / L")
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=8, loc="lower left")
    return ax


def plot_convergence(segments, errors: dict, ax: Axes | None = None, order: int = 2) -> Axes:
    """Errors (label → one per entry of ``segments``) against the number of segments,
    log–log, with a guide line of slope −``order``.

    Returns
    -------
    matplotlib.axes.Axes
    """
    if ax is None:
        _, ax = plt.subplots(figsize=(5.5, 3.6))
    n = np.asarray(segments, dtype=float)
    for k, (label, values) in enumerate(errors.items()):
        ax.loglog(n, np.abs(values), "o-", color=CYCLE[k % len(CYCLE)], label=label)
    first = max(float(np.abs(values)[0]) for values in errors.values())
    ax.loglog(n, first * (n / n[0]) ** (-order), ":", color="0.4", label=f"slope −{order}")
    ax.set_xlabel("segments N")
    ax.set_ylabel("relative error")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8)
    return ax


def plot_mode_shapes(model, q: np.ndarray, shapes: np.ndarray, chain: list[str], frequencies=None,
                     amplitude: float = 0.25, axes=None):
    """Each mode shape (a column of ``shapes``, in q-space) drawn about the equilibrium q
    as the polyline through the points ``chain``: the equilibrium in grey, q ± a·shape in
    colour, a scaled so that the largest point moves by ``amplitude`` (in the model's
    length unit). One panel per mode, titled with its frequency where given.

    Returns
    -------
    list of matplotlib.axes.Axes
    """
    count = shapes.shape[1]
    if axes is None:
        _, axes = plt.subplots(1, count, figsize=(3.2 * count, 3.2), squeeze=False)
        axes = list(axes[0])
    at = lambda x: np.array([model.point(x, name) for name in chain])
    rest = at(q)
    for k, ax in enumerate(axes):
        shape = shapes[:, k]
        motion = np.array([model.point_jacobian(q, name) @ shape for name in chain])
        scale = amplitude / max(float(np.abs(motion).max()), 1e-300)
        ax.plot(rest[:, 0], rest[:, 1], "o-", color="0.6", lw=2, ms=4)
        for sign, style in ((1.0, "-"), (-1.0, "--")):
            moved = rest + sign * scale * motion
            ax.plot(moved[:, 0], moved[:, 1], "o" + style, color=CYCLE[k % len(CYCLE)], lw=1.6, ms=3)
        if frequencies is not None:
            ax.set_title(f"mode {k + 1}: {frequencies[k]:.3g} Hz", fontsize=10)
        ax.set_aspect("equal", adjustable="datalim")  # widen the narrow side, not shrink the panel
        ax.grid(True, alpha=0.3)
    return axes


def animate_modes(model, q: np.ndarray, shapes: np.ndarray, chain: list[str], frequencies=None,
                  amplitude: float = 0.25, frames: int = 32) -> FuncAnimation:
    """The mode shapes of :func:`plot_mode_shapes` swinging: one panel per mode, the chain
    at q + a sin(2π k/``frames``) · shape, every mode through one cycle over the frames
    (the frequencies are written in the titles, not played: the modes would drift apart).
    Play it in a static page with :func:`~mbtools.viz.plotting.animation_html`.

    Returns
    -------
    matplotlib.animation.FuncAnimation
    """
    count = shapes.shape[1]
    fig, axes = plt.subplots(1, count, figsize=(3.2 * count, 3.2), squeeze=False, dpi=80)
    axes = list(axes[0])
    rest = np.array([model.point(q, name) for name in chain])
    motions, lines = [], []
    for k, ax in enumerate(axes):
        motion = np.array([model.point_jacobian(q, name) @ shapes[:, k] for name in chain])
        motion *= amplitude / max(float(np.abs(motion).max()), 1e-300)
        motions.append(motion)
        ax.plot(rest[:, 0], rest[:, 1], "o-", color="0.75", lw=2, ms=4)
        (line,) = ax.plot(rest[:, 0], rest[:, 1], "o-", color=CYCLE[k % len(CYCLE)], lw=2, ms=5)
        lines.append(line)
        span = np.vstack([rest - motion, rest + motion])
        centre = 0.5 * (span.min(axis=0) + span.max(axis=0))
        half = 0.5 * float((span.max(axis=0) - span.min(axis=0)).max()) * 1.15 + 1e-9
        ax.set_xlim(centre[0] - half, centre[0] + half)  # a square window: equal scales, no warning
        ax.set_ylim(centre[1] - half, centre[1] + half)
        ax.set_aspect("equal")
        if frequencies is not None:
            ax.set_title(f"mode {k + 1}: {frequencies[k]:.3g} Hz", fontsize=10)
        ax.grid(True, alpha=0.3)
    fig.tight_layout()

    def draw(frame: int):
        phase = np.sin(2.0 * np.pi * frame / frames)
        for line, motion in zip(lines, motions):
            moved = rest + phase * motion
            line.set_data(moved[:, 0], moved[:, 1])
        return lines

    animation = FuncAnimation(fig, draw, frames=frames, interval=60, blit=False)
    plt.close(fig)
    return animation
