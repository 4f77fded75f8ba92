"""Recursive dynamics in relative coordinates (mbtools.dynamics.recursive): the mass matrix
by the composite-rigid-body algorithm and the forces by recursive Newton–Euler against the
relative model's own M and Q − h (assembled from the bodies' placements, no code shared);
q̈ by the articulated-body algorithm and by the closed-loop equations against the
multipliers on the same model; and trajectories against natural coordinates.

Tolerances: M, C and q̈ are computed two ways to round-off, O(1e-14) of their size, and
are held to 1e-10 of it (a wrong term is O(1)); trajectories integrated at rtol 1e-12 by
both families agree to 1e-9 of the length over 0.5 s (measured below), far below any
modelling difference.
"""

import numpy as np
import pytest

from mbtools import Mechanism, formulate, set_masses, uniform_bar
from mbtools.analysis.balancing import uniform_four_bar
from mbtools.analysis.rssr_reactions import rssr_with_masses
from mbtools.dynamics import MultibodySystem, RotationalSpring, Spring, simulate
from mbtools.dynamics.kinematic_tree import KinematicTree
from mbtools.dynamics.mass import mass_matrix
from mbtools.dynamics.multipliers import accelerations as multiplier_accelerations
from mbtools.dynamics.recursive import (Recursive, accelerations, articulated_body_accelerations, bias_forces,
                                        composite_mass_matrix, system_tree)
from mbtools.errors import InputError, MechanismError, SingularJacobianError
from mbtools.examples import cardan_joint, slider_crank
from mbtools.examples.benchmarks import bricard, link_chain
from mbtools.kinematics import solve_position, solve_velocity

RNG = np.random.default_rng(7)


chain = link_chain


def massive_cardan() -> Mechanism:
    m = cardan_joint()
    p = m.point_position
    set_masses(m, {"shaft1": uniform_bar(1.0, p("O"), p("A"), radius=0.05),
                   "shaft2": uniform_bar(2.0, p("O"), p("B"), radius=0.05)})
    return m


def massive_slider_crank() -> Mechanism:
    m = slider_crank()
    p = m.point_position
    set_masses(m, {"crank": uniform_bar(1.0, p("O"), p("A")), "rod": uniform_bar(2.0, p("A"), p("B")),
                   "slider": uniform_bar(0.5, p("B"), p("C"))})
    return m


def open_state(model):
    n = model.n_coordinates
    return model.reference_q + 0.3 * RNG.standard_normal(n), RNG.standard_normal(n)


def loop_state(model, inputs, rates):
    q = solve_position(model, inputs).q
    return q, solve_velocity(model, q, rates)


@pytest.mark.parametrize("name, build, gravity", [
    ("planar chain", lambda: chain(5), (0.0, -9.81)),
    ("spatial chain on ball joints", lambda: chain(3, spatial=True), (0.0, 0.0, -9.81)),
    ("four-bar", uniform_four_bar, (0.0, -9.81)),
    ("slider-crank (prismatic)", massive_slider_crank, (0.0, -9.81)),
    ("Cardan joint (universal)", massive_cardan, (0.0, 0.0, -9.81)),
    ("RSSR", rssr_with_masses, (0.0, 0.0, -9.81)),
])
def test_the_recursive_mass_matrix_and_forces_are_the_model_s(name, build, gravity):
    system = MultibodySystem(formulate(build(), "relative"), gravity)
    model, tree = system.model, system_tree(system)
    q, qd = open_state(model)   # any q: M and C do not need the loops closed
    M = mass_matrix(model, q)
    assert np.abs(composite_mass_matrix(tree, q) - M).max() < 1e-10 * np.abs(M).max()
    forces = system.forces(q, qd, 0.0)          # Q − h of the model: gravity less the velocity terms
    assert np.abs(-bias_forces(tree, q, qd, gravity) - forces).max() < 1e-10 * max(np.abs(forces).max(), 1.0)


@pytest.mark.parametrize("name, build, gravity, inputs", [
    ("four-bar", uniform_four_bar, (0.0, -9.81), {"crank": 0.7}),
    ("slider-crank", massive_slider_crank, (0.0, -9.81), {"crank": 2.0}),
    ("Cardan joint", massive_cardan, (0.0, 0.0, -9.81), {"input": 2.5}),
    ("RSSR", rssr_with_masses, (0.0, 0.0, -9.81), {"crank": 1.0}),
    ("Bricard (a redundant row)", bricard, (0.0, 0.0, -9.81), None),
])
def test_closed_loops_agree_with_the_multipliers_on_the_same_model(name, build, gravity, inputs):
    system = MultibodySystem(formulate(build(), "relative"), gravity)
    model = system.model
    if inputs is None:
        q, qd = model.reference_q, np.zeros(model.n_coordinates)   # released at rest from its drawing
    else:
        q, qd = loop_state(model, inputs, {k: 1.7 for k in inputs})
    expected, lam_expected = multiplier_accelerations(system, q, qd, 0.0, stabilised=False)
    computed, lam = accelerations(system, q, qd, 0.0, stabilised=False)
    scale = max(np.abs(expected).max(), 1.0)
    assert np.abs(computed - expected).max() < 1e-10 * scale
    assert np.abs(lam - lam_expected).max() < 1e-8 * max(np.abs(lam_expected).max(), 1.0)


def test_the_articulated_body_algorithm_with_springs_agrees_with_the_multipliers():
    """An open planar chain of 6 with a spring from its tip to the ground and torsional
    springs at two joints: τ from the loads, q̈ in O(n)."""
    mechanism = chain(6)
    mechanism.bodies["ground"].points["S"] = np.array([3.0, 2.0])
    system = MultibodySystem(formulate(mechanism, "relative"), (0.0, -9.81),
                             loads=[Spring("P6", "S", 50.0, 1.0, damping=2.0), RotationalSpring("bar1", "bar2", 30.0),
                                    RotationalSpring("ground", "bar0", 10.0, damping=0.5)])
    q, qd = open_state(system.model)
    expected, _ = multiplier_accelerations(system, q, qd, 0.0, stabilised=False)
    computed, lam = accelerations(system, q, qd, 0.0)
    assert lam.size == 0
    assert np.abs(computed - expected).max() < 1e-10 * np.abs(expected).max()


def test_an_open_chain_in_relative_coordinates_follows_natural_coordinates():
    """Five bars released from a zig-zag, 0.5 s: the tip by the recursive formulation
    against natural coordinates (measured 2e-11 m)."""
    mechanism = chain(5)
    relative = MultibodySystem(formulate(mechanism, "relative"), (0.0, -9.81))
    natural = MultibodySystem(formulate(mechanism, "natural"), (0.0, -9.81))
    times = np.linspace(0.0, 0.5, 6)
    a = simulate(relative, 0.5, "recursive", rtol=1e-12, t_eval=times, progress=False)
    b = simulate(natural, 0.5, "multipliers", rtol=1e-12, t_eval=times, progress=False)
    assert np.abs(a.point("P5") - b.point("P5")).max() < 1e-9 * 5.0


def test_the_four_bar_by_the_semi_recursive_equations_follows_natural_coordinates():
    """The uniform four-bar (one cut joint) falling from its drawing, 0.5 s at rtol 1e-12:
    its coupler points by the recursive formulation in relative coordinates against natural
    coordinates (1e-9 m, bars of about 1 m: a thousand times the integrators' tolerance)."""
    mechanism = uniform_four_bar()
    relative = MultibodySystem(formulate(mechanism, "relative"), (0.0, -9.81))
    natural = MultibodySystem(formulate(mechanism, "natural"), (0.0, -9.81))
    times = np.linspace(0.0, 0.5, 6)
    a = simulate(relative, 0.5, "recursive", rtol=1e-12, t_eval=times, progress=False)
    b = simulate(natural, 0.5, "multipliers", rtol=1e-12, t_eval=times, progress=False)
    moved = max(np.abs(b.point(p) - b.point(p)[0]).max() for p in ("A", "B"))
    assert moved > 0.1   # it does fall
    for point in ("A", "B"):
        assert np.abs(a.point(point) - b.point(point)).max() < 1e-9, point


def test_bricard_by_the_recursive_formulation_follows_natural_coordinates():
    """Bricard's mechanism (IFToMM A04) falling from its drawing, 0.5 s: every point by the
    recursive formulation (one loop, one redundant row) against natural coordinates."""
    mechanism = bricard()
    relative = MultibodySystem(formulate(mechanism, "relative"), (0.0, 0.0, -9.81))
    natural = MultibodySystem(formulate(mechanism, "natural"), (0.0, 0.0, -9.81))
    times = np.linspace(0.0, 0.5, 6)
    a = simulate(relative, 0.5, "recursive", rtol=1e-12, t_eval=times, progress=False)
    b = simulate(natural, 0.5, "multipliers", rtol=1e-12, t_eval=times, progress=False)
    for point in ("B", "C", "D", "E"):
        assert np.abs(a.point(point) - b.point(point)).max() < 1e-9, point


def test_the_tree_numbers_its_stages_as_the_relative_model_does():
    model = formulate(rssr_with_masses(), "relative")
    tree = KinematicTree(model.mechanism, model.facts.cut_joints, model.coordinate_names)
    assert sorted(k for s in tree.stages for k in s.coordinates) == list(range(model.n_coordinates))
    assert [s.body for s in tree.stages] == ["crank", "coupler", "rocker"]
    assert [len(s.motions) for s in tree.stages] == [1, 3, 3]      # a revolute, then two ball joints
    # a planar ABA call on a pendulum: θ̈ = −(3g/2L) cos θ for a uniform bar
    bar = chain(1)
    q = np.array([0.4])
    qdd = articulated_body_accelerations(KinematicTree(bar), q, np.zeros(1), np.zeros(1), (0.0, -9.81))
    assert qdd[0] == pytest.approx(-1.5 * 9.81 * np.cos(0.4), rel=1e-13)


def test_bad_input_is_named():
    with pytest.raises(InputError, match="relative coordinates"):
        Recursive(MultibodySystem(formulate(chain(2), "natural")))
    with pytest.raises(InputError, match="relative coordinates"):
        simulate(MultibodySystem(formulate(chain(2), "natural")), 0.1, "recursive", progress=False)
    massless = Mechanism("massless")
    massless.add_ground({"O": (0.0, 0.0)})
    massless.add_body("bar", {"O": (0.0, 0.0), "P": (1.0, 0.0)})
    massless.add_revolute("ground", "bar", at="O")
    with pytest.raises(MechanismError, match="no mass properties"):
        KinematicTree(massless)


def test_state_by_state_the_recursive_accelerations_are_those_of_natural_coordinates():
    """The same state in two families (mbtools.analysis.recursive_checks): a 20-bar chain at
    a random state and Bricard moving on its constraints; the points' accelerations by the
    ABA (open chain) and by the closed-loop equations (Bricard) against natural coordinates'
    q̈. Both are exact to round-off (measured 4e-13 and 4e-15 of accelerations of 10–20 m/s²)."""
    from mbtools.analysis.recursive_checks import natural_state, point_accelerations

    rng = np.random.default_rng(3)
    mechanism = link_chain(20)
    relative = MultibodySystem(formulate(mechanism, "relative"), (0.0, -9.81))
    natural = MultibodySystem(formulate(mechanism, "natural"), (0.0, -9.81))
    tree = system_tree(relative)
    q, qd = 0.3 * rng.standard_normal(20), rng.standard_normal(20)
    qn, qdn = natural_state(natural.model, tree, q, qd)
    phi, J = natural.position_constraints(qn)
    assert np.abs(phi).max() < 1e-12 and np.abs(J @ qdn).max() < 1e-12
    qdd, _ = accelerations(relative, q, qd, 0.0)
    qdd_natural, _ = multiplier_accelerations(natural, qn, qdn, 0.0, stabilised=False)
    points = [f"P{k}" for k in range(1, 21)]
    expected = np.array([natural.model.point_acceleration(qn, qdn, qdd_natural, p) for p in points])
    computed = point_accelerations(tree, q, qd, qdd, points)[:, :2]
    assert np.abs(computed - expected).max() < 1e-10 * np.abs(expected).max()

    relative = MultibodySystem(formulate(bricard(), "relative"), (0.0, 0.0, -9.81))
    natural = MultibodySystem(formulate(bricard(), "natural"), (0.0, 0.0, -9.81))
    tree = system_tree(relative)
    q = relative.model.reference_q
    qd = 2.0 * np.linalg.svd(relative.position_constraints(q)[1])[2][-1]   # along its one freedom
    qn, qdn = natural_state(natural.model, tree, q, qd)
    assert np.abs(natural.position_constraints(qn)[1] @ qdn).max() < 1e-12
    qdd, _ = accelerations(relative, q, qd, 0.0, stabilised=False)
    qdd_natural, _ = multiplier_accelerations(natural, qn, qdn, 0.0, stabilised=False)
    points = ["B", "C", "D", "E"]
    expected = np.array([natural.model.point_acceleration(qn, qdn, qdd_natural, p) for p in points])
    assert np.abs(point_accelerations(tree, q, qd, qdd, points) - expected).max() < 1e-10 * np.abs(expected).max()


def branched_tree() -> Mechanism:
    """A spatial tree that branches above the ground, with every width of stage: a hub on a
    revolute carrying an arm on a ball joint (a slider on a cylindrical pair beyond it) and a
    welded plate (a stick on a translational pair beyond it)."""
    m = Mechanism("branched tree", dimension=3)
    m.add_ground({"O": (0.0, 0.0, 0.0)}, vectors={"z": (0.0, 0.0, 1.0)})
    m.add_body("hub", {"O": (0.0, 0.0, 0.0), "A": (1.0, 0.0, 0.0), "B": (0.0, 1.0, 0.0)}, vectors={"z": (0.0, 0.0, 1.0)},
               mass=uniform_bar(2.0, (0.0, 0.0, 0.0), (1.0, 0.0, 0.0), radius=0.1))
    m.add_revolute("ground", "hub", at="O", axis="z")
    e = np.array([1.0, 0.0, 0.3]) / np.linalg.norm([1.0, 0.0, 0.3])
    A, D, F = np.array([1.0, 0.0, 0.0]), np.array([1.0, 0.0, 0.0]) + 1.2 * e, np.array([1.0, 0.0, 0.0]) + 0.8 * e
    m.add_body("arm", {"A": tuple(A), "D": tuple(D)}, vectors={"e": tuple(e)}, mass=uniform_bar(1.0, A, D, radius=0.05))
    m.add_spherical("hub", "arm", at="A")
    m.add_body("plate", {"B": (0.0, 1.0, 0.0), "E": (0.0, 1.5, 0.5)}, vectors={"d": (0.0, 0.0, 1.0), "x": (1.0, 0.0, 0.0)},
               mass=uniform_bar(0.5, (0.0, 1.0, 0.0), (0.0, 1.5, 0.5), radius=0.05))
    m.add_rigid("hub", "plate")
    m.add_body("slider", {"F": tuple(F), "G": tuple(F + (0.0, 0.2, 0.0))}, vectors={"e": tuple(e)},
               mass=uniform_bar(0.3, F, F + (0.0, 0.2, 0.0), radius=0.05))
    m.add_cylindrical("arm", "slider", axis="e", points=("D", "F"))
    m.add_body("stick", {"H": (0.0, 1.5, 0.8), "K": (0.3, 1.5, 0.8)}, vectors={"d": (0.0, 0.0, 1.0), "y": (1.0, 0.0, 0.0)},
               mass=uniform_bar(0.4, (0.0, 1.5, 0.8), (0.3, 1.5, 0.8), radius=0.05))
    m.add_translational("plate", "stick", axis="d", points=("E", "H"))
    return m


def test_a_branched_tree_with_every_width_of_stage_gives_the_model_s_dynamics():
    """Stages of 1, 3, 2, 0 and 1 motions, two branches: M (R.3) and C (R.4) against the
    relative model's own, and the ABA's q̈ (R.1)–(R.2) under random generalized forces
    against M⁻¹ (τ + Q − h) — round-off apart (measured 6e-16, 7e-16 and 9e-15)."""
    system = MultibodySystem(formulate(branched_tree(), "relative"), (0.0, 0.0, -9.81))
    tree = system_tree(system)
    assert [(s.parent, len(s.motions)) for s in tree.stages] == [(-1, 1), (0, 3), (1, 2), (0, 0), (3, 1)]
    n = system.model.n_coordinates
    q, qd = open_state(system.model)
    tau = RNG.standard_normal(n)
    M, forces = mass_matrix(system.model, q), system.forces(q, qd, 0.0)
    assert np.abs(composite_mass_matrix(tree, q) - M).max() < 1e-10 * np.abs(M).max()
    assert np.abs(-bias_forces(tree, q, qd, system.gravity) - forces).max() < 1e-10 * np.abs(forces).max()
    expected = np.linalg.solve(M, tau + forces)
    computed = articulated_body_accelerations(tree, q, qd, tau, system.gravity)
    assert np.abs(computed - expected).max() < 1e-10 * np.abs(expected).max()


def test_the_articulated_body_algorithm_names_a_joint_whose_bodies_cannot_move_along_a_motion():
    """Slender bars (no inertia about their own line) on ball joints: the joint farthest from
    the ground is named."""
    m = Mechanism("slender chain", dimension=3)
    m.add_ground({"P0": (0.0, 0.0, 0.0)})
    for i in range(3):
        a, b = (float(i), 0.2 * (i % 2), 0.0), (float(i + 1), 0.2 * ((i + 1) % 2), 0.0)
        m.add_body(f"bar{i}", {f"P{i}": a, f"P{i + 1}": b}, mass=uniform_bar(1.0, a, b))
        m.add_spherical("ground" if i == 0 else f"bar{i - 1}", f"bar{i}", at=f"P{i}")
    with pytest.raises(SingularJacobianError, match="beyond joint 'S_P2' have no inertia"):
        articulated_body_accelerations(KinematicTree(m), np.full(9, 0.1), np.ones(9), np.zeros(9), (0.0, 0.0, -9.81))
