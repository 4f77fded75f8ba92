"""Validation cases of impacts (``python -m mbtools validate``): single impacts against the
closed form of one rigid body (:mod:`mbtools.analysis.impact_closed_forms`), the energy
the impulses account for, a bar sliding to rest against Coulomb's law, and the paper's
bouncing bar in three families."""

from __future__ import annotations

import numpy as np

from ..coordinates import formulate
from ..dynamics import MultibodySystem, simulate, solve_impact
from ..examples.impacts import FALLING_BAR_DATA, falling_bar, falling_bar_twist
from .impact_closed_forms import rigid_body_impact
from .cases import Case

#: Single impacts of the bar's end A, landing at 40° (centre velocity, ω, e, μ): one of
#: each regime — slip, stick, frictionless, and μ at the stick threshold.
SINGLE_IMPACTS = {"slip": ((1.0, -1.0), 0.0, 0.5, 0.1), "stick": ((0.2, -1.0), 0.0, 0.5, 0.8),
                  "frictionless": ((1.0, -1.0), 1.0, 0.9, 0.0), "threshold": ((1.0, -1.0), 0.0, 0.5, None)}


def falling_bar_system(family: str = "basic", gravity=None, **options) -> MultibodySystem:
    """The bouncing bar (:func:`mbtools.examples.falling_bar`, with its ``options``) as a
    system in ``family`` coordinates, its floor contacts given."""
    bar = falling_bar(**options)
    return MultibodySystem(formulate(bar.mechanism, family), gravity=gravity, contacts=bar.contacts)


def single_impact(regime: str, family: str = "basic") -> tuple[dict, object, dict]:
    """(closed form, library result, data) for one of :data:`SINGLE_IMPACTS`; the
    threshold case takes μ equal to the sticking impulse ratio."""
    angle, length = np.radians(40.0), 1.0
    velocity, omega, e, mu = SINGLE_IMPACTS[regime]
    arm = -0.5 * length * np.array([np.cos(angle), np.sin(angle)])
    if mu is None:
        mu = rigid_body_impact(1.0, 1 / 12, arm, velocity, omega, e, 10.0)["ratio"]
    closed = rigid_body_impact(1.0, 1 / 12, arm, velocity, omega, e, mu)
    system = falling_bar_system(family, restitution=e, friction=mu, height=0.5 * length * np.sin(angle), angle=angle)
    result = solve_impact(system, system.model.reference_q, twist=falling_bar_twist(velocity, omega, angle=angle))
    return closed, result, {"system": system, "arm": arm}


def single_impact_cases() -> list[Case]:
    cases = []
    for regime in SINGLE_IMPACTS:
        closed, result, data = single_impact(regime)
        model, q = data["system"].model, data["system"].model.reference_q
        arm = data["arm"]
        expected = closed["velocity"] + closed["omega"] * np.array([-arm[1], arm[0]])
        computed = model.point_velocity(q, result.qd, "A")
        cases.append(Case(f"bar impact, {regime} (e = {data['system'].contacts[0].restitution:g})",
                          "v_A after, m/s (largest component error)", float(expected[0]), float(computed[0]),
                          float(np.abs(expected - computed).max()), 1e-12, "Newton–Euler closed form, Brach 1991"))
        cases.append(Case(f"bar impact, {regime}", "energy loss vs impulses, J", result.predicted_loss,
                          result.energy_loss, abs(result.predicted_loss - result.energy_loss), 1e-12,
                          "ΔT = ½ Pᵀ(v⁻ + v⁺)"))
    return cases


def sliding_bar_case(family: str = "basic") -> Case:
    """A bar lying on the floor, sliding at 1 m/s: it stops after v / (μ g)."""
    mu, g = 0.2, 9.81
    system = falling_bar_system(family, friction=mu, height=0.0, angle=0.0)
    traj = simulate(system, 1.0, twist=falling_bar_twist((1.0, 0.0), 0.0, angle=0.0), progress=False)
    stops = [event.time for event in traj.events if event.kind == "stick"]
    computed = stops[0] if stops else np.inf
    return Case(f"bar sliding on the floor ({family})", "time to stop, s", 1.0 / (mu * g), computed,
                abs(computed - 1.0 / (mu * g)), 1e-9, "Coulomb: deceleration μ g")


def bouncing_bar_cases() -> list[Case]:
    """The paper's bouncing bar for 5 s: basic against reference-point coordinates, and
    penetration and drift."""
    times = np.linspace(0.0, FALLING_BAR_DATA["duration"], 501)
    runs = {family: simulate(falling_bar_system(family), FALLING_BAR_DATA["duration"], twist=falling_bar_twist(),
                             t_eval=times, progress=False) for family in ("basic", "reference_point")}
    basic, other = runs["basic"], runs["reference_point"]
    first = [e.time for e in basic.events]
    second = [e.time for e in other.events]
    timing = float(np.abs(np.subtract(first, second)).max()) if len(first) == len(second) else np.inf
    gap = min(float(basic.point(p)[:, 1].min()) for p in ("A", "B"))
    drift = float(basic.constraint_violation[0].max())
    return [
        Case("bouncing bar, 5 s", "impact times: basic vs reference point, s", first[-1], second[-1], timing, 1e-6,
             f"another family ({len(first)} impacts)"),
        Case("bouncing bar, 5 s", "end A: basic vs reference point, m", float(basic.point("A")[-1, 0]),
             float(other.point("A")[-1, 0]), float(np.abs(basic.point("A") - other.point("A")).max()), 1e-5,
             "another family"),
        Case("bouncing bar, 5 s", "penetration (lowest end at outputs), m", 0.0, gap, max(-gap, 0.0), 1e-9,
             "unilateral contact"),
        Case("bouncing bar, 5 s", "constraint drift ‖Φ‖", 0.0, drift, drift, 1e-10, "projection every step"),
    ]


def impact_cases() -> list[Case]:
    return single_impact_cases() + [sliding_bar_case()] + bouncing_bar_cases()
