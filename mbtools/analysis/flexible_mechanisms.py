"""A flexible slider-crank: a rigid crank in natural coordinates and a connecting rod of
ANCF elements pinned to it and to the slider by shared points
(:class:`~mbtools.dynamics.ancf_mechanism.FlexibleMechanism`), and the rod's bending
measured from its chord.

The classic geometry of flexible slider-crank studies: a crank O → A of 0.152 m, a rod
A → B of 0.304 m, the slider a point mass at B on the ground line y = 0 through O. The rod
is a round bar of 10 mm (A = 7.854e-5 m², I = 4.909e-10 m⁴); with E = 10 GPa and ρ = 2770
kg/m³ its first pinned–pinned bending frequency is π²√(EI/(ρA L⁴)) = 507 rad/s and its
Euler load π²EI/L² = 524 N. Driven at Ω = 150 rad/s, the slider's inertia and the rod's own
transverse inertia bend it by about a centimetre.

Example
-------
>>> m = flexible_slider_crank(4)
>>> m.coordinate_names[:4], m.n_coordinates    # A, B; three inner nodes; five slopes
(['A.x', 'A.y', 'B.x', 'B.y'], 20)
"""

from __future__ import annotations

import numpy as np
import sympy as sp

from ..dynamics.ancf_beam import straight_beam
from ..dynamics.ancf_mechanism import FlexibleMechanism
from ..errors import InputError

#: The rod's section, a round bar of 10 mm, area (m²) and second moment (m⁴).
ROD_SECTION = {"area": 7.854e-5, "second_moment": 4.909e-10}
#: The crank's speed (rad/s) and the time constant (s) of its smooth start.
SPEED, RAMP = 150.0, 0.03


def smooth_start(speed: float = SPEED, ramp: float = RAMP) -> sp.Expr:
    """θ(t) whose rate θ̇ = Ω (1 − exp(−(t/τ)²)) rises from rest to ``speed`` Ω with zero
    acceleration at t = 0 (a start that does not kick the rod's axial modes):
    θ = Ω (t − τ √π/2 erf(t/τ))."""
    t = sp.Symbol("t")
    return speed * (t - ramp * sp.sqrt(sp.pi) / 2 * sp.erf(t / ramp))


def flexible_slider_crank(elements: int, youngs_modulus: float = 1e10, density: float = 2770.0,
                          crank: float = 0.152, rod: float = 0.304, crank_angle: float = 0.0,
                          crank_mass: float = 0.0366, slider_mass: float = 0.033, gravity=(0.0, 0.0),
                          drive=None) -> FlexibleMechanism:
    """The slider-crank with its rod of ``elements`` ANCF elements (points O on the ground,
    A and B moving, the rod's inner nodes ``rod.1`` …), drawn with the crank at
    ``crank_angle`` (rad) and B ahead of it on y = 0; the crank a uniform bar of
    ``crank_mass``; driven by ``drive`` (θ(t): a number, a sympy expression of ``t``; by
    default :func:`smooth_start`), or free if ``drive`` is False."""
    if not crank > 0 or not rod > crank:
        raise InputError(f"flexible_slider_crank: the rod ({rod!r} m) must be longer than the crank ({crank!r} m), "
                         "both positive, so that the crank turns a whole turn.")
    A = crank * np.array([np.cos(crank_angle), np.sin(crank_angle)])
    reach = np.sqrt(rod**2 - A[1] ** 2)
    beam = straight_beam(rod, elements, youngs_modulus=youngs_modulus, density=density, start=A,
                         angle=float(np.arctan2(-A[1], reach)), **ROD_SECTION)
    m = FlexibleMechanism("flexible slider-crank", gravity=gravity)
    m.add_ground({"O": (0.0, 0.0)})
    m.add_points({"A": A, "B": beam.nodes[-1]})
    m.add_rigid_body("crank", "O", "A", mass=crank_mass)
    m.add_beam("rod", beam, nodes={0: "A", -1: "B"})
    m.add_slider("guide", "B", "O", (1.0, 0.0))
    m.add_point_mass("slider", "B", slider_mass)
    if drive is not False:
        m.add_crank_driver("motor", "crank", smooth_start() if drive is None else drive)
    return m


def chord_deflection(motion, node: str, ends: tuple[str, str] = ("A", "B")) -> np.ndarray:
    """A node's distance from the chord between two points, to the chord's left (m), at
    every output of a :class:`~mbtools.dynamics.ancf_mechanism_motion.MechanismMotion`:
    (r − (r_A + r_B)/2) × e, e the chord's unit vector (for the middle node of a rod, its
    bending)."""
    first, last, middle = motion.point(ends[0]), motion.point(ends[1]), motion.point(node)
    chord = (last - first) / np.linalg.norm(last - first, axis=1)[:, None]
    offset = middle - 0.5 * (first + last)
    return chord[:, 0] * offset[:, 1] - chord[:, 1] * offset[:, 0]
