"""Design sensitivity of the four-bar by direct differentiation of its constraint equations.

The four-bar of :func:`mbtools.examples.four_bar`: ground pivots O2 = (0, 0) and
O4 = (d, 0), crank O2A of length a, coupler AB of length b, rocker O4B of length c, and a
coupler point P at u along A→B and v to its left. In natural coordinates
q = (x_A, y_A, x_B, y_B, x_P, y_P), with the design parameters p = (a, b, c, d, u, v) and
the crank angle s (measured from the ground line O2→O4) as the input, the equations are

    Φ(q, p, s) = [x_A − a cos s,  y_A − a sin s,
                  (r_B − r_A)·(r_B − r_A) − b²,  (r_B − r_O4)·(r_B − r_O4) − c²,
                  r_P − r_A − u w − v w⊥] = 0,   w = (r_B − r_A)/b,  w⊥ = (−w_y, w_x),    (S.1)

the last entry being two equations. Differentiating Φ(q(p), p, s) = 0 with respect to p
gives the position sensitivity q_p = ∂q/∂p (direct differentiation)

    Φ_q q_p = −Φ_p,                                                                    (S.2)

and an output ψ(q, p) changes with the design by its total derivative

    dψ/dp = ψ_p + ψ_q q_p.                                                             (S.3)

Turning the crank at a constant rate ω (s̈ = 0) gives q̇ = q_s ω and q̈ = q_ss ω², with

    Φ_q q_s = −Φ_s,    Φ_q q_ss = −γ,    γ = (Φ_q q_s)_q q_s + 2 Φ_qs q_s + Φ_ss,       (S.4)

where (Φ_q q_s)_q differentiates Φ_q q_s holding q_s. Writing F = Φ_q q_s + Φ_s and
G = Φ_q q_ss + γ as functions of (q, q_s, q_ss, p, s) and differentiating F = 0 and G = 0
with respect to p as (S.2) differentiated Φ = 0 gives, with the same matrix,

    Φ_q q_sp = −(F_q q_p + F_p),    Φ_q q_ssp = −(G_q q_p + G_qs q_sp + G_p).          (S.5)

The bars are uniform and slender, of mass ρ per unit length (ρ a, ρ b, ρ c; P carries
no mass). A bar between points i and j has the kinetic energy
(m/6)(ṙ_i·ṙ_i + ṙ_i·ṙ_j + ṙ_j·ṙ_j), that of its centre plus m L²/12 about it, which
defines the mass matrix M(p, ρ); gravity g along −y gives Q = −∂V/∂q with
V = g Σ m y_centre. The constraint forces do no work on the motions the constraints allow,
so the power balance τ ṡ = q̇ᵀ(M q̈ − Q) gives the driving torque at the crank

    τ = q_sᵀ (M q̈ − Q) = ω² q_sᵀ M q_ss − q_sᵀ Q,                                    (S.6)

and its design sensitivity, with the sensitivities (S.5) of q_s and q_ss,

    dτ/dp = τ_qs q_sp + τ_qss q_ssp + τ_p.                                            (S.7)

Two checks re-solve (S.1) at shifted parameters: the complex step and the central difference

    dψ/dp_k ≈ Im ψ(p + i h e_k)/h,    dψ/dp_k ≈ (ψ(p + h e_k) − ψ(p − h e_k))/(2h),    (S.8)

the first (h = 1e-30) with an error of order h² and no subtraction, so exact to
round-off; the second with a truncation error of order h² and a round-off error of order ε/h.
Φ_q is singular exactly where coupler and rocker are aligned: the transmission angle μ
between them, cos μ = (b² + c² − δ²)/(2bc) with δ = ‖r_A − r_O4‖, is 0 or π. There the
derivatives grow without bound (like 1/sin μ) and are refused.

Example
-------
>>> sens = four_bar_sensitivity((2.0, 7.0, 9.0, 6.0, 3.0, 2.0), 1.0)
>>> sens.point_derivative("A")[:, 0].round(12).tolist()    # dA/da = (cos s, sin s)
[0.540302305868, 0.841470984808]
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable

import numpy as np
import sympy as sp
from scipy.linalg import lu_factor, lu_solve

from ..description.validate import choose_mode, number
from ..errors import AssemblyError, InputError, MechanismError, SingularJacobianError

PARAMETER_NAMES = ("a", "b", "c", "d", "u", "v")
COORDINATE_NAMES = ("x_A", "y_A", "x_B", "y_B", "x_P", "y_P")
EQUATION_NAMES = ("crank driver x", "crank driver y", "coupler length b", "rocker length c",
                  "coupler point x", "coupler point y")
LENGTH_NAMES = {"a": "crank", "b": "coupler", "c": "rocker", "d": "ground"}
POINT_INDEX = {"A": 0, "B": 2, "P": 4}
ASSEMBLY_MODES = ("open", "crossed")
#: How close (rad) the transmission angle may come to 0 or π before the position is taken
#: as a dead point. Near one, μ grows like the square root of the crank angle's distance to
#: it, so round-off leaves a computed μ of about √ε ≈ 1e-8 there, not 0; at μ = 1e-6 the
#: derivatives are 1e6 links long.
DEAD_POINT_ANGLE = 1e-6
#: Newton stops when every equation of (S.1), over the longest link or its square, is below this.
NEWTON_TOLERANCE = 1e-13


@dataclass(frozen=True)
class FourBarEquations:
    """The equations (S.1)–(S.7) in sympy, and compiled (numpy, complex-safe).

    Attributes
    ----------
    symbols : dict
        The sympy symbols by role, "q", "p", "q_s", "q_ss" (tuples) and "s", "rho", "omega", "g".
    constraints : sympy.Matrix
        Φ of (S.1).
    torque : sympy.Expr
        τ of (S.6) in q_s, q_ss, p, ρ, ω and g.
    first_order, second_order, torque_terms : callable
        (q, p, s) → (Φ, Φ_q, Φ_p, Φ_s); (q, q_s, q_ss, p, s) → (γ, F_q, F_p, G_q, G_qs, G_p)
        of (S.4)–(S.5); (q_s, q_ss, p, ρ, ω, g) → (τ, τ_qs, τ_qss, τ_p, τ_ρ) of (S.6)–(S.7).
    """

    symbols: dict
    constraints: sp.Matrix
    torque: sp.Expr
    first_order: Callable
    second_order: Callable
    torque_terms: Callable


@lru_cache(maxsize=1)
def four_bar_equations() -> FourBarEquations:
    """The four-bar's equations (S.1)–(S.7), derived once and compiled.

    Example
    -------
    >>> eq = four_bar_equations()
    >>> eq.constraints[2]
    -b**2 + (-x_A + x_B)**2 + (-y_A + y_B)**2
    """
    q = sp.symbols(COORDINATE_NAMES)
    p = sp.symbols(PARAMETER_NAMES, positive=True)
    qs, qss = sp.symbols("qs0:6"), sp.symbols("qss0:6")
    s, rho, omega, g = sp.symbols("s rho omega g")
    xA, yA, xB, yB, xP, yP = q
    a, b, c, d, u, v = p
    ex, ey = (xB - xA) / b, (yB - yA) / b
    phi = sp.Matrix([xA - a * sp.cos(s), yA - a * sp.sin(s),
                     (xB - xA) ** 2 + (yB - yA) ** 2 - b ** 2, (xB - d) ** 2 + yB ** 2 - c ** 2,
                     xP - xA - u * ex + v * ey, yP - yA - u * ey - v * ex])
    Q, P, QS, QSS = (sp.Matrix(x) for x in (q, p, qs, qss))
    phi_q = phi.jacobian(Q)
    F = phi_q * QS + phi.diff(s)
    gamma = F.jacobian(Q) * QS + F.diff(s)
    G = phi_q * QSS + gamma
    M = sp.zeros(6, 6)   # crank O2A, coupler AB, rocker O4B: (m/6)[[2, 1], [1, 2]] per bar, O2 and O4 fixed
    for k in (0, 1):
        M[k, k], M[2 + k, 2 + k] = rho * (a + b) / 3, rho * (b + c) / 3
        M[k, 2 + k] = M[2 + k, k] = rho * b / 6
    gravity_force = sp.Matrix([0, -g * rho * (a + b) / 2, 0, -g * rho * (b + c) / 2, 0, 0])
    tau = sp.expand(omega ** 2 * (QS.T * M * QSS)[0] - (QS.T * gravity_force)[0])
    tau_grad = [sp.Matrix([tau]).jacobian(X) for X in (QS, QSS, P)]
    first = sp.lambdify([q, p, s], [phi, phi_q, phi.jacobian(P), phi.diff(s)], "numpy", cse=True)
    second = sp.lambdify([q, qs, qss, p, s], [gamma, F.jacobian(Q), F.jacobian(P), G.jacobian(Q), G.jacobian(QS),
                                               G.jacobian(P)], "numpy", cse=True)
    torque = sp.lambdify([qs, qss, p, rho, omega, g], [tau, *tau_grad, tau.diff(rho)], "numpy", cse=True)
    symbols = {"q": q, "p": p, "q_s": qs, "q_ss": qss, "s": s, "rho": rho, "omega": omega, "g": g}
    return FourBarEquations(symbols, phi, tau, first, second, torque)


def _evaluated(function: Callable, dtype, *arguments) -> list[np.ndarray]:
    """The outputs of a compiled function as arrays of ``dtype``, column vectors flat."""
    arrays = [np.asarray(x, dtype=dtype) for x in function(*arguments)]
    return [x.ravel() if x.ndim == 2 and x.shape[1] == 1 else x for x in arrays]


def check_four_bar_parameters(parameters) -> np.ndarray:
    """The six design parameters (a, b, c, d, u, v) checked: finite, positive lengths,
    and a loop that closes at some crank angle. Complex values (a complex step) are
    checked by their real parts.

    Raises
    ------
    InputError
        A wrong number of parameters or a value that is not a finite number.
    MechanismError
        A length a, b, c, d that is not positive, or lengths that close no loop.

    Example
    -------
    >>> check_four_bar_parameters([2, 7, 9, 6, 3, 2]).tolist()
    [2.0, 7.0, 9.0, 6.0, 3.0, 2.0]
    """
    try:
        p = np.asarray(parameters).reshape(-1).astype(complex if np.iscomplexobj(parameters) else float)
    except (TypeError, ValueError):
        raise InputError(f"The design parameters (a, b, c, d, u, v) must be six numbers, got {parameters!r}.") from None
    if p.size != 6:
        raise InputError(f"The design parameters are six numbers (a, b, c, d, u, v) = (crank, coupler, rocker, "
                         f"ground, coupler point along A→B, to its left); got {p.size}.")
    for name, value in zip(PARAMETER_NAMES, p):
        if not np.isfinite(value):
            raise InputError(f"Design parameter {name} must be a finite number, got {value}.")
        if name in LENGTH_NAMES and value.real <= 0:
            raise MechanismError(f"The {LENGTH_NAMES[name]} length {name} must be positive, got {value.real:g}: "
                                 "give every link a positive length.")
    lengths = p[:4].real
    if 2 * lengths.max() >= lengths.sum():
        raise MechanismError(f"The lengths a, b, c, d = {', '.join(f'{x:g}' for x in lengths)} close no loop: "
                             "the longest link must be shorter than the sum of the other three.")
    return p


def transmission_angle(parameters, crank_angle: float) -> float:
    """The transmission angle μ ∈ [0, π] between coupler and rocker at crank angle s,
    cos μ = (b² + c² − δ²)/(2bc), δ = ‖r_A − r_O4‖ (sin μ by Heron's formula, accurate
    near 0 and π).

    Raises
    ------
    InputError
        Where the loop cannot close, δ outside [‖b − c‖, b + c]; the message gives the
        crank angles at which it closes.

    Example
    -------
    >>> round(math.degrees(transmission_angle((2, 7, 9, 6, 0, 0), 0.0)), 4)   # the smallest
    25.2088
    """
    p = check_four_bar_parameters(parameters).real
    s = number("crank angle s", crank_angle, InputError)
    a, b, c, d = p[:4]
    delta = math.hypot(a * math.cos(s) - d, a * math.sin(s))
    factors = (b + c + delta) * (c + delta - b) * (b + delta - c) * (b + c - delta)
    if min(b + c - delta, delta - abs(b - c)) < -1e-12 * max(a, b, c, d):
        low, high = ((a * a + d * d - x * x) / (2 * a * d) for x in (b + c, b - c))
        span = f"{math.acos(min(1, high)):.6g} ≤ abs(s) ≤ {math.acos(max(-1, low)):.6g} (s in (−π, π])"
        raise InputError(f"The loop cannot close at crank angle s = {s:.6g} rad: ‖A − O4‖ = {delta:.6g} is outside "
                         f"[‖b − c‖, b + c] = [{abs(b - c):g}, {b + c:g}]. Choose a crank angle with {span}, "
                         "or a Grashof crank-rocker (the crank the shortest link, which plus the longest is at most "
                         "the sum of the other two), whose crank turns fully.")
    return math.atan2(math.sqrt(max(factors, 0.0)), b * b + c * c - delta * delta)


def four_bar_position(parameters, crank_angle: float, guess=None, assembly: str = "open",
                      max_iterations: int = 50) -> np.ndarray:
    """q(p, s) from (S.1) by Newton's method; complex parameters give the q of a complex step (S.8).

    Parameters
    ----------
    parameters : sequence of float
        The six design parameters p = (a, b, c, d, u, v).
    crank_angle : float
        s in radians, from the ground line O2→O4.
    guess : sequence of float, optional
        The starting q (six coordinates); its assembly mode is the one found. Without it,
        the guess is the closed-form position (the circles about A and O4 intersected) in
        the mode ``assembly``.
    assembly : {"open", "crossed"}
        ``"open"`` puts B to the left of the ray A→O4, as :func:`mbtools.examples.four_bar`.

    Raises
    ------
    AssemblyError
        Newton did not reach :data:`NEWTON_TOLERANCE` from the guess (named the crank
        angle, the parameters and the equations left unsatisfied).

    Example
    -------
    >>> four_bar_position((2, 7, 9, 6, 0, 1), 0.5, guess=(2, 1, 2, 8, 1, 1)).round(6).tolist()
    [1.755165, 0.958851, 1.797768, 7.958721, 0.755184, 0.964937]
    """
    p = check_four_bar_parameters(parameters)
    s = number("crank angle s", crank_angle, InputError)
    assembly = choose_mode("assembly", assembly, ASSEMBLY_MODES)
    transmission_angle(p.real, s)    # names the crank angles at which the loop closes
    q = _closed_form_position(p.real, s, assembly) if guess is None else np.asarray(guess, dtype=p.dtype)
    if q.shape != (6,) or not np.all(np.isfinite(q)):
        raise InputError(f"The guess must be six finite coordinates {COORDINATE_NAMES}, got {guess!r}.")
    q = q.astype(p.dtype)
    scale = float(p[:4].real.max())
    weights = np.array([1, 1, 1 / scale, 1 / scale, 1, 1]) / scale
    equations = four_bar_equations().first_order
    for _ in range(max_iterations):
        phi, phi_q, _, _ = _evaluated(equations, p.dtype, q, p, s)
        try:
            step = np.linalg.solve(phi_q, -phi)
        except np.linalg.LinAlgError:
            break
        if np.max(np.abs(phi * weights)) <= NEWTON_TOLERANCE:
            # the last step settles a complex step's Im q; one over 1e-6 of the longest link is from a
            # nearly singular Φ_q (a dead point) and would throw q off the solution
            return q + step if np.max(np.abs(step.real)) <= 1e-6 * scale else q
        q = q + step
    residual = np.abs(_evaluated(equations, p.dtype, q, p, s)[0] * weights)
    violated = sorted(zip(EQUATION_NAMES, residual.tolist()), key=lambda x: -x[1])
    raise AssemblyError(f"Newton's method did not assemble the four-bar at crank angle s = {s:.6g} rad with "
                        f"parameters (a, b, c, d, u, v) = {tuple(np.round(p.real, 6).tolist())} from the guess "
                        f"(largest residual: {violated[0][0]}, {violated[0][1]:.3g}); start from a guess closer "
                        "to the mechanism, or from the closed-form position (guess=None).", violated)


def _closed_form_position(parameters, crank_angle: float, assembly: str) -> np.ndarray:
    """q at the intersection of the circles about A (radius b) and O4 (radius c)."""
    a, b, c, d, u, v = np.asarray(parameters).real.astype(float)
    A, O4 = np.array([a * math.cos(crank_angle), a * math.sin(crank_angle)]), np.array([d, 0.0])
    delta = float(np.linalg.norm(O4 - A))
    along = (b * b - c * c + delta * delta) / (2 * delta)
    unit = (O4 - A) / delta
    left = np.array([-unit[1], unit[0]])
    B = A + along * unit + (1 if assembly == "open" else -1) * math.sqrt(max(b * b - along * along, 0.0)) * left
    axis = (B - A) / b
    P = A + u * axis + v * np.array([-axis[1], axis[0]])
    return np.concatenate([A, B, P])


@dataclass(frozen=True)
class FourBarSensitivity:
    """The position, its rates and their design sensitivities at one crank angle.

    Attributes
    ----------
    parameters : ndarray
        p = (a, b, c, d, u, v).
    crank_angle : float
        s (rad).
    q, q_s, q_ss : ndarray
        The position and its first and second derivatives with respect to s, (6,), (S.4).
    q_p, q_sp, q_ssp : ndarray
        Their derivatives with respect to p, (6, 6), one column per parameter, (S.2) and (S.5).
    """

    parameters: np.ndarray
    crank_angle: float
    q: np.ndarray
    q_p: np.ndarray
    q_s: np.ndarray
    q_ss: np.ndarray
    q_sp: np.ndarray
    q_ssp: np.ndarray

    def point(self, name: str) -> np.ndarray:
        """The position of point ``name`` ("A", "B" or "P"), (2,).

        Example
        -------
        >>> four_bar_sensitivity((2, 7, 9, 6, 0, 0), 1.0).point("B").round(6).tolist()
        [2.889157, 8.445274]
        """
        return self.q[self._rows(name)]

    def point_derivative(self, name: str) -> np.ndarray:
        """d(point)/dp, (2, 6), one column per parameter: the rows of q_p of point ``name``.

        Example
        -------
        >>> four_bar_sensitivity((2, 7, 9, 6, 0, 0), 0.0).point_derivative("A")[0].tolist()
        [1.0, 0.0, 0.0, 0.0, 0.0, 0.0]
        """
        return self.q_p[self._rows(name)]

    def point_rate(self, name: str) -> np.ndarray:
        """d(point)/ds, (2,).

        Example
        -------
        >>> four_bar_sensitivity((2, 7, 9, 6, 0, 0), 0.0).point_rate("A").round(12).tolist()[1]
        2.0
        """
        return self.q_s[self._rows(name)]

    @staticmethod
    def _rows(name: str) -> slice:
        if name not in POINT_INDEX:
            raise InputError(f"The four-bar's points are {sorted(POINT_INDEX)}; got {name!r}.")
        return slice(POINT_INDEX[name], POINT_INDEX[name] + 2)


def _refuse_dead_point(parameters, crank_angle: float) -> None:
    """A :class:`~mbtools.errors.SingularJacobianError` naming the crank angle where the
    transmission angle μ is within :data:`DEAD_POINT_ANGLE` of 0 or π."""
    mu = transmission_angle(parameters, crank_angle)
    if min(mu, math.pi - mu) < DEAD_POINT_ANGLE:
        raise SingularJacobianError(
            f"At crank angle s = {crank_angle:.9g} rad the coupler and rocker are aligned (transmission angle "
            f"μ = {mu:.9g} rad, within {DEAD_POINT_ANGLE:g} rad of a dead point): Φ_q is singular there, and "
            "the derivatives with respect to the design, which grow like 1/sin μ, do not exist. Evaluate them "
            "at a crank angle away from the dead point, or change the design so that the crank turns fully.",
            dependent=["coupler length b", "rocker length c"])


def four_bar_sensitivity(parameters, crank_angle: float, guess=None, assembly: str = "open") -> FourBarSensitivity:
    """Position, rates and their design sensitivities by direct differentiation, (S.2),
    (S.4) and (S.5): one factorisation of Φ_q for every right-hand side.

    Raises
    ------
    SingularJacobianError
        At a dead point (transmission angle 0 or π): Φ_q is singular.

    Example
    -------
    >>> sens = four_bar_sensitivity((2, 7, 9, 6, 3, 2), 1.0)
    >>> sens.q_p.shape, sens.point_derivative("P").shape
    ((6, 6), (2, 6))
    """
    p = check_four_bar_parameters(parameters)
    _refuse_dead_point(p.real, crank_angle)
    q = four_bar_position(p, crank_angle, guess, assembly)
    equations = four_bar_equations()
    _, phi_q, phi_p, phi_s = _evaluated(equations.first_order, p.dtype, q, p, crank_angle)
    factors = lu_factor(phi_q)   # a singular Φ_q has been refused
    q_p, q_s = lu_solve(factors, -phi_p), lu_solve(factors, -phi_s)
    q_ss = lu_solve(factors, -_evaluated(equations.second_order, p.dtype, q, q_s, np.zeros(6), p, crank_angle)[0])
    _, F_q, F_p, G_q, G_qs, G_p = _evaluated(equations.second_order, p.dtype, q, q_s, q_ss, p, crank_angle)
    q_sp = lu_solve(factors, -(F_q @ q_p + F_p))
    q_ssp = lu_solve(factors, -(G_q @ q_p + G_qs @ q_sp + G_p))
    return FourBarSensitivity(p, float(crank_angle), q, q_p, q_s, q_ss, q_sp, q_ssp)


def total_derivative(output_q, output_p, q_p) -> np.ndarray:
    """dψ/dp = ψ_p + ψ_q q_p of an output ψ(q, p), (S.3), from ψ_q = ``output_q`` and
    ψ_p = ``output_p``.

    Example
    -------
    >>> sens = four_bar_sensitivity((2, 7, 9, 6, 0, 0), 0.3)
    >>> psi_q = np.array([0, 0, 0, 1.0, 0, 0])     # ψ = y_B, no explicit p
    >>> bool(np.allclose(total_derivative(psi_q, np.zeros(6), sens.q_p), sens.q_p[3]))
    True
    """
    return np.asarray(output_p) + np.asarray(output_q) @ np.asarray(q_p)


@dataclass(frozen=True)
class TorqueSensitivity:
    """The driving torque (S.6) and its derivatives (S.7).

    Attributes
    ----------
    torque : float
        τ at the crank (N·m for SI inputs).
    parameter_gradient : ndarray
        dτ/dp, (6,).
    density_derivative : float
        dτ/dρ (equal to τ/ρ: τ is linear in ρ).
    """

    torque: float
    parameter_gradient: np.ndarray
    density_derivative: float


def crank_torque_sensitivity(parameters, crank_angle: float, speed: float, density: float = 1.0,
                             gravity: float = 0.0, assembly: str = "open") -> TorqueSensitivity:
    """The crank torque τ (S.6) at crank angle s turning at the constant rate ω = ``speed``,
    and dτ/dp by direct differentiation (S.7). Bars of mass ``density`` (ρ) per unit
    length; ``gravity`` g acts along −y (0: none).

    Example
    -------
    >>> t = crank_torque_sensitivity((2, 7, 9, 6, 3, 2), 1.0, 2.0, density=0.5, gravity=9.81)
    >>> round(t.torque, 6), bool(np.allclose(t.parameter_gradient[4:], 0.0, atol=1e-12))  # P has no mass
    (-8.75598, True)
    """
    sens = four_bar_sensitivity(parameters, crank_angle, assembly=assembly)
    values = [number(name, x, InputError) for name, x in (("density", density), ("speed", speed), ("gravity", gravity))]
    tau, tau_qs, tau_qss, tau_p, tau_rho = _evaluated(four_bar_equations().torque_terms, sens.parameters.dtype,
                                                     sens.q_s, sens.q_ss, sens.parameters, *values)
    gradient = (tau_qs @ sens.q_sp + tau_qss @ sens.q_ssp + tau_p).ravel()
    return TorqueSensitivity(tau.item(), gradient, tau_rho.item())


def crank_torque(parameters, crank_angle: float, speed: float, density: float = 1.0, gravity: float = 0.0,
                 assembly: str = "open"):
    """τ of (S.6) alone (complex-safe, for :func:`complex_step`).

    Example
    -------
    >>> abs(crank_torque((2, 7, 9, 6, 3, 2), 1.0, 0.0)) < 1e-12      # at rest, no gravity
    True
    """
    return crank_torque_sensitivity(parameters, crank_angle, speed, density, gravity, assembly).torque


def complex_step(function: Callable, x, step: float = 1e-30) -> np.ndarray:
    """Jacobian of ``function`` at ``x`` by the complex step (S.8): column k is
    Im f(x + i h e_k)/h. Exact to round-off: no difference is taken.

    Example
    -------
    >>> complex_step(lambda x: x[0] ** 2 * x[1], [3.0, 2.0]).tolist()
    [12.0, 9.0]
    """
    x = np.asarray(x, dtype=float)
    columns = [np.imag(np.asarray(function(x + 1j * step * unit))) / step for unit in np.eye(x.size)]
    return np.stack(columns, axis=-1)


def central_difference(function: Callable, x, step: float = 1e-5) -> np.ndarray:
    """Jacobian of ``function`` at ``x`` by central differences (S.8), with the step
    h_k = ``step`` · max(‖x_k‖, 1): truncation error about h², round-off about ε/h, both
    near 1e-10 relative for step = 1e-5.

    Example
    -------
    >>> central_difference(lambda x: x[0] ** 2 * x[1], [3.0, 2.0]).round(8).tolist()
    [12.0, 9.0]
    """
    x = np.asarray(x, dtype=float)
    columns = [(np.asarray(function(x + h * unit)) - np.asarray(function(x - h * unit))) / (2 * h)
               for h, unit in zip(step * np.maximum(np.abs(x), 1.0), np.eye(x.size))]
    return np.stack(columns, axis=-1)
