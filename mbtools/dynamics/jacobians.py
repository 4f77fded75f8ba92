"""The Jacobian of the equations of motion that an implicit integrator needs, and the
stiffness it reveals.

The ODE formulations integrate y = (q, q̇) with y' = f(t, y) = (q̇, q̈(q, q̇, t)). Radau
and BDF solve their stage equations by Newton with the Jacobian

    ∂f/∂y = [    0          I     ]
            [ ∂q̈/∂q     ∂q̈/∂q̇ ].

Its *stiff* part comes from the forces: a spring of stiffness k and a damper of
coefficient c put k/m and c/m into it, against the few 1/s² and 1/s of the motion. Here
∂q̈/∂q and ∂q̈/∂q̇ are taken from the equations of motion differentiated with the
geometry held (García de Jalón & Bayo 1994, sec. 7.4, the "stiffness" and "damping"
matrices of the force elements):

    [M  Φ_qᵀ] [∂q̈/∂q   ∂q̈/∂q̇]   [K    C ]
    [Φ_q  0 ] [  ·        ·   ] = [0   ∂γ/∂q̇],     K = ∂(Q − h)/∂q,  C = ∂(Q − h)/∂q̇,

on the rows kept; what it leaves out — the derivatives of M, of Φ_qᵀλ and of Φ_q q̈ with
respect to q — is of the order of the motion's own frequencies, not of the springs', and
Newton converges without it (a stiff spring makes K large; the constraints' curvature
does not). K and C are exact in every family, summed from their pieces with no difference
of Q − h:

* each load's own tangent (``tangent`` of springs and dampers, point forces, torques and
  motors): for a force F at a point r(q), ∂(r_qᵀF)/∂q = r_qᵀ ∂F/∂q + Σ_i F_i ∂²r_i/∂q²
  (:mod:`mbtools.dynamics.load_points`), the second term zero where r is linear in q
  (natural and basic coordinates); a user's function differenced alone, and so is a
  rotational spring's force where its bodies' frames are not linear in q (the pose
  families: a few evaluations of that one load);
* where the placements are not linear in q (the pose families, and natural coordinates
  where a body's frame is a cross product), the stiffness of gravity, Σ m g·∂²o/∂q², and
  the inertia Jacobians ∂h/∂q and ∂h/∂q̇ (``mbtools.dynamics.forces``), from the
  placements' second and third derivatives (:mod:`mbtools.model.jets`); elsewhere gravity
  is constant and h = 0, and nothing is added.

∂γ/∂q̇ is differenced from γ.

:func:`stiffness_ratio` reads the largest decay rate of the linearised motion, −Re λ of
∂f/∂y, times the span of the simulation: where it is large an explicit method's steps are
bounded by stability rather than accuracy, and the default picks Radau.

Example
-------
>>> from mbtools import Mechanism, MassProperties, formulate
>>> from mbtools.dynamics import MultibodySystem, Spring
>>> m = Mechanism("bob on a spring")
>>> m.add_ground({"O": (0.0, 0.0), "G": (1.0, -1.0)})
>>> m.add_body("bob", {"O": (0.0, 0.0), "P": (1.0, 0.0)}, mass=MassProperties(1.0, (1.0, 0.0), 0.0))
>>> m.add_revolute("ground", "bob", at="O")
>>> system = MultibodySystem(formulate(m, "natural"), loads=[Spring("P", "G", 8e5, 1.0, damping=4e4)])
>>> q, qd = system.model.reference_q, np.zeros(2)
>>> round(stiffness_ratio(system, q, qd, 0.0, 1.0), -3)   # c/m = 4e4 1/s over 1 s
40000.0
"""

from __future__ import annotations

import numpy as np

from .differences import DIFFERENCE_STEP, central_differences, difference_quotients  # noqa: F401 (their home once)
from .forces import curved_bodies, gravity_stiffness, inertia_jacobians
from .kernels import saddle_point_matrix

def force_jacobians(system, q: np.ndarray, qd: np.ndarray, t: float) -> tuple[np.ndarray, np.ndarray]:
    """(K, C) = (∂(Q − h)/∂q, ∂(Q − h)/∂q̇) at (q, q̇, t), exact in every family (the
    module's text): the sum of the loads' own tangents and, where the placements are not
    linear in q, the stiffness of gravity and the inertia Jacobians
    (:func:`~mbtools.dynamics.forces.gravity_stiffness`,
    :func:`~mbtools.dynamics.forces.inertia_jacobians`). No difference of
    ``system.forces`` is taken; a user's load function is differenced alone."""
    model = system.model
    n = len(q)
    K, C = np.zeros((n, n)), np.zeros((n, n))
    for load in system.loads:
        K_load, C_load = load.tangent(model, t, q, qd)
        K += K_load
        C += C_load
    if not system.constant_mass:
        bodies = curved_bodies(model, q)
        h_q, h_qd = inertia_jacobians(model, q, qd, bodies)
        K += gravity_stiffness(model, q, system.gravity, bodies) - h_q
        C -= h_qd
    return K, C


def acceleration_jacobians(system, q: np.ndarray, qd: np.ndarray, t: float,
                           rank: int | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(∂q̈/∂q, ∂q̈/∂q̇) with the geometry held (the module's equation), on an independent
    set of at most ``rank`` constraint rows."""
    n = len(q)
    state = system.evaluate(q, qd, t)
    K, C = state.force_jacobians()
    J, gamma = state.jacobian, state.rhs
    G = np.zeros((len(gamma), n))
    if len(gamma):
        kept = state.kept(rank=rank).rows
        speed = max(float(np.abs(qd).max()), system.model.length_scale)
        for j in range(n):  # ∂γ/∂q̇ by central differences
            dv = DIFFERENCE_STEP * max(abs(qd[j]), speed)
            plus, minus = qd.copy(), qd.copy()
            plus[j] += dv
            minus[j] -= dv
            G[:, j] = (system.acceleration_constraints(q, plus, t, False)[1]
                       - system.acceleration_constraints(q, minus, t, False)[1]) / (2 * dv)
        if kept is not None:
            J, G = J[kept], G[kept]
    A = saddle_point_matrix(state.mass, J)
    right = np.zeros((n + len(J), 2 * n))
    right[:n, :n], right[:n, n:] = K, C
    right[n:, n:] = G
    solution = np.linalg.lstsq(A, right, rcond=None)[0] if not np.isfinite(np.linalg.cond(A)) \
        else np.linalg.solve(A, right)
    return solution[:n, :n], solution[:n, n:]


def rhs_jacobian(system, q: np.ndarray, qd: np.ndarray, t: float, rank: int | None = None) -> np.ndarray:
    """∂f/∂y of y' = (q̇, q̈): the block matrix of the module's docstring."""
    n = len(q)
    A_q, A_qd = acceleration_jacobians(system, q, qd, t, rank)
    jacobian = np.zeros((2 * n, 2 * n))
    jacobian[:n, n:] = np.eye(n)
    jacobian[n:, :n], jacobian[n:, n:] = A_q, A_qd
    return jacobian


def stiffness_ratio(system, q: np.ndarray, qd: np.ndarray, t: float, span: float, rank: int | None = None) -> float:
    """The largest decay rate of the linearised motion, max(−Re λ) of ∂f/∂y restricted to
    the motions the constraints allow, times ``span`` (s): how many times faster than the
    simulation the stiffest mode dies out."""
    jacobian = rhs_jacobian(system, q, qd, t, rank)
    eigenvalues = np.linalg.eigvals(jacobian)
    return float(max(0.0, -eigenvalues.real.min()) * span)
