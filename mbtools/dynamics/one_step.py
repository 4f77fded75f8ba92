"""The one-step index-3 methods (ALI3-P, generalized-α) on scipy's ``OdeSolver`` contract,
so that the one driver (``mbtools.dynamics.integrate.integrate``) steps them as it steps
DOP853 or Radau: the same output times, progress and statistics.

A method is an object with

* ``start(q, q̇, t)`` → its state at a consistent (q, q̇), whose first three items are
  (q, q̇, q̈);
* ``advance(state, h, t)`` → the state at t after a step of h, raising
  :class:`~mbtools.errors.MbtoolsError` where its Newton iteration fails;
* ``output(state, t)`` → (q̈, λ) recorded at an output time;
* ``label`` (its name in messages and statistics), ``floor`` (what its Newton iteration
  leaves, as a fraction of the mechanism's size) and ``factorisations`` (a count).

:class:`OneStepSolver` steps it at a fixed step — each output interval in equal steps of
at most ``step`` — or, given ``rtol``, with the error control of
:mod:`mbtools.dynamics.step_control`; it lands on every output time, and between steps
its dense output is the cubic Hermite polynomial of (q, q̇) and of (q̇, q̈), one order above
the methods. :class:`OneStepPath` is the method's path of the driver: no projection
(the methods hold the constraints themselves) and no crossings of singular positions (they
keep their branch through them).

Example
-------
>>> import numpy as np
>>> from mbtools import Mechanism, MassProperties, formulate
>>> from mbtools.dynamics import MultibodySystem
>>> from mbtools.dynamics.generalized_alpha import GeneralizedAlpha
>>> m = Mechanism("pendulum")
>>> m.add_ground({"O": (0.0, 0.0)})
>>> m.add_body("bob", {"O": (0.0, 0.0), "P": (1.0, 0.0)}, mass=MassProperties(2.0, (1.0, 0.0), 0.0))
>>> m.add_revolute("ground", "bob", at="O")
>>> system = MultibodySystem(formulate(m, "natural"))
>>> y0 = np.concatenate([system.model.reference_q, np.zeros(2)])
>>> solver = OneStepSolver(None, 0.0, y0, 0.01, method=GeneralizedAlpha(system), step=1e-3)
>>> while solver.status == "running":
...     _ = solver.step()
>>> round(solver.t, 12), solver.statistics["steps"]
(0.01, 10)
"""

from __future__ import annotations

import math

import numpy as np
from scipy.integrate import DenseOutput, OdeSolver

from ..errors import MbtoolsError
from .singular import RankWatch
from . import step_control
from .step_control import HOLD_BELOW, SAFETY, SMALLEST_STEP, STEP_FACTORS, error_ratio, hermite


class OneStepSolver(OdeSolver):
    """A one-step index-3 method on scipy's ``OdeSolver`` contract (``step``,
    ``dense_output``, ``t``, ``y``, ``status``), y = (q, q̇).

    Parameters
    ----------
    fun : callable or None
        y' = f(t, y), for the contract only (the method never calls it).
    t0, y0, t_bound
        The start, a consistent state (q, q̇), and the end.
    method
        The method (the module's protocol).
    step : float, optional
        A fixed step: each interval between landings in equal steps of at most this.
    rtol, atol : float, optional
        With ``rtol`` (and ``step`` None): error-controlled steps, the local error of q held
        to atol + rtol abs(q) (``atol`` in length units).
    landings : sequence of float
        Times every step lands on (the output times).
    first_step : float, optional
        The first step of error control; by default from q̈ (``step_control.first_step``).
    smallest : float, optional
        The smallest step (s): a step whose Newton iteration fails there raises, one whose
        error is above the tolerance there is taken and counted (``unmet_steps``); by
        default ``step_control.SMALLEST_STEP`` of the span.
    hold : float
        A proposed growth below this factor keeps the step (and the method's Newton
        matrix; ``step_control.HOLD_BELOW``).
    name : str
        The mechanism's name, for messages.
    """

    def __init__(self, fun, t0: float, y0: np.ndarray, t_bound: float, *, method, step: float | None = None,
                 rtol: float | None = None, atol=None, landings=(), first_step: float | None = None,
                 smallest: float | None = None, hold: float = HOLD_BELOW, name: str = ""):
        if fun is None:
            fun = self._derivative
        super().__init__(fun, t0, y0, t_bound, vectorized=False)
        if (step is None) == (rtol is None):
            raise ValueError("OneStepSolver takes a fixed step or rtol, one of them")
        n = self.n // 2
        self.method, self.name = method, name
        self.fixed, self.rtol = step, rtol
        self.atol = np.zeros(n) if atol is None else np.broadcast_to(np.asarray(atol, dtype=float), (n,))
        self.state = method.start(self.y[:n].copy(), self.y[n:].copy(), t0)
        self.landings = np.array([float(x) for x in landings if x > t0] + [float(t_bound)])
        self.landings.sort()
        self.previous = None  # (t, q, q̇) of the state before, for the error estimate
        self.old = None  # (t, q, q̇, q̈) at the start of the last step, for the dense output
        self.statistics = {"steps": 0, "rejected_steps": 0, "failed_newton_steps": 0, "unmet_steps": 0}
        self.hold = hold
        self.factorisations_before = method.factorisations
        self.smallest = SMALLEST_STEP * max(float(t_bound - t0), 1e-300) if smallest is None else float(smallest)
        self.size = float(method.system.model.length_scale)
        if rtol is not None:
            q, _, qdd = self.state[:3]
            self.h = first_step if first_step is not None else \
                step_control.first_step(q, qdd, rtol, self.atol, self._target() - t0)
        else:
            self.h = float(step)

    def _derivative(self, t, y):
        n = self.n // 2
        return np.concatenate([y[n:], self.method.start(y[:n], y[n:], t)[2]])

    def _target(self) -> float:
        """The next landing after t."""
        later = self.landings[self.landings > self.t * (1 + 1e-15) + 1e-300]
        return float(later[0]) if later.size else float(self.t_bound)

    def _step_impl(self):
        t, target = self.t, self._target()
        q, qd, qdd = self.state[:3]
        if self.fixed is not None:
            pieces = max(1, math.ceil((target - t) / self.fixed - 1e-9))
            h = (target - t) / pieces
            t_new = target if pieces == 1 else t + h
            new = self.method.advance(self.state, h, t_new)
            return self._accept(t, t_new, new)
        method = self.method
        while True:
            taken = min(self.h, target - t)
            landing = taken >= target - t - 1e-12 * max(1.0, abs(target))
            t_new = target if landing else t + taken
            try:
                new = method.advance(self.state, taken, t_new)
            except MbtoolsError:
                self.statistics["failed_newton_steps"] += 1
                if taken <= self.smallest:
                    raise MbtoolsError(f"{method.label} did not converge on '{self.name}' at t = {t:.6g} even at a "
                                       f"step of {taken:.2g} s: the motion may be leaving its branch or blowing up; "
                                       "loosen rtol, or try another formulation.") from None
                self.h = max(taken * STEP_FACTORS[0], self.smallest)
                continue
            q1 = new[0]
            predicted = hermite(self.previous, (t, q, qd), t_new) if self.previous else \
                q + taken * qd + 0.5 * taken**2 * qdd
            error = error_ratio(q1, predicted, self.rtol, self.atol, method.floor * self.size)  # the floor of this step
            if not np.isfinite(error) or (error > 1.0 and taken > self.smallest):
                self.statistics["rejected_steps"] += 1
                factor = STEP_FACTORS[0] if not np.isfinite(error) else max(STEP_FACTORS[0], SAFETY * error ** (-1 / 3))
                self.h = max(taken * factor, self.smallest)
                continue
            if error > 1.0:  # at the smallest step: taken, and counted
                self.statistics["unmet_steps"] += 1
            growth = SAFETY * error ** (-1 / 3) if error > 0 else STEP_FACTORS[1]
            if growth < 1.0:
                self.h = max(taken * max(growth, STEP_FACTORS[0]), self.smallest)
            elif growth >= self.hold:  # (a step cut short to land on an output keeps the longer one)
                self.h = max(self.h, taken * min(growth, STEP_FACTORS[1]))
            return self._accept(t, t_new, new)

    def _accept(self, t: float, t_new: float, new):
        q, qd, qdd = self.state[:3]
        self.previous = (t, q, qd)
        self.old = (t, q, qd, qdd)
        self.state = new
        self.t = t_new
        self.y = np.concatenate([new[0], new[1]])
        self.statistics["steps"] += 1
        self.nlu = self.method.factorisations - self.factorisations_before
        return True, None

    def _dense_output_impl(self):
        return HermiteOutput(self.old, (self.t, *self.state[:3]))


class HermiteOutput(DenseOutput):
    """(q, q̇) between two states (t, q, q̇, q̈): the cubic Hermite polynomial of q through
    (q, q̇) at both ends and that of q̇ through (q̇, q̈) (``step_control.hermite``)."""

    def __init__(self, first, second):
        super().__init__(first[0], second[0])
        self.first, self.second = first, second

    def _call_impl(self, t):
        (t0, q0, v0, a0), (t1, q1, v1, a1) = self.first, self.second
        times = np.atleast_1d(t)
        values = np.array([np.concatenate([hermite((t0, q0, v0), (t1, q1, v1), s),
                                           hermite((t0, v0, a0), (t1, v1, a1), s)]) for s in times]).T
        return values[:, 0] if np.ndim(t) == 0 else values


class OneStepPath:
    """A one-step method's path of the one driver: no projection and no crossings (the
    method holds the constraints and keeps its branch), (q̈, λ) at an output from the
    method's own state where a step landed there."""

    projects = crosses = False

    def __init__(self, system, method, step: float | None = None):
        self.system, self.method, self.step = system, method, step
        self.label = method.label
        self.n = system.model.n_coordinates
        self.watch = RankWatch(0)
        self.current: OneStepSolver | None = None

    def solver(self, t: float, y: np.ndarray, t_end: float, rtol: float, atol: np.ndarray, first_step, landings):
        """The method's solver from (t, y): at the fixed step, or with error control at rtol."""
        controlled = self.step is None
        self.current = OneStepSolver(None, t, y, t_end, method=self.method, step=self.step,
                                     rtol=rtol if controlled else None, atol=atol[:self.n] if controlled else None,
                                     landings=landings, first_step=first_step, name=self.system.model.mechanism.name)
        return self.current

    def derivative(self, t: float, y: np.ndarray) -> np.ndarray:
        n = self.n
        return np.concatenate([y[n:], self.method.start(y[:n], y[n:], t)[2]])

    def project(self, y: np.ndarray, t: float) -> tuple[np.ndarray, float]:
        return y, 1.0

    def at_output(self, q: np.ndarray, qd: np.ndarray, t: float):
        solver = self.current
        if solver is not None and solver.t == t and np.array_equal(solver.state[0], q):
            return self.method.output(solver.state, t)
        return self.method.output(self.method.start(q, qd, t), t)
