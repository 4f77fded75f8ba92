"""Position-solve timings per example and family (a table, not a test).

For each example and each family of coordinates: the warm-started position solve (from
the solution one degree away, what a slider does), its Newton iterations, and a
360-angle sweep one degree apart, each solve from the previous solution. Best of
several repeats. Run: make benchmark (or .venv/bin/python benchmarks/position_solve.py).
"""

from __future__ import annotations

import platform

import numpy as np

from mbtools import formulate
from mbtools.examples import EXAMPLES
from mbtools.analysis.cost import formulation_cost

FAMILIES = [
    ("relative", {}),
    ("reference_point", {"rotation": "euler_angles"}),
    ("reference_point", {"rotation": "euler_parameters"}),
    ("basic", {}),
    ("natural", {}),
]


def main() -> None:
    print(f"Python {platform.python_version()}, numpy {np.__version__}, {platform.machine()}")
    print()
    print("| mechanism | family | n | m | quadratic | warm solve (ms) | iterations | 360-angle sweep (ms) | mean iterations |")
    print("|---|---|---|---|---|---|---|---|---|")
    for label, example in EXAMPLES.items():
        mechanism = example.build()
        for family, options in FAMILIES:
            if mechanism.dimension == 2 and family == "reference_point":
                if options["rotation"] == "euler_parameters":
                    continue
                options = {}
            c = formulation_cost(formulate(mechanism, family, **options))
            print(
                f"| {label} | {c.family} | {c.coordinates} | {c.equations} | {'yes' if c.quadratic else 'no'} | "
                f"{c.warm_solve_ms:.4f} | {c.iterations} | {c.sweep_ms:.1f} | {c.sweep_iterations:.2f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
