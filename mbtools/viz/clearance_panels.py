"""The panels the clearance figures share: a path of a journal's centre in its clearance
circle (e/c, coloured by time), beside two stacked panels over a common abscissa.

Example
-------
>>> fig, axes = path_and_two_panels()
>>> points = plot_path_in_clearance(axes[0], [0.0, 0.6], [0.0, 0.8], [0.0, 1.0], "x", "y", "a path")
>>> len(axes), [float(x) for x in axes[0].get_xlim()]
(3, [-1.3, 1.3])
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np

from .plotting import BODY_COLORS


def path_and_two_panels():
    """A figure with a square panel on the left and two panels stacked on the right, the
    lower sharing the upper's abscissa: (figure, [left, upper, lower])."""
    fig = plt.figure(figsize=(9.0, 4.2))
    grid = fig.add_gridspec(2, 2, width_ratios=(1.0, 1.3))
    axes = [fig.add_subplot(grid[:, 0]), fig.add_subplot(grid[0, 1])]
    axes.append(fig.add_subplot(grid[1, 1], sharex=axes[1]))
    return fig, axes


def plot_path_in_clearance(ax, x, y, colour, xlabel: str, ylabel: str, title: str):
    """e/c as points (x, y) coloured by ``colour`` inside the unit circle of the clearance;
    returns the scatter (for a colour bar)."""
    circle = np.linspace(0.0, 2.0 * np.pi, 361)
    ax.plot(np.cos(circle), np.sin(circle), color="0.35", lw=1.2)
    points = ax.scatter(x, y, c=colour, s=4, cmap="viridis", zorder=3)
    ax.plot(x, y, color="0.6", lw=0.5, zorder=2)
    ax.set_aspect("equal")
    ax.set_xlim(-1.3, 1.3)
    ax.set_ylim(-1.3, 1.3)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title, fontsize=9)
    return points


def plot_torque_against_ideal(axes, x, torque, ideal_torque, ylabel: str, xlabel: str) -> None:
    """The drive's torque with the clearance and with the ideal joint on ``axes[2]`` over
    x, and a light grid on the right-hand panels ``axes[1:]``."""
    axes[2].plot(x, torque, color=BODY_COLORS[0], lw=1.0, label="with the clearance")
    if ideal_torque is not None:
        axes[2].plot(x, ideal_torque, color="0.2", lw=1.4, ls="--", label="ideal joint")
    axes[2].set_ylabel(ylabel)
    axes[2].set_xlabel(xlabel)
    axes[2].legend(fontsize=8, loc="upper right")
    for a in axes[1:]:
        a.grid(alpha=0.3)
