"""The linearisation (K.6) of every compliant contact element — the force's and the state
rates' derivatives in q, q̇ and w that an implicit integrator's Newton iteration uses —
against central differences with steps far below the indentation (1e-9 m in q against
δ of 1e-5 m), at states in contact with friction, in the plane and in space, in point
and pose families.

Tolerance: the differences' truncation error is (h/δ)² ≈ 1e-8 and their round-off
eps |Q|/h ≈ 1e-7 of the block's size; 1e-5 of the block's largest entry leaves a margin
of 100, while a missing term (the approach speed's, the bristles' turning with T, the
geometry's) is of the order of the block itself. The differences of the element's own
force with the bodies' step (6e-6 of their size, some 2e-6 m) that the tangent used to
take were off by 60 % in ∂Q/∂q̇ at a slider's corner on its wall.
"""

import numpy as np
import pytest

from mbtools import formulate
from mbtools.analysis.clearance import clearance_system, revolute_clearance_system
from mbtools.analysis.contacts import ball_on_floor, lugre_block_system
from mbtools.analysis.spherical_clearance import ssc_clearance_system
from mbtools.dynamics import MultibodySystem
from mbtools.dynamics.clearance_joints import CylindricalClearanceForce
from mbtools.dynamics.contact_laws import Flores, LankaraniNikravesh
from mbtools.dynamics.friction_laws import LuGre, RegularisedCoulomb, StribeckFriction

from test_cylindrical_clearance import moved, shaft_in_bushing

RNG = np.random.default_rng(7)
LUGRE = LuGre(mu_coulomb=0.2, mu_static=0.3, stribeck_speed=0.01, sigma0=1e5, sigma1=300.0, sigma2=0.1)


def pushed(model, q, point, displacement):
    """q moved so that ``point`` moves by ``displacement`` (least-squares through r_q)."""
    return q + np.linalg.pinv(model.point_jacobian(q, point)) @ np.asarray(displacement, dtype=float)


def translational():
    system = clearance_system()
    model, q = system.model, system.model.reference_q
    q = pushed(model, pushed(model, q, "P1", (0.0, 1.0e-3 + 2e-5)), "P2", (0.0, 1.0e-3 + 1e-5))
    return system, q, [0, 1]


def revolute():
    system = revolute_clearance_system(friction=StribeckFriction(0.1, 0.15, 1e-3, regularisation_speed=1e-3))
    model, q = system.model, system.model.reference_q
    return system, pushed(model, q, "J", (3.5e-4, 4e-4)), [0]


def disc_on_floor():
    system = ball_on_floor(LankaraniNikravesh(1e8, 0.8), friction=LUGRE, family="reference_point", dimension=2)
    model = system.model
    q = pushed(model, model.reference_q, "C", (0.0, -model.point(model.reference_q, "C")[1] + 0.05 - 2e-5))
    return system, q, [0]


def block():
    system = lugre_block_system()
    return system, system.model.reference_q, [1]


def ball_in_socket():
    system = ssc_clearance_system()
    model, q = system.model, system.model.reference_q
    return system, pushed(model, q, "J", (1.8e-4, -1.1e-4, 0.9e-4)), [0]


def shaft():
    model = formulate(shaft_in_bushing(), "natural")
    load = CylindricalClearanceForce("B", "J", 1e-4, 0.01, Flores(1e9, 0.7), axis=(0.0, 0.0, 1.0), length=0.04,
                                     slices=4, friction=LUGRE)
    turn = 3e-3
    rotation = np.array([[np.cos(turn), 0.0, np.sin(turn)], [0.0, 1.0, 0.0], [-np.sin(turn), 0.0, np.cos(turn)]])
    q = moved(model, rotation, np.array([0.6e-4, 0.3e-4, 0.0]))
    return MultibodySystem(model, loads=[load]), q, [0]


CASES = {"translational clearance (plane, Flores, Coulomb)": translational,
         "revolute clearance (plane, Stribeck)": revolute,
         "disc on a floor (reference point, LuGre)": disc_on_floor,
         "LuGre block (sliding friction)": block,
         "ball in socket (space, LuGre)": ball_in_socket,
         "tilted shaft in bushing (space, slices, LuGre)": shaft}


def differences(function, x, step):
    columns = []
    for j in range(len(x)):
        plus, minus = x.copy(), x.copy()
        plus[j] += step[j]
        minus[j] -= step[j]
        columns.append((function(plus) - function(minus)) / (2.0 * step[j]))
    return np.column_stack(columns) if columns else np.zeros((len(function(x)), 0))


def close(exact, differenced, what):
    size = np.abs(differenced).max(initial=0.0)
    error = np.abs(exact - differenced).max(initial=0.0)
    assert error <= 1e-5 * size + 1e-9, f"{what}: error {error:.3g} against entries up to {size:.3g}"


@pytest.mark.parametrize("case", CASES)
def test_the_linearisation_is_the_derivative(case):
    system, q, loads = CASES[case]()
    model = system.model
    qd = 0.3 * RNG.standard_normal(model.n_coordinates)
    for k in loads:
        load = system.loads[k]
        w = load.initial_states(model, q, qd)
        k_contacts, f = load._layout(model)
        w[2:2 + k_contacts] = 10.0 + RNG.random(k_contacts)  # approach speeds held (no clipping of F_n)
        w[2 + k_contacts:] = 2e-6 * RNG.standard_normal(k_contacts * f)     # bristles deflected
        forces = load.contact_forces(model, q, qd, w)
        assert (forces[:, 0] > 0.0).any(), "the state must be in contact"
        lin = load.linearisation(model, 0.0, q, qd, w)
        steps_q = np.full(len(q), 1e-9)
        steps_w = np.concatenate([[1e-6, 1e-6], np.full(k_contacts, 1e-7), np.full(k_contacts * f, 1e-12)])
        close(lin.force_q, differences(lambda x: load.generalized_force(model, 0.0, x, qd, w), q, steps_q), "∂Q/∂q")
        close(lin.force_qd, differences(lambda v: load.generalized_force(model, 0.0, q, v, w), qd,
                                        np.full(len(qd), 1e-7)), "∂Q/∂q̇")
        close(lin.force_w, differences(lambda s: load.generalized_force(model, 0.0, q, qd, s), w, steps_w), "∂Q/∂w")
        close(lin.rates_q, differences(lambda x: load.state_rates(model, 0.0, x, qd, w), q, steps_q), "∂ẇ/∂q")
        close(lin.rates_qd, differences(lambda v: load.state_rates(model, 0.0, q, v, w), qd,
                                        np.full(len(qd), 1e-7)), "∂ẇ/∂q̇")
        close(lin.rates_w, differences(lambda s: load.state_rates(model, 0.0, q, qd, s), w, steps_w), "∂ẇ/∂w")
