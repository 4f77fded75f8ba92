"""Loads at a point shared by two bodies (a pin): the load names the body it acts on, and
the joint reactions are then the same whichever body was drawn first.

The slider-crank O–A–B with a spring from a ground point S to the pin A, crank–rod, is
built with the crank drawn before the rod and after it. At rest without gravity the
balance is by hand: the rod is a two-force member between A and the slider, whose guide
takes no force along it, so the rod carries nothing unless the spring pulls on it; then
the crank pushes on the rod at A with minus the spring's force. Whatever the motion,
moving the spring's end from the crank to the rod changes the reaction at A by exactly
the spring's force and leaves every other joint's reaction and the input's torque alone.
"""

import math

import numpy as np
import pytest

from mbtools import InputError, Mechanism, formulate, uniform_bar
from mbtools.dynamics import MultibodySystem, PointForce, Spring, inverse_dynamics, simulate

CRANK, ROD = 1.0, 3.0
THETA = math.radians(60.0)
A = np.array([CRANK * math.cos(THETA), CRANK * math.sin(THETA)])
B = np.array([A[0] + math.sqrt(ROD**2 - A[1] ** 2), 0.0])
S = np.array([0.5, 2.5])
K, L0 = 400.0, 1.2


def slider_crank(crank_first: bool) -> Mechanism:
    m = Mechanism("slider-crank")
    m.add_ground({"O": (0.0, 0.0), "G1": (0.0, 0.0), "G2": (1.0, 0.0), "S": tuple(S)})
    bodies = {"crank": ({"O": (0.0, 0.0), "A": tuple(A)}, uniform_bar(2.0, (0.0, 0.0), A)),
              "rod": ({"A": tuple(A), "B": tuple(B)}, uniform_bar(3.0, A, B))}
    for name in (["crank", "rod"] if crank_first else ["rod", "crank"]):
        points, mass = bodies[name]
        m.add_body(name, points, mass=mass)
    C = B + np.array([1.0, 0.0])
    m.add_body("slider", {"B": tuple(B), "C": tuple(C)}, mass=uniform_bar(1.5, B, C))
    m.add_revolute("ground", "crank", at="O")
    m.add_revolute("crank", "rod", at="A")
    m.add_revolute("rod", "slider", at="B")
    m.add_prismatic("ground", ("G1", "G2"), "slider", ("B", "C"))
    m.add_angle_driver("crank", tail="O", head="A")
    return m


def spring_force_on_A() -> np.ndarray:
    """The spring's pull on A at the drawing: k (ℓ − ℓ₀) along A → S."""
    d = S - A
    length = float(np.linalg.norm(d))
    return K * (length - L0) * d / length


def reactions(family: str, crank_first: bool, on: str, gravity=(0.0, 0.0), rate=0.0, acceleration=0.0):
    model = formulate(slider_crank(crank_first), family)
    system = MultibodySystem(model, gravity, loads=[Spring("S", "A", K, L0, bodies=(None, on))])
    return inverse_dynamics(system, {"crank": THETA}, {"crank": rate}, {"crank": acceleration})


@pytest.mark.parametrize("family", ["natural", "reference_point", "relative"])
@pytest.mark.parametrize("on", ["crank", "rod"])
def test_the_static_balance_by_hand_whichever_body_is_drawn_first(family, on):
    F = spring_force_on_A()
    expected_A = -F if on == "rod" else np.zeros(2)  # on the rod by the crank
    for crank_first in (True, False):
        result = reactions(family, crank_first, on)
        got = result.reactions
        np.testing.assert_allclose(got["R_A"].force, expected_A, atol=1e-9 * K)
        np.testing.assert_allclose(got["R_O"].force, -F, atol=1e-9 * K)  # on the crank by the ground
        np.testing.assert_allclose(got["R_B"].force, np.zeros(2), atol=1e-9 * K)
        # the torque that holds the crank: minus the spring's moment about O
        assert result.driving["crank"] == pytest.approx(-(A[0] * F[1] - A[1] * F[0]), rel=1e-9)


@pytest.mark.parametrize("family", ["natural", "reference_point"])
def test_in_motion_the_reaction_at_the_pin_moves_by_the_spring_force(family):
    F = spring_force_on_A()
    runs = {(first, on): reactions(family, first, on, gravity=(0.0, -9.81), rate=2.0, acceleration=-1.5)
            for first in (True, False) for on in ("crank", "rod")}
    for on in ("crank", "rod"):
        one, other = runs[(True, on)], runs[(False, on)]
        for joint in ("R_O", "R_A", "R_B", "P_slider"):
            np.testing.assert_allclose(one.reactions[joint].force, other.reactions[joint].force, atol=1e-8 * K)
            np.testing.assert_allclose(one.reactions[joint].torque, other.reactions[joint].torque, atol=1e-8 * K)
        assert one.driving["crank"] == pytest.approx(other.driving["crank"], rel=1e-10)
    crank, rod = runs[(True, "crank")], runs[(True, "rod")]
    np.testing.assert_allclose(rod.reactions["R_A"].force - crank.reactions["R_A"].force, -F, atol=1e-8 * K)
    for joint in ("R_O", "R_B", "P_slider"):
        np.testing.assert_allclose(rod.reactions[joint].force, crank.reactions[joint].force, atol=1e-8 * K)
    assert rod.driving["crank"] == pytest.approx(crank.driving["crank"], rel=1e-10)


def test_a_point_force_on_the_pin_names_its_body():
    F = np.array([30.0, -40.0])
    for crank_first in (True, False):
        model = formulate(slider_crank(crank_first), "reference_point")
        got = {on: inverse_dynamics(MultibodySystem(model, (0.0, 0.0), loads=[PointForce("A", F, body=on)]),
                                    {"crank": THETA}, {"crank": 0.0}, {"crank": 0.0}).reactions
               for on in ("crank", "rod")}
        np.testing.assert_allclose(got["rod"]["R_A"].force, -F, atol=1e-9)
        np.testing.assert_allclose(got["crank"]["R_A"].force, np.zeros(2), atol=1e-9)
        np.testing.assert_allclose(got["crank"]["R_O"].force, -F, atol=1e-9)


def test_a_trajectory_s_reactions_do_not_depend_on_the_drawing_order():
    runs = []
    for crank_first in (True, False):
        model = formulate(slider_crank(crank_first), "natural")
        system = MultibodySystem(model, (0.0, -9.81), loads=[Spring("S", "A", K, L0, bodies=(None, "rod"))])
        traj = simulate(system, 0.2, "multipliers", rates={"crank": 1.0}, t_eval=np.linspace(0.0, 0.2, 5),
                        rtol=1e-10, progress=False)
        runs.append(traj.reactions("R_A"))
    np.testing.assert_allclose(runs[0][0], runs[1][0], atol=1e-6 * K)


def test_a_load_at_a_shared_point_without_a_body_is_refused_by_the_reactions():
    model = formulate(slider_crank(True), "natural")
    system = MultibodySystem(model, (0.0, 0.0), loads=[Spring("S", "A", K, L0)])
    with pytest.raises(InputError, match=r"Spring S–A acts at 'A', which the bodies \['crank', 'rod'\] share.*"
                                         r"R_A.*bodies=\(None, 'crank'\)"):
        inverse_dynamics(system, {"crank": THETA}, {"crank": 0.0}, {"crank": 0.0})
    with pytest.raises(InputError, match=r"PointForce on 'A'.*body='crank'"):
        inverse_dynamics(MultibodySystem(model, (0.0, 0.0), loads=[PointForce("A", (1.0, 0.0))]),
                         {"crank": THETA}, {"crank": 0.0}, {"crank": 0.0})
    # forward dynamics does not depend on the body: no body needed there
    traj = simulate(system, 0.01, "multipliers", progress=False)
    with pytest.raises(InputError, match=r"bodies=\(None, 'crank'\)"):
        traj.reactions("R_A")


def test_the_named_body_must_hold_the_point():
    model = formulate(slider_crank(True), "natural")
    with pytest.raises(InputError, match=r"Spring S–A names body 'slider', which does not hold 'A'.*\['crank', 'rod'\]"):
        MultibodySystem(model, loads=[Spring("S", "A", K, L0, bodies=(None, "slider"))])
