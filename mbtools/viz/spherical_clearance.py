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

import numpy as np

from .clearance_panels import path_and_two_panels, plot_path_in_clearance, plot_torque_against_ideal
from .contacts import ENERGY_COLORS


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
    fig, axes = path_and_two_panels()
    ax = axes[0]
    points = plot_path_in_clearance(ax, path[:, 1], path[:, 2], t * 1e3, "$e_n/c$ (along n)",
                                    "$e_b/c$ (across the link)", "the ball's centre, seen along the link")
    fig.colorbar(points, ax=ax, shrink=0.7, label="t (ms)")
    ms = t * 1e3
    axes[1].plot(ms, np.asarray(normal_energy) * 1e3, color=ENERGY_COLORS["stored"], lw=1.2,
                 label="normal damping $E_n$")
    axes[1].plot(ms, np.asarray(friction_energy) * 1e3, color=ENERGY_COLORS["dissipated"], lw=1.2,
                 label="friction $E_t$")
    axes[1].set_ylabel("dissipated (mJ)")
    axes[1].legend(fontsize=8, loc="upper left")
    plot_torque_against_ideal(axes, ms, torque, ideal_torque, "slider torque (N·m)", "t (ms)")
    fig.tight_layout()
    return np.array(axes, dtype=object)
