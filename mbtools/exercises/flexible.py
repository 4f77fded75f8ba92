"""Checkers of the flexible-body exercises (chapter 17): the planar ANCF element's mass
matrix and generalized force of gravity, the bending stiffness of a one-element
cantilever's tip, and a cantilever's natural frequency.

The element: two nodes, each with its position r and its slope r,ₓ, e = (r₁, r₁,ₓ, r₂,
r₂,ₓ) ∈ ℝ⁸, and the cubic Hermite shape functions on ξ = x/ℓ ∈ [0, 1],

    N₁ = 1 − 3ξ² + 2ξ³,   N₂ = ℓ(ξ − 2ξ² + ξ³),   N₃ = 3ξ² − 2ξ³,   N₄ = ℓ(ξ³ − ξ²),

so that r(x) = Σ Nᵢ eᵢ. Each checker validates the exercise's data (positive lengths,
densities and stiffnesses), computes the right value from the closed forms below
(independent of :mod:`mbtools.dynamics.ancf`, which the tests set them against) and
names the likely mistake: a lumped mass, the integral over ξ without dx = ℓ dξ, the slope
shape functions without their factor ℓ, a flipped sign of N₄, the coordinates ordered
all x then all y, the flexibility in place of the stiffness, ω where f was asked.

    M = ρA ℓ/420 [156 22ℓ 54 −13ℓ; 22ℓ 4ℓ² 13ℓ −3ℓ²; 54 13ℓ 156 −22ℓ; −13ℓ −3ℓ² −22ℓ 4ℓ²] ⊗ 𝟙₂,
    Q_g = ρA ℓ (½, ℓ/12, ½, −ℓ/12) ⊗ g,
    K_tip = EI/ℓ³ [12 −6ℓ; −6ℓ 4ℓ²]  on (y₂, y₂,ₓ),
    f_i = (β_i L)²/(2π) √(EI/(ρA L⁴)),  β₁L = 1.8751…, β₂L = 4.6941….

Example
-------
>>> check_ancf_mass_matrix(ancf_mass_matrix(0.5, 2.0), length=0.5, mass_per_length=2.0)
✓ M: right.
>>> check_ancf_mass_matrix(np.diag([0.5, 0.0, 0.5, 0.0]), length=0.5, mass_per_length=2.0)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
mbtools.exercises.feedback.WrongAnswer: that is a lumped mass matrix...
"""

from __future__ import annotations

import math

import numpy as np

from ..analysis.beams import cantilever_roots
from ..errors import InputError
from . import data
from .feedback import DIAGNOSE_RTOL, Pending, Right, WrongAnswer, as_array, as_number, close, diagnose_number
from .arrays import diagnose_array

#: The names of the element's nodal vectors, in the order of e (the rows of the 4 × 4 m).
NODAL = ("r₁", "r₁,ₓ", "r₂", "r₂,ₓ")
#: The names of the element's eight coordinates, in the order of e.
COORDINATES = ("x₁", "y₁", "x₁,ₓ", "y₁,ₓ", "x₂", "y₂", "x₂,ₓ", "y₂,ₓ")
#: The gravity field of the exercises unless given, m/s².
GRAVITY = (0.0, -9.81)


def ancf_mass_matrix(length: float, mass_per_length: float) -> np.ndarray:
    """The 4 × 4 matrix m of the element's mass M = m ⊗ 𝟙₂ (rows and columns in the
    order r₁, r₁,ₓ, r₂, r₂,ₓ), ρA ∫₀^ℓ NᵀN dx in closed form."""
    l = length
    core = np.array([[156.0, 22 * l, 54, -13 * l], [22 * l, 4 * l**2, 13 * l, -3 * l**2],
                     [54, 13 * l, 156, -22 * l], [-13 * l, -3 * l**2, -22 * l, 4 * l**2]])
    return mass_per_length * l / 420.0 * core


def ancf_gravity_force(length: float, mass_per_length: float, gravity=GRAVITY) -> np.ndarray:
    """The element's generalized force of gravity ρA ∫₀^ℓ Sᵀ g dx (8 numbers, in the order
    of e)."""
    weights = length * np.array([0.5, length / 12.0, 0.5, -length / 12.0])
    return mass_per_length * np.kron(weights, np.asarray(gravity, dtype=float))


def tip_stiffness(length: float, bending_stiffness: float) -> np.ndarray:
    """K (2 × 2) of a one-element cantilever's free transverse coordinates (y₂, y₂,ₓ),
    from U = ½ EI ∫ (y,ₓₓ)² dx about the straight reference: EI/ℓ³ [12 −6ℓ; −6ℓ 4ℓ²]."""
    l = length
    return bending_stiffness / l**3 * np.array([[12.0, -6.0 * l], [-6.0 * l, 4.0 * l**2]])


def cantilever_frequency(length: float, youngs_modulus: float, area: float, second_moment: float,
                         density: float, mode: int = 1) -> float:
    """f (Hz) of the ``mode``-th bending mode of a uniform Euler–Bernoulli cantilever:
    (βL)²/(2π) √(EI/(ρA L⁴)), βL the mode-th root of cos βL cosh βL = −1."""
    beta = float(cantilever_roots(mode)[-1])
    return beta**2 / (2.0 * math.pi) * math.sqrt(youngs_modulus * second_moment / (density * area * length**4))


def _without_slope_length(matrix: np.ndarray, length: float) -> np.ndarray:
    """The mistake N₂ = ξ − 2ξ² + ξ³, N₄ = ξ³ − ξ² (the slope functions without ℓ)."""
    scale = np.array([1.0, 1.0 / length, 1.0, 1.0 / length])
    return matrix * np.outer(scale, scale)


def _element_data(checker: str, length, mass_per_length) -> tuple[float, float]:
    return data.positive(checker, "length", length), data.positive(checker, "mass_per_length", mass_per_length)


def check_ancf_mass_matrix(answer, *, length: float, mass_per_length: float) -> Right | Pending:
    """Check the mass matrix of a planar ANCF element of ``length`` ℓ (m) and
    ``mass_per_length`` ρA (kg/m): either the 4 × 4 matrix m with M = m ⊗ 𝟙₂ (rows and
    columns r₁, r₁,ₓ, r₂, r₂,ₓ) or the whole 8 × 8 M on e = (x₁, y₁, x₁,ₓ, y₁,ₓ, x₂, …)."""
    checker = "check_ancf_mass_matrix"
    length, mass_per_length = _element_data(checker, length, mass_per_length)
    if answer is ...:
        return Pending("M")
    try:
        full = np.shape(answer) == (8, 8)
    except ValueError:   # a ragged list: as_array names it
        full = False
    core = ancf_mass_matrix(length, mass_per_length)
    value = as_array(answer, (8, 8) if full else (4, 4), "M")
    right = np.kron(core, np.eye(2)) if full else core
    scale = float(np.abs(right).max())
    if np.allclose(value, right, rtol=0.0, atol=1e-6 * scale):
        return Right("M")
    if np.abs(value - value.T).max() > 1e-6 * scale:
        raise WrongAnswer("M is not symmetric: a mass matrix is (T = ½ ėᵀ M ė).")
    expand = (lambda m: np.kron(m, np.eye(2))) if full else (lambda m: m)
    flip = np.diag([1.0, 1.0, 1.0, -1.0])
    lumped = np.diag([0.5, 0.0, 0.5, 0.0]) * mass_per_length * length
    bar = np.zeros((4, 4))
    bar[np.ix_([0, 2], [0, 2])] = mass_per_length * length / 6.0 * np.array([[2.0, 1.0], [1.0, 2.0]])
    mistakes = [
        (expand(lumped), "that is a lumped mass matrix, half the mass at each node and none on the slopes; the "
         "consistent one is ρA ∫ SᵀS dx with the cubic Hermite functions."),
        (expand(bar), "that is the two-point bar of natural coordinates (chapter 8), linear between the nodes; the "
         "ANCF element interpolates with the cubic Hermite functions, slopes included."),
        (expand(core / length), "that integrates over ξ without dx = ℓ dξ: multiply by ℓ."),
        (expand(_without_slope_length(core, length)), "the slope shape functions carry the factor ℓ: "
         "N₂ = ℓ(ξ − 2ξ² + ξ³), N₄ = ℓ(ξ³ − ξ²), since r,ₓ = (1/ℓ) ∂r/∂ξ must equal the nodal slope."),
        (expand(flip @ core @ flip), "the sign of N₄: it is ℓ(ξ³ − ξ²), negative inside the element (a slope at node "
         "2 that points up pulls the element's inside down)."),
    ]
    if full:
        mistakes.append((np.kron(np.eye(2), core), "that orders the coordinates all x, then all y; e interleaves "
                         "them: (x₁, y₁, x₁,ₓ, y₁,ₓ, x₂, y₂, x₂,ₓ, y₂,ₓ)."))
    for other, message in mistakes:
        if np.allclose(value, other, rtol=0.0, atol=DIAGNOSE_RTOL / 10 * scale):
            raise WrongAnswer(message)
    names = list(COORDINATES if full else NODAL)
    raise WrongAnswer(diagnose_array(value, right, "M", names, names, scale=scale) or "M is not right.")


def check_ancf_gravity_force(answer, *, length: float, mass_per_length: float, gravity=GRAVITY) -> Right | Pending:
    """Check the generalized force of ``gravity`` (m/s², two numbers) on a planar ANCF
    element of ``length`` ℓ (m) and ``mass_per_length`` ρA (kg/m): the 8 numbers of
    ρA ∫ Sᵀ g dx in the order e = (x₁, y₁, x₁,ₓ, y₁,ₓ, x₂, y₂, x₂,ₓ, y₂,ₓ)."""
    checker = "check_ancf_gravity_force"
    length, mass_per_length = _element_data(checker, length, mass_per_length)
    g = data.vector(checker, "gravity", gravity, 2, "m/s²")
    if not g.any():
        raise InputError(f"{checker}: gravity must not be zero: there is no force to check (the exercise's data).")
    if answer is ...:
        return Pending("Q_g")
    value = as_array(answer, (8,), "Q_g")
    right = ancf_gravity_force(length, mass_per_length, g)
    scale = float(np.abs(right).max())
    if np.allclose(value, right, rtol=0.0, atol=1e-6 * scale):
        return Right("Q_g")
    w = right.reshape(4, 2)
    mistakes = (
        (np.kron([0.5 * length, 0.0, 0.5 * length, 0.0], g) * mass_per_length, "that is a lumped load, half the "
         "weight at each node and nothing on the slopes; ∫ N₂ dx = ℓ²/12 and ∫ N₄ dx = −ℓ²/12 are not zero."),
        ((w * [[1.0], [1.0], [1.0], [-1.0]]).ravel(), "the sign of N₄: it is ℓ(ξ³ − ξ²), negative inside the "
         "element, so ∫ N₄ dx = −ℓ²/12 and the two slope entries are opposite."),
        (right / length, "that integrates over ξ without dx = ℓ dξ: multiply by ℓ."),
        ((w * [[1.0], [1.0 / length], [1.0], [1.0 / length]]).ravel(), "the slope shape functions carry the "
         "factor ℓ: N₂ = ℓ(ξ − 2ξ² + ξ³), N₄ = ℓ(ξ³ − ξ²)."),
        (w.T.ravel(), "that orders the coordinates all x, then all y; e interleaves them: (x₁, y₁, x₁,ₓ, y₁,ₓ, …)."),
        (right / mass_per_length, "that is the force per unit mass per unit length; multiply by ρA."),
    )
    for other, message in mistakes:
        if np.allclose(value, other, rtol=0.0, atol=DIAGNOSE_RTOL / 10 * scale):
            raise WrongAnswer(message)
    raise WrongAnswer(diagnose_array(value, right, "Q_g", list(COORDINATES), scale=scale) or "Q_g is not right.")


def check_tip_stiffness(answer, *, length: float, bending_stiffness: float) -> Right | Pending:
    """Check K (2 × 2, in N/m, N and N·m), the stiffness of the free transverse
    coordinates (y₂, y₂,ₓ) of a cantilever of one ANCF element of ``length`` ℓ (m) and
    ``bending_stiffness`` EI (N·m²), clamped at node 1, from the bending energy
    U = ½ EI ∫ (y,ₓₓ)² dx about the straight reference."""
    checker = "check_tip_stiffness"
    length = data.positive(checker, "length", length)
    bending_stiffness = data.positive(checker, "bending_stiffness", bending_stiffness)
    if answer is ...:
        return Pending("K")
    try:
        whole_element = np.shape(answer) == (4, 4)
    except ValueError:   # a ragged list: as_array names it
        whole_element = False
    if whole_element:
        raise WrongAnswer("K is the 2 × 2 stiffness of (y₂, y₂,ₓ) only: the clamp fixes y₁ and y₁,ₓ, so their rows "
                          "and columns go.")
    value = as_array(answer, (2, 2), "K")
    right = tip_stiffness(length, bending_stiffness)
    scale = float(np.abs(right).max())
    if np.allclose(value, right, rtol=0.0, atol=1e-6 * scale):
        return Right("K")
    if np.abs(value[0, 1] - value[1, 0]) > 1e-6 * scale:
        raise WrongAnswer("K is not symmetric: a stiffness from an energy is (K = ∂²U/∂e²).")
    l, EI = length, bending_stiffness
    for other, message in (
        (right * [[1.0, -1.0], [-1.0, 1.0]], "K₁₂ has the wrong sign: N₄ = ℓ(ξ³ − ξ²), so ∫ N₃,ₓₓ N₄,ₓₓ dx is "
         "negative (raising the tip with its slope held level takes a moment that turns it down)."),
        (2.0 * right, "K is twice the right one: the ½ of U = ½ EI ∫ (y,ₓₓ)² dx cancels the 2 of the square's "
         "second derivative."),
        (EI / l**3 * np.array([[12.0, -6.0], [-6.0, 4.0]]), "the slope shape function carries the factor ℓ: "
         "N₄ = ℓ(ξ³ − ξ²), so its entries scale with ℓ and ℓ²."),
        (np.array([[l**3 / 3.0, l**2 / 2.0], [l**2 / 2.0, l]]) / EI, "that is the flexibility K⁻¹ (the tip's "
         "deflection and slope under a unit force and a unit moment); the question asks for the stiffness K."),
        (right * l**2, "the second derivative in x of N(ξ) is N''(ξ)/ℓ² (dξ/dx = 1/ℓ, twice), not N''(ξ)/ℓ."),
        (right / l, "that integrates over ξ without dx = ℓ dξ: multiply by ℓ."),
    ):
        if np.allclose(value, other, rtol=0.0, atol=DIAGNOSE_RTOL / 10 * scale):
            raise WrongAnswer(message)
    names = ["y₂", "y₂,ₓ"]
    raise WrongAnswer(diagnose_array(value, right, "K", names, names, scale=scale) or "K is not right.")


def check_cantilever_frequency(answer, *, length: float, youngs_modulus: float, area: float,
                               second_moment: float, density: float, mode: int = 1) -> Right | Pending:
    """Check f (Hz), the natural frequency of the ``mode``-th (1 or 2) bending mode of a
    uniform cantilever of ``length`` L (m), ``youngs_modulus`` E (Pa), cross-section
    ``area`` A (m²), ``second_moment`` I (m⁴) and ``density`` ρ (kg/m³)."""
    checker = "check_cantilever_frequency"
    L, E, A, I, rho = (data.positive(checker, name, value) for name, value in (
        ("length", length), ("youngs_modulus", youngs_modulus), ("area", area), ("second_moment", second_moment),
        ("density", density)))
    if isinstance(mode, bool) or not isinstance(mode, (int, np.integer)) or mode not in (1, 2):
        raise InputError(f"{checker}: mode must be 1 or 2, got {mode!r} (the exercise's data).")
    if answer is ...:
        return Pending("f")
    value = as_number(answer, "f")
    right = cantilever_frequency(L, E, A, I, rho, mode)
    if close(value, right, scale=right, rtol=1e-4):
        return Right("f")
    beta = float(cantilever_roots(mode)[-1])
    base = math.sqrt(E * I / (rho * A * L**4)) / (2.0 * math.pi)
    other_mode = float(cantilever_roots(2)[3 - mode - 1]) ** 2 * base
    for other, message in (
        (2.0 * math.pi * right, "that is ω in rad/s; the question asks for f = ω/2π in Hz."),
        (beta * base, "that uses βL, not (βL)²: ω = (βL)² √(EI/(ρA L⁴))."),
        (beta**2 * math.sqrt(E * I / (rho * L**4)) / (2.0 * math.pi), "that divides EI by ρ, a mass per volume; "
         "the beam's inertia is its mass per unit length, ρA."),
        (beta**2 * math.sqrt(E * A / (rho * A * L**2)) / (2.0 * math.pi), "that uses EA/L², the axial stiffness; "
         "bending is resisted by EI."),
        (beta**2 * math.sqrt(E * I / (rho * A * L**5)) / (2.0 * math.pi), "that divides by the beam's mass ρAL "
         "where its mass per unit length ρA belongs (√(EI/(ρA L⁴)) has the units of 1/s)."),
        (math.pi**2 * base * mode**2, "that is (iπ)², the simply supported beam's; a cantilever's βL are the roots "
         "of cos βL cosh βL = −1."),
        (other_mode, f"that is the frequency of mode {3 - mode}; the question asks for mode {mode}."),
    ):
        if close(value, other, scale=other, rtol=DIAGNOSE_RTOL / 10):
            raise WrongAnswer(message)
    raise WrongAnswer(diagnose_number(value, right, "f", scale=right, rtol=1e-4) or "f is not right.")
