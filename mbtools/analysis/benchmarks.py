"""The published dynamic benchmarks run on the library, each against a reference the
library does not compute: A01 (exact), A02 (its exact one-degree-of-freedom reduction)
and Andrews' squeezer (the test set's published solution).

Errors are measured as the benchmarks state them: the largest deviation of the
reference point's position over the benchmark's output steps (A01: P1, 4000 steps in
2000 s; A02: B0, 400 steps in 20 s), against the benchmarks' "high precision" limit of
1e-3 m; for the squeezer, the largest error of its seven angles at t = 0.03 s.

Example
-------
P1 released at (1, 0) reaches the bottom after a quarter period, K(1/2)/√g:

>>> quarter = ellipk(0.5) / math.sqrt(GRAVITY)
>>> np.round(a01_reference([0.0, quarter, 2 * quarter]), 12) + 0.0
array([[ 1.,  0.],
       [ 0., -1.],
       [-1.,  0.]])
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from scipy.integrate import solve_ivp
from scipy.special import ellipj, ellipk

from ..coordinates import formulate
from ..dynamics import MultibodySystem, simulate
from ..dynamics.loads import Spring, Torque
from ..examples.benchmarks import ANDREWS_DATA, andrews_angles, andrews_squeezer, n_four_bar, simple_pendulum

GRAVITY = 9.81
#: The benchmarks' "high precision" limit on the reference point's position, m.
HIGH_PRECISION = 1e-3
#: Andrews' squeezer at t = 0.03 s, (β, Θ, γ, Φ, δ, Ω, ε) in rad (Mazzia & Magherini,
#: Test Set for IVP Solvers, problem "andrews", reference solution by RADAU5 at tight
#: tolerances).
ANDREWS_REFERENCE = np.array([0.1581077119629904e2, -0.1575637105984298e2, 0.4082224013073101e-1,
                              -0.5347301163226948, 0.5244099658805304, 0.5347301163226948, 0.1048080741042263e1])


@dataclass(frozen=True)
class BenchmarkRun:
    """A benchmark run: output times, computed and reference values, the largest error,
    the wall time of the simulation (s) and the trajectory."""

    t: np.ndarray
    computed: np.ndarray
    reference: np.ndarray
    error: float
    seconds: float
    trajectory: object


def a01_reference(t, length: float = 1.0, g: float = GRAVITY) -> np.ndarray:
    """P1 of the pendulum released at rest from the horizontal, exactly: the angle from
    the downward vertical is θ = 2 arcsin(k sn(K − ω₀ t, k)), k = sin(π/4), ω₀ = √(g/L)."""
    t = np.asarray(t, dtype=float)
    k2, omega0 = 0.5, math.sqrt(g / length)
    theta = 2.0 * np.arcsin(math.sqrt(k2) * ellipj(ellipk(k2) - omega0 * t, k2)[0])
    return np.stack([length * np.sin(theta), -length * np.cos(theta)], axis=1)


def a02_reference(t, n: int, g: float = GRAVITY) -> np.ndarray:
    """B0 of the N-four-bar from its one-degree-of-freedom reduction: every crank at the
    same angle θ, the couplers translating, so that with bars of 1 m and 1 kg

        T = ½ ((N + 1)/3 + N) θ̇²,     V = g ((N + 1)/2 + N) sin θ,

    θ(0) = π/2, θ̇(0) = −1 rad/s; the one equation is integrated at rtol = atol = 1e-13."""
    t = np.asarray(t, dtype=float)
    inertia, weight = (n + 1) / 3 + n, g * ((n + 1) / 2 + n)
    solution = solve_ivp(lambda _, y: [y[1], -weight * math.cos(y[0]) / inertia], (0.0, float(t[-1])),
                         [math.pi / 2, -1.0], method="DOP853", rtol=1e-13, atol=1e-13, t_eval=t)
    return np.stack([np.cos(solution.y[0]), np.sin(solution.y[0])], axis=1)


def run_a01(family: str = "natural", formulation: str | None = None, t_end: float = 2000.0, outputs: int = 4000,
            **options) -> BenchmarkRun:
    """A01 over ``t_end`` seconds with ``outputs`` output steps."""
    import time

    system = MultibodySystem(formulate(simple_pendulum(), family), (0.0, -GRAVITY))
    t = np.linspace(0.0, t_end, outputs + 1)
    start = time.perf_counter()
    traj = simulate(system, t_end, formulation, t_eval=t, progress=False, **options)
    seconds = time.perf_counter() - start
    computed, reference = traj.point("P1"), a01_reference(t)
    return BenchmarkRun(t, computed, reference, float(np.abs(computed - reference).max()), seconds, traj)


def run_a02(n: int, family: str = "natural", formulation: str | None = None, t_end: float = 20.0,
            outputs: int = 400, **options) -> BenchmarkRun:
    """A02 with N windows over ``t_end`` seconds with ``outputs`` output steps."""
    import time

    system = MultibodySystem(formulate(n_four_bar(n), family), (0.0, -GRAVITY))
    t = np.linspace(0.0, t_end, outputs + 1)
    start = time.perf_counter()
    traj = simulate(system, t_end, formulation, inputs={"crank": math.pi / 2}, rates={"crank": -1.0}, t_eval=t,
                    progress=False, **options)
    seconds = time.perf_counter() - start
    computed, reference = traj.point("B0"), a02_reference(t, n)
    return BenchmarkRun(t, computed, reference, float(np.abs(computed - reference).max()), seconds, traj)


def andrews_system(family: str = "natural") -> MultibodySystem:
    """Andrews' squeezer with its loads: the torque ``mom`` on body 1 and the spring of
    stiffness ``c0`` and free length ``l0`` from D to C; no gravity."""
    p = ANDREWS_DATA
    return MultibodySystem(formulate(andrews_squeezer(), family), gravity=(0.0, 0.0),
                           loads=[Spring("D", "C", p["c0"], p["l0"]), Torque("body1", p["mom"])])


def run_andrews(family: str = "natural", formulation: str | None = None, **options) -> BenchmarkRun:
    """The squeezer from rest to t = 0.03 s; the seven angles at the end, unwrapped."""
    import time

    system = andrews_system(family)
    t = np.linspace(0.0, 0.03, 301)
    start = time.perf_counter()
    traj = simulate(system, 0.03, formulation, t_eval=t, progress=False, **options)
    seconds = time.perf_counter() - start
    angles = np.unwrap(np.array([andrews_angles(system.model, q) for q in traj.q]), axis=0)
    return BenchmarkRun(t, angles[-1], ANDREWS_REFERENCE, float(np.abs(angles[-1] - ANDREWS_REFERENCE).max()),
                        seconds, traj)
