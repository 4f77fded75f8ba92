"""The published dynamic benchmarks, described like any other mechanism.

* :func:`simple_pendulum` — IFToMM / A Coruña MBS benchmark A01: a lumped mass of 1 kg on
  a massless link of 1 m, released at rest from the horizontal (P1 at x = +1 m) under
  g = 9.81 m/s² along −y; 2000 s (González, Dopico, Lugrís & Cuadrado 2006, "A
  benchmarking system for MBS simulation software", Multibody System Dynamics 16:179–190;
  problem A01 of the library at lim.ii.udc.es/mbsbenchmark).
* :func:`n_four_bar` — benchmark A02: N four-bar windows of 2N + 1 uniform bars of 1 m and
  1 kg, ground pivots A0 … AN on the x-axis, cranks upright at the start with point B0
  moving at ẋ = 1 m/s; 20 s. Every crank turns through the horizontal, where all the
  bars lie on one line and the mechanism has N + 1 freedoms for an instant.
* :func:`andrews_squeezer` — Andrews' squeezing mechanism, seven bodies driven by a
  torque against a spring (Hairer & Wanner 1996, *Solving Ordinary Differential Equations
  II*, sec. VII.7; Mazzia & Magherini, *Test Set for IVP Solvers*, problem "andrews",
  with its reference solution at t = 0.03 s). Drawn at the test set's initial angles.
* :func:`bricard` — benchmark A04, Bricard's mechanism: five uniform rods of 1 m and 1 kg
  with a square section of 0.1 m (:func:`square_bar`) and six revolutes closing a loop
  with the ground; Grübler's count 0, mobility 1 (one joint condition is always
  redundant); gravity along −y, 10 s.

Example
-------
>>> m = n_four_bar(3)
>>> len(m.bodies) - 1, len(m.joints)       # 2N + 1 bars, 3N + 1 revolute joints
(7, 10)
"""

from __future__ import annotations

import math

import numpy as np

from ..description import Mechanism, MassProperties, uniform_bar
from ..description.validate import number
from ..errors import MechanismError

#: The initial angles of Andrews' squeezer (β, Θ, γ, Φ, δ, Ω, ε), radians, from the test
#: set (consistent to 30 digits), and its geometric data (m, kg, kg·m², N·m, N/m).
ANDREWS_ANGLES = (-0.0617138900142764496358948458001, 0.0, 0.455279819163070380255912382449,
                  0.222668390165885884674473185609, 0.487364979543842550225598953530,
                  -0.222668390165885884674473185609, 1.23054744454982119249735015568)
ANDREWS_DATA = dict(
    m1=0.04325, m2=0.00365, m3=0.02373, m4=0.00706, m5=0.07050, m6=0.00706, m7=0.05498,
    xa=-0.06934, ya=-0.00227, xb=-0.03635, yb=0.03273, xc=0.014, yc=0.072, c0=4530.0,
    i1=2.194e-6, i2=4.410e-7, i3=5.255e-6, i4=5.667e-7, i5=1.169e-5, i6=5.667e-7, i7=1.912e-5,
    d=28e-3, da=115e-4, e=2e-2, ea=1421e-5, rr=7e-3, ra=92e-5, l0=7785e-5, ss=35e-3, sa=1874e-5,
    sb=1043e-5, sc=18e-3, sd=2e-2, ta=2308e-5, tb=916e-5, u=4e-2, ua=1228e-5, ub=449e-5, zf=2e-2,
    zt=4e-2, fa=1421e-5, mom=33e-3,
)


def simple_pendulum(length: float = 1.0, mass: float = 1.0) -> Mechanism:
    """Benchmark A01: a lumped mass at P1 on a massless link O–P1, drawn horizontal with
    P1 at (+length, 0). No driver: it is simulated, not driven."""
    L, m = number("length", length), number("mass", mass)
    if L <= 0 or m <= 0:
        raise MechanismError(f"The pendulum needs a positive length and mass, got {length!r} and {mass!r}.")
    mechanism = Mechanism("simple pendulum (A01)")
    mechanism.add_ground({"O": (0.0, 0.0)})
    mechanism.add_body("link", {"O": (0.0, 0.0), "P1": (L, 0.0)}, mass=MassProperties(m, (L, 0.0), 0.0))
    mechanism.add_revolute("ground", "link", at="O")
    return mechanism


def n_four_bar(n: int = 40) -> Mechanism:
    """Benchmark A02: ground pivots A_i = (i, 0), cranks A_i B_i drawn upright to
    B_i = (i, 1), couplers B_{i−1} B_i, for i = 0 … n; every bar 1 m and 1 kg, uniform.
    The crank of A0 carries the angle input ``"crank"`` (from +x), for the initial
    conditions: upright, θ = π/2, and θ̇ = −1 rad/s gives B0 the benchmark's ẋ = 1 m/s."""
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 1:
        raise MechanismError(f"The N-four-bar needs a whole number N ≥ 1 of windows, got {n!r}.")
    mechanism = Mechanism(f"{n}-four-bar (A02)")
    mechanism.add_ground({f"A{i}": (float(i), 0.0) for i in range(n + 1)})
    for i in range(n + 1):
        a, b = (float(i), 0.0), (float(i), 1.0)
        mechanism.add_body(f"crank{i}", {f"A{i}": a, f"B{i}": b}, mass=uniform_bar(1.0, a, b))
        mechanism.add_revolute("ground", f"crank{i}", at=f"A{i}")
    for i in range(1, n + 1):
        a, b = (float(i - 1), 1.0), (float(i), 1.0)
        mechanism.add_body(f"coupler{i}", {f"B{i - 1}": a, f"B{i}": b}, mass=uniform_bar(1.0, a, b))
        mechanism.add_revolute(f"crank{i - 1}", f"coupler{i}", at=f"B{i - 1}", name=f"R_B{i - 1}_{i}")
        mechanism.add_revolute(f"crank{i}", f"coupler{i}", at=f"B{i}", name=f"R_B{i}_{i}")
    mechanism.add_angle_driver("crank", tail="A0", head="B0")
    return mechanism


def andrews_squeezer() -> Mechanism:
    """Andrews' squeezing mechanism at the test set's initial angles.

    Bodies (Hairer & Wanner's numbering): 1 the crank O–F turned by the torque ``mom``;
    2 the rod F–E; 3 the triangle B–E–D, pulled at D by the spring to C; 4 the link H–E
    and 5 the link A–H; 6 the link G–E and 7 the link A–G. E joins bodies 2, 3, 4 and 6;
    A, B, C and O are fixed. Each body's centre of mass and moment of inertia about it
    are those of the test set's mass matrix (for a body pinned to the ground only the
    distance of its centre from the pin matters: there is no gravity). Its loads, the
    torque ``mom`` on body 1 and the spring ``c0`` (free length ``l0``) from D to C, are
    dynamics: :func:`mbtools.analysis.benchmarks.andrews_system`.
    """
    p = ANDREWS_DATA
    beta, theta, gamma, phi, delta, omega, epsilon = ANDREWS_ANGLES

    def polar(angle):
        return np.array([math.cos(angle), math.sin(angle)])

    O, A, B, C = np.zeros(2), np.array([p["xa"], p["ya"]]), np.array([p["xb"], p["yb"]]), np.array([p["xc"], p["yc"]])
    F = p["rr"] * polar(beta)
    E = F - p["d"] * polar(beta + theta)
    D = B + p["sd"] * polar(gamma) + p["sc"] * polar(gamma - math.pi / 2)
    H = A + p["zt"] * polar(delta)
    G = A + p["u"] * polar(epsilon - math.pi / 2)
    for route, end in (("B–E", B + p["ss"] * polar(gamma - math.pi / 2)),
                       ("A–H–E", H + p["e"] * polar(phi + delta - math.pi / 2)),
                       ("A–G–E", G + p["zf"] * polar(omega + epsilon))):
        if np.linalg.norm(end - E) > 1e-12:  # the test set's angles close every loop
            raise MechanismError(f"Andrews' squeezer does not close along {route}: check ANDREWS_ANGLES.")

    def centre(pin, towards, distance):
        return tuple(pin + distance * (towards - pin) / np.linalg.norm(towards - pin))

    m = Mechanism("Andrews' squeezer")
    m.add_ground({"O": tuple(O), "A": tuple(A), "B": tuple(B), "C": tuple(C)})
    m.add_body("body1", {"O": tuple(O), "F": tuple(F)}, mass=MassProperties(p["m1"], centre(O, F, p["ra"]), p["i1"]))
    m.add_body("body2", {"F": tuple(F), "E": tuple(E)}, mass=MassProperties(p["m2"], centre(F, E, p["da"]), p["i2"]))
    m.add_body("body3", {"B": tuple(B), "E": tuple(E), "D": tuple(D)},
               mass=MassProperties(p["m3"], centre(B, E, math.hypot(p["sa"], p["sb"])), p["i3"]))
    m.add_body("body4", {"H": tuple(H), "E": tuple(E)}, mass=MassProperties(p["m4"], centre(H, E, p["e"] - p["ea"]), p["i4"]))
    m.add_body("body5", {"A": tuple(A), "H": tuple(H)},
               mass=MassProperties(p["m5"], centre(A, H, math.hypot(p["ta"], p["tb"])), p["i5"]))
    m.add_body("body6", {"G": tuple(G), "E": tuple(E)}, mass=MassProperties(p["m6"], centre(G, E, p["zf"] - p["fa"]), p["i6"]))
    m.add_body("body7", {"A": tuple(A), "G": tuple(G)},
               mass=MassProperties(p["m7"], centre(A, G, math.hypot(p["ua"], p["ub"])), p["i7"]))
    m.add_revolute("ground", "body1", at="O")
    m.add_revolute("body1", "body2", at="F")
    m.add_revolute("ground", "body3", at="B")
    m.add_revolute("body2", "body3", at="E", name="R_E23")
    m.add_revolute("body2", "body4", at="E", name="R_E24")
    m.add_revolute("body2", "body6", at="E", name="R_E26")
    m.add_revolute("ground", "body5", at="A", name="R_A5")
    m.add_revolute("body5", "body4", at="H")
    m.add_revolute("ground", "body7", at="A", name="R_A7")
    m.add_revolute("body7", "body6", at="G")
    return m


def andrews_angles(model, q) -> np.ndarray:
    """The test set's seven angles (β, Θ, γ, Φ, δ, Ω, ε) of a position q of
    :func:`andrews_squeezer` in any family, each in (−π, π] (unwrap a time series)."""
    def angle(tail, head):
        return model.angle(q, tail, head)

    beta = angle("O", "F")
    gamma = angle("B", "E") + math.pi / 2
    delta = angle("A", "H")
    epsilon = angle("A", "G") + math.pi / 2
    values = (beta, angle("F", "E") - math.pi - beta, gamma, angle("H", "E") + math.pi / 2 - delta,
              delta, angle("G", "E") - epsilon, epsilon)
    return np.array([math.remainder(v, 2 * math.pi) for v in values])


def andrews_rates(model, q, qd) -> np.ndarray:
    """The rates of :func:`andrews_angles` at (q, q̇), rad/s, each the difference of two
    link rates (d × ḋ)/‖d‖² as the angles are differences of link angles."""
    def rate(tail, head):
        return model.angle_rate(q, qd, tail, head)

    beta, delta, epsilon = rate("O", "F"), rate("A", "H"), rate("A", "G")
    return np.array([beta, rate("F", "E") - beta, rate("B", "E"), rate("H", "E") - delta,
                     delta, rate("G", "E") - epsilon, epsilon])


#: Bricard's mechanism (benchmark A04): the six joints, ground pivot A first, in the
#: order of the loop ground → rod1 → … → rod5 → ground, at the points of the unit grid
#: where the benchmark draws them (m).
BRICARD_JOINTS = {"A": (0.0, 0.0, 0.0), "B": (1.0, 0.0, 0.0), "C": (1.0, -1.0, 0.0),
                  "D": (1.0, -1.0, 1.0), "E": (0.0, -1.0, 1.0), "F": (0.0, 0.0, 1.0)}


def square_bar(mass: float, end_a, end_b, side: float) -> MassProperties:
    """A uniform bar of square cross-section ``side`` × ``side`` between two points in
    space: G at the middle and, with L the length and e the bar's unit direction,

        J_G = m (L² + s²) / 12 · (I − e eᵀ) + m s² / 6 · e eᵀ.

    The section's second moments are equal about every axis through its centre in its
    plane (a square's are), so the tensor does not depend on how the square is turned
    about the bar: the two ends fix it.

    >>> bar = square_bar(1.0, (0, 0, 0), (1, 0, 0), side=0.1)
    >>> [round(float(v), 7) for v in bar.inertia.diagonal()]   # m s²/6, then m(L² + s²)/12 twice
    [0.0016667, 0.0841667, 0.0841667]
    """
    m, s = number("square_bar: mass", mass), number("square_bar: side", side)
    if m <= 0 or s <= 0:
        raise MechanismError(f"square_bar: the mass ({mass!r} kg) and the side of the section ({side!r} m) must be positive.")
    a, b = (np.asarray(p, dtype=float).reshape(-1) for p in (end_a, end_b))
    if a.shape != (3,) or b.shape != (3,) or not (np.isfinite(a).all() and np.isfinite(b).all()):
        raise MechanismError(f"square_bar: the ends {end_a!r} and {end_b!r} must be three finite coordinates each.")
    length = float(np.linalg.norm(b - a))
    if length == 0:
        raise MechanismError(f"square_bar: the ends {tuple(map(float, a))} and {tuple(map(float, b))} coincide; a bar needs a length.")
    e = (b - a) / length
    J = m * (length**2 + s**2) / 12.0 * (np.eye(3) - np.outer(e, e)) + m * s**2 / 6.0 * np.outer(e, e)
    return MassProperties(float(m), (a + b) / 2, J)


def bricard(mass: float = 1.0, side: float = 0.1) -> Mechanism:
    """Benchmark A04: Bricard's mechanism, five rods in a closed loop of six revolutes.

    The rods ``rod1`` = A–B, ``rod2`` = B–C, ``rod3`` = C–D, ``rod4`` = D–E and
    ``rod5`` = E–F run along the coordinate axes between the points of
    :data:`BRICARD_JOINTS`; the ground is the sixth link, F–A. Each revolute turns
    about the cross product of its two links (going round the loop ground → rod1 → … →
    rod5 → ground, the outgoing link × the incoming one): +y at A and D, +z at B and
    E, +x at C and F. Grübler's count gives 6 · 5 − 5 · 6 = 0 freedoms, but these axes
    give the loop a mobility of one: one of its 30 joint conditions is redundant at
    every position. Every rod is 1 m long, of ``mass`` kg, with a square section of
    ``side`` m (:func:`square_bar`); gravity (−y) and the 10 s of the benchmark are
    dynamics.

    The input ``"rotation"`` is the angle of A→B about the ground axis at A (+y), from
    +x: 0 in the drawing, growing as B goes to −z, the way gravity starts the motion.
    It reaches from −30° to 210°: at both ends the loop folds flat into an equilateral
    triangle of side 2 in the plane y = 0 (corners A, C, E), a dead point of this input
    (not of the loop), where the branch through the drawing meets its mirror image in
    the plane y = 0 (the other assembly, with C at (1, 1, 0) at 0°). At 90° the loop is
    flat in the plane x = 0 (corners B, D, F); at 180° it is the drawing mirrored in
    the plane x = 0, at the same height: released at rest, it swings between the two.
    A simulation drops the driver; a kinematic sweep uses it.

    Source: problem A04 of the IFToMM library of computational benchmarks
    (lim.ii.udc.es/mbsbenchmark/dist/A04/A04_specification.xml; González, Dopico,
    Lugrís & Cuadrado 2006, Multibody System Dynamics 16:179–190): five rods of 1 m and 1 kg with a square section of
    0.1 m, six revolute joints, gravity along −y, 10 s. The joint positions and axes
    are those of the specification's implementations in OpenSim (Tagliapietra et al.,
    "MBS benchmarks in OpenSim"), Chrono and simEngine3D, which agree with each other.

    Parameters
    ----------
    mass : float
        The mass of each rod, kg.
    side : float
        The side of each rod's square cross-section, m.

    Returns
    -------
    Mechanism
        Spatial: bodies ``rod1`` … ``rod5``, joints ``R_A`` … ``R_F``, input ``"rotation"``.

    Example
    -------
    >>> m = bricard()
    >>> len(m.bodies) - 1, len(m.joints), m.gruebler_kutzbach()
    (5, 6, 0)
    >>> [(j.name, j.axis) for j in m.joints[:3]]
    [('R_A', 'y_A'), ('R_B', 'z_B'), ('R_C', 'x_C')]
    >>> [round(float(v), 6) for v in m.bodies["rod2"].mass.inertia.diagonal()]   # rod2 along y
    [0.084167, 0.001667, 0.084167]
    """
    for label, value in (("mass", mass), ("side", side)):
        if not number(f"bricard: {label}", value) > 0:
            raise MechanismError(f"bricard: {label} must be positive, got {value!r}.")
    names = list(BRICARD_JOINTS)
    points = {p: np.array(xyz) for p, xyz in BRICARD_JOINTS.items()}
    axes = {}
    for k, p in enumerate(names):
        incoming, outgoing = points[p] - points[names[k - 1]], points[names[(k + 1) % 6]] - points[p]
        w = np.cross(outgoing, incoming)
        axes[p] = (f"{'xyz'[int(np.argmax(np.abs(w)))]}_{p}", tuple(float(c) + 0.0 for c in w / np.linalg.norm(w)))  # + 0.0: no −0
    mechanism = Mechanism("Bricard's mechanism (A04)", dimension=3)
    mechanism.add_ground({p: BRICARD_JOINTS[p] for p in ("A", "F")}, vectors=dict(axes[p] for p in ("A", "F")))
    for k in range(5):
        tail, head = names[k], names[k + 1]
        mechanism.add_body(f"rod{k + 1}", {tail: BRICARD_JOINTS[tail], head: BRICARD_JOINTS[head]},
                           vectors=dict(axes[p] for p in (tail, head)),
                           mass=square_bar(mass, BRICARD_JOINTS[tail], BRICARD_JOINTS[head], side))
    bodies = ["ground"] + [f"rod{k}" for k in range(1, 6)] + ["ground"]
    for k, p in enumerate(names):
        mechanism.add_revolute(bodies[k], bodies[k + 1], at=p, axis=axes[p][0])
    mechanism.add_angle_driver("rotation", tail="A", head="B", axis=axes["A"][0])
    return mechanism


def link_chain(n: int, spatial: bool = False) -> Mechanism:
    """An open chain of ``n`` uniform bars of 1 kg and 1 m, end to end along x (in space a
    zig-zag, the joints alternately at y = 0 and 0.2 m), each on a revolute about z (the
    plane) or a ball joint (space) at its left end: the problem on which the recursive and
    the global formulations are compared as n grows. In space each bar is a solid
    cylinder of radius 0.05 m, so that the families that turn it about its own axis have an
    inertia to turn.

    >>> m = link_chain(4)
    >>> len(m.bodies) - 1, [j.name for j in m.joints][:2]
    (4, ['R_P0', 'R_P1'])
    """
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 1:
        raise MechanismError(f"link_chain: n must be a whole number of bars ≥ 1, got {n!r}.")
    m = Mechanism(f"{n}-bar chain", dimension=3 if spatial else 2)
    m.add_ground({"P0": (0.0, 0.0, 0.0) if spatial else (0.0, 0.0)})
    for i in range(n):
        a = (float(i), 0.2 * (i % 2), 0.0) if spatial else (float(i), 0.0)
        b = (float(i + 1), 0.2 * ((i + 1) % 2), 0.0) if spatial else (float(i + 1), 0.0)
        m.add_body(f"bar{i}", {f"P{i}": a, f"P{i + 1}": b},
                   mass=uniform_bar(1.0, a, b, radius=0.05) if spatial else uniform_bar(1.0, a, b))
        parent = "ground" if i == 0 else f"bar{i - 1}"
        if spatial:
            m.add_spherical(parent, f"bar{i}", at=f"P{i}")
        else:
            m.add_revolute(parent, f"bar{i}", at=f"P{i}")
    return m
