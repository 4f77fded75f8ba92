"""How fast the lecture demos answer: from a new slider value to the updated figure.

Each demo of notebooks/demos/ is built in a real Jupyter kernel (started here with
jupyter_client, as JupyterLab starts one), and its slider is moved to 40 values in turn.
Two times per move:

* **in the kernel**: setting the widget's value, which runs what a slider move runs —
  the position, velocity and acceleration solves, moving the artists, rendering the
  figure and encoding its PNG (timed with time.perf_counter inside the kernel);
* **round trip**: from this process sending the new value (an execute request, as a
  browser's comm message would arrive) to receiving the kernel's widget update that
  carries the new image — what a lecturer waits for, less the browser's own drawing of
  a PNG of 20-60 kB.

The dynamics demos compute their motions when they are built (a few seconds); their
sliders then pick and draw, and that is what is timed.

Goal (the classroom issue): under 50 ms for every planar demo, under 100 ms for every
spatial one, on this 2-core machine. Prints one table; exits non-zero if a goal is
missed. Run: ``.venv/bin/python benchmarks/demo_latency.py`` (about a minute).
"""

from __future__ import annotations

import json
import statistics
import sys
import time

from jupyter_client.manager import start_new_kernel

SETUP = """
import json, time, warnings
warnings.simplefilter("ignore")
from mbtools import examples
from mbtools.viz.explorer import MechanismExplorer
from mbtools.viz.newton_demo import NewtonDemo
from mbtools.viz.gimbal_demo import GimbalLockDemo
from mbtools.viz.dynamics_demos import FallingFourBarDemo, GyroscopeDemo
"""

#: (demo, what it shows, planar?, code that builds it as `demo`, the widget to move, values)
CASES = [
    ("explorer", "four-bar", True, 'MechanismExplorer("four_bar")', "demo.slider", [float(v) for v in range(5, 360, 9)]),
    ("explorer", "slider-crank", True, 'MechanismExplorer("slider_crank")', "demo.slider",
     [float(v) for v in range(5, 360, 9)]),
    ("explorer", "rocking four-bar (dead points)", True,
     'MechanismExplorer("r", family="basic", mechanisms={"r": examples.four_bar(crank=5.0, coupler=2.0, '
     'rocker=4.0, ground=6.0)})', "demo.slider", [float(v) for v in range(40, 80)]),
    ("explorer", "RSSR", False, 'MechanismExplorer("rssr")', "demo.slider", [float(v) for v in range(5, 360, 9)]),
    ("explorer", "RSCR", False, 'MechanismExplorer("rscr")', "demo.slider", [float(v) for v in range(5, 360, 9)]),
    ("explorer", "SSC", False, 'MechanismExplorer("ssc")', "demo.slider", [float(v) for v in range(5, 360, 9)]),
    ("explorer", "Cardan joint", False, 'MechanismExplorer("cardan_joint")', "demo.slider",
     [float(v) for v in range(5, 360, 9)]),
    ("Newton-Raphson", "four-bar, a guess slider", True, "NewtonDemo()", 'demo.sliders["B"][0]',
     [2.93 + 0.05 * k for k in range(-20, 20)]),
    ("gimbal lock", "top, nutation slider", False, "GimbalLockDemo()", "demo.slider",
     [10 ** (-2 + 0.0975 * k) for k in range(40)]),
    ("gyroscope", "top, nutation-rate slider", False, "GyroscopeDemo()", "demo.slider",
     [k % 11 for k in range(40)]),
    ("falling four-bar", "A02 N = 1, time slider", True, "FallingFourBarDemo()", "demo.time",
     [round(0.1 + 0.12 * k, 2) for k in range(40)]),
]


def run(client, code: str) -> tuple[float, str]:
    """Execute code; (seconds from the request to the first widget update carrying a
    binary buffer — an image — or to idle if none came, stdout)."""
    start = time.perf_counter()
    msg_id = client.execute(code)
    first_image, out = None, []
    while True:
        msg = client.get_iopub_msg(timeout=60)
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        kind = msg["msg_type"]
        if kind == "comm_msg" and msg.get("buffers") and first_image is None:
            first_image = time.perf_counter() - start
        elif kind == "stream":
            out.append(msg["content"]["text"])
        elif kind == "error":
            raise RuntimeError("\n".join(msg["content"]["traceback"]))
        elif kind == "status" and msg["content"]["execution_state"] == "idle":
            return (first_image if first_image is not None else time.perf_counter() - start), "".join(out)


def main() -> None:
    manager, client = start_new_kernel(kernel_name="python3")
    rows, failed = [], False
    try:
        run(client, SETUP)
        for demo, what, planar, build, widget, values in CASES:
            run(client, f"demo = {build}")
            inside, trips = [], []
            for value in values:
                trip, out = run(client, f"t = time.perf_counter(); {widget}.value = {value!r}; "
                                        "print(json.dumps(time.perf_counter() - t))")
                inside.append(json.loads(out.strip().splitlines()[-1]))
                trips.append(trip)
            goal = 0.050 if planar else 0.100
            worst = sorted(trips)[int(0.95 * (len(trips) - 1))]
            ok = worst < goal
            failed |= not ok
            rows.append((demo, what, "planar" if planar else "spatial", statistics.median(inside), statistics.median(trips),
                         worst, goal, ok))
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)
    print("Latency of a slider move (40 moves each; times in ms)\n")
    print("| demo | mechanism | kind | in kernel, median | round trip, median | round trip, 95th percentile | goal | |")
    print("|---|---|---|---|---|---|---|---|")
    for demo, what, kind, inside, trip, worst, goal, ok in rows:
        print(f"| {demo} | {what} | {kind} | {1000 * inside:.1f} | {1000 * trip:.1f} | {1000 * worst:.1f} | "
              f"< {1000 * goal:.0f} | {'ok' if ok else 'MISSED'} |")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
