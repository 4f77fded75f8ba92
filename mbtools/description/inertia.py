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

from ..errors import MechanismError
from .validate import number

# Relative tolerance on symmetry, on negative eigenvalues and on the triangle inequality.
INERTIA_TOLERANCE = 1e-9


@dataclass(frozen=True)
class MassProperties:
    """Mass m (> 0), centre of mass G in the reference drawing and inertia J_G about G
    (a scalar in the plane, a symmetric 3 × 3 tensor in space, in ground axes)."""

    mass: float
    centre: np.ndarray
    inertia: np.ndarray | float

    @property
    def is_slender(self) -> bool:
        """True for a spatial body with no inertia about some axis (a slender bar)."""
        J = np.asarray(self.inertia, dtype=float)
        if J.ndim == 0:
            return False
        moments = np.linalg.eigvalsh(J)
        return bool(moments[0] <= INERTIA_TOLERANCE * max(float(moments[-1]), 1e-300))


def uniform_bar(mass: float, end_a, end_b, radius: float = 0.0) -> MassProperties:
    """A uniform bar between two points: a solid circular cylinder of ``radius``.

    G is at the middle. In the plane J_G = m L² / 12 (the radius does not enter the
    turn about the normal of a slender bar). In space, with e the bar's unit direction,

        J_G = m (3 r² + L²) / 12 (I − e eᵀ) + m r² / 2 · e eᵀ,

    and ``radius=0`` is the *slender bar*: a line of mass with no inertia about its own
    axis. That is exact for a body described by two points only (natural and basic
    coordinates, which do not model its spin), but it leaves a singular inertia tensor:
    the reference-point and relative families, whose coordinates turn the bar about its
    axis, cannot use it for dynamics, and their mass matrices refuse it with a message that says so.

    >>> bar = uniform_bar(12.0, (0, 0, 0), (1, 0, 0), radius=0.1)
    >>> [round(float(v), 4) for v in bar.inertia.diagonal()]   # m r²/2, then m(3r² + L²)/12 twice
    [0.06, 1.03, 1.03]
    >>> bar.is_slender, uniform_bar(12.0, (0, 0, 0), (1, 0, 0)).is_slender
    (False, True)
    """
    mass = number("uniform_bar: mass", mass)
    if mass <= 0:
        raise MechanismError(f"uniform_bar: mass must be a positive number (kg), got {mass:g}.")
    ends = []
    for end in (end_a, end_b):
        try:
            ends.append(np.asarray(end, dtype=float).reshape(-1))
        except (TypeError, ValueError):
            ends.append(np.zeros(0))
    a, b = ends
    if a.size not in (2, 3) or a.size != b.size or not (np.isfinite(a).all() and np.isfinite(b).all()):
        raise MechanismError(
            f"uniform_bar: the ends {end_a!r} and {end_b!r} must both have 2 (planar) or both 3 "
            "(spatial) finite coordinates: the bar's end points in the reference drawing."
        )
    d = b - a
    length = float(np.linalg.norm(d))
    if length == 0:
        raise MechanismError(f"uniform_bar: the ends {tuple(map(float, a))} and {tuple(map(float, b))} coincide; a bar needs a length.")
    if not (isinstance(radius, (int, float)) and np.isfinite(radius) and radius >= 0):
        raise MechanismError(f"uniform_bar: radius must be a length ≥ 0 (0 for a slender bar), got {radius!r}.")
    if a.size == 2:
        return MassProperties(float(mass), (a + b) / 2, mass * length**2 / 12.0)
    e = d / length
    transverse = mass * (3 * radius**2 + length**2) / 12.0
    axial = mass * radius**2 / 2.0
    return MassProperties(float(mass), (a + b) / 2, transverse * (np.eye(3) - np.outer(e, e)) + axial * np.outer(e, e))


def require_regular_inertia(body: str, properties: MassProperties, family: str) -> None:
    """Refuse, by name, a singular inertia tensor where the family's coordinates turn the
    body about every axis (a spatial body placed by a full frame): its mass matrix would
    be singular and the dynamics undetermined. A slender bar (no inertia about its own
    axis) is fine as a two-point body of the point families.

    >>> require_regular_inertia("coupler", uniform_bar(1.0, (0, 0, 0), (1, 0, 0)), "reference_point")
    Traceback (most recent call last):
    ...
    mbtools.errors.MechanismError: Body 'coupler' has no inertia about the axis (1, 0, 0) ...
    """
    J = np.asarray(properties.inertia, dtype=float)
    if J.ndim == 0:
        return
    moments, axes = np.linalg.eigh(J)
    if moments[0] > INERTIA_TOLERANCE * max(float(moments[-1]), 1e-300):
        return
    axis = "(" + ", ".join(f"{float(c):.3g}" for c in axes[:, 0] * np.sign(axes[np.argmax(np.abs(axes[:, 0])), 0])) + ")"
    raise MechanismError(
        f"Body '{body}' has no inertia about the axis {axis} (a slender bar's mass "
        f"properties), but {family} coordinates turn it about that axis too: its mass matrix "
        "would be singular. Give the bar a radius (uniform_bar(m, A, B, radius=r)) or a full "
        "inertia tensor, or use natural or basic coordinates, where a bar is two points."
    )


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
                f"normal to the plane), not {_shown(properties.inertia)}."
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
            f"Body '{body}': the principal moments ({', '.join(f'{float(v):.6g}' for v in moments)}) break the triangle "
            "inequality I₁ + I₂ ≥ I₃, so no mass distribution has them; check the tensor."
        )
    return MassProperties(float(m), centre, J)


def _shown(value) -> str:
    """A value for a message: an array by its shape, a number as it is."""
    shape = np.shape(value)
    return f"an array of shape {shape}" if shape else repr(value)


def set_masses(mechanism, masses: dict) -> None:
    """Give bodies of a described mechanism their mass properties, by body name — for
    an example drawn without them.

    >>> from mbtools import examples
    >>> m = examples.four_bar()
    >>> p = m.point_position
    >>> set_masses(m, {"crank": uniform_bar(1.0, p("O2"), p("A"))})
    >>> m.bodies["crank"].mass.mass
    1.0
    """
    import dataclasses

    if not isinstance(masses, dict):
        raise MechanismError(f"set_masses takes a dict, body name → MassProperties, got {type(masses).__name__}.")
    for body, properties in masses.items():
        if body not in mechanism.bodies or mechanism.bodies[body].is_ground:
            moving = [b for b, v in mechanism.bodies.items() if not v.is_ground]
            raise MechanismError(f"'{body}' is not a moving body of '{mechanism.name}'; its moving bodies are {moving}.")
        checked = checked_mass_properties(body, properties, mechanism.dimension)
        mechanism.bodies[body] = dataclasses.replace(mechanism.bodies[body], mass=checked)
