"""The published dynamic benchmarks run on the library, each against a reference the
library does not compute: A01 (exact), A02 (its exact one-degree-of-freedom reduction)
Andrews' squeezer (the test set's published solution) and the hard heavy top (another
family at a tight tolerance, itself checked against the top's closed-form nutation).

Errors are measured as the benchmarks state them: the largest deviation of the
reference point's position over the benchmark's output steps (A01: P1, 4000 steps in
2000 s; A02: B0, 400 steps in 20 s), against the benchmarks' "high precision" limit of
1e-3 m; for the squeezer, the largest error of its seven angles at t = 0.03 s, and of the angles
and their rates relative to their size; for the top, the largest deviation of G over 10 s.

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

import functools
import math
from dataclasses import dataclass

import numpy as np
from scipy.integrate import solve_ivp
from scipy.special import ellipj, ellipk

from ..coordinates import formulate
from ..dynamics import MultibodySystem, simulate
from ..dynamics.loads import Spring, Torque
from ..examples.benchmarks import ANDREWS_DATA, andrews_angles, andrews_rates, andrews_squeezer, n_four_bar, simple_pendulum

GRAVITY = 9.81
#: The benchmarks' "high precision" limit on the reference point's position, m.
HIGH_PRECISION = 1e-3
#: Andrews' squeezer at t = 0.03 s, (β, Θ, γ, Φ, δ, Ω, ε) in rad (Mazzia & Magherini,
#: Test Set for IVP Solvers, problem "andrews", reference solution by RADAU5 at tight
#: tolerances).
ANDREWS_REFERENCE = np.array([0.1581077119629904e2, -0.1575637105984298e2, 0.4082224013073101e-1,
                              -0.5347301163226948, 0.5244099658805304, 0.5347301163226948, 0.1048080741042263e1])
#: Their rates at t = 0.03 s, rad/s (the same reference solution).
ANDREWS_REFERENCE_RATES = np.array([0.1139920302151208e4, -0.1424379294994111e4, 0.1103291221937134e2,
                                    0.1929337464421385e2, 0.5735699284790808, -0.1929337464421385e2,
                                    0.3231791658026955])


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
    rates: np.ndarray | None = None
    reference_rates: np.ndarray | None = None

    @property
    def relative_error(self) -> float:
        """The largest error of any output value (and rate, where there are rates) over
        its reference's size, componentwise."""
        pairs = [(self.computed, self.reference)]
        if self.rates is not None:
            pairs.append((self.rates, self.reference_rates))
        return max(float((np.abs(c - r) / np.abs(r)).max()) for c, r in pairs)


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
    rates = andrews_rates(system.model, traj.q[-1], traj.qd[-1])
    return BenchmarkRun(t, angles[-1], ANDREWS_REFERENCE, float(np.abs(angles[-1] - ANDREWS_REFERENCE).max()),
                        seconds, traj, rates, ANDREWS_REFERENCE_RATES)


def hard_top_system(family: str = "natural", rotation: str | None = None) -> MultibodySystem:
    """The hard heavy top (:func:`mbtools.examples.tops.hard_heavy_top`) under gravity −z."""
    from ..examples.tops import hard_heavy_top

    model = formulate(hard_heavy_top(), family, **({"rotation": rotation} if rotation else {}))
    return MultibodySystem(model, (0.0, 0.0, -GRAVITY))


def simulate_hard_top(family: str = "natural", formulation: str | None = None, rotation: str | None = None,
                      outputs: int = 1000, t_end: float | None = None, **options):
    """The hard top from its initial spin over ``t_end`` (default :data:`HARD_TOP_DATA`'s
    10 s); returns the trajectory, at ``outputs`` + 1 equally spaced times."""
    from ..examples.tops import HARD_TOP_DATA

    system = hard_top_system(family, rotation)
    t = np.linspace(0.0, HARD_TOP_DATA["t_end"] if t_end is None else t_end, outputs + 1)
    twist = {"top": {"omega": HARD_TOP_DATA["omega"], "point": ("O", (0.0, 0.0, 0.0))}}
    return simulate(system, float(t[-1]), formulation, twist=twist, t_eval=t, progress=False, **options)


@functools.lru_cache(maxsize=4)
def hard_top_reference(outputs: int = 1000, t_end: float | None = None) -> np.ndarray:
    """G of the hard top at the output times, from another family than the default's:
    Euler parameters (reference-point coordinates), "multipliers" at rtol 1e-12. It agrees
    with natural coordinates at the same tolerance to 1e-10 m, and its nutation with the
    closed form (see :func:`mbtools.analysis.validation.hard_top_cases`). Computed once
    per process for each (``outputs``, ``t_end``): a work-precision diagram compares many
    runs with one reference."""
    return _hard_top_reference(int(outputs), None if t_end is None else float(t_end)).copy()


@functools.lru_cache(maxsize=8)
def _hard_top_reference(outputs: int, t_end: float | None) -> np.ndarray:
    traj = simulate_hard_top("reference_point", "multipliers", "euler_parameters", outputs, t_end, rtol=1e-12)
    return traj.point("G")


def run_hard_top(family: str = "natural", formulation: str | None = None, rotation: str | None = None,
                 outputs: int = 1000, t_end: float | None = None, **options) -> BenchmarkRun:
    """The hard top over ``t_end`` (default 10 s): G against :func:`hard_top_reference` at
    every output."""
    import time

    start = time.perf_counter()
    traj = simulate_hard_top(family, formulation, rotation, outputs, t_end, **options)
    seconds = time.perf_counter() - start
    computed, reference = traj.point("G"), hard_top_reference(outputs, t_end)
    return BenchmarkRun(traj.t, computed, reference, float(np.abs(computed - reference).max()), seconds, traj)
