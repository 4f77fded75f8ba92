"""Small vibrations about a static equilibrium: the linearised equations of motion on the
motions the constraints allow, and their natural modes.

About an equilibrium (q₀, λ₀) (:func:`~mbtools.static_equilibrium`) a
small motion q = q₀ + δq obeys, to first order,

    M δq̈ − C δq̇ + K_t δq + Φ_qᵀ δλ = 0,        Φ_q δq = 0,                 (V.1)

with C = ∂Q/∂q̇ (dampers; minus C is the damping matrix) and K_t = H(λ₀) − ∂Q/∂q the
tangent stiffness (S.2). The constraints leave the motions δq = R z, R an orthonormal
basis of the null space of Φ_q(q₀); premultiplying by Rᵀ removes δλ:

    M_r z̈ + C_r ż + K_r z = 0,     M_r = Rᵀ M R,  C_r = −Rᵀ C R,  K_r = Rᵀ K_t R   (V.2)

(García de Jalón & Bayo 1994, ch. 9; Géradin & Cardona 2001, ch. 4) — as many equations
as the mechanism has degrees of freedom, in any coordinate family, with the same
eigenvalues in every family. The geometric stiffness H(λ₀) is what makes a pendulum
swing: its bob's weight is carried by the rod, and the rod's constraint, curved, turns it
into a restoring force.

**About a steady motion** q₀ + q̇₀ t — a top precessing at a constant tilt, its spin
constant — the same expansion holds with C = ∂(Q − h)/∂q̇, which now carries the
gyroscopic terms of the velocity-dependent inertia forces h, and K_t = H(λ₀) − ∂(Q − h)/∂q
(the motion being steady, M q̈₀ = 0 adds nothing):

    M_r z̈ + C_r ż + K_r z = 0,     C_r = −Rᵀ ∂(Q − h)/∂q̇ R,  K_r = Rᵀ K_t R        (V.3)

Its coefficients are constant only where the coordinates that move are cyclic (M, Q − h
and Φ do not depend on them): the joint angles of a top about its vertical and its axis,
not its centre's coordinates, which turn. :func:`~mbtools.linearize` checks both that q̈₀ = 0 and
that the matrices are the same further along the motion. C_r is then not symmetric (the
gyroscopic coupling): the frequencies are read from the eigenvalues s = ±iω of the
first-order system.

The **natural modes** solve K_r φ = ω² M_r φ (ω² ascending; mass-normalised, φᵀ M_r φ = 1);
each shape is returned in q-space, R φ. The damping ratios are the modal ones, ζ = φᵀ C_r φ
/ (2ω), exact where the modes diagonalise C_r (proportional damping), and the eigenvalues
of the damped first-order system are given beside them.

Example
-------
A 1 m pendulum with its mass at the bob swings at √(g/L)/2π:

>>> import numpy as np
>>> from mbtools import Mechanism, MassProperties, formulate
>>> from mbtools.dynamics import MultibodySystem
>>> m = Mechanism("pendulum")
>>> m.add_ground({"O": (0.0, 0.0)})
>>> m.add_body("bob", {"O": (0.0, 0.0), "P": (0.0, -1.0)}, mass=MassProperties(2.0, (0.0, -1.0), 0.0))
>>> m.add_revolute("ground", "bob", at="O")
>>> system = MultibodySystem(formulate(m, "natural"))
>>> modes = natural_modes(system, system.model.reference_q)
>>> modes.frequencies.round(6), round(float(np.sqrt(9.81) / (2 * np.pi)), 6)
(array([0.498488]), 0.498488)
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import numpy as np
import scipy.linalg

from ..errors import AccuracyWarning, EquilibriumError, InputError
from .initial import finite_numbers
from .jacobians import force_jacobians
from .kernels import geometric_stiffness, saddle_point_solve
from .statics import force_scale, null_space_basis
from .system import MultibodySystem

#: A point is taken as an equilibrium where its unbalanced force is below this fraction of
#: the forces it balances (the equilibrium solver reaches 1e-10).
EQUILIBRIUM_TOLERANCE = 1e-7


@dataclass(frozen=True)
class Linearization:
    """The equations of small motion (V.2) about an equilibrium, on independent
    coordinates z (δq = R z)."""

    #: The mass matrix, M_r = Rᵀ M R.
    M: np.ndarray
    #: The damping (and, about a steady motion, gyroscopic) matrix, C_r = −Rᵀ ∂(Q − h)/∂q̇ R.
    C: np.ndarray
    #: The tangent stiffness, K_r = Rᵀ K_t R, geometric stiffness included.
    K: np.ndarray
    #: The orthonormal null-space basis of Φ_q the matrices were projected on (n × f).
    R: np.ndarray
    #: The equilibrium, or the point of the steady motion.
    q: np.ndarray
    #: Rates of the steady motion, or None about rest.
    qd: np.ndarray | None = None


@dataclass(frozen=True)
class NaturalModes:
    """The natural modes of small vibration about an equilibrium (:func:`~mbtools.natural_modes`)."""

    #: Undamped natural frequencies ω/2π in Hz, ascending (0 for a free motion).
    frequencies: np.ndarray
    #: Modal damping ratios φᵀ C_r φ / (2ω) (0 where ω = 0).
    damping_ratios: np.ndarray
    #: The mode shapes in q-space, one column a mode (R φ, φ mass-normalised).
    shapes: np.ndarray
    #: The eigenvalues s of the damped first-order system (V.2), 1/s, by rising ‖s‖.
    eigenvalues: np.ndarray
    #: The linearised equations the modes come from.
    linearization: Linearization


def linearize(system: MultibodySystem, q, qd=None, t: float = 0.0) -> Linearization:
    """The linearised equations of motion (V.2) about the equilibrium q, or (V.3) about the
    steady motion q + q̇ t.

    Parameters
    ----------
    system : mbtools.MultibodySystem
    q : array_like
        A static equilibrium (from :func:`~mbtools.static_equilibrium`),
        on the constraints; or a point of a steady motion.
    qd : array_like, optional
        The constant rates of a steady motion (None: at rest). The motion must be steady in
        the model's coordinates: q̈ = 0 there, and the coordinates that move cyclic (the
        matrices the same all along it) — the precession and spin angles of a top in joint
        coordinates, not its centre's coordinates, which turn. Both are checked.
    t : float
        The time at which the loads are read.

    Raises
    ------
    EquilibriumError
        Where q is off the constraints or not balanced, or the motion is not steady in these
        coordinates: linearising there would describe no small motion.
    """
    if not isinstance(system, MultibodySystem):
        raise InputError(f"linearize takes a MultibodySystem, got {type(system).__name__}.")
    model = system.model
    q = _coordinates(system, q, "q", "m or rad")
    if qd is None or not np.any(np.asarray(qd, dtype=float) != 0):
        return _about_rest(system, q, t)
    qd = _coordinates(system, qd, "qd", "m/s or rad/s")
    here = _about_steady_motion(system, q, qd, t)
    # The motion is steady in these coordinates only if the matrices do not change along it:
    # compared a stretch of motion further on, where its slowest moving coordinate has moved 0.3.
    span = 0.3 / float(np.abs(qd[qd != 0]).min())
    later = _about_steady_motion(system, q + qd * span, qd, t)
    if here.R.shape[0] == here.R.shape[1]:  # no constraints: the matrices themselves
        drift = _relative_gap(_first_order(here), _first_order(later))
    else:  # the null-space bases may differ by a rotation: the spectra
        spectra = [np.sort_complex(np.linalg.eigvals(_first_order(lin))) for lin in (here, later)]
        drift = _relative_gap(*spectra)
    if drift > 1e-6:
        raise EquilibriumError(f"linearize: the motion q + q̇ t of '{model.mechanism.name}' is steady, but its "
                               f"linearised matrices change along it (by {drift:.2g} of their size over "
                               f"{span:.3g} s) in {model.family} coordinates: the moving coordinates are not cyclic. "
                               "Describe it in coordinates in which the motion is steady (joint angles of a top "
                               "precessing about its first joint axis).")
    return here


def _coordinates(system: MultibodySystem, value, name: str, unit: str) -> np.ndarray:
    model = system.model
    value = finite_numbers(f"linearize's {name}", value, unit)
    if value.shape != (model.n_coordinates,):
        raise InputError(f"linearize's {name} has {value.size} coordinates; the {model.family} model of "
                         f"'{model.mechanism.name}' has {model.n_coordinates}.")
    return value


def _relative_gap(A: np.ndarray, B: np.ndarray) -> float:
    return float(np.abs(A - B).max(initial=0.0) / max(np.abs(A).max(initial=0.0), 1e-300))


def _on_constraints(system: MultibodySystem, state, where: str) -> None:
    model = system.model
    off = float(np.abs(state.phi() / model.residual_scales[system.rows]).max())
    if off > 1e-8:
        raise EquilibriumError(f"linearize: {where} is off the constraints of '{model.mechanism.name}' by {off:.1e} "
                               "of their unit; give an equilibrium from static_equilibrium.")


def _about_rest(system: MultibodySystem, q: np.ndarray, t: float) -> Linearization:
    """(V.2) at a static equilibrium."""
    model = system.model
    zero = np.zeros_like(q)
    state = system.evaluate(q, zero, t)
    Q, J = state.forces, state.jacobian
    if len(J):
        _on_constraints(system, state, "q")
        lam = np.linalg.lstsq(J.T, Q, rcond=None)[0]
    else:
        lam = np.zeros(0)
    reaction = J.T @ lam if len(J) else zero
    unbalance = float(np.linalg.norm(Q - reaction))
    if unbalance > EQUILIBRIUM_TOLERANCE * max(float(np.linalg.norm(reaction)), force_scale(system, q, t)):
        raise EquilibriumError(f"linearize: q is not an equilibrium of '{model.mechanism.name}' (unbalanced force "
                               f"{unbalance:.3g}); find one with static_equilibrium(system, guess=q) first.")
    K, C = force_jacobians(system, q, zero, t)
    K_t = geometric_stiffness(system, q, lam, t) - K
    R = null_space_basis(J, len(q))
    return Linearization(R.T @ state.mass @ R, -R.T @ C @ R, R.T @ K_t @ R, R, q)


def _about_steady_motion(system: MultibodySystem, q: np.ndarray, qd: np.ndarray, t: float) -> Linearization:
    """(V.3) at a point of the steady motion q + q̇ t: q̈ = 0 and Φ_qᵀ λ = Q − h there."""
    model = system.model
    state = system.evaluate(q, qd, t)
    F, J = state.forces, state.jacobian
    if len(J):
        _on_constraints(system, state, "q")
        speed = float(np.abs(state.velocity_residual()).max() / max(np.abs(J @ qd).max(initial=0.0),
                                                                   np.abs(qd).max(), 1e-300))
        if speed > 1e-8:
            raise EquilibriumError(f"linearize: q̇ breaks the constraints of '{model.mechanism.name}' "
                                   f"(Φ_q q̇ + Φ_t is {speed:.1e} of its size); give rates the joints allow.")
        solved = saddle_point_solve(state.mass, J, F, state.rhs)
        accelerations, lam = (None, None) if solved is None else solved
    else:
        accelerations, lam = np.linalg.solve(state.mass, F), np.zeros(0)
    # Against the forces balanced and the inertia forces of the rates (‖M‖ ‖q̇‖²), the
    # scale of q̈'s round-off where no load acts.
    typical = max(float(np.linalg.norm(F)), force_scale(system, q, t),
                  float(np.linalg.norm(state.mass, 2)) * float(qd @ qd))
    if accelerations is None or float(np.linalg.norm(state.mass @ accelerations)) > EQUILIBRIUM_TOLERANCE * typical:
        size = "undefined" if accelerations is None else f"{np.linalg.norm(accelerations):.3g}"
        raise EquilibriumError(f"linearize: (q, q̇) is not a steady motion of '{model.mechanism.name}': its "
                               f"accelerations are not zero (norm {size}). Give the rates of a steady motion, such as "
                               "the precession rate that balances a top's weight at its tilt.")
    K, C = force_jacobians(system, q, qd, t)
    K_t = (geometric_stiffness(system, q, lam, t) if len(J) else 0.0) - K
    R = null_space_basis(J, len(q))
    return Linearization(R.T @ state.mass @ R, -R.T @ C @ R, R.T @ K_t @ R, R, q, qd)


def natural_modes(system: MultibodySystem, q, qd=None, t: float = 0.0) -> NaturalModes:
    """The natural frequencies, damping ratios and mode shapes about the equilibrium q:
    K_r φ = ω² M_r φ of (V.2); about the steady motion q + q̇ t (``qd`` given), the
    eigenvalues s = −ζω ± iω of the first-order form of (V.3), its shapes complex.

    Raises
    ------
    EquilibriumError
        Where the equilibrium is unstable (a negative stiffness on an allowed motion: it
        has a growth rate, not a frequency), or the steady motion is (an eigenvalue with a
        positive real part), or q is not an equilibrium (the motion not steady).

    Warns
    -----
    AccuracyWarning
        Where K_r is not symmetric (follower loads: the modes use its symmetric part) or
        the modes do not diagonalise C_r (the modal damping ratios are then approximate;
        the eigenvalues are exact either way).
    """
    lin = linearize(system, q, qd, t)
    M, C, K = lin.M, lin.C, lin.K
    f = len(M)
    if f == 0:
        empty = np.zeros(0)
        return NaturalModes(empty, empty, np.zeros((len(lin.q), 0)), empty.astype(complex), lin)
    if lin.qd is not None:
        return _steady_motion_modes(system, lin)
    size = max(float(np.abs(K).max()), 1e-300)
    if np.abs(K - K.T).max() > 1e-6 * size:
        warnings.warn(f"natural_modes: the stiffness of '{system.model.mechanism.name}' is not symmetric (a follower "
                      "load); the modes use its symmetric part, the eigenvalues the whole of it.", AccuracyWarning,
                      stacklevel=2)
    omega_squared, phi = scipy.linalg.eigh(0.5 * (K + K.T), M)
    scale = max(float(np.abs(omega_squared).max()), 1e-300)
    if omega_squared.min() < -1e-9 * scale:
        worst = float(omega_squared.min())
        raise EquilibriumError(f"The equilibrium of '{system.model.mechanism.name}' is unstable: an allowed motion "
                               f"has negative stiffness, growing as exp({np.sqrt(-worst):.4g} t). It has no natural "
                               "modes; linearize gives its matrices.")
    omega = np.sqrt(np.clip(omega_squared, 0.0, None))
    omega[omega_squared < 1e-9 * scale] = 0.0
    modal_damping = phi.T @ C @ phi
    zeta = np.where(omega > 0, np.diag(modal_damping) / (2.0 * np.where(omega > 0, omega, 1.0)), 0.0)
    off_diagonal = np.abs(modal_damping - np.diag(np.diag(modal_damping))).max()
    if off_diagonal > 1e-6 * max(float(np.abs(modal_damping).max()), 1e-300) and np.abs(C).max() > 0:
        warnings.warn(f"natural_modes: the damping of '{system.model.mechanism.name}' is not proportional (the "
                      "modes do not diagonalise it); the damping ratios are the modal approximation, the eigenvalues "
                      "exact.", AccuracyWarning, stacklevel=2)
    s = np.linalg.eigvals(_first_order(lin))
    s = s[np.lexsort((s.imag, np.abs(s)))]
    return NaturalModes(omega / (2 * np.pi), zeta, lin.R @ phi, s, lin)


def _first_order(lin: Linearization) -> np.ndarray:
    """A = [[0, I], [−M_r⁻¹ K_r, −M_r⁻¹ C_r]], the first-order form of (V.2) or (V.3)."""
    f = len(lin.M)
    return np.block([[np.zeros((f, f)), np.eye(f)], [-np.linalg.solve(lin.M, lin.K), -np.linalg.solve(lin.M, lin.C)]])


def _steady_motion_modes(system: MultibodySystem, lin: Linearization) -> NaturalModes:
    """The modes of (V.3) from the eigenvalues of its first-order form: one frequency Im s
    per pair s, s̄ (shape R v, v the eigenvector's z part), and 0 for each pair of the
    zero eigenvalues of the cyclic coordinates (their drift: shapes from the null space of
    K_r)."""
    f = len(lin.M)
    s, vectors = np.linalg.eig(_first_order(lin))
    size = max(float(np.abs(s).max()), 1e-300)
    # A cyclic coordinate gives a double zero (a Jordan block): computed, it spreads to
    # ±sqrt(eps ‖A‖), far below this threshold.
    zero = np.abs(s) < 1e-6 * size
    growing = ~zero & (s.real > 1e-9 * size)
    name = system.model.mechanism.name
    if growing.any():
        worst = s[growing][np.argmax(s[growing].real)]
        raise EquilibriumError(f"The steady motion of '{name}' is unstable: a small disturbance grows as "
                               f"exp({worst.real:.4g} t). It has no natural modes; linearize gives its matrices.")
    oscillating = ~zero & (s.imag > 1e-9 * size)
    if 2 * oscillating.sum() + zero.sum() != 2 * f:
        raise EquilibriumError(f"The steady motion of '{name}' has non-oscillating decaying motions (real "
                               "eigenvalues); natural_modes reports oscillations only: see linearize's matrices.")
    order = np.argsort(s[oscillating].imag)
    pairs = s[oscillating][order]
    still = (zero.sum()) // 2
    frequencies = np.concatenate([np.zeros(still), pairs.imag]) / (2 * np.pi)
    ratios = np.concatenate([np.zeros(still), -pairs.real / np.abs(pairs)])
    drift = scipy.linalg.null_space(lin.K, rcond=1e-9)[:, :still] if still else np.zeros((f, 0))
    shapes = np.hstack([drift.astype(complex), vectors[:f, oscillating][:, order]])
    shapes = shapes / np.linalg.norm(shapes, axis=0)
    spectrum = s[np.lexsort((s.imag, np.abs(s)))]
    return NaturalModes(frequencies, ratios, lin.R @ shapes, spectrum, lin)
