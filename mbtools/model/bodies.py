"""Where the bodies of a model are and how they move: their placements (origin and
frame as functions of q), the placements' first and second derivatives, and angular
velocities. :class:`~mbtools.model.Model` builds on it; dynamics reads it.
"""

from __future__ import annotations

import numpy as np
import sympy as sp

from ..errors import InputError
from . import arguments
from .placement import Placement, PlacementDerivatives


class BodyMotion:
    """The body part of the model contract (see :mod:`mbtools.model.placement`)."""

    def placement(self, q, body: str) -> Placement:
        """Where a body is at q: its origin o(q) (the centre of mass if the description
        gives one, else the centroid of its drawn points) and its frame R(q), so that a
        point drawn at x⁰ is at R (x⁰ − o⁰) + o. R is None for a spatial body given by
        two points only (basic and natural coordinates do not model its spin)."""
        symbolic = self._symbolic_placement(body)
        q = self.configuration(q)
        origin = np.array(self._compiled.vector_function(("origin", body), symbolic.origin)(*q), dtype=float)
        frame = None
        if symbolic.frame is not None:
            entries = self._compiled.vector_function(("frame", body), self._frame_column(body))(*q)
            frame = np.array(entries, dtype=float).reshape(symbolic.frame.shape)
        return Placement(body, origin, frame, symbolic.drawn_origin)

    def placement_jacobian(self, q, body: str) -> tuple[np.ndarray, np.ndarray | None]:
        """(∂o/∂q, ∂R/∂q) of a body's placement: the origin's Jacobian (dim × n) and the
        frame's (dim × dim × n; None where the body has no frame), so that ȯ = o_q q̇ and
        Ṙ = Σ_k R_{,k} q̇_k. What a mass matrix is built from."""
        symbolic = self._symbolic_placement(body)
        q = self.configuration(q)
        known = self._last_placement_jacobians
        if known is not None and known[0] == q.tobytes():  # every body's, at this q, already
            return known[1][body]
        origin_q = self._compiled.vector_jacobian_at(("origin", body), symbolic.origin, q)
        if symbolic.frame is None:
            return origin_q, None
        frame_q = self._compiled.vector_jacobian_at(("frame", body), self._frame_column(body), q)
        return origin_q, frame_q.reshape(symbolic.frame.shape + (self.n_coordinates,))

    def angular_velocity(self, q, qd, body: str):
        """ω of a body: a number (rad/s, counter-clockwise) in the plane, a vector in
        space, from Ṙ Rᵀ = ω̃ (book, equation eq-omega-tilde)."""
        p = self.placement(q, body)
        if p.frame is None:
            raise InputError(
                f"Body '{body}' is two points in the {self.family} model: its spin about its own "
                "line is not modelled, so it has no full angular velocity. Use the velocity of "
                "its points (model.point_velocity) instead."
            )
        Rdot = self.placement_jacobian(q, body)[1] @ self.configuration(qd, "qd")
        W = Rdot @ p.frame.T
        if self.mechanism.dimension == 2:
            return float(0.5 * (W[1, 0] - W[0, 1]))
        return 0.5 * np.array([W[2, 1] - W[1, 2], W[0, 2] - W[2, 0], W[1, 0] - W[0, 1]])

    def placement_is_linear(self, body: str) -> bool:
        """Whether a body's origin and frame are linear in q: then its share of the mass
        matrix is constant and its velocity terms vanish (natural coordinates with three
        independent directions on the body; not where a direction is a cross product).
        Decided symbolically once per body."""
        return self._compiled.is_linear(("placement", body), self._placement_column(body))

    def placement_derivatives(self, q, body: str, third: bool = False) -> PlacementDerivatives:
        """The placement o, R and its first and second derivatives (and third, with
        ``third``) at q, in the coordinates the body's placement involves
        (:class:`~mbtools.model.PlacementDerivatives`): by jets through the
        compiled placement (:mod:`mbtools.model.jets`), exact to round-off. What the
        stiffness of gravity and of the inertia forces, and a torque's, need."""
        symbolic = self._symbolic_placement(body)
        q = self.configuration(q)
        local = self._compiled.vector_derivatives_at(("placement", body), self._placement_column(body), q, third)
        dim, k = len(symbolic.origin), len(local.columns)
        third_part = (lambda rows: local.third[rows]) if third else (lambda rows: None)
        origin = slice(0, dim)
        parts = [local.value[origin], local.jacobian[origin], local.hessian[origin], None, None, None,
                 third_part(origin), None]
        if symbolic.frame is not None:
            frame, shape = slice(dim, dim + dim * dim), (dim, dim)
            parts[3:6] = [local.value[frame].reshape(shape), local.jacobian[frame].reshape(shape + (k,)),
                          local.hessian[frame].reshape(shape + (k, k))]
            if third:
                parts[7] = local.third[frame].reshape(shape + (k, k, k))
        return PlacementDerivatives(body, local.columns, *parts, drawn_origin=symbolic.drawn_origin)

    def placement_hessian(self, q, body: str) -> tuple[np.ndarray, np.ndarray | None]:
        """(∂²o/∂q², ∂²R/∂q²) of a body's placement in all n coordinates: (dim, n, n) and
        (dim, dim, n, n), None where the body has no frame (see
        :meth:`placement_derivatives`, which gives them in the body's own coordinates)."""
        d = self.placement_derivatives(q, body)
        n, index = self.n_coordinates, np.ix_(d.columns, d.columns)
        origin_qq = np.zeros(d.origin.shape + (n, n))
        origin_qq[(slice(None),) + index] = d.origin_qq
        if d.frame is None:
            return origin_qq, None
        frame_qq = np.zeros(d.frame.shape + (n, n))
        frame_qq[(slice(None), slice(None)) + index] = d.frame_qq
        return origin_qq, frame_qq

    def point_is_linear(self, name: str) -> bool:
        """Whether a named point (or vector) is linear in q, its Hessian zero: every point
        of the natural and basic families; decided symbolically once."""
        kind = "vector" if isinstance(name, str) and name in self._vector_exprs else "point"
        return self._compiled.is_linear((kind, name), self._expression(name, kind))

    def point_hessian(self, q, name: str) -> np.ndarray:
        """∂²r/∂q² of a named point (or vector), (dim, n, n): by jets through its compiled
        position (:mod:`mbtools.model.jets`), exact to round-off; zero where the point is
        linear in q (:meth:`point_is_linear`). A point force's stiffness needs it: Q = r_qᵀ F
        changes with q through r_q."""
        kind = "vector" if isinstance(name, str) and name in self._vector_exprs else "point"
        expr = self._expression(name, kind)
        q = self.configuration(q)
        if self._compiled.is_linear((kind, name), expr):
            return np.zeros((len(expr), self.n_coordinates, self.n_coordinates))
        return self._compiled.vector_derivatives_at((kind, name), expr, q).dense_hessian(self.n_coordinates)

    def angular_velocity_jacobian(self, q, body: str) -> np.ndarray:
        """Ω_q with ω = Ω_q q̇: 1 × n in the plane, 3 × n in space (the columns are
        ω of R_{,k} Rᵀ, book, equation eq-omega-tilde). What a torque's virtual power and a
        body's initial twist need."""
        p = self.placement(q, body)
        if p.frame is None:
            self.angular_velocity(q, np.zeros(self.n_coordinates), body)  # the error that names the body
        W = np.einsum("ijk,lj->ilk", self.placement_jacobian(q, body)[1], p.frame)  # R_{,k} Rᵀ
        if self.mechanism.dimension == 2:
            return 0.5 * (W[1, 0] - W[0, 1])[None, :]
        return 0.5 * np.array([W[2, 1] - W[1, 2], W[0, 2] - W[2, 0], W[1, 0] - W[0, 1]])

    def placement_second_derivative(self, q, qd, body: str) -> tuple[np.ndarray, np.ndarray | None]:
        """((o_q q̇)_q q̇, (R_q q̇)_q q̇): the parts of ö and R̈ that do not come from q̈
        (ö = o_q q̈ + (o_q q̇)_q q̇), by the complex step on the compiled Jacobians."""
        symbolic = self._symbolic_placement(body)
        q, qd = self.configuration(q), self.configuration(qd, "qd")
        origin = self._compiled.vector_second_derivative(("origin", body), symbolic.origin, q, qd)
        if symbolic.frame is None:
            return origin, None
        frame = self._compiled.vector_second_derivative(("frame", body), self._frame_column(body), q, qd)
        return origin, frame.reshape(symbolic.frame.shape)

    def placement_jacobians(self, q) -> dict:
        """{body: (o_q, R_q)} of every body at q — :meth:`placement_jacobian` of all
        bodies from one compiled function (what a mass matrix needs, in one call).

        The last q's are kept: one evaluation of the dynamics asks for them three or four
        times (mass matrix, weights, velocity terms, contacts). They are read-only."""
        expr, layout = self._stacked_placements()
        q = self.configuration(q)
        key = q.tobytes()
        known = self._last_placement_jacobians
        if known is not None and known[0] == key:
            return known[1]
        values = self._compiled.vector_jacobian_at(("placements",), expr, q)
        values.flags.writeable = False  # shared by every caller at this q
        jacobians = self._split(values, layout, jacobian=True)
        self._last_placement_jacobians = (key, jacobians)
        return jacobians

    def placement_second_derivatives(self, q, qd) -> dict:
        """{body: ((o_q q̇)_q q̇, (R_q q̇)_q q̇)} of every body, from one compiled function."""
        expr, layout = self._stacked_placements()
        q, qd = self.configuration(q), self.configuration(qd, "qd")
        return self._split(self._compiled.vector_second_derivative(("placements",), expr, q, qd), layout, jacobian=False)

    def _stacked_placements(self):
        """Every body's origin and frame entries in one column, and where each body's are."""
        if self._stacked is None:
            entries, layout = [], {}
            for body in self.body_names:
                symbolic = self._symbolic_placement(body)
                start = len(entries)
                entries += list(symbolic.origin)
                frame = None
                if symbolic.frame is not None:
                    frame = (len(entries), symbolic.frame.shape)
                    entries += list(symbolic.frame)
                layout[body] = (start, len(symbolic.origin), frame)
            self._stacked = (sp.Matrix(entries), layout)
        return self._stacked

    def _split(self, values: np.ndarray, layout: dict, jacobian: bool) -> dict:
        n = self.n_coordinates
        out = {}
        for body, (start, size, frame) in layout.items():
            origin = values[start:start + size]
            if frame is None:
                out[body] = (origin, None)
                continue
            first, shape = frame
            block = values[first:first + shape[0] * shape[1]]
            out[body] = (origin, block.reshape(shape + ((n,) if jacobian else ())))
        return out

    def _placement_column(self, body: str) -> sp.Matrix:
        """A body's origin and frame entries in one column (the key of its jets), built once."""
        def build():
            symbolic = self._symbolic_placement(body)
            return sp.Matrix(list(symbolic.origin) + ([] if symbolic.frame is None else list(symbolic.frame)))
        return self._compiled.cached(("placement column", body), build)

    def _frame_column(self, body: str) -> sp.Matrix:
        """A body's symbolic frame as one column (the key of its compiled functions), built once:
        sympy's reshape at every call cost more than the evaluation it names."""
        if body not in self._frame_columns:
            frame = self._symbolic_placement(body).frame
            self._frame_columns[body] = frame.reshape(len(frame), 1)
        return self._frame_columns[body]

    def _symbolic_placement(self, body) -> Placement:
        symbolic = self._placements.get(body) if isinstance(body, str) else None
        if symbolic is None:
            raise arguments.unknown_name(self, str(body), self.body_names, "moving body")
        return symbolic
