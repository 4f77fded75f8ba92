"""The rank of a Jacobian: one decision, one tolerance policy, used everywhere.

**Policy.** A Jacobian J is factorized by QR with column pivoting of Jᵀ (LAPACK
``dgeqp3``; the paper's pivoting), Jᵀ P = Q R, which orders the equations most
independent first. Its numerical rank is the number of diagonal entries with
|R_kk| > ``RANK_RTOL`` · |R_11|, and the same rule applied to singular values where an
SVD is taken. ``RANK_RTOL = 1e-9``: an exact dependency (a redundant equation, an idle
freedom) leaves |R_kk| at round-off, about 1e-15 |R_11| for the examples; a
genuine direction stays above 1e-6 |R_11| except within about 1e-6 rad of a singular
position, which is the solvers' business (their condition test,
``mbtools.kinematics.SINGULAR_RCOND``, and ``EXACTLY_SINGULAR`` below), not the rank's.

The same tolerance decides which freedoms of a null space *move* a point: the
singular values of the point motion over a null-space basis, relative to the larger of
1 and the mechanism's length scale (point velocities scale with lengths).

Example
-------
>>> import numpy as np
>>> J = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])   # the third row is the sum
>>> numerical_rank(J), len(independent_rows(J)[1])   # two kept, one set aside
(2, 1)
"""

from __future__ import annotations

import numpy as np
from scipy.linalg.lapack import dgeqp3

RANK_RTOL = 1e-9

#: A pivot below this fraction of the largest cannot be divided by at all: the system
#: is exactly singular (the solvers raise); between it and the conditioning test of
#: the solvers lie the positions merely near a singular one.
EXACTLY_SINGULAR = 1e-13


def pivoted_qr(J: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """QR with column pivoting of Jᵀ (LAPACK dgeqp3): the packed factors (R in the upper
    triangle), the pivots — equations of J, most independent first, 0-based — and the
    reflector scales."""
    factors, jpvt, tau, _, info = dgeqp3(np.asfortranarray(J.T))
    if info != 0:  # pragma: no cover - dgeqp3 reports only illegal arguments
        raise ValueError(f"dgeqp3 failed (info = {info})")
    return factors, jpvt - 1, tau


def rank_of_diagonal(diagonal: np.ndarray, rtol: float = RANK_RTOL) -> int:
    """Number of entries above ``rtol`` (by default ``RANK_RTOL``) times the first
    (largest) one: the rank read off |diag R| of a pivoted QR, or off singular values in
    decreasing order."""
    diagonal = np.abs(diagonal) if isinstance(diagonal, np.ndarray) else np.abs(np.asarray(diagonal, dtype=float))
    if not diagonal.size or not diagonal[0] > 0:
        return 0
    if diagonal[-1] > rtol * diagonal[0]:  # the common case, full rank (the entries decrease)
        return len(diagonal)
    return int(np.count_nonzero(diagonal > rtol * diagonal[0]))


def kept_rows(factors: np.ndarray, pivots: np.ndarray, rank: int | None = None) -> tuple[np.ndarray | None, float]:
    """From the pivoted QR of Jᵀ (:func:`pivoted_qr`): the rows of J to keep, by the policy
    above — ``None`` where every row is kept (the common case, read off the last diagonal
    entry alone, as |R_kk| decreases) — and the ratio |R_rr| / |R_11| of the last entry kept
    to the first, how near J is to losing rank (0 for a zero J). With ``rank``, at most that
    many rows are kept: the mechanism's generic rank, known from a consistent state, where
    off the constraints a permanently redundant row's pivot is of the size of the drift.

    Example
    -------
    >>> import numpy as np
    >>> factors, pivots, _ = pivoted_qr(np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]))
    >>> rows, ratio = kept_rows(factors, pivots)
    >>> len(rows), round(ratio, 12)   # two of the three rows, |R_22| = |R_11| / 2
    (2, 0.5)
    """
    diagonal = factors.diagonal()
    first = abs(diagonal[0]) if len(diagonal) else 0.0
    if not first > 0:
        return pivots[:0], 0.0
    last = abs(diagonal[-1])
    if len(diagonal) == len(pivots) and last > RANK_RTOL * first and (rank is None or rank >= len(pivots)):
        return None, float(last / first)
    found = rank_of_diagonal(diagonal)
    if rank is not None:
        found = max(min(found, rank), 1)
    return pivots[:found], float(abs(diagonal[found - 1]) / first)


def numerical_rank(J: np.ndarray) -> int:
    """The numerical rank of J by the policy above."""
    J = np.asarray(J, dtype=float)
    if not J.size:
        return 0
    factors, _, _ = pivoted_qr(J)
    return rank_of_diagonal(np.diagonal(factors))


def independent_rows(J: np.ndarray, rtol: float = RANK_RTOL) -> tuple[np.ndarray, np.ndarray]:
    """(rows kept, rows set aside): the rank(J) most independent equations, most
    independent first, and the others in increasing order (``rtol``: the rank rule's
    threshold)."""
    J = np.asarray(J, dtype=float)
    if not J.size:
        return np.zeros(0, dtype=int), np.arange(J.shape[0])
    factors, pivots, _ = pivoted_qr(J)
    rank = rank_of_diagonal(np.diagonal(factors), rtol)
    return pivots[:rank], np.sort(pivots[rank:])


def null_space(J: np.ndarray, n: int, rtol: float = RANK_RTOL) -> np.ndarray:
    """An orthonormal basis of the null space of the m × n matrix J (columns), by the
    SVD and the policy above (``rtol``: the rank rule's threshold)."""
    J = np.asarray(J, dtype=float)
    if not J.size:
        return np.eye(n)
    _, sv, vt = np.linalg.svd(J, full_matrices=True)
    rank = rank_of_diagonal(sv, rtol)
    return vt[rank:].T


def moving_rank(motion: np.ndarray, length_scale: float) -> int:
    """Number of independent directions in which ``motion`` (point velocities over a
    null-space basis, one column per direction) moves the points."""
    if not motion.size:
        return 0
    sv = np.linalg.svd(motion, compute_uv=False)
    return int(np.sum(sv > RANK_RTOL * max(length_scale, 1.0)))
