"""One impact in dependent coordinates: Newton's restitution with Coulomb friction.

Over the instant of an impact the positions do not move and the finite forces give no
impulse; the velocity jumps under the contact impulses P_n, P_t and the joints' impulsive
multipliers Λ (García de Jalón & Bayo 1994, sec. 11.3; Pfeiffer & Glocker 1996):

    M (q̇⁺ − q̇⁻) = Φ_qᵀ Λ + C_nᵀ P_n + C_tᵀ P_t,        Φ_q (q̇⁺ − q̇⁻) = 0,

so q̇⁺ − q̇⁻ = W Cᵀ P, W the inverse of M on the motions the joints allow, and the contact
velocities jump by G P, G = C W Cᵀ (the Delassus matrix). With the constant mass matrix of
basic and natural coordinates, M and so W are computed once. Each touching contact then
follows one of four laws:

* separate: P_n = P_t = 0, and v_n⁺ + e v_n⁻ ≥ 0;
* stick:    v_n⁺ = −e v_n⁻ (Newton), v_t⁺ = 0, P_n ≥ 0 and ‖P_t‖ ≤ μ P_n;
* slip:     v_n⁺ = −e v_n⁻, P_t = −μ P_n sign(v_t⁺), P_n ≥ 0 (frictionless: P_t = 0).

Each combination is a linear system in P; all 4ᵏ combinations of k touching contacts are
tried (exact enumeration: k ≤ ``MAX_CONTACTS``), and those whose inequalities hold are
solutions. One contact always has exactly one; several contacts with friction may have
more (Painlevé-like cases) — the one that leaves the least kinetic energy is taken, and the
result says it was not unique.

The kinetic energy changes by T⁺ − T⁻ = ½ Pᵀ (v⁻ + v⁺) (plus the work of prescribed
inputs' impulses). The normal part, ½ P_n v_n⁻ (1 − e), never adds energy; the friction
part can — Newton's kinematic law with friction may create energy (Kane's paradox:
Kane & Levinson 1985; Stronge 2000, sec. 4.4) where a large normal impulse drives the
tangential velocity, in stick at steep angles with e near 1, or in slip that reverses.
Where an impact would add energy, its restitution is lowered to the largest fraction of
the given e that adds none (bisection; at e = 0 a sticking impact only removes energy);
if e = 0 is not enough, the friction is lowered the same way (at e = μ = 0 the impact
only removes energy). The result says so (``energy_limited``) and gives the e and μ
used.

Example
-------
A bar of 1 m and 1 kg falling flat at 1 m/s onto the floor through both ends stops dead
for e = 0, and bounces back at e times its speed:

>>> from mbtools import MultibodySystem, examples, formulate, solve_impact
>>> bar = examples.falling_bar(height=0.0, angle=0.0, restitution=0.5)
>>> system = MultibodySystem(formulate(bar.mechanism, "basic"), contacts=bar.contacts)
>>> res = solve_impact(system, system.model.reference_q, twist={"bar": {"omega": 0.0, "point": ("A", (0.0, -1.0))}})
>>> res.regime
{'A on floor': 'stick', 'B on floor': 'stick'}
>>> [round(float(v), 12) for v in system.model.point_velocity(system.model.reference_q, res.qd, "A")]
[0.0, 0.5]
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

import numpy as np

from ..errors import InputError, MbtoolsError
from ..model.rank import pivoted_qr, rank_of_diagonal
from .kernels import saddle_point_matrix
from .system import MultibodySystem

#: The most touching contacts an impact enumerates (4ᵏ linear systems: 4096 at 6).
MAX_CONTACTS = 6
#: Touching: a gap within this fraction of the mechanism's size.
TOUCHING = 1e-6


@dataclass
class ImpactResult:
    """One impact, solved.

    Attributes
    ----------
    qd, qd_before : ndarray
        q̇⁺ and q̇⁻.
    impulses : dict
        Contact name → (P_n, P_t), N·s: the normal (≥ 0) and the tangential impulse.
    regime : dict
        Contact name → "stick", "slip" or "separate".
    energy_before, energy_after, energy_loss : float
        T⁻, T⁺ and T⁻ − T⁺ (J).
    predicted_loss : float
        −½ Pᵀ (v⁻ + v⁺) over the contacts: equal to ``energy_loss`` where no prescribed
        input does work.
    unique : bool
        False where several combinations of contact laws were consistent.
    energy_limited : bool
        True where the impact would have added energy (Kane's paradox) and the
        restitution (then, if need be, the friction) was lowered until it does not.
    velocities : dict
        Contact name → (v_n⁻, v_n⁺), m/s.
    restitution_used, friction_used : dict
        Contact name → the e and μ the impact was solved with (lower than given where
        ``energy_limited``).
    """

    qd: np.ndarray
    qd_before: np.ndarray
    impulses: dict
    regime: dict
    energy_before: float
    energy_after: float
    predicted_loss: float
    unique: bool = True
    energy_limited: bool = False
    velocities: dict = field(default_factory=dict)
    restitution_used: dict = field(default_factory=dict)
    friction_used: dict = field(default_factory=dict)

    @property
    def energy_loss(self) -> float:
        return self.energy_before - self.energy_after


def touching_contacts(system, q: np.ndarray, qd: np.ndarray) -> list:
    """The contacts of ``system`` whose gap is within ``TOUCHING`` of the
    mechanism's size and whose point is not moving away (v_n ≤ 0, to rounding)."""
    model = system.model
    tolerance = TOUCHING * model.length_scale
    found = []
    for contact in system.contacts:
        if contact.gap(model, q) <= tolerance:
            normal_row, _ = contact.rows(model, q)
            speed = float(np.abs(qd).max()) * max(float(np.abs(normal_row).max()), 1.0)
            if normal_row @ qd <= 1e-12 * max(speed, 1e-300):
                found.append(contact)
    return found


def solve_impact(system, q, qd=None, twist=None, t: float = 0.0) -> ImpactResult:
    """The velocities after an impact at the touching contacts of ``system`` (see the
    module's equations).

    Parameters
    ----------
    system : MultibodySystem
        With ``contacts=``.
    q : array_like
        The position at the impact (projected onto the joints' constraints).
    qd : array_like, optional
        q̇⁻, projected onto the velocity constraints; or give ``twist=`` as in
        :func:`~mbtools.simulate`.
    t : float
        The time (for prescribed inputs).
    """
    from .initial import finite_number, initial_position, initial_velocity

    if not isinstance(system, MultibodySystem):
        raise InputError(f"solve_impact takes a MultibodySystem(model, contacts=[...]), got {type(system).__name__}.")
    if not system.contacts:
        raise InputError("solve_impact needs contacts: MultibodySystem(model, contacts=[PlaneContact(...), ...]).")
    t = finite_number("solve_impact: t", t, "s")
    q = initial_position(system, None, q)
    qd = initial_velocity(system, q, None, qd, twist)
    for contact in system.contacts:
        contact.check_start(system.model, q, TOUCHING * system.model.length_scale)
    contacts = touching_contacts(system, q, qd)
    if not contacts:
        model = system.model
        state = ", ".join(f"'{c.name}': gap {c.gap(model, q):.3g} m, v_n {c.rows(model, q)[0] @ qd:.3g} m/s"
                          for c in system.contacts)
        raise InputError(f"No contact of '{model.mechanism.name}' is touching and approaching ({state}): an impact "
                         f"needs a gap within {TOUCHING:g} of the size and v_n ≤ 0.")
    return impact(system, q, qd, t, contacts)


def impact(system, q: np.ndarray, qd: np.ndarray, t: float, contacts: list, plastic=()) -> ImpactResult:
    """The impact at the given touching ``contacts`` (no checks: for the integrator);
    the contacts named in ``plastic`` take e = 0."""
    model = system.model
    if len(contacts) > MAX_CONTACTS:
        raise MbtoolsError(f"{len(contacts)} contacts of '{model.mechanism.name}' touch at once at t = {t:.6g}: "
                           f"the impact enumerates at most {MAX_CONTACTS}.")
    C, friction = _contact_rows(model, q, contacts)
    WCt = _constrained_inverse(system, q, C)
    G = C @ WCt
    before = C @ qd
    M = system.mass_matrix(q)
    energy = lambda p: float(0.5 * (qd + WCt @ p) @ M @ (qd + WCt @ p))  # noqa: E731
    e = np.array([0.0 if c.name in plastic else c.restitution for c in contacts])
    mu = np.array([c.friction if f else 0.0 for c, f in zip(contacts, friction)])
    found = _enumerate(G, before, e, mu, energy)
    if found is None:
        raise MbtoolsError(f"The impact of '{model.mechanism.name}' at t = {t:.6g} has no solution with Newton's "
                           "restitution and Coulomb friction at its contacts "
                           f"{[c.name for c in contacts]} (a Painlevé case): lower the friction.")
    P, distinct = found
    limit = energy(np.zeros(len(G)))
    limited = energy(P) > limit * (1 + 1e-12) + 1e-15
    if limited:  # Kane's paradox: lower e, then μ, to the largest fraction that adds no energy
        P, e, mu = _energy_limited(G, before, e, mu, energy, limit)
    after_qd = qd + WCt @ P
    after = before + G @ P
    k = len(contacts)
    return ImpactResult(
        qd=after_qd, qd_before=qd,
        impulses={c.name: (float(P[i]), float(P[k + i]) if friction[i] else 0.0) for i, c in enumerate(contacts)},
        regime={c.name: _regime(P, before, after, i, k, friction[i]) for i, c in enumerate(contacts)},
        energy_before=limit, energy_after=energy(P),
        predicted_loss=float(-0.5 * P @ (before + after)),
        unique=distinct == 1, energy_limited=limited,
        velocities={c.name: (float(before[i]), float(after[i])) for i, c in enumerate(contacts)},
        restitution_used={c.name: float(e[i]) for i, c in enumerate(contacts)},
        friction_used={c.name: float(mu[i]) for i, c in enumerate(contacts)},
    )


def _enumerate(G, before, e, mu, energy):
    """(P, number of distinct outcomes) over every combination of contact laws, the one
    that leaves the least kinetic energy; None if no combination is consistent."""
    k = len(e)
    choices = [("separate", "stick", "slip+", "slip-") if mu[i] > 0 else ("separate", "slip") for i in range(k)]
    solutions = []
    for combination in itertools.product(*choices):
        P = _solve_combination(G, before, e, mu, combination)
        if P is not None and _consistent(P, before, before + G @ P, e, mu, combination):
            solutions.append(P)
    if not solutions:
        return None
    scale = max(float(np.abs(before).max()), 1e-300)
    distinct = _distinct([G @ p for p in solutions], scale)
    least = min(energy(p) for p in solutions)  # then, among equal motions, the smallest impulses
    tied = [p for p in solutions if energy(p) <= least + 1e-12 * max(abs(least), 1e-300)]
    return min(tied, key=lambda p: float(p @ p)), distinct


def _energy_limited(G, before, e, mu, energy, limit):
    """The impulses with the restitution scaled by the largest factor in [0, 1] that adds
    no kinetic energy (bisection, 50 halvings), and if e = 0 is not enough, the friction
    as well; with the coefficients used. At e = μ = 0 the impact only removes energy."""
    def adds_energy(e_factor, mu_factor):
        found = _enumerate(G, before, e * e_factor, mu * mu_factor, energy)
        return found is None or energy(found[0]) > limit * (1 + 1e-12) + 1e-15

    e_factor, mu_factor = 1.0, 1.0
    if adds_energy(0.0, 1.0):
        e_factor, (low, high) = 0.0, (0.0, 1.0)
        for _ in range(50):
            low, high = (0.5 * (low + high), high) if not adds_energy(0.0, 0.5 * (low + high)) else (low, 0.5 * (low + high))
        mu_factor = low
    else:
        low, high = 0.0, 1.0
        for _ in range(50):
            middle = 0.5 * (low + high)
            low, high = (middle, high) if not adds_energy(middle, 1.0) else (low, middle)
        e_factor = low
    P, _ = _enumerate(G, before, e * e_factor, mu * mu_factor, energy)
    return P, e * e_factor, mu * mu_factor


def _distinct(jumps: list, scale: float) -> int:
    """How many of the solutions' velocity jumps differ (beyond rounding): a slip law
    with zero slip, or a stick law at zero impulse, gives the same motion as another."""
    kept: list = []
    for jump in jumps:
        if not any(np.abs(jump - other).max() <= 1e-9 * scale for other in kept):
            kept.append(jump)
    return len(kept)


def _regime(P, before, after, i: int, k: int, friction: bool) -> str:
    """What contact i did: "separate" (no impulse), "stick" (no slip after the impact,
    with friction), or "slip"."""
    if P[i] <= 1e-12 * max(float(np.abs(P).max()), 1e-300):
        return "separate"
    if friction and abs(after[k + i]) <= 1e-9 * max(float(np.abs(before).max()), 1e-300):
        return "stick"
    return "slip"


def _contact_rows(model, q, contacts) -> tuple[np.ndarray, list[bool]]:
    """C: the normal rows of every contact, then the tangential rows (zero where a
    contact is frictionless, so that P keeps one slot per contact and direction)."""
    normals, tangents, friction = [], [], []
    for contact in contacts:
        normal, tangent = contact.rows(model, q)
        normals.append(normal)
        has_friction = tangent is not None and contact.friction > 0
        tangents.append(tangent if has_friction else np.zeros_like(normal))
        friction.append(has_friction)
    return np.vstack(normals + tangents), friction


def _constrained_inverse(system, q, C) -> np.ndarray:
    """W Cᵀ: the velocity jumps of unit contact impulses, from the saddle-point system
    [M Φ_qᵀ; Φ_q 0] on an independent set of the joints' rows (pivoted QR)."""
    M = system.mass_matrix(q)
    _, J, _ = system.constraints(q, np.zeros_like(q))
    n = len(M)
    if J.size:
        factors, pivots, _ = pivoted_qr(J)
        J = J[pivots[:rank_of_diagonal(np.abs(factors.diagonal()))]]
    r = len(J)
    A = saddle_point_matrix(M, J)
    rhs = np.zeros((n + r, len(C)))
    rhs[:n] = C.T
    try:
        return np.linalg.solve(A, rhs)[:n]
    except np.linalg.LinAlgError:
        raise MbtoolsError(f"The impulse equations of '{system.model.mechanism.name}' are singular: a body without "
                           "inertia where the joints let it move.") from None


def _solve_combination(G, before, e, mu, combination):
    """P for one combination of laws, the least-norm one where several give the same
    contact velocities; None if it has none."""
    k = len(e)
    A = np.zeros((2 * k, 2 * k))
    b = np.zeros(2 * k)
    for i, law in enumerate(combination):
        normal, tangent = i, k + i
        if law == "separate":
            A[normal, normal] = A[tangent, tangent] = 1.0
            continue
        A[normal] = G[normal]
        b[normal] = -(1.0 + e[i]) * before[normal]
        if law == "stick":
            A[tangent] = G[tangent]
            b[tangent] = -before[tangent]
        else:  # slip: P_t = −s μ P_n (frictionless: P_t = 0)
            A[tangent, tangent] = 1.0
            A[tangent, normal] = {"slip+": 1.0, "slip-": -1.0, "slip": 0.0}[law] * mu[i]
    # least squares, so that where contacts share a direction (a bar landing flat: its
    # ends' tangential rows coincide) the impulses take the smallest split, not any one
    P, *_ = np.linalg.lstsq(A, b, rcond=1e-12)
    if np.abs(A @ P - b).max() > 1e-9 * max(float(np.abs(b).max()), 1e-300):
        return None  # a singular combination with no solution
    return P


def _consistent(P, before, after, e, mu, combination) -> bool:
    """The inequalities of each contact's law, to rounding."""
    k = len(e)
    velocity = 1e-9 * max(float(np.abs(before).max()), 1e-300)
    impulse = 1e-9 * max(float(np.abs(P).max()), 1e-300)
    for i, law in enumerate(combination):
        Pn, Pt, vn, vt = P[i], P[k + i], after[i], after[k + i]
        if law == "separate":
            if vn + e[i] * before[i] < -velocity:
                return False
        elif Pn < -impulse:
            return False
        elif law == "stick" and abs(Pt) > mu[i] * Pn + impulse:
            return False
        elif law in ("slip+", "slip-") and (1.0 if law == "slip+" else -1.0) * vt < -velocity:
            return False
    return True
