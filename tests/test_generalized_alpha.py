"""Generalized-α on the index-3 equations (``mbtools.dynamics.generalized_alpha``): its
parameters against Chung & Hulbert's closed forms, second order on A02 through a singular
position and on the stiff double pendulum (its Newton matrix carries the springs'
stiffness and damping and the constraints' Hessians), and its options checked by name."""

from __future__ import annotations

import math
import sys
from pathlib import Path

import numpy as np
import pytest

from mbtools import InputError, formulate
from mbtools.analysis import benchmarks
from mbtools.dynamics import MultibodySystem, simulate
from mbtools.dynamics.generalized_alpha import generalized_alpha_parameters
from mbtools.examples.benchmarks import n_four_bar

sys.path.insert(0, str(Path(__file__).parent))
from test_stiff import minimal_reference, stiff_system  # noqa: E402


@pytest.mark.parametrize("rho_inf", [0.0, 0.5, 0.8, 1.0])
def test_parameters_are_chung_and_hulberts(rho_inf):
    """γ = ½ − α_m + α_f (second order) and β = ¼ (1 − α_m + α_f)² (unconditional
    stability with the largest high-frequency dissipation); ρ∞ = 1 is the trapezoidal rule."""
    alpha_m, alpha_f, beta, gamma = generalized_alpha_parameters(rho_inf)
    assert gamma == pytest.approx(0.5 - alpha_m + alpha_f)
    assert beta == pytest.approx(0.25 * (1.0 - alpha_m + alpha_f) ** 2)
    assert alpha_m <= alpha_f <= 0.5
    if rho_inf == 1.0:
        assert (alpha_m, alpha_f, beta, gamma) == pytest.approx((0.5, 0.5, 0.25, 0.5))


def test_second_order_on_a02_through_a_singular_position():
    """A02 (N = 1) for 3 s, through the singular position near t = 0.72 s: on its branch,
    the error ÷ 4 when Δt halves (measured 2.3e-4 m at 1 ms over 10 s)."""
    system = MultibodySystem(formulate(n_four_bar(1), "natural"), (0.0, -9.81))
    t = np.linspace(0.0, 3.0, 61)
    errors = []
    for step in (2e-3, 1e-3):
        traj = simulate(system, 3.0, "generalized_alpha", step=step, inputs={"crank": math.pi / 2},
                        rates={"crank": -1.0}, t_eval=t, progress=False)
        errors.append(np.abs(traj.point("B0") - benchmarks.a02_reference(t, 1)).max())
        assert np.abs(traj.point("B1") - traj.point("B0") - [1.0, 0.0]).max() < 1e-6  # its branch
    assert errors[1] < 1e-4
    assert 3.0 < errors[0] / errors[1] < 5.0


def test_second_order_on_the_stiff_pendulum():
    """K = 8e5 N/m, C = 4e4 N·s/m, 0.5 s: 2.7e-6 m at 1 ms, 6.6e-7 at 0.5 ms."""
    t = np.linspace(0.0, 0.5, 26)
    reference = minimal_reference(t)
    errors = [np.abs(simulate(stiff_system("natural"), 0.5, "generalized_alpha", step=step, t_eval=t,
                              progress=False).point("B") - reference).max() for step in (1e-3, 5e-4)]
    assert errors[0] < 5e-6
    assert 3.0 < errors[0] / errors[1] < 5.0


@pytest.mark.parametrize("rho_inf", [0.0, 1.0])
def test_the_damping_leaves_the_resolved_motion(rho_inf):
    """ρ∞ damps only what a step does not resolve: from the strongest damping (0) to none
    (1, the trapezoidal rule) the stiff pendulum at 1 ms stays within 3e-5 m of its
    minimal equations (measured 1.4e-5 m at ρ∞ = 0, where the damping reaches further
    down the frequencies; 2.7e-6 at 0.8)."""
    t = np.linspace(0.0, 0.5, 26)
    traj = simulate(stiff_system("natural"), 0.5, "generalized_alpha", step=1e-3, t_eval=t,
                    options={"rho_inf": rho_inf}, progress=False)
    assert np.abs(traj.point("B") - minimal_reference(t)).max() < 3e-5


def test_options_are_checked_by_name():
    system = MultibodySystem(formulate(n_four_bar(1), "natural"))
    with pytest.raises(InputError, match=r"options \['rho'\] do not apply to the 'generalized_alpha'"):
        simulate(system, 0.1, "generalized_alpha", options={"rho": 0.5})
    with pytest.raises(InputError, match="rho_inf, generalized-α's spectral radius"):
        simulate(system, 0.1, "generalized_alpha", options={"rho_inf": 1.5})
    with pytest.raises(InputError, match="Generalized-α takes either step= .* or rtol= .*, not both"):
        simulate(system, 0.1, "generalized_alpha", rtol=1e-6, step=1e-3)
