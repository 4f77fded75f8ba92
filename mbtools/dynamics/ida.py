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
from the equations of motion with the multipliers, μ = 0.

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

from ..errors import MbtoolsError
from .multipliers import accelerations

#: The absolute tolerance given to the algebraic variables λ and μ, far beyond any value
#: they take, so that IDA's local error test, which they would spoil (index 2), ignores them.
ALGEBRAIC_ATOL = 1e30
#: The most internal steps IDA takes between two output times.
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


def integrate(system, q: np.ndarray, qd: np.ndarray, times: np.ndarray, step: float | None = None,
              progress=None, rtol: float = 1e-9):
    """(q, q̇, q̈, λ, statistics) at each of ``times`` (from 0), IDA at ``rtol`` (absolute:
    rtol times the mechanism's size on q, that per second on v); λ of the rows left out
    as redundant is reported as 0."""
    try:
        from sksundae.ida import IDA
    except ImportError as error:  # pragma: no cover - a dependency of the package
        raise MbtoolsError("formulation='ggl_ida' needs scikit-sundae (pip install scikit-sundae).") from error

    n = system.model.n_coordinates
    rows = independent_rows(system, q)
    m = len(rows)
    name = system.model.mechanism.name
    qdd, lam_all = accelerations(system, q, qd, 0.0, stabilised=False)
    y0 = np.concatenate([q, qd, lam_all[rows] if m else np.zeros(0), np.zeros(m)])
    yp0 = np.concatenate([qd, qdd, np.zeros(2 * m)])
    size = system.model.length_scale
    atol = np.concatenate([np.full(2 * n, rtol * size), np.full(2 * m, ALGEBRAIC_ATOL)])
    evaluations = [0]

    def resfn(t, y, yp, res):
        evaluations[0] += 1
        res[:] = residual(system, rows, t, y, yp)

    solver = IDA(resfn, rtol=rtol, atol=atol, algebraic_idx=list(range(2 * n, 2 * n + 2 * m)) or None,
                 max_num_steps=MAX_STEPS_PER_OUTPUT)
    solver.init_step(0.0, y0, yp0)
    states, derivatives = [y0], [yp0]
    for target in times[1:]:
        result = solver.step(float(target), tstop=float(times[-1]))
        if not result.success:
            raise MbtoolsError(f"IDA stopped on '{name}' at t = {float(result.t):.6g} s before {float(target):.6g} s: "
                               f"{result.message}. Near a singular position Φ_q loses rank and the index-2 "
                               "equations have no unique solution: integrate it with formulation='multipliers', "
                               "which crosses singular positions.")
        states.append(np.array(result.y, dtype=float))
        derivatives.append(np.array(result.yp, dtype=float))
        if progress is not None:
            progress.update(float(target))
    states, derivatives = np.array(states), np.array(derivatives)
    lam = np.zeros((len(states), len(system.rows)))
    lam[:, rows] = states[:, 2 * n:2 * n + m]
    statistics = {"integrator": "IDA", "evaluations": evaluations[0], "rows": m}
    return states[:, :n], states[:, n:2 * n], derivatives[:, n:2 * n], lam, statistics
