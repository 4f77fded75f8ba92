"""The symbolic element mass matrices of natural coordinates (mbtools.dynamics.symbolic).

Checks, each independent of how the matrices are built:
* the kinetic-energy identity ½ q̇ᵀ M q̇ = ½ m v_G² + ½ ωᵀ I_G ω for random rigid
  velocities (v of the base point and ω), element by element, with symbolic data
  evaluated at random numbers;
* against mbtools.dynamics.mass_matrix (numeric, from the placements) of models built
  with formulate(..., "natural"): a pendulum bar, the four-bar of uniform bars, a coupler
  with an off-line centre of mass, the heavy top, spatial bodies of two points and two
  vectors and of a point and three vectors, a spatial chain of slender bars — to 1e-12;
* the classic closed forms: the uniform bar m/6 [[2, 0, 1, 0], …], and that only the
  polar moment J_G enters in the plane.
"""

import dataclasses

import numpy as np
import pytest
import sympy as sp

from mbtools import InputError, MassProperties, Mechanism, MechanismError, examples, formulate, solve_velocity
from mbtools.description import uniform_bar
from mbtools.dynamics import mass_matrix
from mbtools.dynamics.symbolic import (TURN, element_mass, natural_mass_matrix, planar_element_mass,
                                       spatial_bar_mass, spatial_element_mass)
from mbtools.examples.tops import heavy_top

TOL = 1e-12
RNG = np.random.default_rng(7)


def numeric(M, values=None) -> np.ndarray:
    return np.array(M.subs(values or {}).evalf(), dtype=float)


def random_inertia(rng, moments=(0.3, 0.5, 0.7)) -> np.ndarray:
    Q, _ = np.linalg.qr(rng.normal(size=(3, 3)))
    return Q @ np.diag(moments) @ Q.T


def with_masses(mechanism, masses):
    for body, properties in masses.items():
        mechanism.bodies[body] = dataclasses.replace(mechanism.bodies[body], mass=properties)
    return mechanism


# ------------------------------------------------------------------ closed forms


def test_uniform_bar_gives_the_classic_matrix():
    m, L = sp.symbols("m L", positive=True)
    M = planar_element_mass(m, L, L / 2, 0, m * L**2 / 12)
    assert sp.simplify(M - m / 6 * sp.Matrix([[2, 0, 1, 0], [0, 2, 0, 1], [1, 0, 2, 0], [0, 1, 0, 2]])) == sp.zeros(4)


def test_planar_matrix_in_terms_of_the_moment_about_i():
    m, L, a, b, J, I_i = sp.symbols("m L a b J_G I_i", positive=True)
    M = planar_element_mass(m, L, a, b, J).subs(J, I_i - m * (a**2 + b**2))
    diagonal, cross = m - 2 * m * a / L + I_i / L**2, m * a / L - I_i / L**2
    expected = sp.Matrix([[diagonal, 0, cross, -m * b / L], [0, diagonal, m * b / L, cross],
                          [cross, m * b / L, I_i / L**2, 0], [-m * b / L, cross, 0, I_i / L**2]])
    assert sp.simplify(M - expected) == sp.zeros(4)


def test_only_the_polar_moment_enters_in_the_plane():
    """Any split of J_G between the two axes (and any product of inertia) gives the same
    matrix: X = [d, d⊥] turns both axes alike."""
    m, L, a, b, J, s, t = sp.symbols("m L a b J_G s t", real=True)
    c = sp.symbols("c1 c2", real=True)
    C = sp.Matrix.hstack((1 - c[0]) * sp.eye(2) - c[1] * TURN, c[0] * sp.eye(2) + c[1] * TURN)
    second = sp.Matrix([[m * a**2 + J / 2 + s, m * a * b + t], [m * a * b + t, m * b**2 + J / 2 - s]]) / L**2
    M = element_mass(C, c, m, [a / L, b / L], second)
    assert not (M.free_symbols & {s, t})
    assert sp.simplify(M - planar_element_mass(m, L, a, b, J)) == sp.zeros(4)


def test_spatial_matrix_is_a_kronecker_product():
    m = sp.Symbol("m", positive=True)
    g = sp.Matrix(sp.symbols("g1:4", real=True))
    I = sp.Matrix(3, 3, lambda i, j: sp.Symbol(f"I{min(i, j) + 1}{max(i, j) + 1}"))
    directions = [(1, 0, 0), (0, 2, 0), (0, 0, 1)]
    M = spatial_element_mass(m, g, I, directions, points=(True, False, False))
    assert sp.simplify(M - sp.kronecker_product(M[::3, ::3], sp.eye(3))) == sp.zeros(12)
    assert M.is_symmetric()


def test_bad_directions_are_refused():
    with pytest.raises(InputError, match="not coplanar"):
        spatial_element_mass(1, (0, 0, 0), sp.eye(3), [(1, 0, 0), (0, 1, 0), (1, 1, 0)])
    with pytest.raises(InputError, match="three directions"):
        spatial_element_mass(1, (0, 0, 0), sp.eye(3), [(1, 0, 0), (0, 1, 0)])


# ------------------------------------------------------------------ kinetic energy


def cross2(omega, r):
    return omega * np.array([-r[1], r[0]])


@pytest.mark.parametrize("seed", range(3))
def test_planar_energy_identity(seed):
    rng = np.random.default_rng(seed)
    m, L, a, b, J = 1 + rng.random(), 1 + rng.random(), rng.normal(), rng.normal(), 0.1 + rng.random()
    M = numeric(planar_element_mass(*sp.symbols("m L a b J"))
                .subs(dict(zip(sp.symbols("m L a b J"), (m, L, a, b, J)))))
    for _ in range(4):
        v_i, omega = rng.normal(size=2), rng.normal()
        qd = np.concatenate([v_i, v_i + cross2(omega, np.array([L, 0.0]))])
        v_G = v_i + cross2(omega, np.array([a, b]))
        assert 0.5 * qd @ M @ qd == pytest.approx(0.5 * m * v_G @ v_G + 0.5 * J * omega**2, rel=TOL)


@pytest.mark.parametrize("points", [(False, False, False), (True, False, False), (True, True, False), (True, True, True)])
def test_spatial_energy_identity(points):
    """A point and three directions, some of them to other points of the body."""
    rng = np.random.default_rng(sum(points))
    m, g, I = 1 + rng.random(), rng.normal(size=3), random_inertia(rng)
    directions = [rng.normal(size=3) for _ in range(3)]
    M = numeric(spatial_element_mass(m, g, I, directions, points))
    for _ in range(4):
        v_i, omega = rng.normal(size=3), rng.normal(size=3)
        rates = [v_i + np.cross(omega, d) if p else np.cross(omega, d) for d, p in zip(directions, points)]
        qd = np.concatenate([v_i] + rates)
        v_G = v_i + np.cross(omega, g)
        expected = 0.5 * m * v_G @ v_G + 0.5 * omega @ I @ omega
        assert 0.5 * qd @ M @ qd == pytest.approx(expected, rel=TOL)


def test_bar_energy_identity():
    rng = np.random.default_rng(3)
    m, L, a, J = 1.5, 2.0, 0.7, 0.4
    e = np.array([1.0, 0.0, 0.0])
    M = numeric(spatial_bar_mass(m, L, a, J))
    for _ in range(4):
        v_i, omega = rng.normal(size=3), rng.normal(size=3)
        omega -= (omega @ e) * e  # the spin about the line is not modelled
        qd = np.concatenate([v_i, v_i + np.cross(omega, L * e)])
        v_G = v_i + np.cross(omega, a * e)
        assert 0.5 * qd @ M @ qd == pytest.approx(0.5 * m * v_G @ v_G + 0.5 * J * omega @ omega, rel=TOL)


# ------------------------------------------------------------------ against the library


def pendulum_bar(mass=3.0, length=2.0):
    mech = Mechanism("pendulum")
    mech.add_ground({"O": (0.0, 0.0)})
    mech.add_body("bar", {"O": (0.0, 0.0), "P": (length, 0.0)}, mass=uniform_bar(mass, (0, 0), (length, 0)))
    mech.add_revolute("ground", "bar", at="O")
    return mech


def uniform_four_bar(**options):
    m = examples.four_bar(**options)
    p = m.point_position
    return with_masses(m, {"crank": uniform_bar(1.0, p("O2"), p("A")), "coupler": uniform_bar(2.0, p("A"), p("B")),
                           "rocker": uniform_bar(1.5, p("O4"), p("B"))})


def coupler_off_line():
    """The coupler of a four-bar with a coupler point, its centre off the line AB."""
    m = uniform_four_bar(coupler_point=(3.0, 1.5))
    p = m.point_position
    centre = (p("A") + p("B") + p("P")) / 3
    return with_masses(m, {"coupler": MassProperties(2.0, centre, 3.7)})


def ball_jointed(points, vectors, mass):
    m = Mechanism("spatial body", dimension=3)
    m.add_ground({"O": (0.0, 0.0, 0.0)})
    m.add_body("body", {"O": (0.0, 0.0, 0.0), **points}, vectors=vectors, mass=mass)
    m.add_spherical("ground", "body", at="O")
    return m


def two_points_two_vectors():
    s = 1 / np.sqrt(2)
    return ball_jointed({"P": (2.0, 0.5, 0.0)}, {"u": (0.0, 0.0, 1.0), "v": (s, -s, 0.0)},
                        MassProperties(2.5, (0.8, 0.3, 0.4), random_inertia(np.random.default_rng(1))))


def point_three_vectors():
    vectors = {name: tuple(v) for name, v in zip(("u", "v", "w"), np.linalg.qr(RNG.normal(size=(3, 3)))[0].T)}
    return ball_jointed({}, vectors, MassProperties(1.2, (0.3, -0.2, 0.5), random_inertia(np.random.default_rng(2))))


def slender_chain():
    """Two slender bars between ball joints: lines of mass."""
    m = Mechanism("chain", dimension=3)
    m.add_ground({"O": (0.0, 0.0, 0.0)})
    P, Q = (1.0, 0.5, -0.5), (1.5, 1.5, -1.0)
    m.add_body("upper", {"O": (0.0, 0.0, 0.0), "P": P}, mass=uniform_bar(1.0, (0, 0, 0), P))
    m.add_body("lower", {"P": P, "Q": Q}, mass=uniform_bar(0.5, P, Q))
    m.add_spherical("ground", "upper", at="O")
    m.add_spherical("upper", "lower", at="P")
    return m


MODELS = {"pendulum bar": pendulum_bar, "four-bar": uniform_four_bar, "coupler off its line": coupler_off_line,
          "heavy top": heavy_top, "two points, two vectors": two_points_two_vectors,
          "a point, three vectors": point_three_vectors, "slender chain": slender_chain}


@pytest.mark.parametrize("name", MODELS)
def test_assembled_matrix_is_the_library_mass_matrix(name):
    model = formulate(MODELS[name](), "natural")
    M = numeric(natural_mass_matrix(model))
    reference = mass_matrix(model, model.reference_q)
    assert np.abs(M - reference).max() <= TOL * np.abs(reference).max()


def test_pendulum_bar_from_the_element_matrix():
    """The bar's element matrix, its fixed end O struck out: (m L²/3) / L² on P."""
    model = formulate(pendulum_bar(3.0, 2.0), "natural")
    M = numeric(planar_element_mass(3.0, 2.0, 1.0, 0, 3.0 * 4 / 12))[2:, 2:]
    np.testing.assert_allclose(M, mass_matrix(model, model.reference_q), atol=TOL)


def test_four_bar_symbolically():
    """Uniform bars: M = [[(m₂ + m₃)/3 𝟙, m₃/6 𝟙], [m₃/6 𝟙, (m₃ + m₄)/3 𝟙]], whatever the lengths."""
    model = formulate(uniform_four_bar(), "natural")
    p = model.mechanism.point_position
    ms = sp.symbols("m2 m3 m4", positive=True)
    masses = {body: (mk, (p(a) + p(b)) / 2, mk * float(np.sum((p(b) - p(a)) ** 2)) / 12)
              for (body, (a, b)), mk in zip({"crank": ("O2", "A"), "coupler": ("A", "B"), "rocker": ("O4", "B")}.items(), ms)}
    M = natural_mass_matrix(model, masses)
    m2, m3, m4 = ms
    eye = sp.eye(2)
    expected = sp.Matrix(sp.BlockMatrix([[(m2 + m3) / 3 * eye, m3 / 6 * eye], [m3 / 6 * eye, (m3 + m4) / 3 * eye]]))
    assert np.abs(numeric(M - expected, {m2: 1.3, m3: 0.7, m4: 2.9})).max() < TOL
    np.testing.assert_allclose(numeric(M, {m2: 1.0, m3: 2.0, m4: 1.5}), mass_matrix(model, model.reference_q), atol=TOL)


def test_heavy_top_symbolically():
    """Natural coordinates G, u₁, u₂ of the top: M = diag(m 𝟙, (m r²/4) 𝟙, (m r²/4) 𝟙)."""
    m, r, ell = sp.symbols("m r ell", positive=True)
    I1, I3 = m * r**2 / 4, m * r**2 / 2
    M = spatial_element_mass(m, (0, -ell, 0), sp.diag(I1, I3, I1), [(0, -ell, 0), (1, 0, 0), (0, 0, 1)],
                             points=(True, False, False))
    expected = sp.diag(sp.zeros(3), m * sp.eye(3), I1 * sp.eye(3), I1 * sp.eye(3))
    assert sp.simplify(M - expected) == sp.zeros(12)
    model = formulate(heavy_top(), "natural")
    np.testing.assert_allclose(numeric(M[3:, 3:], {m: 1.0, r: 0.1, ell: 0.2}), mass_matrix(model, model.reference_q),
                               atol=TOL)


def test_kinetic_energy_of_the_four_bar_from_its_bodies():
    """½ q̇ᵀ M q̇ = Σ ½ m v_G² + ½ J_G ω², with v_G and ω of each body from the model."""
    model = formulate(coupler_off_line(), "natural")
    M = numeric(natural_mass_matrix(model))
    q = model.reference_q
    for rate in RNG.normal(size=3):
        qd = solve_velocity(model, q, {"crank": rate})
        T = 0.0
        for body in model.body_names:
            properties = model.mechanism.bodies[body].mass
            v_G = model.placement_jacobian(q, body)[0] @ qd
            T += 0.5 * properties.mass * v_G @ v_G + 0.5 * properties.inertia * model.angular_velocity(q, qd, body) ** 2
        assert 0.5 * qd @ M @ qd == pytest.approx(T, rel=TOL)


def test_a_frame_from_two_directions_is_refused():
    """The RSCR coupler (B, C and u) has two directions: a cross product, not constant."""
    m = examples.rscr()
    for body in m.bodies.values():
        if not body.is_ground:
            pts = list(body.points.values())
            with_masses(m, {body.name: MassProperties(1.0, np.mean(pts, axis=0), 0.1 * np.eye(3))})
    with pytest.raises(MechanismError, match="two independent directions"):
        natural_mass_matrix(formulate(m, "natural"))
