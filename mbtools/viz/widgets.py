"""Interactive widgets for lectures (ipywidgets; needs a running kernel).

The slider answers at once: each move solves the position problem from the previous
solution (a few Newton iterations, tens of microseconds) and moves the lines of one
figure; nothing is recomputed that the move does not change.
"""

from __future__ import annotations

import math

import matplotlib.pyplot as plt
import numpy as np

from ..kinematics import solve_position, solve_velocity, sweep_position
from ..model import Model
from .plotting import draw_mechanism, limits, plot_trajectory


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


def family_comparison(mechanisms: dict, models: dict | None = None):
    """A tab per mechanism: the counts of every family (table and bar chart) and a
    drawing of what each family takes as coordinates.

    Everything is computed when the widget is built and shown in output widgets, so a
    static page keeps it: the tabs switch with no kernel running.

    Parameters
    ----------
    mechanisms : dict
        Title → Mechanism.
    models : dict, optional
        Title → the output of :func:`mbtools.analysis.formulate_all`, if already formulated.
    """
    import ipywidgets as widgets
    from IPython.display import HTML, display

    from ..analysis.counts import coordinate_counts, formulate_all, variant_keys
    from .plotting import draw_family, plot_counts

    pages = []
    for title, mechanism in mechanisms.items():
        family_models = (models or {}).get(title) or formulate_all(mechanism)
        counts = coordinate_counts(mechanism, family_models)
        out = widgets.Output()
        rows = "".join(
            f"<tr><td>{key.replace('_', ' ')}</td><td>{c.coordinates}</td><td>{c.constraints}</td>"
            f"<td>{c.rank}</td><td>{c.mobility}</td><td style='font-size:85%'>{c.note}</td></tr>"
            for key, c in counts.items()
        )
        table = (
            f"<p><b>{mechanism.name}</b>: Grübler–Kutzbach mobility {mechanism.gruebler_kutzbach()}</p>"
            "<table><thead><tr><th>family</th><th>coordinates</th><th>constraints</th><th>rank</th>"
            f"<th>mobility</th><th>note</th></tr></thead><tbody>{rows}</tbody></table>"
        )
        with out:
            display(HTML(table))
            fig, ax = plt.subplots(figsize=(7.5, 3.2))
            plot_counts(counts, ax=ax, title=f"{mechanism.name}: coordinates, constraints and mobility per family")
            fig.tight_layout()
            display(fig)
            plt.close(fig)
            spatial = mechanism.dimension == 3
            keys = variant_keys(mechanism)
            fig = plt.figure(figsize=(3.2 * len(keys), 3.4))
            for k, key in enumerate(keys, start=1):
                ax = fig.add_subplot(1, len(keys), k, projection="3d" if spatial else None)
                draw_family(family_models[key], ax=ax)
            fig.tight_layout()
            display(fig)
            plt.close(fig)
        pages.append(out)
    tabs = widgets.Tab(children=pages)
    for k, title in enumerate(mechanisms):
        tabs.set_title(k, title)
    return tabs
