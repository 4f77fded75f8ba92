"""The constant mass matrices of natural coordinates, symbolically (sympy).

In natural coordinates a body is given by a *base point* i and directions d_k — the
vectors r_j − r_i to its other points, and its unit vectors. A point of the body drawn
at x⁰ has fixed local coordinates c = X⁰⁻¹ (x⁰ − r_i⁰) in the basis X⁰ of the drawn
directions, and moves as

    x = r_i + X(q) c = C(c) q_e,

linear in the element's coordinates q_e (book, equation eq-eom-natural-placement). In the
plane X = [d, d⊥], d⊥ the direction d turned by 90°; in space X = [d₁, d₂, d₃]. The
kinetic energy ½ ∫ρ |ẋ|² dV = ½ q̇_eᵀ M_e q̇_e gives the element mass matrix

    M_e = ∫ ρ C(c)ᵀ C(c) dV

(book, equation eq-eom-element-mass; García de Jalón & Bayo 1994, ch. 3), constant
because C does not depend on q. Every entry of CᵀC is a polynomial of degree two in c,
so the integral needs only the mass m, the centre c_G and the second moments about i,
∫ρ c cᵀ dV = X⁰⁻¹ (J_G + m g gᵀ) X⁰⁻ᵀ, with g = G⁰ − r_i⁰ and J_G = ∫ρ (x⁰ − G⁰)(x⁰ − G⁰)ᵀ dV
the second moment about G (J_G = ½ tr(I_G) 𝟙 − I_G from the inertia tensor).

The functions take sympy symbols or numbers and return sympy matrices:
:func:`planar_element_mass` (two points, the classic 4 × 4 matrix),
:func:`spatial_element_mass` (a point and three directions, 12 × 12),
:func:`spatial_bar_mass` (two points in space, a line of mass, 6 × 6) and
:func:`natural_mass_matrix`, which assembles them into the constant M of a whole model
in natural coordinates. They agree with :func:`mbtools.dynamics.mass_matrix`, which
builds M numerically from the placements in any family (the tests check it).

Example
-------
A uniform bar of mass m and length L, G at its middle and J_G = m L²/12, gives the
classic matrix of a bar in natural coordinates, on (x_i, y_i, x_j, y_j):

>>> import sympy as sp
>>> m, L = sp.symbols("m L", positive=True)
>>> planar_element_mass(m, L, L / 2, 0, m * L**2 / 12) == m / 6 * sp.Matrix(
...     [[2, 0, 1, 0], [0, 2, 0, 1], [1, 0, 2, 0], [0, 1, 0, 2]])
True
"""

from __future__ import annotations

import numpy as np
import sympy as sp

from ..errors import InputError, MechanismError
from ..model import Model

#: The 90° turn of the plane: d⊥ = S d.
TURN = sp.Matrix([[0, -1], [1, 0]])


def integrate_quadratic(expression, local, mass, centre, second):
    """∫ρ f(c) dV of a polynomial f of degree ≤ 2 in the local coordinates c.

    Parameters
    ----------
    expression : sympy expression
        The integrand, a polynomial in ``local``.
    local : sequence of sympy.Symbol
        The local coordinates c₁, c₂, … of a point of the body.
    mass : sympy expression or number
        m = ∫ρ dV.
    centre : sequence
        The local coordinates of the centre of mass, c_G = ∫ρ c dV / m.
    second : sympy.Matrix
        The second moments S = ∫ρ c cᵀ dV about the base point, in local coordinates.

    Examples
    --------
    >>> c1, c2, m = sp.symbols("c1 c2 m")
    >>> integrate_quadratic((1 - c1)**2, [c1, c2], m, [sp.Rational(1, 2), 0], sp.diag(m / 3, 0))
    m/3
    """
    polynomial = sp.Poly(sp.expand(expression), *local)
    total = sp.Integer(0)
    for powers, coefficient in polynomial.terms():
        axes = [k for k, p in enumerate(powers) for _ in range(p)]
        if len(axes) > 2:
            raise InputError(f"integrate_quadratic: {expression} is not of degree two in {list(local)}.")
        if not axes:
            total += coefficient * mass
        elif len(axes) == 1:
            total += coefficient * mass * centre[axes[0]]
        else:
            total += coefficient * second[axes[0], axes[1]]
    return total


def element_mass(C, local, mass, centre, second) -> sp.Matrix:
    """M_e = ∫ρ Cᵀ C dV for the points of a body at x = C(c) q_e (book, equation
    eq-eom-element-mass), C linear in the local coordinates c; the data as in
    :func:`integrate_quadratic`.

    Examples
    --------
    A point mass m at c = 1 on the line x = (1 − c) r_i + c r_j sits at r_j:

    >>> c, m = sp.symbols("c m")
    >>> element_mass(sp.Matrix([[1 - c, c]]), [c], m, [1], sp.Matrix([[m]]))
    Matrix([
    [0, 0],
    [0, m]])
    """
    CtC = (C.T * C).applyfunc(sp.expand)
    return CtC.applyfunc(lambda e: sp.expand(integrate_quadratic(e, local, mass, centre, second)))


def _local_moments(mass, centre, second_moment, X0):
    """c_G = X⁰⁻¹ g and S = X⁰⁻¹ (J_G + m g gᵀ) X⁰⁻ᵀ."""
    g = sp.Matrix(centre)
    inverse = sp.Matrix(X0).inv()
    return inverse * g, (inverse * (sp.Matrix(second_moment) + mass * g * g.T) * inverse.T).applyfunc(sp.simplify)


def _point_columns(dim, local, points):
    """C = [(1 − Σ_{points} c_k) 𝟙, c₁ 𝟙, …]: the base point's block and one per direction
    (a direction r_j − r_i moves with r_j, and takes its share back from r_i)."""
    eye = sp.eye(dim)
    base = 1 - sum(c for c, is_point in zip(local, points) if is_point)
    return [base * eye] + [c * eye for c in local]


def planar_element_mass(m, L, a, b, J_G) -> sp.Matrix:
    """The 4 × 4 mass matrix of a planar body of two points i, j, on (x_i, y_i, x_j, y_j).

    Parameters
    ----------
    m : mass.
    L : the distance from i to j.
    a, b : the centre of mass G in the body's own axes: a along i → j, b across it
        (to the left), both from i.
    J_G : the polar moment of inertia about G.

    Notes
    -----
    With x = r_i + c₁ r_ij + c₂ r_ij⊥ (book, equation eq-eom-planar-element) only the
    polar second moment enters, I_i = J_G + m (a² + b²), the moment about i:

        M = [[m − 2ma/L + I_i/L²,  0,   ma/L − I_i/L²,  −mb/L],
             [0,   m − 2ma/L + I_i/L²,   mb/L,   ma/L − I_i/L²],
             [ma/L − I_i/L²,   mb/L,   I_i/L²,   0],
             [−mb/L,   ma/L − I_i/L²,   0,   I_i/L²]]

    Examples
    --------
    >>> m, L, a, b, J = sp.symbols("m L a b J_G", positive=True)
    >>> M = planar_element_mass(m, L, a, b, J)
    >>> I_i = sp.Symbol("I_i")
    >>> M.subs(J, I_i - m * (a**2 + b**2)).expand()
    Matrix([
    [I_i/L**2 + m - 2*a*m/L,                      0, -I_i/L**2 + a*m/L,            -b*m/L],
    [                     0, I_i/L**2 + m - 2*a*m/L,             b*m/L, -I_i/L**2 + a*m/L],
    [     -I_i/L**2 + a*m/L,                  b*m/L,          I_i/L**2,                 0],
    [                -b*m/L,      -I_i/L**2 + a*m/L,                 0,          I_i/L**2]])
    """
    L = sp.sympify(L)
    return planar_body_mass(m, (a, b), J_G, (L, 0), direction_is_point=True)


def planar_body_mass(m, centre, J_G, direction, direction_is_point: bool = True) -> sp.Matrix:
    """The 4 × 4 mass matrix of a planar body given by its base point i and one direction
    d: the point j (d = r_j − r_i, ``direction_is_point``) or a unit vector u; on
    (x_i, y_i, d's point or vector). ``centre`` is G⁰ − r_i⁰ and ``direction`` the drawn
    d⁰, both in ground axes; J_G the polar moment about G, split evenly between the two
    axes (any split gives the same matrix, because X = [d, d⊥] turns both alike)."""
    c = sp.symbols("c1 c2", real=True)
    d = sp.Matrix(direction)
    X0 = sp.Matrix.hstack(d, TURN * d)
    cG, S = _local_moments(m, centre, sp.sympify(J_G) / 2 * sp.eye(2), X0)
    p = 1 if direction_is_point else 0
    C = sp.Matrix.hstack((1 - p * c[0]) * sp.eye(2) - p * c[1] * TURN, c[0] * sp.eye(2) + c[1] * TURN)
    return element_mass(C, c, m, cG, S)


def second_moment_of(inertia) -> sp.Matrix:
    """J = ½ tr(I) 𝟙 − I: the second moment ∫ρ x xᵀ dV about G from the inertia tensor."""
    I = sp.Matrix(inertia)
    return I.trace() / 2 * sp.eye(3) - I


def spatial_element_mass(m, centre, inertia, directions, points=(False, False, False)) -> sp.Matrix:
    """The 12 × 12 mass matrix of a spatial body given by a base point i and three
    independent directions (book, equation eq-eom-spatial-element).

    Parameters
    ----------
    m : mass.
    centre : G⁰ − r_i⁰, the centre of mass from the base point in the drawing.
    inertia : the 3 × 3 inertia tensor I_G about G, in the drawing's axes.
    directions : three drawn directions d₁⁰, d₂⁰, d₃⁰ (not coplanar): r_j⁰ − r_i⁰ for a
        point j of the body, or a unit vector's components.
    points : three flags, True where the direction goes to a point j of the body.

    Returns
    -------
    sympy.Matrix on (r_i, then r_j or u for each direction), x, y, z of each. It is
    Z ⊗ 𝟙₃, Z the 4 × 4 matrix ∫ρ ĉ ĉᵀ dV of ĉ = (1 − Σ_{points} c_k, c₁, c₂, c₃).

    Examples
    --------
    A body given by its centre G and unit vectors along its principal axes: M is
    diag(m, J₁, J₂, J₃) ⊗ 𝟙₃, J₁ = (I₂ + I₃ − I₁)/2 and so on.

    >>> m, I1, I2, I3 = sp.symbols("m I1 I2 I3", positive=True)
    >>> M = spatial_element_mass(m, (0, 0, 0), sp.diag(I1, I2, I3), sp.eye(3).columnspace())
    >>> M[::3, ::3]
    Matrix([
    [m,                   0,                  0,                  0],
    [0, -I1/2 + I2/2 + I3/2,                  0,                  0],
    [0,                   0, I1/2 - I2/2 + I3/2,                  0],
    [0,                   0,                  0, I1/2 + I2/2 - I3/2]])
    """
    if len(directions) != 3 or len(points) != 3:
        raise InputError("spatial_element_mass takes three directions (and three point flags).")
    X0 = sp.Matrix.hstack(*[sp.Matrix(d) for d in directions])
    if X0.shape != (3, 3) or sp.simplify(X0.det()) == 0:
        raise InputError("spatial_element_mass: the three directions must be 3-vectors, not coplanar.")
    c = sp.symbols("c1 c2 c3", real=True)
    cG, S = _local_moments(m, centre, second_moment_of(inertia), X0)
    C = sp.Matrix.hstack(*_point_columns(3, c, points))
    return element_mass(C, c, m, cG, S)


def spatial_bar_mass(m, L, a, J_perp) -> sp.Matrix:
    """The 6 × 6 mass matrix of a spatial body of two points i, j (a line of mass, its spin
    about its own line not modelled), on (r_i, r_j): G at distance ``a`` from i along the
    line, ``J_perp`` its moment of inertia about a normal to the line through G.

    Examples
    --------
    >>> m, L = sp.symbols("m L", positive=True)
    >>> spatial_bar_mass(m, L, L / 2, m * L**2 / 12)[::3, ::3]
    Matrix([
    [m/3, m/6],
    [m/6, m/3]])
    """
    c = sp.symbols("c1", real=True)
    L = sp.sympify(L)
    S = sp.Matrix([[(J_perp + m * sp.sympify(a) ** 2) / L**2]])
    C = sp.Matrix.hstack(*_point_columns(3, [c], [True]))
    return element_mass(C, [c], m, [sp.sympify(a) / L], S)


def natural_mass_matrix(model: Model, masses: dict | None = None) -> sp.Matrix:
    """The constant mass matrix of a model in natural (or planar basic) coordinates,
    assembled from the element matrices: M = Σ_bodies B_eᵀ M_e B_e, B_e the 0/1 matrix that
    picks the element's coordinates out of q (a fixed point or vector gets none).

    Each body is an element as its placement builds it (:mod:`mbtools.model.placement`):
    its first point is the base, its directions are its other points and then its unit
    vectors, and it keeps the first (plane: one; space: three) independent of them.

    Parameters
    ----------
    model : Model
        From ``formulate(mechanism, "natural")``.
    masses : dict, optional
        Body name → (m, G, J), G the centre of mass in the drawing and J the polar moment
        J_G (plane) or the inertia tensor I_G (space), sympy symbols allowed. By default
        the description's mass properties (floats). The drawing's coordinates are taken as
        the rationals of their decimal forms.

    Examples
    --------
    >>> from mbtools import Mechanism, formulate
    >>> mech = Mechanism("pendulum")
    >>> mech.add_ground({"O": (0, 0)})
    >>> mech.add_body("bar", {"O": (0, 0), "P": (2, 0)})
    >>> mech.add_revolute("ground", "bar", at="O")
    >>> m = sp.Symbol("m", positive=True)
    >>> natural_mass_matrix(formulate(mech, "natural"), {"bar": (m, (1, 0), m * 4 / 12)})   # m L²/3 / L²
    Matrix([
    [m/3,   0],
    [  0, m/3]])
    """
    mechanism = model.mechanism
    dim = mechanism.dimension
    q = model.reference_q
    M = sp.zeros(model.n_coordinates, model.n_coordinates)
    for name in model.body_names:
        body = mechanism.bodies[name]
        mass, centre, inertia = _mass_data(mechanism, name, masses)
        members = list(body.points)
        base = members[0]
        directions = [(p, True, mechanism.point_position(p) - mechanism.point_position(base)) for p in members[1:]]
        directions += [(v, False, np.asarray(mechanism.vector_direction(v), dtype=float)) for v in body.vectors]
        g = sp.Matrix(centre) - _drawn(mechanism.point_position(base))
        kept = _independent(directions, dim)
        drawn = [_drawn(d0) for _, _, d0 in kept]
        if not kept:
            raise MechanismError(f"Body '{name}' has one point and no unit vector: it has no frame.")
        if dim == 2:
            Me = planar_body_mass(mass, g, inertia, drawn[0], kept[0][1])
        elif len(kept) == 3:
            Me = spatial_element_mass(mass, g, inertia, drawn, [k[1] for k in kept])
        elif len(kept) == 1 and kept[0][1]:
            Me = _line_of_mass(mass, g, inertia, drawn[0])
        else:
            raise MechanismError(
                f"Body '{name}' has two independent directions in space: its frame takes a cross "
                "product, so its mass matrix is not constant. Give it a third unit vector."
            )
        B = np.vstack([model.point_jacobian(q, base)] + [model.point_jacobian(q, k[0]) for k in kept])
        B = sp.Matrix(np.rint(B).astype(int))
        M += B.T * Me * B
    return M.applyfunc(sp.expand)


def _mass_data(mechanism, name: str, masses: dict | None):
    if masses and name in masses:
        return masses[name]
    properties = mechanism.bodies[name].mass
    if properties is None:
        raise MechanismError(f"Body '{name}' has no mass properties: give them in masses= or in the description.")
    inertia = np.asarray(properties.inertia, dtype=float)
    return (sp.Float(properties.mass), sp.Matrix(properties.centre),
            sp.Float(float(inertia)) if inertia.ndim == 0 else sp.Matrix(inertia))


def _drawn(values) -> sp.Matrix:
    """Drawing coordinates as the rationals of their shortest decimal form (0.1 → 1/10), so
    that symbolic mass data on a drawing of round numbers give exact matrices."""
    return sp.Matrix([sp.nsimplify(float(x), rational=True) for x in np.asarray(values, dtype=float)])


def _independent(directions: list, dim: int) -> list:
    """The first directions independent of those before them (the placement's choice)."""
    if dim == 2:
        return directions[:1]
    kept = []
    for entry in directions:
        trial = np.array([k[2] for k in kept] + [entry[2]], dtype=float)
        if np.linalg.matrix_rank(trial, tol=1e-6 * max(np.abs(trial).max(), 1e-300)) == len(trial):
            kept.append(entry)
        if len(kept) == 3:
            break
    return kept


def _line_of_mass(mass, g, inertia, d0) -> sp.Matrix:
    """A spatial body of two points: G projected on the line, J_⊥ = ½ (tr I − eᵀ I e)."""
    L2 = (d0.T * d0)[0]
    L = sp.sqrt(L2)
    e = d0 / L
    I = sp.Matrix(inertia)
    J_perp = (I.trace() - (e.T * I * e)[0]) / 2
    return spatial_bar_mass(mass, L, (g.T * d0)[0] / L, J_perp)
