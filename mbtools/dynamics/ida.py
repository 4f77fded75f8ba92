"""The stabilised index-2 equations of motion (Gear, Gupta & Leimkuhler 1985) integrated
by SUNDIALS' IDA, a variable-order (1–5) BDF code with error control (scikit-sundae).

The state is y = (q, v, λ, μ): the coordinates, their rates, the multipliers of the
equations of motion and those of the stabilisation, which hold the positions on
Φ(q, t) = 0 while the velocity constraints are imposed:

    q̇ − v + Φ_qᵀ μ = 0,
    M(q) v̇ + Φ_qᵀ λ − Q(q, v, t) = 0,
    Φ(q, t) = 0,
    Φ_q v + Φ_t = 0.

Differentiated once more, Φ_q q̇ + Φ_t = 0 = Φ_q (v − Φ_qᵀμ) + Φ_t gives Φ_q Φ_qᵀ μ = 0,
so μ = 0 and q̇ = v on the exact solution: index 2 (Hairer & Wanner 1996, sec. VII.1).
λ and μ are algebraic; IDA's error test leaves them out (their absolute tolerance is set
beyond reach, as scikit-sundae offers no other way), and IDA's Newton matrix is the
finite-difference Jacobian of the residual. The rows are the system's kept rows
(``MultibodySystem.rows``): a redundant row would make that matrix singular. At a
singular position it is singular whatever the rows, and IDA stops: the error names the
time and points to the ODE formulations, which cross such positions.

The initial state is consistent by construction: (q, q̇) on the constraints, q̈ and λ
from the equations of motion with the multipliers, μ = 0. IDA is stepped by the one
driver (``mbtools.dynamics.integrate.integrate``, given :class:`GGLIDA`'s path):
:class:`IDASolver` puts it on scipy's
``OdeSolver`` contract, one internal step of IDA per ``step`` and IDA's own interpolating
polynomial as the dense output at the output times; (q̈, λ) at an output come from the
equations of motion there, as for the ODE formulations.

Example
-------
>>> from mbtools import Mechanism, MassProperties, formulate
>>> from mbtools.dynamics import MultibodySystem, simulate
>>> m = Mechanism("pendulum")
>>> m.add_ground({"O": (0.0, 0.0)})
>>> m.add_body("bob", {"O": (0.0, 0.0), "P": (1.0, 0.0)}, mass=MassProperties(1.0, (1.0, 0.0), 0.0))
>>> m.add_revolute("ground", "bob", at="O")
>>> system = MultibodySystem(formulate(m, "natural"))
>>> traj = simulate(system, 0.5, "ggl_ida", rtol=1e-8, progress=False)
>>> traj.statistics["integrator"]
'IDA'
>>> other = simulate(system, 0.5, "multipliers", rtol=1e-11, progress=False)
>>> bool(abs(traj.point("P") - other.point("P")).max() < 1e-6)   # released from the horizontal
True
"""

from __future__ import annotations

import numpy as np

from scipy.integrate import DenseOutput, OdeSolver

from ..errors import MbtoolsError
from .multipliers import accelerations
from .singular import RankWatch

#: The absolute tolerance given to the algebraic variables λ and μ, far beyond any value
#: they take, so that IDA's local error test, which they would spoil (index 2), ignores them.
ALGEBRAIC_ATOL = 1e30
#: The most internal steps IDA takes before returning (one, in the one driver's steps).
MAX_STEPS_PER_OUTPUT = 100_000


def residual(system, rows: np.ndarray, t: float, y: np.ndarray, yp: np.ndarray) -> np.ndarray:
    """The four blocks of the module's residual at (t, y, ẏ), on the constraint ``rows``
    (indices into ``system.rows``)."""
    n, m = system.model.n_coordinates, len(rows)
    q, v, lam, mu = y[:n], y[n:2 * n], y[2 * n:2 * n + m], y[2 * n + m:]
    qp, vp = yp[:n], yp[n:2 * n]
    out = np.empty(2 * n + 2 * m)
    inertia = system.mass_matrix(q) @ vp - system.forces(q, v, t)
    if m:
        phi, J = system.position_constraints(q, t)
        phi, J = phi[rows], J[rows]
        out[:n] = qp - v + J.T @ mu
        out[n:2 * n] = inertia + J.T @ lam
        out[2 * n:2 * n + m] = phi / system.model.residual_scales[np.asarray(system.rows)[rows]]
        out[2 * n + m:] = J @ v + system.constraint_rate(q, t)[rows]
    else:
        out[:n] = qp - v
        out[n:] = inertia
    return out


def independent_rows(system, q: np.ndarray, t: float = 0.0) -> np.ndarray:
    """An independent set of the system's rows at a consistent q (indices into
    ``system.rows``): all of them, or for a permanently redundant mechanism (Bricard's)
    the rows of the pivoted QR of Φ_qᵀ that carry its rank."""
    if not system.rows:
        return np.arange(0)
    kept = system.evaluate(q, np.zeros_like(q), t).kept().rows
    return np.arange(len(system.rows)) if kept is None else np.sort(np.asarray(kept))


class GGLIDA:
    """The stabilised index-2 equations by IDA as a formulation of ``simulate`` (module
    ``mbtools.dynamics.formulation``): its path hands the one driver an :class:`IDASolver`;
    :meth:`step` runs IDA over one step of the caller's."""

    name, label, kind, options = "ggl_ida", "IDA on the stabilised index-2 equations", "dae", ()

    def __init__(self, system, rtol: float = 1e-9):
        self.system, self.rtol = system, float(rtol)

    @classmethod
    def build(cls, system, step: float | None = None, rtol: float | None = None) -> "GGLIDA":
        """IDA as ``simulate`` runs it, at ``rtol`` (it chooses its steps itself)."""
        return cls(system) if rtol is None else cls(system, rtol)

    def start(self, q: np.ndarray, qd: np.ndarray, t: float):
        """The state (q, q̇, q̈, λ) at a consistent (q, q̇)."""
        return (q.copy(), qd.copy(), *accelerations(self.system, q, qd, t, stabilised=False))

    def step(self, state, h: float, t: float):
        """The state (q, q̇, q̈, λ) at t after a step of h from ``state``: IDA over [t − h, t]
        (as many of its own steps as that takes), by the one driver."""
        from .integrate import integrate

        qs, qds, qdds, lams, _ = integrate(self.system, self.path(state[0], t - h), state[0], state[1],
                                           np.array([t - h, t]), self.rtol, integrator="IDA")
        return qs[-1], qds[-1], qdds[-1], lams[-1]

    def path(self, q: np.ndarray, t: float = 0.0, step: float | None = None, stabilise: str = "projection"):
        """Its path of the one driver from q at t."""
        return IDAPath(self.system, q, t)


class IDAPath:
    """IDA's path of the one driver: its own solver (:class:`IDASolver`), no projection
    (the index-2 equations hold Φ = 0 and Φ_q v + Φ_t = 0 themselves) and no crossings of
    singular positions (IDA stops there, with the error that points to the ODE
    formulations)."""

    projects = crosses = False
    label = "IDA"

    def __init__(self, system, q: np.ndarray, t: float = 0.0):
        self.system, self.n = system, system.model.n_coordinates
        self.rows = independent_rows(system, q, t)
        self.watch = RankWatch(0)

    def solver(self, t: float, y: np.ndarray, t_end: float, rtol: float, atol: np.ndarray, first_step, landings):
        """IDA from the consistent state y = (q, q̇) at t, at ``rtol`` and ``atol`` (on q and
        q̇; the multipliers are left out of the error test)."""
        return IDASolver(self.system, self.rows, t, y, t_end, rtol, atol)

    def project(self, y: np.ndarray, t: float) -> tuple[np.ndarray, float]:
        return y, 1.0

    def at_output(self, q: np.ndarray, qd: np.ndarray, t: float):
        return accelerations(self.system, q, qd, t, stabilised=False)


class IDASolver(OdeSolver):
    """SUNDIALS' IDA on the module's index-2 residual, on scipy's ``OdeSolver`` contract
    (``step``: one of IDA's internal steps; ``dense_output``: IDA's own interpolating
    polynomial over the last step), y = (q, q̇); IDA's full state (q, v, λ, μ) is
    ``full``."""

    def __init__(self, system, rows: np.ndarray, t0: float, y0: np.ndarray, t_bound: float, rtol: float,
                 atol: np.ndarray):
        super().__init__(self._unused, t0, y0, t_bound, vectorized=False)
        try:
            from sksundae.ida import IDA
        except ImportError as error:  # pragma: no cover - a dependency of the package
            raise MbtoolsError("formulation='ggl_ida' needs scikit-sundae (pip install scikit-sundae).") from error
        n, m = self.n // 2, len(rows)
        self.system, self.name = system, system.model.mechanism.name
        q, qd = self.y[:n], self.y[n:]
        qdd, lam_all = accelerations(system, q, qd, t0, stabilised=False)
        full = np.concatenate([q, qd, lam_all[rows] if m else np.zeros(0), np.zeros(m)])
        rates = np.concatenate([qd, qdd, np.zeros(2 * m)])

        def resfn(t, y, yp, res):
            self.nfev += 1
            res[:] = residual(system, rows, t, y, yp)

        self.ida = IDA(resfn, rtol=rtol, atol=np.concatenate([atol, np.full(2 * m, ALGEBRAIC_ATOL)]),
                       algebraic_idx=list(range(2 * n, 2 * n + 2 * m)) or None, max_num_steps=MAX_STEPS_PER_OUTPUT)
        self.ida.init_step(t0, full, rates)
        self.full = full
        self.statistics = {"rows": m}

    @staticmethod
    def _unused(t, y):  # pragma: no cover - the contract's right-hand side; IDA calls its residual
        raise NotImplementedError

    def _step_impl(self):
        result = self.ida.step(self.t_bound, method="onestep", tstop=self.t_bound)
        if result.success and float(result.t) <= self.t:
            # after an interpolated output IDA's one-step mode first returns the time it
            # had reached, without stepping: step again
            result = self.ida.step(self.t_bound, method="onestep", tstop=self.t_bound)
        if not result.success:
            return False, (f"IDA stopped on '{self.name}' at t = {float(result.t):.6g} s: {result.message}. Near a "
                           "singular position Φ_q loses rank and the index-2 equations have no unique solution: "
                           "integrate it with formulation='multipliers', which crosses singular positions")
        self.t = float(result.t)
        self.full = np.array(result.y, dtype=float)
        self.y = self.full[:self.n]
        return True, None

    def _dense_output_impl(self):
        return IDAOutput(self.t_old, self.t, self.ida, self.n)


class IDAOutput(DenseOutput):
    """(q, q̇) within IDA's last step, from its interpolating polynomial (IDA returns a
    time inside its last step without stepping)."""

    def __init__(self, t_old: float, t: float, ida, size: int):
        super().__init__(t_old, t)
        self.ida, self.size = ida, size

    def _call_impl(self, t):
        times = np.atleast_1d(t)
        values = np.array([np.array(self.ida.step(float(s)).y, dtype=float)[:self.size] for s in times]).T
        return values[:, 0] if np.ndim(t) == 0 else values
