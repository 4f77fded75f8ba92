"""Widgets for lectures (ipywidgets), and the family comparison's widget and tables.

* :func:`input_explorer` — a slider on one input (needs a running kernel). The slider
  answers at once: each move solves the position problem from the previous solution (a
  few Newton iterations, tens of microseconds) and moves the lines of one figure;
  nothing is recomputed that the move does not change.
* :func:`family_comparison` — a tab per mechanism with the counts of every family, a
  bar chart and a drawing of each family's coordinates; everything is computed when it
  is built, so a static page keeps it and its tabs switch with no kernel.
* :func:`counts_markdown` and :func:`family_table_markdown` — the comparison's tables
  for a page; each family named once, "n/a" where a family has no model (Euler
  parameters in the plane).

The arithmetic of one Newton–Raphson step is counted by
``mbtools.analysis.cost.newton_step_cost`` (also importable from here); chapter 6
tabulates it with :func:`mbtools.viz.display.markdown_table`.
"""

from __future__ import annotations

import math
import re

import matplotlib.pyplot as plt
import numpy as np

from ..analysis.cost import NewtonStepCost, newton_step_cost  # noqa: F401 (importable from here too)
from ..analysis.counts import coordinate_counts, formulate_all
from ..kinematics import solve_position, solve_velocity, sweep_position
from ..model import Model
from .plotting import FAMILY_COLORS, FAMILY_LABELS, draw_families, draw_mechanism, limits, plot_counts, \
    plot_trajectory


def input_explorer(model: Model, name: str | None = None, start: float = 0.0, stop: float = 360.0,
                   step: float = 1.0, trace: str | None = None, value: float | None = None):
    """A slider on one input (degrees for angles) that redraws the mechanism.

    Returns an ``ipywidgets.VBox`` with the slider, a readout of the Newton iterations
    and the point velocities for a unit input rate, and the figure.

    Parameters
    ----------
    model : Model
    name : str, optional
        The input to drive; the model's first input by default.
    start, stop, step : float
        The slider's range, in degrees for an angle input.
    trace : str, optional
        A point whose path over the whole range is drawn underneath.
    """
    import ipywidgets as widgets
    from IPython.display import display

    name = name or model.input_names[0]
    unit = next(i.unit for i in model.inputs if i.name == name)
    to_model = math.radians if unit == "angle" else float
    values = np.arange(start, stop + 0.5 * step, step)
    sweep = sweep_position(model, name, [to_model(v) for v in values])
    state = {"q": sweep.q[0]}
    output = widgets.Output()
    fig, ax = plt.subplots(figsize=(6, 4.5))
    plt.close(fig)  # shown only inside the output widget
    xlim, ylim = limits(model, sweep.q)
    if trace:
        plot_trajectory(model, sweep.q, trace, ax=ax)
    artists = draw_mechanism(model, state["q"], ax=ax)
    ax.set_xlim(*xlim)
    ax.set_ylim(*ylim)
    ax.set_title(model.mechanism.name)
    readout = widgets.HTML()
    slider = widgets.FloatSlider(
        value=start if value is None else value, min=start, max=stop, step=step,
        description=f"{name} {'(°)' if unit == 'angle' else ''}", continuous_update=True,
        layout=widgets.Layout(width="60%"),
    )

    def redraw(change=None):
        # start from the sweep's position nearest the slider: a jump of the slider then
        # lands on the same assembly mode as a slow drag would
        nearest = sweep.q[int(np.argmin(np.abs(values - slider.value)))]
        result = solve_position(model, {name: to_model(slider.value)}, guess=nearest)
        state["q"] = result.q
        draw_mechanism(model, result.q, artists=artists)
        qd = solve_velocity(model, result.q, {name: 1.0}) if not result.singular else None
        speeds = (
            ", ".join(f"|v<sub>{p}</sub>| = {np.linalg.norm(model.point_velocity(result.q, qd, p)):.3f}"
                      for p in model.mechanism.moving_points())
            if qd is not None else "singular position: velocities not determined"
        )
        readout.value = (
            f"Newton–Raphson: {result.iterations} iterations, ‖Φ‖ = {result.history[-1].residual_norm:.1e}. "
            f"For a unit input rate: {speeds}"
        )
        with output:
            output.clear_output(wait=True)
            display(fig)

    slider.observe(redraw, names="value")
    redraw()
    return widgets.VBox([slider, readout, output])


SPATIAL_KEYS = ["relative", "reference_point_euler_angles", "reference_point_euler_parameters", "basic", "natural"]
NOT_APPLICABLE = "n/a"


def count_rows(counts: dict) -> tuple[list[tuple], list[str]]:
    """The rows of a count table, (key, n, m, rank, n − rank, note numbers), and the
    notes they refer to, each written once however many families share it."""
    notes: list[str] = []
    rows = []
    for key, count in counts.items():
        marks = []
        if count.note:
            if count.note not in notes:
                notes.append(count.note)
            marks.append(notes.index(count.note) + 1)
        rows.append((key, count.coordinates, count.constraints, count.rank, count.mobility, marks))
    return rows, notes


def counts_markdown(mechanism, models: dict | None = None) -> str:
    """The counts of every family (:func:`mbtools.coordinate_counts`) as a Markdown table
    for a page: n coordinates, m geometric constraints (drivers left out), the rank of
    Φ_q at the assembled drawing and the mobility n − rank; the notes (redundant
    equations, idle freedoms) numbered under the table.

    >>> from mbtools import examples
    >>> print(counts_markdown(examples.four_bar()).splitlines()[4])
    | relative | 3 | 2 | 2 | 1 |  |
    """
    rows, notes = count_rows(coordinate_counts(mechanism, models))
    lines = [f"{mechanism.name}: Grübler–Kutzbach mobility {mechanism.gruebler_kutzbach()}", "",
             r"| family | $n$ | $m$ | $\operatorname{rank}\Phi_{\mathbf q}$ | $n-\operatorname{rank}\Phi_{\mathbf q}$ | note |",
             "|---|---|---|---|---|---|"]
    for key, n, m, rank, mobility, marks in rows:
        lines.append(f"| {FAMILY_LABELS.get(key, key)} | {n} | {m} | {rank} | {mobility} | "
                     f"{', '.join(f'({k})' for k in marks)} |")
    return "\n".join(lines + [""] + [f"({k}) {note}." for k, note in enumerate(notes, start=1)])


def counts_html(mechanism, counts: dict) -> str:
    """The counts as an HTML table for a widget: one line a family, the notes under it."""
    rows, notes = count_rows(counts)
    cell = "padding:1px 8px;text-align:{};white-space:nowrap"
    head = "".join(f"<th style='{cell.format(align)};border-bottom:1px solid #999'>{text}</th>" for text, align in [
        ("family", "left"), ("<i>n</i>", "right"), ("<i>m</i>", "right"),
        ("rank Φ<sub><b>q</b></sub>", "right"), ("<i>n</i> − rank", "right"), ("note", "left")])
    body = "".join(
        f"<tr><td style='{cell.format('left')}'><span style='color:{FAMILY_COLORS.get(key, '#000')}'>■</span> "
        f"{FAMILY_LABELS.get(key, key)}</td>"
        + "".join(f"<td style='{cell.format('right')}'>{v}</td>" for v in (n, m, rank, mobility))
        + f"<td style='{cell.format('left')}'>{', '.join(f'({k})' for k in marks)}</td></tr>"
        for key, n, m, rank, mobility, marks in rows)
    listed = "".join(f"<p style='margin:2px 0'>({k}) {note}.</p>" for k, note in enumerate(notes, start=1))
    return (f"<p style='margin:4px 0'><b>{mechanism.name}</b>: Grübler–Kutzbach mobility "
            f"{mechanism.gruebler_kutzbach()}. <i>n</i> coordinates, <i>m</i> geometric constraints (drivers "
            "left out), the rank of their Jacobian at the drawing.</p>"
            f"<table style='border-collapse:collapse;width:auto;margin:4px 0;font-size:90%'><thead><tr>{head}</tr>"
            f"</thead><tbody>{body}</tbody></table>"
            + (f"<div style='margin:4px 0 8px 0;font-size:90%'>{listed}</div>" if notes else ""))


def family_comparison(mechanisms: dict, models: dict | None = None, lazy: bool = False):
    """A tab per mechanism: the counts of every family (table and bar chart) and a
    drawing of what each family takes as coordinates, each family in its colour of
    :data:`~mbtools.viz.plotting.FAMILY_COLORS`.

    Everything is computed when the widget is built and shown in output widgets, so a
    static page keeps it: the tabs switch with no kernel running. With ``lazy`` (a live
    demo, where a kernel runs) a tab is computed when it is first opened: the widget
    shows at once instead of after every mechanism is formulated in every family.

    Parameters
    ----------
    mechanisms : dict
        Title → Mechanism.
    models : dict, optional
        Title → the output of :func:`mbtools.analysis.formulate_all`, if already formulated.
    lazy : bool
        Compute each tab when it is first opened (needs a running kernel).
    """
    import ipywidgets as widgets
    from IPython.display import HTML, display

    def fill(out, title: str, mechanism) -> None:
        family_models = (models or {}).get(title) or formulate_all(mechanism)
        counts = coordinate_counts(mechanism, family_models)
        with out:
            display(HTML(counts_html(mechanism, counts)))
            fig, ax = plt.subplots(figsize=(6.8, 2.6))
            plot_counts(counts, ax=ax)
            fig.tight_layout()
            display(fig)
            plt.close(fig)
            fig = draw_families(family_models)
            display(fig)
            plt.close(fig)

    titles = list(mechanisms)
    pages = [widgets.Output(layout=widgets.Layout(overflow="visible")) for _ in titles]
    filled: set[int] = set()

    def open_tab(k) -> None:
        if k is not None and k not in filled:
            filled.add(k)
            fill(pages[k], titles[k], mechanisms[titles[k]])

    tabs = widgets.Tab(children=pages)
    for k, title in enumerate(titles):
        tabs.set_title(k, title)
    if lazy:
        tabs.observe(lambda change: open_tab(change["new"]), names="selected_index")
        open_tab(tabs.selected_index if tabs.selected_index is not None else 0)
    else:
        for k in range(len(titles)):
            open_tab(k)
    return tabs


def family_table_markdown(values: dict, mechanisms: dict, header: str = "mechanism") -> str:
    """A Markdown table with a row per mechanism and a column per family, from
    ``values[(mechanism title, family key)]`` (text). A planar mechanism's one
    reference-point model fills the Euler-angles column (its orientation is one angle);
    Euler parameters describe spatial rotations only, so a planar mechanism shows "n/a"
    there.

    >>> from mbtools import examples
    >>> table = family_table_markdown({("four-bar", "reference_point"): "x"}, {"four-bar": examples.four_bar()})
    >>> table.splitlines()[2]
    '| four-bar |  | x | n/a |  |  |'
    """
    labels = ["relative", "reference point: angles", "reference point: Euler parameters", "basic", "natural"]
    lines = [f"| {header} | " + " | ".join(labels) + " |", "|---" * (len(labels) + 1) + "|"]
    for title, mechanism in mechanisms.items():
        cells = []
        for key in SPATIAL_KEYS:
            if mechanism.dimension == 2 and key.startswith("reference_point"):
                key = "reference_point" if key.endswith("angles") else None
            cells.append(NOT_APPLICABLE if key is None else values.get((title, key), ""))
        lines.append(f"| {title} | " + " | ".join(cells) + " |")
    return "\n".join(lines)
