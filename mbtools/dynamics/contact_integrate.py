"""Forward dynamics with contacts: smooth motion between events, located and resolved.

Between events an ODE formulation with the contacts that are on — the multipliers
(:mod:`mbtools.dynamics.contact_modes`) by default, or the null-space projection
(``mbtools.dynamics.projection.contact_accelerations``), each formulation's
``contacts`` — is integrated by DOP853 (or RK45) in the one driver of module
``mbtools.dynamics.integrate``, the state projected onto the joints' constraints
and the on contacts (g = 0, v_n = 0, and v_t = 0 where sticking) after every step. The
contacts are a *path* of that driver (:class:`ContactPath`: the derivative, the
projection and the outputs with the contacts on) with an event handler (its
``first_event`` and ``restart``), which the driver calls after each step. After each step the event
functions are checked over the step at :data:`SAMPLES` points of the step's interpolant
(so that a point cannot dip below the plane and out again unseen), and the first sign
change is located by Brent's method on the interpolant to :data:`TIME_TOLERANCE`:

* an off contact's gap g reaching 0 — an **impact**
  (the function ``impact`` of module ``mbtools.dynamics.impact``, over every touching
  contact);
* an on contact's normal force f_n reaching 0 — **lift-off**;
* a sliding contact's v_t reaching 0, or a sticking contact's ‖f_t‖ reaching μ f_n — a
  change between **stick and slip**.

At each event the integrator restarts from the located state with the contacts' state
chosen afresh (:func:`~mbtools.dynamics.contact_modes.choose_modes`).

Bounces that get small would come ever faster (Zeno): an impact whose normal speed is
below ``v_rest`` = √(2 g h_rest), the speed of a fall from h_rest = :data:`REST_HEIGHT`
of the mechanism's size, is made plastic (e = 0) and its contact turns on: the point
stays on the plane, sliding or sticking, until its normal force would pull.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from scipy.optimize import brentq

from ..errors import MbtoolsError
from .contact_modes import choose_modes, contact_accelerations
from .impact import TOUCHING, impact
from .integrate import integrate
from .kernels import mass_orthogonal_correction, newton_projection, row_owners
from .singular import RankWatch

#: Event functions are checked at this many points of each step's interpolant.
SAMPLES = 8
#: Events are located in time to this tolerance (s).
TIME_TOLERANCE = 1e-12
#: The most contact events one simulation accepts.
MAX_EVENTS = 20000
#: A bounce lower than this fraction of the mechanism's size ends the bouncing.
REST_HEIGHT = 1e-4


@dataclass
class ContactEvent:
    """One event of a simulation with contacts: its time, kind ("impact", "lift-off",
    "stick", "slip"; "contact" for a compliant contact's start), the contacts involved
    and, for impacts, the impulses (N·s), the regime of each contact and the kinetic
    energy lost (J); for a compliant contact's start, its approach speed (m/s)."""

    time: float
    kind: str
    contacts: tuple
    impulses: dict = field(default_factory=dict)
    regime: dict = field(default_factory=dict)
    energy_loss: float = 0.0
    energy_limited: bool = False
    approach_speed: float | None = None


def integrate_with_contacts(system, q, qd, times, rtol, progress=None, accelerations=contact_accelerations,
                            integrator: str = "DOP853"):
    """(q, q̇, q̈, λ, contact forces, events, statistics) at the output ``times``, the
    motion between events by the formulation's ``accelerations`` with the contacts on (the
    multipliers' by default; any ODE formulation's ``contacts``) and the ``integrator``;
    statistics counts the integrator's steps, its evaluations of q̈ and the smooth
    segments between events. A contact that starts through its plane, or touching it with
    its normal flipped, is refused by name (``PlaneContact.check_start``)."""
    for contact in system.contacts:
        contact.check_start(system.model, q, TOUCHING * system.model.length_scale)
    path = ContactPath(system, accelerations)
    y = path.restart(0.0, np.concatenate([q, qd]), None)
    n = path.n
    qs, qds, qdds, lams, statistics = integrate(system, path, y[:n], y[n:], times, rtol, progress=progress,
                                                integrator=integrator)
    return qs, qds, qdds, lams, np.array(path.forces), path.events, statistics


class ContactPath:
    """The contacts as a path of the one driver (``mbtools.dynamics.integrate``): y' with
    the contacts on, the projection onto the joints and those contacts, the outputs, and
    the events — located after each step (``first_event``) and resolved
    (``restart``)."""

    projects = True
    crosses = False  # a contact's state changes at events; singular positions are not crossed

    def __init__(self, system, accelerations=contact_accelerations):
        self.system, self.model, self.accelerations = system, system.model, accelerations
        self.n = system.model.n_coordinates
        self.size = system.model.length_scale
        self.v_rest = float(np.sqrt(2 * max(np.linalg.norm(system.gravity), 1e-300) * REST_HEIGHT * self.size))
        self.speed_tolerance = 1e-9 * max(self.v_rest, 1.0)
        self.events: list[ContactEvent] = []
        self.forces: list = []  # the contact forces at each output time
        self.modes: dict = {}
        self.bars: tuple | None = None  # (t, barred laws) of the last events, while time stands still
        self.watch = RankWatch(0)

    # -- the state between events -------------------------------------------------
    def derivative(self, t, y):
        qdd, _, _ = self.accelerations(self.system, y[:self.n], y[self.n:], t, self.modes)
        return np.concatenate([y[self.n:], qdd])

    def project(self, y, t):
        """y brought onto the joints and the on contacts, mass-orthogonally."""
        system, model, n = self.system, self.model, self.n
        q, qd = y[:n].copy(), y[n:].copy()
        on = [c for c in system.contacts if c.name in self.modes]

        def residual_at(x):  # the joints' rows and the gaps of the contacts on
            phi, J = system.position_constraints(x, t) if system.rows else (np.zeros(0), np.zeros((0, n)))
            return (np.concatenate([phi] + [[c.gap(model, x)] for c in on]),
                    np.vstack([J] + [c.rows(model, x)[0][None, :] for c in on]))

        q, _ = newton_projection(
            q, residual_at, lambda x, residual, rows: mass_orthogonal_correction(system.metric_inverse(x), rows, residual),
            np.concatenate([model.residual_scales[system.rows], np.full(len(on), self.size)]),
            f"'{model.mechanism.name}' at t = {t:.6g} with the contacts {[c.name for c in on]} on",
            row_owners(system) + [f"contact '{c.name}'" for c in on])
        _, J, _ = system.constraints(q, qd, t)
        rows, rates = [J], [system.constraint_rate(q, t)]
        for c in on:
            normal, tangent = c.rows(model, q)
            rows.append(normal[None, :])
            rates.append([0.0])
            if self.modes[c.name].law == "stick" and tangent is not None and c.friction:
                rows.append(tangent[None, :])
                rates.append([0.0])
        rows = np.vstack(rows)
        residual = rows @ qd + np.concatenate(rates)
        if np.abs(residual).any():
            qd = qd - mass_orthogonal_correction(system.metric_inverse(q), rows, residual)
        return np.concatenate([q, qd]), 1.0

    def event_values(self, t, y) -> dict:
        """Each event function at (t, y): positive while nothing happens."""
        system, model, n = self.system, self.model, self.n
        q, qd = y[:n], y[n:]
        values = {}
        forces = self.accelerations(system, q, qd, t, self.modes)[2] if self.modes else {}
        for c in system.contacts:
            mode = self.modes.get(c.name)
            if mode is None:
                values[(c.name, "impact")] = c.gap(model, q) / self.size
            else:
                fn, ft = forces[c.name]
                values[(c.name, "lift-off")] = fn
                if mode.law == "stick" and c.friction:
                    values[(c.name, "slip")] = c.friction * fn - abs(ft)
                elif mode.law == "slide" and mode.sign:
                    values[(c.name, "stick")] = mode.sign * float(c.rows(model, q)[1] @ qd)
        return values

    def at_output(self, q, qd, t):
        """(q̈, λ) at an output time with the contacts on now; their forces are kept."""
        qdd, lam, forces = self.accelerations(self.system, q, qd, t, self.modes)
        self.forces.append([forces.get(c.name, (0.0, 0.0)) for c in self.system.contacts])
        return qdd, lam[:len(self.system.rows)]

    def first_event(self, t0, y0, t1, interpolant):
        """(time, key) of the earliest sign change of an event function over the step."""
        before = self.event_values(t0, y0)
        samples = np.linspace(t0, t1, SAMPLES + 1)[1:]
        previous_t, previous = t0, before
        for ts in samples:
            now = self.event_values(ts, interpolant(ts))
            crossed = [key for key in now if previous.get(key, 1.0) > 0 >= now[key]]
            if crossed:
                roots = []
                for key in crossed:
                    f = lambda s, key=key: self.event_values(s, interpolant(s))[key]  # noqa: E731
                    roots.append((brentq(f, previous_t, ts, xtol=TIME_TOLERANCE) if f(previous_t) > 0 else previous_t, key))
                return min(roots)
            previous_t, previous = ts, now
        return None

    def restart(self, t, y, key):
        """Resolve the event ``key`` at t (an impact, or a change of the contacts' state)
        and choose the contacts' state to go on with; the state to restart from."""
        system, model, n = self.system, self.model, self.n
        q, qd = y[:n], y[n:]
        touching = [c for c in system.contacts if c.gap(model, q) <= TOUCHING * self.size]
        approaching = [c for c in touching if c.rows(model, q)[0] @ qd < -self.speed_tolerance]
        if approaching:
            plastic = {c.name for c in approaching if -(c.rows(model, q)[0] @ qd) < self.v_rest}
            hitting = [c for c in touching if c.rows(model, q)[0] @ qd <= self.speed_tolerance]
            result = impact(system, q, qd, t, hitting, plastic)
            qd = result.qd
            self.events.append(ContactEvent(t, "impact", tuple(result.impulses), result.impulses, result.regime,
                                            result.energy_loss, result.energy_limited))
        elif key is not None:
            self.events.append(ContactEvent(t, key[1], (key[0],)))
        if len(self.events) > MAX_EVENTS:
            raise MbtoolsError(f"'{model.mechanism.name}' has had {MAX_EVENTS} contact events by t = {t:.6g}: the "
                               "contacts chatter between states; check the contacts' data.")
        resting = [c for c in touching if abs(c.rows(model, q)[0] @ qd) <= max(self.speed_tolerance, 1e-9)]
        # the law whose limit was reached is not chosen again at once: it would be left at once; nor are
        # those of other events at the same instant (two corners whose forces vanish together)
        barred = {key[0]: {"slip": "stick", "lift-off": "on"}.get(key[1])} if key is not None and not approaching else {}
        if barred and self.bars is not None and abs(t - self.bars[0]) <= 10 * TIME_TOLERANCE:
            barred = {**self.bars[1], **barred}
        self.bars = (t, barred) if barred else None
        self.modes = choose_modes(system, q, qd, t, resting, self.speed_tolerance, barred) if resting else {}
        return self.project(np.concatenate([q, qd]), t)[0]
