"""The lecture's gimbal-lock demo: Euler angles against Euler parameters as the top's
nutation goes to zero.

Both come from the library's models of the book's heavy top (reference-point
coordinates, ``rotation="euler_angles"`` and ``"euler_parameters"``). For a body, the
angular velocity is ω = Ω_q q̇ (``model.angular_velocity_jacobian``); the columns of Ω_q
for the three Euler angles are the three axes they turn about — the fixed axis (ψ), the
line of nodes (θ) and the body's axis (φ). As θ → 0 the first and the third become the
same line: Ω_q loses rank, and the angle rates that some angular velocities need,
up to 1/σ_min(Ω_q) per unit of |ω|, grow without bound. Euler parameters have
Ω_q = 2 E(e) with σ_min = 2 at every orientation: rates of at most |ω|/2.

The slider sets θ; the left panel shows 1/σ_min(Ω_q) against θ for both (computed once)
with the current value marked, the right one the three Euler-angle axes in space.
"""

from __future__ import annotations

import math

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from ..coordinates import formulate
from ..examples.tops import heavy_top
from .explorer import DPI, png

#: The other two Euler angles held while θ moves (rad): any values show the same.
PSI, PHI = 0.4, 0.3


def euler_parameters_of(R: np.ndarray) -> np.ndarray:
    """(e₀, e₁, e₂, e₃) of a rotation matrix (e₀ ≥ 0), by the largest-pivot formula."""
    trace = float(np.trace(R))
    candidates = [trace, R[0, 0], R[1, 1], R[2, 2]]
    k = int(np.argmax(candidates))
    if k == 0:
        e0 = 0.5 * math.sqrt(1.0 + trace)
        e = np.array([e0, (R[2, 1] - R[1, 2]) / (4 * e0), (R[0, 2] - R[2, 0]) / (4 * e0), (R[1, 0] - R[0, 1]) / (4 * e0)])
    else:
        i, j, m = k - 1, k % 3, (k + 1) % 3
        ek = 0.5 * math.sqrt(1.0 + 2 * R[i, i] - trace)
        e = np.zeros(4)
        e[1 + i] = ek
        e[0] = (R[m, j] - R[j, m]) / (4 * ek)
        e[1 + j] = (R[j, i] + R[i, j]) / (4 * ek)
        e[1 + m] = (R[m, i] + R[i, m]) / (4 * ek)
    return e if e[0] >= 0 else -e


class GimbalLockDemo:
    """The demo's state and widget (see the module)."""

    def __init__(self, theta: float = 30.0):
        import ipywidgets as widgets

        top = heavy_top()
        self.angles = formulate(top, "reference_point", rotation="euler_angles")
        self.parameters = formulate(top, "reference_point", rotation="euler_parameters")
        names = self.angles.coordinate_names
        self.k_psi, self.k_theta, self.k_phi = (names.index(n) for n in ("psi_top", "theta_top", "phi_top"))
        self.slider = widgets.FloatLogSlider(value=theta, base=10, min=-2, max=math.log10(90.0), step=0.01,
                                             description="θ (°)", readout_format=".3g",
                                             layout=widgets.Layout(width="70%"))
        self.readout = widgets.HTML()
        self.image = widgets.Image(format="png")
        self.widget = widgets.VBox([self.slider, self.readout, self.image])
        self._figure()
        self.slider.observe(lambda change: self.update(), names="value")
        self.update()

    def rates(self, theta: float) -> tuple[float, float, np.ndarray]:
        """(1/σ_min of Ω_q in Euler angles, the same in Euler parameters, the three
        Euler-angle axes as columns) at the nutation θ (rad)."""
        q = self.angles.reference_q.copy()
        q[[self.k_psi, self.k_theta, self.k_phi]] = PSI, theta, PHI
        omega_angles = self.angles.angular_velocity_jacobian(q, "top")
        frame = np.asarray(self.angles.placement(q, "top").frame, dtype=float)
        p = self.parameters.reference_q.copy()
        p[3:7] = euler_parameters_of(frame)
        omega_parameters = self.parameters.angular_velocity_jacobian(p, "top")
        smallest = [np.linalg.svd(m, compute_uv=False)[-1] for m in (omega_angles, omega_parameters)]
        axes = omega_angles[:, [self.k_psi, self.k_theta, self.k_phi]]
        return 1.0 / max(smallest[0], 1e-300), 1.0 / smallest[1], axes

    def _figure(self) -> None:
        self.fig = Figure(figsize=(9.6, 4.2), dpi=DPI)
        self.canvas = FigureCanvasAgg(self.fig)
        left = self.fig.add_subplot(1, 2, 1)
        self.space = self.fig.add_subplot(1, 2, 2, projection="3d")
        thetas = np.radians(np.logspace(-2, math.log10(90.0), 120))
        curves = np.array([self.rates(t)[:2] for t in thetas])
        left.loglog(np.degrees(thetas), curves[:, 0], label="Euler angles")
        left.loglog(np.degrees(thetas), curves[:, 1], label="Euler parameters")
        left.set_xlabel("nutation θ (°)")
        left.set_ylabel("largest rate per unit |ω|")
        left.grid(True, which="both", alpha=0.3)
        left.legend(loc="upper right")
        (self.marker_angles,) = left.plot([], [], "o", color="tab:blue", ms=8)
        (self.marker_parameters,) = left.plot([], [], "o", color="tab:orange", ms=8)
        colors = ("tab:red", "tab:green", "tab:purple")
        self.axis_lines = [self.space.plot([0, 0], [0, 0], [0, 0], lw=3, color=c, label=lab)[0]
                           for c, lab in zip(colors, ("ψ: fixed axis", "θ: line of nodes", "φ: body axis"))]
        for setter in (self.space.set_xlim, self.space.set_ylim, self.space.set_zlim):
            setter(-1.0, 1.0)
        self.space.legend(loc="upper left", fontsize=8)
        self.space.set_title("the axes the Euler angles turn about", fontsize=10)
        self.animated = [self.marker_angles, self.marker_parameters, *self.axis_lines]
        for artist in self.animated:
            artist.set_animated(True)
        self.fig.tight_layout()
        self.canvas.draw()
        self.background = self.canvas.copy_from_bbox(self.fig.bbox)

    def update(self) -> None:
        """What a slider move does: both Jacobians at the new θ, the markers and axes moved."""
        degrees = self.slider.value
        angles, parameters, axes = self.rates(math.radians(degrees))
        self.marker_angles.set_data([degrees], [angles])
        self.marker_parameters.set_data([degrees], [parameters])
        for line, axis in zip(self.axis_lines, axes.T):
            unit = axis / np.linalg.norm(axis)
            line.set_data_3d(*np.array([np.zeros(3), unit]).T)
        between = math.degrees(math.acos(min(1.0, abs(float(axes[:, 0] @ axes[:, 2]) /
                                                    (np.linalg.norm(axes[:, 0]) * np.linalg.norm(axes[:, 2]))))))
        self.readout.value = (f"θ = {degrees:.3g}°: the ψ and φ axes are {between:.3g}° apart. An angular velocity "
                              f"of 1 rad/s may need Euler-angle rates of <b>{angles:.3g} rad/s</b>; Euler parameters "
                              f"need at most <b>{parameters:.3g} /s</b>.")
        self.canvas.restore_region(self.background)
        for artist in self.animated:
            artist.axes.draw_artist(artist)
        self.image.value = png(self.canvas)
