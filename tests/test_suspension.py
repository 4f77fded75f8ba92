"""The five-link suspension: kinematics against an independent solve of the five rod
lengths, statics against the minimum of the potential energy along the one motion, the
compliant model against the ideal as the bushings stiffen, frequencies against the
one-degree-of-freedom Lagrangian, and natural against basic coordinates.
"""

import numpy as np
import pytest
import scipy.optimize
from scipy.spatial.transform import Rotation

from mbtools import formulate, natural_modes, static_equilibrium
from mbtools.analysis import suspension as su
from mbtools.examples.suspension import SUSPENSION_DATA, five_link_suspension
from mbtools.errors import MechanismError

D = SUSPENSION_DATA
W0 = np.array(D["wheel_centre"])


def carrier_pose_by_rod_lengths(travel: float, guess: np.ndarray) -> np.ndarray:
    """The carrier's rotation vector and translation (about W) keeping the five rods at
    their lengths with W at height ``travel``: six equations, six unknowns, written
    here from the table alone."""
    chassis = np.array([D["chassis"][k] for k in range(1, 6)])
    ends = np.array([D["carrier"][k] for k in range(1, 6)])
    lengths = np.linalg.norm(ends - chassis, axis=1)

    def residual(x):
        R = Rotation.from_rotvec(x[:3]).as_matrix()
        moved = (ends - W0) @ R.T + W0 + x[3:]
        return np.concatenate([np.linalg.norm(moved - chassis, axis=1) - lengths, [x[5] - travel]])

    solution = scipy.optimize.root(residual, guess, method="lm", options={"xtol": 1e-14, "ftol": 1e-14})
    assert np.abs(residual(solution.x)).max() < 1e-12
    return solution.x


def test_wheel_angles_over_the_travel_match_an_independent_solve_of_the_rod_lengths():
    """Camber and toe from the library's sweep (natural coordinates) against a pose solved
    from the five rod lengths by scipy: 1e-9 rad (both solves converge to 1e-12 in
    length; the angles carry that relative to the rods' 0.3 m)."""
    sweep = su.travel_sweep(np.linspace(-0.05, 0.05, 5))
    for travel, camber, toe in zip(sweep.travel, sweep.camber, sweep.toe):
        x = carrier_pose_by_rod_lengths(travel, np.array([0.0, 0.0, 0.0, 0.0, 0.0, travel]))
        axle = Rotation.from_rotvec(x[:3]).as_matrix() @ [0.0, 1.0, 0.0]
        assert su.wheel_angles(axle) == pytest.approx((camber, toe), abs=1e-9)
    # The geometry's character, as the chapter states it: toe-out in rebound and in bump.
    assert sweep.toe[0] < 0 and sweep.toe[-1] < 0 and abs(sweep.camber[2]) < 1e-12


def test_natural_and_basic_coordinates_give_the_same_kinematics():
    a = su.travel_sweep(np.linspace(-0.05, 0.05, 5), "natural")
    b = su.travel_sweep(np.linspace(-0.05, 0.05, 5), "basic")
    assert np.abs(a.camber - b.camber).max() < 1e-10 and np.abs(a.toe - b.toe).max() < 1e-10
    assert np.abs(a.centre - b.centre).max() < 1e-10


def test_the_ideal_linkage_has_one_freedom_and_no_rod_spin_in_natural_coordinates():
    model = formulate(five_link_suspension(), "natural")
    q = model.reference_q
    J = model.jacobian(q, model.measured_inputs(q))
    rows = [c.kind != "slide driver" for c in model.constraints]
    assert model.n_coordinates - np.linalg.matrix_rank(J[rows]) == 1
    assert np.linalg.matrix_rank(J) == model.n_coordinates  # the travel fixes it


def test_the_design_position_balances_the_static_wheel_load():
    result = static_equilibrium(su.suspension_system())
    assert np.abs(result.q - result.system.model.reference_q).max() < 1e-9
    assert result.stable


@pytest.mark.parametrize("load", [(0.0, 2000.0), (-2500.0, 0.0)])
def test_ideal_equilibrium_is_the_minimum_of_the_potential_along_the_travel(load):
    """The equilibrium under an extra wheel load against a minimisation of the potential
    energy (gravity, spring, the constant force at P) over the travel, the positions from
    the kinematic solve: 1e-7 m (minimize_scalar's xatol 1e-10 on a smooth minimum)."""
    system = su.suspension_system(load=load)
    model = system.model
    travel = static_equilibrium(system).q
    wanted = float(model.measured_inputs(travel)[0])

    def potential(z):
        q = su.travel_sweep([z]).q[0]
        return system.energy(q, np.zeros_like(q))

    best = scipy.optimize.minimize_scalar(potential, bounds=(-0.09, 0.09), method="bounded",
                                          options={"xatol": 1e-10})
    assert best.x == pytest.approx(wanted, abs=1e-7)


def test_the_compliant_suspension_tends_to_the_ideal_one_as_its_bushings_stiffen():
    """The wheel centre under a lateral load: the gap to the ideal linkage falls as
    1/k (a linear compliance) — by 10 ± 1 for bushings ten times stiffer in translation
    and ten times softer in rotation (a ball joint has no rotational stiffness; a stiffer
    rotation would add to the wheel rate instead)."""
    ideal = su.load_case((-2500.0, 0.0)).displacement
    gaps = []
    for factor in (1.0, 10.0):
        system = su.suspension_system(compliant=True, load=(-2500.0, 0.0))
        stiff = [b for b in system.loads if not isinstance(b, su.Bushing)]
        stiff += [su.Bushing(b.body_i, b.body_j, b.at, np.asarray(su.BUSHING_STIFFNESS) * np.repeat([factor, 1 / factor], 3), axes=b.axes)
                  for b in system.loads if isinstance(b, su.Bushing)]
        result = static_equilibrium(su.MultibodySystem(system.model, loads=stiff))
        moved = system.model.point(result.q, "W") - W0
        gaps.append(np.linalg.norm(moved - ideal))
    assert 9.0 < gaps[0] / gaps[1] < 11.0


def test_compliant_equilibrium_and_frequencies_agree_in_natural_and_basic_coordinates():
    cases = [su.load_case((-2500.0, 0.0), compliant=True, family=f) for f in ("natural", "basic")]
    assert np.abs(cases[0].displacement - cases[1].displacement).max() < 1e-8
    assert abs(cases[0].toe - cases[1].toe) < 1e-8
    f = [su.suspension_frequencies(True, family) for family in ("natural", "basic")]
    assert np.abs(f[0] / f[1] - 1).max() < 1e-8


def test_the_ideal_wheel_hop_frequency_is_the_one_freedom_lagrangian():
    """The one frequency of the ideal suspension on its tyre against √(V''/m)/2π along
    the travel z, with m = q_zᵀ M q_z and V'' by differences of the positions from the
    kinematic solve (step 1e-4 m: truncation 1e-8, round-off 1e-8 relative)."""
    system = su.suspension_system(tyre=True)
    model = system.model
    q0 = static_equilibrium(system).q
    z0 = float(model.measured_inputs(q0)[0])
    P0 = model.point(model.reference_q, "P")[2]
    h = 1e-4
    qs = su.travel_sweep([z0 - h, z0, z0 + h]).q

    def potential(q):
        dz = model.point(q, "P")[2] - P0
        return (system.energy(q, np.zeros_like(q)) + 0.5 * su.TYRE_STIFFNESS * dz**2
                - su.STATIC_WHEEL_LOAD * dz)

    V = [potential(q) for q in qs]
    q_z = (qs[2] - qs[0]) / (2 * h)
    mass = q_z @ system.mass_matrix(qs[1]) @ q_z
    expected = np.sqrt((V[2] - 2 * V[1] + V[0]) / h**2 / mass) / (2 * np.pi)
    assert natural_modes(system, q0).frequencies[0] == pytest.approx(expected, rel=1e-6)


def test_bad_input_is_named():
    with pytest.raises(MechanismError, match="compliant must be True or False"):
        five_link_suspension(compliant="yes")


def test_the_travel_motion_driving_force_delivers_the_power_the_linkage_takes():
    """The driving force found body by body (Newton–Euler of the carrier and each rod,
    the reactions as unknowns) against the power balance of the whole system,
    f ṡ = q̇ᵀ (M q̈ − Q) (natural coordinates: M constant, h = 0; the joints do no work):
    1e-8 of the largest power."""
    motion = su.travel_motion(samples=21)
    history, system = motion.history, su.suspension_system()
    model = system.model
    power = np.array([qd @ (system.mass_matrix(q) @ qdd - system.forces(q, qd, t))
                      for t, q, qd, qdd in zip(history.t, history.q, history.qd, history.qdd)])
    rates = np.array([model.input_jacobian(q)[0] @ qd for q, qd in zip(history.q, history.qd)])
    assert np.abs(motion.driving * rates - power).max() < 1e-8 * np.abs(power).max()
    # The rods carry the wheel's load: the lower transverse (spring) link the most.
    assert np.argmax(np.abs(motion.rod_forces).mean(axis=0)) == 3


def test_stiff_bushings_converge_in_a_few_newton_steps():
    """Bushings a hundred times stiffer along and across the rods (4e8 N/m) and a hundred
    times softer in rotation: the stiffness spans nine decades. Newton's steps with the
    second-order corrections converge in a handful of steps (before them, the constraints'
    curvature taken up by the stiff rubber stalled the iteration at 1e-9)."""
    system = su.suspension_system(compliant=True, load=(-2500.0, 0.0))
    loads = [b for b in system.loads if not isinstance(b, su.Bushing)]
    loads += [su.Bushing(b.body_i, b.body_j, b.at, np.asarray(su.BUSHING_STIFFNESS) * np.repeat([100.0, 0.01], 3),
                         axes=b.axes) for b in system.loads if isinstance(b, su.Bushing)]
    result = static_equilibrium(su.MultibodySystem(system.model, loads=loads))
    assert result.iterations <= 10 and result.residual < 1e-10
    ideal = su.load_case((-2500.0, 0.0)).displacement
    assert np.linalg.norm(system.model.point(result.q, "W") - W0 - ideal) < 1e-5  # near the ideal linkage
