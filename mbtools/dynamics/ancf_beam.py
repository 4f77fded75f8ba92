"""A planar beam of ANCF elements: the mesh, the assembled constant mass matrix, elastic
forces and tangent stiffness, gravity and point loads, and supports that eliminate
coordinates.

The beam's coordinates are the nodes' (r, r,ₓ), four per node, node k at 4k … 4k + 3;
element j joins nodes (j, j + 1) (``connectivity``) and reads the eight coordinates
``element_dofs[j]``. Every element quantity of :mod:`mbtools.dynamics.ancf` is summed
into the beam's by these indices: M = Σ Lⱼᵀ Mⱼ Lⱼ (constant, (A.3)), Q(e) = Σ Lⱼᵀ Qⱼ(Lⱼ e)
and K(e) = Σ Lⱼᵀ Kⱼ Lⱼ ((A.10)), Q_g = Σ Lⱼᵀ Q_g,ⱼ ((A.4)), Lⱼ the Boolean selection of
element j's coordinates.

A support fixes coordinates at their reference values and removes them
(:class:`BeamSupports`): *clamped* fixes a node's position and slope (four coordinates),
*pinned* its position only (two; the slope turns freely).

Example
-------
>>> beam = straight_beam(1.0, 4, youngs_modulus=2e11, area=1e-4, second_moment=1e-9, density=7800.0)
>>> beam.n_coordinates, beam.connectivity[-1].tolist(), round(float(beam.total_mass()), 12)
(20, [3, 4], 0.78)
>>> supports = BeamSupports(beam, clamped=[0])
>>> len(supports.free), supports.fixed.tolist()
(16, [0, 1, 2, 3])
"""

from __future__ import annotations

import numpy as np

from ..errors import InputError, MechanismError
from ..model.arguments import is_real_number
from . import ancf


def _positive(where: str, what: str, value, unit: str) -> float:
    """``value`` as a positive finite float, or an InputError that names it."""
    if not is_real_number(value) or not np.isfinite(float(value)) or float(value) <= 0.0:
        raise InputError(f"{where}: {what} must be a positive number ({unit}), got {value!r}.")
    return float(value)


class AncfBeam:
    """A straight, unstressed beam of planar ANCF elements between consecutive nodes.

    Parameters
    ----------
    nodes : array_like
        (n, 2) reference positions, n ≥ 2, in order along one straight line (m).
    youngs_modulus : float
        E, Pa.
    area : float
        A, m².
    second_moment : float
        I, m⁴ (of the section about its neutral axis).
    density : float
        ρ, kg/m³.
    curvature_form : str
        ``"exact"`` (A.7) or ``"simplified"`` (A.8).
    gauss_points : int
        Gauss–Legendre points per element of the elastic forces (5 integrates the axial
        terms exactly).

    Attributes
    ----------
    connectivity : numpy.ndarray
        (n_elements, 2) node indices of each element.
    element_dofs : numpy.ndarray
        (n_elements, 8) coordinate indices of each element.
    lengths : numpy.ndarray
        Element lengths, m.
    reference : numpy.ndarray
        e of the unstressed beam (node positions, unit tangents).
    mass : numpy.ndarray
        The constant mass matrix (n_coordinates square).
    """

    def __init__(self, nodes, youngs_modulus: float, area: float, second_moment: float, density: float,
                 curvature_form: str = "exact", gauss_points: int = ancf.GAUSS_POINTS):
        where = "AncfBeam"
        E = _positive(where, "youngs_modulus E", youngs_modulus, "Pa")
        A = _positive(where, "area A", area, "m²")
        I = _positive(where, "second_moment I", second_moment, "m⁴")
        rho = _positive(where, "density ρ", density, "kg/m³")
        if curvature_form not in ancf.CURVATURES:
            raise InputError(f"{where}: curvature_form must be one of {ancf.CURVATURES}, got {curvature_form!r}.")
        if isinstance(gauss_points, bool) or not isinstance(gauss_points, int) or gauss_points < 2:
            raise InputError(f"{where}: gauss_points must be a whole number ≥ 2, got {gauss_points!r}.")
        self.nodes = _checked_nodes(nodes)
        self.axial_stiffness, self.bending_stiffness, self.mass_per_length = E * A, E * I, rho * A
        self.curvature_form = curvature_form
        n = len(self.nodes)
        self.connectivity = np.column_stack([np.arange(n - 1), np.arange(1, n)])
        self.element_dofs = (4 * self.connectivity[:, :, None] + np.arange(4)).reshape(-1, 8)
        self.lengths = np.linalg.norm(np.diff(self.nodes, axis=0), axis=1)
        self.reference = ancf.reference_coordinates(self.nodes)
        self.operators = ancf.strain_operators(self.lengths, gauss_points)
        self.mass = self._assemble_matrix(ancf.element_mass_matrix(self.lengths, self.mass_per_length))

    def __repr__(self) -> str:
        return (f"<AncfBeam of {self.n_elements} elements, length {self.lengths.sum():g} m, "
                f"EA = {self.axial_stiffness:g} N, EI = {self.bending_stiffness:g} N·m²>")

    @property
    def n_coordinates(self) -> int:
        """4 per node."""
        return 4 * len(self.nodes)

    @property
    def n_elements(self) -> int:
        """The number of elements."""
        return len(self.connectivity)

    def node(self, node) -> int:
        """The index of ``node`` (an int; −1 is the last node), or an InputError that names it."""
        n = len(self.nodes)
        if isinstance(node, (bool, np.bool_)) or not isinstance(node, (int, np.integer)) or not -n <= node < n:
            raise InputError(f"{node!r} is not a node of the beam: its nodes are 0 … {n - 1} (−1 for the last).")
        return int(node) % n

    def position(self, e: np.ndarray, node) -> np.ndarray:
        """r of a node."""
        k = 4 * self.node(node)
        return np.asarray(e)[..., k:k + 2]

    def slope(self, e: np.ndarray, node) -> np.ndarray:
        """r,ₓ of a node."""
        k = 4 * self.node(node)
        return np.asarray(e)[..., k + 2:k + 4]

    def centreline(self, e, points: int = 9) -> np.ndarray:
        """The centre line r(ξ) = S(ξ) e of (A.2) (:mod:`mbtools.dynamics.ancf`), sampled at
        ``points`` equally spaced ξ in every element, the shared nodes once.

        Parameters
        ----------
        e : array_like
            The beam's coordinates, (n_coordinates,), or a stack of them, one row per time
            (n_times, n_coordinates), such as ``BeamMotion.e``.
        points : int
            Samples per element, both nodes included (≥ 2).

        Returns
        -------
        numpy.ndarray
            (n_elements (points − 1) + 1, 2) positions for one e, or
            (n_times, n_elements (points − 1) + 1, 2) for a stack.

        Raises
        ------
        InputError
            ``points`` is not a whole number ≥ 2, or ``e`` does not have the beam's
            coordinates.

        Examples
        --------
        >>> beam = straight_beam(2.0, 2, youngs_modulus=1.0, area=1.0, second_moment=1.0, density=1.0)
        >>> beam.centreline(beam.reference, points=3)[:, 0]     # 3 points per element, shared nodes once
        array([0. , 0.5, 1. , 1.5, 2. ])
        """
        where = "AncfBeam.centreline"
        if isinstance(points, (bool, np.bool_)) or not isinstance(points, (int, np.integer)) or points < 2:
            raise InputError(f"{where}: points must be a whole number of samples per element, at least 2 "
                             f"(both nodes), got {points!r}; pass points=2 or more.")
        e = np.asarray(e, dtype=float)
        if e.ndim == 0 or e.shape[-1] != self.n_coordinates:
            raise InputError(f"{where}: e must have the beam's {self.n_coordinates} coordinates (4 per node, "
                             f"{len(self.nodes)} nodes) in its last axis, got shape {e.shape}; pass e of this "
                             "beam (its reference, a static solution or rows of its motion's e).")
        xi = np.linspace(0.0, 1.0, int(points))
        N, _, _ = ancf.hermite_shapes(xi, self.lengths)                    # (elements, points, 4)
        nodal = e[..., self.element_dofs].reshape(e.shape[:-1] + (self.n_elements, 4, 2))
        r = np.einsum("epk,...ekc->...epc", N, nodal)                      # (..., elements, points, 2)
        first = r[..., :1, 0, :]
        rest = r[..., :, 1:, :].reshape(e.shape[:-1] + (-1, 2))
        return np.concatenate([first, rest], axis=-2)

    def total_mass(self) -> float:
        """ρA times the length: vᵀMv for a unit translation v."""
        v = np.tile([1.0, 0.0, 0.0, 0.0], len(self.nodes))
        return float(v @ self.mass @ v)

    def elastic_force(self, e: np.ndarray) -> np.ndarray:
        """Q(e) = −∂U/∂e (A.10), assembled (complex-step safe)."""
        e = np.asarray(e)
        forces = ancf.elastic_forces(e[self.element_dofs], self.operators, self.axial_stiffness,
                                     self.bending_stiffness, self.curvature_form)
        out = np.zeros(self.n_coordinates, dtype=forces.dtype)
        np.add.at(out, self.element_dofs, forces)
        return out

    def stiffness(self, e: np.ndarray) -> np.ndarray:
        """K(e) = ∂²U/∂e² = −∂Q/∂e (A.10), assembled (symmetric)."""
        blocks = ancf.tangent_stiffness(np.asarray(e)[self.element_dofs], self.operators, self.axial_stiffness,
                                        self.bending_stiffness, self.curvature_form)
        return self._assemble_matrix(blocks)

    def strain_energy(self, e: np.ndarray) -> float:
        """U(e) (A.5)."""
        return float(np.sum(ancf.strain_energy(np.asarray(e)[self.element_dofs], self.operators,
                                               self.axial_stiffness, self.bending_stiffness, self.curvature_form)))

    def gravity_force(self, gravity=(0.0, -9.81)) -> np.ndarray:
        """The constant Q_g (A.4) of the gravity field ``gravity`` (m/s²); its potential is −Q_gᵀe."""
        g = np.asarray(gravity, dtype=float)
        if g.shape != (2,) or not np.isfinite(g).all():
            raise InputError(f"gravity must be two finite numbers (m/s²), such as (0, -9.81); got {gravity!r}.")
        out = np.zeros(self.n_coordinates)
        np.add.at(out, self.element_dofs, ancf.element_gravity_force(self.lengths, self.mass_per_length, g))
        return out

    def point_load(self, node, force) -> np.ndarray:
        """The generalized force of a dead force (N) on a node: the force on its position
        coordinates (r = e at the node); its potential is −Qᵀe."""
        F = np.asarray(force, dtype=float)
        if F.shape != (2,) or not np.isfinite(F).all():
            raise InputError(f"point_load: force must be two finite numbers (N), got {force!r}.")
        out = np.zeros(self.n_coordinates)
        k = 4 * self.node(node)
        out[k:k + 2] = F
        return out

    def _assemble_matrix(self, blocks: np.ndarray) -> np.ndarray:
        out = np.zeros((self.n_coordinates, self.n_coordinates), dtype=blocks.dtype)
        rows = np.broadcast_to(self.element_dofs[:, :, None], blocks.shape)
        cols = np.broadcast_to(self.element_dofs[:, None, :], blocks.shape)
        np.add.at(out, (rows, cols), blocks)
        return out


def _checked_nodes(nodes) -> np.ndarray:
    """The nodes as an (n, 2) float array on one straight line, or a named error."""
    try:
        points = np.asarray(nodes, dtype=float)
    except (TypeError, ValueError):
        raise InputError(f"AncfBeam: nodes must be an (n, 2) array of positions (m), got {nodes!r}.") from None
    if points.ndim != 2 or points.shape[1] != 2 or len(points) < 2 or not np.isfinite(points).all():
        raise InputError(f"AncfBeam: nodes must be an (n, 2) array of finite positions (m), n ≥ 2; "
                         f"got shape {points.shape}.")
    steps = np.diff(points, axis=0)
    lengths = np.linalg.norm(steps, axis=1)
    scale = float(lengths.sum())
    short = np.flatnonzero(lengths <= 1e-12 * max(scale, 1e-300))
    if len(short):
        j = int(short[0])
        raise MechanismError(f"AncfBeam: element {j} (nodes {j} and {j + 1}, both at {points[j].tolist()}) has zero "
                             "length; remove the repeated node.")
    tangent = (points[-1] - points[0]) / np.linalg.norm(points[-1] - points[0])
    off_line = np.abs(steps[:, 0] * tangent[1] - steps[:, 1] * tangent[0]) + np.maximum(0.0, -(steps @ tangent))
    if np.any(off_line > 1e-9 * scale):
        raise MechanismError("AncfBeam: the nodes must follow one another along a straight line (the reference "
                             "is a straight, unstressed beam; a curved reference is not supported).")
    return points


def straight_beam(length: float, elements: int, youngs_modulus: float, area: float, second_moment: float,
                  density: float, start=(0.0, 0.0), angle: float = 0.0, **options) -> AncfBeam:
    """A beam of ``elements`` equal elements of total ``length`` (m) from ``start`` at
    ``angle`` (rad) to the x-axis; ``options`` go to :class:`AncfBeam`."""
    if isinstance(elements, bool) or not isinstance(elements, (int, np.integer)) or elements < 1:
        raise InputError(f"straight_beam: elements must be a whole number ≥ 1, got {elements!r}.")
    L = _positive("straight_beam", "length", length, "m")
    s = np.linspace(0.0, L, int(elements) + 1)[:, None]
    nodes = np.asarray(start, dtype=float) + s * np.array([np.cos(angle), np.sin(angle)])
    return AncfBeam(nodes, youngs_modulus, area, second_moment, density, **options)


class BeamSupports:
    """Supports that fix coordinates of a beam at their reference values and eliminate
    them: e = e_ref on ``fixed``, the unknowns are e[``free``].

    Parameters
    ----------
    beam : AncfBeam
    clamped : sequence of int
        Nodes whose position and slope are fixed.
    pinned : sequence of int
        Nodes whose position is fixed (the slope free: a revolute to the ground).
    """

    def __init__(self, beam: AncfBeam, clamped=(), pinned=()):
        if not isinstance(beam, AncfBeam):
            raise InputError(f"BeamSupports takes an AncfBeam, got {type(beam).__name__}.")
        clamped = [beam.node(k) for k in _node_list("clamped", clamped)]
        pinned = [beam.node(k) for k in _node_list("pinned", pinned)]
        both = sorted(set(clamped) & set(pinned))
        if both:
            raise InputError(f"BeamSupports: node(s) {both} are both clamped and pinned; name each node once.")
        fixed = [4 * k + i for k in clamped for i in range(4)] + [4 * k + i for k in pinned for i in range(2)]
        self.beam, self.clamped, self.pinned = beam, clamped, pinned
        self.fixed = np.array(sorted(fixed), dtype=int)
        self.free = np.setdiff1d(np.arange(beam.n_coordinates), self.fixed)
        self.mass = beam.mass[np.ix_(self.free, self.free)]

    def __repr__(self) -> str:
        return f"<BeamSupports clamped {self.clamped}, pinned {self.pinned}: {len(self.free)} free coordinates>"

    def expand(self, free_values: np.ndarray) -> np.ndarray:
        """The beam's e from the free coordinates' values (the fixed ones at the reference)."""
        free_values = np.asarray(free_values)
        e = np.array(self.beam.reference, dtype=np.result_type(free_values, float))
        e[self.free] = free_values
        return e

    def elastic_force(self, e: np.ndarray) -> np.ndarray:
        """Q(e) on the free coordinates."""
        return self.beam.elastic_force(e)[self.free]

    def stiffness(self, e: np.ndarray) -> np.ndarray:
        """K(e) on the free coordinates."""
        return self.beam.stiffness(e)[np.ix_(self.free, self.free)]


def _node_list(what: str, nodes) -> list:
    if isinstance(nodes, (int, np.integer)) and not isinstance(nodes, bool):
        return [nodes]
    try:
        return list(nodes)
    except TypeError:
        raise InputError(f"BeamSupports: {what} takes a list of node indices, got {nodes!r}.") from None
