"""What the solvers return: the Newton iterates of a position solve, its result, and
a sweep of positions.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import NamedTuple

import numpy as np

from ..model import Model


class NewtonStep(NamedTuple):
    """One Newton–Raphson iterate: q_k, ‖Φ(q_k)‖₂ and the correction ‖Δq_k‖₂ applied
    after it (nan at the last iterate)."""

    iteration: int
    q: np.ndarray
    residual_norm: float
    correction_norm: float


@dataclass
class PositionResult:
    """The outcome of :func:`~mbtools.solve_position`.

    Attributes
    ----------
    q : ndarray
        The coordinates found.
    converged : bool
    inputs : dict
    rcond : float
        Estimated reciprocal condition number of Φ_q at q (small: near a singular
        position).
    singular : bool
        True when rcond < :data:`~mbtools.kinematics.SINGULAR_RCOND`: a dead point or branch point.
    continuation_steps : int
        Input steps walked from the reference drawing (0 when a guess was given).
    set_aside : list of str
        The equations that pivoting set aside as dependent on the others at q (empty
        when the equations are independent); they hold all the same, since convergence
        is judged on every equation.
    """

    q: np.ndarray
    converged: bool
    raw_history: list = field(repr=False)  # (k, q_k, Φ(q_k), Δq_k or None), cheap to record
    inputs: dict
    rcond: float = float("nan")
    singular: bool = False
    continuation_steps: int = 0
    model: Model | None = field(default=None, repr=False)
    set_aside: list = field(default_factory=list)
    scaled_history: bool = field(default=False, repr=False)  # Φ_i / ℓ^p recorded, not Φ

    @property
    def history(self) -> list[NewtonStep]:
        """Every iterate of the (last) Newton solve, for the iteration table."""
        scales = self.model.residual_scales if (self.scaled_history and self.model is not None) else 1.0
        return [
            NewtonStep(k, qk, math.sqrt(float((phi * scales) @ (phi * scales))),
                       math.nan if dq is None else math.sqrt(float(dq @ dq)))
            for k, qk, phi, dq in self.raw_history
        ]

    @property
    def iterations(self) -> int:
        """Number of Newton corrections applied."""
        return max(len(self.raw_history) - 1, 0)

    def table(self) -> str:
        """The iteration history as a plain-text table."""
        names = self.model.coordinate_names if self.model else [f"q{k}" for k in range(len(self.q))]
        head = f"{'k':>3}  " + "  ".join(f"{n:>12}" for n in names) + f"  {'‖Φ‖₂':>10}  {'‖Δq‖₂':>10}"
        rows = [head]
        for step in self.history:
            values = "  ".join(f"{v:12.8f}" for v in step.q)
            corr = "" if math.isnan(step.correction_norm) else f"{step.correction_norm:10.3e}"
            rows.append(f"{step.iteration:>3}  {values}  {step.residual_norm:10.3e}  {corr:>10}")
        return "\n".join(rows)

    def _repr_html_(self) -> str:
        names = self.model.coordinate_names if self.model else [f"q{k}" for k in range(len(self.q))]
        cells = "".join(f"<th>{n}</th>" for n in names)
        html = [f"<table style=\"font-size:80%\"><thead><tr><th>k</th>{cells}<th>‖Φ‖₂</th><th>‖Δq‖₂</th></tr></thead><tbody>"]
        for step in self.history:
            values = "".join(f"<td>{v:.7f}</td>" for v in step.q)
            corr = "" if math.isnan(step.correction_norm) else f"{step.correction_norm:.3e}"
            html.append(f"<tr><td>{step.iteration}</td>{values}<td>{step.residual_norm:.3e}</td><td>{corr}</td></tr>")
        html.append("</tbody></table>")
        return "".join(html)


@dataclass
class Sweep:
    """Positions along an input sweep: ``q[k]`` solves the inputs ``values[k]``."""

    name: str
    values: np.ndarray
    q: np.ndarray
    iterations: np.ndarray
    singular: np.ndarray
