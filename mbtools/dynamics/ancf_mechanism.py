"""Flexible mechanisms: planar ANCF beams and rigid bodies in natural coordinates,
assembled through shared points and slopes, with one constant mass matrix.

Natural coordinates place a rigid body by its points, so that its mass matrix is constant
(book, equation eq-eom-element-mass); the absolute nodal coordinate formulation does the same
for a beam (:mod:`mbtools.dynamics.ancf`, (A.1)–(A.3)). Both kinds of body therefore share
one coordinate vector

    q = (moving points r_P, 2 each; beam slopes r,ₓ, 2 per node)                  (F.1)

in which a point shared by two bodies is one pair of coordinates — a pin joint with no
equation — and ground points are constants, not coordinates. The kinetic energy is
½ q̇ᵀMq̇ with the **constant** M assembled from

* each rigid body i → j (mass m, centre G = r_i + c₁ d + c₂ d⊥ with d = r_j − r_i,
  (c₁, c₂) = (a, b)/L, polar inertia J_G about G): the 4 × 4 matrix of
  ``mbtools.dynamics.symbolic.planar_element_mass`` (book, equation eq-eom-planar-element),
  in closed form with I_i = J_G + m(a² + b²), (F.2)
* each beam: its matrix (A.3) on its nodes' points and slopes, (F.3)
* each point mass: m 𝟙₂ on its point.

Gravity g and dead loads are a constant force F (F.4): C(c_G)ᵀ m g on a body's points
(C = [(1 − c₁)𝟙 − c₂S, c₁𝟙 + c₂S], S the 90° turn), the beams' (A.4), m g on a point
mass; their potential is −Fᵀz (z = q with the ground constants appended). The beams'
elastic force Q(q) = −∂U/∂q and stiffness K(q) are the beams' (A.10), assembled.

**Constraints** Φ(q, t) = 0, each row quadratic in its local coordinates x,
Φ_k = ½ xᵀH_k x + g_kᵀx + c_k with H_k constant, and owned by a named element::

    rigid body    |r_j − r_i|² − L² = 0                                          (F.5)
    clamp         r,ₓ × R(φ₀)(r_j − r_i) = 0: the node's slope keeps its reference
                  angle φ₀ to the body (a × b = a_x b_y − a_y b_x); to the ground,
                  r,ₓ × d₀ = 0 along a fixed direction d₀                        (F.6)
    slider        n · (r_P − r₀) = 0, n the unit normal of the ground line        (F.7)
    crank angle   w(θ) · d = 0,  w = (sin θ, −cos θ), d = r_j − r_i (d × u(θ))    (F.8)

The crank row is rheonomic; with u = (cos θ, sin θ), Φ_t = θ̇ u·d, Φ_qt q̇ = θ̇ u·ḋ and
Φ_tt = θ̈ u·d − θ̇² Φ (F.9), so that the right side of Φ_q q̈ = γ is

    γ = −(Φ_q q̇)_q q̇ − 2Φ_qt q̇ − Φ_tt = −q̇ᵀH q̇ − 2θ̇ u·ḋ − θ̈ u·d + θ̇² Φ.       (F.10)

Its Jacobian row w is perpendicular to d on the branch d ∥ u: (F.5) and (F.8) stay
independent at every angle. Statics and motion: :mod:`mbtools.dynamics.ancf_mechanism_motion`.

Example
-------
A cantilever clamped to a wall (a rigid body on two ground points) bends under a small
tip load as P L³/(3EI):

>>> from mbtools.dynamics.ancf_beam import straight_beam
>>> from mbtools.dynamics.ancf_mechanism_motion import static_equilibrium
>>> m = FlexibleMechanism("cantilever", gravity=(0.0, 0.0))
>>> m.add_ground({"W": (-0.2, 0.0), "O": (0.0, 0.0)})
>>> m.add_rigid_body("wall", "W", "O", mass=1.0)
>>> m.add_points({"tip": (1.0, 0.0)})
>>> beam = straight_beam(1.0, 2, youngs_modulus=1e4, area=1.0, second_moment=1e-4, density=1.0)
>>> m.add_beam("rod", beam, nodes={0: "O", -1: "tip"})          # EI = 1, L = 1
>>> m.add_clamp("weld", "rod", 0, body="wall")
>>> m.add_load("P", "tip", (0.0, -1e-4))
>>> q = static_equilibrium(m).q
>>> round(float(-m.point(q, "tip")[1] / (1e-4 / 3)), 6)
1.0
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..errors import InputError, MechanismError, UnknownNameError
from ..model.arguments import is_real_number
from .ancf_beam import AncfBeam
from .prescribed import prescribed_motion

#: The 90° turn of the plane, d⊥ = S d.
TURN = np.array([[0.0, -1.0], [1.0, 0.0]])
#: a × b = aᵀ J b in the plane.
CROSS = np.array([[0.0, 1.0], [-1.0, 0.0]])


def _vector(where: str, what: str, value, unit: str) -> np.ndarray:
    """Two finite numbers, or an InputError that names them."""
    try:
        v = np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        v = None
    if v is None or v.shape != (2,) or not np.isfinite(v).all():
        raise InputError(f"{where}: {what} must be two finite numbers ({unit}), got {value!r}.")
    return v


def _direction(where: str, value) -> np.ndarray:
    """A unit vector along ``value``, or an InputError."""
    d = _vector(where, "direction", value, "a direction")
    if not np.linalg.norm(d) > 0.0:
        raise InputError(f"{where}: the direction must not be zero, got {value!r}.")
    return d / np.linalg.norm(d)


def _number(where: str, what: str, value, positive: bool = True) -> float:
    if not is_real_number(value) or not np.isfinite(float(value)) or float(value) < 0.0 or (
            positive and float(value) == 0.0):
        raise InputError(f"{where}: {what} must be a {'positive' if positive else 'non-negative'} number, "
                         f"got {value!r}.")
    return float(value)


def rigid_body_mass(mass: float, length: float, a: float, b: float, inertia: float) -> np.ndarray:
    """The constant 4 × 4 mass matrix (F.2) of a planar body on (x_i, y_i, x_j, y_j): the
    closed form of ``mbtools.dynamics.symbolic.planar_element_mass``, with G at (a, b)
    from i (a along i → j, b to its left) and the polar inertia J_G about G."""
    moment = (inertia + mass * (a * a + b * b)) / length**2       # I_i / L²
    p, s, c = mass - 2.0 * mass * a / length + moment, mass * a / length - moment, mass * b / length
    return np.array([[p, 0.0, s, -c], [0.0, p, c, s], [s, c, moment, 0.0], [-c, s, 0.0, moment]])


@dataclass
class ConstraintRow:
    """Φ = ½ xᵀHx + g(t)ᵀx + c of the local coordinates x = z[slots] (slots ≥ 0 are
    coordinates, < 0 ground constants), constant H and c; g constant too, except on a
    crank row (F.8), whose ``motion`` gives θ(t). ``scale`` is the row's unit (ℓ or ℓ²; 0:
    the mechanism's size) and ``owner`` the element it belongs to, for messages."""

    owner: str
    slots: np.ndarray
    hessian: np.ndarray
    linear: np.ndarray
    constant: float
    scale: float
    motion: object = None


@dataclass
class RigidBody:
    """A rigid body of two points in natural coordinates (F.2), (F.5)."""

    name: str
    points: tuple[str, str]
    mass: float
    centre: np.ndarray
    inertia: float
    length: float


@dataclass
class BeamPart:
    """A beam of the mechanism: its nodes' point names and slope coordinates."""

    name: str
    beam: AncfBeam
    points: list[str]
    slopes: list[int]


class FlexibleMechanism:
    """Rigid bodies (natural coordinates) and ANCF beams sharing points and slopes, with
    one constant mass matrix; see the module's docstring for the equations (F.1)–(F.10).

    Parameters
    ----------
    name : str
        For messages.
    gravity : sequence of float
        m/s², (0, −9.81) by default; (0, 0) for none.
    """

    def __init__(self, name: str = "flexible mechanism", gravity=(0.0, -9.81)):
        self.name = str(name)
        self.gravity = _vector(f"FlexibleMechanism '{self.name}'", "gravity", gravity, "m/s²")
        self.points: dict[str, tuple[bool, np.ndarray, int]] = {}   # name → (ground, position, slot)
        self.constants, self.n_coordinates, self.coordinate_names = [], 0, []   # ground values; names of q's entries
        self.bodies: dict[str, RigidBody] = {}
        self.beams: dict[str, BeamPart] = {}
        self.rows: list[ConstraintRow] = []
        self.joints: list[str] = []                                 # clamps, sliders, crank drivers
        self.point_masses, self.loads = [], []      # (name, point, mass), (name, point, force)
        self._compiled = None

    def __repr__(self) -> str:
        return (f"<FlexibleMechanism '{self.name}': {len(self.bodies)} rigid bodies, {len(self.beams)} beams, "
                f"{self.n_coordinates} coordinates, {len(self.rows)} constraints>")

    def _new_name(self, kind: str, name) -> str:
        if not isinstance(name, str) or not name:
            raise InputError(f"{self.name}: a {kind} needs a name (a non-empty string), got {name!r}.")
        if name in self.element_names:
            raise MechanismError(f"{self.name}: the name '{name}' of this {kind} is taken by another element.")
        self._compiled = None
        return name

    @property
    def element_names(self) -> set[str]:
        """The names taken by the bodies, beams, joints, drivers, point masses and loads."""
        return set(self.joints) | set(self.bodies) | set(self.beams) | {e[0] for e in self.point_masses + self.loads}

    def _coordinates(self, label: str) -> int:
        k = self.n_coordinates
        self.n_coordinates += 2
        self.coordinate_names += [f"{label}.x", f"{label}.y"]
        return k

    def _add_points(self, points: dict, ground: bool) -> None:
        if not isinstance(points, dict):
            raise InputError(f"{self.name}: points are given as a dict, name → (x, y), got {points!r}.")
        for name, position in points.items():
            if not isinstance(name, str) or not name:
                raise InputError(f"{self.name}: a point's name must be a non-empty string, got {name!r}.")
            if name in self.points:
                raise MechanismError(f"{self.name}: point '{name}' is defined twice.")
            r = _vector(f"{self.name}: point '{name}'", "its position", position, "m")
            slot = -1 - len(self.constants) if ground else self._coordinates(name)   # < 0: a ground constant
            self.constants += r.tolist() if ground else []
            self.points[name] = (ground, r, slot)
        self._compiled = None

    def add_ground(self, points: dict) -> None:
        """Fixed points, name → (x, y) m: constants, not coordinates."""
        self._add_points(points, ground=True)

    def add_points(self, points: dict) -> None:
        """Moving points, name → reference position (x, y) m: two coordinates each."""
        self._add_points(points, ground=False)

    def _point(self, where: str, name) -> tuple[bool, np.ndarray, int]:
        if name not in self.points:
            known = ", ".join(sorted(self.points)) or "none yet"
            raise UnknownNameError(f"{where}: there is no point {name!r} in '{self.name}' (its points: {known}); "
                                   "add it with add_points or add_ground first.")
        return self.points[name]

    def _slots(self, name: str) -> np.ndarray:
        slot = self.points[name][2]
        return np.array([slot, slot + 1]) if slot >= 0 else np.array([slot, slot - 1])

    def add_rigid_body(self, name: str, i: str, j: str, mass: float, centre=None, inertia: float | None = None) -> None:
        """A rigid body of the points i and j (F.2), (F.5).

        Parameters
        ----------
        mass : float
            kg, positive.
        centre : tuple of float, optional
            G in the body's frame from i: along i → j and to its left (m); the middle by
            default.
        inertia : float, optional
            The polar moment J_G about G (kg·m²); m L²/12, a uniform bar, by default.
        """
        name = self._new_name("rigid body", name)
        where = f"rigid body '{name}'"
        ri, rj = self._point(where, i)[1], self._point(where, j)[1]
        length = float(np.linalg.norm(rj - ri))
        if length <= 1e-12 * max(1.0, float(np.abs(ri).max())):
            raise MechanismError(f"{where}: its points '{i}' and '{j}' coincide (both at {ri.tolist()}); a body "
                                 "needs two distinct points.")
        mass = _number(where, "mass", mass)
        centre = np.array([length / 2, 0.0]) if centre is None else _vector(where, "centre", centre, "m")
        inertia = mass * length**2 / 12 if inertia is None else _number(where, "inertia", inertia, positive=False)
        self.bodies[name] = RigidBody(name, (i, j), mass, centre, inertia, length)
        slots, eye = np.concatenate([self._slots(i), self._slots(j)]), np.eye(2)
        if (slots >= 0).any():          # a body on two ground points has no coordinates to constrain
            self.rows.append(ConstraintRow(where, slots, 2.0 * np.block([[eye, -eye], [-eye, eye]]), np.zeros(4),
                                           -length**2, length**2))

    def add_beam(self, name: str, beam: AncfBeam, nodes: dict | None = None) -> None:
        """An ANCF beam whose nodes are points of the mechanism (F.3).

        Parameters
        ----------
        beam : mbtools.dynamics.ancf_beam.AncfBeam
        nodes : dict, optional
            Node index (−1 the last) → the name of an existing point (moving or ground) at
            that node's reference position: a point shared with another body is a pin
            joint, a ground point a pin to the ground. The other nodes become moving points
            named ``"<name>.<index>"``. Every node's slope is two coordinates of its own.
        """
        if not isinstance(beam, AncfBeam):
            raise InputError(f"add_beam '{name}': takes an AncfBeam, got {type(beam).__name__}.")
        name = self._new_name("beam", name)
        where = f"beam '{name}'"
        named: dict[int, str] = {}
        for node, point in (nodes or {}).items():
            try:
                k = beam.node(node)
            except InputError as error:
                raise InputError(f"{where}: {error}") from None
            ground, r, _ = self._point(f"{where}, node {node}", point)
            if point in named.values():
                raise MechanismError(f"{where}: point '{point}' is given to two of its nodes.")
            size = float(beam.lengths.sum())
            if np.linalg.norm(r - beam.nodes[k]) > 1e-9 * max(size, float(np.abs(r).max())):
                raise MechanismError(f"{where}: node {k} is at {beam.nodes[k].tolist()} but point '{point}' is at "
                                     f"{r.tolist()}; a shared point must be where the node is.")
            named[k] = point
        points = [named.get(k, f"{name}.{k}") for k in range(len(beam.nodes))]
        self._add_points({p: beam.nodes[k] for k, p in enumerate(points) if k not in named}, ground=False)
        slopes = [self._coordinates(f"{name}.{k} slope") for k in range(len(beam.nodes))]
        self.beams[name] = BeamPart(name, beam, points, slopes)

    def add_clamp(self, name: str, beam: str, node: int, body: str | None = None, direction=None) -> None:
        """The slope of a beam's node held at its reference angle to a rigid body (F.6) —
        a clamp, with the node's point one of the body's — or, without ``body``, along a
        fixed ground ``direction`` (the node's reference slope by default)."""
        name = self._new_name("clamp", name)
        where = f"clamp '{name}'"
        if beam not in self.beams:
            raise UnknownNameError(f"{where}: there is no beam {beam!r} (beams: {sorted(self.beams)}).")
        part = self.beams[beam]
        try:
            k = part.beam.node(node)
        except InputError as error:
            raise InputError(f"{where}: on beam '{beam}': {error}") from None
        slope = np.array([part.slopes[k], part.slopes[k] + 1])
        reference = part.beam.reference[4 * k + 2:4 * k + 4]
        if body is None:
            d0 = _direction(where, reference if direction is None else direction)
            self.joints.append(name)
            self.rows.append(ConstraintRow(where, slope, np.zeros((2, 2)), CROSS @ d0, 0.0, 1.0))
            return
        if body not in self.bodies:
            raise UnknownNameError(f"{where}: there is no rigid body {body!r} (bodies: {sorted(self.bodies)}).")
        i, j = self.bodies[body].points
        if part.points[k] not in (i, j):
            raise MechanismError(f"{where}: node {k} of beam '{beam}' is point '{part.points[k]}', not a point of "
                                 f"rigid body '{body}' ({i}, {j}); share the point (nodes={{{k}: '{i}'}}) first.")
        d = self.points[j][1] - self.points[i][1]
        angle = np.arctan2(d[0] * reference[1] - d[1] * reference[0], d @ reference)    # φ₀ from d to r,ₓ
        rotation = np.cos(angle) * np.eye(2) + np.sin(angle) * TURN
        block = CROSS @ rotation                                                       # Φ = r,ₓᵀ B (r_j − r_i)
        H = np.zeros((6, 6))
        H[:2, 2:4], H[:2, 4:] = -block, block
        H[2:, :2] = H[:2, 2:].T
        slots = np.concatenate([slope, self._slots(i), self._slots(j)])
        self.joints.append(name)
        self.rows.append(ConstraintRow(where, slots, H, np.zeros(6), 0.0, self.bodies[body].length))

    def add_slider(self, name: str, point: str, origin: str, direction) -> None:
        """A moving point kept on the ground line through the ground point ``origin`` along
        ``direction`` (F.7)."""
        name = self._new_name("slider", name)
        where = f"slider '{name}'"
        ground, r, _ = self._point(where, point)
        if ground:
            raise MechanismError(f"{where}: point '{point}' is a ground point; a slider moves a moving point.")
        if origin not in self.points or not self.points[origin][0]:
            grounds = sorted(p for p, v in self.points.items() if v[0])
            raise UnknownNameError(f"{where}: {origin!r} is not a ground point of '{self.name}' (ground points: "
                                   f"{grounds}); the line passes through a ground point.")
        normal = TURN @ _direction(where, direction)
        self.joints.append(name)
        self.rows.append(ConstraintRow(where, self._slots(point), np.zeros((2, 2)), normal,
                                       -normal @ self.points[origin][1], 0.0))

    def add_crank_driver(self, name: str, body: str, angle) -> None:
        """The angle θ(t) of a rigid body's direction i → j from +x prescribed (F.8)–(F.10):
        a number (held), a sympy expression of ``sympy.Symbol("t")`` or a
        :class:`~mbtools.dynamics.prescribed.PrescribedMotion`."""
        name = self._new_name("crank driver", name)
        where = f"crank driver '{name}'"
        if body not in self.bodies:
            raise UnknownNameError(f"{where}: there is no rigid body {body!r} (bodies: {sorted(self.bodies)}).")
        motion, (i, j) = prescribed_motion(angle, name), self.bodies[body].points
        if self.points[i][0] and self.points[j][0]:
            raise MechanismError(f"{where}: rigid body '{body}' is on two ground points; it cannot be driven.")
        self.joints.append(name)
        self.rows.append(ConstraintRow(where, np.concatenate([self._slots(i), self._slots(j)]), np.zeros((4, 4)),
                                       np.zeros(4), 0.0, self.bodies[body].length, motion))

    def add_point_mass(self, name: str, point: str, mass: float) -> None:
        """A particle of ``mass`` (kg) at a moving point: m 𝟙₂ in M, m g in F."""
        name = self._new_name("point mass", name)
        if self._point(f"point mass '{name}'", point)[0]:
            raise MechanismError(f"point mass '{name}': point '{point}' is a ground point; a mass there never moves.")
        self.point_masses.append((name, point, _number(f"point mass '{name}'", "mass", mass)))

    def add_load(self, name: str, point: str, force) -> None:
        """A dead force (N) at a point: constant in F (F.4)."""
        name = self._new_name("load", name)
        self._point(f"load '{name}'", point)
        self.loads.append((name, point, _vector(f"load '{name}'", "force", force, "N")))

    def compiled(self) -> dict:
        """The constant parts, built once after the last change: M, F on z, the rows'
        indices, the beams' indices in z."""
        if self._compiled is not None:
            return self._compiled
        n, g = self.n_coordinates, self.gravity
        z_index = lambda slots: np.where(slots >= 0, slots, n - 1 - slots)
        M, F = np.zeros((n, n)), np.zeros(n + len(self.constants))
        for body in self.bodies.values():
            index = z_index(np.concatenate([self._slots(p) for p in body.points]))
            c1, c2 = body.centre / body.length
            C = np.hstack([(1 - c1) * np.eye(2) - c2 * TURN, c1 * np.eye(2) + c2 * TURN])
            F[index] += body.mass * C.T @ g
            moving = index < n
            M[np.ix_(index[moving], index[moving])] += rigid_body_mass(body.mass, body.length, *body.centre,
                                                                       body.inertia)[np.ix_(moving, moving)]
        beams = {}
        for name, part in self.beams.items():
            index = z_index(np.concatenate([np.concatenate([self._slots(p), [s, s + 1]])
                                            for p, s in zip(part.points, part.slopes)]))
            moving = index < n
            M[np.ix_(index[moving], index[moving])] += part.beam.mass[np.ix_(moving, moving)]
            F[index] += part.beam.gravity_force(g)
            beams[name] = (index, moving)
        for _, point, mass in self.point_masses:
            index = z_index(self._slots(point))
            M[index, index] += mass
            F[index] += mass * g
        for _, point, force in self.loads:
            F[z_index(self._slots(point))] += force
        # the rows side by side, padded to six local coordinates with z's last entry (a zero)
        m, dummy = len(self.rows), n + len(self.constants)
        index, H, G = np.full((m, 6), dummy), np.zeros((m, 6, 6)), np.zeros((m, 6))
        for k, row in enumerate(self.rows):
            w = len(row.slots)
            index[k, :w], H[k, :w, :w], G[k, :w] = z_index(row.slots), row.hessian, row.linear
        self._compiled = {"mass": M, "force": F, "beams": beams, "constants": np.array(self.constants + [0.0]),
                          "index": index, "hessians": H, "linear": G,
                          "constant": np.array([row.constant for row in self.rows]),
                          "cranks": [k for k, row in enumerate(self.rows) if row.motion is not None]}
        return self._compiled

    @property
    def mass_matrix(self) -> np.ndarray:
        """The constant M of (F.2), (F.3) and the point masses, n × n."""
        return self.compiled()["mass"]

    @property
    def applied_force(self) -> np.ndarray:
        """The constant generalized force F (F.4) of gravity and the dead loads on q."""
        return self.compiled()["force"][:self.n_coordinates]

    @property
    def length_scale(self) -> float:
        """The unit of tolerances, the diagonal of the box around the points (m; 1 where they coincide)."""
        xy = np.array([r for _, r, _ in self.points.values()]).reshape(-1, 2)
        span = float(np.linalg.norm(xy.max(axis=0) - xy.min(axis=0))) if len(xy) else 0.0
        return span if span > 0.0 else 1.0

    @property
    def residual_scales(self) -> np.ndarray:
        """Each row's unit, ℓ or ℓ² (a slider's is :attr:`length_scale`), to judge its residual."""
        return np.array([row.scale or self.length_scale for row in self.rows])

    @property
    def reference_q(self) -> np.ndarray:
        """The drawing's q, the points where they were given and the beams' reference slopes."""
        q = np.zeros(self.n_coordinates)
        for _, r, slot in (point for point in self.points.values() if not point[0]):
            q[slot:slot + 2] = r
        for part in self.beams.values():
            for k, s in enumerate(part.slopes):
                q[s:s + 2] = part.beam.reference[4 * k + 2:4 * k + 4]
        return q

    def extended(self, q: np.ndarray) -> np.ndarray:
        """z = (q, the ground constants, 0), for one q or a stack of them (one row per time)."""
        q, constants = np.asarray(q), self.compiled()["constants"]
        if q.ndim == 1:
            return np.concatenate([q, constants])
        return np.concatenate([q, np.broadcast_to(constants, q.shape[:-1] + constants.shape)], axis=-1)

    def point(self, q: np.ndarray, name: str) -> np.ndarray:
        """The position of a named point, for one q or a stack of them (N, n) → (N, 2)."""
        ground, r, slot = self._point(f"'{self.name}'.point", name)
        q = np.asarray(q)
        return np.broadcast_to(r, q.shape[:-1] + (2,)).copy() if ground else q[..., slot:slot + 2]

    def beam_coordinates(self, q: np.ndarray, name: str) -> np.ndarray:
        """The beam's e (A.1) from q (or a stack of q, one row per time)."""
        if name not in self.beams:
            raise UnknownNameError(f"'{self.name}' has no beam {name!r} (beams: {sorted(self.beams)}).")
        return self.extended(q)[..., self.compiled()["beams"][name][0]]

    def elastic_force(self, q: np.ndarray) -> np.ndarray:
        """Q(q) = −∂U/∂q of the beams (A.10), assembled."""
        n, z = self.n_coordinates, self.extended(q)
        out = np.zeros(n)
        for name, (index, moving) in self.compiled()["beams"].items():
            out[index[moving]] += self.beams[name].beam.elastic_force(z[index])[moving]
        return out

    def stiffness(self, q: np.ndarray) -> np.ndarray:
        """K(q) = −∂Q/∂q of the beams (A.10), assembled."""
        n, z = self.n_coordinates, self.extended(q)
        out = np.zeros((n, n))
        for name, (index, moving) in self.compiled()["beams"].items():
            K = self.beams[name].beam.stiffness(z[index])
            out[np.ix_(index[moving], index[moving])] += K[np.ix_(moving, moving)]
        return out

    def strain_energy(self, q: np.ndarray) -> float:
        """U(q), the beams' (A.5)."""
        z = self.extended(q)
        return sum(self.beams[k].beam.strain_energy(z[index]) for k, (index, _) in self.compiled()["beams"].items())

    def potential_energy(self, q: np.ndarray) -> float:
        """−Fᵀz: the potential of gravity and the dead loads (F.4), exact (−m g·r_G of every mass)."""
        return -float(self.compiled()["force"] @ self.extended(q)[:-1])
