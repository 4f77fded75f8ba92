"""The generalized-α method on the index-3 equations of motion (Chung & Hulbert 1993;
Arnold & Brüls 2007, *Multibody System Dynamics* 18:185), with a full Newton tangent.

The equations M q̈ + Φ_qᵀ λ = Q − h, Φ(q, t) = 0 are solved at the end of each step for
q̈ₙ₊₁ and λₙ₊₁, with an acceleration-like variable a that carries the method's numerical
damping:

    (1 − α_m) aₙ₊₁ + α_m aₙ = (1 − α_f) q̈ₙ₊₁ + α_f q̈ₙ,
    qₙ₊₁ = qₙ + Δt q̇ₙ + Δt² (½ − β) aₙ + Δt² β aₙ₊₁,
    q̇ₙ₊₁ = q̇ₙ + Δt (1 − γ) aₙ + Δt γ aₙ₊₁,

with, for a spectral radius ρ∞ ∈ [0, 1] at infinite frequency (ρ∞ = 1: no damping, the
trapezoidal rule; ρ∞ = 0: the high frequencies killed in one step),

    α_m = (2ρ∞ − 1)/(ρ∞ + 1),  α_f = ρ∞/(ρ∞ + 1),  γ = ½ + α_f − α_m,  β = ¼ (γ + ½)².

Newton's method on (q̈ₙ₊₁, λₙ₊₁), with q and q̇ following q̈ by ∂q/∂q̈ = Δt² β' and
∂q̇/∂q̈ = Δt γ', β' = β (1 − α_f)/(1 − α_m), γ' = γ (1 − α_f)/(1 − α_m), uses the
iteration matrix

    [M + Δt γ' C_t + Δt² β' K_t    Φ_qᵀ]
    [Δt² β' Φ_q                        0 ],

with K_t = ∂(M q̈ + Φ_qᵀλ − Q + h)/∂q — the constraint Hessians weighted by λ, the forces'
stiffness — and C_t = −∂(Q − h)/∂q̇, the damping (:func:`mbtools.dynamics.jacobians.force_jacobians`;
the Hessian term from :func:`mbtools.dynamics.kernels.geometric_stiffness`, exact where the
rows are quadratic in q): the full tangent, so that stiff springs
and dampers converge. The constraint rows are scaled by 1/(Δt² β') so that the matrix stays
well conditioned as Δt falls (Bottasso, Bauchau & Cardona 2007). The matrix is kept from
step to step (modified Newton) and formed again where an iteration no longer divides the
correction by four, or the step changes. The velocity constraints are not imposed (the
index-3 form): they hold to O(Δt²).

Example
-------
>>> from mbtools import Mechanism, MassProperties, formulate
>>> from mbtools.dynamics import MultibodySystem
>>> m = Mechanism("pendulum")
>>> m.add_ground({"O": (0.0, 0.0)})
>>> m.add_body("bob", {"O": (0.0, 0.0), "P": (1.0, 0.0)}, mass=MassProperties(2.0, (1.0, 0.0), 0.0))
>>> m.add_revolute("ground", "bob", at="O")
>>> method = GeneralizedAlpha(MultibodySystem(formulate(m, "natural")), rho_inf=0.8)
>>> [round(x, 4) for x in method.parameters]      # α_m, α_f, β, γ
[0.3333, 0.4444, 0.3086, 0.6111]
"""

from __future__ import annotations

import numpy as np

from ..errors import InputError, MbtoolsError
from .differences import difference_quotients
from .kernels import geometric_stiffness, saddle_point_matrix
from .multipliers import accelerations
from .one_step import OneStepPath

#: The default spectral radius at infinite frequency, for mild damping of the highest
#: frequencies (those a step cannot resolve), second order for the others.
DEFAULT_RHO_INF = 0.8
#: Newton stops when its correction of q is below this fraction of the mechanism's size.
NEWTON_TOLERANCE = 1e-11
#: … the equations of motion balanced to this fraction of the larger of M q̈ and Q − h (the
#: multipliers themselves are not unique at a singular position, their forces Φ_qᵀλ are) …
BALANCE_TOLERANCE = 1e-9
#: … and every constraint's residual, in its unit (ℓ^p), below this.
CONSTRAINT_TOLERANCE = 1e-12
#: The Newton matrix of one step is kept for the next while the step changes by less than
#: this fraction (it is an iteration matrix: a near one converges, a little slower).
TANGENT_STEP_CHANGE = 0.25
#: The most Newton iterations of a step.
MAX_ITERATIONS = 25


def generalized_alpha_parameters(rho_inf: float) -> tuple[float, float, float, float]:
    """(α_m, α_f, β, γ) for the spectral radius ρ∞ at infinite frequency (Chung & Hulbert
    1993, eqs. 25 and 17)."""
    alpha_m = (2.0 * rho_inf - 1.0) / (rho_inf + 1.0)
    alpha_f = rho_inf / (rho_inf + 1.0)
    gamma = 0.5 + alpha_f - alpha_m
    return alpha_m, alpha_f, 0.25 * (gamma + 0.5) ** 2, gamma


class GeneralizedAlpha:
    """Generalized-α on one system, one step at a time (:meth:`step`); a formulation of
    ``simulate`` (module ``mbtools.dynamics.formulation``).

    Parameters
    ----------
    system : ~mbtools.MultibodySystem
    rho_inf : float
        ρ∞ in [0, 1], the spectral radius at infinite frequency (:data:`DEFAULT_RHO_INF`).
    """

    def __init__(self, system, rho_inf: float = DEFAULT_RHO_INF):
        if isinstance(rho_inf, bool) or not isinstance(rho_inf, (int, float, np.floating)) \
                or not 0.0 <= float(rho_inf) <= 1.0:
            raise InputError(f"rho_inf, generalized-α's spectral radius at infinite frequency, must be a number "
                             f"from 0 (strongest damping) to 1 (none), got {rho_inf!r}.")
        self.system = system
        self.rho_inf = float(rho_inf)
        self.parameters = generalized_alpha_parameters(self.rho_inf)
        self.kept_tangent = None  # (Δt, b ↦ S⁻¹ b): kept from step to step while Newton converges fast
        self.tangents = 0

    name, label, kind, options = "generalized_alpha", "Generalized-α", "one_step", ("rho_inf",)

    @classmethod
    def build(cls, system, step: float | None = None, rtol: float | None = None,
              rho_inf: float = DEFAULT_RHO_INF) -> "GeneralizedAlpha":
        """Generalized-α as ``simulate`` steps it (module ``mbtools.dynamics.one_step``), at a
        fixed step or with error control alike."""
        return cls(system, rho_inf)

    def path(self, q: np.ndarray, t: float = 0.0, step: float | None = None, stabilise: str = "projection"):
        """Its path of the one driver: its own solver at ``step`` or with error control."""
        return OneStepPath(self.system, self, step)

    #: Newton's tolerance on q as a fraction of the size, below which the error estimate cannot see.
    floor = NEWTON_TOLERANCE

    @property
    def factorisations(self) -> int:
        """Newton matrices factorised so far."""
        return self.tangents

    def advance(self, state, h: float, t: float):
        """:meth:`step`, under the name of the one-step protocol (``mbtools.dynamics.one_step``)."""
        return self.step(state, h, t)

    @staticmethod
    def output(state, t: float):
        """(q̈, λ) recorded at an output time: the method's own."""
        return state[2], state[4]

    def start(self, q: np.ndarray, qd: np.ndarray, t: float):
        """The state (q, q̇, q̈, a, λ) of a consistent (q, q̇) at t: q̈ and λ from the
        equations of motion, a = q̈."""
        qdd, lam = accelerations(self.system, q, qd, t, stabilised=False)
        return q.copy(), qd.copy(), qdd, qdd.copy(), lam

    def step(self, state, h: float, t: float):
        """The state at ``t`` after a step of ``h`` seconds from ``state`` (see :meth:`start`)."""
        system = self.system
        alpha_m, alpha_f, beta, gamma = self.parameters
        q0, qd0, qdd0, a0, lam = state
        n, rows = len(q0), len(system.rows)
        beta_p = beta * (1.0 - alpha_f) / (1.0 - alpha_m)
        gamma_p = gamma * (1.0 - alpha_f) / (1.0 - alpha_m)
        scale = system.model.length_scale
        qdd = qdd0.copy()
        lam = lam.copy()
        kept = self.kept_tangent
        tangent = kept[1] if kept is not None and abs(kept[0] - h) <= TANGENT_STEP_CHANGE * h else None
        previous = np.inf
        scales = system.model.residual_scales[system.rows] if rows else np.ones(0)
        for _ in range(MAX_ITERATIONS):
            a = ((1.0 - alpha_f) * qdd + alpha_f * qdd0 - alpha_m * a0) / (1.0 - alpha_m)
            q = q0 + h * qd0 + h * h * ((0.5 - beta) * a0 + beta * a)
            qd = qd0 + h * ((1.0 - gamma) * a0 + gamma * a)
            state = system.evaluate(q, qd, t)
            phi, J = (state.phi(), state.jacobian) if rows else (np.zeros(0), np.zeros((0, n)))
            inertia, force = state.mass @ qdd, state.forces
            residual = inertia + J.T @ lam - force
            balance = float(np.abs(residual).max()) / (float(np.abs(inertia).max() + np.abs(force).max()) + 1e-300)
            if previous <= NEWTON_TOLERANCE * scale and balance <= BALANCE_TOLERANCE \
                    and (not rows or np.abs(phi / scales).max() < CONSTRAINT_TOLERANCE):
                return q, qd, qdd, a, lam
            if tangent is None:
                tangent = self._tangent(state, qdd, lam, h, beta_p, gamma_p)
                self.kept_tangent = (h, tangent)
                self.tangents += 1
            correction = tangent(np.concatenate([residual, phi / (h * h * beta_p)]))
            qdd = qdd - correction[:n]
            lam = lam - correction[n:]
            size = h * h * beta_p * float(np.linalg.norm(correction[:n]))
            if not np.isfinite(size):
                break
            if size > 0.25 * previous or (previous <= NEWTON_TOLERANCE * scale):
                tangent = None  # slow, or a row left unheld: a new matrix where the state has moved
            previous = size
        raise MbtoolsError(f"Generalized-α did not converge at t = {t:.6g} in {MAX_ITERATIONS} iterations: take a "
                           "smaller step.")

    def _tangent(self, state, qdd, lam, h, beta_p, gamma_p):
        """b ↦ S⁻¹ b, S the iteration matrix of the module's docstring at the evaluated
        ``state`` (LU, on the rows the state keeps; the others' corrections zero)."""
        q, qd, t, J = state.q, state.qd, state.t, state.jacobian
        n = len(q)
        K, C = state.force_jacobians()
        stiffness = -K + self._hessian_term(q, qd, qdd, lam, t)
        block = state.mass - h * gamma_p * C + h * h * beta_p * stiffness
        m = len(lam)
        kept = state.kept().rows if m else None
        rows = np.arange(m) if kept is None else np.asarray(kept)
        Jk = J[rows]
        S = saddle_point_matrix(block, Jk)
        inverse = np.linalg.inv(S) if np.isfinite(S).all() else np.full_like(S, np.nan)

        def solve(b: np.ndarray) -> np.ndarray:
            x = inverse @ np.concatenate([b[:n], b[n:][rows]])
            out = np.zeros(n + m)
            out[:n] = x[:n]
            out[n + rows] = x[n:]
            return out

        return solve

    def _hessian_term(self, q, qd, qdd, lam, t) -> np.ndarray:
        """∂(M(q) q̈ + Φ_q(q)ᵀ λ)/∂q at fixed q̈ and λ: the constraints' geometric stiffness
        (exact where the rows are quadratic in q) and, where M varies, central differences
        of M q̈ (zero for constant M)."""
        system = self.system
        H = geometric_stiffness(system, q, lam, t)
        if not system.constant_mass:
            H = H + difference_quotients(lambda x: system.mass_matrix(x) @ qdd, q, system.model.length_scale)
        return H

