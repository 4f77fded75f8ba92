"""Stiff systems: a double pendulum held by a spring-damper of IFToMM A05's values
(K = 8e5 N/m, C = 4e4 N·s/m) to a ground point, against its minimal-coordinate equations
written out by hand (two angles, point masses of 1 kg on massless 1 m rods) and integrated
by scipy's Radau at 1e-12.

Bounds: the ODE integrators control the local error to rtol (absolute rtol times the
mechanism's size); the global error after 0.5 s of a motion that dies out in 1/c·m = 25 µs
and then swings slowly is measured at 1e-8 … 3e-11 m for Radau (rtol 1e-6 … 1e-9), and up
to 20 times the tolerance for BDF (orders 1–5, its error estimate looser): bounds of 10 and
50 times rtol times the size."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy.integrate import solve_ivp

from mbtools import InputError, MassProperties, Mechanism, formulate
from mbtools.analysis import benchmarks
from mbtools.dynamics import MultibodySystem, Spring, simulate
from mbtools.dynamics.jacobians import force_jacobians, rhs_jacobian, stiffness_ratio
from mbtools.dynamics.simulate import STIFF_RATIO

K, C, G = 8e5, 4e4, 9.81
T_END = 0.5


def stiff_pendulum() -> Mechanism:
    m = Mechanism("stiff double pendulum")
    m.add_ground({"O": (0.0, 0.0), "H": (2.0, -1.0)})
    m.add_body("upper", {"O": (0.0, 0.0), "A": (1.0, 0.0)}, mass=MassProperties(1.0, (1.0, 0.0), 0.0))
    m.add_body("lower", {"A": (1.0, 0.0), "B": (2.0, 0.0)}, mass=MassProperties(1.0, (2.0, 0.0), 0.0))
    m.add_revolute("ground", "upper", at="O")
    m.add_revolute("upper", "lower", at="A")
    return m


def stiff_system(family: str) -> MultibodySystem:
    return MultibodySystem(formulate(stiff_pendulum(), family), (0.0, -G), loads=[Spring("B", "H", K, 1.0, damping=C)])


def minimal_reference(t_eval: np.ndarray) -> np.ndarray:
    """B from the two angles θ₁, θ₂ (from +x): Lagrange's equations of the point-mass double
    pendulum, M(θ) θ̈ + h(θ, θ̇) = Q_gravity + J_Bᵀ F_spring."""
    def f(_, y):
        t1, t2, w1, w2 = y
        c, s = math.cos(t1 - t2), math.sin(t1 - t2)
        mass = np.array([[2.0, c], [c, 1.0]])
        b = np.array([math.cos(t1) + math.cos(t2), math.sin(t1) + math.sin(t2)])
        jacobian = np.array([[-math.sin(t1), -math.sin(t2)], [math.cos(t1), math.cos(t2)]])
        d = np.array([2.0, -1.0]) - b
        length = np.linalg.norm(d)
        e = d / length
        tension = K * (length - 1.0) - C * (jacobian @ [w1, w2]) @ e
        force = np.array([-2 * G * math.cos(t1), -G * math.cos(t2)]) + jacobian.T @ (tension * e)
        acc = np.linalg.solve(mass, force - np.array([s * w2 ** 2, -s * w1 ** 2]))
        return [w1, w2, acc[0], acc[1]]
    y = solve_ivp(f, (0.0, t_eval[-1]), [0.0, 0.0, 0.0, 0.0], method="Radau", rtol=1e-12, atol=1e-12, t_eval=t_eval).y
    return np.stack([np.cos(y[0]) + np.cos(y[1]), np.sin(y[0]) + np.sin(y[1])], axis=1)


@pytest.fixture(scope="module")
def reference():
    t = np.linspace(0.0, T_END, 26)
    return t, minimal_reference(t)


@pytest.mark.parametrize("integrator, rtol, factor", [(None, 1e-6, 10), (None, 1e-9, 10), ("Radau", 1e-7, 10),
                                                      ("BDF", 1e-6, 50), ("BDF", 1e-9, 50)])
@pytest.mark.parametrize("family", ["natural", "relative"])
def test_stiff_pendulum_against_its_minimal_equations(reference, family, integrator, rtol, factor):
    t, b = reference
    system = stiff_system(family)
    traj = simulate(system, T_END, t_eval=t, integrator=integrator, rtol=rtol, progress=False)
    assert traj.statistics["integrator"] == (integrator or "Radau")
    assert np.abs(traj.point("B") - b).max() < factor * rtol * system.model.length_scale
    assert traj.statistics["jacobians"] >= 1


def test_the_default_says_why_it_chose_radau():
    """The ratio is c/m of the one damped mode times the span: 4e4 × 0.5 s is above
    STIFF_RATIO = 1e4 (Radau), 4e4 × 0.1 s below (DOP853, some 1300 steps)."""
    traj = simulate(stiff_system("natural"), 0.5, progress=False)
    assert traj.statistics["integrator"] == "Radau"
    assert traj.statistics["stiffness_ratio"] == pytest.approx(C / 1.0 * 0.5, rel=1e-3)
    traj = simulate(stiff_system("natural"), 0.1, progress=False)
    assert traj.statistics["integrator"] == "DOP853"
    assert traj.statistics["stiffness_ratio"] == pytest.approx(C / 1.0 * 0.1, rel=1e-3)


@pytest.mark.parametrize("system", [lambda: benchmarks.andrews_system("natural"),
                                    lambda: MultibodySystem(formulate(benchmarks.n_four_bar(3), "natural"))],
                         ids=["Andrews' squeezer", "A02 N = 3"])
def test_undamped_systems_are_not_stiff(system):
    """No damper: the linearised motion has no decay rate (its eigenvalues are imaginary,
    to the differences' round-off), and the default stays with DOP853."""
    system = system()
    q = system.model.reference_q
    assert stiffness_ratio(system, q, np.zeros_like(q), 0.0, 1.0) < 1e-2 * STIFF_RATIO
    traj = simulate(system, 0.01, progress=False)
    assert traj.statistics["integrator"] == "DOP853"


def test_the_jacobian_holds_the_stiff_part_of_the_full_one():
    """∂f/∂y with the geometry held against central differences of the whole right-hand
    side: the entries of the springs' order (c/m = 4e4 1/s, k/m = 8e5 1/s²) agree, what is
    left out is of the order of the motion's (≲ 1e2)."""
    system = stiff_system("natural")
    q = system.model.reference_q.copy()
    qd = np.array([0.0, 0.0, 0.0, 0.0])
    traj = simulate(system, 0.01, progress=False, rtol=1e-9)
    q, qd = traj.q[-1], traj.qd[-1]
    n = len(q)
    from mbtools.dynamics.multipliers import accelerations

    def f(y):
        return np.concatenate([y[n:], accelerations(system, y[:n], y[n:], 0.0, stabilised=False)[0]])

    y = np.concatenate([q, qd])
    full = np.empty((2 * n, 2 * n))
    for j in range(2 * n):
        step = 1e-7 * max(1.0, abs(y[j]))
        plus, minus = y.copy(), y.copy()
        plus[j] += step
        minus[j] -= step
        full[:, j] = (f(plus) - f(minus)) / (2 * step)
    held = rhs_jacobian(system, q, qd, 0.0)
    assert np.abs(full).max() > 1e5  # the spring's k/m is there
    # off the constraints the full differences also see the projection's directions; compare
    # on the motions the constraints allow
    _, J = system.position_constraints(q)
    basis = np.linalg.svd(J)[2][np.linalg.matrix_rank(J):].T
    allowed = np.block([[basis, np.zeros_like(basis)], [np.zeros_like(basis), basis]])
    difference = (full - held) @ allowed
    assert np.abs(difference).max() < 1e-3 * np.abs(full @ allowed).max()


def test_force_jacobians_of_a_spring_are_its_stiffness_and_damping():
    """Along the spring at its free length: ∂Q/∂r_B = −k e eᵀ, ∂Q/∂ṙ_B = −c e eᵀ (natural
    coordinates: B is two coordinates of q)."""
    system = MultibodySystem(formulate(stiff_pendulum(), "natural"), (0.0, 0.0),
                             loads=[Spring("B", "H", K, 1.0, damping=C)])
    q = system.model.reference_q
    K_q, C_q = force_jacobians(system, q, np.zeros_like(q), 0.0)
    columns = system.model.point_jacobian(q, "B")  # 2 × n: which coordinates are B
    e = np.array([0.0, -1.0])  # B = (2, 0), H = (2, −1)
    np.testing.assert_allclose(columns @ K_q @ columns.T, -K * np.outer(e, e), atol=1e-4 * K)
    np.testing.assert_allclose(columns @ C_q @ columns.T, -C * np.outer(e, e), atol=1e-6 * C)


def test_bad_integrator_names_are_refused_by_name():
    system = stiff_system("natural")
    with pytest.raises(InputError, match="Unknown integrator 'radau'.*Did you mean 'Radau'"):
        simulate(system, 0.1, integrator="radau")
    with pytest.raises(InputError, match="ALI3-P carries its own integration rule"):
        simulate(system, 0.1, "ali3p", integrator="Radau")


def test_ali3p_with_the_forces_in_its_tangent(reference):
    """ALI3-P's Newton matrix carries −(Δt²/4) K − (Δt/2) C of the spring-damper (without
    them it diverged at every step from 5 ms down): second order, the error ÷ 4 when Δt
    halves (measured 1.87e-6 m at 1 ms, 1.87e-8 at 0.1 ms)."""
    t, b = reference
    errors = [np.abs(simulate(stiff_system("natural"), T_END, "ali3p", step=step, t_eval=t,
                              progress=False).point("B") - b).max() for step in (1e-3, 5e-4)]
    assert errors[0] < 5e-6
    assert 3.0 < errors[0] / errors[1] < 5.0
