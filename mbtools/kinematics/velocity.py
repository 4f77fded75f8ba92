"""The velocity and acceleration problems: two linear systems with the matrix Φ_q.

* velocity: differentiate Φ(q(t), s(t)) = 0 once, Φ_q q̇ = −Φ_s ṡ = −Φ_t (book,
  equation eq-velocity);
* acceleration: differentiate twice, Φ_q q̈ = γ, with
  γ = −(Φ_q q̇)_q q̇ − 2 (Φ_s ṡ)_q q̇ − (Φ_s ṡ)_s ṡ − Φ_s s̈
  (García de Jalón & Bayo 1994, eqs. 3.44–3.45; book, equation eq-gamma).

The three problems read alike: each takes the state found so far and what the inputs
do at its level,

=============  ===============  ================================================  =========
problem        equation         call                                              returns
=============  ===============  ================================================  =========
position       Φ(q, s) = 0      ``solve_position(model, inputs, guess)``          result, .q
velocity       Φ_q q̇ = −Φ_t     ``solve_velocity(model, q, input_rates)``         q̇
acceleration   Φ_q q̈ = γ        ``solve_acceleration(model, q, qd,                q̈
                                input_accelerations)``
=============  ===============  ================================================  =========

The input values are read off q and the input rates off q̇ (the position and velocity
determine them); pass ``inputs=`` or ``input_rates=`` to have them checked against q
and q̇ instead.

Example
-------
>>> import math
>>> from mbtools import examples, formulate, solve_position
>>> model = formulate(examples.four_bar(), "basic")
>>> q = solve_position(model, {"crank": math.radians(30)}).q
>>> qd = solve_velocity(model, q, {"crank": 1.0})
>>> model.point_velocity(q, qd, "A").round(6)   # ω × r for a crank of length 2
array([-1.      ,  1.732051])
"""

from __future__ import annotations

import numpy as np
from scipy.linalg.lapack import dgecon, dgesv

from ..errors import InputError
from ..model import Model
from .freedoms import equation_rank, independent_solve
from .messages import singular_error
from .position import SINGULAR_RCOND, require_model

#: A position counts as assembled when every residual is within this fraction of its
#: unit ℓ^p (positions from solve_position are within 1e-12); a velocity satisfies the
#: velocity equations when their residual is within this fraction of ℓ (|q̇| + ℓ |ṡ|).
ASSEMBLED_RTOL = 1e-8


def solve_linear(model: Model, q: np.ndarray, s: np.ndarray, J: np.ndarray, rhs: np.ndarray, what: str) -> np.ndarray:
    """Solve Φ_q x = rhs at an assembled q: by LU when Φ_q is square and regular, else on
    an independent set of equations (redundant equations, idle freedoms). Raises
    :class:`~mbtools.errors.SingularJacobianError` at a singular position."""
    n = model.n_coordinates
    if J.shape[0] == n:
        anorm = float(np.abs(J).sum(axis=0).max()) if J.size else 0.0
        lu, _, x, info = dgesv(J, rhs)
        rcond = 0.0 if info > 0 else float(dgecon(lu, anorm, norm="1")[0])
        if rcond >= SINGULAR_RCOND:
            return x
    rank = equation_rank(model, q, s, J, f"in the {what} problem")
    idle = n - rank
    solved = independent_solve(J, rhs, rank)
    if solved is None or solved[1] < SINGULAR_RCOND:
        raise singular_error(model, q, s, f"in the {what} problem", idle)
    return solved[0]


def assembled(model: Model, q, inputs=None) -> tuple[np.ndarray, np.ndarray]:
    """(q, s) for a position that satisfies the constraints, else a clear error."""
    q = model.configuration(q)
    s = model.measured_inputs(q) if inputs is None else model.input_vector(inputs)
    phi = model.newton_function(s)(q)[0]
    bad = [(model.constraint_names[i], phi[i]) for i in np.argsort(-np.abs(phi / model.residual_scales))
           if abs(phi[i]) > ASSEMBLED_RTOL * model.residual_scales[i]]
    if bad:
        raise InputError(
            f"q does not satisfy the constraints of '{model.mechanism.name}' "
            f"({', '.join(f'{n!r} off by {v:+.3g}' for n, v in bad[:3])}): solve the position "
            "problem first and pass its result.q."
        )
    return q, s


def solve_velocity(model: Model, q, input_rates: dict, *, inputs=None) -> np.ndarray:
    """Solve the velocity problem Φ_q q̇ = −Φ_s ṡ (book, equation eq-velocity).

    Parameters
    ----------
    model : Model
    q : array_like
        An assembled position (e.g. ``solve_position(...).q``).
    input_rates : dict
        ṡ for every input, e.g. ``{"crank": 2.0}`` (rad/s or length/s).
    inputs : dict, optional
        The input values; read off q if not given.

    Returns
    -------
    ndarray
        q̇.
    """
    require_model(model, "solve_velocity")
    q, s = assembled(model, q, inputs)
    sd = model.input_vector(input_rates, "input rate")
    J = model.newton_function(s)(q)[1]
    rhs = -model.phi_s(q, s) @ sd
    return solve_linear(model, q, s, J, rhs, "velocity")


def solve_acceleration(model: Model, q, qd, input_accelerations: dict, *, inputs=None,
                       input_rates=None) -> np.ndarray:
    """Solve the acceleration problem Φ_q q̈ = γ (book, equation eq-gamma; the
    module's text writes γ out).

    Parameters
    ----------
    model : Model
    q, qd : array_like
        An assembled position and a velocity that satisfies the velocity equations.
    input_accelerations : dict
        s̈ for every input.
    inputs, input_rates : dict, optional
        s and ṡ; read off q and q̇ if not given (and then checked against them).

    Returns
    -------
    ndarray
        q̈.
    """
    require_model(model, "solve_acceleration")
    q, s = assembled(model, q, inputs)
    qd = model.configuration(qd, "qd")
    sd = (model.input_vector(input_rates, "input rate") if input_rates is not None
          else model.input_vector(model.input_rates(q, qd), "input rate"))
    sdd = model.input_vector(input_accelerations, "input acceleration")
    J = model.newton_function(s)(q)[1]
    velocity_residual = J @ qd + model.phi_s(q, s) @ sd
    scale = model.length_scale * (float(np.abs(qd).max(initial=0.0))
                                  + model.length_scale * float(np.abs(sd).max(initial=0.0)))
    if float(np.abs(velocity_residual).max(initial=0.0)) > ASSEMBLED_RTOL * max(scale, 1e-300):
        raise InputError(
            f"qd does not satisfy the velocity equations of '{model.mechanism.name}' at these input "
            "rates (Φ_q q̇ + Φ_s ṡ ≠ 0): compute it with solve_velocity(model, q, input_rates)."
        )
    return solve_linear(model, q, s, J, model.gamma(q, qd, s, sd, sdd), "acceleration")
