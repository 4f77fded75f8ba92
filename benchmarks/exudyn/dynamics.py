"""Speed of forward dynamics at matched accuracy: mbtools against Exudyn.

Three problems, each built in both tools from the same data and integrated over the
same span:

1. IFToMM benchmark A02 with N = 1 and N = 10 windows, 10 s: 2N + 1 uniform bars of 1 m
   and 1 kg (inertia m L^2/12 about the centre), revolute joints at the pivots, gravity
   -9.81 m/s^2 along y; cranks upright at the start, B0 moving at +1 m/s along x (every
   crank at -1 rad/s, the couplers translating). Error: max |B0 - reference| (largest
   coordinate deviation) over the 200 output steps t = 0.05 k, k = 1..200, the reference
   being mbtools.analysis.benchmarks.a02_reference, the exact one-degree-of-freedom
   reduction integrated at rtol = atol = 1e-13.
2. The hard heavy top of the Lie-group literature (Arnold & Bruls 2007;
   mbtools.examples.tops.hard_heavy_top and HARD_TOP_DATA): 15 kg, its centre G at
   (0, 1, 0) m from the fixed point O, J_G = diag(0.234375, 0.46875, 0.234375) kg m^2,
   on a spherical joint at O, released with the angular velocity (0, 150, -4.61538)
   rad/s, gravity -9.81 m/s^2 along z; it nutates from the horizontal to within a
   micro-radian of hanging straight down. 10 s. Error: max |G - reference| (largest
   coordinate deviation) over the same 200 output steps; the reference is
   mbtools.analysis.benchmarks.hard_top_reference (Euler parameters, "multipliers" at
   rtol = 1e-12), itself checked against the Lagrange top's closed-form nutation by
   python -m mbtools validate. It is checked here against mbtools in natural
   coordinates at rtol = 1e-10 and against Exudyn at a ten times smaller step (whose
   error must fall about a hundredfold, second order).
3. Andrews' squeezer from rest to t = 0.03 s: seven bodies, ten revolute joints, the
   spring c0 = 4530 N/m of free length l0 from point D of body 3 to the ground point C,
   and the torque mom = 0.033 N m on body 1; no gravity. Error: the largest error of the
   seven angles (beta, Theta, gamma, Phi, delta, Omega, epsilon) at 0.03 s against the
   test set's published reference (ANDREWS_REFERENCE).

The tools:

* mbtools: natural coordinates (formulate(mechanism, "natural"), MultibodySystem) and
  mbtools.dynamics.simulate, with two formulations: ALI3-P (the index-3
  augmented Lagrangian with mass-orthogonal projections, on a fixed-step trapezoidal
  rule; setting: the step) and "multipliers" (the accelerations and Lagrange
  multipliers of the index-1 equations, integrated by scipy's DOP853 with the state
  projected onto the constraints after each step; setting: rtol). Consistent initial conditions are solved
  by simulate itself from the inputs and rates (A02: crank angle pi/2 and -1 rad/s; top:
  the initial twist about O; squeezer: the drawing at rest).
* Exudyn: exu.SolveDynamic with its default implicit solver, generalized-alpha
  (index-3 constraints, spectral radius 0.9, modified Newton with its default
  tolerances), at a fixed step (adaptiveStep off). Planar problems: one NodeRigidBody2D
  per body at its centre of mass (angle 0 = the drawing), RigidBody2D with the mass and
  the inertia about the centre, RevoluteJoint2D between MarkerBodyPosition markers at
  the joint points, gravity as LoadMassProportional; the squeezer's spring a SpringDamper
  (stiffness c0, referenceLength l0) between markers at D on body 3 and at C on the
  ground, its torque a Torque load on a MarkerBodyRigid of body 1. The geometry and
  masses are read from mbtools' mechanism descriptions (n_four_bar, andrews_squeezer),
  so both tools integrate the same data; the exact and published references check
  both. The top: one RigidBody on a NodeRigidBodyEP (Euler parameters, with their
  normalisation as a constraint) at G, built by mbs.CreateRigidBody with the disc's
  inertia about G and the initial velocity and angular velocity of mbtools' twist, and
  a SphericalJoint at O. Outputs: sensors stored in memory every 0.05 s (A02, top) or
  every 1e-4 s (squeezer); no solution files. Linear solver: dense, EigenSparse for
  A02 with N >= 10 (measured faster there: 0.16 s against 0.26 s for 1 s at N = 10).

Matched accuracy: every problem has a target error (TARGETS: for A02 and the top, the
accuracy at which the speed goal is set). Each tool runs the settings of its
ladder (LADDERS: Exudyn's step; ALI3-P's step; DOP853's rtol), coarsest first, once each,
and takes the first whose error meets the target; if none does, the finest, flagged. The
settings tried and their errors are printed, so the match can be checked.

Timed (time.perf_counter, best of 3 repeats taken in turns within each problem, so that
a slow spell of the machine falls on every tool): the simulation call only, mbtools'
simulate(...) (with its initial position and velocity solves and its output) and
Exudyn's exu.SolveDynamic(...) on the assembled system (with its initialization, the
initial accelerations and the sensors). Not timed: building (formulate and
MultibodySystem; Exudyn's items and Assemble) and the error evaluation.

Printed: one table (problem, tool, settings, error, whether it met the target, wall time
in s, ratio mbtools/Exudyn), the speed goal (mbtools' faster formulation against Exudyn:
at most half of Exudyn's time on A02, no more than Exudyn's on the top), the settings
tried, the top's reference check, and how the cost grows with N for A02
(N = 1, 10, 40, 100): for mbtools the time to formulate (formulate + MultibodySystem)
and to simulate with ALI3-P (step 1e-3) and with "multipliers" (rtol 1e-8, "refused"
if it stops with a SingularJacobianError), for Exudyn the time to build (items and
Assemble) and to simulate 1 s (generalized-alpha, step 1e-3, EigenSparse); single runs
for N >= 40, best of 3 below. mbtools takes its sparse path (SuperLU) from 50 coordinates
on with "multipliers" and from 60 with ALI3-P: N = 40 and 100 here.

Both tools run on one thread: Exudyn's solver by default, numpy's and scipy's BLAS
because this script sets OPENBLAS_NUM_THREADS (and OMP_, MKL_) to 1 before numpy is
imported, unless the caller set them (see below). The whole run takes about 6 minutes
on a 2-core machine.

Run from the repository root: benchmarks/exudyn/run.sh dynamics
"""

from __future__ import annotations

import os

# One thread for numpy's and scipy's BLAS, set before numpy is imported (unless the caller
# set it): Exudyn's solver runs on one thread (parallel.numberOfThreads = 1 by default),
# and on a small shared machine a multithreaded OpenBLAS makes mbtools' small dense solves
# both slower and erratic (A02 N = 40, 1 s of ALI3-P: 0.7 s pinned, 7-19 s unpinned).
for _variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")

import math  # noqa: E402
import platform  # noqa: E402
import time  # noqa: E402

import exudyn as exu  # noqa: E402
import numpy as np  # noqa: E402
from exudyn.itemInterface import (  # noqa: E402
    LoadMassProportional,
    MarkerBodyMass,
    MarkerBodyPosition,
    MarkerBodyRigid,
    NodeRigidBody2D,
    ObjectGround,
    RevoluteJoint2D,
    RigidBody2D,
    SensorBody,
    SensorNode,
    SpringDamper,
    Torque,
)
from exudyn.rigidBodyUtilities import RigidBodyInertia  # noqa: E402

import mbtools  # noqa: E402
from mbtools.analysis.benchmarks import (  # noqa: E402
    ANDREWS_REFERENCE,
    GRAVITY,
    a02_reference,
    andrews_system,
    hard_top_reference,
    hard_top_system,
)
from mbtools.dynamics import MultibodySystem, simulate  # noqa: E402
from mbtools.errors import SingularJacobianError  # noqa: E402
from mbtools.examples.benchmarks import (  # noqa: E402
    ANDREWS_ANGLES,
    ANDREWS_DATA,
    andrews_angles,
    andrews_squeezer,
    n_four_bar,
)
from mbtools.examples.tops import HARD_TOP_DATA  # noqa: E402

REPEATS = 3
A02_END, TOP_END, ANDREWS_END = 10.0, 10.0, 0.03
OUTPUT_STEP = 0.05  # A02 and the top: 200 output steps over 10 s
ANDREWS_OUTPUTS = 301  # the squeezer's angles are unwrapped along 300 output steps

#: The accuracy each tool must reach, per problem, in the problem's error measure (m or
#: rad). A02 and the top: the accuracy at which the speed goal is set (A02 N = 1: B0 to
#: 5e-5 m; N = 10: 4e-5 m; the top: G to 2e-4 m). The squeezer: 1e-4 rad, about the error
#: of Exudyn's generalized-alpha at h = 1e-5 s.
TARGETS = {"A02 N=1": 5e-5, "A02 N=10": 4e-5, "heavy top": 2e-4, "Andrews' squeezer": 1e-4}

#: The settings tried, coarsest first: Exudyn's step (a divisor of the output period),
#: ALI3-P's step and DOP853's rtol. Each tool takes the first whose error meets the target
#: (or, if none does, the last, reported as such).
LADDERS = {
    "A02 N=1": {"exudyn": (1e-3, 5e-4, 4e-4, 2.5e-4), "ali3p": (1e-3, 5e-4, 2.5e-4),
                "multipliers": (1e-6, 3e-7, 1e-7, 5e-8, 3e-8, 1e-8)},
    "A02 N=10": {"exudyn": (1e-3, 5e-4, 4e-4, 2.5e-4), "ali3p": (1e-3, 5e-4, 2.5e-4),
                 "multipliers": (1e-6, 3e-7, 1e-7, 5e-8, 3e-8, 1e-8)},
    "heavy top": {"exudyn": (2.5e-4, 1.25e-4, 1e-4, 5e-5, 2.5e-5), "ali3p": (2.5e-4, 1.25e-4, 1e-4, 5e-5),
                  "multipliers": (1e-6, 3e-7, 1e-7, 1e-8)},
    "Andrews' squeezer": {"exudyn": (2e-5, 1e-5, 5e-6, 4e-6, 2e-6), "ali3p": (1e-5, 5e-6, 2.5e-6),
                          "multipliers": (1e-6, 3e-7, 1e-7)},
}
#: The speed goal, as the largest ratio mbtools/Exudyn (mbtools' faster formulation at the
#: target against Exudyn at the target): half on the four-bars, parity on the top.
GOALS = {"A02 N=1": 0.5, "A02 N=10": 0.5, "heavy top": 1.0}
SCALING_N = (1, 10, 40, 100)
SCALING_SPAN, SCALING_STEP, SCALING_RTOL = 1.0, 1e-3, 1e-8

T_OUT = np.linspace(0.0, A02_END, round(A02_END / OUTPUT_STEP) + 1)  # also the top's (same span)


# --------------------------------------------------------------------------- Exudyn


def exudyn_settings(t_end: float, step: float, write_period: float, sparse: bool = False) -> exu.SimulationSettings:
    """Generalized-alpha with Exudyn's defaults (spectral radius 0.9, index 3, modified
    Newton), a fixed step, sensors kept in memory, no files, nothing printed."""
    s = exu.SimulationSettings()
    s.solution.file.write = False
    s.solution.file.writeInitialValues = False
    s.solution.sensors.writePeriod = write_period
    s.show.statistics = False
    s.show.computationTime = False
    t = s.timeIntegration
    t.solverType = exu.DynamicSolverType.GeneralizedAlpha  # the default
    t.endTime = t_end
    t.numberOfSteps = round(t_end / step)
    t.adaptiveStep = False  # fixed step: fail rather than reduce it
    t.verboseMode = 0
    if sparse:
        s.linearSolver.solverType = exu.LinearSolverType.EigenSparse
    return s


def exudyn_planar(mechanism, gravity, velocities=None):
    """A planar mbtools mechanism with revolute joints only, in Exudyn: (system container,
    mbs, {body: object}, {body: node}, marker(body, point)). Every body gets a
    NodeRigidBody2D at its centre of mass, angle 0 (its frame is the drawing's), and a
    RigidBody2D with its mass and its inertia about the centre; every joint a
    RevoluteJoint2D between position markers at its point on both bodies.
    ``velocities(name)`` gives a body's initial (v_x, v_y, omega) at its centre."""
    sc = exu.SystemContainer()
    mbs = sc.AddSystem()
    objects, nodes, centres = {}, {}, {}
    for name, body in mechanism.bodies.items():
        if body.is_ground:
            objects[name], centres[name] = mbs.AddObject(ObjectGround()), np.zeros(2)
            continue
        c = np.asarray(body.mass.centre, dtype=float)
        v = velocities(name) if velocities else (0.0, 0.0, 0.0)
        nodes[name] = mbs.AddNode(NodeRigidBody2D(referenceCoordinates=[c[0], c[1], 0.0], initialVelocities=list(v)))
        objects[name] = mbs.AddObject(RigidBody2D(mass=body.mass.mass, inertia=float(body.mass.inertia), nodeNumber=nodes[name]))
        centres[name] = c
        if gravity is not None:
            mass_marker = mbs.AddMarker(MarkerBodyMass(bodyNumber=objects[name]))
            mbs.AddLoad(LoadMassProportional(markerNumber=mass_marker, loadVector=[gravity[0], gravity[1], 0.0]))

    def marker(body: str, point: str) -> int:
        local = np.asarray(mechanism.bodies[body].points[point], dtype=float) - centres[body]
        return mbs.AddMarker(MarkerBodyPosition(bodyNumber=objects[body], localPosition=[local[0], local[1], 0.0]))

    for joint in mechanism.joints:
        mbs.AddObject(RevoluteJoint2D(markerNumbers=[marker(joint.body_i, joint.at), marker(joint.body_j, joint.at)]))
    return sc, mbs, objects, nodes, marker


def a02_velocities(name: str) -> tuple[float, float, float]:
    """Cranks at -1 rad/s about their pivots (centre 0.5 m above: v = (0.5, 0)), couplers
    translating at 1 m/s."""
    return (0.5, 0.0, -1.0) if name.startswith("crank") else (1.0, 0.0, 0.0)


def sampled(data: np.ndarray, t_end: float, period: float) -> np.ndarray:
    """The rows of Exudyn sensor data at t = period k, k = 1 .. t_end/period (Exudyn also
    stores the first step, t = h)."""
    k = data[:, 0] / period
    rows = data[(np.abs(k - np.round(k)) < 1e-6) & (k > 0.5)]
    expected = round(t_end / period)
    if len(rows) != expected or abs(rows[-1, 0] - t_end) > 1e-9:
        raise RuntimeError(f"Exudyn stored {len(rows)} of the {expected} output times")
    return rows


class Exudyn:
    """An assembled Exudyn system, integrated by exu.SolveDynamic from its initial values
    at every call of simulate()."""

    tool = "Exudyn"

    def __init__(self, sc, mbs, settings: exu.SimulationSettings, measure, label: str) -> None:
        self.sc, self.mbs, self.settings, self.measure, self.label = sc, mbs, settings, measure, label

    def simulate(self) -> None:
        if not exu.SolveDynamic(self.mbs, self.settings):
            raise RuntimeError(f"Exudyn failed: {self.label}")

    def error(self) -> float:
        return self.measure(self.mbs)


def exudyn_a02(n: int, step: float, t_end: float = A02_END, sparse: bool | None = None) -> Exudyn:
    mechanism = n_four_bar(n)
    sc, mbs, objects, _, _ = exudyn_planar(mechanism, (0.0, -GRAVITY), a02_velocities)
    crank = mechanism.bodies["crank0"]
    b0 = np.asarray(crank.points["B0"], dtype=float) - np.asarray(crank.mass.centre, dtype=float)  # B0 from its centre
    sensor = mbs.AddSensor(SensorBody(bodyNumber=objects["crank0"], localPosition=[b0[0], b0[1], 0.0], storeInternal=True,
                                      writeToFile=False, outputVariableType=exu.OutputVariableType.Position))
    mbs.Assemble()
    sparse = n >= 10 if sparse is None else sparse
    reference = a02_reference(T_OUT, n)[1:] if t_end == A02_END else None

    def measure(mbs) -> float:
        rows = sampled(mbs.GetSensorStoredData(sensor), A02_END, OUTPUT_STEP)
        return float(np.abs(rows[:, 1:3] - reference).max())

    label = f"generalized-alpha, h = {step:g}" + (", EigenSparse" if sparse else "")
    return Exudyn(sc, mbs, exudyn_settings(t_end, step, OUTPUT_STEP, sparse), measure, label)


def exudyn_top(step: float, reference: np.ndarray) -> Exudyn:
    m, g = HARD_TOP_DATA["mass"], np.asarray(HARD_TOP_DATA["centre"], dtype=float)
    inertia_g = np.diag(HARD_TOP_DATA["inertia"])
    omega = np.asarray(HARD_TOP_DATA["omega"], dtype=float)
    sc = exu.SystemContainer()
    mbs = sc.AddSystem()
    ground = mbs.CreateGround(show=False)
    body = mbs.CreateRigidBody(referencePosition=list(g), initialVelocity=list(np.cross(omega, g)),
                               initialAngularVelocity=list(omega), gravity=[0.0, 0.0, -GRAVITY],
                               inertia=RigidBodyInertia(m, inertia_g, [0.0, 0.0, 0.0], inertiaTensorAtCOM=True),
                               nodeType=exu.NodeType.RotationEulerParameters, show=False)
    mbs.CreateSphericalJoint(itemNumbers=[ground, body], position=[0.0, 0.0, 0.0], useGlobalFrame=True, show=False)
    sensor = mbs.AddSensor(SensorBody(bodyNumber=body, localPosition=[0.0, 0.0, 0.0], storeInternal=True, writeToFile=False,
                                      outputVariableType=exu.OutputVariableType.Position))
    mbs.Assemble()

    def measure(mbs) -> float:
        rows = sampled(mbs.GetSensorStoredData(sensor), TOP_END, OUTPUT_STEP)
        return float(np.abs(rows[:, 1:4] - reference[1:]).max())

    label = f"generalized-alpha, Euler parameters, h = {step:g}"
    return Exudyn(sc, mbs, exudyn_settings(TOP_END, step, OUTPUT_STEP), measure, label)


def exudyn_andrews(step: float) -> Exudyn:
    p = ANDREWS_DATA
    sc, mbs, objects, nodes, marker = exudyn_planar(andrews_squeezer(), None)
    mbs.AddObject(SpringDamper(markerNumbers=[marker("body3", "D"), marker("ground", "C")], stiffness=p["c0"],
                               referenceLength=p["l0"]))
    mbs.AddLoad(Torque(markerNumber=mbs.AddMarker(MarkerBodyRigid(bodyNumber=objects["body1"])), loadVector=[0.0, 0.0, p["mom"]]))
    period = ANDREWS_END / (ANDREWS_OUTPUTS - 1)
    sensors = [mbs.AddSensor(SensorNode(nodeNumber=nodes[f"body{k}"], storeInternal=True, writeToFile=False,
                                        outputVariableType=exu.OutputVariableType.Coordinates)) for k in range(1, 8)]
    mbs.Assemble()

    def measure(mbs) -> float:
        # each body's rotation from the drawing, continuous (not wrapped), at 0.03 s
        phi = [sampled(mbs.GetSensorStoredData(s), ANDREWS_END, period)[-1, 3] for s in sensors]
        change = [phi[0], phi[1] - phi[0], phi[2], phi[3] - phi[4], phi[4], phi[5] - phi[6], phi[6]]
        return float(np.abs(np.asarray(ANDREWS_ANGLES) + change - ANDREWS_REFERENCE).max())

    return Exudyn(sc, mbs, exudyn_settings(ANDREWS_END, step, period), measure, f"generalized-alpha, h = {step:g}")


# -------------------------------------------------------------------------- mbtools


class Mbtools:
    """A MultibodySystem, integrated by mbtools.dynamics.simulate at every call of simulate()."""

    tool = "mbtools"

    def __init__(self, system: MultibodySystem, t_end: float, t_eval: np.ndarray, measure, options: dict) -> None:
        self.system, self.t_end, self.t_eval, self.measure, self.options = system, t_end, t_eval, measure, options
        formulation = options["formulation"]
        self.label = (f"ALI3-P, step = {options['step']:g}" if formulation == "ali3p"
                      else f"{formulation} (DOP853), rtol = {options['rtol']:g}")
        self.trajectory = None

    def simulate(self) -> None:
        self.trajectory = simulate(self.system, self.t_end, t_eval=self.t_eval, progress=False, **self.options)

    def error(self) -> float:
        return self.measure(self.trajectory)


def formulation_options(name: str, value: float) -> dict:
    return {"formulation": "ali3p", "step": value} if name == "ali3p" else {"formulation": name, "rtol": value}


def a02_system(n: int) -> MultibodySystem:
    return MultibodySystem(mbtools.formulate(n_four_bar(n), "natural"), (0.0, -GRAVITY))


def mbtools_a02(system: MultibodySystem, n: int, options: dict) -> Mbtools:
    reference = a02_reference(T_OUT, n)[1:]

    def measure(traj) -> float:
        return float(np.abs(traj.point("B0")[1:] - reference).max())

    options = {**options, "inputs": {"crank": math.pi / 2}, "rates": {"crank": -1.0}}
    return Mbtools(system, A02_END, T_OUT, measure, options)


def top_system() -> MultibodySystem:
    return hard_top_system("natural")  # gravity (0, 0, -9.81)


def mbtools_top(system: MultibodySystem, options: dict, reference: np.ndarray | None) -> Mbtools:
    def measure(traj) -> float:
        return float(np.abs(traj.point("G")[1:] - reference[1:]).max())

    options = {**options, "twist": {"top": {"omega": HARD_TOP_DATA["omega"], "point": ("O", (0.0, 0.0, 0.0))}}}
    return Mbtools(system, TOP_END, T_OUT, measure, options)


def mbtools_andrews(system: MultibodySystem, options: dict) -> Mbtools:
    def measure(traj) -> float:
        angles = np.unwrap(np.array([andrews_angles(system.model, q) for q in traj.q]), axis=0)
        return float(np.abs(angles[-1] - ANDREWS_REFERENCE).max())

    return Mbtools(system, ANDREWS_END, np.linspace(0.0, ANDREWS_END, ANDREWS_OUTPUTS), measure, options)


# -------------------------------------------------------------------------- running


def best_times(runs: list) -> list[float]:
    """Best of REPEATS wall times of each run's simulate(), the repeats taken in turns."""
    best = [math.inf] * len(runs)
    for _ in range(REPEATS):
        for k, run in enumerate(runs):
            start = time.perf_counter()
            run.simulate()
            best[k] = min(best[k], time.perf_counter() - start)
    return best


class Problem:
    """One problem of the main table: its name, its error measure, and ``make(tool,
    setting)``, which builds a run of a tool ("exudyn", "ali3p", "multipliers") at a
    setting of its ladder."""

    def __init__(self, name: str, measure: str, make) -> None:
        self.name, self.measure, self.make = name, measure, make
        self.target = TARGETS[name]


def a02_problem(n: int) -> Problem:
    system = a02_system(n)

    def make(tool: str, value: float):
        return exudyn_a02(n, value) if tool == "exudyn" else mbtools_a02(system, n, formulation_options(tool, value))

    return Problem(f"A02 N={n}", "max abs(B0 - exact), m", make)


def top_problem() -> tuple[Problem, list[str]]:
    """The top, after computing and checking its reference; also the check's lines."""
    system = top_system()
    start = time.perf_counter()
    reference = hard_top_reference(round(TOP_END / OUTPUT_STEP))
    seconds = time.perf_counter() - start
    check = mbtools_top(system, {"formulation": "multipliers", "rtol": 1e-10}, reference)
    check.simulate()
    coarse, fine = exudyn_top(2.5e-4, reference), exudyn_top(2.5e-5, reference)  # 1e-3: its Newton fails
    coarse.simulate()
    fine.simulate()
    lines = [f"hard heavy top reference: mbtools Euler parameters, multipliers (DOP853), rtol = 1e-12 "
             f"({seconds:.1f} s);"
             f" max abs(G - reference): mbtools rtol = 1e-10 {check.error():.1e} m,"
             f" Exudyn h = 0.00025 {coarse.error():.2e} m, h = 0.000025 {fine.error():.2e} m"
             f" (ratio {coarse.error() / fine.error():.0f}; 100 for second order converging to the reference)"]

    def make(tool: str, value: float):
        return exudyn_top(value, reference) if tool == "exudyn" else mbtools_top(system, formulation_options(tool, value), reference)

    return Problem("heavy top", "max abs(G - reference), m (the hard top)", make), lines


def andrews_problem() -> Problem:
    system = andrews_system("natural")

    def make(tool: str, value: float):
        return exudyn_andrews(value) if tool == "exudyn" else mbtools_andrews(system, formulation_options(tool, value))

    return Problem("Andrews' squeezer", "max abs(angle - reference) at 0.03 s, rad", make)


def choose(problem: Problem) -> tuple[list, list[bool], dict]:
    """Each tool's run at the coarsest setting of its ladder whose error meets the
    target (single runs, coarsest first; the finest tried if none does): (runs, Exudyn's
    first; whether each met the target; {tool: [(setting, error), ...]} as tried)."""
    runs, met, tried = [], [], {}
    for tool in ("exudyn", "ali3p", "multipliers"):
        tried[tool] = []
        for value in LADDERS[problem.name][tool]:
            run = problem.make(tool, value)
            try:
                run.simulate()
                error = run.error()
            except (RuntimeError, exu.SolverError):  # a step too long for Newton: on to a shorter one
                error = math.inf
            tried[tool].append((value, error))
            if error <= problem.target:
                break
        runs.append(run)
        met.append(error <= problem.target)
    return runs, met, tried


def scaling() -> None:
    """How the cost grows with N (A02): a table, printed row by row."""
    print("| N | mbtools coordinates + constraints | mbtools formulate (s) | mbtools ALI3-P step 1e-3 (s)"
          " | mbtools multipliers rtol 1e-8 (s) | Exudyn coordinates + constraints | Exudyn build (s)"
          " | Exudyn generalized-alpha h 1e-3 (s) | ALI3-P / Exudyn | multipliers / Exudyn |")
    print("|---|---|---|---|---|---|---|---|---|---|", flush=True)
    for n in SCALING_N:
        span, t_eval = SCALING_SPAN, np.linspace(0.0, SCALING_SPAN, 11)
        best = dict.fromkeys(("formulate", "ali3p", "multipliers", "build", "exudyn"), math.inf)
        for _ in range(REPEATS if n <= 10 else 1):
            start = time.perf_counter()
            system = a02_system(n)
            best["formulate"] = min(best["formulate"], time.perf_counter() - start)
            for formulation, options in (("ali3p", {"step": SCALING_STEP}), ("multipliers", {"rtol": SCALING_RTOL})):
                if best[formulation] is None:  # refused once: not tried again
                    continue
                start = time.perf_counter()
                try:
                    simulate(system, span, formulation, inputs={"crank": math.pi / 2}, rates={"crank": -1.0}, t_eval=t_eval,
                             progress=False, **options)
                    best[formulation] = min(best[formulation], time.perf_counter() - start)
                except SingularJacobianError:
                    best[formulation] = None
            start = time.perf_counter()
            run = exudyn_a02(n, SCALING_STEP, t_end=span, sparse=True)
            best["build"] = min(best["build"], time.perf_counter() - start)
            start = time.perf_counter()
            run.simulate()
            best["exudyn"] = min(best["exudyn"], time.perf_counter() - start)
        data = run.mbs.systemData

        def cell(value):
            return "refused" if value is None else f"{value:.3f}"

        def ratio(value):
            return "-" if value is None else f"{value / best['exudyn']:.1f}"

        print(f"| {n} | {system.model.n_coordinates} + {len(system.rows)} | {best['formulate']:.3f}"
              f" | {cell(best['ali3p'])} | {cell(best['multipliers'])} | {data.ODE2Size()} + {data.AEsize()}"
              f" | {best['build']:.3f} | {best['exudyn']:.3f} | {ratio(best['ali3p'])} | {ratio(best['multipliers'])} |",
              flush=True)


def main() -> None:
    print(f"Python {platform.python_version()}, numpy {np.__version__}, Exudyn {exu.config.Version()}, {platform.machine()},"
          f" {os.cpu_count()} cores, OPENBLAS_NUM_THREADS={os.environ['OPENBLAS_NUM_THREADS']}")
    print(f"wall time of the simulation call, best of {REPEATS} repeats taken in turns; errors at the output steps"
          " (A02, top: t = 0.05 k, k = 1..200; squeezer: t = 0.03 s); each tool at the coarsest setting tried"
          " that meets the problem's target error")
    print()
    top, top_lines = top_problem()
    results, choices = [], []
    for problem in [a02_problem(1), a02_problem(10), top, andrews_problem()]:
        runs, met, tried = choose(problem)
        results.append((problem, runs, met, best_times(runs)))
        choices.append((problem, tried))
    print("| problem | tool | settings | error | target | met | error measure | wall time (s) | mbtools/Exudyn |")
    print("|---|---|---|---|---|---|---|---|---|")
    for problem, runs, met, times in results:
        for run, ok, seconds in zip(runs, met, times):
            ratio = "-" if run.tool == "Exudyn" else f"{seconds / times[0]:.2f}"
            print(f"| {problem.name} | {run.tool} | {run.label} | {run.error():.2e} | {problem.target:.0e}"
                  f" | {'yes' if ok else 'no'} | {problem.measure} | {seconds:.3f} | {ratio} |")
    print()
    print("The goal: mbtools' faster formulation (at the target) against Exudyn (at the target)")
    print()
    print("| problem | Exudyn (s) | mbtools (s) | formulation | mbtools/Exudyn | goal | met |")
    print("|---|---|---|---|---|---|---|")
    for problem, runs, met, times in results:
        if problem.name not in GOALS:
            continue
        candidates = [(seconds, run) for run, ok, seconds in zip(runs[1:], met[1:], times[1:]) if ok]
        if not (met[0] and candidates):
            print(f"| {problem.name} | - | - | - | - | {GOALS[problem.name]:g} | target not reached |")
            continue
        seconds, run = min(candidates, key=lambda pair: pair[0])
        ratio = seconds / times[0]
        print(f"| {problem.name} | {times[0]:.3f} | {seconds:.3f} | {run.label} | {ratio:.2f} | {GOALS[problem.name]:g}"
              f" | {'yes' if ratio <= GOALS[problem.name] else 'no'} |")
    print()
    print("Settings tried, coarsest first (error; the chosen one last, in bold if it meets the target):")
    print()
    print("| problem | target | Exudyn step (s) | ALI3-P step (s) | DOP853 rtol |")
    print("|---|---|---|---|---|")
    for problem, tried in choices:
        cells = []
        for tool in ("exudyn", "ali3p", "multipliers"):
            entries = [f"{value:g} → {error:.1e}" for value, error in tried[tool]]
            if tried[tool][-1][1] <= problem.target:
                entries[-1] = f"**{entries[-1]}**"
            cells.append("; ".join(entries))
        print(f"| {problem.name} | {problem.target:.0e} | " + " | ".join(cells) + " |")
    print()
    print(*top_lines, sep="\n")
    print()
    print(f"A02, cost against N: {SCALING_SPAN:g} s simulated (mbtools natural coordinates; Exudyn RigidBody2D,"
          f" EigenSparse); best of {REPEATS} for N <= 10, single runs above")
    scaling()


if __name__ == "__main__":
    main()
