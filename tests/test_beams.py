"""The rotational spring, and the finite-segment cantilever it makes flexible, against the
elastica, the Euler–Bernoulli frequencies and the discrete model's own closed form.

Tolerances: Bisshopp & Drucker print five decimals, so their numbers are met to 6e-6;
the roots of cos β cosh β = −1 are published to four decimals (5e-5). The discrete
model's linear deflection is a closed form of the model itself, met to the equilibrium
solver's 1e-10 plus the load's geometric nonlinearity (α = 1e-5: of order α² ≈ 1e-10).
The family comparisons are two exact computations of one model: 1e-8.
"""

import math

import numpy as np
import pytest

from mbtools import MassProperties, Mechanism, formulate, simulate, static_equilibrium
from mbtools.analysis.beams import (cantilever_roots, cantilever_system, elastica_tip, segmented_frequencies,
                                    segmented_tip)
from mbtools.dynamics import MultibodySystem, RotationalSpring
from mbtools.dynamics.jacobians import difference_quotients
from mbtools.errors import InputError
from mbtools.examples.beams import segmented_cantilever

FAMILIES = ["natural", "basic", "relative", "reference_point"]


def hinged_bar(family: str, stiffness: float = 40.0, damping: float = 0.0) -> MultibodySystem:
    """Two bars on revolutes, the second joined to the first by a torsional spring, the
    first to the ground by another."""
    m = Mechanism("two bars with hinge springs")
    m.add_ground({"O": (0.0, 0.0)})
    m.add_body("upper", {"O": (0.0, 0.0), "A": (1.0, 0.0)}, mass=MassProperties(1.0, (0.5, 0.0), 1 / 12))
    m.add_body("lower", {"A": (1.0, 0.0), "B": (1.8, 0.0)}, mass=MassProperties(0.8, (1.4, 0.0), 0.8 * 0.64 / 12))
    m.add_revolute("ground", "upper", at="O")
    m.add_revolute("upper", "lower", at="A")
    return MultibodySystem(formulate(m, family), loads=[
        RotationalSpring("ground", "upper", stiffness, 0.2, damping=damping),
        RotationalSpring("upper", "lower", 0.5 * stiffness, -0.3, damping=damping)])


def test_the_elastica_meets_bisshopp_and_drucker():
    for alpha, (deflection, shortening) in {1.0: (0.30172, -0.05643), 2.0: (0.49346, -0.16064)}.items():
        x, w = elastica_tip(alpha)
        assert abs(w - deflection) < 6e-6 and abs(x - 1.0 - shortening) < 6e-6


def test_the_cantilever_roots_are_the_published_ones():
    roots = cantilever_roots(3)
    np.testing.assert_allclose(roots[:2], [1.8751, 4.6941], atol=5e-5)
    np.testing.assert_allclose(np.cos(roots) * np.cosh(roots), -1.0, atol=1e-9)


@pytest.mark.parametrize("segments", [3, 8])
def test_the_small_deflection_is_the_discrete_closed_form(segments):
    """Hinges at (k − ½)ℓ with k = EI/ℓ: w = P L³/(3EI) (1 − 1/(4N²)) (examples.beams)."""
    alpha = 1e-5
    _, w = segmented_tip(segments, alpha)
    expected = alpha / 3.0 * (1.0 - 1.0 / (4 * segments ** 2))
    assert abs(w / expected - 1.0) < 1e-6


def test_the_segments_converge_to_the_elastica_at_second_order():
    errors = [abs(segmented_tip(n, 2.0)[1] - elastica_tip(2.0)[1]) for n in (5, 10, 20)]
    ratios = [errors[0] / errors[1], errors[1] / errors[2]]
    assert all(3.5 < r < 4.5 for r in ratios), ratios
    frequency_errors = [np.abs(segmented_frequencies(n) / cantilever_roots(2) ** 2 - 1.0) for n in (5, 10, 20)]
    for coarse, fine in zip(frequency_errors, frequency_errors[1:]):
        assert ((3.5 < coarse / fine) & (coarse / fine < 4.5)).all(), (coarse, fine)


@pytest.mark.parametrize("family", ["relative", "basic"])
def test_the_families_agree_on_the_bent_beam(family):
    natural = segmented_tip(6, 2.0, "natural")
    other = segmented_tip(6, 2.0, family)
    np.testing.assert_allclose(other, natural, atol=1e-8)
    np.testing.assert_allclose(segmented_frequencies(6, 3, family), segmented_frequencies(6, 3, "natural"),
                               rtol=1e-8)


def test_load_steps_follow_the_same_branch():
    np.testing.assert_allclose(segmented_tip(8, 2.0, load_steps=4), segmented_tip(8, 2.0), atol=1e-10)


@pytest.mark.parametrize("family", FAMILIES)
def test_the_rotational_spring_tangent_is_the_differences_of_its_force(family):
    """Off the constraints too (a Newton iterate is): 1e-7 of the largest entry, the
    central differences' own error at steps of 6e-6."""
    system = hinged_bar(family, damping=3.0)
    model = system.model
    rng = np.random.default_rng(4)
    q = model.reference_q + 0.05 * rng.standard_normal(model.n_coordinates)
    qd = rng.standard_normal(model.n_coordinates)
    for load in system.loads:
        K, C = load.tangent(model, 0.0, q, qd)
        K_d = difference_quotients(lambda x: load.generalized_force(model, 0.0, x, qd), q, 1.0)
        C_d = difference_quotients(lambda v: load.generalized_force(model, 0.0, q, v), qd, 1.0)
        assert np.abs(K - K_d).max() <= 1e-7 * max(np.abs(K_d).max(), 1.0)
        assert np.abs(C - C_d).max() <= 1e-7 * max(np.abs(C_d).max(), 1.0)


@pytest.mark.parametrize("family", FAMILIES)
def test_the_rotational_spring_delivers_its_power(family):
    """Qᵀq̇ = −f (ω_j − ω_i) on the constraints, with ω from the bodies' own placements."""
    system = hinged_bar(family, damping=2.0)
    model = system.model
    q = model.reference_q
    qd = np.linalg.svd(system.position_constraints(q)[1])[2][-1] if len(system.rows) else np.ones(len(q))
    upper, lower = (float(np.ravel(model.angular_velocity(q, qd, b))[0]) for b in ("upper", "lower"))
    spring = system.loads[1]
    f = 0.5 * 40.0 * (0.0 - (-0.3)) + 2.0 * (lower - upper)
    assert abs(spring.generalized_force(model, 0.0, q, qd) @ qd + f * (lower - upper)) < 1e-10 * max(abs(f), 1.0)


def test_the_hinged_bars_keep_their_energy():
    """No damper: T + V (gravity and both springs' ½ k (θ − θ₀)²) is kept by the default
    integration to its tolerance (rtol 1e-8 gives a drift far below 1e-6)."""
    system = hinged_bar("natural")
    trajectory = simulate(system, 1.0, progress=False)
    energy = [system.energy(q, qd) for q, qd in zip(trajectory.q, trajectory.qd)]
    assert np.ptp(energy) < 1e-6 * max(abs(e) for e in energy)


def test_the_hinged_bars_rest_where_the_springs_balance_the_weight():
    """Statics of the two bars: the hinge moments balance the weights, checked by the
    moments about O and A computed by hand from the positions found."""
    system = hinged_bar("natural", stiffness=200.0)
    result = static_equilibrium(system)
    model, q = system.model, result.q
    upper, lower = system.loads
    theta_upper = upper.relative_angle(model, q)
    theta_lower = lower.relative_angle(model, q)
    G_upper = 0.5 * model.point(q, "A")
    A, B = model.point(q, "A"), model.point(q, "B")
    G_lower = A + 0.5 * (B - A)
    g = 9.81
    # about A: the lower bar's weight against the lower hinge's spring (−k (θ − θ₀) on the lower bar)
    assert abs(-0.8 * g * (G_lower - A)[0] - 100.0 * (theta_lower + 0.3)) < 1e-8
    # about O: both weights against the ground hinge's spring
    assert abs(-g * (G_upper[0] + 0.8 * G_lower[0]) - 200.0 * (theta_upper - 0.2)) < 1e-8


def test_bad_rotational_springs_are_named():
    with pytest.raises(InputError, match="both ends are the body 'bar'"):
        RotationalSpring("bar", "bar", 1.0)
    with pytest.raises(InputError, match="stiffness must be a finite number ≥ 0"):
        RotationalSpring("ground", "bar", -1.0)
    with pytest.raises(InputError, match="free_angle must be a finite number"):
        RotationalSpring("ground", "bar", 1.0, free_angle=math.inf)
    system_model = formulate(segmented_cantilever(2), "natural")
    with pytest.raises(InputError, match="'beam' is not a body"):
        MultibodySystem(system_model, loads=[RotationalSpring("ground", "beam", 1.0)])
    with pytest.raises(InputError, match="segments must be a whole number"):
        cantilever_system(0)


def test_the_elastica_by_quadrature_and_by_integration_agree():
    """Two computations of (B.1): the tip by quadrature and root finding, the shape by
    integrating EI θ'' = −P cos θ from the clamp (rtol 1e-12): 1e-10 of L."""
    from mbtools.analysis.beams import elastica_shape
    for alpha in (0.5, 2.0):
        x, y = elastica_shape(alpha)
        tip = elastica_tip(alpha)
        assert abs(x[-1] - tip[0]) < 1e-10 and abs(-y[-1] - tip[1]) < 1e-10
