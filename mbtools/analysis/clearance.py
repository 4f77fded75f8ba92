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

from ..dynamics import MultibodySystem, simulate
from ..dynamics.clearance_joints import ClearanceJointForce, bearing_stiffness
from ..dynamics.compliant_contacts import PlaneContactForce
from ..dynamics.contact_laws import Flores, LankaraniNikravesh
from ..dynamics.friction_laws import RegularisedCoulomb
from ..dynamics.prescribed import PrescribedMotion
from ..examples.clearance import (CLEARANCE_DATA, REVOLUTE_CLEARANCE_DATA, clearance_twist, crank_speed_of,
                                  guide_walls, revolute_clearance_slider_crank, revolute_clearance_twist,
                                  translational_clearance_slider_crank)
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
                     rtol: float = 1e-6, integrator: str | None = None):
    """The motion from the data's start over ``t_end`` (a Trajectory), by default by
    DOP853: its steps are held to some 5 µs while the slider is pressed on a wall, but
    each costs 13 evaluations of the forces, where one of Radau's Jacobians (the contacts'
    tangents by differences) costs 70 (measured: 0.012 s in 270 s by Radau, 0.2 s in
    120 s by DOP853 at rtol 1e-6, 7206 steps)."""
    return simulate(system, t_end, twist=clearance_twist(), rtol=rtol, integrator=integrator,
                    t_eval=np.linspace(0.0, t_end, samples), progress=False)


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
