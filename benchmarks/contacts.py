"""Compliant contact and friction: what the contact problems of the book cost, and where
the time goes.

A table, not a test (tests never time). Each row: the problem, the integrator (the
default unless named), the wall time, the steps, the evaluations of the equations of
motion, the Jacobians and factorisations, the contacts started (events), and the time
per evaluation — the cost of one evaluation of M, Q (the contacts' forces among them),
Φ_q and the saddle-point solve. The problems:

* LuGre's stick-slip test, 25 s: the block on a prismatic pair (natural coordinates,
  rtol 1e-9), by the default (Radau, chosen for the bristles' stiff states) and by
  DOP853; beside it the one-equation integration by scipy's Radau with the exact
  Jacobian;
* the translational clearance slider-crank (Flores, Leine & Glocker), 0.2 s, compliant
  walls (rtol 1e-6), by Radau (its default) and by DOP853, with the crank's speed at the
  end from each;
* the slider-crank with a revolute clearance, two turns of the crank at 5000 rpm
  (0.024 s, rtol 1e-6), by DOP853 (the default) and by Radau;
* the SSC with a spherical clearance and LuGre friction, 0.02 s (Radau, chosen for the
  bristles).

Run: make benchmark (or .venv/bin/python benchmarks/contacts.py [--quick]); --quick
runs a tenth of each span.
"""

from __future__ import annotations

import platform
import sys
import time

from mbtools.analysis.clearance import (clearance_motion, clearance_system, revolute_clearance_motion,
                                        revolute_clearance_system)
from mbtools.analysis.contacts import block_position, lugre_block_motion
from mbtools.analysis.restitution import LUGRE_STICK_SLIP_REFERENCE, lugre_stick_slip
from mbtools.analysis.clearance import crank_speed
from mbtools.analysis.spherical_clearance import ssc_clearance_motion, ssc_clearance_system


def timed(run):
    start = time.perf_counter()
    result = run()
    return time.perf_counter() - start, result


def row(name: str, seconds: float, statistics: dict, note: str = "") -> str:
    evaluations = statistics.get("evaluations", 0) or 0
    per = f"{1e3 * seconds / evaluations:.2f}" if evaluations else "–"
    return (f"| {name} | {statistics.get('integrator', '–')} | {seconds:.1f} | {statistics.get('steps', '–')} | "
            f"{evaluations} | {statistics.get('jacobians', 0)} | {statistics.get('factorisations', 0)} | "
            f"{statistics.get('events', 0)} | {per} | {note} |")


def main(quick: bool = False) -> None:
    share = 0.1 if quick else 1.0
    print(f"Compliant contacts and friction; {platform.processor() or platform.machine()}"
          f"{' (quick: a tenth of each span)' if quick else ''}\n")
    print("| problem | integrator | s | steps | evaluations | Jacobians | LU | contacts | ms/evaluation | result |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    span = 25.0 * share
    seconds, scalar = timed(lambda: lugre_stick_slip(t_end=span, rtol=1e-10, points=2))
    print(f"| LuGre block {span:g} s, one equation | scipy Radau, exact Jacobian | {seconds:.2f} | – | – | – | – | – | – | "
          f"x = {scalar.x[-1]:.8f} |")
    for integrator in (None, "DOP853"):
        if integrator == "DOP853" and not quick:
            span_here = 2.5   # DOP853's steps are held by the bristles' stiffness: a tenth of the span
        else:
            span_here = span
        seconds, traj = timed(lambda: lugre_block_motion(t_end=span_here, samples=2, integrator=integrator))
        x = block_position(traj)[-1]
        note = f"x = {x:.8f}" + (f" (reference {LUGRE_STICK_SLIP_REFERENCE})" if span_here == 25.0 else "")
        print(row(f"LuGre block {span_here:g} s, multibody (natural)", seconds, traj.statistics, note))
    span = 0.2 * share
    for integrator in ("Radau", "DOP853"):
        seconds, traj = timed(lambda: clearance_motion(clearance_system(), span, samples=2, integrator=integrator))
        drift = abs((traj.energy + traj.dissipated)[-1] / (traj.energy[0]) - 1)
        print(row(f"translational clearance {span:g} s", seconds, traj.statistics,
                  f"ω₁ = {crank_speed(traj)[-1]:.4f} rad/s at the end; energy + dissipated drift {drift:.1e}"))
    span = 0.024 * share
    for integrator in ("DOP853", "Radau"):
        seconds, traj = timed(lambda: revolute_clearance_motion(revolute_clearance_system(), span, samples=2,
                                                                integrator=integrator))
        print(row(f"revolute clearance {span:g} s", seconds, traj.statistics, "crank driven at 5000 rpm"))
    span = 0.02 * share
    seconds, traj = timed(lambda: ssc_clearance_motion(ssc_clearance_system(), span, samples=2))
    print(row(f"SSC, spherical clearance, LuGre {span:g} s", seconds, traj.statistics, "slider driven at 2 turns/s"))
    print("\nWhile a wall or the bearing is pressed, an explicit method's steps are held to a few microseconds "
          "by the contact's damping (c K δⁿ/δ̇⁻ on a corner's small inertia), each costing 12–15 "
          "evaluations; Radau steps over it with the exact tangent of the contacts (K.6) and the constraints' "
          "curvature in its Jacobian, and pays in Jacobians and factorisations instead.")


if __name__ == "__main__":
    main(quick="--quick" in sys.argv)
