"""The one driver of time integration: the ODE formulations, kept on the constraints by
projection, with the neighbourhoods of singular positions crossed by ALI3-P; the one-step
index-3 methods (their path, ``mbtools.dynamics.one_step.OneStepPath``, gives the driver
their own solver on the same ``OdeSolver`` contract); SUNDIALS' IDA on the index-2
equations (``mbtools.dynamics.ida.IDAPath``, likewise); and the contacts' events.

The ODE formulations (``kind`` "ode" in ``mbtools.dynamics.simulate.FORMULATIONS``) give q̈(q, q̇, t);
the state y = (q, q̇) is integrated one step at a time by one of scipy's ``OdeSolver``
classes (:data:`INTEGRATORS`): DOP853, an explicit Runge–Kutta method of order 8 with error
control, by default; Radau or BDF, implicit, with the Jacobian of
:mod:`mbtools.dynamics.jacobians`, where the motion is stiff. After every step the state is brought
back onto the constraints (Hairer, Lubich & Wanner 2006, *Geometric Numerical
Integration*, sec. IV.4, "projection methods"; :mod:`mbtools.dynamics.kernels`):

    q ← the nearest point of Φ(q, t) = 0 in the mass metric (Newton),
    q̇ ← its projection onto Φ_q q̇ + Φ_t = 0.

**Singular positions.** Near a singular position (A02's bars all on one line) the
constraint Jacobian has a small singular value σ; a drift ε of the state becomes an
acceleration of order ε/σ, and an adaptive explicit integrator crowds its steps there
until it stalls or leaves its branch — where it does is decided by round-off (A02 with
N = 10 at rtol 1e-10: at t = 16.41 on one processor, nowhere on another). So the driver
watches the distance from a singular position (:class:`~mbtools.dynamics.singular.RankWatch`:
the last *generic* pivot of Φ_q over the first, so that a permanently redundant mechanism
such as Bricard's is not mistaken for a singular one) and hands the neighbourhood to
ALI3-P (:class:`~mbtools.dynamics.ali3p.ALI3P`), whose Newton matrix
M + (Δt²/4) α Φ_qᵀΦ_q stays regular there and which keeps its branch:

* a step whose stages came within :data:`~mbtools.dynamics.singular.STAGE_NEAR_SINGULAR`
  is discarded and taken again by ALI3-P from its start;
* a consistent state within :data:`~mbtools.dynamics.singular.CROSSING_ENTRY` hands over;
* ALI3-P steps with error control — the local error of the trapezoidal rule estimated
  on q against a Hermite predictor (``mbtools.dynamics.step_control``), against the same
  rtol and atol, by the one-step solver of ``mbtools.dynamics.one_step`` — and hands back to DOP853 beyond :data:`~mbtools.dynamics.singular.CROSSING_EXIT` (and past
  the end of the step it took over).

Both methods keep the branch, so round-off decides at most *which* of them takes a step,
and the answer moves by no more than the tolerance. The trajectory's ``statistics`` count
the steps of each, the evaluations and the crossings.

``stabilise="baumgarte"`` gives the classical Baumgarte-stabilised index-1 integration, for
comparison, without projection or crossings: it stops near a singular position
(:data:`~mbtools.dynamics.singular.NEAR_SINGULAR_BAUMGARTE`).

Large natural and basic models (``SPARSE_FROM`` coordinates or more) integrate the
multipliers formulation with sparse matrices (:mod:`mbtools.dynamics.sparse`): the same
equations, with SuperLU in place of dense LU, and the rows kept and the distance from a
singular position measured once a step, at the projected state.
"""

from __future__ import annotations

import math
import warnings

import numpy as np
from scipy.integrate import BDF, DOP853, RK45, Radau

from ..errors import AccuracyWarning, MbtoolsError, SingularJacobianError
from .ali3p import CROSSING_NEWTON_FLOOR, CROSSING_PENALTY_RATIO, NEWTON_FLOOR, ALI3P
from .jacobians import rhs_jacobian
from .kernels import project_state
from .one_step import OneStepSolver
from .singular import (CROSSING_ENTRY, CROSSING_EXIT, NEAR_SINGULAR_BAUMGARTE, STAGE_NEAR_SINGULAR, RankWatch)
from .sparse import SparseEquations, uses_sparse

STABILISATIONS = ("projection", "baumgarte")
#: The integrators of the ODE formulations, scipy's ``OdeSolver`` classes; explicit
#: Runge–Kutta (DOP853 of order 8, RK45 of order 5) and implicit (Radau IIA of order 5,
#: BDF of orders 1–5), these with the Jacobian of :mod:`mbtools.dynamics.jacobians`.
#: LSODA is not offered: its state lives in Fortran, and the projection after each step
#: cannot reach it.
INTEGRATORS = {"DOP853": DOP853, "RK45": RK45, "Radau": Radau, "BDF": BDF}
IMPLICIT = ("Radau", "BDF")
#: The smallest local error a crossing asks of ALI3-P, as a fraction of the mechanism's
#: size: its Newton iteration stops anywhere down to this where round-off stops it halving
#: (``ali3p.CROSSING_NEWTON_FLOOR``), leaving the next step to correct that much; asked for
#: less, the step would shrink without end.
CROSSING_FLOOR = CROSSING_NEWTON_FLOOR
#: A crossing step shrunk below this fraction of the step it started with is taken as it is,
#: with a warning. Below it the estimate measures round-off, not truncation: the trapezoidal
#: rule turns a residual ε of the constraints left by Newton into an acceleration 4ε/Δt²,
#: and at Δt ≈ 1e-9 s ALI3-P no longer converges (A02, N = 10, rtol 1e-11).
SMALLEST_CROSSING_STEP = 1e-2
#: A crossing's first step, as a fraction of the last step DOP853 took or tried; the
#: trapezoidal rule is second order where DOP853 is eighth, so at the same tolerance its
#: step is far shorter (A02, N = 10: 1.5e-2 s tried, ALI3-P refused to converge at it).
CROSSING_FIRST_STEP = 0.1
#: A trial stage whose constraints are violated by more than this fraction of the
#: mechanism's size (each row divided by its scale, ``Model.residual_scales``) is not a state of the motion but of a step too long (a stage of DOP853
#: after a stiff contact or spring, measured 4e25 m off on the suspension over a bump): if
#: its equations are singular there, the stage returns NaN and the integrator rejects the
#: step and shortens it, as it does for any NaN stage. A step the error control accepts
#: stays far closer than this, so a singular position of the motion itself is still met
#: at a consistent state and reported.
STAGE_OFF_CONSTRAINTS = 1e-3


def _stage_or_reject(system, evaluate, t: float, y: np.ndarray) -> np.ndarray:
    """The derivative ``evaluate()``; NaN where its equations are singular at a stage far
    off the constraints (:data:`STAGE_OFF_CONSTRAINTS`), which rejects the step; NaN
    again at the step's later stages, which start from that NaN."""
    if not np.isfinite(y).all():
        return np.full(y.size, np.nan)
    try:
        return evaluate()
    except SingularJacobianError:
        n = system.model.n_coordinates
        if system.rows:
            phi = system.position_constraints(y[:n], t)[0] / system.model.residual_scales[system.rows]
            if not np.max(np.abs(phi)) <= STAGE_OFF_CONSTRAINTS:  # NaN included
                return np.full(y.size, np.nan)
        raise


def integrate(system, path, q: np.ndarray, qd: np.ndarray, times: np.ndarray, rtol: float, progress=None,
              integrator: str = "DOP853"):
    """(q, q̇, q̈, λ, statistics) at each of ``times`` (from the first, where the state is
    (q, q̇)) along a formulation's ``path`` (its ``path(q, t, step, stabilise)``), by the
    ``integrator`` (a key of :data:`INTEGRATORS`) unless the path brings a solver of its
    own (``solver(...)``: the one-step methods, IDA); ``progress.update(t)`` after each
    step, if given.

    A path gives the derivative, the projection and the outputs, and may carry events
    (``first_event(t₀, y₀, t₁, interpolant)`` → (time, key) or None, checked after every
    step; ``restart(t, y, key)`` → the state to go on from): at an event the outputs up to
    it are recorded, the step is cut there and the integrator starts again from the state
    ``restart`` gives (the contacts of :mod:`mbtools.dynamics.contact_integrate`)."""
    n = system.model.n_coordinates
    scale = np.full(2 * n, system.model.length_scale)
    events = hasattr(path, "first_event") and getattr(path, "has_events", True)
    outputs = _Outputs(times, path, n)
    statistics = {"integrator": integrator, "steps": 0, "evaluations": 0, "jacobians": 0, "factorisations": 0,
                  "crossings": 0, "crossing_steps": 0, "rejected_crossing_steps": 0}
    if events:
        statistics["segments"] = 0
    implicit = {"jac": path.jacobian} if integrator in IMPLICIT else {}
    t, y, first_step = float(times[0]), np.concatenate([q, qd]), None
    if hasattr(path, "initial"):  # the loads' own states, after (q, q̇) (mbtools.dynamics.load_states)
        y = np.concatenate([y, path.initial(q, qd)])
        scale = np.concatenate([scale, path.scales(q, qd)])
    outputs.add(t, y)
    t_end = float(times[-1])
    while t < t_end:
        first = None if first_step is None else min(first_step, t_end - t)
        if hasattr(path, "solver"):  # a method with an integrator of its own (one-step index-3 methods)
            solver = path.solver(t, y, t_end, rtol, rtol * scale, first, times)
        else:
            solver = INTEGRATORS[integrator](path.derivative, t, y, t_end, rtol=rtol, atol=rtol * scale,
                                             first_step=first, **implicit)
        crossing_until, restarted = None, False
        if events:
            statistics["segments"] += 1
        while solver.status == "running":
            start, state = solver.t, solver.y.copy()
            path.watch.reset()
            with np.errstate(over="ignore", invalid="ignore"):  # a stage's NaN (deep in a contact) rejects the step
                message = solver.step()
            near = path.watch.nearest < STAGE_NEAR_SINGULAR and path.crosses
            if near:  # a stage came within a hair of a singular position: not trusted
                t, y, crossing_until = start, state, solver.t
                break
            if solver.status == "failed":
                if getattr(path, "singular", None) is not None:  # the steps shrank away from a singular state
                    raise path.singular
                raise MbtoolsError(f"The integration of '{system.model.mechanism.name}' stopped at t = "
                                   f"{solver.t:.6g}: {message}")
            interpolant = solver.dense_output() if events or outputs.next_time < solver.t else None
            found = path.first_event(start, state, solver.t, interpolant) if events else None
            if found is not None:  # cut the step at the event, resolve it and start again from there
                t_event, key = found
                at_event = path.project(interpolant(t_event), t_event)[0]
                outputs.until(t_event, at_event, interpolant)
                statistics["steps"] += 1
                if progress is not None:
                    progress.update(t_event)
                t, y, restarted = t_event, path.restart(t_event, at_event, key), True
                break
            solver.y, ratio = path.project(solver.y, solver.t)
            if path.projects:
                solver.f = path.derivative(solver.t, solver.y)
                if isinstance(solver, BDF):  # its differences array holds the state in its first row
                    solver.D[0] = solver.y
            outputs.until(solver.t, solver.y, interpolant)
            statistics["steps"] += 1
            if progress is not None:
                progress.update(solver.t)
            if ratio < CROSSING_ENTRY and path.crosses:
                t, y, crossing_until = solver.t, solver.y.copy(), solver.t
                break
        statistics["evaluations"] += solver.nfev
        statistics["jacobians"] += solver.njev
        statistics["factorisations"] += solver.nlu
        for key, value in getattr(solver, "statistics", {}).items():  # a solver's own counts
            if key != "steps":
                statistics[key] = statistics.get(key, 0) + value
        if restarted:
            first_step = None
            continue
        if crossing_until is None:
            break
        statistics["crossings"] += 1
        t, y, first_step = _cross(system, path, outputs, t, y, crossing_until, max(solver.step_size or 0.0, 1e-9),
                                  rtol, rtol * scale[:n], statistics, progress)
    if statistics.get("unmet_steps"):
        warnings.warn(f"{integrator} on '{system.model.mechanism.name}': {statistics['unmet_steps']} steps at the "
                      "smallest step were taken with their estimated error above the tolerance.", AccuracyWarning,
                      stacklevel=3)
    states = outputs.states()
    if hasattr(path, "initial"):
        statistics["load_states"] = states[:, 2 * n:]
    return (states[:, :n], states[:, n:2 * n], np.array([a for a, _ in outputs.second]),
            np.array([b for _, b in outputs.second]), statistics)


def _cross(system, path, outputs, t: float, y: np.ndarray, until: float, h: float, rtol: float, atol: np.ndarray,
           statistics: dict, progress) -> tuple[float, np.ndarray, float]:
    """ALI3-P with error control (:class:`~mbtools.dynamics.one_step.OneStepSolver`) from the
    consistent state y at t, through the neighbourhood of a singular position: until past
    ``until`` and :data:`CROSSING_EXIT` from it (or the last output time). Returns (t, y,
    the next step) where it hands back.

    The local error of a step is estimated on the positions, as the distance of the new q
    from a predictor one order higher than the trapezoidal rule (module
    ``mbtools.dynamics.step_control``); ALI3-P's accelerations, with the trapezoidal rule's
    alternating error of an index-3 problem, are no measure of it near a singular position.
    The step starts at :data:`CROSSING_FIRST_STEP` of the explicit integrator's, goes down
    to :data:`SMALLEST_CROSSING_STEP` of that, and changes freely (no held step: the
    Newton matrix is new at every step anyway)."""
    n = system.model.n_coordinates
    t_end = float(outputs.times[-1])
    nominal = min(h, t_end - t) * CROSSING_FIRST_STEP
    method = _Crossing(system, path)
    solver = OneStepSolver(None, t, y, t_end, method=method, rtol=rtol, atol=atol, landings=outputs.times,
                           first_step=nominal, smallest=SMALLEST_CROSSING_STEP * nominal, hold=1.0,
                           name=system.model.mechanism.name)
    while solver.status == "running":
        solver.step()
        ratio = path.watch.consistent(system.position_constraints(solver.y[:n], solver.t)[1] if system.rows else None)
        outputs.until(solver.t, solver.y, None)  # the solver lands on every output time
        if progress is not None:
            progress.update(solver.t)
        if solver.t >= until and ratio > CROSSING_EXIT:
            break
    counts = solver.statistics
    statistics["crossing_steps"] += counts["steps"]
    statistics["rejected_crossing_steps"] += counts["rejected_steps"] + counts["failed_newton_steps"]
    for key, value in (("robust_crossing_steps", method.robust_steps), ("unmet_crossing_steps", counts["unmet_steps"])):
        if value:
            statistics[key] = statistics.get(key, 0) + value
    if counts["unmet_steps"]:
        warnings.warn(f"Crossing a singular position of '{system.model.mechanism.name}' near t = {solver.t:.6g}, "
                      f"{counts['unmet_steps']} steps of ALI3-P at its smallest step ({solver.smallest:.2g} s) were "
                      "taken with their estimated error above the tolerance.", AccuracyWarning, stacklevel=4)
    state, _ = path.project(solver.y, solver.t)
    return solver.t, state, solver.h


class _Crossing:
    """ALI3-P through the neighbourhood of a singular position, as a one-step method (module
    ``mbtools.dynamics.one_step``): with the weak penalty of :data:`CROSSING_PENALTY_RATIO`,
    else the default one where the weak penalty converges too slowly in the direction being
    lost; λ* from nothing at each step (carried, it grows where a row is lost, and near a
    singular position λ is large and ill-determined); q̈ at the start from the formulation
    being integrated."""

    label = "ALI3-P"
    factorisations = 0

    def __init__(self, system, path):
        self.system, self.path = system, path
        self.accurate = ALI3P(system, penalty_ratio=CROSSING_PENALTY_RATIO, newton_floor=CROSSING_NEWTON_FLOOR)
        self.robust = ALI3P(system)
        self.floor = CROSSING_FLOOR  # of the step last taken: the robust method's Newton stops earlier
        self.robust_steps = 0

    def start(self, q: np.ndarray, qd: np.ndarray, t: float):
        return q.copy(), qd.copy(), self.path.at_output(q, qd, t)[0], np.zeros(len(self.system.rows))

    def advance(self, state, h: float, t: float):
        q, qd, qdd, _ = state
        lam = np.zeros(len(self.system.rows))
        try:
            outcome = self.accurate.step((q, qd, qdd, lam), h, t)
            self.floor = CROSSING_FLOOR
            return outcome
        except MbtoolsError:  # the weak penalty converges too slowly in the direction being lost
            pass
        outcome = self.robust.step((q, qd, qdd, lam), h, t)  # raises where it does not converge either
        self.floor = NEWTON_FLOOR
        self.robust_steps += 1
        return outcome


def ode_path(system, accelerations, q: np.ndarray, stabilise: str = "projection", t: float = 0.0,
             sparse: bool = False):
    """The path of an ODE formulation (q̈ from ``accelerations``) from q at t: Baumgarte's,
    sparse (a formulation with ``sparse`` equations — the multipliers' — on a large point
    model, ``mbtools.dynamics.sparse.uses_sparse``) or dense."""
    if stabilise == "baumgarte":
        return _BaumgartePath(system, accelerations)
    if sparse and uses_sparse(system):
        return _SparsePath(system, q, t)
    return _DensePath(system, accelerations, q, t)


class _Outputs:
    """The output times and the states and (q̈, λ) recorded at them."""

    def __init__(self, times: np.ndarray, path, n: int):
        self.times, self.path, self.k, self.n = times, path, 0, n
        self.out: list[np.ndarray] = []
        self.second: list[tuple[np.ndarray, np.ndarray]] = []

    @property
    def next_time(self) -> float:
        return float(self.times[self.k]) if self.k < len(self.times) else math.inf

    def add(self, t: float, y: np.ndarray) -> None:
        n = self.n
        self.out.append(y.copy())
        if hasattr(self.path, "outputs"):  # a path with load states reads them too
            self.second.append(self.path.outputs(t, y))
        else:
            self.second.append(self.path.at_output(y[:n], y[n:2 * n], t))
        self.k += 1

    def until(self, t: float, y: np.ndarray, interpolant) -> None:
        """Every output time up to t: y itself at t, else the interpolant, projected."""
        while self.next_time <= t:
            time = self.next_time
            self.add(time, y if time == t else self.path.project(interpolant(time), time)[0])

    def states(self) -> np.ndarray:
        return np.array(self.out)


class _DensePath:
    """y' = f(t, y), the projection of y at t (with the distance from a singular position
    there) and (q̈, λ) at an output, with dense matrices."""

    projects = crosses = True

    def __init__(self, system, accelerations, q: np.ndarray, t: float = 0.0):
        self.system, self.accelerations, self.n = system, accelerations, system.model.n_coordinates
        self.watch = RankWatch.at(system.position_constraints(q, t)[1] if system.rows else None)
        self.projects = bool(system.rows)  # an open tree (relative coordinates) has nothing to project

    def derivative(self, t: float, y: np.ndarray) -> np.ndarray:
        return _stage_or_reject(self.system, lambda: self._derivative(t, y), t, y)

    def _derivative(self, t: float, y: np.ndarray) -> np.ndarray:
        n = self.n
        qdd, _ = self.accelerations(self.system, y[:n], y[n:], t, stabilised=False, watch=self.watch)
        return np.concatenate([y[n:], qdd])

    def project(self, y: np.ndarray, t: float) -> tuple[np.ndarray, float]:
        n = self.n
        q, qd, J = project_state(self.system, y[:n].copy(), y[n:].copy(), t, self.watch.rank or None)
        return np.concatenate([q, qd]), self.watch.consistent(J)

    def at_output(self, q: np.ndarray, qd: np.ndarray, t: float):
        return self.accelerations(self.system, q, qd, t, False, watch=self.watch)

    def jacobian(self, t: float, y: np.ndarray) -> np.ndarray:
        """∂f/∂y for an implicit integrator (:func:`mbtools.dynamics.jacobians.rhs_jacobian`)."""
        return rhs_jacobian(self.system, y[:self.n], y[self.n:], t, self.watch.rank or None)


class _BaumgartePath:
    """Baumgarte's stabilisation without projection: stops near a singular position."""

    projects = crosses = False

    def __init__(self, system, accelerations):
        self.system, self.accelerations, self.n = system, accelerations, system.model.n_coordinates
        self.watch = RankWatch(0)

    def derivative(self, t: float, y: np.ndarray) -> np.ndarray:
        n = self.n
        qdd, _ = self.accelerations(self.system, y[:n], y[n:], t, stabilised=True, refuse_near=NEAR_SINGULAR_BAUMGARTE)
        return np.concatenate([y[n:], qdd])

    def project(self, y: np.ndarray, t: float) -> tuple[np.ndarray, float]:
        return y, 1.0

    def at_output(self, q: np.ndarray, qd: np.ndarray, t: float):
        return self.accelerations(self.system, q, qd, t, True)

    def jacobian(self, t: float, y: np.ndarray) -> np.ndarray:
        return rhs_jacobian(self.system, y[:self.n], y[self.n:], t)


class _SparsePath:
    """The same for large natural or basic models (:mod:`mbtools.dynamics.sparse`): sparse
    LU, the rows kept decided at each projected state and kept for the next step."""

    projects = crosses = True

    def __init__(self, system, q: np.ndarray, t: float = 0.0):
        self.n = system.model.n_coordinates
        self.equations = SparseEquations(system)
        state = self.equations.evaluate(q, np.zeros(self.n), t)
        self.watch = RankWatch.at(self.equations.dense_jacobian(state.jacobian))
        self.kept = state.kept(self.watch).rows

    def derivative(self, t: float, y: np.ndarray) -> np.ndarray:
        return _stage_or_reject(self.equations.system, lambda: self._derivative(t, y), t, y)

    def _derivative(self, t: float, y: np.ndarray) -> np.ndarray:
        n = self.n
        qdd, _ = self.equations.accelerations(y[:n], y[n:], t, self.kept)
        return np.concatenate([y[n:], qdd])

    def project(self, y: np.ndarray, t: float) -> tuple[np.ndarray, float]:
        n = self.n
        q, qd, self.kept, ratio = self.equations.project_state(y[:n].copy(), y[n:].copy(), t, self.kept, self.watch)
        return np.concatenate([q, qd]), ratio

    def at_output(self, q: np.ndarray, qd: np.ndarray, t: float):  # just projected: the rows kept are decided there
        return self.equations.accelerations(q, qd, t, self.kept)

    def jacobian(self, t: float, y: np.ndarray) -> np.ndarray:
        return rhs_jacobian(self.equations.system, y[:self.n], y[self.n:], t, self.watch.rank or None)
