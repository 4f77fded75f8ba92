"""The SSC with a spherical clearance joint (``mbtools.examples.spherical_clearance``): the
ball in its socket under LuGre friction, driven at a constant speed, against the ideal
ball joint.

The run starts with the ball at the socket's centre and the velocities of the ideal
mechanism (the link not spinning about its own axis), the slider's angle prescribed as
s(t) = s₀ + ω t. Until the ball first touches the socket the link and the slider move
apart from each other; from then on the ball strikes, slides round the socket and
drags the link about its axis by friction. The energy the contact dissipates is kept in
two parts, the normal law's damping (E_n) and the work against friction (E_t).

Example
-------
>>> system = ssc_clearance_system()
>>> type(system.loads[0]).__name__, round(system.loads[0].clearance * 1e3, 6)
('ClearanceJointForce', 0.2)
"""

from __future__ import annotations

import math

import numpy as np

from ..coordinates import formulate
from ..dynamics import MultibodySystem, simulate
from ..dynamics.clearance_joints import ClearanceJointForce, bearing_stiffness
from ..dynamics.contact_laws import LankaraniNikravesh
from ..dynamics.friction_laws import LuGre
from ..dynamics.prescribed import PrescribedMotion
from ..examples.spatial import ssc
from ..examples.spherical_clearance import SSC_CLEARANCE_DATA, ssc_with_spherical_clearance
from ..kinematics import solve_velocity

#: The slider's angle in the drawing in radians, the SSC's default arm angle.
START_ANGLE = math.radians(30.0)


def ball_in_socket(data: dict | None = None, friction: bool = True) -> ClearanceJointForce:
    """The ball J in the link's socket B: Lankarani and Nikravesh's law at the data's e, K
    of (J.3) for the two radii, and (unless ``friction`` is False) LuGre's friction."""
    d = {**SSC_CLEARANCE_DATA, **(data or {})}
    stiffness = bearing_stiffness(d["socket_radius"], d["ball_radius"], d["young"], d["poisson"])
    law = LankaraniNikravesh(stiffness, d["restitution"])
    lugre = LuGre(mu_coulomb=d["mu_coulomb"], mu_static=d["mu_static"], stribeck_speed=d["stribeck_speed"],
                  sigma0=d["sigma0"], sigma1=d["sigma1"], sigma2=d["sigma2"]) if friction else None
    return ClearanceJointForce("B", "J", d["socket_radius"] - d["ball_radius"], d["ball_radius"], law,
                               friction=lugre, bearing_body="link", journal_body="slider")


def ssc_clearance_system(family: str = "natural", data: dict | None = None, ideal: bool = False,
                         friction: bool = True, driven: bool = True) -> MultibodySystem:
    """The SSC under gravity, its slider turned at the data's speed from the drawing
    (``driven``; otherwise free), with the ball in its socket (:func:`ball_in_socket`) or,
    with ``ideal``, an ideal ball joint."""
    d = {**SSC_CLEARANCE_DATA, **(data or {})}
    model = formulate(ssc_with_spherical_clearance(d, ideal=ideal), family)
    prescribed = {"slider": PrescribedMotion.ramp(START_ANGLE, d["slider_speed"])} if driven else None
    loads = [] if ideal else [ball_in_socket(d, friction)]
    return MultibodySystem(model, gravity=(0.0, 0.0, -d["gravity"]), loads=loads, prescribed=prescribed)


def ideal_start(system: MultibodySystem, data: dict | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(q₀, q̇₀): the drawing, and the ideal SSC's velocities there at the data's slider
    speed (from the paper's SSC, whose link is a line of mass), the link not spinning
    about its axis and the ball moving with the socket."""
    d = {**SSC_CLEARANCE_DATA, **(data or {})}
    ideal = formulate(ssc(link=d["link"], arm=d["arm"], arm_offset=d["arm_offset"], pivot=d["pivot"],
                          guide_point=d["guide_point"]), "natural")
    q_ideal = ideal.reference_q
    qd_ideal = solve_velocity(ideal, q_ideal, {"slider": d["slider_speed"]})
    v_b, v_d = (ideal.point_velocity(q_ideal, qd_ideal, p) for p in ("B", "D"))
    model = system.model
    q = model.reference_q
    arm = model.point(q, "B") - model.point(q, "A0")
    omega = np.cross(arm, v_b) / (arm @ arm)          # the link's turn, none about its own axis
    qd = np.zeros(model.n_coordinates)
    velocities = {"B": v_b, "J": v_b, "D": v_d}
    for k, name in enumerate(model.coordinate_names):   # x_B, …, z_J: the points' coordinates
        if name[0] in "xyz" and name[1] == "_" and name[2:] in velocities:
            qd[k] = velocities[name[2:]]["xyz".index(name[0])]
    if "n_x" in model.coordinate_names:
        rate = np.cross(omega, model.vector(q, "n"))
        for axis, component in enumerate("xyz"):
            qd[model.coordinate_names.index(f"n_{component}")] = rate[axis]
    return q, qd


def ssc_clearance_motion(system: MultibodySystem, t_end: float = 0.25, samples: int = 251, rtol: float = 1e-6,
                         integrator: str | None = None, data: dict | None = None):
    """The motion from :func:`ideal_start` over ``t_end`` (a Trajectory)."""
    q, qd = ideal_start(system, data)
    return simulate(system, t_end, q0=q, qd0=qd, rtol=rtol, integrator=integrator,
                    t_eval=np.linspace(0.0, t_end, samples), progress=False)


def ball_path(traj, data: dict | None = None) -> np.ndarray:
    """The ball's centre about the socket's, e/c of (J.1), in the link's frame (axes: along
    A0→B, along n, and their cross product) at each output time, (N, 3)."""
    d = {**SSC_CLEARANCE_DATA, **(data or {})}
    model = traj.system.model
    out = []
    for q in traj.q:
        along = model.point(q, "B") - model.point(q, "A0")
        along /= np.linalg.norm(along)
        n = model.vector(q, "n")
        frame = np.column_stack([along, n, np.cross(along, n)])
        out.append(frame.T @ (model.point(q, "J") - model.point(q, "B")))
    return np.array(out) / (d["socket_radius"] - d["ball_radius"])


def dissipated_parts(traj) -> tuple[np.ndarray, np.ndarray]:
    """(E_n, E_t): the energy the normal law's damping and the friction have dissipated
    (J) at each output time, the first two states of the joint (K.3)."""
    part = dict(traj.system.load_states.slices)[0]
    states = np.asarray(traj.load_states)[:, part]
    return states[:, 0], states[:, 1]
