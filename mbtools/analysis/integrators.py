"""What an integrator does to the test equations: the stability functions of one-step
and multistep methods on y' = λy, the amplification matrix of the Newmark family
(trapezoidal rule, HHT, generalized-α) on the undamped oscillator q̈ + ω²q = 0, and the
step-size control of an embedded pair.

**First-order test equation.** One step of a Runge–Kutta method with the Butcher
tableau (A, b) applied to y' = λy multiplies y by the stability function (Hairer &
Wanner 1996, sec. IV.3)

    R(z) = 1 + z bᵀ (I − z A)⁻¹ 𝟙,      z = hλ,                                 (1)

a polynomial when A is strictly lower triangular (explicit methods),
R(z) = Σₖ bᵀAᵏ⁻¹𝟙 zᵏ. The method is stable where abs(R(z)) ≤ 1. BDF2,
(3/2) yₙ₊₁ − 2 yₙ + (1/2) yₙ₋₁ = h f(yₙ₊₁), is a two-step method: its solutions are
combinations of ξⁿ with ξ a root of

    (3/2 − z) ξ² − 2 ξ + 1/2 = 0,                                             (2)

and it is stable where both roots have abs(ξ) ≤ 1.

**Second-order test equation.** The generalized-α method (Chung & Hulbert 1993) on
M q̈ + K q = 0 weights the equation of motion between the ends of the step,

    (1 − αm) aₙ₊₁ + αm aₙ + ω² [(1 − αf) qₙ₊₁ + αf qₙ] = 0,
    qₙ₊₁ = qₙ + h vₙ + h² [(½ − β) aₙ + β aₙ₊₁],
    vₙ₊₁ = vₙ + h [(1 − γ) aₙ + γ aₙ₊₁].                                      (3)

With xₙ = (qₙ, h vₙ, h² aₙ) and Ω = hω the step is L xₙ₊₁ = R xₙ,

    L = [[1, 0, −β], [0, 1, −γ], [Ω²(1 − αf), 0, 1 − αm]],
    R = [[1, 1, ½ − β], [0, 1, 1 − γ], [−Ω² αf, 0, −αm]],                    (4)

and the amplification matrix is A(Ω) = L⁻¹R. Newmark's family is αm = αf = 0; the
trapezoidal rule (average acceleration) is Newmark with γ = ½, β = ¼; HHT (Hilber,
Hughes & Taylor 1977) is αm = 0, αf = −α with α ∈ [−⅓, 0], γ = ½ − α,
β = (1 − α)²/4. Arnold & Brüls (2007) write the same recurrence with the true
accelerations and an "acceleration-like" variable for constrained systems; on a
linear unconstrained system it has the same amplification matrix.

Example
-------
>>> float(abs(stability_function("explicit Euler", -3.0)))   # |1 + z| > 1: unstable
2.0
>>> round(spectral_radius("trapezoidal", 100.0), 12)      # no numerical damping
1.0
>>> [round(p, 4) for p in generalized_alpha_parameters(0.5)]
[0.0, 0.3333, 0.4444, 0.8333]
"""

from __future__ import annotations

import math

import numpy as np
from scipy.integrate import DOP853

from ..dynamics.step_control import hermite

#: The 3-stage Radau IIA method of order 5 (Hairer & Wanner 1996, table IV.5.6):
#: (A, b), b the last row of A.
_S6 = math.sqrt(6.0)
RADAU_IIA = (np.array([[(88 - 7 * _S6) / 360, (296 - 169 * _S6) / 1800, (-2 + 3 * _S6) / 225],
                       [(296 + 169 * _S6) / 1800, (88 + 7 * _S6) / 360, (-2 - 3 * _S6) / 225],
                       [(16 - _S6) / 36, (16 + _S6) / 36, 1 / 9]]),
             np.array([(16 - _S6) / 36, (16 + _S6) / 36, 1 / 9]))

#: Butcher tableaux (A, b) of the one-step methods of the chapter. DOP853's are scipy's
#: own (the class attributes ``DOP853.A`` and ``DOP853.B``, 12 stages); the trapezoidal
#: rule is the 2-stage Lobatto IIIA method.
TABLEAUX: dict[str, tuple[np.ndarray, np.ndarray]] = {
    "explicit Euler": (np.zeros((1, 1)), np.ones(1)),
    "RK4": (np.array([[0, 0, 0, 0], [0.5, 0, 0, 0], [0, 0.5, 0, 0], [0, 0, 1, 0]], dtype=float),
            np.array([1, 2, 2, 1]) / 6.0),
    "DOP853": (np.asarray(DOP853.A, dtype=float), np.asarray(DOP853.B, dtype=float)),
    "trapezoidal": (np.array([[0.0, 0.0], [0.5, 0.5]]), np.array([0.5, 0.5])),
    "Radau IIA": RADAU_IIA,
}
#: Every method whose stability :func:`amplification_modulus` knows: the tableaux and BDF2.
METHODS = (*TABLEAUX, "BDF2")
#: The second-order methods of :func:`amplification_matrix`.
SECOND_ORDER = ("trapezoidal", "Newmark", "HHT", "generalized-alpha")


def stability_function(method: str, z):
    """R(z) of a Runge–Kutta method of :data:`TABLEAUX`, eq. (1) of the module.

    Parameters
    ----------
    method : str
        A key of :data:`TABLEAUX`.
    z : complex or array_like
        hλ, any shape.

    Returns
    -------
    complex or ndarray
        R(z), of the shape of z.

    Examples
    --------
    >>> round(complex(stability_function("RK4", 1j)).real, 12)    # 1 − 1/2 + 1/24
    0.541666666667
    >>> float(abs(stability_function("Radau IIA", -1e6))) < 1e-5   # L-stable: R(−∞) = 0
    True
    """
    A, b = _tableau(method)
    z = np.asarray(z, dtype=complex)
    if not np.any(np.triu(A)):  # explicit: R(z) = Σ_k bᵀ A^(k−1) 𝟙 z^k
        coefficients, power = [1.0], np.ones(len(b))
        for _ in range(len(b)):
            coefficients.append(float(b @ power))
            power = A @ power
        value = np.polynomial.polynomial.polyval(z, coefficients)
    else:
        # R(z) = det(I − zA + z𝟙bᵀ) / det(I − zA): the same as (1), and defined (infinite)
        # at its poles, where I − zA is singular
        s = len(b)
        flat = z.reshape(-1)[:, None, None]
        numerator = np.linalg.det(np.eye(s)[None] - flat * (A - np.outer(np.ones(s), b))[None])
        denominator = np.linalg.det(np.eye(s)[None] - flat * A[None])
        with np.errstate(divide="ignore", invalid="ignore"):
            value = (numerator / denominator).reshape(z.shape)
    return value[()] if value.ndim == 0 else value


def bdf2_roots(z) -> np.ndarray:
    """The two roots ξ of BDF2's characteristic equation (2) of the module,
    ξ = (2 ± √(1 + 2z)) / (3 − 2z); shape z.shape + (2,).

    Examples
    --------
    >>> np.round(np.abs(bdf2_roots(0.0)), 12)    # z = 0: the solution ξ = 1 and a parasite 1/3
    array([1.        , 0.33333333])
    """
    z = np.asarray(z, dtype=complex)
    root = np.sqrt(1.0 + 2.0 * z)
    return np.stack([(2.0 + root) / (3.0 - 2.0 * z), (2.0 - root) / (3.0 - 2.0 * z)], axis=-1)


def amplification_modulus(method: str, z):
    """How much one step multiplies y' = λy at z = hλ: abs(R(z)) for a Runge–Kutta method,
    the largest abs(ξ) of eq. (2) for "BDF2". The method is stable where it is ≤ 1.

    Examples
    --------
    >>> float(amplification_modulus("BDF2", -1e8)) < 1e-3    # A-stable, strongly damping
    True
    >>> round(float(amplification_modulus("trapezoidal", -1e8)), 6)   # A-stable, not L-stable
    1.0
    """
    if method == "BDF2":
        return np.abs(bdf2_roots(z)).max(axis=-1)
    return np.abs(stability_function(method, z))


def real_stability_limit(method: str, largest: float = 100.0) -> float:
    """The largest x with the method stable on [−x, 0] of the real axis: the step of an
    explicit method on a decay rate r is held to h ≤ x / r (inf if stable up to ``largest``).

    Examples
    --------
    >>> round(real_stability_limit("explicit Euler"), 6), round(real_stability_limit("RK4"), 4)
    (2.0, 2.7853)
    """
    grid = np.linspace(0.0, largest, 20001)[1:]
    unstable = np.nonzero(amplification_modulus(method, -grid) > 1.0 + 1e-12)[0]
    if not len(unstable):
        return math.inf
    low, high = (grid[unstable[0] - 1] if unstable[0] else 0.0), grid[unstable[0]]
    for _ in range(60):
        middle = 0.5 * (low + high)
        low, high = (middle, high) if amplification_modulus(method, -middle) <= 1.0 + 1e-12 else (low, middle)
    return float(low)


def oscillator_eigenvalues(mass: float, stiffness: float, damping: float) -> np.ndarray:
    """The two eigenvalues of m ẍ + c ẋ + k x = 0, λ = (−c ± √(c² − 4mk)) / 2m, the
    fastest-decaying first.

    Examples
    --------
    >>> [round(float(v.real), 2) for v in oscillator_eigenvalues(1.0, 8e5, 4e4)]   # A05's, on 1 kg
    [-39979.99, -20.01]
    """
    root = np.sqrt(complex(damping * damping - 4.0 * mass * stiffness))
    values = np.array([(-damping - root) / (2 * mass), (-damping + root) / (2 * mass)])
    return values[np.argsort(values.real)]


def explicit_euler_step_limit(mass: float, stiffness: float, damping: float) -> float:
    """The largest stable step of explicit Euler on m ẍ + c ẋ + k x = 0: every hλ inside
    the disc abs(1 + z) ≤ 1, that is h ≤ −2 Re λ / abs(λ)² for each eigenvalue λ. Underdamped,
    this is h ≤ c/k; overdamped, h ≤ 2/abs(λ_fast); undamped, no step is stable (0).

    Examples
    --------
    >>> explicit_euler_step_limit(1.0, 100.0, 2.0)        # underdamped: c/k
    0.02
    >>> round(explicit_euler_step_limit(1.0, 8e5, 4e4) * 4e4, 3)   # about 2 m/c
    2.001
    """
    values = oscillator_eigenvalues(mass, stiffness, damping)
    return float(min(-2.0 * v.real / abs(v) ** 2 for v in values if abs(v) > 0))


def generalized_alpha_parameters(rho_inf: float) -> tuple[float, float, float, float]:
    """(αm, αf, β, γ) of the generalized-α method with spectral radius ρ∞ at infinite
    frequency (Chung & Hulbert 1993, eqs. 25 and 17; Arnold & Brüls 2007, eq. 25):

        αm = (2ρ∞ − 1)/(ρ∞ + 1),  αf = ρ∞/(ρ∞ + 1),
        γ = ½ − αm + αf,          β = ¼ (1 − αm + αf)².

    Second order (γ = ½ − αm + αf), unconditionally stable, and the high frequencies
    damped the most for the least low-frequency dissipation.

    Examples
    --------
    >>> generalized_alpha_parameters(1.0)        # the trapezoidal rule, weighted at mid-step
    (0.5, 0.5, 0.25, 0.5)
    """
    if not 0.0 <= rho_inf <= 1.0:
        raise ValueError(f"rho_inf must be in [0, 1], got {rho_inf!r}.")
    alpha_m = (2.0 * rho_inf - 1.0) / (rho_inf + 1.0)
    alpha_f = rho_inf / (rho_inf + 1.0)
    return alpha_m, alpha_f, 0.25 * (1.0 - alpha_m + alpha_f) ** 2, 0.5 - alpha_m + alpha_f


def hht_parameters(alpha: float) -> tuple[float, float, float, float]:
    """(αm, αf, β, γ) of the HHT-α method (Hilber, Hughes & Taylor 1977), α in [−⅓, 0]:
    αm = 0, αf = −α, β = (1 − α)²/4, γ = ½ − α.

    Examples
    --------
    >>> hht_parameters(-0.05)
    (0.0, 0.05, 0.275625, 0.55)
    """
    if not -1.0 / 3.0 <= alpha <= 0.0:
        raise ValueError(f"HHT's alpha must be in [-1/3, 0], got {alpha!r}.")
    return 0.0, -alpha + 0.0, (1.0 - alpha) ** 2 / 4.0, 0.5 - alpha


def method_parameters(method: str, *, rho_inf: float | None = None, alpha: float | None = None,
                      beta: float = 0.25, gamma: float = 0.5) -> tuple[float, float, float, float]:
    """(αm, αf, β, γ) of a second-order method of :data:`SECOND_ORDER`: "trapezoidal"
    (Newmark ¼, ½), "Newmark" (``beta``, ``gamma``), "HHT" (``alpha``),
    "generalized-alpha" (``rho_inf``).

    Examples
    --------
    >>> method_parameters("HHT", alpha=-0.3)[1]
    0.3
    """
    if method == "trapezoidal":
        return 0.0, 0.0, 0.25, 0.5
    if method == "Newmark":
        return 0.0, 0.0, float(beta), float(gamma)
    if method == "HHT":
        return hht_parameters(-0.05 if alpha is None else alpha)
    if method == "generalized-alpha":
        return generalized_alpha_parameters(1.0 if rho_inf is None else rho_inf)
    raise ValueError(f"method must be one of {SECOND_ORDER}, got {method!r}.")


def amplification_matrix(method: str, h_omega: float, **parameters) -> np.ndarray:
    """A(Ω) = L⁻¹R of eq. (4) of the module, on xₙ = (qₙ, h vₙ, h² aₙ), at Ω = hω;
    ``parameters`` those of :func:`method_parameters`.

    Examples
    --------
    >>> A = amplification_matrix("trapezoidal", 0.0)    # Ω = 0: a free particle, aₙ₊₁ = 0
    >>> A.round(12) + 0.0
    array([[1.  , 1.  , 0.25],
           [0.  , 1.  , 0.5 ],
           [0.  , 0.  , 0.  ]])
    """
    alpha_m, alpha_f, beta, gamma = method_parameters(method, **parameters)
    w2 = float(h_omega) ** 2
    left = np.array([[1.0, 0.0, -beta], [0.0, 1.0, -gamma], [w2 * (1.0 - alpha_f), 0.0, 1.0 - alpha_m]])
    right = np.array([[1.0, 1.0, 0.5 - beta], [0.0, 1.0, 1.0 - gamma], [-w2 * alpha_f, 0.0, -alpha_m]])
    return np.linalg.solve(left, right)


def spectral_radius(method: str, h_omega, **parameters):
    """ρ(A(Ω)) = the largest abs(eigenvalue) of :func:`amplification_matrix`: how much a free
    vibration of frequency ω keeps of its amplitude per step (1: none lost); an array of
    Ω gives an array.

    Examples
    --------
    >>> round(float(spectral_radius("generalized-alpha", 1e6, rho_inf=0.5)), 3)   # → ρ∞
    0.5
    """
    values = [float(np.abs(np.linalg.eigvals(amplification_matrix(method, w, **parameters))).max())
              for w in np.atleast_1d(h_omega)]
    return values[0] if np.ndim(h_omega) == 0 else np.array(values)


def relative_period_error(method: str, h_omega: float, **parameters) -> float:
    """T̄/T − 1: the numerical period against the exact 2π/ω, from the principal
    eigenvalues ρ e^(±iΩ̄) of A(Ω), T̄/T = Ω/Ω̄. For the trapezoidal rule
    tan(Ω̄/2) = Ω/2, so T̄/T − 1 = Ω²/12 + O(Ω⁴).

    Examples
    --------
    >>> h_omega = 0.1
    >>> round(relative_period_error("trapezoidal", h_omega) / (h_omega**2 / 12), 3)
    0.999
    """
    values = np.linalg.eigvals(amplification_matrix(method, h_omega, **parameters))
    principal = values[np.argmax(np.abs(values.imag))]
    return float(h_omega / abs(np.angle(principal)) - 1.0)


def newmark_local_error(h: float, qdd_start, qdd_end, beta: float = 0.25) -> np.ndarray:
    """The local error of a Newmark step in the positions (Zienkiewicz & Xie 1991),
    e = (β − 1/6) h² (q̈ₙ₊₁ − q̈ₙ); for the trapezoidal rule (β = ¼) e = (h²/12)(q̈ₙ₊₁ − q̈ₙ).

    Examples
    --------
    >>> float(newmark_local_error(0.1, 0.0, 1.2).round(12))
    0.001
    """
    return (beta - 1.0 / 6.0) * h * h * (np.asarray(qdd_end, dtype=float) - np.asarray(qdd_start, dtype=float))


def hermite_extrapolation(first, second, t: float) -> np.ndarray:
    """The cubic Hermite polynomial through two states (t₀, q₀, q̇₀) and (t₁, q₁, q̇₁),
    evaluated at t (beyond t₁: extrapolated). With s = (t − t₀)/Δ, Δ = t₁ − t₀,

        q(t) = h₀₀(s) q₀ + h₁₀(s) Δ q̇₀ + h₀₁(s) q₁ + h₁₁(s) Δ q̇₁,
        h₀₀ = 2s³ − 3s² + 1, h₁₀ = s³ − 2s² + s, h₀₁ = −2s³ + 3s², h₁₁ = s³ − s²;

    third order, one more than the trapezoidal rule, so that its distance from a
    trapezoidal step estimates that step's local error.

    Examples
    --------
    >>> float(hermite_extrapolation((0.0, 0.0, 0.0), (1.0, 1.0, 3.0), 2.0))   # t³, exactly
    8.0
    """
    return hermite(first, second, t)


def fastest_within(runs: dict, target: float):
    """The fastest measured run whose error is at most ``target``: (label, setting,
    seconds, error), or None; ``runs`` maps a label to a list of (setting, seconds, error).

    Examples
    --------
    >>> fastest_within({"a": [(1e-6, 0.2, 3e-7)], "b": [(1e-3, 0.1, 2e-5), (1e-4, 0.3, 1e-7)]}, 1e-6)
    ('a', 1e-06, 0.2, 3e-07)
    """
    reached = [(seconds, label, setting, error) for label, measured in runs.items()
               for setting, seconds, error in measured if error <= target]
    if not reached:
        return None
    seconds, label, setting, error = min(reached)
    return label, setting, seconds, error


def step_size_factor(error: float, order: int, safety: float = 0.9, smallest: float = 0.2,
                     largest: float = 10.0) -> float:
    """The factor a step-size controller applies to h after a step whose error estimate,
    divided by the tolerance, is ``error``: h_new = h min(fac_max, max(fac_min,
    0.9 err^(−1/(p+1)))), with p the order of the estimate (Hairer, Nørsett & Wanner
    1993, sec. II.4). A step with err > 1 is rejected and taken again with the smaller h.

    Examples
    --------
    >>> round(step_size_factor(2.0 ** 8, 7), 6)       # err = 2⁸, p = 7: h halved, times 0.9
    0.45
    >>> step_size_factor(0.0, 7)
    10.0
    """
    if error <= 0.0:
        return largest
    return float(min(largest, max(smallest, safety * error ** (-1.0 / (order + 1)))))


def _tableau(method: str) -> tuple[np.ndarray, np.ndarray]:
    if method not in TABLEAUX:
        raise ValueError(f"method must be one of {tuple(TABLEAUX)}, got {method!r}.")
    return TABLEAUX[method]
