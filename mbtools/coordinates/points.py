"""What the point-based formulations (basic and natural coordinates) share.

A :class:`PointFormulation` holds the symbols of a mechanism's points and unit vectors
(moving ones are coordinates, fixed ones are parameters), collects the constraint
equations that a family writes, adds the pair and driving conditions that every
point-based family writes alike, and assembles the :class:`~mbtools.model.Model`.
"""

from __future__ import annotations

import numpy as np
import sympy as sp

from ..description import GROUND, Mechanism, Prismatic, Rigid
from ..errors import MechanismError
from ..model import Constraint, FamilyFacts, Input, Model, Placement
from ..model.placement import frame_from_directions, times_numbers
from . import conditions as cc
from .drivers import driver_equations

AXES = "xyz"


def joined(*names: str) -> str:
    """Point and vector names joined for a constant's subscript: run together when each
    is one character (L_AB), separated by commas otherwise (L_O2,A), so that points
    A, BC and AB, C never give the same constant."""
    return "".join(names) if all(len(n) == 1 for n in names) else ",".join(names)


def rigid_groups(mechanism: Mechanism) -> list[tuple[str, list[str], list[str]]]:
    """The moving bodies merged along rigid joints (welded bodies are one body to a
    point formulation): (label, points, vectors) per group, points in the order listed."""
    parent = {name: name for name in mechanism.bodies}

    def find(b):
        while parent[b] != b:
            b = parent[b]
        return b

    for joint in mechanism.joints:
        if isinstance(joint, Rigid):
            if GROUND in (joint.body_i, joint.body_j):
                other = joint.body_j if joint.body_i == GROUND else joint.body_i
                raise MechanismError(
                    f"Rigid joint '{joint.name}' welds body '{other}' to the ground, which leaves it "
                    "nothing to move: list its points (and vectors) in the ground instead."
                )
            parent[find(joint.body_i)] = find(joint.body_j)
    groups: dict[str, list[str]] = {}
    for name, body in mechanism.bodies.items():
        if not body.is_ground:
            groups.setdefault(find(name), []).append(name)
    out = []
    for members in groups.values():
        points, vectors = [], []
        for b in members:
            points += [p for p in mechanism.bodies[b].points if p not in points]
            vectors += [v for v in mechanism.bodies[b].vectors if v not in vectors]
        out.append(("+".join(members), points, vectors))
    return out


class PointFormulation:
    """Symbols, parameters and equations of a formulation in point coordinates.

    Parameters
    ----------
    mechanism : Mechanism
    with_vectors : bool
        True for natural coordinates (unit vectors are coordinates too), False for basic.
    """

    def __init__(self, mechanism: Mechanism, with_vectors: bool):
        mechanism.check()
        self.mechanism = mechanism
        self.dim = mechanism.dimension
        self.parameters: dict[sp.Symbol, float] = {}
        self.equations: list[Constraint] = []
        self.inputs: list[Input] = []
        self.normalised: set[str] = set()  # unit vectors whose u·u = 1 is written
        self.extra_positions: dict[str, np.ndarray] = {}
        self.r: dict[str, sp.Matrix] = {}
        self.u: dict[str, sp.Matrix] = {}
        ground_points = set(mechanism.ground_points())
        ground_vectors = set(mechanism.ground_vectors())
        for point in mechanism.all_points():
            symbols = sp.symbols(" ".join(f"{a}_{point}" for a in AXES[: self.dim]), real=True)
            self.r[point] = sp.Matrix(symbols)
            if point in ground_points:
                self.parameters.update(zip(symbols, map(float, mechanism.point_position(point))))
        self.coordinates: list[sp.Symbol] = []
        reference: list[np.ndarray] = []
        for point in mechanism.moving_points():
            self.coordinates.extend(self.r[point])
            reference.append(mechanism.point_position(point))
        if with_vectors:
            for vector in mechanism.all_vectors():
                symbols = sp.symbols(" ".join(f"{vector}_{a}" for a in AXES[: self.dim]), real=True)
                self.u[vector] = sp.Matrix(symbols)
                if vector in ground_vectors:
                    self.parameters.update(zip(symbols, map(float, mechanism.vector_direction(vector))))
            for vector in mechanism.moving_vectors():
                self.coordinates.extend(self.u[vector])
                reference.append(mechanism.vector_direction(vector))
        self.reference_q = np.concatenate(reference) if reference else np.zeros(0)
        self._check_symbol_names()

    def _check_symbol_names(self) -> None:
        """Point P's coordinates are x_P, y_P, z_P and vector v's components v_x, v_y,
        v_z, so a point named y and a vector named x would share the symbol x_y."""
        owner: dict[str, str] = {}
        for kind, table in (("point", self.r), ("vector", self.u)):
            for name, symbols in table.items():
                for symbol in symbols:
                    if str(symbol) in owner and owner[str(symbol)] != f"{kind} '{name}'":
                        raise MechanismError(
                            f"The {owner[str(symbol)]} and the {kind} '{name}' would both have the "
                            f"coordinate {symbol}: rename one of them (for example with a capital letter)."
                        )
                    owner[str(symbol)] = f"{kind} '{name}'"

    # ----------------------------------------------------------------- helpers
    def add_point(self, name: str, position: np.ndarray, fixed: bool) -> None:
        """A point the formulation adds to the description (basic coordinates in space
        put a point along each unit vector)."""
        if name in self.r:
            return
        symbols = sp.symbols(" ".join(f"{a}_{name}" for a in AXES[: self.dim]), real=True)
        self.r[name] = sp.Matrix(symbols)
        self.extra_positions[name] = np.asarray(position, dtype=float)
        if fixed:
            self.parameters.update(zip(symbols, map(float, position)))
        else:
            self.coordinates.extend(symbols)
            self.reference_q = np.concatenate([self.reference_q, position])

    def pos(self, point: str) -> np.ndarray:
        """Reference position of a point."""
        if point in self.extra_positions:
            return self.extra_positions[point]
        return self.mechanism.point_position(point)

    def constant(self, name: str, value: float) -> sp.Symbol:
        """A named constant of the equations, its value read off the drawing."""
        symbol = sp.Symbol(name, real=True)
        if symbol in self.parameters and abs(self.parameters[symbol] - value) > 1e-12 * max(1.0, abs(value)):
            raise MechanismError(f"Constant {name} would take two values: rename a point or vector.")
        self.parameters[symbol] = float(value)
        return symbol

    def add(self, owner: str | None, what: str, kind: str, expression: sp.Expr, length_power: int,
            notation: str | None = None) -> None:
        """Add one equation of ``owner`` (a body or joint; None for a coordinate's own
        condition), named "owner: what", unless it involves only fixed points and vectors
        (then it holds identically and constrains nothing). ``length_power``: the unit of
        its residual, length^power (see :class:`~mbtools.model.Constraint`)."""
        if expression.free_symbols & set(self.coordinates):
            name = f"{owner}: {what}" if owner is not None else what
            self.equations.append(Constraint(name, kind, expression, notation, length_power, owner))

    def volume(self, owner: str, what: str, a: str, b: str, c: str, k: str, value: float | None = None) -> None:
        """Constant volume of the tetrahedron a, b, c, k (paper, basic coordinates in
        space): r_ab · (r_ac × r_ak) − 6V = 0, V from the drawing unless ``value`` is
        given (0 for a point kept in the plane a, b, c)."""
        d1, d2, d3 = self.pos(b) - self.pos(a), self.pos(c) - self.pos(a), self.pos(k) - self.pos(a)
        six_v = float(np.dot(d1, np.cross(d2, d3))) if value is None else 6.0 * value
        r = self.r
        expression = (r[b] - r[a]).dot((r[c] - r[a]).cross(r[k] - r[a]))
        # r_{E0 w2}, subscripted like the coordinates x_{E0 w2}
        vec = {p: "\\mathbf " + sp.latex(sp.Symbol(f"r_{p}")) for p in (a, b, c, k)}
        notation = ("(%s - %s)\\cdot\\big((%s - %s)\\times(%s - %s)\\big)"
                    % (vec[b], vec[a], vec[c], vec[a], vec[k], vec[a]))
        if value == 0.0:
            self.add(owner, what, "volume", expression, 3, notation)
            return
        V = self.constant(f"V_{joined(a, b, c, k)}", six_v / 6)
        self.add(owner, what, "volume", expression - 6 * V, 3, notation + f" - 6 {sp.latex(V)}")

    def distance(self, body: str, i: str, j: str) -> None:
        """Constant distance of points i and j of a body."""
        length = float(np.linalg.norm(self.pos(j) - self.pos(i)))
        if length < 1e-12:
            raise MechanismError(f"Body '{body}': points '{i}' and '{j}' coincide; remove one of them.")
        L = self.constant(f"L_{joined(i, j)}", length)
        self.add(body, f"distance {i}–{j}", "distance", cc.distance_condition(self.r[i], self.r[j], L), 2)

    # ----------------------------------------------------------------- shared conditions
    def planar_prismatic(self, joint: Prismatic) -> None:
        """The paper's Fig. 6b: constant area (slider point on its line) and constant
        scalar or cross product (no rotation), whichever the drawing conditions better."""
        r, pos = self.r, self.pos
        i, j = joint.guide_points
        k, q = joint.slider_points
        u_ref, v_ref = pos(j) - pos(i), pos(q) - pos(k)
        w_ref = pos(k) - pos(i)
        A = self.constant(f"A_{joined(i, j, k)}", 0.5 * float(u_ref[0] * w_ref[1] - u_ref[1] * w_ref[0]))
        self.add(joint.name, f"area {i}–{j}–{k}", "area", cc.area_condition(r[i], r[j], r[k], A), 2)
        u, v = r[j] - r[i], r[q] - r[k]
        dot = float(np.dot(u_ref, v_ref))
        cross = float(u_ref[0] * v_ref[1] - u_ref[1] * v_ref[0])
        if abs(dot) <= abs(cross):
            c = self.constant(f"c_{joined(i, j, k, q)}", dot)
            self.add(joint.name, f"dot {i}{j}·{k}{q}", "dot", cc.dot_condition(u, v, c), 2)
        else:
            c = self.constant(f"c_{joined(i, j, k, q)}", cross)
            self.add(joint.name, f"cross {i}{j}×{k}{q}", "cross", cc.cross_condition(u, v, c), 2)

    def drivers(self) -> None:
        """One driving condition per input (:mod:`mbtools.coordinates.drivers`)."""
        equations, inputs = driver_equations(self.mechanism, lambda point, body: self.r[point], self.coordinates)
        self.equations += equations
        self.inputs += inputs

    def placements(self, members: dict[str, list[str]] | None = None) -> dict[str, Placement]:
        """Each moving body's origin and frame, built from its points (``members``: the
        points of each body, auxiliary points included, if the family added any) and its
        unit vectors (:mod:`mbtools.model.placement`)."""
        out = {}
        for name, body in self.mechanism.bodies.items():
            if body.is_ground:
                continue
            points = (members or {}).get(name) or list(body.points)
            first = points[0]
            directions = [self.r[p] - self.r[first] for p in points[1:]]
            drawn = [self.pos(p) - self.pos(first) for p in points[1:]]
            for v in body.vectors:
                if v in self.u:
                    directions.append(self.u[v])
                    drawn.append(self.mechanism.vector_direction(v))
            o0 = body_origin(body)
            frame = frame_from_directions(directions, drawn, self.dim)
            if frame is not None:
                origin = times_numbers(frame, np.reshape(o0 - self.pos(first), (-1, 1))) + self.r[first]
            elif not directions:  # one point: placed by it
                origin = self.r[first]
            else:  # a spatial body of two points: its origin on the line between them
                d, d0 = directions[0], drawn[0]
                origin = self.r[first] + d * float(np.dot(o0 - self.pos(first), d0) / np.dot(d0, d0))
            out[name] = Placement(name, origin, frame, o0)
        return out

    def model(self, family: str, members: dict[str, list[str]] | None = None) -> Model:
        """Assemble the model of this formulation."""
        return Model(
            self.mechanism, family, self.coordinates, self.equations, self.inputs, self.parameters,
            dict(self.r), self.reference_q, vectors=dict(self.u), placements=self.placements(members),
            facts=FamilyFacts(family, coordinates_are_positions=True),
        )


def body_origin(body) -> np.ndarray:
    """A body's origin in the drawing: its centre of mass if given, else the centroid
    of its points (every family places bodies by the same origin)."""
    if body.mass is not None:
        return np.asarray(body.mass.centre, dtype=float)
    return np.mean(np.array(list(body.points.values())), axis=0)
