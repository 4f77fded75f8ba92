"""Figures of the section on design sensitivity and optimal synthesis (chapter 16): the
error of finite differences against their step, the coupler curve moved by each design
parameter, the driving torque and its sensitivities over a turn, and a synthesised
four-bar with its coupler curve, its targets and its transmission angle
(:mod:`mbtools.analysis.sensitivity`, :mod:`mbtools.analysis.synthesis`).

Example
-------
>>> import matplotlib
>>> matplotlib.use("Agg")
>>> ax = draw_four_bar((2, 7, 9, 6, 3, 2), 1.0)
>>> len(ax.lines)            # crank, coupler triangle, rocker, two ground pivots
5
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import matplotlib.pyplot as plt
import numpy as np

from ..analysis.sensitivity import PARAMETER_NAMES, four_bar_position, four_bar_sensitivity, transmission_angle
from ..analysis.synthesis import PathSynthesisResult, placed_coupler_curve, rotation_matrix
from .plotting import BODY_COLORS, GROUND_COLOR

TARGET_COLOR = "#d62728"
CURVE_COLOR = "#1f77b4"


def placed_points(parameters, crank_angle: float, ground_pivot=(0.0, 0.0), ground_angle: float = 0.0,
                  assembly: str = "open") -> dict:
    """The points O2, A, B, O4 and P of the four-bar at crank angle s, placed with its crank
    pivot O2 at ``ground_pivot`` and its ground line turned by ``ground_angle``, as (2,) arrays.

    Example
    -------
    >>> {k: v.round(6).tolist() for k, v in placed_points((2, 7, 9, 6, 0, 0), 0.0, (1, 0)).items()}["O4"]
    [7.0, 0.0]
    """
    q = four_bar_position(parameters, crank_angle, assembly=assembly)
    o, rotation = np.asarray(ground_pivot, dtype=float), rotation_matrix(ground_angle)
    local = {"O2": np.zeros(2), "A": q[0:2], "B": q[2:4], "O4": np.array([float(parameters[3]), 0.0]), "P": q[4:6]}
    return {name: o + rotation @ xy for name, xy in local.items()}


def draw_four_bar(parameters, crank_angle: float, ground_pivot=(0.0, 0.0), ground_angle: float = 0.0, ax=None,
                  color: str = BODY_COLORS[0], alpha: float = 1.0, label: str | None = None,
                  assembly: str = "open"):
    """Draw the four-bar at crank angle s: the crank O2A, the coupler as the triangle ABP,
    the rocker O4B, and the ground pivots.

    Parameters
    ----------
    parameters : sequence of float
        (a, b, c, d, u, v), as in :mod:`mbtools.analysis.sensitivity`.
    crank_angle : float
        s (rad), from the ground line.
    ground_pivot, ground_angle : sequence of float, float
        Where O2 stands and how the ground line O2→O4 is turned (rad), as in (S.10) of
        :mod:`mbtools.analysis.synthesis`.
    ax : matplotlib.axes.Axes, optional
    color, alpha, label
        The style of the links and the legend's entry.
    assembly : {"open", "crossed"}

    Returns
    -------
    matplotlib.axes.Axes

    Example
    -------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> ax = draw_four_bar((2, 7, 9, 6, 3, 2), 0.5, (1.0, 1.0), 0.3, label="design")
    >>> ax.get_legend_handles_labels()[1]
    ['design']
    """
    if ax is None:
        _, ax = plt.subplots(figsize=(6, 4))
    pts = placed_points(parameters, crank_angle, ground_pivot, ground_angle, assembly)
    style = dict(lw=2.5, ms=4, marker="o", color=color, alpha=alpha, solid_capstyle="round", zorder=3)
    ax.plot(*np.array([pts["O2"], pts["A"]]).T, **style, label=label)
    triangle = np.array([pts["A"], pts["B"], pts["P"], pts["A"]])
    ax.plot(*triangle.T, **style)
    ax.fill(*triangle[:3].T, color=color, alpha=0.15 * alpha, zorder=2)
    ax.plot(*np.array([pts["O4"], pts["B"]]).T, **style)
    for name in ("O2", "O4"):
        ax.plot(*pts[name], marker="^", ms=11, color=GROUND_COLOR, alpha=alpha, zorder=2)
    ax.set_aspect("equal")
    ax.grid(True, alpha=0.3)
    return ax


def plot_step_errors(steps, errors: dict, model: dict | None = None, ax=None):
    """The error of derivative approximations against their step h, on logarithmic axes.

    Parameters
    ----------
    steps : array_like
        The steps h.
    errors : dict
        A label (such as "central difference") → the errors at ``steps``.
    model : dict, optional
        A label → a model of the error at ``steps`` (such as M h²/6 or ε/h), drawn dashed.
    ax : matplotlib.axes.Axes, optional

    Returns
    -------
    matplotlib.axes.Axes

    Example
    -------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> h = np.logspace(-1, -12, 12)
    >>> ax = plot_step_errors(h, {"central": h**2 + 1e-16 / h}, {"h²": h**2})
    >>> len(ax.lines)
    2
    """
    if ax is None:
        _, ax = plt.subplots(figsize=(6.4, 3.8))
    steps = np.asarray(steps, dtype=float)
    tiny = np.finfo(float).tiny
    for k, (label, error) in enumerate(errors.items()):
        ax.loglog(steps, np.maximum(np.asarray(error, dtype=float), tiny), "o-", ms=4,
                  color=BODY_COLORS[k % len(BODY_COLORS)], label=label)
    for k, (label, curve) in enumerate((model or {}).items()):
        ax.loglog(steps, curve, "--", lw=1, color="0.4" if k == 0 else "0.65", label=label)
    lowest = min(float(np.min(np.asarray(e, dtype=float)[np.asarray(e) > 0], initial=1.0)) for e in errors.values())
    ax.set_ylim(bottom=lowest / 30)
    ax.set(xlabel="step $h$ (relative)", ylabel="relative error")
    ax.invert_xaxis()
    ax.grid(True, which="major", alpha=0.3)
    ax.legend(fontsize=8)
    return ax


@dataclass(frozen=True)
class CurveVariations:
    """The coupler curve, its sensitivities, and the curves of the designs p + Δp_k e_k.

    Attributes
    ----------
    crank_angles : ndarray
        s over the curve, (n,).
    curve : ndarray
        P(s), (n, 2).
    derivative : ndarray
        dP/dp at each s, (n, 2, 6), by direct differentiation.
    change : ndarray
        Δp_k, (6,).
    predicted : ndarray
        P + Δp_k dP/dp_k, (6, n, 2): the first-order prediction, one curve per parameter.
    resolved : ndarray
        P(p + Δp_k e_k, s) solved anew, (6, n, 2).
    """

    crank_angles: np.ndarray
    curve: np.ndarray
    derivative: np.ndarray
    change: np.ndarray
    predicted: np.ndarray
    resolved: np.ndarray

    @property
    def gaps(self) -> np.ndarray:
        """The largest distance over s between prediction and re-solved curve, per parameter,
        (6,), of order Δp_k².

        Example
        -------
        >>> v = curve_variations((2, 7, 9, 6, 3, 2), np.linspace(0, 6, 4), 0.01)
        >>> bool(v.gaps.max() < 1e-3)
        True
        """
        return np.linalg.norm(self.predicted - self.resolved, axis=2).max(axis=1)


def curve_variations(parameters, crank_angles, change) -> CurveVariations:
    """The coupler curve P(s) of ``parameters`` and, for each parameter p_k, its first-order
    prediction P + Δp_k dP/dp_k against the curve of the design p + Δp_k e_k re-solved.

    Parameters
    ----------
    parameters : sequence of float
        (a, b, c, d, u, v).
    crank_angles : array_like
        The crank angles s of the curve (rad).
    change : float or sequence of float
        Δp_k: one value for every parameter, or six.

    Example
    -------
    >>> v = curve_variations((2, 7, 9, 6, 3, 2), [0.0, 1.0], 0.1)
    >>> v.predicted.shape, v.derivative.shape
    ((6, 2, 2), (2, 2, 6))
    """
    p = np.asarray(parameters, dtype=float)
    angles = np.asarray(crank_angles, dtype=float).reshape(-1)
    change = np.broadcast_to(np.asarray(change, dtype=float), (6,)).copy()
    sens = [four_bar_sensitivity(p, s) for s in angles]
    curve = np.array([x.point("P") for x in sens])
    derivative = np.array([x.point_derivative("P") for x in sens])
    predicted = curve[None] + np.einsum("nik,k->kni", derivative, change)
    resolved = np.array([[four_bar_position(p + dp * unit, s)[4:6] for s in angles]
                         for dp, unit in zip(change, np.eye(6))])
    return CurveVariations(angles, curve, derivative, change, predicted, resolved)


def plot_curve_sensitivity(variations: CurveVariations, axes=None, arrows: int = 12) -> np.ndarray:
    """One panel per design parameter p_k, side by side: the coupler curve, arrows
    Δp_k dP/dp_k at ``arrows`` points along it, the first-order curve P + Δp_k dP/dp_k
    (dashed) and the curve of p + Δp_k e_k solved anew (dotted).

    Example
    -------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> axes = plot_curve_sensitivity(curve_variations((2, 7, 9, 6, 3, 2), np.linspace(0, 6.3, 8), 0.2), arrows=4)
    >>> axes.shape, len(axes[0].lines)
    ((6,), 3)
    """
    if axes is None:
        _, axes = plt.subplots(1, 6, figsize=(11, 3.6), sharex=True, sharey=True)
    axes = np.ravel(axes)
    v = variations
    every = max(1, len(v.crank_angles) // arrows)
    closed = lambda xy: np.vstack([xy, xy[:1]])    # noqa: E731  (the curve over a whole turn)
    for k, ax in enumerate(axes[:6]):
        ax.plot(*closed(v.curve).T, "-", color=CURVE_COLOR, lw=1.5, label="$P(s)$")
        ax.plot(*closed(v.predicted[k]).T, "--", color=TARGET_COLOR, lw=1.2,
                label=r"$P+\Delta p_k\,dP/dp_k$")
        ax.plot(*closed(v.resolved[k]).T, ":", color="k", lw=1.5, label=r"re-solved at $p+\Delta p_k e_k$")
        base, step = v.curve[::every], (v.predicted[k] - v.curve)[::every]
        ax.quiver(base[:, 0], base[:, 1], step[:, 0], step[:, 1], angles="xy", scale_units="xy", scale=1,
                  color=TARGET_COLOR, width=0.02, headwidth=3, headlength=3, headaxislength=2.5, zorder=4)
        ax.set_title(f"${PARAMETER_NAMES[k]}$ + {v.change[k]:g}", fontsize=10)
        ax.set_aspect("equal")
        ax.grid(True, alpha=0.3)
    handles, labels = axes[0].get_legend_handles_labels()
    axes[0].figure.legend(handles, labels, loc="lower center", ncol=3, fontsize=9, frameon=False)
    axes[0].figure.tight_layout(rect=(0, 0.07, 1, 1))
    return axes


def plot_torque_sensitivity(crank_angles, torque, gradient, checks=None, axes=None) -> np.ndarray:
    """Two panels over a turn: the driving torque τ(s), and its sensitivities dτ/dp_k for
    the lengths a, b, c, d (the coupler point carries no mass: dτ/du = dτ/dv = 0).
    ``checks`` = (crank angles (m,), values (m, 6)), such as the complex step at some of
    the angles, is drawn as circles on the sensitivities.

    Example
    -------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> s = np.linspace(0, 6, 5)
    >>> axes = plot_torque_sensitivity(s, np.sin(s), np.ones((5, 6)), checks=(s[::2], np.ones((3, 6))))
    >>> len(axes[0].lines), len(axes[1].lines)
    (1, 8)
    """
    if axes is None:
        _, axes = plt.subplots(1, 2, figsize=(10, 3.4))
    degrees = np.degrees(np.asarray(crank_angles, dtype=float))
    gradient = np.asarray(gradient, dtype=float)
    axes[0].plot(degrees, torque, "-", color="k")
    axes[0].set(xlabel="crank angle $s$ (°)", ylabel="N·m", title=r"driving torque $\tau$")
    for k in range(4):
        color = BODY_COLORS[k % len(BODY_COLORS)]
        axes[1].plot(degrees, gradient[:, k], "-", color=color, label=rf"$d\tau/d{PARAMETER_NAMES[k]}$")
        if checks is not None:
            at, values = checks
            axes[1].plot(np.degrees(np.asarray(at, dtype=float)), np.asarray(values)[:, k], "o", ms=4, mfc="none",
                         color=color)
    axes[1].set(xlabel="crank angle $s$ (°)", ylabel="N·m per m", title="its sensitivities")
    axes[1].legend(fontsize=8, ncol=2)
    for ax in axes:
        ax.set_xticks(np.arange(0, 361, 90))
        ax.grid(True, alpha=0.3)
    plt.gcf().tight_layout()
    return axes


def plot_synthesis(result: PathSynthesisResult, targets, ax=None, others: dict | None = None,
                   crank_angle: float | None = None, samples: int = 361):
    """A synthesised four-bar: the linkage at ``crank_angle`` (the first target's by
    default), its whole coupler curve, the targets (crosses) and where the coupler point
    passes them (dots). ``others`` maps a label to (parameters, ground pivot, ground angle)
    of further designs whose coupler curves are drawn too, dashed; with a fourth entry, a
    crank angle, the linkage is drawn there too, faintly.

    Example
    -------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from mbtools.analysis.synthesis import synthesize_path
    >>> result = synthesize_path([(0, 5), (1, 6), (2, 6)], (2, 7, 9, 6, 3, 2), (0, 0, 0))
    >>> ax = plot_synthesis(result, [(0, 5), (1, 6), (2, 6)], others={"start": ((2, 7, 9, 6, 3, 2), (0, 0), 0)})
    >>> len(ax.lines)                     # 5 of the linkage, 2 curves, targets, passes
    9
    >>> ax = plot_synthesis(result, [(0, 5), (1, 6), (2, 6)], others={"start": ((2, 7, 9, 6, 3, 2), (0, 0), 0, 1.0)})
    >>> len(ax.lines)                     # and 5 of the start's linkage
    14
    """
    if not isinstance(result, PathSynthesisResult):
        raise TypeError(f"plot_synthesis: result is a {type(result).__name__}, not a PathSynthesisResult.")
    if ax is None:
        _, ax = plt.subplots(figsize=(6.4, 4.6))
    turn = np.linspace(-math.pi, math.pi, samples)
    s = float(result.crank_angles[0] if crank_angle is None else crank_angle)
    draw_four_bar(result.parameters, s, result.ground_pivot, result.ground_angle, ax=ax, color=BODY_COLORS[0],
                  label="optimum")
    curve = placed_coupler_curve(result.parameters, result.ground_pivot, result.ground_angle, turn)
    ax.plot(*curve.T, "-", color=CURVE_COLOR, lw=1.3, label="its coupler curve")
    for k, (label, (p, pivot, angle, *at)) in enumerate((others or {}).items()):
        color = BODY_COLORS[(k + 2) % len(BODY_COLORS)]
        if at:
            draw_four_bar(p, at[0], pivot, angle, ax=ax, color=color, alpha=0.45)
        ax.plot(*placed_coupler_curve(p, pivot, angle, turn).T, "--", lw=1.1, color=color, label=label)
    targets = np.asarray(targets, dtype=float)
    ax.plot(*targets.T, "x", ms=9, mew=2, color=TARGET_COLOR, label="targets", zorder=5)
    ax.plot(*result.coupler_points.T, "o", ms=4, color="k", label="passes", zorder=6)
    ax.set_aspect("equal")
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.02, 1.0))
    return ax


def distance_to_polyline(points, polyline) -> np.ndarray:
    """The distance from each of ``points`` (n, 2) to the nearest point of the polyline
    through ``polyline`` (m, 2), its segments included, (n,).

    Example
    -------
    >>> distance_to_polyline([(0.5, 1.0), (3.0, 0.0)], [(0, 0), (1, 0), (2, 0)]).tolist()
    [1.0, 1.0]
    """
    points, polyline = np.asarray(points, dtype=float), np.asarray(polyline, dtype=float)
    start, along = polyline[:-1], np.diff(polyline, axis=0)
    lengths = np.maximum(np.sum(along * along, axis=1), np.finfo(float).tiny)
    offset = points[:, None, :] - start[None, :, :]
    fraction = np.clip(np.einsum("nmi,mi->nm", offset, along) / lengths, 0.0, 1.0)
    nearest = start[None] + fraction[..., None] * along[None]
    return np.linalg.norm(points[:, None, :] - nearest, axis=2).min(axis=1)


def curve_gap(result: PathSynthesisResult, reference, samples: int = 721) -> tuple[np.ndarray, np.ndarray]:
    """How far the coupler curve of a synthesised four-bar strays from that of another,
    ``reference`` = (parameters, ground pivot, ground angle): the crank angles s of the
    result over a turn, (samples,), and the distance from its coupler point there to the
    reference's curve, (samples,).

    Example
    -------
    >>> from mbtools.analysis.synthesis import synthesize_path
    >>> result = synthesize_path([(0, 5), (1, 6), (2, 6)], (2, 7, 9, 6, 3, 2), (0, 0, 0))
    >>> s, gap = curve_gap(result, (result.parameters, result.ground_pivot, result.ground_angle), samples=90)
    >>> bool(gap.max() < 1e-12)
    True
    """
    turn = np.linspace(0.0, 2 * math.pi, samples)
    own = placed_coupler_curve(result.parameters, result.ground_pivot, result.ground_angle, turn)
    parameters, pivot, angle = reference
    dense = placed_coupler_curve(parameters, pivot, angle, np.linspace(0.0, 2 * math.pi, 4 * samples - 3))
    return turn, distance_to_polyline(own, dense)


def plot_curve_gap(result: PathSynthesisResult, reference, ax=None, samples: int = 721, label: str | None = None):
    """:func:`curve_gap` over the result's crank angle, the crank angles at which it passes
    its targets marked: the gap is zero there and nowhere need be.

    Example
    -------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from mbtools.analysis.synthesis import synthesize_path
    >>> result = synthesize_path([(0, 5), (1, 6), (2, 6)], (2, 7, 9, 6, 3, 2), (0, 0, 0))
    >>> ax = plot_curve_gap(result, ((2, 7, 9, 6, 3, 2), (0, 0), 0), samples=90)
    >>> len(ax.lines), len(ax.collections)
    (1, 1)
    """
    if ax is None:
        _, ax = plt.subplots(figsize=(6.4, 2.8))
    turn, gap = curve_gap(result, reference, samples)
    ax.plot(np.degrees(turn), gap, "-", color=CURVE_COLOR, label=label)
    passes = np.degrees(np.mod(result.crank_angles, 2 * math.pi))
    ax.scatter(passes, np.zeros_like(passes), marker="x", s=50, color=TARGET_COLOR, zorder=4, label="targets")
    ax.set(xlabel="crank angle $s$ of the optimum (°)", ylabel="distance")
    ax.set_xticks(np.arange(0, 361, 90))
    ax.grid(True, alpha=0.3)
    return ax


def plot_transmission(designs: dict, bound: float, ax=None, samples: int = 361):
    """The transmission angle μ(s) over a crank turn for each design (label → parameters),
    with the band [μ_min, 180° − μ_min] of the bound ``bound`` = μ_min (rad) shaded.

    Example
    -------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> ax = plot_transmission({"book": (2, 7, 9, 6, 0, 0)}, math.radians(30))
    >>> len(ax.lines)
    1
    """
    if ax is None:
        _, ax = plt.subplots(figsize=(6.4, 3.2))
    turn = np.linspace(0.0, 2 * math.pi, samples)
    for k, (label, p) in enumerate(designs.items()):
        mu = [math.degrees(transmission_angle(p, s)) for s in turn]
        ax.plot(np.degrees(turn), mu, "-", color=BODY_COLORS[k % len(BODY_COLORS)], label=label)
    low = math.degrees(bound)
    ax.axhspan(low, 180.0 - low, color="#2ca02c", alpha=0.08, label=rf"${low:g}° \leq \mu \leq {180 - low:g}°$")
    ax.set(xlabel="crank angle $s$ (°)", ylabel=r"$\mu$ (°)", ylim=(0, 180))
    ax.set_xticks(np.arange(0, 361, 90))
    ax.set_yticks(np.arange(0, 181, 30))
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=8)
    return ax
