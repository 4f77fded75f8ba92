"""Every formulation is one class of one protocol (``mbtools.dynamics.formulation``),
registered in one table, and takes one step at a time through its public ``step``: ten
steps of 1 ms of a pendulum released from the horizontal agree with a tight reference
and keep the constraint."""

from __future__ import annotations

import numpy as np
import pytest

from mbtools import MassProperties, Mechanism, formulate
from mbtools.dynamics import MultibodySystem, simulate
from mbtools.dynamics.simulate import FORMULATIONS

H, STEPS = 1e-3, 10
#: How far ten steps may end from the reference (m), with their velocities within 100× that
#: (m/s). The ODE formulations step at rtol 1e-10 (measured: 1e-18). IDA runs at rtol
#: 1e-9 of the 1 m size, and its global error is some ten local tolerances (measured
#: 1.3e-8). The trapezoidal rule and generalized-α are second order: about h² t q⃛ / 12 ≈
#: 3e-9 m after 10 ms, with q⃛ ≈ 3 g² t / ℓ ≈ 3 m/s³ (measured 1e-12; generalized-α's
#: velocity 2.5e-7 m/s, its start-up transient).
BOUND = {"ode": 1e-9, "dae": 1e-7, "one_step": 1e-8}


def _pendulum(family: str = "natural") -> MultibodySystem:
    m = Mechanism("pendulum")
    m.add_ground({"O": (0.0, 0.0)})
    m.add_body("bob", {"O": (0.0, 0.0), "P": (1.0, 0.0)}, mass=MassProperties(1.0, (1.0, 0.0), 0.0))
    m.add_revolute("ground", "bob", at="O")
    return MultibodySystem(formulate(m, family))


def test_one_table_of_classes():
    assert set(FORMULATIONS) == {"multipliers", "projection", "ali3p", "generalized_alpha", "ggl_ida", "recursive"}
    for name, cls in FORMULATIONS.items():
        assert isinstance(cls, type) and cls.name == name and cls.label
        assert cls.kind in ("ode", "one_step", "dae") and isinstance(cls.options, tuple)
        for method in ("build", "start", "step", "path"):
            assert callable(getattr(cls, method)), (name, method)


@pytest.mark.parametrize("name", sorted(set(FORMULATIONS) - {"recursive"}))
def test_every_formulation_steps_one_step_at_a_time(name):
    system = _pendulum()
    cls = FORMULATIONS[name]
    formulation = cls.build(system, step=H if cls.kind == "one_step" else None)
    q0, qd0 = system.model.reference_q, np.zeros(2)
    state = formulation.start(q0, qd0, 0.0)
    assert np.allclose(state[2], [0.0, -9.81])  # q̈ at the start: g, straight down
    for k in range(1, STEPS + 1):
        state = formulation.step(state, H, k * H)
        q = state[0]
        assert abs(q @ q - 1.0) < 1e-9  # on the constraint (the bar's length) after every step
    reference = simulate(system, STEPS * H, "multipliers", rtol=1e-12, t_eval=[0.0, STEPS * H], progress=False)
    assert np.abs(state[0] - reference.q[-1]).max() < BOUND[cls.kind], np.abs(state[0] - reference.q[-1]).max()
    assert np.abs(state[1] - reference.qd[-1]).max() < 100 * BOUND[cls.kind]


def test_the_recursive_formulation_steps_one_step_at_a_time_in_relative_coordinates():
    """The same pendulum in its one joint angle θ (from the horizontal): θ̈ = −g/L at the
    start, and ten steps against the multipliers on the same model."""
    system = _pendulum("relative")
    formulation = FORMULATIONS["recursive"].build(system)
    state = formulation.start(np.zeros(1), np.zeros(1), 0.0)
    assert np.allclose(state[2], [-9.81])
    for k in range(1, STEPS + 1):
        state = formulation.step(state, H, k * H)
    reference = simulate(system, STEPS * H, "multipliers", rtol=1e-12, t_eval=[0.0, STEPS * H], progress=False)
    assert np.abs(state[0] - reference.q[-1]).max() < BOUND["ode"]
    assert np.abs(state[1] - reference.qd[-1]).max() < 100 * BOUND["ode"]
