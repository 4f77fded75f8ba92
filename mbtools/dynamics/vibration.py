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
from .kernels import geometric_stiffness
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
    #: The damping matrix, C_r = −Rᵀ (∂Q/∂q̇) R.
    C: np.ndarray
    #: The tangent stiffness, K_r = Rᵀ K_t R, geometric stiffness included.
    K: np.ndarray
    #: The orthonormal null-space basis of Φ_q the matrices were projected on (n × f).
    R: np.ndarray
    #: The equilibrium.
    q: np.ndarray


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


def linearize(system: MultibodySystem, q, t: float = 0.0) -> Linearization:
    """The linearised equations of motion (V.2) about the equilibrium q.

    Parameters
    ----------
    system : mbtools.MultibodySystem
    q : array_like
        A static equilibrium (from :func:`~mbtools.static_equilibrium`),
        on the constraints.
    t : float
        The time at which the loads are read.

    Raises
    ------
    EquilibriumError
        Where q is off the constraints or not balanced: linearising there would describe
        no small motion.
    """
    if not isinstance(system, MultibodySystem):
        raise InputError(f"linearize takes a MultibodySystem, got {type(system).__name__}.")
    model = system.model
    q = finite_numbers("linearize's q", q, "m or rad")
    if q.shape != (model.n_coordinates,):
        raise InputError(f"linearize's q has {q.size} coordinates; the {model.family} model of "
                         f"'{model.mechanism.name}' has {model.n_coordinates}.")
    zero = np.zeros_like(q)
    state = system.evaluate(q, zero, t)
    Q, J = state.forces, state.jacobian
    if len(J):
        off = float(np.abs(state.phi() / model.residual_scales[system.rows]).max())
        if off > 1e-8:
            raise EquilibriumError(f"linearize: q is off the constraints of '{model.mechanism.name}' by {off:.1e} "
                                   "of their unit; give an equilibrium from static_equilibrium.")
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


def natural_modes(system: MultibodySystem, q, t: float = 0.0) -> NaturalModes:
    """The natural frequencies, damping ratios and mode shapes about the equilibrium q:
    K_r φ = ω² M_r φ of (V.2).

    Raises
    ------
    EquilibriumError
        Where the equilibrium is unstable (a negative stiffness on an allowed motion: it
        has a growth rate, not a frequency) or q is not an equilibrium.

    Warns
    -----
    AccuracyWarning
        Where K_r is not symmetric (follower loads: the modes use its symmetric part) or
        the modes do not diagonalise C_r (the modal damping ratios are then approximate;
        the eigenvalues are exact either way).
    """
    lin = linearize(system, q, t)
    M, C, K = lin.M, lin.C, lin.K
    f = len(M)
    if f == 0:
        empty = np.zeros(0)
        return NaturalModes(empty, empty, np.zeros((len(lin.q), 0)), empty.astype(complex), lin)
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
    A = np.block([[np.zeros((f, f)), np.eye(f)], [-np.linalg.solve(M, K), -np.linalg.solve(M, C)]])
    s = np.linalg.eigvals(A)
    s = s[np.lexsort((s.imag, np.abs(s)))]
    return NaturalModes(omega / (2 * np.pi), zeta, lin.R @ phi, s, lin)
