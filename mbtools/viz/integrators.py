"""Pictures of what integrators do: the stability regions of one-step and multistep
methods in the plane of z = hλ, the spectral radius of the Newmark family against
Δt ω, the drift of the constraints along a trajectory, and work–precision diagrams
(error against wall time, log–log) of measured runs.

The numbers come from :mod:`mbtools.analysis.integrators`; these functions only draw.

Example
-------
>>> ax = plot_stability_regions(["explicit Euler", "RK4"])
>>> [t.get_text() for t in ax.get_legend().get_texts()]
['explicit Euler', 'RK4']
>>> ax = plot_spectral_radius([("trapezoidal", "trapezoidal", {})])
>>> ax.get_xscale()
'log'
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.axes import Axes
from matplotlib.lines import Line2D
from matplotlib.ticker import NullFormatter

from ..analysis.integrators import amplification_modulus, spectral_radius

#: One colour per method, the same in every figure of the chapter (Okabe–Ito).
METHOD_COLORS = {"explicit Euler": "#E69F00", "RK4": "#56B4E9", "DOP853": "#009E73", "trapezoidal": "#0072B2",
                 "Radau IIA": "#D55E00", "BDF2": "#CC79A7"}
CYCLE = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000")


def plot_stability_regions(methods, ax: Axes | None = None, extent=(-7.0, 2.0, -6.0, 6.0), resolution: int = 301,
                           points: dict | None = None) -> Axes:
    """The stability region {z : one step does not grow y' = λy} of each method, filled,
    with its boundary abs(R(z)) = 1 drawn; ``points`` (label → complex array) marks values
    of hλ.

    Parameters
    ----------
    methods : list of str
        Methods of :data:`mbtools.analysis.integrators.METHODS`.
    ax : matplotlib.axes.Axes, optional
    extent : tuple of float
        The window of the z-plane, (x_min, x_max, y_min, y_max).
    resolution : int
        Grid points per axis.
    points : dict, optional
        Label → values of hλ, drawn as markers.

    Returns
    -------
    matplotlib.axes.Axes
    """
    if ax is None:
        _, ax = plt.subplots(figsize=(5.0, 4.5))
    x = np.linspace(extent[0], extent[1], resolution)
    y = np.linspace(extent[2], extent[3], resolution)
    z = x[None, :] + 1j * y[:, None]
    handles = []
    for k, method in enumerate(methods):
        color = METHOD_COLORS.get(method, CYCLE[k % len(CYCLE)])
        modulus = amplification_modulus(method, z)
        ax.contourf(x, y, modulus, levels=[0.0, 1.0], colors=[color], alpha=0.12)
        ax.contour(x, y, modulus, levels=[1.0], colors=[color], linewidths=1.8)
        handles.append(Line2D([], [], color=color, lw=1.8, label=method))
    for k, (label, values) in enumerate((points or {}).items()):
        values = np.atleast_1d(np.asarray(values, dtype=complex))
        handles.append(ax.plot(values.real, values.imag, "x", ms=8, mew=2, color=CYCLE[-1 - k % 2], label=label)[0])
    ax.axhline(0.0, color="0.6", lw=0.7)
    ax.axvline(0.0, color="0.6", lw=0.7)
    ax.set_aspect("equal")
    ax.set_xlim(extent[:2])
    ax.set_ylim(extent[2:])
    ax.set_xlabel("Re $h\\lambda$")
    ax.set_ylabel("Im $h\\lambda$")
    ax.legend(handles=handles, loc="upper left", fontsize=9, framealpha=0.9)
    return ax


def plot_spectral_radius(cases, h_omega=None, ax: Axes | None = None) -> Axes:
    """The spectral radius ρ of the amplification matrix against Δt ω (log axis), one
    curve per case.

    Parameters
    ----------
    cases : list of tuple
        Each (label, method, parameters).
        ``method`` and ``parameters`` as :func:`mbtools.analysis.integrators.spectral_radius`
        takes them, e.g. ``("ρ∞ = 0.5", "generalized-alpha", {"rho_inf": 0.5})``.
    h_omega : array_like, optional
        Δt ω; by default 10⁻² … 10³.
    ax : matplotlib.axes.Axes, optional

    Returns
    -------
    matplotlib.axes.Axes
    """
    if ax is None:
        _, ax = plt.subplots(figsize=(6.5, 3.8))
    h_omega = np.logspace(-2, 3, 161) if h_omega is None else np.asarray(h_omega, dtype=float)
    for k, (label, method, parameters) in enumerate(cases):
        style = "--" if method == "HHT" else "-"
        ax.semilogx(h_omega, spectral_radius(method, h_omega, **parameters), style, color=CYCLE[k % len(CYCLE)],
                    lw=1.8, label=label)
    ax.set_xlabel("$\\Delta t\\,\\omega$")
    ax.set_ylabel("spectral radius $\\rho$")
    ax.set_ylim(-0.02, 1.05)
    ax.grid(True, which="major", alpha=0.3)
    ax.legend(fontsize=9, loc="lower left")
    return ax


def plot_drift(trajectories: dict, ax: Axes | None = None) -> Axes:
    """‖Φ‖ (solid) and ‖Φ_q q̇ + Φ_t‖ (dashed) along each trajectory (label →
    :class:`~mbtools.dynamics.simulate.Trajectory`), log scale; zeros are drawn at 10⁻¹⁷.

    Returns
    -------
    matplotlib.axes.Axes
    """
    if ax is None:
        _, ax = plt.subplots(figsize=(6.5, 3.6))
    for k, (label, traj) in enumerate(trajectories.items()):
        position, velocity = traj.constraint_violation
        color = CYCLE[k % len(CYCLE)]
        ax.semilogy(traj.t, np.maximum(position, 1e-17), "-", color=color, lw=1.6, label=f"{label}: $\\|\\Phi\\|$")
        ax.semilogy(traj.t, np.maximum(velocity, 1e-17), "--", color=color, lw=1.2,
                    label=f"{label}: $\\|\\dot\\Phi\\|$")
    ax.set_xlabel("t (s)")
    ax.set_ylabel("constraint residual")
    ax.grid(True, which="major", alpha=0.3)
    ax.legend(fontsize=8, loc="best")
    return ax


def plot_work_precision(runs: dict, ax: Axes | None = None, target: float | None = None, unit: str = "m",
                        title: str | None = None) -> Axes:
    """Error against wall time, log–log: one curve per method, one marker per run.

    Parameters
    ----------
    runs : dict
        Label → list of (setting, seconds, error), the setting (an rtol or a step) written
        beside its marker.
    ax : matplotlib.axes.Axes, optional
    target : float, optional
        An error to reach, drawn as a horizontal line.
    unit : str
        The error's unit, for the axis label.
    title : str, optional

    Returns
    -------
    matplotlib.axes.Axes
    """
    if ax is None:
        _, ax = plt.subplots(figsize=(6.0, 4.0))
    for k, (label, measured) in enumerate(runs.items()):
        color = CYCLE[k % len(CYCLE)]
        seconds = [s for _, s, _ in measured]
        errors = [max(e, 1e-16) for _, _, e in measured]
        ax.loglog(seconds, errors, "o-", color=color, lw=1.5, ms=5, label=label)
        for setting, s, e in measured:
            ax.annotate(f"{setting:.0e}", (s, max(e, 1e-16)), textcoords="offset points", xytext=(4, 3),
                        fontsize=7, color=color)
    if target is not None:
        ax.axhline(target, color="0.4", lw=0.9, ls=":")
    ax.xaxis.set_minor_formatter(NullFormatter())  # only the decades are labelled
    ax.set_xlabel("wall time (s)")
    ax.set_ylabel(f"error ({unit})")
    ax.grid(True, which="major", alpha=0.3)
    ax.legend(fontsize=8, loc="best")
    if title:
        ax.set_title(title, fontsize=10)
    return ax
