"""The bushing (``mbtools.dynamics.bushings``): a six-component spring-damper between two
body frames (three in the plane), checked in every coordinate family that places the
bodies by frames —

1. by the power it delivers along smooth motions on the constraints, Qᵀq̇ = −dV/dt − ṡᵀCṡ;
2. by its tangent against central differences of its generalized force;
3. against closed forms: a block on a bushing at its centre of mass sags by m g / k_z
   and vibrates at √(k/m) and √(k_r/J); an off-centre bushing in rotated axes against a
   6 × 6 eigenproblem assembled by hand;
4. by its wrenches on the bodies, whose virtual power is Q on the admissible motions;
5. by the messages that refuse bad input.
"""

from __future__ import annotations

import numpy as np
import pytest
import scipy.linalg

from mbtools import InputError, MassProperties, Mechanism, formulate, natural_modes, static_equilibrium
from mbtools.description import GROUND
from mbtools.dynamics import Bushing, MultibodySystem, simulate
from mbtools.dynamics.differences import central_differences
from mbtools.dynamics.statics import null_space_basis

SPATIAL = [("reference_point", {"rotation": "euler_angles"}), ("reference_point", {"rotation": "euler_parameters"}),
           ("natural", {}), ("basic", {})]
PLANAR = [("reference_point", {}), ("natural", {}), ("basic", {})]
CENTRE = (0.1, 0.2, 0.3)
MASS, INERTIA = 2.0, np.array([0.1, 0.2, 0.3])


# ------------------------------------------------------------------ mechanisms
def block(dimension: int = 3) -> Mechanism:
    """A free block with its centre of mass at C (three points and a unit vector in space)."""
    m = Mechanism("block", dimension=dimension)
    if dimension == 3:
        m.add_ground({"O": (0.0, 0.0, 0.0)})
        m.add_body("block", {"C": CENTRE, "A": (1.1, 0.2, 0.3), "B": (0.1, 1.2, 0.3)}, vectors={"w": (0.0, 0.0, 1.0)},
                   mass=MassProperties(MASS, CENTRE, np.diag(INERTIA)), free=True)
    else:
        m.add_ground({"O": (0.0, 0.0)})
        m.add_body("block", {"C": (0.1, 0.2), "A": (0.9, 0.5)}, mass=MassProperties(MASS, (0.1, 0.2), 0.1),
                   free=True)
    return m


def chain(dimension: int = 3) -> Mechanism:
    """Two links, the upper pinned to the ground at A, the lower to the upper at B."""
    m = Mechanism("chain", dimension=dimension)
    if dimension == 3:
        m.add_ground({"A": (0.0, 0.0, 0.0)})
        m.add_body("upper", {"A": (0.0, 0.0, 0.0), "B": (1.0, 0.0, 0.0), "U": (0.0, 0.4, 0.0)},
                   mass=MassProperties(1.5, (0.5, 0.1, 0.0), np.diag([0.02, 0.15, 0.16])))
        m.add_body("lower", {"B": (1.0, 0.0, 0.0), "D": (1.0, -0.8, 0.1), "L": (1.3, -0.2, 0.0)},
                   mass=MassProperties(1.0, (1.05, -0.4, 0.05), np.diag([0.06, 0.01, 0.06])))
        m.add_spherical("ground", "upper", at="A")
        m.add_spherical("upper", "lower", at="B")
    else:
        m.add_ground({"A": (0.0, 0.0)})
        m.add_body("upper", {"A": (0.0, 0.0), "B": (1.0, 0.0)}, mass=MassProperties(1.0, (0.5, 0.0), 0.1))
        m.add_body("lower", {"B": (1.0, 0.0), "D": (1.0, -0.8)}, mass=MassProperties(0.8, (1.0, -0.4), 0.05))
        m.add_revolute("ground", "upper", at="A")
        m.add_revolute("upper", "lower", at="B")
    return m


#: How each mechanism moves: body → the point it turns about and the body holding it there
#: (None: the block translates freely).
PIVOTS = {"block": {"block": None}, "chain": {"upper": ("A", GROUND), "lower": ("B", "upper")}}


def spd(size: int, seed: int, scale: np.ndarray) -> np.ndarray:
    """A full symmetric positive-definite matrix with the given diagonal scale."""
    G = np.random.default_rng(seed).standard_normal((size, size))
    return np.sqrt(np.outer(scale, scale)) * (G @ G.T / size + np.eye(size))


def bushings(dimension: int, kind: str) -> Bushing:
    """A bushing with full stiffness and damping, rotated axes and a preload."""
    size = 3 if dimension == 2 else 6
    scale = np.array([2e3, 3e3, 40.0] if dimension == 2 else [2e3, 3e3, 4e3, 40.0, 50.0, 60.0])
    axes = scipy.linalg.expm(_skew([0.3, -0.2, 0.5]))[:dimension, :dimension] if dimension == 3 else \
        np.array([[np.cos(0.4), -np.sin(0.4)], [np.sin(0.4), np.cos(0.4)]])
    preload = np.linspace(5.0, -3.0, size)
    if kind == "block":
        at = (0.4, -0.1, 0.5)[:dimension]
        return Bushing("ground", "block", at, spd(size, 1, scale), damping=spd(size, 2, scale / 100), axes=axes,
                       preload=preload)
    at = (1.2, -0.3, 0.1)[:dimension]
    return Bushing("upper", "lower", at, spd(size, 3, scale), damping=spd(size, 4, scale / 100), axes=axes,
                   preload=preload)


# ------------------------------------------------------------------ smooth motions on the constraints
def _skew(v) -> np.ndarray:
    return np.array([[0.0, -v[2], v[1]], [v[2], 0.0, -v[0]], [-v[1], v[0], 0.0]])


def _rotation(dimension: int, t: float, seed: int) -> np.ndarray:
    rates = np.random.default_rng(seed).uniform(-1.0, 1.0, 3)
    angle = rates * np.sin(1.3 * t + seed)
    if dimension == 2:
        return np.array([[np.cos(angle[0]), -np.sin(angle[0])], [np.sin(angle[0]), np.cos(angle[0])]])
    return scipy.linalg.expm(_skew(angle))


def _poses(model, kind: str, rotations: dict, t: float) -> dict:
    """{body: (R, c)}, a drawn point x⁰ of the body at R x⁰ + c, the pivots kept."""
    mechanism, dim = model.mechanism, model.mechanism.dimension
    poses = {GROUND: (np.eye(dim), np.zeros(dim))}
    for body, pivot in PIVOTS[kind].items():
        R = rotations[body]
        if pivot is None:  # the block: its centre of mass moves along a smooth curve
            centre = np.asarray(mechanism.bodies[body].points["C"])
            shift = 0.05 * np.array([np.sin(t), np.cos(2 * t) - 1.0, np.sin(0.7 * t)])[:dim]
            poses[body] = (R, centre + shift - R @ centre)
        else:
            point, parent = pivot
            x0 = np.asarray(mechanism.bodies[body].points[point])
            R_p, c_p = poses[parent]
            poses[body] = (R, R_p @ x0 + c_p - R @ x0)
    return poses


def _holder(model, name: str) -> str:
    """The moving body a point of the model belongs to (basic's points P_v: P's body)."""
    for body in model.body_names:
        points, vectors = model.mechanism.bodies[body].points, model.mechanism.bodies[body].vectors
        if name in points or any(name == f"{p}_{v}" for p in points for v in vectors):
            return body
    return GROUND


def motion(model, kind: str, t: float) -> np.ndarray:
    """q(t) on a smooth motion of the mechanism, on its constraints, in any family."""
    dim, n = model.mechanism.dimension, model.n_coordinates
    names = model.coordinate_names
    if model.family == "relative":  # an open chain: no constraints, any smooth q(t)
        assert model.n_constraints == 0
        phases = np.arange(n)
        return model.reference_q + 0.4 * np.sin((0.7 + 0.2 * phases) * t + phases)
    if model.family == "reference_point":
        q = model.reference_q.copy()
        rotations = {}
        for k, body in enumerate(model.body_names):
            turning = [c for c, name in enumerate(names) if name.endswith(f"_{body}") and name[:2] not in
                       ("x_", "y_", "z_")]
            if len(turning) == 4:  # Euler parameters: a normalised smooth path
                e = q[turning] + 0.4 * np.array([np.sin(t + k), np.cos(1.1 * t), np.sin(0.8 * t + 1), 0.3 * t])
                q[turning] = e / np.linalg.norm(e)
            else:
                q[turning] += 0.4 * np.sin((0.9 + 0.3 * np.arange(len(turning))) * t + k)
            rotations[body] = model.placement(q, body).frame
        poses = _poses(model, kind, rotations, t)
        for body in model.body_names:
            R, c = poses[body]
            drawn = model.placement(q, body).drawn_origin
            for axis, value in zip("xyz", R @ drawn + c):
                q[names.index(f"{axis}_{body}")] = value
        for body in model.body_names:
            R, c = poses[body]
            np.testing.assert_allclose(model.placement(q, body).origin, R @ model.placement(q, body).drawn_origin + c,
                                       atol=1e-14)
    else:  # points (and unit vectors) are the coordinates: q from where the poses put them
        poses = _poses(model, kind, {b: _rotation(dim, t, k) for k, b in enumerate(model.body_names)}, t)
        zero, rows, rhs = np.zeros(n), [], []
        for name in model.point_names:
            R, c = poses[_holder(model, name)]
            rows.append(model.point_jacobian(zero, name))
            rhs.append(R @ model.point(model.reference_q, name) + c - model.point(zero, name))
        for name in model.vector_names:
            body = next(b for b in model.body_names if name in model.mechanism.bodies[b].vectors)
            rows.append(model.point_jacobian(zero, name))
            rhs.append(poses[body][0] @ model.vector(model.reference_q, name) - model.vector(zero, name))
        q = np.linalg.lstsq(np.vstack(rows), np.concatenate(rhs), rcond=None)[0]
    if model.n_constraints:
        assert np.abs(model.phi(q)).max() < 1e-12
    return q


def rate(function, t: float, h: float = 1e-3):
    """d/dt by the five-point central difference: error h⁴ f⁽⁵⁾/30 ≈ 1e-13 for these
    smooth paths (their derivatives are of order 1), round-off about 1e-16/h."""
    return (function(t - 2 * h) - 8 * function(t - h) + 8 * function(t + h) - function(t + 2 * h)) / (12 * h)


CASES = ([(3, "block", f, o) for f, o in SPATIAL] + [(3, "chain", f, o) for f, o in [("relative", {})] + SPATIAL]
         + [(2, "block", f, o) for f, o in PLANAR] + [(2, "chain", f, o) for f, o in [("relative", {})] + PLANAR])
IDS = [f"{d}d-{k}-{f}-{o.get('rotation', '')}".rstrip("-") for d, k, f, o in CASES]


def build(dimension, kind, family, options):
    model = formulate(block(dimension) if kind == "block" else chain(dimension), family, **options)
    return model, bushings(dimension, kind)


# ------------------------------------------------------------------ 1. power
@pytest.mark.parametrize("dimension, kind, family, options", CASES, ids=IDS)
def test_the_bushing_delivers_the_power_of_its_potential_and_damper(dimension, kind, family, options):
    """Qᵀq̇ = −dV/dt − ṡᵀCṡ along q(t). Tolerance 1e-9 of the largest term: q̇, dV/dt and ṡ
    are five-point differences (error ≈ 1e-13 relative, see ``rate``), Q exact."""
    model, bushing = build(dimension, kind, family, options)
    C = bushing.matrices(model)[1]
    for t in (0.3, 1.1, 2.0):
        q = motion(model, kind, t)
        qd = rate(lambda x: motion(model, kind, x), t)
        power = bushing.generalized_force(model, 0.0, q, qd) @ qd
        dV = rate(lambda x: bushing.potential(model, motion(model, kind, x)), t)
        sd = rate(lambda x: np.concatenate(bushing.deflection(model, motion(model, kind, x))), t)
        dissipated = sd @ C @ sd
        assert abs(power - (-dV - dissipated)) < 1e-9 * max(abs(power), abs(dV), dissipated)
        assert dissipated > 0 and abs(dV) > 1e-3  # the bushing deflects and moves


# ------------------------------------------------------------------ 2. tangent
@pytest.mark.parametrize("dimension, kind, family, options", CASES, ids=IDS)
def test_the_tangent_is_the_derivative_of_the_force(dimension, kind, family, options):
    """(∂Q/∂q, ∂Q/∂q̇) of (B.5) against central differences at an off-drawing state, off
    the constraints too. Tolerance 1e-7 of the largest entry: the differences' truncation
    error is about (6e-6)² of the scale and their round-off about 1e-16/6e-6 of the force
    (as in test_force_jacobians)."""
    model, bushing = build(dimension, kind, family, options)
    generator = np.random.default_rng(7)
    q = model.reference_q + 0.1 * generator.standard_normal(model.n_coordinates)
    qd = generator.standard_normal(model.n_coordinates)
    K_own, C_own = bushing.tangent(model, 0.0, q, qd)
    K_fd, C_fd = central_differences(lambda x, v: bushing.generalized_force(model, 0.0, x, v), q, qd,
                                     model.length_scale)
    assert np.abs(K_own - K_fd).max() < 1e-7 * np.abs(K_fd).max()
    assert np.abs(C_own - C_fd).max() < 1e-7 * np.abs(C_fd).max()


# ------------------------------------------------------------------ 3. closed forms
def test_a_block_on_a_bushing_sags_and_vibrates_as_the_closed_forms_in_every_family():
    """The block on a bushing at its centre of mass, diagonal stiffness in the drawing's
    axes: it sags by m g / k_z and vibrates at √(k_i/m), √(k_ri/J_i) (uncoupled: the
    bushing point is the centre of mass). Tolerance 1e-10 relative: the equilibrium is
    solved to 1e-10 of the forces and is exact (the bushing is linear in the translation);
    the frequencies are eigenvalues of exact matrices. Across families 1e-8."""
    k = np.array([1e3, 2e3, 3e3, 40.0, 50.0, 60.0])
    expected = np.sort(np.sqrt(k / np.concatenate([[MASS] * 3, INERTIA]))) / (2 * np.pi)
    sags, spectra = [], []
    for family, options in SPATIAL:
        model = formulate(block(), family, **options)
        system = MultibodySystem(model, (0.0, 0.0, -9.81), loads=[Bushing("ground", "block", "C", k, damping=0.0)])
        equilibrium = static_equilibrium(system)
        sag = model.placement(equilibrium.q, "block").origin - CENTRE
        np.testing.assert_allclose(sag, [0.0, 0.0, -MASS * 9.81 / k[2]], rtol=0, atol=1e-10 * MASS * 9.81 / k[2])
        frequencies = natural_modes(system, equilibrium.q).frequencies
        np.testing.assert_allclose(frequencies, expected, rtol=1e-10)
        sags.append(sag)
        spectra.append(frequencies)
    np.testing.assert_allclose(sags, [sags[0]] * len(sags), rtol=0, atol=1e-8 * abs(sags[0][2]))
    np.testing.assert_allclose(spectra, [spectra[0]] * len(spectra), rtol=1e-8)


def test_an_off_centre_bushing_in_turned_axes_couples_translation_and_rotation():
    """The bushing at r from the centre of mass, its axes turned: for a small motion δo, δθ
    of the block, d = B⁰ᵀ(δo − [r]× δθ) and φ = B⁰ᵀ δθ, so the stiffness is Tᵀ K T with
    T = [[B⁰ᵀ, −B⁰ᵀ [r]×], [0, B⁰ᵀ]] and the mass diag(m, m, m, J). Tolerance 1e-9 relative:
    eigenvalues of exact matrices, the largest frequency √(max/min) apart from the smallest."""
    k = np.array([1e3, 2e3, 3e3, 40.0, 50.0, 60.0])
    axes = scipy.linalg.expm(_skew([0.4, -0.3, 0.7]))
    at = np.array([0.3, -0.1, 0.5])
    r = at - np.array(CENTRE)
    T = np.block([[axes.T, -axes.T @ _skew(r)], [np.zeros((3, 3)), axes.T]])
    omega_squared = scipy.linalg.eigh(T.T @ np.diag(k) @ T, np.diag(np.concatenate([[MASS] * 3, INERTIA])),
                                      eigvals_only=True)
    expected = np.sqrt(omega_squared) / (2 * np.pi)
    assert np.abs(np.linalg.eigh(T.T @ np.diag(k) @ T)[1]).min() > 1e-6  # the modes mix translation and rotation
    for family, options in SPATIAL:
        model = formulate(block(), family, **options)
        system = MultibodySystem(model, (0.0, 0.0, 0.0), loads=[Bushing("ground", "block", tuple(at), k, axes=axes)])
        np.testing.assert_allclose(natural_modes(system, model.reference_q).frequencies, expected, rtol=1e-9)


def test_a_planar_block_vibrates_as_the_closed_form():
    """In the plane: √(k_x/m), √(k_y/m), √(k_r/J), in every family. Tolerance 1e-10: as above."""
    k = np.array([1e3, 2e3, 30.0])
    expected = np.sort(np.sqrt(k / np.array([MASS, MASS, 0.1]))) / (2 * np.pi)
    for family, options in PLANAR:
        model = formulate(block(2), family, **options)
        system = MultibodySystem(model, (0.0, -9.81), loads=[Bushing("ground", "block", "C", k)])
        equilibrium = static_equilibrium(system)
        sag = model.placement(equilibrium.q, "block").origin - (0.1, 0.2)
        np.testing.assert_allclose(sag, [0.0, -MASS * 9.81 / k[1]], rtol=0, atol=1e-10 * MASS * 9.81 / k[1])
        np.testing.assert_allclose(natural_modes(system, equilibrium.q).frequencies, expected, rtol=1e-10)


# ------------------------------------------------------------------ 4. wrenches on the bodies
@pytest.mark.parametrize("dimension, kind, family, options", CASES, ids=IDS)
def test_the_wrenches_on_the_bodies_do_the_work_of_the_generalized_force(dimension, kind, family, options):
    """Σ_b (o_b,qᵀ F_b + Ω_b,qᵀ n_b) = Q on the motions the constraints allow (with N a basis
    of the null space of Φ_q: Nᵀ(Σ − Q) = 0; in full where the frames are rotations for
    every q: relative and Euler angles). The wrenches balance: F_i = −F_j and the moments
    about one point cancel. Tolerance 1e-10 of the largest entry: the same exact numbers
    summed in two orders."""
    model, bushing = build(dimension, kind, family, options)
    generator = np.random.default_rng(11)
    for t in (0.4, 1.7):
        q = motion(model, kind, t)
        qd = generator.standard_normal(model.n_coordinates)
        Q = bushing.generalized_force(model, 0.0, q, qd)
        wrenches = bushing.body_wrenches(model, 0.0, q, qd)
        assert set(wrenches) == {bushing.body_i, bushing.body_j}
        total = np.zeros(model.n_coordinates)
        moments = []
        for body, (F, n) in wrenches.items():
            assert F.shape == (dimension,) and n.shape == ((1,) if dimension == 2 else (3,))
            origin = np.zeros(dimension) if body == GROUND else model.placement(q, body).origin
            moments.append(n + (np.cross(origin, F) if dimension == 3 else [origin[0] * F[1] - origin[1] * F[0]]))
            if body != GROUND:
                total += model.placement_jacobian(q, body)[0].T @ F + model.angular_velocity_jacobian(q, body).T @ n
        size = np.abs(Q).max()
        N = null_space_basis(model.jacobian(q), model.n_coordinates) if model.n_constraints else np.eye(len(q))
        assert np.abs(N.T @ (total - Q)).max() < 1e-10 * size
        if family == "relative" or options.get("rotation") == "euler_angles" or (family == "reference_point"
                                                                               and dimension == 2):
            assert np.abs(total - Q).max() < 1e-10 * size
        forces = [F for F, _ in wrenches.values()]
        assert np.abs(forces[0] + forces[1]).max() < 1e-12 * np.abs(forces[0]).max()
        assert np.abs(moments[0] + moments[1]).max() < 1e-10 * max(np.abs(moments[0]).max(), size)


def test_the_preload_is_the_wrench_on_body_j_as_drawn():
    """At the drawing (no deflection, at rest) body j feels the preload: the force B⁰ f and
    the moment B⁰ n about the bushing point. Tolerance 1e-12: no arithmetic but products of
    exact numbers."""
    axes = scipy.linalg.expm(_skew([0.2, 0.1, -0.4]))
    model = formulate(block(), "natural")
    at = np.array([0.5, 0.0, 0.2])
    bushing = Bushing("ground", "block", tuple(at), np.ones(6), axes=axes, preload=(1.0, 2.0, 3.0, 4.0, 5.0, 6.0))
    F, n = bushing.body_wrenches(model, 0.0, model.reference_q, np.zeros(12))["block"]
    np.testing.assert_allclose(F, axes @ [1.0, 2.0, 3.0], atol=1e-12)
    np.testing.assert_allclose(n, axes @ [4.0, 5.0, 6.0] + np.cross(at - CENTRE, F), atol=1e-12)
    d, phi = bushing.deflection(model, model.reference_q)
    assert np.abs(d).max() == 0.0 and np.abs(phi).max() < 1e-15


# ------------------------------------------------------------------ 5. bad input
def test_bad_bushings_are_refused_by_name():
    k = np.ones(6)
    cases = [
        (lambda: Bushing("ground", "block", "C", np.array([[1.0, 2.0, 0], [0, 1.0, 0], [0, 0, 1.0]])),
         ["Bushing ground–block", "stiffness is not symmetric", "entry [", "symmetrise it or give the diagonal"]),
        (lambda: Bushing("ground", "block", "C", np.array([[1.0, 2.0, 0], [2.0, 1.0, 0], [0, 0, 1.0]])),
         ["Bushing ground–block", "stiffness is indefinite: eigenvalue -1 < 0", "positive semi-definite"]),
        (lambda: Bushing("ground", "block", "C", k, damping=(1.0, -2.0, 1.0, 1.0, 1.0, 1.0)),
         ["Bushing ground–block", "damping is indefinite: eigenvalue -2 < 0"]),
        (lambda: Bushing("ground", "block", "C", k, damping=-1.0), ["Bushing ground–block", "damping must be ≥ 0"]),
        (lambda: Bushing("ground", "block", "C", np.ones(4)), ["Bushing ground–block", "3 × 3 (plane) or 6 × 6"]),
        (lambda: Bushing("block", "block", "C", k), ["Bushing block–block", "both ends are the body 'block'",
                                                     "give the two bodies"]),
        (lambda: Bushing("ground", "block", "C", k, axes=np.diag([1.0, 1.0, -1.0])),
         ["Bushing ground–block", "axes must be a rotation matrix", "det +1"]),
        (lambda: Bushing("ground", "block", "C", k, axes=np.diag([1.0, 2.0, 1.0])),
         ["Bushing ground–block", "not orthonormal"]),
        (lambda: Bushing("ground", "block", (0.0, 1.0, 2.0, 3.0), k), ["Bushing ground–block", "2 (plane) or 3"]),
    ]
    model = formulate(block(), "natural")
    planar = formulate(block(2), "natural")
    cases += [
        (lambda: MultibodySystem(planar, loads=[Bushing("ground", "block", "C", k)]),
         ["Bushing ground–block", "stiffness has 6 components", "in the plane a bushing has 3", "3 × 3"]),
        (lambda: MultibodySystem(model, loads=[Bushing("ground", "box", "C", k)]),
         ["Bushing ground–box", "'box' is not a body of 'block'", "['ground', 'block']"]),
        (lambda: MultibodySystem(model, loads=[Bushing("ground", "block", "Z", k)]),
         ["Bushing ground–block", "at='Z' is not a point of 'ground' or 'block'", "give a point"]),
        (lambda: MultibodySystem(model, loads=[Bushing("ground", "block", (0.0, 1.0), k)]),
         ["Bushing ground–block", "at has 2 coordinates", "give 3"]),
        (lambda: MultibodySystem(model, loads=[Bushing("ground", "block", "C", k, axes=np.eye(2))]),
         ["Bushing ground–block", "axes is 2 × 2", "3 × 3"]),
        (lambda: MultibodySystem(formulate(two_point_body(), "natural"), loads=[Bushing("ground", "rod", "A", k)]),
         ["Bushing ground–rod", "body 'rod' is two points in space", "give the body a third point or a unit vector"]),
    ]
    for make, fragments in cases:
        with pytest.raises(InputError) as caught:
            make()
        for fragment in fragments:
            assert fragment in str(caught.value), (fragment, str(caught.value))


def two_point_body() -> Mechanism:
    m = Mechanism("rod", dimension=3)
    m.add_ground({"O": (0.0, 0.0, 0.0)})
    m.add_body("rod", {"A": (0.0, 0.0, 1.0), "B": (1.0, 0.0, 1.0)},
               mass=MassProperties(1.0, (0.5, 0.0, 1.0), np.diag([0.0, 0.1, 0.1])), free=True)
    return m


def test_either_body_may_be_the_ground_and_an_isotropic_bushing_is_symmetric():
    """With K = diag(k, k, k, k_r, k_r, k_r), no damping and no preload V is the same
    whichever body is i where the frames are rotations (on the constraints: ‖d‖ does not
    depend on the axes it is measured in, φ changes sign): the two orders give the same Q on
the motions the constraints allow.
    The ground as body j has an exact tangent too, with damping, off the constraints.
    Tolerance 1e-10 of the largest entry: the same quantities computed in two ways; 1e-7
    for the differences (as in test 2)."""
    model = formulate(block(), "reference_point", rotation="euler_parameters")
    k = (1e3, 1e3, 1e3, 50.0, 50.0, 50.0)
    forward, backward = Bushing("ground", "block", "C", k), Bushing("block", "ground", "C", k)
    generator = np.random.default_rng(3)
    q = motion(model, "block", 0.9)
    qd = generator.standard_normal(model.n_coordinates)
    Q = forward.generalized_force(model, 0.0, q, qd)
    N = null_space_basis(model.jacobian(q), model.n_coordinates)  # off them the frames stretch: V differs
    assert np.abs(N.T @ (backward.generalized_force(model, 0.0, q, qd) - Q)).max() < 1e-10 * np.abs(Q).max()
    assert backward.potential(model, q) == pytest.approx(forward.potential(model, q), rel=1e-12)
    damped = Bushing("block", "ground", "C", k, damping=(2.0, 3.0, 4.0, 0.1, 0.2, 0.3), preload=np.ones(6))
    q = model.reference_q + 0.1 * generator.standard_normal(model.n_coordinates)
    K_own, C_own = damped.tangent(model, 0.0, q, qd)
    K_fd, C_fd = central_differences(lambda x, v: damped.generalized_force(model, 0.0, x, v), q, qd,
                                     model.length_scale)
    assert np.abs(K_own - K_fd).max() < 1e-7 * np.abs(K_fd).max()
    assert np.abs(C_own - C_fd).max() < 1e-7 * np.abs(C_fd).max()
    assert set(damped.body_wrenches(model, 0.0, q, qd)) == {"block", GROUND}


@pytest.mark.parametrize("family, options", [("natural", {}), ("reference_point", {"rotation": "euler_angles"})])
def test_a_block_swinging_on_an_undamped_bushing_keeps_its_energy(family, options):
    """The block let go from a deflected, spinning state under gravity on an off-centre
    bushing with turned axes: the energy (kinetic, gravity and the bushing's V) is kept.
    Tolerance 1e-7 of the energy's range of terms: the integrator's rtol is 1e-10 over some
    hundred steps."""
    axes = scipy.linalg.expm(_skew([0.4, -0.3, 0.7]))
    bushing = Bushing("ground", "block", (0.3, -0.1, 0.5), (1e3, 2e3, 3e3, 40.0, 50.0, 60.0), axes=axes,
                      preload=(0.0, 0.0, 5.0, 0.0, 0.0, 0.0))
    model = formulate(block(), family, **options)
    system = MultibodySystem(model, (0.0, 0.0, -9.81), loads=[bushing])
    q0 = motion(model, "block", 0.6)
    qd0 = rate(lambda x: motion(model, "block", x), 0.6)
    trajectory = simulate(system, 0.5, "multipliers", q0=q0, qd0=qd0, rtol=1e-10)
    energy = trajectory.energy
    swing = max(float(np.ptp([bushing.potential(model, q) for q in trajectory.q])), 1e-300)
    assert np.abs(energy - energy[0]).max() < 1e-7 * max(np.abs(energy).max(), swing)
    assert swing > 0.1  # the bushing works: its energy swings


@pytest.mark.parametrize("family", ["natural", "basic", "relative", "reference_point"])
def test_a_bushing_with_only_a_torsional_stiffness_is_the_spring_of_a_spatial_revolute(family):
    """The spatial revolute's torsional spring: a disc on a revolute about z, held by a
    bushing whose only stiffness is about that axis (k = 40 N·m/rad), no gravity: one mode
    at √(k/J)/2π, J = m r²/2 about the axis. 1e-9 relative: K and M are exact."""
    m_disc, r, k = 2.0, 0.3, 40.0
    J = 0.5 * m_disc * r * r
    mech = Mechanism("disc on a torsion spring", dimension=3)
    mech.add_ground({"O": (0.0, 0.0, 0.0)}, vectors={"w": (0.0, 0.0, 1.0)})
    mech.add_body("disc", {"O": (0.0, 0.0, 0.0), "A": (r, 0.0, 0.0)}, vectors={"w": (0.0, 0.0, 1.0)},
                  mass=MassProperties(m_disc, (0.0, 0.0, 0.0), np.diag([J / 2, J / 2, J])))
    mech.add_revolute("ground", "disc", at="O", axis="w")
    spring = Bushing("ground", "disc", at="O", stiffness=(0.0, 0.0, 0.0, 0.0, 0.0, k))
    system = MultibodySystem(formulate(mech, family), gravity=(0.0, 0.0, 0.0), loads=[spring])
    frequencies = natural_modes(system, static_equilibrium(system).q).frequencies
    assert frequencies == pytest.approx([np.sqrt(k / J) / (2 * np.pi)], rel=1e-9)
