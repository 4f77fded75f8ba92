"""A cantilever beam as a chain of rigid segments: the drawing of the finite-segment
model (the springs that make it flexible are loads: :mod:`mbtools.analysis.beams`).

The beam of length L along +x is cut into N segments of length ℓ = L/N; the hinges sit
at the middles of those segments, x_k = (k − ½) ℓ, k = 1 … N, so that each hinge gathers
the bending of one segment's length (the half segment at the clamp is part of the
ground, the last rigid segment is a half one ending at the tip T). A uniform load of
bending then turns each hinge by the moment there times ℓ/EI, and the tip deflection
under a tip load comes out as P L³/(3EI) (1 − 1/(4N²)): second order in 1/N.

Example
-------
>>> m = segmented_cantilever(3, length=1.5)
>>> [body for body in m.bodies if body != "ground"], m.point_position("J2")
(['s1', 's2', 's3'], array([0.75, 0.  ]))
"""

from __future__ import annotations

from ..description import Mechanism, uniform_bar
from ..errors import InputError


def hinge_positions(segments: int, length: float) -> list[float]:
    """x_k = (k − ½) L/N of the hinges, k = 1 … N."""
    return [(k - 0.5) * length / segments for k in range(1, segments + 1)]


def segmented_cantilever(segments: int, length: float = 1.0, mass_per_length: float = 1.0) -> Mechanism:
    """The finite-segment drawing of a straight cantilever clamped at x = 0: ground
    points C (the clamp) and J1, bodies s1 … sN between the hinges J1 … JN and the tip T,
    each a uniform bar of ``mass_per_length`` (kg/m) times its length, joined by revolutes.

    Parameters
    ----------
    segments : int
        N ≥ 1.
    length : float
        L, m.
    mass_per_length : float
        ρA, kg/m.
    """
    if isinstance(segments, bool) or not isinstance(segments, int) or segments < 1:
        raise InputError(f"segmented_cantilever: segments must be a whole number ≥ 1, got {segments!r}.")
    for what, value in (("length", length), ("mass_per_length", mass_per_length)):
        if not isinstance(value, (int, float)) or isinstance(value, bool) or not value > 0:
            raise InputError(f"segmented_cantilever: {what} must be a positive number, got {value!r}.")
    hinges = hinge_positions(segments, length)
    ends = [(f"J{k}", x) for k, x in enumerate(hinges, start=1)] + [("T", float(length))]
    m = Mechanism(f"cantilever in {segments} segments")
    m.add_ground({"C": (0.0, 0.0), "J1": (hinges[0], 0.0)})
    previous = "ground"
    for k in range(segments):
        (a, xa), (b, xb) = ends[k], ends[k + 1]
        body = f"s{k + 1}"
        m.add_body(body, {a: (xa, 0.0), b: (xb, 0.0)},
                   mass=uniform_bar(mass_per_length * (xb - xa), (xa, 0.0), (xb, 0.0)))
        m.add_revolute(previous, body, at=a)
        previous = body
    return m
