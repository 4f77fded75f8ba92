"""Pictures of motions with impacts: the energy with the impacts marked, a strobe of the
positions (the paper's Fig. 9), an animation that plays in a static page, the bounces
of a point, and the tables and matrices of the impacts chapter.

A trajectory of :func:`mbtools.simulate` with contacts carries its events
(``traj.events``, :class:`~mbtools.dynamics.contact_integrate.ContactEvent`); between
impacts a free body under gravity keeps its energy, so the energy is a staircase that
steps down at each impact by the event's ``energy_loss``.

Example
-------
>>> import numpy as np
>>> import mbtools
>>> from mbtools import examples
>>> bar = examples.falling_bar()
>>> system = mbtools.MultibodySystem(mbtools.formulate(bar.mechanism, "basic"), contacts=bar.contacts)
>>> traj = mbtools.simulate(system, 0.6, twist=bar.twist, t_eval=np.arange(0, 0.6001, 0.04), progress=False)
>>> [round(t, 4) for t, _ in energy_staircase(traj)[1:]]
[0.4159, 0.4552, 0.5128]
>>> ax = plot_energy(traj)
>>> len(ax.collections)  # one marker set per (end, regime) that occurred
2
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.animation import FuncAnimation
from matplotlib.axes import Axes

from .plotting import BODY_COLORS, body_outline

#: Marker of each contact in the pictures (by position in ``system.contacts``), and the
#: colour of each impact regime.
CONTACT_MARKERS = ("o", "s", "^", "D", "v", "P")
REGIME_COLORS = {"stick": "#0072B2", "slip": "#D55E00", "separate": "0.5"}
FLOOR_COLOR = "0.45"


def impacts(traj) -> list:
    """The impact events of a trajectory, in order (lift-off and stick/slip changes
    left out)."""
    return [event for event in traj.events if event.kind == "impact"]


def energy_staircase(traj) -> list[tuple[float, float]]:
    """(time, energy) of the staircase: the energy T + V at the start, then after each
    impact the energy less every loss so far (J)."""
    energy = float(traj.system.energy(traj.q[0], traj.qd[0]))
    steps = [(float(traj.t[0]), energy)]
    for event in impacts(traj):
        energy -= event.energy_loss
        steps.append((float(event.time), energy))
    return steps


def plot_energy(traj, ax: Axes | None = None, kinetic: bool = True) -> Axes:
    """The energy of a motion with impacts: T + V at the output times (dots), the
    staircase of the impacts' losses (:func:`energy_staircase`), and each impact
    marked on it, its marker saying which contact struck and its colour the regime.

    Parameters
    ----------
    traj : mbtools.Trajectory
        A simulation with contacts.
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new figure by default.
    kinetic : bool
        Also draw the kinetic energy T at the output times (thin line).

    Returns
    -------
    matplotlib.axes.Axes
        The axes; its ``collections`` are the impact markers, one set per contact and
        regime that occurred.
    """
    if ax is None:
        _, ax = plt.subplots(figsize=(7.5, 3.2))
    system = traj.system
    total = np.array([system.energy(q, qd) for q, qd in zip(traj.q, traj.qd)])
    steps = energy_staircase(traj)
    times = [t for t, _ in steps] + [float(traj.t[-1])]
    levels = [e for _, e in steps] + [steps[-1][1]]
    ax.step(times, levels, where="post", color="0.2", lw=1.2, label="T + V less the impacts' losses")
    ax.plot(traj.t, total, ".", color="0.2", ms=3, label="T + V at the outputs")
    if kinetic:
        T = [0.5 * qd @ system.mass_matrix(q) @ qd for q, qd in zip(traj.q, traj.qd)]
        ax.plot(traj.t, T, color="#009E73", lw=0.9, label="kinetic energy T")
    names = [contact.name for contact in system.contacts]
    groups: dict = {}
    for event, (t, level) in zip(impacts(traj), steps[1:]):
        struck = [name for name in event.contacts if event.regime.get(name) != "separate"] or list(event.contacts)
        key = (struck[0], event.regime.get(struck[0], "slip"), len(struck) > 1)
        groups.setdefault(key, []).append((t, level))
        ax.axvline(t, color="0.85", lw=0.6, zorder=0)
    for (name, regime, together), xy in groups.items():
        marker = CONTACT_MARKERS[names.index(name) % len(CONTACT_MARKERS)] if not together else "*"
        label = ("several contacts" if together else name) + f", {regime}"
        ax.scatter(*np.array(xy).T, marker=marker, s=28, color=REGIME_COLORS.get(regime, "k"), zorder=3,
                   label=label)
    ax.set_xlabel("t (s)")
    ax.set_ylabel("energy (J)")
    ax.set_xlim(traj.t[0], traj.t[-1])
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8, ncol=2, loc="upper right")
    return ax


def _planes(ax: Axes, contacts, xlim: tuple[float, float]) -> None:
    """Each distinct plane of the contacts as a line with a shaded band on its solid
    side (planar contacts only)."""
    seen = set()
    for contact in contacts:
        if contact.normal.size != 2:
            continue
        key = (tuple(np.round(contact.normal, 12)), round(contact.offset, 12))
        if key in seen:
            continue
        seen.add(key)
        n, t = contact.normal, contact.tangent
        base = contact.offset * n
        span = np.array([xlim[0] - 1.0, xlim[1] + 1.0]) - base[0]
        if abs(t[0]) > 1e-12:
            ends = np.array([base + s / t[0] * t for s in span])
        else:
            ends = np.array([base + s * t for s in span])
        ax.plot(*ends.T, color=FLOOR_COLOR, lw=1.5, zorder=1)
        depth = 0.04 * (xlim[1] - xlim[0])
        band = np.vstack([ends, ends[::-1] - depth * n])
        ax.fill(*band.T, color="0.88", zorder=0, lw=0)


def _moving_bodies(model) -> list:
    return [body for body in model.mechanism.bodies.values() if not body.is_ground]


def _outline(model, q, body) -> np.ndarray:
    return np.array([model.point(q, p) for p in body_outline(list(body.points))])


def _limits(model, positions: np.ndarray, contacts, margin: float = 0.06) -> tuple[tuple, tuple]:
    xy = np.concatenate([model.point(positions, p) for p in model.point_names])
    lo, hi = xy.min(axis=0), xy.max(axis=0)
    if contacts:
        lo[1] = min(lo[1], min(c.offset for c in contacts if c.normal.size == 2))
    pad = margin * float(np.max(hi - lo))
    return (lo[0] - pad, hi[0] + pad), (lo[1] - 1.5 * pad, hi[1] + pad)


def strobe(traj, every: int = 1, panels: int = 1, columns: int | None = None, width: float = 7.5,
           path: bool = True, cmap: str = "viridis") -> np.ndarray:
    """The positions of a motion drawn on top of each other, one every ``every``
    outputs, coloured by time, with the plane of the contacts and the path of each
    body's centre of mass: the paper's Fig. 9. With ``panels`` > 1 the motion is cut
    into that many equal spans of time, one panel each, so that the positions of one
    span do not hide those of another.

    Parameters
    ----------
    traj : mbtools.Trajectory
        A planar simulation (its contacts drawn as a shaded floor).
    every : int
        Draw every ``every``-th output (1: all of them).
    panels : int
        How many spans of time, each in its own panel (the same scale in all).
    columns : int, optional
        Panels per row (all in one row by default when there are at most 2, else 2).
    width : float
        The figure's width (inches).
    path : bool
        Draw the path of each body's centre of mass over the span (dashed).
    cmap : str
        The colour map of time (its lightest tenth left out, too pale on white).

    Returns
    -------
    numpy.ndarray of matplotlib.axes.Axes
        One per panel, in order of time; each panel's ``lines`` are the floor, the
        positions (one line per body and position) and the paths.
    """
    from matplotlib.colors import ListedColormap, Normalize

    model = traj.system.model
    t, q = np.asarray(traj.t), np.asarray(traj.q)
    columns = columns or (panels if panels <= 2 else 2)
    rows = -(-panels // columns)
    xlim, ylim = _limits(model, q, traj.system.contacts)
    aspect = (ylim[1] - ylim[0]) / (xlim[1] - xlim[0])
    fig, axes = plt.subplots(rows, columns, figsize=(width, rows * (0.8 * width / columns * aspect + 0.45)),
                             squeeze=False, sharex=True, sharey=True)
    colours = ListedColormap(plt.get_cmap(cmap)(np.linspace(0.0, 0.9, 256)))
    norm = Normalize(float(t[0]), float(t[-1]))
    edges = np.linspace(t[0], t[-1], panels + 1)
    bodies = _moving_bodies(model)
    for k, ax in enumerate(axes.flat):
        if k >= panels:
            ax.set_visible(False)
            continue
        inside = np.flatnonzero((t >= edges[k] - 1e-12) & (t <= edges[k + 1] + 1e-12))
        _planes(ax, traj.system.contacts, xlim)
        for i in inside[::every]:
            for body in bodies:
                ax.plot(*_outline(model, q[i], body).T, "-", lw=1.2, color=colours(norm(t[i])),
                        solid_capstyle="round", zorder=2)
        if path:
            for body in bodies:
                centre = np.array([model.placement(q[i], body.name).origin for i in inside])
                ax.plot(*centre.T, "--", color="0.3", lw=0.7, zorder=3)
        ax.set_xlim(*xlim)
        ax.set_ylim(*ylim)
        ax.set_aspect("equal")
        ax.tick_params(labelsize=8)
        if panels > 1:
            ax.set_title(f"{edges[k]:.2f} s to {edges[k + 1]:.2f} s", fontsize=9)
    for ax in axes[-1]:
        ax.set_xlabel("x (m)", fontsize=9)
    for ax in axes[:, 0]:
        ax.set_ylabel("y (m)", fontsize=9)
    fig.colorbar(plt.cm.ScalarMappable(norm=norm, cmap=colours), ax=axes.ravel().tolist(), label="t (s)",
                 fraction=0.03, pad=0.02)
    return axes.ravel()[:panels]


def animate_motion(traj, every: int = 1, interval: int = 40, figsize=(6.4, 3.4), dpi: int = 72,
                   title: str | None = None) -> FuncAnimation:
    """An animation of a planar motion with contacts: the bodies, the floor, the path
    of each centre of mass so far and the time, one frame per ``every`` outputs;
    show it with ``mbtools.viz.animation.animation_html``.

    Parameters
    ----------
    traj : mbtools.Trajectory
        A planar simulation.
    every : int
        One frame every ``every`` outputs.
    interval : int
        Milliseconds between frames (40: the time of a frame every 0.04 s, played in
        real time).
    figsize, dpi
        The frame's size (inches) and resolution: small frames keep the page light.
    title : str, optional
        Above the drawing.

    Returns
    -------
    matplotlib.animation.FuncAnimation
        With ``len(traj.t[::every])`` frames.
    """
    model = traj.system.model
    positions = np.asarray(traj.q)[::every]
    times = np.asarray(traj.t)[::every]
    fig, ax = plt.subplots(figsize=figsize, dpi=dpi)
    xlim, ylim = _limits(model, np.asarray(traj.q), traj.system.contacts)
    _planes(ax, traj.system.contacts, xlim)
    bodies = _moving_bodies(model)
    centres = [np.array([model.placement(q, body.name).origin for q in positions]) for body in bodies]
    lines = [ax.plot([], [], "-o", lw=3, ms=4, color=BODY_COLORS[k % len(BODY_COLORS)], zorder=3,
                     solid_capstyle="round")[0] for k in range(len(bodies))]
    paths = [ax.plot([], [], "--", color="0.45", lw=0.8, zorder=2)[0] for _ in bodies]
    clock = ax.text(0.01, 0.95, "", transform=ax.transAxes, va="top", fontsize=9)
    ax.set_xlim(*xlim)
    ax.set_ylim(*ylim)
    ax.set_aspect("equal")
    ax.tick_params(labelsize=8)
    if title:
        ax.set_title(title, fontsize=10)
    fig.tight_layout()

    def update(k: int):
        for line, body in zip(lines, bodies):
            line.set_data(*_outline(model, positions[k], body).T)
        for line, centre in zip(paths, centres):
            line.set_data(*centre[:k + 1].T)
        clock.set_text(f"t = {times[k]:.2f} s")
        return [*lines, *paths, clock]

    update(0)
    anim = FuncAnimation(fig, update, frames=len(positions), interval=interval, blit=False)
    plt.close(fig)
    return anim


def plot_bounces(traj, point: str, limit: float | None = None, ax: Axes | None = None,
                 limit_label: str = "limit") -> Axes:
    """The height of ``point`` above the plane of its contact over the motion, each
    impact of that contact marked, and the time ``limit`` (s, e.g. the sum of a
    geometric series of bounces) as a vertical line.

    Parameters
    ----------
    traj : mbtools.Trajectory
        A simulation with a contact of ``point``.
    point : str
        A point with a contact.
    limit : float, optional
        A time to mark (dashed).
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new figure by default.
    limit_label : str
        What the legend calls the time ``limit``.

    Returns
    -------
    matplotlib.axes.Axes
        The axes; its first ``collections`` entry holds the impacts, one marker each.
    """
    system = traj.system
    contact = next(c for c in system.contacts if c.point == point)
    model = system.model
    if ax is None:
        _, ax = plt.subplots(figsize=(7.5, 2.8))
    gap = np.array([contact.gap(model, q) for q in traj.q])
    ax.plot(traj.t, gap, color=BODY_COLORS[0], lw=1.2, label=f"gap of {point}")
    times = [e.time for e in impacts(traj) if contact.name in e.contacts]
    ax.scatter(times, np.zeros(len(times)), marker=CONTACT_MARKERS[0], s=22, color="#D55E00", zorder=3,
               label=f"impacts of {point}")
    if limit is not None:
        ax.axvline(limit, color="0.3", ls="--", lw=1, label=f"{limit_label}, t = {limit:.4f} s")
    ax.set_xlabel("t (s)")
    ax.set_ylabel("height (m)")
    ax.set_xlim(traj.t[0], traj.t[-1])
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    return ax


def impact_markdown(traj, first: int | None = 10, digits: int = 4) -> str:
    """The impacts of a trajectory as a Markdown table (time, contact, regime, P_n,
    P_t, energy lost), the ``first`` ones only (all if None), with a line saying how
    many there are in all.

    >>> from types import SimpleNamespace as Event
    >>> run = Event(events=[Event(kind="impact", time=0.5, contacts=("B on floor",), regime={"B on floor": "slip"},
    ...                           impulses={"B on floor": (2.0, -0.4)}, energy_loss=1.5, energy_limited=False)])
    >>> print(impact_markdown(run))
    | # | t (s) | contact | regime | $P_n$ (N·s) | $P_t$ (N·s) | energy lost (J) |
    |---|---|---|---|---|---|---|
    | 1 | 0.5000 | B on floor | slip | 2 | −0.4 | 1.5 |
    <BLANKLINE>
    1 impact in all.
    """
    from .display import markdown_table

    rows = []
    events = impacts(traj)
    for k, event in enumerate(events[:first] if first else events, start=1):
        for j, name in enumerate(event.contacts):
            P_n, P_t = event.impulses[name]
            regime = event.regime[name] + (" (e, μ lowered)" if event.energy_limited else "")
            rows.append([k if j == 0 else "", f"{event.time:.4f}" if j == 0 else "", name, regime,
                         f"{P_n:.{digits}g}", f"{P_t:.{digits}g}",
                         f"{event.energy_loss:.{digits}g}" if j == 0 else ""])
    header = ["#", "t (s)", "contact", "regime", "$P_n$ (N·s)", "$P_t$ (N·s)", "energy lost (J)"]
    table = markdown_table(header, rows)
    shown = len(events) if not first else min(first, len(events))
    tail = f"{len(events)} impact{'s' if len(events) != 1 else ''} in all"
    tail += "." if shown == len(events) else f"; the first {shown} are shown."
    return table + "\n\n" + tail


def matrix_latex(values, digits: int = 4, name: str | None = None) -> str:
    r"""A matrix (or a vector, as a column) of numbers as a LaTeX ``bmatrix``, each to
    ``digits`` decimals (zeros as 0), preceded by ``name =`` if given.

    >>> print(matrix_latex([[1.0, 0.0], [-0.5, 2.0]], 2, "A"))
    A = \begin{bmatrix}1.00 & 0\\ -0.50 & 2.00\end{bmatrix}
    """
    array = np.asarray(values, dtype=float)
    if array.ndim == 1:
        array = array[:, None]
    scale = max(float(np.abs(array).max()), 1e-300)

    def cell(x: float) -> str:
        return "0" if abs(x) <= 1e-12 * scale else f"{x:.{digits}f}"

    body = r"\\ ".join(" & ".join(cell(x) for x in row) for row in array)
    return (f"{name} = " if name else "") + r"\begin{bmatrix}" + body + r"\end{bmatrix}"
