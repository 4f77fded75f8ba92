"""Time integration of the ODE formulations, kept on the constraints by projection.

The formulations of :data:`mbtools.dynamics.simulate.ODE_FORMULATIONS` give q̈(q, q̇, t);
the state y = (q, q̇) is integrated by scipy's DOP853 (an explicit Runge–Kutta method of
order 8 with error control), one step at a time. After every step the state is brought
back onto the constraints (Hairer, Lubich & Wanner 2006, *Geometric Numerical
Integration*, sec. IV.4, "projection methods"):

    q ← the nearest point of Φ(q, t) = 0 in the mass metric (Newton, see
        :mod:`mbtools.dynamics.initial`),       q̇ ← its projection onto Φ_q q̇ + Φ_t = 0.

Why: near a singular position (A02's bars all on one line) the constraint Jacobian has a
small singular value σ; a drift ε of the state becomes an acceleration of order ε/σ
along the *other* branch, and the integration can leave the branch it was on with
nothing to show for it — Baumgarte's stabilisation alone does, on A02 with N = 1.
Projected every step, the drift stays at round-off, and A02 keeps its branch for N = 1
and 10 over rtol 1e-5 … 1e-9, unless a step lands close enough to a singular position to
be stopped there (below; whether one does depends on the machine's round-off: A02 with
N = 10 in the "projection" formulation at rtol 1e-8 and 1e-9 is stopped at t ≈ 12.48 on
one machine and not on another). Closer still, an adaptive integrator crowds its steps
into the singular position and the amplification wins (A02 with N = 40; N = 10 at rtol
1e-11): so wherever the Jacobian of an evaluated state comes within
:data:`~mbtools.dynamics.singular.NEAR_SINGULAR` of losing rank, the integration stops with a
:class:`~mbtools.errors.SingularJacobianError` that names the time and points to ALI3-P,
which passes A02 for N = 1, 10 and 40. ``stabilise="baumgarte"`` gives the classical
Baumgarte-stabilised index-1 integration, for comparison.

Large natural and basic models (``SPARSE_FROM`` coordinates or more) integrate the
multipliers formulation with sparse matrices (:mod:`mbtools.dynamics.sparse`): the same
equations, with SuperLU in place of dense LU, and the rows kept and the distance from a
singular position measured once a step, at the projected state.
"""

from __future__ import annotations

import numpy as np
from scipy.integrate import DOP853

from ..errors import MbtoolsError
from . import multipliers
from .initial import project_state
from .singular import NEAR_SINGULAR, NEAR_SINGULAR_BAUMGARTE
from .sparse import SparseEquations, uses_sparse

STABILISATIONS = ("projection", "baumgarte")


def integrate(system, accelerations, q: np.ndarray, qd: np.ndarray, times: np.ndarray, rtol: float,
              stabilise: str = "projection", progress=None):
    """(q, q̇, q̈, λ) at each of ``times`` (from 0) for the formulation ``accelerations``."""
    model = system.model
    n = model.n_coordinates
    project = stabilise == "projection"
    threshold = NEAR_SINGULAR if project else NEAR_SINGULAR_BAUMGARTE
    name = model.mechanism.name

    if project and accelerations is multipliers.accelerations and uses_sparse(system):
        derivative, projected, at_output = _sparse_path(system, q, threshold)
    else:
        derivative, projected, at_output = _dense_path(system, accelerations, project, threshold)
    scale = np.full(2 * n, model.length_scale)
    solver = DOP853(derivative, 0.0, np.concatenate([q, qd]), float(times[-1]), rtol=rtol, atol=rtol * scale)
    out = [np.concatenate([q, qd])]
    second = [at_output(q, qd, 0.0)]
    k = 1
    while k < len(times):
        message = solver.step()
        if solver.status == "failed":
            raise MbtoolsError(f"The integration of '{name}' stopped at t = {solver.t:.6g}: {message}")
        # the interpolant costs three evaluations: only for steps with an output time inside
        interpolant = solver.dense_output() if k < len(times) and times[k] < solver.t else None
        if project:
            solver.y = projected(solver.y, solver.t)
            solver.f = derivative(solver.t, solver.y)
        while k < len(times) and times[k] <= solver.t:
            y = solver.y if times[k] == solver.t else interpolant(times[k])
            out.append(projected(y, times[k]) if project else y)
            second.append(at_output(out[-1][:n], out[-1][n:], times[k]))
            k += 1
        if progress is not None:
            progress.update(solver.t)
    states = np.array(out)
    return states[:, :n], states[:, n:], np.array([a for a, _ in second]), np.array([b for _, b in second])


def _dense_path(system, accelerations, project: bool, threshold: float):
    """(y' = f(t, y), the projection of y at t, (q̈, λ) at an output) with dense matrices."""
    n = system.model.n_coordinates

    def derivative(t, y):
        qdd, _ = accelerations(system, y[:n], y[n:], t, stabilised=not project, refuse_near=threshold)
        return np.concatenate([y[n:], qdd])

    def projected(y, t):
        return np.concatenate(project_state(system, y[:n].copy(), y[n:].copy(), t))

    def at_output(q, qd, t):
        return accelerations(system, q, qd, t, not project)

    return derivative, projected, at_output


def _sparse_path(system, q: np.ndarray, threshold: float):
    """The same for large natural or basic models (:mod:`mbtools.dynamics.sparse`): sparse
    LU, the rows kept decided at each projected state and kept for the next step."""
    n = system.model.n_coordinates
    equations = SparseEquations(system)
    kept = equations.rows_kept(equations.jacobian_values(q), 0.0, threshold)

    def derivative(t, y):
        qdd, _ = equations.accelerations(y[:n], y[n:], t, kept)
        return np.concatenate([y[n:], qdd])

    def projected(y, t):
        nonlocal kept
        q, qd, kept = equations.project_state(y[:n].copy(), y[n:].copy(), t, kept, threshold)
        return np.concatenate([q, qd])

    def at_output(q, qd, t):  # just projected: the rows kept are decided there
        return equations.accelerations(q, qd, t, kept)

    return derivative, projected, at_output
