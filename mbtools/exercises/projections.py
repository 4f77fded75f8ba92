"""Checking the mass-orthogonal projection of a state onto the constraints (book, chapter
9, "Lagrange multipliers"), on the slider-crank of :mod:`mbtools.exercises.formulations`.

A position q* off the constraints is brought back by Newton's corrections in the metric
of the mass matrix, the correction of least kinetic energy ½ΔqᵀMΔq that removes Φ to
first order:

    Δq = −M⁻¹Φ_qᵀ(Φ_q M⁻¹Φ_qᵀ)⁻¹Φ(q*),    Φ and Φ_q at q*;

a velocity q̇* by one correction, exact since the velocity constraints are linear,
q̇ = q̇* − M⁻¹Φ_qᵀ(Φ_q M⁻¹Φ_qᵀ)⁻¹Φ_q q̇*. In the identity metric (M replaced by 1) the
correction is the shortest in metres, not the one of least kinetic energy. The library's
kernels (:func:`mbtools.dynamics.kernels.project_position`, repeated to convergence, and
:func:`~mbtools.dynamics.kernels.project_velocity`) are the references; its model's
massless point C of the slider is left where the consistent state has it, and moves at no
cost.

Each checker validates the exercise's data (the offsets of q* and q̇* from the consistent
state of :func:`~mbtools.exercises.formulations.slider_crank_state`) and names the mistake
a wrong answer matches: the identity metric, a lumped mass matrix, the correction's sign,
Φ_q at the consistent position, a converged projection where one step is asked (or the
other way), the energy without its ½.

Example
-------
>>> offset = (0.004, -0.003, 0.005, 0.002)
>>> check_position_projection(one_newton_step(offset, math.radians(135)), offset=offset, crank=0.2, rod=0.6,
...                           masses=(1.5, 2, 3), angle=math.radians(135))
✓ the position after one Newton step: right.
"""

from __future__ import annotations

import math

import numpy as np

from ..errors import InputError
from . import data
from .arrays import diagnose_array
from .feedback import Pending, Right, WrongAnswer, as_array
from .formulations import COORDINATES, slider_crank_data, slider_crank_state, slider_crank_system, slider_crank_terms


def correction(W: np.ndarray, J: np.ndarray, residual: np.ndarray) -> np.ndarray:
    """W⁻¹Jᵀ(J W⁻¹Jᵀ)⁻¹ residual: the smallest change in the metric W that removes
    ``residual`` = J × change."""
    WinvJt = np.linalg.solve(W, J.T)
    return WinvJt @ np.linalg.solve(J @ WinvJt, residual)


def one_newton_step(offset, angle: float, crank: float = 0.2, rod: float = 0.6, masses=(1.5, 2.0, 3.0),
                    metric: str = "mass", jacobian_at: str = "perturbed") -> np.ndarray:
    """q* − Δq, one mass-orthogonal Newton correction of q* = q + ``offset`` (m, the four
    hand coordinates) at the crank angle ``angle``; ``metric`` "identity" or "lumped" and
    ``jacobian_at`` "consistent" are mistakes."""
    q = slider_crank_state(angle, 0.0, crank, rod)[0][:4]
    star = q + np.asarray(offset, float)
    t = slider_crank_terms(star, np.zeros(4), crank, rod, masses, lumped=metric == "lumped")
    J = t["J"] if jacobian_at == "perturbed" else slider_crank_terms(q, np.zeros(4), crank, rod)["J"]
    W = np.eye(4) if metric == "identity" else t["M"]
    return star - correction(W, J, t["phi"])


def library_projection(offset, angle: float, crank: float = 0.2, rod: float = 0.6, masses=(1.5, 2.0, 3.0),
                       rate: float | None = None) -> np.ndarray:
    """A and B of the library's projection (:mod:`mbtools.dynamics.kernels`) of the
    consistent state with the four hand coordinates offset by ``offset``: the position's,
    repeated to convergence, or (a crank ``rate`` given, rad/s) the velocity's."""
    from ..dynamics import kernels

    system = slider_crank_system(crank, rod, tuple(masses))
    velocity = rate is not None
    q, qd = slider_crank_state(angle, rate or 0.0, crank, rod)
    if velocity:
        J = system.position_constraints(q)[1]
        return kernels.project_velocity(system, q, J, qd + np.r_[offset, 0.0, 0.0])[:4]
    return kernels.project_position(system, q + np.r_[offset, 0.0, 0.0])[0][:4]


def _offset(checker: str, offset, crank: float, unit: str) -> np.ndarray:
    value = data.vector(checker, "offset", offset, 4, unit)
    if not 0 < np.abs(value).max() <= 0.1 * crank * (1 if unit == "m" else 100):
        raise InputError(f"{checker}: offset = {value.tolist()} must be small and not zero (up to a tenth of the "
                         "crank; the exercise's data).")
    return value


def _matched(value, right, variants, tol) -> str | None:
    """The message of the first variant (an array that is not right) the value matches."""
    for other, message in variants:
        if np.abs(other - right).max() > tol and np.abs(value - other).max() <= tol:
            return message
    return None


def _verdict(value, right, what, variants, rtol=1e-7, extra=None):
    """Right, or a WrongAnswer: a variant's message, else ``extra`` (a message, or None),
    else the wrong entries named."""
    size = float(np.abs(right).max())
    if np.abs(value - right).max() <= rtol * size:
        return Right(what)
    message = _matched(value, right, variants, 10 * rtol * size)
    if message:
        raise WrongAnswer(f"{what} {message}.")
    raise WrongAnswer(extra or diagnose_array(value, right, what, list(COORDINATES), rtol=rtol)
                      or f"{what} is not right.")


def check_position_projection(answer, *, offset, crank: float, rod: float, masses, angle: float,
                              newton: str = "one step") -> Right | Pending:
    """Check A and B (x_A, y_A, x_B, y_B, m) after ``newton`` "one step" of the
    mass-orthogonal correction of q* = q + ``offset`` (:func:`one_newton_step`), or
    "converged", the library's projection (:func:`library_projection`)."""
    checker = "check_position_projection"
    a, b, m, theta, *_ = slider_crank_data(checker, crank, rod, masses, angle)
    newton = data.choice(checker, "newton", newton, ("one step", "converged"))
    offset = _offset(checker, offset, a, "m")
    what = "the position after one Newton step" if newton == "one step" else "the library's projection"
    if answer is ...:
        return Pending(what)
    value = as_array(answer, (4,), what)
    q = slider_crank_state(theta, 0.0, a, b)[0][:4]
    step = lambda **k: one_newton_step(offset, theta, a, b, m, **k)   # noqa: E731
    converged = library_projection(offset, theta, a, b, m)
    variants = [(q + offset, "is q* itself: nothing is corrected"),
                (q, "is the consistent q before the offset: project q* = q + offset"),
                (2 * (q + offset) - step(), "moves the wrong way: subtract the correction, Φ must shrink")]
    if newton == "one step":
        right = step()
        variants += [(step(metric="identity"), "is corrected in the identity metric (the shortest step in "
                                               "metres); the projection's metric is M"),
                     (step(metric="lumped"), "is corrected in the metric of a lumped mass matrix; use the "
                                             "consistent M"),
                     (step(jacobian_at="consistent"), "takes Φ_q at the consistent q: Newton evaluates Φ and "
                                                      "Φ_q at the point it corrects, q*"),
                     (converged, "is the converged projection; the question asks one Newton step")]
    else:
        right = converged
        variants += [(step(), "is one Newton step: the library repeats them until Φ vanishes")]
    return _verdict(value, right, what, variants)


def velocity_projection(offset, angle: float, rate: float, crank: float = 0.2, rod: float = 0.6,
                        masses=(1.5, 2.0, 3.0), metric: str = "mass") -> np.ndarray:
    """q̇* − correction, q̇* the hand velocities at the crank rate ``rate`` offset by
    ``offset`` (m/s), in the metric M (``metric`` "mass"), 1 ("identity") or a lumped M
    ("lumped")."""
    q, qd = slider_crank_state(angle, rate, crank, rod)
    star = qd[:4] + np.asarray(offset, float)
    t = slider_crank_terms(q, qd, crank, rod, masses, lumped=metric == "lumped")
    W = np.eye(4) if metric == "identity" else t["M"]
    return star - correction(W, t["J"], t["J"] @ star)


def correction_energies(offset, angle: float, rate: float, crank: float = 0.2, rod: float = 0.6,
                        masses=(1.5, 2.0, 3.0)) -> np.ndarray:
    """(T_M, T_I), J: the kinetic energies ½ΔᵀMΔ of the corrections Δ = q̇* − q̇ of
    :func:`velocity_projection` in the metric M and in the identity metric."""
    star = slider_crank_state(angle, rate, crank, rod)[1][:4] + np.asarray(offset, float)
    M = slider_crank_terms(star, star, crank, rod, masses)["M"]
    deltas = [star - velocity_projection(offset, angle, rate, crank, rod, masses, k) for k in ("mass", "identity")]
    return np.array([0.5 * d @ M @ d for d in deltas])


def _velocity_data(checker, offset, crank, rod, masses, angle, rate):
    a, b, m, theta, rate, _ = slider_crank_data(checker, crank, rod, masses, angle, rate)
    return a, b, m, theta, rate, _offset(checker, offset, a, "m/s")


def check_velocity_projection(answer, *, offset, crank: float, rod: float, masses, angle: float, rate: float,
                              metric: str = "mass") -> Right | Pending:
    """Check q̇ (m/s) of q̇* = q̇ + ``offset`` (q̇ consistent, of the crank rate ``rate``)
    projected onto Φ_q q̇ = 0 in the ``metric`` "mass" (against the library's kernel) or
    "identity".

    >>> args = dict(offset=(0.1, -0.2, 0.3, 0.15), angle=math.radians(135), rate=10.0)
    >>> check_velocity_projection(velocity_projection(**args, metric="identity"), crank=0.2, rod=0.6,
    ...                           masses=(1.5, 2, 3), **args)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    mbtools.exercises.feedback.WrongAnswer: q̇ projected in the metric M is projected in the identity metric...
    """
    checker = "check_velocity_projection"
    a, b, m, theta, rate, offset = _velocity_data(checker, offset, crank, rod, masses, angle, rate)
    metric = data.choice(checker, "metric", metric, ("mass", "identity"))
    what = f"q̇ projected in the {'metric M' if metric == 'mass' else 'identity metric'}"
    if answer is ...:
        return Pending(what)
    value = as_array(answer, (4,), what)
    qd = slider_crank_state(theta, rate, a, b)[1][:4]
    project = lambda kind: velocity_projection(offset, theta, rate, a, b, m, kind)   # noqa: E731
    right = library_projection(offset, theta, a, b, m, rate) if metric == "mass" else project("identity")
    variants = [(qd + offset, "is q̇* itself: nothing is corrected"),
                (qd, "is the consistent q̇ before the offset: the projection keeps the offset's allowed part"),
                (2 * (qd + offset) - right, "moves the wrong way: subtract the correction"),
                (project("lumped"), "is projected in the metric of a lumped mass matrix; use the consistent M"),
                (project("identity") if metric == "mass" else project("mass"),
                 "is projected in the identity metric; the projection's metric is M" if metric == "mass"
                 else "is projected in the metric M; this one asks the identity metric")]
    return _verdict(value, right, what, variants)


def check_correction_energies(answer, *, offset, crank: float, rod: float, masses, angle: float,
                              rate: float) -> Right | Pending:
    """Check (T_M, T_I) (J) of :func:`correction_energies`.

    >>> args = dict(offset=(0.1, -0.2, 0.3, 0.15), angle=math.radians(135), rate=10.0)
    >>> check_correction_energies(correction_energies(**args), crank=0.2, rod=0.6, masses=(1.5, 2, 3), **args)
    ✓ (T_M, T_I): right.
    """
    checker = "check_correction_energies"
    a, b, m, theta, rate, offset = _velocity_data(checker, offset, crank, rod, masses, angle, rate)
    what = "(T_M, T_I)"
    if answer is ...:
        return Pending(what)
    value = as_array(answer, (2,), what)
    right = correction_energies(offset, theta, rate, a, b, m)
    star = slider_crank_state(theta, rate, a, b)[1][:4] + offset
    M = slider_crank_terms(star, star, a, b, m)["M"]
    deltas = [star - velocity_projection(offset, theta, rate, a, b, m, k) for k in ("mass", "identity")]
    variants = [(2 * right, "are twice the kinetic energies: ½ΔᵀMΔ"),
                (right[::-1], "are swapped: the metric M's first"),
                (np.array([0.5 * d @ d for d in deltas]), "are ½|Δ|², not the kinetic energy ½ΔᵀMΔ"),
                (np.array([0.5 * (star - d) @ M @ (star - d) for d in deltas]),
                 "are the kinetic energies of the projected velocities; the question asks those of the corrections")]
    extra = (f"{what}: T_M is larger than T_I, yet the projection in M is the correction of least kinetic energy."
             if value[0] > value[1] >= 0 else None)
    return _verdict(value, right, what, variants, rtol=1e-6, extra=extra)
