"""A bushing: a six-component linear spring-damper between two body frames (three in the
plane) — a rubber mount, an elastic joint, a compliant support.

The bushing is relaxed as drawn. Its frame is attached to each body b (i or j) at the
drawing: with x⁰ the bushing's point and B⁰ its axes in the drawing (a rotation matrix,
its columns the axes), and the body's placement o_b, R_b, o⁰_b
(``mbtools.model.placement``; the ground's R = I, o = o⁰ = 0),

    p_b = R_b (x⁰ − o⁰_b) + o_b,        B_b = R_b B⁰.                           (B.1)

The deflection s = [d; φ] is the translation of j's bushing point in i's bushing axes and
the relative rotation's skew part,

    d = B_iᵀ (p_j − p_i),    φ = vee(½ (S − Sᵀ)),    S = B_iᵀ B_j,              (B.2)

φ = sin θ · (the rotation axis) in space — smooth, exact for small rotations — and
φ = ½ (S₁₀ − S₀₁) = sin θ in the plane; s is ordered [x, y, z, rx, ry, rz] in space and
[x, y, rz] in the plane, in the bushing axes. With K and C the stiffness and damping
(symmetric, positive semi-definite) and f₀ the preload (the force and moment the bushing
applies to body j at zero deflection, in the bushing axes),

    V = ½ sᵀ K s − f₀ᵀ s,        g = K s + C ṡ − f₀,    ṡ = s_q q̇,            (B.3)

and by virtual power the generalized force is

    Q = −s_qᵀ g,                                                              (B.4)

the exact gradient of −V (plus the damping) at every q, on the constraints or off them:
in natural and basic coordinates R = X X⁰⁻¹ is orthonormal only on the constraints, and
(B.2) is still a smooth function of q. Its tangent is exact,

    ∂Q/∂q = −s_qᵀ (K s_q + C (s_qq q̇)) − Σ_k g_k ∂²s_k/∂q²,    ∂Q/∂q̇ = −s_qᵀ C s_q,   (B.5)

with s_q and s_qq from (B.1)–(B.2) by the product rule on the placements' derivatives
(:meth:`mbtools.Model.placement_derivatives`, exact to round-off), over the union of the
coordinates the two bodies involve.

**Wrenches on the bodies.** A body's virtual displacement δo_b and small rotation δθ_b
(δR_b = [δθ_b]× R_b) change s by D_o,b δo_b + D_θ,b δθ_b: for body j,

    D_o,j = [B_iᵀ; 0],    D_θ,j e_c = [B_iᵀ [e_c]× (p_j − o_j);  vee(skew(B_iᵀ [e_c]× B_j))],   (B.6)

and for body i, D_o,i = −D_o,j and D_θ,i e_c = −[B_iᵀ [e_c]× (p_j − o_i); vee(skew(B_iᵀ [e_c]× B_j))]
([e_c]× the matrix J = [[0, −1], [1, 0]] in the plane). The force and the moment about the
body's origin are

    F_b = −D_o,bᵀ g,        n_b = −D_θ,bᵀ g,                                   (B.7)

so that Σ_b (o_b,qᵀ F_b + Ω_b,qᵀ n_b) = Q on the motions the constraints allow, along which
R_b,q δq = [Ω_b,q δq]× R_b (Ω_b,q = ``model.angular_velocity_jacobian``). In relative and
Euler-angle coordinates, whose frames are rotations at every q, it holds for every δq; in
natural, basic and Euler-parameter coordinates a δq off the constraints also stretches the
frames, which the bushing feels and a wrench does not describe.

Example
-------
A planar block of 2 kg on a bushing at its centre of mass to the ground, moved 1 cm to
the right: the bushing, 1000 N/m along x, pulls it back with 10 N.

>>> import numpy as np
>>> from mbtools import Mechanism, MassProperties, formulate
>>> m = Mechanism("block")
>>> m.add_ground({"O": (0.0, 0.0)})
>>> m.add_body("block", {"C": (0.0, 0.0), "A": (0.5, 0.0)}, mass=MassProperties(2.0, (0.0, 0.0), 0.1),
...            free=True)
>>> model = formulate(m, "reference_point")
>>> bushing = Bushing("ground", "block", at="O", stiffness=(1000.0, 2000.0, 50.0))
>>> q = np.array([0.01, 0.0, 0.0])
>>> bushing.generalized_force(model, 0.0, q, np.zeros(3)).round(9) + 0.0
array([-10.,   0.,   0.])
>>> round(bushing.potential(model, q), 9)     # ½ k x²
0.05
>>> force, moment = bushing.body_wrenches(model, 0.0, q, np.zeros(3))["block"]
>>> force.round(9) + 0.0, moment.round(9) + 0.0
(array([-10.,   0.]), array([0.]))
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass

import numpy as np

from ..description import GROUND
from ..errors import InputError
from ..model import Model
from ..model.arguments import is_real_number
from .joint_springs import check_two_bodies
from .load_points import axial

#: Tolerances of the checks of a bushing's matrices, relative to their largest entry:
#: symmetry, semi-definiteness (an eigenvalue below −this × the largest is negative) and the
#: orthonormality of the axes.
SYMMETRY_TOLERANCE = 1e-10
DEFINITENESS_TOLERANCE = 1e-12
AXES_TOLERANCE = 1e-9


@dataclass(frozen=True)
class Bushing:
    """A linear spring-damper on the six relative motions (three in the plane) of two body
    frames, relaxed as drawn: equations (B.1)–(B.7) of ``mbtools.dynamics.bushings``.

    Parameters
    ----------
    body_i, body_j : str
        The two bodies (either may be ``"ground"``); the deflection is j's relative to i's,
        in i's bushing axes (B.2).
    at : str or sequence of float
        Where the bushing is: a point that body_i or body_j lists, or its coordinates in the
        drawing (2 or 3 numbers).
    stiffness : array_like
        K of (B.3): a symmetric positive semi-definite matrix, 6 × 6 in space ordered
        [x, y, z, rx, ry, rz] in the bushing axes (N/m, N/rad, N·m/rad), 3 × 3 in the plane
        [x, y, rz]; or the vector of its diagonal.
    damping : array_like or float
        C of (B.3), likewise (N·s/m, N·m·s/rad); a number: the same on every component.
    axes : array_like, optional
        The bushing's axes in the drawing, a rotation matrix whose columns are the axes
        (None: the drawing's axes).
    preload : array_like, optional
        f₀ of (B.3): the force and moment the bushing applies to body_j at zero deflection,
        in the bushing axes (None: zero).
    """

    body_i: str
    body_j: str
    at: object
    stiffness: object
    damping: object = 0.0
    axes: object = None
    preload: object = None

    def __post_init__(self):
        where = self._where()
        check_two_bodies(where, self.body_i, self.body_j, "deflect", "the bushing")
        if isinstance(self.at, str):
            if not self.at:
                raise InputError(f"{where}: at must be a point's name or its drawn coordinates, got ''.")
        else:
            at = _numbers(where, "at", self.at, "m")
            if at.shape not in ((2,), (3,)):
                raise InputError(f"{where}: at takes a point's name or 2 (plane) or 3 (space) coordinates in the "
                                 f"drawing, got shape {at.shape}.")
            object.__setattr__(self, "at", tuple(float(x) for x in at))
        for slot, unit in (("stiffness", "N/m and N·m/rad"), ("damping", "N·s/m and N·m·s/rad")):
            object.__setattr__(self, slot, _matrix_entries(where, slot, getattr(self, slot), unit))
        if self.axes is not None:
            axes = _numbers(where, "axes", self.axes, "")
            if axes.shape not in ((2, 2), (3, 3)):
                raise InputError(f"{where}: axes takes a 2 × 2 or 3 × 3 rotation matrix (its columns the bushing's "
                                 f"axes in the drawing), got shape {axes.shape}.")
            error = float(np.abs(axes.T @ axes - np.eye(len(axes))).max())
            if error > AXES_TOLERANCE or np.linalg.det(axes) < 0:
                what = (f"its columns are not orthonormal (AᵀA − I off by {error:.2g})" if error > AXES_TOLERANCE
                        else "its determinant is −1 (a reflection)")
                raise InputError(f"{where}: axes must be a rotation matrix, but {what}: give orthonormal columns "
                                 "forming a right-handed frame (det +1).")
            object.__setattr__(self, "axes", tuple(tuple(float(x) for x in row) for row in axes))
        if self.preload is not None:
            preload = _numbers(where, "preload", self.preload, "N and N·m")
            if preload.shape not in ((3,), (6,)):
                raise InputError(f"{where}: preload takes 3 (plane: force x, y and moment) or 6 (space) numbers, "
                                 f"got shape {preload.shape}.")
            object.__setattr__(self, "preload", tuple(float(x) for x in preload))

    def _where(self) -> str:
        return f"Bushing {self.body_i}–{self.body_j}"

    # ------------------------------------------------------------------ the model
    def _check(self, model: Model) -> None:
        """The bushing against the model: its bodies, point, sizes and frames."""
        where = self._where()
        mechanism = model.mechanism
        dim = mechanism.dimension
        known = [GROUND] + list(model.body_names)
        for body in (self.body_i, self.body_j):
            if body not in known:
                raise InputError(f"{where}: '{body}' is not a body of '{mechanism.name}'; its bodies are {known}.")
        if isinstance(self.at, str):
            holders = [b for b in (self.body_i, self.body_j)
                       if b in mechanism.bodies and self.at in mechanism.bodies[b].points]
            if not holders:
                raise InputError(f"{where}: at='{self.at}' is not a point of '{self.body_i}' or '{self.body_j}': "
                                 "give a point one of the two bodies lists, or the bushing's coordinates in the "
                                 "drawing.")
        elif len(self.at) != dim:
            raise InputError(f"{where}: at has {len(self.at)} coordinates; '{mechanism.name}' is "
                             f"{'planar' if dim == 2 else 'spatial'}: give {dim}.")
        size = 3 if dim == 2 else 6
        for slot in ("stiffness", "damping", "preload"):
            value = getattr(self, slot)
            if value is not None and not np.isscalar(value) and len(value) != size:
                raise InputError(f"{where}: {slot} has {len(value)} components; in "
                                 f"{'the plane' if dim == 2 else 'space'} a bushing has {size} ("
                                 f"{'x, y, rz' if dim == 2 else 'x, y, z, rx, ry, rz'}): give a {size} × {size} "
                                 f"matrix or its diagonal of {size}.")
        if self.axes is not None and len(self.axes) != dim:
            raise InputError(f"{where}: axes is {len(self.axes)} × {len(self.axes)}; give a {dim} × {dim} rotation.")
        facts = _MODEL_FACTS.setdefault(model, {})
        for body in (self.body_i, self.body_j):
            if body == GROUND or ("frame", body) in facts:
                continue
            if model.placement(model.reference_q, body).frame is None:
                raise InputError(f"{where}: body '{body}' is two points in space, which has no frame in the "
                                 f"{model.family} model (its spin about its line is not modelled), so a bushing "
                                 "cannot hold its rotation: give the body a third point or a unit vector.")
            facts[("frame", body)] = True

    def _drawn(self, model: Model) -> tuple[np.ndarray, np.ndarray]:
        """(x⁰, B⁰): the bushing's point and axes in the drawing."""
        dim = model.mechanism.dimension
        if isinstance(self.at, str):
            holder = self.body_i if self.at in model.mechanism.bodies[self.body_i].points else self.body_j
            point = np.asarray(model.mechanism.bodies[holder].points[self.at], dtype=float)
        else:
            point = np.asarray(self.at, dtype=float)
        return point, np.eye(dim) if self.axes is None else np.array(self.axes)

    def matrices(self, model: Model) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(K, C, f₀) of (B.3) at the size of the model (3 × 3 in the plane, 6 × 6 in space)."""
        size = 3 if model.mechanism.dimension == 2 else 6
        K, C = (_full(getattr(self, slot), size) for slot in ("stiffness", "damping"))
        return K, C, np.zeros(size) if self.preload is None else np.array(self.preload)

    def _frames(self, model: Model, q, body: str):
        """(columns, o, o_q, o_qq, R, R_q, R_qq, o⁰) of a body (the ground: fixed, no columns)."""
        dim = model.mechanism.dimension
        if body == GROUND:
            return (np.zeros(0, dtype=int), np.zeros(dim), np.zeros((dim, 0)), np.zeros((dim, 0, 0)), np.eye(dim),
                    np.zeros((dim, dim, 0)), np.zeros((dim, dim, 0, 0)), np.zeros(dim))
        d = model.placement_derivatives(q, body)
        return d.columns, d.origin, d.origin_q, d.origin_qq, d.frame, d.frame_q, d.frame_qq, d.drawn_origin

    def _kinematics(self, model: Model, q) -> dict:
        """s of (B.2) and its derivatives s_q, s_qq over the union of the bodies' columns,
        with the geometry (B.6) needs."""
        self._check(model)
        q = model.configuration(q)
        x0, B0 = self._drawn(model)
        ends = [self._frames(model, q, body) for body in (self.body_i, self.body_j)]
        columns = np.union1d(ends[0][0], ends[1][0]).astype(int)
        m = len(columns)
        placed = []
        for cols, o, o_q, o_qq, R, R_q, R_qq, o0 in ends:
            at = np.searchsorted(columns, cols)
            Rq, Rqq = np.zeros(R.shape + (m,)), np.zeros(R.shape + (m, m))
            oq, oqq = np.zeros(o.shape + (m,)), np.zeros(o.shape + (m, m))
            Rq[..., at], oq[..., at] = R_q, o_q
            Rqq[..., at[:, None], at[None, :]], oqq[..., at[:, None], at[None, :]] = R_qq, o_qq
            arm = x0 - o0
            placed.append(dict(o=o, p=R @ arm + o, p_q=np.einsum("ijk,j->ik", Rq, arm) + oq,  # (B.1)
                               p_qq=np.einsum("ijkl,j->ikl", Rqq, arm) + oqq, B=R @ B0,
                               B_q=np.einsum("ijk,jl->ilk", Rq, B0), B_qq=np.einsum("ijkl,jm->imkl", Rqq, B0)))
        i, j = placed
        A, A_q, A_qq, Bj, Bj_q, Bj_qq = i["B"], i["B_q"], i["B_qq"], j["B"], j["B_q"], j["B_qq"]
        D, D_q, D_qq = j["p"] - i["p"], j["p_q"] - i["p_q"], j["p_qq"] - i["p_qq"]
        d = A.T @ D                                                                   # (B.2)
        d_q = np.einsum("rak,r->ak", A_q, D) + A.T @ D_q
        cross = np.einsum("rak,rl->akl", A_q, D_q)
        d_qq = (np.einsum("rakl,r->akl", A_qq, D) + cross + cross.transpose(0, 2, 1)
                + np.einsum("ra,rkl->akl", A, D_qq))
        S = A.T @ Bj
        S_q = np.einsum("rak,rb->abk", A_q, Bj) + np.einsum("ra,rbk->abk", A, Bj_q)
        mixed = np.einsum("rak,rbl->abkl", A_q, Bj_q)
        S_qq = (np.einsum("rakl,rb->abkl", A_qq, Bj) + mixed + mixed.transpose(0, 1, 3, 2)
                + np.einsum("ra,rbkl->abkl", A, Bj_qq))
        return dict(columns=columns, s=np.concatenate([d, axial(S)]), s_q=np.concatenate([d_q, axial(S_q)]),
                    s_qq=np.concatenate([d_qq, axial(S_qq)]), A=A, Bj=Bj, p_j=j["p"], o_i=i["o"], o_j=j["o"])

    # ------------------------------------------------------------------ the load
    def deflection(self, model: Model, q) -> tuple[np.ndarray, np.ndarray]:
        """(d, φ) of (B.2): the translation (dim,) of body j's bushing point in body i's
        bushing axes, and the relative rotation (1 number in the plane, 3 in space)."""
        s = self._kinematics(model, q)["s"]
        dim = model.mechanism.dimension
        return s[:dim], s[dim:]

    def _tension(self, model: Model, k: dict, qd) -> tuple[np.ndarray, np.ndarray]:
        """(g, ṡ) of (B.3) on the kinematics k."""
        K, C, preload = self.matrices(model)
        rate = k["s_q"] @ model.configuration(qd, "qd")[k["columns"]]
        return K @ k["s"] + C @ rate - preload, rate

    def generalized_force(self, model: Model, t: float, q, qd) -> np.ndarray:
        """Q = −s_qᵀ g of (B.4)."""
        k = self._kinematics(model, q)
        Q = np.zeros(model.n_coordinates)
        Q[k["columns"]] = -k["s_q"].T @ self._tension(model, k, qd)[0]
        return Q

    def tangent(self, model: Model, t: float, q, qd) -> tuple[np.ndarray, np.ndarray]:
        """(∂Q/∂q, ∂Q/∂q̇) of (B.5), exact in every family."""
        k = self._kinematics(model, q)
        K, C, _ = self.matrices(model)
        columns, s_q, s_qq = k["columns"], k["s_q"], k["s_qq"]
        g, _ = self._tension(model, k, qd)
        rate_q = s_qq @ model.configuration(qd, "qd")[columns]                     # ∂ṡ/∂q = s_qq q̇
        n, index = model.n_coordinates, np.ix_(columns, columns)
        stiffness, damping = np.zeros((n, n)), np.zeros((n, n))
        stiffness[index] = -s_q.T @ (K @ s_q + C @ rate_q) - np.einsum("a,akl->kl", g, s_qq)
        damping[index] = -s_q.T @ C @ s_q
        return stiffness, damping

    def potential(self, model: Model, q) -> float:
        """V = ½ sᵀ K s − f₀ᵀ s of (B.3)."""
        s = self._kinematics(model, q)["s"]
        K, _, preload = self.matrices(model)
        return float(0.5 * s @ K @ s - preload @ s)

    def body_wrenches(self, model: Model, t: float, q, qd) -> dict[str, tuple[np.ndarray, np.ndarray]]:
        """{body: (F, n)} of (B.7): the force (dim,) in ground axes and the moment about the
        body's origin (``model.placement(q, body).origin``; the ground's: the drawing's
        origin), shape (1,) in the plane and (3,) in space, on each of the two bodies (the
        ground under ``"ground"``). Their virtual power is Q on the motions the constraints
        allow (see the module); F_i = −F_j and the moments balance."""
        k = self._kinematics(model, q)
        g, _ = self._tension(model, k, qd)
        dim = model.mechanism.dimension
        A, Bj = k["A"], k["Bj"]
        turns = [np.array([[0.0, -1.0], [1.0, 0.0]])] if dim == 2 else [_skew(e) for e in np.eye(3)]
        on_j = np.column_stack([np.concatenate([A.T @ X @ (k["p_j"] - k["o_j"]), axial(A.T @ X @ Bj)])
                                for X in turns])                                         # (B.6)
        on_i = -np.column_stack([np.concatenate([A.T @ X @ (k["p_j"] - k["o_i"]), axial(A.T @ X @ Bj)])
                                 for X in turns])
        force_j = -A @ g[:dim]                                                           # (B.7)
        return {self.body_i: (-force_j, -on_i.T @ g), self.body_j: (force_j, -on_j.T @ g)}

    def shared_points(self, mechanism) -> dict[str, list[str]]:
        """None: the bushing names the bodies it acts on."""
        return {}


#: Per model, the bodies checked to have a frame.
_MODEL_FACTS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _skew(v: np.ndarray) -> np.ndarray:
    """[v]×: [v]× w = v × w."""
    return np.array([[0.0, -v[2], v[1]], [v[2], 0.0, -v[0]], [-v[1], v[0], 0.0]])


def _numbers(where: str, slot: str, value, unit: str) -> np.ndarray:
    """Finite numbers, or an InputError naming the slot."""
    if isinstance(value, str) or (isinstance(value, (tuple, list)) and any(isinstance(v, str) for v in value)):
        raise InputError(f"{where}: {slot} must be numbers{' in ' + unit if unit else ''}, got the string "
                         f"{value!r}; write the numbers without quotes.")
    try:
        array = np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        raise InputError(f"{where}: {slot} must be numbers{' in ' + unit if unit else ''}, got "
                         f"{type(value).__name__} {value!r}.") from None
    if not np.isfinite(array).all():
        raise InputError(f"{where}: {slot} is not finite ({value!r}); give finite numbers.")
    return array


def _matrix_entries(where: str, slot: str, value, unit: str):
    """A stiffness or damping as given, checked (a number, a diagonal of 3 or 6, or a 3 × 3
    or 6 × 6 matrix, symmetric and positive semi-definite) and stored as tuples."""
    if is_real_number(value) and slot == "damping":
        if not np.isfinite(float(value)) or float(value) < 0:
            raise InputError(f"{where}: damping must be ≥ 0 in {unit}, got {value!r}.")
        return float(value)
    array = _numbers(where, slot, value, unit)
    if array.shape not in ((3,), (6,), (3, 3), (6, 6)):
        raise InputError(f"{where}: {slot} takes a 3 × 3 (plane) or 6 × 6 (space) matrix in {unit}, or the vector "
                         f"of its diagonal (3 or 6 numbers), got shape {array.shape}.")
    matrix = np.diag(array) if array.ndim == 1 else array
    largest = max(float(np.abs(matrix).max()), 1e-300)
    asymmetry = np.abs(matrix - matrix.T)
    if asymmetry.max() > SYMMETRY_TOLERANCE * largest:
        a, b = np.unravel_index(int(np.argmax(asymmetry)), matrix.shape)
        raise InputError(f"{where}: {slot} is not symmetric: entry [{a}, {b}] = {matrix[a, b]:g} but [{b}, {a}] = "
                         f"{matrix[b, a]:g}; symmetrise it or give the diagonal.")
    lowest = float(np.linalg.eigvalsh(0.5 * (matrix + matrix.T)).min())
    if lowest < -DEFINITENESS_TOLERANCE * largest:
        raise InputError(f"{where}: {slot} is indefinite: eigenvalue {lowest:.6g} < 0; a bushing stores energy and "
                         f"dissipates it, so give a positive semi-definite {slot} (each diagonal entry ≥ 0 for a "
                         "diagonal).")
    return tuple(float(x) for x in array) if array.ndim == 1 else tuple(tuple(float(x) for x in row) for row in array)


def _full(value, size: int) -> np.ndarray:
    """The matrix of a stored stiffness or damping at the model's size."""
    if np.isscalar(value):
        return float(value) * np.eye(size)
    array = np.array(value)
    return np.diag(array) if array.ndim == 1 else array
