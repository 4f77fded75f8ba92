"""A five-link rear suspension: a wheel carrier guided by five rods with ball joints at
both ends (the "five-point" or multi-link axle), after the multi-link rear axles of
passenger cars.

The data are illustrative, in the proportions of a mid-size car's left rear wheel, and
stated here in full (x forward, y to the left, z up, metres; the design position is the
drawing, the wheel centre at W = (0, 0.75, 0)):

====  =====================  =====================  ==========================
link  chassis end C_k        carrier end E_k        role
====  =====================  =====================  ==========================
1     (0.10, 0.35, 0.20)     (0.05, 0.65, 0.17)     upper, front
2     (−0.15, 0.40, 0.22)    (−0.06, 0.66, 0.16)    upper, rear
3     (0.35, 0.55, −0.02)    (0.06, 0.68, −0.10)    lower, trailing
4     (−0.05, 0.25, −0.08)   (−0.05, 0.70, −0.12)   lower, transverse (spring link)
5     (−0.20, 0.25, −0.03)   (−0.20, 0.66, −0.06)   toe link
====  =====================  =====================  ==========================

The carrier with its wheel has mass 40 kg at W and inertia 0.8, 1.2, 0.8 kg·m² about
axes x, y (the spin axis), z at W; each rod is a slender bar of 1.5 kg. The tyre's
contact point is P = W − 0.3 z. A coil spring of 30 kN/m between the chassis point
S₀ = (0, 0.55, 0.40) and the carrier point S = (0, 0.64, −0.08) carries the wheel's
static load. The input ``"travel"`` is the height of W above its design position
(the distance of W along the ground's vertical guide Z₀ → Z₁).

With ball joints at both ends a rod adds one constant-distance condition; the carrier's
six freedoms less five leave one: the wheel travel. In natural coordinates each rod is
its two end points, with no spin about its own line — the idle freedom that a rod with
two ball joints has in the pose families is simply not there.

Example
-------
>>> m = five_link_suspension()
>>> m.dimension, len(m.joints), sorted(m.bodies)[:3]
(3, 10, ['carrier', 'ground', 'link1'])
"""

from __future__ import annotations

import numpy as np

from ..description import MassProperties, Mechanism, uniform_bar
from ..errors import MechanismError

#: Chassis end, carrier end of each rod (m), the wheel centre W, the contact point P,
#: the spring's ends, masses (kg) and the carrier's inertia about W (kg·m²).
SUSPENSION_DATA = {
    "chassis": {1: (0.10, 0.35, 0.20), 2: (-0.15, 0.40, 0.22), 3: (0.35, 0.55, -0.02),
                4: (-0.05, 0.25, -0.08), 5: (-0.20, 0.25, -0.03)},
    "carrier": {1: (0.05, 0.65, 0.17), 2: (-0.06, 0.66, 0.16), 3: (0.06, 0.68, -0.10),
                4: (-0.05, 0.70, -0.12), 5: (-0.20, 0.66, -0.06)},
    "wheel_centre": (0.0, 0.75, 0.0),
    "tyre_radius": 0.3,
    "spring_chassis": (0.0, 0.55, 0.40),
    "spring_carrier": (0.0, 0.64, -0.08),
    "spring_stiffness": 30e3,
    "carrier_mass": 40.0,
    "carrier_inertia": (0.8, 1.2, 0.8),
    "rod_mass": 1.5,
}


def rod_axes(chassis, carrier) -> np.ndarray:
    """The axes of a rod's bushing: x along the rod (chassis end → carrier end), y
    horizontal across it, z completing the frame (columns of a rotation matrix)."""
    x = np.asarray(carrier, dtype=float) - np.asarray(chassis, dtype=float)
    x /= np.linalg.norm(x)
    y = np.cross([0.0, 0.0, 1.0], x)
    y /= np.linalg.norm(y)
    return np.column_stack([x, y, np.cross(x, y)])


def five_link_suspension(data: dict | None = None, compliant: bool = False) -> Mechanism:
    """The five-link suspension of the module's table, the wheel travel as its input.

    Bodies: ``carrier`` (points W, P, S, E1…E5; vectors ``axle`` = y, the wheel's spin
    axis, and ``up`` = z) and ``link1`` … ``link5`` (points C_k, E_k). Joints: ``S_E<k>``
    (rod–carrier) and, with ideal joints, ``S_C<k>`` (rod–chassis).

    ``compliant=True`` leaves the rod–chassis joints out (the rod's end there is its own
    point R_k, drawn at C_k), for rubber bushings
    (:func:`mbtools.analysis.suspension.suspension_bushings`): each rod then has a frame
    (the unit vector ``n<k>`` across it, the bushing's y axis) and a radius of 12 mm for
    its spin inertia, which the bushing's torsional stiffness now holds.
    """
    if not isinstance(compliant, bool):
        raise MechanismError(f"five_link_suspension: compliant must be True or False, got {compliant!r}.")
    d = dict(SUSPENSION_DATA, **(data or {}))
    W = np.array(d["wheel_centre"], dtype=float)
    P = W - np.array([0.0, 0.0, d["tyre_radius"]])
    m = Mechanism("five-link suspension" + (" on bushings" if compliant else ""), dimension=3)
    ground = {f"C{k}": c for k, c in d["chassis"].items()}
    ground.update({"S0": d["spring_chassis"], "Z0": tuple(W), "Z1": tuple(W + [0.0, 0.0, 1.0])})
    m.add_ground(ground)
    # W and P first: the carrier's natural coordinates take their frame from its first
    # points, and W, P, S are a well-shaped triangle.
    carrier = {"W": tuple(W), "P": tuple(P), "S": d["spring_carrier"]}
    carrier.update({f"E{k}": e for k, e in d["carrier"].items()})
    inertia = np.diag(np.asarray(d["carrier_inertia"], dtype=float))
    m.add_body("carrier", carrier, vectors={"axle": (0.0, 1.0, 0.0), "up": (0.0, 0.0, 1.0)},
               mass=MassProperties(d["carrier_mass"], tuple(W), inertia))
    for k in d["chassis"]:
        ends = {f"C{k}": d["chassis"][k], f"E{k}": d["carrier"][k]}
        if compliant:  # the rod's own end R_k, drawn at C_k: the bushing joins them
            ends = {f"R{k}": d["chassis"][k], f"E{k}": d["carrier"][k]}
            across = rod_axes(*ends.values())[:, 1]
            m.add_body(f"link{k}", ends, vectors={f"n{k}": tuple(across)},
                       mass=uniform_bar(d["rod_mass"], *ends.values(), radius=ROD_RADIUS), free=True)
        else:
            m.add_body(f"link{k}", ends, mass=uniform_bar(d["rod_mass"], *ends.values()))
            m.add_spherical("ground", f"link{k}", at=f"C{k}")
        m.add_spherical(f"link{k}", "carrier", at=f"E{k}")
    m.add_slide_driver("travel", guide_points=("Z0", "Z1"), point="W")
    return m


#: The rods' radius (m) where they have a spin to hold (on bushings).
ROD_RADIUS = 0.012


def five_link_suspension_cardan(data: dict | None = None) -> Mechanism:
    """The five-link suspension with each rod on a universal (Cardan) joint at its chassis
    end and a ball joint at the carrier end, the rods solid cylinders of radius
    :data:`ROD_RADIUS` — the variant whose relative coordinates have a regular mass matrix.

    A rod between two ball joints can spin about its own line; as a slender bar it has no
    inertia there, and relative coordinates, which turn it about that line too, get a
    singular mass matrix. The cross of a Cardan joint holds the spin: the ground's arm
    ``g<k>`` is horizontal and across the rod, the rod's arm ``n<k>`` across both (the
    second and third columns of :func:`rod_axes`), and the rod still points wherever the
    carrier takes its ball joint (away from the cross's lock, the rod along ``g<k>``,
    90° from the drawing). Each rod also carries the unit vector ``b<k>`` (drawn along
    ``g<k>``): with its two points and two vectors a rod has three independent directions,
    so in natural coordinates its placement is linear in q and its mass matrix constant.
    Bodies, points and the input ``"travel"`` are those of :func:`five_link_suspension`.

    >>> m = five_link_suspension_cardan()
    >>> [type(j).__name__ for j in m.joints[:2]], sorted(m.bodies["link1"].vectors)
    (['Universal', 'Spherical'], ['b1', 'n1'])
    """
    d = dict(SUSPENSION_DATA, **(data or {}))
    W = np.array(d["wheel_centre"], dtype=float)
    P = W - np.array([0.0, 0.0, d["tyre_radius"]])
    arms = {k: rod_axes(d["chassis"][k], d["carrier"][k]) for k in d["chassis"]}
    m = Mechanism("five-link suspension on Cardan joints", dimension=3)
    ground = {f"C{k}": c for k, c in d["chassis"].items()}
    ground.update({"S0": d["spring_chassis"], "Z0": tuple(W), "Z1": tuple(W + [0.0, 0.0, 1.0])})
    m.add_ground(ground, vectors={f"g{k}": tuple(axes[:, 1]) for k, axes in arms.items()})
    carrier = {"W": tuple(W), "P": tuple(P), "S": d["spring_carrier"]}
    carrier.update({f"E{k}": e for k, e in d["carrier"].items()})
    inertia = np.diag(np.asarray(d["carrier_inertia"], dtype=float))
    m.add_body("carrier", carrier, vectors={"axle": (0.0, 1.0, 0.0), "up": (0.0, 0.0, 1.0)},
               mass=MassProperties(d["carrier_mass"], tuple(W), inertia))
    for k, axes in arms.items():
        ends = {f"C{k}": d["chassis"][k], f"E{k}": d["carrier"][k]}
        m.add_body(f"link{k}", ends, vectors={f"b{k}": tuple(axes[:, 1]), f"n{k}": tuple(axes[:, 2])},
                   mass=uniform_bar(d["rod_mass"], *ends.values(), radius=ROD_RADIUS))
        m.add_universal("ground", f"link{k}", at=f"C{k}", axes=(f"g{k}", f"n{k}"))
        m.add_spherical(f"link{k}", "carrier", at=f"E{k}")
    m.add_slide_driver("travel", guide_points=("Z0", "Z1"), point="W")
    return m
