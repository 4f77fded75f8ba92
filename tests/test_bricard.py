"""Bricard's mechanism (IFToMM benchmark A04), kinematics in every family.

Five rods and six revolutes close one loop with the ground: Grübler's count is 0, but
the axes (each along the cross product of its two links) leave one freedom, so one joint
condition is redundant at every position. Checked here: the description (axes, square
bars' inertia), the counts and the redundant equations in each family, the singular
values of Φ_q (one zero, the next well away from it), and a sweep of the input over the
motion that gravity gives (0° to 180°, and on to 200°) — rank deficiency exactly one
throughout, rods and axes rigid, the same points in every family, and closed forms: the
flat triangles at 90° and at the input's dead points, the drawing mirrored at 180°.

Tolerances: positions 1e-9 (each solve to 1e-12 of the size); at a dead point of the
input Newton converges only linearly and the position is good to about √1e-12 = 1e-6.
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest

from mbtools import (MechanismError, SingularPositionWarning, coordinate_counts, formulate, idle_freedoms,
                     redundant_constraints, solve_position, sweep_position)
from mbtools.coordinates import VARIANTS
from mbtools.examples import EXAMPLES
from mbtools.examples.benchmarks import BRICARD_JOINTS, bricard, square_bar

LOOP = list(BRICARD_JOINTS)  # A … F, round the loop
RODS = [(f"rod{k + 1}", LOOP[k], LOOP[k + 1]) for k in range(5)]
ANGLES = np.arange(0.0, 201.0, 10.0)  # degrees: the swing under gravity (0–180°) and beyond, short of the fold at 210°
ROOT3 = math.sqrt(3.0)
# The joints B–E at input angles where the loop lies flat or mirrors the drawing.
CLOSED_FORMS = {
    90.0: [(0, 0, -1), (0, -ROOT3 / 2, -0.5), (0, -ROOT3, 0), (0, -ROOT3 / 2, 0.5)],  # triangle B, D, F in x = 0
    180.0: [(-1, 0, 0), (-1, -1, 0), (-1, -1, 1), (0, -1, 1)],                           # the drawing mirrored in x = 0
}
FOLDS = {  # the input's dead points: triangle A, C, E of side 2 in y = 0
    210.0: [(-ROOT3 / 2, 0, 0.5), (-ROOT3, 0, 1), (-ROOT3 / 2, 0, 1.5), (0, 0, 2)],
    -30.0: [(ROOT3 / 2, 0, 0.5), (ROOT3, 0, 1), (ROOT3 / 2, 0, 1.5), (0, 0, 2)],
}
# σ_{n−1}/σ_max of Φ_q along the whole loop (measured: natural 0.1204, basic 0.037,
# relative 0.50, Euler parameters 0.060, Euler angles 0.084): a second rank drop would
# take it to round-off.
SECOND_SMALLEST = {"natural": 0.12}
SECOND_SMALLEST_ANY = 0.03


def geometric_jacobian(model, q) -> np.ndarray:
    """Φ_q of the joint (and body) conditions, the driver's row left out."""
    rows = [k for k, c in enumerate(model.constraints) if not c.is_driver]
    return model.jacobian(q, {"rotation": 0.0})[rows]


def duplicated_rows(model) -> int:
    """Rows that repeat an earlier one equation for equation (basic coordinates write the
    distance between the two points of a shared axis once for each of its two bodies)."""
    exprs = [c.expression for c in model.constraints if not c.is_driver]
    return sum(any((e - f).expand() == 0 for f in exprs[:k]) for k, e in enumerate(exprs))


@pytest.fixture(scope="module")
def mechanism():
    return bricard()


@pytest.fixture(scope="module", params=list(VARIANTS))
def swept(request, mechanism):
    """(variant, model, positions at ANGLES)."""
    family, options = VARIANTS[request.param]
    model = formulate(mechanism, family, **options)
    with warnings.catch_warnings():
        warnings.simplefilter("error", SingularPositionWarning)  # no dead point of the input before 210°
        q = sweep_position(model, "rotation", np.radians(ANGLES)).q
    return request.param, model, q


@pytest.fixture(scope="module")
def natural_positions(mechanism):
    model = formulate(mechanism, "natural")
    return {p: model.point(sweep_position(model, "rotation", np.radians(ANGLES)).q, p) for p in "BCDE"}


# ------------------------------------------------------------------ the description
def test_description_follows_the_benchmark(mechanism):
    assert mechanism.dimension == 3 and mechanism.gruebler_kutzbach() == 0
    assert [name for name, _, _ in RODS] == [b for b in mechanism.bodies if b != "ground"]
    points = {p: np.array(xyz) for p, xyz in BRICARD_JOINTS.items()}
    for k, joint in enumerate(mechanism.joints):
        p = LOOP[k]
        assert joint.at == p
        incoming, outgoing = points[p] - points[LOOP[k - 1]], points[LOOP[(k + 1) % 6]] - points[p]
        np.testing.assert_array_equal(mechanism.bodies[joint.body_j].vectors[joint.axis], np.cross(outgoing, incoming))
    for name, tail, head in RODS:
        assert np.linalg.norm(points[head] - points[tail]) == 1.0
        bar = mechanism.bodies[name].mass
        e = points[head] - points[tail]
        np.testing.assert_allclose(bar.centre, (points[tail] + points[head]) / 2)
        np.testing.assert_allclose(bar.inertia @ e, (0.1**2 / 6) * e, atol=1e-15)  # m s²/6 about the rod
        for n in np.eye(3)[np.abs(e) < 0.5]:
            np.testing.assert_allclose(bar.inertia @ n, (1 + 0.1**2) / 12 * n, atol=1e-15)  # m(L² + s²)/12 across
    assert "bricard" in EXAMPLES and EXAMPLES["bricard"].dimension == 3


def test_square_bar_is_the_box_of_its_section():
    """A 2 × 0.3 × 0.3 box of 3 kg along (1, 1, 0)/√2: J = m(b² + c²)/12 about its axes."""
    a, b = np.zeros(3), np.array([math.sqrt(2.0), math.sqrt(2.0), 0.0])
    bar = square_bar(3.0, a, b, side=0.3)
    e = b / 2.0
    np.testing.assert_allclose(bar.inertia @ e, 3.0 * 0.18 / 12 * e, atol=1e-14)
    for n in (np.array([1.0, -1.0, 0.0]) / math.sqrt(2.0), np.array([0.0, 0.0, 1.0])):
        np.testing.assert_allclose(bar.inertia @ n, 3.0 * (4.0 + 0.09) / 12 * n, atol=1e-14)


@pytest.mark.parametrize("call, culprit", [
    (lambda: square_bar(-1.0, (0, 0, 0), (1, 0, 0), 0.1), "mass"),
    (lambda: square_bar(1.0, (0, 0, 0), (1, 0, 0), 0.0), "side"),
    (lambda: square_bar(1.0, (0, 0, 0), (0, 0, 0), 0.1), "coincide"),
    (lambda: square_bar(1.0, (0, 0), (1, 0), 0.1), "three finite coordinates"),
    (lambda: bricard(mass=0.0), "mass"),
    (lambda: bricard(side=-0.1), "side"),
])
def test_bad_sizes_are_refused_by_name(call, culprit):
    with pytest.raises(MechanismError, match=culprit):
        call()


# ------------------------------------------------------------------ counts and rank
def test_grubler_says_zero_every_family_finds_one_freedom(mechanism):
    counts = coordinate_counts(mechanism)
    assert set(counts) == set(VARIANTS)
    for variant, count in counts.items():
        assert count.gruebler_kutzbach == 0, variant
        assert count.mobility == 1, variant
        assert count.redundant == count.constraints - count.coordinates + 1, variant


def test_one_redundant_equation_named_in_each_family(swept):
    variant, model, _ = swept
    q = model.reference_q
    assert idle_freedoms(model, q) == 0
    named = redundant_constraints(model, q)
    # one from Bricard's geometry; basic coordinates add the rows they write twice
    assert len(named) == 1 + duplicated_rows(model), (variant, named)
    assert duplicated_rows(model) == (4 if variant == "basic" else 0)
    assert all(name in model.constraint_names and not name.startswith("rotation") for name in named)


def test_jacobian_has_one_zero_singular_value_at_the_start(swept):
    variant, model, _ = swept
    sigma = np.linalg.svd(geometric_jacobian(model, model.reference_q), compute_uv=False)
    assert sigma.size == model.n_coordinates
    assert sigma[-1] < 1e-12 * sigma[0], variant
    assert sigma[-2] > SECOND_SMALLEST.get(variant, SECOND_SMALLEST_ANY) * sigma[0], variant


# ------------------------------------------------------------------ the sweep
def test_sweep_keeps_the_rank_deficiency_exactly_one(swept):
    variant, model, positions = swept
    floor = SECOND_SMALLEST.get(variant, SECOND_SMALLEST_ANY)
    for angle, q in zip(ANGLES, positions):
        sigma = np.linalg.svd(geometric_jacobian(model, q), compute_uv=False)
        assert sigma[-1] < 1e-12 * sigma[0] and sigma[-2] > floor * sigma[0], (variant, angle, sigma[-2:] / sigma[0])
        assert idle_freedoms(model, q) == 0
        assert len(redundant_constraints(model, q)) == 1 + duplicated_rows(model), (variant, angle)


def test_sweep_keeps_rods_and_axes_rigid(swept, natural_positions):
    variant, model, positions = swept
    points = {p: model.point(positions, p) for p in model.point_names}
    for name, tail, head in RODS:
        np.testing.assert_allclose(np.linalg.norm(points[head] - points[tail], axis=1), 1.0, atol=1e-9,
                                   err_msg=f"{variant}: {name}")
    for p in "BCDE":
        np.testing.assert_allclose(points[p], natural_positions[p], atol=1e-9, err_msg=f"{variant} against natural: {p}")
    theta = np.radians(ANGLES)
    np.testing.assert_allclose(points["B"], np.column_stack([np.cos(theta), 0 * theta, -np.sin(theta)]), atol=1e-9)


def test_each_axis_stays_normal_to_its_links_and_to_the_next_axis(mechanism):
    """In natural coordinates the axes are coordinates: every rod stays normal to the axes
    at its ends, and those two axes to each other (the 90° twists of every link)."""
    model = formulate(mechanism, "natural")
    q = sweep_position(model, "rotation", np.radians(ANGLES)).q
    axis = {j.at: model.vector(q, j.axis) for j in mechanism.joints}
    for name, tail, head in RODS + [("ground", "F", "A")]:
        d = model.point(q, head) - model.point(q, tail)
        for dot in (np.sum(d * axis[tail], axis=1), np.sum(d * axis[head], axis=1),
                    np.sum(axis[tail] * axis[head], axis=1)):
            np.testing.assert_allclose(dot, 0.0, atol=1e-9, err_msg=name)


@pytest.mark.parametrize("angle", list(CLOSED_FORMS))
def test_closed_forms_along_the_swing(natural_positions, angle):
    k = list(ANGLES).index(angle)
    for p, expected in zip("BCDE", CLOSED_FORMS[angle]):
        np.testing.assert_allclose(natural_positions[p][k], expected, atol=1e-9, err_msg=f"{p} at {angle}°")


@pytest.mark.parametrize("angle", list(FOLDS))
def test_the_input_folds_flat_into_a_triangle(mechanism, angle):
    model = formulate(mechanism, "natural")
    near = sweep_position(model, "rotation", np.radians([0.0, angle - math.copysign(5.0, angle)])).q[-1]
    with pytest.warns(SingularPositionWarning):
        q = solve_position(model, {"rotation": math.radians(angle)}, guess=near).q
    for p, expected in zip("BCDE", FOLDS[angle]):
        np.testing.assert_allclose(model.point(q, p), expected, atol=1e-5, err_msg=f"{p} at the fold {angle}°")
    sigma = np.linalg.svd(geometric_jacobian(model, q), compute_uv=False)
    assert sigma[-2] > 0.12 * sigma[0]  # a dead point of the input, not of the loop


def test_the_other_assembly_is_the_mirror_image_in_y(mechanism):
    model = formulate(mechanism, "natural")
    mirrored = model.reference_q.copy()
    for k, name in enumerate(model.coordinate_names):
        if name.startswith("y_") and name[2:] in "BCDE":
            mirrored[k] = -mirrored[k]
    q = solve_position(model, {"rotation": 0.0}, guess=mirrored).q
    for p, expected in zip("BCDE", [(1, 0, 0), (1, 1, 0), (1, 1, 1), (0, 1, 1)]):
        np.testing.assert_allclose(model.point(q, p), expected, atol=1e-9)


def test_gravity_swings_it_from_the_drawing_to_its_mirror_image(natural_positions):
    """The rods' centres are lower than in the drawing all the way from 0° to 180°, and
    as high again at 180°: released at rest, the loop swings between the two."""
    points = dict(natural_positions, A=np.zeros((len(ANGLES), 3)), F=np.tile([0.0, 0.0, 1.0], (len(ANGLES), 1)))
    height = sum(points[tail][:, 1] + points[head][:, 1] for _, tail, head in RODS) / 2
    inside = (ANGLES > 0) & (ANGLES < 180)
    assert np.all(height[inside] < height[0] - 1e-3)
    assert height[list(ANGLES).index(180.0)] == pytest.approx(height[0], abs=1e-9)
