"""Coordinate partitioning (Gaussian elimination with full pivoting) and the velocity
transformation q̇ = R ż, checked against the driver-based velocity and acceleration
solves (a different set of equations), against the rank policy, and through limit and
branch positions.

Tolerances: the velocities and accelerations of both routes solve the same linear
equations by different eliminations; they agree to round-off times the condition of the
systems, 1e-9 relative on these well-conditioned positions.
"""

from __future__ import annotations

import functools
import math
import warnings

import numpy as np
import pytest

import mbtools
from mbtools import examples, formulate, solve_acceleration, solve_position, solve_velocity, sweep_position
from mbtools.analysis.counts import formulate_all
from mbtools.kinematics import (acceleration_from_independent, coordinate_partition, full_pivoting_elimination,
                                redundant_constraints, velocity_from_independent, velocity_transformation)
from mbtools.kinematics.partition import constraint_jacobian
from mbtools.model.rank import numerical_rank


MECHANISMS = {"four-bar": examples.four_bar, "slider-crank": lambda: examples.slider_crank(offset=0.5),
              "RSSR": examples.rssr, "RSCR": examples.rscr, "SSC": examples.ssc}
PLANAR_FAMILIES = ["relative", "reference_point", "basic", "natural"]
SPATIAL_FAMILIES = ["relative", "reference_point_euler_angles", "reference_point_euler_parameters", "basic",
                    "natural"]


@functools.cache
def _formulated(name: str) -> dict:
    """Every family of one mechanism, formulated when a test first asks (not while the
    tests are collected)."""
    return formulate_all(MECHANISMS[name]())


@pytest.mark.parametrize("name, family", [(name, family) for name in MECHANISMS for family in
                                          (PLANAR_FAMILIES if name in ("four-bar", "slider-crank")
                                           else SPATIAL_FAMILIES)],
                         ids=lambda value: value)
def test_R_spans_the_null_space_of_the_constraints(name, family):
    model = _formulated(name)[family]
    q = model.reference_q
    J, _ = constraint_jacobian(model, q)
    split = coordinate_partition(model, q)
    R = velocity_transformation(model, q, split)
    assert len(split.independent) == model.n_coordinates - numerical_rank(J)
    assert len(split.independent) + len(split.dependent) == model.n_coordinates
    assert np.abs(J @ R).max() < 1e-10 * max(1.0, np.abs(J).max())
    assert np.linalg.matrix_rank(R) == R.shape[1]
    assert np.allclose(R[split.independent_index], np.eye(R.shape[1]))
    assert len(split.redundant) == J.shape[0] - numerical_rank(J)


def test_redundant_equations_counted_like_the_rank_policy():
    model = formulate(examples.rscr(), "natural")
    split = coordinate_partition(model, model.reference_q)
    assert len(split.redundant) == len(redundant_constraints(model, model.reference_q)) == 2


@pytest.mark.parametrize("assembly", ["open", "crossed"])
def test_velocity_and_acceleration_agree_with_the_driver_solves_over_a_turn(assembly):
    model = formulate(examples.four_bar(assembly=assembly), "basic")
    sweep = sweep_position(model, "crank", np.radians(np.arange(0.0, 360.0, 15.0)))
    for theta, q in zip(sweep.values, sweep.q):
        qd = solve_velocity(model, q, {"crank": 2.0})
        qdd = solve_acceleration(model, q, qd, {"crank": 3.0})
        split = coordinate_partition(model, q)
        scale = max(1.0, np.abs(qdd).max())
        assert np.allclose(velocity_from_independent(model, q, qd[split.independent_index], split), qd,
                           rtol=1e-9, atol=1e-9 * np.abs(qd).max()), theta
        assert np.allclose(acceleration_from_independent(model, q, qd, qdd[split.independent_index], split), qdd,
                           rtol=1e-9, atol=1e-9 * scale), theta


def test_a_spatial_mechanism_in_natural_coordinates_with_redundant_rows():
    model = formulate(examples.rscr(), "natural")
    q = model.reference_q
    s = model.input_values(q)
    qd = solve_velocity(model, q, {name: 1.0 for name in s})
    split = coordinate_partition(model, q)
    assert np.allclose(velocity_from_independent(model, q, qd[split.independent_index], split), qd, atol=1e-10)


def test_full_pivoting_finds_the_rank_of_deficient_matrices():
    rng = np.random.default_rng(7)
    for rank in range(1, 6):
        J = rng.normal(size=(6, rank)) @ rng.normal(size=(rank, 8))
        assert len(full_pivoting_elimination(J)) == numerical_rank(J) == rank


def test_a_stationary_coordinate_cannot_be_independent():
    """Crank at 0°: x_A does not move for any allowed motion, so it cannot be given
    freely; full pivoting picks another coordinate, and a forced choice is refused."""
    model = formulate(examples.four_bar(), "basic")
    q = solve_position(model, {"crank": 0.0}).q
    assert coordinate_partition(model, q).independent != ("x_A",)
    with pytest.raises(mbtools.SingularJacobianError, match=r"\['x_A'\] cannot be the independent"):
        coordinate_partition(model, q, independent=["x_A"])
    # the same choice is fine at 90°
    q90 = solve_position(model, {"crank": math.pi / 2}).q
    split = coordinate_partition(model, q90, independent=["x_A"])
    assert split.independent == ("x_A",)


def test_at_a_limit_position_the_crank_coordinates_are_dependent():
    """A non-Grashof four-bar (5, 2, 4, 6) at the crank's limit: the constraints keep full
    rank (one freedom), but the crank tip is stationary, so the independent coordinate is
    a coordinate of B, and R still spans the allowed motion."""
    model = formulate(examples.four_bar(crank=5.0, coupler=2.0, rocker=4.0, ground=6.0), "basic")
    limit = math.acos((5**2 + 6**2 - (2 + 4) ** 2) / (2 * 5 * 6))
    A = 5.0 * np.array([math.cos(limit), math.sin(limit)])   # the limit drawn exactly: B on A→O4
    B = A + 2.0 * (np.array([6.0, 0.0]) - A) / 6.0
    q = np.concatenate([A, B])
    assert np.abs(model.phi(q, {"crank": limit})).max() < 1e-12
    split = coordinate_partition(model, q)
    assert split.independent in (("x_B",), ("y_B",))
    R = velocity_transformation(model, q, split)
    assert np.abs(R[:2]).max() < 1e-12   # A does not move to first order
    J, _ = constraint_jacobian(model, q)
    assert np.abs(J @ R).max() < 1e-10


def test_at_a_branch_point_two_coordinates_are_independent():
    """A parallelogram four-bar (2, 6, 2, 6) with every pivot on the ground line: the
    constraints lose a rank, n − rank Φ_q = 2, and two coordinates are free (the two
    branches, parallelogram and anti-parallelogram, cross here)."""
    model = formulate(examples.four_bar(crank=2.0, coupler=6.0, rocker=2.0, ground=6.0), "basic")
    q = np.array([2.0, 0.0, 8.0, 0.0])
    J, _ = constraint_jacobian(model, q)
    assert numerical_rank(J) == 2
    split = coordinate_partition(model, q)
    assert len(split.independent) == 2 and len(split.redundant) == 1
    assert np.abs(J @ velocity_transformation(model, q, split)).max() < 1e-12


def test_bad_input_is_named():
    model = formulate(examples.four_bar(), "basic")
    with pytest.raises(mbtools.InputError, match="formulate it first"):
        coordinate_partition(examples.four_bar(), model.reference_q)
    with pytest.raises(mbtools.InputError, match="not coordinates"):
        coordinate_partition(model, model.reference_q, independent=["theta"])
    with pytest.raises(mbtools.InputError, match="has 1 independent"):
        coordinate_partition(model, model.reference_q, independent=["x_A", "y_A"])
    with pytest.raises(mbtools.InputError, match="one value per independent"):
        velocity_from_independent(model, model.reference_q, [1.0, 2.0])


def test_assembly_modes_of_the_four_bar_and_the_watt_six_bar():
    """Two modes for the four-bar, four for the Watt six-bar (two per loop); with a
    three-point body kept by distances the equations also hold with that body mirrored,
    which doubles the solutions, and mirrored_bodies names it."""
    from mbtools.kinematics import mirrored_bodies, solve_all_positions

    plain = formulate(examples.four_bar(), "basic")
    assert len(solve_all_positions(plain, {"crank": 1.0}, trials=60)) == 2
    six = formulate(examples.watt_six_bar(), "basic")
    solutions = solve_all_positions(six, {"crank": math.radians(80.0)}, trials=300)
    true_modes = [q for q in solutions if not mirrored_bodies(six, q)]
    assert len(solutions) == 8 and len(true_modes) == 4
    assert {tuple(mirrored_bodies(six, q)) for q in solutions} == {(), ("rocker",)}
    for q in solutions:
        assert np.abs(six.phi(q, {"crank": math.radians(80.0)})).max() < 1e-9


def test_solve_position_names_a_body_it_finds_mirrored():
    """Three distances keep a three-point coupler in basic coordinates, and its mirror
    image too: a solution there is flagged, by body, and the drawn assembly is not."""
    from mbtools.errors import SuspiciousInputWarning
    from mbtools.kinematics import mirrored_bodies, solve_all_positions

    model = mbtools.formulate(mbtools.examples.four_bar(coupler_point=(3.0, 2.0)), "basic")
    solutions = solve_all_positions(model, {"crank": 1.0}, trials=60)
    mirror = next(q for q in solutions if mirrored_bodies(model, q))
    with pytest.warns(SuspiciousInputWarning, match=r"bodies \['coupler'\] .* mirrored"):
        mbtools.solve_position(model, {"crank": 1.0}, guess=mirror)
    with warnings.catch_warnings():
        warnings.simplefilter("error", SuspiciousInputWarning)
        mbtools.solve_position(model, {"crank": 1.0})
        mbtools.solve_position(model, {"crank": 1.0}, guess=model.reference_q)
