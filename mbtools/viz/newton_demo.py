"""The lecture's Newton–Raphson demo: one iteration per click, from a guess the lecturer
drags.

The drawing shows the iterate — the bodies drawn through the points of q, so a bar is
visibly too long or too short until the iteration converges — over the solution in
grey; a table lists every iterate so far with ‖Φ‖ and ‖Δq‖ (book, equation eq-newton).
Dragging a guess slider or the input starts again from the new guess.

Example
-------
>>> demo = NewtonDemo(angle=120.0)       # demo.widget shows it in a notebook
>>> for _ in range(6):
...     demo.step()                       # what six clicks on "one step" do
>>> demo.rows[-1][2] < 1e-10              # ‖Φ‖ of the last iterate: converged
True
"""

from __future__ import annotations

import math

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from ..coordinates import formulate
from ..errors import MbtoolsError
from ..examples import four_bar
from ..kinematics import newton_step, solve_position
from ..model import Model
from .explorer import DPI, png
from .plotting import draw_mechanism


class NewtonDemo:
    """Newton–Raphson one step at a time on a planar model (basic coordinates of the
    four-bar by default), driven by its first input.

    Parameters
    ----------
    model : Model, optional
        A planar model whose coordinates are point coordinates (basic or natural).
    angle : float
        The input's value to solve for, degrees.
    guess : dict, optional
        Point → (x, y) of the starting guess; the drawing's points by default.
    """

    def __init__(self, model: Model | None = None, angle: float = 120.0, guess: dict | None = None):
        import ipywidgets as widgets

        self.model = model or formulate(four_bar(), "basic")
        if self.model.mechanism.dimension != 2 or not self.model.facts.coordinates_are_positions:
            raise MbtoolsError("NewtonDemo draws planar point coordinates: give a basic or natural model of a "
                               "planar mechanism.")
        self.input = self.model.input_names[0]
        self.points = self.model.mechanism.moving_points()
        start = guess or {p: self.model.point(self.model.reference_q, p) for p in self.points}
        size = self.model.length_scale
        self.angle = widgets.FloatSlider(value=angle, min=0.0, max=360.0, step=1.0, description=f"{self.input} (°)",
                                         continuous_update=False)
        self.sliders = {}
        rows = []
        for p in self.points:
            x, y = (float(v) for v in start[p])
            pair = [widgets.FloatSlider(value=v, min=v - size, max=v + size, step=size / 200,
                                        description=f"{p}: {axis}", continuous_update=False)
                    for v, axis in ((x, "x"), (y, "y"))]
            self.sliders[p] = pair
            rows.append(widgets.HBox(pair))
        self.step_button = widgets.Button(description="one step", button_style="primary")
        self.reset_button = widgets.Button(description="start again")
        self.table = widgets.HTML()
        self.image = widgets.Image(format="png")
        self.widget = widgets.VBox([self.angle, *rows, widgets.HBox([self.step_button, self.reset_button]),
                                    widgets.HBox([self.image, self.table])])
        self._figure()
        self.step_button.on_click(lambda button: self.step())
        self.reset_button.on_click(lambda button: self.reset())
        for pair in self.sliders.values():
            for slider in pair:
                slider.observe(lambda change: self.reset(), names="value")
        self.angle.observe(lambda change: self.reset(), names="value")
        self.reset()

    def _figure(self) -> None:
        self.fig = Figure(figsize=(5.2, 4.4), dpi=DPI)
        self.canvas = FigureCanvasAgg(self.fig)
        self.ax = self.fig.add_subplot()
        q = self.model.reference_q
        self.solution_artists = draw_mechanism(self.model, q, ax=self.ax, labels=False, alpha=0.25)
        self.artists = draw_mechanism(self.model, q, ax=self.ax)
        xy = np.array([self.model.point(q, p) for p in self.model.point_names])
        low, high = xy.min(axis=0) - self.model.length_scale * 0.6, xy.max(axis=0) + self.model.length_scale * 0.6
        self.ax.set_xlim(low[0], high[0])
        self.ax.set_ylim(low[1], high[1])
        self.ax.set_title("the iterate (solid) and the solution (faint)", fontsize=10)
        # blitting: the axes rendered once; the two drawings drawn over them at each update
        self.animated = [artist for artists in (self.solution_artists, self.artists)
                         for group in ("bodies", "labels") for artist in artists[group].values()]
        for artist in self.animated:
            artist.set_animated(True)
        self.canvas.draw()
        self.background = self.canvas.copy_from_bbox(self.fig.bbox)

    @property
    def inputs(self) -> dict:
        unit = self.model.inputs[0].unit
        return {self.input: math.radians(self.angle.value) if unit == "angle" else self.angle.value}

    def guess(self) -> np.ndarray:
        """q of the guess the sliders give."""
        return self.model.guess_from_points({p: (xs.value, ys.value) for p, (xs, ys) in self.sliders.items()})

    def reset(self) -> None:
        """Start again from the sliders' guess."""
        self.q = self.guess()
        self.rows = [(0, self.q, float(np.linalg.norm(self.model.phi(self.q, self.inputs))), None)]
        try:
            self.solution = solve_position(self.model, self.inputs, guess=self.q).q
        except MbtoolsError:
            self.solution = None
        self._show()

    def step(self) -> None:
        """One Newton–Raphson iteration from the current iterate."""
        q = newton_step(self.model, self.inputs, self.q)
        residual = float(np.linalg.norm(self.model.phi(q, self.inputs)))
        self.rows.append((len(self.rows), q, residual, float(np.linalg.norm(q - self.q))))
        self.q = q
        self._show()

    def _show(self) -> None:
        names = self.model.coordinate_names
        head = "".join(f"<th>{n}</th>" for n in names)
        body = "".join(
            f"<tr><td>{k}</td>{''.join(f'<td>{v:.5f}</td>' for v in q)}<td>{r:.2e}</td>"
            f"<td>{'' if d is None else f'{d:.2e}'}</td></tr>"
            for k, q, r, d in self.rows[-12:]
        )
        converged = self.rows[-1][2] < 1e-10 * self.model.length_scale ** 2
        note = ("<p><b>converged</b>: ‖Φ‖ is at round-off.</p>" if converged else
                "<p>Each step solves Φ<sub>q</sub> Δq = −Φ; near the solution ‖Φ‖ is squared at every step.</p>")
        if self.solution is None:
            note += "<p><b>No assembled position</b> near this guess at this input: Newton–Raphson will not settle.</p>"
        self.table.value = (f"<table><thead><tr><th>k</th>{head}<th>‖Φ‖</th><th>‖Δq‖</th></tr></thead>"
                            f"<tbody>{body}</tbody></table>{note}")
        draw_mechanism(self.model, self.q, artists=self.artists)
        if self.solution is not None:
            draw_mechanism(self.model, self.solution, artists=self.solution_artists)
        for line in self.solution_artists["bodies"].values():
            line.set_visible(self.solution is not None)
        self.canvas.restore_region(self.background)
        for artist in self.animated:
            self.ax.draw_artist(artist)
        self.image.value = png(self.canvas)
