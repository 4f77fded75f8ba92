"""Shapes the three.js player (:mod:`mbtools.viz.player`) draws beside a body's own: marks
that make a motion readable without being part of the model.
"""

from __future__ import annotations

import numpy as np


def disc_with_peg(centre, normal, marker, radius: float, thickness: float = 0.008) -> list[dict]:
    """A disc of ``radius`` at ``centre`` across ``normal``, with a short peg through it
    near its rim towards ``marker`` (a direction in the disc's plane): the shapes that
    make a spinning rotor's spin visible (the peg is a mark, not part of the model).
    Coordinates of the reference drawing; pass them as ``shapes={body: ...}``.

    >>> shapes = disc_with_peg((0.2, 0.0, 0.0), (1.0, 0.0, 0.0), (0.0, 1.0, 0.0), 0.1)
    >>> [s["type"] for s in shapes], [round(float(x), 3) for x in shapes[1]["a"]]
    (['disc', 'bar'], [0.15, 0.085, 0.0])
    """
    centre = np.asarray(centre, dtype=float)
    axis = np.asarray(normal, dtype=float)
    axis = axis / np.linalg.norm(axis)
    peg = centre + 0.85 * radius * np.asarray(marker, dtype=float) / np.linalg.norm(marker)
    return [{"type": "disc", "at": centre, "normal": axis, "radius": radius, "thickness": thickness},
            {"type": "bar", "a": peg - 0.05 * axis, "b": peg + 0.05 * axis, "radius": 0.09 * radius}]
