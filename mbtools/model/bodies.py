"""Where the bodies of a model are and how they move: their placements (origin and
frame as functions of q), the placements' first and second derivatives, and angular
velocities. :class:`~mbtools.model.Model` builds on it; dynamics reads it.
"""

from __future__ import annotations

import numpy as np
import sympy as sp

from ..errors import InputError
from . import arguments
from .placement import Placement


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
        independent directions on the body; not where a direction is a cross product)."""
        symbolic = self._symbolic_placement(body)
        entries = list(symbolic.origin) + ([] if symbolic.frame is None else list(symbolic.frame))
        coordinates = set(self.coordinate_symbols)
        return all(not (sp.diff(e, a).free_symbols & coordinates)  # every ∂e/∂q_a constant
                   for e in entries for a in e.free_symbols & coordinates)

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
        bodies from one compiled function (what a mass matrix needs, in one call)."""
        expr, layout = self._stacked_placements()
        q = self.configuration(q)
        return self._split(self._compiled.vector_jacobian_at(("placements",), expr, q), layout, jacobian=True)

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
