"""Checking the rod angles of an RSCR whose rod meets the output axis at an angle α
(book, section 5a, equation eq-rscr and its exercise).

The output turns about w₂ = y through E₀; its rod, through E₀, has the direction
u(ψ) = cos α w₂ + sin α (cos ψ f₁ + sin ψ f₂), with (f₁, f₂) the frame of w₂
(:func:`mbtools.description.axis_frame`). With g = r_B − E₀ and ρ the distance the
coupler keeps B from the rod's line, ‖g × u‖² = ρ² gives

    P cos ψ + Q sin ψ = (±√(g·g − ρ²) − cos α g·w₂) / sin α,     P = g·f₁, Q = g·f₂,

four roots in all. The usual mistakes are named: the rod taken square to the axis (α
dropped), the right-hand side not divided by sin α, only two roots (one sign of the
square root), degrees.

Example
-------
>>> import math
>>> roots = rscr_rod_angles((-3.0, 0.3, 0.5), 2.0, math.radians(60.0))
>>> check_rscr_rod_angles(roots, g=(-3.0, 0.3, 0.5), rho=2.0, rod_angle=math.radians(60.0))
✓ the four rod angles ψ: right.
"""

from __future__ import annotations

import math

import numpy as np

from ..description import axis_frame
from ..errors import InputError
from . import data
from .feedback import Pending, Right, WrongAnswer

WHAT = "the four rod angles ψ"
W2 = np.array([0.0, 1.0, 0.0])
#: The tolerance of a root, far above the round-off of a computation in double precision,
#: in radians for an answer's angle and in metres for the distance ‖g × u‖ − ρ.
TOLERANCE = 1e-6


def _roots(g: np.ndarray, rho: float, rod_angle: float, divide: bool = True, tilt: bool = True) -> list[float]:
    """The roots of the α equation (or, with ``tilt`` False, of the square rod's; with
    ``divide`` False, the right-hand side left undivided by sin α)."""
    f1, f2 = axis_frame(W2)
    P, Q = g @ f1, g @ f2
    radius = math.hypot(P, Q)
    out = []
    for side in (1.0, -1.0):
        root = side * math.sqrt(max(g @ g - rho * rho, 0.0))
        if tilt:
            right = root - math.cos(rod_angle) * (g @ W2)
            right = right / math.sin(rod_angle) if divide else right
        else:
            right = root
        if abs(right) > radius:
            continue
        for branch in (1.0, -1.0):
            out.append(math.atan2(Q, P) + branch * math.acos(right / radius))
    return out


def _data(g, rho, rod_angle) -> tuple[np.ndarray, float, float]:
    name = "check_rscr_rod_angles"
    g = data.vector(name, "g", g, 3, "m, r_B − E₀")
    rho = data.positive(name, "rho", rho)
    rod_angle = data.angle(name, "rod_angle", rod_angle, 0.0, math.pi, "the rod's angle to the output axis, in (0, π)")
    if not g @ g > rho * rho:
        raise InputError(f"{name}: B must be farther than rho = {rho:g} m from E₀ (|g| = {np.linalg.norm(g):g} m): "
                         "else no rod through E₀ passes at rho from B (the exercise's data).")
    if len(_roots(g, rho, rod_angle)) != 4:
        raise InputError(f"{name}: with these data the equation has fewer than four roots; choose g, rho and "
                         "rod_angle so that the rod can take four positions (the exercise's data).")
    return g, rho, rod_angle


def rscr_rod_angles(g, rho: float, rod_angle: float) -> np.ndarray:
    """The four rod angles ψ (rad) that keep B at ``rho`` from the rod's line, the rod
    through E₀ at ``rod_angle`` α to w₂ = y, with g = r_B − E₀."""
    g, rho, rod_angle = _data(g, rho, rod_angle)
    return np.array(_roots(g, rho, rod_angle))


def _matches(answer: np.ndarray, roots: list[float]) -> bool:
    """Whether the answer's angles are the roots, in any order and up to whole turns."""
    if len(answer) != len(roots):
        return False
    left = list(roots)
    for psi in answer:
        gaps = [abs(math.remainder(psi - r, 2 * math.pi)) for r in left]
        k = int(np.argmin(gaps))
        if gaps[k] > TOLERANCE:
            return False
        left.pop(k)
    return True


def check_rscr_rod_angles(answer, *, g, rho: float, rod_angle: float) -> Right | Pending:
    """Check the four rod angles ψ (rad, any order, up to whole turns) of the RSCR whose
    rod meets the output axis w₂ = y at ``rod_angle`` α, for g = r_B − E₀ and ``rho``."""
    g, rho, rod_angle = _data(g, rho, rod_angle)
    if answer is ...:
        return Pending(WHAT)
    if isinstance(answer, str) or (isinstance(answer, (list, tuple)) and any(isinstance(a, str) for a in answer)):
        raise WrongAnswer(f"{WHAT} must be numbers (radians), not strings; got {answer!r}.")
    try:
        psi = np.asarray(answer, dtype=float).reshape(-1)
    except (TypeError, ValueError):
        raise WrongAnswer(f"{WHAT} must be numbers (radians); got {answer!r}.") from None
    if not np.all(np.isfinite(psi)):
        raise WrongAnswer(f"{WHAT}: some entries are not finite numbers (nan or inf).")
    roots = _roots(g, rho, rod_angle)
    if _matches(psi, roots):
        return Right(WHAT)
    if _matches(np.radians(psi), roots):
        raise WrongAnswer(f"{WHAT} look like degrees; give them in radians.")
    if _matches(psi, _roots(g, rho, rod_angle, tilt=False)):
        raise WrongAnswer(f"{WHAT} are those of a rod square to the output axis: with the rod at α, u has the "
                          "component cos α along w₂, and g·u = cos α g·w₂ + sin α (P cos ψ + Q sin ψ).")
    if _matches(psi, _roots(g, rho, rod_angle, divide=False)):
        raise WrongAnswer(f"{WHAT}: the right-hand side must be divided by sin α — the part of u across the "
                          "axis has length sin α.")
    if len(psi) < 4 and all(any(abs(math.remainder(p - r, 2 * math.pi)) <= TOLERANCE for r in roots) for p in psi):
        raise WrongAnswer(f"{WHAT}: these {len(psi)} are roots, but there are four: both signs of the square "
                          "root ±√(g·g − ρ²), and two angles ψ for each.")
    f1, f2 = axis_frame(W2)
    for p in psi:
        u = math.cos(rod_angle) * W2 + math.sin(rod_angle) * (math.cos(p) * f1 + math.sin(p) * f2)
        distance = float(np.linalg.norm(np.cross(g, u)))
        if abs(distance - rho) > TOLERANCE:
            raise WrongAnswer(f"{WHAT}: at ψ = {p:.6g} rad the rod passes {distance:.4g} m from B, not rho: check "
                              "P, Q and the sign under the arccos (section 5a, eq-rscr).")
    raise WrongAnswer(f"{WHAT}: each keeps B at rho from the rod, but they are not the four distinct roots "
                      "(one repeated, or one too many).")
