"""Joint reactions body by body (mbtools.dynamics.body_reactions), checked against
Newton–Euler equations written out here, across the four families, against the driving
torque of virtual power, and against the reference-point "twin" that the library used
before (kept here only as an independent cross-check); and the loads' body wrenches
against their generalized forces.

Tolerances. The reactions are exact to round-off in every method compared here: the
positions are solved to about 1e-13 m, the Newton–Euler systems are well conditioned
(forces of 10–100 N), so 1e-8 (N, N·m; relative 1e-8 on the torque) leaves four or five
orders of margin while catching any term left out (the smallest, the rocker's
gyroscopic couple, is of order 1e-3 N·m). The load identity holds to round-off: 1e-9 of
the largest component.
"""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest
from scipy.linalg import null_space

from mbtools import formulate, solve_position, solve_velocity, uniform_bar
from mbtools.analysis.rssr_reactions import rssr_newton_euler, rssr_with_masses
from mbtools.description import GROUND
from mbtools.dynamics import DriverForce, MultibodySystem, PointForce, RotationalSpring, Spring, Torque, inverse_dynamics
from mbtools.dynamics.body_reactions import body_reactions
from mbtools.dynamics.kernels import least_squares_multipliers
from test_dynamics import falling_four_bar, falling_rscr
from test_shared_point_loads import slider_crank

G = 9.81
GRAVITY = (0.0, 0.0, -G)
FAMILIES = ["natural", "basic", "relative", "reference_point"]
ANGLES = [0.3, 1.2, 2.5, 4.0, 5.6]
OMEGA = 2.0
MASSES = {"crank": 1.0, "coupler": 2.0, "rocker": 1.5}
RADIUS = 0.05
JOINTS = ["R_A0", "S_B", "S_C", "R_D0"]


# ----------------------------------------------------------------- Newton–Euler by hand
def skew(v):
    return np.array([[0.0, -v[2], v[1]], [v[2], 0.0, -v[0]], [-v[1], v[0], 0.0]])


def bar_inertia(m, e, L, r):
    e = e / np.linalg.norm(e)
    return m * (3 * r * r + L * L) / 12 * (np.eye(3) - np.outer(e, e)) + m * r * r / 2 * np.outer(e, e)


def hand_newton_euler(B, C, omega, radius=RADIUS, coupler_radius=None):
    """The RSSR's driving torque and reactions from positions B, C (the crank at constant
    rate ``omega``): velocities and accelerations from the loop by hand, then the 17
    Newton–Euler equations of the three bars (the coupler a line of mass, of transverse
    moment m (3r² + L²)/12 with r = ``coupler_radius``, else ``radius``)."""
    rc = radius if coupler_radius is None else coupler_radius
    A0, D0 = np.zeros(3), np.array([3.0, 1.0, 1.0])
    z, y = np.array([0.0, 0.0, 1.0]), np.array([0.0, 1.0, 0.0])
    rC = C - D0
    vB, aB = np.cross(omega * z, B), -omega**2 * np.array([B[0], B[1], 0.0])
    d = C - B
    # (C − B)·(v_C − v_B) = 0 with v_C = φ̇ y × rC; then (C − B)·(a_C − a_B) + |v_C − v_B|² = 0
    phid = (d @ vB) / (d @ np.cross(y, rC))
    vC = phid * np.cross(y, rC)
    centripetal = phid**2 * np.cross(y, np.cross(y, rC))
    phidd = -((vC - vB) @ (vC - vB) + d @ (centripetal - aB)) / (d @ np.cross(y, rC))
    aC = phidd * np.cross(y, rC) + centripetal
    m1, m2, m3 = MASSES["crank"], MASSES["coupler"], MASSES["rocker"]
    g = np.array(GRAVITY)
    G1, G2, G3 = B / 2, (B + C) / 2, (D0 + C) / 2
    I1, I3 = bar_inertia(m1, B, np.linalg.norm(B), radius), bar_inertia(m3, rC, np.linalg.norm(rC), radius)
    H1 = np.cross(omega * z, I1 @ (omega * z))
    H3 = I3 @ (phidd * y) + np.cross(phid * y, I3 @ (phid * y))
    L2 = d @ d
    H2 = m2 * (3 * rc**2 + L2) / 12 / L2 * np.cross(d, aC - aB)
    T = np.linalg.svd(d.reshape(1, 3))[2][1:]
    # x: F_A 0:3 (on crank), n_A x,y 3:5, τ 5, F_B 6:9 (on coupler), F_C 9:12 (on rocker), F_D 12:15 (on rocker), n_D x,z 15:17
    M, rhs, E = np.zeros((17, 17)), np.zeros(17), np.eye(3)
    M[0:3, 0:3], M[0:3, 6:9], rhs[0:3] = E, -E, m1 * (aB / 2 - g)
    M[3:6, 0:3], M[3:6, 6:9], M[3:6, 3:5], M[3:6, 5], rhs[3:6] = skew(A0 - G1), -skew(B - G1), E[:, :2], z, H1
    M[6:9, 6:9], M[6:9, 9:12], rhs[6:9] = E, -E, m2 * ((aB + aC) / 2 - g)
    M[9:11, 6:9], M[9:11, 9:12], rhs[9:11] = T @ skew(B - G2), -T @ skew(C - G2), T @ H2
    M[11:14, 9:12], M[11:14, 12:15], rhs[11:14] = E, E, m3 * (aC / 2 - g)
    M[14:17, 9:12], M[14:17, 12:15], M[14:17, 15:17], rhs[14:17] = skew(C - G3), skew(D0 - G3), E[:, [0, 2]], H3
    x = np.linalg.solve(M, rhs)
    return x[5], {"R_A0": (x[0:3], np.array([x[3], x[4], 0.0])), "S_B": (x[6:9], np.zeros(3)),
                  "S_C": (x[9:12], np.zeros(3)), "R_D0": (-x[12:15], -np.array([x[15], 0.0, x[16]]))}


def assert_reactions(reactions, expected, err_msg=""):
    for joint, (force, torque) in expected.items():
        np.testing.assert_allclose(reactions[joint].force, force, rtol=0, atol=1e-8, err_msg=f"{err_msg} {joint}")
        np.testing.assert_allclose(reactions[joint].torque, torque, rtol=0, atol=1e-8, err_msg=f"{err_msg} {joint}")


def rssr_system(family, coupler_radius=RADIUS):
    m = rssr_with_masses(MASSES, RADIUS)
    if coupler_radius != RADIUS:
        body = m.bodies["coupler"]
        mass = uniform_bar(MASSES["coupler"], body.points["B"], body.points["C"], coupler_radius)
        m.bodies["coupler"] = dataclasses.replace(body, mass=mass)
    return MultibodySystem(formulate(m, family), GRAVITY)


# ------------------------------------------------------------------------------- (1)
@pytest.mark.parametrize("theta", ANGLES)
def test_rssr_reactions_are_newton_euler_by_hand(theta):
    system = rssr_system("natural")
    result = inverse_dynamics(system, {"crank": theta}, {"crank": OMEGA}, {"crank": 0.0})
    model = system.model
    torque, expected = hand_newton_euler(model.point(result.q, "B"), model.point(result.q, "C"), OMEGA)
    solution = body_reactions(system, result.q, result.qd, result.qdd, drivers="all")
    assert solution.driving["crank"] == pytest.approx(torque, rel=1e-8, abs=1e-8)
    assert_reactions(result.reactions, expected, f"θ = {theta}")
    assert result.reactions["R_D0"].on == GROUND and result.reactions["S_B"].by == "crank"
    # and the analysis module's reference (closed-form kinematics) says the same
    reference = rssr_newton_euler(theta, OMEGA, GRAVITY, MASSES, RADIUS)
    assert reference["crank"] == pytest.approx(torque, rel=1e-8, abs=1e-8)
    assert_reactions(result.reactions, {j: reference[j] for j in JOINTS}, "analysis")


# ------------------------------------------------------------------------------- (2)
def spin_free_state(system, theta, omega):
    """(q, q̇, q̈) of the crank at θ turning at ω, with the coupler not spinning about its
    line (the idle freedom of the pose families, which their kinematics leaves to the
    least-squares choice): the motion the point families describe."""
    model = system.model
    q = solve_position(model, {"crank": theta}).q
    s, sd, sdd = (model.input_vector({"crank": v}) for v in (theta, omega, 0.0))
    J, phi_s = model.jacobian(q, s), model.phi_s(q, s)
    if model.placement(q, "coupler").frame is None:
        extra, extra_rate = np.zeros((0, len(q))), lambda qd: np.zeros(0)
    else:
        e = model.point(q, "C") - model.point(q, "B")
        e /= np.linalg.norm(e)
        Omega = model.angular_velocity_jacobian(q, "coupler")
        R = model.placement(q, "coupler").frame
        extra = (e @ Omega)[None, :]

        def extra_rate(qd):
            W = model.placement_second_derivative(q, qd, "coupler")[1] @ R.T
            return -np.array([e @ (0.5 * np.array([W[2, 1] - W[1, 2], W[0, 2] - W[2, 0], W[1, 0] - W[0, 1]]))])
    A = np.vstack([J, extra])
    qd = np.linalg.lstsq(A, np.concatenate([-phi_s @ sd, np.zeros(len(extra))]), rcond=None)[0]
    gamma = model.gamma(q, qd, s, sd, sdd)
    qdd = np.linalg.lstsq(A, np.concatenate([gamma, extra_rate(qd)]), rcond=None)[0]
    assert np.abs(A @ qd - np.concatenate([-phi_s @ sd, np.zeros(len(extra))])).max() < 1e-10
    return q, qd, qdd


@pytest.mark.parametrize("theta", [0.3, 2.5, 4.0])
def test_rssr_reactions_are_the_same_in_the_four_families(theta):
    answers = {}
    for family in FAMILIES:
        system = rssr_system(family)
        q, qd, qdd = spin_free_state(system, theta, OMEGA)
        solution = body_reactions(system, q, qd, qdd, drivers="all")
        assert solution.misfit < 1e-9 and solution.idle < 1e-9, family
        answers[family] = solution
    natural = answers["natural"]
    expected = {j: (natural.reactions[j].force, natural.reactions[j].torque) for j in JOINTS}
    for family, solution in answers.items():
        assert solution.driving["crank"] == pytest.approx(natural.driving["crank"], rel=1e-8, abs=1e-8), family
        assert_reactions(solution.reactions, expected, family)


def test_a_spinning_coupler_adds_its_gyroscopic_couple_and_leaves_its_spin_equation_apart():
    """Relative coordinates turn the coupler about its line; their inverse dynamics picks
    a spin (the least-squares velocity of an idle freedom), whose gyroscopic couple moves
    the reactions by about 1e-4 N, and whose spin equation the kinematics does not satisfy:
    that residual is the ``idle`` one, not a misfit."""
    system = rssr_system("relative")
    result = inverse_dynamics(system, {"crank": 0.3}, {"crank": OMEGA}, {"crank": 0.0})
    solution = body_reactions(system, result.q, result.qd, result.qdd, drivers="all")
    assert solution.misfit < 1e-9 < solution.idle
    reference = rssr_newton_euler(0.3, OMEGA, GRAVITY, MASSES, RADIUS)
    gap = max(np.abs(solution.reactions[j].force - reference[j][0]).max() for j in JOINTS)
    assert 1e-6 < gap < 1e-2


# ------------------------------------------------------------------------------- (3)
@pytest.mark.parametrize("family", ["natural", "basic"])
def test_the_driving_torque_is_the_one_of_virtual_power(family):
    system = rssr_system(family)
    for theta in ANGLES:
        result = inverse_dynamics(system, {"crank": theta}, {"crank": OMEGA}, {"crank": 0.7})
        solution = body_reactions(system, result.q, result.qd, result.qdd, drivers="all")
        assert solution.driving["crank"] == pytest.approx(result.driving["crank"], rel=1e-8, abs=1e-8)


# ------------------------------------------------------------------------------- (4)
def test_a_line_of_mass_coupler_has_defined_reactions():
    """A slender coupler (no inertia about its line) in natural coordinates is a line of
    mass (no frame, no spin): the reactions at its ball joints are defined, and are those
    of the hand solution with the coupler's radius 0."""
    system = rssr_system("natural", coupler_radius=0.0)
    model = system.model
    assert model.placement(model.reference_q, "coupler").frame is None
    for theta in (0.3, 2.5, 4.0):
        result = inverse_dynamics(system, {"crank": theta}, {"crank": OMEGA}, {"crank": 0.0})
        torque, expected = hand_newton_euler(model.point(result.q, "B"), model.point(result.q, "C"), OMEGA,
                                             coupler_radius=0.0)
        assert result.driving["crank"] == pytest.approx(torque, rel=1e-8, abs=1e-8)
        assert_reactions(result.reactions, expected, f"θ = {theta}")


# ------------------------------------------------------------------------------- (5)
def twin_reactions(system, q, qd, qdd, t=0.0) -> dict:
    """The reactions as the library found them before: the same mechanism in
    reference-point coordinates (angles in the plane, Euler parameters in space), moved
    body by body as the model moves, its multipliers by least squares from
    Φ_qᵀ λ = Q − h − M q̈ (every driver held), and joint J's force on body b read off
    −Φ_{J,q_b}ᵀ λ_J. Kept here only as an independent cross-check."""
    from scipy.spatial.transform import Rotation

    model, mechanism = system.model, system.model.mechanism
    dim = mechanism.dimension
    twin = MultibodySystem(formulate(mechanism, "reference_point", **({"rotation": "euler_parameters"} if dim == 3 else {})),
                           system.gravity, list(system.loads))
    tm, names = twin.model, twin.model.coordinate_names
    move = {b: [names.index(f"{a}_{b}") for a in "xyz"[:dim]] for b in model.body_names}
    turn = {b: [names.index(f"{c}_{b}") for c in (["phi"] if dim == 2 else ["e0", "e1", "e2", "e3"])]
            for b in model.body_names}
    qt = tm.reference_q.copy()
    for body in model.body_names:
        p = model.placement(q, body)
        qt[move[body]] = p.origin
        if dim == 2:
            qt[turn[body]] = [math.atan2(p.frame[1, 0], p.frame[0, 0])]
        else:
            x, y, z, w = Rotation.from_matrix(p.frame).as_quat()
            qt[turn[body]] = np.sign(w or 1.0) * np.array([w, x, y, z])
    rows_v, rhs_v, rhs_a = [], [], []
    for body in model.body_names:
        o_q, R_q = model.placement_jacobian(q, body)
        o_dd, R_dd = model.placement_second_derivative(q, qd, body)
        to_q, tR_q = tm.placement_jacobian(qt, body)
        rows_v += [to_q, tR_q.reshape(-1, tm.n_coordinates)]
        rhs_v += [o_q @ qd, (R_q @ qd).reshape(-1)]
        rhs_a += [o_q @ qdd + o_dd, (R_q @ qdd + R_dd).reshape(-1)]
    unit = [k for k, c in enumerate(tm.constraints) if c.kind == "normalisation"]
    s = twin.inputs_at(qt, t)[0]
    J = tm.jacobian(qt, s)
    A = np.vstack(rows_v + [J[unit]])
    qdt = np.linalg.lstsq(A, np.concatenate(rhs_v + [np.zeros(len(unit))]), rcond=None)[0]
    own = []
    for body in model.body_names:
        t_odd, t_Rdd = tm.placement_second_derivative(qt, qdt, body)
        own += [t_odd, t_Rdd.reshape(-1)]
    gamma = tm.gamma(qt, qdt, s, np.zeros_like(s), np.zeros_like(s))
    qddt = np.linalg.lstsq(A, np.concatenate([a - b for a, b in zip(rhs_a, own)] + [gamma[unit]]), rcond=None)[0]
    residual = twin.mass_matrix(qt) @ qddt - twin.forces(qt, qdt, t)
    lam = least_squares_multipliers(J, residual)
    assert np.abs(J.T @ lam + residual).max() < 1e-8 * max(np.abs(residual).max(), 1.0)
    out = {}
    for joint in mechanism.joints:
        mine = [k for k, c in enumerate(tm.constraints) if c.owner == joint.name]
        force_q = -J[mine].T @ lam[mine]
        body, sign = (joint.body_j, 1.0) if joint.body_j != GROUND else (joint.body_i, -1.0)
        F = force_q[move[body]]
        Omega = tm.angular_velocity_jacobian(qt, body)[:, turn[body]]
        n = np.linalg.lstsq(Omega.T, force_q[turn[body]], rcond=None)[0]
        point = getattr(joint, "at", None)
        if point is not None:
            arm = tm.placement(qt, body).origin - tm.point(qt, point)
            n = n + (np.array([arm[0] * F[1] - arm[1] * F[0]]) if dim == 2 else np.cross(arm, F))
        out[joint.name] = (sign * F, sign * (float(n[0]) if dim == 2 else n))
    return out


def planar_slider_crank():
    return slider_crank(crank_first=True)


@pytest.mark.parametrize("build, gravity, family", [
    (falling_four_bar, (0.0, -G), "natural"), (falling_four_bar, (0.0, -G), "relative"),
    (planar_slider_crank, (0.0, -G), "natural"), (planar_slider_crank, (0.0, -G), "reference_point"),
    (falling_rscr, GRAVITY, "natural")])
def test_the_reactions_are_those_of_the_reference_point_twin(build, gravity, family):
    system = MultibodySystem(formulate(build(), family), gravity)
    for theta in (0.4, 2.0, 3.9):
        result = inverse_dynamics(system, {"crank": theta}, {"crank": 2.3}, {"crank": -0.8})
        twin = twin_reactions(system, result.q, result.qd, result.qdd)
        assert_reactions(result.reactions, twin, f"{build.__name__} {family} θ = {theta}")


# ------------------------------------------------------------------------- body wrenches
def angular_jacobian(model, q, body):
    """Ω_q of a body; for a line of mass (two points in space) the part normal to its
    line, ω⊥ = d × ḋ / ‖d‖²."""
    if model.placement(q, body).frame is not None:
        return model.angular_velocity_jacobian(q, body)
    i, j = list(model.mechanism.bodies[body].points)[:2]
    d = model.point(q, j) - model.point(q, i)
    return skew(d) @ (model.point_jacobian(q, j) - model.point_jacobian(q, i)) / (d @ d)


def virtual_power(model, wrenches, q):
    total = np.zeros(model.n_coordinates)
    for body, (F, n) in wrenches.items():
        if body == GROUND:
            continue
        total += model.placement_jacobian(q, body)[0].T @ F + angular_jacobian(model, q, body).T @ n
    return total


PLANAR_LOADS = [PointForce("A", lambda t, r, v: (3.0 - v[1], 2.0 + r[0]), body="coupler"),
                PointForce("B", (1.0, -4.0), body="rocker"),
                Spring("A", "O4", 40.0, 3.0, damping=2.0, bodies=("crank", None)),
                Torque("coupler", lambda t, q, qd: 1.5 + qd[0]), DriverForce("crank", lambda t, s, sd: 2.0 + sd),
                RotationalSpring("crank", "coupler", 7.0, 0.2, damping=0.5), RotationalSpring("ground", "rocker", 3.0)]
SPATIAL_LOADS = [PointForce("B", (1.0, -2.0, 0.5), body="coupler"), PointForce("C", (0.0, 3.0, 1.0), body="rocker"),
                 Spring("B", "D0", 40.0, 2.0, damping=1.5, bodies=("crank", None)), Torque("rocker", (0.3, -0.2, 1.0)),
                 Torque("crank", (0.0, 0.4, 2.0)), DriverForce("crank", lambda t, s, sd: 1.0 + 0.5 * sd)]


@pytest.mark.parametrize("family", FAMILIES)
@pytest.mark.parametrize("load", PLANAR_LOADS + SPATIAL_LOADS + ["slide"], ids=lambda load: type(load).__name__)
def test_the_body_wrenches_of_a_load_make_its_generalized_force(family, load):
    """Σ_b (o_b,qᵀ F_b + Ω_b,qᵀ n_b) = Q on the constraint manifold (W.2): along every
    motion the joints allow (the null space of the geometric rows of Φ_q; off it, a
    stretch of a body in the point families, the two sides differ, as they should)."""
    if load == "slide":
        m = planar_slider_crank()
        m.drivers.clear()
        m.add_slide_driver("slide", guide_points=("G1", "G2"), point="B")
        model, load = formulate(m, family), DriverForce("slide", lambda t, s, sd: 3.0 - sd)
        model_inputs = {"slide": 3.2}
    elif isinstance(load, Torque) and np.ndim(load.torque) == 1 or load in SPATIAL_LOADS:
        model, model_inputs = formulate(rssr_with_masses(MASSES, RADIUS), family), {"crank": 1.0}
    else:
        model, model_inputs = formulate(falling_four_bar(), family), {"crank": 1.0}
    if isinstance(load, RotationalSpring) and model.mechanism.dimension == 3:
        pytest.skip("planar load")
    q = solve_position(model, model_inputs).q
    qd = solve_velocity(model, q, {name: 0.8 for name in model.input_names})
    Q = load.generalized_force(model, 0.0, q, qd)
    total = virtual_power(model, load.body_wrenches(model, 0.0, q, qd), q)
    geometric = [k for k, c in enumerate(model.constraints) if not c.is_driver]
    N = null_space(model.jacobian(q, model.measured_inputs(q))[geometric])  # the motions the joints allow
    assert N.shape[1] >= 1
    np.testing.assert_allclose(N.T @ total, N.T @ Q, rtol=0, atol=1e-9 * max(np.abs(Q).max(), 1.0))


@pytest.mark.parametrize("family", ["natural", "basic"])
def test_a_slide_driver_s_force_is_the_one_of_virtual_power(family):
    m = planar_slider_crank()
    m.drivers.clear()
    m.add_slide_driver("slide", guide_points=("G1", "G2"), point="B")
    system = MultibodySystem(formulate(m, family), (0.0, -G))
    for s in (2.6, 3.2, 3.8):
        result = inverse_dynamics(system, {"slide": s}, {"slide": -1.1}, {"slide": 0.6})
        solution = body_reactions(system, result.q, result.qd, result.qdd, drivers="all")
        assert solution.driving["slide"] == pytest.approx(result.driving["slide"], rel=1e-8, abs=1e-8)


def test_the_falling_ssc_s_line_of_mass_link_has_the_reactions_of_its_euler_parameter_run():
    """Chapter 11's SSC falls under gravity: in natural coordinates its link is two points
    (a line of mass, no frame), in reference-point coordinates a body with a frame. The
    reactions at its ball joints and cylindrical pair agree to the integrations' own
    agreement (rtol 1e-11: about 1e-9 N of forces of 10–30 N; 1e-7 allowed)."""
    from mbtools.dynamics import simulate
    from mbtools.examples.tops import falling_ssc

    times = np.linspace(0.0, 0.3, 4)
    runs = {family: simulate(MultibodySystem(formulate(falling_ssc(), family, **options)), 0.3, "multipliers",
                             t_eval=times, rtol=1e-11, progress=False)
            for family, options in (("natural", {}), ("reference_point", {"rotation": "euler_parameters"}))}
    model = runs["natural"].system.model
    assert model.placement(model.reference_q, "link").frame is None
    for joint in ("S_A0", "S_B", "C_u"):
        natural, euler = runs["natural"].reactions(joint), runs["reference_point"].reactions(joint)
        np.testing.assert_allclose(natural[0], euler[0], rtol=0, atol=1e-7, err_msg=joint)
        np.testing.assert_allclose(natural[1], euler[1], rtol=0, atol=1e-7, err_msg=joint)


def test_a_redundant_loop_s_reactions_are_the_minimum_norm_split_in_every_family():
    """Bricard's loop (benchmark A04): six revolutes, one joint condition always redundant,
    so the reactions are fixed up to one self-stress of the loop. The library takes the
    split of minimum Σ (‖F_J‖² + ‖n_J‖²), moments about each joint's point: a property of
    the mechanism, so the same in every family (to the integrations' agreement, 1e-6). The
    former twin took the minimum norm of the reference-point multipliers, a property of
    that formulation's rows; the two differ by a self-stress (about 0.3 N here), which
    the equations of motion cannot see."""
    from mbtools.dynamics import simulate
    from mbtools.examples.benchmarks import bricard

    answers = {}
    for family, options in (("natural", {}), ("reference_point", {"rotation": "euler_parameters"})):
        system = MultibodySystem(formulate(bricard(), family, **options), (0.0, -G, 0.0))
        traj = simulate(system, 0.1, "multipliers", t_eval=[0.0, 0.1], rtol=1e-11, progress=False)
        solution = body_reactions(system, traj.q[-1], traj.qd[-1], traj.qdd[-1])
        assert solution.misfit < 1e-9
        twin = twin_reactions(system, traj.q[-1], traj.qd[-1], traj.qdd[-1])
        gap = max(np.abs(solution.reactions[j].force - twin[j][0]).max()
                  for j in twin)
        assert gap > 1e-3  # a different split of the same loads
        answers[family] = solution.reactions
    for joint, reaction in answers["natural"].items():
        np.testing.assert_allclose(reaction.force, answers["reference_point"][joint].force, rtol=0, atol=1e-6)
        np.testing.assert_allclose(reaction.torque, answers["reference_point"][joint].torque, rtol=0, atol=1e-6)
