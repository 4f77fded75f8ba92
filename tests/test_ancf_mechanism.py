"""Flexible mechanisms (mbtools.dynamics.ancf_mechanism, ancf_mechanism_motion): ANCF beams
and rigid bodies in natural coordinates on one coordinate vector with one constant mass
matrix, against closed forms, the beam's own supports, the project's rigid core, their own
energy and their own refinement.

Tolerances, each justified:

* exact algebra (the closed-form body matrix against sympy's, the translation's kinetic
  energy, the weight's generalized force and potential): round-off, 1e-13 relative;
* the analytical Jacobian of the equations of motion against central differences of step
  1e-4: their truncation error, measured 1.5e-6 relative (1.5e-4 at step 1e-3: it falls as
  h²); 1e-4;
* Φ_t and γ (F.9), (F.10) against central differences of Φ along the path q + s q̇ + ½s² q̈
  at t + s, step 1e-4: truncation of order h² times higher derivatives, measured 1.5e-8 and
  1.9e-9; 1e-6;
* the cantilever clamped to a rigid body (unit beam, EA L²/EI = 10⁶, tip load α = PL²/EI =
  1e-4), 8 elements: cubic Hermite elements hold the linear cantilever's cubic exactly, so
  the deviation from PL³/3EI is the geometric nonlinearity (of order α² = 1e-8) and round-off
  amplified by the condition of K (EA L²/EI): measured 1.2e-9; 1e-6. Against
  BeamSupports(clamped=[0]): the clamp (F.6) fixes the slope's direction only, the support
  its length too (the root's axial strain, zero in the exact solution); the difference
  vanishes with the mesh (measured 1.4e-6, 3.1e-8, 3.8e-10, 3.7e-12 relative on 1, 2, 4, 8
  elements); 1e-8 at 8. The clamp's multiplier times the body's length is the root moment
  P L: 1e-8 relative (measured 1e-15);
* the stiff slider-crank released under gravity against the rigid one (mbtools.simulate,
  natural coordinates, rtol 1e-10) over 0.4 s, the slider running 13 cm: the deviation of
  the slider is the rod's compliance, ∝ 1/E, plus the integration error at rtol 1e-4
  (measured 3.53e-5 m at E = 20 GPa; 3.78e-6 m at 200 GPa, 3.33e-6 at rtol 1e-5: an
  integration error of 4.4e-7 m); asserted below 1e-5 m (7e-5 of the crank) at 200 GPa,
  and a ratio between the two moduli of 8–12.5 (measured 9.35);
* energy of the undriven flexible double pendulum over 1 s: the integration error at rtol
  (projection after every step included), measured 1.9e-7 and 1.3e-8 of the largest
  potential energy (111 J) at rtol 1e-4 and 1e-5 (about 2e-3 rtol); asserted 1e-2 rtol,
  falling by more than 5 per decade of rtol (measured 15); constraint residuals at the
  outputs, projected to the kernels' tolerance (1e-13 of each row's unit): measured below
  1e-13; 1e-12;
* the flexible slider-crank at speed, the rod's midpoint deflection on 2, 4, 8 elements
  (peaks 10.072, 10.182, 10.184 mm: differences 1.1e-4 and 2.3e-6 m; at 0.1 s −8.809,
  −8.549, −8.534 mm: differences 2.6e-4 and 1.5e-5 m); the time integration error at rtol
  1e-5 is below 2.4e-8 m (against rtol 1e-6), far below them: the differences must shrink
  by more than 4 per doubling (measured 47 and 17).
"""

import numpy as np
import pytest
import sympy as sp

from mbtools import MassProperties, Mechanism, formulate
from mbtools.dynamics import MultibodySystem, simulate
from mbtools.dynamics.ancf_beam import BeamSupports, straight_beam
from mbtools.dynamics.ancf_mechanism import FlexibleMechanism, rigid_body_mass
from mbtools.dynamics.ancf_mechanism_motion import (MechanismEquations, evaluate_constraints, simulate_mechanism,
                                                    static_equilibrium)
from mbtools.dynamics.ancf_motion import static_solution
from mbtools.dynamics.symbolic import planar_element_mass
from mbtools.errors import AssemblyError, InputError, MechanismError, UnknownNameError
from mbtools.analysis.flexible_mechanisms import chord_deflection, flexible_slider_crank, smooth_start

T = sp.Symbol("t")
UNIT_BEAM = {"youngs_modulus": 1e6, "area": 1.0, "second_moment": 1e-6, "density": 1.0}   # EI = ρA = 1, EA = 1e6


# ---- mechanisms ---------------------------------------------------------------------------
def clamped_cantilever(elements: int, support: str, load: float):
    """A unit cantilever (L = 1) clamped to a rigid body — a wall on two ground points, or a
    crank O → A held at angle 0 by a driver (the beam starts at A) — or to the ground along
    its reference slope."""
    m = FlexibleMechanism(f"cantilever on a {support}", gravity=(0.0, 0.0))
    start = 0.3 if support == "crank" else 0.0
    beam = straight_beam(1.0, elements, start=(start, 0.0), **UNIT_BEAM)
    m.add_points({"tip": (start + 1.0, 0.0)})
    if support == "wall":
        m.add_ground({"W": (-0.2, 0.0), "A": (0.0, 0.0)})
        m.add_rigid_body("support", "W", "A", mass=1.0)
    elif support == "ground":
        m.add_ground({"A": (0.0, 0.0)})
    else:
        m.add_ground({"O": (0.0, 0.0)})
        m.add_points({"A": (start, 0.0)})
        m.add_rigid_body("support", "O", "A", mass=1.0)
        m.add_crank_driver("hold", "support", 0.0)
    m.add_beam("rod", beam, nodes={0: "A", -1: "tip"})
    m.add_clamp("weld", "rod", 0, body=None if support == "ground" else "support")
    m.add_load("P", "tip", (0.0, -load))
    return m, beam


#: The stiff slider-crank released under gravity: crank 0.15 m at 60°, rod 0.3 m of 2 elements.
FALLING = {"crank": 0.15, "rod": 0.3, "crank_angle": np.radians(60.0), "crank_mass": 0.3, "slider_mass": 0.2,
           "density": 7800.0, "gravity": (0.0, -9.81)}


def rigid_slider_crank_path(times: np.ndarray, rod_mass: float, B: np.ndarray) -> np.ndarray:
    """The slider x(t) of the same slider-crank, rigid, by the project's core (natural
    coordinates, mbtools.simulate at rtol 1e-10)."""
    p = FALLING
    A = p["crank"] * np.array([np.cos(p["crank_angle"]), np.sin(p["crank_angle"])])
    m = Mechanism("rigid slider-crank")
    m.add_ground({"O": (0.0, 0.0), "G1": (0.0, 0.0), "G2": (1.0, 0.0)})
    m.add_body("crank", {"O": (0.0, 0.0), "A": tuple(A)},
               mass=MassProperties(p["crank_mass"], tuple(A / 2), p["crank_mass"] * p["crank"] ** 2 / 12))
    m.add_body("rod", {"A": tuple(A), "B": tuple(B)},
               mass=MassProperties(rod_mass, tuple((A + B) / 2), rod_mass * p["rod"] ** 2 / 12))
    # the slider translates only: its inertia does not enter, G at B as the point mass
    m.add_body("slider", {"B": tuple(B), "C": (B[0] + 0.1, 0.0)}, mass=MassProperties(p["slider_mass"], tuple(B), 1e-4))
    m.add_revolute("ground", "crank", at="O")
    m.add_revolute("crank", "rod", at="A")
    m.add_revolute("rod", "slider", at="B")
    m.add_prismatic("ground", ("G1", "G2"), "slider", ("B", "C"))
    trajectory = simulate(MultibodySystem(formulate(m, "natural"), gravity=(0.0, -9.81)), float(times[-1]),
                          t_eval=times, rtol=1e-10)
    return trajectory.point("B")[:, 0]


#: The fast slider-crank (the classic's geometry: crank 0.152 m, rod 0.304 m): the rod a
#: round bar of 10 mm of a soft material, E = 10 GPa, ρ = 2770 kg/m³ (EI = 4.9 N·m², first
#: pinned-pinned bending frequency 507 rad/s, Euler load 524 N), crank brought smoothly to
#: Ω = 150 rad/s, θ̇ = Ω (1 − exp(−(t/τ)²)), τ = 0.03 s, no gravity.
OMEGA, TAU = 150.0, 0.03
FAST = {"crank": 0.152, "rod": 0.304, "crank_angle": 0.0, "crank_mass": 0.0366, "slider_mass": 0.033,
        "youngs_modulus": 1e10, "density": 2770.0, "gravity": (0.0, 0.0),
        "drive": smooth_start(OMEGA, TAU)}


def slider_crank(elements: int, youngs_modulus: float = 1e10, drive=False, **data):
    """mbtools.analysis.flexible_mechanisms's slider-crank (free unless ``drive`` is given), and its rod."""
    m = flexible_slider_crank(elements, youngs_modulus=youngs_modulus, drive=drive, **data)
    return m, m.beams["rod"].beam


def flexible_double_pendulum(elements: int = 4) -> FlexibleMechanism:
    """A rigid bar O → A (0.5 m, 2 kg) pinned to the ground, and a soft beam A → B (1 m;
    Berzeri & Shabana's section, E = 0.7 MPa) pinned at A: released horizontal."""
    m = FlexibleMechanism("flexible double pendulum")
    m.add_ground({"O": (0.0, 0.0)})
    m.add_points({"A": (0.5, 0.0)})
    m.add_rigid_body("bar", "O", "A", mass=2.0)
    beam = straight_beam(1.0, elements, youngs_modulus=0.7e6, area=0.0018, second_moment=1.215e-8, density=5540.0,
                         start=(0.5, 0.0))
    m.add_beam("rod", beam, nodes={0: "A"})
    return m


# ---- the assembly ----------------------------------------------------------------------
def floating_chain() -> FlexibleMechanism:
    """A rigid body P → Q (1.5 kg, G off its line), a beam Q → R sharing Q, a point mass at R:
    nothing on the ground, so that a translation is a motion of every coordinate."""
    m = FlexibleMechanism("floating chain")
    m.add_points({"P": (0.1, 0.2), "Q": (0.5, 0.5)})
    m.add_rigid_body("plate", "P", "Q", mass=1.5, centre=(0.2, 0.1), inertia=0.02)
    m.add_beam("rod", straight_beam(0.6, 3, start=(0.5, 0.5), angle=-0.3, **UNIT_BEAM), nodes={0: "Q"})
    m.add_point_mass("bob", "rod.3", 0.25)
    return m


def test_the_rigid_body_matrix_is_the_symbolic_one():
    for mass, L, a, b, J in [(2.0, 0.7, 0.3, -0.1, 0.05), (0.3, 0.15, 0.075, 0.0, 0.3 * 0.15**2 / 12)]:
        exact = np.array(planar_element_mass(mass, L, a, b, J), dtype=float)
        assert np.abs(rigid_body_mass(mass, L, a, b, J) - exact).max() < 1e-13 * np.abs(exact).max()


def test_one_constant_mass_matrix_weighs_the_whole_mechanism():
    m = floating_chain()
    total = 1.5 + 0.6 * UNIT_BEAM["density"] * UNIT_BEAM["area"] + 0.25
    M = m.mass_matrix
    assert np.array_equal(M, M.T) and np.linalg.eigvalsh(M).min() > 0
    points = [k for k, name in enumerate(m.coordinate_names) if "slope" not in name]
    for axis in (0, 1):                        # a translation: every point's coordinate along the axis, no slope
        v = np.zeros(m.n_coordinates)
        v[points[axis::2]] = 1.0
        assert abs(v @ M @ v / total - 1.0) < 1e-13
        assert abs(m.applied_force @ v - total * m.gravity[axis]) < 1e-13 * total * 9.81
    # the potential −Fᵀz is Σ m g y_G: the plate's G at (0.1, 0.2) + 0.2 along P→Q + 0.1 to its left
    d = np.array([0.4, 0.3]) / 0.5
    y_plate = 0.2 + 0.2 * d[1] + 0.1 * d[0]
    rod = m.beams["rod"].beam
    y_rod, y_bob = rod.nodes[:, 1].mean(), rod.nodes[-1, 1]          # evenly spaced nodes: the mean is the middle
    expected = 9.81 * (1.5 * y_plate + 0.6 * y_rod + 0.25 * y_bob)
    assert abs(m.potential_energy(m.reference_q) - expected) < 1e-13 * abs(expected)


def every_row_kind(drive) -> FlexibleMechanism:
    """The fast slider-crank (a distance, a slider and a crank row) with its rod also clamped
    to the crank (a clamp row)."""
    m, _ = slider_crank(3, **{**FAST, "drive": drive})
    m.add_clamp("weld", "rod", 0, body="crank")
    return m


def test_the_jacobian_of_the_equations_of_motion_is_their_derivative():
    m = every_row_kind(FAST["drive"])
    equations = MechanismEquations(m)
    n = m.n_coordinates
    rng = np.random.default_rng(7)
    y = equations.project(0.05, np.concatenate([m.reference_q + 1e-3 * rng.standard_normal(n), np.zeros(n)]))
    y[n:] += rng.standard_normal(n)
    J, h = equations.jacobian(0.05, y), 1e-4
    differences = np.array([(equations.derivative(0.05, y + h * e) - equations.derivative(0.05, y - h * e)) / (2 * h)
                            for e in np.eye(2 * n)]).T
    assert np.abs(J - differences).max() < 1e-4 * np.abs(J).max()


def test_the_time_terms_are_the_derivatives_of_phi_along_a_path():
    m = every_row_kind(0.3 + 2.0 * T + 0.5 * sp.sin(3.0 * T))
    rng = np.random.default_rng(3)
    n, t, h = m.n_coordinates, 0.4, 1e-4
    q, qd, qdd = m.reference_q + 0.05 * rng.standard_normal(n), rng.standard_normal(n), rng.standard_normal(n)
    path = lambda s: evaluate_constraints(m, q + s * qd + 0.5 * s * s * qdd, t + s).phi
    c = evaluate_constraints(m, q, t, qd)
    first = (path(h) - path(-h)) / (2 * h)
    second = (path(h) - 2 * path(0.0) + path(-h)) / h**2
    assert np.abs(first - (c.jacobian @ qd + c.rate)).max() < 1e-6                  # Φ̇ = Φ_q q̇ + Φ_t
    assert np.abs(second - (c.jacobian @ qdd - c.gamma)).max() < 1e-6               # Φ̈ = Φ_q q̈ − γ


# ---- 1. statics --------------------------------------------------------------------------
@pytest.mark.parametrize("support", ["wall", "crank", "ground"])
def test_a_cantilever_clamped_to_a_rigid_body_bends_as_p_l3_over_3_ei(support):
    load = 1e-4                                                      # α = PL²/EI
    m, beam = clamped_cantilever(8, support, load)
    solution = static_equilibrium(m, load_steps=1)
    tip = m.point(solution.q, "tip")
    deflection = -tip[1]
    assert abs(deflection / (load / 3.0) - 1.0) < 1e-6
    supported = BeamSupports(straight_beam(1.0, 8, **UNIT_BEAM), clamped=[0])
    e = static_solution(supported, supported.beam.point_load(-1, (0.0, -load)), load_steps=1)
    assert abs(deflection / -supported.beam.position(e, -1)[1] - 1.0) < 1e-8
    # the clamp's row r,ₓ × (r_j − r_i) (or r,ₓ × d₀): its multiplier times the arm is the root moment P L
    assert m.rows[-1].owner == "clamp 'weld'"
    arm = m.bodies["support"].length if m.bodies else 1.0              # |r_j − r_i|, or the unit ground direction
    assert abs(solution.multipliers[-1] * arm / load - 1.0) < 1e-8
    residual = evaluate_constraints(m, solution.q).phi / m.residual_scales
    assert np.abs(residual).max() < 1e-12
    assert np.allclose(m.point(solution.q, "A"), [0.3 if support == "crank" else 0.0, 0.0], rtol=0, atol=1e-14)


# ---- 2. the stiff limit ------------------------------------------------------------------
def test_a_stiff_flexible_slider_crank_falls_as_the_rigid_one():
    times = np.linspace(0.0, 0.4, 41)
    deviation, rigid = {}, None
    for E in (2e10, 2e11):
        m, beam = slider_crank(2, E, **FALLING)
        if rigid is None:
            rigid = rigid_slider_crank_path(times, beam.total_mass(), beam.nodes[-1])
        motion = simulate_mechanism(m, 0.4, rtol=1e-4, t_eval=times)
        deviation[E] = np.abs(motion.point("B")[:, 0] - rigid).max()
    assert np.ptp(rigid) > 0.1                                        # the slider ran 13 cm
    assert deviation[2e11] < 1e-5
    assert 8.0 < deviation[2e10] / deviation[2e11] < 12.5


# ---- 3. energy -------------------------------------------------------------------------
def test_an_undriven_flexible_mechanism_keeps_its_energy_and_its_constraints():
    times = np.linspace(0.0, 1.0, 51)
    drift = {}
    for rtol in (1e-4, 1e-5):
        motion = simulate_mechanism(flexible_double_pendulum(), 1.0, rtol=rtol, t_eval=times)
        parts = motion.energy_parts()
        scale = np.abs(parts["gravity"]).max()
        drift[rtol] = np.abs(parts["total"] - parts["total"][0]).max() / scale
        assert drift[rtol] < 1e-2 * rtol
        residuals = motion.residuals()
        assert residuals["position"].max() < 1e-12 and residuals["velocity"].max() < 1e-12
    assert parts["strain"].max() > 0.1 * parts["kinetic"].max()    # the beam's strain takes part
    assert drift[1e-5] < drift[1e-4] / 5


# ---- 4. convergence ----------------------------------------------------------------------
def test_the_flexible_slider_crank_at_speed_converges_with_the_mesh():
    times = np.linspace(0.0, 0.1, 201)
    peak, final = [], []
    for elements in (2, 4, 8):
        m, _ = slider_crank(elements, **FAST)
        motion = simulate_mechanism(m, 0.1, rtol=1e-5, t_eval=times)
        w = chord_deflection(motion, f"rod.{elements // 2}")
        peak.append(np.abs(w).max())
        final.append(w[-1])
        assert motion.residuals()["position"].max() < 1e-12
    assert peak[-1] > 5e-3                                          # about 1 cm on a rod of 30 cm
    for values in (peak, final):
        differences = np.abs(np.diff(values))
        assert differences[1] < differences[0] / 4


# ---- 5. bad input ------------------------------------------------------------------------
def base():
    m = FlexibleMechanism("bad")
    m.add_ground({"O": (0.0, 0.0)})
    m.add_points({"A": (0.2, 0.0)})
    return m


def with_beam():
    m = base()
    m.add_rigid_body("crank", "O", "A", mass=1.0)
    m.add_beam("rod", straight_beam(0.5, 2, start=(0.2, 0.0), **UNIT_BEAM), nodes={0: "A"})
    return m


BAD = [
    ("a beam node on a missing point",
     lambda: base().add_beam("rod", straight_beam(0.5, 2, **UNIT_BEAM), nodes={0: "Q"}),
     UnknownNameError, r"beam 'rod', node 0: there is no point 'Q'"),
    ("a beam node off its point",
     lambda: base().add_beam("rod", straight_beam(0.5, 2, **UNIT_BEAM), nodes={0: "A"}),
     MechanismError, r"beam 'rod': node 0 is at \[0.0, 0.0\] but point 'A' is at \[0.2, 0.0\]"),
    ("a node that is not in the beam",
     lambda: base().add_beam("rod", straight_beam(0.5, 2, **UNIT_BEAM), nodes={5: "O"}),
     InputError, r"beam 'rod': 5 is not a node of the beam"),
    ("a body on coinciding points",
     lambda: (lambda m: (m.add_points({"P": (0.0, 0.0)}), m.add_rigid_body("crank", "O", "P", 1.0)))(base()),
     MechanismError, r"rigid body 'crank': its points 'O' and 'P' coincide"),
    ("a body on a missing point", lambda: base().add_rigid_body("crank", "O", "Z", 1.0),
     UnknownNameError, r"rigid body 'crank': there is no point 'Z'"),
    ("a body without mass", lambda: base().add_rigid_body("crank", "O", "A", 0.0),
     InputError, r"rigid body 'crank': mass must be a positive number"),
    ("a negative point mass", lambda: base().add_point_mass("slider", "A", -1.0),
     InputError, r"point mass 'slider': mass must be a positive number"),
    ("a clamp on a node that is not in the beam", lambda: with_beam().add_clamp("weld", "rod", 7, body="crank"),
     InputError, r"clamp 'weld': on beam 'rod': 7 is not a node of the beam"),
    ("a clamp on a missing beam", lambda: with_beam().add_clamp("weld", "bar", 0, body="crank"),
     UnknownNameError, r"clamp 'weld': there is no beam 'bar'"),
    ("a clamp to a missing body", lambda: with_beam().add_clamp("weld", "rod", 0, body="arm"),
     UnknownNameError, r"clamp 'weld': there is no rigid body 'arm'"),
    ("a clamp where the body is not", lambda: with_beam().add_clamp("weld", "rod", -1, body="crank"),
     MechanismError, r"clamp 'weld': node 2 of beam 'rod' is point 'rod.2', not a point of rigid body 'crank'"),
    ("a slider on a missing ground point", lambda: base().add_slider("guide", "A", "G", (1.0, 0.0)),
     UnknownNameError, r"slider 'guide': 'G' is not a ground point"),
    ("a slider on a moving origin", lambda: base().add_slider("guide", "A", "A", (1.0, 0.0)),
     UnknownNameError, r"slider 'guide': 'A' is not a ground point"),
    ("a slider of a ground point", lambda: base().add_slider("guide", "O", "O", (1.0, 0.0)),
     MechanismError, r"slider 'guide': point 'O' is a ground point"),
    ("a slider along no direction", lambda: base().add_slider("guide", "A", "O", (0.0, 0.0)),
     InputError, r"slider 'guide': the direction must not be zero"),
    ("a driver of a missing body", lambda: base().add_crank_driver("motor", "crank", 0.0),
     UnknownNameError, r"crank driver 'motor': there is no rigid body 'crank'"),
    ("a driver given a bare function", lambda: with_beam().add_crank_driver("motor", "crank", lambda t: t),
     InputError, r"prescribed motion of 'motor'"),
    ("a name used twice", lambda: with_beam().add_point_mass("crank", "A", 1.0),
     MechanismError, r"the name 'crank' of this point mass is taken"),
    ("a load on a missing point", lambda: base().add_load("P", "tip", (0.0, 1.0)),
     UnknownNameError, r"load 'P': there is no point 'tip'"),
]


@pytest.mark.parametrize("case, build, error, message", BAD, ids=[case for case, *_ in BAD])
def test_bad_input_is_named_where_it_is_given(case, build, error, message):
    with pytest.raises(error, match=message):
        build()


def test_a_point_without_mass_and_an_impossible_assembly_are_named():
    m = base()
    m.add_points({"P": (0.5, 0.5)})
    m.add_rigid_body("crank", "O", "A", mass=1.0)
    with pytest.raises(MechanismError, match=r"no mass moves P.x, P.y"):
        simulate_mechanism(m, 0.1)
    m = base()
    m.add_ground({"G": (0.0, 0.5)})
    m.add_rigid_body("crank", "O", "A", mass=1.0)                  # |OA| = 0.2 cannot reach y = 0.5
    m.add_slider("guide", "A", "G", (1.0, 0.0))
    with pytest.raises(AssemblyError, match=r"owned by (rigid body 'crank'|slider 'guide')"):
        simulate_mechanism(m, 0.1)


def test_a_call_that_fails_leaves_the_mechanism_as_it_was():
    m = base()
    with pytest.raises(UnknownNameError):
        m.add_rigid_body("crank", "O", "Z", 1.0)
    m.add_rigid_body("crank", "O", "A", 1.0)                        # the name was not taken by the failed call
    assert list(m.bodies) == ["crank"] and len(m.rows) == 1
