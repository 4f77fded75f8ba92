"""The frame an angle about an axis is measured in: one helper for the whole library.

An angle about a unit vector w needs a direction e₁ normal to w to count from and
e₂ = w × e₁ to count towards. mbtools takes for e₁ the ground axis (x, y or z) least
aligned with w, projected onto the plane normal to w (the default of
:meth:`~mbtools.Mechanism.add_angle_driver`, the examples' drawing angles and the pose
families' pair conditions).

Example
-------
>>> e1, e2 = axis_frame((0.0, 1.0, 0.0))     # about y: from x towards w × x = −z
>>> e1.tolist(), e2.tolist()
([1.0, 0.0, 0.0], [0.0, 0.0, -1.0])
"""

from __future__ import annotations

import math

import numpy as np


def axis_frame(w) -> tuple[np.ndarray, np.ndarray]:
    """(e₁, e₂): e₁ the ground axis least aligned with the unit vector w, projected
    normal to it and normalised; e₂ = w × e₁. Both are unit vectors normal to w."""
    w = np.asarray(w, dtype=float)
    e1 = np.eye(3)[int(np.argmin(np.abs(w)))]
    e1 = e1 - np.dot(e1, w) * w
    e1 /= np.linalg.norm(e1)
    return e1, np.cross(w, e1)


def angle_about(w, v) -> float:
    """Angle of the vector v about the unit vector w, in the frame of :func:`axis_frame`
    (radians, in (−π, π]).

    >>> round(angle_about((0.0, 0.0, 1.0), (0.0, 2.0, 5.0)), 6)   # about z, from x: 90°
    1.570796
    """
    e1, e2 = axis_frame(w)
    v = np.asarray(v, dtype=float)
    return math.atan2(float(v @ e2), float(v @ e1))
