"""The figure of chapter 9c: the cost of one evaluation of the equations of motion against
the number of bodies (:func:`mbtools.analysis.recursive_checks.evaluation_times`)."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np

from .plotting import BODY_COLORS


def plot_evaluation_times(sizes, times: dict, ax=None):
    """Milliseconds per evaluation against N, log–log, one line per method of ``times``,
    with dotted guides of slope 1 and 3 (O(N) and O(N³)).

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> ax = plot_evaluation_times([2, 4, 8], {"ABA": np.array([0.1, 0.2, 0.4])})
    >>> len(ax.lines)            # the method and the two guides
    3
    """
    sizes = np.asarray(sizes, dtype=float)
    if ax is None:
        _, ax = plt.subplots(figsize=(6.4, 4.2))
    for k, (label, values) in enumerate(times.items()):
        values = np.asarray(values, dtype=float)
        if values.shape != sizes.shape:
            raise ValueError(f"plot_evaluation_times: '{label}' has {values.size} times for {sizes.size} sizes.")
        ax.loglog(sizes, values, "o-", color=BODY_COLORS[k % len(BODY_COLORS)], label=label)
    first = min(float(np.asarray(v)[0]) for v in times.values())
    for slope, text in ((1, "∝ N"), (3, "∝ N³")):
        guide = first * (sizes / sizes[0]) ** slope
        ax.loglog(sizes, guide, ":", color="0.5", lw=1)
        ax.annotate(text, (sizes[-1], guide[-1]), textcoords="offset points", xytext=(4, 0), fontsize=8, color="0.4",
                    va="center")
    ax.set(xlabel="bodies N", ylabel="ms per evaluation of q̈", title="the cost of the equations of motion")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8)
    return ax
