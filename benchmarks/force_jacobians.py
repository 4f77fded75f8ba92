"""The force Jacobians (K, C) of the implicit methods' tangents, per family (a table, not a test).

For the stiff double pendulum of tests/test_stiff.py (a spring-damper to the ground,
gravity) and Bricard's mechanism (gravity, a spring-damper between two moving rods, a
torque): the time of ``force_jacobians`` — exact in every family, the loads' own tangents
plus, where the placements are not linear in q, the stiffness of gravity and the inertia
Jacobians — beside the time of the central differences of all the forces it replaces
(4n evaluations of Q − h), and the largest difference between the two, relative to the
largest entry. Best of several repeats. Run: make benchmark (or .venv/bin/python
benchmarks/force_jacobians.py).
"""

from __future__ import annotations

import platform
import sys
import timeit
from pathlib import Path

import numpy as np

from mbtools import formulate
from mbtools.dynamics import MultibodySystem, Spring, Torque
from mbtools.dynamics.jacobians import central_differences, force_jacobians
from mbtools.examples.benchmarks import bricard

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from test_stiff import C, K, stiff_pendulum  # noqa: E402

FAMILIES = [("natural", {}), ("relative", {}), ("reference_point", {"rotation": "euler_angles"}),
            ("reference_point", {"rotation": "euler_parameters"})]


def systems():
    """(label, system) of each mechanism in each family it has."""
    for family, options in FAMILIES:
        planar = {} if family == "reference_point" else options
        if options.get("rotation") != "euler_parameters":
            label = "reference point" if family == "reference_point" else family
            yield f"stiff pendulum, {label}", MultibodySystem(
                formulate(stiff_pendulum(), family, **planar), (0.0, -9.81), loads=[Spring("B", "H", K, 1.0, damping=C)])
        yield f"Bricard, {options.get('rotation', family).replace('_', ' ')}", MultibodySystem(
            formulate(bricard(), family, **options), (0.0, -9.81, 0.0),
            loads=[Spring("B", "E", 2e4, 0.8, damping=50.0), Torque("rod3", (1.0, -2.0, 0.5))])


def best_of(run, repeats: int = 5) -> float:
    run()
    number = max(1, int(0.2 / max(timeit.timeit(run, number=1), 1e-6)))
    return min(timeit.repeat(run, number=number, repeat=repeats)) / number


def main() -> None:
    print(f"Python {platform.python_version()}, numpy {np.__version__}, {platform.machine()}\n")
    print("| system | n | force_jacobians, µs | differences of Q − h, µs | largest difference |")
    print("|---|---|---|---|---|")
    for label, system in systems():
        model = system.model
        generator = np.random.default_rng(0)
        q = model.reference_q + 0.01 * generator.standard_normal(model.n_coordinates)
        qd = generator.standard_normal(model.n_coordinates)

        def differences():
            return central_differences(lambda x, v: system.forces(x, v, 0.0), q, qd, model.length_scale)

        exact, differenced = force_jacobians(system, q, qd, 0.0), differences()
        gap = max(np.abs(a - b).max() / max(np.abs(b).max(), 1e-300) for a, b in zip(exact, differenced))
        print(f"| {label} | {model.n_coordinates} | {best_of(lambda: force_jacobians(system, q, qd, 0.0)) * 1e6:.0f} "
              f"| {best_of(differences) * 1e6:.0f} | {gap:.0e} |")


if __name__ == "__main__":
    main()
