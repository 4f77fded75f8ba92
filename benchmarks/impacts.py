"""The paper's bouncing bar (Fig. 9): the time of its 5 s run and where the time goes.

A table, not a test (tests never time). For each family that can describe a free body,
the paper's bar (examples.falling_bar: e = 0.9, μ = 0.2, 5 s, outputs every 0.04 s as the
paper's frames) is simulated, best of 3: the wall time, the impacts and other contact
events, the integrator's steps and evaluations of q̈. Then one run under cProfile, its
time split by what the event-driven integrator does (module
``mbtools.dynamics.contact_integrate``): the equations of motion, the event functions
and their location, the projections, the impacts, the choice of contact states, the
outputs.

Run: make benchmark (or .venv/bin/python benchmarks/impacts.py).
"""

from __future__ import annotations

import cProfile
import platform
import pstats
import time

import numpy as np

import mbtools
from mbtools import examples

FAMILIES = ("basic", "natural", "reference_point")
PARTS = {
    "equations of motion (q̈ with the contacts on)": "contact_accelerations",
    "event functions and their location": "first_event",
    "projection onto the constraints": "project",
    "impacts (enumeration of contact laws)": "impact",
    "choice of contact states": "choose_modes",
    "outputs (states, forces at output times)": "outputs",
}


def run(family: str):
    bar = examples.falling_bar()
    system = mbtools.MultibodySystem(mbtools.formulate(bar.mechanism, family), contacts=bar.contacts)
    times = np.arange(0.0, bar.duration + 1e-9, 0.04)
    return mbtools.simulate(system, bar.duration, twist=bar.twist, t_eval=times, progress=False)


def timings() -> None:
    print("| family | wall time (s), best of 3 | impacts | other events | steps | q̈ evaluations |")
    print("|---|---|---|---|---|---|")
    for family in FAMILIES:
        best = np.inf
        for _ in range(3):
            start = time.perf_counter()
            traj = run(family)
            best = min(best, time.perf_counter() - start)
        impacts = sum(event.kind == "impact" for event in traj.events)
        stats = traj.statistics
        print(f"| {family} | {best:.3f} | {impacts} | {len(traj.events) - impacts} | {stats['steps']} | "
              f"{stats['evaluations']} |")


def profile(family: str = "basic") -> None:
    profiler = cProfile.Profile()
    profiler.enable()
    run(family)
    profiler.disable()
    stats = pstats.Stats(profiler).stats
    total = max(value[3] for value in stats.values())
    print(f"\nWhere the time goes ({family} coordinates, one run of {total:.3f} s under cProfile; cumulative "
          "times overlap where one part calls another):\n")
    print("| part | function | cumulative (s) | share |")
    print("|---|---|---|---|")
    for label, name in PARTS.items():
        cumulative = sum(value[3] for (path, _, function), value in stats.items()
                         if function == name and ("contact_" in path or "impact" in path))
        print(f"| {label} | `{name}` | {cumulative:.3f} | {100 * cumulative / total:.0f} % |")


if __name__ == "__main__":
    print(f"Python {platform.python_version()}, numpy {np.__version__}, {platform.machine()}\n")
    timings()
    profile()
