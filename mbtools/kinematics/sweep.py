"""Sweeps: the position problem along a range of one input, on one assembly mode."""

from __future__ import annotations

import math
import warnings

import numpy as np

from ..errors import InputError, SingularPositionWarning, SuspiciousInputWarning
from ..model import Model
from .position import ANGLE_STEP, LENGTH_STEP, require_model, solve_position
from .results import Sweep


def sweep_position(model: Model, name: str, values, guess=None, other_inputs: dict | None = None, **options) -> Sweep:
    """Solve the position problem along a sweep of one input, so that the whole sweep
    stays on the guess's assembly mode.

    Values more than a continuation step apart (5°, or 2 % of the mechanism's size)
    are joined by intermediate solves. Each solve starts from a secant prediction, the previous solution extrapolated
    along the last step, q_k + (q_k − q_{k−1}) Δs_{k+1}/Δs_k, which follows the branch
    through a branch point (where the branches cross and the Jacobian is singular)
    rather than jump to the other one. Singular positions met on the way are flagged in
    ``Sweep.singular`` and reported by one :class:`SingularPositionWarning`.

    Example
    -------
    >>> import numpy as np
    >>> from mbtools import examples, formulate
    >>> model = formulate(examples.four_bar(), "basic")
    >>> sweep = sweep_position(model, "crank", np.radians(np.arange(0, 360, 10)))
    >>> sweep.q.shape, int(sweep.iterations.max()) <= 6
    ((36, 4), True)
    """
    require_model(model, "sweep_position")
    if not isinstance(name, str) or name not in model.input_names:
        raise InputError(
            f"sweep_position(model, name, values): name is the input to sweep, one of "
            f"{model.input_names}, got {name!r}."
        )
    try:
        values = np.asarray(values, dtype=float).reshape(-1) if np.ndim(values) else None
    except (TypeError, ValueError):
        values = None
    if values is None or values.size == 0 or not np.isfinite(values).all():
        raise InputError(
            f"sweep_position: values must be a sequence of finite numbers for '{name}' (for example "
            f"np.radians(np.arange(0, 360, 5))), got {'nothing usable' if values is None else ('no values' if values.size == 0 else list(map(float, values[:6])))}."
        )
    fixed = dict(other_inputs or {})
    if name in fixed:
        raise InputError(f"sweep_position: '{name}' is the swept input; leave it out of other_inputs.")
    unit = next(i.unit for i in model.inputs if i.name == name)
    if unit == "angle" and np.abs(values).max() > 6.3 and np.all(np.mod(values, 1.0) == 0):
        warnings.warn(
            f"The values of '{name}' are whole numbers up to {np.abs(values).max():g}: angles are in "
            "radians. If these are degrees, pass np.radians(values).",
            SuspiciousInputWarning, stacklevel=2,
        )
    q_all = np.empty((len(values), model.n_coordinates))
    iterations = np.zeros(len(values), dtype=int)
    singular = np.zeros(len(values), dtype=bool)
    largest_step = ANGLE_STEP if unit == "angle" else LENGTH_STEP * model.length_scale
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SingularPositionWarning)
        warnings.simplefilter("ignore", SuspiciousInputWarning)  # said once above
        for k, value in enumerate(values):
            if k >= 2 and values[k - 1] != values[k - 2]:
                ratio = (value - values[k - 1]) / (values[k - 1] - values[k - 2])
                start = q_all[k - 1] + ratio * (q_all[k - 1] - q_all[k - 2])
            elif k >= 1:
                start = q_all[k - 1]
            else:
                start = guess
            if k >= 1 and abs(value - values[k - 1]) > largest_step:
                # a long step is walked in short ones from the last position (continuation)
                pieces = math.ceil(abs(value - values[k - 1]) / largest_step)
                start = q_all[k - 1]
                for step in np.linspace(values[k - 1], value, pieces + 1)[1:-1]:
                    start = solve_position(model, {**fixed, name: float(step)}, guess=start, **options).q
            result = solve_position(model, {**fixed, name: float(value)}, guess=start, **options)
            q_all[k] = result.q
            iterations[k] = result.iterations
            singular[k] = result.singular
    if singular.any():
        at = ", ".join(f"{v:.6g}" for v in values[singular][:6])
        warnings.warn(
            f"The sweep of '{name}' met singular positions (dead or branch points) of "
            f"'{model.mechanism.name}' at {name} = {at}: velocities are not determined there, "
            "and past a branch point check that the assembly mode is the one you meant.",
            SingularPositionWarning,
            stacklevel=2,
        )
    return Sweep(name, values, q_all, iterations, singular)
