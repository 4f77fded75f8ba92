"""Spatial mechanisms in natural coordinates against closed-form input–output equations.

RSSR: the coupler keeps its length, |C(φ) − B(θ)|² = b², which is linear in cos φ and
sin φ: P cos φ + Q sin φ + R = 0, φ = atan2(Q, P) ± acos(−R/√(P² + Q²)).
RSCR (rod through the output axis, at right angles to it): the ball joint B keeps its
distance ρ from the rod, |(B − E0) × u(ψ)|² = ρ², i.e. (B − E0)·u(ψ) = ±√(|B − E0|² − ρ²),
again linear in cos ψ and sin ψ. Both are solved here without any iteration; the model's
output angles must agree to 1e-9 at 72 crank angles, on each assembly branch.
"""

import math

import numpy as np
import pytest

from mbtools import (
    MechanismError,
    SingularJacobianError,
    solve_position,
    Mechanism,
    examples,
    formulate,
    redundant_constraints,
    solve_acceleration,
    solve_velocity,
    sweep_position,
)
from mbtools import closed_forms
from mbtools.description import axis_frame as _axis_frame

ANGLES = np.radians(np.arange(0.0, 360.0, 5.0))
W1, W2 = np.array([0.0, 0.0, 1.0]), np.array([0.0, 1.0, 0.0])


def crank_point(theta, a=1.0):
    return a * np.array([math.cos(theta), math.sin(theta), 0.0])


def angle_about(w, v):
    f1, f2 = _axis_frame(w)
    return math.atan2(v @ f2, v @ f1)


def rscr_closed_form_lines(theta, rho):
    """The two rod lines (angles ψ about w2, modulo π) at crank angle θ: the roots with
    (B − E0)·u = +√(|B − E0|² − ρ²); the other sign reverses u along the same lines."""
    return [psi for psi, _ in closed_forms.rscr_rod(theta, rho)[:2]]


def line_difference(a, b):
    """Difference of two line angles, modulo π (u and −u are the same rod line)."""
    return abs(math.remainder(a - b, math.pi))


def assert_follows_one_rscr_branch(model, sweep, rho):
    """Each position's rod line is one root of the closed form, the same root throughout;
    returns which root (0 or 1)."""
    branch = None
    for theta, q in zip(ANGLES, sweep.q):
        psi = angle_about(W2, model.vector(q, "u"))
        errors = [line_difference(psi, c) for c in rscr_closed_form_lines(theta, rho)]
        k = int(np.argmin(errors))
        assert errors[k] < 1e-9
        assert errors[1 - k] > 1e-3, "the two assembly modes meet here; the test needs another angle set"
        branch = k if branch is None else branch
        assert k == branch, "the sweep left its assembly branch"
    return branch


@pytest.mark.parametrize("assembly", ["plus", "minus"])
def test_rssr_output_angle_matches_the_closed_form(assembly):
    model = formulate(examples.rssr(assembly=assembly), "natural")
    D0 = np.array([3.0, 1.0, 1.0])
    sweep = sweep_position(model, "crank", ANGLES)
    for theta, q in zip(ANGLES, sweep.q):
        phi = angle_about(W2, model.point(q, "C") - D0)
        reference = closed_forms.rssr_rocker(theta, assembly=assembly)[0]
        assert abs(math.remainder(phi - reference, 2 * math.pi)) < 1e-9
        np.testing.assert_allclose(model.point(q, "B"), crank_point(theta), atol=1e-9)


def test_rssr_output_rate_matches_the_derivative_of_the_closed_form():
    model = formulate(examples.rssr(), "natural")
    D0 = np.array([3.0, 1.0, 1.0])
    sweep = sweep_position(model, "crank", ANGLES)
    for theta, q in zip(ANGLES, sweep.q):
        qd = solve_velocity(model, q, {"crank": 1.0})
        r = model.point(q, "C") - D0
        omega = np.cross(r - (r @ W2) * W2, model.point_velocity(q, qd, "C")) @ W2 / ((r - (r @ W2) * W2) @ (r - (r @ W2) * W2))
        _, dphi, _ = closed_forms.rssr_rocker(theta)
        assert omega == pytest.approx(dphi, abs=1e-9)
        # the crank tip moves on its circle: v_B = w1 × r_B
        np.testing.assert_allclose(model.point_velocity(q, qd, "B"), np.cross(W1, crank_point(theta)), atol=1e-9)
        qdd = solve_acceleration(model, q, qd, {"crank": 0.0})
        np.testing.assert_allclose(model.point_acceleration(q, qd, qdd, "B"), -crank_point(theta), atol=1e-9)


def test_rscr_output_angle_matches_the_closed_form_on_its_branch():
    model = formulate(examples.rscr(), "natural")
    E0 = np.array([4.0, 0.0, 0.0])
    q0 = model.reference_q
    rho = float(np.linalg.norm(model.point(q0, "B") - model.point(q0, "C")))
    sweep = sweep_position(model, "crank", ANGLES)
    assert_follows_one_rscr_branch(model, sweep, rho)
    for q in sweep.q:
        # the rod keeps passing through E0 and the coupler touches it at C
        u = model.vector(q, "u")
        assert np.linalg.norm(np.cross(model.point(q, "C") - E0, u)) < 1e-9
        assert abs(np.linalg.norm(u) - 1.0) < 1e-12


def test_rscr_counts_and_redundancy():
    mechanism = examples.rscr()
    model = formulate(mechanism, "natural")
    assert model.n_coordinates == 12  # the paper's count: B, C, D and u
    assert mechanism.gruebler_kutzbach() == 1
    assert model.degrees_of_freedom(model.reference_q) == 1
    redundant = redundant_constraints(model, model.reference_q)
    assert len(redundant) == model.n_constraints - model.n_coordinates
    assert model.is_quadratic


def test_rssr_idle_spin_is_not_modelled():
    mechanism = examples.rssr()
    model = formulate(mechanism, "natural")
    assert model.n_coordinates == 6
    # Grübler–Kutzbach counts the coupler's spin about BC; two points do not model it
    assert mechanism.gruebler_kutzbach() == 2
    assert model.degrees_of_freedom(model.reference_q) == 1


def test_planar_four_bar_in_natural_and_basic_coordinates_agree():
    mechanism = examples.four_bar(coupler_point=(3.0, 2.0))
    basic, natural = formulate(mechanism, "basic"), formulate(mechanism, "natural")
    a, b = sweep_position(basic, "crank", ANGLES), sweep_position(natural, "crank", ANGLES)
    for qa, qb in zip(a.q, b.q):
        qda = solve_velocity(basic, qa, {"crank": 1.3})
        qdb = solve_velocity(natural, qb, {"crank": 1.3})
        for point in ("A", "B", "P"):
            np.testing.assert_allclose(basic.point(qa, point), natural.point(qb, point), atol=1e-9)
            np.testing.assert_allclose(basic.point_velocity(qa, qda, point), natural.point_velocity(qb, qdb, point), atol=1e-9)


# ------------------------------------------------------------------ bad descriptions
def spatial() -> Mechanism:
    m = Mechanism("spatial", dimension=3)
    m.add_ground({"O": (0, 0, 0)}, vectors={"z": (0, 0, 1)})
    m.add_body("bar", {"O": (0, 0, 0), "P": (1, 0, 0)}, vectors={"z": (0, 0, 1)})
    return m


@pytest.mark.parametrize(
    "build, culprit",
    [
        (lambda m: m.add_revolute("ground", "bar", at="O"), "a spatial revolute needs its axis"),
        (lambda m: m.add_body("rod", {"Q": (0, 0, 1), "R": (1, 0, 1)}, vectors={"v": (0, 0, 2)}),
         "Vector 'v' of body 'rod' has length 2: unit vectors must have length 1"),
        (lambda m: m.add_revolute("ground", "bar", at="O", axis="x"), "body 'ground' has no vector 'x'"),
        (lambda m: m.add_angle_driver("turn", tail="O", head="P"), "in space an angle is measured about a fixed axis"),
        (lambda m: m.add_angle_driver("turn", tail="O", head="P", axis="z", reference=(0, 0, 1)),
         "the reference direction lies along the axis"),
        (lambda m: (m.add_body("sleeve", {"Q": (0, 1, 0)}, vectors={"z": (0, 0, 1)}),
                    m.add_cylindrical("bar", "sleeve", axis="z", points=("P", "Q"))),
         "points 'P' and 'Q' are not on one line along 'z'"),
    ],
)
def test_bad_spatial_description_is_refused(build, culprit):
    with pytest.raises(MechanismError, match=culprit):
        build(spatial())


def test_spatial_joint_in_a_planar_mechanism_is_refused():
    m = examples.four_bar()
    with pytest.raises(MechanismError, match="a spherical pair is a spatial joint"):
        m.add_spherical("crank", "coupler", at="A")


def test_shared_vector_without_a_joint_is_refused():
    m = spatial()
    m.add_revolute("ground", "bar", at="O", axis="z")
    m.add_body("other", {"P": (1, 0, 0), "Q": (1, 1, 0)}, vectors={"z": (0, 0, 1)})
    m.add_spherical("bar", "other", at="P")
    with pytest.raises(MechanismError, match="Vector 'z' is listed by bodies 'ground' and 'other' but no joint shares it"):
        formulate(m, "natural")


def spatial_pendulum() -> Mechanism:
    m = Mechanism("spatial pendulum", dimension=3)
    m.add_ground({"O": (0, 0, 0)}, vectors={"x": (1, 0, 0)})
    m.add_body("bar", {"O": (0, 0, 0), "P": (0, 1, 0)}, vectors={"x": (1, 0, 0)})
    m.add_revolute("ground", "bar", at="O", axis="x")
    m.add_angle_driver("swing", tail="O", head="P", axis="x")
    return m


def test_gimbal_lock_of_euler_angles_is_explained():
    """The bar's frame starts at Euler angles (0, 90°, 0); turning it by −90° about x
    brings the nutation to 0: the first and third rotations share an axis."""
    from mbtools import SingularJacobianError, SingularPositionWarning, solve_position

    model = formulate(spatial_pendulum(), "reference_point", rotation="euler_angles")
    with pytest.warns(SingularPositionWarning, match="Gimbal lock"):
        result = solve_position(model, {"swing": -math.pi / 2})
    np.testing.assert_allclose(model.point(result.q, "P"), [0, 0, -1], atol=1e-6)
    with pytest.raises(SingularJacobianError, match=r"Gimbal lock: the Euler angles of \['bar'\]"):
        solve_velocity(model, result.q, {"swing": 1.0})
    # Euler parameters have no singular orientation
    model = formulate(spatial_pendulum(), "reference_point", rotation="euler_parameters")
    result = solve_position(model, {"swing": -math.pi / 2})
    assert not result.singular
    qd = solve_velocity(model, result.q, {"swing": 1.0})
    np.testing.assert_allclose(model.point_velocity(result.q, qd, "P"), [0, 1, 0], atol=1e-9)  # x × (−z)


@pytest.mark.parametrize("assembly", ["lower", "upper"])
def test_ssc_slider_height_matches_the_closed_form(assembly):
    """B = G + (s + e) u + ρ(cos φ, sin φ, 0) with |B − A0| = L: a quadratic in s."""
    model = formulate(examples.ssc(assembly=assembly), "natural")
    A0, G, u = np.array([0.0, 0.0, 2.0]), np.array([1.0, 0.0, 0.0]), np.array([0.0, 0.0, 1.0])
    L, r, e = 3.0, 0.8, 0.5
    angles = np.radians(np.arange(30.0, 390.0, 10.0))
    sweep = sweep_position(model, "slider", angles)
    for phi, q in zip(angles, sweep.q):
        s = closed_forms.ssc_slide(phi, L, r, e, A0, G, assembly)
        np.testing.assert_allclose(model.point(q, "D"), G + s * u, atol=1e-9)
        np.testing.assert_allclose(np.linalg.norm(model.point(q, "B") - A0), L, atol=1e-9)


@pytest.mark.parametrize("family", ["natural", "basic"])
@pytest.mark.parametrize("height", [0.0, 0.05, 0.5])
def test_plate_keeps_its_shape_whether_flat_nearly_flat_or_not(family, height):
    """A fourth point exactly in, nearly in, or well off the plane of three others:
    the rigid-body conditions must hold in the drawing and keep every distance."""
    from mbtools import solve_position

    R = (1.5, 1.2, height)
    m = Mechanism("plate", dimension=3)
    m.add_ground({"O": (0, 0, 0)}, vectors={"z": (0, 0, 1)})
    m.add_body("plate", {"O": (0, 0, 0), "P": (2, 0, 0), "Q": (0, 1.5, 0), "R": R}, vectors={"z": (0, 0, 1)})
    m.add_revolute("ground", "plate", at="O", axis="z")
    m.add_angle_driver("turn", tail="O", head="P", axis="z")
    model = formulate(m, family)
    np.testing.assert_allclose(model.phi(model.reference_q, model.reference_inputs()), 0.0, atol=1e-12)
    q = solve_position(model, {"turn": 0.7}).q
    for a, b in (("O", "R"), ("P", "R"), ("Q", "R"), ("P", "Q")):
        d0 = np.linalg.norm(np.subtract(m.point_position(b), m.point_position(a)))
        assert np.linalg.norm(model.point(q, b) - model.point(q, a)) == pytest.approx(d0, abs=1e-10)


def test_redundant_constraints_of_a_model_without_its_driver():
    m = examples.rscr()
    m.drivers.clear()
    model = formulate(m, "natural")
    redundant = redundant_constraints(model, model.reference_q)
    assert len(redundant) == model.n_constraints - 11  # rank 11 of 13 equations
    assert all(name in model.constraint_names for name in redundant)


def test_open_chain_has_no_constraints_and_still_formulates():
    m = Mechanism("arm")
    m.add_ground({"O": (0, 0)})
    m.add_body("a", {"O": (0, 0), "A": (2, 0)})
    m.add_body("b", {"A": (2, 0), "E": (3.5, 0)})
    m.add_revolute("ground", "a", at="O")
    m.add_revolute("a", "b", at="A")
    model = formulate(m, "relative")
    assert model.n_constraints == 0 and model.n_coordinates == 2
    assert model.degrees_of_freedom(model.reference_q) == 2


def test_guess_at_ninety_degrees_from_the_input_is_explained():
    from mbtools import SingularJacobianError, solve_position

    m = Mechanism("spatial pendulum", dimension=3)
    m.add_ground({"O": (0, 0, 0)}, vectors={"z": (0, 0, 1)})
    m.add_body("bar", {"O": (0, 0, 0), "P": (0, 1, 0)}, vectors={"z": (0, 0, 1)})
    m.add_revolute("ground", "bar", at="O", axis="z")
    m.add_angle_driver("swing", tail="O", head="P", axis="z")
    model = formulate(m, "natural")
    with pytest.raises(SingularJacobianError, match=r"driven vector of input\(s\) \['swing'\] is at 90°"):
        solve_position(model, {"swing": 0.0}, guess=model.reference_q)


def test_rscr_other_assembly_mode_matches_the_closed_form_too():
    """Draw the RSCR on the other root of its input–output equation (same coupler, same
    crank angle: the other rod line, not the same line with u reversed) and follow that
    branch over a full turn."""
    default = formulate(examples.rscr(), "natural")
    q0 = default.reference_q
    rho = float(np.linalg.norm(default.point(q0, "B") - default.point(q0, "C")))
    psi0 = angle_about(W2, default.vector(q0, "u"))
    other = max(rscr_closed_form_lines(math.pi / 2, rho), key=lambda r: line_difference(r, psi0))
    assert line_difference(other, psi0) > 0.1
    model = formulate(examples.rscr(rod_angle=other), "natural")
    rho_other = float(np.linalg.norm(model.point(model.reference_q, "B") - model.point(model.reference_q, "C")))
    assert rho_other == pytest.approx(rho, abs=1e-12)
    sweep, default_sweep = sweep_position(model, "crank", ANGLES), sweep_position(default, "crank", ANGLES)
    assert assert_follows_one_rscr_branch(model, sweep, rho) != assert_follows_one_rscr_branch(default, default_sweep, rho)
    # another line: the coupler touches the rod elsewhere
    assert np.abs(model.point(sweep.q, "C") - default.point(default_sweep.q, "C")).max() > 0.1
    # and every family follows that mode
    mechanism = examples.rscr(rod_angle=other)
    for family, options in (("relative", {}), ("reference_point", {"rotation": "euler_parameters"}), ("basic", {})):
        other_family = formulate(mechanism, family, **options)
        q = sweep_position(other_family, "crank", ANGLES).q
        np.testing.assert_allclose(other_family.point(q, "C"), model.point(sweep.q, "C"), atol=1e-9, err_msg=family)


@pytest.mark.parametrize("family, options", [
    ("natural", {}), ("basic", {}), ("relative", {}),
    ("reference_point", {"rotation": "euler_angles"}), ("reference_point", {"rotation": "euler_parameters"}),
])
def test_translational_joint_slides_without_turning(family, options):
    r, l, ey, ez = 1.0, 3.0, 0.4, 0.6
    mechanism = examples.spatial_slider_crank(r, l, (ey, ez))
    assert mechanism.gruebler_kutzbach() == 2  # the rod's idle spin
    model = formulate(mechanism, family, **options)
    sweep = sweep_position(model, "crank", ANGLES)
    for theta, q in zip(ANGLES, sweep.q):
        x = r * math.cos(theta) + math.sqrt(l * l - ez * ez - (ey - r * math.sin(theta)) ** 2)
        np.testing.assert_allclose(model.point(q, "C"), [x, ey, ez], atol=1e-9)
        np.testing.assert_allclose(model.point(q, "K") - model.point(q, "C"), [0.0, 0.3, 0.0], atol=1e-9)


def test_translational_joint_needs_a_direction_off_its_axis():
    m = Mechanism("bad", dimension=3)
    m.add_ground({"G": (0, 0, 0)}, vectors={"ex": (1, 0, 0), "ez": (0, 0, 1)})
    m.add_body("bead", {"C": (1, 0, 0), "D": (2, 0, 0)}, vectors={"ex": (1, 0, 0)})
    with pytest.raises(MechanismError, match="body 'bead' has no point or vector off the axis 'ex'"):
        m.add_translational("ground", "bead", axis="ex", points=("G", "C"))


@pytest.mark.parametrize("family, options", [
    ("relative", {}),
    ("reference_point", {"rotation": "euler_angles"}),
    ("reference_point", {"rotation": "euler_parameters"}),
    ("basic", {}),
    ("natural", {}),
])
def test_cardan_joint_matches_tan_phi2_equals_cos_beta_tan_phi1(family, options):
    """Output turn and speed ratio of the Cardan joint against the closed form, over a
    full turn that passes φ₁ = ±90°, where the tangents blow up (1e-9: the solver's
    tolerance; the closed form is exact). Euler angles lock there (the input shaft is a
    pendulum about x, chapter 4), so they are swept over ±85° only."""
    from mbtools import closed_forms

    beta = 40.0
    model = formulate(examples.cardan_joint(shaft_angle=math.radians(beta)), family, **options)
    euler_angles = options.get("rotation") == "euler_angles"
    phi1 = np.radians(np.arange(-85.0, 86.0, 5.0) if euler_angles else np.arange(0.0, 361.0, 7.5))
    theta0 = model.input_values(model.reference_q)["input"]
    sweep = sweep_position(model, "input", theta0 + phi1)
    b0 = np.array([-math.sin(math.radians(beta)), math.cos(math.radians(beta)), 0.0])
    turned = [math.atan2(-model.point(q, "B") @ b0, model.point(q, "B")[2]) for q in sweep.q]
    expected = closed_forms.cardan_output_rotation(phi1, math.radians(beta))
    np.testing.assert_allclose(np.unwrap(turned), expected, atol=1e-9)
    for q, p1 in zip(sweep.q[::6], phi1[::6]):
        qd = solve_velocity(model, q, {"input": 1.0})
        # B, at unit distance from the axis w2, moves at the output's rate φ̇₂
        ratio = closed_forms.cardan_speed_ratio(p1, math.radians(beta))
        assert np.linalg.norm(model.point_velocity(q, qd, "B")) == pytest.approx(ratio, abs=1e-9)


def test_cardan_joint_in_euler_angles_reports_the_lock_of_the_input_shaft():
    model = formulate(examples.cardan_joint(), "reference_point", rotation="euler_angles")
    with pytest.raises(SingularJacobianError, match=r"Gimbal lock.*shaft1"):
        sweep_position(model, "input", np.radians(np.arange(0.0, 361.0, 10.0)))


def test_pivoting_sets_aside_dependent_equations_that_still_hold():
    """Natural RSCR: 13 equations of rank 12 with the driver; the solver sets one aside
    per dependency, and every equation, set aside or not, holds at the solution."""
    model = formulate(examples.rscr(), "natural")
    for degrees in (0.0, 100.0, 200.0, 300.0):
        result = solve_position(model, {"crank": math.radians(degrees)})
        assert len(result.set_aside) == 2
        assert set(result.set_aside) <= set(model.constraint_names)
        assert np.abs(model.phi(result.q, {"crank": math.radians(degrees)})).max() < 1e-11


def test_pivoted_velocity_equals_the_least_squares_solution():
    """The independent set gives the velocity the full (consistent) system gives by
    least squares: the set aside equations are dependent, not ignored."""
    model = formulate(examples.rscr(), "natural")
    q = solve_position(model, {"crank": 1.0}).q
    qd = solve_velocity(model, q, {"crank": 1.3})
    s = model.input_values(q)
    J = model.jacobian(q, s)
    rhs = -model.phi_t(q, s, {"crank": 1.3})
    reference, *_ = np.linalg.lstsq(J, rhs, rcond=None)
    np.testing.assert_allclose(qd, reference, atol=1e-12)
    np.testing.assert_allclose(J @ qd, rhs, atol=1e-12)


def test_basic_body_with_many_points_gets_exactly_3p_minus_6_conditions():
    """A block of nine points (corners and centre) hung from a ball joint at a corner:
    3·9 − 6 = 21 independent distances and volumes, three degrees of freedom."""
    corners = {f"K{k}": (float(k & 1), 0.8 * float(k >> 1 & 1), 0.6 * float(k >> 2 & 1)) for k in range(1, 8)}
    corners["M"] = (0.5, 0.4, 0.3)
    m = Mechanism("block", dimension=3)
    m.add_ground({"O": (0.0, 0.0, 0.0)})
    m.add_body("block", {"O": (0.0, 0.0, 0.0), **corners})
    m.add_spherical("ground", "block", at="O")
    model = formulate(m, "basic")
    assert model.n_coordinates == 24 and model.n_constraints == 21
    J = model.jacobian(model.reference_q, {})
    assert np.linalg.matrix_rank(J) == 21


@pytest.mark.parametrize("offset", [0.0, 1e-3, 0.05, 0.5])
def test_basic_bar_with_a_point_on_or_near_its_line(offset):
    """A bar O–P–Q hung from a ball joint, Q on the line OP (offset 0) or just off it:
    exactly aligned, Q is kept on the line (vector area); off it, by two distances —
    never an inconsistent equation that moves Q off its drawn place."""
    m = Mechanism("bar", dimension=3)
    m.add_ground({"O": (0.0, 0.0, 0.0)})
    m.add_body("bar", {"O": (0.0, 0.0, 0.0), "P": (1.0, 0.0, 0.0), "Q": (2.0, offset, 0.0)})
    m.add_spherical("ground", "bar", at="O")
    model = formulate(m, "basic")
    q0 = model.reference_q
    assert np.abs(model.phi(q0, {})).max() < 1e-14
    J = model.jacobian(q0, {})
    # aligned: 6 coordinates − 4 = 2 freedoms (the line's direction; the spin is not
    # modelled); a triangle hung from a ball joint: 6 − 3 = 3
    assert np.linalg.matrix_rank(J, tol=1e-12) == (4 if offset == 0.0 else 3)
    kinds = {c.kind for c in model.constraints}
    assert kinds == ({"distance", "area"} if offset == 0.0 else {"distance"})


def test_basic_points_put_along_vectors_never_take_a_users_point_name():
    """A body with a point named O_z: the point basic coordinates put along z from O
    is named O_z2, and the model is the right one (one freedom, driven)."""
    m = Mechanism("name clash", dimension=3)
    m.add_ground({"O": (0.0, 0.0, 0.0)}, {"z": (0.0, 0.0, 1.0)})
    m.add_body("bar", {"O": (0.0, 0.0, 0.0), "O_z": (1.0, 0.0, 0.0)}, {"z": (0.0, 0.0, 1.0)})
    m.add_revolute("ground", "bar", at="O", axis="z")
    m.add_angle_driver("turn", tail="O", head="O_z", axis="z")
    model = formulate(m, "basic")
    assert model.n_coordinates == 3 and model.degrees_of_freedom(model.reference_q) == 1
    q = solve_position(model, {"turn": 0.5}).q
    np.testing.assert_allclose(model.point(q, "O_z"), [math.cos(0.5), math.sin(0.5), 0.0], atol=1e-12)


@pytest.mark.parametrize("build, culprit", [
    (lambda m: m.add_body("b", {"crank tip": (1.0, 0.0, 0.0)}), "'crank tip' of body 'b' is not usable"),
    (lambda m: m.add_body("my body", {"P": (1.0, 0.0, 0.0)}), "Body name 'my body'"),
    (lambda m: m.add_revolute("ground", "a", at="O", axis="z", name="R 1"), "Joint name 'R 1'"),
])
def test_names_that_cannot_become_symbols_are_refused(build, culprit):
    m = Mechanism("names", dimension=3)
    m.add_ground({"O": (0.0, 0.0, 0.0)}, {"z": (0.0, 0.0, 1.0)})
    m.add_body("a", {"O": (0.0, 0.0, 0.0), "A": (1.0, 0.0, 0.0)}, {"z": (0.0, 0.0, 1.0)})
    with pytest.raises(MechanismError, match=culprit):
        build(m)


def test_a_body_with_only_ground_points_and_vectors_is_refused():
    m = Mechanism("rotor", dimension=3)
    m.add_ground({"O": (0.0, 0.0, 0.0)}, {"z": (0.0, 0.0, 1.0)})
    m.add_body("disc", {"O": (0.0, 0.0, 0.0)}, {"z": (0.0, 0.0, 1.0)})
    m.add_revolute("ground", "disc", at="O", axis="z")
    for family in ("relative", "reference_point", "basic", "natural"):
        with pytest.raises(MechanismError, match="Body 'disc' lists only ground points"):
            formulate(m, family)


def test_a_driver_on_ground_points_is_refused_when_described():
    m = Mechanism("pendulum", dimension=2)
    m.add_ground({"O": (0.0, 0.0), "G": (1.0, 0.0)})
    m.add_body("bar", {"O": (0.0, 0.0), "P": (0.0, 1.0)})
    m.add_revolute("ground", "bar", at="O")
    with pytest.raises(MechanismError, match="joins two ground points"):
        m.add_angle_driver("swing", tail="O", head="G")


def test_point_and_vector_names_that_share_a_symbol_are_explained():
    m = Mechanism("clash", dimension=3)
    m.add_ground({"O": (0.0, 0.0, 0.0)}, {"x": (1.0, 0.0, 0.0)})
    with pytest.raises(MechanismError, match="a point named 'y' and a vector named 'x' would share"):
        m.add_body("bar", {"O": (0.0, 0.0, 0.0), "y": (0.0, 1.0, 0.0)}, {"x": (1.0, 0.0, 0.0)})


def test_cut_joints_takes_one_name_or_a_list():
    mechanism = examples.four_bar()
    one = formulate(mechanism, "relative", cut_joints="R_B").facts.cut_joints
    assert one == formulate(mechanism, "relative", cut_joints=["R_B"]).facts.cut_joints


def test_coordinate_counts_of_a_model_says_to_pass_its_mechanism():
    from mbtools import coordinate_counts

    with pytest.raises(MechanismError, match="pass model.mechanism"):
        coordinate_counts(formulate(examples.four_bar(), "basic"))
