"""Checking compliant-contact and friction answers (book, chapter 13, the section on
contact in the joints): Hertz's impact of a ball, the first slip of LuGre's block, and
the speed at which a thrown ball rolls away.

The right answers are closed forms, each derived in the chapter:

* **Hertz's impact** of a mass m striking at v through F = K δⁿ: the energy integral
  ½ m v² = K δ_max^{n+1}/(n + 1) gives the deepest indentation and the peak force
  K δ_max^n, and t = 2 ∫ dδ/δ̇ gives the duration 2 (δ_max/v) B(1/p, ½)/p, p = n + 1
  (2.9433 δ_max/v for n = 3/2).
* **The first slip** of a block held by static friction μ_s N while a spring of
  stiffness K is pulled at the speed U: K U t = μ_s N, t = μ_s N/(K U).
* **The rolling speed** of a disc or sphere of radius ρ thrown along a floor at v₀ with
  the spin ω₀ (counter-clockwise positive, the ball moving towards +x): friction acts at
  the contact point and the normal force and gravity pass through the centre, so the
  angular momentum about the contact point, I ω − m ρ v, is kept; rolling (ω = −v/ρ)
  gives v = (v₀ − k ρ ω₀)/(1 + k), k = I/(m ρ²) (½ disc, ⅖ sphere).

A wrong answer is compared with what the usual mistakes give (the kinetic energy
without its ½, only the approach half of the contact, μ_c for μ_s, the weight M g for
the given normal force, the disc's k for the sphere's, the spin forgotten or of the
wrong sign) and the message names the mistake it matches; otherwise it says how far off
the answer is, without giving the value away.

Example
-------
A steel-like ball of 1 kg striking at 1 m/s through K = 1e10 N/m^1.5:

>>> right = hertz_contact(mass=1.0, stiffness=1e10, impact_speed=1.0)
>>> round(right["duration"] * 1e6, 2), round(right["max_force"], 1)    # µs, N
(321.81, 11432.6)
>>> check_hertz_duration(3.218e-4, mass=1.0, stiffness=1e10, impact_speed=1.0)
✓ the contact duration: right.
>>> check_rolling_speed(2 / 3, speed=1.0, radius=0.05, body="sphere")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
mbtools.exercises.feedback.WrongAnswer: the rolling speed takes k = I/(m ρ²) = 0.5, a disc's...
"""

from __future__ import annotations

import math

from scipy.special import beta

from ..errors import InputError
from . import data as exercise_data
from .feedback import Pending, Right, WrongAnswer, as_number, close, diagnose_number

#: The relative tolerance the contact checkers accept by default, since their answers
#: are worked out by hand (to four digits or so); the mistakes they name are all off by
#: more than 1 %.
HAND_RTOL = 1e-3

#: k = I/(m ρ²) of the bodies a rolling-speed exercise may name.
SHAPE_FACTORS = {"disc": 0.5, "sphere": 0.4, "ring": 1.0, "hollow sphere": 2.0 / 3.0}


def hertz_contact(*, mass: float, stiffness: float, impact_speed: float, exponent: float = 1.5) -> dict:
    """Hertz's elastic impact of a mass on a wall, in closed form (see the module).

    Parameters
    ----------
    mass, stiffness, impact_speed : float
        m (kg), K (N/mⁿ) and v (m/s), all > 0.
    exponent : float
        n > 0 of F = K δⁿ (3/2 for spheres).

    Returns
    -------
    dict
        ``max_indentation`` δ_max (m), ``max_force`` K δ_maxⁿ (N) and ``duration`` (s).
    """
    p = exponent + 1.0
    deepest = (p * mass * impact_speed ** 2 / (2.0 * stiffness)) ** (1.0 / p)
    return {"max_indentation": deepest, "max_force": stiffness * deepest ** exponent,
            "duration": float(2.0 * deepest / impact_speed * beta(1.0 / p, 0.5) / p)}


def first_slip_time(*, stiffness: float, pull_speed: float, normal: float, mu_static: float) -> float:
    """t = μ_s N/(K U) (s): when the spring pulled at U has stretched enough to overcome
    static friction."""
    return mu_static * normal / (stiffness * pull_speed)


def rolling_speed(*, speed: float, radius: float, body: str = "sphere", spin: float = 0.0) -> float:
    """v = (v₀ − k ρ ω₀)/(1 + k) (m/s): the speed at which a ball thrown at v₀ with the
    spin ω₀ (counter-clockwise positive) rolls away, k of :data:`SHAPE_FACTORS`."""
    k = SHAPE_FACTORS[body]
    return (speed - k * radius * spin) / (1.0 + k)


def _match(value: float, right: float, what: str, mistakes: list[tuple[str, float]], rtol: float) -> Right:
    """Right, or a WrongAnswer naming the first mistake whose value the answer matches
    (mistakes that give the right value are skipped), else saying how far off it is."""
    scale = max(abs(right), 1e-300)
    if close(value, right, scale, rtol):
        return Right(what)
    for text, wrong in mistakes:
        if not close(wrong, right, scale, 10 * rtol) and close(value, wrong, scale, max(rtol, 1e-3)):
            raise WrongAnswer(f"{what} {text}.")
    raise WrongAnswer(diagnose_number(value, right, what, scale=scale, rtol=rtol))


def _hertz_data(checker: str, mass, stiffness, impact_speed, exponent, rtol) -> tuple[dict, float]:
    data = {"mass": exercise_data.positive(checker, "mass", mass),
            "stiffness": exercise_data.positive(checker, "stiffness", stiffness),
            "impact_speed": exercise_data.positive(checker, "impact_speed", impact_speed),
            "exponent": exercise_data.positive(checker, "exponent", exponent)}
    return data, exercise_data.tolerance(checker, rtol)


def _hertz_mistakes(data: dict, quantity: str) -> list[tuple[str, float]]:
    """(the mistake, the value of ``quantity`` it gives) of the usual slips in the energy
    integral."""
    m, K, v, n = data["mass"], data["stiffness"], data["impact_speed"], data["exponent"]
    right = hertz_contact(**data)
    no_half = {**data, "impact_speed": v * math.sqrt(2.0)}       # m v² for ½ m v²: v² doubled
    linear = (m * v * v / K) ** 0.5                               # ½ K δ² = ½ m v²: a linear spring
    found = [("leaves the ½ out of the kinetic energy: ½ m v² = K δ_max^{n+1}/(n + 1)",
              hertz_contact(**no_half)[quantity] if quantity == "max_force"
              else hertz_contact(**no_half)["max_indentation"] / right["max_indentation"] * right[quantity]),
             ("stores the energy of a linear spring, ½ K δ²; Hertz's force K δⁿ stores K δ^{n+1}/(n + 1)",
              K * linear ** n if quantity == "max_force" else right[quantity] * linear / right["max_indentation"])]
    if quantity == "duration":
        k_max = n * K * right["max_indentation"] ** (n - 1.0)
        found += [("is the approach alone (δ from 0 to δ_max); the contact lasts until δ is 0 again, twice as "
                   "long", 0.5 * right["duration"]),
                  ("takes the speed as constant, 2 δ_max/v; the mass slows down as it goes in: integrate "
                   "dt = dδ/δ̇ with δ̇ from the energy integral", 2.0 * right["max_indentation"] / v),
                  ("is half the period of a linear spring of the stiffness dF/dδ at δ_max; Hertz's spring "
                   "stiffens as it goes in: integrate dt = dδ/δ̇", math.pi * math.sqrt(m / k_max))]
    else:
        found += [("is K δ_max, the exponent n left out of F = K δⁿ", K * right["max_indentation"]),
                  ("is the indentation δ_max (m), not the force (N)", right["max_indentation"])]
    return found


def check_hertz_duration(answer, *, mass: float, stiffness: float, impact_speed: float, exponent: float = 1.5,
                         rtol: float = HAND_RTOL) -> Right | Pending:
    """Check the duration (s) of Hertz's elastic impact of a mass on a wall,
    :func:`~mbtools.exercises.contacts.hertz_contact`; ``rtol`` 1e-3 by default (an answer worked out by hand)."""
    data, rtol = _hertz_data("check_hertz_duration", mass, stiffness, impact_speed, exponent, rtol)
    if answer is ...:
        return Pending("the contact duration")
    value = as_number(answer, "the contact duration")
    return _match(value, hertz_contact(**data)["duration"], "the contact duration",
                  _hertz_mistakes(data, "duration"), rtol)


def check_hertz_peak_force(answer, *, mass: float, stiffness: float, impact_speed: float, exponent: float = 1.5,
                           rtol: float = HAND_RTOL) -> Right | Pending:
    """Check the peak force K δ_maxⁿ (N) of Hertz's elastic impact of a mass on a wall,
    :func:`~mbtools.exercises.contacts.hertz_contact`; ``rtol`` 1e-3 by default."""
    data, rtol = _hertz_data("check_hertz_peak_force", mass, stiffness, impact_speed, exponent, rtol)
    if answer is ...:
        return Pending("the peak force")
    value = as_number(answer, "the peak force")
    return _match(value, hertz_contact(**data)["max_force"], "the peak force", _hertz_mistakes(data, "max_force"),
                  rtol)


def check_first_slip_time(answer, *, stiffness: float, pull_speed: float, normal: float, mu_static: float,
                          mu_coulomb: float, mass: float, gravity: float = 9.81,
                          rtol: float = HAND_RTOL) -> Right | Pending:
    """Check the time (s) of the first slip of a block on a spring pulled at a constant
    speed, :func:`~mbtools.exercises.contacts.first_slip_time`, with the block held until the spring's force
    reaches μ_s N. ``rtol`` 1e-3 by default: the bristles' own deflection moves the
    instant by some 1e-5 of it (μ_s/(σ₀ U)), and either answer is right."""
    checker = "check_first_slip_time"
    stiffness = exercise_data.positive(checker, "stiffness", stiffness)
    pull_speed = exercise_data.positive(checker, "pull_speed", pull_speed)
    normal = exercise_data.positive(checker, "normal", normal)
    mu_coulomb = exercise_data.positive(checker, "mu_coulomb", mu_coulomb)
    mu_static = exercise_data.number(checker, "mu_static", mu_static)
    if mu_static < mu_coulomb:
        raise InputError(f"{checker}: mu_static = {mu_static:g} is below mu_coulomb = {mu_coulomb:g}; the static "
                         "coefficient is at least the Coulomb one (the exercise's data).")
    mass = exercise_data.positive(checker, "mass", mass)
    gravity = exercise_data.positive(checker, "gravity", gravity)
    rtol = exercise_data.tolerance(checker, rtol)
    if answer is ...:
        return Pending("the time of the first slip")
    value = as_number(answer, "the time of the first slip")
    right = first_slip_time(stiffness=stiffness, pull_speed=pull_speed, normal=normal, mu_static=mu_static)
    mistakes = [
        ("uses the Coulomb coefficient μ_c; the block starts to slip when the spring overcomes the static "
         "friction μ_s N", right * mu_coulomb / mu_static),
        ("takes the weight M g as the normal force; the block is pressed by the given N", right * mass * gravity
         / normal),
        ("leaves the normal force out: the friction that holds the block is μ_s N, in newtons", right / normal),
        ("leaves the spring's stiffness out: the spring pulls with K (U t − x), in newtons", right * stiffness),
    ]
    return _match(value, right, "the time of the first slip", mistakes, rtol)


def check_rolling_speed(answer, *, speed: float, radius: float, body: str = "sphere", spin: float = 0.0,
                        rtol: float = HAND_RTOL) -> Right | Pending:
    """Check the speed (m/s) at which a disc or sphere thrown along a floor at ``speed``
    with the ``spin`` (rad/s, counter-clockwise positive; the ball moves towards +x)
    rolls away once friction has stopped the slip, :func:`~mbtools.exercises.contacts.rolling_speed`."""
    checker = "check_rolling_speed"
    speed = exercise_data.positive(checker, "speed", speed)
    radius = exercise_data.positive(checker, "radius", radius)
    body = exercise_data.choice(checker, "body", body, tuple(SHAPE_FACTORS))
    spin = exercise_data.number(checker, "spin", spin)
    rtol = exercise_data.tolerance(checker, rtol)
    if answer is ...:
        return Pending("the rolling speed")
    value = as_number(answer, "the rolling speed")
    right = rolling_speed(speed=speed, radius=radius, body=body, spin=spin)
    k = SHAPE_FACTORS[body]
    mistakes = [(f"takes k = I/(m ρ²) = {SHAPE_FACTORS[other]:.3g}, a{'n' if other[0] in 'aeiou' else ''} "
                 f"{other}'s; a {body} has k = {k:.3g}",
                 rolling_speed(speed=speed, radius=radius, body=other, spin=spin))
                for other in SHAPE_FACTORS if other != body]
    mistakes += [("is the speed thrown: friction at the contact point slows the ball while it slips", speed),
                 ("leaves the spin ω₀ out: the angular momentum about the contact point starts as I ω₀ − m ρ v₀",
                  rolling_speed(speed=speed, radius=radius, body=body)),
                 ("has the spin's sign reversed: with ω₀ counter-clockwise (backspin for a ball moving to +x) "
                  "the ball rolls away slower", rolling_speed(speed=speed, radius=radius, body=body, spin=-spin)),
                 ("is k v₀/(1 + k), the speed friction takes away, not the speed left",
                  speed - rolling_speed(speed=speed, radius=radius, body=body, spin=spin))]
    return _match(value, right, "the rolling speed", mistakes, rtol)
