"""Central differences, for what has no exact derivative: a user's load function (which
may hold abs, max or a comparison, so that no complex step can be trusted), the rates'
part of γ, and the checks of the exact tangents.

Example
-------
>>> import numpy as np
>>> jacobian = difference_quotients(lambda x: np.array([x[0] * x[1], np.sin(x[0])]), np.array([1.0, 2.0]), 1.0)
>>> bool(np.allclose(jacobian, [[2.0, 1.0], [np.cos(1.0), 0.0]], atol=1e-9))
True
"""

from __future__ import annotations

import numpy as np

#: Central differences take steps of this fraction of each coordinate's scale (the cube
#: root of the machine epsilon balances truncation and round-off).
DIFFERENCE_STEP = 6e-6


def central_differences(forces, q: np.ndarray, qd: np.ndarray, scale: float) -> tuple[np.ndarray, np.ndarray]:
    """(∂F/∂q, ∂F/∂q̇) of ``forces(q, q̇)`` by central differences (steps of
    :data:`DIFFERENCE_STEP` of each coordinate's scale; the rates' scale is at least the
    largest rate)."""
    speed = max(float(np.abs(qd).max(initial=0.0)), scale)
    return (difference_quotients(lambda x: forces(x, qd), q, scale),
            difference_quotients(lambda v: forces(q, v), qd, speed))


def difference_quotients(function, x: np.ndarray, scale: float) -> np.ndarray:
    """∂f/∂x of a vector function f(x) by central differences, one column per entry of x,
    each with a step of :data:`DIFFERENCE_STEP` times max(abs(x_j), scale)."""
    x = np.asarray(x, dtype=float)
    columns = []
    for j in range(len(x)):
        dx = DIFFERENCE_STEP * max(abs(x[j]), scale)
        plus, minus = x.copy(), x.copy()
        plus[j] += dx
        minus[j] -= dx
        columns.append((np.reshape(function(plus), -1) - np.reshape(function(minus), -1)) / (2 * dx))
    return np.column_stack(columns) if columns else np.zeros((np.size(function(x)), 0))
