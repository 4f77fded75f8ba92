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

Run: make benchmark (or .venv/bin/python benchmarks/recursive.py).
"""

from __future__ import annotations

import platform
import time

import numpy as np

from mbtools import formulate
from mbtools.dynamics import MultibodySystem, simulate
from mbtools.dynamics.kinematic_tree import KinematicTree
from mbtools.dynamics.multipliers import accelerations as multiplier_accelerations
from mbtools.dynamics.recursive import articulated_body_accelerations, bias_forces, composite_mass_matrix
from mbtools.dynamics.sparse import SparseEquations
from mbtools.examples.benchmarks import link_chain

SIZES = (2, 5, 10, 20, 50, 100, 200)
GRAVITY = (0.0, -9.81)


def best_of(function, repeats: int) -> float:
    """The least wall time of ``repeats`` calls, in milliseconds."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        function()
        best = min(best, time.perf_counter() - start)
    return 1e3 * best


def natural_state(model, tree, q, qd):
    """The natural coordinates (the chain's joint points) of the relative state (q, q̇)."""
    poses, twists, _, _ = tree.kinematics(q, qd)
    points, rates = {}, {}
    for stage, (R, p), V in zip(tree.stages, poses, twists):
        tip = f"P{int(stage.body[3:]) + 1}"
        drawn = np.concatenate([tree.mechanism.point_position(tip), [0.0]])
        x = R @ drawn + p
        points[tip], rates[tip] = x[:2], (V[3:] + np.cross(V[:3], x))[:2]
    names = model.coordinate_names
    q_natural = np.array([points[name[2:]][0 if name[0] == "x" else 1] for name in names])
    qd_natural = np.array([rates[name[2:]][0 if name[0] == "x" else 1] for name in names])
    return q_natural, qd_natural


def per_evaluation() -> None:
    rng = np.random.default_rng(1)
    print("| N | ABA (ms) | CRBA + LU (ms) | natural, dense (ms) | natural, sparse (ms) | dense LU flops |")
    print("|---|---|---|---|---|---|")
    for n in SIZES:
        mechanism = link_chain(n)
        tree = KinematicTree(mechanism)
        q, qd = 0.3 * rng.standard_normal(n), rng.standard_normal(n)
        repeats = 20 if n <= 50 else 5
        aba = best_of(lambda: articulated_body_accelerations(tree, q, qd, np.zeros(n), GRAVITY), repeats)
        crba = best_of(lambda: np.linalg.solve(composite_mass_matrix(tree, q), -bias_forces(tree, q, qd, GRAVITY)),
                       repeats)
        natural = MultibodySystem(formulate(mechanism, "natural"), GRAVITY)
        qn, qdn = natural_state(natural.model, tree, q, qd)
        dense = best_of(lambda: multiplier_accelerations(natural, qn, qdn, 0.0, stabilised=False), repeats)
        equations = SparseEquations(natural)
        sparse_time = best_of(lambda: equations.accelerations(qn, qdn, 0.0, None), repeats)
        print(f"| {n} | {aba:.3f} | {crba:.3f} | {dense:.3f} | {sparse_time:.3f} | {2 / 3 * (3 * n) ** 3:.1e} |")


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


if __name__ == "__main__":
    print(f"Recursive against global formulations, {platform.processor() or platform.machine()}, "
          f"numpy {np.__version__}\n")
    per_evaluation()
    whole_runs()
