"""Figures of chapter 16: a four-bar drawn with its counterweights and its total centre of
mass, the two four-bars (as drawn, and force-balanced) turning side by side, and the
shaking force, shaking moment and driving torque over a turn
(:mod:`mbtools.analysis.balancing`)."""

from __future__ import annotations

import numpy as np
import matplotlib.pyplot as plt
from matplotlib.animation import FuncAnimation

from ..analysis.balancing import Counterweight, ShakingHistory, centre_of_mass
from ..model import Model
from .plotting import BODY_COLORS, draw_mechanism, limits

CENTRE_COLOR = "#d62728"
WEIGHT_COLOR = "#444444"


def counterweight_position(model: Model, q, weight: Counterweight) -> np.ndarray:
    """Where a counterweight is at q: it turns with its link about the link's pivot."""
    mechanism = model.mechanism
    other = next(p for p in mechanism.bodies[weight.body].points if p != weight.pivot)
    drawn = mechanism.point_position(other) - mechanism.point_position(weight.pivot)
    now = model.point(q, other) - model.point(q, weight.pivot)
    turn = np.arctan2(now[1], now[0]) - np.arctan2(drawn[1], drawn[0])
    c, s = np.cos(turn), np.sin(turn)
    arm = np.asarray(weight.at, dtype=float) - mechanism.point_position(weight.pivot)
    return model.point(q, weight.pivot) + np.array([[c, -s], [s, c]]) @ arm


def draw_balanced(model: Model, q, counterweights=(), ax=None, artists: dict | None = None) -> dict:
    """The mechanism at q with each counterweight as a disc on a line to its pivot (its
    area proportional to its mass) and the total centre of mass as a red star.
    ``artists``: the dict of an earlier call, moved instead of redrawn."""
    weights = [(w, counterweight_position(model, q, w)) for w in counterweights]
    centre = centre_of_mass(model, q)
    if artists is not None:
        draw_mechanism(model, q, artists=artists["mechanism"])
        for (w, at), (arm, disc) in zip(weights, artists["weights"]):
            pivot = model.point(q, w.pivot)
            arm.set_data([pivot[0], at[0]], [pivot[1], at[1]])
            disc.set_data([at[0]], [at[1]])
        artists["centre"].set_data([centre[0]], [centre[1]])
        return artists
    if ax is None:
        _, ax = plt.subplots(figsize=(6, 4))
    mechanism = draw_mechanism(model, q, ax=ax, labels=False)
    drawn = []
    for w, at in weights:
        pivot = model.point(q, w.pivot)
        (arm,) = ax.plot([pivot[0], at[0]], [pivot[1], at[1]], "-", lw=2, color=WEIGHT_COLOR, zorder=3)
        (disc,) = ax.plot([at[0]], [at[1]], "o", ms=6 + 6 * np.sqrt(w.mass), color=WEIGHT_COLOR, zorder=4)
        drawn.append((arm, disc))
    (star,) = ax.plot([centre[0]], [centre[1]], "*", ms=16, color=CENTRE_COLOR, zorder=5, label="centre of mass")
    return {"mechanism": mechanism, "weights": drawn, "centre": star, "ax": ax}


def animate_balance(cases: dict, interval: int = 70, figsize=(8.6, 3.6), dpi: int = 72) -> FuncAnimation:
    """Side by side, each case turning through its positions: ``cases`` maps a title to
    (model, positions (rows of q), counterweights). The path of each total centre of mass is
    drawn beneath: a closed curve for an unbalanced mechanism, a point for a balanced one."""
    fig, axes = plt.subplots(1, len(cases), figsize=figsize, dpi=dpi, sharex=True, sharey=True)
    axes = np.atleast_1d(axes)
    drawn, corners = [], []
    for ax, (title, (model, positions, weights)) in zip(axes, cases.items()):
        positions = np.asarray(positions)
        path = np.array([centre_of_mass(model, q) for q in positions])
        spots = [np.array([counterweight_position(model, q, w) for q in positions]) for w in weights]
        (x0, x1), (y0, y1) = limits(model, positions)
        corners += [(x0, y0), (x1, y1)] + [xy for spot in spots for xy in spot]
        ax.plot(path[:, 0], path[:, 1], "-", color=CENTRE_COLOR, lw=1.2, alpha=0.6)
        drawn.append((model, positions, weights, draw_balanced(model, positions[0], weights, ax=ax)))
        ax.set_title(title, fontsize=10)
    corners = np.array(corners)
    low, high = corners.min(axis=0), corners.max(axis=0)
    pad = 0.08 * float(np.max(high - low))
    axes[0].set_xlim(low[0] - pad, high[0] + pad)
    axes[0].set_ylim(low[1] - pad, high[1] + pad)
    fig.tight_layout()

    def update(k):
        for model, positions, weights, artists in drawn:
            draw_balanced(model, positions[k % len(positions)], weights, artists=artists)
        return []

    anim = FuncAnimation(fig, update, frames=min(len(c[1]) for c in cases.values()), interval=interval, blit=False)
    plt.close(fig)
    return anim


def plot_shaking(histories: dict, axes=None, moment_about: str = "O") -> np.ndarray:
    """Three panels over a turn for each ``histories`` entry (title → ShakingHistory): the
    shaking force's tip as a locus (F_x, F_y) (a dot at the origin for a force-balanced
    mechanism), the shaking moment about the drawing's origin (named ``moment_about``), the
    driving torque."""
    if axes is None:
        _, axes = plt.subplots(1, 3, figsize=(10, 3.3))
    for k, (label, history) in enumerate(histories.items()):
        if not isinstance(history, ShakingHistory):
            raise TypeError(f"plot_shaking: '{label}' is a {type(history).__name__}, not a ShakingHistory.")
        color = BODY_COLORS[k % len(BODY_COLORS)]
        force = np.vstack([history.force, history.force[:1]])
        axes[0].plot(force[:, 0], force[:, 1], "-", marker=".", ms=4, color=color, label=label)
        degrees = np.degrees(history.angle)
        axes[1].plot(degrees, history.moment, "-", color=color, label=label)
        axes[2].plot(degrees, history.driving, "-", color=color, label=label)
    axes[0].plot([0], [0], "k+", ms=10)
    axes[0].set(xlabel="$F_x$ (N)", ylabel="$F_y$ (N)", title="shaking force")
    axes[0].set_aspect("equal", adjustable="datalim")
    axes[1].set(xlabel="crank angle (°)", ylabel="N·m", title=f"shaking moment about {moment_about}")
    axes[2].set(xlabel="crank angle (°)", ylabel="N·m", title="driving torque")
    for ax in axes:
        ax.grid(True, alpha=0.3)
    for ax in axes[1:]:
        ax.set_xticks(np.arange(0, 361, 90))
    axes[0].legend(fontsize=8)
    plt.gcf().tight_layout()
    return axes
