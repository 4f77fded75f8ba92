"""Pictures of the five-link suspension and of joint reactions: the wheel's camber and toe
over its travel, the rods' forces and the driving force over a wheel-travel motion, a
joint's reactions over a crank turn, and the linkage drawn in three views.

The numbers come from :mod:`mbtools.analysis.suspension` and
:mod:`mbtools.dynamics.body_reactions`; these functions only draw.

Example
-------
>>> import numpy as np
>>> axes = plot_wheel_angles(np.linspace(-0.05, 0.05, 3), np.zeros(3), np.zeros(3))
>>> [ax.get_xlabel() for ax in axes]
['camber, deg', 'toe, deg']
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.axes import Axes

from .statics import CYCLE


def plot_wheel_angles(travel, camber, toe, axes=None) -> np.ndarray:
    """Camber and toe (rad, drawn in degrees) against the wheel travel (m, drawn in mm),
    the travel upwards as a car's designer draws it."""
    if axes is None:
        _, axes = plt.subplots(1, 2, figsize=(7.5, 3.2), sharey=True)
    for ax, angle, name in zip(axes, (camber, toe), ("camber", "toe")):
        ax.plot(np.degrees(angle), 1000 * np.asarray(travel), color=CYCLE[0], lw=1.8)
        ax.axvline(0.0, color="0.6", lw=0.8)
        ax.axhline(0.0, color="0.6", lw=0.8)
        ax.set_xlabel(f"{name}, deg")
        ax.grid(alpha=0.3)
    axes[0].set_ylabel("wheel travel, mm (bump up)")
    return axes


def plot_travel_forces(t, travel, driving, rod_forces, axes=None) -> np.ndarray:
    """Over a wheel-travel motion: the travel (mm) and the force that drives it (N), then
    each rod's axial force (N, tension positive)."""
    if axes is None:
        _, axes = plt.subplots(1, 2, figsize=(8.5, 3.3))
    left, right = axes
    left.plot(t, 1000 * np.asarray(travel), color=CYCLE[0], lw=1.6, label="travel, mm")
    left.plot(t, driving, color=CYCLE[1], lw=1.6, label="driving force, N")
    left.set_xlabel("t, s")
    left.legend(frameon=False, fontsize=8)
    for k in range(np.shape(rod_forces)[1]):
        right.plot(t, np.asarray(rod_forces)[:, k], color=CYCLE[k % len(CYCLE)], lw=1.5, label=f"rod {k + 1}")
    right.set_xlabel("t, s")
    right.set_ylabel("axial force, N")
    right.legend(frameon=False, fontsize=8, ncol=2)
    for ax in axes:
        ax.grid(alpha=0.3)
    return axes


def plot_reaction_curves(angle, curves: dict, ylabel: str, ax: Axes | None = None) -> Axes:
    """Curves (label → values) against a crank angle (rad, drawn in degrees)."""
    if ax is None:
        _, ax = plt.subplots(figsize=(6.5, 3.2))
    for k, (label, values) in enumerate(curves.items()):
        ax.plot(np.degrees(angle), values, color=CYCLE[k % len(CYCLE)], lw=1.6, label=label)
    ax.set_xlabel("crank angle, deg")
    ax.set_ylabel(ylabel)
    ax.grid(alpha=0.3)
    ax.legend(frameon=False, fontsize=8)
    return ax


def plot_linkage_views(model, q, rods: int = 5, axes=None) -> np.ndarray:
    """The suspension at q in three views (from behind: y–z; from the side: x–z; from
    above: x–y): each rod C_k–E_k, the carrier's points joined to its centre W, and the
    wheel as its vertical diameter through W and P."""
    if axes is None:
        _, axes = plt.subplots(1, 3, figsize=(10, 3.4))
    views = (("y", "z", 1, 2, "from behind"), ("x", "z", 0, 2, "from the side"), ("x", "y", 0, 1, "from above"))
    W, P = model.point(q, "W"), model.point(q, "P")
    for ax, (a, b, i, j, title) in zip(axes, views):
        for k in range(1, rods + 1):
            C, E = model.point(q, f"C{k}"), model.point(q, f"E{k}")
            ax.plot([C[i], E[i]], [C[j], E[j]], "o-", color=CYCLE[(k - 1) % len(CYCLE)], lw=2, ms=4,
                    label=f"rod {k}")
            ax.plot([E[i], W[i]], [E[j], W[j]], color="0.55", lw=1)
        top = 2 * W - P
        ax.plot([P[i], top[i]], [P[j], top[j]], color="k", lw=3, alpha=0.35)
        ax.plot(W[i], W[j], "ks", ms=5)
        ax.set_xlabel(f"{a}, m")
        ax.set_ylabel(f"{b}, m")
        ax.set_title(title, fontsize=9)
        ax.set_aspect("equal", adjustable="datalim")
        ax.grid(alpha=0.3)
    axes[0].legend(frameon=False, fontsize=7, loc="lower left")
    return axes
