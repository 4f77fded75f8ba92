"""Second derivatives of compiled expressions by Taylor arithmetic to second order (jets).

A *jet* carries a quantity's value x₀, its gradient g and its Hessian H with respect to
a few coordinates δ, x ≈ x₀ + gᵀδ + ½ δᵀHδ. Sums, products and functions of jets follow
the rules of differentiation to second order (Griewank & Walther 2008, *Evaluating
Derivatives*, ch. 13):

    x y  → (x₀ y₀,  x₀ g_y + y₀ g_x,  x₀ H_y + y₀ H_x + g_x g_yᵀ + g_y g_xᵀ),
    f(x) → (f(x₀),  f′(x₀) g,  f′(x₀) H + f″(x₀) g gᵀ),

so a function sympy compiled for values (sums, products, powers, sines and cosines),
called with jets in place of numbers, returns the first and second derivatives, exact to
round-off: nothing is differentiated symbolically and no difference is taken. The
values may be complex, and may carry a leading axis of several points at once: a
complex step on top, Im f(q + i h e_l)/h (``mbtools.model.compiled.derivative_along``),
then gives the derivative of the Hessian, a third derivative, again exact.

Example
-------
>>> import numpy as np
>>> x, y = variables(np.array([0.5, 2.0]))
>>> z = np.sin(x) * y**2                   # ∂²z/∂x∂y = 2 y cos x
>>> float(z.hessian[0, 1]), float(2 * 2.0 * np.cos(0.5))
(3.510330247561491, 3.510330247561491)
"""

from __future__ import annotations

import functools
import numbers
from dataclasses import dataclass

import numpy as np


def _scalar(value) -> bool:
    return isinstance(value, (numbers.Number, np.ndarray, np.generic))


class Jet:
    """A value with its gradient and Hessian (see the module): shapes B, B + (k,) and
    B + (k, k) for a batch of shape B (``batched``; none: a number) and k seed directions.
    A Hessian of None is zero (a coordinate, or a linear combination of them)."""

    __slots__ = ("value", "gradient", "hessian", "batched")

    def __init__(self, value, gradient, hessian, batched: bool = False):
        self.value, self.gradient, self.hessian, self.batched = value, gradient, hessian, batched

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        """numpy's functions of jets (np.sin(x), and np.float64 * x): the module's rules."""
        if method != "__call__" or kwargs:
            return NotImplemented
        if ufunc.nin == 1 and ufunc.__name__ in FUNCTIONS:
            return FUNCTIONS[ufunc.__name__](inputs[0])
        operator = BINARY.get(ufunc.__name__)
        if operator is None or len(inputs) != 2:
            return NotImplemented
        left, right = inputs
        return getattr(left, operator)(right) if isinstance(left, Jet) else \
            getattr(right, "__r" + operator[2:])(left)

    def _column(self, value):
        """A value (of the batch) broadcast against gradients."""
        return value[..., None] if self.batched else value

    def _square(self, value):
        """A value (of the batch) broadcast against Hessians."""
        return value[..., None, None] if self.batched else value

    # --------------------------------------------------------------- arithmetic
    def __add__(self, other):
        if isinstance(other, Jet):
            hessian = other.hessian if self.hessian is None else \
                self.hessian if other.hessian is None else self.hessian + other.hessian
            return Jet(self.value + other.value, self.gradient + other.gradient, hessian,
                       self.batched or other.batched)
        if _scalar(other):
            return Jet(self.value + other, self.gradient, self.hessian, self.batched)
        return NotImplemented

    __radd__ = __add__

    def __neg__(self):
        return Jet(-self.value, -self.gradient, None if self.hessian is None else -self.hessian, self.batched)

    def __pos__(self):
        return self

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return (-self) + other

    def __mul__(self, other):
        if isinstance(other, Jet):
            batched = self.batched or other.batched
            a, b = self.value, other.value
            cross = self.gradient[..., :, None] * other.gradient[..., None, :]
            hessian = cross + cross.swapaxes(-1, -2)
            a_square, b_square = (a[..., None, None], b[..., None, None]) if batched else (a, b)
            if other.hessian is not None:
                hessian = hessian + a_square * other.hessian
            if self.hessian is not None:
                hessian = hessian + b_square * self.hessian
            a_column, b_column = (a[..., None], b[..., None]) if batched else (a, b)
            return Jet(a * b, a_column * other.gradient + b_column * self.gradient, hessian, batched)
        if _scalar(other):
            return Jet(self.value * other, other * self.gradient,
                       None if self.hessian is None else other * self.hessian, self.batched)
        return NotImplemented

    __rmul__ = __mul__

    def __truediv__(self, other):
        if isinstance(other, Jet):
            return self * other.reciprocal()
        if _scalar(other):
            return self * (1.0 / other)
        return NotImplemented

    def __rtruediv__(self, other):
        return self.reciprocal() * other

    def __pow__(self, exponent):
        if isinstance(exponent, Jet):
            return exp(exponent * log(self))
        if not _scalar(exponent):
            return NotImplemented
        p = float(exponent)
        if p == 0.0:
            return Jet(self.value * 0.0 + 1.0, self.gradient * 0.0, None, self.batched)
        if p == 1.0:
            return self
        if p == 2.0:
            return self * self
        x = self.value
        return self.chain(x ** p, p * x ** (p - 1.0), p * (p - 1.0) * x ** (p - 2.0))

    def __rpow__(self, base):
        return exp(self * np.log(base))

    def reciprocal(self):
        inverse = 1.0 / self.value
        return self.chain(inverse, -inverse * inverse, 2.0 * inverse ** 3)

    def chain(self, f0, f1, f2) -> "Jet":
        """f(x) from f(x₀), f′(x₀), f″(x₀) (the module's chain rule)."""
        g = self.gradient
        hessian = self._square(f2) * (g[..., :, None] * g[..., None, :])
        if self.hessian is not None:
            hessian = hessian + self._square(f1) * self.hessian
        return Jet(f0, self._column(f1) * g, hessian, self.batched)


# ------------------------------------------------------------------ functions of jets
def _unary(numpy_function, first, second):
    """numpy_function extended to jets, given its first and second derivatives as
    functions of x₀."""
    def function(x, *args, **kwargs):
        if not isinstance(x, Jet):
            return numpy_function(x, *args, **kwargs)
        value = x.value
        return x.chain(numpy_function(value), first(value), second(value))
    function.__name__ = numpy_function.__name__
    return function


sin = _unary(np.sin, np.cos, lambda x: -np.sin(x))
cos = _unary(np.cos, lambda x: -np.sin(x), lambda x: -np.cos(x))
tan = _unary(np.tan, lambda x: 1.0 / np.cos(x) ** 2, lambda x: 2.0 * np.tan(x) / np.cos(x) ** 2)
exp = _unary(np.exp, np.exp, np.exp)
log = _unary(np.log, lambda x: 1.0 / x, lambda x: -1.0 / x ** 2)
sqrt = _unary(np.sqrt, lambda x: 0.5 / np.sqrt(x), lambda x: -0.25 / np.sqrt(x) ** 3)
arcsin = _unary(np.arcsin, lambda x: 1.0 / np.sqrt(1.0 - x * x), lambda x: x / np.sqrt(1.0 - x * x) ** 3)
arccos = _unary(np.arccos, lambda x: -1.0 / np.sqrt(1.0 - x * x), lambda x: -x / np.sqrt(1.0 - x * x) ** 3)
arctan = _unary(np.arctan, lambda x: 1.0 / (1.0 + x * x), lambda x: -2.0 * x / (1.0 + x * x) ** 2)
sinh = _unary(np.sinh, np.cosh, np.sinh)
cosh = _unary(np.cosh, np.sinh, np.cosh)
tanh = _unary(np.tanh, lambda x: 1.0 - np.tanh(x) ** 2,
              lambda x: -2.0 * np.tanh(x) * (1.0 - np.tanh(x) ** 2))

#: Each function of one variable a compiled expression may call, under numpy's name for
#: it; each takes numbers or jets (numpy's own reach them through ``Jet.__array_ufunc__``).
FUNCTIONS = {f.__name__: f for f in (sin, cos, tan, exp, log, sqrt, arcsin, arccos, arctan, sinh, cosh, tanh)}
FUNCTIONS.update(negative=Jet.__neg__, reciprocal=Jet.reciprocal)

#: numpy's binary functions of jets, by the operator each is.
BINARY = {"add": "__add__", "subtract": "__sub__", "multiply": "__mul__", "true_divide": "__truediv__",
          "divide": "__truediv__", "power": "__pow__"}


@functools.cache
def identity(k: int) -> np.ndarray:
    """The k × k identity, made once (read only)."""
    out = np.eye(k)
    out.flags.writeable = False
    return out


def variables(point: np.ndarray, seeds: np.ndarray | None = None) -> list[Jet]:
    """The jets of the coordinates x = ``point`` (shape (k,), or B + (k,) for a batch),
    each with gradient ``seeds[j]`` (the identity by default: derivatives with respect
    to the k coordinates themselves) and a zero Hessian."""
    point = np.asarray(point)
    k = point.shape[-1]
    seeds = identity(k) if seeds is None else np.asarray(seeds, dtype=float)
    batched = point.ndim > 1
    return [Jet(point[..., j], seeds[j], None, batched) for j in range(k)]


def stacked(entries: list, batch: tuple, size: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(values, gradients, Hessians) of a compiled function's list of entries (jets, or
    numbers where an entry does not depend on the coordinates): shapes (m,) + B,
    (m,) + B + (k,), (m,) + B + (k, k), complex where any entry is."""
    kind = complex if any(np.iscomplexobj(e.value if isinstance(e, Jet) else e) for e in entries) else float
    m = len(entries)
    values = np.zeros((m,) + batch, dtype=kind)
    gradients = np.zeros((m,) + batch + (size,), dtype=kind)
    hessians = np.zeros((m,) + batch + (size, size), dtype=kind)
    for row, entry in enumerate(entries):
        if isinstance(entry, Jet):
            values[row], gradients[row] = entry.value, entry.gradient
            if entry.hessian is not None:
                hessians[row] = entry.hessian
        else:
            values[row] = entry
    return values, gradients, hessians


@dataclass(frozen=True)
class LocalDerivatives:
    """r, ∂r/∂q, ∂²r/∂q² (and ∂³r/∂q³ on request) of m entries at q, in the k coordinates
    they involve: ``columns`` (their indices in q), ``value`` (m,), ``jacobian`` (m, k),
    ``hessian`` (m, k, k), ``third`` (m, k, k, k) or None."""

    columns: np.ndarray
    value: np.ndarray
    jacobian: np.ndarray
    hessian: np.ndarray
    third: np.ndarray | None = None

    def dense_hessian(self, n: int) -> np.ndarray:
        """∂²r/∂q² in all n coordinates, (m, n, n), zero outside the columns."""
        out = np.zeros((len(self.value), n, n))
        out[:, self.columns[:, None], self.columns[None, :]] = self.hessian
        return out
