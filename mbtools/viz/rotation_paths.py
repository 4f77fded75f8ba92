"""The figure of chapter 4's section on rotations by exponentials: one motion described by
Euler angles, Euler parameters and the rotation vector, and where each description's rate
matrix is singular (:mod:`mbtools.analysis.rotation_descriptions`)."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np

from ..analysis.rotation_descriptions import RotationPath
from .plotting import BODY_COLORS


def plot_rotation_descriptions(turn, path: RotationPath, axes=None, xlabel: str = "input turn (°)") -> np.ndarray:
    """Four panels over ``turn`` (degrees): the Euler angles (ψ, θ, φ), the Euler
    parameters, the rotation vector's angle (continuous and shortest), and the singularity
    measure of each description's rate matrix: sin θ, det T, the smallest singular value of E.

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from mbtools.analysis.rotation_descriptions import describe_rotations
    >>> from mbtools.kinematics import rotation_exp
    >>> turn = np.arange(0.0, 360.0, 30.0)
    >>> axes = plot_rotation_descriptions(turn, describe_rotations([rotation_exp([np.radians(t), 0.0, 0.0]) for t in turn]))
    >>> [len(ax.lines) for ax in axes.ravel()]
    [3, 4, 2, 4]
    """
    if not isinstance(path, RotationPath):
        raise TypeError(f"plot_rotation_descriptions takes a RotationPath, not a {type(path).__name__}.")
    turn = np.asarray(turn, dtype=float)
    if axes is None:
        _, axes = plt.subplots(2, 2, figsize=(9.5, 6.0), sharex=True)
    a, e, v, d = axes.ravel()
    for k, name in enumerate(("ψ", "θ", "φ")):
        a.plot(turn, np.degrees(path.euler_angles[:, k]), color=BODY_COLORS[k], label=name)
    a.set(ylabel="degrees", title="Euler angles (z–x–z)")
    for k in range(4):
        e.plot(turn, path.euler_parameters[:, k], color=BODY_COLORS[k], label=f"$e_{k}$")
    e.set(title="Euler parameters")
    v.plot(turn, np.degrees(np.linalg.norm(path.rotation_vector, axis=1)), color=BODY_COLORS[0], label="continuous")
    v.plot(turn, np.degrees(np.linalg.norm(path.shortest_rotation_vector, axis=1)), "--", color=BODY_COLORS[1],
           label="shortest (≤ 180°)")
    v.set(ylabel="degrees", title="rotation vector: its angle ‖θ‖", xlabel=xlabel)
    d.plot(turn, path.euler_angles_determinant, color=BODY_COLORS[0], label="Euler angles: sin θ")
    d.plot(turn, path.rotation_vector_determinant, color=BODY_COLORS[1], label="rotation vector: det T")
    d.plot(turn, path.shortest_determinant, "--", color=BODY_COLORS[1], label="shortest vector: det T")
    d.plot(turn, path.euler_parameters_sigma, color=BODY_COLORS[2], label="Euler parameters: σ_min(E)")
    d.set(ylim=(-0.05, 1.1), title="rate matrix: 0 where singular", xlabel=xlabel)
    for ax in axes.ravel():
        ax.grid(True, alpha=0.3)
        ax.legend(fontsize=7, loc="best")
    axes.ravel()[0].figure.tight_layout()
    return axes
