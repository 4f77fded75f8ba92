"""One validation case of ``python -m mbtools validate``: what is compared, against what,
and how close it must be."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Case:
    """One validation case: what is compared, the reference at one sample, the value
    computed there, the largest error over all samples and the tolerance."""

    name: str
    quantity: str
    reference: float
    computed: float
    error: float
    tolerance: float
    source: str

    @property
    def passed(self) -> bool:
        return bool(self.error <= self.tolerance)
