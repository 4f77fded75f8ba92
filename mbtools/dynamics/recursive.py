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

**As computed.** The tree's kinematics is evaluated once per state, for all stages at once
(:meth:`~mbtools.dynamics.kinematic_tree.KinematicTree.state`), and shared by (R.1)–(R.5);
only the sweeps along the tree are loops over the stages. In (R.1) a stage's articulated
inertia and bias are kept side by side as one 6 × 7 matrix Z = [𝕀ᴬ | pᴬ], so that its
update is a few matrix products: W = Sᵀ Z − [0 | τ] = [Uᵀ | −u] (𝕀ᴬ is symmetric), D the
product of W's first six columns with S, X = D⁻¹ W (LAPACK's Cholesky solve), and

    Z − U X = [𝕀ᵃ | pᴬ + U D⁻¹ u],    added to the parent's Z as [𝕀ᵃ | pᴬ + U D⁻¹ u] [[𝟙, c], [0, 1]];

outward, (R.2) is q̈_k = −X (a_parent + c_k, 1). A D with an eigenvalue below 1e-12 of its
𝕀ᴬ (at least 1) is refused, naming the joint. (R.3) is taken for all pairs of motions at
once, the products Sᵀ 𝕀ᶜ S kept where one stage lies on the other's path; (R.4) sums the
wrenches over the subtrees in one inward loop.

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

import functools
import weakref

import numpy as np
from scipy.linalg import lapack

from ..errors import InputError, SingularJacobianError
from .formulation import ODEFormulation
from .differences import difference_quotients
from .kernels import saddle_point_matrix, saddle_point_solve
from .kinematic_tree import KinematicTree, TreeState, force_products
from .singular import RankWatch, refuse_near_singular

EYE7 = np.eye(7)


def _gravity_acceleration(gravity) -> np.ndarray:
    g = np.asarray(gravity if gravity is not None else (0.0, 0.0, 0.0), dtype=float).reshape(-1)
    return np.concatenate([np.zeros(3), -np.concatenate([g, np.zeros(3 - len(g))])])


def base_acceleration(gravity) -> np.ndarray:
    """(a₀, 1) = (0, −g, 1): the ground's acceleration that stands for gravity, with the 1 of
    the 7-vectors of (R.2) as computed (read only; kept for each gravity)."""
    return _base_acceleration(None if gravity is None else tuple(gravity))


@functools.lru_cache(maxsize=16)
def _base_acceleration(gravity: tuple | None) -> np.ndarray:
    out = np.append(_gravity_acceleration(gravity), 1.0)
    out.flags.writeable = False
    return out


def velocity_wrenches(state: TreeState) -> np.ndarray:
    """V_k ×_f 𝕀_k V_k of every stage's body (s, 6): the wrench its velocity alone asks for."""
    return force_products(state.twists, (state.inertias @ state.twists[..., None])[..., 0])


def articulated_body_accelerations(tree: KinematicTree, q, qd, tau, gravity) -> np.ndarray:
    """q̈ of an open tree under the generalized forces τ and gravity, by (R.1)–(R.2), O(n)
    (a joint of k motions: D and its inverse k × k)."""
    q, qd, tau = (np.asarray(x, dtype=float) for x in (q, qd, tau))
    return tree_accelerations(tree, tree.state(q, qd), tau, gravity)


def tree_accelerations(tree: KinematicTree, state: TreeState, tau: np.ndarray, gravity) -> np.ndarray:
    """q̈ by (R.1)–(R.2) at a state of the tree already evaluated (the module, "As computed")."""
    axes, counts, parents = state.axes, tree.motion_counts, tree.parent_list
    articulated = np.concatenate((state.inertias, velocity_wrenches(state)[..., None]), axis=2)   # Z = [𝕀ᴬ | pᴬ]
    shifts = np.zeros((len(counts), 7, 7))                                     # [[𝟙, c_k], [0, 1]]
    shifts[:] = EYE7
    shifts[:, :6, 6] = state.biases
    taus = tree.slot_values(tau) if tau.any() else None                       # none without loads
    solved, felt = np.zeros(axes.shape[:2] + (7,)), [None] * len(counts)     # X = D⁻¹ [Uᵀ | −u] of each stage
    for k in range(len(counts) - 1, -1, -1):
        Z, m = articulated[k], counts[k]
        if m:
            ST = axes[k, :m]
            W = ST @ Z                                       # [Uᵀ | Sᵀ pᴬ]
            if taus is not None:
                W[:, 6] -= taus[k, :m]                       # [Uᵀ | −u]
            felt[k] = D = W[:, :6] @ ST.T
            solved[k, :m] = X = cholesky_solve(D, W)
            Z = Z - W[:, :6].T @ X                           # [𝕀ᵃ | pᴬ + U D⁻¹ u]
        if parents[k] >= 0:
            articulated[parents[k]] += Z @ shifts[k]
    _check_joint_inertias(tree, felt, articulated)
    lifts = np.zeros((len(counts), 7, axes.shape[1]))        # [S_k; 0]
    lifts[:, :6] = axes.transpose(0, 2, 1)
    base = base_acceleration(gravity)
    accelerations, reversed_rates = [], []
    for k, parent in enumerate(parents):
        a = shifts[k] @ (accelerations[parent] if parent >= 0 else base)
        rates = solved[k] @ a                                # −q̈_k, with (a_parent + c_k, 1)
        accelerations.append(a - lifts[k] @ rates)
        reversed_rates.append(rates)
    return -tree.coordinate_values(np.array(reversed_rates))


def cholesky_solve(D: np.ndarray, W: np.ndarray) -> np.ndarray:
    """D⁻¹ W for a small symmetric D expected positive definite, by LAPACK's Cholesky solver
    (scipy's wrapper: its call costs a fraction of numpy.linalg.solve's on a 3 × 3); NaN where
    D is not positive definite, for the caller to name the joint."""
    if len(D) == 1:
        return W / D[0, 0] if D[0, 0] > 0.0 else np.full_like(W, np.nan)
    _, X, info = lapack.dposv(D, W)
    return X if info == 0 else np.full_like(W, np.nan)


def _check_joint_inertias(tree: KinematicTree, felt: list, articulated: np.ndarray) -> None:
    """Refuse a joint whose D_k of (R.1) has an eigenvalue below 1e-12 of its articulated
    inertia 𝕀ᴬ_k (of its largest entry, at least 1; 𝕀ᴬ is positive semi-definite, so that is
    on its diagonal): the bodies it carries cannot be moved along one of its motions. The
    joint farthest from the ground is named."""
    largest = np.diagonal(articulated, axis1=1, axis2=2).max(axis=1)
    thresholds = (1e-12 * np.maximum(1.0, largest)).tolist()
    failing = [k for k, D in enumerate(felt) if D is not None and not lowest_eigenvalue(D) > thresholds[k]]
    if failing:
        raise SingularJacobianError(
            f"The bodies beyond joint '{tree.stages[max(failing)].joint}' have no inertia about one of its motions: "
            "give them mass and inertia there (a slender bar turning about its own axis has none).")


def lowest_eigenvalue(D: np.ndarray) -> float:
    """The lowest eigenvalue of a small symmetric matrix (LAPACK's dsyev through scipy)."""
    return float(D[0, 0]) if len(D) == 1 else float(lapack.dsyev(D, compute_v=0)[0][0])


def stage_accelerations(tree: KinematicTree, q, qd, qdd) -> np.ndarray:
    """Each stage's spatial acceleration (ω̇, v̇_O) at (q, q̇, q̈), a_k = a_parent + c_k + S_k q̈_k
    from a ground at rest (gravity apart): the acceleration of a point x of the body is
    v̇_O + ω̇ × x + ω × (v_O + ω × x)."""
    q, qd, qdd = (np.asarray(x, dtype=float) for x in (q, qd, qdd))
    state = tree.state(q, qd)
    return tree.path_sums(state.biases + (state.axes * tree.slot_values(qdd)[..., None]).sum(axis=1))


def composite_mass_matrix(tree: KinematicTree, q) -> np.ndarray:
    """M(q) of the tree by (R.3), O(n²)."""
    q = np.asarray(q, dtype=float)
    return tree_mass_matrix(tree, tree.state(q, np.zeros(tree.n)))


def tree_mass_matrix(tree: KinematicTree, state: TreeState) -> np.ndarray:
    """M by (R.3) at a state of the tree already evaluated: S_aᵀ 𝕀ᶜ_k S_b for every pair of
    motions a, b, kept where a's stage lies on the path of b's stage k, and mirrored."""
    composite = tree.subtree_sums(state.inertias)
    axes = state.axes.reshape(-1, 6)
    products = axes @ (composite[:, None] @ state.axes[..., None]).reshape(-1, 6).T
    below = np.where(tree.slot_below, products, 0.0)        # the blocks under the diagonal, from above it
    return tree.coordinate_matrix(np.where(tree.slot_support, products, 0.0) + below.T)


def bias_forces(tree: KinematicTree, q, qd, gravity) -> np.ndarray:
    """C(q, q̇) of M q̈ + C = τ by (R.4): velocity terms and gravity, O(n)."""
    q, qd = np.asarray(q, dtype=float), np.asarray(qd, dtype=float)
    return tree_bias_forces(tree, tree.state(q, qd), gravity)


def tree_bias_forces(tree: KinematicTree, state: TreeState, gravity) -> np.ndarray:
    """C by (R.4) at a state of the tree already evaluated."""
    accelerations = tree.path_sums(state.biases) + base_acceleration(gravity)[:6]
    wrenches = (state.inertias @ accelerations[..., None])[..., 0] + velocity_wrenches(state)
    return tree.coordinate_values((state.axes @ tree.subtree_sums(wrenches)[..., None])[..., 0])


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
    tree_state = tree.state(np.asarray(q, dtype=float), np.asarray(qd, dtype=float))   # shared by (R.1)–(R.4)
    m = len(system.rows)
    if not m:
        return tree_accelerations(tree, tree_state, tau, system.gravity), np.zeros(0)
    state = system.evaluate(q, qd, t, stabilised)
    J, rhs = state.jacobian, state.rhs
    kept, ratio = state.kept(watch)
    if watch is None and refuse_near is not None and ratio:
        refuse_near_singular(system.model.mechanism.name, t, ratio, refuse_near)
    if kept is not None:
        J, rhs = J[kept], rhs[kept]
    M = tree_mass_matrix(tree, tree_state)
    solution = saddle_point_solve(M, J, tau - tree_bias_forces(tree, tree_state, system.gravity), rhs)
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
