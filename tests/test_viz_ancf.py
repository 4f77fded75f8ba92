"""The ANCF figures (mbtools.viz.ancf_plots): the figures and the animation draw what
they are given (the centre lines and energy terms they draw are tested with the beam
and its motion, in test_ancf.py)."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import numpy as np
import pytest

from mbtools.analysis.ancf_checks import cantilever, flexible_pendulum, rigid_pendulum_tip
from mbtools.errors import InputError
from mbtools.viz import ancf_plots as ap

TIMES = np.linspace(0.0, 0.05, 6)


@pytest.fixture(scope="module")
def motion():
    return flexible_pendulum(2, t_end=0.05, rtol=1e-4, method="DOP853", t_eval=TIMES)


def test_the_animation_has_a_frame_every_other_time_and_draws_the_beam(motion):
    rigid = rigid_pendulum_tip(TIMES)
    animation = ap.animate_beam(motion, rigid_tip=rigid, every=2)
    assert animation._save_count == 3
    animation._init_draw()
    body, nodes, trace, bar, title = animation._func(2)   # frame 2 is time index 4
    line = motion.supports.beam.centreline(motion.e[4])
    assert np.allclose(np.column_stack(body.get_data()), line)
    assert np.allclose(np.column_stack(bar.get_data())[1], rigid[4])
    assert len(trace.get_xdata()) == 5
    assert title.get_text() == f"t = {TIMES[4]:.2f} s"
    plt.close("all")


def test_bad_animation_requests_are_named(motion):
    with pytest.raises(InputError, match="every"):
        ap.animate_beam(motion, every=0)
    with pytest.raises(InputError, match="one row per time"):
        ap.animate_beam(motion, rigid_tip=np.zeros((2, 2)))


def test_the_figures_draw_what_they_are_given(motion):
    ax = ap.plot_shape_functions()
    assert len(ax.lines) == 5            # four functions and the axis
    beam, supports = cantilever(2)
    ax = ap.plot_bent_beams({"a": (beam, beam.reference), "b": (beam, beam.reference)},
                            (np.linspace(0, 1, 5), np.zeros(5)))
    assert len(ax.get_legend().get_texts()) == 3
    ax = ap.plot_convergence([1, 2, 4], {"w": [1e-1, 1e-2, 1e-3]}, orders=(2, 4))
    assert ax.get_xscale() == "log" and len(ax.lines) == 3
    ax = ap.plot_mode_shapes(beam, np.eye(beam.n_coordinates)[:, [5, 9]], frequencies=[1.0, 2.0])
    assert len(ax.lines) == 3
    ax = ap.plot_tip_paths({"N = 2": motion.node_path(-1)}, rigid_pendulum_tip(TIMES))
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["N = 2", "rigid bar"]
    parts = motion.energy_parts()
    ax = ap.plot_energy(motion.t, parts, rigid_kinetic=parts["kinetic"])
    assert len(ax.lines) == 5
    plt.close("all")
