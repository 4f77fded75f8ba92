"""A multibody system: a model and what acts on it, the object the dynamic formulations
integrate.

Drivers in dynamics: an input of the description is *free* in forward dynamics — its
driving equation is left out, and it only names an independent coordinate for the
initial conditions (``inputs=``, ``rates=`` of :func:`~mbtools.dynamics.simulate`) — unless
it is *prescribed* as a function of time (``prescribed={"crank": 0.2 + 3*t}``, see
:mod:`mbtools.dynamics.prescribed`): then its driving equation holds at s(t), and its
multiplier is the torque or force it takes. A motor that applies a given torque instead is
a load, :class:`~mbtools.dynamics.loads.DriverForce`. A mechanism needs no driver to be
simulated. In inverse dynamics (:func:`mbtools.inverse_dynamics`) every input
prescribes the motion.

Example
-------
>>> from mbtools import Mechanism, MassProperties, formulate
>>> m = Mechanism("pendulum")
>>> m.add_ground({"O": (0.0, 0.0)})
>>> m.add_body("bob", {"O": (0.0, 0.0), "P": (1.0, 0.0)}, mass=MassProperties(2.0, (1.0, 0.0), 0.0))
>>> m.add_revolute("ground", "bob", at="O")
>>> system = MultibodySystem(formulate(m, "natural"))
>>> system.gravity
array([ 0.  , -9.81])
"""

from __future__ import annotations

import numbers

import numpy as np

from ..errors import InputError
from ..model import Model
from .forces import gravity_force, inertia_velocity_terms, potential_energy
from .kernels import saddle_point_matrix
from .state import EvaluatedState
from ..description.contacts import check_contacts
from .loads import check_loads
from .load_states import LoadStates
from .mass import check_mass_properties, mass_matrix
from .recursive import composite_mass_matrix, model_tree
from .prescribed import prescribed_motion

STANDARD_GRAVITY = 9.81


class MultibodySystem:
    """A model with gravity, loads and prescribed inputs: what a dynamic formulation
    integrates.

    Parameters
    ----------
    model : Model
        From :func:`mbtools.formulate`; every moving body needs mass properties.
    gravity : sequence of float, optional
        The acceleration of gravity, (0, −9.81) in the plane and (0, 0, −9.81) in space by
        default (m/s², along −y or −z); ``(0, 0)`` for none.
    loads : sequence
        :class:`~mbtools.dynamics.loads.PointForce`, :class:`~mbtools.dynamics.loads.Spring`,
        :class:`~mbtools.dynamics.loads.Torque`, :class:`~mbtools.dynamics.loads.DriverForce`,
        each by virtual power.
    prescribed : dict, optional
        Inputs whose motion is prescribed, by name: a number (held), a sympy expression of
        ``sympy.Symbol("t")``, or a :class:`~mbtools.dynamics.prescribed.PrescribedMotion`.
        The other inputs are free.
    baumgarte : tuple of float
        The gains (α, β), 1/s, of the Baumgarte stabilisation of the multipliers formulation.
    contacts : sequence of PlaneContact
        Unilateral contacts of named points with planes, with restitution and friction
        (:class:`~mbtools.PlaneContact`): impacts are solved by
        :func:`~mbtools.solve_impact` and located during :func:`~mbtools.simulate`.

    Attributes
    ----------
    rows : list of int
        The rows of the model's Φ that hold in dynamics: the geometric constraints and
        the driving equations of the prescribed inputs.
    constant_mass : bool
        True where every body's placement is linear in q (natural coordinates with three
        independent directions on each body, planar basic coordinates): M is then
        computed once, and the velocity terms h vanish.
    quadratic_rows : mbtools.dynamics.system.QuadraticRows or None
        The rows that hold, as constant Hessians, where they are quadratic in q and free of
        the inputs (natural and basic coordinates without prescribed inputs); else None.
    """

    def __init__(self, model: Model, gravity=None, loads=(), prescribed=None, baumgarte=(5.0, 5.0), contacts=()):
        if not isinstance(model, Model):
            raise InputError(
                f"MultibodySystem takes a model (mbtools.formulate(mechanism, family)), got {type(model).__name__}."
            )
        dim = model.mechanism.dimension
        if gravity is None:
            gravity = np.zeros(dim)
            gravity[-1] = -STANDARD_GRAVITY
        gravity = np.asarray(gravity, dtype=float) if _numbers(gravity) else None
        if gravity is None or gravity.shape != (dim,) or not np.isfinite(gravity).all():
            raise InputError(f"gravity must be {dim} finite numbers (m/s²), such as {'(0, -9.81)' if dim == 2 else '(0, 0, -9.81)'}.")
        if not (_numbers(baumgarte) and len(baumgarte) == 2 and all(float(g) >= 0 for g in baumgarte)):
            raise InputError(f"baumgarte takes two gains (α, β) ≥ 0 in 1/s, such as (5.0, 5.0); got {baumgarte!r}.")
        self.model = model
        self.gravity = gravity
        self.baumgarte = tuple(float(g) for g in baumgarte)
        self.prescribed = self._prescribed(prescribed or {})
        self.free_inputs = [name for name in model.input_names if name not in self.prescribed]
        self.rows = [k for k, c in enumerate(model.constraints) if not c.is_driver or c.owner in self.prescribed]
        self.constant_mass = all(model.placement_is_linear(body) for body in model.body_names)
        self.quadratic_rows = QuadraticRows(model, self.rows) if model.is_quadratic and not self.prescribed else None
        check_mass_properties(model)  # names any body without mass properties now
        # built once where constant; else on each call (a recursive formulation never asks)
        self._mass = mass_matrix(model, model.reference_q) if self.constant_mass else None
        self._weight = gravity_force(model, model.reference_q, gravity) if self.constant_mass else None
        self._metric_inverse = None
        self.loads = check_loads(model, loads)
        self.load_states = LoadStates(model, self.loads)
        self.contacts = check_contacts(model, contacts)

    def _prescribed(self, prescribed) -> dict:
        if not isinstance(prescribed, dict):
            raise InputError(f"prescribed takes a dict, input name → motion, such as {{'crank': 0.5 + 2*t}}; got {prescribed!r}.")
        unknown = [name for name in prescribed if name not in self.model.input_names]
        if unknown:
            raise InputError(f"prescribed names {unknown}, which are not inputs of '{self.model.mechanism.name}'; "
                             f"its inputs are {self.model.input_names}.")
        return {name: prescribed_motion(value, name) for name, value in prescribed.items()}

    def __repr__(self) -> str:
        return f"<MultibodySystem of '{self.model.mechanism.name}' in {self.model.family} coordinates, gravity {tuple(self.gravity)}>"

    def inputs_at(self, q: np.ndarray, t: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(s, ṡ, s̈) in model order: prescribed inputs from their motion at t, free ones
        read off q (their rates do not enter: their rows are left out)."""
        model = self.model
        s = model.measured_inputs(q) if self.free_inputs else np.zeros(len(model.input_names))
        sd, sdd = np.zeros_like(s), np.zeros_like(s)
        for name, motion in self.prescribed.items():
            k = model.input_names.index(name)
            s[k], sd[k], sdd[k] = motion(t)
        return s, sd, sdd

    def constraints(self, q: np.ndarray, qd: np.ndarray, t: float = 0.0):
        """(Φ, Φ_q, γ) of the constraints that hold in dynamics at time t (:attr:`rows`)."""
        if self.quadratic_rows is not None:
            return self.quadratic_rows(q, qd)
        model = self.model
        s, sd, sdd = self.inputs_at(q, t)
        rows = self.rows
        phi, J = model.newton_function(s)(q)
        gamma = model.gamma(q, qd, s, sd, sdd)
        return phi[rows], J[rows], gamma[rows]

    def position_constraints(self, q: np.ndarray, t: float = 0.0) -> tuple[np.ndarray, np.ndarray]:
        """(Φ, Φ_q) of the constraints that hold in dynamics at time t: what a projection
        onto them needs."""
        if self.quadratic_rows is not None:
            return self.quadratic_rows.positions(q)
        s, _, _ = self.inputs_at(q, t)
        phi, J = self.model.newton_function(s)(q)
        return phi[self.rows], J[self.rows]

    def constraint_rate(self, q: np.ndarray, t: float = 0.0) -> np.ndarray:
        """Φ_t = Φ_s ṡ(t) of the rows that hold (zero unless inputs are prescribed):
        the velocity constraints read Φ_q q̇ + Φ_t = 0."""
        if not self.prescribed:
            return np.zeros(len(self.rows))
        s, sd, _ = self.inputs_at(q, t)
        return (self.model.phi_s(q, s) @ sd)[self.rows]

    def acceleration_constraints(self, q: np.ndarray, qd: np.ndarray, t: float = 0.0,
                                 stabilised: bool = True) -> tuple[np.ndarray, np.ndarray]:
        """(Φ_q, c) of the acceleration constraints Φ_q q̈ = c: with ``stabilised``,
        c = γ − 2 α Φ̇ − β² Φ, Φ̇ = Φ_q q̇ + Φ_t (Baumgarte 1972); else c = γ."""
        if not stabilised:
            if self.quadratic_rows is not None:
                return self.quadratic_rows.jacobian_and_gamma(q, qd)
            _, J, gamma = self.constraints(q, qd, t)
            return J, gamma
        phi, J, gamma = self.constraints(q, qd, t)
        alpha, beta = self.baumgarte
        return J, gamma - 2.0 * alpha * (J @ qd + self.constraint_rate(q, t)) - beta * beta * phi

    def evaluate(self, q: np.ndarray, qd: np.ndarray, t: float = 0.0, stabilised: bool = False):
        """The system at (t, q, q̇), evaluated once for a formulation: M, Q − h, Φ_q and
        the acceleration constraints' right-hand side, Φ, Φ_t and the force Jacobians on
        request (:class:`~mbtools.dynamics.state.EvaluatedState`)."""
        return EvaluatedState(self, q, qd, t, stabilised)

    def mass_matrix(self, q: np.ndarray) -> np.ndarray:
        """M(q); the one matrix computed at construction where it is constant, and in
        relative coordinates by the composite-rigid-body recursion (:mod:`mbtools.dynamics.recursive`, the
        same matrix to round-off, in O(n²) and without the placements' symbolic Jacobians)."""
        if self.constant_mass:
            return self._mass
        if self.model.family == "relative":
            return composite_mass_matrix(model_tree(self.model), q)
        return mass_matrix(self.model, q)

    def saddle_point_matrix(self, q: np.ndarray, J: np.ndarray) -> np.ndarray:
        """[M Φ_qᵀ; Φ_q 0] for the constraint rows J, as a new array (the solver overwrites
        it): :func:`~mbtools.dynamics.kernels.saddle_point_matrix` with M."""
        return saddle_point_matrix(self.mass_matrix(q), J)

    def metric(self, q: np.ndarray) -> np.ndarray:
        """W = M + ε I, the metric of the mass-orthogonal projections (ε = 1e-9 of M's mean
        diagonal, so that a body without inertia in some direction still has a metric)."""
        M = self.mass_matrix(q)
        return M + 1e-9 * max(float(np.trace(M)) / len(M), 1e-300) * np.eye(len(M))

    def metric_inverse(self, q: np.ndarray) -> np.ndarray:
        """W⁻¹ (:meth:`metric`); computed once where M is constant."""
        if self.constant_mass and self._metric_inverse is not None:
            return self._metric_inverse
        inverse = np.linalg.inv(self.metric(q))
        if self.constant_mass:
            self._metric_inverse = inverse
        return inverse

    def forces(self, q: np.ndarray, qd: np.ndarray, t: float) -> np.ndarray:
        """Q − h: gravity and the loads, less the inertia forces that do not come from q̈."""
        if self.constant_mass:
            force = self._weight.copy()
        else:
            force = gravity_force(self.model, q, self.gravity) - inertia_velocity_terms(self.model, q, qd)
        for load in self.loads:
            force = force + load.generalized_force(self.model, t, q, qd)
        return force

    def energy(self, q: np.ndarray, qd: np.ndarray) -> float:
        """Kinetic plus potential energy, T + V (gravity, springs, constant point forces)."""
        potential = potential_energy(self.model, q, self.gravity) + sum(load.potential(self.model, q) for load in self.loads)
        return float(0.5 * qd @ self.mass_matrix(q) @ qd) + potential


#: Up to this many entries of the rows' Hessians (m n², about 10 coordinates), Φ_q and γ
#: are taken as products with the Hessians stacked densely (two products at each
#: evaluation of the equations of motion); above, by the general path.
DENSE_HESSIANS_UP_TO = 2_000


class QuadraticRows:
    """Φ, Φ_q and γ of rows quadratic in q and free of the inputs (the geometric rows of
    natural and basic coordinates): with Φ_k = ½ qᵀ H_k q + b_kᵀ q + c_k, γ_k = −q̇ᵀ H_k q̇,
    summed over the few non-zero entries of the constant H_k."""

    def __init__(self, model: Model, rows: list[int]):
        self.function = model.newton_function(model.input_vector(model.reference_inputs()))
        self.rows = rows
        (k, i, j, h), B, c = model.quadratic_entries  # H by its non-zero entries, of every row
        position = np.full(model.n_constraints, -1)
        position[rows] = np.arange(len(rows))
        kept = position[k] >= 0
        self.k, self.i, self.j, self.h = position[k[kept]], i[kept], j[kept], h[kept]
        self.offset, self.constant = B[rows], c[rows]
        self.m, self.n = len(rows), model.n_coordinates
        self.every_row = list(rows) == list(range(model.n_constraints))
        # small models: Φ_q = H q + B and γ = −H (q̇ ⊗ q̇) as two products, with H stacked
        # into an (m n) × n and an m × n² matrix, faster than the general path below a few
        # thousand entries
        self.stacked = self.gamma_matrix = None
        if self.m * self.n * self.n <= DENSE_HESSIANS_UP_TO:
            H = np.zeros((self.m, self.n, self.n))
            H[self.k, self.i, self.j] = self.h
            self.stacked = H.reshape(-1, self.n)
            self.gamma_matrix = -H.reshape(self.m, self.n * self.n)  # γ = −H (q̇ ⊗ q̇)

    def __call__(self, q: np.ndarray, qd: np.ndarray):
        phi, J = self.function(q)
        gamma = -np.bincount(self.k, self.h * qd[self.i] * qd[self.j], minlength=self.m)
        if self.every_row:
            return phi, J, gamma
        return phi[self.rows], J[self.rows], gamma

    def positions(self, q: np.ndarray):
        """(Φ, Φ_q) of the rows."""
        phi, J = self.function(q)
        if self.every_row:
            return phi, J
        return phi[self.rows], J[self.rows]

    def jacobian_and_gamma(self, q: np.ndarray, qd: np.ndarray):
        """(Φ_q, γ) without Φ: what the equations of motion need at every evaluation."""
        if self.stacked is None:
            _, J, gamma = self(q, qd)
            return J, gamma
        J = (self.stacked @ q).reshape(self.m, self.n)
        J += self.offset
        return J, self.gamma_matrix @ (qd[:, None] * qd).ravel()


def _numbers(value) -> bool:
    try:
        return all(isinstance(v, (numbers.Real, np.floating)) and not isinstance(v, bool) for v in value)
    except TypeError:
        return False
