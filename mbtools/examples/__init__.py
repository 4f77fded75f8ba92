"""Mechanisms used throughout the book, each described once, and one registry of them.

Every example is drawn in an assembled reference position (the default guess of the
position problem); the functions only build the drawing and never solve anything.
Angles are in radians; assembly modes are named (``"open"``/``"crossed"`` …) and
listed in :data:`EXAMPLES`.

:data:`EXAMPLES` is the registry the command line, the counts, the benchmarks and the
tests use: name → :class:`Example`.

Example
-------
>>> from mbtools import examples
>>> sorted(examples.EXAMPLES)[:3]
['bricard', 'cardan_joint', 'four_bar']
>>> examples.EXAMPLES["four_bar"].build().name
'four-bar'
"""

from __future__ import annotations

from typing import Callable, NamedTuple

from ..description import Mechanism
from .benchmarks import bricard
from .impacts import FALLING_BAR_DATA, FallingBar, falling_bar, falling_bar_mechanism, falling_bar_twist
from .planar import FOUR_BAR_MODES, SLIDER_CRANK_MODES, four_bar, inverted_slider_crank, slider_crank, watt_six_bar
from .spatial import RSSR_MODES, SSC_MODES, ball_jointed_body, cardan_joint, rscr, rssr, spatial_slider_crank, ssc


class Example(NamedTuple):
    """One registered example: its builder, what it is, and its assembly modes."""

    build: Callable[..., Mechanism]
    dimension: int
    about: str
    assembly_modes: tuple[str, ...] = ()


EXAMPLES: dict[str, Example] = {
    "four_bar": Example(four_bar, 2, "the four-bar linkage, driven by its crank", FOUR_BAR_MODES),
    "slider_crank": Example(slider_crank, 2, "the offset slider-crank", SLIDER_CRANK_MODES),
    "rssr": Example(rssr, 3, "the spatial RSSR linkage", RSSR_MODES),
    "rscr": Example(rscr, 3, "the spatial RSCR linkage of the paper's Figs. 1–3"),
    "ssc": Example(ssc, 3, "the SSC mechanism of the paper's second example", SSC_MODES),
    "spatial_slider_crank": Example(spatial_slider_crank, 3, "a slider-crank in space (translational joint)"),
    "cardan_joint": Example(cardan_joint, 3, "two shafts joined by a universal joint"),
    "bricard": Example(bricard, 3, "Bricard's mechanism (benchmark A04): Grübler 0, mobility 1"),
}

__all__ = ["EXAMPLES", "Example", "FALLING_BAR_DATA", "FallingBar", "ball_jointed_body", "cardan_joint", "falling_bar",
           "falling_bar_mechanism", "falling_bar_twist", "four_bar", "inverted_slider_crank", "rscr", "rssr", "slider_crank",
           "spatial_slider_crank", "ssc", "watt_six_bar"]
