"""A shaft in a bushing with clearance (``CylindricalClearanceForce``): the contact cut
into slices along the bushing. Checked slice by slice against (J.4) written out for a
shifted and a tilted shaft (exact to round-off), and in motion by the energy balance
(K.4) of a shaft thrown tilting and spinning into its bushing (1e-5 of the energy at
rtol 1e-8).
"""

import numpy as np
import pytest

from mbtools import MassProperties, Mechanism, MultibodySystem, formulate
from mbtools.dynamics import simulate
from mbtools.dynamics.clearance_joints import CylindricalClearanceForce
from mbtools.dynamics.contact_laws import Hertz, LankaraniNikravesh
from mbtools.dynamics.friction_laws import RegularisedCoulomb
from mbtools.errors import InputError

C, R, L, N = 1e-4, 0.01, 0.04, 8


def shaft_in_bushing() -> Mechanism:
    """A free shaft (1 kg, 0.1 m long, radius R) along z, its centre J at the bushing's
    centre B, the origin of the ground."""
    m = Mechanism("shaft in a bushing", dimension=3)
    m.add_ground({"B": (0.0, 0.0, 0.0)})
    inertia = np.diag([1.0 * (3 * R**2 + 0.1**2) / 12, 1.0 * (3 * R**2 + 0.1**2) / 12, 0.5 * R**2])
    m.add_body("shaft", {"J": (0.0, 0.0, 0.0), "P": (0.0, 0.0, 0.05), "D": (R, 0.0, 0.0)},
               mass=MassProperties(1.0, (0.0, 0.0, 0.0), inertia), free=True)
    return m


def joint(law=None, **options) -> CylindricalClearanceForce:
    return CylindricalClearanceForce("B", "J", C, R, law or Hertz(1e9), axis=(0.0, 0.0, 1.0), length=L, slices=N,
                                     **options)


def moved(model, rotation: np.ndarray, shift: np.ndarray) -> np.ndarray:
    """q with the shaft turned by ``rotation`` about J and shifted by ``shift``."""
    q = model.reference_q.copy()
    for point, drawn in model.mechanism.bodies["shaft"].points.items():
        position = rotation @ np.asarray(drawn, dtype=float) + shift
        for axis, component in enumerate("xyz"):
            q[model.coordinate_names.index(f"{component}_{point}")] = position[axis]
    return q


def test_a_shifted_shaft_touches_along_its_whole_length():
    model = formulate(shaft_in_bushing(), "natural")
    load = joint()
    load.check(model)
    q = moved(model, np.eye(3), np.array([1.5 * C, 0.0, 0.0]))
    depths = [c.delta for c in load.contact_points(model, q)]
    assert np.allclose(depths, 0.5 * C, rtol=0, atol=1e-15)
    forces = load.contact_forces(model, q, np.zeros(model.n_coordinates))
    assert forces[:, 0].sum() == pytest.approx(N * 1e9 * (0.5 * C) ** 1.5, rel=1e-12)


def test_a_tilted_shaft_touches_at_the_bushing_ends():
    """Turned by θ about y through J, the shaft's axis point at s is s sin θ off the
    bushing's axis: slices beyond |s| = c/sin θ touch, on opposite sides at the two ends,
    so the forces make a couple and no net force."""
    theta = 8e-3
    rotation = np.array([[np.cos(theta), 0, np.sin(theta)], [0, 1, 0], [-np.sin(theta), 0, np.cos(theta)]])
    model = formulate(shaft_in_bushing(), "natural")
    load = joint()
    q = moved(model, rotation, np.zeros(3))
    stations = load.stations()
    expected = np.abs(stations) * np.sin(theta) - C
    contacts = load.contact_points(model, q)
    assert [c.delta for c in contacts] == pytest.approx(expected, abs=1e-15)
    touching = expected > 0
    assert touching[0] and touching[-1] and not touching[N // 2]
    Q = load.generalized_force(model, 0.0, q, np.zeros(model.n_coordinates))
    wrench = load.body_wrenches(model, 0.0, q, np.zeros(model.n_coordinates))["shaft"]
    assert np.linalg.norm(wrench[0]) < 1e-9 * np.abs(Q).max()
    # each force is normal to the bushing's axis, at s cos θ along it from J
    couple = sum(1e9 * d**1.5 * abs(s) * np.cos(theta) for s, d in zip(stations, expected) if d > 0)
    assert -wrench[1][1] == pytest.approx(couple, rel=1e-12)   # it turns the shaft back


def test_a_shaft_thrown_tilting_and_spinning_keeps_its_energy_balance():
    model = formulate(shaft_in_bushing(), "natural")
    load = joint(LankaraniNikravesh(1e9 / N, 0.7), friction=RegularisedCoulomb(0.1, 1e-3))
    system = MultibodySystem(model, gravity=(0.0, 0.0, 0.0), loads=[load])
    twist = {"shaft": {"omega": (0.0, 5.0, 50.0), "point": ("J", (0.1, 0.05, 0.0))}}
    traj = simulate(system, 0.01, twist=twist, rtol=1e-8, t_eval=np.linspace(0.0, 0.01, 21), progress=False)
    balance = traj.energy + traj.dissipated
    assert traj.statistics["events"] >= 2
    assert traj.dissipated[-1] > 0.01 * balance[0]
    assert np.ptp(balance) < 1e-5 * balance[0]     # measured 1.3e-6


def test_natural_and_reference_point_coordinates_throw_the_shaft_alike():
    """The same throw in natural coordinates (points) and in reference-point coordinates
    (a pose): the shaft's end P agrees to 1e-7 m after 2 ms of strikes at the bushing's
    ends (measured 2e-9 m at rtol 1e-9; basic coordinates give natural's to 1e-14)."""
    ends = []
    for family in ("natural", "reference_point"):
        model = formulate(shaft_in_bushing(), family)
        load = joint(LankaraniNikravesh(1e9 / N, 0.7), friction=RegularisedCoulomb(0.1, 1e-3))
        system = MultibodySystem(model, gravity=(0.0, 0.0, 0.0), loads=[load])
        twist = {"shaft": {"omega": (0.0, 5.0, 50.0), "point": ("J", (0.1, 0.05, 0.0))}}
        traj = simulate(system, 0.002, twist=twist, rtol=1e-9, t_eval=np.linspace(0.0, 0.002, 3), progress=False)
        assert traj.statistics["events"] >= 2
        ends.append(traj.point("P"))
    assert np.abs(ends[0] - ends[1]).max() < 1e-7


@pytest.mark.parametrize("options, match", [
    ({"length": 0.0}, "length must be a finite number > 0"),
    ({"length": L, "slices": 0}, "slices must be a whole number ≥ 1"),
    ({"length": L, "slices": 2.5}, "slices must be a whole number ≥ 1"),
    ({"length": L, "axis": (0.0, 0.0)}, "axis must be 3 finite numbers"),
])
def test_bad_cylindrical_input_is_named(options, match):
    with pytest.raises(InputError, match=match):
        CylindricalClearanceForce("B", "J", C, R, Hertz(1e9), **options)


def test_a_cylindrical_clearance_in_a_planar_mechanism_is_named():
    m = Mechanism("pin")
    m.add_ground({"B": (0.0, 0.0)})
    m.add_body("pin", {"J": (0.0, 0.0), "D": (R, 0.0)}, mass=MassProperties(1.0, (0.0, 0.0), 1e-4), free=True)
    with pytest.raises(InputError, match="a cylindrical joint is spatial"):
        MultibodySystem(formulate(m, "natural"), loads=[joint()])
