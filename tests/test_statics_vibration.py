"""Static equilibrium, linearisation and natural modes, against closed forms, another
family and a constrained minimisation of the potential energy.

Tolerances: the equilibrium solver stops at an unbalanced force of 1e-10 of the forces
balanced, so positions agree to about that relative to the mechanism's size (1e-8 is
asked, leaving a factor 100 for the conditioning of the stiffness). Frequencies use K_t,
exact in natural and basic coordinates and from central differences of step 6e-6 in the
pose families (error of order 1e-10 relative in K): 1e-8 relative is asked.
"""

import numpy as np
import pytest
import scipy.optimize

from mbtools import MassProperties, Mechanism, formulate
from mbtools.dynamics import MultibodySystem, Spring, inverse_dynamics
from mbtools import EquilibriumError, linearize, natural_modes, static_equilibrium
from mbtools.errors import AccuracyWarning, InputError

FAMILIES = ["natural", "basic", "relative", "reference_point"]
G = 9.81


def point(system, q, name):
    return system.model.point(q, name)


def pendulum(length=1.0, mass=2.0, driver=False) -> Mechanism:
    m = Mechanism("pendulum")
    m.add_ground({"O": (0.0, 0.0)})
    m.add_body("bob", {"O": (0.0, 0.0), "P": (length, 0.0)}, mass=MassProperties(mass, (length, 0.0), 0.0))
    m.add_revolute("ground", "bob", at="O")
    if driver:
        m.add_angle_driver("swing", tail="O", head="P")
    return m


def double_pendulum(length=1.0, mass=1.0, ground=None) -> Mechanism:
    m = Mechanism("double pendulum")
    m.add_ground({"O": (0.0, 0.0), **(ground or {})})
    m.add_body("upper", {"O": (0.0, 0.0), "A": (length, 0.0)}, mass=MassProperties(mass, (length, 0.0), 0.0))
    m.add_body("lower", {"A": (length, 0.0), "B": (2 * length, 0.0)},
               mass=MassProperties(mass, (2 * length, 0.0), 0.0))
    m.add_revolute("ground", "upper", at="O")
    m.add_revolute("upper", "lower", at="A")
    return m


def bar_on_spring(length=1.2, mass=3.0, k=500.0, damping=0.0) -> tuple[Mechanism, list]:
    """A uniform bar pivoted at O, held horizontal by a vertical spring at its tip P (at
    its free length there), no gravity: f = √(k L² / J_O) / 2π."""
    m = Mechanism("bar on a spring")
    m.add_ground({"O": (0.0, 0.0), "S": (length, 0.5)})
    m.add_body("bar", {"O": (0.0, 0.0), "P": (length, 0.0)},
               mass=MassProperties(mass, (length / 2, 0.0), mass * length ** 2 / 12))
    m.add_revolute("ground", "bar", at="O")
    return m, [Spring("P", "S", k, 0.5, damping=damping)]


@pytest.mark.parametrize("family", FAMILIES)
def test_a_pendulum_guessed_horizontal_hangs_and_holds_its_weight(family):
    system = MultibodySystem(formulate(pendulum(), family))
    result = static_equilibrium(system)
    np.testing.assert_allclose(point(system, result.q, "P"), [0.0, -1.0], atol=1e-9)
    assert result.stable and result.residual <= 1e-10
    np.testing.assert_allclose(result.reactions["R_O"].force, [0.0, 2.0 * G], atol=1e-8)


@pytest.mark.parametrize("family", FAMILIES)
def test_pendulum_frequency_is_root_g_over_l(family):
    system = MultibodySystem(formulate(pendulum(length=0.7), family))
    modes = natural_modes(system, static_equilibrium(system).q)
    np.testing.assert_allclose(modes.frequencies, [np.sqrt(G / 0.7) / (2 * np.pi)], rtol=1e-8)
    np.testing.assert_allclose(modes.damping_ratios, [0.0], atol=1e-12)


@pytest.mark.parametrize("family", FAMILIES)
def test_double_pendulum_frequencies_are_the_closed_form(family):
    """Equal point masses and lengths: ω² = (g/L)(2 ∓ √2)."""
    system = MultibodySystem(formulate(double_pendulum(length=0.5), family))
    result = static_equilibrium(system)
    np.testing.assert_allclose(point(system, result.q, "B"), [0.0, -1.0], atol=1e-9)
    modes = natural_modes(system, result.q)
    expected = np.sqrt(G / 0.5 * np.array([2 - np.sqrt(2), 2 + np.sqrt(2)])) / (2 * np.pi)
    np.testing.assert_allclose(modes.frequencies, expected, rtol=1e-8)
    # the slow mode swings both bobs the same way, the fast one against each other
    slow, fast = (modes.shapes[:, k] for k in range(2))
    swing = lambda shape, name: system.model.point_jacobian(result.q, name) @ shape
    assert swing(slow, "A")[0] * swing(slow, "B")[0] > 0 > swing(fast, "A")[0] * swing(fast, "B")[0]


def test_the_four_families_give_the_same_eigenvalues():
    values = []
    for family in FAMILIES:
        system = MultibodySystem(formulate(double_pendulum(length=0.8, mass=1.5), family))
        values.append(natural_modes(system, static_equilibrium(system).q).frequencies)
    np.testing.assert_allclose(values, [values[0]] * 4, rtol=1e-8)


@pytest.mark.parametrize("family", FAMILIES)
def test_bar_on_a_spring_frequency_and_damping(family):
    length, mass, k, c = 1.2, 3.0, 500.0, 4.0
    mechanism, loads = bar_on_spring(length, mass, k, c)
    system = MultibodySystem(formulate(mechanism, family), gravity=(0.0, 0.0), loads=loads)
    result = static_equilibrium(system)
    np.testing.assert_allclose(point(system, result.q, "P"), [length, 0.0], atol=1e-9)
    J_O = mass * length ** 2 / 3
    omega = np.sqrt(k * length ** 2 / J_O)
    modes = natural_modes(system, result.q)
    np.testing.assert_allclose(modes.frequencies, [omega / (2 * np.pi)], rtol=1e-8)
    np.testing.assert_allclose(modes.damping_ratios, [c * length ** 2 / (2 * J_O * omega)], rtol=1e-8)
    s = modes.eigenvalues  # one degree of freedom: s = −ζω ± iω√(1 − ζ²), exact
    zeta = c * length ** 2 / (2 * J_O * omega)
    np.testing.assert_allclose(np.sort(s.imag), [-omega * np.sqrt(1 - zeta ** 2), omega * np.sqrt(1 - zeta ** 2)],
                               rtol=1e-8)
    np.testing.assert_allclose(s.real, [-zeta * omega] * 2, rtol=1e-8)


def test_equilibrium_matches_a_constrained_minimum_of_the_potential_energy():
    """A bar pivoted at O under gravity, held by an inclined spring: Newton's answer is the
    minimum of V on Φ = 0 found by SLSQP (to its tolerance, 1e-10 in V)."""
    m = Mechanism("bar, spring and weight")
    m.add_ground({"O": (0.0, 0.0), "S": (0.6, 1.0)})
    m.add_body("bar", {"O": (0.0, 0.0), "P": (1.0, 0.0)}, mass=MassProperties(4.0, (0.5, 0.0), 4.0 / 12))
    m.add_revolute("ground", "bar", at="O")
    system = MultibodySystem(formulate(m, "natural"), loads=[Spring("P", "S", 300.0, 0.7)])
    result = static_equilibrium(system)
    model = system.model
    zero = np.zeros(model.n_coordinates)
    found = scipy.optimize.minimize(
        lambda q: system.energy(q, zero), model.reference_q, method="SLSQP",
        constraints={"type": "eq", "fun": lambda q: system.position_constraints(q)[0],
                     "jac": lambda q: system.position_constraints(q)[1]},
        options={"ftol": 1e-14, "maxiter": 500})
    assert found.success
    np.testing.assert_allclose(result.q, found.x, atol=1e-6)
    assert result.stable


def test_load_steps_reach_the_same_equilibrium():
    mechanism, loads = bar_on_spring(k=200.0)
    system = MultibodySystem(formulate(mechanism, "natural"), loads=loads)
    once = static_equilibrium(system)
    stepped = static_equilibrium(system, load_steps=5)
    np.testing.assert_allclose(stepped.q, once.q, atol=1e-10)
    # the spring stretches under the bar's weight: the tip sits below the unloaded one
    assert point(system, once.q, "P")[1] < -1e-3


def test_a_held_input_carries_the_moment_of_the_weight():
    """The pendulum held at 0.3 rad above the horizontal by its angle driver: the driver's
    torque is the moment of the weight about O, m g L cos 0.3, as inverse dynamics finds it
    at rest there (another solve: position, then multipliers by least squares)."""
    system = MultibodySystem(formulate(pendulum(length=0.9, mass=2.0, driver=True), "natural"))
    result = static_equilibrium(system, inputs={"swing": 0.3})
    np.testing.assert_allclose(point(system, result.q, "P"), 0.9 * np.array([np.cos(0.3), np.sin(0.3)]), atol=1e-9)
    assert abs(abs(result.driving["swing"]) - 2.0 * G * 0.9 * np.cos(0.3)) < 1e-8
    held = inverse_dynamics(system, {"swing": 0.3}, {"swing": 0.0}, {"swing": 0.0})
    assert abs(result.driving["swing"] - held.driving["swing"]) < 1e-9
    np.testing.assert_allclose(result.reactions["R_O"].force, held.reactions["R_O"].force, atol=1e-9)
    assert result.stable  # the driver holds the only motion


def test_the_inverted_pendulum_is_an_unstable_equilibrium():
    system = MultibodySystem(formulate(pendulum(), "natural"))
    top = np.array([0.0, 1.0])
    result = static_equilibrium(system, guess=top)
    np.testing.assert_allclose(result.q, top, atol=1e-12)
    assert not result.stable and result.stiffness_eigenvalues[0] < 0
    with pytest.raises(EquilibriumError, match="unstable.*exp"):
        natural_modes(system, result.q)


def test_a_free_motion_with_nothing_to_hold_it_is_refused():
    system = MultibodySystem(formulate(pendulum(), "natural"), gravity=(0.0, 0.0))
    with pytest.raises(EquilibriumError, match="not isolated.*spring"):
        static_equilibrium(system)


def test_linearize_refuses_a_point_that_is_not_an_equilibrium():
    system = MultibodySystem(formulate(pendulum(), "natural"))
    with pytest.raises(EquilibriumError, match="not an equilibrium.*static_equilibrium"):
        linearize(system, system.model.reference_q)  # horizontal: the weight is unbalanced
    with pytest.raises(EquilibriumError, match="off the constraints"):
        linearize(system, np.array([0.0, -1.1]))
    with pytest.raises(InputError, match="has 3 coordinates"):
        linearize(system, [0.0, -1.0, 0.0])


def test_bad_arguments_are_named():
    system = MultibodySystem(formulate(pendulum(driver=True), "natural"))
    with pytest.raises(InputError, match="not inputs.*swing"):
        static_equilibrium(system, inputs={"swig": 0.1})
    with pytest.raises(InputError, match="load_steps"):
        static_equilibrium(system, load_steps=0)
    with pytest.raises(InputError, match="guess has 3"):
        static_equilibrium(system, guess=[1.0, 0.0, 0.0])
    with pytest.raises(InputError, match="finite"):
        static_equilibrium(system, guess=[np.nan, 0.0])


def test_non_proportional_damping_warns_and_keeps_exact_eigenvalues():
    """A horizontal damper on the upper joint only: the modes of the double pendulum do not
    diagonalise it."""
    m = double_pendulum(length=0.5, ground={"H": (0.3, -0.5)})
    system = MultibodySystem(formulate(m, "natural"), loads=[Spring("A", "H", 0.0, 0.3, damping=3.0)])
    result = static_equilibrium(system)
    with pytest.warns(AccuracyWarning, match="not proportional"):
        modes = natural_modes(system, result.q)
    assert (modes.eigenvalues.real < 0).all() and (modes.damping_ratios > 0).all()


def test_the_mode_animation_swings_each_mode_through_one_cycle():
    """A quarter of the frames in, each panel's chain is at q + a·shape (largest point
    moved by the amplitude), and the page gets one light frame per step."""
    from mbtools.viz.animation import animation_html, embedded_frames
    from mbtools.viz.statics import animate_modes
    system = MultibodySystem(formulate(double_pendulum(length=0.5), "natural"))
    q = static_equilibrium(system).q
    modes = natural_modes(system, q)
    animation = animate_modes(system.model, q, modes.shapes, ["O", "A", "B"], modes.frequencies,
                              amplitude=0.2, frames=16)
    lines = animation._func(4)  # sin(2π·4/16) = 1
    for k, line in enumerate(lines):
        x, y = line.get_data()
        moved = np.column_stack([x, y]) - np.array([point(system, q, n) for n in ("O", "A", "B")])
        assert abs(np.abs(moved).max() - 0.2) < 1e-12 and np.abs(moved[0]).max() < 1e-12
    assert len(embedded_frames(animation_html(animation).data)) == 16


# --- about a steady motion: the top's precession ------------------------------------------

def precessing_top(theta, omega3):
    """The book's top drawn along z under gravity along −x, in relative coordinates (Bryant
    x–y–z angles: precession, tilt, spin), at the slow steady precession of polar angle
    θ with spin ω₃: (system, q, q̇, Ω)."""
    from mbtools.analysis.gyroscope import TopData, steady_precession
    from mbtools.examples.tops import TOP_DATA, heavy_top
    system = MultibodySystem(formulate(heavy_top(axis=(0.0, 0.0, 1.0)), "relative"), gravity=(-G, 0.0, 0.0))
    top = TopData.of(**TOP_DATA)
    precession = steady_precession(top, theta, omega3)
    tilt = np.pi / 2 - theta  # the axis's height above the horizontal plane
    return system, np.array([0.0, tilt, 0.0]), np.array([precession, 0.0, omega3 - precession * np.sin(tilt)]), precession


@pytest.mark.parametrize("theta_deg, omega3", [(60.0, 150.0), (90.0, 100.0), (120.0, 60.0)])
def test_nutation_about_a_steady_precession_is_the_routhian_closed_form(theta_deg, omega3):
    """The one frequency of the linearised top about its steady precession against the
    curvature of the Routhian's potential, differentiated by sympy here — independent of
    both the library's linearisation and its closed form. The two cyclic angles give zero
    frequencies. 1e-9 relative: K_r, C_r are exact (jets); the eigenvalue solve loses
    a few digits to the spread of the double zero eigenvalues."""
    import sympy as sp
    from mbtools.analysis.gyroscope import TopData, nutation_frequency
    from mbtools.examples.tops import TOP_DATA
    theta = np.radians(theta_deg)
    system, q, qd, precession = precessing_top(theta, omega3)
    modes = natural_modes(system, q, qd)
    top = TopData.of(**TOP_DATA)
    th = sp.symbols("theta")
    a = top.I3 * omega3
    b = top.I1 * precession * np.sin(theta) ** 2 + a * np.cos(theta)
    V = (b - a * sp.cos(th)) ** 2 / (2 * top.I1 * sp.sin(th) ** 2) + top.mass * G * top.arm * sp.cos(th)
    assert abs(float(sp.diff(V, th).subs(th, theta))) < 1e-9 * top.mass * G * top.arm  # steady: V' = 0
    expected = np.sqrt(float(sp.diff(V, th, 2).subs(th, theta)) / top.I1) / (2 * np.pi)
    assert modes.frequencies[:2] == pytest.approx([0.0, 0.0], abs=1e-12)
    assert modes.frequencies[2] == pytest.approx(expected, rel=1e-9)
    assert 2 * np.pi * modes.frequencies[2] == pytest.approx(nutation_frequency(top, theta, omega3, precession), rel=1e-9)
    assert modes.damping_ratios == pytest.approx(np.zeros(3), abs=1e-9)
    lin = linearize(system, q, qd)
    assert np.abs(lin.C + lin.C.T).max() < 1e-9 * np.abs(lin.C).max()  # gyroscopic: skew


def test_a_motion_that_is_not_steady_or_not_cyclic_is_refused():
    theta = np.radians(60.0)
    system, q, qd, _ = precessing_top(theta, 150.0)
    with pytest.raises(EquilibriumError, match="not a steady motion"):
        linearize(system, q, qd * np.array([1.1, 1.0, 1.0]))  # too fast a precession for the tilt
    # A straight two-bar chain spinning rigidly about its pivot, gravity off: steady (q̈ = 0),
    # but a torque that stiffens the elbow by (2 + cos θ₁) makes the matrices turn with it.
    from mbtools.dynamics import Torque
    m = Mechanism("spinning chain")
    m.add_ground({"O": (0.0, 0.0)})
    m.add_body("b1", {"O": (0.0, 0.0), "A": (1.0, 0.0)}, mass=MassProperties(1.0, (0.5, 0.0), 1 / 12))
    m.add_body("b2", {"A": (1.0, 0.0), "B": (2.0, 0.0)}, mass=MassProperties(1.0, (1.5, 0.0), 1 / 12))
    m.add_revolute("ground", "b1", at="O")
    m.add_revolute("b1", "b2", at="A")
    chain = MultibodySystem(formulate(m, "relative"), gravity=(0.0, 0.0),
                            loads=[Torque("b2", lambda t, q, qd: -(2.0 + np.cos(q[0])) * q[1])])
    with pytest.raises(EquilibriumError, match="not cyclic"):
        linearize(chain, [0.3, 0.0], [5.0, 0.0])
    steady = MultibodySystem(chain.model, gravity=(0.0, 0.0), loads=[Torque("b2", lambda t, q, qd: -2.0 * q[1])])
    assert linearize(steady, [0.3, 0.0], [5.0, 0.0]).qd is not None  # a constant stiffness: accepted
