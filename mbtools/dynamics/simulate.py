"""Forward dynamics: integrate a system's equations of motion in time.

Every formulation of :data:`~mbtools.dynamics.FORMULATIONS` works on the same
:class:`~mbtools.MultibodySystem`: the ODE ones give q̈ and are integrated by scipy's
DOP853 with the state projected onto the constraints after each step and the
neighbourhoods of singular positions crossed by ALI3-P (module
``mbtools.dynamics.integrate``); ALI3-P and generalized-α are their own integration rules
(modules ``mbtools.dynamics.ali3p`` and ``mbtools.dynamics.generalized_alpha``), put on
scipy's ``OdeSolver`` contract (``mbtools.dynamics.one_step``) and stepped by the same
driver, at a fixed step or with error control. The default is the multipliers formulation at
rtol = 1e-9 (absolute: 1e-9 of the mechanism's size), error-controlled. "ggl_ida"
integrates the stabilised index-2 equations with SUNDIALS' IDA (module
``mbtools.dynamics.ida``).

Example
-------
A pendulum released horizontally: energy is conserved to the integrator's tolerance
(DOP853), or to the trapezoidal rule's second order (ALI3-P, Δt = 1 ms).

>>> from mbtools import Mechanism, MassProperties, formulate
>>> from mbtools.dynamics import MultibodySystem
>>> m = Mechanism("pendulum")
>>> m.add_ground({"O": (0.0, 0.0)})
>>> m.add_body("bob", {"O": (0.0, 0.0), "P": (1.0, 0.0)}, mass=MassProperties(2.0, (1.0, 0.0), 0.0))
>>> m.add_revolute("ground", "bob", at="O")
>>> system = MultibodySystem(formulate(m, "natural"))
>>> traj = simulate(system, 1.0, "multipliers", rtol=1e-10)
>>> bool(abs(traj.energy - traj.energy[0]).max() < 1e-7)
True
>>> traj = simulate(system, 1.0, "ali3p")              # Δt = 1 ms
>>> bool(abs(traj.energy - traj.energy[0]).max() < 1e-3)
True
>>> traj = simulate(system, 1.0)                       # the default: multipliers, rtol 1e-9
>>> traj.statistics["crossings"], bool(abs(traj.energy - traj.energy[0]).max() < 1e-7)
(0, True)
"""

from __future__ import annotations

import difflib
import numbers

import numpy as np

from ..errors import InputError, MbtoolsError
from .ali3p import ALI3P
from .generalized_alpha import GeneralizedAlpha
from .ida import GGLIDA
from .multipliers import Multipliers
from .projection import Projection
from .recursive import Recursive
from .initial import initial_position, initial_velocity
from .contact_integrate import ContactEvent, integrate_with_contacts
from .integrate import IMPLICIT, INTEGRATORS, STABILISATIONS, integrate
from .jacobians import stiffness_ratio
from .reactions import ReactionSolver
from .load_states import StatePath
from .system import MultibodySystem

#: Every dynamic formulation, one class per file (the protocol of module
#: ``mbtools.dynamics.formulation``): the ODE ones ("ode": q̈ from (q, q̇), integrated by
#: scipy's solvers with projection), the index-3 one-step methods ("one_step": their own
#: integration rule, at a fixed step or with error control) and IDA ("dae").
FORMULATIONS = {cls.name: cls for cls in (Multipliers, Projection, ALI3P, GeneralizedAlpha, GGLIDA, Recursive)}


def _of_kind(kind: str) -> list[str]:
    return [name for name, cls in FORMULATIONS.items() if cls.kind == kind]


class Trajectory:
    """The result of :func:`simulate`: one row per output time.

    Attributes
    ----------
    t, q, qd, qdd : ndarray
        Times (N,) and coordinates, velocities, accelerations (N, n).
    multipliers : ndarray
        λ (N, m), one column per geometric constraint of the system.
    contact_forces : ndarray or None
        With contacts: (N, k, 2), the normal and tangential force of each contact in
        sustained contact (zero in flight).
    events : list
        With contacts: every impact, lift-off and change between stick and slip, in
        order (:class:`~mbtools.dynamics.contact_integrate.ContactEvent`). With
        compliant contacts whose start is an event (a law that remembers its approach
        speed, friction with states): each contact's start, of kind ``"contact"``.
    statistics : dict
        The ODE formulations: DOP853's accepted ``steps`` and ``evaluations`` of q̈, the
        ``crossings`` of singular positions handed to ALI3-P, their ``crossing_steps`` and
        ``rejected_crossing_steps``. With contacts: the integrator's ``steps``, its
        ``evaluations`` of q̈ and the smooth ``segments`` between events. ALI3-P and
        generalized-α: their ``steps``, ``rejected_steps``, ``failed_newton_steps`` and
        ``factorisations`` (generalized-α's Newton matrices), and the fixed ``step`` if
        one was given.
    """

    def __init__(self, system: MultibodySystem, t, q, qd, qdd, lam, contact_forces=None, events=(), load_states=None):
        self.system, self.t, self.q, self.qd, self.qdd, self.multipliers = system, t, q, qd, qdd, lam
        self.contact_forces = contact_forces
        self.load_states = load_states
        self.events = list(events)
        self.statistics: dict = {}

    def point(self, name: str) -> np.ndarray:
        """Positions of a named point, (N, dim)."""
        return self.system.model.point(self.q, name)

    def point_velocity(self, name: str) -> np.ndarray:
        """Velocities of a named point, (N, dim)."""
        model = self.system.model
        return np.array([model.point_velocity(q, qd, name) for q, qd in zip(self.q, self.qd)])

    def driving(self, name: str) -> np.ndarray:
        """The torque (angle input, N·m) or force (slide input, N) a prescribed input
        supplies at each output time, τ = λ_d ∂Φ_d/∂s (as in
        :func:`~mbtools.inverse_dynamics`)."""
        system = self.system
        model = system.model
        if name not in system.prescribed:
            raise InputError(f"'{name}' is not a prescribed input of this system; the prescribed inputs are "
                             f"{sorted(system.prescribed)} (MultibodySystem(..., prescribed={{...}})).")
        k = model.input_names.index(name)
        rows = [i for i, row in enumerate(system.rows) if model.constraints[row].owner == name]
        values = []
        for t, q, lam in zip(self.t, self.q, self.multipliers):
            s, _, _ = system.inputs_at(q, t)
            phi_s = model.phi_s(q, s)[system.rows]
            values.append(sum(lam[i] * phi_s[i, k] for i in rows))
        return np.array(values, dtype=float)

    def reactions(self, joint: str):
        """A joint's reaction at each output time: (force (N, dim), torque (N,) or (N, 3)),
        the force on the joint's second body by its first and the torque about its point
        (the convention of the module ``mbtools.dynamics.reactions``)."""
        names = [j.name for j in self.system.model.mechanism.joints]
        if self.system.contacts:
            raise InputError(f"Joint reactions of '{self.system.model.mechanism.name}' with its contacts are not "
                             "offered in this release: the contact forces are in traj.contact_forces.")
        if joint not in names:
            raise InputError(f"'{joint}' is not a joint of '{self.system.model.mechanism.name}'; its joints are {names}.")
        solver = ReactionSolver(self.system)
        values = [solver.at(q, qd, qdd, t)[joint] for t, q, qd, qdd in zip(self.t, self.q, self.qd, self.qdd)]
        return np.array([v.force for v in values]), np.array([v.torque for v in values])

    @property
    def energy(self) -> np.ndarray:
        """Kinetic plus potential energy at each output time (the elastic energy of
        compliant contacts included)."""
        return np.array([self.system.energy(q, qd) for q, qd in zip(self.q, self.qd)])

    @property
    def dissipated(self) -> np.ndarray:
        """The energy in joules the loads with states have dissipated since the start, by
        the compliant contacts' damping and the work against friction (module
        ``mbtools.dynamics.compliant_contacts``), zero without such loads. ``energy +
        dissipated`` is constant to the integrator's tolerance."""
        if self.load_states is None:
            return np.zeros(len(self.t))
        return self.system.load_states.dissipated(self.system.loads, self.load_states)

    def load_forces(self, index: int) -> np.ndarray:
        """The contact forces (F_n, ‖f_t‖) of each contact of ``system.loads[index]`` (a
        compliant contact) at each output time, (N, k, 2)."""
        loads = self.system.loads
        if not (0 <= index < len(loads)) or not hasattr(loads[index], "contact_forces"):
            kinds = [k for k, load in enumerate(loads) if hasattr(load, "contact_forces")]
            raise InputError(f"load_forces takes the index of a compliant contact in system.loads: {kinds}; "
                             f"got {index!r}.")
        part = dict(self.system.load_states.slices)[index]
        model = self.system.model
        return np.array([loads[index].contact_forces(model, q, qd, w[part])
                         for q, qd, w in zip(self.q, self.qd, self.load_states)])

    @property
    def constraint_violation(self) -> tuple[np.ndarray, np.ndarray]:
        """(‖Φ‖, ‖Φ_q q̇ + Φ_t‖) at each output time, each equation in its unit ℓ^p."""
        system = self.system
        scales = system.model.residual_scales[system.rows]
        position, velocity = [], []
        for t, q, qd in zip(self.t, self.q, self.qd):
            phi, J, _ = system.constraints(q, qd, t)
            position.append(np.linalg.norm(phi / scales))
            velocity.append(np.linalg.norm((J @ qd + system.constraint_rate(q, t)) / scales))
        return np.array(position), np.array(velocity)


#: The relative tolerances the ODE formulations accept. Tighter than 1e-13 the local error
#: asked of DOP853 is below the round-off of a step (about 1e-16 times the 8th-order
#: method's dozen stages); looser than 1e-3 its error estimate no longer bounds the error.
#: In between, every tolerance is taken: what a mechanism gets from it is the integrator's
#: business, measured in the tests (A02 through its singular positions from 1e-6 to 1e-13).
RTOL_RANGE = (1e-13, 1e-3)
#: What ``formulation=None`` takes: the Lagrange multipliers, integrated by DOP853 with
#: error control at :data:`DEFAULT_RTOL`, the state projected after each step and the
#: singular positions crossed by ALI3-P (A02 with N = 1, 10, 40 on its branch, Bricard's
#: permanently redundant mechanism, Andrews' squeezer to 6e-11 rad).
DEFAULT_FORMULATION = "multipliers"
#: The default relative tolerance of the ODE formulations and time step of ALI3-P (s).
DEFAULT_RTOL, DEFAULT_STEP = 1e-9, 1e-3
#: Above this stiffness ratio (the largest decay rate of the linearised motion times the
#: span simulated) the default integrator is Radau, not DOP853: an explicit method's steps
#: are then held to about 3/rate by stability, some STIFF_RATIO/3 of them at the least
#: (a double pendulum with A05's spring-damper, c/m = 4e4 1/s over 5 s: 2e5, and DOP853
#: takes 15 s; pendulums, four-bars, tops and Andrews' squeezer, undamped: 0).
STIFF_RATIO = 1e4
#: The largest ALI3-P step accepted (s): at 5e-3 A02 (N = 1) stays within the benchmark's
#: low-precision limit, 1e-1 m; at 1e-2 it does not.
MAX_STEP = 5e-3


def simulate(system: MultibodySystem, t_end: float, formulation: str | None = None, *, inputs=None,
             rates=None, q0=None, qd0=None, twist=None, t_eval=None, rtol: float | None = None, step: float | None = None,
             stabilise: str = "projection", integrator: str | None = None, options: dict | None = None,
             progress: bool | None = None) -> Trajectory:
    """Integrate the equations of motion from t = 0 to ``t_end``.

    The ODE formulations ("multipliers", "projection") integrate (q, q̇) with scipy's
    DOP853, the state projected onto the constraints after each step; "ali3p" and
    "generalized_alpha" are index-3 one-step methods (trapezoidal rule, generalized-α),
    at a fixed step or error-controlled; "ggl_ida" is SUNDIALS' IDA.

    Parameters
    ----------
    system : MultibodySystem
    t_end : float
        Seconds.
    formulation : str, optional
        A key of :data:`~mbtools.dynamics.FORMULATIONS`; by default ``"multipliers"``,
        error-controlled at ``rtol`` and kept to its branch through singular positions
        (crossed by ALI3-P; ``traj.statistics["crossings"]`` counts them). A system with contacts is
        integrated by an ODE formulation (``"multipliers"``, the default, or
        ``"projection"``) and an explicit integrator, with its impacts and changes of
        contact located (module ``mbtools.dynamics.contact_integrate``). ``"ggl_ida"``: the stabilised index-2
        equations by SUNDIALS' IDA at ``rtol`` (stops at a singular position).
    inputs, rates : dict, optional
        The free inputs' initial values and rates (solved as position and velocity
        problems); default: the drawing, at rest. Prescribed inputs start on their motion.
    q0, qd0 : array_like, optional
        The initial state itself, projected onto the constraints mass-orthogonally (with a
        warning if it moves by more than rounding).
    twist : dict, optional
        Bodies' initial motion, ``{"disc": {"omega": ω, "point": ("O", v_O)}}``, alone or
        with ``rates``; see the module ``mbtools.dynamics.initial``.
    t_eval : array_like, optional
        Output times from 0 to t_end; default 201 times evenly spaced. The ODE
        formulations interpolate between steps with the integrator's dense output;
        ALI3-P divides each output interval into equal steps.
    rtol : float
        The integrator's relative tolerance (absolute: rtol times the mechanism's size);
        from 1e-13 to 1e-3 (``RTOL_RANGE``), 1e-9 by default for the ODE formulations.
        Within the crossings of singular positions ALI3-P holds its local error to the
        larger of the tolerance and 1e-10 of the size (its Newton floor). Given to "ali3p"
        or "generalized_alpha" in place of ``step``, their steps are error-controlled
        (module ``mbtools.dynamics.step_control``; second order, so a tight tolerance
        costs many steps) and ``traj.statistics`` counts them.
    stabilise : {"projection", "baumgarte"}
        How the ODE formulations keep to the constraints: the state projected back onto
        them after every step (default; keeps its branch through singular positions), or
        Baumgarte's stabilisation with the system's gains (refused near a singular
        position); see the module ``mbtools.dynamics.integrate``.
    step : float
        The fixed time step of "ali3p" and "generalized_alpha" (seconds, at most 5e-3,
        ``MAX_STEP``; 1e-3 by default where neither step nor rtol is given; both methods
        are second order).
    options : dict, optional
        The options of a formulation (its class's ``options``): ``{"penalty": α}`` for
        "ali3p", ``{"rho_inf": ρ∞}`` for "generalized_alpha" (0.8 by default; 1 is the
        trapezoidal rule, 0 the strongest numerical damping).
    integrator : str, optional
        The ODE formulations' integrator, a key of ``INTEGRATORS`` ("DOP853", "RK45",
        "Radau", "BDF"; the implicit ones with the Jacobian of
        ``mbtools.dynamics.jacobians``). By default DOP853, or Radau where the motion is
        stiff: the largest decay rate of the linearised motion at the start times t_end
        above ``STIFF_RATIO``, or loads whose states are stiff (LuGre's bristles)
        (``traj.statistics["integrator"]`` and ``["stiffness_ratio"]`` say which and why).
    progress : bool, optional
        A progress bar (``tqdm.auto``: a widget in a notebook, text in a terminal): True
        always, False never, None (default) for runs that last more than two seconds.
    """
    if not isinstance(system, MultibodySystem):
        raise InputError(f"simulate takes a MultibodySystem(model, gravity=...), got {type(system).__name__}.")
    formulation = DEFAULT_FORMULATION if formulation is None else formulation
    if not isinstance(formulation, str) or formulation not in FORMULATIONS:
        close = difflib.get_close_matches(str(formulation).lower(), FORMULATIONS, n=1, cutoff=0.6)
        hint = f" Did you mean {close[0]!r}?" if close else ""
        raise InputError(f"Unknown formulation {formulation!r}: this release offers {sorted(FORMULATIONS)}.{hint}")
    chosen = FORMULATIONS[formulation]
    if system.contacts and (chosen.kind != "ode" or stabilise != "projection"):
        raise InputError(f"'{system.model.mechanism.name}' has contacts: their events switch the rows of the "
                         "equations of motion, which an ODE formulation takes afresh at each restart, its state "
                         f"projected after every step ({_of_kind('ode')}, stabilise='projection'); {chosen.label} "
                         "holds its rows through its own steps. Got "
                         f"formulation={formulation!r}, stabilise={stabilise!r}.")
    if system.load_states and (chosen.kind != "ode" or stabilise != "projection" or system.contacts):
        raise InputError(f"'{system.model.mechanism.name}' has loads with states of their own "
                         f"({', '.join(sorted({o.split(':')[0] for o in system.load_states.owners}))}: contact "
                         "memories, bristle deflections, dissipated energies), which an ODE formulation integrates "
                         f"with (q, q̇) ({_of_kind('ode')}, stabilise='projection', no impulsive contacts); got "
                         f"formulation={formulation!r}, stabilise={stabilise!r}"
                         f"{', and PlaneContact impacts' if system.contacts else ''}.")
    if chosen.kind == "one_step" and stabilise != "projection":
        raise InputError(f"stabilise={stabilise!r} applies to the ODE formulations ({_of_kind('ode')}); "
                         f"{chosen.label} holds the constraints itself (at position level): leave stabilise out.")
    if chosen.kind == "dae":
        for given, value, default in (("stabilise", stabilise, "projection"), ("integrator", integrator, None),
                                      ("step", step, None)):
            if value != default:
                raise InputError(f"{given}={value!r} does not apply to {formulation!r} ({chosen.label}, which holds "
                                 "the constraints and chooses its steps itself): give rtol= only.")
    options = _formulation_options(formulation, options)
    if isinstance(t_end, bool) or not isinstance(t_end, numbers.Real) or not np.isfinite(t_end) or t_end <= 0:
        raise InputError(f"t_end must be a positive number of seconds, got {t_end!r}.")
    t_end = float(t_end)
    model = system.model
    q = initial_position(system, inputs, q0)
    qd = initial_velocity(system, q, rates, qd0, twist)
    n = model.n_coordinates
    times = _output_times(t_eval, t_end)
    if chosen.kind == "one_step":
        if rtol is not None and step is not None:
            raise InputError(f"{chosen.label} takes either step= (a fixed step, seconds) or rtol= (error-controlled "
                             f"steps), not both: got step={step!r}, rtol={rtol!r}.")
        if integrator is not None:
            raise InputError(f"{chosen.label} carries its own integration rule: integrator={integrator!r} applies to "
                             f"the ODE formulations ({_of_kind('ode')}); leave it out.")
        if rtol is None:
            step = DEFAULT_STEP if step is None else step
            if isinstance(step, bool) or not isinstance(step, numbers.Real) or not 0 < step <= min(t_end, MAX_STEP):
                raise InputError(f"step must be a positive number of seconds, at most {MAX_STEP:g} and at most "
                                 f"t_end, got {step!r}.")
    elif step is not None:
        raise InputError(f"The {formulation} formulation chooses its own steps: give rtol=, not step= (step is for "
                         f"{_of_kind('one_step')}).")
    controlled = rtol is not None
    rtol = DEFAULT_RTOL if rtol is None else rtol
    if isinstance(rtol, bool) or not isinstance(rtol, numbers.Real) or not RTOL_RANGE[0] <= rtol <= RTOL_RANGE[1]:
        raise InputError(f"rtol must be a number between {RTOL_RANGE[0]:g} and {RTOL_RANGE[1]:g}, got {rtol!r}: "
                         "tighter, the error asked of a step is below its round-off; looser, the error estimate "
                         "no longer bounds the error.")
    with _progress_bar(progress, t_end, model.mechanism.name) as bar:
        if chosen.kind != "ode":  # the formulation's own solver, in the one driver
            step = float(step) if chosen.kind == "one_step" and not controlled else None
            built = chosen.build(system, step=step, rtol=float(rtol) if controlled or chosen.kind == "dae" else None,
                                 **options)
            path = built.path(q, 0.0, step)
            qs, qds, qdds, lams, statistics = integrate(system, path, q, qd, times, float(rtol), progress=bar,
                                                        integrator=path.label)
            if step is not None:
                statistics["step"] = step
            traj = Trajectory(system, times, qs, qds, qdds, lams)
            traj.statistics = statistics
            return traj
        if stabilise not in STABILISATIONS:
            raise InputError(f"stabilise takes one of {STABILISATIONS}, got {stabilise!r}.")
        path = StatePath(system, chosen.equations, q, 0.0) if system.load_states else None
        integrator, stiffness = _integrator(system, integrator, q, qd, t_end, path, chosen)
        if system.contacts:
            qs, qds, qdds, lams, forces, events, statistics = integrate_with_contacts(
                system, q, qd, times, rtol, progress=bar, accelerations=chosen.contacts, integrator=integrator)
            traj = Trajectory(system, times, qs, qds, qdds, lams, forces, events)
            traj.statistics = statistics
            return traj
        if path is None:
            path = chosen.build(system).path(q, 0.0, None, stabilise)
        qs, qds, qdds, lams, statistics = integrate(system, path, q, qd, times, rtol, progress=bar,
                                                    integrator=integrator)
        if stiffness is not None:
            statistics["stiffness_ratio"] = stiffness
    traj = Trajectory(system, times, qs, qds, qdds, lams, load_states=statistics.pop("load_states", None),
                      events=[ContactEvent(t, "contact", (label,), approach_speed=speed)
                              for t, label, speed in path.events] if system.load_states else ())
    if system.load_states:
        statistics["events"] = path.event_count
    traj.statistics = statistics
    return traj


def _formulation_options(formulation: str, options) -> dict:
    """The options given, checked against those the formulation takes."""
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise InputError(f"options takes a dict, option name → value, such as {{'rho_inf': 0.8}}; got {options!r}.")
    allowed = FORMULATIONS[formulation].options
    unknown = [key for key in options if key not in allowed]
    if unknown:
        offer = f"it takes {list(allowed)}" if allowed else "it takes none"
        raise InputError(f"options {unknown} do not apply to the {formulation!r} formulation: {offer}.")
    return dict(options)


def _integrator(system: MultibodySystem, integrator, q: np.ndarray, qd: np.ndarray, t_end: float,
                path: StatePath | None = None, formulation=None):
    """(the integrator's name, the stiffness ratio measured where it was chosen by default):
    with loads with states (``path``), measured on the Jacobian of (S.1) with w, where the
    bristles' stiffness and damping show, and Radau whenever the states say they are
    stiff (:attr:`LoadStates.stiff <mbtools.dynamics.load_states.LoadStates>`)."""
    if integrator is not None:
        if not isinstance(integrator, str) or integrator not in INTEGRATORS:
            close = difflib.get_close_matches(str(integrator), INTEGRATORS, n=1, cutoff=0.5)
            hint = f" Did you mean {close[0]!r}?" if close else ""
            raise InputError(f"Unknown integrator {integrator!r}: the ODE formulations take {sorted(INTEGRATORS)}.{hint}")
        if system.contacts and integrator in IMPLICIT:
            raise InputError(f"'{system.model.mechanism.name}' has contacts: {integrator}'s Newton iteration would "
                             "need the Jacobian of the equations with the contacts' rows, which change at every "
                             f"event; use an explicit integrator ({[k for k in INTEGRATORS if k not in IMPLICIT]}), "
                             f"or leave integrator out (got {integrator!r}).")
        return integrator, None
    if system.contacts:
        return "DOP853", None
    if path is None:  # a formulation's own measure where it has one (the recursive one's, from its tree)
        measure = getattr(formulation, "stiffness_ratio", stiffness_ratio)
        stiffness = measure(system, q, qd, 0.0, t_end)
    else:
        y = np.concatenate([q, qd, path.initial(q, qd)])
        stiffness = float(max(0.0, -np.linalg.eigvals(path.jacobian(0.0, y, curvature=False)).real.min()) * t_end)
    stiff = stiffness > STIFF_RATIO or (path is not None and path.states.stiff)
    return ("Radau" if stiff else "DOP853"), stiffness


def _output_times(t_eval, t_end: float) -> np.ndarray:
    if t_eval is None:
        return np.linspace(0.0, t_end, 201)
    times = np.asarray(t_eval, dtype=float).reshape(-1)
    if times.size == 0 or not np.isfinite(times).all() or np.any(np.diff(times) <= 0) \
            or times[0] < 0 or times[-1] > t_end * (1 + 1e-12):
        raise InputError(f"t_eval must be increasing times within [0, t_end = {t_end:g}] s.")
    if times[0] > 0:
        raise InputError("t_eval must start at 0, the time of the initial conditions.")
    return times


class _progress_bar:
    """A tqdm bar in simulated seconds, shown after two seconds of wall time (or always,
    or never); ``update(t)`` moves it to t."""

    def __init__(self, progress, t_end: float, name: str):
        self.bar = None
        if progress is not False:
            from tqdm.auto import tqdm

            self.bar = tqdm(total=t_end, unit="s (simulated)", desc=f"simulating {name}", delay=0 if progress else 2.0,
                            bar_format="{desc}: {percentage:3.0f}%|{bar}| t = {n:.3g} of {total:.3g} s [{elapsed}<{remaining}]")
        self.t = 0.0

    def update(self, t: float) -> None:
        if self.bar is not None and t > self.t:
            self.bar.update(t - self.t)
            self.t = t

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self.bar is not None:
            self.bar.close()
