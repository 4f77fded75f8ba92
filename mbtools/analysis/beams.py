"""The finite-segment model of a flexible cantilever, set against the elastica and the
Euler–Bernoulli cantilever's frequencies.

A beam of bending stiffness EI, cut into N rigid segments (:func:`mbtools.examples.beams.segmented_cantilever`)
joined by torsional springs k = EI/ℓ (ℓ = L/N; :class:`~mbtools.dynamics.RotationalSpring`),
bends as the beam does as N grows: its static tip deflection under a tip load converges
to the **elastica** and its natural frequencies to the cantilever's.

The elastica (the inextensible beam of any deflection under a dead tip load P across
it): with θ(s) the slope below the horizontal, EI θ' = P (x_T − x), whose first integral,
with θ' = 0 at the tip where θ = θ_T, is θ' = √(2P/EI (sin θ_T − sin θ)). With α = PL²/EI
and the substitution u² = sin θ_T − sin θ, which removes the root's singularity at the tip,

    √α = √2 ∫₀^√(sin θ_T) du / cos θ,      x_T/L = √(2 sin θ_T / α),
    w/L = √(2/α) ∫₀^√(sin θ_T) (sin θ_T − u²) du / cos θ,                    (B.1)

solved here for θ_T by quadrature and root finding (:func:`elastica_tip`) — and checked
in the tests against Bisshopp & Drucker's table (1945): α = 1, w/L = 0.30172,
x_T/L − 1 = −0.05643; α = 2, 0.49346 and −0.16064.

The cantilever's frequencies are ω_i = (β_i L)² √(EI/(ρA L⁴)), β_i L the roots of
cos β cosh β + 1 = 0 (1.8751, 4.6941, …), found by :func:`cantilever_roots`.

Example
-------
>>> x, w = elastica_tip(1.0)
>>> round(w, 5), round(x - 1.0, 5)
(0.30172, -0.05643)
>>> cantilever_roots(2).round(4)
array([1.8751, 4.6941])
"""

from __future__ import annotations

import functools
import math

import numpy as np
import scipy.integrate
import scipy.optimize

from ..coordinates import formulate
from ..dynamics import MultibodySystem, PointForce, RotationalSpring, natural_modes, static_equilibrium
from ..errors import InputError
from ..examples.beams import hinge_positions, segmented_cantilever
from .cases import Case

BISSHOPP_DRUCKER = "Bisshopp & Drucker 1945, Q. Appl. Math. 3, 272–275"


def cantilever_system(segments: int, length: float = 1.0, bending_stiffness: float = 1.0,
                      mass_per_length: float = 1.0, tip_load: float = 0.0, family: str = "natural") -> MultibodySystem:
    """The finite-segment cantilever with its torsional springs k = EI/ℓ at every hinge
    (the first to the ground), no gravity, and a dead load ``tip_load`` (N) at the tip
    along −y."""
    if not (isinstance(bending_stiffness, (int, float)) and bending_stiffness > 0):
        raise InputError(f"cantilever_system: bending_stiffness (EI, N·m²) must be positive, got {bending_stiffness!r}.")
    model = _cantilever_model(segments, float(length), float(mass_per_length), family)
    k = bending_stiffness * segments / length
    bodies = ["ground"] + [f"s{i}" for i in range(1, segments + 1)]
    loads = [RotationalSpring(a, b, k, 0.0) for a, b in zip(bodies, bodies[1:])]
    if tip_load:
        loads.append(PointForce("T", (0.0, -float(tip_load))))
    return MultibodySystem(model, gravity=(0.0, 0.0), loads=loads)


@functools.lru_cache(maxsize=8)
def _cantilever_model(segments: int, length: float, mass_per_length: float, family: str):
    """The formulated finite-segment cantilever, kept: its compiled placements serve every
    load case (compiling them is most of the cost of a first solve)."""
    return formulate(segmented_cantilever(segments, length, mass_per_length), family)


def segmented_tip(segments: int, alpha: float, family: str = "natural", load_steps: int = 1) -> tuple[float, float]:
    """(x_T/L, w/L) of the finite-segment cantilever (L = 1, EI = 1) under the tip load
    P = α EI/L², from its static equilibrium (w the deflection, downward positive)."""
    system = cantilever_system(segments, tip_load=alpha, family=family)
    q = static_equilibrium(system, load_steps=load_steps).q
    x, y = system.model.point(q, "T")
    return float(x), float(-y)


def segmented_shape(segments: int, alpha: float, family: str = "natural") -> tuple[np.ndarray, np.ndarray]:
    """(x/L, y/L) of the clamp, the hinges and the tip of the bent finite-segment cantilever."""
    system = cantilever_system(segments, tip_load=alpha, family=family)
    q = static_equilibrium(system).q
    points = np.array([[0.0, 0.0], [hinge_positions(segments, 1.0)[0], 0.0]]
                      + [system.model.point(q, f"J{k}") for k in range(2, segments + 1)] + [system.model.point(q, "T")])
    return points[:, 0], points[:, 1]


def _elastica_integrals(tip_slope: float) -> tuple[float, float]:
    """(√α, w √α / (√2 L)) of (B.1) for the tip slope θ_T."""
    s = math.sin(tip_slope)
    cos = lambda u: math.sqrt(max(1.0 - (s - u * u) ** 2, 1e-300))
    top = math.sqrt(s)
    length = scipy.integrate.quad(lambda u: 1.0 / cos(u), 0.0, top, epsabs=1e-14, epsrel=1e-13)[0]
    drop = scipy.integrate.quad(lambda u: (s - u * u) / cos(u), 0.0, top, epsabs=1e-14, epsrel=1e-13)[0]
    return math.sqrt(2.0) * length, drop


def elastica_tip(alpha: float) -> tuple[float, float]:
    """(x_T/L, w/L) of the elastica (B.1) under the tip load α = PL²/EI: the tip slope
    θ_T solved from √α = √2 ∫ du / cos θ by Brent's method, then the two quadratures."""
    if not (isinstance(alpha, (int, float)) and 0 < alpha < 1e3):
        raise InputError(f"elastica_tip: alpha = PL²/EI must be a positive number (below 1e3), got {alpha!r}.")
    root = math.sqrt(alpha)
    tip_slope = scipy.optimize.brentq(lambda th: _elastica_integrals(th)[0] - root, 1e-12, math.pi / 2 - 1e-9,
                                      xtol=1e-15, rtol=1e-15)
    drop = _elastica_integrals(tip_slope)[1]
    return math.sqrt(2.0 * math.sin(tip_slope) / alpha), math.sqrt(2.0 / alpha) * drop


def elastica_shape(alpha: float, samples: int = 101) -> tuple[np.ndarray, np.ndarray]:
    """(x/L, y/L) along the elastica under the tip load α (y up, so the beam bends to
    y < 0): EI θ'' = −P cos θ integrated from the clamp (θ = 0, θ' = √(2α sin θ_T), the
    first integral of (B.1)) by scipy's DOP853 at rtol 1e-12, with x' = cos θ, y' = −sin θ."""
    _, deflection = elastica_tip(alpha)
    tip_slope = scipy.optimize.brentq(lambda th: _elastica_integrals(th)[0] - math.sqrt(alpha), 1e-12,
                                      math.pi / 2 - 1e-9, xtol=1e-15, rtol=1e-15)
    s = np.linspace(0.0, 1.0, samples)
    solution = scipy.integrate.solve_ivp(
        lambda _, y: [y[1], -alpha * math.cos(y[0]), math.cos(y[0]), -math.sin(y[0])], (0.0, 1.0),
        [0.0, math.sqrt(2.0 * alpha * math.sin(tip_slope)), 0.0, 0.0], method="DOP853", t_eval=s, rtol=1e-12,
        atol=1e-14)
    return solution.y[2], solution.y[3]


def cantilever_roots(count: int) -> np.ndarray:
    """The first ``count`` roots β L of cos β cosh β + 1 = 0 (the clamped-free beam), each
    bracketed between (i − 1)π and iπ (where cos β changes sign and cosh β > 1) and
    refined by Brent's method."""
    f = lambda b: math.cos(b) * math.cosh(b) + 1.0
    return np.array([scipy.optimize.brentq(f, (i - 1) * math.pi, i * math.pi, xtol=1e-14)
                     for i in range(1, count + 1)])


def segmented_frequencies(segments: int, count: int = 2, family: str = "natural") -> np.ndarray:
    """The first ``count`` natural frequencies ω (rad/s) of the finite-segment cantilever
    (L = 1, EI = 1, ρA = 1) about its straight equilibrium."""
    system = cantilever_system(segments, family=family)
    modes = natural_modes(system, system.model.reference_q)
    return 2 * math.pi * modes.frequencies[:count]


def elastica_cases(segments: int = 20) -> list[Case]:
    """The finite-segment tip against the elastica (B.1) at α = 1 and 2: 1e-3 of L, the
    model's own error at N = 20 with a margin (second order in 1/N: the linear tip
    deflection is off by 1/(4N²) = 6e-4 of itself; measured 2e-4 and 4e-4 of L)."""
    out = []
    for alpha in (1.0, 2.0):
        exact = elastica_tip(alpha)
        computed = segmented_tip(segments, alpha)
        error = max(abs(a - b) for a, b in zip(exact, computed))
        out.append(Case(f"Elastica, α = {alpha:g}, {segments} segments", "tip deflection w/L", exact[1], computed[1],
                        error, 1e-3, "elastica by quadrature (B.1); " + BISSHOPP_DRUCKER))
    return out


def cantilever_frequency_case(segments: int = 20) -> Case:
    """The finite-segment cantilever's first two frequencies against (β L)² √(EI/ρA L⁴):
    3e-3 relative at N = 20, the model's own error with a margin (second order in 1/N:
    measured 5.7e-4 and 2.0e-3, each a quarter of N = 10's)."""
    exact = cantilever_roots(2) ** 2
    computed = segmented_frequencies(segments)
    error = float(np.max(np.abs(computed / exact - 1.0)))
    return Case(f"Cantilever frequencies, {segments} segments", "ω₁, ω₂ relative", float(exact[1]),
                float(computed[1]), error, 3e-3, "Euler–Bernoulli cantilever, cos βL cosh βL = −1")
