"""The error control of the one-step index-3 methods (ALI3-P, generalized-α): its
estimate, its predictor and its constants, used by their solver
(``mbtools.dynamics.one_step.OneStepSolver``) in ``simulate`` and in the crossings of
singular positions.

Both are second order: the local error of a step of h is C h³. It is estimated on the
positions, as the distance of the new q from a predictor of one order more that does not
use the step itself — the cubic Hermite polynomial through the two states before,
(tₙ₋₁, qₙ₋₁, q̇ₙ₋₁) and (tₙ, qₙ, q̇ₙ), extrapolated to tₙ₊₁ (at the first step the Taylor
polynomial qₙ + h q̇ₙ + h²/2 q̈ₙ, of the same order as the method: a conservative
estimate). The accelerations are no measure of it: an index-3 trapezoidal rule leaves an
error in q̈ that alternates in sign from step to step. The error, in units of the
tolerance, is::

    err = maxᵢ |qᵢ − q̂ᵢ| / max(atol + rtol |qᵢ|, floor),

with ``floor`` what the method's Newton iteration leaves (below it the difference
measures round-off, not truncation). A step with err ≤ 1 is accepted; the next step is
h · min(2, 0.9 err^(−1/3)) (held at h where that is less than 1.5 times it: the methods
keep their Newton matrix while the step stays), a rejected one is taken again with
h · max(0.2, 0.9 err^(−1/3)), and a step whose Newton iteration fails with h/5. Every
output time is landed on.

Example
-------
The cubic predictor is exact on a cubic:

>>> import numpy as np
>>> cubic = lambda t: (t**3, 3 * t**2)
>>> first, second = (0.0, *map(np.array, cubic(0.0))), (1.0, *map(np.array, cubic(1.0)))
>>> float(hermite(first, second, 2.0))
8.0
"""

from __future__ import annotations

import numpy as np

#: The safety factor on the step the error estimate proposes.
SAFETY = 0.9
#: The bounds on the factor by which a step shrinks or grows.
STEP_FACTORS = (0.2, 2.0)
#: A proposed growth below this factor keeps the step (and the method's Newton matrix).
HOLD_BELOW = 1.5
#: The smallest step taken, as a fraction of the time span; a step that fails below it
#: stops the integration with an error naming the time.
SMALLEST_STEP = 1e-9


def hermite(first, second, t: float) -> np.ndarray:
    """The cubic Hermite polynomial through two states (t₀, q₀, q̇₀) and (t₁, q₁, q̇₁),
    evaluated at t (beyond t₁: extrapolated). With s = (t − t₀)/Δ, Δ = t₁ − t₀,

        q(t) = h₀₀(s) q₀ + h₁₀(s) Δ q̇₀ + h₀₁(s) q₁ + h₁₁(s) Δ q̇₁,
        h₀₀ = 2s³ − 3s² + 1, h₁₀ = s³ − 2s² + s, h₀₁ = −2s³ + 3s², h₁₁ = s³ − s²;

    third order, one more than the trapezoidal rule, so that its distance from a
    trapezoidal step estimates that step's local error. Two states at one time (a step
    below the time's resolution) give the line through the second."""
    (t0, q0, v0), (t1, q1, v1) = first, second
    q0, v0, q1, v1 = (np.asarray(x, dtype=float) for x in (q0, v0, q1, v1))
    span = t1 - t0
    if not span > 0:
        return q1 + (t - t1) * v1
    s = (t - t0) / span
    h00, h10, h01, h11 = 2 * s**3 - 3 * s**2 + 1, s**3 - 2 * s**2 + s, -2 * s**3 + 3 * s**2, s**3 - s**2
    return h00 * q0 + h10 * span * v0 + h01 * q1 + h11 * span * v1


def error_ratio(q: np.ndarray, predicted: np.ndarray, rtol: float, atol: float, floor: float) -> float:
    """The local error estimate in units of the tolerance (the module's err)."""
    return float(np.max(np.abs(q - predicted) / np.maximum(atol + rtol * np.abs(q), floor)))


def first_step(q: np.ndarray, qdd: np.ndarray, rtol: float, atol: float, span: float) -> float:
    """A first step for which the acceleration term h²/2 · max abs(q̈) is the tolerance (a
    third-order local error is then well inside it), at most ``span``."""
    tolerance = float(np.min(atol + rtol * np.abs(q)))
    acceleration = float(np.abs(qdd).max())
    if acceleration <= 0.0:
        return span
    return min(span, float(np.sqrt(2.0 * tolerance / acceleration)))
