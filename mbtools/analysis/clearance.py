"""The slider-cranks with clearance (``mbtools.examples.clearance``): the translational
clearance with compliant walls, and the published nonsmooth run it is checked against;
the revolute clearance with its pin in a compliant bearing, against the ideal joint.

The walls are four :class:`~mbtools.dynamics.PlaneContactForce` (one per corner, each
against its own wall) with Flores' law at the reference's restitution e = 0.4 and
K = 1e9 N/m^1.5 (steel on steel, a few micrometres of indentation at these speeds), and
regularised Coulomb friction μ = 0.01. The reference (``NONSMOOTH_REFERENCE``) is a
Moreau–Jean time-stepping run with position projection (h = 1e-4 s) of the same data:
rigid walls, Newton's e = 0.4, Coulomb's μ = 0.01. Before the first impact the two
models are the same rigid motion; through the first impacts they agree to a few percent;
later each impact's small differences grow, as in any impacting system.

Example
-------
>>> system = clearance_system()
>>> len(system.loads), system.model.n_coordinates > 3
(4, True)
"""

from __future__ import annotations

import numpy as np
from scipy.integrate import solve_ivp

from ..dynamics import MultibodySystem, simulate
from ..dynamics.clearance_joints import ClearanceJointForce, bearing_stiffness
from ..dynamics.compliant_contacts import PlaneContactForce
from ..dynamics.contact_laws import Flores, LankaraniNikravesh
from ..dynamics.friction_laws import RegularisedCoulomb
from ..dynamics.prescribed import PrescribedMotion
from ..examples.clearance import (CLEARANCE_DATA, REVOLUTE_CLEARANCE_DATA, clearance_twist, crank_speed_of,
                                  guide_contacts, guide_walls, revolute_clearance_slider_crank,
                                  revolute_clearance_twist, translational_clearance_slider_crank)
from .restitution import impact_with_law
from ..coordinates import formulate

#: The walls' stiffness (N/m^1.5) and friction's regularisation speed (m/s).
WALL_STIFFNESS, REGULARISATION_SPEED = 1e9, 1e-3
#: The nonsmooth reference at three times in seconds, each with the crank's angular
#: velocity in rad/s and the pin's height over the clearance, y_B / c, by Moreau–Jean time
#: stepping with position projection (h = 1e-4 s, e = 0.4, μ = 0.01) of ``CLEARANCE_DATA``.
NONSMOOTH_REFERENCE = {0.01: (68.11, 0.990), 0.02: (73.05, 0.845), 0.03: (132.64, -0.996)}


def guide_contact_forces(law=None, friction=None, data: dict | None = None) -> list[PlaneContactForce]:
    """The guide's walls as compliant contacts of the slider's corners: ``law`` a normal
    law (default Flores' at the data's e and :data:`WALL_STIFFNESS`), ``friction`` a
    friction law (default regularised Coulomb at the data's μ)."""
    d = {**CLEARANCE_DATA, **(data or {})}
    law = Flores(WALL_STIFFNESS, d["restitution"]) if law is None else law
    friction = RegularisedCoulomb(d["friction"], REGULARISATION_SPEED) if friction is None else friction
    return [PlaneContactForce(name, normal, law, offset=offset, friction=friction)
            for name, normal, offset in guide_walls(d)]


def clearance_system(family: str = "natural", law=None, friction=None, data: dict | None = None) -> MultibodySystem:
    """The slider-crank with compliant walls (:func:`guide_contact_forces`) under gravity."""
    d = {**CLEARANCE_DATA, **(data or {})}
    model = formulate(translational_clearance_slider_crank(d), family)
    return MultibodySystem(model, gravity=(0.0, -d["gravity"]), loads=guide_contact_forces(law, friction, d))


def clearance_motion(system: MultibodySystem, t_end: float = CLEARANCE_DATA["duration"], samples: int = 201,
                     rtol: float = 1e-6, integrator: str | None = "Radau"):
    """The motion from the data's start over ``t_end`` (a Trajectory), by default by
    Radau: while the slider is pressed on a wall, the walls' damping holds an explicit
    method's steps to some 5 µs, and Radau, with the contacts' exact tangent (K.6), steps
    over it (measured, rtol 1e-6, 0.2 s: Radau 13 s, 4291 steps, 1722 Jacobians; DOP853
    23 s, 7206 steps of 18 evaluations each). ``integrator=None`` leaves the choice to
    :func:`~mbtools.simulate`, which sees no contact at the start."""
    return simulate(system, t_end, twist=clearance_twist(), rtol=rtol, integrator=integrator,
                    t_eval=np.linspace(0.0, t_end, samples), progress=False)


def impulsive_clearance_motion(t_end: float = CLEARANCE_DATA["duration"], samples: int = 201,
                               family: str = "natural", data: dict | None = None):
    """The same slider-crank with rigid walls (``guide_contacts``: Newton's e and
    Coulomb's μ of the data, the impulsive method of the impact chapter), over ``t_end``."""
    d = {**CLEARANCE_DATA, **(data or {})}
    model = formulate(translational_clearance_slider_crank(d), family)
    system = MultibodySystem(model, gravity=(0.0, -d["gravity"]),
                             contacts=guide_contacts(d["restitution"], d["friction"], d))
    return simulate(system, t_end, twist=clearance_twist(d), t_eval=np.linspace(0.0, t_end, samples),
                    progress=False)


def impact_times_both_ways(compliant, impulsive, data: dict | None = None) -> list[tuple[float, float, float]]:
    """For each impact of the impulsive run: (its time, the nearest start of a contact in
    the compliant run, that contact's duration) in seconds — the duration of the
    compliant law's impact of the slider's mass at that contact's approach speed
    (:func:`~mbtools.analysis.restitution.impact_with_law`), the time within which the
    two models' impacts are the same event."""
    d = {**CLEARANCE_DATA, **(data or {})}
    law = compliant.system.loads[0].law
    starts = [(e.time, e.approach_speed) for e in compliant.events if e.kind == "contact"]
    if not starts:
        return [(e.time, float("nan"), float("nan")) for e in impulsive.events if e.kind == "impact"]
    out = []
    for event in impulsive.events:
        if event.kind != "impact":
            continue
        start, speed = min(starts, key=lambda s: abs(s[0] - event.time))
        out.append((event.time, start, impact_with_law(law, d["masses"][2], speed).duration))
    return out


def crank_speed(traj) -> np.ndarray:
    """The crank's angular velocity (rad/s) at each output time."""
    model = traj.system.model
    return np.array([model.angular_velocity(q, qd, "crank") for q, qd in zip(traj.q, traj.qd)])


def slider_play(traj, data: dict | None = None) -> np.ndarray:
    """The pin's height over the clearance, y_B / c, at each output time (±1: the slider
    against a wall)."""
    d = {**CLEARANCE_DATA, **(data or {})}
    return traj.point("B")[:, 1] / d["clearance"]


def revolute_clearance_joint(law=None, friction=None, data: dict | None = None) -> ClearanceJointForce:
    """The slider's pin J in the rod's bearing B: by default Lankarani and Nikravesh's law
    at the data's restitution, K of (J.3) from the radii and the steel's E and ν
    (:func:`~mbtools.dynamics.clearance_joints.bearing_stiffness`), and regularised
    Coulomb friction where the data's μ is not 0."""
    d = {**REVOLUTE_CLEARANCE_DATA, **(data or {})}
    radius, clearance = d["journal_radius"], d["bearing_radius"] - d["journal_radius"]
    if law is None:
        stiffness = bearing_stiffness(d["bearing_radius"], radius, d["young"], d["poisson"])
        law = LankaraniNikravesh(stiffness, d["restitution"])
    if friction is None and d["friction"] > 0.0:
        friction = RegularisedCoulomb(d["friction"], REGULARISATION_SPEED)
    return ClearanceJointForce("B", "J", clearance, radius, law, friction=friction)


def revolute_clearance_system(family: str = "natural", law=None, friction=None, data: dict | None = None,
                              ideal: bool = False) -> MultibodySystem:
    """The slider-crank of ``REVOLUTE_CLEARANCE_DATA`` under gravity, its crank turned at
    the data's speed from 0 (a prescribed input), the pin in its bearing
    (:func:`revolute_clearance_joint`), or with ``ideal`` an ideal revolute joint."""
    d = {**REVOLUTE_CLEARANCE_DATA, **(data or {})}
    model = formulate(revolute_clearance_slider_crank(d, ideal=ideal), family)
    loads = [] if ideal else [revolute_clearance_joint(law, friction, d)]
    return MultibodySystem(model, gravity=(0.0, -d["gravity"]), loads=loads,
                           prescribed={"crank": PrescribedMotion.ramp(0.0, crank_speed_of(d))})


def revolute_clearance_motion(system: MultibodySystem, t_end: float = REVOLUTE_CLEARANCE_DATA["duration"],
                              samples: int = 481, rtol: float = 1e-6, integrator: str | None = None,
                              data: dict | None = None):
    """The motion from the drawing (pin and bearing concentric, the ideal mechanism's
    velocities) over ``t_end`` (a Trajectory); ``traj.driving("crank")`` is the torque
    that keeps the crank's speed."""
    ideal = not system.loads
    return simulate(system, t_end, q0=system.model.reference_q, twist=revolute_clearance_twist(data, ideal=ideal),
                    rtol=rtol, integrator=integrator, t_eval=np.linspace(0.0, t_end, samples), progress=False)


def journal_path(traj, data: dict | None = None) -> np.ndarray:
    """The pin's centre about the bearing's, e/c of (J.1), at each output time (N, 2):
    inside the unit circle the pin flies free, on it the two touch."""
    d = {**REVOLUTE_CLEARANCE_DATA, **(data or {})}
    return (traj.point("J") - traj.point("B")) / (d["bearing_radius"] - d["journal_radius"])


def free_rod_first_contact(data: dict | None = None) -> float:
    """The time (s) the pin first meets its bearing, from the rod alone: until then the
    slider stands still and the rod swings freely about the crank's tip A, which turns at
    ω on a circle of radius l₁ (a_A = −l₁ω² (cos ωt, sin ωt)); about A,

        I_A θ̈ = −m g ρ_x − m (ρ × a_A)_z,     ρ = (l₂/2)(cos θ, sin θ),

    integrated by scipy (DOP853, rtol 1e-12) until ‖r_B − r_J‖ = c. An independent check
    of the whole mechanism's first contact.

    Example
    -------
    >>> round(free_rod_first_contact() * 1e3, 4)      # ms
    0.2273
    """
    d = {**REVOLUTE_CLEARANCE_DATA, **(data or {})}
    l1, l2, g = d["crank"], d["rod"], d["gravity"]
    mass = d["masses"][1]
    inertia = d["inertias"][1] + mass * (0.5 * l2) ** 2
    omega, clearance = crank_speed_of(d), d["bearing_radius"] - d["journal_radius"]

    def rod(t, y):
        ax, ay = -l1 * omega**2 * np.cos(omega * t), -l1 * omega**2 * np.sin(omega * t)
        rx, ry = 0.5 * l2 * np.cos(y[0]), 0.5 * l2 * np.sin(y[0])
        return [y[1], (-mass * g * rx - mass * (rx * ay - ry * ax)) / inertia]

    def gap(t, y):
        bearing = l1 * np.array([np.cos(omega * t), np.sin(omega * t)]) + l2 * np.array([np.cos(y[0]), np.sin(y[0])])
        return np.linalg.norm(bearing - np.array([l1 + l2, 0.0])) - clearance

    gap.terminal, gap.direction = True, 1
    period = 2.0 * np.pi / omega
    solution = solve_ivp(rod, (0.0, period), [0.0, -omega * l1 / l2], method="DOP853", rtol=1e-12, atol=1e-14,
                         events=gap)
    if not solution.t_events[0].size:
        raise RuntimeError("free_rod_first_contact: the bearing did not reach the pin within a turn of the crank.")
    return float(solution.t_events[0][0])


def first_contact_time(traj, data: dict | None = None) -> float:
    """The first time the pin's path reaches ‖e‖ = c, interpolated linearly between the
    output times (NaN if it never does)."""
    radius = np.linalg.norm(journal_path(traj, data), axis=1)
    k = int(np.argmax(radius >= 1.0))
    if radius[k] < 1.0 or k == 0:
        return float("nan")
    return float(np.interp(1.0, radius[k - 1:k + 1], traj.t[k - 1:k + 1]))
