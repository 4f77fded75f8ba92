"""The five-link suspension over a road (:mod:`mbtools.analysis.suspension_dynamics`):
the wheel's height over the road, its camber and toe, the forces of the spring, damper and
tyre, and how far two integrations of it (two families of coordinates) stay apart.

The numbers come from :func:`mbtools.analysis.suspension_dynamics.ride`; this module only
draws. A ride is anything with the arrays ``t``, ``road``, ``height``, ``camber``, ``toe``,
``spring_force``, ``damper_force`` and ``tyre_force`` (SI units) and, for the legend,
``formulation``.

Example
-------
>>> import matplotlib
>>> matplotlib.use("Agg")
>>> from types import SimpleNamespace
>>> t = np.linspace(0.0, 0.1, 5)
>>> run = SimpleNamespace(t=t, road=0.05 * np.sin(10 * np.pi * t), height=0.04 * np.sin(10 * np.pi * t),
...                       camber=0 * t, toe=0 * t, spring_force=3000 + 0 * t, damper_force=0 * t,
...                       tyre_force=3500 + 0 * t, formulation="recursive")
>>> figure = plot_road_ride(run)
>>> [ax.get_ylabel() for ax in figure.axes]
['height, mm', 'angle, deg', 'force, kN']
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.figure import Figure

from .statics import CYCLE

#: The quantities a ride must carry, each an array over its times.
RIDE_FIELDS = ("t", "road", "height", "camber", "toe", "spring_force", "damper_force", "tyre_force")


def _checked(run, name: str) -> None:
    missing = [f for f in RIDE_FIELDS if not hasattr(run, f)]
    if missing:
        raise ValueError(f"plot_road_ride: {name} has no {missing} (give the result of suspension_dynamics.ride).")
    size = np.size(run.t)
    if any(np.size(getattr(run, f)) != size for f in RIDE_FIELDS):
        raise ValueError(f"plot_road_ride: the arrays of {name} do not all have the {size} entries of its t.")


def plot_road_ride(run, other=None, until: float | None = None) -> Figure:
    """Three panels over time — the road and the wheel centre's height (mm), camber and toe
    (deg), the spring's, damper's and tyre's forces (kN) — for ``run`` and, dashed, for
    ``other`` if given, drawn up to the time ``until`` (s; all of it by default); then a
    fourth, the gap between the two (height in m, angles in rad) over the whole run, on a
    logarithmic scale."""
    _checked(run, "run")
    if other is not None:
        _checked(other, "other")
        if np.shape(other.t) != np.shape(run.t) or np.abs(np.asarray(other.t) - np.asarray(run.t)).max() > 1e-12:
            raise ValueError("plot_road_ride: run and other were output at different times.")
    figure, axes = plt.subplots(1, 4 if other is not None else 3, figsize=(12.5 if other is not None else 9.6, 3.2))
    height, angles, forces = axes[:3]
    rides = [(run, "-", getattr(run, "formulation", "run"))]
    if other is not None:
        rides.append((other, "--", getattr(other, "formulation", "other")))
    t = np.asarray(run.t)
    height.fill_between(t, 1000 * np.asarray(run.road), -1e9, color="0.85", label="road")
    for ride, style, label in rides:
        height.plot(t, 1000 * np.asarray(ride.height), style, color=CYCLE[0], lw=1.6, label=f"wheel centre, {label}")
        angles.plot(t, np.degrees(ride.camber), style, color=CYCLE[1], lw=1.6, label=f"camber, {label}")
        angles.plot(t, np.degrees(ride.toe), style, color=CYCLE[2], lw=1.6, label=f"toe, {label}")
        for k, (name, text) in enumerate((("spring_force", "spring"), ("damper_force", "damper"),
                                          ("tyre_force", "tyre"))):
            forces.plot(t, np.asarray(getattr(ride, name)) / 1000, style, color=CYCLE[3 + k], lw=1.5,
                        label=f"{text}, {label}" if style == "-" else None)
    low = min(1000 * np.min(run.road), 1000 * np.min(run.height))
    high = max(1000 * np.max(run.road), 1000 * np.max(run.height))
    height.set_ylim(low - 0.1 * (high - low + 1e-9), high + 0.15 * (high - low + 1e-9))
    if until is not None:
        if not float(until) > float(t[0]):
            raise ValueError(f"plot_road_ride: until must be a time after the start, {t[0]:g} s; got {until!r}.")
        for ax in axes[:3]:
            ax.set_xlim(float(t[0]), float(until))
    height.set_ylabel("height, mm")
    angles.set_ylabel("angle, deg")
    forces.set_ylabel("force, kN")
    if other is not None:
        gap = axes[3]
        for k, (name, text) in enumerate((("height", "height, m"), ("camber", "camber, rad"), ("toe", "toe, rad"))):
            difference = np.abs(np.asarray(getattr(run, name)) - np.asarray(getattr(other, name)))
            gap.semilogy(t, np.maximum(difference, 1e-18), color=CYCLE[k], lw=1.3, label=text)
        gap.set_ylabel("|difference|")
        gap.set_title(f"{rides[0][2]} − {rides[1][2]}", fontsize=9)
    for ax in axes:
        ax.set_xlabel("t, s")
        ax.grid(alpha=0.3)
        ax.legend(frameon=False, fontsize=7)
    figure.tight_layout()
    return figure
