"""The planar ANCF beam element (mbtools.dynamics.ancf, ancf_beam, ancf_motion) against
exact integrals, closed forms and its own energy.

Tolerances, each justified:

* exact computations (mass and kinetic energy of rigid motions, forces in rigid
  configurations, quadrature claimed exact) are met to round-off: 1e-13 relative to the
  quantity's scale (1e-13 · EA for a force whose terms are EA ε with ε at round-off);
* the tangent stiffness against the complex step of the force (and the force against the
  complex step of the energy): complex steps carry no cancellation, measured 2e-15 relative;
  1e-12;
* the linear tip deflection: cubic Hermite elements contain the linear cantilever's exact
  cubic, so the error is round-off amplified by the condition of K (EA L²/EI = 10⁶): measured
  3e-10 on one element, 1e-13 on sixteen; 1e-8;
* the elastica (inextensible to 1e-6 at EA L²/EI = 10⁶) at 16 elements: the discretisation
  error measured there, 8.0e-6 and 3.5e-5 of L (w), 2.7e-6 and 1.7e-5 (u), falling 20–40 times
  per halving of the elements (membrane locking in the coarse meshes); tolerances 2e-5 and
  7e-5; against Bisshopp & Drucker's five printed decimals, those plus 5e-6 of rounding;
* the frequencies at 8 elements: discretisation error measured 2.1e-6 and 8.0e-5 (fourth
  order: 16 elements give 1.3e-7 and 5.1e-6); tolerances 1e-5 and 2e-4;
* energy: Radau's error at rtol 1e-4 — measured 2e-7 of the energy over a period of the
  cantilever's free vibration, 6e-7 of m g L/2 over the flexible pendulum's second; tolerances
  2e-6 and 1e-5;
* the stiff pendulum against the rigid bar: the deviation is the beam's compliance, ∝ 1/E
  (measured 1.43e-2 m at E = 7 GPa, 1.42e-3 m at 70 GPa: ratio 10.07); asserted ratio 8–12.5 and
  below 2e-3 m at 70 GPa.
"""

import numpy as np
import pytest
import sympy as sp

from mbtools.analysis.ancf_checks import (PENDULUM, cantilever, elastica_errors, flexible_pendulum, free_vibration,
                                          frequency_errors, rigid_pendulum_tip, tip_deflection_error)
from mbtools.analysis.beams import elastica_tip
from mbtools.dynamics import ancf
from mbtools.dynamics.ancf_beam import AncfBeam, BeamSupports, straight_beam
from mbtools.dynamics.ancf_motion import BeamMotion
from mbtools.errors import InputError, MechanismError

STEEL = {"youngs_modulus": 2e11, "area": 1e-4, "second_moment": 1e-9, "density": 7800.0}
FORMS = ["exact", "simplified"]


def uneven_beam(curvature_form="exact", gauss_points=5):
    """Four elements of unequal lengths along a slanted line (total 1.3 m)."""
    direction = np.array([0.6, 0.8])
    nodes = np.array([0.2, -0.1]) + np.array([0.0, 0.3, 0.5, 1.0, 1.3])[:, None] * direction
    return AncfBeam(nodes, curvature_form=curvature_form, gauss_points=gauss_points, **STEEL)


def rigidly_moved(beam, angle, shift):
    """e of the reference turned by ``angle`` about the origin and shifted by ``shift``."""
    R = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
    pairs = beam.reference.reshape(-1, 2) @ R.T
    pairs[0::2] += shift
    return pairs.ravel()


def deformed(beam, seed=1, size=0.05):
    rng = np.random.default_rng(seed)
    return beam.reference + size * rng.standard_normal(beam.n_coordinates)


def test_the_mass_matrix_is_the_papers_and_integrates_rigid_motions_exactly():
    _, mass, weight, (_, l) = ancf.symbolic_element_matrices()
    paper = sp.Matrix([[156, 22 * l, 54, -13 * l], [22 * l, 4 * l**2, 13 * l, -3 * l**2],
                       [54, 13 * l, 156, -22 * l], [-13 * l, -3 * l**2, -22 * l, 4 * l**2]]) * l / 420
    assert sp.simplify(mass - paper) == sp.zeros(4, 4)
    beam = uneven_beam()
    rho_a, length = beam.mass_per_length, 1.3
    # translation: 2T/v² = m, and the weight's power = m g·v
    v = np.tile([0.3, -0.4, 0.0, 0.0], 5)
    assert abs(v @ beam.mass @ v / (0.25 * rho_a * length) - 1.0) < 1e-13
    assert abs(beam.gravity_force((0.0, -9.81)) @ v / (rho_a * length * 9.81 * 0.4) - 1.0) < 1e-13
    # rotation at ω about a point c: ṙ = ω k × (r − c), ṙ,ₓ = ω k × r,ₓ; T = ½ ω² ρA ∫‖r − c‖² dx
    c, omega = np.array([-0.5, 0.7]), 2.0
    pairs = beam.reference.reshape(-1, 2).copy()
    pairs[0::2] -= c
    ed = (omega * pairs @ np.array([[0.0, 1.0], [-1.0, 0.0]])).ravel()  # k × (x, y) = (−y, x)
    start = beam.nodes[0] - c
    tangent = np.array([0.6, 0.8])
    exact = 0.5 * omega**2 * rho_a * (length * start @ start + length**2 * start @ tangent + length**3 / 3)
    assert abs(0.5 * ed @ beam.mass @ ed / exact - 1.0) < 1e-13


def test_the_numeric_shape_functions_are_the_symbolic_ones():
    shapes, _, _, (xi, l) = ancf.symbolic_element_matrices()
    points, lengths = np.array([0.0, 0.21, 0.5, 0.93]), np.array([0.4, 1.7])
    numeric = ancf.hermite_shapes(points, lengths)
    for order, values in enumerate(numeric):
        derivative = sp.lambdify((xi, l), sp.diff(shapes, xi, order) / l**order if order else shapes)
        expected = np.array([[np.ravel(derivative(x, h)) for x in points] for h in lengths], dtype=float)
        np.testing.assert_allclose(values, expected, rtol=0, atol=1e-13)


@pytest.mark.parametrize("form", FORMS)
def test_no_elastic_force_in_the_reference_nor_after_a_rigid_motion(form):
    beam = uneven_beam(form)
    scale = 1e-13 * beam.axial_stiffness
    for e in (beam.reference, rigidly_moved(beam, 0.7, np.array([0.3, -1.1])), rigidly_moved(beam, -2.9, np.zeros(2))):
        assert np.abs(beam.elastic_force(e)).max() < scale
        assert beam.strain_energy(e) < 1e-20 * beam.axial_stiffness
    # and a stretch of 1 % is resisted by about EA ε at the ends (the check above can fail)
    stretched = 1.01 * beam.reference  # positions and slopes scaled: ε ≈ 0.01
    assert np.abs(beam.elastic_force(stretched)).max() > 0.005 * beam.axial_stiffness


@pytest.mark.parametrize("form", FORMS)
def test_the_tangent_stiffness_is_the_complex_step_derivative_of_the_force(form):
    beam = uneven_beam(form)
    e = deformed(beam)
    K, h = beam.stiffness(e), 1e-30
    steps = e + 1j * h * np.eye(beam.n_coordinates)
    K_cs = np.array([-beam.elastic_force(row).imag / h for row in steps]).T
    assert np.abs(K - K_cs).max() < 1e-12 * np.abs(K).max()
    assert np.abs(K - K.T).max() < 1e-12 * np.abs(K).max()
    energy = lambda x: np.sum(ancf.strain_energy(x[beam.element_dofs], beam.operators, beam.axial_stiffness,
                                                 beam.bending_stiffness, form))
    Q_cs = np.array([-energy(row).imag / h for row in steps])
    Q = beam.elastic_force(e)
    assert np.abs(Q - Q_cs).max() < 1e-12 * np.abs(Q).max()


def test_five_gauss_points_integrate_the_polynomial_forces_exactly():
    """Simplified curvature: the integrands are polynomials of degree ≤ 8 — five points exact
    (against ten), four not (the claim is sharp)."""
    e = deformed(uneven_beam(), size=0.2)
    force = {n: uneven_beam("simplified", n).elastic_force(e) for n in (4, 5, 10)}
    scale = np.abs(force[10]).max()
    assert np.abs(force[5] - force[10]).max() < 1e-13 * scale
    assert np.abs(force[4] - force[10]).max() > 1e-8 * scale


@pytest.mark.parametrize("elements", [1, 2, 4])
def test_the_small_tip_deflection_is_p_l3_over_3_ei(elements):
    assert abs(tip_deflection_error(elements)) < 1e-8


@pytest.mark.parametrize("alpha, tolerance, printed", [(1.0, 2e-5, (0.30172, -0.05643)), (2.0, 7e-5, (0.49346, -0.16064))])
def test_the_elastica_is_met_at_sixteen_elements(alpha, tolerance, printed):
    dw, du = elastica_errors(16, alpha)
    assert abs(dw) < tolerance and abs(du) < tolerance
    x, w = elastica_tip(alpha)
    assert abs(w + dw - printed[0]) < tolerance + 5e-6 and abs(x + du - 1.0 - printed[1]) < tolerance + 5e-6
    coarse = elastica_errors(8, alpha)
    assert abs(coarse[0]) > 5 * abs(dw)  # converging with the mesh


def test_the_first_two_frequencies():
    errors = frequency_errors(8)
    assert abs(errors[0]) < 1e-5 and abs(errors[1]) < 2e-4
    assert np.all(np.abs(frequency_errors(4)) > np.abs(errors))


def test_a_free_vibration_keeps_its_energy():
    motion = free_vibration(4, amplitude=0.1, rtol=1e-4)
    energy = motion.energy()
    assert np.abs(motion.node_path(-1)[:, 1]).max() > 0.09  # it swung by about 0.1 L
    assert np.abs(energy - energy[0]).max() < 2e-6 * energy[0]


def test_the_flexible_pendulum_keeps_its_energy_and_falls():
    motion = flexible_pendulum(8, rtol=1e-4, t_eval=np.linspace(0.0, 1.0, 51))
    energy = motion.energy()
    weight_drop = PENDULUM["density"] * PENDULUM["area"] * PENDULUM["length"] * 9.81 * PENDULUM["length"] / 2
    assert np.abs(energy - energy[0]).max() < 1e-5 * weight_drop
    tip = motion.node_path(-1)
    assert tip[25, 1] < -1.0  # at 0.5 s it hangs (and stretches) below the pin
    kinetic = 0.5 * np.einsum("ti,ij,tj->t", motion.ed, motion.supports.beam.mass, motion.ed)
    assert kinetic.max() > 0.5 * weight_drop


def test_a_stiff_pendulum_tends_to_the_rigid_one_as_1_over_e():
    times = np.linspace(0.0, 1.0, 51)
    rigid = rigid_pendulum_tip(times)
    deviation = [np.abs(flexible_pendulum(2, E, rtol=1e-3, atol=1e-6, t_eval=times).node_path(-1) - rigid).max()
                 for E in (7e9, 7e10)]
    assert 8.0 < deviation[0] / deviation[1] < 12.5
    assert deviation[1] < 2e-3


def test_the_centre_line_passes_the_nodes_and_follows_the_shape_functions():
    beam = straight_beam(1.5, 3, youngs_modulus=1.0, area=1.0, second_moment=1.0, density=1.0, angle=0.4)
    rng = np.random.default_rng(3)
    e = beam.reference + 0.05 * rng.standard_normal(beam.n_coordinates)
    line = beam.centreline(e, points=5)
    assert line.shape == (3 * 4 + 1, 2)
    nodes = e.reshape(-1, 4)[:, :2]
    assert np.allclose(line[::4], nodes, atol=1e-14)
    # the middle of element 1 is S(½) e of that element
    N, _, _ = ancf.hermite_shapes(np.array([0.5]), beam.lengths[1:2])
    middle = N[0, 0] @ e[beam.element_dofs[1]].reshape(4, 2)
    assert np.allclose(line[6], middle, atol=1e-14)
    # on the reference the line is straight, along the beam, evenly spaced
    straight = beam.centreline(beam.reference, points=5)
    steps = np.diff(straight, axis=0)
    assert np.allclose(steps, steps[0], atol=1e-14)
    assert np.isclose(np.linalg.norm(straight[-1] - straight[0]), 1.5)


@pytest.fixture(scope="module")
def short_fall():
    """The flexible pendulum of two elements over its first 0.05 s, at six times."""
    return flexible_pendulum(2, t_end=0.05, rtol=1e-4, method="DOP853", t_eval=np.linspace(0.0, 0.05, 6))


def test_the_centre_line_of_a_stack_is_one_line_per_row(short_fall):
    beam = short_fall.supports.beam
    lines = beam.centreline(short_fall.e, points=4)
    assert lines.shape == (6, 2 * 3 + 1, 2)
    assert np.allclose(lines[3], beam.centreline(short_fall.e[3], points=4))


def test_bad_centre_line_requests_are_named():
    beam = straight_beam(1.0, 2, youngs_modulus=1.0, area=1.0, second_moment=1.0, density=1.0)
    for points in (1, 2.5, True):
        with pytest.raises(InputError, match="AncfBeam.centreline: points .* at least 2"):
            beam.centreline(beam.reference, points=points)
    for e in (np.zeros(8), 0.0):
        with pytest.raises(InputError, match="AncfBeam.centreline: e must have the beam's 12 coordinates"):
            beam.centreline(e)


def test_the_energy_terms_add_up_to_the_motion_s_energy(short_fall):
    parts = short_fall.energy_parts()
    assert list(parts) == ["kinetic", "strain", "gravity", "total"]
    assert np.array_equal(parts["total"], short_fall.energy())
    assert np.allclose(parts["total"], parts["kinetic"] + parts["strain"] + parts["gravity"], rtol=0, atol=1e-12)
    assert parts["kinetic"][0] == 0.0 and parts["strain"][0] < 1e-20
    assert parts["gravity"][-1] < 0.0   # it has fallen: the weight's potential went down


def test_the_energy_terms_of_a_rigid_translation_are_the_rigid_body_s():
    beam = uneven_beam()
    m, g, v, h = beam.total_mass(), 9.81, np.array([3.0, -4.0]), np.array([0.0, 2.0, 5.0])
    shift = np.tile([0.0, 1.0, 0.0, 0.0], len(beam.nodes))       # up by 1 m, slopes unchanged
    rate = np.tile(np.concatenate([v, [0.0, 0.0]]), len(beam.nodes))
    motion = BeamMotion(BeamSupports(beam), np.arange(3.0), beam.reference + h[:, None] * shift,
                        np.tile(rate, (3, 1)), beam.gravity_force((0.0, -g)))
    parts = motion.energy_parts()
    assert np.allclose(parts["kinetic"], 0.5 * m * (v @ v), rtol=1e-13, atol=0)
    assert np.allclose(parts["strain"], 0.0, rtol=0, atol=1e-13 * STEEL["youngs_modulus"] * STEEL["area"])
    assert np.allclose(parts["gravity"] - parts["gravity"][0], m * g * h, rtol=1e-13, atol=0)


@pytest.mark.parametrize("what", ["youngs_modulus", "area", "second_moment", "density"])
@pytest.mark.parametrize("value", [0.0, -1.0, float("nan")])
def test_a_non_positive_property_is_named(what, value):
    with pytest.raises(InputError, match=what):
        straight_beam(1.0, 2, **{**STEEL, what: value})


def test_bad_meshes_and_supports_are_named():
    with pytest.raises(MechanismError, match="element 1 .*zero length"):
        AncfBeam([[0.0, 0.0], [0.5, 0.0], [0.5, 0.0], [1.0, 0.0]], **STEEL)
    with pytest.raises(MechanismError, match="straight line"):
        AncfBeam([[0.0, 0.0], [0.5, 0.1], [1.0, 0.0]], **STEEL)
    beam = straight_beam(1.0, 3, **STEEL)
    with pytest.raises(InputError, match="7 is not a node of the beam: its nodes are 0 … 3"):
        BeamSupports(beam, clamped=[7])
    with pytest.raises(InputError, match="both clamped and pinned"):
        BeamSupports(beam, clamped=[0], pinned=[0])
    with pytest.raises(InputError, match="curvature_form"):
        straight_beam(1.0, 2, curvature_form="linear", **STEEL)
    with pytest.raises(InputError, match="elements"):
        straight_beam(1.0, 0, **STEEL)


def test_supports_eliminate_the_right_coordinates():
    beam, supports = cantilever(3)
    assert supports.fixed.tolist() == [0, 1, 2, 3]
    pinned = BeamSupports(beam, pinned=[0, -1])
    assert pinned.fixed.tolist() == [0, 1, 12, 13] and len(pinned.free) == 12
