"""Rodrigues' formula with coefficients smooth at θ = 0, for the rotation-vector option of
reference-point coordinates.

A body turned by the angle φ about the unit axis u carries the rotation vector θ = φ u,
and its frame is the exponential of θ̃ (O. Rodrigues, 1840; book, equation
eq-rodrigues):

    R(θ) = exp(θ̃) = I + α(s) θ̃ + β(s) θ̃²,        s = θ·θ = φ²,
    α(s) = sin √s / √s,        β(s) = (1 − cos √s) / s.

Written as functions of φ the coefficients are 0/0 at φ = 0, where a body is as drawn,
and so are their derivatives by sympy, which differentiate √(θ·θ). Both are even,
entire functions of φ, that is, entire functions of s:

    α(s) = Σ (−s)ᵏ / (2k + 1)!,        β(s) = Σ (−s)ᵏ / (2k + 2)!,

so here each is a sympy function of s, :func:`rodrigues_coefficient`, whose derivative
is another such function: α⁽ⁿ⁾ and β⁽ⁿ⁾ to any order n, symbolically exact and finite
everywhere (α′(0) = −1/6, β′(0) = −1/24, …). Numerically (:func:`coefficient_values`,
what ``sympy.lambdify`` calls, through the functions' ``_imp_``) each is

* its Taylor series where abs(s) < S = (n + 1)² (:func:`series_below`: φ < 1 rad for α
  and β themselves, the functions R is made of; φ < 2 rad for the first derivatives, in
  Φ_q). Beyond its first few terms the series alternates with terms that fall in size,
  so its truncation error is below the first term left out; :func:`series_terms` takes
  terms until that term, at S, is below 1e-20 abs(f⁽ⁿ⁾(0)) (11 terms for α, 10 for β;
  13 for α′ and β′): the truncation is far below a double's rounding, 1.1e-16;
* from S on, the closed forms α = sin r/r, β = 2 sin²(r/2)/s (r = √s; no cancellation
  in 1 − cos r) and the recurrences that follow from √s α = sin √s and s β = 1 − cos √s,

      α⁽ⁿ⁺¹⁾ = (c⁽ⁿ⁾ − (2n + 1) α⁽ⁿ⁾) / (2s),   c = cos √s,  c′ = −α/2,  c⁽ⁿ⁾ = −α⁽ⁿ⁻¹⁾/2,
      β⁽ⁿ⁺¹⁾ = (α⁽ⁿ⁾/2 − (n + 1) β⁽ⁿ⁾) / s.

  Each step cancels digits while s is small against (2n + 3)(2n + 4), which is why the
  switch point grows with the order. Both branches together stay within 1e-15 of
  abs(f⁽ⁿ⁾(0)) for every s (measured against mpmath for n ≤ 4).

Either branch takes numbers, numpy arrays (vectorised), complex values (for the complex
step of ``mbtools.model.compiled``: the functions are analytic, so their imaginary
parts carry the derivative) and jets (:mod:`mbtools.model.jets`: second derivatives by
Taylor arithmetic). The angular velocity is ω = T(θ) θ̇ with the tangent operator of
book, equation eq-tangent-operator, singular where φ = 2π, 4π, …
(det T = 2 (1 − cos φ)/φ² = 2 β(s)); :func:`whole_turn_explainer` says so by name.

Example
-------
>>> import numpy as np
>>> alpha = rodrigues_coefficient("a")
>>> s = sp.Symbol("s")
>>> alpha(s).diff(s), alpha(0), alpha(s).diff(s).subs(s, 0)
(rodrigues_a_1(s), 1, -1/6)
>>> coefficient_values("a", 0, np.array([0.0, 1e-10, np.pi**2]))
array([1.00000000e+00, 1.00000000e+00, 3.89817183e-17])
>>> R = rotation_vector_matrix(0.0, 0.0, np.pi / 2)      # a quarter turn about z
>>> np.round(np.array(R, dtype=float), 15) + 0.0
array([[ 0., -1.,  0.],
       [ 1.,  0.,  0.],
       [ 0.,  0.,  1.]])
"""

from __future__ import annotations

import cmath
import functools
import math
from fractions import Fraction

import numpy as np
import sympy as sp

from ..model.jets import Jet

#: How close sin(φ/2) may come to 0 at φ ≥ π before a body's rotation vector is named as
#: at a whole turn (the tangent operator's smallest singular value is 2 abs(sin(φ/2))/φ).
WHOLE_TURN_BELOW = 1e-3
#: The kinds of coefficient: k → the offset of the factorial in its k-th Taylor term.
KINDS = {"a": 1, "b": 2}
#: How small the first term a series leaves out must be, relative to abs(f⁽ⁿ⁾(0)).
TRUNCATION = 1e-20
#: Arrays of up to this many values are evaluated number by number (by math or cmath,
#: faster than the twenty numpy calls of the closed forms on a short array).
LOOP_UP_TO = 16


def _check(kind: str, order: int) -> None:
    if kind not in KINDS or not isinstance(order, int) or order < 0:
        raise ValueError(f"A Rodrigues coefficient is kind 'a' (sin √s/√s) or 'b' ((1 − cos √s)/s) with a "
                         f"derivative order ≥ 0, got {kind!r}, {order!r}.")


def value_at_zero(kind: str, order: int) -> Fraction:
    """f⁽ⁿ⁾(0) exactly: (−1)ⁿ n!/(2n + 1)! for α, (−1)ⁿ n!/(2n + 2)! for β."""
    _check(kind, order)
    return Fraction((-1) ** order * math.factorial(order), math.factorial(2 * order + KINDS[kind]))


def series_below(order: int) -> float:
    """The switch point of f⁽ⁿ⁾: its series where abs(s) < (n + 1)², that is φ < n + 1 rad;
    above, its closed form. Each step of the recurrences cancels digits where s is small
    against (2n + 3)(2n + 4); from (n + 1)² on, the n steps lose less than 1e-15 of
    abs(f⁽ⁿ⁾(0)) (measured against mpmath for n ≤ 4; tests/test_rotation_vector.py)."""
    return float((order + 1) ** 2)


def _term(kind: str, order: int, k: int) -> Fraction:
    """The coefficient of s^(k − n) in f⁽ⁿ⁾: (−1)ᵏ k!/((k − n)! (2k + offset)!)."""
    return Fraction((-1) ** k * math.factorial(k), math.factorial(k - order) * math.factorial(2 * k + KINDS[kind]))


@functools.cache
def series_terms(kind: str, order: int) -> int:
    """How many terms of the series f⁽ⁿ⁾ takes: the fewest after which, at the switch
    point S = :func:`series_below`, the terms fall in size (so that the error of the
    alternating series is below the first term left out) and that term,
    abs(t) S^K, is below ``TRUNCATION`` abs(f⁽ⁿ⁾(0)) — 11 for α and 10 for β (n = 0),
    16 for both at n = 3."""
    _check(kind, order)
    limit, scale = Fraction(series_below(order)), abs(value_at_zero(kind, order))
    terms = 1
    while True:
        k = order + terms  # the first term left out
        falling = Fraction(k + 1, k + 1 - order) * limit / ((2 * k + 2 + KINDS[kind]) * (2 * k + 3 + KINDS[kind]))
        if falling < 1 and abs(_term(kind, order, k)) * limit ** terms < TRUNCATION * scale:
            return terms
        terms += 1


@functools.cache
def series_coefficients(kind: str, order: int) -> tuple[float, ...]:
    """The Taylor coefficients of f⁽ⁿ⁾(s) in s, highest power first (for Horner's rule):
    (−1)ᵏ k!/((k − n)! (2k + offset)!) for k = n, …, n + :func:`series_terms` − 1."""
    _check(kind, order)
    terms = [_term(kind, order, k) for k in range(order, order + series_terms(kind, order))]
    return tuple(float(t) for t in reversed(terms))


def _series(kind: str, order: int, s):
    coefficients = series_coefficients(kind, order)
    out = coefficients[0] + 0.0 * s
    for c in coefficients[1:]:
        out = out * s + c
    return out


def _closed(kind: str, order: int, s, functions=np):
    """f⁽ⁿ⁾(s) from the closed forms and the recurrences of the module (abs(s) at or above the
    switch point), with the square root, sine and cosine of ``functions`` (numpy for
    arrays; math or cmath for a number, ten times faster than numpy's 0-d calls)."""
    r = functions.sqrt(s)
    a = functions.sin(r) / r
    if kind == "b":
        h = functions.sin(0.5 * r)
        b = 2.0 * h * h / s
        if order == 0:
            return b
    cosine = functions.cos(r)
    previous = a
    for n in range(order):
        if kind == "b":
            b = (0.5 * a - (n + 1) * b) / s
            if n + 1 == order:
                return b
        c_n = cosine if n == 0 else -0.5 * previous
        previous, a = a, (c_n - (2 * n + 1) * a) / (2.0 * s)
    return a


def _number_value(kind: str, order: int, s):
    """f⁽ⁿ⁾(s) for one number s (float or complex)."""
    if abs(s) < series_below(order):
        return _series(kind, order, s)
    if isinstance(s, complex):
        return _closed(kind, order, s, cmath)
    if s > 0.0:
        return _closed(kind, order, float(s), math)
    return _closed(kind, order, complex(s), cmath).real  # real on s < 0 too: sinh √−s/√−s, …


def _value(kind: str, order: int, s):
    """f⁽ⁿ⁾(s) for a number or an array s (real or complex), vectorised."""
    if isinstance(s, (float, complex, int)) and not isinstance(s, bool):  # numpy's float64, complex128 too
        return _number_value(kind, order, s)
    x = np.asarray(s)
    if x.dtype.kind not in "fc":
        x = x.astype(float)
    if x.ndim == 0:
        return _number_value(kind, order, x[()])
    if x.size <= LOOP_UP_TO:  # a few numbers (a complex step's batch): math or cmath, one by one
        values = [_number_value(kind, order, v) for v in x.ravel().tolist()]
        return np.array(values, dtype=x.dtype).reshape(x.shape)
    small = np.abs(x) < series_below(order)
    if small.all():
        return _series(kind, order, x)
    if x.dtype.kind == "f" and (x < 0.0).any():  # the closed forms through √s < 0; the values are real
        return _value(kind, order, x.astype(complex)).real
    if not small.any():
        return _closed(kind, order, x)
    out = np.empty(x.shape, dtype=x.dtype)
    out[~small] = _closed(kind, order, x[~small])
    out[small] = _series(kind, order, x[small])
    return out


@functools.cache
def implementation(kind: str, order: int):
    """The numerical f⁽ⁿ⁾ that compiled expressions call (the sympy function's ``_imp_``):
    :func:`coefficient_values` with the kind and order bound. A number, the commonest
    argument, takes a short way, and the value at the last number is kept: a Jacobian
    compiled as a nested list shares no subexpression (``sympy.lambdify``'s ``cse`` does
    not reach into one), and calls f⁽ⁿ⁾ at the same s once per entry."""
    _check(kind, order)
    coefficients = series_coefficients(kind, order)
    first, rest, below = coefficients[0], coefficients[1:], series_below(order)
    last = [(None, math.nan, math.nan)]  # (type, s, f⁽ⁿ⁾(s)) of the last number, replaced whole

    def f(s):
        kind_of_s = type(s)
        if kind_of_s is float or kind_of_s is np.float64 or kind_of_s is complex or kind_of_s is np.complex128:
            known = last[0]
            if known[1] == s and known[0] is kind_of_s:  # 2.0 == 2 + 0j: a complex value must not answer a real s
                return known[2]
            if abs(s) < below:
                out = first
                for c in rest:
                    out = out * s + c
            else:
                out = _number_value(kind, order, s)
            last[0] = (kind_of_s, s, out)
            return out
        if isinstance(s, Jet):
            value = s.value
            return s.chain(*(_value(kind, n, value) for n in (order, order + 1, order + 2)))
        return _value(kind, order, s)

    f.__name__ = f"{_name(kind, order)}_values"
    return f


def coefficient_values(kind: str, order: int, s):
    """f⁽ⁿ⁾(s) of α (``kind="a"``) or β (``"b"``), n = ``order``: by the series below
    :func:`series_below`, by the closed forms above (see the module). ``s`` may be a
    number, an array (real or complex) or a :class:`~mbtools.model.jets.Jet`, whose value,
    gradient and Hessian follow from f⁽ⁿ⁾, f⁽ⁿ⁺¹⁾, f⁽ⁿ⁺²⁾.

    >>> float(coefficient_values("b", 1, 0.0)), float(coefficient_values("b", 1, 1e-30))
    (-0.041666666666666664, -0.041666666666666664)
    """
    return implementation(kind, order)(s)


def mpmath_value(kind: str, order: int, s):
    """f⁽ⁿ⁾(s) in mpmath at its working precision, summing the Taylor series (an entire
    function) with the digits its largest term, about e^√abs(s), would cost: for evalf."""
    import mpmath

    _check(kind, order)
    s = mpmath.mpmathify(s)
    offset = KINDS[kind]
    with mpmath.extraprec(int(2.0 * math.sqrt(float(abs(s))) / math.log(2.0)) + 20):
        total, k = mpmath.mpf(0), order
        while True:
            term = (-1) ** k * mpmath.factorial(k) / (mpmath.factorial(k - order) * mpmath.factorial(2 * k + offset))
            term = term * s ** (k - order)
            total += term
            if k > order + 2 and abs(term) <= mpmath.eps * abs(total) and abs(s) < 0.5 * (k + 1) ** 2:
                break
            k += 1
    return +total


class RodriguesCoefficient(sp.Function):
    """A coefficient of Rodrigues' formula, or one of its derivatives, as a function of
    s = θ·θ (see the module): made by :func:`rodrigues_coefficient`, one class per kind and
    order, so that sympy differentiates, evaluates and compiles it."""

    nargs = 1
    kind = "a"
    order = 0

    @classmethod
    def eval(cls, s):
        if s.is_zero:
            value = value_at_zero(cls.kind, cls.order)
            return sp.Rational(value.numerator, value.denominator)
        return None

    def fdiff(self, argindex=1):
        if argindex != 1:
            raise sp.ArgumentIndexError(self, argindex)
        return rodrigues_coefficient(self.kind, self.order + 1)(self.args[0])

    def _eval_is_extended_real(self):
        return self.args[0].is_extended_real

    def _eval_is_finite(self):
        return self.args[0].is_finite

    def _eval_mpmath(self):
        return functools.partial(mpmath_value, self.kind, self.order), self.args

    def _latex(self, printer, exp=None):
        base = r"\alpha" if self.kind == "a" else r"\beta"
        mark = "'" * self.order if self.order <= 3 else f"^{{({self.order})}}"
        tex = rf"{base}{mark}\left({printer.doprint(self.args[0])}\right)"
        return rf"{tex}^{{{exp}}}" if exp else tex


def _name(kind: str, order: int) -> str:
    return f"rodrigues_{kind}" + (f"_{order}" if order else "")


@functools.cache
def rodrigues_coefficient(kind: str = "a", order: int = 0) -> type:
    """The sympy function f⁽ⁿ⁾(s): α = sin √s/√s (``kind="a"``) or β = (1 − cos √s)/s
    (``"b"``), differentiated n = ``order`` times. Its derivative is the function of the
    next order; ``sympy.lambdify`` calls :func:`coefficient_values` for it (its
    ``_imp_``); ``evalf`` sums its series in mpmath. Named ``rodrigues_a``,
    ``rodrigues_b_2``, …, printed α, β″, … in LaTeX.

    >>> beta = rodrigues_coefficient("b")
    >>> s = sp.Symbol("s")
    >>> beta(s).diff(s, 2), sp.N(beta(s).diff(s).subs(s, sp.pi**2), 20), sp.N(-2 / sp.pi**4, 20)
    (rodrigues_b_2(s), -0.020531964509368670378, -0.020531964509368670378)
    """
    _check(kind, order)
    cls = type(_name(kind, order), (RodriguesCoefficient,),
               {"kind": kind, "order": order, "_imp_": staticmethod(implementation(kind, order)),
                "__module__": __name__})
    globals()[cls.__name__] = cls  # importable by name (pickle)
    return cls


def __getattr__(name: str):
    """The classes of :func:`rodrigues_coefficient` by name (``rodrigues_b_2``), made on demand."""
    parts = name.split("_")
    if len(parts) in (2, 3) and parts[0] == "rodrigues" and parts[1] in KINDS and \
            (len(parts) == 2 or (parts[2].isdigit() and parts[2] != "0")):
        return rodrigues_coefficient(parts[1], int(parts[2]) if len(parts) == 3 else 0)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def skew(theta) -> sp.Matrix:
    """θ̃, the matrix of the cross product θ × ·."""
    t1, t2, t3 = theta
    return sp.Matrix([[0, -t3, t2], [t3, 0, -t1], [-t2, t1, 0]])


def rotation_vector_matrix(theta1, theta2, theta3) -> sp.Matrix:
    """R = I + α(s) θ̃ + β(s) θ̃², s = θ·θ: Rodrigues' formula (book, equation
    eq-rodrigues) with coefficients smooth at θ = 0. Symbols give the model's
    expressions; numbers, the matrix."""
    theta = (theta1, theta2, theta3)
    s = sum(sp.sympify(t) ** 2 for t in theta)
    W = skew(theta)
    if all(isinstance(t, (int, float)) for t in theta):  # numbers: evaluate in floating point
        a, b = (float(coefficient_values(k, 0, float(s))) for k in ("a", "b"))
        return sp.Matrix(np.eye(3) + a * np.array(W, dtype=float) + b * np.array(W * W, dtype=float))
    return sp.eye(3) + rodrigues_coefficient("a")(s) * W + rodrigues_coefficient("b")(s) * W * W


def whole_turn_explainer(rotation_vectors: dict[str, list[int]]):
    """q → a sentence naming the bodies whose rotation vector θ (at the indices
    ``rotation_vectors[body]`` of q) has φ = ‖θ‖ at a whole turn 2π, 4π, …, where the
    tangent operator is singular (det T = 2 (1 − cos φ)/φ² = 0), or None.

    >>> explain = whole_turn_explainer({"shaft": [3, 4, 5]})
    >>> explain([0, 0, 0, 0.0, 0.0, 2 * math.pi]).split(":")[0]
    'Whole turn'
    >>> explain([0, 0, 0, 0.0, 0.0, math.pi]) is None
    True
    """
    def explain(q) -> str | None:
        at_turns = {}
        for body, k in rotation_vectors.items():
            phi = math.sqrt(sum(float(q[i]) ** 2 for i in k))
            if phi > math.pi and abs(math.sin(0.5 * phi)) < WHOLE_TURN_BELOW:
                at_turns[body] = phi
        if not at_turns:
            return None
        angles = ", ".join(f"{body}: ‖θ‖ = {phi:.6g} rad = {round(phi / (2 * math.pi))} × 2π"
                           for body, phi in at_turns.items())
        return (
            f"Whole turn: the rotation vectors of {list(at_turns)} have turned a whole number of times from "
            f"the drawing ({angles}), where the tangent operator T of ω = T(θ) θ̇ is singular "
            "(det T = 2(1 − cos φ)/φ² = 0): a change of θ across its axis turns the body not at all, and "
            "the rotation vector loses two degrees of freedom. Re-set those bodies' drawing frames (draw them "
            "nearer the orientation they move through, so that ‖θ‖ stays below 2π), restart from the "
            "shorter vector of the same rotation, θ (1 − 2π/‖θ‖), or formulate with "
            "rotation='euler_parameters', which have no singular orientation."
        )

    return explain
