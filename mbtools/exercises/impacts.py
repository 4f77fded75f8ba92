"""Checking impact answers: a uniform bar striking the floor with its low end (book,
chapter 13).

The bar has mass m and length L (I = m L²/12 about its centre G), is tilted by
``angle`` with its end A low, and strikes the floor y = 0 with A while its centre moves
at ``velocity`` and it turns at ``omega`` (counter-clockwise positive); Newton's
restitution e and Coulomb's friction μ hold at A. The right answers come from
:func:`mbtools.analysis.impact_closed_forms.rigid_body_impact` (Newton–Euler over the
impact). A wrong answer is compared with what the usual mistakes give — the
impulse of a particle, no friction, the wrong one of stick and slip, e in place of
1 + e, a plastic impact, the moment of inertia about the end, the kinetic energy
before or after in place of the loss — and the message names the mistake it matches.

Example
-------
The bar at 20° landing at 2 m/s, moving at 1 m/s along the floor: its end sticks,
and the bar turns clockwise after the impact.

>>> data = dict(angle=math.radians(20), velocity=(1.0, -2.0), omega=0.0, restitution=0.6, friction=0.5)
>>> round(bar_impact(**data)["omega"], 4), bar_impact(**data)["regime"]
(-5.0236, 'stick')
>>> check_impact_omega(-5.02363, **data, rtol=1e-4)
✓ ω⁺: right.
>>> check_impact_omega(bar_impact(**{**data, "friction": 0.0})["omega"], **data)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
mbtools.exercises.feedback.WrongAnswer: ω⁺ leaves friction out...
"""

from __future__ import annotations

import math

import numpy as np

from ..analysis.impact_closed_forms import rigid_body_impact
from ..errors import InputError
from . import data as exercise_data
from .feedback import DIAGNOSE_RTOL, RTOL, Pending, Right, WrongAnswer, as_number, close, diagnose_number


def bar_impact(*, angle: float, velocity, omega: float, restitution: float, friction: float, mass: float = 1.0,
               length: float = 1.0, inertia: float | None = None, law: str = "coulomb") -> dict:
    """The impact of a uniform bar's low end A on the floor (see the module).

    Parameters
    ----------
    angle : float
        The bar's tilt (rad), end A low.
    velocity, omega : sequence of float, float
        v_G⁻ (m/s) and ω⁻ (rad/s, counter-clockwise) just before.
    restitution, friction : float
        e and μ.
    mass, length : float
        m (kg) and L (m).
    inertia : float, optional
        The moment of inertia about G (kg·m²); m L²/12 by default (another value
        gives what a wrong one does).
    law : {"coulomb", "stick", "slip"}
        Coulomb's law (stick if the sticking impulse is in the cone, else slip), or
        one of the two imposed whatever the cone says.

    Returns
    -------
    dict
        As :func:`~mbtools.analysis.impact_closed_forms.rigid_body_impact` (``velocity``,
        ``omega``, ``P_n``, ``P_t``, ``regime``, ``energy_loss``, ``ratio``), with
        ``energy_before`` and ``energy_after`` (J) and ``v_n`` and ``v_t``, the
        velocity of A before (m/s).
    """
    inertia = mass * length ** 2 / 12.0 if inertia is None else inertia
    arm = -0.5 * length * np.array([math.cos(angle), math.sin(angle)])
    v = np.asarray(velocity, dtype=float)
    lever = np.array([-arm[1], arm[0]])
    v_t, v_n = v + omega * lever
    if law == "coulomb":
        result = dict(rigid_body_impact(mass, inertia, arm, v, omega, restitution, friction))
    else:
        K = np.array([[1 / mass + lever[0] ** 2 / inertia, lever[0] * lever[1] / inertia],
                      [lever[0] * lever[1] / inertia, 1 / mass + lever[1] ** 2 / inertia]])
        P_t, P_n = np.linalg.solve(K, [-v_t, -(1 + restitution) * v_n])
        if law == "slip":
            sigma = np.sign(P_t) or 1.0
            P_n = -(1 + restitution) * v_n / (K[1, 1] + sigma * friction * K[1, 0])
            P_t = sigma * friction * P_n
        v_after = v + np.array([P_t, P_n]) / mass
        omega_after = omega + float(arm[0] * P_n - arm[1] * P_t) / inertia
        result = {"velocity": v_after, "omega": omega_after, "P_n": float(P_n), "P_t": float(P_t), "regime": law}
    energy = lambda u, w: 0.5 * mass * float(u @ u) + 0.5 * inertia * w * w  # noqa: E731
    result["energy_before"] = energy(v, omega)
    result["energy_after"] = energy(np.asarray(result["velocity"]), result["omega"])
    result["energy_loss"] = result["energy_before"] - result["energy_after"]
    result["v_n"], result["v_t"] = float(v_n), float(v_t)
    return result


def _mistakes(data: dict, quantity: str) -> list[tuple[str, float]]:
    """(what the mistake is, the value of ``quantity`` it gives) for the usual mistakes
    at this impact, those that change the answer."""
    right = bar_impact(**data)
    e, mu, m, L = data["restitution"], data["friction"], data.get("mass", 1.0), data.get("length", 1.0)
    other = "slip" if right["regime"] == "stick" else "stick"
    found = [
        ("leaves friction out (P_t = 0); the floor has μ = {mu:g}, so the tangential impulse counts",
         bar_impact(**{**data, "friction": 0.0})[quantity]),
        ("assumes the end {other}s; test the sticking impulse against the cone |P_t| ≤ μ P_n first: here the "
         "end {regime}s" if mu > 0 else "stops the end sliding (stick); a frictionless floor gives no tangential "
         "impulse, P_t = 0", bar_impact(**data, law=other)[quantity]),
        ("is that of a plastic impact (e = 0); Newton's law asks v_n⁺ = −e v_n⁻ with e = {e:g}",
         bar_impact(**{**data, "restitution": 0.0})[quantity]),
        ("takes e where Newton's law gives 1 + e: the normal velocity changes by −(1 + e) v_n⁻, from v_n⁻ to "
         "−e v_n⁻", bar_impact(**{**data, "restitution": e - 1.0}, law=right["regime"])[quantity]),
        ("uses the moment of inertia about the end, m L²/3; the Newton–Euler equations take I about the centre, "
         "m L²/12", bar_impact(**data, inertia=m * L * L / 3.0)[quantity]),
    ]
    return [(text.format(mu=mu, e=e, other=other, regime=right["regime"]), value) for text, value in found]


def _checked(checker: str, angle, velocity, omega, restitution, friction, mass, length, rtol) -> tuple[dict, float]:
    """The impact's data checked (see :mod:`mbtools.exercises.data`), as bar_impact's
    keywords, and the tolerance: a tilt in (0, π) with end A low, e in [0, 1], μ ≥ 0, a
    positive mass and length, and end A moving towards the floor."""
    angle = exercise_data.angle(checker, "angle", angle, 0.0, math.pi, "the tilt puts end A below the centre "
                                "only between 0 and π (at 0 the bar lands flat, on both ends)")
    velocity = exercise_data.vector(checker, "velocity", velocity, 2, "v_G before the impact, m/s")
    omega = exercise_data.number(checker, "omega", omega)
    restitution = exercise_data.between(checker, "restitution", restitution, 0.0, 1.0,
                                        "Newton's coefficient e is from 0 (plastic) to 1 (elastic)")
    friction = exercise_data.between(checker, "friction", friction, 0.0, math.inf, "Coulomb's μ is ≥ 0")
    mass, length = exercise_data.positive(checker, "mass", mass), exercise_data.positive(checker, "length", length)
    rtol = exercise_data.tolerance(checker, rtol)
    v_n = float(velocity[1] - omega * 0.5 * length * math.cos(angle))
    if v_n >= 0:
        raise InputError(f"{checker}: end A moves {'away from' if v_n > 0 else 'along'} the floor before the impact "
                         f"(v_n = v_Gy + ω (A − G)_x = {v_n:.4g} m/s): there is no impact; give the centre a velocity "
                         "or the bar a spin that brings A down (the exercise's data).")
    return dict(angle=angle, velocity=velocity, omega=omega, restitution=restitution, friction=friction, mass=mass,
                length=length), rtol


def _check(answer, data: dict, quantity: str, what: str, extra: list[tuple[str, float]], rtol: float,
           angle: bool = False) -> Right:
    value = as_number(answer, what)
    right = bar_impact(**data)[quantity]
    scale = max(abs(right), 1e-3)
    if close(value, right, scale, rtol):
        return Right(what)
    for text, wrong in extra + _mistakes(data, quantity):
        if not close(wrong, right, scale, DIAGNOSE_RTOL) and close(value, wrong, scale, max(rtol, 1e-3)):
            raise WrongAnswer(f"{what} {text}.")
    raise WrongAnswer(diagnose_number(value, right, what, scale=scale, rtol=rtol, angle=angle))


def check_impact_omega(answer, *, angle: float, velocity, omega: float, restitution: float, friction: float,
                       mass: float = 1.0, length: float = 1.0, rtol: float = RTOL) -> Right | Pending:
    """Check the bar's angular velocity after the impact, ω⁺ (rad/s, counter-clockwise
    positive), for the data of :func:`~mbtools.exercises.impacts.bar_impact`; ``rtol`` 1e-6 by default (an answer
    computed in Python), looser (1e-3) for one worked out by hand."""
    data, rtol = _checked("check_impact_omega", angle, velocity, omega, restitution, friction, mass, length, rtol)
    if answer is ...:
        return Pending("ω⁺")
    right = bar_impact(**data)
    extra = [("is ω before the impact: the impulse at the end has a moment about the centre, so ω jumps",
              float(omega)),
             ("is the jump Δω; add ω before the impact", right["omega"] - omega)]
    return _check(answer, data, "omega", "ω⁺", extra, rtol, angle=True)


def check_normal_impulse(answer, *, angle: float, velocity, omega: float, restitution: float,
                         friction: float = 0.0, mass: float = 1.0, length: float = 1.0,
                         rtol: float = RTOL) -> Right | Pending:
    """Check the normal impulse P_n (N·s) of the floor on the bar's end, for the data of
    :func:`~mbtools.exercises.impacts.bar_impact` (frictionless by default)."""
    data, rtol = _checked("check_normal_impulse", angle, velocity, omega, restitution, friction, mass, length, rtol)
    if answer is ...:
        return Pending("P_n")
    right = bar_impact(**data)
    K_nn = 1.0 / mass + (0.5 * length * math.cos(angle)) ** 2 / (mass * length ** 2 / 12.0)
    v_centre = float(np.asarray(velocity, dtype=float)[1])
    extra = [("treats the bar as a particle, m (1 + e) |v_n⁻|; the end's effective mass is 1/K_nn, less than m, "
              "because the impulse also turns the bar", -mass * (1 + restitution) * right["v_n"])]
    if not close(v_centre, right["v_n"], abs(right["v_n"]), DIAGNOSE_RTOL):
        extra.append(("uses the normal velocity of the centre; Newton's law holds at the contact point, whose "
                      "velocity is v_G + ω k × (A − G)", -(1 + restitution) * v_centre / K_nn))
    return _check(answer, data, "P_n", "P_n", extra, rtol)


def check_energy_lost(answer, *, angle: float, velocity, omega: float, restitution: float, friction: float,
                             mass: float = 1.0, length: float = 1.0, rtol: float = RTOL) -> Right | Pending:
    """Check the kinetic energy the impact removes, T⁻ − T⁺ (J), for the data of
    :func:`~mbtools.exercises.impacts.bar_impact`."""
    data, rtol = _checked("check_energy_lost", angle, velocity, omega, restitution, friction, mass, length, rtol)
    if answer is ...:
        return Pending("the energy lost")
    right = bar_impact(**data)
    v_n, e = right["v_n"], restitution
    K_nn = 1.0 / mass + (0.5 * length * math.cos(angle)) ** 2 / (mass * length ** 2 / 12.0)
    v_after = np.asarray(right["velocity"])
    extra = [("is the kinetic energy before the impact; the question asks what the impact takes away, T⁻ − T⁺",
              right["energy_before"]),
             ("is the kinetic energy after the impact; the question asks what the impact takes away, T⁻ − T⁺",
              right["energy_after"]),
             ("is the normal part, −½ P_n v_n⁻ (1 − e), alone; the friction impulse does work too, "
              "½ P_t (v_t⁻ + v_t⁺)", -0.5 * right["P_n"] * v_n * (1 - e)),
             ("is a particle's loss, ½ m v_n⁻² (1 − e²); the bar also turns, and its end has the effective mass "
              "1/K_nn", 0.5 * mass * v_n ** 2 * (1 - e * e)),
             ("counts the energy of translation only; ½ I ω² changes too",
              0.5 * mass * (float(np.dot(velocity, velocity)) - float(v_after @ v_after)))]
    if friction > 0:
        extra.append(("is the frictionless loss, ½ v_n⁻² (1 − e²) / K_nn; with friction the tangential impulse "
                      "changes it", 0.5 * v_n ** 2 * (1 - e * e) / K_nn))
    return _check(answer, data, "energy_loss", "the energy lost", extra, rtol)
