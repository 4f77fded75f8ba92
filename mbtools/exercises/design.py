"""Checkers of the design exercises (chapter 16, design sensitivity and optimal synthesis):
the sensitivity of a four-bar's joint points to its crank and ground lengths by the
implicit-function theorem, the best step of a central difference, and the extreme
transmission angles of a crank-rocker.

Each validates the exercise's data first, computes the right value from the closed form
written out here (independent of :mod:`mbtools.analysis.sensitivity` and
:mod:`mbtools.analysis.synthesis`, which the tests set it against), and names the likely
mistake: the sign of −Φ_p dropped, the other assembly mode, the crank angle in degrees,
the ground pivot O4 taken as fixed when d changes, the forward difference's error model,
a truncation or round-off term mis-counted, the transmission angle's supplement, the two
extremes swapped, a bound checked at one end only.

Example
-------
>>> check_transmission_extremes((90.0, 90.0), lengths=(1.0, 3.0, 3.0, 3.0))   # doctest: +ELLIPSIS
Traceback (most recent call last):
...
mbtools.exercises.feedback.WrongAnswer: both extremes are the same: ...
>>> check_transmission_extremes(..., lengths=(1.0, 3.0, 3.0, 3.0))
… the extreme transmission angles: put your answer in place of ... and run the cell again.
"""

from __future__ import annotations

import math

import numpy as np

from ..errors import InputError
from . import data
from .feedback import DIAGNOSE_RTOL, RTOL, Pending, Right, WrongAnswer, as_array, as_number, diagnose_number

ROWS = ("x_A", "y_A", "x_B", "y_B")
COLUMNS = ("a", "d")


def _lengths(checker: str, lengths) -> np.ndarray:
    """Four positive lengths (a, b, c, d) that close a loop."""
    lengths = data.vector(checker, "lengths", lengths, 4, "crank, coupler, rocker, ground")
    if np.any(lengths <= 0):
        raise InputError(f"{checker}: every entry of lengths (a, b, c, d) must be positive, got {lengths.tolist()} "
                         "(the exercise's data).")
    if 2 * lengths.max() >= lengths.sum():
        raise InputError(f"{checker}: the lengths {lengths.tolist()} (crank, coupler, rocker, ground) close no loop: "
                         "the longest must be shorter than the sum of the other three (the exercise's data).")
    return lengths


def _rocker_tip(lengths, crank_angle: float, assembly: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A, B and O4 by intersecting the circle of radius b about A with that of radius c
    about O4 = (d, 0); the open assembly puts B to the left of the ray A→O4."""
    a, b, c, d = lengths
    A, O4 = a * np.array([math.cos(crank_angle), math.sin(crank_angle)]), np.array([d, 0.0])
    diagonal = O4 - A
    delta = math.hypot(*diagonal)
    along = (b * b - c * c + delta * delta) / (2 * delta)
    across = math.sqrt(max(b * b - along * along, 0.0)) * (1.0 if assembly == "open" else -1.0)
    unit = diagonal / delta
    return A, A + along * unit + across * np.array([-unit[1], unit[0]]), O4


def position_sensitivity(lengths, crank_angle: float, assembly: str = "open") -> np.ndarray:
    """∂(x_A, y_A, x_B, y_B)/∂(a, d), (4, 2), of a four-bar at crank angle s, by the
    implicit-function theorem on A = a(cos s, sin s), ‖B − A‖² = b², ‖B − O4‖² = c²:
    dA/da = (cos s, sin s) and dA/dd = 0; with J = [(B − A)ᵀ; (B − O4)ᵀ],
    J dB/da = ((B − A)·dA/da, 0) and J dB/dd = (0, x_B − d).

    Example
    -------
    >>> position_sensitivity((2.0, 7.0, 9.0, 6.0), 0.0)[:2].tolist()
    [[1.0, 0.0], [0.0, 0.0]]
    """
    A, B, O4 = _rocker_tip(np.asarray(lengths, dtype=float), crank_angle, assembly)
    crank = np.array([math.cos(crank_angle), math.sin(crank_angle)])
    J = np.array([B - A, B - O4])
    dB_da = np.linalg.solve(J, [(B - A) @ crank, 0.0])
    dB_dd = np.linalg.solve(J, [0.0, B[0] - O4[0]])
    return np.array([[crank[0], 0.0], [crank[1], 0.0], [dB_da[0], dB_dd[0]], [dB_da[1], dB_dd[1]]])


def check_position_sensitivity(answer, *, lengths, crank_angle: float) -> Right | Pending:
    """Check the (4, 2) matrix ∂(x_A, y_A, x_B, y_B)/∂(a, d), one row per coordinate and
    one column per parameter (a, then d), of the four-bar of ``lengths`` (a, b, c, d) in
    its open assembly at ``crank_angle`` s (rad), O2 at the origin and O4 at (d, 0)."""
    checker = "check_position_sensitivity"
    lengths = _lengths(checker, lengths)
    s = data.angle(checker, "crank_angle", crank_angle, -2 * math.pi, 2 * math.pi, "a crank angle in radians",
                   open_ends=False)
    a, b, c, d = lengths
    delta = math.hypot(a * math.cos(s) - d, a * math.sin(s))
    if not abs(b - c) - 1e-12 * d <= delta <= b + c + 1e-12 * d:
        raise InputError(f"{checker}: the loop does not close at crank_angle = {s:g} rad: ‖A − O4‖ = {delta:.6g} "
                         f"is outside [‖b − c‖, b + c] (the exercise's data).")
    cos_mu = (b * b + c * c - delta * delta) / (2 * b * c)
    if 1 - abs(cos_mu) < 1e-9:
        raise InputError(f"{checker}: crank_angle = {s:g} rad is a dead point (coupler and rocker aligned), where "
                         "the derivatives do not exist (the exercise's data).")
    if answer is ...:
        return Pending("∂(x_A, y_A, x_B, y_B)/∂(a, d)")
    if np.shape(answer) == (2, 4):
        raise WrongAnswer("the answer has shape (2, 4), the transpose of (4, 2): one row per coordinate "
                          "(x_A, y_A, x_B, y_B), one column per parameter (a, d).")
    value = as_array(answer, (4, 2), "∂(x_A, y_A, x_B, y_B)/∂(a, d)")
    right = position_sensitivity(lengths, s)
    scale = float(np.abs(right).max())
    if np.allclose(value, right, rtol=0.0, atol=RTOL * scale):
        return Right("∂(x_A, y_A, x_B, y_B)/∂(a, d)")
    variants = [
        (-right, "every entry has the wrong sign: differentiating Φ(q(p), p) = 0 gives Φ_q q_p = −Φ_p."),
        (position_sensitivity(lengths, s, "crossed"), "that is the crossed assembly: in the open one B lies to "
         "the left of the ray from A to O4."),
        (np.c_[right[:, 0], np.r_[0.0, 0.0, 0.0, 0.0]], "∂B/∂d is zero, but O4 = (d, 0) moves with d: the rocker's "
         "equation ‖B − O4‖² = c² depends on d explicitly."),
        (np.c_[right[:, 0], np.r_[0.0, 0.0, -right[2:, 1]]], "∂B/∂d has the wrong sign: ∂/∂d of (x_B − d)² is "
         "−2(x_B − d)."),
        (np.c_[np.r_[right[:2, 0], 0.0, 0.0], right[:, 1]], "∂B/∂a is zero, but A moves with a, and the coupler's "
         "equation ‖B − A‖² = b² carries that to B through Φ_q's entries for A."),
    ]
    if abs(b - c) < math.hypot(a * math.cos(math.degrees(s)) - d, a * math.sin(math.degrees(s))) < b + c:
        variants.append((position_sensitivity(lengths, math.degrees(s)), "the crank angle was taken in degrees as "
                         "if radians: cos and sin take radians."))
    for other, message in variants:
        if np.allclose(value, other, rtol=0.0, atol=DIAGNOSE_RTOL / 10 * scale):
            raise WrongAnswer(message)
    wrong = [f"∂{ROWS[i]}/∂{COLUMNS[j]}" for i in range(4) for j in range(2)
             if abs(value[i, j] - right[i, j]) > RTOL * scale]
    raise WrongAnswer(f"{', '.join(wrong)} {'is' if len(wrong) == 1 else 'are'} off: write Φ_q and Φ_p of the "
                      "four equations in (x_A, y_A, x_B, y_B) and (a, d), and solve Φ_q q_p = −Φ_p.")


def optimal_central_step(noise: float, third_derivative: float) -> tuple[float, float]:
    """The step h* that minimises the error model of a central difference,
    E(h) = M h²/6 + ε/h (truncation and round-off, M = ‖ψ‴‖, ε the error of each value of ψ),
    and the error E(h*) there: h* = (3ε/M)^(1/3), E(h*) = 3ε/(2h*).

    Example
    -------
    >>> [float(f"{x:.4g}") for x in optimal_central_step(1e-16, 3.0)]
    [4.642e-06, 3.232e-11]
    """
    step = (3.0 * noise / third_derivative) ** (1.0 / 3.0)
    return step, 1.5 * noise / step


def check_optimal_step(answer, *, noise: float, third_derivative: float) -> Right | Pending:
    """Check (h*, E*): the step that minimises the error of the central difference of a
    function whose values carry an absolute error ``noise`` (ε) and whose third derivative
    is about ``third_derivative`` (M), and the smallest error E(h*)."""
    checker = "check_optimal_step"
    noise = data.positive(checker, "noise", noise)
    third_derivative = data.positive(checker, "third_derivative", third_derivative)
    if noise >= 1e-3 * third_derivative:
        raise InputError(f"{checker}: noise = {noise:g} is not small beside third_derivative = {third_derivative:g}: "
                         "the error model needs ε ≪ M, or the best step is not small (the exercise's data).")
    if answer is ...:
        return Pending("(h*, E*)")
    step, error = as_array(answer, (2,), "(h*, E*)")
    right_step, right_error = optimal_central_step(noise, third_derivative)
    near = lambda x, y: abs(x - y) <= DIAGNOSE_RTOL * abs(y)     # noqa: E731
    if abs(step - right_step) > RTOL * right_step:
        for other, message in (
            (2 * math.sqrt(noise / third_derivative), "that is the forward difference's step, 2(ε/M)^(1/2): the "
             "central difference's truncation error is of order h², not h."),
            ((noise / third_derivative) ** (1 / 3), "the truncation error is M h²/6, not M h²/2: the h² terms of "
             "ψ(p + h) and ψ(p − h) cancel, and the h³/6 terms add."),
            ((6 * noise / third_derivative) ** (1 / 3), "the round-off is ε/h, not 2ε/h: the two values carry at "
             "most 2ε between them, and the difference is divided by 2h."),
            ((3 * noise) ** (1 / 3), "the step depends on the third derivative M too: h* = (3ε/M)^(1/3) balances "
             "the two terms."),
            (math.sqrt(noise), "√ε is the rule of thumb of the forward difference; the central difference balances "
             "h² against 1/h."),
        ):
            if near(step, other):
                raise WrongAnswer(message)
        raise WrongAnswer(diagnose_number(step, right_step, "h*", scale=right_step) or "h* is off.")
    if abs(error - right_error) > RTOL * right_error:
        for other, message in (
            (noise / right_step, "that is the round-off ε/h* alone: add the truncation M h*²/6."),
            (noise / (2 * right_step), "that is the truncation M h*²/6 alone: add the round-off ε/h*."),
            (2 * math.sqrt(noise * third_derivative), "that is the forward difference's smallest error, 2(εM)^(1/2)."),
        ):
            if near(error, other):
                raise WrongAnswer(message)
        raise WrongAnswer(diagnose_number(error, right_error, "E(h*)", scale=right_error) or "E(h*) is off.")
    return Right("(h*, E*)")


def _crank_rocker(checker: str, lengths) -> np.ndarray:
    """Four lengths of a Grashof crank-rocker whose crank a is the shortest."""
    lengths = _lengths(checker, lengths)
    a, b, c, d = lengths
    if a > min(b, c, d) or a + max(b, c, d) > b + c + d - max(b, c, d):
        raise InputError(f"{checker}: lengths {lengths.tolist()} are not a Grashof crank-rocker with the crank a the "
                         "shortest link (which plus the longest is at most the sum of the other two): its crank does "
                         "not turn fully (the exercise's data).")
    return lengths


def extreme_transmission_angles(lengths) -> tuple[float, float]:
    """(μ_min, μ_max) in degrees of a crank-rocker: by the cosine rule in the triangles A,
    B, O4 at crank angles 0 and π, where ‖A − O4‖ is d − a and d + a,
    cos μ = (b² + c² − ‖A − O4‖²)/(2bc).

    Example
    -------
    >>> [round(x, 4) for x in extreme_transmission_angles((1.0, 3.0, 3.0, 3.0))]
    [38.9424, 83.6206]
    """
    a, b, c, d = lengths
    return tuple(math.degrees(math.acos((b * b + c * c - x * x) / (2 * b * c))) for x in (d - a, d + a))


def check_transmission_extremes(answer, *, lengths) -> Right | Pending:
    """Check (μ_min, μ_max), degrees: the smallest and largest transmission angles over a
    turn of the crank-rocker of ``lengths`` (a, b, c, d)."""
    checker = "check_transmission_extremes"
    lengths = _crank_rocker(checker, lengths)
    if answer is ...:
        return Pending("the extreme transmission angles")
    value = as_array(answer, (2,), "(μ_min, μ_max)")
    right = np.array(extreme_transmission_angles(lengths))
    if np.allclose(value, right, rtol=0.0, atol=RTOL * 180.0):
        return Right("the extreme transmission angles")
    a, b, c, d = lengths
    side = math.degrees(math.acos((b * b + c * c - a * a - d * d) / (2 * b * c)))
    near = lambda x, y: np.allclose(x, y, rtol=0.0, atol=DIAGNOSE_RTOL * 180.0 / 10)   # noqa: E731
    for other, message in (
        (np.radians(right), "those look like radians; give the angles in degrees."),
        (right[::-1], "the two are swapped: μ_min first."),
        (180.0 - right, "those are the supplements 180° − μ: in the triangle A, B, O4 the side ‖A − O4‖ lies "
         "opposite μ, so ‖A − O4‖² = b² + c² − 2bc cos μ."),
        (180.0 - right[::-1], "those are the supplements 180° − μ, swapped: ‖A − O4‖ lies opposite μ, so "
         "‖A − O4‖² = b² + c² − 2bc cos μ."),
        ((side, side), "both extremes are the same: μ grows with ‖A − O4‖, which is extreme where the crank lies "
         "along the ground line, not across it."),
    ):
        if near(value, other):
            raise WrongAnswer(message)
    if abs(value[0] - value[1]) < 1e-9 * 180.0:
        raise WrongAnswer("both extremes are the same: μ grows with ‖A − O4‖, which changes as the crank turns; "
                          "find where it is shortest and longest.")
    for name, v, r in zip(("μ_min", "μ_max"), value, right):
        message = diagnose_number(float(v), float(r), name, scale=180.0, angle=True, degrees=True)
        if message:
            raise WrongAnswer(message)
    raise WrongAnswer("the extreme transmission angles are off.")  # pragma: no cover (one entry is always off)


def meets_transmission_bound(lengths, bound_degrees: float) -> bool:
    """Whether the crank-rocker keeps bound ≤ μ ≤ 180° − bound over its whole turn.

    Example
    -------
    >>> meets_transmission_bound((1.0, 3.0, 3.0, 3.0), 40.0)
    False
    """
    smallest, largest = extreme_transmission_angles(lengths)
    return bool(smallest >= bound_degrees and largest <= 180.0 - bound_degrees)


def check_transmission_verdict(answer, *, lengths, bound_degrees: float) -> Right | Pending:
    """Check True or False: whether the crank-rocker of ``lengths`` keeps its transmission
    angle within [bound, 180° − bound] over the whole turn (``bound_degrees``, such as 40)."""
    checker = "check_transmission_verdict"
    lengths = _crank_rocker(checker, lengths)
    bound = data.between(checker, "bound_degrees", bound_degrees, 1.0, 89.0,
                         "a bound on the transmission angle in degrees")
    if answer is ...:
        return Pending("the verdict")
    if not isinstance(answer, (bool, np.bool_)):
        raise WrongAnswer(f"the verdict is True or False; got {type(answer).__name__} {answer!r}.")
    right = meets_transmission_bound(lengths, bound)
    if bool(answer) == right:
        return Right("the verdict")
    smallest, largest = extreme_transmission_angles(lengths)
    if right:
        raise WrongAnswer("the design meets the bound: compare μ_min with the bound and 180° − μ_max with it too.")
    if smallest >= bound:
        raise WrongAnswer("μ_min meets the bound, but look at the other end: near 180° the coupler pushes the rocker "
                          "along its own length as badly as near 0°, so the bound asks μ_max ≤ 180° − bound too.")
    raise WrongAnswer("compare μ_min with the bound: the smallest transmission angle over the turn is what it limits.")

