"""Independent coordinates: coordinate partitioning by Gaussian elimination with full
pivoting, and the velocity transformation q̇ = R ż it gives.

At a position q, f = n − rank Φ_q of the n dependent coordinates can be chosen freely;
the others follow from the constraints. Which f? Gaussian elimination of the m × n
Jacobian of the constraints (drivers left out) with *full* pivoting takes, at each step,
the largest remaining entry in magnitude as the pivot: its column becomes a *dependent*
coordinate and its row a *kept* equation. After r = rank Φ_q steps the columns never
pivoted are the *independent* coordinates z, and the rows never pivoted are redundant
equations (Wehage and Haug 1982; García de Jalón and Bayo 1994, sec. 3.4).

With the coordinates ordered q = (q_d, z) and the kept rows, the velocity equations
Φ_q q̇ = 0 read Φ_d q̇_d + Φ_z ż = 0, so

    q̇ = R ż,   R = [−Φ_d⁻¹ Φ_z ; I]   (rows put back in coordinate order)

and, differentiating once more, Φ_d q̈_d = γ − Φ_z z̈. The columns of R span the null
space of Φ_q: R is the velocity-transformation matrix that returns in dynamics, where the
projection formulation uses an orthonormal basis of the same space instead.

The choice is *local*: an independent coordinate that is stationary for every allowed
motion (a crank tip's x at the top of its circle) cannot be given freely there, and full
pivoting then picks another one. The elimination compares entries of Φ_q, so where the
coordinates mix units (angles and lengths, in relative or reference-point coordinates)
the choice depends on the unit of length.

Example
-------
The four-bar in basic coordinates, (x_A, y_A, x_B, y_B), crank at 60°:

>>> from mbtools import examples, formulate
>>> model = formulate(examples.four_bar(), "basic")
>>> split = coordinate_partition(model, model.reference_q)
>>> split.independent, split.dependent
(('x_A',), ('y_B', 'y_A', 'x_B'))
>>> R = velocity_transformation(model, model.reference_q)
>>> J, _ = constraint_jacobian(model, model.reference_q)      # drivers left out
>>> R.shape, bool(abs(J @ R).max() < 1e-12)
((4, 1), True)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..errors import InputError, SingularJacobianError
from ..model import Model
from ..model.rank import RANK_RTOL


@dataclass(frozen=True)
class EliminationStep:
    """One pivot of Gaussian elimination with full pivoting: the equation (row) and the
    coordinate (column) it eliminates, and the pivot's value."""

    row: int
    column: int
    pivot: float


def full_pivoting_elimination(J: np.ndarray, rtol: float = RANK_RTOL) -> list[EliminationStep]:
    """Gaussian elimination of J with full pivoting: the pivots, in the order taken.

    At step k the entry of largest magnitude among the rows and columns not yet pivoted
    is the pivot; the elimination stops when it falls below ``rtol`` times the first
    pivot (the rank policy of the library, ``RANK_RTOL`` = 1e-9). The number of steps is the
    rank of J.

    Example
    -------
    >>> J = np.array([[1.0, 2.0, 0.0], [2.0, 4.0, 1.0]])   # rank 2
    >>> [(s.row, s.column) for s in full_pivoting_elimination(J)]
    [(1, 1), (0, 2)]
    """
    work = np.array(J, dtype=float, copy=True)
    m, n = work.shape
    rows_left, columns_left = list(range(m)), list(range(n))
    steps: list[EliminationStep] = []
    first = None
    while rows_left and columns_left:
        block = np.abs(work[np.ix_(rows_left, columns_left)])
        i, j = np.unravel_index(int(np.argmax(block)), block.shape)
        row, column = rows_left[i], columns_left[j]
        pivot = work[row, column]
        if first is None:
            first = abs(pivot)
        if not first > 0 or abs(pivot) <= rtol * first:
            break
        steps.append(EliminationStep(row, column, float(pivot)))
        rows_left.remove(row)
        columns_left.remove(column)
        for other in rows_left:
            work[other] -= (work[other, column] / pivot) * work[row]
    return steps


@dataclass(frozen=True)
class CoordinatePartition:
    """The split of q into dependent and independent coordinates at one position.

    Attributes
    ----------
    independent, dependent : tuple of str
        Coordinate names; ``dependent`` in the order the pivots took them.
    independent_index, dependent_index : ndarray of int
        The same as positions in q.
    kept_equations : ndarray of int
        Rows of the constraint Jacobian (drivers left out) that were pivoted, one per
        dependent coordinate.
    redundant : tuple of str
        Names of the constraints never pivoted (dependent on the kept ones here).
    pivots : tuple of float
        The pivots in the order taken; ``pivot_ratio``, the magnitude of the last over
        that of the first, tells how close the choice is to failing (a small ratio: near a singular position, or a
        poor choice of independent coordinates).
    """

    independent: tuple[str, ...]
    dependent: tuple[str, ...]
    independent_index: np.ndarray
    dependent_index: np.ndarray
    kept_equations: np.ndarray
    redundant: tuple[str, ...]
    pivots: tuple[float, ...]

    @property
    def pivot_ratio(self) -> float:
        return abs(self.pivots[-1]) / abs(self.pivots[0]) if self.pivots else 1.0


def constraint_jacobian(model: Model, q) -> tuple[np.ndarray, list[int]]:
    """(Φ_q of the constraints other than the drivers at q, their row numbers)."""
    q = model.configuration(q)
    rows = [k for k, c in enumerate(model.constraints) if not c.is_driver]
    return model.jacobian(q, model.input_values(q))[rows], rows


def coordinate_partition(model: Model, q, independent: list[str] | None = None) -> CoordinatePartition:
    """Dependent and independent coordinates at position q.

    By default chosen by :func:`~mbtools.kinematics.full_pivoting_elimination` of the constraint Jacobian
    (drivers left out). With ``independent`` (coordinate names), that choice is checked
    instead: the remaining columns must hold rank Φ_q independent equations, else a
    :class:`~mbtools.SingularJacobianError` says why these coordinates cannot all be given freely
    at this position.
    """
    _require_model(model)
    J, rows = constraint_jacobian(model, q)
    names = model.coordinate_names
    steps = full_pivoting_elimination(J)
    if independent is not None:
        steps = _check_choice(model, J, steps, independent)
    dependent = [s.column for s in steps]
    free = [k for k in range(len(names)) if k not in dependent]
    kept = [s.row for s in steps]
    return CoordinatePartition(
        independent=tuple(names[k] for k in free),
        dependent=tuple(names[k] for k in dependent),
        independent_index=np.array(free, dtype=int),
        dependent_index=np.array(dependent, dtype=int),
        kept_equations=np.array(kept, dtype=int),
        redundant=tuple(model.constraint_names[rows[k]] for k in range(len(rows)) if k not in kept),
        pivots=tuple(s.pivot for s in steps),
    )


def velocity_transformation(model: Model, q, partition: CoordinatePartition | None = None) -> np.ndarray:
    """R (n × f): q̇ = R ż for the independent velocities ż of ``partition`` (by default
    the one of :func:`~mbtools.coordinate_partition` at q); R = [−Φ_d⁻¹ Φ_z ; I] in coordinate
    order. Φ_q R = 0 to round-off."""
    split = partition or coordinate_partition(model, q)
    J, _ = constraint_jacobian(model, q)
    kept, dep, free = split.kept_equations, split.dependent_index, split.independent_index
    R = np.zeros((model.n_coordinates, free.size))
    R[free, np.arange(free.size)] = 1.0
    if dep.size:
        R[dep] = -np.linalg.solve(J[np.ix_(kept, dep)], J[np.ix_(kept, free)])
    return R


def velocity_from_independent(model: Model, q, zd, partition: CoordinatePartition | None = None) -> np.ndarray:
    """q̇ = R ż: every coordinate's velocity from the independent ones (ż in the order of
    ``partition.independent``)."""
    split = partition or coordinate_partition(model, q)
    zd = _independent_vector(split, zd, "zd")
    return velocity_transformation(model, q, split) @ zd


def acceleration_from_independent(model: Model, q, qd, zdd, partition: CoordinatePartition | None = None) -> np.ndarray:
    """q̈ from the independent accelerations z̈: z̈ as given, and Φ_d q̈_d = γ − Φ_z z̈ on
    the kept equations, with γ = −(Φ_q q̇)_q q̇ of the constraints (drivers left out)."""
    split = partition or coordinate_partition(model, q)
    zdd = _independent_vector(split, zdd, "zdd")
    q, qd = model.configuration(q), model.configuration(qd, "qd")
    J, rows = constraint_jacobian(model, q)
    zero = np.zeros(len(model.inputs))
    gamma = model.gamma(q, qd, model.input_values(q), zero, zero)[rows]
    kept, dep, free = split.kept_equations, split.dependent_index, split.independent_index
    qdd = np.zeros(model.n_coordinates)
    qdd[free] = zdd
    if dep.size:
        qdd[dep] = np.linalg.solve(J[np.ix_(kept, dep)], gamma[kept] - J[np.ix_(kept, free)] @ zdd)
    return qdd


def _check_choice(model: Model, J: np.ndarray, steps: list[EliminationStep], independent: list[str]):
    names = model.coordinate_names
    unknown = [name for name in independent if name not in names]
    if unknown:
        raise InputError(f"{unknown} are not coordinates of the {model.family} model; its coordinates are {names}.")
    rank = len(steps)
    if len(independent) != len(names) - rank:
        raise InputError(
            f"The {model.family} model of '{model.mechanism.name}' has {len(names) - rank} independent "
            f"coordinate(s) at this position (n − rank Φ_q = {len(names)} − {rank}), not {len(independent)}."
        )
    columns = [k for k, name in enumerate(names) if name not in independent]
    chosen = full_pivoting_elimination(J[:, columns])
    if len(chosen) < rank:
        raise SingularJacobianError(
            f"{list(independent)} cannot be the independent coordinates of '{model.mechanism.name}' at this "
            f"position: the other coordinates are not determined by the constraints (Φ_d has rank "
            f"{len(chosen)} < {rank}); some motion allowed by the constraints leaves them all unchanged. "
            "Choose another set, or let coordinate_partition choose by full pivoting."
        )
    return [EliminationStep(s.row, columns[s.column], s.pivot) for s in chosen]


def _independent_vector(split: CoordinatePartition, values, what: str) -> np.ndarray:
    if isinstance(values, dict):
        missing = [name for name in split.independent if name not in values]
        if missing:
            raise InputError(f"{what} needs a value for each independent coordinate {split.independent}; missing {missing}.")
        values = [values[name] for name in split.independent]
    vector = np.atleast_1d(np.asarray(values, dtype=float))
    if vector.shape != (len(split.independent),):
        raise InputError(
            f"{what} must hold one value per independent coordinate {split.independent}, got shape {vector.shape}."
        )
    return vector


def _require_model(model) -> None:
    if not isinstance(model, Model):
        raise InputError(
            "coordinate_partition() takes a model, not a mechanism: formulate it first, e.g. "
            "model = mbtools.formulate(mechanism, 'basic')."
        )
