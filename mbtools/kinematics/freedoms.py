"""Idle freedoms and redundant equations, computed at the position asked about, and
the solve of a linear system on an independent set of its equations.

* An *idle freedom* is a direction of q that no constraint fixes and that moves no
  named point or vector: the spin of a link between two ball joints about its own
  axis, which pose coordinates model and points do not.
* A *redundant equation* is one that depends on the others (natural coordinates keep
  some, as the paper does).

Both are decided by the rank policy of :func:`mbtools.model.numerical_rank`, at the q given,
never cached from the drawing (a drawing at a special position would mislead).

Example
-------
>>> from mbtools import examples, formulate
>>> model = formulate(examples.rssr(), "relative")
>>> idle_freedoms(model, model.reference_q)          # the coupler's spin
1
>>> redundant_constraints(formulate(examples.four_bar(), "basic"), formulate(examples.four_bar(), "basic").reference_q)
[]
"""

from __future__ import annotations

import numpy as np
from scipy.linalg.lapack import dgesv, dorgqr, dtrtrs

from ..errors import InputError, SingularJacobianError
from ..model import Model
from ..model.rank import EXACTLY_SINGULAR, independent_rows, moving_rank, null_space, pivoted_qr


def idle_freedoms(model: Model, q, inputs=None) -> int:
    """Freedoms of q at this position that no equation (drivers included) fixes and
    that move no named point or vector.

    Raises :class:`SingularJacobianError` if a freedom that moves a point is left
    without an input (too few drivers, or a singular position).
    """
    _require_model(model, "idle_freedoms")
    q = model.configuration(q)
    s = model.input_vector(inputs) if inputs is not None else model.measured_inputs(q)
    J = model.newton_function(s)(q)[1]
    null_dim, idle = null_and_idle(model, q, J)
    if idle < null_dim:
        raise SingularJacobianError(
            f"The {model.family} model of '{model.mechanism.name}' has {null_dim - idle} freedom(s) "
            f"that no input fixes at this position (it has {len(model.inputs)} input(s): "
            f"{model.input_names}): its position is not determined. Add a driver for each degree of "
            "freedom, or move off this singular position."
        )
    return idle


def null_and_idle(model: Model, q: np.ndarray, J: np.ndarray) -> tuple[int, int]:
    """(dimension of the null space of J, dimension of its part that moves no point)."""
    null = null_space(J, model.n_coordinates)
    if not null.shape[1]:
        return 0, 0
    motion = model.motion_jacobian(q) @ null
    return null.shape[1], null.shape[1] - moving_rank(motion, model.length_scale)


def equation_rank(model: Model, q: np.ndarray, s: np.ndarray, J: np.ndarray, where: str) -> int:
    """The rank the equations should have at q: n less the idle freedoms there. A
    rank drop that the family explains as its own (gimbal lock of Euler angles, where a
    freedom of the angles moves nothing only at that orientation) is an error, not an
    idle freedom."""
    if model.facts.coordinates_are_positions:
        return model.n_coordinates
    idle = null_and_idle(model, q, J)[1]
    explain = model.facts.explain_singularity
    if idle and explain is not None and explain(q):
        from .messages import singular_error

        raise singular_error(model, q, s, where)
    return model.n_coordinates - idle


def redundant_constraints(model: Model, q, inputs=None) -> list[str]:
    """Names of the constraints that are redundant at position q: a QR factorization of
    Φ_qᵀ with pivoting (the paper's pivoting) keeps rank(Φ_q) independent equations,
    most independent first; the others are returned. Empty when the equations are
    independent.

    Example
    -------
    >>> from mbtools import examples, formulate
    >>> model = formulate(examples.rscr(), "natural")
    >>> len(redundant_constraints(model, model.reference_q))
    2
    """
    _require_model(model, "redundant_constraints")
    q = model.configuration(q)
    s = model.input_vector(inputs) if inputs is not None else model.measured_inputs(q)
    _, aside = independent_rows(model.newton_function(s)(q)[1])
    return [model.constraint_names[k] for k in aside]


def independent_solve(J: np.ndarray, rhs: np.ndarray, rank: int):
    """Solve a consistent system J x = rhs of rank ``rank`` on an independent set of its
    equations: (x, reciprocal condition |R_rr|/|R_11|, equations set aside), or None
    when the chosen equations are singular.

    A QR factorization of Jᵀ with column pivoting, Jᵀ P = Q R, picks the r most
    independent equations *at this q*; they read R_rᵀ Q_rᵀ x = P_rᵀ rhs. With r = n they
    are solved by LU; with r < n (idle freedoms) x = Q_r R_r⁻ᵀ P_rᵀ rhs is their
    minimum-norm solution, so idle freedoms stay at rest. The equations set aside hold
    all the same when the system is consistent (position: convergence is judged on
    every equation).
    """
    n = J.shape[1]
    if rank == 0:
        return np.zeros(n), 1.0, np.arange(J.shape[0])
    factors, pivots, tau = pivoted_qr(J)
    diagonal = np.abs(np.diagonal(factors))
    if diagonal.size < rank or not diagonal[rank - 1] > EXACTLY_SINGULAR * diagonal[0]:
        return None
    rows = pivots[:rank]
    if rank == n:
        _, _, x, info = dgesv(J[rows], rhs[rows])
        if info > 0:
            return None
    else:
        y, _ = dtrtrs(factors[:rank, :rank], rhs[rows], lower=0, trans=1)
        Q, _, _ = dorgqr(factors[:, :rank], tau[:rank])
        x = Q @ y
    return x, float(diagonal[rank - 1] / diagonal[0]), np.sort(pivots[rank:])


def _require_model(model, function: str) -> None:
    if not isinstance(model, Model):
        what = f"the mechanism '{model.name}'" if hasattr(model, "joints") else type(model).__name__
        raise InputError(
            f"{function}() takes a model, not {what}: formulate it first, e.g. "
            f"model = mbtools.formulate(mechanism, 'natural'), then {function}(model, q)."
        )
