"""Static equilibrium of a constrained mechanism, and whether it is stable.

At rest (q̇ = 0, q̈ = 0) the equations of motion M q̈ + Φ_qᵀλ = Q − h reduce to

    r(q, λ) = Q(q) − Φ_q(q)ᵀ λ = 0,        Φ(q) = 0,                       (S.1)

the generalized forces of gravity, springs and loads balanced by the constraint forces
(García de Jalón & Bayo 1994, sec. 5.6). Newton's method on (q, λ) needs the derivative
of r, the **tangent stiffness**

    K_t = ∂(Φ_qᵀλ − Q)/∂q = H(λ) − K,       H(λ) = Σ_k λ_k ∂²Φ_k/∂q²,     (S.2)

where K = ∂Q/∂q is the loads' own stiffness (:func:`~mbtools.dynamics.jacobians.force_jacobians`)
and H(λ) the *geometric stiffness* of the constraints: the constraint forces turn with the
constraints' curvature. One step solves the saddle-point system

    [K_t  Φ_qᵀ] [Δq   ]   [Q − Φ_qᵀλ + Φ_qᵀλ]   [Q ]
    [Φ_q   0  ] [λ_new] = [      −Φ        ] = [−Φ]                           (S.3)

on the rows kept (the redundant rows of natural coordinates carry λ = 0). Far from the
equilibrium K_t may be indefinite or singular (a pendulum guessed horizontal has K_t = 0
along its motion), so a Newton step that does not lower the unbalanced force is first
shortened (to a half, then a quarter), then damped as Levenberg and Marquardt damp a
least-squares step: K_t + σ W, W the mass metric, with σ raised until a step lowers
the merit (the unbalanced force relative to the forces balanced, plus the constraints'
residual in their units). The guess and every damped iterate are put on Φ = 0 by the
projection kernel; Newton's own step keeps the constraints itself (its second row),
which matters in natural coordinates: a mass-orthogonal projection after a long step
would turn the bodies against stiff rotational springs. Large loads can be
applied in ``load_steps`` increments, each solve starting from the last (the springs,
straight and rotational, and bushings are not scaled: they are the structure that carries the load).

The equilibrium is **stable** where the tangent stiffness is positive definite on the
motions the constraints allow: with R an orthonormal basis of the null space of Φ_q,
the eigenvalues of Rᵀ K_t R are all positive (second-order sufficient condition of the
minimum of the potential energy on the constraint manifold).

Example
-------
A 1 m pendulum of 2 kg guessed horizontal hangs straight down, holding its weight, and
is stable:

>>> import numpy as np
>>> from mbtools import Mechanism, MassProperties, formulate
>>> from mbtools.dynamics import MultibodySystem
>>> m = Mechanism("pendulum")
>>> m.add_ground({"O": (0.0, 0.0)})
>>> m.add_body("bob", {"O": (0.0, 0.0), "P": (1.0, 0.0)}, mass=MassProperties(2.0, (1.0, 0.0), 0.0))
>>> m.add_revolute("ground", "bob", at="O")
>>> result = static_equilibrium(MultibodySystem(formulate(m, "natural")))
>>> result.q.round(9) + 0.0, result.stable
(array([ 0., -1.]), True)
>>> result.reactions["R_O"].force.round(9) + 0.0     # the ground holds up 19.62 N
array([ 0.  , 19.62])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import NamedTuple

import numpy as np

from ..errors import EquilibriumError, InputError, MbtoolsError
from ..model.rank import rank_of_diagonal
from .initial import finite_numbers
from .differences import difference_quotients
from .jacobians import force_jacobians
from .kernels import POSITION_TOLERANCE, geometric_stiffness, project_position, saddle_point_solve
from .bushings import Bushing
from .joint_springs import RotationalSpring
from .loads import Spring
from .reactions import ReactionSolver
from .system import MultibodySystem

#: Equilibrium is reached when the unbalanced force (S.1), on the motions the constraints
#: allow, is below this fraction of the largest of the forces balanced.
FORCE_TOLERANCE = 1e-10

#: The largest change of one coordinate in a step (m, or rad for angles), as a fraction of
#: the mechanism's length (at least 1): a longer step, where the stiffness is nearly
#: singular, would jump to another equilibrium (or another turn).
TRUST_LENGTH = 0.5
#: Second-order corrections after a Newton step (see _damped_step).
SECOND_ORDER_CORRECTIONS = 3

#: The fractions of Newton's step tried, in turn, before the step is damped.
LINE_SEARCH = (1.0, 0.5, 0.25)

#: The most damped Newton steps of one load increment.
EQUILIBRIUM_ITERATIONS = 100


@dataclass(frozen=True)
class Equilibrium:
    """A static equilibrium of a system (:func:`~mbtools.static_equilibrium`)."""

    #: The coordinates at equilibrium, on Φ(q) = 0.
    q: np.ndarray
    #: λ of (S.1), by constraint name (the rows set aside as redundant carry 0).
    multipliers: dict
    #: The torque (angle input, N·m) or force (slide input, N) each held input supplies,
    #: λ Φ_s of its driving rows, as :func:`~mbtools.inverse_dynamics` gives it.
    driving: dict
    #: Whether the tangent stiffness is positive definite on the motions allowed.
    stable: bool
    #: The eigenvalues of Rᵀ K_t R, ascending (N·m per unit of the coordinates squared).
    stiffness_eigenvalues: np.ndarray
    #: Damped Newton steps taken, over all load increments.
    iterations: int
    #: The unbalanced force at the answer, relative to the largest force balanced.
    residual: float
    #: The system with the inputs held (what the reactions are computed on).
    system: MultibodySystem = field(repr=False)
    #: The time at which the loads were read.
    t: float = 0.0

    @cached_property
    def reactions(self) -> dict:
        """The joint reactions at the equilibrium, by joint, as
        :func:`~mbtools.inverse_dynamics` gives them (computed on first use)."""
        zero = np.zeros_like(self.q)
        return ReactionSolver(self.system).at(self.q, zero, zero, self.t)


def tangent_stiffness(system: MultibodySystem, q: np.ndarray, lam: np.ndarray, t: float = 0.0) -> np.ndarray:
    """K_t = H(λ) − ∂Q/∂q at rest (S.2): the geometric stiffness of the constraints less the
    loads' stiffness."""
    K, _ = force_jacobians(system, q, np.zeros_like(q), t)
    return geometric_stiffness(system, q, lam, t) - K


def null_space_basis(J: np.ndarray, n: int) -> np.ndarray:
    """R, an orthonormal basis (columns) of the null space of Φ_q, by its SVD and the
    library's rank rule."""
    if not len(J):
        return np.eye(n)
    _, sv, Vt = np.linalg.svd(J, full_matrices=True)
    return Vt[rank_of_diagonal(sv):].T


def static_equilibrium(system: MultibodySystem, guess=None, inputs: dict | None = None, t: float = 0.0,
                       load_steps: int = 1) -> Equilibrium:
    """The static equilibrium of ``system`` nearest ``guess``: (S.1) by damped Newton
    steps (S.3), with its multipliers, joint reactions and stability.

    Parameters
    ----------
    system : mbtools.MultibodySystem
        The mechanism with its gravity and loads (springs, point forces, torques, motors).
    guess : array_like, optional
        Coordinates to start from (the model's reference configuration by default); put on
        the constraints first.
    inputs : dict, optional
        Inputs held at a value (name → value, m or rad): their driving equations hold and
        their multipliers are the forces or torques that hold them. The other inputs are free.
    t : float
        The time at which loads and prescribed inputs are read.
    load_steps : int
        Apply gravity and the loads other than springs in this many equal increments, each
        solve starting from the last: for loads large enough to carry the guess far.

    Returns
    -------
    mbtools.dynamics.Equilibrium

    Raises
    ------
    EquilibriumError
        Where the damped Newton steps do not converge, or the stiffness on the motions the
        constraints allow is singular at the answer (no isolated equilibrium).
    """
    system = _holding(system, inputs)
    model = system.model
    n = model.n_coordinates
    q = model.reference_q.copy() if guess is None else finite_numbers("static_equilibrium's guess", guess, "m or rad")
    if q.shape != (n,):
        raise InputError(f"static_equilibrium's guess has {q.size} coordinates; the {model.family} model of "
                         f"'{model.mechanism.name}' has {n} ({', '.join(model.coordinate_names)}).")
    if isinstance(load_steps, bool) or not isinstance(load_steps, (int, np.integer)) or load_steps < 1:
        raise InputError(f"static_equilibrium's load_steps must be a whole number ≥ 1, got {load_steps!r}.")
    q = project_position(system, q, t)[0]
    typical = force_scale(system, q, t)
    iterations = 0
    for step in range(1, load_steps + 1):
        q, lam, residual, taken = _solve(system, q, t, step / load_steps, typical)
        iterations += taken
    J = system.position_constraints(q, t)[1]
    K_t = tangent_stiffness(system, q, lam, t)
    R = null_space_basis(J, n)
    eigenvalues = np.linalg.eigvalsh(R.T @ (0.5 * (K_t + K_t.T)) @ R) if R.shape[1] else np.zeros(0)
    scale = max(float(np.abs(eigenvalues).max()) if eigenvalues.size else 0.0, 1e-300)
    if eigenvalues.size and np.abs(eigenvalues).min() < 1e-9 * scale:
        raise EquilibriumError(
            f"'{model.mechanism.name}' is balanced at q = {np.array2string(q, precision=4)}, but its stiffness is "
            "singular there on the motions the constraints allow: a free motion that no spring or load holds, so the "
            "equilibrium is not isolated. Hold that motion with an input (inputs=) or a spring.")
    multipliers = np.zeros(model.n_constraints)
    multipliers[system.rows] = lam
    return Equilibrium(q, dict(zip(model.constraint_names, multipliers)), _driving(system, q, multipliers, t),
                       bool(eigenvalues.size == 0 or eigenvalues.min() > 0), eigenvalues, iterations, residual,
                       system, float(t))


def _driving(system, q, multipliers, t) -> dict:
    """λ Φ_s of each held input's driving rows (their owner is the input)."""
    model = system.model
    if not system.prescribed:
        return {}
    phi_s = model.phi_s(q, system.inputs_at(q, t)[0])
    driving = {}
    for name in system.prescribed:
        k = model.input_names.index(name)
        rows = [i for i, c in enumerate(model.constraints) if c.is_driver and c.owner == name]
        driving[name] = float(sum(multipliers[i] * phi_s[i, k] for i in rows))
    return driving


def _holding(system, inputs) -> MultibodySystem:
    """The system with ``inputs`` held at their values (prescribed constants)."""
    if not isinstance(system, MultibodySystem):
        raise InputError(f"static_equilibrium takes a MultibodySystem, got {type(system).__name__}.")
    if inputs is None or inputs == {}:
        return system
    if not isinstance(inputs, dict):
        raise InputError(f"static_equilibrium's inputs takes a dict, input name → value held, such as "
                         f"{{'crank': 0.5}}; got {inputs!r}.")
    unknown = [name for name in inputs if name not in system.model.input_names]
    if unknown:
        raise InputError(f"static_equilibrium's inputs names {unknown}, which are not inputs of "
                         f"'{system.model.mechanism.name}'; its inputs are {system.model.input_names}.")
    held = {name: finite_numbers(f"static_equilibrium's input '{name}'", value, "m or rad")[0]
            if np.ndim(value) == 0 else value for name, value in inputs.items()}
    return MultibodySystem(system.model, system.gravity, system.loads, {**system.prescribed, **held},
                           system.baumgarte, system.contacts)


def force_scale(system: MultibodySystem, q: np.ndarray, t: float = 0.0) -> float:
    """The size of the generalized forces the system balances at q, the unit its unbalance
    is measured in: the largest of the loads and weight there, the weight of the heaviest
    entry of M (‖g‖ max M_ii, in the coordinates' own units) and each spring's stiffness
    times the mechanism's length (so that a system with no weight still has a unit)."""
    size = float(np.linalg.norm(system.forces(q, np.zeros_like(q), t)))
    size = max(size, float(np.linalg.norm(system.gravity)) * float(np.abs(system.mass_matrix(q).diagonal()).max()))
    for load in system.loads:
        if isinstance(load, Spring):
            size = max(size, load.stiffness * system.model.length_scale)
        elif isinstance(load, RotationalSpring):
            size = max(size, load.stiffness / system.model.length_scale)
        elif isinstance(load, Bushing):
            K = load.matrices(system.model)[0]
            half = len(K) // 2
            size = max(size, float(np.abs(K[:half, :half]).max()) * system.model.length_scale,
                       float(np.abs(K[half:, half:]).max()) / system.model.length_scale)
    return max(size, 1e-12)


def _forces(system, q, t, share) -> tuple[np.ndarray, np.ndarray]:
    """(Q, ∂Q/∂q) at rest with gravity and the loads other than springs scaled by ``share``."""
    zero = np.zeros_like(q)
    Q = system.forces(q, zero, t)
    K, _ = force_jacobians(system, q, zero, t)
    if share == 1.0:
        return Q, K
    springs = [load for load in system.loads if isinstance(load, (Spring, RotationalSpring, Bushing))]
    spring_force = sum((s.generalized_force(system.model, t, q, zero) for s in springs), np.zeros_like(q))
    spring_K = difference_quotients(
        lambda x: sum((s.generalized_force(system.model, t, x, zero) for s in springs), np.zeros_like(q)),
        q, system.model.length_scale) if springs else np.zeros_like(K)
    return spring_force + share * (Q - spring_force), spring_K + share * (K - spring_K)


class _Point(NamedTuple):
    """What one Newton step needs at q, and how far q is from the answer."""

    Q: np.ndarray          # the forces at rest (at the load share)
    K: np.ndarray          # ∂Q/∂q
    J: np.ndarray          # Φ_q of the rows that hold
    kept: np.ndarray       # the independent rows kept
    phi: np.ndarray        # Φ of the rows kept
    lam: np.ndarray        # λ on the rows that hold (least squares on those kept)
    unbalance: float       # ‖Q − Φ_qᵀλ‖
    scale: float           # the forces balanced (at least the system's own)
    drift: float           # the largest ‖Φ‖ of a row kept, in its unit

    @property
    def merit(self) -> float:
        """The unbalance relative to the forces balanced plus the drift: what a step must lower."""
        return self.unbalance / self.scale + self.drift

    @property
    def converged(self) -> bool:
        return self.unbalance <= FORCE_TOLERANCE * self.scale and self.drift <= POSITION_TOLERANCE


def _solve(system, q, t, share, typical) -> tuple[np.ndarray, np.ndarray, float, int]:
    """(q, λ, relative unbalance, steps) of (S.1) at the load ``share``: Newton's step (or
    a half or a quarter of it) where it lowers the merit, else a damped one, σ starting at
    a quarter of the last σ that served and raised fourfold until a step lowers it."""
    model = system.model
    W = system.metric(q)
    weight = float(np.trace(W)) / len(q)
    sigma = 0.0
    point = _evaluate(system, q, t, share, typical)
    for iteration in range(EQUILIBRIUM_ITERATIONS):
        if point.converged:
            return q, point.lam, point.unbalance / point.scale, iteration
        K_t = geometric_stiffness(system, q, point.lam, t) - point.K
        floor = max(float(np.abs(K_t).max()), point.scale / model.length_scale) / weight
        step = lambda damping, fraction=1.0: _damped_step(system, q, t, share, typical, K_t + damping * W, point,
                                                          fraction, damping > 0)
        trial = None
        for fraction in LINE_SEARCH:  # Newton's own step first: quadratic convergence where it is accepted
            trial = step(0.0, fraction)
            if trial is not None:
                break
        if trial is None:
            sigma = max(sigma / 4.0, 1e-3 * floor)
            while trial is None and sigma <= 1e12 * floor:
                trial = step(sigma)
                if trial is None:
                    sigma *= 4.0
        if trial is None:
            break
        q, point = trial
    raise EquilibriumError(
        f"No static equilibrium of '{model.mechanism.name}' was found from the guess"
        f"{f' at {share:.0%} of the load' if share < 1 else ''}: the unbalanced force is {point.unbalance:.3g} "
        f"({point.unbalance / point.scale:.2e} of the forces balanced) after {iteration + 1} damped Newton steps. "
        "Start nearer, apply the loads in steps (load_steps=), or check that a spring or a held input can carry them.")


def _damped_step(system, q, t, share, typical, block, point: _Point, fraction=1.0, damped=False):
    """(q, its _Point) after ``fraction`` of one step of (S.3) with ``block`` = K_t + σ W for
    K_t — a ``damped`` one put back on the constraints (it is short and only first order
    in them, where the unbalance may fall at second order only, as from a pendulum held
    horizontal), an undamped one followed by second-order corrections c, the least
    stiffness energy ½ cᵀ K_t c that restores Φ = 0 (stiff springs on bodies whose frames a
    linear step stretches would otherwise take the constraints' curvature as a large
    unbalance, and Newton's convergence would be lost) — or None where the step cannot be
    solved, moves a coordinate by more than :data:`TRUST_LENGTH` or does not lower the merit."""
    solution = saddle_point_solve(block, point.J[point.kept], point.Q, -point.phi)
    if solution is None or not np.isfinite(solution[0]).all():
        return None
    step = fraction * solution[0]
    if float(np.abs(step).max()) > TRUST_LENGTH * max(system.model.length_scale, 1.0):
        return None
    trial_q = q + step
    if not damped and len(point.kept):
        # Second-order corrections: the constraints' curvature put back along the stiffness
        # (min ½ cᵀ K_t c with Φ_q c = −Φ), the soft motions taking it, not the springs.
        rows = np.asarray(system.rows)[point.kept]
        for _ in range(SECOND_ORDER_CORRECTIONS):
            residual = system.position_constraints(trial_q, t)[0][point.kept]
            if float(np.abs(residual / system.model.residual_scales[rows]).max()) <= POSITION_TOLERANCE:
                break
            correction = saddle_point_solve(block, point.J[point.kept], np.zeros_like(q), -residual)
            if correction is None:
                break
            trial_q = trial_q + correction[0]
    if damped and len(point.kept):
        try:
            trial_q = project_position(system, trial_q, t)[0]
        except MbtoolsError:
            return None
    trial = _evaluate(system, trial_q, t, share, typical)
    return (trial_q, trial) if trial.merit < point.merit else None


def _evaluate(system, q, t, share, typical) -> _Point:
    """The :class:`_Point` at q: forces, Jacobians, the rows kept, least-squares λ, the
    unbalanced force, the scale of the forces balanced (at least ``typical``, the
    system's own) and the drift from the constraints."""
    Q, K = _forces(system, q, t, share)
    state = system.evaluate(q, np.zeros_like(q), t)
    J = state.jacobian
    rows = state.kept().rows
    kept = np.arange(len(J)) if rows is None else np.sort(rows)
    lam = np.zeros(len(J))
    phi = np.zeros(0)
    drift = 0.0
    if len(kept):
        lam[kept] = np.linalg.lstsq(J[kept].T, Q, rcond=None)[0]
        phi = state.phi()[kept]
        drift = float(np.abs(phi / system.model.residual_scales[np.asarray(system.rows)[kept]]).max())
    reaction = J.T @ lam if len(J) else np.zeros_like(Q)
    unbalance = float(np.linalg.norm(Q - reaction))
    scale = max(float(np.linalg.norm(Q)), float(np.linalg.norm(reaction)), typical)
    return _Point(Q, K, J, kept, phi, lam, unbalance, scale, drift)
