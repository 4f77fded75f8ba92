"""Checking answers about the dynamic formulations (book, chapter 9) on a slider-crank in
natural coordinates: its equations of motion with multipliers, written by hand, and the
velocity transformation (the mass-orthogonal projection: :mod:`mbtools.exercises.projections`).

The mechanism: a crank O–A of length a turning about the ground pivot O at the origin, a
rod A–B of length b, and a slider at B on the guide y = 0; the crank and the rod are
uniform bars of masses m₁ and m₂, the slider a point mass m₃ at B; gravity g along −y.
By hand its coordinates are the two moving points, q = (x_A, y_A, x_B, y_B), with::

    Φ = (|r_A|² − a², |r_B − r_A|² − b², y_B)              (crank, rod, slider),
    γ = −Φ̇_q q̇ = (−2|ṙ_A|², −2|ṙ_B − ṙ_A|², 0),
    M = [(m₁ + m₂)/3 I, m₂/6 I; m₂/6 I, (m₂/3 + m₃) I],   Q = −g (0, (m₁ + m₂)/2, 0, m₂/2 + m₃),

the consistent matrix of each uniform bar (m/3 on its ends, m/6 between them; O is fixed).
The library's model (:func:`slider_crank_system`, ``examples.slider_crank`` with these
masses) has the slider's second point C as well, massless, so its first four coordinates
are the hand ones and its accelerations of A and B the same: the checkers take q̈ from
:func:`mbtools.dynamics.multipliers.accelerations` and the multipliers of the hand rows
from Φ_qᵀλ = Q − M q̈. The velocity transformation q̇ = R ż (R one column of the null
space of Φ_q) gives q̈ = q̈_p + R z̈ with Φ_q q̈_p = γ (for instance q̈_p = Ṙż) and
RᵀMR z̈ = Rᵀ(Q − M q̈_p): z̈ is (a)'s q̈ projected onto R.

Each checker validates the exercise's data and names the mistake a wrong answer matches:
the bars' masses lumped at their ends, γ's sign or its lost factor 2, the relative
velocity of the rod's ends, the multipliers' sign convention, a bar's force without its
length or in tension for compression, an R outside the null space, the M q̈_p term lost.

Example
-------
>>> M = slider_crank_terms(*slider_crank_state(math.radians(135), 10.0)[:2])["M"]
>>> check_slider_crank_mass_matrix(M, masses=(1.5, 2.0, 3.0))
✓ M: right.
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np

from ..errors import InputError
from . import data
from .arrays import diagnose_array
from .feedback import Pending, Right, WrongAnswer, as_array, as_number, diagnose_number

#: g, m/s², along −y.
GRAVITY = 9.81
#: The hand coordinates, and the hand conditions in their order.
COORDINATES = ("x_A", "y_A", "x_B", "y_B")
ROWS = ("crank", "rod", "slider")
#: A wrong answer matches a typical mistake when within this fraction of the answer's size.
MATCH = 1e-4


def slider_crank_data(checker: str, crank, rod, masses=(1.5, 2.0, 3.0), angle=0.0, rate=0.0, gravity=GRAVITY) -> tuple:
    """The exercise's data, validated: (a, b, (m₁, m₂, m₃), θ, θ̇, g)."""
    a, b = data.positive(checker, "crank", crank), data.positive(checker, "rod", rod)
    if b <= a:
        raise InputError(f"{checker}: rod = {b:g} must be longer than crank = {a:g}, so that the crank turns a "
                         "whole turn (the exercise's data).")
    m = tuple(data.positive(checker, f"masses[{k}]", v)
              for k, v in enumerate(data.vector(checker, "masses", masses, 3, "crank, rod, slider, kg")))
    theta = data.angle(checker, "angle", angle, -2 * math.pi, 2 * math.pi, "the crank's angle from +x, rad")
    rate = data.between(checker, "rate", rate, -200.0, 200.0, "the crank's rate, rad/s")
    g = data.between(checker, "gravity", gravity, 0.0, 100.0, "g in m/s²")
    return a, b, m, theta, rate, g


@lru_cache(maxsize=8)
def slider_crank_system(crank: float = 0.2, rod: float = 0.6, masses: tuple = (1.5, 2.0, 3.0),
                        gravity: float = GRAVITY):
    """The slider-crank as a :class:`~mbtools.MultibodySystem` in natural
    coordinates (x_A, y_A, x_B, y_B, x_C, y_C): uniform bars, the slider a point mass at B
    (its point C massless), gravity along −y."""
    from .. import examples, set_masses
    from ..coordinates import formulate
    from ..description import MassProperties, uniform_bar
    from ..dynamics import MultibodySystem

    m1, m2, m3 = masses
    mechanism = examples.slider_crank(crank, rod)
    p = mechanism.point_position
    set_masses(mechanism, {"crank": uniform_bar(m1, p("O"), p("A")), "rod": uniform_bar(m2, p("A"), p("B")),
                           "slider": MassProperties(m3, p("B"), 0.0)})
    return MultibodySystem(formulate(mechanism, "natural"), gravity=(0.0, -gravity))


@lru_cache(maxsize=16)
def _state(crank: float, rod: float, angle: float, rate: float) -> tuple[np.ndarray, np.ndarray]:
    from ..kinematics import solve_position, solve_velocity

    model = slider_crank_system(crank, rod).model
    A = crank * np.array([math.cos(angle), math.sin(angle)])
    B = np.array([A[0] + math.sqrt(rod**2 - A[1] ** 2), 0.0])
    q = solve_position(model, {"crank": angle}, guess=np.r_[A, B, B + (1.0, 0.0)]).q
    return q, solve_velocity(model, q, {"crank": rate})


def slider_crank_state(angle: float, rate: float, crank: float = 0.2, rod: float = 0.6):
    """(q, q̇) of the library's model (six coordinates) with the crank at ``angle`` (rad)
    turning at ``rate`` (rad/s), the slider to the right of A; copies."""
    q, qd = _state(float(crank), float(rod), float(angle), float(rate))
    return q.copy(), qd.copy()


def slider_crank_terms(q, qd, crank: float = 0.2, rod: float = 0.6, masses=(1.5, 2.0, 3.0), gravity: float = GRAVITY,
                       lumped: bool = False) -> dict:
    """The hand model's M, Φ, Φ_q, γ and Q at (q, q̇) (their first four entries are used);
    ``lumped``: each bar's mass half at each end instead (a mistake)."""
    (xA, yA, xB, yB), v = np.asarray(q, float)[:4], np.asarray(qd, float)[:4]
    m1, m2, m3 = masses
    dx, dy, w = xB - xA, yB - yA, v[2:] - v[:2]
    if lumped:
        M = np.diag([(m1 + m2) / 2] * 2 + [m2 / 2 + m3] * 2)
    else:
        M = np.kron([[(m1 + m2) / 3, m2 / 6], [m2 / 6, m2 / 3 + m3]], np.eye(2))
    J = np.array([[2 * xA, 2 * yA, 0, 0], [-2 * dx, -2 * dy, 2 * dx, 2 * dy], [0, 0, 0, 1.0]])
    return {"M": M, "phi": np.array([xA**2 + yA**2 - crank**2, dx**2 + dy**2 - rod**2, yB]), "J": J,
            "gamma": np.array([-2 * v[:2] @ v[:2], -2 * w @ w, 0.0]),
            "Q": -gravity * np.array([0.0, (m1 + m2) / 2, 0.0, m2 / 2 + m3])}


def _kkt(M, J, Q, gamma) -> tuple[np.ndarray, np.ndarray]:
    n = len(M)
    x = np.linalg.solve(np.block([[M, J.T], [J, np.zeros((len(J), len(J)))]]), np.r_[Q, gamma])
    return x[:n], x[n:]


def slider_crank_dynamics(crank: float = 0.2, rod: float = 0.6, masses=(1.5, 2.0, 3.0), angle: float = 0.0,
                          rate: float = 0.0, gravity: float = GRAVITY) -> tuple[np.ndarray, np.ndarray]:
    """(q̈ of A and B, λ of the hand rows) by the library: q̈ from
    :func:`mbtools.dynamics.multipliers.accelerations`, λ from Φ_qᵀλ = Q − M q̈ with the
    library's M and Q and the hand rows' Φ_q."""
    from ..dynamics import multipliers

    system = slider_crank_system(crank, rod, tuple(masses), gravity)
    q, qd = slider_crank_state(angle, rate, crank, rod)
    qdd = multipliers.accelerations(system, q, qd, 0.0, stabilised=False)[0]
    reaction = (system.forces(q, qd, 0.0) - system.mass_matrix(q) @ qdd)[:4]
    J = slider_crank_terms(q, qd, crank, rod)["J"]
    return qdd[:4], np.linalg.lstsq(J.T, reaction, rcond=None)[0]


def _judge(value: np.ndarray, right: np.ndarray, what: str, variants, names, rows=None, rtol: float = 1e-6):
    """Right, or a WrongAnswer: the first mistake of ``variants`` ((array, message), an
    array that is not right) the value matches, else the wrong entries named."""
    size = max(float(np.abs(right).max(initial=0.0)), 1e-300)
    if np.abs(value - right).max() <= rtol * size:
        return Right(what)
    for other, message in variants:
        other = np.asarray(other, float)
        if other.shape == value.shape and np.abs(other - right).max() > 10 * MATCH * size \
                and np.abs(value - other).max() <= MATCH * size:
            raise WrongAnswer(f"{what} {message}.")
    raise WrongAnswer(diagnose_array(value, right, what, list(names), rows and list(rows), rtol=rtol)
                      or f"{what} is not right.")


def check_slider_crank_mass_matrix(answer, *, masses) -> Right | Pending:
    """Check the hand model's constant mass matrix M (4 × 4, kg, in (x_A, y_A, x_B, y_B)).

    >>> check_slider_crank_mass_matrix(np.diag([1.75, 1.75, 4.0, 4.0]), masses=(1.5, 2.0, 3.0))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    mbtools.exercises.feedback.WrongAnswer: M lumps each bar's mass at its two ends...
    """
    _, _, (m1, m2, m3), *_ = slider_crank_data("check_slider_crank_mass_matrix", 0.2, 0.6, masses)
    what = "M"
    if answer is ...:
        return Pending(what)
    value = as_array(answer, (4, 4), what)
    if np.abs(value - value.T).max() > 1e-9 * np.abs(value).max():
        raise WrongAnswer("M is not symmetric: the kinetic energy ½ q̇ᵀMq̇ gives M_ij = M_ji.")
    block = lambda aa, ab, bb: np.kron([[aa, ab], [ab, bb]], np.eye(2))   # noqa: E731
    right = block((m1 + m2) / 3, m2 / 6, m2 / 3 + m3)
    variants = (
        (block((m1 + m2) / 2, 0.0, m2 / 2 + m3), "lumps each bar's mass at its two ends: a uniform bar's kinetic "
                                                 "energy, integrated along it, gives its consistent matrix, whose "
                                                 "coupling of the two ends is not zero"),
        (block(m1 + m2 / 3, m2 / 6, m2 / 3 + m3), "puts the crank's whole mass at A: it is spread from O to A (O is "
                                                  "fixed, so only A's share of the crank's matrix remains)"),
        (block((m1 + m2) / 3, m2 / 6, m2 / 3), "leaves out the slider's mass at B"),
        (block(m1 / 6 + m2 / 6, m2 / 3, m2 / 6 + m3), "swaps a uniform bar's diagonal and coupling entries"),
        (block(m2 / 3, m2 / 6, m2 / 3 + m3), "leaves out the crank"),
    )
    return _judge(value, right, what, variants, COORDINATES, COORDINATES)


def check_slider_crank_forces(answer, *, masses, gravity: float = GRAVITY) -> Right | Pending:
    """Check Q (N, in x_A, y_A, x_B, y_B), the generalized forces of the weights, against
    the library's (``system.forces``).

    >>> check_slider_crank_forces([0.0, -17.1675, 0.0, -39.24], masses=(1.5, 2.0, 3.0))
    ✓ Q: right.
    """
    _, _, (m1, m2, m3), _, _, g = slider_crank_data("check_slider_crank_forces", 0.2, 0.6, masses, gravity=gravity)
    what = "Q"
    if answer is ...:
        return Pending(what)
    value = as_array(answer, (4,), what)
    system = slider_crank_system(0.2, 0.6, (m1, m2, m3), g)
    q, qd = slider_crank_state(1.0, 0.0)
    right = system.forces(q, qd, 0.0)[:4]
    weights = lambda at_A, at_B: -g * np.array([0.0, at_A, 0.0, at_B])   # noqa: E731
    variants = ((weights(m1 + m2 / 2, m2 / 2 + m3), "puts the crank's whole weight at A: O, fixed, carries half"),
                (weights(m1 / 2 + m2, m3), "puts the rod's whole weight at A; its centre is midway between A and B"),
                (weights((m1 + m2) / 2, m2 / 2), "leaves out the slider's weight"),
                (right / g, "leaves out g: a weight is m g"))
    return _judge(value, right, what, variants, COORDINATES)


def _call(function, what: str, size: int, *args) -> np.ndarray:
    """The student's function at ``args`` as a float array of ``size`` entries (a matrix
    of shape 3 × 4 when ``size`` is 12)."""
    if not callable(function):
        raise WrongAnswer(f"{what} must be a function (def ...: return ...); got {type(function).__name__}.")
    try:
        value = function(*(np.array(a, dtype=float) for a in args))
    except Exception as error:   # the student's function failing is feedback, not a crash
        raise WrongAnswer(f"{what} raised {type(error).__name__}: {error}") from None
    if value is None or value is ...:
        raise WrongAnswer(f"{what} returns nothing yet: write the line that returns it.")
    return as_array(value, (3, 4) if size == 12 else (size,), what)


def _samples(crank: float, rod: float) -> list[tuple[np.ndarray, np.ndarray]]:
    """(q, q̇): an assembled state with velocities and three arbitrary ones."""
    q, qd = slider_crank_state(math.radians(135.0), 10.0, crank, rod)
    rng = np.random.default_rng(9)
    return [(q[:4], qd[:4])] + [(q[:4] + 0.1 * crank * rng.standard_normal(4), rng.standard_normal(4))
                                for _ in range(3)]


def check_slider_crank_equations(answer, *, quantity: str, crank: float, rod: float) -> Right | Pending:
    """Check a function of the hand model: ``quantity`` "phi" (``phi(q)``, Φ, m² and m),
    "jacobian" (``jacobian(q)``, Φ_q, 3 × 4) or "gamma" (``gamma(q, qd)``, γ of
    Φ_q q̈ = γ), at an assembled state and three arbitrary ones, against the module's forms.

    >>> zero = lambda q, qd: 0 * q[:3]
    >>> check_slider_crank_equations(zero, quantity="gamma", crank=0.2, rod=0.6)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    mbtools.exercises.feedback.WrongAnswer: γ is zero: ...
    """
    checker = "check_slider_crank_equations"
    quantity = data.choice(checker, "quantity", quantity, ("phi", "jacobian", "gamma"))
    a, b, *_ = slider_crank_data(checker, crank, rod)
    what = {"phi": "Φ", "jacobian": "Φ_q", "gamma": "γ"}[quantity]
    if answer is ...:
        return Pending(what)
    samples = _samples(a, b)
    size = 12 if quantity == "jacobian" else 3
    key = {"phi": "phi", "jacobian": "J", "gamma": "gamma"}[quantity]
    value = np.array([_call(answer, f"{what}(q{', qd' if quantity == 'gamma' else ''})", size,
                            *((q, qd) if quantity == "gamma" else (q,))) for q, qd in samples])
    right = np.array([slider_crank_terms(q, qd, a, b)[key] for q, qd in samples])
    half_rows = right.copy()
    if quantity == "phi":
        (xA, yA, xB, yB) = np.array([q for q, _ in samples]).T
        variants = (
            (right + np.array([a**2 - a, b**2 - b, 0.0]), "subtracts the bars' lengths, not their squares"),
            (np.c_[np.hypot(xA, yA) - a, np.hypot(xB - xA, yB - yA) - b, yB],
             "is written with the distances; write each bar's condition squared (distance² − length²), as the book "
             "does, so that Φ_q and λ are those of its form"),
            (-right, "has the wrong sign: write distance² − length² (and y_B), so that λ has the book's sign"),
            (right[:, [1, 0, 2]], "has the crank's and the rod's rows swapped: order them crank, rod, slider"),
        )
    elif quantity == "jacobian":
        half_rows[:, :2] /= 2
        flipped = right.copy()
        flipped[:, 1, :2] *= -1
        variants = ((half_rows, "lacks the factor 2 in the bars' rows: the derivative of a square"),
                    (-right, "has the wrong sign"),
                    (flipped, "has the wrong sign in the rod's row for A: |r_B − r_A|² changes with r_A as with "
                              "−r_B"))
    else:
        half_rows[:, :2] /= 2
        absolute = right.copy()
        absolute[:, 1] = [-2 * qd[2:] @ qd[2:] for _, qd in samples]
        variants = ((-right, "has the wrong sign: differentiate Φ_q q̇ once more, and move the q̇ terms right"),
                    (half_rows, "lacks the factor 2 of the derivative of a square"),
                    (absolute, "takes B's velocity in the rod's row: the rod's length changes with B's velocity "
                               "relative to A"))
        if not np.abs(value).any():
            raise WrongAnswer("γ is zero: at a state with velocities, the derivative of Φ_q times q̇ is not.")
    names = ["x_A", "y_A", "x_B", "y_B"] if quantity == "jacobian" else list(ROWS)
    size_all = max(float(np.abs(right).max()), 1e-300)
    if np.abs(value - right).max() <= 1e-9 * size_all:
        return Right(what)
    for other, message in variants:
        if np.abs(value - other).max() <= MATCH * size_all:
            raise WrongAnswer(f"{what} {message}.")
    for k, (v, r) in enumerate(zip(value, right)):
        note = diagnose_array(v, r, what, names, list(ROWS), rtol=1e-9)
        if note:
            where = "at the assembled state" if k == 0 else "off the constraints (at an arbitrary q)"
            raise WrongAnswer(f"{note.rstrip('.')} — {where}.")
    raise WrongAnswer(f"{what} is not right.")   # pragma: no cover - some sample differs


def _variants_of_solution(a, b, masses, theta, rate, g) -> dict:
    """The KKT solution (q̈, λ) of typical mistakes, by name."""
    q, qd = slider_crank_state(theta, rate, a, b)
    t, lumped = slider_crank_terms(q, qd, a, b, masses, g), slider_crank_terms(q, qd, a, b, masses, g, lumped=True)
    M, J, Q, gamma = t["M"], t["J"], t["Q"], t["gamma"]
    return {"lumped": _kkt(lumped["M"], J, Q, gamma), "minus_gamma": _kkt(M, J, Q, -gamma),
            "half_gamma": _kkt(M, J, Q, gamma / 2), "no_gamma": _kkt(M, J, Q, 0 * gamma),
            "no_gravity": _kkt(M, J, 0 * Q, gamma), "terms": t}


MISTAKES = {"lumped": "comes from a mass matrix with each bar's mass lumped at its ends, not the consistent one",
            "minus_gamma": "comes from γ with the wrong sign", "half_gamma": "comes from γ without its factor 2",
            "no_gamma": "leaves out γ: it is that of the mechanism at rest in this position",
            "no_gravity": "leaves out the weights in Q"}


def check_slider_crank_dynamics(answer, *, quantity: str, crank: float, rod: float, masses, angle: float, rate: float,
                                gravity: float = GRAVITY) -> Right | Pending:
    """Check q̈ (``quantity`` "accelerations", m/s², of x_A, y_A, x_B, y_B) or λ
    ("multipliers", of the rows crank, rod, slider in the book's sign, M q̈ + Φ_qᵀλ = Q)
    at the state of crank angle ``angle`` and rate ``rate``, against
    :func:`slider_crank_dynamics`.

    >>> qdd, lam = slider_crank_dynamics(angle=math.radians(135), rate=10.0)
    >>> check_slider_crank_dynamics(-lam, quantity="multipliers", crank=0.2, rod=0.6, masses=(1.5, 2, 3),
    ...                             angle=math.radians(135), rate=10.0)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    mbtools.exercises.feedback.WrongAnswer: λ has the wrong sign...
    """
    checker = "check_slider_crank_dynamics"
    quantity = data.choice(checker, "quantity", quantity, ("accelerations", "multipliers"))
    a, b, m, theta, rate, g = slider_crank_data(checker, crank, rod, masses, angle, rate, gravity)
    what, names = ("q̈", COORDINATES) if quantity == "accelerations" else ("λ", ROWS)
    if answer is ...:
        return Pending(what)
    size = 4 if quantity == "accelerations" else 3
    if np.size(answer) in (5, 6) and not isinstance(answer, str):
        raise WrongAnswer(f"{what} has {np.size(answer)} entries, as the library's model (with the slider's point C) "
                          f"has; give the {size} of your model, in its order.")
    value = as_array(answer, (size,), what)
    right = slider_crank_dynamics(a, b, m, theta, rate, g)[size == 3]
    variants = [(v[size == 3], MISTAKES[k]) for k, v in _variants_of_solution(a, b, m, theta, rate, g).items()
                if k in MISTAKES]
    if size == 3:
        variants.insert(0, (-right, "has the wrong sign: the book writes M q̈ + Φ_qᵀλ = Q, the reactions "
                                    "being −Φ_qᵀλ"))
    return _judge(value, right, what, variants, names)


def check_rod_force(force, verdict, *, crank: float, rod: float, masses, angle: float, rate: float,
                    gravity: float = GRAVITY) -> Right | Pending:
    """Check the force (N) the rod's condition carries between A and B, positive in
    compression, and the ``verdict`` "compression" or "tension".

    >>> lam = slider_crank_dynamics(angle=math.radians(135), rate=10.0)[1]
    >>> check_rod_force(-2 * lam[1] * 0.6, "compression", crank=0.2, rod=0.6, masses=(1.5, 2, 3),
    ...                 angle=math.radians(135), rate=10.0)
    ✓ the rod's force: right.
    """
    a, b, m, theta, rate, g = slider_crank_data("check_rod_force", crank, rod, masses, angle, rate, gravity)
    what = "the rod's force"
    if force is ... or verdict is ...:
        return Pending(what)
    value = as_number(force, what)
    lam = slider_crank_dynamics(a, b, m, theta, rate, g)[1]
    right = -2 * lam[1] * b
    for other, message in (
        (2 * lam[1] * b, "has the wrong sign: positive in compression, when the condition pushes A and B apart"),
        (lam[1], "is λ itself, a force per metre (N/m: the condition is in m²); the force is the size of the "
                 "reaction −Φ_qᵀλ on B"),
        (-lam[1], "is −λ, a force per metre; the force is the size of the reaction −Φ_qᵀλ on B"),
        (-2 * lam[1], "lacks the rod's length: the gradient of |r_B − r_A|² is 2(r_B − r_A)"),
        (-lam[1] * b, "lacks the factor 2 of the gradient of a square"),
        (-2 * lam[1] * b * b, "has the length squared: the gradient 2(r_B − r_A) is 2b long"),
        (-2 * lam[0] * a, "is the crank's force, not the rod's"),
    ):
        if abs(value - other) <= MATCH * abs(other) and abs(other - right) > 10 * MATCH * abs(right):
            raise WrongAnswer(f"{what} {message}.")
    message = diagnose_number(value, right, what, rtol=1e-6)
    if message:
        raise WrongAnswer(message)
    if not isinstance(verdict, str) or verdict.strip().lower() not in ("compression", "tension"):
        raise WrongAnswer(f"rod_state must be \"compression\" or \"tension\"; got {verdict!r}.")
    if verdict.strip().lower() != ("compression" if right > 0 else "tension"):
        raise WrongAnswer("rod_state contradicts the force: look at the direction of the reaction −Φ_qᵀλ on B, "
                          "towards A or away from it.")
    return Right(what)


def check_null_space_column(answer, *, crank: float, rod: float, angle: float) -> Right | Pending:
    """Check R, one column (4 entries, any nonzero scale) with Φ_q R = 0 at the crank angle
    ``angle``: the velocities the constraints allow.

    >>> q, qd = slider_crank_state(math.radians(135), 10.0)
    >>> check_null_space_column(qd[:4], crank=0.2, rod=0.6, angle=math.radians(135))
    ✓ R: right.
    """
    a, b, _, theta, *_ = slider_crank_data("check_null_space_column", crank, rod, angle=angle)
    what = "R"
    if answer is ...:
        return Pending(what)
    if np.ndim(answer) == 2 and np.shape(answer)[1:] != (1,) and np.shape(answer)[0] == 4:
        raise WrongAnswer("R must have one column: the slider-crank has one degree of freedom.")
    value = as_array(answer, (4,), what)
    q, qd = slider_crank_state(theta, 1.0, a, b)
    J = slider_crank_terms(q, qd, a, b)["J"]
    norm = float(np.linalg.norm(value))
    if norm == 0.0:
        raise WrongAnswer("R is zero: it must span the allowed velocities.")
    residual = J @ value / (np.linalg.norm(J, axis=1) * norm)
    if np.abs(residual).max() <= 1e-7:
        return Right(what)
    in_rows = np.linalg.lstsq(J.T, value, rcond=None)[0]
    if np.linalg.norm(J.T @ in_rows - value) <= 1e-7 * norm:
        raise WrongAnswer("R lies in the row space of Φ_q: those are the directions the reactions act along, "
                          "normal to the motions the constraints allow; R must satisfy Φ_q R = 0.")
    broken = [ROWS[k] for k in np.flatnonzero(np.abs(residual) > 1e-7)]
    raise WrongAnswer(f"R is not in the null space of Φ_q: the {' and the '.join(broken)} row"
                      f"{'s' if len(broken) > 1 else ''} of Φ_q R {'are' if len(broken) > 1 else 'is'} not zero.")


def check_particular_acceleration(answer, *, crank: float, rod: float, angle: float, rate: float) -> Right | Pending:
    """Check q̈_p (4 entries, m/s²): any acceleration with Φ_q q̈_p = γ at the state, such
    as Ṙż, the accelerations with z̈ = 0.

    >>> q, qd = slider_crank_state(math.radians(135), 10.0)
    >>> check_particular_acceleration(np.zeros(4), crank=0.2, rod=0.6, angle=math.radians(135),
    ...                               rate=10.0)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    mbtools.exercises.feedback.WrongAnswer: q̈_p: Φ_q q̈_p is zero...
    """
    a, b, _, theta, rate, _ = slider_crank_data("check_particular_acceleration", crank, rod, angle=angle, rate=rate)
    what = "q̈_p"
    if answer is ...:
        return Pending(what)
    value = as_array(answer, (4,), what)
    t = slider_crank_terms(*slider_crank_state(theta, rate, a, b), a, b)
    J, gamma = t["J"], t["gamma"]
    size = float(np.abs(gamma).max())
    got = J @ value
    if np.abs(got - gamma).max() <= 1e-8 * size:
        return Right(what)
    for factor, message in ((0.0, "is zero: that is Φ_q q̈ at rest; with velocities Ṙż is not zero"),
                            (-1.0, "is −γ: a sign is wrong in Ṙż"),
                            (0.5, "is γ/2: a factor 2 is lost"), (2.0, "is 2γ: a factor 2 too many")):
        if np.abs(got - factor * gamma).max() <= MATCH * size:
            raise WrongAnswer(f"{what}: Φ_q q̈_p {message}.")
    broken = [ROWS[k] for k in np.flatnonzero(np.abs(got - gamma) > 1e-8 * size)]
    raise WrongAnswer(f"{what} does not satisfy Φ_q q̈_p = γ in the {' and the '.join(broken)} row"
                      f"{'s' if len(broken) > 1 else ''}.")


def check_reduced_acceleration(answer, *, R, qdd_p, crank: float, rod: float, masses, angle: float, rate: float,
                               gravity: float = GRAVITY) -> Right | Pending:
    """Check z̈ of q̈ = q̈_p + R z̈ for the student's own R and q̈_p (checked first): (a)'s
    q̈ (:func:`slider_crank_dynamics`) projected onto R, Rᵀ(q̈ − q̈_p)/RᵀR.

    >>> q, qd = slider_crank_state(math.radians(135), 10.0)
    >>> qdd = slider_crank_dynamics(angle=math.radians(135), rate=10.0)[0]
    >>> check_reduced_acceleration(10.0, R=qd[:4], qdd_p=qdd - 10.0 * qd[:4], crank=0.2, rod=0.6,
    ...                            masses=(1.5, 2, 3), angle=math.radians(135), rate=10.0)
    ✓ z̈: right.
    """
    a, b, m, theta, rate, g = slider_crank_data("check_reduced_acceleration", crank, rod, masses, angle, rate, gravity)
    what = "z̈"
    if answer is ... or R is ... or qdd_p is ...:
        return Pending(what)
    check_null_space_column(R, crank=a, rod=b, angle=theta)
    check_particular_acceleration(qdd_p, crank=a, rod=b, angle=theta, rate=rate)
    value = as_number(answer, what)
    R, qdd_p = np.asarray(R, float).reshape(4), np.asarray(qdd_p, float).reshape(4)
    qdd = slider_crank_dynamics(a, b, m, theta, rate, g)[0]
    right = float(R @ (qdd - qdd_p) / (R @ R))
    t = _variants_of_solution(a, b, m, theta, rate, g)["terms"]
    M, lumped, Q = t["M"], slider_crank_terms(np.zeros(4), np.zeros(4), a, b, m, g, True)["M"], t["Q"]
    for other, message in (
        (R @ (Q - lumped @ qdd_p) / (R @ lumped @ R), "comes from a mass matrix with the bars' masses lumped"),
        (R @ Q / (R @ M @ R), "leaves out M q̈_p: the part of the acceleration the velocities bring"),
        (R @ (Q + M @ qdd_p) / (R @ M @ R), "adds M q̈_p where it is subtracted"),
        (R @ (Q - M @ qdd_p) / (R @ R), "divides by RᵀR: the reduced mass is RᵀMR"),
    ):
        if abs(value - other) <= MATCH * abs(other) and abs(other - right) > 10 * MATCH * abs(right):
            raise WrongAnswer(f"{what} {message}.")
    message = diagnose_number(value, right, what, rtol=1e-6)
    if message:
        raise WrongAnswer(message)
    return Right(what)
