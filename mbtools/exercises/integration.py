"""Checking answers about integrating the equations of motion (book, section 9b): the
drift of Φ under the index-1 equations without stabilisation, and Baumgarte's gains and
the decay they give (a fixed-step method's order of convergence:
:mod:`mbtools.exercises.convergence`).

The mechanism is the pendulum of IFToMM benchmark A01 in natural coordinates (a point
mass of 1 kg at P1 = (x, y) on a massless link of 1 m, released at rest from the
horizontal under g = 9.81 m/s²), whose one constraint is Φ = x² + y² − L²:

* **Drift.** The index-1 equations impose Φ̈ = 0 only; a constant error ε left in Φ̈
  by the integrator's steps gives, from a consistent start, Φ(t) = ε t²/2. The run of
  :func:`pendulum_drift` (``baumgarte=(0, 0)``, ``stabilise="baumgarte"``, DOP853 at
  the given rtol, outputs every 0.1 s) measures it: the exponent
  log(Φ(T)/Φ(T/2))/log 2 and the ε that 2Φ(T)/T² gives.
* **Baumgarte.** Φ̈ + 2αΦ̇ + β²Φ = 0 has the characteristic equation s² + 2αs + β² = 0,
  s = −α ± √(α² − β²): critically damped for α = β, a double root at −α, so a time
  constant τ asks α = β = 1/τ, and Φ(t)/Φ(0) = (1 + t/τ) e^{−t/τ} from rest. The
  pendulum started off its constraint and integrated with
  :func:`mbtools.dynamics.multipliers.accelerations` (:func:`baumgarte_pendulum`) shows it.

Each checker validates the exercise's data and names the mistake a wrong answer matches:
one integration too few or too many, the ½ lost, the theory's number where a
measurement was asked, β² for β, the time constant for a rate, the single exponential
of a distinct root for the double root's, a start projected onto the constraint.

Example
-------
>>> check_baumgarte_gains((20.0, 20.0), time_constant=0.05)
✓ (α, β): right.
>>> check_baumgarte_gains((20.0, 400.0), time_constant=0.05)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
mbtools.exercises.feedback.WrongAnswer: (α, β): β is β², ...
>>> round(baumgarte_decay(20.0, 20.0, 0.15), 6)      # (1 + t/τ) e^{−t/τ}, τ = 0.05 s
0.199148
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np
from scipy.integrate import solve_ivp
from scipy.linalg import expm

from ..errors import InputError
from . import data
from .feedback import Pending, Right, WrongAnswer, as_array, as_number, close, diagnose_number

#: The gravity of the pendulum (A01's), m/s².
GRAVITY = 9.81


def drift_law(t, eps):
    """Φ(t) = ε t²/2: the drift of a constraint whose second derivative carries the
    constant error ε, from Φ(0) = Φ̇(0) = 0."""
    return 0.5 * eps * np.asarray(t, dtype=float) ** 2


def pendulum_system(baumgarte=(0.0, 0.0)):
    """The A01 pendulum in natural coordinates under g = 9.81 m/s², with Baumgarte's gains
    (α, β) (1/s), as a :class:`~mbtools.MultibodySystem`."""
    from ..coordinates import formulate
    from ..dynamics import MultibodySystem
    from ..examples.benchmarks import simple_pendulum

    return MultibodySystem(formulate(simple_pendulum(), "natural"), (0.0, -GRAVITY), baumgarte=baumgarte)


@lru_cache(maxsize=8)
def pendulum_drift(t_end: float = 20.0, rtol: float = 1e-6) -> dict:
    """The A01 pendulum integrated over ``t_end`` by the index-1 equations without
    stabilisation (gains (0, 0), ``stabilise="baumgarte"``, DOP853 at ``rtol``, outputs
    every 0.1 s).

    Returns
    -------
    dict
        ``phi``: the signed Φ = x² + y² − 1 at each output time; ``phi_rate``: ‖Φ̇‖;
        ``t``: the times; ``exponent``: log(Φ(T)/Φ(T/2))/log 2; ``eps``: 2Φ(T)/T².
    """
    from ..dynamics import simulate

    system = pendulum_system()
    times = np.linspace(0.0, t_end, int(round(10 * t_end)) + 1)
    traj = simulate(system, t_end, rtol=rtol, stabilise="baumgarte", t_eval=times, progress=False)
    phi = np.array([system.constraints(q, qd, t)[0][0] for t, q, qd in zip(traj.t, traj.q, traj.qd)])
    rate = traj.constraint_violation[1]
    half = int(np.argmin(np.abs(times - t_end / 2)))
    return {"t": times, "phi": phi, "phi_rate": rate, "exponent": math.log(phi[-1] / phi[half]) / math.log(2.0),
            "rate_exponent": math.log(rate[-1] / rate[half]) / math.log(2.0), "eps": 2.0 * phi[-1] / t_end ** 2}


def check_drift_law(answer) -> Right | Pending:
    """Check a function ``drift(t, eps)`` that returns Φ(t) of a constraint whose second
    derivative carries a constant error ε, started consistent (Φ = Φ̇ = 0 at t = 0),
    against :func:`drift_law`.

    >>> check_drift_law(lambda t, eps: eps * t**2 / 2)
    ✓ drift(t, eps): right.
    """
    what = "drift(t, eps)"
    if answer is ...:
        return Pending(what)
    if not callable(answer):
        raise WrongAnswer(f"{what} must be a function of t and eps (def drift(t, eps): return ...); got "
                          f"{type(answer).__name__} {answer!r}.")
    samples = [(0.5, 1e-6), (2.0, 1e-6), (10.0, -3e-4), (7.0, 2.5)]
    try:
        returned = [answer(t, eps) for t, eps in samples]
    except Exception as error:   # the student's function failed: say how
        raise WrongAnswer(f"{what} raised {type(error).__name__}: {error}; it must return one number for numbers "
                          "t and eps.") from None
    if any(value is None or value is ... for value in returned):
        raise WrongAnswer(f"{what} returns nothing yet: write the line that returns Φ(t).")
    try:
        values = np.array([float(value) for value in returned])
    except (TypeError, ValueError):
        raise WrongAnswer(f"{what} must return one number for numbers t and eps; got {returned[0]!r}.") from None
    right = np.array([float(drift_law(t, eps)) for t, eps in samples])
    if np.allclose(values, right, rtol=1e-9, atol=0.0):
        return Right(what)
    for other, message in (
        (lambda t, eps: eps * t, "integrates once only: ε t is Φ̇; Φ is one more integral"),
        (lambda t, eps: eps * t * t, "has lost the ½ that the second integration brings"),
        (lambda t, eps: eps * t ** 3 / 6, "integrates three times; Φ̈ = ε, so Φ needs two"),
        (lambda t, eps: -0.5 * eps * t * t, "has the wrong sign: Φ̈ = ε > 0 bends Φ upwards"),
        (lambda t, eps: 0.5 * eps * t, "takes ε t/2; integrate Φ̈ = ε twice from Φ = Φ̇ = 0"),
        (lambda t, eps: eps, "is constant; the error in Φ̈ adds up, twice"),
    ):
        if np.allclose(values, [other(t, eps) for t, eps in samples], rtol=1e-6, atol=0.0):
            raise WrongAnswer(f"{what} {message}.")
    if values[0] != 0 and np.allclose(values[:2] / values[0], right[:2] / right[0], rtol=1e-6):
        raise WrongAnswer(f"{what} grows with t as it should, but its size is off: at t = 0.5 s and ε = 1e-6, "
                          f"{diagnose_number(values[0], right[0], 'the value', scale=abs(right[0]))}")
    raise WrongAnswer(f"{what} is not right: at t = 2 s and ε = 1e-6, "
                      f"{diagnose_number(values[1], right[1], 'the value', scale=abs(right[1]))}")


def _drift_data(checker: str, t_end, rtol) -> tuple[float, float]:
    t_end = data.between(checker, "t_end", t_end, 1.0, 60.0, "a run of a few seconds to a minute")
    if abs(10 * t_end - round(10 * t_end)) > 1e-9:
        raise InputError(f"{checker}: t_end = {t_end:g} must be a whole number of tenths of a second (outputs every "
                         "0.1 s; the exercise's data).")
    rtol = data.between(checker, "rtol", rtol, 1e-10, 1e-4, "a tolerance at which the drift is measurable and "
                        "the run short")
    return t_end, rtol


def check_drift_measurement(answer, *, quantity: str, t_end: float = 20.0, rtol: float = 1e-6) -> Right | Pending:
    """Check what the pendulum's unstabilised run (:func:`pendulum_drift`) measures:
    ``quantity`` "exponent", log(Φ(T)/Φ(T/2))/log 2 from the signed Φ (to 2e-3), or
    "acceleration error", ε = 2Φ(T)/T² (m²/s², to 1e-3 of it), T = ``t_end``. (The run's
    steps do not depend on its output times, so the student's run and the checker's agree
    to round-off.)

    >>> check_drift_measurement(pendulum_drift()["exponent"], quantity="exponent")
    ✓ the measured exponent: right.
    """
    checker = "check_drift_measurement"
    quantity = data.choice(checker, "quantity", quantity, ("exponent", "acceleration error"))
    t_end, rtol = _drift_data(checker, t_end, rtol)
    what = "the measured exponent" if quantity == "exponent" else "ε"
    if answer is ...:
        return Pending(what)
    value = as_number(answer, what)
    run = pendulum_drift(t_end, rtol)
    phi, half = run["phi"], int(np.argmin(np.abs(run["t"] - t_end / 2)))
    if quantity == "exponent":
        right = run["exponent"]
        if close(value, right, 1.0, 2e-3):
            return Right(what)
        ratio = phi[-1] / phi[half]
        for other, message in (
            (2.0, "is the exponent your law predicts; the question asks what the run measured, from Φ at T/2 "
                  "and T"),
            (ratio, "is the ratio Φ(T)/Φ(T/2); the exponent is its logarithm over log 2"),
            (math.log10(ratio), "is log₁₀ of the ratio; divide by log₁₀ 2 (the times differ by a factor 2)"),
            (math.log(ratio), "is ln of the ratio; divide by ln 2 (the times differ by a factor 2)"),
            (run["rate_exponent"], "is the exponent of ‖Φ̇‖, the velocity drift; the question asks Φ's"),
            (-right, "has the wrong sign: Φ(T)/Φ(T/2) over the times' ratio, not the other way"),
        ):
            if not close(other, right, 1.0, 4e-3) and close(value, other, max(abs(other), 1.0), 2e-3):
                raise WrongAnswer(f"{what} {message}.")
        raise WrongAnswer(diagnose_number(value, right, what, rtol=2e-3) or f"{what} is not right.")
    right = run["eps"]
    if close(value, right, abs(right), 1e-3):
        return Right(what)
    if close(value, -right, abs(right), 1e-3):
        raise WrongAnswer("ε has the wrong sign: the run's Φ is negative (the bob drifts inside its circle); "
                          "take the signed Φ = x² + y² − L², not ‖Φ‖.")
    for other, message in (
        (phi[-1] / t_end ** 2, "has lost a factor 2: solve your law Φ(T) for ε"),
        (phi[-1] / t_end, "divides Φ by T; Φ grows as T², not T"),
        (4.0 * phi[-1] / t_end ** 2, "has a factor 2 too many: solve your law Φ(T) for ε"),
        (-run["phi_rate"][-1] / t_end, "estimates ε from Φ̇(T) = ε T; the question asks it from Φ(T) by your law"),
    ):
        if close(value, other, abs(other), 1e-3):
            raise WrongAnswer(f"ε {message}.")
    raise WrongAnswer(diagnose_number(value, right, "ε", scale=abs(right), rtol=1e-3) or "ε is not right.")


def baumgarte_gains(time_constant: float) -> tuple[float, float]:
    """(α, β) = (1/τ, 1/τ): Φ̈ + 2αΦ̇ + β²Φ = 0 critically damped, its double root at −1/τ."""
    return 1.0 / time_constant, 1.0 / time_constant


def baumgarte_decay(alpha: float, beta: float, time: float, rate: float = 0.0) -> float:
    """Φ(t)/Φ(0) of Φ̈ + 2αΦ̇ + β²Φ = 0 with Φ̇(0) = ``rate`` Φ(0) (1/s), any α, β ≥ 0."""
    system = np.array([[0.0, 1.0], [-beta * beta, -2.0 * alpha]])
    return float((expm(system * time) @ np.array([1.0, rate]))[0])


def check_baumgarte_gains(answer, *, time_constant: float) -> Right | Pending:
    """Check Baumgarte's gains (α, β) (1/s) that return Φ critically damped with the
    time constant τ = ``time_constant`` (s), :func:`baumgarte_gains`.

    >>> check_baumgarte_gains((10.0, 10.0), time_constant=0.1)
    ✓ (α, β): right.
    """
    checker = "check_baumgarte_gains"
    tau = data.between(checker, "time_constant", time_constant, 0.0, 10.0, "a time constant in seconds, > 0")
    if tau == 0.0:
        raise InputError(f"{checker}: time_constant must be positive (the exercise's data).")
    what = "(α, β)"
    if answer is ...:
        return Pending(what)
    alpha, beta = as_array(answer, (2,), what)
    right = 1.0 / tau
    if close(alpha, right, right, 1e-6) and close(beta, right, right, 1e-6):
        return Right(what)
    if alpha < 0 or beta < 0:
        raise WrongAnswer(f"{what}: the gains are ≥ 0; a negative α makes Φ grow instead of decay.")
    if close(alpha, tau, tau, 1e-6) and close(beta, tau, tau, 1e-6):
        raise WrongAnswer(f"{what} are the time constant (s); the gains are rates, in 1/s.")
    if close(alpha, right, right, 1e-6):
        if close(beta, right * right, right * right, 1e-6):
            raise WrongAnswer(f"{what}: β is β², the coefficient of Φ; the equation is Φ̈ + 2αΦ̇ + β²Φ = 0.")
        if close(beta, math.sqrt(right), math.sqrt(right), 1e-6):
            raise WrongAnswer(f"{what}: β is √β; the equation has β², and a double root asks β² = α².")
        kind = ("underdamped: complex roots, Φ oscillates back" if beta > alpha else
                "overdamped: two real roots, the slower one sets the time constant")
        raise WrongAnswer(f"{what}: α is right, but with β ≠ α the return is {kind}.")
    if close(alpha, right / 2, right, 1e-6) and close(beta, right, right, 1e-6):
        raise WrongAnswer(f"{what}: α is half the answer: the damping term is 2αΦ̇, and its double root sits at "
                          "−α, not −2α.")
    if close(alpha, 2 * right, right, 1e-6) and close(beta, 2 * right, right, 1e-6):
        raise WrongAnswer(f"{what} are twice the answer: with α = β the double root is at −α, and the time "
                          "constant is 1/α.")
    if close(alpha, right / (2 * math.pi), right, 1e-6) and close(beta, alpha, right, 1e-6):
        raise WrongAnswer(f"{what} look divided by 2π: the gains are rates in 1/s, not frequencies in Hz.")
    if close(alpha, beta, right, 1e-6):
        raise WrongAnswer(f"{what}: α = β is critical damping, but the double root −α then gives the time constant "
                          f"1/α = {1 / alpha:.4g} s, not {tau:g} s.")
    raise WrongAnswer(f"{what}: " + "; ".join(diagnose_number(v, right, name, scale=right) or f"{name} is off"
                                               for name, v in (("α", alpha), ("β", beta))))


def _gains(checker: str, alpha, beta, time_constant) -> tuple[float, float]:
    """Baumgarte's gains from the exercise's data: either both ``alpha`` and ``beta``
    (1/s, ≥ 0, at most 1e3), or the ``time_constant`` τ (s) of a critically damped
    return, α = β = 1/τ."""
    if time_constant is not None:
        if alpha is not None or beta is not None:
            raise InputError(f"{checker}: give either time_constant (critical damping) or alpha and beta, not both "
                             "(the exercise's data).")
        tau = data.positive(checker, "time_constant", time_constant)
        return baumgarte_gains(tau)
    if alpha is None or beta is None:
        raise InputError(f"{checker}: give the gains alpha and beta (1/s), or the time_constant of a critically "
                         "damped return (the exercise's data).")
    return (data.between(checker, "alpha", alpha, 0.0, 1e3, "Baumgarte's gain α is ≥ 0 (1/s), of the order 1/τ"),
            data.between(checker, "beta", beta, 0.0, 1e3, "Baumgarte's gain β is ≥ 0 (1/s), of the order 1/τ"))


def check_baumgarte_decay(answer, *, time: float, alpha: float | None = None, beta: float | None = None,
                          time_constant: float | None = None, rate: float = 0.0,
                          rtol: float = 1e-6) -> Right | Pending:
    """Check Φ(t)/Φ(0) at t = ``time`` (s) of Φ̈ + 2αΦ̇ + β²Φ = 0 with Φ̇(0) = ``rate``
    Φ(0), :func:`baumgarte_decay`; the gains ``alpha``, ``beta`` (1/s), or the
    ``time_constant`` τ of a critically damped return (α = β = 1/τ). ``rtol`` 1e-6 by
    default (a closed form in Python), looser (1e-4) for a simulated ratio.

    >>> check_baumgarte_decay(4 * math.exp(-3), time_constant=0.05, time=0.15)
    ✓ Φ(t)/Φ(0): right.
    """
    checker = "check_baumgarte_decay"
    alpha, beta = _gains(checker, alpha, beta, time_constant)
    time = data.positive(checker, "time", time)
    rate = data.number(checker, "rate", rate)
    rtol = data.tolerance(checker, rtol)
    what = "Φ(t)/Φ(0)"
    if answer is ...:
        return Pending(what)
    value = as_number(answer, what)
    right = baumgarte_decay(alpha, beta, time, rate)
    scale = max(abs(right), 1e-3)
    if close(value, right, scale, rtol):
        return Right(what)
    mistakes = [
        ("decays as e^{−αt} alone; a double root −α gives (A + B t) e^{−αt}, and Φ̇(0) fixes B",
         math.exp(-alpha * time)),
        ("decays at 2α; the roots of s² + 2αs + β² = 0 sit at −α ± √(α² − β²)", math.exp(-2 * alpha * time)
         * (1 + 2 * alpha * time)),
        ("decays as e^{−2αt}; the roots of s² + 2αs + β² = 0 sit at −α ± √(α² − β²)", math.exp(-2 * alpha * time)),
        ("has the wrong sign of the t e^{−αt} term: Φ̇(0) = 0 asks B = αA", math.exp(-alpha * time)
         * (1 - alpha * time)),
        ("is Φ(0)/Φ(t), upside down", 1.0 / right if right else None),
        ("is the ratio without the Baumgarte terms (Φ̈ = 0 keeps Φ where it started)", 1.0 + rate * time),
    ]
    for text, other in mistakes:
        if other is not None and not close(other, right, scale, 1e-3) and close(value, other, max(abs(other), 1e-3),
                                                                                max(rtol, 1e-4)):
            raise WrongAnswer(f"{what} {text}.")
    raise WrongAnswer(diagnose_number(value, right, what, scale=scale, rtol=rtol) or f"{what} is not right.")


@lru_cache(maxsize=16)
def baumgarte_pendulum(alpha: float, beta: float, start: tuple[float, float], time: float) -> tuple[float, ...]:
    """The A01 pendulum's bob (x, y) at ``time`` (s), started at rest at ``start`` (off
    its constraint if ‖start‖ ≠ 1 m) and integrated by the Baumgarte-stabilised index-1
    equations with gains (α, β) (:func:`mbtools.dynamics.multipliers.accelerations`,
    DOP853 at rtol 1e-11), without projection."""
    from ..dynamics import multipliers

    system = pendulum_system((alpha, beta))

    def rates(t, y):
        return np.concatenate([y[2:], multipliers.accelerations(system, y[:2], y[2:], t)[0]])

    solution = solve_ivp(rates, (0.0, time), [start[0], start[1], 0.0, 0.0], method="DOP853", rtol=1e-11,
                         atol=1e-13)
    return tuple(float(v) for v in solution.y[:2, -1])


def check_baumgarte_position(answer, *, start, time: float, alpha: float | None = None, beta: float | None = None,
                             time_constant: float | None = None) -> Right | Pending:
    """Check the bob's position (x, y) (m) at ``time`` (s) of the A01 pendulum started at
    rest at ``start`` (m, off its constraint) and integrated by the Baumgarte-stabilised
    index-1 equations with the gains ``alpha``, ``beta`` (1/s) — or those of a critically
    damped return of ``time_constant`` τ — without projection, :func:`baumgarte_pendulum`
    (to 1e-6 m).

    >>> q = baumgarte_pendulum(20.0, 20.0, (1.02, 0.0), 0.15)
    >>> check_baumgarte_position(q, time_constant=0.05, start=(1.02, 0.0), time=0.15)
    ✓ the bob's position: right.
    """
    checker = "check_baumgarte_position"
    alpha, beta = _gains(checker, alpha, beta, time_constant)
    start = data.vector(checker, "start", start, 2, "the bob's position at rest, m")
    if not 0.5 < float(np.hypot(*start)) < 1.5:
        raise InputError(f"{checker}: start = {tuple(float(v) for v in start)} is {np.hypot(*start):.3g} m from the "
                         "pivot; the link is 1 m long: start it near its circle (the exercise's data).")
    time = data.between(checker, "time", time, 0.0, 2.0, "a short run, up to 2 s")
    if time == 0.0:
        raise InputError(f"{checker}: time must be positive (the exercise's data).")
    what = "the bob's position"
    if answer is ...:
        return Pending(what)
    value = as_array(answer, (2,), what)
    key = (float(alpha), float(beta), (float(start[0]), float(start[1])), float(time))
    right = np.array(baumgarte_pendulum(*key))
    if np.abs(value - right).max() <= 1e-6:
        return Right(what)
    if abs(value @ value - 1.0) < 1e-6 and abs(right @ right - 1.0) > 1e-4:
        raise WrongAnswer(f"{what} is on the circle |q| = 1 m: the start was projected onto the constraints (as "
                          "simulate does); integrate the Baumgarte equations yourself from the start off the "
                          "circle, so that Φ(0) ≠ 0.")
    free = np.array(baumgarte_pendulum(0.0, 0.0, key[2], key[3]))
    if np.abs(value - free).max() <= 1e-6:
        raise WrongAnswer(f"{what} is that of a run without Baumgarte's terms (gains (0, 0) or stabilised=False): "
                          "Φ stays where it started.")
    miss = float(np.hypot(*(value - right)))
    raise WrongAnswer(f"{what} is {miss:.2g} m from the stabilised run's: check the gains, the start at rest, and "
                      "integrate tightly (rtol 1e-10 or so).")
