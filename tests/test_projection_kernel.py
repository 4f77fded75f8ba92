"""The one projection kernel (``kernels.newton_projection``): the dense positions, the
sparse path and the contacts all stop by the same rule, and none returns an unconverged
position — each raises an AssemblyError that names the mechanism, the time and the
owner of the largest residual."""

from __future__ import annotations

import numpy as np
import pytest

from mbtools import formulate
from mbtools.dynamics import MultibodySystem
from mbtools.dynamics.kernels import POSITION_TOLERANCE, newton_projection, project_position
from mbtools.dynamics.singular import RankWatch
from mbtools.dynamics.sparse import SparseEquations
from mbtools.errors import AssemblyError
from mbtools.examples.benchmarks import n_four_bar


def _a02(n_bars: int) -> MultibodySystem:
    return MultibodySystem(formulate(n_four_bar(n_bars), "natural"), (0.0, -9.81))


def _off(system, size: float, seed: int = 0) -> np.ndarray:
    generator = np.random.default_rng(seed)
    return system.model.reference_q + size * generator.standard_normal(system.model.n_coordinates)


def test_a_root_free_residual_raises_and_names_its_row():
    # r(x) = x² + 1 has no real root: Newton wanders and must not return
    with pytest.raises(AssemblyError, match=r"'toy' at t = 0.*row 0, owned by joint 'J'"):
        newton_projection(np.array([0.5]), lambda x: (x**2 + 1.0, 2.0 * x), lambda x, r, d: r / d,
                          np.ones(1), "'toy' at t = 0", ["joint 'J'"])


def test_dense_and_sparse_projections_stop_by_the_same_rule():
    system = _a02(3)
    q_off = _off(system, 1e-3)
    q, J = project_position(system, q_off.copy())
    scales = system.model.residual_scales[system.rows]
    assert np.abs(system.position_constraints(q)[0] / scales).max() < POSITION_TOLERANCE
    equations = SparseEquations(system)
    watch = RankWatch.at(J)
    q_sparse, _, _, _ = equations.project_state(q_off.copy(), np.zeros_like(q_off), 0.0, None, watch)
    assert np.abs(equations.phi(q_sparse) / scales).max() < POSITION_TOLERANCE
    # the same nearest point in the mass metric: far below the 1e-3 perturbation
    assert np.abs(q_sparse - q).max() < 1e-10


@pytest.mark.parametrize("path", ["dense", "sparse"])
def test_an_unconverged_projection_names_the_mechanism_time_and_row(path):
    system = _a02(3)
    q_far = _off(system, 0.2, seed=1)
    owners = {system.model.constraints[k].owner for k in system.rows}
    with pytest.raises(AssemblyError) as raised:
        if path == "dense":
            project_position(system, q_far, t=1.5, iterations=1)
        else:
            SparseEquations(system).project_state(q_far, np.zeros_like(q_far), 1.5, None, RankWatch(0), iterations=1)
    message = str(raised.value)
    assert f"'{system.model.mechanism.name}' at t = 1.5" in message and "1 corrections" in message
    assert any(f"owned by '{owner}')" in message for owner in owners if owner), message
