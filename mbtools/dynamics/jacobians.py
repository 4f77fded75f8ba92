"""The Jacobian of the equations of motion that an implicit integrator needs, and the
stiffness it reveals.

The ODE formulations integrate y = (q, q̇) with y' = f(t, y) = (q̇, q̈(q, q̇, t)). Radau
and BDF solve their stage equations by Newton with the Jacobian

    ∂f/∂y = [    0          I     ]
            [ ∂q̈/∂q     ∂q̈/∂q̇ ].

Its *stiff* part comes from the forces: a spring of stiffness k and a damper of
coefficient c put k/m and c/m into it, against the few 1/s² and 1/s of the motion. Here
∂q̈/∂q and ∂q̈/∂q̇ are the equations of motion M q̈ + Φ_qᵀλ = Q − h, Φ_q q̈ = γ
differentiated at the state's q̈ and λ (García de Jalón & Bayo 1994, sec. 7.4, the
"stiffness" and "damping" matrices of the force elements, with the constraints'
geometric stiffness):

    [M  Φ_qᵀ] [∂q̈/∂q   ∂q̈/∂q̇]   [K − H(λ) − (M q̈)_q      C   ]
    [Φ_q  0 ] [  ·        ·   ] = [γ_q − (Φ_q q̈)_q      γ_q̇ ],

K = ∂(Q − h)/∂q, C = ∂(Q − h)/∂q̇, H(λ) = Σ λ_k ∂²Φ_k/∂q², on the rows kept. The terms
of the constraints' curvature are small against a stiff spring's K, but not where large
joint forces act on a small inertia (a slider's corner pressed on its guide: λ/m of
1e8 1/s²), and Newton's iteration stalls without them. K and C are exact in every
family, summed from their pieces with no difference of Q − h:

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

H(λ) and (Φ_q q̈)_q are exact where the rows are quadratic in q
(:func:`~mbtools.dynamics.kernels.geometric_stiffness`,
:func:`~mbtools.dynamics.kernels.constraint_curvature`), else differenced; γ_q, γ_q̇ and,
where M varies, (M q̈)_q are differenced.

:func:`stiffness_ratio` reads the largest decay rate of the linearised motion, −Re λ of
∂f/∂y with the geometry held (the forces' K and C alone: the curvature terms add pairs
±σ of drift off the constraint manifold, not a stiffness of the motion), times the span
of the simulation: where it is large an explicit method's steps are
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
from .kernels import constraint_curvature, geometric_stiffness, saddle_point_matrix

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


def acceleration_jacobians(system, q: np.ndarray, qd: np.ndarray, t: float, rank: int | None = None,
                           curvature: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """(∂q̈/∂q, ∂q̈/∂q̇) of the module's equation, on an independent set of at most
    ``rank`` constraint rows; without ``curvature``, with the geometry held (K, C and
    γ_q̇ alone)."""
    n = len(q)
    state = system.evaluate(q, qd, t)
    K, C = state.force_jacobians()
    J, gamma = state.jacobian, state.rhs
    m = len(gamma)
    G_q, G_qd = np.zeros((m, n)), np.zeros((m, n))
    kept = None
    if m:
        kept = state.kept(rank=rank).rows
        scale = system.model.length_scale
        speed = max(float(np.abs(qd).max()), scale)
        G_qd = difference_quotients(lambda v: system.acceleration_constraints(q, v, t, False)[1], qd, speed)
        if curvature:
            G_q = difference_quotients(lambda x: system.acceleration_constraints(x, qd, t, False)[1], q, scale)
    rows = np.arange(m) if kept is None else kept
    A = saddle_point_matrix(state.mass, J[rows])
    singular = not np.isfinite(np.linalg.cond(A))
    solve = (lambda b: np.linalg.lstsq(A, b, rcond=None)[0]) if singular else (lambda b: np.linalg.solve(A, b))
    motion = solve(np.concatenate([state.forces, gamma[rows]]))          # (q̈, λ) at the state
    qdd, lam = motion[:n], np.zeros(m)
    lam[rows] = motion[n:]
    if curvature:
        K = K - geometric_stiffness(system, q, lam, t)
        if not system.constant_mass:
            K = K - difference_quotients(lambda x: system.mass_matrix(x) @ qdd, q, system.model.length_scale)
    right = np.zeros((n + len(rows), 2 * n))
    right[:n, :n], right[:n, n:] = K, C
    if m:
        if curvature:
            right[n:, :n] = (G_q - constraint_curvature(system, q, qdd, t))[rows]
        right[n:, n:] = G_qd[rows]
    solution = solve(right)
    return solution[:n, :n], solution[:n, n:]


def acceleration_response(system, q: np.ndarray, qd: np.ndarray, t: float, forces: np.ndarray,
                          rank: int | None = None) -> np.ndarray:
    """∂q̈/∂p for generalized forces that change by ``forces`` = ∂Q/∂p (n × k) with the
    geometry held: [M Φ_qᵀ; Φ_q 0] [∂q̈/∂p; ∂λ/∂p] = [∂Q/∂p; 0] on the rows kept."""
    n = len(q)
    state = system.evaluate(q, qd, t)
    J = state.jacobian
    if len(J):
        kept = state.kept(rank=rank).rows
        J = J if kept is None else J[kept]
    A = saddle_point_matrix(state.mass, J)
    right = np.zeros((n + len(J), forces.shape[1]))
    right[:n] = forces
    solution = np.linalg.lstsq(A, right, rcond=None)[0] if not np.isfinite(np.linalg.cond(A)) \
        else np.linalg.solve(A, right)
    return solution[:n]


def rhs_jacobian(system, q: np.ndarray, qd: np.ndarray, t: float, rank: int | None = None,
                 curvature: bool = True) -> np.ndarray:
    """∂f/∂y of y' = (q̇, q̈): the block matrix of the module's docstring (without
    ``curvature``, with the geometry held)."""
    n = len(q)
    A_q, A_qd = acceleration_jacobians(system, q, qd, t, rank, curvature)
    jacobian = np.zeros((2 * n, 2 * n))
    jacobian[:n, n:] = np.eye(n)
    jacobian[n:, :n], jacobian[n:, n:] = A_q, A_qd
    return jacobian


def stiffness_ratio(system, q: np.ndarray, qd: np.ndarray, t: float, span: float, rank: int | None = None) -> float:
    """The largest decay rate of the linearised motion, max(−Re λ) of ∂f/∂y restricted to
    the motions the constraints allow, times ``span`` (s): how many times faster than the
    simulation the stiffest mode dies out."""
    jacobian = rhs_jacobian(system, q, qd, t, rank, curvature=False)
    eigenvalues = np.linalg.eigvals(jacobian)
    return float(max(0.0, -eigenvalues.real.min()) * span)
