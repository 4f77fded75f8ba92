"""The lecture's mechanism explorer: any example, its input on a slider, the mechanism
with its velocity and acceleration vectors and the paths of its points, its assembly
modes, and a message — not a traceback — where the input cannot be reached.

What a slider move costs is kept small, because a lecturer drags it in front of a room
(``benchmarks/demo_latency.py`` measures it): the positions along the slider's whole
range are solved once per mechanism and assembly mode (continuation from the drawing,
both ways, stopping where the mechanism does not assemble); a move then solves one
position from its nearest neighbour (a few Newton iterations), the velocity and the
acceleration (one linear solve each), moves the existing lines and arrows, and renders
one PNG into an image widget (no figure is rebuilt, no output cleared).

Example
-------
>>> explorer = MechanismExplorer("four_bar")   # explorer.widget shows it in a notebook
>>> explorer.slider.value = 90.0                # what a drag to 90° does
>>> explorer.readout.value.startswith("Newton–Raphson")
True
>>> len(explorer.image.value) > 1000            # the new figure, as a PNG
True
"""

from __future__ import annotations

import io
import math

import numpy as np
import PIL.Image
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from ..errors import AssemblyError, MbtoolsError
from ..examples import EXAMPLES
from ..kinematics import solve_acceleration, solve_position, solve_velocity
from ..coordinates import formulate
from .player_view import PlayerView
from .plotting import draw_mechanism, mechanism_artists_3d

#: Rendering resolution of the demo figures (dots per inch): sharp on a projector, and a
#: PNG of a few tens of kilobytes.
DPI = 80


class Branch:
    """One mechanism in one assembly mode, solved along the slider's whole range."""

    def __init__(self, mechanism, family: str, values: np.ndarray):
        self.model = formulate(mechanism, family)
        self.input = self.model.input_names[0]
        self.is_angle = self.model.inputs[0].unit == "angle"
        self.values = values
        self.q = self._continuation()

    def to_model(self, value: float) -> float:
        return math.radians(value) if self.is_angle else float(value)

    def _continuation(self) -> list[np.ndarray | None]:
        """Positions at every slider value, walked from the drawing's input both ways."""
        model, start = self.model, self.model.input_values(self.model.reference_q)[self.input]
        start = math.degrees(start) % 360.0 if self.is_angle else start
        first = int(np.argmin(np.abs(self.values - start)))
        q: list[np.ndarray | None] = [None] * len(self.values)
        for order in (range(first, len(self.values)), range(first - 1, -1, -1)):
            guess = model.reference_q
            for k in order:
                try:
                    q[k] = guess = solve_position(model, {self.input: self.to_model(self.values[k])}, guess=guess).q
                except MbtoolsError:
                    break
        return q

    def nearest(self, value: float) -> np.ndarray | None:
        """The solved position nearest to ``value`` on the slider's grid, or None if the
        grid point is out of reach."""
        return self.q[int(np.argmin(np.abs(self.values - value)))]


class MechanismExplorer:
    """The demo: dropdowns for the example and its assembly mode, a slider on its input,
    the drawing with velocity (black) and acceleration (magenta) arrows for the given input
    rate and acceleration, and the paths of its moving points over the reachable range. For
    a spatial mechanism, the *3-D view* button adds the three.js player of the reachable
    range (:func:`mbtools.viz.player.motion_player`), to turn with the mouse and play.

    Parameters
    ----------
    name : str
        A key of :data:`mbtools.examples.EXAMPLES`.
    family : str
        The family the positions are solved in (the drawing is the same in every family).
    rate, acceleration : float
        The input's rate and acceleration for the arrows (rad/s and rad/s² for an angle).
    mechanisms : dict, optional
        Title → Mechanism: mechanisms of one's own, added to the example list (one assembly
        mode each, the drawing's).
    """

    def __init__(self, name: str = "four_bar", family: str = "natural", rate: float = 1.0, acceleration: float = 0.0,
                 mechanisms: dict | None = None):
        import ipywidgets as widgets

        self.family, self.rate, self.acceleration = family, rate, acceleration
        self.custom = dict(mechanisms or {})
        self.branches: dict[tuple[str, str | None], Branch] = {}
        self._setting = False  # True while the widgets are set by the explorer itself
        self.example = widgets.Dropdown(options=[*sorted(EXAMPLES), *self.custom], value=name, description="example")
        self.mode = widgets.Dropdown(description="assembly")
        self.slider = widgets.FloatSlider(min=0.0, max=360.0, step=1.0, continuous_update=True,
                                          layout=widgets.Layout(width="70%"))
        self.readout = widgets.HTML()
        self.image = widgets.Image(format="png")
        self.view = PlayerView(lambda: self.player_html(),
                               "a spatial mechanism over its reachable range, to turn with the mouse and play")
        self.view3d = self.view.button
        self.widget = widgets.VBox([widgets.HBox([self.example, self.mode, self.view3d]), self.slider, self.readout,
                                    self.image, self.view.output])
        self._choose_example()
        self.example.observe(lambda change: self._choose_example(), names="value")
        self.mode.observe(lambda change: self._setting or self._choose_mode(), names="value")
        self.slider.observe(lambda change: self._setting or self.update(), names="value")

    # ------------------------------------------------------------------ choosing

    def _choose_example(self) -> None:
        modes = self._modes(self.example.value)
        self._setting = True
        self.mode.options = modes or ("(one)",)
        self.mode.value = self.mode.options[0]
        self._setting = False
        self._choose_mode()

    def _modes(self, name: str) -> tuple[str, ...]:
        return () if name in self.custom else EXAMPLES[name].assembly_modes

    def _mechanism(self, name: str, mode: str | None):
        if name in self.custom:
            return self.custom[name]
        return EXAMPLES[name].build(assembly=mode) if mode else EXAMPLES[name].build()

    def _choose_mode(self) -> None:
        name = self.example.value
        mode = self.mode.value if self._modes(name) else None
        key = (name, mode)
        if key not in self.branches:
            probe = formulate(self._mechanism(name, mode), self.family)
            if probe.inputs[0].unit == "angle":
                values = np.arange(0.0, 361.0, 1.0)  # degrees
            else:  # a slide: the drawing's value ± the mechanism's size
                middle = probe.input_values(probe.reference_q)[probe.input_names[0]]
                values = middle + np.linspace(-1.0, 1.0, 201) * probe.length_scale
            self.branches[key] = Branch(self._mechanism(name, mode), self.family, values)
        self.branch = self.branches[key]
        values = self.branch.values
        drawing = self.branch.model.input_values(self.branch.model.reference_q)[self.branch.input]
        drawing = math.degrees(drawing) % 360.0 if self.branch.is_angle else drawing
        self._setting = True
        self.slider.max = max(self.slider.max, float(values[-1]))  # min < max at every step
        self.slider.min = float(values[0])
        self.slider.max = float(values[-1])
        self.slider.step = float(values[1] - values[0])
        self.slider.description = f"{self.branch.input} {'(°)' if self.branch.is_angle else ''}"
        self.slider.value = float(values[int(np.argmin(np.abs(values - drawing)))])
        self._setting = False
        self._new_figure()
        self.update()
        self.view3d.disabled = self.branch.model.mechanism.dimension != 3
        self.view.refresh()

    # ------------------------------------------------------------------ the 3-D view

    def player_html(self):
        """The three.js player of the current spatial branch over its reachable range
        (the slider's values it reaches), the paths of its moving points traced, the
        player and three.js carried in the snippet (a live notebook reaches no book files)."""
        from .player import motion_player

        branch = self.branch
        reached = [k for k, q in enumerate(branch.q) if q is not None]
        return motion_player(branch.model, np.array([branch.q[k] for k in reached]), still=False, inline=True,
                             times=branch.values[reached], label=branch.input, unit="°" if branch.is_angle else "m",
                             trails=self.points, title=f"{branch.model.mechanism.name}: the reachable range")

    def _new_figure(self) -> None:
        """The figure of the current branch: what never moves (axes, grid, ground, the
        points' paths) rendered once as the background; the bodies, labels and arrows
        marked as animated, drawn over it at every move (blitting)."""
        model, reachable = self.branch.model, [q for q in self.branch.q if q is not None]
        spatial = model.mechanism.dimension == 3
        self.figure = Figure(figsize=(6.4, 4.8), dpi=DPI)
        self.canvas = FigureCanvasAgg(self.figure)
        self.ax = self.figure.add_subplot(projection="3d" if spatial else None)
        self.points = model.mechanism.moving_points()
        paths = np.array([[model.point(q, p) for p in self.points] for q in reachable])
        for k, _ in enumerate(self.points):
            self.ax.plot(*paths[:, k, :].T, "-", lw=0.8, color="0.65", zorder=1)
        ground = np.array([model.point(reachable[0], p) for p in model.mechanism.ground_points()])
        extent = np.vstack([paths.reshape(-1, paths.shape[-1]), ground.reshape(-1, paths.shape[-1])])
        q0 = reachable[0]
        if spatial:
            self.artists = mechanism_artists_3d(model, q0, self.ax)
            low, high = extent.min(axis=0), extent.max(axis=0)
            span = float((high - low).max()) or 1.0
            for setter, a, b in zip((self.ax.set_xlim, self.ax.set_ylim, self.ax.set_zlim), low, high):
                setter(a - 0.15 * span, b + 0.15 * span)
        else:
            self.artists = draw_mechanism(model, q0, ax=self.ax)
            low, high = extent.min(axis=0), extent.max(axis=0)
            span = float((high - low).max()) or 1.0
            self.ax.set_xlim(low[0] - 0.15 * span, high[0] + 0.15 * span)
            self.ax.set_ylim(low[1] - 0.15 * span, high[1] + 0.15 * span)
        self.arrow_length = 0.2 * span
        dim = model.mechanism.dimension
        # an arrow: a thin line from the point with a dot at its head
        self.arrows = {kind: [self.ax.plot(*np.zeros((dim, 2)), "-", lw=1.6, color=color, marker="o", ms=3.5,
                                           markevery=[1], zorder=4)[0] for _ in self.points]
                       for kind, color in (("velocity", "black"), ("acceleration", "magenta"))}
        self.ax.set_title(f"{model.mechanism.name}: velocities (black), accelerations (magenta)", fontsize=10)
        self.animated = [*self.artists["bodies"].values(), *self.artists["labels"].values(),
                         *self.arrows["velocity"], *self.arrows["acceleration"]]
        for artist in self.animated:
            artist.set_animated(True)
        self.canvas.draw()
        self.background = self.canvas.copy_from_bbox(self.figure.bbox)

    # ------------------------------------------------------------------ a move

    def update(self) -> None:
        """Solve at the slider's value and redraw (what a slider move does)."""
        branch, model = self.branch, self.branch.model
        value = self.slider.value
        nearest = branch.nearest(value)
        if nearest is None:
            self.readout.value = (f"<b>{branch.input} = {value:g}{'°' if branch.is_angle else ''} cannot be reached</b> "
                                  "in this assembly mode: the mechanism does not close there (a dead point lies "
                                  "between). The drawing stays at the last position reached.")
            return
        inputs = {branch.input: branch.to_model(value)}
        try:
            result = solve_position(model, inputs, guess=nearest)
        except AssemblyError as error:
            self.readout.value = f"<b>No assembly</b>: {error}"
            return
        q = result.q
        if result.singular:
            qd = qdd = None
        else:
            qd = solve_velocity(model, q, {branch.input: self.rate})
            qdd = solve_acceleration(model, q, qd, {branch.input: self.acceleration})
        self._draw(q, qd, qdd)
        speed = "" if qd is None else ", ".join(
            f"|v<sub>{p}</sub>| = {np.linalg.norm(model.point_velocity(q, qd, p)):.3g}" for p in self.points)
        note = " <b>singular position</b>: velocities not determined." if qd is None else ""
        self.readout.value = (f"Newton–Raphson: {result.iterations} iterations from the nearest solved position, "
                              f"‖Φ‖ = {result.history[-1].residual_norm:.1e}. {speed}{note}")

    def _draw(self, q, qd, qdd) -> None:
        model = self.branch.model
        if model.mechanism.dimension == 3:
            mechanism_artists_3d(model, q, self.ax, artists=self.artists)
        else:
            draw_mechanism(model, q, artists=self.artists)
        at = [model.point(q, p) for p in self.points]
        for kind, values in (("velocity", qd), ("acceleration", qdd)):
            if values is None:
                vectors = [np.zeros_like(a) for a in at]
            elif kind == "velocity":
                vectors = [model.point_velocity(q, values, p) for p in self.points]
            else:
                vectors = [model.point_acceleration(q, qd, values, p) for p in self.points]
            longest = max(float(np.linalg.norm(v)) for v in vectors) if vectors else 0.0
            factor = self.arrow_length / longest if longest > 0 else 0.0
            for line, start, vector in zip(self.arrows[kind], at, vectors):
                ends = np.array([start, start + factor * vector]).T
                if len(start) == 3:
                    line.set_data_3d(*ends)
                else:
                    line.set_data(*ends)
        self.canvas.restore_region(self.background)
        for artist in self.animated:
            self.ax.draw_artist(artist)
        self.image.value = png(self.canvas)


def png(canvas: FigureCanvasAgg) -> bytes:
    """The canvas's pixels as a PNG, compressed lightly: encoding is most of the cost of
    a frame, and a light compression makes it 5 to 10 times faster than matplotlib's."""
    buffer = io.BytesIO()
    PIL.Image.fromarray(np.asarray(canvas.buffer_rgba())).save(buffer, format="png", compress_level=1)
    return buffer.getvalue()


def explorer(name: str = "four_bar", **options):
    """The mechanism explorer's widget (see :class:`MechanismExplorer`)."""
    return MechanismExplorer(name, **options).widget
