"""Optimal path synthesis of the four-bar (mbtools.analysis.synthesis): a known linkage
recovered from its own coupler points, the gradients against central differences, an
approximate straight-line mechanism, and bad input.

Tolerances:

* recovery, max residual ≤ 1e-8 × the longest link. SLSQP with ftol = 1e-18 stops near the
  round-off floor of f (measured residuals 2e-10 to 7e-10 with a 9-long link): the bound
  leaves a margin above 100, while a failure to converge leaves residuals of 1e-3 or more.
  With free timing and six points (15 unknowns, 12 equations) the solutions form a family
  (cognates among them), so only the residuals are tested; with prescribed timing (10
  unknowns, 12 equations) the design is locally unique and is tested too, to 1e-6
  relative (measured 6e-9: the residual floor over the conditioning).
* gradients, 1e-6 relative to the largest entry: central differences with the relative
  step 1e-5 carry truncation ≈ h² and round-off ≈ ε/h errors near 1e-10 (measured ≤ 3e-9).
* constraints at an optimum, 1e-9 (dimensionless): SLSQP holds active constraints to
  round-off (measured violations ≤ 1e-11).
"""

import math

import numpy as np
import pytest

from mbtools.analysis.sensitivity import central_difference, transmission_angle
from mbtools.analysis.synthesis import (
    PathSynthesisProblem, grashof_margin, placed_coupler_curve, synthesize_path, transmission_extremes)
from mbtools.errors import InputError

TRUTH = np.array([2.0, 7.0, 9.0, 6.0, 3.0, 2.0])                 # a, b, c, d, u, v
PLACEMENT = np.array([1.0, 0.5, 0.3])                            # x0, y0, θ0
ANGLES = np.radians([20.0, 80.0, 140.0, 200.0, 260.0, 320.0])
TARGETS = placed_coupler_curve(TRUTH, PLACEMENT[:2], PLACEMENT[2], ANGLES)
MU_MIN = math.radians(20)   # the truth's smallest transmission angle is 25.2°
# Hoeken's straight-line crank-rocker: a, b, c, d = 1, 2.5, 2.5, 2, P on AB produced, 5 from A;
# its coupler point runs within 0.01 of y = 4 between x = 0 and 4.
HOEKEN = np.array([1.0, 2.5, 2.5, 2.0, 5.0, 0.0])


def perturbed_start(seed: int, size: float = 0.05):
    rng = np.random.default_rng(seed)
    return (TRUTH * (1 + size * rng.standard_normal(6)), PLACEMENT + size * rng.standard_normal(3),
            ANGLES + 2 * size * rng.standard_normal(6))


def assert_constraints_hold(result, mu_min, ratio):
    smallest, largest = result.transmission_angles
    assert smallest >= mu_min - 1e-6 and largest <= math.pi - mu_min + 1e-6
    assert result.grashof_margin >= ratio - 1e-9
    assert np.all(result.constraint_values >= -1e-9)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_known_four_bar_is_recovered_with_free_timing(seed):
    parameters, placement, angles = perturbed_start(seed)
    result = synthesize_path(TARGETS, parameters, placement, angles, min_transmission_angle=MU_MIN,
                             tolerance=1e-18)
    assert result.success, result.message
    assert result.max_deviation <= 1e-8 * TRUTH[:4].max()
    assert result.start_objective > 1e-4            # the start was away from the targets
    np.testing.assert_allclose(result.coupler_points, TARGETS, rtol=0, atol=1e-8 * TRUTH[:4].max())
    assert_constraints_hold(result, MU_MIN, 0.02)


def test_prescribed_timing_recovers_the_design_itself():
    parameters, placement, _ = perturbed_start(4, size=0.03)
    result = synthesize_path(TARGETS, parameters, placement, ANGLES + 0.05, timing="prescribed",
                             min_transmission_angle=MU_MIN, tolerance=1e-18)
    assert result.max_deviation <= 1e-8 * TRUTH[:4].max()
    np.testing.assert_allclose(result.parameters, TRUTH, rtol=1e-6)
    np.testing.assert_allclose(result.ground_pivot, PLACEMENT[:2], rtol=0, atol=1e-6 * TRUTH[:4].max())
    assert abs(result.ground_angle - PLACEMENT[2]) < 1e-6
    rotations = result.crank_angles - result.crank_angles[0]     # the timing held as prescribed
    np.testing.assert_allclose(rotations, ANGLES - ANGLES[0], rtol=0, atol=1e-12)


@pytest.mark.parametrize("timing", ["free", "prescribed"])
def test_gradients_against_central_differences(timing):
    parameters, placement, angles = perturbed_start(5)
    problem = PathSynthesisProblem(TARGETS, parameters, placement, angles, timing=timing, min_transmission_angle=MU_MIN)
    x = problem.start
    gradient = problem.objective_gradient(x)
    numeric = central_difference(problem.objective, x)
    assert np.max(np.abs(gradient - numeric)) <= 1e-6 * np.max(np.abs(gradient))
    jacobian = problem.constraints_jacobian(x)
    numeric = central_difference(problem.constraints, x)
    assert np.max(np.abs(jacobian - numeric)) <= 1e-6 * np.max(np.abs(jacobian))
    # the gradient in the variables scipy sees: mapᵀ ∂f/∂x, against f(start + map z)
    z = np.zeros(problem.map.shape[1])
    numeric = central_difference(lambda z: problem.objective(problem.start + problem.map @ z), z)
    reduced = problem.map.T @ gradient
    assert np.max(np.abs(reduced - numeric)) <= 1e-6 * np.max(np.abs(reduced))


def test_an_approximate_straight_line_mechanism():
    """Seven points on a segment: a coupler curve, of degree six, meets a line in at most
    six points, so no four-bar passes all seven; the optimum leaves a small deviation
    (measured 1.2e-3 over a segment of length 4, in 97 or 98 iterations as round-off
    decides where SLSQP stops on the flat valley) and keeps the constraints (μ(0) ends
    at about 40°, the bound; Hoeken's 23° is below it)."""
    targets = np.column_stack([np.linspace(0.0, 4.0, 7), np.full(7, 4.0)])
    start = HOEKEN * np.array([1.04, 0.97, 1.03, 0.98, 1.02, 1.0]) + np.array([0, 0, 0, 0, 0, 0.1])
    mu_min, ratio = math.radians(40), 0.15
    result = synthesize_path(targets, start, (0.1, -0.1, 0.05), min_transmission_angle=mu_min, grashof_ratio=ratio,
                             tolerance=1e-10)
    assert result.objective < 1e-3 * result.start_objective
    assert 1e-6 < result.max_deviation < 0.01          # not exact (see above), and better than Hoeken's
    assert_constraints_hold(result, mu_min, ratio)
    np.testing.assert_allclose(np.linalg.norm(result.coupler_points - targets, axis=1), result.residuals, atol=1e-12)


def test_the_extreme_transmission_angles_are_at_crank_angles_0_and_pi():
    """(S.14) against the transmission angle sampled over a turn (the grid holds 0 and π)."""
    for parameters in (TRUTH, HOEKEN):
        sampled = [transmission_angle(parameters, s) for s in np.linspace(-math.pi, math.pi, 721)]
        smallest, largest = transmission_extremes(parameters)
        assert abs(min(sampled) - smallest) < 1e-12 and abs(max(sampled) - largest) < 1e-12
    assert abs(grashof_margin(TRUTH) - (7 + 6 - 2 - 9) / 24) < 1e-15


@pytest.mark.parametrize("targets, words", [
    ([(0.0, 1.0)], "at least 2 target points"),
    ([(0.0, 1.0), (math.nan, 2.0), (1.0, 1.0)], r"targets\[1\]"),
    ([(0.0, 1.0), (2.0, math.inf)], r"targets\[1\]"),
    ([0.0, 1.0, 2.0], r"\(N, 2\)"),
    ([(1.0, 1.0), (1.0, 1.0)], "coincide"),
])
def test_bad_targets_are_named(targets, words):
    with pytest.raises(InputError, match=words):
        PathSynthesisProblem(targets, TRUTH, PLACEMENT)


@pytest.mark.parametrize("mu_min", [0.0, -0.1, math.pi / 2, 30.0, math.nan])
def test_a_transmission_angle_bound_outside_0_to_90_degrees_is_refused(mu_min):
    with pytest.raises(InputError, match="min_transmission_angle"):
        PathSynthesisProblem(TARGETS, TRUTH, PLACEMENT, min_transmission_angle=mu_min)


def test_other_bad_input_is_named():
    with pytest.raises(InputError, match="not a Grashof crank-rocker"):
        PathSynthesisProblem(TARGETS, (4.0, 3.0, 2.0, 6.0, 1.0, 0.0), PLACEMENT)
    with pytest.raises(InputError, match="6 finite numbers"):
        PathSynthesisProblem(TARGETS, TRUTH, PLACEMENT, crank_angles=[0.0, 1.0])
    with pytest.raises(InputError, match="Prescribed timing needs the crank angles"):
        PathSynthesisProblem(TARGETS, TRUTH, PLACEMENT, timing="prescribed")
    with pytest.raises(InputError, match="placement"):
        PathSynthesisProblem(TARGETS, TRUTH, (0.0, 0.0))
    with pytest.raises(InputError, match="grashof_ratio"):
        PathSynthesisProblem(TARGETS, TRUTH, PLACEMENT, grashof_ratio=0.5)
    with pytest.raises(InputError, match="min_crank"):
        PathSynthesisProblem(TARGETS, TRUTH, PLACEMENT, min_crank=0.0)
