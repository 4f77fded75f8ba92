"""Formulation time per example and family, and the 1000-solve position benchmark.

A table, not a test (tests never time). For every example of the registry and every
formulation compared in the book: the time to formulate it (``mbtools.formulate``), to
formulate it and solve one position from its drawing, and to go on to the velocity and
acceleration there (the first acceleration compiles the symbolic Jacobian, which γ is
taken from), with sympy's cache cleared before each, as in a fresh session. Then 1000 warm-started position solves of the
four-bar (crank 2, coupler 7, rocker 9, ground 6; crank stepped 0.36° per solve over a
full turn, each solve from the previous solution), best of 5, in microseconds per
solve; ``benchmarks/exudyn/run.sh`` measures the same loop beside Exudyn.

Run: make benchmark (or .venv/bin/python benchmarks/formulation_time.py).
"""

from __future__ import annotations

import math
import platform
import time
import warnings

import numpy as np
import scipy
import sympy
from sympy.core.cache import clear_cache

import mbtools
from mbtools.coordinates import VARIANTS
from mbtools.examples import EXAMPLES


def formulation_times() -> None:
    print("| example | formulation | n | formulate (s) | + position (s) | + velocity and acceleration (s) |")
    print("|---|---|---|---|---|---|")
    worst = 0.0
    for name, example in EXAMPLES.items():
        mechanism = example.build()
        for key, (family, options) in VARIANTS.items():
            if mechanism.dimension == 2 and family == "reference_point":
                if key.endswith("parameters"):
                    continue
                key, options = "reference_point", {}
            clear_cache()
            start = time.perf_counter()
            model = mbtools.formulate(mechanism, family, **options)
            formulated = time.perf_counter()
            inputs = model.input_values(model.reference_q)
            inputs = {k: v + 0.2 for k, v in inputs.items()}
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                q = mbtools.solve_position(model, inputs, guess=model.reference_q).q
                solved = time.perf_counter()
                rates = {k: 1.0 for k in inputs}
                qd = mbtools.solve_velocity(model, q, rates)
                mbtools.solve_acceleration(model, q, qd, {k: 0.0 for k in inputs})
            moved = time.perf_counter()
            worst = max(worst, solved - start)
            print(f"| {name} | {key} | {model.n_coordinates} | {formulated - start:.3f} | {solved - start:.3f} | "
                  f"{moved - start:.3f} |", flush=True)
    print(f"\nslowest formulate + position solve: {worst:.2f} s\n")


def four_bar_solves(repeats: int = 5) -> float:
    model = mbtools.formulate(mbtools.examples.four_bar(crank=2, coupler=7, rocker=9, ground=6), "basic")
    angles = np.radians(0.36) * np.arange(1, 1001)
    first = mbtools.solve_position(model, {"crank": 0.0}).q
    best = math.inf
    for _ in range(repeats):
        q = first
        start = time.perf_counter()
        for angle in angles:
            q = mbtools.solve_position(model, {"crank": float(angle)}, guess=q).q
        best = min(best, time.perf_counter() - start)
    return best / len(angles) * 1e6


def main() -> None:
    print(f"Python {platform.python_version()}, numpy {np.__version__}, scipy {scipy.__version__}, "
          f"sympy {sympy.__version__}, {platform.machine()}\n")
    formulation_times()
    print(f"1000 warm-started four-bar position solves (basic coordinates): {four_bar_solves():.1f} µs per solve")


if __name__ == "__main__":
    main()
