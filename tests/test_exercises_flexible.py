"""The flexible-body checkers (chapter 17's exercises): their closed forms against the
library's ANCF element and beam, the right answers accepted in every form the exercise
allows, each named mistake named, bad answers and bad exercise data refused clearly."""

import math

import numpy as np
import pytest

from mbtools.analysis.ancf_checks import bending_modes
from mbtools.dynamics import ancf
from mbtools.dynamics.ancf_beam import BeamSupports, straight_beam
from mbtools.errors import InputError
from mbtools.exercises import (Pending, Right, WrongAnswer, check_ancf_gravity_force, check_ancf_mass_matrix,
                               check_cantilever_frequency, check_tip_stiffness)
from mbtools.exercises.flexible import ancf_gravity_force, ancf_mass_matrix, cantilever_frequency, tip_stiffness

ELEMENT = dict(length=0.5, mass_per_length=2.0)
TIP = dict(length=0.8, bending_stiffness=50.0)
STRIP = dict(length=0.3, youngs_modulus=210e9, area=4e-5, second_moment=0.02 * 0.002**3 / 12, density=7850.0)


# ---------------------------------------------------------------- the closed forms are the library's

def test_the_mass_matrix_is_the_library_s():
    for length, rho_a in ((0.5, 2.0), (1.7, 0.3)):
        library = ancf.element_mass_matrix(np.array([length]), rho_a)[0]
        assert np.abs(np.kron(ancf_mass_matrix(length, rho_a), np.eye(2)) - library).max() < 1e-13 * library.max()


def test_the_gravity_force_is_the_library_s():
    for length, rho_a, g in ((0.5, 2.0, (0.0, -9.81)), (1.3, 0.7, (2.0, -3.0))):
        library = ancf.element_gravity_force(np.array([length]), rho_a, np.array(g))[0]
        assert np.abs(ancf_gravity_force(length, rho_a, g) - library).max() < 1e-13 * np.abs(library).max()


def test_the_tip_stiffness_is_the_library_s():
    """One element clamped at node 0, simplified curvature, at the reference: the rows of
    (y₂, y₂,ₓ) of the free coordinates (x₂, y₂, x₂,ₓ, y₂,ₓ) are pure bending."""
    beam = straight_beam(0.8, 1, youngs_modulus=1.0, area=1e3, second_moment=50.0, density=1.0,
                         curvature_form="simplified")
    K = BeamSupports(beam, clamped=[0]).stiffness(beam.reference)
    block = K[np.ix_([1, 3], [1, 3])]
    assert np.abs(block - tip_stiffness(0.8, 50.0)).max() < 1e-12 * np.abs(block).max()


@pytest.mark.parametrize("mode, tolerance", [(1, 1e-6), (2, 2e-5)])
def test_the_frequency_is_the_library_s_at_sixteen_elements(mode, tolerance):
    """The beam's discretisation error at 16 elements: 1.3e-7 and 5.1e-6 (tests/test_ancf.py)."""
    beam = straight_beam(STRIP["length"], 16, youngs_modulus=STRIP["youngs_modulus"], area=STRIP["area"],
                         second_moment=STRIP["second_moment"], density=STRIP["density"])
    omega = bending_modes(BeamSupports(beam, clamped=[0]), 2)[0][mode - 1]
    assert abs(omega / (2 * math.pi) / cantilever_frequency(**STRIP, mode=mode) - 1) < tolerance


# ---------------------------------------------------------------- right answers

def test_right_answers_pass():
    assert isinstance(check_ancf_mass_matrix(ancf_mass_matrix(0.5, 2.0), **ELEMENT), Right)
    full = ancf.element_mass_matrix(np.array([0.5]), 2.0)[0]
    assert isinstance(check_ancf_mass_matrix(full, **ELEMENT), Right)
    assert isinstance(check_ancf_mass_matrix(full.tolist(), **ELEMENT), Right)
    assert isinstance(check_ancf_gravity_force([0, -4.905, 0, -0.40875, 0, -4.905, 0, 0.40875], **ELEMENT), Right)
    assert isinstance(check_tip_stiffness([[1171.875, -468.75], [-468.75, 250.0]], **TIP), Right)
    f1 = 1.8751040687**2 / (2 * math.pi) * math.sqrt(210e9 * STRIP["second_moment"] / (7850 * 4e-5 * 0.3**4))
    assert isinstance(check_cantilever_frequency(f1, **STRIP), Right)
    assert isinstance(check_cantilever_frequency(round(f1, 4), **STRIP), Right)  # rounded by hand


def test_pending_answers_ask_for_one():
    assert isinstance(check_ancf_mass_matrix(..., **ELEMENT), Pending)
    assert isinstance(check_ancf_gravity_force(..., **ELEMENT), Pending)
    assert isinstance(check_tip_stiffness(..., **TIP), Pending)
    assert isinstance(check_cantilever_frequency(..., **STRIP), Pending)
    assert "your answer" in repr(check_tip_stiffness(..., **TIP))


# ---------------------------------------------------------------- mistakes named

def _mass_mistakes():
    l, rho_a = 0.5, 2.0
    m = ancf_mass_matrix(l, rho_a)
    flip = np.diag([1.0, 1.0, 1.0, -1.0])
    scale = np.array([1.0, 1.0 / l, 1.0, 1.0 / l])
    bar = np.zeros((4, 4))
    bar[np.ix_([0, 2], [0, 2])] = rho_a * l / 6 * np.array([[2.0, 1.0], [1.0, 2.0]])
    return {
        "lumped": (np.diag([0.5, 0.0, 0.5, 0.0]) * rho_a * l, "lumped mass"),
        "bar": (bar, "two-point bar of natural coordinates"),
        "no dx": (m / l, "without dx = ℓ dξ"),
        "slopes": (m * np.outer(scale, scale), "carry the factor ℓ"),
        "N4 sign": (flip @ m @ flip, "the sign of N₄"),
        "asymmetric": (m + np.array([[0, 0.01, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]), "not symmetric"),
        "full, ordered by axis": (np.kron(np.eye(2), m), "all x, then all y"),
        "full, lumped": (np.kron(np.diag([0.5, 0.0, 0.5, 0.0]) * rho_a * l, np.eye(2)), "lumped mass"),
        "one entry": (m + np.diag([0.0, 0.0, 0.0, 0.002]), "r₂,ₓ"),
    }


@pytest.mark.parametrize("mistake", list(_mass_mistakes()))
def test_mass_matrix_mistakes_are_named(mistake):
    answer, pattern = _mass_mistakes()[mistake]
    with pytest.raises(WrongAnswer, match=pattern):
        check_ancf_mass_matrix(answer, **ELEMENT)


def _gravity_mistakes():
    right = ancf_gravity_force(0.5, 2.0)
    w = right.reshape(4, 2)
    return {
        "lumped": (np.kron([0.25, 0.0, 0.25, 0.0], [0.0, -9.81]) * 2.0, "lumped load"),
        "N4 sign": ((w * [[1.0], [1.0], [1.0], [-1.0]]).ravel(), "the sign of N₄"),
        "no dx": (right / 0.5, "without dx = ℓ dξ"),
        "slopes": ((w * [[1.0], [2.0], [1.0], [2.0]]).ravel(), "carry the factor ℓ"),
        "ordered by axis": (w.T.ravel(), "all x, then all y"),
        "no ρA": (right / 2.0, "multiply by ρA"),
        "sign": (-right, "wrong sign"),
        "one entry": (right + np.array([0, 0, 0, 0, 0, 0.5, 0, 0]), "y₂"),
    }


@pytest.mark.parametrize("mistake", list(_gravity_mistakes()))
def test_gravity_mistakes_are_named(mistake):
    answer, pattern = _gravity_mistakes()[mistake]
    with pytest.raises(WrongAnswer, match=pattern):
        check_ancf_gravity_force(answer, **ELEMENT)


def _tip_mistakes():
    l, EI = 0.8, 50.0
    right = tip_stiffness(l, EI)
    return {
        "K12 sign": (right * [[1.0, -1.0], [-1.0, 1.0]], "K₁₂ has the wrong sign"),
        "twice": (2 * right, "½ of U"),
        "slope without ℓ": (EI / l**3 * np.array([[12.0, -6.0], [-6.0, 4.0]]), "factor ℓ"),
        "flexibility": (np.linalg.inv(right), "flexibility"),
        "N'' over ℓ": (right * l**2, "N''\\(ξ\\)/ℓ²"),
        "no dx": (right / l, "without dx = ℓ dξ"),
        "asymmetric": (right + [[0.0, 10.0], [0.0, 0.0]], "not symmetric"),
        "whole element": (np.eye(4), "2 × 2 stiffness of \\(y₂, y₂,ₓ\\) only"),
        "one entry": (right + [[0.0, 0.0], [0.0, 20.0]], "y₂,ₓ"),
    }


@pytest.mark.parametrize("mistake", list(_tip_mistakes()))
def test_tip_stiffness_mistakes_are_named(mistake):
    answer, pattern = _tip_mistakes()[mistake]
    with pytest.raises(WrongAnswer, match=pattern):
        check_tip_stiffness(answer, **TIP)


def _frequency_mistakes():
    right = cantilever_frequency(**STRIP)
    E, A, I, rho, L = (STRIP[k] for k in ("youngs_modulus", "area", "second_moment", "density", "length"))
    beta = 1.8751040687
    return {
        "omega": (2 * math.pi * right, "ω in rad/s"),
        "beta not squared": (right / beta, "uses βL, not \\(βL\\)²"),
        "density": (beta**2 * math.sqrt(E * I / (rho * L**4)) / (2 * math.pi), "mass per unit length, ρA"),
        "EA": (beta**2 * math.sqrt(E / (rho * L**2)) / (2 * math.pi), "axial stiffness"),
        "total mass": (right / math.sqrt(L), "beam's mass ρAL"),
        "simply supported": (math.pi**2 / beta**2 * right, "simply supported"),
        "other mode": (4.6940911330**2 / beta**2 * right, "mode 2"),
        "off by 3 %": (1.03 * right, "too large by 3%"),
    }


@pytest.mark.parametrize("mistake", list(_frequency_mistakes()))
def test_frequency_mistakes_are_named(mistake):
    answer, pattern = _frequency_mistakes()[mistake]
    with pytest.raises(WrongAnswer, match=pattern):
        check_cantilever_frequency(answer, **STRIP)


def test_the_second_mode_is_checked_too():
    right = cantilever_frequency(**STRIP, mode=2)
    assert isinstance(check_cantilever_frequency(right, **STRIP, mode=2), Right)
    with pytest.raises(WrongAnswer, match="mode 1; the question asks for mode 2"):
        check_cantilever_frequency(cantilever_frequency(**STRIP, mode=1), **STRIP, mode=2)


# ---------------------------------------------------------------- bad answers

@pytest.mark.parametrize("answer, pattern", [
    (np.ones((3, 3)), "shape"), (np.ones(4), "shape"), ([[1, 2], [3]], "numbers only|shape"),
    ("M", "numbers only"), (np.full((4, 4), np.nan), "not finite"),
])
def test_a_malformed_mass_matrix_is_refused(answer, pattern):
    with pytest.raises(WrongAnswer, match=pattern):
        check_ancf_mass_matrix(answer, **ELEMENT)


@pytest.mark.parametrize("answer, pattern", [
    (np.ones(4), "shape"), (np.ones((3, 3)), "shape"), ("Q", "numbers only"), ([0, 1, 2, 3, 4, 5, 6, np.nan], "not finite"),
])
def test_a_malformed_gravity_force_is_refused(answer, pattern):
    with pytest.raises(WrongAnswer, match=pattern):
        check_ancf_gravity_force(answer, **ELEMENT)


def test_a_gravity_force_written_as_a_table_is_read_row_by_row():
    """Eight numbers in any shape are read in order: one row per nodal vector is right,
    one row per axis is the coordinates ordered by axis."""
    right = ancf_gravity_force(0.5, 2.0)
    assert isinstance(check_ancf_gravity_force(right.reshape(4, 2), **ELEMENT), Right)
    with pytest.raises(WrongAnswer, match="all x, then all y"):
        check_ancf_gravity_force(right.reshape(4, 2).T, **ELEMENT)


@pytest.mark.parametrize("answer, pattern", [
    (np.ones(3), "shape"), ([[1.0, np.inf], [0.0, 1.0]], "not finite"), ("K", "numbers only"),
])
def test_a_malformed_tip_stiffness_is_refused(answer, pattern):
    with pytest.raises(WrongAnswer, match=pattern):
        check_tip_stiffness(answer, **TIP)


@pytest.mark.parametrize("answer, pattern", [
    ("18.6", "must be a number"), (None, "must be a number"), (True, "must be a number"),
    (float("nan"), "finite"), ([18.6, 116.7], "one number"),
])
def test_a_malformed_frequency_is_refused(answer, pattern):
    with pytest.raises(WrongAnswer, match=pattern):
        check_cantilever_frequency(answer, **STRIP)


# ---------------------------------------------------------------- bad exercise data

@pytest.mark.parametrize("data, pattern", [
    (dict(length=-0.5, mass_per_length=2.0), "length must be a positive number"),
    (dict(length=0.5, mass_per_length=0.0), "mass_per_length must be a positive number"),
    (dict(length=float("nan"), mass_per_length=2.0), "length must be finite"),
    (dict(length="0.5", mass_per_length=2.0), "length must be a number"),
])
def test_bad_element_data_is_named(data, pattern):
    with pytest.raises(InputError, match=pattern):
        check_ancf_mass_matrix(np.eye(4), **data)
    with pytest.raises(InputError, match=pattern):
        check_ancf_gravity_force(np.zeros(8), **data)


@pytest.mark.parametrize("gravity, pattern", [((0.0, 0.0), "must not be zero"), ((0.0, -9.81, 0.0), "2 finite"),
                                              ("down", "2 numbers")])
def test_bad_gravity_is_named(gravity, pattern):
    with pytest.raises(InputError, match=pattern):
        check_ancf_gravity_force(np.zeros(8), **ELEMENT, gravity=gravity)


def test_bad_beam_data_is_named():
    with pytest.raises(InputError, match="bending_stiffness must be a positive number"):
        check_tip_stiffness(np.eye(2), length=0.8, bending_stiffness=-50.0)
    with pytest.raises(InputError, match="second_moment must be a positive number"):
        check_cantilever_frequency(18.6, **{**STRIP, "second_moment": 0.0})
    for mode in (3, 0, True, 1.0):
        with pytest.raises(InputError, match="mode must be 1 or 2"):
            check_cantilever_frequency(18.6, **STRIP, mode=mode)
