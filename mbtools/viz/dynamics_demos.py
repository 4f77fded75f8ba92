"""The lecture's dynamics demos: the gyroscope's initial nutation velocity on a slider, and
a four-bar released under gravity with the dynamic formulation chosen from a list.

Simulations take longer than a slider may wait, so each demo computes its motions when it
is built (a few seconds, with a progress bar) or when a button is pressed, and the slider
then only picks and draws: a move costs a redraw (blitted) and a PNG.
"""

from __future__ import annotations

import math

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from ..analysis.gyroscope import simulate_top
from ..coordinates import formulate
from ..dynamics import MultibodySystem, simulate
from ..errors import SingularJacobianError
from ..examples.benchmarks import n_four_bar
from ..examples.tops import TOP_DATA
from .explorer import DPI, png
from .player_view import PlayerView
from .plotting import draw_mechanism


class GyroscopeDemo:
    """The top released horizontal at its steady precession rate, with an initial nutation
    rate θ̇₀ on a slider (``rates``, rad/s): the path of its axis (precession ψ against
    nutation θ) simulated in natural coordinates, with the closed-form bounds of θ. The
    *3-D view* button shows the chosen motion in the three.js player
    (:func:`mbtools.viz.player.motion_player`), played ``slower`` times slower than it
    happens, to turn with the mouse; it follows the slider while it is pressed."""

    def __init__(self, rates=tuple(np.linspace(-10.0, 10.0, 11)), t_end: float = 1.0, slower: float = 10.0):
        import ipywidgets as widgets
        from tqdm.auto import tqdm

        self.rates = [float(r) for r in rates]
        self.t_end, self.slower = float(t_end), float(slower)
        self.motions, self.trajectories = [], []
        for rate in tqdm(self.rates, desc="simulating the top", leave=False):
            traj, motion, (_, _, bounds) = simulate_top("natural", theta_rate=rate, t_end=t_end, outputs=401,
                                                        rtol=1e-7)
            self.motions.append((motion, bounds))
            self.trajectories.append(traj)
        self.slider = widgets.SelectionSlider(options=[(f"{r:g}", k) for k, r in enumerate(self.rates)],
                                              value=self.rates.index(min(self.rates, key=abs)),
                                              description="θ̇₀ (rad/s)", layout=widgets.Layout(width="70%"))
        self.readout = widgets.HTML()
        self.image = widgets.Image(format="png")
        self.view = PlayerView(lambda: self.player_html(), "the chosen motion in a view to turn with the mouse")
        self.view3d = self.view.button
        self.widget = widgets.VBox([widgets.HBox([self.slider, self.view3d]), self.readout, self.image,
                                    self.view.output])
        self._figure()
        self.slider.observe(lambda change: self.update(), names="value")
        self.update()

    def player_html(self):
        """The player of the chosen motion (the disc with a peg, the path of G), with the
        player and three.js carried in the snippet: a live notebook reaches no book files."""
        from .player import motion_player
        from .player_shapes import disc_with_peg

        traj = self.trajectories[self.slider.value]
        mechanism = traj.system.model.mechanism
        G = mechanism.point_position("G")  # the disc of the book's top (simulate_top), across OG
        shapes = {"top": disc_with_peg(G, G, mechanism.vector_direction("u1"), TOP_DATA["radius"])}
        return motion_player(traj.system.model, traj, still=False, inline=True, trails=["G"], shapes=shapes,
                             duration=self.slower * self.t_end,
                             title=f"θ̇₀ = {self.rates[self.slider.value]:g} rad/s, {self.slower:g}× slower")

    def _figure(self) -> None:
        self.fig = Figure(figsize=(7.2, 3.6), dpi=DPI)
        self.canvas = FigureCanvasAgg(self.fig)
        ax = self.ax = self.fig.add_subplot()
        thetas = np.concatenate([np.degrees(m.theta) for m, _ in self.motions])
        psis = np.concatenate([np.degrees(m.phi) for m, _ in self.motions])
        ax.set_xlim(psis.min() - 5, psis.max() + 5)
        ax.set_ylim(thetas.max() + 2, thetas.min() - 2)  # θ grows downwards: the axis dips
        ax.set_xlabel("precession ψ (°)")
        ax.set_ylabel("nutation θ (°)")
        ax.grid(alpha=0.3)
        (self.path,) = ax.plot([], [], lw=1.5)
        self.bounds = [ax.axhline(90.0, ls="--", color="0.4", lw=1) for _ in range(2)]
        self.animated = [self.path, *self.bounds]
        for artist in self.animated:
            artist.set_animated(True)
        self.fig.tight_layout()
        self.canvas.draw()
        self.background = self.canvas.copy_from_bbox(self.fig.bbox)

    def update(self) -> None:
        motion, bounds = self.motions[self.slider.value]
        self.path.set_data(np.degrees(motion.phi), np.degrees(motion.theta))
        for line, value in zip(self.bounds, (bounds.theta_min, bounds.theta_max)):
            line.set_ydata([math.degrees(value)] * 2)
        self.readout.value = (
            f"θ̇₀ = {self.rates[self.slider.value]:g} rad/s: simulated θ from {math.degrees(motion.theta.min()):.3f}° "
            f"to {math.degrees(motion.theta.max()):.3f}°; closed-form bounds (dashed) "
            f"{math.degrees(bounds.theta_min):.3f}° and {math.degrees(bounds.theta_max):.3f}°, period "
            f"{bounds.period:.4f} s. θ̇₀ = 0 is the steady precession of the paper's Fig. 11.")
        self.canvas.restore_region(self.background)
        for artist in self.animated:
            self.ax.draw_artist(artist)
        self.image.value = png(self.canvas)
        self.view.refresh()


#: The formulations the four-bar demo offers, with their settings.
FORMULATIONS = {
    "ALI3-P (index-3 augmented Lagrangian, step 1e-3)": {"formulation": "ali3p", "step": 1e-3},
    "Lagrange multipliers + projection (DOP853, rtol 1e-8)": {"formulation": "multipliers", "rtol": 1e-8},
    "R-matrix projection (DOP853, rtol 1e-8)": {"formulation": "projection", "rtol": 1e-8},
    "Lagrange multipliers + Baumgarte (DOP853, rtol 1e-6)": {"formulation": "multipliers", "rtol": 1e-6,
                                                              "stabilise": "baumgarte"},
}


class FallingFourBarDemo:
    """Benchmark A02's four-bar (N = 1) released from upright with the crank turning at
    −1 rad/s, under gravity, for ``t_end`` seconds, in the formulation chosen from a list
    (press *simulate*): the energy error and the constraint drift over time, and a time
    slider that moves the drawing along the motion."""

    def __init__(self, t_end: float = 5.0):
        import ipywidgets as widgets

        self.system = MultibodySystem(formulate(n_four_bar(1), "natural"), gravity=(0.0, -9.81))
        self.t_end = t_end
        self.choice = widgets.Dropdown(options=list(FORMULATIONS), description="formulation",
                                       layout=widgets.Layout(width="70%"))
        self.button = widgets.Button(description="simulate", button_style="primary")
        self.time = widgets.FloatSlider(min=0.0, max=t_end, step=0.05, description="t (s)",
                                        layout=widgets.Layout(width="70%"))
        self.readout = widgets.HTML()
        self.image = widgets.Image(format="png")
        self.widget = widgets.VBox([widgets.HBox([self.choice, self.button]), self.time, self.readout, self.image])
        self.button.on_click(lambda button: self.run())
        self.time.observe(lambda change: self.show_time(), names="value")
        self.run()

    def run(self) -> None:
        """Simulate in the chosen formulation and redraw the histories."""
        options = FORMULATIONS[self.choice.value]
        times = np.linspace(0.0, self.t_end, round(self.t_end / 0.05) + 1)
        try:
            self.traj = simulate(self.system, self.t_end, inputs={"crank": math.pi / 2}, rates={"crank": -1.0},
                                 t_eval=times, progress=False, **options)
            self.refused = None
            self.energy = self.traj.energy                       # computed once per run: the
            self.drift = self.traj.constraint_violation          # time slider only reads them
        except SingularJacobianError as error:
            self.traj, self.refused = None, str(error)
        self._figure()
        self.show_time()

    def _figure(self) -> None:
        self.fig = Figure(figsize=(9.6, 3.6), dpi=DPI)
        self.canvas = FigureCanvasAgg(self.fig)
        drawing, energy, drift = (self.fig.add_subplot(1, 3, k) for k in (1, 2, 3))
        self.drawing = drawing
        model = self.system.model
        self.artists = draw_mechanism(model, model.reference_q, ax=drawing, labels=False)
        drawing.set_xlim(-1.3, 2.3)
        drawing.set_ylim(-1.3, 1.5)
        if self.traj is not None:
            e = self.energy
            energy.semilogy(self.traj.t[1:], np.abs(e[1:] - e[0]) / abs(e[0]) + 1e-17)
            phi, velocity = self.drift
            drift.semilogy(self.traj.t, phi + 1e-17, label="‖Φ‖")
            drift.semilogy(self.traj.t, velocity + 1e-17, label="‖Φ_q q̇‖")
            drift.legend(fontsize=8)
        energy.set_title("relative energy error", fontsize=10)
        drift.set_title("constraint drift", fontsize=10)
        for ax in (energy, drift):
            ax.set_xlabel("t (s)")
            ax.grid(alpha=0.3)
        self.cursors = [ax.axvline(0.0, color="0.3", lw=1) for ax in (energy, drift)]
        self.animated = [*self.artists["bodies"].values(), *self.cursors]
        for artist in self.animated:
            artist.set_animated(True)
        self.fig.tight_layout()
        self.canvas.draw()
        self.background = self.canvas.copy_from_bbox(self.fig.bbox)

    def show_time(self) -> None:
        """What a move of the time slider does: the drawing at that time, the cursors moved."""
        if self.traj is None:
            self.readout.value = f"<b>Refused</b>: {self.refused}"
        else:
            k = int(round(self.time.value / 0.05))
            draw_mechanism(self.system.model, self.traj.q[k], artists=self.artists)
            e, (phi, velocity) = self.energy, self.drift
            crossings = self.traj.statistics.get("crossings")
            handed = "" if crossings is None else f"; singular positions handed to ALI3-P: {crossings}"
            self.readout.value = (f"{self.choice.value}: largest relative energy error "
                                  f"{np.abs(e - e[0]).max() / abs(e[0]):.1e}, largest ‖Φ‖ {phi.max():.1e}, "
                                  f"largest ‖Φ_q q̇‖ {velocity.max():.1e} over {self.t_end:g} s{handed}.")
        for cursor in self.cursors:
            cursor.set_xdata([self.time.value] * 2)
        self.canvas.restore_region(self.background)
        for artist in self.animated:
            artist.axes.draw_artist(artist)
        self.image.value = png(self.canvas)
