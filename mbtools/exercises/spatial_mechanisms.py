"""Checkers of the exercises on the spatial RSSR, RSCR and SSC in natural coordinates
(section 5a): the RSSR's output angle and rate in closed form, the RSCR's rod angle and
slide when its coupler is not square to the rod, and the idle spin of a link between two
ball joints once it carries a point off its axis.

Each validates the exercise's data first, computes the right value from the closed form
written out here (independent of ``mbtools.analysis.closed_forms_spatial`` and of the
solvers, which the tests set it against), and names the likely mistake: an angle in
degrees, the other root of A cos φ + B sin φ = C (the other assembly mode, the other sign
of a square root), the angle measured the wrong way round its axis, the factor 2 of the
cross term lost, a part of the implicit derivative left out, the rate per unit crank
rate, the coupler's offset along the rod dropped or ‖BC‖ taken for its distance from the
rod, a spin the wrong way round or about an axis that is not a unit vector.

Example
-------
>>> import math
>>> data = dict(crank=1.0, coupler=4.0, rocker=2.5, rocker_pivot=(3.0, 1.0, 1.0), rocker_offset=0.5)
>>> phi, _ = rssr_output(math.radians(60.0), assembly="plus", **data)
>>> check_rssr_output_angle(phi, crank_angle=math.radians(60.0), assembly="plus", **data)
✓ the rocker angle φ: right.
>>> check_rssr_output_angle(math.degrees(phi), crank_angle=math.radians(60.0), assembly="plus",
...                         **data)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
mbtools.exercises.feedback.WrongAnswer: the rocker angle φ looks like degrees...
"""

from __future__ import annotations

import math

import numpy as np

from ..description import axis_frame
from ..errors import InputError
from . import data
from .arrays import diagnose_array
from .feedback import DIAGNOSE_RTOL, RTOL, Pending, Right, WrongAnswer, as_array, as_number, diagnose_number

#: The RSSR's rocker axis and the RSCR's output axis, w₂ = y, as in :func:`mbtools.examples.rssr`.
W2 = np.array([0.0, 1.0, 0.0])
#: The tolerance of a right angle (rad) or length (m), far above the round-off of a
#: computation in double precision and far below any mistake named.
TOLERANCE = 1e-6
#: How near a wrong angle (rad) must come to a mistake's value for the mistake to be named.
NEAR = 1e-3
ASSEMBLIES = ("plus", "minus")


def _turns(a: float, b: float) -> float:
    """|a − b| up to whole turns."""
    return abs(math.remainder(a - b, 2 * math.pi))


# ----------------------------------------------------------------------------- the RSSR
def _rssr(theta: float, a: float, b: float, c: float, D0: np.ndarray, e: float, sign: float, cross: float = 2.0,
          rate_of_P_Q: bool = True, rate_of_R: bool = True) -> tuple[float, float]:
    """φ and dφ/dθ on the root ``sign`` (nan where the coupler cannot reach). ``cross``
    is the factor of the cross term 2c g·e(φ) (2; 1 for the mistake that loses it), and
    the two flags leave parts of F_θ out (the mistakes of the implicit derivative)."""
    f1, f2 = axis_frame(W2)
    B = a * np.array([math.cos(theta), math.sin(theta), 0.0])
    dB = a * np.array([-math.sin(theta), math.cos(theta), 0.0])
    g = D0 + e * W2 - B
    P, Q, R = cross * c * (g @ f1), cross * c * (g @ f2), g @ g + c * c - b * b
    radius = math.hypot(P, Q)
    if radius == 0.0 or abs(R) > radius:
        return math.nan, math.nan
    phi = math.atan2(Q, P) + sign * math.acos(-R / radius)
    dP, dQ, dR = -cross * c * (dB @ f1), -cross * c * (dB @ f2), -2.0 * (g @ dB)
    F_theta = (dP * math.cos(phi) + dQ * math.sin(phi) if rate_of_P_Q else 0.0) + (dR if rate_of_R else 0.0)
    F_phi = -P * math.sin(phi) + Q * math.cos(phi)
    return phi, float(-F_theta / F_phi) if F_phi != 0.0 else math.nan


def _rssr_data(checker: str, crank_angle, crank, coupler, rocker, rocker_pivot, rocker_offset, assembly):
    theta = data.angle(checker, "crank_angle", crank_angle, -2 * math.pi, 2 * math.pi, "a crank angle in radians",
                       open_ends=False)
    a, b, c = (data.positive(checker, name, value) for name, value in
               (("crank", crank), ("coupler", coupler), ("rocker", rocker)))
    D0 = data.vector(checker, "rocker_pivot", rocker_pivot, 3, "m, the point D0 of the rocker axis")
    e = data.number(checker, "rocker_offset", rocker_offset)
    sign = 1.0 if data.choice(checker, "assembly", assembly, ASSEMBLIES) == "plus" else -1.0
    phi, rate = _rssr(theta, a, b, c, D0, e, sign)
    if math.isnan(phi):
        raise InputError(f"{checker}: at crank_angle = {theta:g} rad the coupler of length {b:g} cannot reach the "
                         "rocker's circle (the exercise's data).")
    if math.isnan(rate) or abs(_turns(phi, _rssr(theta, a, b, c, D0, e, -sign)[0])) < 1e-6:
        raise InputError(f"{checker}: crank_angle = {theta:g} rad is a dead point (coupler and rocker aligned), where "
                         "the two assembly modes meet and the rate is not defined (the exercise's data).")
    return theta, (a, b, c, D0, e), sign


def rssr_output(crank_angle: float, *, crank: float, coupler: float, rocker: float, rocker_pivot,
                rocker_offset: float, assembly: str) -> tuple[float, float]:
    """The rocker angle φ (rad) of the RSSR of :func:`mbtools.examples.rssr` at crank angle
    θ, and dφ/dθ, its rate per unit crank rate.

    With B = a(cos θ, sin θ, 0), C = D0 + e w₂ + c(cos φ f₁ + sin φ f₂) (w₂ = y and (f₁, f₂)
    its :func:`~mbtools.description.axis_frame`) and g = D0 + e w₂ − B, the coupler's length
    ‖C − B‖² = b² reads P cos φ + Q sin φ + R = 0 with P = 2c g·f₁, Q = 2c g·f₂,
    R = g·g + c² − b²: φ = atan2(Q, P) ± arccos(−R/√(P² + Q²)), ``assembly`` "plus" or
    "minus" the sign; differentiating F(θ, φ) = 0, dφ/dθ = −F_θ/F_φ.

    Example
    -------
    >>> phi, rate = rssr_output(math.radians(60.0), crank=1.0, coupler=4.0, rocker=2.5,
    ...                         rocker_pivot=(3.0, 1.0, 1.0), rocker_offset=0.5, assembly="plus")
    >>> round(phi, 6), round(rate, 6)
    (1.033811, 0.444505)
    """
    theta, (a, b, c, D0, e), sign = _rssr_data("rssr_output", crank_angle, crank, coupler, rocker, rocker_pivot,
                                               rocker_offset, assembly)
    return _rssr(theta, a, b, c, D0, e, sign)


def check_rssr_output_angle(answer, *, crank_angle: float, crank: float, coupler: float, rocker: float,
                            rocker_pivot, rocker_offset: float, assembly: str) -> Right | Pending:
    """Check the rocker angle φ (rad, up to whole turns) of the RSSR of
    :func:`mbtools.examples.rssr` with these data, at ``crank_angle`` θ (rad), in the
    assembly mode ``assembly`` ("plus" or "minus", the sign before the arccos of
    :func:`rssr_output`). φ is measured about w₂ = y from f₁ = x, right-handed (towards −z)."""
    checker = "check_rssr_output_angle"
    what = "the rocker angle φ"
    theta, (a, b, c, D0, e), sign = _rssr_data(checker, crank_angle, crank, coupler, rocker, rocker_pivot,
                                               rocker_offset, assembly)
    if answer is ...:
        return Pending(what)
    value = as_number(answer, what)
    right = _rssr(theta, a, b, c, D0, e, sign)[0]
    if _turns(value, right) <= TOLERANCE:
        return Right(what)
    other = _rssr(theta, a, b, c, D0, e, -sign)[0]
    if abs(right) > NEAR and abs(math.remainder(value - math.degrees(right), 360.0)) <= math.degrees(NEAR):
        raise WrongAnswer(f"{what} looks like degrees ({value:g}); give it in radians.")
    variants = [
        (other, f"{what} is that of the other assembly mode, the other sign before the arccos: evaluate both roots "
                "at the drawing's crank angle and keep the one that gives the drawn C."),
        (-right, f"{what} is measured the wrong way round w₂: about w₂ = y an angle turns f₁ = x towards "
                 "f₂ = w₂ × f₁ = −z (axis_frame), not towards +z."),
        (-other, f"{what} is measured the wrong way round w₂ (towards +z instead of f₂ = −z), and on the other "
                 "assembly mode."),
        (right + math.pi, f"{what} is half a turn off: P and Q have the wrong sign; g runs from B to the centre "
                          "D0 + e w₂ of the rocker's circle."),
    ]
    for sign_, note in ((sign, ""), (-sign, " (and on the other assembly mode)")):
        lost = _rssr(theta, a, b, c, D0, e, sign_, cross=1.0)[0]
        if not math.isnan(lost):
            variants.append((lost, f"{what}: the factor 2 of the cross term 2c g·(cos φ f₁ + sin φ f₂) in "
                                   f"‖g + c(cos φ f₁ + sin φ f₂)‖² is lost{note}."))
    as_degrees = _rssr(math.degrees(theta), a, b, c, D0, e, sign)[0]
    if not math.isnan(as_degrees):
        variants.append((as_degrees, f"{what}: the crank angle was taken in degrees as if radians; cos and sin "
                                     "take radians."))
    for other_value, message in variants:
        if _turns(value, other_value) <= NEAR and _turns(other_value, right) > NEAR:
            raise WrongAnswer(message)
    f1, f2 = axis_frame(W2)
    B = a * np.array([math.cos(theta), math.sin(theta), 0.0])
    C = D0 + e * W2 + c * (math.cos(value) * f1 + math.sin(value) * f2)
    raise WrongAnswer(f"{what} is off: at it the coupler BC would be {np.linalg.norm(C - B):.4g} long, not b = {b:g}. "
                      "Write ‖C(φ) − B‖² = b² as P cos φ + Q sin φ + R = 0 and check P, Q and R.")


def check_rssr_output_rate(answer, *, crank_angle: float, crank_rate: float, crank: float, coupler: float,
                           rocker: float, rocker_pivot, rocker_offset: float, assembly: str) -> Right | Pending:
    """Check the rocker's angular velocity φ̇ (rad/s) of the RSSR of
    :func:`mbtools.examples.rssr` at ``crank_angle`` θ (rad) with the crank turning at
    ``crank_rate`` θ̇ (rad/s), in the assembly mode ``assembly`` (see
    :func:`check_rssr_output_angle`)."""
    checker = "check_rssr_output_rate"
    what = "the rocker's rate φ̇"
    theta, (a, b, c, D0, e), sign = _rssr_data(checker, crank_angle, crank, coupler, rocker, rocker_pivot,
                                               rocker_offset, assembly)
    rate = data.number(checker, "crank_rate", crank_rate)
    if rate == 0.0:
        raise InputError(f"{checker}: crank_rate must not be zero: the rocker would stand still (the exercise's data).")
    if answer is ...:
        return Pending(what)
    value = as_number(answer, what)
    per_unit = _rssr(theta, a, b, c, D0, e, sign)[1]
    right = per_unit * rate
    scale = abs(right) + 1e-9
    if abs(value - right) <= RTOL * max(abs(right), 1e-9):
        return Right(what)
    lengths = (theta, a, b, c, D0, e)
    variants = [
        (_rssr(*lengths, -sign)[1] * rate, "that is the rate of the other assembly mode: differentiate at the φ of "
         "the drawing's mode."),
        (_rssr(*lengths, sign, rate_of_R=False)[1] * rate, "F_θ leaves out ∂R/∂θ: R = g·g + c² − b² changes with θ "
         "too, since g = D0 + e w₂ − B and B turns with the crank."),
        (_rssr(*lengths, sign, rate_of_P_Q=False)[1] * rate, "F_θ leaves out ∂P/∂θ and ∂Q/∂θ: P and Q hold g, which "
         "changes as B turns."),
    ]
    if abs(rate) != 1.0:
        variants.append((per_unit, "that is dφ/dθ, the rate per unit crank rate: multiply by θ̇."))
    for other, message in variants:
        distinct = abs(other - right) > DIAGNOSE_RTOL * scale
        if not math.isnan(other) and distinct and abs(value - other) <= DIAGNOSE_RTOL * scale:
            raise WrongAnswer(message)
    message = diagnose_number(value, right, what, scale=1e-9, angle=True)
    if message and "wrong sign" in message:
        message += " Differentiating F(θ, φ) = 0 gives F_θ θ̇ + F_φ φ̇ = 0, so φ̇ = −F_θ θ̇ / F_φ."
    raise WrongAnswer(message or f"{what} is off.")


# ----------------------------------------------------------------------------- the RSCR
def _rscr_roots(theta: float, a: float, E0: np.ndarray, rho: float) -> dict[tuple[int, int], tuple[float, float]]:
    """{(side, branch): (ψ, g·u)} of the RSCR's rod, square to w₂ through E0, keeping B at
    ρ from its line: g·u = side √(g·g − ρ²) = P cos ψ + Q sin ψ, ψ = atan2(Q, P) + branch
    arccos(g·u/√(P² + Q²))."""
    f1, f2 = axis_frame(W2)
    g = a * np.array([math.cos(theta), math.sin(theta), 0.0]) - E0
    P, Q = g @ f1, g @ f2
    radius = math.hypot(P, Q)
    roots = {}
    for side in (1, -1):
        along = side * math.sqrt(max(g @ g - rho * rho, 0.0))
        for branch in (1, -1):
            if radius > 0.0 and abs(along) <= radius:
                roots[(side, branch)] = (math.atan2(Q, P) + branch * math.acos(along / radius), along)
    return roots


def _rscr_data(checker: str, crank_angle, crank, output_pivot, drawing_crank_angle, drawing_rod_angle,
               coupler_offset):
    theta = data.angle(checker, "crank_angle", crank_angle, -2 * math.pi, 2 * math.pi, "a crank angle in radians",
                       open_ends=False)
    theta0 = data.angle(checker, "drawing_crank_angle", drawing_crank_angle, -2 * math.pi, 2 * math.pi,
                        "the drawing's crank angle in radians", open_ends=False)
    psi0 = data.angle(checker, "drawing_rod_angle", drawing_rod_angle, -2 * math.pi, 2 * math.pi,
                      "the drawing's rod angle in radians", open_ends=False)
    a = data.positive(checker, "crank", crank)
    E0 = data.vector(checker, "output_pivot", output_pivot, 3, "m, the point E0 of the output axis")
    h = data.number(checker, "coupler_offset", coupler_offset)
    f1, f2 = axis_frame(W2)
    u0 = math.cos(psi0) * f1 + math.sin(psi0) * f2
    g0 = a * np.array([math.cos(theta0), math.sin(theta0), 0.0]) - E0
    along0 = float(g0 @ u0)
    rho = float(np.linalg.norm(g0 - along0 * u0))
    if rho < 1e-9 * max(1.0, float(np.linalg.norm(g0))):
        raise InputError(f"{checker}: in the drawing B lies on the rod's line; choose another drawing (the exercise's "
                         "data).")
    if abs(along0) < 1e-9:
        raise InputError(f"{checker}: in the drawing B's foot on the rod is E0 itself, where the two signs of the "
                         "square root meet; choose another drawing (the exercise's data).")
    side0 = 1 if along0 > 0 else -1
    matches = [key for key, (psi, _) in _rscr_roots(theta0, a, E0, rho).items()
               if key[0] == side0 and _turns(psi, psi0) < 1e-9]
    if len(matches) != 1:
        raise InputError(f"{checker}: the drawing sits where two roots of the rod's equation meet; choose another "
                         "drawing (the exercise's data).")
    key = matches[0]
    for t in np.linspace(theta0, theta, max(2, int(abs(theta - theta0) / math.radians(0.5)) + 1)):
        g = a * np.array([math.cos(t), math.sin(t), 0.0]) - E0
        radius = math.hypot(g @ f1, g @ f2)
        if not math.sqrt(max(g @ g - rho * rho, 0.0)) < (1 - 1e-6) * radius:
            raise InputError(f"{checker}: between the drawing and crank_angle = {theta:g} rad the rod reaches a dead "
                             "point, where two roots meet, so the root the mechanism follows is not known "
                             "(the exercise's data).")
    return theta, a, E0, rho, h, key


def rscr_rod_position(crank_angle: float, *, crank: float, output_pivot, drawing_crank_angle: float,
                      drawing_rod_angle: float, coupler_offset: float) -> tuple[float, float]:
    """(ψ, s): the rod angle ψ (rad, about w₂ = y in its :func:`~mbtools.description.axis_frame`)
    and the slide s = (r_C − E0)·u of the coupler's point C along the rod, of the RSCR of
    :func:`mbtools.examples.rscr` at ``crank_angle``, on the root of its drawing.

    The coupler keeps two constants, read off the drawing: ρ = ‖(r_B − r_C) × u‖, B's
    distance from the rod's line, and h = (r_B − r_C)·u (``coupler_offset``), so that
    with g = r_B − E0, (g·u)² = g·g − ρ² and s = g·u − h. BC need not be square to u.

    Example
    -------
    >>> psi, s = rscr_rod_position(math.radians(200.0), crank=1.0, output_pivot=(4.0, 0.0, 0.0),
    ...                            drawing_crank_angle=math.radians(90.0),
    ...                            drawing_rod_angle=math.radians(30.0), coupler_offset=0.6)
    >>> round(psi, 6), round(s, 6)
    (0.463797, -5.017866)
    """
    theta, a, E0, rho, h, key = _rscr_data("rscr_rod_position", crank_angle, crank, output_pivot,
                                           drawing_crank_angle, drawing_rod_angle, coupler_offset)
    psi, along = _rscr_roots(theta, a, E0, rho)[key]
    return psi, along - h


def check_rscr_rod_position(answer, *, crank_angle: float, crank: float, output_pivot, drawing_crank_angle: float,
                            drawing_rod_angle: float, coupler_offset: float) -> Right | Pending:
    """Check (ψ, s), rad and m: the rod angle and the slide of C along the rod of the RSCR
    of :func:`mbtools.examples.rscr` built with these data (its drawing at
    ``drawing_crank_angle`` with the rod at ``drawing_rod_angle``, C moved back along the
    rod by ``coupler_offset`` h), at ``crank_angle`` (rad), on the drawing's root; see
    :func:`rscr_rod_position`."""
    checker = "check_rscr_rod_position"
    theta, a, E0, rho, h, key = _rscr_data(checker, crank_angle, crank, output_pivot, drawing_crank_angle,
                                           drawing_rod_angle, coupler_offset)
    what = "(ψ, s)"
    if answer is ...:
        return Pending(what)
    psi, s = as_array(answer, (2,), what)
    roots = _rscr_roots(theta, a, E0, rho)
    right_psi, along = roots[key]
    right_s = along - h
    psi_right = _turns(psi, right_psi) <= TOLERANCE
    s_right = abs(s - right_s) <= TOLERANCE * max(1.0, abs(right_s))
    if psi_right and s_right:
        return Right(what)
    near_psi = lambda x: _turns(psi, x) <= NEAR   # noqa: E731
    near_s = lambda x: abs(s - x) <= NEAR * max(1.0, abs(right_s))   # noqa: E731
    if not psi_right:
        if abs(math.remainder(psi - math.degrees(right_psi), 360.0)) <= NEAR * 180 / math.pi:
            raise WrongAnswer("ψ looks like degrees; give it in radians.")
        bc = math.hypot(rho, h)
        square = _rscr_roots(theta, a, E0, bc).get(key)
        if square is not None and near_psi(square[0]) and _turns(square[0], right_psi) > NEAR:
            raise WrongAnswer("ψ is that of a rod kept at |BC| from B: the rod keeps B at ρ = ‖(r_B − r_C) × u‖, "
                              "the distance from B to the rod's line, which is not |BC| when BC is not square to u "
                              "(in this drawing it is not: (r_B − r_C)·u = h ≠ 0).")
        for other_key, (other_psi, _) in roots.items():
            if other_key != key and near_psi(other_psi):
                if other_key[0] != key[0]:
                    raise WrongAnswer("ψ is on the other sign of the square root ±√(g·g − ρ²): B's foot on the "
                                      "rod lies on the other side of E0 than in the drawing; keep the drawing's sign.")
                raise WrongAnswer("ψ is on the other branch (the other sign before the arccos): of the two rod "
                                  "angles with the drawing's sign of g·u, keep the one the drawing is on.")
        if near_psi(-right_psi):
            raise WrongAnswer("ψ is measured the wrong way round w₂: about w₂ = y an angle turns f₁ = x towards "
                              "f₂ = w₂ × f₁ = −z (axis_frame).")
        f1, f2 = axis_frame(W2)
        u = math.cos(psi) * f1 + math.sin(psi) * f2
        g = a * np.array([math.cos(theta), math.sin(theta), 0.0]) - E0
        raise WrongAnswer(f"ψ is off: at it the rod passes {np.linalg.norm(np.cross(g, u)):.4g} m from B, not ρ; "
                          "check P, Q and the root (section 5a, eq-rscr).")
    if near_s(along):
        raise WrongAnswer("s is the slide of B's foot on the rod, g·u: C is h behind it along the rod, with "
                          "h = (r_B − r_C)·u from the drawing.")
    if near_s(along + h):
        raise WrongAnswer("s has h with the wrong sign: h = (r_B − r_C)·u is how far B's foot is ahead of C.")
    message = diagnose_number(float(s), right_s, "s", scale=1.0)
    raise WrongAnswer(message or "s is off.")


# ----------------------------------------------------------------------------- the idle spin
def idle_spin_velocity(model, axis: tuple[str, str], point: str, rate: float = 1.0) -> np.ndarray:
    """q̇ of the idle spin at the model's drawing: ``point`` turning at ``rate`` (rad/s)
    about the line through the two points ``axis`` (right-handed about the direction from
    the first to the second), every other coordinate still: the velocity of the point is
    rate e × (r_K − r_A), e the unit vector from A to B.

    Example
    -------
    >>> from mbtools import Mechanism, formulate
    >>> m = Mechanism("lug", dimension=3)
    >>> m.add_ground({"A": (0.0, 0.0, 0.0), "B": (0.0, 0.0, 2.0)})
    >>> m.add_body("lug", {"A": (0.0, 0.0, 0.0), "B": (0.0, 0.0, 2.0), "K": (1.0, 0.0, 1.0)})
    >>> m.add_spherical("ground", "lug", at="A")
    >>> m.add_spherical("ground", "lug", at="B")
    >>> idle_spin_velocity(formulate(m, "natural"), ("A", "B"), "K").round(12).tolist()
    [0.0, 1.0, 0.0]
    """
    q = model.reference_q
    A, B, K = (np.asarray(model.point(q, name), dtype=float) for name in (*axis, point))
    e = (B - A) / np.linalg.norm(B - A)
    qd = np.zeros(model.n_coordinates)
    index = [model.coordinate_names.index(f"{c}_{point}") for c in "xyz"]
    qd[index] = rate * np.cross(e, K - A)
    return qd


def _spin_data(checker: str, model, axis, point: str) -> tuple[np.ndarray, list[int], float]:
    from ..model import Model

    if not isinstance(model, Model) or model.mechanism.dimension != 3:
        raise InputError(f"{checker}: model must be a formulated spatial mechanism (formulate(mechanism, family)), "
                         f"got {type(model).__name__} (the exercise's data).")
    if not (isinstance(axis, (tuple, list)) and len(axis) == 2 and all(isinstance(p, str) for p in axis)):
        raise InputError(f"{checker}: axis must name the two points of the spin's axis, such as ('A0', 'B'), got "
                         f"{axis!r} (the exercise's data).")
    names = [f"{c}_{point}" for c in "xyz"]
    if not isinstance(point, str) or any(n not in model.coordinate_names for n in names):
        raise InputError(f"{checker}: point must name a moving point of the model, whose coordinates are among "
                         f"{model.coordinate_names}; got {point!r} (the exercise's data).")
    q = model.reference_q
    try:
        A, B, K = (np.asarray(model.point(q, name), dtype=float) for name in (*axis, point))
    except Exception:
        raise InputError(f"{checker}: the model has no point named {axis[0]!r} or {axis[1]!r} (the exercise's "
                         "data).") from None
    size = model.length_scale
    if np.linalg.norm(B - A) < 1e-9 * size or np.linalg.norm(np.cross(B - A, K - A)) < 1e-9 * size**2:
        raise InputError(f"{checker}: {point} must lie off the line {axis[0]}–{axis[1]}, which must be two distinct "
                         "points (the exercise's data).")
    right = idle_spin_velocity(model, axis, point)
    J = model.jacobian(q, model.input_values(q))
    if np.abs(J @ right).max() > 1e-8 * size:
        raise InputError(f"{checker}: in this model {point} cannot spin about {axis[0]}–{axis[1]} with everything "
                         "else still: Φ_q q̇ ≠ 0 (the exercise's data).")
    return right, [model.coordinate_names.index(n) for n in names], float(np.linalg.norm(B - A))


def check_idle_spin(answer, *, model, axis, point: str) -> Right | Pending:
    """Check q̇ (in ``model.coordinate_names`` order) of the idle spin at the drawing:
    ``point`` turning at 1 rad/s, right-handed, about the line from ``axis[0]`` to
    ``axis[1]``, every other coordinate still (see :func:`idle_spin_velocity`)."""
    checker = "check_idle_spin"
    right, index, length = _spin_data(checker, model, axis, point)
    if answer is ...:
        return Pending("q̇ of the idle spin")
    qd = as_array(answer, right.shape, "q̇")
    size = max(float(np.abs(right).max()), 1e-12)
    others = [name for k, name in enumerate(model.coordinate_names)
              if k not in index and abs(qd[k]) > RTOL * size]
    if others:
        raise WrongAnswer(f"q̇: {', '.join(others[:4])} {'moves' if len(others) == 1 else 'move'}: in the idle spin "
                          f"only {point} moves; the driver holds its input still, and the other points stand still.")
    if np.abs(qd - right).max() <= RTOL * size:
        return Right("q̇ of the idle spin")
    near = lambda x: np.abs(qd - x).max() <= DIAGNOSE_RTOL * size   # noqa: E731
    if near(-right):
        raise WrongAnswer(f"q̇: {point} turns the wrong way: right-handed about the direction from {axis[0]} to "
                          f"{axis[1]}, v = e × (r_{point} − r_{axis[0]}).")
    if abs(length - 1.0) > DIAGNOSE_RTOL and near(length * right):
        raise WrongAnswer(f"q̇ is {length:.4g} times too large: the axis e must be a unit vector, "
                          f"(r_{axis[1]} − r_{axis[0]}) divided by its length.")
    J = model.jacobian(model.reference_q, model.input_values(model.reference_q))
    broken = np.flatnonzero(np.abs(J @ qd) > 1e-6 * model.length_scale * size)
    if broken.size:
        raise WrongAnswer(f"q̇ breaks the condition '{model.constraint_names[broken[0]]}': Φ_q q̇ ≠ 0. The point "
                          "turns about the axis, so its velocity is square to the axis and to its radius.")
    raise WrongAnswer(diagnose_array(qd, right, "q̇", model.coordinate_names, scale=1e-12) or "q̇ is off.")
