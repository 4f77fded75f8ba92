"""The five-link suspension over a road bump by the recursive formulation in relative
coordinates against natural coordinates (mbtools.analysis.suspension_dynamics).

Both families model the same bodies — the carrier and five solid rods, each on a Cardan
joint at the chassis and a ball joint at the carrier — so they differ only by round-off
and by the integrators' error:

- state by state, the points' accelerations are computed two ways exactly: they agree to
  round-off (measured 6e-14 of the largest, 440 m/s²), held to 1e-10 of it;
- over the first 0.06 s of the bump (up it, and the tyre leaving the road just after its
  top) both integrated by DOP853 at rtol 1e-10: measured gaps 2e-12 m in the wheel's
  height, 1e-12 rad in camber and toe, 1e-7 N in the spring's force; held to 1e-9 m,
  1e-9 rad and 1e-4 N, a margin of ~500 over the measurement and still 1e4 below the
  wheel's travel over the step (~1 cm): a wrong inertia, load or constraint term moves
  the wheel by millimetres within the bump's 0.05 s;
- the modelling: the Cardan joints and the rods' radius against the book's slender rods on
  ball joints change the wheel's acceleration by 6e-5 of it (measured), held between 1e-5
  and 1e-3;
- statics: where the library's natural-coordinate statics (mbtools.analysis.suspension)
  put the wheel under the static load plus 2000 N, the recursive equations hold it at
  rest (accelerations below 1e-9 of g), and they do not in the design position.
"""

from types import SimpleNamespace

import numpy as np
import pytest

from mbtools.analysis import suspension as su
from mbtools.analysis import suspension_dynamics as sd
from mbtools.analysis.recursive_checks import point_accelerations
from mbtools.dynamics import MultibodySystem, PointForce
from mbtools.dynamics.recursive import accelerations, system_tree
from mbtools.errors import InputError
from mbtools.kinematics import solve_position
from mbtools.viz.suspension_road import RIDE_FIELDS, plot_road_ride


def test_the_two_families_count_as_the_modelling_says():
    relative, natural = sd.road_system("relative"), sd.road_system("natural")
    assert (relative.model.n_coordinates, len(relative.rows)) == (13, 12)   # 5 Cardan × 2 + 1 ball × 3; 4 cut balls
    assert (natural.model.n_coordinates, len(natural.rows)) == (60, 59)     # 8 carrier points, 2 + 10 vectors
    assert relative.model.facts.cut_joints == sd.CUT_JOINTS
    assert natural.constant_mass                                             # three directions on every rod
    assert sd.formulation_of("relative") == "recursive" and sd.formulation_of("natural") == "multipliers"


def test_state_by_state_the_recursive_accelerations_are_those_of_natural_coordinates():
    """Four states on the constraints (travel, its rate, time): at rest, moving down and
    up on the bump, and moving up with the tyre off the road (t = 0.06 s, the bump
    passed)."""
    states = ((0.0, 0.0, 0.01), (-0.04, -1.2, 0.02), (0.03, 0.5, 0.03), (0.04, 0.9, 0.06))
    check = sd.acceleration_check(states)
    assert check.recursive.shape == (4 * len(sd.CHECK_POINTS), 3)
    assert np.abs(check.natural).max() > 100.0          # the bump pushes hard: not a trivial comparison
    assert check.gap < 1e-10


def test_over_the_bump_the_recursive_trajectory_follows_natural_coordinates():
    a = sd.ride(t_end=0.06, rtol=1e-10, samples=13)
    b = sd.ride(family="natural", t_end=0.06, rtol=1e-10, samples=13)
    assert (a.formulation, b.formulation) == ("recursive", "multipliers")
    assert a.height.max() > 0.04 and a.tyre_force[-1] == 0.0     # up the bump, then off the road
    gaps = sd.run_gaps(a, b)
    assert gaps["height"] < 1e-9
    assert gaps["camber"] < 1e-9 and gaps["toe"] < 1e-9
    assert gaps["spring_force"] < 1e-4
    assert gaps["tyre_force"] < 1e-3 and gaps["damper_force"] < 1e-3
    figure = plot_road_ride(a, b, until=0.03)
    assert len(figure.axes) == 4 and figure.axes[3].get_yscale() == "log"
    assert figure.axes[0].get_xlim() == (0.0, 0.03)


def test_at_the_static_deflection_of_analysis_suspension_the_recursive_model_is_at_rest():
    extra = 2000.0
    case = su.load_case((0.0, extra))                   # natural coordinates, the book's slender rods
    model = sd.road_model("relative")
    system = MultibodySystem(model, loads=[sd.strut(0.0), PointForce("P", (0.0, 0.0, su.STATIC_WHEEL_LOAD + extra))])
    tree = system_tree(system)
    rest = np.zeros(model.n_coordinates)
    q = solve_position(model, {"travel": case.displacement[2]}).q
    assert case.displacement[2] > 0.01                  # the load lifts the wheel by centimetres
    assert np.abs(model.point(q, "W") - model.point(model.reference_q, "W") - case.displacement).max() < 1e-9
    assert (su.wheel_angles(su.axle(model, q)) == pytest.approx((case.camber, case.toe), abs=1e-9))
    qdd, _ = accelerations(system, q, rest, 0.0, stabilised=False)
    assert np.abs(point_accelerations(tree, q, rest, qdd, ["W", "P"])).max() < 1e-9 * 9.81
    qdd, _ = accelerations(system, model.reference_q, rest, 0.0, stabilised=False)
    assert np.abs(point_accelerations(tree, model.reference_q, rest, qdd, ["W"])).max() > 1.0


def test_the_cardan_joints_and_the_rods_radius_change_the_wheel_s_motion_a_little():
    """Against the book's slender rods between ball joints: 6e-5 of the wheel's
    acceleration measured — 1e5 times what the two families differ by, far below what the
    data's precision means."""
    difference = sd.rod_model_difference()
    assert 1e-5 < difference < 1e-3


def test_the_road_and_the_tyre():
    bump, road = sd.Road("bump", 0.05, 0.5, 10.0), sd.Road("cosine", 0.02, 2.0, 20.0)
    assert [bump.elevation(t) for t in (-0.01, 0.0, 0.05, 0.07)] == [0.0, 0.0, pytest.approx(0.0, abs=1e-18), 0.0]
    assert bump.elevation(0.0125) == pytest.approx(0.05 * np.sin(np.pi / 4), rel=1e-14)
    assert road.elevation(0.05) == pytest.approx(0.02) and road.elevation(0.1) == pytest.approx(0.0, abs=1e-15)
    force = sd.tyre_force(bump, reference_height=-0.3)
    assert force(0.0, (0.0, 0.75, -0.3), (0.0, 0.0, 0.0)) == (0.0, 0.0, su.STATIC_WHEEL_LOAD)
    assert force(0.0, (0.0, 0.75, -0.3 + 0.01), (0.0, 0.0, 0.0))[2] == pytest.approx(1500.0)
    assert force(0.0, (0.0, 0.75, -0.3 + 0.02), (0.0, 0.0, 0.0))[2] == 0.0     # off the road: it never pulls


def test_bad_input_is_named():
    with pytest.raises(InputError, match="kind"):
        sd.Road("square")
    with pytest.raises(InputError, match="height"):
        sd.Road(height=0.0)
    with pytest.raises(InputError, match="length"):
        sd.Road(length=-0.5)
    with pytest.raises(InputError, match="speed"):
        sd.Road(speed=float("nan"))
    with pytest.raises(InputError, match="stiffness"):
        sd.tyre_force(sd.Road(), -0.3, stiffness=0.0)
    with pytest.raises(InputError, match="road"):
        sd.tyre_force("bump", -0.3)
    with pytest.raises(InputError, match="damping"):
        sd.strut(-1.0)
    with pytest.raises(InputError, match="joints"):
        sd.road_system(joints="bushings")
    with pytest.raises(InputError, match="joints='ball'"):
        sd.road_model("relative", "ball")
    with pytest.raises(InputError, match="t_end"):
        sd.ride(t_end=0.0)
    with pytest.raises(InputError, match="samples"):
        sd.ride(t_end=0.1, samples=1)
    with pytest.raises(InputError, match="each state"):
        sd.acceleration_check(states=((0.0, 1.0),))
    with pytest.raises(InputError, match="each state"):
        sd.rod_model_difference(states=((0.0,),))
    with pytest.raises(ValueError, match="tyre_force"):
        plot_road_ride(type("Ride", (), {"t": np.zeros(2)})())
    ride = SimpleNamespace(**{name: np.linspace(0.0, 1.0, 3) for name in RIDE_FIELDS})
    with pytest.raises(ValueError, match="until"):
        plot_road_ride(ride, until=-1.0)
