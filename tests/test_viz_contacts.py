"""The figures of the section on compliant contact and friction
(``mbtools.viz.contacts``): each has the lines, labels and panels the chapter's text
describes, and the numbers drawn are the library's."""

import matplotlib

matplotlib.use("Agg")

import numpy as np
import pytest

from mbtools import simulate
from mbtools.analysis.clearance import clearance_motion, clearance_system, slider_play
from mbtools.analysis.contacts import ball_on_floor
from mbtools.analysis.restitution import classic_lugre, effective_restitution, lugre_stick_slip
from mbtools.dynamics.contact_laws import Flores, Hertz, HuntCrossley, LankaraniNikravesh
from mbtools.dynamics.friction_laws import RegularisedCoulomb
from mbtools.viz import contacts as vc
from mbtools.viz.animation import animation_html


def test_an_impact_history_leaves_at_the_law_s_restitution():
    law = LankaraniNikravesh(1e8, 0.6)
    history = vc.impact_history(law, 1.0, 1.0)
    assert history.delta[0] == 0.0 and history.delta[-1] == 0.0 and history.delta.min() >= -1e-15
    assert -history.rate[-1] == pytest.approx(effective_restitution(law, 1.0, 1.0), abs=1e-8)
    assert np.all(history.force >= 0.0)


def test_the_hysteresis_figure_has_one_loop_per_law_scaled_by_hertz():
    laws = [Hertz(1e8), HuntCrossley(1e8, 0.5), LankaraniNikravesh(1e8, 0.5), Flores(1e8, 0.5)]
    ax = vc.plot_hysteresis(laws)
    lines = ax.get_lines()
    assert [line.get_label() for line in lines] == ["Hertz", "Hunt–Crossley, e = 0.5",
                                                     "Lankarani–Nikravesh, e = 0.5", "Flores, e = 0.5"]
    hertz = lines[0]
    assert np.max(hertz.get_xdata()) == pytest.approx(1.0, abs=1e-4)
    assert np.max(hertz.get_ydata()) == pytest.approx(1.0, abs=1e-4)
    assert "indentation" in ax.get_xlabel() and "force" in ax.get_ylabel()


def test_the_energy_terms_add_up_and_are_drawn():
    system = ball_on_floor(LankaraniNikravesh(1e6, 0.7), friction=RegularisedCoulomb(0.3, 1e-3))
    traj = simulate(system, 0.02, rtol=1e-7, t_eval=np.linspace(0.0, 0.02, 41),
                    twist={"ball": {"omega": 0.0, "point": ("C", (1.0, -1.0))}}, progress=False)
    terms = vc.energy_terms(traj)
    assert np.allclose(terms["kinetic"] + terms["gravity"] + terms["stored"], traj.energy, rtol=1e-12)
    assert np.allclose(terms["dissipated"], traj.dissipated)
    assert terms["stored"].max() > 0.0 and terms["dissipated"][-1] > 0.0
    ax = vc.plot_energy_terms(traj)
    labels = [line.get_label() for line in ax.get_lines()]
    assert labels == ["kinetic $T$", "gravity $V_g$", "stored in the contact $V$", "dissipated $E_n + E_t$", "sum"]


def test_the_stick_slip_figure_has_position_and_force_panels():
    motion = lugre_stick_slip(t_end=9.0, rtol=1e-6, points=181)
    law = classic_lugre()
    force = vc.lugre_force(motion, law)
    assert force[motion.t < 7.0] == pytest.approx(2.0 * 0.1 * motion.t[motion.t < 7.0], abs=1e-3)  # sticking
    axes = vc.plot_stick_slip(motion, law, 2.0, 0.1, reference=0.6)
    assert len(axes) == 2
    assert [line.get_label() for line in axes[0].get_lines()] == ["block $x$", "pulled end $Ut$",
                                                                  "reference $x(25\\,\\mathrm{s})$"]
    assert {t.get_text() for t in axes[1].texts} == {r"$\mu_s N$", r"$\mu_c N$"}


def test_the_steady_friction_figure_is_logarithmic_in_speed():
    ax = vc.plot_steady_friction({"LuGre": classic_lugre()}, np.logspace(-6, 0, 50))
    (line,) = ax.get_lines()
    assert ax.get_xscale() == "log" and line.get_label() == "LuGre"
    assert line.get_ydata()[0] == pytest.approx(1.5, rel=1e-4)


def test_the_clearance_animation_draws_walls_and_the_play():
    traj = clearance_motion(clearance_system(), t_end=0.001, samples=5)
    anim = vc.animate_clearance(traj, slider_play(traj))
    ax, ax_play = anim._fig.axes
    walls = [line for line in ax.get_lines() if line.get_color() == "0.35"]
    assert sorted(round(float(w.get_ydata()[0]), 9) for w in walls) == [-0.026, 0.026]
    assert ax_play.get_ylabel() == "play $y_B/c$"
    assert len(list(anim.new_frame_seq())) == 5
    html = animation_html(anim).data          # plays in a static page: frames embedded, no network
    assert html.count("data:image/png;base64") == 5 and "http" not in html.split("<script")[0]
