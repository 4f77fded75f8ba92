"""The map of the book: its chapters, what each builds on, and where each kind of
reader starts (drawn on the front page).

:data:`CHAPTERS` lists the chapters with the documents they are in and the chapters
each builds on; :func:`chapter_map` draws them as boxes and arrows in two lanes,
kinematics (the coordinates) and dynamics.
"""

from __future__ import annotations

from typing import NamedTuple

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.axes import Axes
from matplotlib.patches import FancyBboxPatch

from .plotting import BODY_COLORS

FONT_SIZE = 10


class Chapter(NamedTuple):
    """One chapter: its number, its document (relative to the book's root), its title
    as the map writes it (with line breaks), where the map puts it, the chapters it
    builds on (arrows) and those of the other lane it also uses (written in its box)."""

    number: int
    document: str
    title: str
    place: tuple[float, float]
    builds_on: tuple[int, ...] = ()
    also_uses: tuple[int, ...] = ()


CHAPTERS: tuple[Chapter, ...] = (
    Chapter(1, "chapters/01_why_coordinates", "Why\ncoordinates\nmatter", (0.0, 3.0)),
    Chapter(2, "chapters/02_basic_coordinates_plane", "Basic\ncoordinates\nin the plane", (1.1, 3.0), (1,)),
    Chapter(3, "chapters/03_relative_coordinates", "Relative\ncoordinates", (2.2, 4.15), (2,)),
    Chapter(4, "chapters/04_reference_point_coordinates", "Reference-\npoint\ncoordinates", (2.2, 3.0), (2,)),
    Chapter(5, "chapters/05_natural_coordinates", "Natural\ncoordinates", (2.2, 1.85), (2,)),
    Chapter(6, "chapters/06_comparing_families", "Comparing\nthe families", (3.3, 3.0), (3, 4, 5)),
    Chapter(7, "chapters/07_singular_positions", "Singular\npositions,\nindependent\ncoordinates", (4.4, 3.0), (6,)),
    Chapter(8, "chapters/08_equations_of_motion", "Equations\nof motion", (2.3, 0.25), (6,)),
    Chapter(9, "chapters/09_dynamic_formulations", "Dynamic\nformulations", (3.4, 0.25), (7, 8)),
    Chapter(10, "chapters/10_gyroscope", "The\ngyroscope", (4.5, 0.72), (9,), (4,)),
    Chapter(11, "chapters/11_falling_ssc", "The falling\nSSC", (4.5, -0.32), (9,), (5,)),
    Chapter(12, "chapters/12_validation", "Validation\nagainst\nbenchmarks", (5.6, 0.25), (9, 10, 11)),
    Chapter(13, "chapters/13_impacts", "Impacts: the\nbouncing bar", (2.3, -0.95), (9,), (2,)),
    Chapter(14, "chapters/14_statics_vibration", "Statics and\nvibration", (3.4, -0.95), (9,), (3,)),
    Chapter(15, "chapters/15_reactions_suspension", "Reactions, a\nsuspension", (4.6, -1.33), (14,), (5,)),
    Chapter(16, "chapters/16_balancing", "Shaking and\nbalancing", (5.7, -1.33), (15,)),
    Chapter(17, "chapters/17_flexible_bodies", "Flexible bodies\n(ANCF)", (3.4, -2.05), (14,), (5,)),
)
"""The chapters, in order. Chapters 1–7 are the kinematics (coordinates), 8–17 the
dynamics."""

LANES = (("Coordinates", 1.3, 4.8, BODY_COLORS[0]), ("Dynamics", -2.55, 1.2, BODY_COLORS[2]))


def chapter_map(ax: Axes | None = None, chapters: tuple[Chapter, ...] = CHAPTERS) -> Axes:
    """The chapters as numbered boxes with an arrow from each to the chapters that build
    on it, in two lanes (coordinates above, dynamics below), and where self-study
    starts.

    Parameters
    ----------
    ax : matplotlib.axes.Axes, optional
    chapters : tuple of mbtools.viz.book_map.Chapter
        By default the book's :data:`CHAPTERS`.

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> ax = chapter_map()
    >>> boxes = [t.get_text() for t in ax.texts if t.get_text()[:1].isdigit()]
    >>> [b.split()[0] for b in boxes] == [str(c.number) for c in CHAPTERS]
    True
    >>> arrows = [t for t in ax.texts if t.get_text() == ""]
    >>> len(arrows) == sum(len(c.builds_on) for c in CHAPTERS)
    True
    """
    if ax is None:
        _, ax = plt.subplots(figsize=(7.0, 5.6))
        ax.figure.subplots_adjust(left=0.0, right=1.0, bottom=0.0, top=1.0)
    ax.set_xlim(-0.55, 6.2)
    ax.set_ylim(-2.6, 4.85)
    ax.set_axis_off()
    for name, low, high, color in LANES:
        ax.add_patch(FancyBboxPatch((-0.5, low), 6.65, high - low, boxstyle="round,pad=0,rounding_size=0.2",
                                    fc=color, ec="none", alpha=0.08, zorder=0))
        ax.text(-0.42, high - 0.12, name, fontsize=FONT_SIZE + 1, fontweight="bold", color=color, va="top")
    boxes = {}
    for chapter in chapters:
        color = BODY_COLORS[0] if chapter.number <= 7 else BODY_COLORS[2]
        uses = f"\n(uses {', '.join(map(str, chapter.also_uses))})" if chapter.also_uses else ""
        boxes[chapter.number] = ax.text(
            *chapter.place, f"{chapter.number}\n{chapter.title}{uses}", ha="center", va="center", fontsize=FONT_SIZE,
            linespacing=1.15, zorder=3,
            bbox={"boxstyle": "round,pad=0.35", "fc": "white", "ec": color, "lw": 1.5})
    ax.figure.canvas.draw()  # the boxes take their sizes, so that arrows end at their edges
    to_data = ax.transData.inverted()
    extents = {n: to_data.transform(box.get_bbox_patch().get_window_extent()) for n, box in boxes.items()}
    for chapter in chapters:
        for source in chapter.builds_on:
            tail, head = edge(extents[source], extents[chapter.number])
            ax.annotate("", xy=head, xytext=tail, zorder=4, arrowprops={
                "arrowstyle": "-|>", "color": "0.35", "lw": 1.3, "shrinkA": 2, "shrinkB": 2, "mutation_scale": 14})
    start = extents[chapters[0].number]
    ax.annotate("start here", xy=(start[:, 0].mean(), start[0, 1]), xytext=(start[:, 0].mean(), 1.9),
                ha="center", va="top",
                fontsize=FONT_SIZE, fontweight="bold", color="#d62728",
                arrowprops={"arrowstyle": "-|>", "color": "#d62728", "lw": 1.5})
    return ax


def edge(tail_box: np.ndarray, head_box: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Where the line between the centres of two boxes (each given by two opposite
    corners) leaves the first and enters the second."""
    centres = [box.mean(axis=0) for box in (tail_box, head_box)]
    direction = centres[1] - centres[0]

    def exit_point(box: np.ndarray, centre: np.ndarray, d: np.ndarray) -> np.ndarray:
        half = np.abs(box[1] - box[0]) / 2
        reach = min(half[k] / abs(d[k]) if abs(d[k]) > 1e-12 else np.inf for k in range(2))
        return centre + reach * d

    return exit_point(tail_box, centres[0], direction), exit_point(head_box, centres[1], -direction)
