"""The planar ANCF beam element: natural coordinates carried to a flexible beam.

Natural coordinates place a rigid body by points and unit vectors, so that its mass
matrix is constant. The absolute nodal coordinate formulation (ANCF; Shabana 1997,
Berzeri & Shabana 2000) does the same for a beam: each of its two nodes carries its position
r and its slope r,ₓ = ∂r/∂x (x the arc length of the straight reference), absolute and
unscaled, so that the element's coordinates

    e = (r₁, r₁,ₓ, r₂, r₂,ₓ) ∈ ℝ⁸                                               (A.1)

describe any large rotation without angles. Along the element, ξ = x/ℓ ∈ [0, 1], the
position is interpolated by the cubic Hermite shape functions,

    r(ξ) = S(ξ) e = Σᵢ Nᵢ(ξ) eᵢ,    N₁ = 1 − 3ξ² + 2ξ³,   N₂ = ℓ(ξ − 2ξ² + ξ³),
                                     N₃ = 3ξ² − 2ξ³,       N₄ = ℓ(ξ³ − ξ²),     (A.2)

S = [N₁𝟙 N₂𝟙 N₃𝟙 N₄𝟙] (2 × 8), eᵢ the i-th node vector of e. The kinetic energy
T = ½ ∫ ρA ṙᵀṙ dx is then ½ ėᵀ M ė with the **constant** mass matrix

    M = ρA ∫₀^ℓ SᵀS dx = (ρAℓ/420) [156 22ℓ 54 −13ℓ; · 4ℓ² 13ℓ −3ℓ²;
                                     · · 156 −22ℓ; · · · 4ℓ²] ⊗ 𝟙₂,            (A.3)

and gravity g the constant force Q_g = ρA ∫ Sᵀ g dx = ρAℓ (½, ℓ/12, ½, −ℓ/12) ⊗ g (A.4),
both integrated exactly by sympy (:func:`symbolic_element_matrices`).

**Elastic forces** (Berzeri & Shabana 2000, the Euler–Bernoulli beam: no shear strain):
the strain energy of axial stretch and bending,

    U = ½ ∫₀^ℓ (EA ε² + EI κ²) dx,                                              (A.5)
    ε = ½ (r,ₓᵀ r,ₓ − 1),                    the axial Green strain,            (A.6)
    κ = (r,ₓ × r,ₓₓ) / ‖r,ₓ‖³,               the curvature ("exact"),           (A.7)
    κ² ≈ r,ₓₓᵀ r,ₓₓ,                         its simplified form ("simplified"), (A.8)

gives the elastic force Q = −∂U/∂e and the tangent stiffness K = ∂²U/∂e² (A.9). With
d = (r,ₓ, r,ₓₓ) = B(ξ) e at a point (B = [S,ₓ; S,ₓₓ], 4 × 8) and W(d) the energy
density of (A.5),

    Q = −∫ Bᵀ ∂W/∂d dx,        K = ∫ Bᵀ (∂²W/∂d²) B dx,                         (A.10)

with W's first and second derivatives analytical (:func:`energy_density_gradient`,
:func:`energy_density_hessian`).
The integrals are taken by **Gauss–Legendre quadrature** of ``points`` points per element
(default 5), exact to degree 2·points − 1 in ξ: the axial force's integrand ε S,ₓᵀr,ₓ is of
degree 8 (r,ₓ quadratic), so five points integrate the axial terms exactly; the simplified
bending terms are of degree 2 (exact with two points, and their part of K constant); the
exact curvature is rational in ξ, and five points integrate it to well below the
discretisation's own error (the elastica and frequencies converge as without quadrature).

**Behaviour.** Poisson and shear locking belong to the fully parameterised (continuum)
ANCF elements (Omar & Shabana 2001), whose transverse gradients carry shear strain and the
Poisson coupling; this gradient-deficient Euler–Bernoulli element has neither. What it
keeps is membrane (axial) locking (Gerstmayr & Irschik 2008): in a bent element the cubic
r,ₓ cannot keep ‖r,ₓ‖ = 1, and the spurious stretch, weighted by EA ≫ EI/ℓ², stiffens
coarse meshes of slender beams; it vanishes as the mesh is refined (the elastica at
α = 1 on 4 elements is 3.3e-3 L short at EA L²/EI = 10⁶, 2.8e-4 L at 10⁴; on 16, 8e-6 L
at 10⁶: :mod:`mbtools.analysis.ancf_checks`). The simplified curvature (A.8) gives a constant
bending stiffness (fast), exact where ‖r,ₓ‖ = 1; it also counts the axial part of r,ₓₓ (the
gradient of the stretch) as bending and drops the stretch's effect on κ, errors of the
order of the axial strain: negligible for the nearly inextensible beams here, wrong for a
beam that stretches much. Both vanish under rigid motions: for r,ₓ = R t₀ (R a rotation,
t₀ the unit reference tangent) ε = 0, r,ₓₓ = 0.

Example
-------
>>> import numpy as np
>>> M = element_mass_matrix(np.array([2.0]), 3.0)[0]        # ℓ = 2 m, ρA = 3 kg/m
>>> v = np.array([1.0, 0, 0, 0, 1.0, 0, 0, 0])               # ẋ = 1 at both nodes, slopes still
>>> float(v @ M @ v)                                         # 2T/v² = the element's mass
6.0
>>> e = reference_coordinates(np.array([[0.0, 0.0], [2.0, 0.0]]))
>>> ops = strain_operators(np.array([2.0]))
>>> bool(np.abs(elastic_forces(e[None], ops, 1e3, 1.0)).max() < 1e-12)   # no force in the reference
True
"""

from __future__ import annotations

import functools
from typing import NamedTuple

import numpy as np
import sympy as sp

from ..errors import InputError

#: Gauss–Legendre points per element of the elastic forces (exact for the axial terms).
GAUSS_POINTS = 5
CURVATURES = ("exact", "simplified")


@functools.lru_cache(maxsize=1)
def symbolic_element_matrices() -> tuple[sp.Matrix, sp.Matrix, sp.Matrix, tuple[sp.Symbol, sp.Symbol]]:
    """The shape functions (A.2), the scalar mass matrix ∫₀¹ NᵀN ℓ dξ of (A.3) and the
    gravity integral ∫₀¹ Nᵀ ℓ dξ of (A.4), as sympy matrices in (ξ, ℓ), integrated exactly.

    Returns
    -------
    shapes : sympy.Matrix
        (N₁, N₂, N₃, N₄), 1 × 4.
    mass : sympy.Matrix
        4 × 4; the element's M is ρA · mass ⊗ 𝟙₂.
    weight : sympy.Matrix
        4 × 1; the element's Q_g is ρA · weight ⊗ g.
    symbols : tuple
        (ξ, ℓ).

    Example
    -------
    >>> shapes, mass, weight, (xi, l) = symbolic_element_matrices()
    >>> (420 * mass / l).expand()[0, :]
    Matrix([[156, 22*l, 54, -13*l]])
    >>> list(weight.T)
    [l/2, l**2/12, l/2, -l**2/12]
    """
    xi, l = sp.symbols("xi l", positive=True)
    shapes = sp.Matrix([[1 - 3 * xi**2 + 2 * xi**3, l * (xi - 2 * xi**2 + xi**3), 3 * xi**2 - 2 * xi**3,
                         l * (xi**3 - xi**2)]])
    mass = (shapes.T * shapes).applyfunc(lambda f: sp.factor(sp.integrate(f * l, (xi, 0, 1))))
    weight = shapes.T.applyfunc(lambda f: sp.integrate(f * l, (xi, 0, 1)))
    return shapes, mass, weight, (xi, l)


@functools.lru_cache(maxsize=1)
def _numeric_element_matrices():
    """The sympy integrals of :func:`symbolic_element_matrices` as numpy functions of ℓ."""
    _, mass, weight, (_, l) = symbolic_element_matrices()
    return sp.lambdify(l, mass, "numpy"), sp.lambdify(l, weight, "numpy")


def element_mass_matrix(lengths: np.ndarray, mass_per_length: float) -> np.ndarray:
    """The constant 8 × 8 mass matrices (A.3) of elements of the given lengths, stacked
    (n_elements, 8, 8), in the order e = (r₁, r₁,ₓ, r₂, r₂,ₓ) of (A.1)."""
    mass, _ = _numeric_element_matrices()
    return np.stack([mass_per_length * np.kron(np.asarray(mass(float(l)), dtype=float), np.eye(2)) for l in lengths])


def element_gravity_force(lengths: np.ndarray, mass_per_length: float, gravity: np.ndarray) -> np.ndarray:
    """The constant generalized forces of gravity (A.4), (n_elements, 8)."""
    _, weight = _numeric_element_matrices()
    g = np.asarray(gravity, dtype=float)
    return np.stack([mass_per_length * np.kron(np.asarray(weight(float(l)), dtype=float).ravel(), g) for l in lengths])


def hermite_shapes(xi: np.ndarray, lengths: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(N, N,ₓ, N,ₓₓ) of (A.2) at the points ``xi`` of elements of ``lengths``, each
    (n_elements, n_points, 4): the shape functions and their derivatives in x = ℓ ξ.

    Example
    -------
    >>> N, Nx, Nxx = hermite_shapes(np.array([0.0, 1.0]), np.array([2.0]))
    >>> N[0], Nx[0]            # r(0) = r₁, r(ℓ) = r₂; r,ₓ(0) = r₁,ₓ, r,ₓ(ℓ) = r₂,ₓ
    (array([[1., 0., 0., 0.],
           [0., 0., 1., 0.]]), array([[0., 1., 0., 0.],
           [0., 0., 0., 1.]]))
    """
    x, l = np.broadcast_arrays(np.asarray(xi, dtype=float)[None, :], np.asarray(lengths, dtype=float)[:, None])
    N = np.stack([1 - 3 * x**2 + 2 * x**3, l * (x - 2 * x**2 + x**3), 3 * x**2 - 2 * x**3, l * (x**3 - x**2)], -1)
    Nx = np.stack([(6 * x**2 - 6 * x) / l, 1 - 4 * x + 3 * x**2, (6 * x - 6 * x**2) / l, 3 * x**2 - 2 * x], -1)
    Nxx = np.stack([(12 * x - 6) / l**2, (6 * x - 4) / l, (6 - 12 * x) / l**2, (6 * x - 2) / l], -1)
    return N, Nx, Nxx


class StrainOperators(NamedTuple):
    """What the quadrature of (A.10) needs of a mesh, computed once."""

    #: The operator B of d = (r,ₓ, r,ₓₓ) = B e at each Gauss point, shape (n_elements, n_points, 4, 8).
    B: np.ndarray
    #: The Gauss weights times the element length (the dx of each point), shape (n_elements, n_points).
    weights: np.ndarray


def strain_operators(lengths: np.ndarray, points: int = GAUSS_POINTS) -> StrainOperators:
    """B = [S,ₓ; S,ₓₓ] of (A.10) at ``points`` Gauss–Legendre points of each element, with
    the weights scaled to the element's length."""
    nodes, weights = np.polynomial.legendre.leggauss(points)
    xi = 0.5 * (nodes + 1.0)
    _, Nx, Nxx = hermite_shapes(xi, lengths)
    eye = np.eye(2)
    B = np.concatenate([np.einsum("eqi,ab->eqaib", Nx, eye), np.einsum("eqi,ab->eqaib", Nxx, eye)], axis=2)
    return StrainOperators(B.reshape(len(lengths), points, 4, 8), 0.5 * weights[None, :] * np.asarray(lengths)[:, None])


def axial_strain(slope: np.ndarray) -> np.ndarray:
    """ε = ½ (r,ₓᵀr,ₓ − 1) (A.6) of slopes (..., 2) (no complex conjugate: complex-step safe)."""
    return 0.5 * (np.sum(slope * slope, axis=-1) - 1.0)


def curvature(slope: np.ndarray, second: np.ndarray) -> np.ndarray:
    """κ = (r,ₓ × r,ₓₓ)/‖r,ₓ‖³ (A.7), positive where the beam turns counterclockwise."""
    cross = slope[..., 0] * second[..., 1] - slope[..., 1] * second[..., 0]
    return cross / np.sum(slope * slope, axis=-1) ** 1.5


def _curvature_derivatives(a: np.ndarray, b: np.ndarray):
    """(g, c, κ, κ_d) of (A.7) at slopes a = r,ₓ and second derivatives b = r,ₓₓ:
    g = aᵀa, c = a × b = aᵀJb (J = [0 1; −1 0]), κ_d = (κ_a, κ_b) (..., 4) with
    κ_a = Jb/g^{3/2} − 3c a/g^{5/2}, κ_b = Jᵀa/g^{3/2} (component by component: numpy's
    overhead per call, not the arithmetic, is the cost at a few dozen points)."""
    a0, a1, b0, b1 = a[..., 0], a[..., 1], b[..., 0], b[..., 1]
    g = a0 * a0 + a1 * a1
    c = a0 * b1 - a1 * b0
    r = g**-1.5
    s = 3.0 * c / g
    k_d = np.empty(a.shape[:-1] + (4,), dtype=np.result_type(a, b))
    k_d[..., 0] = (b1 - s * a0) * r
    k_d[..., 1] = (-b0 - s * a1) * r
    k_d[..., 2] = -a1 * r
    k_d[..., 3] = a0 * r
    return g, c, c * r, k_d


def energy_density(d: np.ndarray, axial_stiffness: float, bending_stiffness: float,
                   curvature_form: str = "exact") -> np.ndarray:
    """W = ½ EA ε² + ½ EI κ² (A.5)–(A.8) at points d = (r,ₓ, r,ₓₓ) (..., 4)."""
    a, b = d[..., :2], d[..., 2:]
    bending = np.sum(b * b, axis=-1) if curvature_form == "simplified" else curvature(a, b) ** 2
    return 0.5 * axial_stiffness * axial_strain(a) ** 2 + 0.5 * bending_stiffness * bending


def energy_density_gradient(d: np.ndarray, axial_stiffness: float, bending_stiffness: float,
                            curvature_form: str = "exact") -> np.ndarray:
    """∂W/∂d (..., 4): (EA ε a + EI κ κ_a, EI κ κ_b), with ε_a = a and the curvature's
    derivatives of the curvature; (EA ε a, EI b) in the simplified form."""
    a, b = d[..., :2], d[..., 2:]
    axial = axial_stiffness * (0.5 * (a[..., 0] ** 2 + a[..., 1] ** 2) - 0.5)[..., None] * a
    if curvature_form == "simplified":
        grad = bending_stiffness * d
        grad[..., :2] = axial
        return grad
    _, _, kappa, k_d = _curvature_derivatives(a, b)
    grad = (bending_stiffness * kappa)[..., None] * k_d
    grad[..., :2] += axial
    return grad


def energy_density_hessian(d: np.ndarray, axial_stiffness: float, bending_stiffness: float,
                           curvature_form: str = "exact") -> np.ndarray:
    """∂²W/∂d² (..., 4, 4), analytical: EA (a aᵀ + ε𝟙) on the slopes' block, and
    EI (κ_d κ_dᵀ + κ κ_dd) with

        κ_aa = −3 (Jb aᵀ + a bᵀJᵀ + c𝟙)/g^{5/2} + 15 c a aᵀ/g^{7/2},
        κ_ab = J/g^{3/2} − 3 a aᵀJ/g^{5/2},    κ_bb = 0;

    EI 𝟙 on the second derivatives' block in the simplified form."""
    a, b = d[..., :2], d[..., 2:]
    outer = lambda u, v: u[..., :, None] * v[..., None, :]
    eye = np.eye(2)
    hess = np.zeros(d.shape + (4,), dtype=np.result_type(d, float))
    hess[..., :2, :2] = axial_stiffness * (outer(a, a) + axial_strain(a)[..., None, None] * eye)
    if curvature_form == "simplified":
        hess[..., 2:, 2:] = bending_stiffness * eye
        return hess
    J = np.array([[0.0, 1.0], [-1.0, 0.0]])
    g, c, kappa, k_d = _curvature_derivatives(a, b)
    k_a, k_b = k_d[..., :2], k_d[..., 2:]
    g, c, kap = g[..., None, None], c[..., None, None], kappa[..., None, None]
    Jb = np.stack([b[..., 1], -b[..., 0]], axis=-1)
    k_aa = -3.0 * (outer(Jb, a) + outer(a, Jb) + c * eye) / g**2.5 + 15.0 * c * outer(a, a) / g**3.5
    k_ab = J / g**1.5 - 3.0 * outer(a, a) @ J / g**2.5
    EI = bending_stiffness
    hess[..., :2, :2] += EI * (outer(k_a, k_a) + kap * k_aa)
    hess[..., :2, 2:] = EI * (outer(k_a, k_b) + kap * k_ab)
    hess[..., 2:, :2] = np.swapaxes(hess[..., :2, 2:], -1, -2)
    hess[..., 2:, 2:] = EI * outer(k_b, k_b)
    return hess


def _check_form(curvature_form: str) -> None:
    if curvature_form not in CURVATURES:
        raise InputError(f"curvature_form must be one of {CURVATURES}, got {curvature_form!r}.")


def strain_energy(e_elements: np.ndarray, ops: StrainOperators, axial_stiffness: float, bending_stiffness: float,
                  curvature_form: str = "exact") -> np.ndarray:
    """U of (A.5) of each element, (n_elements,), by Gauss quadrature; ``e_elements`` is
    (n_elements, 8)."""
    _check_form(curvature_form)
    d = np.einsum("eqij,ej->eqi", ops.B, e_elements)
    W = energy_density(d, axial_stiffness, bending_stiffness, curvature_form)
    return np.sum(ops.weights * W, axis=1)


def elastic_forces(e_elements: np.ndarray, ops: StrainOperators, axial_stiffness: float, bending_stiffness: float,
                   curvature_form: str = "exact") -> np.ndarray:
    """Q = −∫ Bᵀ ∂W/∂d dx of (A.10) of each element, (n_elements, 8)."""
    _check_form(curvature_form)
    d = np.einsum("eqij,ej->eqi", ops.B, e_elements)
    grad = energy_density_gradient(d, axial_stiffness, bending_stiffness, curvature_form)
    return -np.einsum("eqij,eqi->ej", ops.B, ops.weights[..., None] * grad)


def tangent_stiffness(e_elements: np.ndarray, ops: StrainOperators, axial_stiffness: float, bending_stiffness: float,
                      curvature_form: str = "exact") -> np.ndarray:
    """K = ∫ Bᵀ (∂²W/∂d²) B dx = −∂Q/∂e of (A.10) of each element, (n_elements, 8, 8)."""
    _check_form(curvature_form)
    d = np.einsum("eqij,ej->eqi", ops.B, e_elements)
    hess = energy_density_hessian(d, axial_stiffness, bending_stiffness, curvature_form)
    return np.einsum("eqia,eqib->eab", ops.B, np.einsum("eq,eqij,eqjb->eqib", ops.weights, hess, ops.B))


def reference_coordinates(nodes: np.ndarray) -> np.ndarray:
    """e of a straight, unstressed beam through ``nodes`` (n, 2): each node's position and
    the unit tangent r,ₓ = t₀ (so that x is the reference arc length and ε = κ = 0), as
    (r₁, r₁,ₓ, r₂, r₂,ₓ, …), 4n coordinates. The nodes are taken in order along one line."""
    nodes = np.asarray(nodes, dtype=float)
    chord = nodes[-1] - nodes[0]
    tangent = chord / np.linalg.norm(chord)
    return np.column_stack([nodes, np.tile(tangent, (len(nodes), 1))]).ravel()
