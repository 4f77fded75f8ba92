"""The cost of the equations of motion against the number of bodies: recursive dynamics in
relative coordinates beside natural coordinates, dense and sparse.

A table, not a test (tests never time). The open planar chain of
:func:`mbtools.examples.benchmarks.link_chain` (N uniform bars of 1 kg and 1 m on
revolutes), at a random state, for N = 2 … 200; per evaluation of q̈ (best of several
repetitions, milliseconds):

* **ABA** — the articulated-body algorithm, relative coordinates, O(N);
* **CRBA + LU** — the mass matrix by the composite-rigid-body recursion, O(N²), the forces
  by recursive Newton–Euler, and a dense solve, O(N³): what a closed loop needs;
* **natural, dense** — natural coordinates (2N coordinates, N rows): the saddle-point
  system of the multipliers formulation by a dense LU, O(N³);
* **natural, sparse** — the same system by SuperLU (``mbtools.dynamics.sparse``), O(N).

Beside the times, the operation counts that explain them: a dense LU of the saddle-point
matrix of size 3N takes (2/3)(3N)³ flops; the ABA, as written here, some 10³ flops per
revolute (Featherstone's optimised count is about 2·10²); Python's overhead per stage
(tens of microseconds) dominates the ABA up to a few hundred bodies. Then, for N ≤ 20, the
whole simulation of 1 s of the falling chain at the default rtol by each formulation.

Last, the acceptance case of the recursive formulation: the spatial chain of three bars on
ball joints and Bricard's mechanism (IFToMM A04), released at rest under g along −z and
simulated 1 s at the default rtol, in natural coordinates (multipliers) and in relative
coordinates (recursive, and multipliers on the symbolic relative model): formulate and
simulate seconds, steps, evaluations of q̈, and the time of formulate + simulate over that
of natural coordinates (the target: within 3× for the chain). The cases run in that order
in one process, so that each formulate finds sympy as the previous one left it.

Run: make benchmark (or .venv/bin/python benchmarks/recursive.py; with the argument
``acceptance``, the last table alone, in a fresh process).
"""

from __future__ import annotations

import platform
import sys
import time

import numpy as np

from mbtools import formulate
from mbtools.dynamics import MultibodySystem, simulate
from mbtools.analysis.recursive_checks import evaluation_times
from mbtools.examples.benchmarks import bricard, link_chain

SIZES = (2, 5, 10, 20, 50, 100, 200)
GRAVITY = (0.0, -9.81)


def per_evaluation() -> None:
    times = evaluation_times(SIZES, repeats=5)
    print("| N | " + " | ".join(f"{key} (ms)" for key in times) + " | dense LU flops |")
    print("|---|" + "---|" * (len(times) + 1))
    for k, n in enumerate(SIZES):
        print(f"| {n} | " + " | ".join(f"{values[k]:.3f}" for values in times.values()) + f" | {2 / 3 * (3 * n) ** 3:.1e} |")


def whole_runs() -> None:
    print()
    print("| N | formulation | family | formulate (s) | simulate 1 s (s) | steps | evaluations |")
    print("|---|---|---|---|---|---|---|")
    for n in (2, 5, 10, 20):
        mechanism = link_chain(n)
        for family, formulation in (("natural", "multipliers"), ("relative", "recursive"), ("relative", "multipliers")):
            if family == "relative" and formulation == "multipliers" and n > 10:
                continue
            start = time.perf_counter()
            system = MultibodySystem(formulate(mechanism, family), GRAVITY)
            formulated = time.perf_counter() - start
            start = time.perf_counter()
            trajectory = simulate(system, 1.0, formulation, progress=False)
            seconds = time.perf_counter() - start
            stats = trajectory.statistics
            print(f"| {n} | {formulation} | {family} | {formulated:.2f} | {seconds:.2f} | {stats.get('steps', '–')} | "
                  f"{stats.get('evaluations', '–')} |")


SPACE = (0.0, 0.0, -9.81)
ACCEPTANCE = (("three-bar chain (ball joints)", lambda: link_chain(3, spatial=True)), ("Bricard (A04)", bricard))


def acceptance_runs() -> None:
    print()
    print("| mechanism | family | formulation | formulate (s) | simulate 1 s (s) | steps | evaluations | × natural |")
    print("|---|---|---|---|---|---|---|---|")
    for name, build in ACCEPTANCE:
        natural_total = None
        for family, formulation in (("natural", "multipliers"), ("relative", "recursive"), ("relative", "multipliers")):
            start = time.perf_counter()
            system = MultibodySystem(formulate(build(), family), SPACE)
            formulated = time.perf_counter() - start
            start = time.perf_counter()
            stats = simulate(system, 1.0, formulation, progress=False).statistics
            seconds = time.perf_counter() - start
            natural_total = natural_total or formulated + seconds
            print(f"| {name} | {family} | {formulation} | {formulated:.2f} | {seconds:.2f} | {stats['steps']} | "
                  f"{stats['evaluations']} | {(formulated + seconds) / natural_total:.1f} |")


if __name__ == "__main__":
    print(f"Recursive against global formulations, {platform.processor() or platform.machine()}, "
          f"numpy {np.__version__}\n")
    if sys.argv[1:] != ["acceptance"]:
        per_evaluation()
        whole_runs()
    acceptance_runs()
