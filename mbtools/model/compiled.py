"""Compilation of a model's sympy expressions into fast numerical functions.

The equations a page shows are the very expressions the numbers come from: they are
compiled with :func:`sympy.lambdify` (common subexpressions shared). When every
equation is at most quadratic in q — the 1985 paper's central claim for basic and
natural coordinates — they are also compiled into the arrays of the quadratic form

    Φ_i(q, s) = ½ qᵀ H_i q + b_i(s)ᵀ q + c_i(s),        Φ_q = H q + B(s),

which is what the Newton–Raphson loop evaluates: one matrix product per iteration.
Compilation is lazy: a function is built the first time it is needed, so formulating
a model costs only the expressions themselves. Second derivatives (the γ of the
acceleration equations, point accelerations) are taken from the compiled Jacobians by
the complex step, exact to round-off, instead of being differentiated symbolically
(which took seconds for the nested trigonometric expressions of relative coordinates).
"""

from __future__ import annotations

import functools

import numpy as np
from scipy import sparse
import sympy as sp

from ..errors import MechanismError
from .jets import LocalDerivatives, stacked, variables

#: How many compiled functions and symbolic Jacobians a process keeps for reuse.
COMPILED_KEPT = 4096


def _frozen(x):
    """Nested lists (arguments, expressions) as nested tuples: a key."""
    return tuple(_frozen(item) for item in x) if isinstance(x, (list, tuple)) else x


def _thawed(x):
    """Nested tuples back to the nested lists they were."""
    return [_thawed(item) for item in x] if isinstance(x, tuple) else x


@functools.lru_cache(maxsize=COMPILED_KEPT)
def _lambdified(args, exprs, module: str, cse: bool):
    return sp.lambdify(_thawed(args), _thawed(exprs), module, cse=cse)


def lambdified(args, exprs, module: str = "numpy", cse: bool = True):
    """``sympy.lambdify(args, exprs, module, cse=cse)``, compiled once per process for
    equal arguments and expressions: a mechanism formulated again (in a second test,
    page or cell) reuses the functions instead of printing and compiling their code
    again, which is most of what a model's first evaluations cost.

    >>> x, y = sp.symbols("x y", real=True)
    >>> f = lambdified([[x, y]], [x * y, x + y])
    >>> f([2.0, 3.0]), lambdified([[x, y]], [x * y, x + y]) is f
    ([6.0, 5.0], True)
    """
    return _lambdified(_frozen(args), _frozen(exprs), module, cse)


@functools.lru_cache(maxsize=COMPILED_KEPT)
def _jacobian(exprs: tuple, symbols: tuple) -> sp.ImmutableMatrix:
    # each entry differentiated only by the symbols it involves: a model's entries involve
    # a body's few coordinates of many, and sympy builds a zero derivative at a cost
    # (A02 with N = 40: 80 000 entries, 7.6 s, against 0.1 s)
    rows = []
    for expr in exprs:
        expr = sp.sympify(expr)
        involved = expr.free_symbols
        rows.append([expr.diff(x) if x in involved or not x.is_Symbol else sp.S.Zero for x in symbols])
    return sp.ImmutableMatrix(len(exprs), len(symbols), [d for row in rows for d in row])


def symbolic_jacobian(exprs, symbols) -> sp.Matrix:
    """∂exprs/∂symbols, a len(exprs) × len(symbols) matrix, differentiated once per
    process for equal expressions and symbols.

    >>> x, y = sp.symbols("x y", real=True)
    >>> symbolic_jacobian([x * y, x + y], [x, y])
    Matrix([
    [y, x],
    [1, 1]])
    """
    return sp.Matrix(_jacobian(tuple(exprs), tuple(symbols)))


def dense(rows, shape) -> np.ndarray:
    """A lambdified nested list (entries may be scalars or arrays) as a dense array."""
    out = np.zeros(shape)
    for r, row in enumerate(rows):
        out[r, :] = row
    return out


#: The step of the complex-step derivative: any h far below the square root of the
#: machine epsilon gives the derivative to round-off, since no difference is taken.
COMPLEX_STEP = 1e-30


def dense_complex(rows, shape) -> np.ndarray:
    """:func:`dense` for complex entries."""
    out = np.zeros(shape, dtype=complex)
    for r, row in enumerate(rows):
        out[r, :] = row
    return out


def derivative_along(jacobian_times, point, direction):
    """d/dε f(x + ε v) at ε = 0 by the complex step, Im f(x + i h v) / h (Squire &
    Trapp 1998; Martins, Sturdza & Alonso 2003): exact to round-off for the analytic
    functions (polynomials, sines and cosines) the constraint equations are made of,
    because, unlike a finite difference, it subtracts nothing."""
    return jacobian_times(point + 1j * COMPLEX_STEP * direction).imag / COMPLEX_STEP


#: Up to this many entries of H̃ (m (n + 1)², about 40 coordinates), the product H̃ q̃ is
#: taken with H̃ dense; above, sparse: dense, it costs m (n + 1)² — 5 ms a call for A02
#: with N = 100.
SPARSE_FORM_FROM = 100_000


@functools.cache
def _complex_steps(k: int) -> np.ndarray:
    """(k + 1) × k: the point itself (no step), then a complex step i h along each coordinate."""
    out = 1j * COMPLEX_STEP * np.vstack([np.zeros(k), np.eye(k)])
    out.flags.writeable = False
    return out


def _jets(function, jets: list, expr: sp.Matrix) -> list:
    """``function`` of jets; a MechanismError naming the expression where it calls a
    function jets do not carry (an absolute value, say)."""
    try:
        return function(*jets)
    except TypeError as error:
        raise MechanismError(f"The second derivatives of {list(expr)} are not available: they use a function "
                             f"that is not smooth or not known to mbtools.model.jets ({error}).") from None


class QuadraticForm:
    """Φ = ½ q̃ᵀ H̃ q̃ in homogeneous coordinates q̃ = (q, 1), H̃_i = [[H_i, b_i], [b_iᵀ,
    2 c_i]], with the entries that depend on the inputs filled in per solve. One
    product H̃ q̃ gives both Φ_q (its first n columns) and Φ (half its product with q̃).

    H̃ is kept as its non-zero entries, in the layout of an (m (n + 1)) × (n + 1) matrix
    (row i (n + 1) + a, column b for H̃_i[a, b]): a row of Φ involves the coordinates of a
    body or two, so H̃ has about as many entries as Φ has rows, where a dense array would
    hold m (n + 1)² of them.

    Parameters
    ----------
    shape : tuple of int
        (m, n + 1, n + 1).
    template : scipy.sparse.csr_matrix
        H̃ in the (m (n + 1)) × (n + 1) layout, with an entry (zero until filled) wherever
        an input enters.
    flat : ndarray of int
        The input-dependent entries, as indices into the raveled (m, n + 1, n + 1) array.
    fill : callable or None
        s ↦ their values.
    """

    def __init__(self, shape, template, flat: np.ndarray, fill, exprs_s=(), ss=()):
        self.shape, self.template, self.flat, self.fill = tuple(shape), template, flat, fill
        self.exprs_s, self.ss = list(exprs_s), list(ss)  # the input-dependent entries, symbolic
        n1 = self.shape[1]
        keys = np.repeat(np.arange(template.shape[0]), np.diff(template.indptr)) * n1 + template.indices
        self.slots = np.searchsorted(keys, flat)  # raveled (i, a, b) = (i (n + 1) + a) (n + 1) + b
        self.q_tilde = np.ones(n1)

    @classmethod
    def of(cls, exprs: list, qs: list, ss: list) -> "QuadraticForm | None":
        """The quadratic form of the expressions, or None if one is not quadratic in q
        or has a quadratic term whose coefficient depends on an input."""
        m, n = len(exprs), len(qs)
        n1 = n + 1
        entries: list[tuple[int, int, int, float]] = []  # (row, a, b, value) of H̃, summed later
        s_entries: list[tuple[int, int, sp.Expr]] = []  # (row, column or -1 for c, expr)
        index = {s: k for k, s in enumerate(qs)}
        qset, sset = set(qs), set(ss)
        for row, e in enumerate(exprs):
            # a row involves a few coordinates only (found from the row's symbols, in
            # coordinate order: a scan of every coordinate per row grew as m n)
            used = sorted(e.free_symbols & qset, key=index.__getitem__)
            try:
                poly = sp.Poly(e, *used) if used else sp.Poly(e, qs[0]) if qs else None
            except sp.PolynomialError:  # transcendental in q (angles)
                return None
            if poly is None or poly.total_degree() > 2:
                return None
            gens = used or qs[:1]
            for monom, coeff in poly.terms():
                vars_ = [index[gens[k]] for k, p in enumerate(monom) for _ in range(p)]
                depends_on_s = bool(coeff.free_symbols & sset)
                if len(vars_) == 2:
                    if depends_on_s:
                        return None
                    a, b = vars_
                    if a != b:
                        entries += [(row, a, b, float(coeff)), (row, b, a, float(coeff))]
                    else:
                        entries.append((row, a, a, 2.0 * float(coeff)))
                elif len(vars_) == 1:
                    if depends_on_s:
                        s_entries.append((row, vars_[0], coeff))
                    else:
                        entries += [(row, vars_[0], n, float(coeff)), (row, n, vars_[0], float(coeff))]
                elif depends_on_s:
                    s_entries.append((row, -1, coeff))
                else:
                    entries.append((row, n, n, 2.0 * float(coeff)))
        flat, exprs_s = [], []
        for r, col, e in s_entries:
            if col >= 0:
                flat += [(r * n1 + col) * n1 + n, (r * n1 + n) * n1 + col]
                exprs_s += [e, e]
            else:
                flat.append((r * n1 + n) * n1 + n)
                exprs_s.append(2 * e)
        flat = np.array(flat, dtype=int)
        rows = [(r * n1 + a) for r, a, _, _ in entries] + list(flat // n1)
        columns = [b for _, _, b, _ in entries] + list(flat % n1)
        values = [v for _, _, _, v in entries] + [0.0] * len(flat)
        template = sparse.csr_matrix((values, (rows, columns)), shape=(m * n1, n1))  # duplicates summed
        template.sort_indices()
        fill = sp.lambdify([ss], exprs_s, "math") if exprs_s else None
        return cls((m, n1, n1), template, flat, fill, exprs_s, ss)

    def filled_template(self, s):
        """H̃ at the input values s, in the sparse (m (n + 1)) × (n + 1) layout."""
        if self.fill is None:
            return self.template
        data = self.template.data.copy()
        data[self.slots] = self.fill(s)
        return sparse.csr_matrix((data, self.template.indices, self.template.indptr), shape=self.template.shape)

    def filled(self, s) -> np.ndarray:
        """H̃ at the input values s, as a dense (m (n + 1)) × (n + 1) array (small models)."""
        return self.filled_template(s).toarray()

    def parts(self, s):
        """((k, i, j, h), B, c) at the input values s: the non-zero entries H_k[i, j] = h of
        the constant Hessians (sorted by k, i, j), and B (m × n) and c of
        Φ = ½ qᵀHq + Bq + c — without forming H densely."""
        m, n1 = self.shape[0], self.shape[1]
        n = n1 - 1
        Ht = self.filled_template(s).tocoo()
        k, a, b, v = Ht.row // n1, Ht.row % n1, Ht.col, Ht.data
        hessian = (a < n) & (b < n) & (v != 0.0)
        offset = (a < n) & (b == n)
        B = np.zeros((m, n))
        B[k[offset], a[offset]] = v[offset]
        c = np.zeros(m)
        corner = (a == n) & (b == n)
        c[k[corner]] = 0.5 * v[corner]
        order = np.lexsort((b[hessian], a[hessian], k[hessian]))
        return (k[hessian][order], a[hessian][order], b[hessian][order], v[hessian][order]), B, c

    def scaled(self, row_scales: np.ndarray) -> "QuadraticForm":
        """The same form with equation i divided by ``row_scales[i]``."""
        n1 = self.shape[1]
        rows = self.flat // (n1 * n1)
        exprs = [e / float(row_scales[r]) for e, r in zip(self.exprs_s, rows)]
        fill = sp.lambdify([self.ss], exprs, "math") if exprs else None
        template = self.template.copy()
        entry_rows = np.repeat(np.arange(template.shape[0]), np.diff(template.indptr)) // n1
        template.data = template.data / np.asarray(row_scales, dtype=float)[entry_rows]
        return QuadraticForm(self.shape, template, self.flat, fill, exprs, self.ss)

    def newton_function(self, s):
        """f(q) → (Φ, Φ_q) at the inputs s: one product with the filled H̃."""
        m, n1 = self.shape[0], self.shape[1]
        n = n1 - 1
        Ht2 = self.filled_template(s)
        if m * n1 * n1 <= SPARSE_FORM_FROM:  # small: the dense product is faster
            Ht2 = Ht2.toarray()
        qt = self.q_tilde.copy()

        def quadratic(q):
            qt[:n] = q
            M = (Ht2 @ qt).reshape(m, n1)  # row i: H̃_i q̃ = (Φ_q row i, b_i·q + 2c_i)
            return 0.5 * (M @ qt), M[:, :n]

        return quadratic


class Compiled:
    """The numerical functions of one model, each compiled on first use.

    Parameters
    ----------
    exprs : list of sympy.Expr
        Φ with the constant parameters substituted.
    qs, ss : list of sympy.Symbol
        Coordinates and inputs.
    """

    def __init__(self, exprs: list, qs: list, ss: list):
        self.exprs, self.qs, self.ss = exprs, qs, ss
        self.phi_matrix = sp.Matrix(exprs) if exprs else sp.zeros(0, 1)
        self._cache: dict = {}

    def _get(self, key, build):
        if key not in self._cache:
            self._cache[key] = build()
        return self._cache[key]

    @property
    def phi(self):
        return self._get("phi", lambda: lambdified([self.qs, self.ss], list(self.phi_matrix)))

    @property
    def jacobian_matrix(self) -> sp.Matrix:
        return self._get("jac_matrix", lambda: symbolic_jacobian(self.exprs, self.qs) if self.exprs
                         else sp.zeros(0, len(self.qs)))

    @property
    def jacobian(self):
        return self._get("jac", lambda: lambdified([self.qs, self.ss], self.jacobian_matrix.tolist()))

    @property
    def phi_s(self):
        def build():
            m = symbolic_jacobian(self.exprs, self.ss) if (self.ss and self.exprs) else sp.zeros(len(self.exprs),
                                                                                                 len(self.ss))
            return lambdified([self.qs, self.ss], m.tolist())
        return self._get("phi_s", build)

    @property
    def quadratic(self) -> QuadraticForm | None:
        return self._get("quadratic", lambda: QuadraticForm.of(self.exprs, self.qs, self.ss))

    def phi_and_jacobian(self, s):
        """f(q) → (Φ, Φ_q) at the inputs s, by one evaluation of Φ at the n complex
        points q + i h e_k: Re gives Φ, Im / h gives the columns of Φ_q, both exact to
        round-off (the complex step; see :func:`derivative_along`). Faster to compile
        and to evaluate than the symbolic Jacobian of long trigonometric expressions."""
        phi = self.phi
        m, n = len(self.exprs), len(self.qs)
        steps = 1j * COMPLEX_STEP * np.eye(n)
        s = np.asarray(s, dtype=float)

        def evaluate(q):
            values = dense_complex(phi(q[:, None] + steps, s), (m, n))
            return values[:, 0].real.copy() if n else np.array(phi(q, s), dtype=float), values.imag / COMPLEX_STEP

        return evaluate

    def gamma(self, q, qd, s, sd, sdd) -> np.ndarray:
        """γ(q, q̇, s, ṡ, s̈) = −d²Φ/dt² + Φ_q q̈ = −(Φ_q q̇ + Φ_s ṡ)˙ − Φ_s s̈, where the
        dot is the derivative along the motion (q̇, ṡ): the term (Φ_q q̇)_q q̇ + 2 (Φ_s ṡ)_q q̇
        + (Φ_s ṡ)_s ṡ of García de Jalón & Bayo (1994, eq. 3.45), taken by the complex
        step on the compiled Jacobians rather than by differentiating them symbolically."""
        m, n, p = len(self.exprs), len(self.qs), len(self.ss)
        jac, phi_s = self.jacobian, self.phi_s
        q, qd, s, sd, sdd = (np.asarray(x, dtype=float) for x in (q, qd, s, sd, sdd))

        def rate(x):  # Φ_q q̇ + Φ_s ṡ at x = (q, s), complex
            qc, sc = x[:n], x[n:]
            out = dense_complex(jac(qc, sc), (m, n)) @ qd
            return out + dense_complex(phi_s(qc, sc), (m, p)) @ sd if p else out

        second = derivative_along(rate, np.concatenate([q, s]), np.concatenate([qd, sd]))
        phi_s_now = dense(phi_s(q, s), (m, p)) if p else np.zeros((m, 0))
        return -(second + phi_s_now @ sdd)

    def cached(self, key, build):
        """``build()``, computed on the first call with ``key`` and kept."""
        return self._get(key, build)

    def local_function(self, key, expr: sp.Matrix) -> tuple[np.ndarray, object]:
        """(columns, g): the indices of the coordinates an expression involves (a body's
        few, of many) and its function compiled in them, g(q[columns[0]], …) → entries."""
        def build():
            involved = set().union(*(e.free_symbols for e in expr)) if len(expr) else set()
            columns = [k for k, q in enumerate(self.qs) if q in involved]
            return np.array(columns, dtype=int), lambdified([self.qs[k] for k in columns], list(expr))
        return self._get(("local", key), build)

    def vector_function(self, key, expr: sp.Matrix):
        """r(q) of a point, vector or placement entry (q unpacked, so that arrays of
        many configurations broadcast)."""
        def build():
            columns, g = self.local_function(key, expr)
            columns = columns.tolist()  # Python ints index the unpacked q fastest
            return lambda *q: g(*(q[k] for k in columns))
        return self._get(("r", key), build)

    def is_linear(self, key, expr: sp.Matrix) -> bool:
        """Whether a point, vector or placement entry is linear in q (its Jacobian constant,
        its Hessian zero), decided symbolically once."""
        return self._get(("r_q constant", key), lambda: self._constant_jacobian(expr)) is not None

    def vector_derivatives_at(self, key, expr: sp.Matrix, q, third: bool = False) -> LocalDerivatives:
        """r, ∂r/∂q and ∂²r/∂q² of a point, vector or placement entry at q, in the coordinates
        it involves, by jets (:mod:`mbtools.model.jets`) through the function that gives its
        values: exact, with nothing differentiated symbolically. With ``third``, also
        ∂³r/∂q³, by the complex step on the jets (one batch of k + 1 points, k the number
        of coordinates involved)."""
        columns, g = self.local_function(key, expr)
        x, k, m = np.asarray(q, dtype=float)[columns], len(columns), len(expr)
        expansion = self._get(("quadratic expansion", key), lambda: self._quadratic_expansion(expr, columns, g))
        if expansion is not None:  # r = r₀ + J₀ x + ½ xᵀ H x exactly: no evaluation
            value, jacobian, hessian = expansion
            slope = hessian @ x
            return LocalDerivatives(columns, value + (jacobian + 0.5 * slope) @ x, jacobian + slope, hessian,
                                    np.zeros((m, k, k, k)) if third else None)
        if not third:
            values, gradients, hessians = stacked(_jets(g, variables(x), expr), (), k)
            return LocalDerivatives(columns, values.real, gradients.real, hessians.real)
        values, gradients, hessians = stacked(_jets(g, variables(x + _complex_steps(k)), expr), (k + 1,), k)
        thirds = np.moveaxis(hessians[:, 1:].imag / COMPLEX_STEP, 1, -1)  # (m, k, k, k), the step last
        return LocalDerivatives(columns, values[:, 0].real, gradients[:, 0].real, hessians[:, 0].real,
                                thirds.reshape(m, k, k, k))

    def vector_jacobian_at(self, key, expr: sp.Matrix, q) -> np.ndarray:
        """∂r/∂q of a point, vector or placement entry at q: where r is linear in q (every
        point and vector of the natural and basic families), the constant matrix,
        differentiated symbolically once; where it is quadratic (a frame whose third axis
        is u × v, an Euler-parameter frame), J₀ + H x from its exact expansion; else by
        the complex step."""
        constant = self._get(("r_q constant", key), lambda: self._constant_jacobian(expr))
        if constant is not None:
            return constant.copy()
        columns, g = self.local_function(key, expr)
        k = len(columns)
        out = np.zeros((len(expr), len(self.qs)))
        if not k:
            return out
        x = np.asarray(q, dtype=float)[columns]
        expansion = self._get(("quadratic expansion", key), lambda: self._quadratic_expansion(expr, columns, g))
        if expansion is not None:  # r = r₀ + J₀ x + ½ xᵀ H x exactly, so r_q = J₀ + H x
            _, jacobian, hessian = expansion
            out[:, columns] = jacobian + hessian @ x
            return out
        # one complex step along each coordinate the entry involves (a body's few, of many)
        values = g(*(x[:, None] + 1j * COMPLEX_STEP * np.eye(k)))
        out[:, columns] = dense_complex(values, (len(expr), k)).imag / COMPLEX_STEP
        return out

    def _quadratic_expansion(self, expr: sp.Matrix, columns: np.ndarray, g) -> tuple | None:
        """(r, ∂r/∂q, ∂²r/∂q²) at q = 0, in the coordinates involved, where every entry is a
        polynomial of degree 2 at most in them (an Euler parameters frame, say: its Hessian
        constant), else None."""
        symbols = [self.qs[k] for k in columns]
        for entry in expr:
            try:
                if symbols and sp.Poly(entry, *symbols).total_degree() > 2:
                    return None
            except sp.PolynomialError:
                return None
        values, gradients, hessians = stacked(g(*variables(np.zeros(len(columns)))), (), len(columns))
        return values.real, gradients.real, hessians.real

    def _constant_jacobian(self, expr: sp.Matrix) -> np.ndarray | None:
        """∂r/∂q as numbers where it does not depend on q, else None."""
        out = np.zeros((len(expr), len(self.qs)))
        if not len(expr):
            return out
        index = self._get("index", lambda: {q: k for k, q in enumerate(self.qs)})
        involved = sorted(set().union(*(e.free_symbols for e in expr)) & set(index), key=index.__getitem__)
        if not involved:  # constant
            return out
        if any(turn.free_symbols & set(involved) for turn in expr.atoms(sp.sin, sp.cos)):
            return None  # turned by a coordinate (relative coordinates): spares the long symbolic Jacobian
        jacobian = symbolic_jacobian(expr, involved)  # the coordinates it involves only: a body's few, of many
        if jacobian.free_symbols:
            return None
        out[:, [index[q] for q in involved]] = np.array(jacobian.tolist(), dtype=float)
        return out

    def vector_jacobian(self, key, expr: sp.Matrix):
        """∂r/∂q of a point, vector or placement entry, symbolic and compiled (for second
        derivatives by the complex step)."""
        return self._get(("r_q", key), lambda: lambdified([self.qs], symbolic_jacobian(expr, self.qs).tolist()))

    def vector_second_derivative(self, key, expr: sp.Matrix, q, qd) -> np.ndarray:
        """(r_q q̇)_q q̇ of a point, vector or placement entry, by the complex step."""
        f = self.vector_jacobian(key, expr)
        shape = (len(expr), len(self.qs))
        return derivative_along(lambda x: dense_complex(f(x), shape) @ qd, np.asarray(q, dtype=float),
                                np.asarray(qd, dtype=float))
