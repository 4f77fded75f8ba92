"""Contacts are an event handler of the one driver that every ODE formulation uses: the
null-space projection, with its contacts' rows and (sliding) friction, gives the
multipliers' events and motion. Both integrate at rtol 1e-9, so event times agree to
~1e-7 s and positions to ~1e-6 m over the runs below (the bound leaves a factor 10)."""

from __future__ import annotations

import numpy as np
import pytest

import mbtools
from mbtools import InputError, examples
from mbtools.analysis.impact_validation import falling_bar_system
from mbtools.dynamics.contact_modes import Mode, contact_accelerations
from mbtools.dynamics.projection import contact_accelerations as projected

G = 9.81


@pytest.mark.parametrize("family", ["natural", "reference_point"])
@pytest.mark.parametrize("modes", [{}, {"A on floor": Mode("stick")},
                                   {"A on floor": Mode("slide", 1.0)},
                                   {"A on floor": Mode("slide", -1.0), "B on floor": Mode("slide", -1.0)},
                                   {"A on floor": Mode("stick"), "B on floor": Mode("stick")}])
def test_the_projected_equations_with_contacts_are_the_multipliers(family, modes):
    """At one state, every combination of contacts on (sticking, sliding either way, two
    sticking ends whose tangent rows repeat each other): the same q̈ and contact forces,
    to rounding (1e-10 of g)."""
    system = falling_bar_system(family, friction=0.3, height=0.0, angle=0.3 if len(modes) < 2 else 0.0)
    model, q = system.model, system.model.reference_q
    if len(modes) < 2:  # one end on the floor: any motion (its rows are independent of the rest)
        qd = np.random.default_rng(4).standard_normal(len(q)) * 0.1
    else:  # both ends on the floor: the bar translates along it (slides) or rests (sticks)
        v = -1.0 if all(mode.law == "slide" for mode in modes.values()) else 0.0
        rows = np.vstack([model.point_jacobian(q, "A"), model.point_jacobian(q, "B")]
                         + ([system.position_constraints(q)[1]] if system.rows else []))
        qd = np.linalg.lstsq(rows, np.concatenate([[v, 0.0, v, 0.0], np.zeros(len(rows) - 4)]), rcond=None)[0]
    if system.rows:  # onto the joints' velocity constraints
        J = system.position_constraints(q)[1]
        qd = qd - np.linalg.pinv(J) @ (J @ qd)
    qdd_m, _, forces_m = contact_accelerations(system, q, qd, 0.0, modes)
    qdd_p, _, forces_p = projected(system, q, qd, 0.0, modes)
    assert np.abs(qdd_p - qdd_m).max() < 1e-10 * G
    for name in modes:
        assert np.allclose(forces_p[name], forces_m[name], atol=1e-10 * G), (name, forces_p[name], forces_m[name])


@pytest.mark.parametrize("integrator", [None, "RK45"])
def test_a_bouncing_sliding_bar_by_projection_is_the_multipliers(integrator):
    """The paper's falling bar for 2 s (impacts with friction, sliding and sticking ends):
    the same events at the same times, the same motion."""
    times = np.linspace(0.0, 2.0, 101)
    runs = {name: mbtools.simulate(falling_bar_system("natural"), 2.0, name, twist=examples.falling_bar_twist(),
                                   t_eval=times, integrator=integrator, progress=False)
            for name in ("multipliers", "projection")}
    a, b = runs["multipliers"], runs["projection"]
    assert len(a.events) > 5 and [e.kind for e in a.events] == [e.kind for e in b.events]
    assert np.abs(np.subtract([e.time for e in a.events], [e.time for e in b.events])).max() < 1e-6
    assert np.abs(a.point("B") - b.point("B")).max() < 1e-5
    assert np.abs(a.contact_forces - b.contact_forces).max() < 1e-5 * G


def test_a_sliding_bar_stops_as_coulomb_says_by_projection():
    """Flat on the floor at 1 m/s with μ = 0.2: both ends slide, and the bar stops after
    v²/(2 μ g); the friction needs the normal forces, which the projection recovers."""
    system = falling_bar_system("natural", friction=0.2, height=0.0, angle=0.0)
    traj = mbtools.simulate(system, 1.0, "projection", twist=examples.falling_bar_twist((1.0, 0.0), 0.0, angle=0.0),
                            progress=False)
    assert traj.point("A")[-1, 0] == pytest.approx(-0.5 + 1.0 / (2 * 0.2 * G), abs=1e-9)
    assert traj.contact_forces[5].sum(axis=0)[0] == pytest.approx(G, abs=1e-9)  # the weight, on two ends


@pytest.mark.parametrize("formulation, options", [("ali3p", {}), ("generalized_alpha", {}), ("ggl_ida", {}),
                                                  ("multipliers", {"stabilise": "baumgarte"}),
                                                  ("multipliers", {"integrator": "Radau"})])
def test_what_contacts_cannot_take_is_refused_by_name(formulation, options):
    system = falling_bar_system("natural")
    with pytest.raises(InputError, match="has contacts"):
        mbtools.simulate(system, 0.1, formulation, progress=False, **options)
