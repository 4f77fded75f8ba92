"""Coordinate, constraint and mobility counts, computed from the models."""

import subprocess
import sys

import pytest

from mbtools import MechanismError, coordinate_counts, examples, formulate


def test_rscr_counts_of_the_paper():
    counts = coordinate_counts(examples.rscr())
    assert counts["relative"].coordinates == 6
    assert counts["natural"].coordinates == 12
    assert counts["reference_point_euler_angles"].coordinates == 18
    assert counts["reference_point_euler_parameters"].coordinates == 21
    assert counts["basic"].coordinates == 18
    assert counts["basic"].constraints == 17 and counts["basic"].redundant == 0
    for c in counts.values():
        assert c.mobility == 1 == c.gruebler_kutzbach
    assert counts["natural"].redundant == 2 and "redundant" in counts["natural"].note
    assert counts["relative"].redundant == 0


def test_rscr_basic_points_and_conditions():
    """Six moving points: B; C, C_u and the auxiliary C_n of the coupler (the guide of the
    cylindrical pair); D and D_u of the output. Only distances and volumes."""
    model = formulate(examples.rscr(), "basic")
    assert sorted({n[2:] for n in model.coordinate_names}) == ["B", "C", "C_n", "C_u", "D", "D_u"]
    kinds = {c.kind for c in model.constraints if not c.is_driver}
    assert kinds == {"distance", "volume"}
    pair = [c.name for c in model.constraints if c.name.startswith("C")]
    assert len(pair) == 4 and all("in the plane C–C_u–" in name for name in pair)


def test_basic_cylindrical_guide_on_the_ground_costs_no_coordinates():
    """SSC: the slider's rod is fixed, so the planes through it use ground points."""
    model = formulate(examples.ssc(), "basic")
    assert model.n_coordinates == 9  # B, D, D_u
    assert all(c.kind in {"distance", "volume"} for c in model.constraints if not c.is_driver)


def test_rssr_idle_spin_is_explained():
    counts = coordinate_counts(examples.rssr())
    assert counts["natural"].mobility == 1 and "do not model" in counts["natural"].note
    assert counts["relative"].mobility == 2 and "idle freedom" in counts["relative"].note
    assert counts["reference_point_euler_parameters"].coordinates == 21


def test_planar_counts():
    counts = coordinate_counts(examples.slider_crank())
    assert counts["basic"].coordinates == 6
    assert counts["relative"].coordinates == 3
    assert counts["reference_point"].coordinates == 9
    assert sorted(counts) == ["basic", "natural", "reference_point", "relative"]  # one reference-point row
    assert all(c.mobility == 1 for c in counts.values())


def test_relative_coordinates_cut_the_loop_at_the_last_joint():
    model = formulate(examples.rscr(), "relative")
    assert model.facts.tree_joints == ("R_A0", "S_B", "C_u")
    assert model.facts.cut_joints == ("R_E0",)
    forced = formulate(examples.rscr(), "relative", cut_joints=["S_B"])
    assert forced.n_coordinates == 1 + 2 + 1 and forced.facts.cut_joints[0] == "S_B"


def test_planar_reference_point_refuses_spatial_rotations():
    with pytest.raises(MechanismError, match="rotation= .* applies to spatial mechanisms only"):
        formulate(examples.four_bar(), "reference_point", rotation="euler_parameters")


def test_command_line_prints_the_table():
    out = subprocess.run([sys.executable, "-m", "mbtools", "count", "rscr"], capture_output=True, text=True, check=True)
    assert "| natural | 12 |" in out.stdout and "| relative | 6 |" in out.stdout
    bad = subprocess.run([sys.executable, "-m", "mbtools", "count", "pendulum"], capture_output=True, text=True)
    assert bad.returncode == 2 and "Unknown example 'pendulum'" in bad.stderr


@pytest.mark.parametrize(
    "family, options, message",
    [
        ("reference_point", {"rotation": "quaternions"}, "rotation must be one of"),
        ("reference_point", {"frames": 2}, r"reference-point coordinates take rotation=; got \['frames'\]"),
        ("relative", {"cut_joints": ["R_Z"]}, r"cut_joints names unknown joints \['R_Z'\]"),
        ("natural", {"rotation": "euler_angles"}, "natural coordinates take no options"),
    ],
)
def test_bad_formulation_options_are_refused(family, options, message):
    with pytest.raises(MechanismError, match=message):
        formulate(examples.rscr(), family, **options)


def test_one_familys_counts_are_those_of_every_familys():
    """check_counts formulates the family asked only (family_count): the same counts."""
    from mbtools.analysis.counts import family_count

    for mechanism in (examples.rscr(), examples.slider_crank()):
        every = coordinate_counts(mechanism)
        for key, count in every.items():
            assert family_count(mechanism, key) == count, (mechanism.name, key)
