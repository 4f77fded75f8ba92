"""The scalar constraint conditions of basic and natural coordinates, as sympy expressions.

Each function returns the left-hand side of one equation ``expression = 0``. All of
them are linear or quadratic in the coordinates (the paper's central claim); only the
driving conditions have coefficients that depend on an input.

Example
-------
>>> import sympy as sp
>>> xi, yi, xj, yj, L = sp.symbols("x_i y_i x_j y_j L")
>>> distance_condition(sp.Matrix([xi, yi]), sp.Matrix([xj, yj]), L)
-L**2 + (-x_i + x_j)**2 + (-y_i + y_j)**2
"""

from __future__ import annotations

import sympy as sp


def distance_condition(r_i: sp.Matrix, r_j: sp.Matrix, length) -> sp.Expr:
    """Constant distance of two points of a body.

    (x_j − x_i)² + (y_j − y_i)² − L_ij² = 0 (paper, planar basic coordinates;
    r_ij·r_ij − L² = 0 in space, Fig. 5a; book, equation eq-distance).
    """
    d = r_j - r_i
    return d.dot(d) - length**2


def cross2(u: sp.Matrix, v: sp.Matrix) -> sp.Expr:
    """The planar cross product u_x v_y − u_y v_x."""
    return u[0] * v[1] - u[1] * v[0]


def area_condition(r_i: sp.Matrix, r_j: sp.Matrix, r_k: sp.Matrix, area) -> sp.Expr:
    """Constant signed area of the triangle i, j, k (three points of a body, or the
    slider point k against the guide line i–j of a prismatic pair).

    (x_j − x_i)(y_k − y_i) − (x_k − x_i)(y_j − y_i) − 2 A_ijk = 0 (paper, planar
    basic coordinates; used instead of distances when the points are nearly aligned;
    book, equation eq-area).
    """
    return cross2(r_j - r_i, r_k - r_i) - 2 * area


def dot_condition(u: sp.Matrix, v: sp.Matrix, value) -> sp.Expr:
    """Constant scalar product of two vectors of the mechanism: u·v − c = 0 (paper,
    Fig. 5b–c: r_ij·u = c₁, u·v = c₃; and Fig. 6b).

    In a prismatic pair (Fig. 6b) u = r_j − r_i lies on the guide and v = r_q − r_k on
    the slider; c = 0 when the slider vector is perpendicular to the guide.
    """
    return u.dot(v) - value


def cross_condition(u: sp.Matrix, v: sp.Matrix, value) -> sp.Expr:
    """Constant planar cross product u × v − c = 0 (fixes the angle between u and v
    where the scalar product is insensitive to it: nearly parallel vectors)."""
    return cross2(u, v) - value


def angle_driver_condition(r_tail: sp.Matrix, r_head: sp.Matrix, theta, e1=None, e2=None) -> sp.Expr:
    """The vector d = tail→head makes the angle θ with e₁, turning towards e₂ (book,
    equation eq-angle-driver).

    (d·e₁) sin θ − (d·e₂) cos θ = 0; in the plane e₁ = x, e₂ = y:
    (x_h − x_t) sin θ − (y_h − y_t) cos θ = 0. Linear in the coordinates, with a
    gradient of constant length, so it never makes the Jacobian singular. Alone it also
    holds at θ + π; the solver checks that the vector points along θ, not against it.
    """
    d = r_head - r_tail
    if e1 is None:
        return d[0] * sp.sin(theta) - d[1] * sp.cos(theta)
    return d.dot(e1) * sp.sin(theta) - d.dot(e2) * sp.cos(theta)


def cross_vector_condition(u: sp.Matrix, d: sp.Matrix) -> list[sp.Expr]:
    """d is parallel to u: the three components of u × d vanish (only two are
    independent; the solver keeps two by pivoting). Used for a cylindrical pair:
    u the shared axis, d the vector between the two bodies' points on it: the paper's
    r_j − r_i = c u with the extra variable c eliminated."""
    return list(u.cross(d))


def linear_combination_condition(w: sp.Matrix, basis: list[sp.Matrix], alphas) -> list[sp.Expr]:
    """w = Σ α_k b_k, component by component (the paper's coplanar case,
    v = α r_ij + β u: three equations of which the solver keeps the independent ones)."""
    total = w
    for alpha, b in zip(alphas, basis):
        total = total - alpha * b
    return list(total)


def slide_driver_condition(r_i: sp.Matrix, r_j: sp.Matrix, r_k: sp.Matrix, length_ij, s) -> sp.Expr:
    """Point k is at distance s along the guide i→j, measured from i.

    (r_k − r_i)·(r_j − r_i) − L_ij s = 0, with L_ij = |r_j − r_i| constant.
    """
    return (r_k - r_i).dot(r_j - r_i) - length_ij * s
