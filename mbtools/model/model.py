"""The public model contract: what every family gives and every analysis uses.

A :class:`Model` is one mechanism in one family of coordinates. It exposes, in one
signature throughout (q first, then the input values s, their rates ṡ and
accelerations s̈, each a dict by input name or a sequence in input order):

* names: ``coordinate_names``, ``constraint_names``, ``input_names``,
  ``point_names``, ``vector_names``, ``body_names``;
* the constraints Φ(q, s) = 0 with the drivers as rows (book, equation eq-phi):
  ``phi(q, s)``, ``jacobian(q, s)`` (Φ_q), ``phi_s(q, s)``, ``phi_t(q, s, ṡ)`` (Φ_t =
  Φ_s ṡ) and ``gamma(q, q̇, s, ṡ, s̈)`` (the right-hand side of Φ_q q̈ = γ);
* named points and unit vectors with their Jacobians, velocities and accelerations;
* for every body its *placement*: an origin and a frame as functions of q, so that a
  point drawn at x⁰ is at R(q) (x⁰ − o⁰) + o(q) (:class:`~mbtools.model.placement.Placement`);
* the equations as sympy expressions, for display.

A model knows nothing of other families: what is particular to its family (the units
of its residuals, its spanning tree, how it explains its own singularities) comes in
:class:`FamilyFacts`. Facts that depend on the position — idle freedoms, redundant
equations, singularity — are computed by the analyses at the q they are asked about.

Example
-------
>>> import math
>>> from mbtools import examples, formulate
>>> model = formulate(examples.slider_crank(crank=1.0, rod=3.0), "basic")
>>> q = model.reference_q
>>> s = model.input_values(q)
>>> float(abs(model.phi(q, s)).max()) < 1e-12
True
>>> model.jacobian(q, s).shape
(6, 6)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable

import numpy as np
import sympy as sp

from ..errors import InputError, MechanismError, UnknownNameError
from . import arguments
from .compiled import Compiled, dense, symbolic_jacobian
from .constraint import Constraint, Input
from .bodies import BodyMotion
from .placement import ExpressionTable
from .rank import RANK_RTOL, rank_of_diagonal


@dataclass(frozen=True)
class FamilyFacts:
    """What a family says about its own models.

    Attributes
    ----------
    label : str
        How the family is named in tables, e.g. ``"reference point (euler parameters)"``.
    variant : str or None
        The family's option in force (``"euler_angles"``, ``"euler_parameters"``), if any.
    tree_joints, cut_joints : tuple of str
        Relative coordinates: the joints of the spanning tree and those cut.
    explain_singularity : callable or None
        q → a sentence explaining a singularity that belongs to the coordinates
        themselves (gimbal lock of Euler angles), or None.
    coordinates_are_positions : bool
        True when every coordinate is a coordinate of a point or unit vector (basic and
        natural): then every change of q moves something, and no idle freedom exists.
    """

    label: str
    variant: str | None = None
    tree_joints: tuple[str, ...] = ()
    cut_joints: tuple[str, ...] = ()
    explain_singularity: Callable | None = field(default=None, compare=False)
    coordinates_are_positions: bool = False


class Model(BodyMotion):
    """Coordinates, constraints, points and body placements of one mechanism in one family.

    Built by :func:`mbtools.formulate`; see the module documentation for the contract.

    Parameters
    ----------
    mechanism : Mechanism
    family : str
        ``"basic"``, ``"natural"``, ``"relative"`` or ``"reference_point"``.
    coordinates : list of sympy.Symbol
        The dependent coordinates q, in order.
    constraints : list of Constraint
    inputs : list of mbtools.model.Input
    parameters : dict
        Values of the constant symbols (lengths, fixed coordinates) in the equations.
    points, vectors : dict
        Name → sympy column of the point's position (the vector's components) in q.
    placements : dict
        Body name → :class:`~mbtools.model.placement.Placement` of sympy expressions.
    reference_q : ndarray
        The coordinates of the reference drawing (the default guess).
    facts : mbtools.model.FamilyFacts
    """

    def __init__(self, mechanism, family: str, coordinates, constraints, inputs, parameters, points,
                 reference_q, vectors=None, placements=None, facts: FamilyFacts | None = None):
        self.mechanism = mechanism
        self.family = family
        self.facts = facts or FamilyFacts(family)
        self.coordinate_symbols: list[sp.Symbol] = list(coordinates)
        self.constraints: list[Constraint] = list(constraints)
        self.inputs: list[Input] = list(inputs)
        self.parameters: dict[sp.Symbol, float] = dict(parameters)
        self.reference_q = np.asarray(reference_q, dtype=float)
        self.length_scale = mechanism.length_scale()
        #: The unit ℓ^p in which the residual of each row is judged (Constraint.length_power).
        self.residual_scales = np.array([self.length_scale ** c.length_power for c in self.constraints])
        self.inverse_residual_scales = 1.0 / self.residual_scales
        self._point_exprs = ExpressionTable(points, lambda name: sp.Matrix(points[name]).xreplace(self.parameters))
        self._vector_exprs = {name: sp.Matrix(u).xreplace(self.parameters) for name, u in (vectors or {}).items()}
        placements = placements or {}   # on first use: (ExpressionTable)
        self._placements = ExpressionTable(placements, lambda name: placements[name].substitute(self.parameters))
        self._input_names = [i.name for i in self.inputs]
        qs, ss = self.coordinate_symbols, [i.symbol for i in self.inputs]
        if len(set(qs) | set(ss)) != len(qs) + len(ss):
            raise MechanismError(
                f"The {family} model of '{mechanism.name}' uses one symbol for two "
                "quantities (coordinates or inputs); rename a body or an input."
            )
        exprs = [c.expression.xreplace(self.parameters) for c in self.constraints]
        known = set(qs) | set(ss)  # built once: per row, it made the check grow as m n
        for c, e in zip(self.constraints, exprs):
            stray = e.free_symbols - known
            if stray:
                raise MechanismError(
                    f"Constraint '{c.name}' has symbols {sorted(map(str, stray))} with no "
                    "value: every constant must be in the model's parameters."
                )
        self._numeric_exprs = exprs
        self._compiled = Compiled(exprs, qs, ss)
        self._scaled_form = None  # the quadratic form with each equation in its unit, on first use
        self._measures = [i.measure.xreplace(self.parameters) for i in self.inputs]
        self._measure_f = None  # compiled on first use
        self._measure_keys = None  # each measure's key and column (input_jacobian), on first use
        self._measure_hessians = None  # each measure's compiled Hessian (input_hessian), on first use
        self._stacked = None  # every placement in one column, on first use (bodies.py)
        self._last_placement_jacobians = None  # (q's bytes, every body's (o_q, R_q)) (bodies.py)
        self._frame_columns: dict = {}  # each body's frame as one column, on first use (bodies.py)

    # ----------------------------------------------------------------- names
    @property
    def coordinate_names(self) -> list[str]:
        """Names of the coordinates, e.g. ``['x_A', 'y_A', ...]``."""
        return [s.name for s in self.coordinate_symbols]

    @property
    def constraint_names(self) -> list[str]:
        """Names of the constraint rows, in row order, the drivers' rows included."""
        return [c.name for c in self.constraints]

    @property
    def input_names(self) -> list[str]:
        """Names of the inputs (drivers), in input order."""
        return list(self._input_names)

    @property
    def point_names(self) -> list[str]:
        """Named points whose positions the model knows, ground points included."""
        return list(self._point_exprs)

    @property
    def vector_names(self) -> list[str]:
        """Unit vectors whose components the model knows."""
        return list(self._vector_exprs)

    @property
    def body_names(self) -> list[str]:
        """The moving bodies, each with a placement."""
        return list(self._placements)

    @property
    def n_coordinates(self) -> int:
        """The number n of coordinates."""
        return len(self.coordinate_symbols)

    @property
    def n_constraints(self) -> int:
        """The number of constraint rows, the drivers' rows included."""
        return len(self.constraints)

    @property
    def is_quadratic(self) -> bool:
        """True when every equation is at most quadratic in q (the paper's claim for basic
        and natural coordinates in the plane)."""
        return self._compiled.quadratic is not None

    @property
    def equation_degree(self) -> int | None:
        """Highest total degree of the equations in q, or None if any is not a polynomial
        in q (sines and cosines of angles): 2 for the paper's planar basic and natural
        coordinates, 3 where volumes appear."""
        degree = 0
        for e in self._numeric_exprs:
            try:
                degree = max(degree, sp.Poly(e, *self.coordinate_symbols).total_degree())
            except sp.PolynomialError:
                return None
        return degree

    def __repr__(self) -> str:
        return (
            f"<Model of '{self.mechanism.name}' in {self.family} coordinates: "
            f"{self.n_coordinates} coordinates, {self.n_constraints} constraints, "
            f"inputs {self.input_names}>"
        )

    # ----------------------------------------------------------------- symbolic
    def equations(self, numeric: bool = False) -> list[sp.Eq]:
        """The constraint equations Φ = 0 as sympy equations (for display); with
        ``numeric=True`` the constant symbols are replaced by their values."""
        exprs = self._numeric_exprs if numeric else [c.expression for c in self.constraints]
        return [sp.Eq(e, 0, evaluate=False) for e in exprs]

    def jacobian_symbolic(self, numeric: bool = False) -> sp.Matrix:
        """The Jacobian Φ_q = ∂Φ/∂q as a sympy matrix."""
        if numeric:
            return self._compiled.jacobian_matrix
        return symbolic_jacobian([c.expression for c in self.constraints], self.coordinate_symbols)

    @property
    def quadratic_form(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(H, B, c) of Φ = ½ qᵀHq + Bq + c at the reference inputs (quadratic models).
        H has shape (m, n, n): H[i] is the constant Hessian of constraint i."""
        form = self._compiled.quadratic
        if form is None:
            raise MechanismError(f"The {self.family} model of '{self.mechanism.name}' is not quadratic in q.")
        Ht = form.filled(self.input_vector(self.input_values(self.reference_q))).reshape(form.shape)
        n = self.n_coordinates
        return Ht[:, :n, :n].copy(), Ht[:, :n, n].copy(), 0.5 * Ht[:, n, n]

    @property
    def quadratic_entries(self):
        """((k, i, j, h), B, c), the :attr:`quadratic_form` with H given by its non-zero
        entries H[k, i, j] = h (sorted by k, i, j), not as an m × n × n array, for large
        models."""
        form = self._compiled.quadratic
        if form is None:
            raise MechanismError(f"The {self.family} model of '{self.mechanism.name}' is not quadratic in q.")
        return form.parts(self.input_vector(self.input_values(self.reference_q)))

    # ----------------------------------------------------------------- inputs
    def input_vector(self, values, what: str = "input") -> np.ndarray:
        """Input values (or rates, accelerations: ``what``) as a vector in model order,
        from a dict by name or a sequence; clear errors on bad names or values."""
        return arguments.input_vector(self, values, what)

    def input_values(self, q) -> dict[str, float]:
        """Read the inputs off a position q (angles in (−π, π])."""
        values = self.measured_inputs(self.configuration(q))
        return {name: float(v) for name, v in zip(self._input_names, values)}

    def input_rates(self, q, qd) -> dict[str, float]:
        """Read the input rates ṡ = (∂s/∂q) q̇ off a velocity q̇."""
        q, qd = self.configuration(q), self.configuration(qd, "qd")
        return dict(zip(self._input_names, (float(r) for r in self.input_jacobian(q) @ qd)))

    def input_jacobian(self, q) -> np.ndarray:
        """∂s/∂q, p × n: how the inputs read off q change with q (an angle
        θ = atan2(y, x) gives (x ∂y/∂q − y ∂x/∂q)/(x² + y²); a slide is polynomial in q)."""
        q = self.configuration(q)
        rows = []
        for key, column, is_angle in self._measure_columns():
            if is_angle:
                (x0, y0) = (float(v) for v in self._compiled.vector_function(key, column)(*q))
                Jx, Jy = self._compiled.vector_jacobian_at(key, column, q)
                rows.append((x0 * Jy - y0 * Jx) / (x0 * x0 + y0 * y0))
            else:
                rows.append(self._compiled.vector_jacobian_at(key, column, q)[0])
        return np.array(rows, dtype=float).reshape(len(self._measures), self.n_coordinates)

    def input_hessian(self, q) -> np.ndarray:
        """∂²s/∂q², p × n × n: each input's Hessian, differentiated symbolically once (in the
        coordinates its measure involves) and compiled. What a motor's stiffness needs
        (``DriverForce.tangent``): Q = f s_q changes with q through s_q."""
        q = self.configuration(q)
        n = self.n_coordinates
        if self._measure_hessians is None:
            self._measure_hessians = []
            for measure in self._measures:
                symbols = sorted(measure.free_symbols & set(self.coordinate_symbols), key=self.coordinate_symbols.index)
                where = [self.coordinate_symbols.index(x) for x in symbols]
                hessian = sp.hessian(measure, symbols) if symbols else sp.zeros(0, 0)
                self._measure_hessians.append((where, sp.lambdify([self.coordinate_symbols], hessian.tolist(),
                                                                  "numpy", cse=True)))
        out = np.zeros((len(self._measures), n, n))
        for k, (where, function) in enumerate(self._measure_hessians):
            if where:
                out[k][np.ix_(where, where)] = np.array(function(q), dtype=float).reshape(len(where), len(where))
        return out

    def _measure_columns(self) -> list:
        """(key, column, is_angle) of each input's measure, built once: an angle θ = atan2(y, x)
        as the column (x, y), a slide as its own expression."""
        if self._measure_keys is None:
            self._measure_keys = []
            for measure in self._measures:
                is_angle = isinstance(measure, sp.atan2)
                column = sp.Matrix(measure.args[::-1]) if is_angle else sp.Matrix([measure])
                self._measure_keys.append((("measure", str(measure)), column, is_angle))
        return self._measure_keys

    def reference_inputs(self) -> dict[str, float]:
        """The inputs in the reference drawing."""
        return self.input_values(self.reference_q)

    def configuration(self, q, what: str = "q") -> np.ndarray:
        """q checked: one configuration of shape (n,), finite (see
        the module ``mbtools.model.arguments``)."""
        return arguments.configuration(self, q, what)

    # ----------------------------------------------------------------- Φ and its derivatives
    def phi(self, q, inputs=None) -> np.ndarray:
        """The residuals Φ(q, s) of every constraint, drivers included (book, equation
        eq-phi)."""
        q, s = self.configuration(q), self.input_vector(inputs)
        return np.array(self._compiled.phi(q, s), dtype=float)

    def jacobian(self, q, inputs=None) -> np.ndarray:
        """The constraint Jacobian Φ_q(q, s), m × n (the symbolic one is
        :meth:`jacobian_symbolic`; numerically it comes from the quadratic form, or by
        the complex step, both exact to round-off)."""
        q, s = self.configuration(q), self.input_vector(inputs)
        return self.newton_function(s)(q)[1]

    def phi_s(self, q, inputs=None) -> np.ndarray:
        """∂Φ/∂s, the derivative of the residuals with respect to the inputs (m × p)."""
        q, s = self.configuration(q), self.input_vector(inputs)
        return dense(self._compiled.phi_s(q, s), (self.n_constraints, len(self.inputs)))

    def phi_t(self, q, inputs=None, input_rates=None) -> np.ndarray:
        """Φ_t = Φ_s ṡ: how fast the residuals change when the inputs move at ṡ and q is
        held; the velocity equations read Φ_q q̇ = −Φ_t (book, equation eq-velocity)."""
        return self.phi_s(q, inputs) @ self.input_vector(input_rates, "input rate")

    def gamma(self, q, qd, inputs=None, input_rates=None, input_accelerations=None) -> np.ndarray:
        """γ of the acceleration equations Φ_q q̈ = γ:

        γ = −(Φ_q q̇)_q q̇ − 2 (Φ_s ṡ)_q q̇ − (Φ_s ṡ)_s ṡ − Φ_s s̈

        (García de Jalón & Bayo 1994, eq. 3.45, with the inputs as the time-dependent
        part; book, equation eq-gamma): the second derivative of Φ along the motion,
        taken along (q̇, ṡ).
        """
        q, qd = self.configuration(q), self.configuration(qd, "qd")
        s = self.input_vector(inputs)
        sd = self.input_vector(input_rates, "input rate")
        sdd = self.input_vector(input_accelerations, "input acceleration")
        return np.array(self._compiled.gamma(q, qd, s, sd, sdd), dtype=float)

    def newton_function(self, s: np.ndarray, scaled: bool = False):
        """f(q) → (Φ, Φ_q) at fixed inputs s (a vector in input order): the inner loop
        of Newton–Raphson. With ``scaled``, each equation divided by its unit ℓ^p
        (:attr:`residual_scales`). No argument checks: for solvers."""
        form = self._compiled.quadratic
        if form is not None:
            if scaled:
                if self._scaled_form is None:
                    self._scaled_form = form.scaled(self.residual_scales)
                return self._scaled_form.newton_function(s)
            return form.newton_function(s)
        f = self._compiled.phi_and_jacobian(s)
        if not scaled:
            return f
        inverse = self.inverse_residual_scales
        column = inverse[:, None]

        def scaled_function(q):
            phi, J = f(q)
            return phi * inverse, J * column

        return scaled_function

    def measured_inputs(self, q: np.ndarray) -> np.ndarray:
        """The inputs read off q, as a vector (no argument checks: for solvers)."""
        if self._measure_f is None:
            self._measure_f = sp.lambdify([self.coordinate_symbols], self._measures, "math", cse=True)
        return np.array(self._measure_f(q), dtype=float)

    # ----------------------------------------------------------------- points and vectors
    def _expression(self, name: str, kind: str) -> sp.Matrix:
        table = self._point_exprs if kind == "point" else self._vector_exprs
        if isinstance(name, str) and name in table:
            return table[name]
        other_kind = "vector" if kind == "point" else "point"
        other = self._vector_exprs if kind == "point" else self._point_exprs
        if isinstance(name, str) and name in other:
            raise UnknownNameError(
                f"'{name}' is a {other_kind}, not a {kind}, of '{self.mechanism.name}': use "
                f"model.{other_kind}(q, '{name}')."
            )
        arguments.name_in(self, name, list(table), kind)
        raise AssertionError("unreachable")  # pragma: no cover

    def point(self, q, name: str) -> np.ndarray:
        """Position of a named point; q may be one configuration (n,) or many (N, n)."""
        return self._evaluate(q, name, "point")

    def vector(self, q, name: str) -> np.ndarray:
        """Components of a named unit vector; q may be (n,) or (N, n)."""
        return self._evaluate(q, name, "vector")

    def _evaluate(self, q, name: str, kind: str) -> np.ndarray:
        expr = self._expression(name, kind)
        q = arguments.configuration(self, q, batch=True)
        values = self._compiled.vector_function((kind, name), expr)(*(q.T if q.ndim <= 2 else np.moveaxis(q, -1, 0)))
        out = np.empty(q.shape[:-1] + (len(values),))
        for axis, value in enumerate(values):
            out[..., axis] = value
        return out

    def point_jacobian(self, q, name: str) -> np.ndarray:
        """∂r/∂q of a named point or vector (dim × n): ṙ = (∂r/∂q) q̇."""
        kind = "vector" if isinstance(name, str) and name in self._vector_exprs else "point"
        expr = self._expression(name, kind)
        return self._compiled.vector_jacobian_at((kind, name), expr, self.configuration(q))

    def point_velocity(self, q, qd, name: str) -> np.ndarray:
        """Velocity of a named point (or vector), ṙ = r_q q̇."""
        return self.point_jacobian(q, name) @ self.configuration(qd, "qd")

    def point_acceleration(self, q, qd, qdd, name: str) -> np.ndarray:
        """Acceleration of a named point (or vector), r̈ = r_q q̈ + (r_q q̇)_q q̇."""
        kind = "vector" if isinstance(name, str) and name in self._vector_exprs else "point"
        expr = self._expression(name, kind)
        q, qd, qdd = self.configuration(q), self.configuration(qd, "qd"), self.configuration(qdd, "qdd")
        second = self._compiled.vector_second_derivative((kind, name), expr, q, qd)
        return self.point_jacobian(q, name) @ qdd + second

    vector_velocity = point_velocity
    vector_acceleration = point_acceleration

    def motion_jacobian(self, q) -> np.ndarray:
        """The Jacobians of every named point and vector stacked (rows: their
        coordinates in order): the motion a change of q causes."""
        names = self.point_names + self.vector_names
        if not names:
            return np.zeros((0, self.n_coordinates))
        return np.vstack([self.point_jacobian(q, name) for name in names])

    def angle(self, q, tail: str, head: str) -> float:
        """Angle of the vector tail→head from +x (planar mechanisms; radians in (−π, π]):
        the angle of a link, whatever the family's coordinates count from."""
        if self.mechanism.dimension != 2:
            raise InputError(
                "model.angle is the angle from +x of a planar mechanism; in space use "
                "mbtools.description.angle_about(axis, model.point(q, head) - model.point(q, tail))."
            )
        d = self.point(self.configuration(q), head) - self.point(q, tail)
        return math.atan2(float(d[1]), float(d[0]))

    def angle_rate(self, q, qd, tail: str, head: str) -> float:
        """Rate of :meth:`angle`: (d × ḋ)/‖d‖² (planar)."""
        self.angle(q, tail, head)
        d = self.point(q, head) - self.point(q, tail)
        dd = self.point_velocity(q, qd, head) - self.point_velocity(q, qd, tail)
        return float((d[0] * dd[1] - d[1] * dd[0]) / (d @ d))

    # ----------------------------------------------------------------- analyses of the model
    def degrees_of_freedom(self, q) -> int:
        """n − rank Φ_q of the constraints other than the drivers, at position q: the
        number of inputs the mechanism needs there (rank by the policy of
        :func:`~mbtools.model.numerical_rank`, tolerance :data:`~mbtools.model.RANK_RTOL`)."""
        rows = [k for k, c in enumerate(self.constraints) if not c.is_driver]
        J = self.jacobian(q, self.input_values(q))[rows]
        if J.size == 0:
            return self.n_coordinates
        return self.n_coordinates - rank_of_diagonal(np.linalg.svd(J, compute_uv=False))

    def guess_from_points(self, positions: dict) -> np.ndarray:
        """A guess q built from approximate point positions (others from the drawing).
        Only for families whose coordinates are point coordinates (basic, natural)."""
        if not isinstance(positions, dict):
            raise InputError("guess_from_points takes a dict from point names to rough positions, e.g. {'B': (3, 4)}.")
        q = self.reference_q.copy()
        names = self.coordinate_names
        for point, xy in positions.items():
            self._expression(point, "point")
            for axis, value in zip("xyz", xy):
                key = f"{axis}_{point}"
                if key not in names:
                    raise InputError(
                        f"Point '{point}' has no coordinates of its own in the {self.family} model "
                        "(fixed to the ground, or the family places bodies by poses): it needs no guess."
                    )
                q[names.index(key)] = float(value)
        return q


Model.degrees_of_freedom.__doc__ = Model.degrees_of_freedom.__doc__.replace("{RANK_RTOL}", f"{RANK_RTOL:g}")
