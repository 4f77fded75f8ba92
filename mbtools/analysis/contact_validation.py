"""Validation cases of compliant contact and friction (``python -m mbtools validate``):
each law's restitution on a multibody ball against the closed form (R.2), Hertz's
elastic impact against (R.1), LuGre's stick-slip against the independent code's
x(25 s), a journal bearing's friction circle, the revolute clearance's first contact
against the rod's free swing, and the translational clearance's impacts solved both
ways, compliant and rigid walls.

Tolerances: the multibody runs are integrated at rtol 1e-10 and agree with the closed
forms to about 1e-8 (restitution), so 1e-6; x(25 s) to the 1e-4 relative the reference
is quoted to; the friction circle's spin-down rate to 1e-3 relative (its small swing
about the equilibrium averages out to 1e-4); a first contact's time to 1e-6 relative;
the rigid walls' impacts within the compliant contacts' durations.
"""

from __future__ import annotations

import numpy as np

from ..dynamics import ClearanceJointForce, MultibodySystem, simulate
from ..dynamics.contact_laws import Flores, Hertz, HuntCrossley, LankaraniNikravesh
from ..dynamics.friction_laws import RegularisedCoulomb
from ..description import MassProperties, Mechanism
from ..coordinates import formulate
from .cases import Case
from .contacts import ball_restitution, block_position, lugre_block_motion
from .restitution import LUGRE_STICK_SLIP_REFERENCE, hysteresis_restitution, lugre_stick_slip

#: The damped laws checked, each at restitution 0.5 and 0.9, K = 1e8 N/m^1.5.
DAMPED_LAWS = (HuntCrossley, LankaraniNikravesh, Flores)
#: How the cases name the laws (an en dash, where a narrow table may break the line).
LAW_NAMES = {HuntCrossley: "Hunt–Crossley", LankaraniNikravesh: "Lankarani–Nikravesh", Flores: "Flores"}


def restitution_cases(family: str = "natural") -> list[Case]:
    """A ball (1 kg, no gravity) thrown at 1 m/s onto a floor through each damped law:
    its rebound over its approach against (R.2) of the law's damping factor."""
    out = []
    for law_class in DAMPED_LAWS:
        for nominal in (0.5, 0.9):
            law = law_class(1e8, nominal)
            expected = hysteresis_restitution(law.damping_factor)
            measured = ball_restitution(law, speed=1.0, family=family)
            out.append(Case(f"{LAW_NAMES[law_class]}, e = {nominal}, ball ({family})", "restitution",
                            expected, measured, abs(measured - expected), 1e-6, "closed form (R.2)"))
    law = Hertz(1e8)
    measured = ball_restitution(law, speed=1.0, family=family)
    out.append(Case(f"Hertz, ball ({family})", "restitution", 1.0, measured, abs(measured - 1.0), 1e-6,
                    "elastic: energy integral (R.1)"))
    return out


def lugre_cases(multibody: bool = False) -> list[Case]:
    """LuGre's stick-slip test: x(25 s) by the one-equation integration and, with
    ``multibody``, by the block on a prismatic pair in natural coordinates."""
    reference = LUGRE_STICK_SLIP_REFERENCE
    scalar = float(lugre_stick_slip().x[-1])
    out = [Case("LuGre stick-slip, one equation", "x(25 s), m", reference, scalar,
                abs(scalar / reference - 1.0), 1e-4, "an independent code (relative)")]
    return out + [lugre_block_case()] if multibody else out


def lugre_block_case() -> Case:
    """LuGre's stick-slip test by the block on a prismatic pair in natural coordinates."""
    reference = LUGRE_STICK_SLIP_REFERENCE
    x = float(block_position(lugre_block_motion(samples=2))[-1])
    return Case("LuGre stick-slip, multibody block (natural)", "x(25 s), m", reference, x,
                abs(x / reference - 1.0), 1e-4, "an independent code (relative)")


def friction_circle_case(family: str = "natural") -> Case:
    """A journal (1 kg, R_J = 10 mm) spinning at 100 rad/s under gravity in a dry bearing
    (c = 0.5 mm, μ = 0.2) climbs to tan φ = μ and slows at J ω̇ = −m g R_J sin φ."""
    mu, g, radius, clearance = 0.2, 9.81, 0.01, 5e-4
    phi = np.arctan(mu)
    start = clearance * np.array([-np.sin(phi), -np.cos(phi)])
    m = Mechanism("journal in a dry bearing")
    m.add_ground({"B": (0.0, 0.0)})
    inertia = 0.5 * radius**2
    m.add_body("journal", {"J": tuple(start), "D": tuple(start + (radius, 0.0))},
               mass=MassProperties(1.0, tuple(start), inertia), free=True)
    joint = ClearanceJointForce("B", "J", clearance, radius, Flores(1e9, 0.3), friction=RegularisedCoulomb(mu, 1e-3))
    system = MultibodySystem(formulate(m, family), gravity=(0.0, -g), loads=[joint])
    times = np.linspace(0.0, 0.06, 101)
    traj = simulate(system, 0.06, twist={"journal": {"omega": 100.0, "point": ("J", (0.0, 0.0))}}, rtol=1e-7,
                    t_eval=times, progress=False)
    omega = np.array([system.model.angular_velocity(q, qd, "journal") for q, qd in zip(traj.q, traj.qd)])
    late = times >= 0.012
    rate = float(np.polyfit(times[late], omega[late], 1)[0])
    expected = -g * radius * np.sin(phi) / inertia
    return Case(f"journal in a dry bearing ({family})", "spin-down rate, rad/s²", expected, rate,
                abs(rate / expected - 1.0), 1e-3, "friction circle, J ω̇ = −m g R sin φ (relative)")


def revolute_clearance_first_contact_case() -> Case:
    """The slider-crank with a revolute clearance: the time the pin first meets its
    bearing, against the rod swinging freely about the crank's tip (one angle by scipy)."""
    from .clearance import first_contact_time, free_rod_first_contact, revolute_clearance_motion, \
        revolute_clearance_system

    expected = free_rod_first_contact()
    traj = revolute_clearance_motion(revolute_clearance_system(), 1.02 * expected, samples=2001, rtol=1e-9)
    measured = first_contact_time(traj)
    return Case("revolute clearance slider-crank (natural)", "first contact, ms", 1e3 * expected, 1e3 * measured,
                abs(measured / expected - 1.0), 1e-6, "the rod swinging free (relative)")


def translational_clearance_case(t_end: float = 0.03) -> Case:
    """The translational clearance slider-crank solved both ways, compliant walls and
    rigid ones (impulses): each impact of the rigid run against the nearest start of a
    compliant contact, over that contact's duration (must be < 1)."""
    from .clearance import clearance_motion, clearance_system, impact_times_both_ways, impulsive_clearance_motion

    pairs = impact_times_both_ways(clearance_motion(clearance_system(), t_end, samples=2),
                                   impulsive_clearance_motion(t_end, samples=2))
    worst = max(abs(a - b) / d for a, b, d in pairs) if pairs else float("nan")
    last = pairs[-1] if pairs else (float("nan"), float("nan"), 0.0)
    return Case(f"translational clearance, {len(pairs)} impacts in {t_end:g} s", "impact time, ms", 1e3 * last[1],
                1e3 * last[0], worst, 1.0, "compliant vs rigid walls, |Δt| over the contact's duration")


def contact_cases(quick: bool = False) -> list[Case]:
    """Every case of this module (``quick``: without :func:`further_contact_cases`)."""
    out = restitution_cases() + lugre_cases()
    out += [friction_circle_case(), revolute_clearance_first_contact_case()]
    return out if quick else out + further_contact_cases()


def further_contact_cases() -> list[Case]:
    """The long cases: the multibody LuGre block and the translational clearance solved
    both ways."""
    return [lugre_block_case(), translational_clearance_case()]
