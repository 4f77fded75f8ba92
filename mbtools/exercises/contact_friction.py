"""Checking answers about compliant contact and friction (book, section 13b): the damping
factor of a contact law for a target restitution, the restitution a law really gives,
LuGre's steady friction force and bristle deflection (the Stribeck curve), the
breakaway of LuGre's stick-slip block, and the stiffness regularised Coulomb friction
brings near zero slip.

The right answers:

* **Damping factors** of F = K δⁿ (1 + c δ̇/δ̇⁻) for a restitution e, from the energy
  lost around the force–indentation loop: Hunt–Crossley's c = 3(1 − e)/2 and
  Lankarani–Nikravesh's c = 3(1 − e²)/4 (a thin loop, e near 1), Flores et al.'s
  c = 8(1 − e)/(5e), and the chapter's balance of the approach and the exit taken
  separately, c = 3(1 − e)/(2e).
* **The restitution a law gives**: a function of c alone, the root u_f in (−1, 0) of
  u − ln(1 + u) = c − ln(1 + c), e_eff = −u_f/c
  (:func:`mbtools.analysis.restitution.hysteresis_restitution`).
* **LuGre at a steady slip** s > 0: ż = 0 gives z_ss = g(s)/σ₀ and the force
  N g(s) + σ₂ s, with g(s) = μ_c + (μ_s − μ_c) exp(−(s/v_s)²).
* **The breakaway** of the block of LuGre's test (M ẍ = K (U t − x) + f): the instant
  the friction force peaks before the first slip, and that force, from the one-equation
  integration :func:`mbtools.analysis.restitution.lugre_stick_slip` (Radau, rtol 1e-8).
* **Regularised Coulomb near zero slip**: f = −μ N v/√(v² + ε²) ≈ −(μ N/ε) v, a damper
  that makes the slip of a mass m decay at r = μ N/(m ε); an explicit method whose
  stability region meets the real axis at −x_max is stable for h ≤ x_max/r.

Each checker validates the exercise's data (a restitution in (0, 1], positive masses,
speeds and coefficients, μ_s ≥ μ_c), and names the mistake a wrong answer matches: the
other laws' factors, the approach half of the loop alone, the nominal e for the
integrated one, the kinetic-energy ratio e², the viscous term left out or scaled by N,
the Stribeck exponent not squared, a speed in mm/s, the rigid-stick estimate for the
LuGre breakaway, the damper's coefficient for its rate.

Example
-------
>>> check_damping_factor(0.1425, restitution=0.9, law="lankarani-nikravesh")
✓ c: right.
>>> check_damping_factor(0.15, restitution=0.9, law="lankarani-nikravesh")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
mbtools.exercises.feedback.WrongAnswer: c is Hunt–Crossley's factor...
>>> round(steady_friction_force(0.002, 2.0, 1.0, 1.5, 0.001, 0.4), 6)
2.019116
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np

from ..analysis.integrators import real_stability_limit
from ..analysis.restitution import hysteresis_restitution, lugre_stick_slip
from ..dynamics.friction_laws import LuGre
from ..errors import InputError
from ..examples.friction import LUGRE_DATA
from . import data
from .feedback import Pending, Right, WrongAnswer, as_number, match_mistakes

#: The damping factors c(e) of the laws a question may name, and how the feedback names them.
LAWS = {
    "hunt-crossley": ("Hunt–Crossley's factor", lambda e: 1.5 * (1.0 - e)),
    "lankarani-nikravesh": ("Lankarani–Nikravesh's factor", lambda e: 0.75 * (1.0 - e * e)),
    "flores": ("Flores et al.'s factor (their constant 8/5)", lambda e: 1.6 * (1.0 - e) / e),
    "phase-balance": ("the factor of the chapter's balance of approach and exit", lambda e: 1.5 * (1.0 - e) / e),
}
#: The explicit methods whose largest stable step :func:`check_friction_step_limit` knows.
EXPLICIT_METHODS = ("explicit Euler", "RK4", "DOP853")
#: The gravity of the exercises, m/s².
GRAVITY = 9.81


def damping_factor(restitution: float, law: str) -> float:
    """The damping factor c of ``law`` (a key of ``LAWS``) for the restitution e."""
    return float(LAWS[law][1](restitution))


def steady_friction_force(speed: float, normal: float, mu_coulomb: float, mu_static: float,
                          stribeck_speed: float, sigma2: float) -> float:
    """LuGre's steady friction force (N) against a slip at ``speed`` > 0 (m/s):
    N g(s) + σ₂ s, g(s) = μ_c + (μ_s − μ_c) exp(−(s/v_s)²)."""
    g = mu_coulomb + (mu_static - mu_coulomb) * math.exp(-(speed / stribeck_speed) ** 2)
    return normal * g + sigma2 * speed


def steady_bristle_deflection(speed: float, mu_coulomb: float, mu_static: float, stribeck_speed: float,
                              sigma0: float) -> float:
    """LuGre's steady bristle deflection z_ss = g(s)/σ₀ (m) at a slip ``speed`` > 0."""
    return (mu_coulomb + (mu_static - mu_coulomb) * math.exp(-(speed / stribeck_speed) ** 2)) / sigma0


def regularised_decay_rate(mass: float, normal: float, mu: float, regularisation_speed: float) -> float:
    """r = μ N/(m ε) (1/s): the rate at which regularised Coulomb friction stops a slip
    well below ε of a mass m pressed by N."""
    return mu * normal / (mass * regularisation_speed)


def _restitution(checker: str, value) -> float:
    """A coefficient of restitution in (0, 1] (e = 0 would need an infinite damping factor)."""
    value = data.between(checker, "restitution", value, 0.0, 1.0, "a coefficient of restitution is in (0, 1]")
    if value == 0.0:
        raise InputError(f"{checker}: restitution = 0 needs an infinite damping factor (a fully plastic impact); "
                         "give e in (0, 1] (the exercise's data).")
    return value


def check_damping_factor(answer, *, restitution: float, law: str, rtol: float = 1e-6) -> Right | Pending:
    """Check the damping factor c of F = K δⁿ (1 + c δ̇/δ̇⁻) that ``law`` ("hunt-crossley",
    "lankarani-nikravesh", "flores" or "phase-balance", the chapter's balance of the
    approach and the exit) gives for the coefficient of ``restitution`` e in (0, 1].

    >>> check_damping_factor(3.5, restitution=0.3, law="phase-balance")
    ✓ c: right.
    """
    checker = "check_damping_factor"
    e = _restitution(checker, restitution)
    law = data.choice(checker, "law", law, tuple(LAWS))
    rtol = data.tolerance(checker, rtol)
    if answer is ...:
        return Pending("c")
    value = as_number(answer, "c")
    right = damping_factor(e, law)
    if value < 0:
        raise WrongAnswer("c is negative: a damping force that pushed the bodies apart faster as they approach would "
                          "add energy; c > 0 for e < 1.")
    mistakes = [(f"is {name}; the question asks for {LAWS[law][0]}", damping_factor(e, other))
                for other, (name, _) in LAWS.items() if other != law]
    if law in ("lankarani-nikravesh", "hunt-crossley"):
        thin = 0.75 * (1.0 - e * e)
        mistakes += [
            ("takes (1 − e) where the energy balance gives 1 − e²: the kinetic energy goes as the square of the "
             "speed, ½ m v² (1 − e²) is lost", 0.75 * (1.0 - e)),
            ("is the relative loss 1 − e² itself: the thin loop's loss is not c times the kinetic energy; "
             "integrate δⁿ |δ̇| in and out along the elastic path", 1.0 - e * e),
            ("has the fraction upside down: you found the loss as a multiple of c ½ m v²; divide the relative "
             "loss by that multiple", 4.0 / 3.0 * (1.0 - e * e)),
            ("counts the loss of the approach alone; the loop is run in and out, and each half dissipates",
             2.0 * thin),
        ]
    else:
        mistakes += [
            ("leaves out the constant that the integral over each half brings (question 1's shape integral, "
             "times n + 1)", (1.0 - e) / e),
            ("takes the exit at the approach speed v; the way out runs at e v, which puts e in the denominator",
             1.5 * (1.0 - e)),
            ("takes the squares (1 − e²)/e²: balance each half's energy with its own speed scale, v in and e v out",
             1.5 * (1.0 - e * e) / (e * e)),
        ]
    return match_mistakes(value, right, "c", mistakes, rtol)


def check_effective_restitution(answer, *, restitution: float, law: str, impact_speed: float | None = None,
                                rtol: float = 1e-5) -> Right | Pending:
    """Check the coefficient of restitution (exit speed over approach speed) that the
    contact ``law`` of ``LAWS``, tuned to the nominal ``restitution`` e, really gives
    when integrated through the impact: a function of its damping factor alone,
    :func:`mbtools.analysis.restitution.hysteresis_restitution`. ``impact_speed`` (m/s),
    if given, lets the feedback name an exit speed given for the ratio. ``rtol`` 1e-5 by
    default, the accuracy of an impact integrated at rtol 1e-8.

    >>> check_effective_restitution(0.9131767, restitution=0.9, law="lankarani-nikravesh")
    ✓ the effective restitution: right.
    """
    checker = "check_effective_restitution"
    nominal = _restitution(checker, restitution)
    law = data.choice(checker, "law", law, tuple(LAWS))
    if impact_speed is not None:
        impact_speed = data.positive(checker, "impact_speed", impact_speed)
    rtol = data.tolerance(checker, rtol)
    what = "the effective restitution"
    if answer is ...:
        return Pending(what)
    value = as_number(answer, what)
    c = damping_factor(nominal, law)
    right = hysteresis_restitution(c)
    if value < 0:
        raise WrongAnswer(f"{what} is negative: the exit velocity points away from the wall, the approach towards "
                          "it; give the ratio of the speeds, a positive number.")
    mistakes = [("is the nominal e the law was tuned to; integrate the impact (or solve the first integral) "
                 "and take the speed it really leaves at", nominal),
                ("is the square of the nominal e", nominal * nominal),
                ("is the ratio of the kinetic energies, e²; the restitution is the ratio of the speeds",
                 right * right)]
    if impact_speed is not None and impact_speed != 1.0:
        mistakes.append((f"is the exit speed in m/s; divide it by the approach speed, {impact_speed:g} m/s",
                         right * impact_speed))
    mistakes += [(f"is what {name} gives; the question asks about {LAWS[law][0].split(' (')[0]}",
                  hysteresis_restitution(damping_factor(nominal, other)))
                 for other, (name, _) in LAWS.items() if other != law]
    if c < 0.75:
        mistakes.append(("is the thin loop's estimate √(1 − 4c/3), the assumption the law was derived from; the "
                         "question asks for the rebound the law really gives", math.sqrt(1.0 - 4.0 * c / 3.0)))
    return match_mistakes(value, right, what, mistakes, rtol)


def _lugre_data(checker: str, speed, normal, mu_coulomb, mu_static, stribeck_speed) -> tuple[float, ...]:
    speed = data.positive(checker, "speed", speed)
    normal = data.positive(checker, "normal", normal)
    mu_coulomb = data.positive(checker, "mu_coulomb", mu_coulomb)
    mu_static = data.positive(checker, "mu_static", mu_static)
    if mu_static < mu_coulomb:
        raise InputError(f"{checker}: mu_static = {mu_static:g} is below mu_coulomb = {mu_coulomb:g}; the static "
                         "coefficient is at least the Coulomb one (the exercise's data).")
    stribeck_speed = data.positive(checker, "stribeck_speed", stribeck_speed)
    return speed, normal, mu_coulomb, mu_static, stribeck_speed


def check_steady_friction(answer, *, speed: float, normal: float, mu_coulomb: float, mu_static: float,
                          stribeck_speed: float, sigma2: float, rtol: float = 1e-6) -> Right | Pending:
    """Check LuGre's friction force (N, its size) against a steady slip at ``speed`` > 0
    (m/s) under the ``normal`` force N (N), with μ_c, μ_s, v_s (m/s) and the viscous
    σ₂ (N·s/m, not scaled by N), :func:`steady_friction_force`.

    >>> check_steady_friction(2.2, speed=0.5, normal=2.0, mu_coulomb=1.0, mu_static=1.5,
    ...                       stribeck_speed=0.001, sigma2=0.4)
    ✓ the steady friction force: right.
    """
    checker = "check_steady_friction"
    s, N, mu_c, mu_s, v_s = _lugre_data(checker, speed, normal, mu_coulomb, mu_static, stribeck_speed)
    sigma2 = data.between(checker, "sigma2", sigma2, 0.0, math.inf, "the viscous coefficient σ₂ is ≥ 0")
    rtol = data.tolerance(checker, rtol)
    what = "the steady friction force"
    if answer is ...:
        return Pending(what)
    value = as_number(answer, what)
    right = steady_friction_force(s, N, mu_c, mu_s, v_s, sigma2)
    g = mu_c + (mu_s - mu_c) * math.exp(-(s / v_s) ** 2)
    mistakes = [
        ("leaves out the viscous term σ₂ v", N * g),
        ("multiplies the viscous term by N; in this law σ₂ v is not scaled by the normal force",
         N * g + N * sigma2 * s),
        ("takes exp(−s/v_s) for exp(−(s/v_s)²): the Stribeck decay is Gaussian in the speed",
         N * (mu_c + (mu_s - mu_c) * math.exp(-s / v_s)) + sigma2 * s),
        ("is the Coulomb force μ_c N alone; near v_s the coefficient is still above μ_c", N * mu_c),
        ("is the Coulomb force μ_c N plus σ₂ v; near v_s the Stribeck part of g(s) has not died out yet",
         N * mu_c + sigma2 * s),
        ("is the static force μ_s N; at a steady slip the coefficient has fallen towards μ_c",
         N * mu_s + sigma2 * s),
        ("looks like a speed in mm/s put where the law takes m/s",
         steady_friction_force(1e3 * s, N, mu_c, mu_s, v_s, sigma2)),
        ("leaves out the normal force: σ₀ z_ss = g(s) is a coefficient, the force is N g(s)", g + sigma2 * s),
    ]
    return match_mistakes(value, right, what, mistakes, rtol)


def check_steady_deflection(answer, *, speed: float, normal: float, mu_coulomb: float, mu_static: float,
                            stribeck_speed: float, sigma0: float, rtol: float = 1e-6) -> Right | Pending:
    """Check LuGre's steady bristle deflection z_ss (m) at a slip ``speed`` > 0 (m/s),
    :func:`steady_bristle_deflection` (σ₀ in 1/m, per newton of the ``normal`` force,
    which the deflection does not depend on).

    >>> check_steady_deflection(1.5e-5, speed=1e-7, normal=1.0, mu_coulomb=1.0, mu_static=1.5,
    ...                         stribeck_speed=0.001, sigma0=1e5)
    ✓ z_ss: right.
    """
    checker = "check_steady_deflection"
    s, N, mu_c, mu_s, v_s = _lugre_data(checker, speed, normal, mu_coulomb, mu_static, stribeck_speed)
    sigma0 = data.positive(checker, "sigma0", sigma0)
    rtol = data.tolerance(checker, rtol)
    if answer is ...:
        return Pending("z_ss")
    value = as_number(answer, "z_ss")
    right = steady_bristle_deflection(s, mu_c, mu_s, v_s, sigma0)
    mistakes = [
        ("looks like micrometres; give the deflection in metres", 1e6 * right),
        ("is multiplied by N; the bristles' stiffness N σ₀ and the force N g(s) both scale with N, so z_ss does "
         "not", N * right),
        ("is divided by N; z_ss = g(s)/σ₀ does not depend on the normal force", right / N),
        ("is μ_s/σ₀, the deflection at rest; at this speed g(s) has fallen below μ_s", mu_s / sigma0),
        ("is μ_c/σ₀, the deflection of a fast slip; at this speed g(s) is still above μ_c", mu_c / sigma0),
        ("takes exp(−s/v_s) for exp(−(s/v_s)²)", (mu_c + (mu_s - mu_c) * math.exp(-s / v_s)) / sigma0),
        ("multiplies by σ₀ where ż = 0 divides by it: σ₀ s z/g(s) = s", (mu_c + (mu_s - mu_c)
                                                                        * math.exp(-(s / v_s) ** 2)) * sigma0),
    ]
    return match_mistakes(value, right, "z_ss", mistakes, rtol)


@lru_cache(maxsize=8)
def lugre_breakaway(mass: float = LUGRE_DATA["mass"], stiffness: float = LUGRE_DATA["spring"],
                    pull_speed: float = LUGRE_DATA["pull_speed"], normal: float = LUGRE_DATA["normal_force"]) -> dict:
    """The breakaway of LuGre's stick-slip block (the law of ``LUGRE_DATA``), integrated
    to 1.2 times the rigid-stick estimate μ_s N/(K U) (Radau, rtol 1e-8, 1 ms samples).

    Returns
    -------
    dict
        ``time`` and ``force``: when the friction force peaks and its size (s, N);
        ``spring``: the spring's pull K (U t − x) then (N); ``fastest``: when the block
        first slides fastest (s); ``rigid``: μ_s N/(K U) (s).
    """
    d = LUGRE_DATA
    law = LuGre(d["mu_coulomb"], d["mu_static"], d["stribeck_speed"], d["sigma0"], d["sigma1"], d["sigma2"])
    rigid = law.mu_static * normal / (stiffness * pull_speed)
    t_end = 1.2 * rigid
    run = lugre_stick_slip(t_end=t_end, law=law, mass=mass, stiffness=stiffness, pull_speed=pull_speed,
                           normal=normal, rtol=1e-8, points=int(round(t_end * 1000)) + 1)
    rates = np.array([law.state_rate([v], [z])[0] for v, z in zip(run.v, run.z)])
    force = normal * (law.sigma0 * run.z + law.sigma1 * rates) + law.sigma2 * run.v
    peak = int(np.argmax(force))
    return {"time": float(run.t[peak]), "force": float(force[peak]), "rigid": rigid,
            "spring": float(stiffness * (pull_speed * run.t[peak] - run.x[peak])),
            "fastest": float(run.t[int(np.argmax(run.v))]),
            "coulomb": law.mu_coulomb * normal / (stiffness * pull_speed)}


def check_lugre_breakaway(answer, *, quantity: str, mass: float = LUGRE_DATA["mass"],
                          stiffness: float = LUGRE_DATA["spring"], pull_speed: float = LUGRE_DATA["pull_speed"],
                          normal: float = LUGRE_DATA["normal_force"]) -> Right | Pending:
    """Check the breakaway of the block of LuGre's test (the law of ``LUGRE_DATA``; the
    block's ``mass`` kg, the spring's ``stiffness`` N/m pulled at ``pull_speed`` m/s, the
    ``normal`` force N): ``quantity`` "time", the instant the friction force peaks before
    the first slip (s, to 2e-3 of it: samples of a few ms are fine), or "force", that
    peak (N, to 1e-3), both read off an integration, :func:`lugre_breakaway`.

    >>> check_lugre_breakaway(7.404, quantity="time")
    ✓ the breakaway time: right.
    """
    checker = "check_lugre_breakaway"
    quantity = data.choice(checker, "quantity", quantity, ("time", "force"))
    mass, stiffness, pull_speed, normal = (data.positive(checker, name, value) for name, value in (
        ("mass", mass), ("stiffness", stiffness), ("pull_speed", pull_speed), ("normal", normal)))
    what = "the breakaway time" if quantity == "time" else "the breakaway force"
    if answer is ...:
        return Pending(what)
    value = as_number(answer, what)
    run = lugre_breakaway(mass, stiffness, pull_speed, normal)
    mu_s, mu_c = LUGRE_DATA["mu_static"], LUGRE_DATA["mu_coulomb"]
    if quantity == "time":
        mistakes = [("is the rigid-stick estimate μ_s N/(K U); the LuGre block creeps while it sticks and lets go "
                     "earlier: read the instant off the simulated friction force", run["rigid"]),
                    ("uses μ_c; the block first slips when the friction reaches its peak, near μ_s N",
                     run["coulomb"]),
                    ("is when the block slides fastest, after it broke away; the breakaway is where the friction "
                     "force peaks", run["fastest"])]
        return match_mistakes(value, run["time"], what, mistakes, 2e-3)
    mistakes = [("is the rigid-stick static force μ_s N; the LuGre block lets go a little below it: read the peak "
                 "off the simulated friction force", mu_s * normal),
                ("is the Coulomb force μ_c N, the level the friction falls to once it slips", mu_c * normal),
                ("is the spring's pull K (U t − x) at that instant; the friction differs from it by M ẍ",
                 run["spring"])]
    return match_mistakes(value, run["force"], what, mistakes, 1e-3)


def _friction_data(checker: str, mass, normal, mu, regularisation_speed) -> tuple[float, ...]:
    return (data.positive(checker, "mass", mass), data.positive(checker, "normal", normal),
            data.positive(checker, "mu", mu), data.positive(checker, "regularisation_speed", regularisation_speed))


def check_regularised_decay_rate(answer, *, mass: float, normal: float, mu: float, regularisation_speed: float,
                                 rtol: float = 1e-6) -> Right | Pending:
    """Check r (1/s), the rate at which regularised Coulomb friction (μ, ε in m/s) stops
    a slip well below ε of a block of ``mass`` kg pressed by ``normal`` N,
    :func:`regularised_decay_rate`.

    >>> check_regularised_decay_rate(29430.0, mass=2.0, normal=19.62, mu=0.3, regularisation_speed=1e-4)
    ✓ r: right.
    """
    checker = "check_regularised_decay_rate"
    m, N, mu, eps = _friction_data(checker, mass, normal, mu, regularisation_speed)
    rtol = data.tolerance(checker, rtol)
    if answer is ...:
        return Pending("r")
    value = as_number(answer, "r")
    right = regularised_decay_rate(m, N, mu, eps)
    if value < 0:
        raise WrongAnswer("r is negative: give the decay rate, −λ of the slip's eigenvalue λ = −r (a positive "
                          "number, 1/s).")
    mistakes = [
        ("is the slope of the friction force, μ N/ε (N·s/m, a damper's coefficient); the rate divides it by the "
         "mass", mu * N / eps),
        ("leaves out the normal force: the friction, and with it its slope at zero slip, is proportional to N",
         mu / (m * eps)),
        ("is the time constant 1/r (s), not the rate", 1.0 / right),
        ("is μ N/(m ε) with N = m g, the weight; the block is pressed by the given normal force",
         mu * GRAVITY / eps),
        ("is twice the rate: at zero slip √(v² + ε²) is ε; check the linearisation", 2.0 * right),
    ]
    return match_mistakes(value, right, "r", mistakes, rtol)


def check_friction_step_limit(answer, *, method: str, mass: float, normal: float, mu: float,
                              regularisation_speed: float, rtol: float = 1e-4) -> Right | Pending:
    """Check the largest step (s) with which ``method`` ("explicit Euler", "RK4",
    "DOP853") is stable on a slip that regularised Coulomb friction stops at the rate
    r = μ N/(m ε): x_max/r, x_max where the method's stability region meets the negative
    real axis (:func:`mbtools.analysis.integrators.real_stability_limit`).

    >>> check_friction_step_limit(2 / 29430, method="explicit Euler", mass=2.0, normal=19.62, mu=0.3,
    ...                           regularisation_speed=1e-4)
    ✓ h_max: right.
    """
    checker = "check_friction_step_limit"
    method = data.choice(checker, "method", method, EXPLICIT_METHODS)
    m, N, mu, eps = _friction_data(checker, mass, normal, mu, regularisation_speed)
    rtol = data.tolerance(checker, rtol)
    if answer is ...:
        return Pending("h_max")
    value = as_number(answer, "h_max")
    rate = regularised_decay_rate(m, N, mu, eps)
    right = real_stability_limit(method) / rate
    mistakes = [(f"is {other}'s limit, {real_stability_limit(other):.4g}/r; the question asks about {method}",
                 real_stability_limit(other) / rate) for other in EXPLICIT_METHODS if other != method]
    mistakes += [("is the time constant 1/r; the step may be as long as the stability region reaches along the "
                  "negative real axis", 1.0 / rate),
                 ("is x_max r, a rate (1/s), not a step", real_stability_limit(method) * rate),
                 ("uses the damper's coefficient μ N/ε without dividing by the mass",
                  real_stability_limit(method) * eps / (mu * N))]
    return match_mistakes(value, right, "h_max", mistakes, rtol)
