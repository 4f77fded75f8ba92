"""The RSCR rod-angle checker (section 5a's exercise on a rod at an angle α to the output
axis): its roots against a root search on |g × u(ψ)| − ρ that shares none of its algebra,
and against the library's square-rod closed form at α = 90°; right answers pass, each
named mistake is named, the exercise's data is validated."""

import math

import numpy as np
import pytest
from scipy.optimize import brentq

from mbtools.analysis.closed_forms_spatial import rscr_rod
from mbtools.description import axis_frame
from mbtools.errors import InputError
from mbtools.exercises import check_rscr_rod_angles
from mbtools.exercises.closed_forms import rscr_rod_angles
from mbtools.exercises.feedback import Pending, Right, WrongAnswer

G, RHO, ALPHA = (-3.0, 0.3, 0.5), 2.0, math.radians(60.0)


def searched_roots(g, rho, alpha):
    """Zeros of |g × u(ψ)| − ρ over a turn, bracketed on a fine grid and refined."""
    f1, f2 = axis_frame((0.0, 1.0, 0.0))
    w2, g = np.array([0.0, 1.0, 0.0]), np.asarray(g, dtype=float)

    def gap(psi):
        u = math.cos(alpha) * w2 + math.sin(alpha) * (math.cos(psi) * f1 + math.sin(psi) * f2)
        return float(np.linalg.norm(np.cross(g, u))) - rho

    grid = np.linspace(-math.pi, math.pi, 3601)
    values = [gap(p) for p in grid]
    return sorted(brentq(gap, a, b, xtol=1e-14) for a, b, fa, fb in zip(grid, grid[1:], values, values[1:])
                  if fa * fb < 0)


def undivided_roots(g, rho, alpha):
    """The roots with the right-hand side not divided by sin α (a mistake)."""
    f1, f2 = axis_frame((0.0, 1.0, 0.0))
    g = np.asarray(g, dtype=float)
    P, Q = g @ f1, g @ f2
    out = []
    for side in (1.0, -1.0):
        right = side * math.sqrt(g @ g - rho * rho) - math.cos(alpha) * g[1]
        out += [math.atan2(Q, P) + b * math.acos(right / math.hypot(P, Q)) for b in (1.0, -1.0)]
    return out


def wrapped(angles):
    return np.sort(np.remainder(np.asarray(angles) + math.pi, 2 * math.pi) - math.pi)


@pytest.mark.parametrize("alpha", [math.radians(70.0), ALPHA, math.radians(90.0), math.radians(120.0)])
def test_the_roots_are_those_a_search_finds(alpha):
    found = searched_roots(G, RHO, alpha)
    assert len(found) == 4
    np.testing.assert_allclose(wrapped(rscr_rod_angles(G, RHO, alpha)), found, atol=1e-10)


def test_a_square_rod_gives_the_librarys_closed_form():
    theta, E0 = 0.3, np.array([4.0, 0.0, 0.0])
    g = np.array([math.cos(theta), math.sin(theta), 0.0]) - E0
    library = [psi for psi, _ in rscr_rod(theta, RHO, output_pivot=tuple(E0))]
    np.testing.assert_allclose(wrapped(rscr_rod_angles(g, RHO, math.pi / 2)), wrapped(library), atol=1e-12)


def test_right_answers_pass_in_any_order_and_turn():
    roots = rscr_rod_angles(G, RHO, ALPHA)
    assert isinstance(check_rscr_rod_angles(roots, g=G, rho=RHO, rod_angle=ALPHA), Right)
    shuffled = roots[::-1] + 2 * math.pi * np.array([1, 0, -1, 2])
    assert isinstance(check_rscr_rod_angles(shuffled, g=G, rho=RHO, rod_angle=ALPHA), Right)
    assert isinstance(check_rscr_rod_angles(..., g=G, rho=RHO, rod_angle=ALPHA), Pending)


@pytest.mark.parametrize("wrong, words", [
    (lambda r: np.degrees(r), "degrees"),
    (lambda r: rscr_rod_angles(G, RHO, math.pi / 2), "square to the output axis"),
    (lambda r: undivided_roots(G, RHO, ALPHA), "divided by sin α"),
    (lambda r: r[:2], "there are four"),
    (lambda r: r + 0.1, "passes"),
    (lambda r: [r[0], r[0], r[1], r[2]], "not the four distinct roots"),
    (lambda r: "1.0", "numbers"),
])
def test_each_mistake_is_named(wrong, words):
    roots = rscr_rod_angles(G, RHO, ALPHA)
    with pytest.raises(WrongAnswer, match=words):
        check_rscr_rod_angles(wrong(roots), g=G, rho=RHO, rod_angle=ALPHA)


@pytest.mark.parametrize("data, words", [
    (dict(g=(0.1, 0.0, 0.0), rho=RHO, rod_angle=ALPHA), "farther than rho"),
    (dict(g=G, rho=-1.0, rod_angle=ALPHA), "rho must be a positive"),
    (dict(g=G, rho=RHO, rod_angle=0.0), "rod_angle"),
    (dict(g=(1.0, 2.0), rho=RHO, rod_angle=ALPHA), "g must be 3 finite numbers"),
    (dict(g=(-0.2, 3.0, 0.1), rho=RHO, rod_angle=math.radians(10.0)), "fewer than four roots"),
])
def test_the_exercises_data_is_validated(data, words):
    with pytest.raises(InputError, match=words):
        check_rscr_rod_angles(..., **data)
