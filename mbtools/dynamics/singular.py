"""Singular positions told from permanent redundancy, by the rank's change along the motion.

Near a singular position the constraint Jacobian has a small singular value σ, and a
drift ε of the state becomes an acceleration of order ε/σ along another branch (see
:mod:`mbtools.dynamics.integrate`). A *permanently* redundant mechanism — Bricard's, whose
six joint rows have rank five everywhere — has a zero singular value all along its motion,
and is not near a singular position at all: the fixed ratio abs(R_mm) / abs(R_11) of the last
pivot says nothing there, since off the constraints (at the stages of an explicit step)
that pivot is of the size of the drift.

:class:`RankWatch` tells them apart. The *generic rank* r is the rank of Φ_q at a
consistent state by the rank rule (``mbtools.model.rank``), the largest seen so far (a
motion that starts at a singular position gains rank as it leaves it). The distance from a
singular position is the ratio of the r-th pivot of the pivoted QR of Φ_qᵀ (or the r-th
singular value) to the first: the rows beyond r are permanently redundant and never kept,
and a singular position is where the r-th falls. The ODE formulations report every
pivot they compute to the watch; the integrator reads the nearest approach of each step
(``RankWatch.nearest``) and hands the neighbourhood of a singular position to ALI3-P.

Under Baumgarte's stabilisation alone (no projection), which can leave its branch with the
ratio never below 1.1e-6 (A02, N = 1), a ratio below :data:`NEAR_SINGULAR_BAUMGARTE`
stops the integration instead (:func:`refuse_near_singular`).

Example
-------
>>> import numpy as np
>>> J = np.array([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [1.0, 1.0, 0.0]])   # rank 2 everywhere
>>> watch = RankWatch.at(J)
>>> watch.rank
2
>>> drifted = J + np.array([[0, 0, 1e-8], [0, 0, 0], [0, 0, 0]])    # off the constraints
>>> round(watch.ratio_of(np.linalg.svd(drifted, compute_uv=False)), 3)   # the 2nd of 3, not the drift
0.577
"""

from __future__ import annotations

import math

import numpy as np

from ..errors import SingularJacobianError
from ..model.rank import pivoted_qr, rank_of_diagonal

#: The ratio of Φ_q's last generic pivot to its first below which a step of an explicit
#: integrator is not trusted: the step is taken again from its start by ALI3-P, which keeps
#: its branch (the integrator crowds its steps into a singular position below about 1e-6:
#: A02 with N = 40, N = 10 at rtol 1e-11).
STAGE_NEAR_SINGULAR = 1e-6
#: A consistent state nearer than this to a singular position hands the integration to
#: ALI3-P; it hands back where the ratio is above :data:`CROSSING_EXIT` again.
CROSSING_ENTRY = 1e-4
#: The ratio above which ALI3-P hands a crossing back to the explicit integrator.
CROSSING_EXIT = 1e-3
#: Under Baumgarte's stabilisation alone the drift grows to 1e-6 … 1e-4 of the size, and
#: A02 (N = 1) leaves its branch with the ratio never below 1.1e-6: so it stops far wider.
NEAR_SINGULAR_BAUMGARTE = 1e-3


class RankWatch:
    """The generic rank of Φ_q along a motion and the nearest approach to a singular
    position since :meth:`reset`.

    Parameters
    ----------
    rank : int
        The generic rank, from a consistent state (:meth:`at`).
    """

    def __init__(self, rank: int):
        self.rank = int(rank)
        self.nearest = math.inf

    @classmethod
    def at(cls, J: np.ndarray | None) -> "RankWatch":
        """The watch of a motion that starts from a consistent state with Φ_q = ``J``."""
        if J is None or not J.size:
            return cls(0)
        return cls(rank_of_diagonal(np.abs(pivoted_qr(J)[0].diagonal())))

    def reset(self) -> None:
        """Forget the nearest approach (at the start of a step)."""
        self.nearest = math.inf

    def ratio_of(self, diagonal: np.ndarray) -> float:
        """The ratio of the r-th entry of ``diagonal`` (abs(diag R) of a pivoted QR, or singular
        values in decreasing order) to the first, noted as an approach; 1 without rows."""
        diagonal = np.abs(diagonal)
        if not self.rank or not diagonal.size or not diagonal[0] > 0:
            return 1.0
        ratio = float(diagonal[min(self.rank, diagonal.size) - 1] / diagonal[0])
        self.nearest = min(self.nearest, ratio)
        return ratio

    def consistent(self, J: np.ndarray | None) -> float:
        """At a consistent state: the generic rank raised if the rank rule finds more (the
        motion has left a singular position it started at), and the ratio there."""
        if J is None or not J.size:
            return 1.0
        return self.consistent_diagonal(np.abs(pivoted_qr(J)[0].diagonal()))

    def consistent_diagonal(self, diagonal: np.ndarray) -> float:
        """:meth:`consistent` from abs(diag R) of the pivoted QR of Φ_qᵀ already computed."""
        self.rank = max(self.rank, rank_of_diagonal(diagonal))
        return self.ratio_of(diagonal)

    def rows_to_keep(self, diagonal: np.ndarray) -> int:
        """How many of the pivoted rows to keep: the rank rule's count, at most the generic rank."""
        return min(rank_of_diagonal(diagonal), self.rank) if self.rank else rank_of_diagonal(diagonal)


def refuse_near_singular(name: str, t: float, ratio: float, threshold: float = NEAR_SINGULAR_BAUMGARTE) -> None:
    """Raise the error that names the time and the way out, if ``ratio`` < ``threshold``
    (Baumgarte's stabilisation without projection)."""
    if ratio < threshold:
        raise SingularJacobianError(
            f"'{name}' reaches a singular position at t = {t:.6g} (the constraint Jacobian within {ratio:.1e} "
            "of losing rank), where Baumgarte's stabilisation alone can leave its branch without a sign: "
            "simulate it with stabilise='projection' (the default), or formulation='ali3p', which keep their "
            "branch through singular positions."
        )
