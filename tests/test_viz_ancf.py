"""The ANCF figures (mbtools.viz.ancf_plots): the interpolated centre line is the
element's own r(ξ) = S(ξ) e, the energy terms add up to the motion's energy, and the
figures and the animation draw what they are given."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import numpy as np
import pytest

from mbtools.analysis.ancf_checks import cantilever, flexible_pendulum, rigid_pendulum_tip
from mbtools.dynamics import ancf
from mbtools.dynamics.ancf_beam import straight_beam
from mbtools.errors import InputError
from mbtools.viz import ancf_plots as ap

TIMES = np.linspace(0.0, 0.05, 6)


@pytest.fixture(scope="module")
def motion():
    return flexible_pendulum(2, t_end=0.05, rtol=1e-4, method="DOP853", t_eval=TIMES)


def test_the_centre_line_passes_the_nodes_and_follows_the_shape_functions():
    beam = straight_beam(1.5, 3, youngs_modulus=1.0, area=1.0, second_moment=1.0, density=1.0, angle=0.4)
    rng = np.random.default_rng(3)
    e = beam.reference + 0.05 * rng.standard_normal(beam.n_coordinates)
    line = ap.centreline(beam, e, points=5)
    assert line.shape == (3 * 4 + 1, 2)
    nodes = e.reshape(-1, 4)[:, :2]
    assert np.allclose(line[::4], nodes, atol=1e-14)
    # the middle of element 1 is S(½) e of that element
    N, _, _ = ancf.hermite_shapes(np.array([0.5]), beam.lengths[1:2])
    middle = N[0, 0] @ e[beam.element_dofs[1]].reshape(4, 2)
    assert np.allclose(line[6], middle, atol=1e-14)
    # on the reference the line is straight, along the beam, evenly spaced
    straight = ap.centreline(beam, beam.reference, points=5)
    steps = np.diff(straight, axis=0)
    assert np.allclose(steps, steps[0], atol=1e-14)
    assert np.isclose(np.linalg.norm(straight[-1] - straight[0]), 1.5)


def test_the_centre_line_of_a_stack_is_one_line_per_row(motion):
    beam = motion.supports.beam
    lines = ap.centreline(beam, motion.e, points=4)
    assert lines.shape == (len(TIMES), 2 * 3 + 1, 2)
    assert np.allclose(lines[3], ap.centreline(beam, motion.e[3], points=4))


def test_bad_centre_line_requests_are_named():
    beam = straight_beam(1.0, 2, youngs_modulus=1.0, area=1.0, second_moment=1.0, density=1.0)
    with pytest.raises(InputError, match="at least 2"):
        ap.centreline(beam, beam.reference, points=1)
    with pytest.raises(InputError, match="12 coordinates"):
        ap.centreline(beam, np.zeros(8))


def test_the_energy_terms_add_up_to_the_motion_s_energy(motion):
    parts = ap.energy_parts(motion)
    assert set(parts) == {"kinetic", "strain", "gravity", "total"}
    assert np.allclose(parts["total"], motion.energy(), rtol=0, atol=1e-12)
    assert parts["kinetic"][0] == 0.0 and parts["strain"][0] < 1e-20
    assert parts["gravity"][-1] < 0.0   # it has fallen: the weight's potential went down


def test_the_animation_has_a_frame_every_other_time_and_draws_the_beam(motion):
    rigid = rigid_pendulum_tip(TIMES)
    animation = ap.animate_beam(motion, rigid_tip=rigid, every=2)
    assert animation._save_count == 3
    animation._init_draw()
    body, nodes, trace, bar, title = animation._func(2)   # frame 2 is time index 4
    line = ap.centreline(motion.supports.beam, motion.e[4])
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
    parts = ap.energy_parts(motion)
    ax = ap.plot_energy(motion.t, parts, rigid_kinetic=parts["kinetic"])
    assert len(ax.lines) == 5
    plt.close("all")
