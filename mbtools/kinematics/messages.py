"""The solvers' words: how inputs are described, and what a singular Jacobian means
at the position where it happened."""

from __future__ import annotations

import math

import numpy as np

from ..errors import SingularJacobianError
from ..model import Model


def describe_inputs(model: Model, inputs) -> str:
    """``crank = 30° (0.523599 rad)``, lengths as they are."""
    values = inputs if isinstance(inputs, dict) else dict(zip(model.input_names, map(float, inputs)))
    parts = []
    for inp in model.inputs:
        value = float(values[inp.name])
        if inp.unit == "angle":
            parts.append(f"{inp.name} = {math.degrees(value):.4g}° ({value:.6g} rad)")
        else:
            parts.append(f"{inp.name} = {value:.6g}")
    return ", ".join(parts) or "no inputs"


def singular_error(model: Model, q: np.ndarray, s: np.ndarray, where: str, idle: int = 0) -> SingularJacobianError:
    """The error for a singular Jacobian at q: which constraints became dependent (those
    with weight in the left null space of Φ_q) and why — gimbal lock, a driven vector
    at 90° to its requested angle, or a dead or branch point."""
    _, J = model.newton_function(s)(q)
    u, sv, _ = np.linalg.svd(J, full_matrices=False)
    last = max(min(J.shape) - 1 - idle, 0)  # the smallest singular value that fixes q
    weights = np.abs(u[:, last])
    dependent = [model.constraint_names[i] for i in np.argsort(-weights) if weights[i] > 0.1]
    explain = model.facts.explain_singularity
    note = explain(q) if explain else None
    head = (
        f"The Jacobian of '{model.mechanism.name}' is singular {where} at "
        f"{describe_inputs(model, s)} (smallest singular value {abs(sv[last]):.2e} of "
        f"{sv[0]:.2e}): the constraints {dependent} are dependent there."
    )
    measured = model.measured_inputs(q)
    blind = [
        inp.name for inp, value, wanted in zip(model.inputs, measured, s)
        if inp.unit == "angle" and f"{inp.name}: angle driver" in dependent
        and abs(abs(math.remainder(float(value) - float(wanted), 2 * math.pi)) - math.pi / 2) < 0.1
    ]
    if note:
        return SingularJacobianError(f"{note} {head}", dependent)
    if blind:
        return SingularJacobianError(
            f"{head} At this position the driven vector of input(s) {blind} is at 90° to the "
            "requested angle, where the driving equation says nothing about the position: "
            "give a guess nearer the requested angle, or none (the solver then walks there).",
            dependent,
        )
    return SingularJacobianError(
        f"{head} This is a dead point or a branch point: the inputs do not determine the "
        "motion through it. Drive the mechanism by another input (one that does not pass a "
        "dead point here), or stop short of this position.",
        dependent,
    )
