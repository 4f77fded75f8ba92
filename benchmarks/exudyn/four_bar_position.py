"""Speed of the warm-started position problem of a four-bar: mbtools against Exudyn.

Measures, in one process, 1000 position solves of the planar four-bar O2-A-B-O4 with crank
2, coupler 7, rocker 9, ground 6 (O2 = (0, 0), O4 = (6, 0)), the crank angle stepped by
0.36 deg per solve over a full turn from 0, each solve starting from the previous solution:
(a) mbtools in basic coordinates; (b) Exudyn, as three rigid bodies with revolute joints
and as two mass points with distance constraints. Exudyn has no separate kinematic solver:
it solves the closest equivalent, a static problem without loads whose constraints (the
crank driver included) are as many as its coordinates, with one MainSolverStatic that is
initialized once and re-run (SolveSteps) per solve after the driver offset is changed.

Printed: microseconds per solve (the 1000-solve loop timed with time.perf_counter, best of
5 repeats; building and solver set-up not timed), Newton iterations per solve, the ratio
mbtools/Exudyn, and the rocker point B compared between the tools and with its closed
form at ten crank angles.

Run from the repository root: benchmarks/exudyn/run.sh
"""

from __future__ import annotations

import inspect
import math
import platform
import time

import exudyn as exu
import numpy as np
from exudyn.itemInterface import (
    CoordinateConstraint,
    DistanceConstraint,
    MarkerBodyPosition,
    MarkerNodeCoordinate,
    MarkerNodePosition,
    MassPoint2D,
    NodePoint2D,
    NodePointGround,
    NodeRigidBody2D,
    ObjectGround,
    RevoluteJoint2D,
    RigidBody2D,
)

import mbtools

CRANK, COUPLER, ROCKER, GROUND = 2.0, 7.0, 9.0, 6.0
SOLVES, STEP_DEG, REPEATS = 1000, 0.36, 5
ANGLES = [math.radians(STEP_DEG * i) for i in range(1, SOLVES + 1)]  # from theta0 = 0
CHECKS = range(99, SOLVES, 100)  # solves after which B is compared (36 deg apart)
# mbtools' default: ||Phi||_2 <= tol * l^2 (its basic-coordinate equations are in length^2).
MBTOOLS_TOL = getattr(inspect.signature(mbtools.solve_position).parameters.get("tol"), "default", None)
# Exudyn: ||residual||_2 <= absoluteTolerance, its equations in length (revolute joints,
# distances, drivers) and force (C^T lambda, lambda ~ 0). A length^2 residual Phi of a
# link of length L moves a point by ~Phi / (2 L), so mbtools' 1e-12 * 107.6 is ~1e-11 in
# length: Exudyn is given 1e-11 instead of its default 1e-10 (which stops about half the
# solves one Newton step earlier, with B only to ~1e-10).
EXUDYN_ABS_TOL = 1e-11


class Mbtools:
    """mbtools, basic coordinates (x_A, y_A, x_B, y_B; 3 distances and the crank-angle driver)."""

    label = "mbtools basic, 4 coordinates"

    def __init__(self) -> None:
        mechanism = mbtools.examples.four_bar(crank=CRANK, coupler=COUPLER, rocker=ROCKER, ground=GROUND)
        self.model = mbtools.formulate(mechanism, "basic")
        self.q0 = mbtools.solve_position(self.model, {"crank": 0.0}).q

    def sweep(self) -> None:
        model, q = self.model, self.q0
        for theta in ANGLES:
            q = mbtools.solve_position(model, {"crank": theta}, guess=q).q

    def check(self) -> tuple[float, list[np.ndarray]]:
        """Mean Newton iterations per solve and B after the solves in CHECKS (untimed pass)."""
        q, iterations, points = self.q0, 0, []
        for i, theta in enumerate(ANGLES):
            r = mbtools.solve_position(self.model, {"crank": theta}, guess=q)
            assert r.converged
            q = r.q
            # r.iterations where the package has it; else the Newton corrections taken.
            iterations += getattr(r, "iterations", len(r.raw_history) - 1)
            if i in CHECKS:
                points.append(np.asarray(self.model.point(q, "B"), dtype=float))
        return iterations / SOLVES, points

    def a_and_b(self) -> tuple[np.ndarray, np.ndarray]:
        """A and B of the first solution (crank angle 0), to assemble the Exudyn models."""
        return tuple(np.asarray(self.model.point(self.q0, p), dtype=float) for p in ("A", "B"))


class Exudyn:
    """An Exudyn system solved by one MainSolverStatic, initialized once; per solve the
    driver offsets are set and SolveSteps runs Newton from the current state (the
    previous solution)."""

    label = ""

    def __init__(self, a: np.ndarray, b: np.ndarray) -> None:
        self.sc = exu.SystemContainer()  # keeps the system alive
        self.mbs = self.sc.AddSystem()
        self.build(a, b)
        self.mbs.Assemble()
        s = exu.SimulationSettings()
        s.solution.file.write = False
        s.solution.file.writeInitialValues = False
        s.staticSolver.verboseMode = 0
        s.staticSolver.numberOfLoadSteps = 1
        s.staticSolver.newton.absoluteTolerance = EXUDYN_ABS_TOL
        s.staticSolver.newton.relativeTolerance = 0.0  # only the absolute criterion
        s.show.statistics = False
        s.show.computationTime = False
        s.linearSolver.solverType = exu.LinearSolverType.EXUdense  # the default; small system
        self.settings = s
        self.solver = exu.MainSolverStatic()
        self.solver.InitializeSolver(self.mbs, s)
        self.q0 = self.mbs.systemData.GetODE2Coordinates()

    def reset(self) -> None:
        self.mbs.systemData.SetODE2Coordinates(self.q0, configuration=exu.ConfigurationType.Current)

    def sweep(self) -> None:
        self.reset()  # one SetODE2Coordinates per 1000 solves: inside the timing, negligible
        mbs, solver, settings, drive = self.mbs, self.solver, self.settings, self.drive
        for theta in ANGLES:
            drive(theta)
            if not solver.SolveSteps(mbs, settings):
                raise RuntimeError(f"Exudyn did not converge at {math.degrees(theta):.2f} deg")

    def check(self) -> tuple[float, list[np.ndarray]]:
        """Mean Newton iterations per solve and B after the solves in CHECKS (untimed pass)."""
        self.reset()
        before, points = self.solver.it.newtonStepsCount, []
        for i, theta in enumerate(ANGLES):
            self.drive(theta)
            if not self.solver.SolveSteps(self.mbs, self.settings):
                raise RuntimeError(f"Exudyn did not converge at {math.degrees(theta):.2f} deg")
            if i in CHECKS:
                points.append(self.point_b())
        return (self.solver.it.newtonStepsCount - before) / SOLVES, points

    def build(self, a: np.ndarray, b: np.ndarray) -> None: ...
    def drive(self, theta: float) -> None: ...
    def point_b(self) -> np.ndarray: ...


class ExudynRigid(Exudyn):
    """Three RigidBody2D links, four RevoluteJoint2D, the crank rotation driven by a
    CoordinateConstraint on the crank node's angle (offset = crank angle)."""

    label = "Exudyn rigid bodies, 9 coordinates + 9 multipliers"

    def build(self, a: np.ndarray, b: np.ndarray) -> None:
        mbs = self.mbs
        ground = mbs.AddObject(ObjectGround())
        o2 = mbs.AddMarker(MarkerBodyPosition(bodyNumber=ground, localPosition=[0, 0, 0]))
        o4 = mbs.AddMarker(MarkerBodyPosition(bodyNumber=ground, localPosition=[GROUND, 0, 0]))

        def link(p: np.ndarray, r: np.ndarray) -> tuple[int, int, int, int]:
            """A link from p to r: (node, body, marker at p, marker at r), reference at its middle."""
            half = 0.5 * float(np.linalg.norm(r - p))
            mid, angle = 0.5 * (p + r), math.atan2(r[1] - p[1], r[0] - p[0])
            node = mbs.AddNode(NodeRigidBody2D(referenceCoordinates=[mid[0], mid[1], angle]))
            body = mbs.AddObject(RigidBody2D(mass=1.0, inertia=1.0, nodeNumber=node))
            start = mbs.AddMarker(MarkerBodyPosition(bodyNumber=body, localPosition=[-half, 0, 0]))
            end = mbs.AddMarker(MarkerBodyPosition(bodyNumber=body, localPosition=[half, 0, 0]))
            return node, body, start, end

        crank, _, crank_o2, crank_a = link(np.zeros(2), a)
        _, _, coupler_a, coupler_b = link(a, b)
        _, self.rocker, rocker_o4, rocker_b = link(np.array([GROUND, 0.0]), b)
        self.rocker_b = [0.5 * ROCKER, 0, 0]  # B in the rocker's frame
        for pair in ([o2, crank_o2], [crank_a, coupler_a], [coupler_b, rocker_b], [o4, rocker_o4]):
            mbs.AddObject(RevoluteJoint2D(markerNumbers=pair))
        fixed = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=mbs.AddNode(NodePointGround()), coordinate=0))
        phi = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=crank, coordinate=2))  # angle minus its reference
        self.driver = mbs.AddObject(CoordinateConstraint(markerNumbers=[fixed, phi], offset=0.0))
        self.theta_ref = math.atan2(a[1], a[0])

    def drive(self, theta: float) -> None:
        self.mbs.SetObjectParameter(self.driver, "offset", theta - self.theta_ref)

    def point_b(self) -> np.ndarray:
        return self.mbs.GetObjectOutputBody(self.rocker, exu.OutputVariableType.Position, localPosition=self.rocker_b)[:2]


class ExudynPoints(Exudyn):
    """Mass points A and B (the unknowns of mbtools' basic coordinates), DistanceConstraint
    A-B and O4-B, A driven along the crank circle by two CoordinateConstraints
    (x_A = 2 cos theta, y_A = 2 sin theta)."""

    label = "Exudyn mass points, 4 coordinates + 4 multipliers"

    def build(self, a: np.ndarray, b: np.ndarray) -> None:
        mbs = self.mbs
        o4 = mbs.AddMarker(MarkerBodyPosition(bodyNumber=mbs.AddObject(ObjectGround()), localPosition=[GROUND, 0, 0]))
        node_a = mbs.AddNode(NodePoint2D(referenceCoordinates=[0, 0], initialCoordinates=list(a)))
        self.node_b = mbs.AddNode(NodePoint2D(referenceCoordinates=[0, 0], initialCoordinates=list(b)))
        for node in (node_a, self.node_b):
            mbs.AddObject(MassPoint2D(mass=1.0, nodeNumber=node))
        m_a, m_b = (mbs.AddMarker(MarkerNodePosition(nodeNumber=n)) for n in (node_a, self.node_b))
        mbs.AddObject(DistanceConstraint(markerNumbers=[m_a, m_b], distance=COUPLER))
        mbs.AddObject(DistanceConstraint(markerNumbers=[o4, m_b], distance=ROCKER))
        fixed = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=mbs.AddNode(NodePointGround()), coordinate=0))
        self.drivers = []
        for k in (0, 1):
            coordinate = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=node_a, coordinate=k))
            self.drivers.append(mbs.AddObject(CoordinateConstraint(markerNumbers=[fixed, coordinate], offset=float(a[k]))))

    def drive(self, theta: float) -> None:
        self.mbs.SetObjectParameter(self.drivers[0], "offset", CRANK * math.cos(theta))
        self.mbs.SetObjectParameter(self.drivers[1], "offset", CRANK * math.sin(theta))

    def point_b(self) -> np.ndarray:
        return self.mbs.GetNodeOutput(self.node_b, exu.OutputVariableType.Position)[:2]


def exact_b(theta: float) -> np.ndarray:
    """B in closed form: circles about A (coupler) and O4 (rocker) meet left of A->O4 (open)."""
    a = CRANK * np.array([math.cos(theta), math.sin(theta)])
    d = np.array([GROUND, 0.0]) - a
    length = float(np.linalg.norm(d))
    u = d / length
    along = (COUPLER**2 - ROCKER**2 + length**2) / (2 * length)
    return a + along * u + math.sqrt(COUPLER**2 - along**2) * np.array([-u[1], u[0]])


def best_times(tools: list) -> list[float]:
    """Best of REPEATS timings of each tool's 1000-solve sweep, in microseconds per solve
    (repeats taken in turns, so that a slow spell of the machine falls on every tool)."""
    best = [math.inf] * len(tools)
    for _ in range(REPEATS):
        for k, tool in enumerate(tools):
            start = time.perf_counter()
            tool.sweep()
            best[k] = min(best[k], time.perf_counter() - start)
    return [b / SOLVES * 1e6 for b in best]


def main() -> None:
    reference = Mbtools()
    a0, b0 = reference.a_and_b()  # the same assembly mode (open) for every tool
    tools = [reference, ExudynRigid(a0, b0), ExudynPoints(a0, b0)]
    scale = reference.model.length_scale
    print(f"Python {platform.python_version()}, numpy {np.__version__}, Exudyn {exu.config.Version()}, {platform.machine()}")
    print(f"{SOLVES} warm-started solves, crank {STEP_DEG} deg apart over a full turn, each from the previous"
          f" solution; best of {REPEATS} repeats")
    print(f"tolerances: mbtools ||Phi_i / l^p_i||_2 <= {MBTOOLS_TOL} (each equation in its unit, l = {scale:.4g}:"
          " distances in length^2, the driver in length);"
          f" Exudyn ||residual||_2 <= {EXUDYN_ABS_TOL:g} (absoluteTolerance, relativeTolerance 0; equations in length)")
    print()
    checks = [tool.check() for tool in tools]  # untimed: iterations and B at the check angles
    times = best_times(tools)
    exact = np.array([exact_b(ANGLES[i]) for i in CHECKS])
    mb_points = np.array(checks[0][1])
    print("| tool | us per solve | Newton iterations per solve | mbtools/tool | max abs(B - mbtools) | max abs(B - closed form) |")
    print("|---|---|---|---|---|---|")
    worst = 0.0
    for tool, us, (iterations, points) in zip(tools, times, checks):
        diff = float(np.max(np.abs(np.array(points) - mb_points)))
        worst = max(worst, diff)
        error = float(np.max(np.abs(np.array(points) - exact)))
        print(f"| {tool.label} | {us:.1f} | {iterations:.2f} | {times[0] / us:.2f} | {diff:.1e} | {error:.1e} |")
    print()
    print(f"B compared after {len(CHECKS)} of the solves (every {STEP_DEG * CHECKS.step:g} deg):"
          f" max difference between the tools {worst:.1e} ({'within' if worst <= 1e-8 else 'NOT within'} 1e-8)")


if __name__ == "__main__":
    main()
