"""Recursive dynamics in relative coordinates: the articulated-body algorithm for open
chains and trees, and for closed loops the tree's mass matrix and forces by recursion with
the cut joints' conditions as constraints (semi-recursive).

On the stages of :class:`~mbtools.dynamics.kinematic_tree.KinematicTree` — one per tree
joint: twists V_k, motion axes S_k (6 × k), spatial inertias 𝕀_k, all about the ground's
origin (T.1)–(T.3) — with the velocity-product acceleration c_k of each stage and gravity
entered as an acceleration of the ground, a₀ = (0, −g) (Featherstone 2008, ch. 5–7):

**Articulated-body algorithm** (ABA, O(n)). Outward, the bias wrench p_k = V_k ×_f 𝕀_k V_k.
Inward, from the leaves, with the articulated inertia 𝕀ᴬ and bias pᴬ of the subtree:

    U_k = 𝕀ᴬ_k S_k,   D_k = S_kᵀ U_k,   u_k = τ_k − S_kᵀ pᴬ_k,   𝕀ᵃ_k = 𝕀ᴬ_k − U_k D_k⁻¹ U_kᵀ,
    𝕀ᴬ_parent += 𝕀ᵃ_k,   pᴬ_parent += pᴬ_k + 𝕀ᵃ_k c_k + U_k D_k⁻¹ u_k,                    (R.1)

D_k the k × k inertia the joint's motions feel. Outward again:

    a_k = a_parent + c_k,   q̈_k = D_k⁻¹ (u_k − U_kᵀ a_k),   a_k += S_k q̈_k.             (R.2)

**Composite-rigid-body algorithm** (CRBA, O(n²)) for the mass matrix: with 𝕀ᶜ_k the
inertia of the subtree of k, the block M_jk = S_jᵀ 𝕀ᶜ_k S_k for every stage j on the path
from k to the ground.                                                             (R.3)

**Recursive Newton–Euler** (RNEA, O(n)) for the forces that do not come from q̈: outward
a_k = a_parent + c_k, f_k = 𝕀_k a_k + V_k ×_f 𝕀_k V_k; inward C_k = S_kᵀ f_k with f added
into the parent's; then M q̈ + C = τ.                                              (R.4)

τ are the loads' generalized forces (springs, dampers, point forces, driver forces), taken
from the relative model; gravity is in a₀. With cut joints (closed loops) or prescribed
inputs the equations are completed by the model's constraint rows,

    [M Φ_qᵀ; Φ_q 0] (q̈, λ) = (τ − C, γ),                                         (R.5)

solved by :func:`~mbtools.dynamics.kernels.saddle_point_solve` on the rows kept, as the
multipliers formulation solves it with the model's own M and Q − h.

Example
-------
A pendulum of a point mass released horizontal: q̈ = −g/L cos θ = −9.81 at θ = 0.

>>> from mbtools import Mechanism, MassProperties, formulate
>>> from mbtools.dynamics import MultibodySystem
>>> m = Mechanism("pendulum")
>>> m.add_ground({"O": (0.0, 0.0)})
>>> m.add_body("bob", {"O": (0.0, 0.0), "P": (1.0, 0.0)}, mass=MassProperties(2.0, (1.0, 0.0), 0.0))
>>> m.add_revolute("ground", "bob", at="O")
>>> tree = KinematicTree(m)
>>> articulated_body_accelerations(tree, np.zeros(1), np.zeros(1), np.zeros(1), (0.0, -9.81)).round(12)
array([-9.81])
>>> Recursive(MultibodySystem(formulate(m, "relative"))).start(np.zeros(1), np.zeros(1), 0.0)[2].round(12)
array([-9.81])
"""

from __future__ import annotations

import weakref

import numpy as np

from ..errors import InputError, SingularJacobianError
from .formulation import ODEFormulation
from .differences import difference_quotients
from .kernels import saddle_point_matrix, saddle_point_solve
from .kinematic_tree import KinematicTree, force_product
from .singular import RankWatch, refuse_near_singular


def _gravity_acceleration(gravity) -> np.ndarray:
    g = np.asarray(gravity if gravity is not None else (0.0, 0.0, 0.0), dtype=float).reshape(-1)
    return np.concatenate([np.zeros(3), -np.concatenate([g, np.zeros(3 - len(g))])])


def articulated_body_accelerations(tree: KinematicTree, q, qd, tau, gravity) -> np.ndarray:
    """q̈ of an open tree under the generalized forces τ and gravity, by (R.1)–(R.2), O(n)
    (a joint of k motions: D and its inverse k × k)."""
    q, qd, tau = (np.asarray(x, dtype=float) for x in (q, qd, tau))
    stages = tree.stages
    poses, twists, axes, c = tree.kinematics(q, qd)
    IA = np.array([tree.body_inertia(s, pose) for s, pose in zip(stages, poses)])
    pA = np.array([force_product(V, I @ V) for V, I in zip(twists, IA)])
    U, D_inverse, u = [None] * len(stages), [None] * len(stages), [None] * len(stages)
    for k in range(len(stages) - 1, -1, -1):
        s, S = stages[k], axes[k]
        if S.shape[1]:
            U[k] = IA[k] @ S
            D = S.T @ U[k]
            if not np.linalg.eigvalsh(D)[0] > 1e-12 * max(1.0, float(np.abs(IA[k]).max())):
                raise SingularJacobianError(
                    f"The bodies beyond joint '{s.joint}' have no inertia about one of its motions: give them mass "
                    "and inertia there (a slender bar turning about its own axis has none).")
            D_inverse[k] = np.linalg.inv(D)
            u[k] = tau[list(s.coordinates)] - S.T @ pA[k]
            Ia = IA[k] - U[k] @ D_inverse[k] @ U[k].T
            pa = pA[k] + Ia @ c[k] + U[k] @ (D_inverse[k] @ u[k])
        else:
            Ia, pa = IA[k], pA[k] + IA[k] @ c[k]
        if s.parent >= 0:
            IA[s.parent] += Ia
            pA[s.parent] += pa
    a = np.zeros((len(stages), 6))
    qdd = np.zeros(tree.n)
    base = _gravity_acceleration(gravity)
    for k, s in enumerate(stages):
        a[k] = (a[s.parent] if s.parent >= 0 else base) + c[k]
        if axes[k].shape[1]:
            rates = D_inverse[k] @ (u[k] - U[k].T @ a[k])
            qdd[list(s.coordinates)] = rates
            a[k] += axes[k] @ rates
    return qdd


def stage_accelerations(tree: KinematicTree, q, qd, qdd) -> np.ndarray:
    """Each stage's spatial acceleration (ω̇, v̇_O) at (q, q̇, q̈), a_k = a_parent + c_k + S_k q̈_k
    from a ground at rest (gravity apart): the acceleration of a point x of the body is
    v̇_O + ω̇ × x + ω × (v_O + ω × x)."""
    q, qd, qdd = (np.asarray(x, dtype=float) for x in (q, qd, qdd))
    _, _, axes, c = tree.kinematics(q, qd)
    a = np.zeros((len(tree.stages), 6))
    for k, s in enumerate(tree.stages):
        a[k] = (a[s.parent] if s.parent >= 0 else 0.0) + c[k] + axes[k] @ qdd[list(s.coordinates)]
    return a


def composite_mass_matrix(tree: KinematicTree, q) -> np.ndarray:
    """M(q) of the tree by (R.3), O(n²)."""
    q = np.asarray(q, dtype=float)
    poses, _, axes, _ = tree.kinematics(q, np.zeros(tree.n))
    stages = tree.stages
    IC = np.array([tree.body_inertia(s, pose) for s, pose in zip(stages, poses)])
    for k in range(len(stages) - 1, -1, -1):
        if stages[k].parent >= 0:
            IC[stages[k].parent] += IC[k]
    M = np.zeros((tree.n, tree.n))
    for k, s in enumerate(stages):
        if not s.coordinates:
            continue
        F = IC[k] @ axes[k]
        j = k
        while j >= 0:
            if stages[j].coordinates:
                block = axes[j].T @ F
                M[np.ix_(stages[j].coordinates, s.coordinates)] = block
                M[np.ix_(s.coordinates, stages[j].coordinates)] = block.T
            j = stages[j].parent
    return M


def bias_forces(tree: KinematicTree, q, qd, gravity) -> np.ndarray:
    """C(q, q̇) of M q̈ + C = τ by (R.4): velocity terms and gravity, O(n)."""
    q, qd = np.asarray(q, dtype=float), np.asarray(qd, dtype=float)
    poses, twists, axes, c = tree.kinematics(q, qd)
    stages = tree.stages
    a, f = np.zeros((len(stages), 6)), np.zeros((len(stages), 6))
    base = _gravity_acceleration(gravity)
    for k, s in enumerate(stages):
        a[k] = (a[s.parent] if s.parent >= 0 else base) + c[k]
        inertia = tree.body_inertia(s, poses[k])
        f[k] = inertia @ a[k] + force_product(twists[k], inertia @ twists[k])
    C = np.zeros(tree.n)
    for k in range(len(stages) - 1, -1, -1):
        s = stages[k]
        if s.coordinates:
            C[list(s.coordinates)] = axes[k].T @ f[k]
        if s.parent >= 0:
            f[s.parent] += f[k]
    return C


#: Each relative model's tree, built on first use.
_TREES: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def system_tree(system) -> KinematicTree:
    """The kinematic tree of a system in relative coordinates (kept on the system's model)."""
    model = system.model
    if model.family != "relative":
        raise InputError(f"The recursive formulation works in relative coordinates; '{model.mechanism.name}' is "
                         f"formulated in {model.family} coordinates: formulate(mechanism, 'relative').")
    if system.contacts:
        raise InputError("The recursive formulation takes no contacts yet; use 'multipliers' for a system with "
                         "contacts.")
    return model_tree(model)


def model_tree(model) -> KinematicTree:
    """The kinematic tree of a relative model, built on first use and kept."""
    tree = _TREES.get(model)
    if tree is None:
        tree = _TREES[model] = KinematicTree(model.mechanism, model.facts.cut_joints, model.coordinate_names)
    return tree


def load_forces(system, q: np.ndarray, qd: np.ndarray, t: float) -> np.ndarray:
    """τ: the generalized forces of the system's loads (gravity apart)."""
    tau = np.zeros(len(q))
    for load in system.loads:
        tau = tau + load.generalized_force(system.model, t, q, qd)
    return tau


def accelerations(system, q: np.ndarray, qd: np.ndarray, t: float, stabilised: bool = True,
                  refuse_near: float | None = None, watch: RankWatch | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(q̈, λ) at time t: by the ABA (R.1)–(R.2) where the system has no constraint rows,
    else by (R.3)–(R.5)."""
    tree = system_tree(system)
    tau = load_forces(system, q, qd, t)
    state = system.evaluate(q, qd, t, stabilised)
    m = len(system.rows)
    if not m:
        return articulated_body_accelerations(tree, q, qd, tau, system.gravity), np.zeros(0)
    J, rhs = state.jacobian, state.rhs
    kept, ratio = state.kept(watch)
    if watch is None and refuse_near is not None and ratio:
        refuse_near_singular(system.model.mechanism.name, t, ratio, refuse_near)
    if kept is not None:
        J, rhs = J[kept], rhs[kept]
    M = composite_mass_matrix(tree, q)
    solution = saddle_point_solve(M, J, tau - bias_forces(tree, q, qd, system.gravity), rhs)
    if solution is None:
        raise SingularJacobianError(f"The recursive equations of motion of '{system.model.mechanism.name}' are "
                                    f"singular at t = {t:.6g}: the constraints lost rank at a singular position.")
    qdd, lam = solution
    if kept is None:
        return qdd, lam
    multipliers = np.zeros(m)
    multipliers[kept] = lam
    return qdd, multipliers


def stiffness_ratio(system, q: np.ndarray, qd: np.ndarray, t: float, span: float) -> float:
    """The stiffness ratio of :func:`mbtools.dynamics.jacobians.stiffness_ratio` (geometry
    held) from the tree: M by (R.3), K and C by central differences of τ − C (R.4), so that
    choosing the integrator costs O(n²) and no symbolic Jacobian of the relative model."""
    tree = system_tree(system)
    n, scale = len(q), system.model.length_scale
    speed = max(float(np.abs(qd).max()), scale)

    def forces(x: np.ndarray, v: np.ndarray) -> np.ndarray:
        return load_forces(system, x, v, t) - bias_forces(tree, x, v, system.gravity)

    K = difference_quotients(lambda x: forces(x, qd), q, scale)
    C = difference_quotients(lambda v: forces(q, v), qd, speed)
    state = system.evaluate(q, qd, t)
    J = state.jacobian
    rows = np.arange(len(J))
    G_qd = np.zeros((0, n))
    if len(J):
        kept = state.kept().rows
        rows = rows if kept is None else kept
        G_qd = difference_quotients(lambda v: system.acceleration_constraints(q, v, t, False)[1], qd, speed)[rows]
    A = saddle_point_matrix(composite_mass_matrix(tree, q), J[rows])
    right = np.zeros((n + len(rows), 2 * n))
    right[:n, :n], right[:n, n:], right[n:, n:] = K, C, G_qd
    solution = np.linalg.lstsq(A, right, rcond=None)[0]
    jacobian = np.zeros((2 * n, 2 * n))
    jacobian[:n, n:] = np.eye(n)
    jacobian[n:] = solution[:n]
    return float(max(0.0, -np.linalg.eigvals(jacobian).real.min()) * span)


class Recursive(ODEFormulation):
    """Recursive dynamics in relative coordinates as a formulation of ``simulate``
    (``"recursive"``): the ABA for open trees, the CRBA and RNEA with the cut joints'
    constraints for closed loops (module :mod:`mbtools.dynamics.recursive`)."""

    name, label = "recursive", "recursive (relative coordinates)"
    equations = staticmethod(accelerations)
    stiffness_ratio = staticmethod(stiffness_ratio)

    def __init__(self, system):
        system_tree(system)
        super().__init__(system)
