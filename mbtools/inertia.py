"""Mass properties of a body: its mass, centre of mass and inertia about that centre.

A body of the description may carry them (``Mechanism.add_body(..., mass=...)``); the
kinematics does not need them, but the reference-point family places each body by its
centre of mass (the paper: "usually the centre of gravity"), and the dynamics builds
the mass matrices from them.

The inertia is given about the centre of mass G, in the axes of the ground frame as
the body sits in the reference drawing: a scalar J_G (about the normal to the plane)
for a planar body, a symmetric 3 × 3 tensor for a spatial one. A physical inertia
tensor is positive semi-definite and its principal moments obey the triangle
inequality I₁ + I₂ ≥ I₃ (they are sums of second moments of the mass).

Example
-------
A uniform bar of 2 kg from (0, 0) to (1, 0): J_G = m L² / 12.

>>> bar = uniform_bar(2.0, (0.0, 0.0), (1.0, 0.0))
>>> bar.mass, bar.centre.tolist(), round(float(bar.inertia), 6)
(2.0, [0.5, 0.0], 0.166667)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .errors import MechanismError

# Relative tolerance on symmetry, on negative eigenvalues and on the triangle inequality.
INERTIA_TOLERANCE = 1e-9


@dataclass(frozen=True)
class MassProperties:
    """Mass m (> 0), centre of mass G in the reference drawing and inertia J_G about G
    (a scalar in the plane, a symmetric 3 × 3 tensor in space, in ground axes)."""

    mass: float
    centre: np.ndarray
    inertia: np.ndarray | float


def uniform_bar(mass: float, end_a, end_b) -> MassProperties:
    """A slender uniform bar between two points: G at the middle; J_G = m L² / 12 in
    the plane, and in space m L²/12 (I − e eᵀ) with e the bar's unit direction (no
    inertia about its own axis)."""
    a, b = np.asarray(end_a, dtype=float), np.asarray(end_b, dtype=float)
    d = b - a
    length = float(np.linalg.norm(d))
    moment = mass * length**2 / 12.0
    if a.size == 2:
        return MassProperties(float(mass), (a + b) / 2, moment)
    e = d / length if length > 0 else np.zeros(3)
    return MassProperties(float(mass), (a + b) / 2, moment * (np.eye(3) - np.outer(e, e)))


def checked_mass_properties(body: str, properties: MassProperties, dimension: int) -> MassProperties:
    """The mass properties of a body, checked; a :class:`MechanismError` naming the
    body says what is wrong and how to fix it."""
    if not isinstance(properties, MassProperties):
        raise MechanismError(
            f"Body '{body}': mass= takes a MassProperties(mass, centre, inertia) (for example "
            f"mbtools.inertia.uniform_bar(m, A, B)), not {type(properties).__name__}."
        )
    m = properties.mass
    if isinstance(m, bool) or not isinstance(m, (int, float, np.integer, np.floating)) or not np.isfinite(m) or m <= 0:
        raise MechanismError(f"Body '{body}': mass {m!r} must be a positive number (kg).")
    centre = np.asarray(properties.centre, dtype=float).reshape(-1)
    if centre.shape != (dimension,) or not np.all(np.isfinite(centre)):
        raise MechanismError(
            f"Body '{body}': the centre of mass {properties.centre!r} must be {dimension} finite "
            "coordinates, where G is in the reference drawing."
        )
    J = np.asarray(properties.inertia, dtype=float)
    if dimension == 2:
        if J.size != 1 or not np.isfinite(J).all() or float(J.reshape(-1)[0]) < 0:
            raise MechanismError(
                f"Body '{body}': a planar body's inertia is one number J_G ≥ 0 (kg·m², about G, "
                f"normal to the plane), not {properties.inertia!r}."
            )
        return MassProperties(float(m), centre, float(J.reshape(-1)[0]))
    if J.shape != (3, 3) or not np.isfinite(J).all():
        raise MechanismError(
            f"Body '{body}': a spatial body's inertia is a 3 × 3 tensor about G in ground axes, "
            f"not an array of shape {J.shape}."
        )
    scale = max(float(np.abs(J).max()), 1e-300)
    if np.abs(J - J.T).max() > INERTIA_TOLERANCE * scale:
        raise MechanismError(f"Body '{body}': the inertia tensor is not symmetric; J_G must equal its transpose.")
    moments = np.linalg.eigvalsh(J)
    if moments[0] < -INERTIA_TOLERANCE * scale:
        raise MechanismError(
            f"Body '{body}': the inertia tensor has a negative principal moment "
            f"({moments[0]:.4g}); principal moments are never negative."
        )
    if moments[0] + moments[1] < moments[2] * (1 - INERTIA_TOLERANCE) - INERTIA_TOLERANCE * scale:
        raise MechanismError(
            f"Body '{body}': the principal moments {tuple(np.round(moments, 6))} break the triangle "
            "inequality I₁ + I₂ ≥ I₃, so no mass distribution has them; check the tensor."
        )
    return MassProperties(float(m), centre, J)
