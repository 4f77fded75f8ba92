"""A model: coordinates, constraint equations Φ(q, s) = 0 and named points.

Every formulation (basic, natural, relative, reference point) produces a :class:`Model`
from symbolic constraint equations. The equations shown in the book are the very
expressions the numbers come from: the model compiles them once with
:func:`sympy.lambdify` and, when every equation is at most quadratic in q (the central
claim of the 1985 paper for basic and natural coordinates), also into the arrays of the
quadratic form

    Φ_i(q, s) = ½ qᵀ H_i q + b_i(s)ᵀ q + c_i(s),        Φ_q = H q + B(s),

which is what the Newton–Raphson loop evaluates: a handful of numpy calls per iteration.

Here q are the dependent coordinates and s the inputs (driver values).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import sympy as sp

from .errors import InputError, MechanismError, UnknownNameError


def input_symbol(name: str, coordinates) -> sp.Symbol:
    """The symbol of an input, distinct from every coordinate symbol (a body named like
    the input would otherwise share it, e.g. an Euler angle θ of the body 'crank')."""
    taken = {c.name for c in coordinates}
    while name in taken:
        name += "_input"
    return sp.Symbol(name, real=True)


@dataclass(frozen=True)
class Constraint:
    """One scalar constraint equation ``expression = 0``.

    Attributes
    ----------
    name : str
        Says what it is and whose it is, e.g. ``"coupler: distance A–B"``.
    kind : str
        ``"distance"``, ``"area"``, ``"dot"``, ``"cross"``, ``"angle driver"``, ...
    expression : sympy.Expr
        In the coordinate, parameter and input symbols of the model.
    notation : str or None
        The same equation in vector notation (LaTeX, left-hand side), written by the
        formulation alongside the expression, for equations that expand to long
        polynomials (volumes).
    """

    name: str
    kind: str
    expression: sp.Expr
    notation: str | None = None

    @property
    def is_driver(self) -> bool:
        """True for a driving condition (an input), False for a geometric one."""
        return self.kind.endswith("driver")


@dataclass(frozen=True)
class Input:
    """A named input (driver): its symbol and whether it is an angle or a length."""

    name: str
    symbol: sp.Symbol
    unit: str  # "angle" or "length"
    measure: sp.Expr  # its value as a function of q (to read it off a position)


class Model:
    """Coordinates, constraints and points of one mechanism in one family.

    Parameters
    ----------
    mechanism : Mechanism
        The description it was formulated from.
    family : str
        ``"basic"``, ``"natural"``, ``"relative"`` or ``"reference_point"``.
    coordinates : list of sympy.Symbol
        The dependent coordinates q, in order.
    constraints : list of Constraint
    inputs : list of Input
    parameters : dict
        Values of the constant symbols (lengths, fixed coordinates) in the equations.
    points : dict
        Name → sympy vector of the point's position in q and parameters.
    reference_q : ndarray
        The coordinates of the reference drawing (the default guess).
    """

    def __init__(self, mechanism, family, coordinates, constraints, inputs, parameters, points, reference_q,
                 vectors=None):
        self.mechanism = mechanism
        self.family = family
        self.coordinate_symbols: list[sp.Symbol] = list(coordinates)
        self.constraints: list[Constraint] = list(constraints)
        self.inputs: list[Input] = list(inputs)
        self.parameters: dict[sp.Symbol, float] = dict(parameters)
        self.reference_q = np.asarray(reference_q, dtype=float)
        self.length_scale = mechanism.length_scale()
        # Units of the residuals, for the convergence test: point formulations write
        # squared lengths (distances, areas, scalar products), pose formulations lengths.
        self.residual_scale = self.length_scale**2 if family in ("basic", "natural") else self.length_scale
        self._point_exprs = {name: sp.Matrix(r) for name, r in points.items()}
        self._vector_names = list(vectors or {})
        self._point_exprs.update({name: sp.Matrix(u) for name, u in (vectors or {}).items()})
        self._input_names = [i.name for i in self.inputs]
        self.explain_singularity = None  # a formulation may explain its own singularities
        self._compile()

    # ----------------------------------------------------------------- naming
    @property
    def coordinate_names(self) -> list[str]:
        """Names of the coordinates, e.g. ``['x_A', 'y_A', ...]``."""
        return [s.name for s in self.coordinate_symbols]

    @property
    def constraint_names(self) -> list[str]:
        return [c.name for c in self.constraints]

    @property
    def input_names(self) -> list[str]:
        return self._input_names

    @property
    def point_names(self) -> list[str]:
        return [p for p in self._point_exprs if p not in self._vector_names]

    @property
    def vector_names(self) -> list[str]:
        """Unit vectors whose components the model knows (natural coordinates)."""
        return list(self._vector_names)

    def vector(self, q, name: str) -> np.ndarray:
        """Components of a named unit vector (natural coordinates) at position q."""
        if name not in self._vector_names:
            raise UnknownNameError(
                f"The {self.family} model of '{self.mechanism.name}' has no vector '{name}'; "
                f"its vectors are {self._vector_names}."
            )
        return self.point(q, name)

    @property
    def n_coordinates(self) -> int:
        return len(self.coordinate_symbols)

    @property
    def n_constraints(self) -> int:
        return len(self.constraints)

    def __repr__(self) -> str:
        return (
            f"<Model of '{self.mechanism.name}' in {self.family} coordinates: "
            f"{self.n_coordinates} coordinates, {self.n_constraints} constraints, "
            f"inputs {self.input_names}>"
        )

    # ----------------------------------------------------------------- symbolic
    def equations(self, numeric: bool = False) -> list[sp.Eq]:
        """The constraint equations Φ = 0 as sympy equations (for display).

        With ``numeric=True`` the constant symbols are replaced by their values.
        """
        exprs = self._numeric_exprs if numeric else [c.expression for c in self.constraints]
        return [sp.Eq(e, 0, evaluate=False) for e in exprs]

    def jacobian_symbolic(self, numeric: bool = False) -> sp.Matrix:
        """The Jacobian Φ_q = ∂Φ/∂q as a sympy matrix."""
        exprs = self._numeric_exprs if numeric else [c.expression for c in self.constraints]
        return sp.Matrix(exprs).jacobian(self.coordinate_symbols)

    # ----------------------------------------------------------------- compiling
    def _compile(self) -> None:
        qs = self.coordinate_symbols
        ss = [i.symbol for i in self.inputs]
        if len(set(qs) | set(ss)) != len(qs) + len(ss):
            raise MechanismError(
                f"The {self.family} model of '{self.mechanism.name}' uses one symbol for two "
                "quantities (coordinates or inputs); rename a body or an input."
            )
        self._input_symbols = ss
        exprs = [c.expression.subs(self.parameters) for c in self.constraints]
        self._numeric_exprs = exprs
        for c, e in zip(self.constraints, exprs):
            stray = e.free_symbols - set(qs) - set(ss)
            if stray:
                raise MechanismError(
                    f"Constraint '{c.name}' has symbols {sorted(map(str, stray))} with no "
                    "value: every constant must be in the model's parameters."
                )
        phi = sp.Matrix(exprs) if exprs else sp.zeros(0, 1)
        jac = phi.jacobian(qs) if exprs else sp.zeros(0, len(qs))
        phi_s = phi.jacobian(ss) if (ss and exprs) else sp.zeros(len(exprs), len(ss))
        self._phi_matrix = phi
        self._phi_f = sp.lambdify([qs, ss], list(phi), "numpy", cse=True)
        self._jac_f = sp.lambdify([qs, ss], jac.tolist(), "numpy", cse=True)
        self._phi_s_f = sp.lambdify([qs, ss], phi_s.tolist(), "numpy", cse=True)
        self._gamma_compiled = None  # compiled on first use: the costliest expressions
        measures = sp.Matrix([i.measure.subs(self.parameters) for i in self.inputs])
        self._measure_f = sp.lambdify([qs], list(measures), "math")
        self._measure_q_f = sp.lambdify([qs], measures.jacobian(qs).tolist() if ss else [], "math")
        self._points_f = {}
        self._point_jac_f = {}
        self._point_dd_f = {}
        for name, r in self._point_exprs.items():
            r = r.subs(self.parameters)
            self._points_f[name] = sp.lambdify(qs, list(r), "numpy", cse=True)
            self._point_jac_f[name] = sp.lambdify([qs], r.jacobian(qs).tolist(), "numpy", cse=True)
        self._compile_quadratic(exprs, qs, ss)

    @property
    def equation_degree(self) -> int | None:
        """Highest total degree of the equations in q, or None if any is not a polynomial
        in q (sines and cosines of angles)."""
        degree = 0
        for e in self._numeric_exprs:
            try:
                degree = max(degree, sp.Poly(e, *self.coordinate_symbols).total_degree())
            except sp.PolynomialError:
                return None
        return degree

    def _compile_quadratic(self, exprs, qs, ss) -> None:
        """Arrays H, B0, c0 and the input-dependent entries, if Φ is quadratic in q."""
        m, n = len(exprs), len(qs)
        H = np.zeros((m, n, n))
        B0 = np.zeros((m, n))
        c0 = np.zeros(m)
        s_entries: list[tuple[int, int, sp.Expr]] = []  # (row, column or -1 for c, expr)
        index = {s: k for k, s in enumerate(qs)}
        sset = set(ss)
        for row, e in enumerate(exprs):
            try:
                poly = sp.Poly(e, *qs) if qs else None
            except sp.PolynomialError:  # transcendental in q (angles)
                poly = None
            if poly is None or poly.total_degree() > 2:
                self.is_quadratic = False
                return
            for monom, coeff in poly.terms():
                vars_ = [qs[k] for k, p in enumerate(monom) for _ in range(p)]
                depends_on_s = bool(coeff.free_symbols & sset)
                if len(vars_) == 2:
                    if depends_on_s:
                        self.is_quadratic = False
                        return
                    a, b = index[vars_[0]], index[vars_[1]]
                    value = float(coeff)
                    if a == b:
                        H[row, a, a] += 2.0 * value
                    else:
                        H[row, a, b] += value
                        H[row, b, a] += value
                elif len(vars_) == 1:
                    col = index[vars_[0]]
                    if depends_on_s:
                        s_entries.append((row, col, coeff))
                    else:
                        B0[row, col] += float(coeff)
                else:
                    if depends_on_s:
                        s_entries.append((row, -1, coeff))
                    else:
                        c0[row] += float(coeff)
        self.is_quadratic = True
        self._H, self._B0, self._c0 = H, B0, c0
        # The same form in homogeneous coordinates q̃ = (q, 1): Φ_i = ½ q̃ᵀ H̃_i q̃ with
        # H̃_i = [[H_i, b_i], [b_iᵀ, 2 c_i]], so that one product H̃ q̃ gives both Φ_q
        # (its first n columns) and Φ (half its product with q̃).
        Ht = np.zeros((m, n + 1, n + 1))
        Ht[:, :n, :n] = H
        Ht[:, :n, n] = Ht[:, n, :n] = B0
        Ht[:, n, n] = 2 * c0
        flat, exprs_s = [], []
        for r, col, e in s_entries:
            if col >= 0:
                flat += [np.ravel_multi_index((r, col, n), Ht.shape), np.ravel_multi_index((r, n, col), Ht.shape)]
                exprs_s += [e, e]
            else:
                flat.append(np.ravel_multi_index((r, n, n), Ht.shape))
                exprs_s.append(2 * e)
        self._Ht0 = Ht
        self._Ht_flat = np.array(flat, dtype=int)
        self._Ht_f = sp.lambdify([ss], exprs_s, "math") if exprs_s else None

    @property
    def quadratic_form(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(H, B, c) of Φ = ½ qᵀHq + Bq + c at the reference inputs (quadratic models).

        H has shape (m, n, n): H[i] is the (constant) Hessian of constraint i.
        """
        if not self.is_quadratic:
            raise ValueError(f"The {self.family} model of '{self.mechanism.name}' is not quadratic in q.")
        Ht = self._filled_Ht(self._measure(self.reference_q))
        n = self.n_coordinates
        return Ht[:, :n, :n].copy(), Ht[:, :n, n].copy(), 0.5 * Ht[:, n, n]

    def _filled_Ht(self, s) -> np.ndarray:
        Ht = self._Ht0.copy()
        if self._Ht_f is not None:
            Ht.reshape(-1)[self._Ht_flat] = self._Ht_f(s)
        return Ht

    # ----------------------------------------------------------------- inputs
    def input_vector(self, inputs: dict) -> np.ndarray:
        """The input values as a vector in model order; clear errors on bad names."""
        try:
            if len(inputs) == len(self._input_names):
                values = [float(inputs[name]) for name in self._input_names]
                if all(map(math.isfinite, values)):
                    return np.array(values)
        except (KeyError, TypeError, ValueError):
            pass
        return self._input_vector_checked(inputs)

    def _input_vector_checked(self, inputs) -> np.ndarray:
        if not isinstance(inputs, dict):
            raise InputError(
                f"Inputs must be a dict such as {{'{self.input_names[0] if self.inputs else 'crank'}'"
                f": 0.5}}, got {type(inputs).__name__}."
            )
        unknown = sorted(set(inputs) - set(self.input_names))
        if unknown:
            raise InputError(
                f"Unknown input(s) {unknown} for '{self.mechanism.name}': its inputs are "
                f"{self.input_names}."
            )
        missing = [n for n in self.input_names if n not in inputs]
        if missing:
            raise InputError(
                f"Missing value(s) for input(s) {missing} of '{self.mechanism.name}': pass "
                f"one value for each of {self.input_names}."
            )
        values = []
        for name in self.input_names:
            try:
                value = float(inputs[name])
            except (TypeError, ValueError):
                raise InputError(f"Input '{name}' must be a number, got {inputs[name]!r}.") from None
            if not np.isfinite(value):
                raise InputError(f"Input '{name}' must be finite, got {value}.")
            values.append(value)
        return np.array(values)

    def input_values(self, q) -> dict[str, float]:
        """Read the inputs off a position q (angles in (−π, π])."""
        values = self._measure_f(self._check_q(q))
        return {name: float(v) for name, v in zip(self.input_names, values)}

    def input_rates(self, q, qd) -> np.ndarray:
        """Read the input rates ṡ off a velocity q̇ (ṡ = ∂s/∂q · q̇)."""
        grad = self._dense(self._measure_q_f(self._check_q(q)), (len(self.inputs), self.n_coordinates))
        return grad @ self._check_q(qd, "qd")

    def reference_inputs(self) -> dict[str, float]:
        """The inputs in the reference drawing."""
        return self.input_values(self.reference_q)

    # ----------------------------------------------------------------- numerics
    def _check_q(self, q, what: str = "q") -> np.ndarray:
        if hasattr(q, "q") and hasattr(q, "converged"):
            raise InputError(f"{what} is a position result: pass its coordinates, result.q.")
        try:
            q = np.asarray(q, dtype=float)
        except (TypeError, ValueError):
            raise InputError(f"{what} must be an array of {self.n_coordinates} numbers, not {type(q).__name__}.") from None
        if q.size and not np.all(np.isfinite(q)):
            raise InputError(f"{what} has entries that are not finite (NaN or infinite): {q}.")
        if q.shape[-1:] != (self.n_coordinates,):
            raise InputError(
                f"{what} has {q.shape[-1] if q.ndim else 0} entries but the {self.family} "
                f"model of '{self.mechanism.name}' has {self.n_coordinates} coordinates "
                f"{self.coordinate_names}."
            )
        return q

    def phi(self, q, inputs: dict) -> np.ndarray:
        """Constraint residuals Φ(q, s)."""
        return np.array(self._phi_f(self._check_q(q), self.input_vector(inputs)), dtype=float)

    def jacobian(self, q, inputs: dict | None = None) -> np.ndarray:
        """The constraint Jacobian Φ_q (m × n)."""
        s = self.input_vector(inputs) if inputs is not None else self._measure(q)
        return self._dense(self._jac_f(self._check_q(q), s), (self.n_constraints, self.n_coordinates))

    def phi_s(self, q, inputs: dict | None = None) -> np.ndarray:
        """∂Φ/∂s, the derivative of the residuals with respect to the inputs (m × p)."""
        s = self.input_vector(inputs) if inputs is not None else self._measure(q)
        return self._dense(self._phi_s_f(self._check_q(q), s), (self.n_constraints, len(self.inputs)))

    def _second_derivative_along(self, exprs: sp.Matrix, with_inputs: bool):
        """d²/dε² of exprs(q + ε q̇, s + ε ṡ) at ε = 0, and the symbols it uses.

        One directional derivative per expression instead of the n² entries of its
        Hessian: for trigonometric models (angles) this is what keeps it cheap.
        """
        qs, ss = self.coordinate_symbols, self._input_symbols
        eps = sp.Symbol("epsilon_", real=True)
        qd = sp.symbols(f"qd0:{len(qs)}")
        sd = sp.symbols(f"sd0:{len(ss)}")
        shift = {q: q + eps * v for q, v in zip(qs, qd)}
        if with_inputs:
            shift.update({x: x + eps * v for x, v in zip(ss, sd)})
        moved = exprs.xreplace(shift)
        return moved.diff(eps, 2).xreplace({eps: 0}), qd, sd

    def phi_t(self, q, input_rates: dict) -> np.ndarray:
        """Φ_t = Φ_s ṡ: the rate of change of the residuals when the inputs move at ṡ
        and q is held (the right-hand side of Φ_q q̇ = −Φ_t)."""
        rates = self.input_vector(input_rates)
        return self.phi_s(q) @ rates

    def acceleration_rhs(self, q, qd, input_accelerations: dict) -> np.ndarray:
        """γ of Φ_q q̈ = γ at position q and velocity q̇ (input rates read off q̇)."""
        q, qd = self._check_q(q), self._check_q(qd, "qd")
        return self.gamma(q, qd, self._measure(q), self.input_rates(q, qd), self.input_vector(input_accelerations))

    def gamma(self, q, qd, s, sd, sdd) -> np.ndarray:
        """Right-hand side γ of the acceleration equations Φ_q q̈ = γ.

        γ = −d²Φ/dt² + Φ_q q̈ = −(q̇, ṡ)ᵀ ∂²Φ (q̇, ṡ) − Φ_s s̈: the second derivative of
        Φ along the motion, for which the library differentiates each equation twice
        along the direction (q̇, ṡ).
        """
        if self._gamma_compiled is None:
            qs, ss = self.coordinate_symbols, self._input_symbols
            second, qd_s, sd_s = self._second_derivative_along(self._phi_matrix, with_inputs=True)
            sdd_s = sp.symbols(f"sdd0:{len(ss)}")
            phi_s = self._phi_matrix.jacobian(ss) if ss else sp.zeros(self.n_constraints, 0)
            gamma = -(second + (phi_s * sp.Matrix(sdd_s) if ss else sp.zeros(self.n_constraints, 1)))
            self._gamma_compiled = sp.lambdify([qs, qd_s, ss, sd_s, sdd_s], list(gamma), "numpy", cse=True)
        return np.array(self._gamma_compiled(q, qd, s, sd, sdd), dtype=float)

    def _measure(self, q) -> np.ndarray:
        return np.array(self._measure_f(self._check_q(q)), dtype=float)

    @staticmethod
    def _dense(rows, shape) -> np.ndarray:
        out = np.zeros(shape)
        for r, row in enumerate(rows):
            out[r, :] = row
        return out

    def newton_function(self, s: np.ndarray):
        """Return f(q) → (Φ, Φ_q) at fixed inputs s, the inner loop of Newton–Raphson."""
        if not self.is_quadratic:
            phi_f, jac_f, dense, shape = self._phi_f, self._jac_f, self._dense, (self.n_constraints, self.n_coordinates)

            def generic(q):
                return np.array(phi_f(q, s), dtype=float), dense(jac_f(q, s), shape)

            return generic
        Ht = self._filled_Ht(s)
        m, n = self.n_constraints, self.n_coordinates
        Ht2 = Ht.reshape(m * (n + 1), n + 1)
        qt = np.empty(n + 1)
        qt[n] = 1.0

        def quadratic(q):
            qt[:n] = q
            M = (Ht2 @ qt).reshape(m, n + 1)  # row i: H̃_i q̃ = (Φ_q row i, b_i·q + 2c_i)
            return 0.5 * (M @ qt), M[:, :n]

        return quadratic

    # ----------------------------------------------------------------- points
    def _require_point(self, name: str) -> None:
        if name not in self._points_f:
            raise UnknownNameError(
                f"'{self.mechanism.name}' has no point '{name}'; its points are {self.point_names}."
            )

    def point_jacobian(self, q, name: str) -> np.ndarray:
        """∂r/∂q of a named point (dim × n): ṙ = (∂r/∂q) q̇."""
        self._require_point(name)
        return self._dense(self._point_jac_f[name](self._check_q(q)), (len(self._point_exprs[name]), self.n_coordinates))

    def point(self, q, name: str) -> np.ndarray:
        """Position of a named point; q may be one position (n,) or many (N, n)."""
        self._require_point(name)
        q = self._check_q(q)
        values = self._points_f[name](*np.moveaxis(q, -1, 0))
        out = np.empty(q.shape[:-1] + (len(values),))
        for axis, value in enumerate(values):
            out[..., axis] = value
        return out

    def point_velocity(self, q, qd, name: str) -> np.ndarray:
        """Velocity of a named point, ṙ = r_q q̇."""
        self._require_point(name)
        q, qd = self._check_q(q), self._check_q(qd, "qd")
        return self._dense(self._point_jac_f[name](q), (len(self._point_exprs[name]), self.n_coordinates)) @ qd

    def point_acceleration(self, q, qd, qdd, name: str) -> np.ndarray:
        """Acceleration of a named point, r̈ = r_q q̈ + (r_q q̇)_q q̇."""
        self._require_point(name)
        q, qd, qdd = self._check_q(q), self._check_q(qd, "qd"), self._check_q(qdd, "qdd")
        jac = self._dense(self._point_jac_f[name](q), (len(self._point_exprs[name]), self.n_coordinates))
        if name not in self._point_dd_f:
            second, qd_s, _ = self._second_derivative_along(self._point_exprs[name].subs(self.parameters), with_inputs=False)
            self._point_dd_f[name] = sp.lambdify([self.coordinate_symbols, qd_s], list(second), "numpy", cse=True)
        return jac @ qdd + np.array(self._point_dd_f[name](q, qd), dtype=float)

    def degrees_of_freedom(self, q) -> int:
        """n − rank(Φ_q) of the constraints other than the drivers, at position q.

        The mobility of the mechanism as the model sees it: the number of inputs it
        needs. Computed from the rank (SVD, relative tolerance 1e-9), so redundant
        constraints are not counted twice.
        """
        rows = [k for k, c in enumerate(self.constraints) if not c.is_driver]
        J = self.jacobian(q)[rows]
        if J.size == 0:
            return self.n_coordinates
        sv = np.linalg.svd(J, compute_uv=False)
        rank = int(np.sum(sv > 1e-9 * sv[0])) if sv.size and sv[0] > 0 else 0
        return self.n_coordinates - rank

    def guess_from_points(self, positions: dict[str, tuple[float, float]]) -> np.ndarray:
        """A guess q built from approximate point positions (others from the drawing).

        Only for families whose coordinates are point coordinates (basic, natural).
        """
        q = self.reference_q.copy()
        names = self.coordinate_names
        for point, xy in positions.items():
            self._require_point(point)
            for axis, value in zip("xyz", xy):
                key = f"{axis}_{point}"
                if key not in names:
                    raise InputError(
                        f"Point '{point}' is fixed to the ground in this model; it needs no guess."
                    )
                q[names.index(key)] = float(value)
        return q
