"""The five-link suspension driven over a road: its equations of motion by the recursive
method in relative coordinates, against natural coordinates.

**Modelling.** A quarter car with its body held fixed: the ideal linkage of
:func:`mbtools.examples.suspension.five_link_suspension_cardan` — each rod a solid cylinder
(1.5 kg, radius 12 mm) on a Cardan joint at the chassis and a ball joint at the carrier,
the cross holding the spin about its own line that a rod between two ball joints leaves
idle, and that relative coordinates could not carry for a slender bar (a singular mass
matrix). In natural coordinates every rod is its two end points and two unit vectors (60
coordinates, 59 constraints, a constant mass matrix); in relative coordinates the tree
runs ground → rod 1 (Cardan, 2 angles) → carrier (ball, 3) and ground → rods 2–5
(Cardan, 2 each), the ball joints ``S_E2`` … ``S_E5`` cut: 13 coordinates, 12 constraints.
The same bodies with the same inertia, so the two must move alike to the integrators'
error. The loads, on top of gravity:

- the road, met by the contact point at the speed v from t = 0 (s = v t, metres along it):
  a bump r = h sin(π s/L) for 0 ≤ s ≤ L and flat after it, or a cosine road
  r = ½h (1 − cos 2πs/L) for s ≥ 0, of height h and length (wavelength) L,        (D.1)
- the tyre, a vertical spring of stiffness k_t at the carrier's point P that pushes and
  never pulls, carrying the static wheel load F₀ in the design position,

      F_z = max(0, F₀ + k_t (r(t) − Δz_P)),     Δz_P = z_P − z_P⁰,                  (D.2)

- the coil spring of the data table with a damper along its line S₀S, the force pushing
  its ends apart

      F = k (ℓ₀ − ℓ) − c ℓ̇,                                                           (D.3)

  ℓ₀ the free length that balances the design position under gravity and F₀
  (:func:`mbtools.analysis.suspension.spring_free_length`, the same for both joints).

Relative coordinates are integrated by the recursive formulation (composite-rigid-body
mass matrix, recursive Newton–Euler forces and the cut joints' rows, equation (R.5) of
:mod:`mbtools.dynamics.recursive`), natural ones by Lagrange multipliers; both by DOP853
at the same ``rtol``, the state projected onto the constraints after each step.

Example
-------
>>> road = Road("bump", height=0.05, length=0.5, speed=10.0)
>>> [round(road.elevation(t), 4) for t in (0.0, 0.025, 0.05, 0.1)]
[0.0, 0.05, 0.0, 0.0]
>>> force = tyre_force(road, reference_height=-0.3)
>>> force(0.025, (0.0, 0.75, -0.3), (0.0, 0.0, 0.0))    # the bump's top, the wheel still down
(0.0, 0.0, 13500.0)
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable

import numpy as np

from ..coordinates import formulate
from ..dynamics import MultibodySystem, PointForce, Spring, simulate
from ..dynamics.multipliers import accelerations as multiplier_accelerations
from ..dynamics.recursive import accelerations as recursive_accelerations
from ..dynamics.recursive import system_tree
from ..errors import InputError
from ..examples.suspension import SUSPENSION_DATA, five_link_suspension, five_link_suspension_cardan
from ..kinematics import solve_position, solve_velocity
from ..model import Model
from .recursive_checks import natural_state, point_accelerations
from .suspension import STATIC_WHEEL_LOAD, TYRE_STIFFNESS, axle, spring_free_length, wheel_angles

#: The damper along the coil spring's line, in N·s/m, about a third of critical for the
#: wheel hop on the tyre (10 Hz; the ride's decay after the bump, ζ ≈ 0.37).
DAMPING = 2500.0
#: The ball joints relative coordinates cut (the carrier hangs from rod 1).
CUT_JOINTS = ("S_E2", "S_E3", "S_E4", "S_E5")
#: The rods' joints, ``"cardan"`` (a Cardan joint at the chassis, any family) or ``"ball"``
#: (the book's slender rods between two ball joints: natural or basic coordinates only).
JOINTS = ("cardan", "ball")
#: Road profiles (D.1).
ROAD_KINDS = ("bump", "cosine")
#: The points whose accelerations :func:`acceleration_check` compares.
CHECK_POINTS = ("W", "P", "S", "E1", "E2", "E3", "E4", "E5")


def _positive(where: str, name: str, value) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)) \
            or not math.isfinite(value) or value <= 0:
        raise InputError(f"{where}: {name} must be a positive number, got {value!r}.")
    return float(value)


@dataclass(frozen=True)
class Road:
    """A road profile (D.1) under the wheel, met from t = 0 at ``speed``.

    Parameters
    ----------
    kind : str
        ``"bump"`` (a half-sine bump, then flat) or ``"cosine"`` (a periodic road).
    height : float
        h, the bump's height or the road's peak-to-trough height (m).
    length : float
        L, the bump's length or the road's wavelength (m).
    speed : float
        v, the vehicle's speed (m/s).
    """

    kind: str = "bump"
    height: float = 0.05
    length: float = 0.5
    speed: float = 10.0

    def __post_init__(self):
        if self.kind not in ROAD_KINDS:
            raise InputError(f"Road: kind must be one of {ROAD_KINDS}, got {self.kind!r}.")
        for name in ("height", "length", "speed"):
            object.__setattr__(self, name, _positive("Road", name, getattr(self, name)))

    def elevation(self, t: float) -> float:
        """r(t) (m) under the contact point at time t (s), by (D.1)."""
        s = self.speed * float(t)
        if s <= 0.0:
            return 0.0
        if self.kind == "bump":
            return self.height * math.sin(math.pi * s / self.length) if s < self.length else 0.0
        return 0.5 * self.height * (1.0 - math.cos(2.0 * math.pi * s / self.length))


def tyre_force(road: Road, reference_height: float, stiffness: float = TYRE_STIFFNESS,
               static_load: float = STATIC_WHEEL_LOAD) -> Callable:
    """The tyre's force (D.2) for a :class:`~mbtools.dynamics.PointForce` at P.

    Parameters
    ----------
    road : Road
        The road under the wheel.
    reference_height : float
        z_P⁰, the contact point's height in the design position (m).
    stiffness : float
        k_t (N/m).
    static_load : float
        F₀ (N), the tyre's force in the design position on a flat road.

    Returns
    -------
    callable
        f(t, r_P, ṙ_P) → (0, 0, F_z), F_z ≥ 0.
    """
    k = _positive("tyre_force", "stiffness", stiffness)
    load = _positive("tyre_force", "static_load", static_load)
    if not isinstance(road, Road):
        raise InputError(f"tyre_force: road must be a Road, got {type(road).__name__}.")
    z0 = float(reference_height)

    def force(t, r, v) -> tuple[float, float, float]:
        return (0.0, 0.0, max(0.0, load + k * (road.elevation(t) - (float(r[2]) - z0))))

    return force


@lru_cache(maxsize=None)
def free_length() -> float:
    """ℓ₀ of the coil spring (m): balances the book's model in its design position under
    gravity and the static wheel load (both joints' models have the same statics)."""
    return spring_free_length(formulate(five_link_suspension(), "natural"))


def _checked_joints(family: str, joints: str) -> None:
    if joints not in JOINTS:
        raise InputError(f"joints must be one of {JOINTS}, got {joints!r}.")
    if not isinstance(family, str):
        raise InputError(f"family must be a family's name, such as 'relative' or 'natural'; got {family!r}.")
    if joints == "ball" and family not in ("natural", "basic"):
        raise InputError(f"joints='ball' (slender rods between two ball joints) in {family} coordinates: each rod's "
                         "spin about its own line would have no inertia and the mass matrix would be singular; "
                         "use joints='cardan', or natural coordinates.")


@lru_cache(maxsize=None)
def road_model(family: str = "relative", joints: str = "cardan") -> Model:
    """The suspension formulated in ``family`` (kept: formulating and compiling cost
    seconds), relative coordinates with the cut joints :data:`CUT_JOINTS`."""
    _checked_joints(family, joints)
    mechanism = five_link_suspension_cardan() if joints == "cardan" else five_link_suspension()
    options = {"cut_joints": list(CUT_JOINTS)} if family == "relative" else {}
    return formulate(mechanism, family, **options)


def strut(damping: float = DAMPING) -> Spring:
    """The coil spring of the data table with the damper ``damping`` (N·s/m) along its
    line S₀S, (D.3)."""
    if isinstance(damping, bool) or not isinstance(damping, (int, float, np.integer, np.floating)) \
            or not math.isfinite(damping) or damping < 0:
        raise InputError(f"strut: damping must be a number ≥ 0 (N·s/m), got {damping!r}.")
    return Spring("S0", "S", SUSPENSION_DATA["spring_stiffness"], free_length(), damping=float(damping))


def road_system(family: str = "relative", road: Road = Road(), damping: float = DAMPING,
                joints: str = "cardan", tyre_stiffness: float = TYRE_STIFFNESS) -> MultibodySystem:
    """The suspension over ``road``: gravity, the strut (D.3) and the tyre (D.2) at P.

    Parameters
    ----------
    family : str
        A family of coordinates (:func:`road_model`).
    road : Road
        The road under the wheel and the speed.
    damping : float
        The damper's c (N·s/m).
    joints : str
        The rods' joints, :data:`JOINTS`.
    tyre_stiffness : float
        k_t (N/m) in (D.2).

    Returns
    -------
    mbtools.MultibodySystem
        Its loads: the strut first, the tyre second.
    """
    model = road_model(family, joints)
    z0 = float(model.point(model.reference_q, "P")[2])
    return MultibodySystem(model, loads=[strut(damping), PointForce("P", tyre_force(road, z0, tyre_stiffness))])


def formulation_of(family: str) -> str:
    """The formulation a family is integrated by here: ``"recursive"`` in relative
    coordinates, ``"multipliers"`` otherwise."""
    return "recursive" if family == "relative" else "multipliers"


@dataclass(frozen=True)
class RoadRun:
    """A ride over a road: at each time ``t`` (s) the road under the wheel ``road`` (m), the
    wheel centre's height above its design position ``height`` (m), ``camber`` and ``toe``
    (rad, :func:`~mbtools.analysis.suspension.wheel_angles`), the coil spring's force
    k(ℓ₀ − ℓ) ``spring_force`` and the damper's −c ℓ̇ ``damper_force`` (N, pushing the
    ends apart), the tyre's ``tyre_force`` (N); how it was computed (``family``,
    ``formulation``, ``coordinates``, ``constraints`` held in dynamics), the seconds spent
    integrating (``seconds``) and formulating and compiling before (``setup_seconds``),
    and the :class:`~mbtools.dynamics.simulate.Trajectory`."""

    t: np.ndarray
    road: np.ndarray
    height: np.ndarray
    camber: np.ndarray
    toe: np.ndarray
    spring_force: np.ndarray
    damper_force: np.ndarray
    tyre_force: np.ndarray
    family: str
    formulation: str
    coordinates: int
    constraints: int
    seconds: float
    setup_seconds: float
    trajectory: object = field(repr=False)


def ride(road: Road = Road(), family: str = "relative", t_end: float = 1.0, rtol: float = 1e-10,
         samples: int = 201, damping: float = DAMPING, joints: str = "cardan") -> RoadRun:
    """Drive the suspension over ``road`` from rest in its design position.

    Parameters
    ----------
    road : Road
        The road (D.1) and the speed; the tyre (D.2) meets it at t = 0.
    family : str
        The coordinates: ``"relative"`` (integrated by the recursive formulation, (R.5) of
        :mod:`mbtools.dynamics.recursive`) or ``"natural"`` (Lagrange multipliers); see
        :func:`formulation_of`.
    t_end : float
        Seconds simulated.
    rtol : float
        The integrator's relative tolerance (DOP853; absolute: rtol times the size).
    samples : int
        Output times, evenly spaced from 0 to ``t_end``.
    damping : float
        The damper's c (N·s/m) in (D.3).
    joints : str
        ``"cardan"`` or, in natural coordinates only, ``"ball"`` (:data:`JOINTS`).

    Returns
    -------
    RoadRun
        The wheel's height, camber and toe, the forces, the counts and the times. A first
        integration over 1 ms compiles the model's functions (``setup_seconds``), so that
        ``seconds`` times the integration alone.
    """
    t_end = _positive("ride", "t_end", t_end)
    if isinstance(samples, bool) or not isinstance(samples, (int, np.integer)) or samples < 2:
        raise InputError(f"ride: samples must be an integer ≥ 2, got {samples!r}.")
    start = time.perf_counter()
    system = road_system(family, road, damping, joints)
    formulation = formulation_of(family)
    simulate(system, min(1e-3, t_end), formulation, rtol=rtol, t_eval=[0.0, min(1e-3, t_end)], progress=False)
    setup = time.perf_counter() - start
    start = time.perf_counter()
    trajectory = simulate(system, t_end, formulation, rtol=rtol, t_eval=np.linspace(0.0, t_end, samples),
                          progress=False)
    seconds = time.perf_counter() - start
    return _measured(system, trajectory, road, family, formulation, seconds, setup)


def _measured(system: MultibodySystem, trajectory, road: Road, family: str, formulation: str, seconds: float,
              setup: float) -> RoadRun:
    """The quantities of a :class:`RoadRun` read off a trajectory."""
    model, spring = system.model, system.loads[0]
    tyre = system.loads[1].force
    q, qd, t = trajectory.q, trajectory.qd, trajectory.t
    W0 = model.point(model.reference_q, "W")
    angles = np.array([wheel_angles(axle(model, x)) for x in q])
    d = trajectory.point("S") - model.point(model.reference_q, "S0")
    length = np.linalg.norm(d, axis=1)
    rate = np.einsum("ij,ij->i", d, trajectory.point_velocity("S")) / length
    P, P_rate = trajectory.point("P"), trajectory.point_velocity("P")
    return RoadRun(t=np.asarray(t), road=np.array([road.elevation(s) for s in t]),
                   height=trajectory.point("W")[:, 2] - W0[2], camber=angles[:, 0], toe=angles[:, 1],
                   spring_force=spring.stiffness * (spring.free_length - length), damper_force=-spring.damping * rate,
                   tyre_force=np.array([tyre(s, r, v)[2] for s, r, v in zip(t, P, P_rate)]),
                   family=family, formulation=formulation, coordinates=model.n_coordinates,
                   constraints=len(system.rows), seconds=seconds, setup_seconds=setup, trajectory=trajectory)


def run_gaps(a: RoadRun, b: RoadRun) -> dict[str, float]:
    """The largest difference between two rides at the same times, for each of
    ``height`` (m), ``camber``, ``toe`` (rad), ``spring_force``, ``damper_force`` and
    ``tyre_force`` (N)."""
    if not (isinstance(a, RoadRun) and isinstance(b, RoadRun)):
        raise InputError("run_gaps compares two RoadRun results of ride().")
    if a.t.shape != b.t.shape or np.abs(a.t - b.t).max() > 1e-12:
        raise InputError("run_gaps: the two rides were output at different times; give them the same t_end and "
                         "samples.")
    names = ("height", "camber", "toe", "spring_force", "damper_force", "tyre_force")
    return {name: float(np.abs(getattr(a, name) - getattr(b, name)).max()) for name in names}


@dataclass(frozen=True)
class AccelerationCheck:
    """The accelerations (m/s², one block of rows a state, one row a point of ``points``)
    by the recursive formulation and by natural coordinates at the same states, and the
    states (travel m, its rate m/s, time s)."""

    recursive: np.ndarray
    natural: np.ndarray
    points: tuple
    states: tuple

    @property
    def gap(self) -> float:
        """The largest difference, relative to the largest acceleration."""
        return float(np.abs(self.recursive - self.natural).max() / max(np.abs(self.natural).max(), 1e-300))


def acceleration_check(states=((-0.04, -1.2, 0.01), (0.0, 0.8, 0.02), (0.03, 0.5, 0.03)), road: Road = Road(),
                       damping: float = DAMPING, points=CHECK_POINTS) -> AccelerationCheck:
    """The points' accelerations by the recursive formulation (R.5) in relative
    coordinates and by Lagrange multipliers in natural coordinates, at each state (travel,
    its rate, time): the relative state solved from the travel and mapped to natural
    coordinates by :func:`~mbtools.analysis.recursive_checks.natural_state`; the points' accelerations from q̈ by the
    tree's spatial accelerations (:func:`~mbtools.analysis.recursive_checks.point_accelerations`)
    on one side, as the rows of q̈ themselves on the other (points are natural coordinates)."""
    relative, natural = road_system("relative", road, damping), road_system("natural", road, damping)
    tree = system_tree(relative)
    a, b = [], []
    for state in states:
        if len(state) != 3:
            raise InputError(f"acceleration_check: each state is (travel, rate, t), got {state!r}.")
        travel, rate, t = (float(v) for v in state)
        q = solve_position(relative.model, {"travel": travel}).q
        qd = solve_velocity(relative.model, q, {"travel": rate})
        qn, qdn = natural_state(natural.model, tree, q, qd)
        qdd, _ = recursive_accelerations(relative, q, qd, t, stabilised=False)
        qddn, _ = multiplier_accelerations(natural, qn, qdn, t, stabilised=False)
        a += list(point_accelerations(tree, q, qd, qdd, list(points)))
        b += [natural.model.point_acceleration(qn, qdn, qddn, p) for p in points]
    return AccelerationCheck(np.array(a), np.array(b), tuple(points), tuple(tuple(s) for s in states))


def rod_model_difference(states=((0.0, 0.0, 0.01), (-0.04, -1.2, 0.02), (0.03, 0.5, 0.03)), road: Road = Road(),
                         damping: float = DAMPING) -> float:
    """What the modelling costs: the largest difference of the wheel centre's acceleration
    between the rods on Cardan joints (solid, radius 12 mm) and the book's slender rods
    between two ball joints, both in natural coordinates at the same states (travel, its
    rate, time), relative to the largest acceleration. The slender rods' coordinates are
    a subset of the others' (the rods' unit vectors left out)."""
    cardan, ball = road_system("natural", road, damping), road_system("natural", road, damping, joints="ball")
    index = [cardan.model.coordinate_names.index(name) for name in ball.model.coordinate_names]
    gaps, sizes = [], []
    for state in states:
        if len(state) != 3:
            raise InputError(f"rod_model_difference: each state is (travel, rate, t), got {state!r}.")
        travel, rate, t = (float(v) for v in state)
        q = solve_position(cardan.model, {"travel": travel}).q
        qd = solve_velocity(cardan.model, q, {"travel": rate})
        a = cardan.model.point_acceleration(q, qd, multiplier_accelerations(cardan, q, qd, t, stabilised=False)[0], "W")
        qb, qdb = q[index], qd[index]
        b = ball.model.point_acceleration(qb, qdb, multiplier_accelerations(ball, qb, qdb, t, stabilised=False)[0], "W")
        gaps.append(np.abs(a - b).max())
        sizes.append(np.abs(b).max())
    return float(max(gaps) / max(max(sizes), 1e-300))
