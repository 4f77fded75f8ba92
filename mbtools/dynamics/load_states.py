"""Loads with states of their own: a bristle deflection z of LuGre friction, the approach
speed a contact law remembers from the start of its contact, the energy a contact has
dissipated so far.

A load with states (``state_size(model) > 0``; the compliant contacts of
:mod:`mbtools.dynamics.compliant_contacts`) adds its states w to the integrated state,

    y = (q, q̇, w),        ẏ = (q̇, q̈(q, q̇, w, t), ẇ(q, q̇, w, t)),              (S.1)

and its generalized force depends on them, Q(q, q̇, w, t). Its states are of two kinds:

* **continuous** — a bristle deflection, the dissipated energy E_d with Ė_d = the power
  its damping and friction take out (≥ 0) — integrated with (q, q̇) under the same error
  control, so that T + V + E_d is constant to the integrator's tolerance;
* **held** — constant between events (ẇ = 0), set at an event: a contact law of
  Hunt–Crossley type reads the approach speed δ̇⁻ at the start of its contact, recorded
  when its indentation δ(q) crosses zero upwards (the load's ``event_values``, located
  by Brent's method on the step's interpolant, and its ``at_event``).

The protocol a load with states follows, beside the other loads' (``generalized_force``,
``tangent``, ``potential``, ``body_wrenches``, ``shared_points``), each taking its states
``w`` last (None: its states at the start, ``initial_states``):

* ``state_size(model)``, ``initial_states(model, q, qd)``, ``state_rates(model, t, q, qd, w)``,
  ``state_scales(model, energy)`` (the size of each state, for the absolute tolerance);
* ``event_values(model, q, w)`` (one function per event, crossing zero upwards) and
  ``at_event(model, q, qd, w, k)`` (the states after event k);
* ``dissipated_energy(w)``.

A system's :class:`LoadStates` lays the loads' states end to end in w and binds them:
:meth:`LoadStates.bind` gives the system with each such load's states fixed
(:class:`BoundLoad`), which every formulation then evaluates as it evaluates any system.
:class:`StatePath` is the one driver's path for (S.1) (``mbtools.dynamics.integrate``):
the ODE formulations, projected onto the constraints after each step, w untouched by the
projection.

Example
-------
A block on a slide held by LuGre friction under a 1 N normal load
(:func:`mbtools.analysis.contacts.lugre_block_system`): its states are the energy
dissipated, the work against friction, the approach speed (unused: the normal force is
given) and the bristle deflection, laid after (q, q̇).

>>> from mbtools.analysis.contacts import lugre_block_system
>>> system = lugre_block_system()
>>> system.load_states.size
4
>>> system.load_states.owners[-1]
'friction: bristle deflection at contact 1'
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

import numpy as np
from scipy.optimize import brentq

from ..errors import MbtoolsError, SingularJacobianError
from .jacobians import acceleration_response, rhs_jacobian
from .differences import DIFFERENCE_STEP
from .kernels import project_state
from .singular import RankWatch

#: Event functions are checked at this many points of each step's interpolant.
SAMPLES = 8
#: Events are located in time to this tolerance (s).
TIME_TOLERANCE = 1e-13
#: How far below 0, in units of the model's length scale, an event function may be found
#: again just after its event, where the projection of the state onto the constraints
#: has moved it back a hair: not a new crossing.
EVENT_SLACK = 1e-9
#: The most events one simulation accepts.
MAX_EVENTS = 100_000


def has_states(load, model) -> bool:
    """Whether a load carries states of its own."""
    return hasattr(load, "state_size") and load.state_size(model) > 0


@dataclass(frozen=True)
class BoundLoad:
    """A load with its states held at ``states``: a load like any other to the
    formulations (``generalized_force(model, t, q, qd)`` and the rest)."""

    load: object
    states: np.ndarray

    def generalized_force(self, model, t, q, qd) -> np.ndarray:
        return self.load.generalized_force(model, t, q, qd, self.states)

    def tangent(self, model, t, q, qd):
        return self.load.tangent(model, t, q, qd, self.states)

    def potential(self, model, q) -> float:
        return self.load.potential(model, q)

    def body_wrenches(self, model, t, q, qd):
        return self.load.body_wrenches(model, t, q, qd, self.states)

    def shared_points(self, mechanism):
        return self.load.shared_points(mechanism)

    def __str__(self) -> str:
        return str(self.load)


class LoadStates:
    """The states of a system's loads, laid end to end in w (S.1).

    Attributes
    ----------
    size : int
        The number of states.
    slices : list
        One pair per load with states: its index in ``system.loads`` and the slice of w
        that holds its states.
    owners : tuple of str
        What each state is, by load.
    stiff : bool
        Whether a load says its states are stiff (``stiff_states(model)``, e.g. LuGre's
        bristles): the default integrator is then Radau.
    """

    def __init__(self, model, loads):
        self.model = model
        self.slices: list[tuple[int, slice]] = []
        owners: list[str] = []
        start = 0
        for k, load in enumerate(loads):
            if has_states(load, model):
                size = load.state_size(model)
                self.slices.append((k, slice(start, start + size)))
                owners += list(load.state_names(model))
                start += size
        self.size = start
        self.owners = tuple(owners)
        self.events = any(len(loads[k].event_values(model, model.reference_q, None)) for k, _ in self.slices)
        self.stiff = any(hasattr(loads[k], "stiff_states") and loads[k].stiff_states(model) for k, _ in self.slices)

    def __bool__(self) -> bool:
        return self.size > 0

    def initial(self, loads, q: np.ndarray, qd: np.ndarray) -> np.ndarray:
        """w at the start (each load's ``initial_states``)."""
        w = np.zeros(self.size)
        for k, part in self.slices:
            w[part] = loads[k].initial_states(self.model, q, qd)
        return w

    def rates(self, loads, t: float, q: np.ndarray, qd: np.ndarray, w: np.ndarray) -> np.ndarray:
        """ẇ of (S.1)."""
        rate = np.zeros(self.size)
        for k, part in self.slices:
            rate[part] = loads[k].state_rates(self.model, t, q, qd, w[part])
        return rate

    def scales(self, loads, energy: float) -> np.ndarray:
        """The size of each state, for the absolute tolerance (``energy``: the system's
        energy scale, J, for the dissipated energies)."""
        scale = np.ones(self.size)
        for k, part in self.slices:
            scale[part] = loads[k].state_scales(self.model, energy)
        return scale

    def bind(self, system, w: np.ndarray):
        """The system with each load's states held at w: a shallow copy whose loads with
        states are :class:`BoundLoad` (the system itself is left as it is)."""
        bound = copy.copy(system)
        loads = list(system.loads)
        for k, part in self.slices:
            loads[k] = BoundLoad(loads[k], w[part])
        bound.loads = tuple(loads)
        return bound

    def event_values(self, loads, q: np.ndarray, w: np.ndarray) -> np.ndarray:
        """Every load's event functions, end to end (each crosses zero upwards at its event)."""
        values = [loads[k].event_values(self.model, q, w[part]) for k, part in self.slices]
        return np.concatenate(values) if values else np.zeros(0)

    def event_owner(self, loads, q: np.ndarray, w: np.ndarray, index: int) -> tuple[int, int]:
        """(k, i): event ``index`` (of :meth:`event_values`) is event i of ``loads[k]``."""
        for k, part in self.slices:
            count = len(loads[k].event_values(self.model, q, w[part]))
            if index < count:
                return k, index
            index -= count
        raise MbtoolsError(f"No event {index} among the loads' states.")  # pragma: no cover - internal

    def at_event(self, loads, q: np.ndarray, qd: np.ndarray, w: np.ndarray, index: int) -> np.ndarray:
        """w after event ``index`` (of :meth:`event_values`)."""
        w = w.copy()
        k, local = self.event_owner(loads, q, w, index)
        part = dict(self.slices)[k]
        w[part] = loads[k].at_event(self.model, q, qd, w[part], local)
        return w

    def dissipated(self, loads, w: np.ndarray) -> np.ndarray:
        """The energy dissipated so far by the loads with states, for each row of w (N, size)."""
        w = np.atleast_2d(w)
        total = np.zeros(len(w))
        for k, part in self.slices:
            total += np.array([loads[k].dissipated_energy(row[part]) for row in w])
        return total


class StatePath:
    """The one driver's path of (S.1): y' = (q̇, q̈, ẇ) with the loads' states bound, the
    projection of (q, q̇) onto the constraints (w left as it is), (q̈, λ) at an output,
    the Jacobian for Radau and BDF (the force Jacobians of the bound system, with the
    columns and rows of w by central differences), and the held states' events.

    It does not hand singular positions to ALI3-P (``crosses`` is False): ALI3-P carries no
    load states."""

    projects = True
    crosses = False

    def __init__(self, system, accelerations, q: np.ndarray, t: float = 0.0):
        self.system, self.accelerations = system, accelerations
        self.n = system.model.n_coordinates
        self.states = system.load_states
        self.watch = RankWatch.at(system.position_constraints(q, t)[1] if system.rows else None)
        self.event_count = 0
        self.fired: tuple = ()  # the events just restarted at: not found again from the state after them
        self.events: list = []  # each contact's start: (t, the contact's label, its approach speed)
        self.has_events = self.states.events
        self.singular: Exception | None = None

    def split(self, y: np.ndarray):
        n = self.n
        return y[:n], y[n:2 * n], y[2 * n:]

    def initial(self, q: np.ndarray, qd: np.ndarray) -> np.ndarray:
        """w at the start."""
        return self.states.initial(self.system.loads, q, qd)

    def scales(self, q: np.ndarray, qd: np.ndarray) -> np.ndarray:
        """The size of each state (the absolute tolerance is rtol times it); energies on the
        scale of the system's energy at the start, T₀ + m g ℓ (m the total mass, ℓ the
        mechanism's size, g at least 1 m/s²)."""
        system = self.system
        mass = float(np.trace(system.mass_matrix(q))) / system.model.mechanism.dimension
        energy = 0.5 * float(qd @ system.mass_matrix(q) @ qd) + mass * max(float(np.linalg.norm(system.gravity)),
                                                                           1.0) * system.model.length_scale
        return self.states.scales(system.loads, energy)

    def derivative(self, t: float, y: np.ndarray) -> np.ndarray:
        """f of (S.1). A trial stage of a step too long for a stiff contact can land far
        inside it, where the bodies' frames or constraints degenerate: the equations are then
        singular there, and NaN makes the integrator reject the step and try a shorter one
        (the error kept in ``singular``, raised if the integration stops)."""
        if not np.isfinite(y).all():  # a later stage of a step already rejected
            return np.full(len(y), np.nan)
        q, qd, w = self.split(y)
        bound = self.states.bind(self.system, w)
        try:
            with np.errstate(over="ignore", invalid="ignore"):  # such a stage overflows: its NaN rejects it
                qdd, _ = self.accelerations(bound, q, qd, t, stabilised=False, watch=self.watch)
        except (SingularJacobianError, np.linalg.LinAlgError) as error:
            self.singular = error
            return np.full(len(y), np.nan)
        if not np.isfinite(qdd).all():  # the stage overflowed
            return np.full(len(y), np.nan)
        return np.concatenate([qd, qdd, self.states.rates(self.system.loads, t, q, qd, w)])

    def project(self, y: np.ndarray, t: float) -> tuple[np.ndarray, float]:
        q, qd, w = self.split(y)
        q, qd, J = project_state(self.system, q.copy(), qd.copy(), t, self.watch.rank or None)
        return np.concatenate([q, qd, w]), self.watch.consistent(J)

    def outputs(self, t: float, y: np.ndarray):
        q, qd, w = self.split(y)
        return self.accelerations(self.states.bind(self.system, w), q, qd, t, False, watch=self.watch)

    def at_output(self, q: np.ndarray, qd: np.ndarray, t: float):  # pragma: no cover - the driver calls outputs
        raise MbtoolsError("A path with load states gives its outputs from the whole state (outputs(t, y)).")

    def jacobian(self, t: float, y: np.ndarray, curvature: bool = True) -> np.ndarray:
        """∂f/∂y: the (q, q̇) block of the bound system (:func:`mbtools.dynamics.jacobians.rhs_jacobian`,
        without ``curvature`` with the geometry held, for the stiffness ratio);
        the states' rows and columns from each load's ``state_tangent`` (exact, (K.6)),
        with ∂q̈/∂w from the saddle-point matrix, [M Φ_qᵀ; Φ_q 0] [∂q̈/∂w; ·] = [∂Q/∂w; 0];
        by central differences of the derivative for a load without one."""
        n, size = self.n, len(y)
        q, qd, w = self.split(y)
        jacobian = np.zeros((size, size))
        bound = self.states.bind(self.system, w)
        rank = self.watch.rank or None
        jacobian[:2 * n, :2 * n] = rhs_jacobian(bound, q, qd, t, rank, curvature)
        loads = self.system.loads
        if not self.states.size:
            return jacobian
        if all(hasattr(loads[k], "state_tangent") for k, _ in self.states.slices):
            force_w = np.zeros((n, self.states.size))
            model = self.system.model
            for k, part in self.states.slices:
                Q_w, W_q, W_qd, W_w = loads[k].state_tangent(model, t, q, qd, w[part])
                rows = slice(2 * n + part.start, 2 * n + part.stop)
                force_w[:, part] = Q_w
                jacobian[rows, :n], jacobian[rows, n:2 * n] = W_q, W_qd
                jacobian[rows, 2 * n + part.start:2 * n + part.stop] = W_w
            jacobian[n:2 * n, 2 * n:] = acceleration_response(bound, q, qd, t, force_w, rank)
            return jacobian
        scale = max(float(np.abs(y[:2 * n]).max(initial=0.0)), self.system.model.length_scale)
        for j in range(2 * n):  # ∂ẇ/∂(q, q̇)
            dy = DIFFERENCE_STEP * max(abs(y[j]), scale)
            plus, minus = y.copy(), y.copy()
            plus[j] += dy
            minus[j] -= dy
            jacobian[2 * n:, j] = (self.states.rates(loads, t, *self.split(plus))
                                   - self.states.rates(loads, t, *self.split(minus))) / (2 * dy)
        for j in range(2 * n, size):  # ∂(q̈, ẇ)/∂w
            dy = DIFFERENCE_STEP * max(abs(y[j]), 1e-300) if y[j] else DIFFERENCE_STEP * 1e-6
            plus, minus = y.copy(), y.copy()
            plus[j] += dy
            minus[j] -= dy
            jacobian[n:, j] = (self.derivative(t, plus)[n:] - self.derivative(t, minus)[n:]) / (2 * dy)
        return jacobian

    def event_values(self, y: np.ndarray) -> np.ndarray:
        q, _, w = self.split(y)
        return self.states.event_values(self.system.loads, q, w)

    def first_event(self, t0: float, y0: np.ndarray, t1: float, interpolant):
        """(time, indices) of the first event functions crossing zero upwards within the
        step, or None: checked at ``SAMPLES`` points of the interpolant, located by Brent's
        method. Every function that has crossed by that time is in ``indices`` (two
        corners of a level slider strike its wall at one instant): one left out would be
        positive from then on, and its start never seen."""
        times = np.linspace(t0, t1, SAMPLES + 1)
        before = self.event_values(y0)
        for k in self.fired:  # projected after its event, a function found there may be a hair below 0 again
            if -EVENT_SLACK * self.system.model.length_scale < before[k] <= 0.0:
                before[k] = 1.0
        self.fired = ()
        for a, b in zip(times[:-1], times[1:]):
            after = self.event_values(interpolant(b))
            crossing = np.flatnonzero((before <= 0.0) & (after > 0.0))
            if len(crossing):
                time = min(self._past_root(interpolant, k, a, b) for k in crossing)
                values = self.event_values(interpolant(time))
                return time, tuple(int(k) for k in crossing if values[k] > 0.0)
            before = after
        return None

    def _past_root(self, interpolant, k: int, a: float, b: float) -> float:
        """The root of event function k in (a, b] by Brent's method, moved to the first time
        past it where the function is positive, so that the event is not found again from
        there."""
        def value(s: float) -> float:
            return float(self.event_values(interpolant(s))[k])

        root = brentq(value, a, b, xtol=TIME_TOLERANCE, rtol=4 * np.finfo(float).eps)
        nudge = TIME_TOLERANCE
        while value(root) <= 0.0 and root < b:
            root = min(root + nudge, b)
            nudge *= 2.0
        return root

    def restart(self, t: float, y: np.ndarray, index) -> np.ndarray:
        """The state after event ``index`` (or each of a tuple of events) at t: the loads'
        ``at_event``."""
        if isinstance(index, tuple):
            for each in index:
                y = self.restart(t, y, each)
            self.fired = index
            return y
        self.event_count += 1
        if self.event_count > MAX_EVENTS:
            raise MbtoolsError(f"More than {MAX_EVENTS} contact events in the simulation of "
                               f"'{self.system.model.mechanism.name}': the contacts chatter; give the contact law "
                               "more damping or a larger minimum impact speed.")
        q, qd, w = self.split(y)
        loads = self.system.loads
        k, local = self.states.event_owner(loads, q, w, index)
        label = getattr(loads[k], "label", type(loads[k]).__name__)
        if getattr(loads[k], "n_contacts", lambda model: 1)(self.system.model) > 1:
            label = f"{label}, contact {local + 1}"
        speed = None
        if hasattr(loads[k], "contact_points"):
            contact = loads[k].contact_points(self.system.model, q)[local]
            speed = float(-contact.normal @ (contact.jacobian @ qd))
        self.events.append((t, label, speed))
        self.fired = (index,)
        return np.concatenate([q, qd, self.states.at_event(loads, q, qd, w, index)])
