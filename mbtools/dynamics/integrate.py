"""Time integration of the ODE formulations, kept on the constraints by projection, with
the neighbourhoods of singular positions crossed by ALI3-P.

The formulations of ``mbtools.dynamics.simulate.ODE_FORMULATIONS`` give q̈(q, q̇, t);
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
* ALI3-P steps with error control — the local error of the trapezoidal rule,
  (Δt²/12)(q̈ₙ₊₁ − q̈ₙ) (Zienkiewicz & Xie 1991), against the same rtol and atol — and
  hands back to DOP853 beyond :data:`~mbtools.dynamics.singular.CROSSING_EXIT` (and past
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

from ..errors import AccuracyWarning, MbtoolsError
from . import multipliers
from .ali3p import CROSSING_NEWTON_FLOOR, CROSSING_PENALTY_RATIO, NEWTON_FLOOR, ALI3P
from .jacobians import rhs_jacobian
from .kernels import project_state
from .singular import (CROSSING_ENTRY, CROSSING_EXIT, NEAR_SINGULAR_BAUMGARTE, STAGE_NEAR_SINGULAR, RankWatch)
from .sparse import SparseEquations, uses_sparse
from .step_control import STEP_FACTORS, hermite

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


def integrate(system, accelerations, q: np.ndarray, qd: np.ndarray, times: np.ndarray, rtol: float,
              stabilise: str = "projection", progress=None, integrator: str = "DOP853", path=None):
    """(q, q̇, q̈, λ, statistics) at each of ``times`` (from 0) for the formulation
    ``accelerations`` by the ``integrator`` (a key of :data:`INTEGRATORS`);
    ``progress.update(t)`` after each step, if given.

    ``path``, in place of the formulation, gives the derivative, projection and outputs
    itself, and may carry events (``first_event(t₀, y₀, t₁, interpolant)`` → (time, key)
    or None, checked after every step; ``restart(t, y, key)`` → the state to go on from):
    at an event the outputs up to it are recorded, the step is cut there and the
    integrator starts again from the state ``restart`` gives (the contacts of
    :mod:`mbtools.dynamics.contact_integrate`)."""
    n = system.model.n_coordinates
    scale = np.full(2 * n, system.model.length_scale)
    path = _path(system, accelerations, q, stabilise) if path is None else path
    events = hasattr(path, "first_event")
    outputs = _Outputs(times, path)
    statistics = {"integrator": integrator, "steps": 0, "evaluations": 0, "jacobians": 0, "factorisations": 0,
                  "crossings": 0, "crossing_steps": 0, "rejected_crossing_steps": 0}
    if events:
        statistics["segments"] = 0
    implicit = {"jac": path.jacobian} if integrator in IMPLICIT else {}
    t, y, first_step = 0.0, np.concatenate([q, qd]), None
    outputs.add(0.0, y)
    t_end = float(times[-1])
    while t < t_end:
        solver = INTEGRATORS[integrator](path.derivative, t, y, t_end, rtol=rtol, atol=rtol * scale,
                                         first_step=None if first_step is None else min(first_step, t_end - t),
                                         **implicit)
        crossing_until, restarted = None, False
        if events:
            statistics["segments"] += 1
        while solver.status == "running":
            start, state = solver.t, solver.y.copy()
            path.watch.reset()
            message = solver.step()
            near = path.watch.nearest < STAGE_NEAR_SINGULAR and path.crosses
            if near:  # a stage came within a hair of a singular position: not trusted
                t, y, crossing_until = start, state, solver.t
                break
            if solver.status == "failed":
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
        if restarted:
            first_step = None
            continue
        if crossing_until is None:
            break
        statistics["crossings"] += 1
        t, y, first_step = _cross(system, path, outputs, t, y, crossing_until, max(solver.step_size or 0.0, 1e-9),
                                  rtol, rtol * scale[:n], statistics, progress)
    states = outputs.states()
    return (states[:, :n], states[:, n:], np.array([a for a, _ in outputs.second]),
            np.array([b for _, b in outputs.second]), statistics)


def _cross(system, path, outputs, t: float, y: np.ndarray, until: float, h: float, rtol: float, atol: np.ndarray,
           statistics: dict, progress) -> tuple[float, np.ndarray, float]:
    """ALI3-P with error control from the consistent state y at t, through the neighbourhood
    of a singular position: until past ``until`` and :data:`CROSSING_EXIT` from it (or the
    last output time). Returns (t, y, the next step) where it hands back.

    The local error of a step is estimated on the positions, as the distance of the new q
    from a predictor one order higher than the trapezoidal rule: the cubic Hermite
    interpolant of the last two states (q, q̇) extrapolated, or at the first step the
    Taylor polynomial q + Δt q̇ + Δt²/2 q̈ (of the same order: a conservative estimate).
    ALI3-P's accelerations, with the trapezoidal rule's alternating error of an index-3
    problem, are no measure of it near a singular position."""
    n = system.model.n_coordinates
    accurate = ALI3P(system, penalty_ratio=CROSSING_PENALTY_RATIO, newton_floor=CROSSING_NEWTON_FLOOR)
    robust = ALI3P(system)  # the default penalty ratio: converges where the weaker penalty is too slow
    q, qd = y[:n].copy(), y[n:].copy()
    qdd, _ = path.at_output(q, qd, t)
    lam = np.zeros(len(system.rows))  # λ* from nothing: near a singular position λ is large and ill-determined
    previous = None  # (t, q, q̇) of the state before
    floor = CROSSING_FLOOR * system.model.length_scale
    t_end = float(outputs.times[-1])
    nominal = min(h, t_end - t) * CROSSING_FIRST_STEP
    smallest = SMALLEST_CROSSING_STEP * nominal
    name = system.model.mechanism.name
    while t < t_end:
        h = min(nominal, t_end - t)
        landing = outputs.next_time <= t + h * (1 + 1e-12)
        if landing:
            h = outputs.next_time - t
        outcome = _crossing_step((accurate, robust), q, qd, qdd, lam, h, t, floor, system.model.length_scale, statistics)
        error = np.inf
        if outcome is not None:
            q1, qd1, qdd1, lam1, step_floor = outcome
            predicted = hermite(previous, (t, q, qd), t + h) if previous else q + h * qd + 0.5 * h * h * qdd
            error = float(np.max(np.abs(q1 - predicted) / np.maximum(atol + rtol * np.abs(q1), step_floor)))
        if not np.isfinite(error):  # Newton did not converge, or its state overflowed: a smaller step
            statistics["rejected_crossing_steps"] += 1
            if nominal <= smallest:
                raise MbtoolsError(f"Crossing a singular position of '{name}' at t = {t:.6g}, ALI3-P did not "
                                   f"converge even at a step of {h:.2g} s: simulate it with formulation='ali3p' and a "
                                   "fixed step.")
            nominal = max(nominal * STEP_FACTORS[0], smallest)
            continue
        if error > 1.0 and nominal > smallest:
            statistics["rejected_crossing_steps"] += 1
            nominal = max(nominal * max(STEP_FACTORS[0], 0.9 * error ** (-1.0 / 3.0)), smallest)
            continue
        if error > 1.0:  # at the smallest step: shorter ones only amplify the index-3 round-off
            warnings.warn(f"Crossing a singular position of '{name}' at t = {t:.6g}, a step of {h:.2g} s was "
                          f"taken with its estimated error {error:.2g} times the tolerance.", AccuracyWarning,
                          stacklevel=4)
            statistics["unmet_crossing_steps"] = statistics.get("unmet_crossing_steps", 0) + 1
        previous = (t, q, qd)
        t = outputs.next_time if landing else t + h
        q, qd, qdd = q1, qd1, qdd1  # λ* starts from nothing at each step: carried, it grows where a row is lost
        statistics["crossing_steps"] += 1
        ratio = path.watch.consistent(system.position_constraints(q, t)[1] if system.rows else None)
        if landing:
            outputs.add(t, np.concatenate([q, qd]))
        if progress is not None:
            progress.update(t)
        growth = min(STEP_FACTORS[1], 0.9 * error ** (-1.0 / 3.0)) if error > 0 else STEP_FACTORS[1]
        nominal = max(nominal * growth, smallest)
        if t >= until and ratio > CROSSING_EXIT:
            break
    h = nominal
    state, _ = path.project(np.concatenate([q, qd]), t)
    return t, state, h


def _crossing_step(methods, q, qd, qdd, lam, h: float, t: float, floor: float, size: float, statistics: dict):
    """One ALI3-P step of a crossing: with the accurate method (weak penalty), else the
    robust one (default penalty); (q, q̇, q̈, λ*, the Newton floor of the method that
    converged), or None where neither did."""
    accurate, robust = methods
    try:
        return (*accurate.step(q, qd, qdd, lam, h, t + h), floor)
    except MbtoolsError:  # the weak penalty converges too slowly in the direction being lost
        pass
    try:
        outcome = robust.step(q, qd, qdd, lam, h, t + h)
    except MbtoolsError:
        return None
    statistics["robust_crossing_steps"] = statistics.get("robust_crossing_steps", 0) + 1
    return (*outcome, NEWTON_FLOOR * size)


def _path(system, accelerations, q: np.ndarray, stabilise: str):
    """The path of a formulation: Baumgarte's, sparse (large point models, multipliers)
    or dense."""
    if stabilise == "baumgarte":
        return _BaumgartePath(system, accelerations)
    if accelerations is multipliers.accelerations and uses_sparse(system):
        return _SparsePath(system, q)
    return _DensePath(system, accelerations, q)


class _Outputs:
    """The output times and the states and (q̈, λ) recorded at them."""

    def __init__(self, times: np.ndarray, path):
        self.times, self.path, self.k = times, path, 0
        self.out: list[np.ndarray] = []
        self.second: list[tuple[np.ndarray, np.ndarray]] = []

    @property
    def next_time(self) -> float:
        return float(self.times[self.k]) if self.k < len(self.times) else math.inf

    def add(self, t: float, y: np.ndarray) -> None:
        n = len(y) // 2
        self.out.append(y.copy())
        self.second.append(self.path.at_output(y[:n], y[n:], t))
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

    def __init__(self, system, accelerations, q: np.ndarray):
        self.system, self.accelerations, self.n = system, accelerations, system.model.n_coordinates
        self.watch = RankWatch.at(system.position_constraints(q, 0.0)[1] if system.rows else None)

    def derivative(self, t: float, y: np.ndarray) -> np.ndarray:
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

    def __init__(self, system, q: np.ndarray):
        self.n = system.model.n_coordinates
        self.equations = SparseEquations(system)
        values = self.equations.jacobian_values(q)
        self.watch = RankWatch.at(self.equations.dense_jacobian(values))
        self.kept = self.equations.rows_kept(values, self.watch)

    def derivative(self, t: float, y: np.ndarray) -> np.ndarray:
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
