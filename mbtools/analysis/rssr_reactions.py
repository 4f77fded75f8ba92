"""The RSSR's joint reactions by Newton–Euler, written out: a reference for the library's
body-by-body reactions (:mod:`mbtools.dynamics.body_reactions`) that shares none of its
code.

The RSSR of :func:`mbtools.examples.rssr` is given mass: three uniform bars
(:func:`~mbtools.uniform_bar`) between the points of each body — crank A₀B,
coupler BC, rocker D₀C — of masses m₁, m₂, m₃ and radius r. With the crank at θ turning at
a constant θ̇ (θ̈ = 0), the rocker's angle φ about w₂ and its rate and acceleration come
from the closed form (:func:`~mbtools.analysis.closed_forms.rssr_rocker`), and

    a_B = −θ̇² B,    a_C = φ̈ w₂ × (C − D₀) + φ̇² w₂ × (w₂ × (C − D₀)),            (N.1)

each centre of mass at its bar's middle. The seventeen unknowns — F_A (on the crank by the
ground, at A₀) and the moment n_A ⊥ w₁ of the revolute, the driving torque τ about w₁,
F_B (on the coupler by the crank), F_C (on the rocker by the coupler), F_D (on the rocker
by the ground) and n_D ⊥ w₂ — solve the seventeen equations

    crank:    F_A − F_B + m₁ g = m₁ a₁,   (A₀ − G₁) × F_A − (B − G₁) × F_B + n_A + τ w₁ = Ḣ₁,
    coupler:  F_B − F_C + m₂ g = m₂ a₂,   T(d) [(B − G₂) × F_B − (C − G₂) × F_C] = T(d) Ḣ₂,
    rocker:   F_C + F_D + m₃ g = m₃ a₃,   (C − G₃) × F_C + (D₀ − G₃) × F_D + n_D = Ḣ₃,   (N.2)

with Ḣ = I α + ω × I ω, I = I_t (𝟙 − e eᵀ) + I_a e eᵀ of a bar along e (I_t = m (3r² + L²)/12,
I_a = m r²/2), ω₁ = θ̇ w₁, ω₃ = φ̇ w₂, α₃ = φ̈ w₂; the coupler is taken as a line of mass,
Ḣ₂ = I_t d × d̈ / L² (d = C − B), its moment equation on the plane normal to d (T(d)), the
third reading 0 = 0 for the ball joints' forces on its line.

Example
-------
The driving torque at θ = 1 rad, 2 rad/s, against the library's inverse dynamics in
natural coordinates (where the coupler is a line of mass):

>>> from mbtools import formulate
>>> from mbtools.dynamics import MultibodySystem, inverse_dynamics
>>> system = MultibodySystem(formulate(rssr_with_masses(), "natural"), (0.0, 0.0, -9.81))
>>> result = inverse_dynamics(system, {"crank": 1.0}, {"crank": 2.0}, {"crank": 0.0})
>>> reference = rssr_newton_euler(1.0, 2.0)
>>> round(reference["crank"], 6), abs(reference["crank"] - result.driving["crank"]) < 1e-9
(-4.6566, True)
>>> force, torque = reference["S_B"]        # on the coupler by the crank, N; a ball joint: no torque
>>> torque.tolist()
[0.0, 0.0, 0.0]
"""

from __future__ import annotations

import math

import numpy as np

from ..description import Mechanism, axis_frame, set_masses, uniform_bar
from ..examples import rssr
from .closed_forms_spatial import rssr_rocker

#: Masses (kg) of the RSSR's bars and their radius (m).
RSSR_MASSES = {"crank": 1.0, "coupler": 2.0, "rocker": 1.5}
RSSR_RADIUS = 0.05
BARS = {"crank": ("A0", "B"), "coupler": ("B", "C"), "rocker": ("D0", "C")}
#: The RSSR's joints, in the order described.
JOINTS = ("R_A0", "S_B", "S_C", "R_D0")


def rssr_with_masses(masses: dict | None = None, radius: float = RSSR_RADIUS, **geometry) -> Mechanism:
    """The RSSR of :func:`mbtools.examples.rssr` (``geometry`` passed to it), each body a
    uniform bar between its two points, of the given masses (:data:`RSSR_MASSES`)."""
    masses = dict(RSSR_MASSES, **(masses or {}))
    m = rssr(**geometry)
    point = m.point_position
    set_masses(m, {name: uniform_bar(masses[name], point(a), point(b), radius) for name, (a, b) in BARS.items()})
    return m


def _skew(v: np.ndarray) -> np.ndarray:
    return np.array([[0.0, -v[2], v[1]], [v[2], 0.0, -v[0]], [-v[1], v[0], 0.0]])


def _bar_inertia(mass: float, e: np.ndarray, length: float, radius: float) -> np.ndarray:
    e = e / np.linalg.norm(e)
    transverse, axial = mass * (3 * radius**2 + length**2) / 12.0, mass * radius**2 / 2.0
    return transverse * (np.eye(3) - np.outer(e, e)) + axial * np.outer(e, e)


def rssr_newton_euler(theta: float, omega: float, gravity=(0.0, 0.0, -9.81), masses: dict | None = None,
                      radius: float = RSSR_RADIUS, crank: float = 1.0, coupler: float = 4.0, rocker: float = 2.5,
                      rocker_pivot=(3.0, 1.0, 1.0), rocker_offset: float = 0.5, assembly: str = "plus") -> dict:
    """The RSSR's driving torque and reactions at crank angle θ, constant rate ``omega``,
    from (N.1)–(N.2): {"crank": τ (N·m), "R_A0", "S_B", "S_C", "R_D0": (force, torque)},
    in the convention of :mod:`mbtools.dynamics.reactions` (R_D0: on the ground by the
    rocker; torques about the joint's point)."""
    masses = dict(RSSR_MASSES, **(masses or {}))
    g = np.asarray(gravity, dtype=float)
    w1, w2 = np.array([0.0, 0.0, 1.0]), np.array([0.0, 1.0, 0.0])
    D0 = np.asarray(rocker_pivot, dtype=float)
    phi, phid, phidd = rssr_rocker(theta, crank, coupler, rocker, D0, rocker_offset, assembly, omega)
    f1, f2 = axis_frame(w2)
    B = crank * np.array([math.cos(theta), math.sin(theta), 0.0])
    C = D0 + rocker_offset * w2 + rocker * (math.cos(phi) * f1 + math.sin(phi) * f2)
    A0 = np.zeros(3)
    aB = -omega**2 * B
    aC = phidd * np.cross(w2, C - D0) + phid**2 * np.cross(w2, np.cross(w2, C - D0))
    m1, m2, m3 = masses["crank"], masses["coupler"], masses["rocker"]
    G1, G2, G3 = B / 2, (B + C) / 2, (D0 + C) / 2
    I1 = _bar_inertia(m1, B, crank, radius)
    I3 = _bar_inertia(m3, C - D0, float(np.linalg.norm(C - D0)), radius)
    om1, om3, al3 = omega * w1, phid * w2, phidd * w2
    H1 = np.cross(om1, I1 @ om1)
    H3 = I3 @ al3 + np.cross(om3, I3 @ om3)
    d, dd = C - B, aC - aB
    length2 = float(d @ d)
    H2 = m2 * (3 * radius**2 + length2) / 12.0 * np.cross(d, dd) / length2
    normal = np.linalg.svd(d.reshape(1, 3))[2][1:]  # T(d): two unit rows normal to d
    # unknowns: F_A 0:3, n_A (x, y) 3:5, τ 5, F_B 6:9, F_C 9:12, F_D 12:15, n_D (x, z) 15:17
    A, rhs = np.zeros((17, 17)), np.zeros(17)
    I3x3 = np.eye(3)
    A[0:3, 0:3], A[0:3, 6:9], rhs[0:3] = I3x3, -I3x3, m1 * (aB / 2 - g)
    A[3:6, 0:3], A[3:6, 6:9] = _skew(A0 - G1), -_skew(B - G1)
    A[3:6, 3:5], A[3:6, 5], rhs[3:6] = I3x3[:, :2], w1, H1
    A[6:9, 6:9], A[6:9, 9:12], rhs[6:9] = I3x3, -I3x3, m2 * ((aB + aC) / 2 - g)
    A[9:11, 6:9], A[9:11, 9:12], rhs[9:11] = normal @ _skew(B - G2), -normal @ _skew(C - G2), normal @ H2
    A[11:14, 9:12], A[11:14, 12:15], rhs[11:14] = I3x3, I3x3, m3 * (aC / 2 - g)
    A[14:17, 9:12], A[14:17, 12:15] = _skew(C - G3), _skew(D0 - G3)
    A[14:17, 15:17], rhs[14:17] = I3x3[:, [0, 2]], H3
    x = np.linalg.solve(A, rhs)
    zero = np.zeros(3)
    return {"crank": float(x[5]),
            "R_A0": (x[0:3], np.array([x[3], x[4], 0.0])),
            "S_B": (x[6:9], zero),
            "S_C": (x[9:12], zero.copy()),
            "R_D0": (-x[12:15], -np.array([x[15], 0.0, x[16]]))}
