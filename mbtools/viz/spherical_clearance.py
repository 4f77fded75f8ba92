"""The SSC with a spherical clearance (``mbtools.analysis.spherical_clearance``): the ball's
centre in its socket, the energy the contact dissipates in its two parts, and the
driving torque against the ideal ball joint's.

Example
-------
>>> axes = plot_ball_in_socket([[0.0, 0.0, 0.0], [0.1, 0.6, 0.8]], [0.0, 1.0], [0.0, 1e-3], [0.0, 2e-3],
...                            [1.0, 5.0], [1.0, 1.0])
>>> len(axes), [len(ax.get_lines()) for ax in axes[1:]]
(3, [2, 2])
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np

from .contacts import ENERGY_COLORS
from .plotting import BODY_COLORS


def plot_ball_in_socket(path, t, normal_energy, friction_energy, torque, ideal_torque) -> np.ndarray:
    """Left: the ball's centre in the socket, e/c of (J.1) in the link's frame, seen
    along the link (its components across the link, coloured by time; the circle is the
    clearance). Right: the energy dissipated by the normal law's damping and by friction
    (mJ), and the slider's driving torque with the clearance and with an ideal ball joint
    (N·m), over time (ms).

    Parameters
    ----------
    path : array_like
        e/c at each output time, (N, 3): along the link, along its normal n, along the
        third axis (``ball_path``).
    t : array_like
        The output times (s).
    normal_energy, friction_energy : array_like
        E_n and E_t (J) at each output time (``dissipated_parts``).
    torque, ideal_torque : array_like
        The slider's driving torque (N·m) with the clearance and with the ideal joint.

    Returns
    -------
    numpy.ndarray of matplotlib.axes.Axes
        The path's panel, the energies', the torques'.
    """
    path, t = np.asarray(path, dtype=float), np.asarray(t, dtype=float)
    fig = plt.figure(figsize=(9.0, 4.2))
    grid = fig.add_gridspec(2, 2, width_ratios=(1.0, 1.3))
    axes = [fig.add_subplot(grid[:, 0]), fig.add_subplot(grid[0, 1])]
    axes.append(fig.add_subplot(grid[1, 1], sharex=axes[1]))
    ax = axes[0]
    circle = np.linspace(0.0, 2.0 * np.pi, 361)
    ax.plot(np.cos(circle), np.sin(circle), color="0.35", lw=1.2)
    points = ax.scatter(path[:, 1], path[:, 2], c=t * 1e3, s=4, cmap="viridis", zorder=3)
    ax.plot(path[:, 1], path[:, 2], color="0.6", lw=0.5, zorder=2)
    ax.set_aspect("equal")
    ax.set_xlim(-1.3, 1.3)
    ax.set_ylim(-1.3, 1.3)
    ax.set_xlabel("$e_n/c$ (along n)")
    ax.set_ylabel("$e_b/c$ (across the link)")
    ax.set_title("the ball's centre, seen along the link", fontsize=9)
    fig.colorbar(points, ax=ax, shrink=0.7, label="t (ms)")
    ms = t * 1e3
    axes[1].plot(ms, np.asarray(normal_energy) * 1e3, color=ENERGY_COLORS["stored"], lw=1.2,
                 label="normal damping $E_n$")
    axes[1].plot(ms, np.asarray(friction_energy) * 1e3, color=ENERGY_COLORS["dissipated"], lw=1.2,
                 label="friction $E_t$")
    axes[1].set_ylabel("dissipated (mJ)")
    axes[1].legend(fontsize=8, loc="upper left")
    axes[2].plot(ms, torque, color=BODY_COLORS[0], lw=1.0, label="with the clearance")
    axes[2].plot(ms, ideal_torque, color="0.2", lw=1.4, ls="--", label="ideal joint")
    axes[2].set_ylabel("slider torque (N·m)")
    axes[2].set_xlabel("t (ms)")
    axes[2].legend(fontsize=8, loc="upper right")
    for a in axes[1:]:
        a.grid(alpha=0.3)
    fig.tight_layout()
    return np.array(axes, dtype=object)
