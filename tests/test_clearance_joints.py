"""Joints with clearance (``mbtools.dynamics.clearance_joints``): a pin in a hole and a
ball in a socket, checked against the one-equation impact of the same law and against the
friction circle of a journal bearing.

Tolerances: a radial impact in the joint is the scalar impact of
``mbtools.analysis.restitution`` taken the long way round, both at rtol 1e-10: 1e-6 (as
the ball on a floor; a wrong normal or a missing rate term moves e by 1e-2). The friction
circle: once the journal has climbed, its centre stands still and its spin decays at a
constant rate; both are read over 0.012–0.06 s, where the journal's small swing about its
equilibrium (about 3e-3 rad at √(g/c), barely damped) averages out: measured 8e-5 in the
rate and 2e-5 rad in the angle, held to 1e-3 and 5e-4 rad (a lever arm R_J + c, or the
friction at the centre, would be off by 5 % and 100 %).
"""

import numpy as np
import pytest

from mbtools import MassProperties, Mechanism, MultibodySystem, formulate
from mbtools.analysis.restitution import effective_restitution
from mbtools.dynamics import ClearanceJointForce, simulate
from mbtools.dynamics.contact_laws import Flores, HuntCrossley
from mbtools.dynamics.friction_laws import LuGre, RegularisedCoulomb
from mbtools.errors import InputError

CLEARANCE, RADIUS = 5e-4, 0.01


def pin_in_hole(dimension: int = 2, offset=None, mass: float = 1.0) -> Mechanism:
    """A free pin (a disc in the plane, a ball in space) of RADIUS centred at J, in a hole
    of the ground centred at B (the origin); J drawn at ``offset`` from B."""
    offset = np.zeros(dimension) if offset is None else np.asarray(offset, dtype=float)
    m = Mechanism("pin in a hole", dimension=dimension)
    m.add_ground({"B": tuple(np.zeros(dimension))})
    axes = np.eye(dimension) * RADIUS
    points = {"J": tuple(offset), **{name: tuple(offset + axis) for name, axis in zip("DEF", axes)}}
    inertia = 0.5 * mass * RADIUS**2 if dimension == 2 else 0.4 * mass * RADIUS**2 * np.eye(3)
    m.add_body("pin", points, mass=MassProperties(mass, tuple(offset), inertia), free=True)
    return m


@pytest.mark.parametrize("family, dimension", [("natural", 2), ("basic", 2), ("reference_point", 2),
                                               ("natural", 3), ("reference_point", 3)])
def test_a_radial_impact_in_the_joint_rebounds_as_the_law_alone_predicts(family, dimension):
    """The pin starts at the centre and is thrown at 1 m/s (along x in the plane, along a
    diagonal in space), crosses the clearance, strikes the bearing and comes back: its
    speed after over before is the law's effective restitution, as a point mass on a wall."""
    law = Flores(1e9, 0.5)
    direction = np.eye(dimension)[0] if dimension == 2 else np.ones(3) / np.sqrt(3.0)
    system = MultibodySystem(formulate(pin_in_hole(dimension), family), gravity=np.zeros(dimension),
                             loads=[ClearanceJointForce("B", "J", CLEARANCE, RADIUS, law)])
    spin = 0.0 if dimension == 2 else (0.0, 0.0, 0.0)
    traj = simulate(system, 2e-3, twist={"pin": {"omega": spin, "point": ("J", tuple(direction))}}, rtol=1e-10,
                    t_eval=np.array([0.0, 2e-3]), progress=False)
    v = system.model.point_velocity(traj.q[-1], traj.qd[-1], "J")
    assert traj.statistics["events"] == 1
    assert -v @ direction == pytest.approx(effective_restitution(law, 1.0, 1.0), abs=1e-6)
    assert np.linalg.norm(v - (v @ direction) * direction) < 1e-9
    assert np.ptp(traj.energy + traj.dissipated) < 1e-5 * traj.energy[0]


@pytest.mark.parametrize("family", ["natural", "basic", "reference_point"])
def test_a_spinning_journal_climbs_its_bearing_to_the_friction_circle(family):
    """A journal spinning counterclockwise at 100 rad/s under gravity in a dry bearing
    (Coulomb μ = 0.2) climbs the left side until the bearing's force, normal N and friction
    μN, holds its weight: tan φ = μ, φ the angle of the line of centres from the vertical.
    The friction's moment then decays the spin at J ω̇ = −μ N R_J = −m g R_J sin φ: the
    weight's line passes R_J sin φ from the centre (the friction circle)."""
    mu, g, mass, spin = 0.2, 9.81, 1.0, 100.0
    phi = np.arctan(mu)
    start = CLEARANCE * np.array([-np.sin(phi), -np.cos(phi)])
    system = MultibodySystem(formulate(pin_in_hole(2, start, mass), family), gravity=(0.0, -g),
                             loads=[ClearanceJointForce("B", "J", CLEARANCE, RADIUS, Flores(1e9, 0.3),
                                                        friction=RegularisedCoulomb(mu, 1e-3))])
    times = np.linspace(0.0, 0.06, 101)
    traj = simulate(system, 0.06, twist={"pin": {"omega": spin, "point": ("J", (0.0, 0.0))}}, rtol=1e-7,
                    t_eval=times, progress=False)
    model = system.model
    omega = np.array([model.angular_velocity(q, qd, "pin") for q, qd in zip(traj.q, traj.qd)])
    centre = traj.point("J")
    late = times >= 0.012
    slope = np.polyfit(times[late], omega[late], 1)[0]
    inertia = 0.5 * mass * RADIUS**2
    assert slope == pytest.approx(-mass * g * RADIUS * np.sin(phi) / inertia, rel=1e-3)
    angle = np.arctan2(centre[late, 0], -centre[late, 1])
    assert angle.mean() == pytest.approx(-phi, abs=5e-4)
    balance = traj.energy + traj.dissipated
    assert np.ptp(balance) < 1e-6 * balance[0]


def test_a_spinning_ball_climbs_its_socket_under_lugre_friction():
    """The friction circle in space: a ball spinning at 100 rad/s about a horizontal axis
    in a dry socket under gravity, with LuGre's friction, whose bristle deflection is kept
    as a vector fixed in space (K.5) while the contact's normal moves: sliding at 1 m/s
    ≫ v_s, its friction is μ_c N, so the ball climbs to tan φ = μ_c and slows at
    I ω̇ = −m g R sin φ (I = 2 m R²/5), and stays in the plane of the climb. Radau
    (stiff bristles, chosen by default); measured 3.5e-4 in the rate, 5e-4 rad in the
    angle (the swing about the equilibrium, read over 24 ms)."""
    mu, g, mass, spin = 0.2, 9.81, 1.0, 100.0
    phi = np.arctan(mu)
    start = CLEARANCE * np.array([-np.sin(phi), 0.0, -np.cos(phi)])
    lugre = LuGre(mu_coulomb=mu, mu_static=0.3, stribeck_speed=0.01, sigma0=1e5, sigma1=300.0, sigma2=0.0)
    system = MultibodySystem(formulate(pin_in_hole(3, start, mass), "natural"), gravity=(0.0, 0.0, -g),
                             loads=[ClearanceJointForce("B", "J", CLEARANCE, RADIUS, Flores(1e9, 0.3),
                                                        friction=lugre)])
    times = np.linspace(0.0, 0.03, 61)
    traj = simulate(system, 0.03, twist={"pin": {"omega": (0.0, -spin, 0.0), "point": ("J", (0.0, 0.0, 0.0))}},
                    rtol=1e-7, t_eval=times, progress=False)
    assert traj.statistics["integrator"] == "Radau"
    omega = np.array([system.model.angular_velocity(q, qd, "pin") for q, qd in zip(traj.q, traj.qd)])
    centre = traj.point("J")
    late = times >= 0.006
    rate = np.polyfit(times[late], omega[late, 1], 1)[0]
    assert rate == pytest.approx(mass * g * RADIUS * np.sin(phi) / (0.4 * mass * RADIUS**2), rel=2e-3)
    angle = np.arctan2(centre[late, 0], -centre[late, 2])
    assert angle.mean() == pytest.approx(-phi, abs=2e-3)
    assert np.abs(centre[:, 1]).max() < 1e-9
    balance = traj.energy + traj.dissipated
    assert np.ptp(balance) < 1e-6 * balance[0]


def test_the_joint_reports_its_eccentricity_and_forces():
    """e = r_J − r_B; in contact the normal force is the law's."""
    law = HuntCrossley(1e9, 0.8)
    model = formulate(pin_in_hole(2, (3e-4, 4e-4)), "natural")
    joint = ClearanceJointForce("B", "J", CLEARANCE, RADIUS, law)
    joint.check(model)
    q = model.reference_q
    assert joint.eccentricity(model, q) == pytest.approx([3e-4, 4e-4], abs=1e-15)
    pushed = q.copy()
    pushed[:2] += [3e-5, 4e-5]     # J moved 0.05 mm out along e: δ = 5e-5 (D moves with it)
    pushed[2:4] += [3e-5, 4e-5]
    (contact,) = joint.contact_points(model, pushed)
    assert contact.delta == pytest.approx(5e-5, rel=1e-9)
    forces = joint.contact_forces(model, pushed, np.zeros(model.n_coordinates))
    assert forces[0, 0] == pytest.approx(law.force(5e-5, 0.0, 1e-3), rel=1e-12)


def _model():
    return formulate(pin_in_hole(2), "natural")


@pytest.mark.parametrize("make, match", [
    (lambda: ClearanceJointForce("B", "J", -1e-4, RADIUS, Flores(1e9, 0.5)), "clearance must be a finite number > 0"),
    (lambda: ClearanceJointForce("B", "J", 0.0, RADIUS, Flores(1e9, 0.5)), "clearance must be a finite number > 0"),
    (lambda: ClearanceJointForce("B", "J", 0.02, RADIUS, Flores(1e9, 0.5)), "not smaller than the journal's radius"),
    (lambda: ClearanceJointForce("B", "J", CLEARANCE, 0.0, Flores(1e9, 0.5)), "journal_radius must be"),
    (lambda: ClearanceJointForce("B", "J", CLEARANCE, RADIUS, None), "give a normal contact law"),
    (lambda: ClearanceJointForce("B", "J", CLEARANCE, RADIUS, "steel"), "law must be a normal contact law"),
    (lambda: ClearanceJointForce("B", 3, CLEARANCE, RADIUS, Flores(1e9, 0.5)), "journal is a point's name"),
])
def test_bad_joint_input_is_named(make, match):
    with pytest.raises(InputError, match=match):
        make()


@pytest.mark.parametrize("joint, match", [
    (ClearanceJointForce("B", "X", CLEARANCE, RADIUS, Flores(1e9, 0.5)), "no body .* lists the journal point 'X'"),
    (ClearanceJointForce("B", "J", CLEARANCE, RADIUS, Flores(1e9, 0.5), journal_body="ground"),
     "journal_body 'ground' does not hold 'J'"),
    (ClearanceJointForce("J", "D", CLEARANCE, RADIUS, Flores(1e9, 0.5)), "both on body 'pin'"),
])
def test_a_joint_on_points_the_bodies_lack_is_named(joint, match):
    with pytest.raises(InputError, match=match):
        MultibodySystem(_model(), loads=[joint])


def test_a_journal_drawn_outside_the_clearance_is_named():
    model = formulate(pin_in_hole(2, (1e-3, 0.0)), "natural")
    with pytest.raises(InputError, match="drawn 0.001 m from the bearing's centre, more than the clearance"):
        MultibodySystem(model, loads=[ClearanceJointForce("B", "J", CLEARANCE, RADIUS, Flores(1e9, 0.5))])
