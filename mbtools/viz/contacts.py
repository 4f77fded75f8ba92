"""Pictures of compliant contact and friction: the force–indentation loops of the normal
laws, the energy terms of a motion with compliant contacts, the steady friction
(Stribeck) curves, LuGre's stick-slip, and the slider-crank whose slider plays in its
guide, drawn and animated.

The laws are those of ``mbtools.dynamics.contact_laws`` and
``mbtools.dynamics.friction_laws``; the numbers that are checked (restitutions,
x(25 s), the nonsmooth reference) come from :mod:`mbtools.analysis.restitution`,
:mod:`mbtools.analysis.contacts` and :mod:`mbtools.analysis.clearance`. These functions
draw; the one integration here, :func:`impact_history`, samples one impact for its loop.

Example
-------
>>> from mbtools.dynamics.contact_laws import Flores, Hertz
>>> ax = plot_hysteresis([Hertz(1e8), Flores(1e8, 0.5)])
>>> [line.get_label() for line in ax.get_lines()]
['Hertz', 'Flores, e = 0.5']
"""

from __future__ import annotations

from typing import NamedTuple

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.animation import FuncAnimation
from matplotlib.axes import Axes

from ..analysis.restitution import StickSlip, hertz_impact, impact_solution, steady_friction
from ..dynamics.forces import potential_energy
from .clearance_panels import path_and_two_panels, plot_path_in_clearance, plot_torque_against_ideal
from .plotting import BODY_COLORS, body_outline

#: One colour per normal law, the same in every figure of the section (Okabe–Ito).
LAW_COLORS = {"Hertz": "#000000", "HuntCrossley": "#0072B2", "LankaraniNikravesh": "#009E73",
              "Flores": "#D55E00"}
#: How each law is named in a legend.
LAW_NAMES = {"Hertz": "Hertz", "HuntCrossley": "Hunt–Crossley", "LankaraniNikravesh": "Lankarani–Nikravesh",
             "Flores": "Flores"}
#: The colours of the energy terms.
ENERGY_COLORS = {"kinetic": "#0072B2", "gravity": "#009E73", "stored": "#E69F00", "dissipated": "#D55E00",
                 "total": "#000000"}


class ImpactHistory(NamedTuple):
    """One impact of a point mass on a wall, sampled from the start of the contact to
    its end."""

    t: np.ndarray
    """Times (s)."""
    delta: np.ndarray
    """The indentation δ (m)."""
    rate: np.ndarray
    """δ̇ (m/s), positive approaching."""
    force: np.ndarray
    """The contact force (N)."""


def law_label(law) -> str:
    """The law's name for a legend, with its e if it has one."""
    name = LAW_NAMES.get(type(law).__name__, type(law).__name__)
    restitution = getattr(law, "restitution", None)
    return name if restitution is None else f"{name}, e = {restitution:g}"


def impact_history(law, mass: float = 1.0, impact_speed: float = 1.0, samples: int = 400) -> ImpactHistory:
    """A point mass m striking a wall at ``impact_speed`` through ``law``,
    m δ̈ = −F(δ, δ̇, δ̇⁻), integrated (Radau, rtol 1e-10) and sampled evenly over the
    contact: the loop of a force–indentation plot. Its exit speed is that of
    :func:`mbtools.analysis.restitution.impact_with_law`.

    Parameters
    ----------
    law : mbtools.dynamics.contact_laws.NormalContactLaw
    mass, impact_speed : float
        m (kg) and δ̇⁻ (m/s).
    samples : int
        Samples over the contact.

    Returns
    -------
    ImpactHistory

    Examples
    --------
    >>> from mbtools.dynamics.contact_laws import Hertz
    >>> h = impact_history(Hertz(1e8))
    >>> round(float(-h.rate[-1]), 6), float(h.delta[0]), float(h.delta[-1])
    (1.0, 0.0, 0.0)
    """
    solution = impact_solution(law, mass, impact_speed, rtol=1e-10, dense=True)
    end = float(solution.t_events[0][0])
    t = np.linspace(0.0, end, int(samples))
    delta, rate = solution.sol(t)
    delta[-1] = 0.0
    force = np.array([law.force(d, r, impact_speed) for d, r in zip(delta, rate)])
    return ImpactHistory(t, delta, rate, force)


def plot_hysteresis(laws, mass: float = 1.0, impact_speed: float = 1.0, ax: Axes | None = None) -> Axes:
    """The contact force against the indentation over one impact, one loop per law,
    scaled by Hertz's deepest indentation and peak force at the same K, m and δ̇⁻. The
    loop runs clockwise: up while approaching, down on the way out; its area is the
    energy the law dissipates.

    Parameters
    ----------
    laws : list of mbtools.dynamics.contact_laws.NormalContactLaw
        Laws of the same stiffness and exponent.
    mass, impact_speed : float
        m (kg) and δ̇⁻ (m/s).
    ax : matplotlib.axes.Axes, optional

    Returns
    -------
    matplotlib.axes.Axes
        One line per law, labelled :func:`law_label`.
    """
    if ax is None:
        _, ax = plt.subplots(figsize=(6.0, 3.8))
    first = laws[0]
    hertz = hertz_impact(mass, first.stiffness, impact_speed, first.exponent)
    for law in laws:
        history = impact_history(law, mass, impact_speed)
        color = LAW_COLORS.get(type(law).__name__)
        line, = ax.plot(history.delta / hertz.max_indentation, history.force / hertz.max_force, lw=1.8,
                        color=color, label=law_label(law))
        k = len(history.t) // 5
        ax.annotate("", xy=(line.get_xdata()[k + 1], line.get_ydata()[k + 1]),
                    xytext=(line.get_xdata()[k], line.get_ydata()[k]),
                    arrowprops={"arrowstyle": "-|>", "color": line.get_color(), "lw": 1.2})
    ax.set_xlabel(r"indentation $\delta/\delta_{\max}$ (Hertz)")
    ax.set_ylabel(r"force $F/F_{\max}$ (Hertz)")
    ax.set_xlim(left=0.0)
    ax.set_ylim(bottom=0.0)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=9, loc="upper left")
    return ax


def energy_terms(traj) -> dict[str, np.ndarray]:
    """The terms of the energy balance (K.4) of a motion with compliant contacts, at each
    output time (J): ``kinetic`` T, ``gravity`` V_g, ``stored`` (the contacts' elastic
    energy), ``dissipated`` (``traj.dissipated``) and their sum, ``total``."""
    system = traj.system
    model = system.model
    kinetic = np.array([0.5 * qd @ system.mass_matrix(q) @ qd for q, qd in zip(traj.q, traj.qd)])
    gravity = np.array([potential_energy(model, q, system.gravity) for q in traj.q])
    stored = np.array([sum(load.potential(model, q) for load in system.loads) for q in traj.q])
    dissipated = np.asarray(traj.dissipated)
    return {"kinetic": kinetic, "gravity": gravity, "stored": stored, "dissipated": dissipated,
            "total": kinetic + gravity + stored + dissipated}


def plot_energy_terms(traj, ax: Axes | None = None) -> Axes:
    """The energy terms of :func:`energy_terms` against time: T, V_g, the stored elastic
    energy, the energy dissipated so far, and their sum, which must stay level.

    Parameters
    ----------
    traj : mbtools.Trajectory
        A motion with compliant contacts (loads with states).
    ax : matplotlib.axes.Axes, optional

    Returns
    -------
    matplotlib.axes.Axes
        Five lines, labelled by term.
    """
    if ax is None:
        _, ax = plt.subplots(figsize=(6.4, 3.6))
    terms = energy_terms(traj)
    labels = {"kinetic": "kinetic $T$", "gravity": "gravity $V_g$", "stored": "stored in the contact $V$",
              "dissipated": "dissipated $E_n + E_t$", "total": "sum"}
    for key, label in labels.items():
        ax.plot(traj.t, terms[key], lw=2.2 if key == "total" else 1.5, color=ENERGY_COLORS[key], label=label,
                ls="--" if key == "total" else "-")
    ax.set_xlabel("t (s)")
    ax.set_ylabel("energy (J)")
    ax.set_ylim(top=1.45 * float(np.max(terms["total"])))
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8, loc="upper center", ncol=3)
    return ax


def plot_steady_friction(laws: dict, speeds=None, normal: float = 1.0, ax: Axes | None = None) -> Axes:
    """The steady friction force against the slip speed, log scale (the Stribeck curve
    for a law with μ_s > μ_c), one line per law, from
    :func:`mbtools.analysis.restitution.steady_friction`.

    Parameters
    ----------
    laws : dict
        Label → friction law.
    speeds : array_like, optional
        Slip speeds (m/s), > 0; 1e-6 to 1 m/s by default.
    normal : float
        N (N).
    ax : matplotlib.axes.Axes, optional

    Returns
    -------
    matplotlib.axes.Axes
        One line per law, with the label given.

    Examples
    --------
    >>> from mbtools.dynamics.friction_laws import RegularisedCoulomb
    >>> ax = plot_steady_friction({"Coulomb": RegularisedCoulomb(0.3, 1e-4)})
    >>> ax.get_xscale(), ax.get_lines()[0].get_label()
    ('log', 'Coulomb')
    """
    if ax is None:
        _, ax = plt.subplots(figsize=(6.0, 3.6))
    speeds = np.logspace(-6, 0, 400) if speeds is None else np.asarray(speeds, dtype=float)
    styles = ("-", "--", "-.", ":")
    for k, (label, law) in enumerate(laws.items()):
        ax.plot(speeds, steady_friction(law, speeds, normal), styles[k % len(styles)], lw=1.8,
                color=BODY_COLORS[k % len(BODY_COLORS)], label=label)
    ax.set_xscale("log")
    ax.set_xlabel("slip speed $s$ (m/s)")
    ax.set_ylabel("steady friction force (N)")
    ax.set_ylim(bottom=0.0)
    ax.grid(alpha=0.3, which="both")
    ax.legend(fontsize=8, loc="lower right")
    return ax


def lugre_force(motion: StickSlip, law, normal: float = 1.0) -> np.ndarray:
    """The size of LuGre's friction force (N) on the block at each sample of ``motion``,
    N (σ₀ z + σ₁ ż) + σ₂ v with ż of (F.4), positive against a positive slip."""
    rates = np.array([law.state_rate([v], [z])[0] for v, z in zip(motion.v, motion.z)])
    return normal * (law.sigma0 * motion.z + law.sigma1 * rates) + law.sigma2 * motion.v


def plot_stick_slip(motion: StickSlip, law, stiffness: float, pull_speed: float, normal: float = 1.0,
                    reference: float | None = None) -> np.ndarray:
    """LuGre's stick-slip test: the block's position and the pulled end of the spring
    (above), and the friction force with the spring's pull, μ_s N and μ_c N (below).

    Parameters
    ----------
    motion : mbtools.analysis.restitution.StickSlip
        From :func:`~mbtools.analysis.restitution.lugre_stick_slip`.
    law : mbtools.dynamics.friction_laws.LuGre
    stiffness, pull_speed, normal : float
        K (N/m), U (m/s), N (N).
    reference : float, optional
        A reference x at the last time (m), drawn as a marker.

    Returns
    -------
    numpy.ndarray of matplotlib.axes.Axes
        The two panels.
    """
    fig, axes = plt.subplots(2, 1, figsize=(6.6, 5.0), sharex=True)
    top, bottom = axes
    top.plot(motion.t, motion.x, color=BODY_COLORS[0], lw=1.6, label="block $x$")
    top.plot(motion.t, pull_speed * motion.t, color="0.5", lw=1.0, ls="--", label="pulled end $Ut$")
    if reference is not None:
        top.plot([motion.t[-1]], [reference], "o", mfc="none", mec="#D55E00", ms=9, mew=1.6,
                 label="reference $x(25\\,\\mathrm{s})$")
    top.set_ylabel("position (m)")
    top.legend(fontsize=8, loc="upper left")
    top.grid(alpha=0.3)
    bottom.plot(motion.t, lugre_force(motion, law, normal), color="#D55E00", lw=1.2, label="friction")
    bottom.plot(motion.t, stiffness * (pull_speed * motion.t - motion.x), color=BODY_COLORS[0], lw=1.0, ls="--",
                label="spring $K(Ut - x)$")
    for value, text in ((law.mu_static * normal, r"$\mu_s N$"), (law.mu_coulomb * normal, r"$\mu_c N$")):
        bottom.axhline(value, color="0.4", lw=0.8, ls=":")
        bottom.text(motion.t[-1], value, text, ha="right", va="bottom", fontsize=10)
    bottom.set_xlabel("t (s)")
    bottom.set_ylabel("force (N)")
    bottom.legend(fontsize=8, loc="lower right")
    bottom.grid(alpha=0.3)
    fig.tight_layout()
    return axes


def plot_clearance(t, speed, play, reference: dict | None = None) -> np.ndarray:
    """The slider-crank with a translational clearance: the crank's angular velocity
    (above) and the pin's play y_B/c (below) against time, the reference's points
    marked.

    Parameters
    ----------
    t, speed, play : array_like
        Times (s), the crank's speed (rad/s), y_B/c.
    reference : dict, optional
        Time → (speed, play), e.g. ``mbtools.analysis.clearance.NONSMOOTH_REFERENCE``.

    Returns
    -------
    numpy.ndarray of matplotlib.axes.Axes
        The two panels; each has the run's line and, with a reference, its markers.

    Examples
    --------
    >>> axes = plot_clearance([0.0, 0.01], [150.0, 68.0], [0.0, 1.0], {0.01: (68.1, 0.99)})
    >>> [len(ax.get_lines()) for ax in axes]
    [2, 4]
    """
    fig, axes = plt.subplots(2, 1, figsize=(6.6, 4.8), sharex=True)
    axes[0].plot(t, speed, color=BODY_COLORS[0], lw=1.6, label="compliant walls")
    axes[1].plot(t, play, color=BODY_COLORS[0], lw=1.6, label="compliant walls")
    if reference:
        times = sorted(reference)
        for ax, column in zip(axes, range(2)):
            ax.plot(times, [reference[s][column] for s in times], "o", mfc="none", mec="#D55E00", ms=9, mew=1.6,
                    label="nonsmooth reference")
    for level in (1.0, -1.0):
        axes[1].axhline(level, color="0.45", lw=0.8, ls=":")
    axes[0].set_ylabel("crank speed (rad/s)")
    axes[1].set_ylabel("play $y_B/c$")
    axes[1].set_xlabel("t (s)")
    for ax in axes:
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8, loc="lower left")
    fig.tight_layout()
    return axes


def _walls(loads) -> list[float]:
    """The heights y of the horizontal walls of the planar plane contacts in ``loads``."""
    heights = []
    for load in loads:
        normal = np.asarray(getattr(load, "normal", (1.0, 0.0)), dtype=float)
        if normal.size == 2 and abs(normal[0]) < 1e-12 and getattr(load, "law", None) is not None:
            heights.append(float(load.offset / normal[1]))
    return sorted(set(np.round(heights, 12)))


def _outline_points(model, body) -> list[str]:
    """The points of a body to join in a drawing: with three or more points not on one
    line, its convex hull in the reference drawing, closed (a slider's four corners as a
    rectangle, not a zig-zag); else :func:`~mbtools.viz.plotting.body_outline`."""
    names = list(body.points)
    if len(names) >= 3:
        xy = np.array([model.point(model.reference_q, p) for p in names])
        if np.linalg.matrix_rank(xy[1:] - xy[0], tol=1e-12 * float(np.ptp(xy))) == 2:
            from scipy.spatial import ConvexHull

            hull = [names[k] for k in ConvexHull(xy).vertices]
            return hull + hull[:1]
    return body_outline(names)


def animate_clearance(traj, play, every: int = 1, interval: int = 80, dpi: int = 72) -> FuncAnimation:
    """An animation of the slider-crank with a translational clearance: the mechanism
    with the guide's walls (drawn to scale, so the clearance of a millimetre does not
    show) above, and the pin's play y_B/c against time with the current instant marked
    below, where the clearance is read. It plays in a static page through
    ``mbtools.viz.animation.animation_html``.

    Parameters
    ----------
    traj : mbtools.Trajectory
        The motion (:func:`mbtools.analysis.clearance.clearance_motion`).
    play : array_like
        y_B/c at each output (:func:`mbtools.analysis.clearance.slider_play`).
    every : int
        One frame every ``every`` outputs.
    interval : int
        Milliseconds between frames.
    dpi : int
        The frames' resolution.

    Returns
    -------
    matplotlib.animation.FuncAnimation
        With ``len(traj.t[::every])`` frames.
    """
    model = traj.system.model
    q_all, t_all, play = np.asarray(traj.q), np.asarray(traj.t), np.asarray(play, dtype=float)
    positions, times = q_all[::every], t_all[::every]
    bodies = [body for body in model.mechanism.bodies.values() if not body.is_ground]
    fig, (ax, ax_play) = plt.subplots(2, 1, figsize=(6.4, 4.4), dpi=dpi, gridspec_kw={"height_ratios": [1.3, 1.0]})
    xy = np.concatenate([model.point(q_all, p) for p in model.point_names])
    walls = _walls(traj.system.loads)
    low, high = xy.min(axis=0), xy.max(axis=0)
    pad = 0.05 * float(np.max(high - low))
    ax.set_xlim(low[0] - pad, high[0] + pad)
    ax.set_ylim(low[1] - pad, high[1] + pad)
    right = high[0] + pad
    for height in walls:
        ax.plot([right - 0.3 * (right - low[0]), right], [height, height], color="0.35", lw=1.5, zorder=1)
    lines = [ax.plot([], [], "-o", lw=3, ms=3, color=BODY_COLORS[k % len(BODY_COLORS)], zorder=3,
                     solid_capstyle="round")[0] for k in range(len(bodies))]
    clock = ax.text(0.01, 0.95, "", transform=ax.transAxes, va="top", fontsize=9)
    ax.set_aspect("equal")
    ax.tick_params(labelsize=8)
    ax.set_xlabel("x (m)", fontsize=9)
    ax.set_ylabel("y (m)", fontsize=9)
    ax_play.plot(t_all, play, color=BODY_COLORS[0], lw=1.2)
    for level in (1.0, -1.0):
        ax_play.axhline(level, color="0.45", lw=0.8, ls=":")
    marker, = ax_play.plot([], [], "o", color="#D55E00", ms=6)
    ax_play.set_xlabel("t (s)", fontsize=9)
    ax_play.set_ylabel("play $y_B/c$", fontsize=9)
    ax_play.tick_params(labelsize=8)
    ax_play.grid(alpha=0.3)
    fig.tight_layout()
    outlines = {body.name: _outline_points(model, body) for body in bodies}

    def update(k: int):
        for line, body in zip(lines, bodies):
            line.set_data(*np.array([model.point(positions[k], p) for p in outlines[body.name]]).T)
        i = min(k * every, len(play) - 1)
        marker.set_data([t_all[i]], [play[i]])
        clock.set_text(f"t = {times[k] * 1e3:.1f} ms")
        return [*lines, marker, clock]

    update(0)
    anim = FuncAnimation(fig, update, frames=len(positions), interval=interval, blit=False)
    plt.close(fig)
    return anim


def plot_journal_in_bearing(path, t=None, forces=None, crank_angle=None, torque=None,
                            ideal_torque=None) -> np.ndarray:
    """The slider-crank with a revolute clearance: the pin's centre in the clearance
    circle (left, e/c of (J.1), coloured by time), and beside it the contact force and
    the crank torque against the ideal joint's over the crank's angle.

    Parameters
    ----------
    path : array_like
        e/c at each output time, (N, 2) (``mbtools.analysis.clearance.journal_path``).
    t : array_like, optional
        The output times (s), for the colours.
    forces : array_like, optional
        The contact's normal force (N) at each output time.
    crank_angle : array_like, optional
        The crank's angle (degrees) at each output time, the abscissa of the right panels.
    torque, ideal_torque : array_like, optional
        The crank's torque (N·m) with the clearance and with an ideal joint.

    Returns
    -------
    numpy.ndarray of matplotlib.axes.Axes
        The path's panel, then (with forces and torques) the force's and the torque's.

    Examples
    --------
    >>> axes = plot_journal_in_bearing([[0.0, 0.0], [0.6, 0.8]], [0.0, 1.0], [0.0, 50.0], [0.0, 10.0],
    ...                                [1.0, 2.0], [1.0, 1.5])
    >>> len(axes), [len(ax.get_lines()) for ax in axes[1:]]
    (3, [1, 2])
    """
    path = np.asarray(path, dtype=float)
    panels = forces is not None and torque is not None
    if panels:
        fig, axes = path_and_two_panels()
    else:
        fig, ax = plt.subplots(figsize=(4.4, 4.2))
        axes = [ax]
    ax = axes[0]
    colour = np.linspace(0.0, 1.0, len(path)) if t is None else np.asarray(t, dtype=float)
    points = plot_path_in_clearance(ax, path[:, 0], path[:, 1], colour, "$e_x/c$", "$e_y/c$",
                                    "the pin's centre in the clearance")
    if t is not None:
        fig.colorbar(points, ax=ax, shrink=0.7, label="t (s)")
    if panels:
        angle = np.arange(len(path)) if crank_angle is None else np.asarray(crank_angle, dtype=float)
        axes[1].plot(angle, np.asarray(forces, dtype=float) / 1e3, color="#D55E00", lw=1.0)
        axes[1].set_ylabel("contact force (kN)")
        plot_torque_against_ideal(axes, angle, torque, ideal_torque, "crank torque (N·m)", "crank angle (°)")
    fig.tight_layout()
    return np.array(axes, dtype=object)
