"""Where a body is: its placement, an origin and a frame as functions of q.

Every family places every moving body: a point drawn at x⁰ is at

    x = R(q) (x⁰ − o⁰) + o(q),

o⁰ the body's origin in the drawing (its centre of mass if the description gives one,
else the centroid of its points), o(q) where that origin is, R(q) the rotation of the
body from the drawing. Pose families (relative, reference point) have R and o directly;
point families (basic, natural) build them from the body's points and unit vectors,
R = X(q) X⁰⁻¹ with X the matrix of the body's independent directions — linear in the
natural coordinates when the body has a full set of them, which is why their mass
matrix is constant. A spatial body given by two points only has no frame (its spin
about its line is not modelled): R is None.

A mass matrix and virtual power can be derived from placements in any family.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

import numpy as np
import sympy as sp

from ..errors import InputError


@dataclass(frozen=True)
class Placement:
    """A body's origin o and frame R (sympy expressions in a formulation, numbers from
    :meth:`mbtools.Model.placement`), and its origin o⁰ in the drawing."""

    body: str
    origin: object
    frame: object | None
    drawn_origin: np.ndarray

    def substitute(self, parameters: dict) -> "Placement":
        """The symbolic placement with the model's constant parameters put in."""
        frame = None if self.frame is None else sp.Matrix(self.frame).xreplace(parameters)
        return Placement(self.body, sp.Matrix(self.origin).xreplace(parameters), frame, self.drawn_origin)

    def place(self, x0) -> np.ndarray:
        """Where the point drawn at x⁰ is: R (x⁰ − o⁰) + o."""
        if self.frame is None:
            raise InputError(
                f"Body '{self.body}' has no frame in this model (two points in space): only the "
                "points it lists are placed; use model.point."
            )
        return np.asarray(self.frame) @ (np.asarray(x0, dtype=float) - self.drawn_origin) + np.asarray(self.origin)


def frame_from_directions(directions: list[sp.Matrix], drawn: list[np.ndarray], dim: int) -> sp.Matrix | None:
    """R = X X⁰⁻¹ from a body's directions (point differences and unit vectors).

    In the plane one direction d gives X = [d, d⊥]. In space two independent directions
    a, b give X = [a, b, a × b] (quadratic in q), three give X = [a, b, c] (linear).
    Returns None when the directions do not span a frame (a spatial body of two points).
    """
    if dim == 2:
        if not directions:
            return None
        d, d0 = directions[0], np.asarray(drawn[0], dtype=float)
        X = sp.Matrix([[d[0], -d[1]], [d[1], d[0]]])
        X0 = np.array([[d0[0], -d0[1]], [d0[1], d0[0]]])
        return times_numbers(X, np.linalg.inv(X0))
    chosen, chosen0 = [], []
    for d, d0 in zip(directions, drawn):
        trial = np.array(chosen0 + [np.asarray(d0, dtype=float)])
        if np.linalg.matrix_rank(trial, tol=1e-6 * max(np.abs(trial).max(), 1e-300)) == len(trial):
            chosen.append(d)
            chosen0.append(np.asarray(d0, dtype=float))
        if len(chosen) == 3:
            break
    if len(chosen) < 2:
        return None
    if len(chosen) == 2:
        chosen.append(chosen[0].cross(chosen[1]))
        chosen0.append(np.cross(chosen0[0], chosen0[1]))
    X = sp.Matrix.hstack(*chosen)
    return times_numbers(X, np.linalg.inv(np.array(chosen0).T))


def times_numbers(X: sp.Matrix, N: np.ndarray) -> sp.Matrix:
    """The product X N of a symbolic matrix and a numeric one, entry by entry (sympy's own
    product goes through its matrix domains, about 10 ms for a 3 × 3 times floats).

    >>> a, b = sp.symbols("a b")
    >>> times_numbers(sp.Matrix([[a, b]]), np.array([[2.0], [0.0]]))
    Matrix([[2.0*a]])
    """
    N = np.atleast_2d(np.asarray(N, dtype=float))
    rows, inner = X.shape
    if N.shape[0] != inner:
        raise ValueError(f"times_numbers: X has {inner} columns, N {N.shape[0]} rows")
    return sp.Matrix(rows, N.shape[1], lambda i, j: sp.Add(*[X[i, k] * float(N[k, j])
                                                               for k in range(inner) if N[k, j] != 0.0]))


@dataclass(frozen=True)
class PlacementDerivatives:
    """A body's placement at q and its derivatives, in the k coordinates it involves
    (:meth:`mbtools.Model.placement_derivatives`).

    Attributes
    ----------
    body : str
    columns : ndarray of int
        The indices in q of the k coordinates the placement involves.
    origin, origin_q, origin_qq : ndarray
        o (dim,), ∂o/∂q (dim, k), ∂²o/∂q² (dim, k, k).
    frame, frame_q, frame_qq : ndarray or None
        R (dim, dim), ∂R/∂q (dim, dim, k), ∂²R/∂q² (dim, dim, k, k); None for a body with
        no frame (two points in space).
    origin_qqq, frame_qqq : ndarray or None
        ∂³o/∂q³ (dim, k, k, k) and ∂³R/∂q³ (dim, dim, k, k, k), where asked for.
    drawn_origin : ndarray
        o⁰, the origin in the drawing: a point drawn at x⁰ is at R (x⁰ − o⁰) + o.
    """

    body: str
    columns: np.ndarray
    origin: np.ndarray
    origin_q: np.ndarray
    origin_qq: np.ndarray
    frame: np.ndarray | None
    frame_q: np.ndarray | None
    frame_qq: np.ndarray | None
    origin_qqq: np.ndarray | None = None
    frame_qqq: np.ndarray | None = None
    drawn_origin: np.ndarray | None = None


class ExpressionTable(Mapping):
    """Named symbolic expressions, each built on first use and kept: a model's points and
    placements. In relative coordinates a point's expression composes the joints' motions
    from the ground, and composing them all costs more than simulating a small chain; a
    recursive formulation, which works on the kinematic tree, never asks for most of them.

    >>> table = ExpressionTable(["A", "B"], lambda name: sp.Matrix([len(name)]))
    >>> list(table), "B" in table, table["B"]
    (['A', 'B'], True, Matrix([[1]]))
    """

    def __init__(self, names, build: Callable):
        self._names = list(names)
        self._known = set(self._names)
        self._build = build
        self._built: dict = {}

    def __getitem__(self, name):
        if name not in self._built:
            if name not in self._known:
                raise KeyError(name)
            self._built[name] = self._build(name)
        return self._built[name]

    def __contains__(self, name) -> bool:
        return name in self._known

    def __iter__(self):
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)
