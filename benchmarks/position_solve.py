"""Position-solve timings: what a slider does, and a whole sweep.

Prints a table (not a test): the four-bar and the slider-crank in basic coordinates,
solved (1) from a nearby guess, the previous solution one degree away, as a slider
does; (2) over a 360-angle sweep, one degree apart, each from the previous solution;
(3) with no guess (continuation from the reference drawing). Best of several repeats,
so that the figures are not those of a busy moment.

Run: make benchmark (or .venv/bin/python benchmarks/position_solve.py)
"""

from __future__ import annotations

import math
import platform
import timeit

import numpy as np

from mbtools import examples, formulate, solve_position, sweep_position


def best_of(fn, number: int, repeat: int = 7) -> float:
    return min(timeit.repeat(fn, number=number, repeat=repeat)) / number


def measure(label: str, model) -> list[str]:
    name = model.input_names[0]
    near = solve_position(model, {name: math.radians(30.0)}).q
    target = {name: math.radians(31.0)}
    iterations = solve_position(model, target, guess=near).iterations
    warm = best_of(lambda: solve_position(model, target, guess=near), number=2000)
    angles = np.radians(np.arange(0.0, 360.0, 1.0))
    sweep = sweep_position(model, name, angles)
    full = best_of(lambda: sweep_position(model, name, angles), number=3, repeat=5)
    cold = best_of(lambda: solve_position(model, {name: math.radians(200.0)}), number=50)
    return [
        f"| {label} | {model.n_coordinates} | {warm * 1e3:.4f} | {iterations} | "
        f"{full * 1e3:.1f} | {full / len(angles) * 1e3:.4f} | {sweep.iterations.mean():.2f} | {cold * 1e3:.3f} |"
    ]


def main() -> None:
    print(f"Python {platform.python_version()}, numpy {np.__version__}, {platform.machine()}")
    print()
    print("| mechanism (basic coordinates) | n | warm solve (ms) | iterations | 360-angle sweep (ms) | per angle (ms) | mean iterations | no guess, 200° (ms) |")
    print("|---|---|---|---|---|---|---|---|")
    rows = measure("four-bar 2-7-9-6", formulate(examples.four_bar(), "basic"))
    rows += measure("four-bar + coupler point", formulate(examples.four_bar(coupler_point=(3, 2)), "basic"))
    rows += measure("slider-crank 1-3, offset 0.5", formulate(examples.slider_crank(offset=0.5), "basic"))
    print("\n".join(rows))


if __name__ == "__main__":
    main()
