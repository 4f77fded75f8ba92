"""Large models with sparse matrices: the multipliers formulation and ALI3-P's tangent.

A row of Φ_q involves the few coordinates of one or two bodies, so for a long chain (A02
with N = 100: 202 coordinates, 201 rows) the saddle-point matrix of the multipliers
formulation,

    [M  Φ_qᵀ] [q̈]   [Q − h]
    [Φ_q  0 ] [λ] = [  γ  ],

is 99 % zeros, and a dense LU of it costs (n + m)³ where a sparse one (SuperLU, through
``scipy.sparse.linalg.splu``) costs about n + m. The same matrix with W = M + ε I in place
of M gives the mass-orthogonal corrections of the projection after each step,

    [W  Φ_qᵀ] [δ]   [0]
    [Φ_q  0 ] [μ] = [r],     δ = W⁻¹Φ_qᵀ (Φ_q W⁻¹Φ_qᵀ)⁻¹ r       (r = Φ, or Φ_q q̇).

Here for natural and basic coordinates (constant M, quadratic constraints), from
:data:`SPARSE_FROM` coordinates on, where it is measured faster. One difference from the
dense path of ``mbtools.dynamics.multipliers``: the rows kept (an independent set, by
pivoted QR) and the distance from a singular position are decided once a step, at the
projected state, and kept for the step's stages — a dense QR at every stage would cost
n m² again. A step that lands near a singular position (``mbtools.dynamics.singular``) hands
the integration to ALI3-P, as in the dense path; a stage close to one makes its step's error
estimate large, and the step is retried smaller.

ALI3-P (``mbtools.dynamics.ali3p``) takes from here Φ, Φ_q on its pattern and its
tangent M + (Δt²/4) α Φ_qᵀΦ_q, whose pattern is found once
(:meth:`SparseEquations.tangent_solver`).
"""

from __future__ import annotations

import numpy as np
from scipy import sparse
from scipy.sparse.linalg import splu

from ..errors import SingularJacobianError
from .kernels import PROJECTION_ITERATIONS, newton_projection, row_owners
from .singular import RankWatch
from .state import EvaluatedState, KeptRows

#: From this many coordinates on, natural and basic coordinates are integrated with sparse
#: matrices. Measured on A02, 1 s at rtol 1e-8 (natural coordinates, 2N + 2 of them):
#: dense and sparse break even near N = 20 (42 coordinates, 0.04 s each); at N = 30 sparse
#: takes 0.044 s against 0.062, at N = 40 0.053 against 0.090, at N = 100 0.18 against 0.69.
SPARSE_FROM = 50


def uses_sparse(system) -> bool:
    """The one sparse rule: whether the multipliers formulation's integration
    (``mbtools.dynamics.integrate``) and ALI3-P (``mbtools.dynamics.ali3p``) take sparse
    matrices — constant M, quadratic rows, :data:`SPARSE_FROM` coordinates or more."""
    return system.quadratic_rows is not None and system.constant_mass and system.model.n_coordinates >= SPARSE_FROM


class SparseEquations:
    """Φ, Φ_q and γ on the fixed sparsity pattern of Φ_q, and the sparse saddle-point
    solves of the multipliers formulation and of the projection, for a system whose rows
    are quadratic in q, Φ_k = ½ qᵀH_k q + b_kᵀq + c_k, and whose M is constant."""

    def __init__(self, system):
        self.system = system
        rows = system.quadratic_rows  # the rows' Hessians, H_k, as their non-zero entries
        self.n, self.m = rows.n, rows.m
        self.k, self.i, self.j, self.h, self.c = rows.k, rows.i, rows.j, rows.h, rows.constant
        B = rows.offset
        bk, bi = np.nonzero(B)
        # the pattern of Φ_q: entries (row, column), sorted by row then column
        keys, slots = np.unique(np.concatenate([self.k * self.n + self.i, bk * self.n + bi]), return_inverse=True)
        self.hessian_slot, self.offset_slot = slots[:len(self.k)], slots[len(self.k):]
        self.offset_values, self.offset_row, self.offset_column = B[bk, bi], bk, bi
        self.entry_row, self.entry_column = keys // self.n, keys % self.n
        self.size = len(keys)
        self.row_starts = np.concatenate([[0], np.cumsum(np.bincount(self.entry_row, minlength=self.m))])
        M = system.mass_matrix(None)
        self.mass_entries = np.nonzero(M)
        self.mass_values = M[self.mass_entries]
        #: The mass matrix M as a CSR matrix, made once (M is constant), the ``mass`` of every state.
        self.sparse_mass = sparse.csr_matrix(M)
        W = system.metric(None)  # M + ε I
        self.metric_entries = np.nonzero(W)
        self.metric_values = W[self.metric_entries]
        self._structures: dict = {}
        self._tangent = None

    def evaluate(self, q: np.ndarray, qd: np.ndarray, t: float = 0.0) -> "SparseState":
        """The system at (t, q, q̇) with Φ_q as its values on the pattern (:class:`SparseState`)."""
        return SparseState(self, q, qd, t)

    # ------------------------------------------------------------ constraints
    def jacobian_values(self, q: np.ndarray) -> np.ndarray:
        """Φ_q on its pattern: H_k q + b_k, entry by entry."""
        values = np.bincount(self.hessian_slot, self.h * q[self.j], minlength=self.size)
        return values + np.bincount(self.offset_slot, self.offset_values, minlength=self.size)

    def jacobian(self, q: np.ndarray):
        """Φ_q as a scipy.sparse CSR matrix (its pattern is in row order already)."""
        return sparse.csr_matrix((self.jacobian_values(q), self.entry_column, self.row_starts), shape=(self.m, self.n))

    def phi(self, q: np.ndarray) -> np.ndarray:
        """Φ = ½ qᵀH_k q + b_kᵀq + c_k."""
        quadratic = np.bincount(self.k, self.h * q[self.i] * q[self.j], minlength=self.m)
        linear = np.bincount(self.offset_row, self.offset_values * q[self.offset_column], minlength=self.m)
        return 0.5 * quadratic + linear + self.c

    def gamma(self, qd: np.ndarray) -> np.ndarray:
        """γ = −q̇ᵀH_k q̇ (no inputs enter these rows)."""
        return -np.bincount(self.k, self.h * qd[self.i] * qd[self.j], minlength=self.m)

    def dense_jacobian(self, values: np.ndarray) -> np.ndarray:
        """Φ_q as a dense array, from its ``values`` on the pattern."""
        J = np.zeros((self.m, self.n))
        J[self.entry_row, self.entry_column] = values
        return J

    def transpose_times(self, values: np.ndarray, v: np.ndarray) -> np.ndarray:
        """Φ_qᵀ v, with Φ_q given by its ``values`` on the pattern."""
        return np.bincount(self.entry_column, values * v[self.entry_row], minlength=self.n)

    def times(self, values: np.ndarray, x: np.ndarray) -> np.ndarray:
        """Φ_q x."""
        return np.bincount(self.entry_row, values * x[self.entry_column], minlength=self.m)

    # ------------------------------------------------------------ ALI3-P's tangent
    def tangent_solver(self, values: np.ndarray, weight: float):
        """b ↦ (M + weight Φ_qᵀΦ_q)⁻¹ b (ALI3-P's tangent), by SuperLU with one step of
        iterative refinement; the pattern of Φ_qᵀΦ_q — pairs of entries in one row — is
        found once, and only its values are computed at each use."""
        if self._tangent is None:
            pairs_a, pairs_b = [], []
            for k in range(self.m):
                entries = np.arange(self.row_starts[k], self.row_starts[k + 1])
                pairs_a.append(np.repeat(entries, len(entries)))
                pairs_b.append(np.tile(entries, len(entries)))
            a, b = np.concatenate(pairs_a), np.concatenate(pairs_b)
            rows = np.concatenate([self.mass_entries[0], self.entry_column[a]])
            columns = np.concatenate([self.mass_entries[1], self.entry_column[b]])
            # the matrix's entries, in CSC order (column, then row); each contribution's slot
            matrix = sparse.csc_matrix((np.ones(len(rows)), (rows, columns)), shape=(self.n, self.n))
            matrix.sum_duplicates()
            entry_keys = np.repeat(np.arange(self.n), np.diff(matrix.indptr)) * self.n + matrix.indices
            slot = np.searchsorted(entry_keys, columns * self.n + rows)
            self._tangent = (matrix, slot, a, b)
        matrix, slot, a, b = self._tangent
        contributions = np.concatenate([self.mass_values, weight * values[a] * values[b]])
        matrix.data[:] = np.bincount(slot, contributions, minlength=len(matrix.data))
        return _refined_solver(matrix, splu(matrix))

    # ------------------------------------------------------------ saddle point
    def _structure(self, kept, metric: bool):
        """[M or W, Φ_qᵀ; Φ_q, 0] on the rows ``kept`` (None: all) as a CSC matrix, whose
        values are refilled at each use; the order that takes (M's or W's values, Φ_q's
        values, Φ_q's values again) to its entries; Φ_q's entries on the rows kept."""
        key = (None if kept is None else tuple(kept), metric)
        if key not in self._structures:
            if len(self._structures) >= 16:  # the rows kept change only near singular positions
                self._structures.clear()
            block_rows, block_columns = self.metric_entries if metric else self.mass_entries
            if kept is None:
                selected, position = np.arange(self.size), self.entry_row
            else:
                where = np.full(self.m, -1)
                where[np.asarray(kept)] = np.arange(len(kept))
                selected = np.flatnonzero(where[self.entry_row] >= 0)
                position = where[self.entry_row[selected]]
            r = self.m if kept is None else len(kept)
            rows = np.concatenate([block_rows, self.n + position, self.entry_column[selected]])
            columns = np.concatenate([block_columns, self.entry_column[selected], self.n + position])
            label = np.arange(1, len(rows) + 1, dtype=float)
            pattern = sparse.csc_matrix((label, (rows, columns)), shape=(self.n + r, self.n + r))
            self._structures[key] = (pattern, pattern.data.astype(int) - 1, selected)
        return self._structures[key]

    def _solve(self, values: np.ndarray, kept, metric: bool, b: np.ndarray, t: float) -> np.ndarray:
        """The saddle-point system with M (or W) and Φ_q's ``values`` on the rows ``kept``,
        solved by SuperLU with one step of iterative refinement, x ← x + LU⁻¹(b − A x).

        Why the refinement: near a singular position the condition number of the matrix
        grows as the Jacobian's smallest singular value falls, and SuperLU (partial pivoting
        within a fill-reducing order) loses more digits there than LAPACK's dense LU. On A02
        with N = 40 at rtol 1e-7 and 1e-8, the integration then crowded its steps near
        t ≈ 11.07 and was stopped there; refined, it passes as the dense path does.
        """
        matrix, order, selected = self._structure(kept, metric)
        block = self.metric_values if metric else self.mass_values
        matrix.data[:] = np.concatenate([block, values[selected], values[selected]])[order]  # in place: no checks
        try:
            lu = splu(matrix)
        except RuntimeError:  # SuperLU: "Factor is exactly singular"
            raise SingularJacobianError(
                f"The equations of motion of '{self.system.model.mechanism.name}' are singular at t = {t:.6g}: the "
                "mass matrix is not positive on the motions the constraints allow, or the constraints lost rank "
                "at a singular position."
            ) from None
        return _refined_solver(matrix, lu)(b)

    def accelerations(self, q: np.ndarray, qd: np.ndarray, t: float, kept) -> tuple[np.ndarray, np.ndarray]:
        """(q̈, λ) on the rows ``kept`` (None: all; λ of the others zero)."""
        rhs = self.gamma(qd)
        if kept is not None:
            rhs = rhs[kept]
        x = self._solve(self.jacobian_values(q), kept, False, np.concatenate((self.system.forces(q, qd, t), rhs)), t)
        if kept is None:
            return x[:self.n], x[self.n:]
        multipliers = np.zeros(self.m)
        multipliers[kept] = x[self.n:]
        return x[:self.n], multipliers

    def _correction(self, values: np.ndarray, kept, residual: np.ndarray, t: float) -> np.ndarray:
        """δ = W⁻¹Φ_qᵀ (Φ_q W⁻¹Φ_qᵀ)⁻¹ r on the rows kept."""
        if kept is not None:
            residual = residual[kept]
        return self._solve(values, kept, True, np.concatenate((np.zeros(self.n), residual)), t)[:self.n]

    def project_state(self, q: np.ndarray, qd: np.ndarray, t: float, kept, watch: RankWatch,
                      iterations: int = PROJECTION_ITERATIONS):
        """(q, q̇, rows kept there, distance from a singular position there) brought onto
        Φ = 0 and Φ_q q̇ = 0 (as ``mbtools.dynamics.kernels.project_state``), the position
        corrected on the rows ``kept`` before, the rows kept and the distance then read from
        the projected state (:meth:`SparseState.kept`, ``watch`` the motion's
        :class:`~mbtools.dynamics.singular.RankWatch`, its generic rank raised if the rank
        rule finds more there)."""
        model = self.system.model

        def residual_at(x):
            state = SparseState(self, x, qd, t)
            return state.phi(), state

        q, state = newton_projection(q, residual_at, lambda x, phi, at: self._correction(at.jacobian, kept, phi, t),
                                     model.residual_scales[self.system.rows],
                                     f"'{model.mechanism.name}' at t = {t:.6g}",
                                     row_owners(self.system), iterations)
        kept, ratio = state.kept(watch, consistent=True)
        residual = state.velocity_residual()  # Φ_q q̇
        if np.abs(residual).any():
            qd = qd - self._correction(state.jacobian, kept, residual, t)
        return q, qd, kept, ratio


class SparseState(EvaluatedState):
    """:class:`~mbtools.dynamics.state.EvaluatedState` on the sparse path: ``mass`` a CSR
    matrix (constant), ``jacobian`` Φ_q's values on the pattern of ``equations``, ``rhs``
    γ (no inputs enter these rows, so Φ_t = 0), and the rows kept sorted in row order (one
    pattern per set)."""

    def __init__(self, equations: SparseEquations, q: np.ndarray, qd: np.ndarray, t: float = 0.0):
        super().__init__(equations.system, q, qd, t)
        self.equations = equations

    @property
    def mass(self):
        return self.equations.sparse_mass

    @property
    def jacobian(self) -> np.ndarray:
        return self._once("values", lambda: self.equations.jacobian_values(self.q))

    @property
    def rhs(self) -> np.ndarray:
        return self._once("gamma", lambda: self.equations.gamma(self.qd))

    def phi(self) -> np.ndarray:
        return self._once("phi", lambda: self.equations.phi(self.q))

    def rate(self) -> np.ndarray:
        return np.zeros(self.equations.m)

    def velocity_residual(self) -> np.ndarray:
        return self._once("velocity", lambda: self.equations.times(self.jacobian, self.qd))

    def kept(self, watch: RankWatch | None = None, rank: int | None = None,
             consistent: bool = False) -> KeptRows:
        """As the dense state's, from the pivoted QR of the dense Φ_q, the rows sorted."""
        rows, ratio = EvaluatedState.kept(self, watch, rank, consistent)
        return KeptRows(None if rows is None else np.sort(rows), ratio)

    def _dense_jacobian(self) -> np.ndarray:
        return self.equations.dense_jacobian(self.jacobian)


def _refined_solver(matrix, lu):
    """b ↦ x from SuperLU's factors ``lu`` of ``matrix``, with one step of iterative
    refinement, x ← x + LU⁻¹(b − A x) (see :meth:`SparseEquations._solve`)."""

    def solve(b: np.ndarray) -> np.ndarray:
        x = lu.solve(b)
        return x + lu.solve(b - matrix @ x)

    return solve
