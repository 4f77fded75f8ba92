"""The stiff double pendulum: work against precision, every integrator and formulation
beside scipy's Radau on the minimal-coordinate equations.

A table, not a test (tests never time). The double pendulum of tests/test_stiff.py — point
masses of 1 kg on 1 m rods, a spring-damper of IFToMM A05's values (K = 8e5 N/m, C = 4e4
N·s/m) from B to the ground — for 1 s, in natural and relative coordinates:

* the default (Radau, chosen by its stiffness ratio), "multipliers" with BDF, and with
  DOP853 (explicit: its steps held by stability);
* ALI3-P and generalized-α at fixed steps and with error control (rtol);
* SUNDIALS' IDA on the stabilised index-2 equations ("ggl_ida");
* scipy's Radau on the two-angle equations written by hand (the goal: the default within
  2× of its time at the same accuracy).

Each row: the setting, the largest error of B against the minimal equations at rtol 1e-12,
the wall time (best of 3) and the steps. Run: make benchmark (or .venv/bin/python
benchmarks/stiff_pendulum.py).
"""

from __future__ import annotations

import platform
import sys
import time
from pathlib import Path

import numpy as np
from scipy.integrate import solve_ivp

from mbtools.dynamics import simulate

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from test_stiff import minimal_reference, stiff_system  # noqa: E402

T_END = 1.0
TIMES = np.linspace(0.0, T_END, 51)
REPEATS = 3


def best_of(run) -> tuple[float, object]:
    best, result = np.inf, None
    for _ in range(REPEATS):
        start = time.perf_counter()
        result = run()
        best = min(best, time.perf_counter() - start)
    return best, result


def _minimal(rtol: float):
    """B from scipy's Radau on the hand-written two-angle equations at ``rtol``, and its outputs."""
    from test_stiff import C, G, K

    def f(_, y):
        t1, t2, w1, w2 = y
        c, s = np.cos(t1 - t2), np.sin(t1 - t2)
        mass = np.array([[2.0, c], [c, 1.0]])
        b = np.array([np.cos(t1) + np.cos(t2), np.sin(t1) + np.sin(t2)])
        jacobian = np.array([[-np.sin(t1), -np.sin(t2)], [np.cos(t1), np.cos(t2)]])
        d = np.array([2.0, -1.0]) - b
        length = np.linalg.norm(d)
        e = d / length
        tension = K * (length - 1.0) - C * (jacobian @ [w1, w2]) @ e
        force = np.array([-2 * G * np.cos(t1), -G * np.cos(t2)]) + jacobian.T @ (tension * e)
        acc = np.linalg.solve(mass, force - np.array([s * w2 ** 2, -s * w1 ** 2]))
        return [w1, w2, acc[0], acc[1]]

    solution = solve_ivp(f, (0.0, T_END), [0.0, 0.0, 0.0, 0.0], method="Radau", rtol=rtol, atol=rtol, t_eval=TIMES)
    y = solution.y
    return np.stack([np.cos(y[0]) + np.cos(y[1]), np.sin(y[0]) + np.sin(y[1])], axis=1), solution.t.size


def main() -> None:
    print(f"Stiff double pendulum, {T_END:g} s; {platform.processor() or platform.machine()}, "
          f"best of {REPEATS}\n")
    reference = minimal_reference(TIMES)
    rows = []
    for rtol in (1e-4, 1e-6, 1e-8):
        seconds, (b, _) = best_of(lambda: _minimal(rtol))
        rows.append(("minimal equations, scipy Radau", f"rtol {rtol:g}", np.abs(b - reference).max(), seconds, ""))
    for family in ("natural", "relative"):
        system = stiff_system(family)
        settings = [("default", {"rtol": r}) for r in (1e-4, 1e-6, 1e-8)]
        settings += [("multipliers, BDF", {"rtol": r, "integrator": "BDF"}) for r in (1e-4, 1e-6)]
        settings += [("multipliers, DOP853", {"rtol": 1e-6, "integrator": "DOP853"})]
        settings += [("ali3p", {"step": s}) for s in (1e-3, 2.5e-4)]
        settings += [("generalized_alpha", {"step": s}) for s in (1e-3, 2.5e-4)]
        settings += [(name, {"rtol": r}) for name in ("ali3p", "generalized_alpha") for r in (1e-6, 1e-8)]
        settings += [("ggl_ida", {"rtol": r}) for r in (1e-4, 1e-6, 1e-8)]
        for label, options in settings:
            formulation = label if label in ("ali3p", "generalized_alpha", "ggl_ida") else None
            seconds, traj = best_of(lambda: simulate(system, T_END, formulation, t_eval=TIMES, progress=False,
                                                     **options))
            error = np.abs(traj.point("B") - reference).max()
            setting = ", ".join(f"{k} {v:g}" if not isinstance(v, str) else v for k, v in options.items())
            steps = traj.statistics.get("steps", "")
            rows.append((f"{label} ({family})", setting, error, seconds, steps))
    print("| run | setting | error of B, m | time, s | steps |")
    print("|---|---|---|---|---|")
    for label, setting, error, seconds, steps in rows:
        print(f"| {label} | {setting} | {error:.1e} | {seconds:.3f} | {steps} |")


if __name__ == "__main__":
    main()
