"""Mass matrices from the placements, in every family (the first part of dynamics).

Checks, each independent of how the matrix is built:
* closed forms: the four-bar's kinetic energy from Newton–Euler velocities (Norton's
  ω₃, ω₄), the Cardan joint's from the speed ratio tan φ₂ = cos β tan φ₁, for an
  arbitrary inertia tensor;
* across families: the same motion has the same energy in every family (points and
  unit vectors, composed joint rotations, Euler angles, Euler parameters);
* the paper's claim: natural coordinates give a constant mass matrix for planar bodies
  and for spatial bodies with three independent directions.
Tolerance 1e-9 relative: velocities are solved to round-off at positions accurate to
1e-12 of the size.
"""

import dataclasses
import math

import numpy as np
import pytest

from mbtools import MechanismError, closed_forms, examples, formulate, solve_velocity, sweep_position
from mbtools.coordinates import VARIANTS
from mbtools.description import MassProperties, uniform_bar
from mbtools.description.inertia import checked_mass_properties
from mbtools.dynamics import kinetic_energy, mass_matrix


def with_mass(mechanism, body, properties):
    old = mechanism.bodies[body]
    mechanism.bodies[body] = dataclasses.replace(
        old, mass=checked_mass_properties(body, properties, mechanism.dimension))
    return mechanism


def massive_four_bar():
    m = examples.four_bar()
    for body, (a, b) in {"crank": ("O2", "A"), "coupler": ("A", "B"), "rocker": ("O4", "B")}.items():
        with_mass(m, body, uniform_bar(1.0 + len(body) / 10, m.point_position(a), m.point_position(b)))
    return m


def random_inertia(rng, scale=1.0):
    """A physical inertia tensor: principal moments of a solid box, turned at random."""
    a, b, c = rng.uniform(0.3, 1.0, 3) * scale
    moments = np.array([b * b + c * c, a * a + c * c, a * a + b * b]) / 12
    Q, _ = np.linalg.qr(rng.normal(size=(3, 3)))
    return Q @ np.diag(moments) @ Q.T


def formulations(mechanism):
    if mechanism.dimension == 2:
        return [("relative", {}), ("reference_point", {}), ("basic", {}), ("natural", {})]
    return list(VARIANTS.values())


@pytest.mark.parametrize("family, options", [("relative", {}), ("reference_point", {}), ("basic", {}), ("natural", {})])
def test_four_bar_energy_matches_newton_euler(family, options):
    """T = ½ J_O2 ω₂² + ½ m₃ |v_G3|² + ½ J_G3 ω₃² + ½ J_O4 ω₄², with ω₃, ω₄ from the
    closed form (Norton) and uniform bars."""
    mechanism = massive_four_bar()
    model = formulate(mechanism, family, **options)
    a, b, c, d = 2.0, 7.0, 9.0, 6.0
    masses = {body: mechanism.bodies[body].mass.mass for body in ("crank", "coupler", "rocker")}
    thetas = np.radians(np.arange(10.0, 360.0, 40.0))
    for theta, q in zip(thetas, sweep_position(model, "crank", thetas).q):
        omega2 = 1.7
        qd = solve_velocity(model, q, {"crank": omega2})
        ref = closed_forms.four_bar(theta, a, b, c, d, assembly="open", omega2=omega2)
        e3 = np.array([math.cos(ref["theta3"]), math.sin(ref["theta3"])])
        v_g3 = ref["vA"] + ref["omega3"] * (b / 2) * np.array([-e3[1], e3[0]])
        expected = (0.5 * masses["crank"] * a * a / 3 * omega2**2
                    + 0.5 * masses["coupler"] * (v_g3 @ v_g3) + 0.5 * masses["coupler"] * b * b / 12 * ref["omega3"] ** 2
                    + 0.5 * masses["rocker"] * c * c / 3 * ref["omega4"] ** 2)
        assert kinetic_energy(model, q, qd) == pytest.approx(expected, rel=1e-9)


@pytest.mark.parametrize("family, options", list(VARIANTS.values()))
def test_cardan_joint_energy_with_any_inertia_tensor(family, options):
    """Shafts turning about their fixed axes through their centres: T = ½ ω₁² w₁ᵀI₁w₁ +
    ½ ω₂² w₂ᵀI₂w₂, ω₂ = ω₁ cos β / (1 − sin²β sin²φ₁), for random inertia tensors."""
    rng = np.random.default_rng(7)
    beta = math.radians(30.0)
    mechanism = examples.cardan_joint(shaft_angle=beta)
    inertias = {"shaft1": random_inertia(rng), "shaft2": random_inertia(rng)}
    for body, inertia in inertias.items():
        with_mass(mechanism, body, MassProperties(2.0, np.zeros(3), inertia))
    model = formulate(mechanism, family, **options)
    w1, w2 = mechanism.vector_direction("w1"), mechanism.vector_direction("w2")
    phi1 = np.radians([5.0, 35.0, 70.0])  # Euler angles lock at 90°
    start = model.input_values(model.reference_q)["input"]
    for p1, q in zip(phi1, sweep_position(model, "input", start + phi1).q):
        qd = solve_velocity(model, q, {"input": 1.3})
        omega2 = 1.3 * closed_forms.cardan_speed_ratio(p1, beta)
        expected = 0.5 * 1.3**2 * w1 @ inertias["shaft1"] @ w1 + 0.5 * omega2**2 * w2 @ inertias["shaft2"] @ w2
        assert kinetic_energy(model, q, qd) == pytest.approx(expected, rel=1e-9)


def massive_rscr():
    """The RSCR with a solid crank, a coupler with a full inertia tensor and an output
    arm: no link between two ball joints, so no idle spin."""
    rng = np.random.default_rng(3)
    m = examples.rscr()
    with_mass(m, "crank", uniform_bar(1.2, m.point_position("A0"), m.point_position("B"), radius=0.05))
    centre = 0.5 * (m.point_position("B") + m.point_position("C"))
    with_mass(m, "coupler", MassProperties(0.8, centre + 0.1, random_inertia(rng)))
    with_mass(m, "output", MassProperties(1.5, m.point_position("D"), random_inertia(rng)))
    return m


@pytest.mark.parametrize("build", [massive_four_bar, massive_rscr], ids=["four-bar", "RSCR"])
def test_the_same_motion_has_the_same_energy_in_every_family(build):
    mechanism = build()
    energies = {}
    for family, options in formulations(mechanism):
        model = formulate(mechanism, family, **options)
        start = model.input_values(model.reference_q)["crank"]
        values = start + np.radians([0.0, 30.0, 60.0])
        energies[(family, options.get("rotation"))] = [
            kinetic_energy(model, q, solve_velocity(model, q, {"crank": 0.9}))
            for q in sweep_position(model, "crank", values).q]
    reference = energies[("natural", None)]
    for key, values in energies.items():
        np.testing.assert_allclose(values, reference, rtol=1e-9, err_msg=str(key))


def massive_slider_crank():
    m = examples.slider_crank(offset=0.3)
    for body, (a, b) in {"crank": ("O", "A"), "rod": ("A", "B"), "slider": ("B", "C")}.items():
        with_mass(m, body, uniform_bar(0.5 + len(body) / 10, m.point_position(a), m.point_position(b)))
    return m


@pytest.mark.parametrize("build", [massive_four_bar, massive_slider_crank], ids=["four-bar", "slider-crank"])
def test_natural_and_planar_basic_mass_matrices_are_constant(build):
    mechanism = build()
    for family in ("natural", "basic"):
        model = formulate(mechanism, family)
        qs = sweep_position(model, "crank", np.radians([20.0, 140.0, 260.0])).q
        M0 = mass_matrix(model, qs[0])
        for q in qs[1:]:
            np.testing.assert_allclose(mass_matrix(model, q), M0, atol=1e-12, err_msg=family)
        np.testing.assert_allclose(M0, M0.T, atol=1e-14)
    relative = formulate(mechanism, "relative")
    qs = sweep_position(relative, "crank", np.radians([20.0, 140.0])).q
    assert np.abs(mass_matrix(relative, qs[0]) - mass_matrix(relative, qs[1])).max() > 1e-3


def test_spatial_natural_mass_matrix_is_constant_for_three_directions():
    """Each Cardan shaft has a point, a second point and two unit vectors: its frame is
    linear in the natural coordinates, and so is the mass matrix constant."""
    rng = np.random.default_rng(11)
    mechanism = examples.cardan_joint()
    for body in ("shaft1", "shaft2"):
        with_mass(mechanism, body, MassProperties(1.0, np.zeros(3), random_inertia(rng)))
    model = formulate(mechanism, "natural")
    qs = sweep_position(model, "input", model.input_values(model.reference_q)["input"] + np.radians([0, 50, 100])).q
    for q in qs[1:]:
        np.testing.assert_allclose(mass_matrix(model, q), mass_matrix(model, qs[0]), atol=1e-12)


def test_a_body_without_mass_is_named():
    with pytest.raises(MechanismError, match=r"Body 'crank' of 'four-bar' has no mass properties.*uniform_bar"):
        mass_matrix(formulate(examples.four_bar(), "natural"), formulate(examples.four_bar(), "natural").reference_q)


def test_a_slender_bar_is_refused_where_its_spin_is_a_coordinate():
    mechanism = examples.spatial_slider_crank()
    for body, (a, b) in {"crank": ("A0", "B"), "rod": ("B", "C"), "slider": ("C", "K")}.items():
        with_mass(mechanism, body, uniform_bar(1.0, mechanism.point_position(a), mechanism.point_position(b)))
    natural = formulate(mechanism, "natural")
    assert np.isfinite(mass_matrix(natural, natural.reference_q)).all()  # a bar is a line of mass there
    pose = formulate(mechanism, "reference_point", rotation="euler_parameters")
    with pytest.raises(MechanismError, match=r"Body 'crank' has no inertia about the axis.*radius"):
        mass_matrix(pose, pose.reference_q)
