"""Sustained contact: which touching contacts press, stick or slide, and the equations of
motion with them.

Between impacts a contact is *off* (free flight of its point) or *on*: then its gap is
held at zero, g = 0, by a normal force f_n ≥ 0, and the point either *sticks*
(v_t = 0, held by a friction force ‖f_t‖ ≤ μ f_n) or *slides* with s = sign v_t and the
friction force f_t = −μ s f_n. The equations of motion of the multipliers formulation
grow by these rows (module ``mbtools.dynamics.multipliers``):

    M q̈ + Φ_qᵀ λ − (C_n − μ s C_t)ᵀ f_n − C_tᵀ f_t = Q − h,
    Φ_q q̈ = γ,      C_n q̈ = −Ċ_n q̇,      C_t q̈ = −Ċ_t q̇  (sticking only),

the force columns of a sliding contact carry its friction, so the system is square but
not symmetric. Which contacts are on, and how, is chosen by enumeration over the
touching contacts (at most 4ᵏ combinations) as for impacts: the first combination in
which every on contact pushes (f_n ≥ 0), every sticking one stays in its cone
(‖f_t‖ ≤ μ f_n), every contact that starts to slide slides the way its friction allows
(s a_t ≥ 0) and every off contact does not accelerate into the plane (a_n ≥ 0).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np

from ..errors import MbtoolsError
from ..model.rank import pivoted_qr, rank_of_diagonal
from .kernels import saddle_point_matrix


@dataclass(frozen=True)
class Mode:
    """The state of one contact in sustained contact: "stick", or "slide" with s = ±1."""

    law: str
    sign: float = 0.0


def contact_equations(system, q, qd, t, modes: dict):
    """The equations of motion's rows with the contacts in ``modes`` on (name →
    :class:`Mode`): (rows A, force columns C, right-hand side c, the joints' rows kept, the
    contacts' labels), for M q̈ + Cᵀ (λ, f) = Q − h and A q̈ = c (see the module): the
    joints' independent rows first (pivoted QR), then each on contact's normal row and,
    sticking, its tangent row, labelled (name, "n") or (name, "t"). A sliding contact's
    column carries its friction, −(C_n − μ s C_t); the others are −C_n, −C_t, so that its
    multiplier is the contact force itself."""
    model = system.model
    J, rhs = system.acceleration_constraints(q, qd, t, stabilised=False)
    if J.size:
        factors, pivots, _ = pivoted_qr(J)
        kept = pivots[:rank_of_diagonal(np.abs(factors.diagonal()))]
    else:
        kept = np.zeros(0, dtype=int)
    rows, columns, right = [J[kept]], [J[kept]], [rhs[kept]]
    labels = []
    for contact in system.contacts:
        mode = modes.get(contact.name)
        if mode is None:
            continue
        normal, tangent = contact.rows(model, q)
        curvature_n, curvature_t = contact.curvature(model, q, qd)
        friction = contact.friction if tangent is not None else 0.0
        rows.append(normal[None, :])
        right.append(np.array([-curvature_n]))
        column = normal - friction * mode.sign * tangent if mode.law == "slide" and friction else normal
        columns.append(-column[None, :])
        labels.append((contact.name, "n"))
        if mode.law == "stick" and friction:
            rows.append(tangent[None, :])
            right.append(np.array([-curvature_t]))
            columns.append(-tangent[None, :])
            labels.append((contact.name, "t"))
    return np.vstack(rows), np.vstack(columns), np.concatenate(right), kept, labels


def contact_forces(system, modes: dict, labels: list, values: np.ndarray) -> dict:
    """{contact name: (f_n, f_t)} from the contacts' multipliers ``values`` (in the order
    of ``labels``), a sliding contact's friction f_t = −μ s f_n."""
    forces = {name: [0.0, 0.0] for name in modes}
    for (name, direction), value in zip(labels, values):
        forces[name][0 if direction == "n" else 1] = float(value)
    for name, mode in modes.items():
        if mode.law == "slide":
            forces[name][1] = -_by_name(system, name).friction * mode.sign * forces[name][0]
    return {name: tuple(f) for name, f in forces.items()}


def refuse_unsolvable(system, modes: dict, t: float, residual: float, scale: float) -> None:
    """The error where the equations with the contacts on have no solution."""
    if residual > 1e-8 * max(scale, 1.0):
        raise MbtoolsError(f"The equations of motion of '{system.model.mechanism.name}' with its contacts "
                           f"{sorted(modes)} on have no solution at t = {t:.6g}: the contacts hold more than "
                           "its freedoms allow, in directions that cannot all hold.")


def contact_accelerations(system, q, qd, t, modes: dict):
    """(q̈, λ of the joints' rows, {contact name: (f_n, f_t)}) with the contacts in
    ``modes`` on (name → :class:`~mbtools.dynamics.contact_modes.Mode`), by the
    multipliers: the saddle-point system of :func:`~mbtools.dynamics.contact_modes.contact_equations`."""
    A_rows, A_columns, rhs, kept, labels = contact_equations(system, q, qd, t, modes)
    n = system.model.n_coordinates
    A = saddle_point_matrix(system.mass_matrix(q), A_rows, A_columns)
    b = np.concatenate([system.forces(q, qd, t), rhs])
    try:
        x = np.linalg.solve(A, b)
    except np.linalg.LinAlgError:  # contacts that share a direction: the least-norm split of their forces
        x, *_ = np.linalg.lstsq(A, b, rcond=1e-12)
    refuse_unsolvable(system, modes, t, float(np.abs(A @ x - b).max()), float(np.abs(b).max()))
    multipliers = np.zeros(len(system.rows))
    multipliers[kept] = x[n:n + len(kept)]
    return x[:n], multipliers, contact_forces(system, modes, labels, x[n + len(kept):])


def choose_modes(system, q, qd, t, touching: list, speed_tolerance: float, barred: dict | None = None) -> dict:
    """The consistent on/off, stick/slide state of the ``touching`` contacts (their gaps
    and normal velocities zero): the first of the enumeration that passes every check
    (see the module), preferring contacts on, then sticking. ``barred`` names a law not
    to choose for a contact ("stick", or "on"): the one whose limit was just reached."""
    barred = barred or {}
    model = system.model
    options = []
    for contact in touching:
        _, tangent = contact.rows(model, q)
        choices: list = []
        if tangent is None or contact.friction == 0:
            choices = [Mode("slide", 0.0)]
        else:
            vt = float(tangent @ qd)
            if abs(vt) > speed_tolerance:
                choices = [Mode("slide", float(np.sign(vt)))]
            else:
                choices = [Mode("stick"), Mode("slide", 1.0), Mode("slide", -1.0)]
        if barred.get(contact.name) == "on":
            choices = []
        choices = [c for c in choices if not (barred.get(contact.name) == "stick" and c.law == "stick")]
        options.append([(contact, choice) for choice in choices] + [(contact, None)])
    for combination in itertools.product(*options):
        modes = {contact.name: mode for contact, mode in combination if mode is not None}
        try:
            qdd, _, forces = contact_accelerations(system, q, qd, t, modes)
        except MbtoolsError:
            continue
        if _consistent(system, q, qd, qdd, forces, combination, speed_tolerance):
            return modes
    raise MbtoolsError(f"No consistent state of the contacts {[c.name for c in touching]} of "
                       f"'{model.mechanism.name}' at t = {t:.6g} (a Painlevé case): lower the friction.")


def _consistent(system, q, qd, qdd, forces, combination, speed_tolerance) -> bool:
    model = system.model
    scale = max(max((abs(f) for pair in forces.values() for f in pair), default=0.0), 1e-300)
    acceleration = 1e-9 * max(float(np.abs(qdd).max()), 1e-300)
    for contact, mode in combination:
        normal, tangent = contact.rows(model, q)
        curvature_n, curvature_t = contact.curvature(model, q, qd)
        if mode is None:
            if normal @ qdd + curvature_n < -acceleration:
                return False
            continue
        fn, ft = forces[contact.name]
        if fn < -1e-12 * scale:
            return False
        if mode.law == "stick" and abs(ft) > contact.friction * fn + 1e-12 * scale:
            return False
        if mode.law == "slide" and mode.sign and tangent is not None and abs(tangent @ qd) <= speed_tolerance:
            if mode.sign * (tangent @ qdd + curvature_t) < -acceleration:
                return False
    return True


def _by_name(system, name):
    return next(c for c in system.contacts if c.name == name)
