"""One planar rigid body striking a plane at one point: the impact in closed form.

Newton–Euler over the impact, independent of any coordinates: the impulse P at the
contact point C, with arm r = C − G from the centre of mass, changes

    m Δv_G = P,        I Δω = r × P,        so Δv_C = K P,   K = 1/m 𝟙 + a aᵀ / I,

with a = k × r = (−r_y, r_x) (Brach 1991, *Mechanical Impact Dynamics*, ch. 4; Stronge
2000, ch. 2). In the contact's frame (t, n), K_ab = δ_ab / m + (a·e_a)(a·e_b) / I. The
impulse that sticks, K (P_t, P_n) = (−v_t⁻, −(1 + e) v_n⁻), is the answer if
‖P_t‖ ≤ μ P_n; otherwise the contact slips and the tangential impulse is μ P_n in the
direction of the sticking one, P_t = σ μ P_n, σ = sign(P_t*), with Newton's law giving
P_n = −(1 + e) v_n⁻ / (K_nn + σ μ K_nt).

Example
-------
A uniform bar of 1 m and 1 kg falling flat at 1 m/s lands on one end: the end's normal
velocity after is −e times before, and the bar starts to turn clockwise.

>>> res = rigid_body_impact(1.0, 1/12, arm=(-0.5, 0.0), velocity=(0.0, -1.0), omega=0.0,
...                         restitution=0.5, friction=0.0)
>>> round(res["P_n"], 12), round(float(res["velocity"][1]), 12), round(res["omega"], 12)
(0.375, -0.625, -2.25)
"""

from __future__ import annotations

import numpy as np


def rigid_body_impact(mass: float, inertia: float, arm, velocity, omega: float, restitution: float,
                      friction: float, normal=(0.0, 1.0)) -> dict:
    """The velocities after a planar impact at one point, and the impulses.

    Parameters
    ----------
    mass, inertia : float
        m (kg) and the moment of inertia about the centre of mass, I (kg·m²).
    arm : sequence of float
        r = C − G, from the centre of mass to the contact point (m).
    velocity, omega : sequence of float, float
        v_G⁻ (m/s) and ω⁻ (rad/s, counter-clockwise) before.
    restitution, friction : float
        e and μ.
    normal : sequence of float
        The plane's unit normal n (the tangent is t = (n_y, −n_x)).

    Returns
    -------
    dict
        ``velocity`` v_G⁺, ``omega`` ω⁺, ``P_n``, ``P_t``, ``regime`` ("stick"/"slip"),
        ``energy_loss`` (J) and the stick impulse ratio ``ratio`` = ‖P_t*‖ / P_n*.
    """
    n = np.asarray(normal, dtype=float)
    n = n / np.linalg.norm(n)
    t = np.array([n[1], -n[0]])
    r = np.asarray(arm, dtype=float)
    v = np.asarray(velocity, dtype=float)
    a = np.array([-r[1], r[0]])
    contact = v + omega * a
    vt, vn = float(t @ contact), float(n @ contact)
    at, an = float(a @ t), float(a @ n)
    K = np.array([[1 / mass + at * at / inertia, at * an / inertia],
                  [at * an / inertia, 1 / mass + an * an / inertia]])
    Pt, Pn = np.linalg.solve(K, [-vt, -(1 + restitution) * vn])
    ratio = abs(Pt) / Pn if Pn > 0 else np.inf  # a sticking impulse that pulls: slip
    regime = "stick"
    if ratio > friction:
        sigma = np.sign(Pt)
        Pn = -(1 + restitution) * vn / (K[1, 1] + sigma * friction * K[1, 0])
        Pt, regime = sigma * friction * Pn, "slip"
    impulse = Pt * t + Pn * n
    v_after = v + impulse / mass
    omega_after = omega + float(r[0] * impulse[1] - r[1] * impulse[0]) / inertia
    energy = lambda u, w: 0.5 * mass * float(u @ u) + 0.5 * inertia * w * w  # noqa: E731
    return {"velocity": v_after, "omega": omega_after, "P_n": float(Pn), "P_t": float(Pt), "regime": regime,
            "energy_loss": energy(v, omega) - energy(v_after, omega_after), "ratio": float(ratio)}
