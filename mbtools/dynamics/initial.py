"""Initial conditions of forward dynamics, consistent with the constraints.

Three ways to give them, by convenience:

* the free inputs' values and rates (``inputs=``, ``rates=``), solved as position and
  velocity problems; prescribed inputs take their values s(0), ṡ(0);
* a body's motion (``twist={"disc": {"omega": ω, "point": ("O", v_O)}}``): its angular
  velocity and the velocity of one of its points, v = v_O + ω × (r − r_O) for its centre;
* the full state (``q0=``, ``qd0=``), projected onto the constraints mass-orthogonally,

      q ← q − W⁻¹ Φ_qᵀ (Φ_q W⁻¹ Φ_qᵀ)⁺ Φ        (repeated to convergence),
      q̇ ← q̇ − W⁻¹ Φ_qᵀ (Φ_q W⁻¹ Φ_qᵀ)⁺ (Φ_q q̇ + Φ_t),

  W the mass matrix (kept positive by a small multiple of its mean diagonal): the
  consistent state nearest in kinetic-energy metric. A correction larger than
  :data:`LARGE_CORRECTION` of the mechanism's size (or of the speed) gives a
  :class:`~mbtools.errors.SuspiciousInputWarning`.
"""

from __future__ import annotations

import warnings

import numpy as np

from ..errors import AssemblyError, InputError, SuspiciousInputWarning
from ..model.arguments import is_real_number
from ..kinematics import solve_position
from . import kernels

#: The relative size of a projection of q0 or q̇0 beyond which the user is warned: more
#: than rounding the typed numbers would explain.
LARGE_CORRECTION = 1e-3
#: A position is on the constraints when every row's residual, in its unit (ℓ^p), is below this.
POSITION_TOLERANCE = kernels.POSITION_TOLERANCE


def initial_position(system, inputs, q0) -> np.ndarray:
    """q at t = 0 from ``inputs`` (a dict of input values) or ``q0`` (projected), else
    the drawing (solved again if prescribed inputs start elsewhere)."""
    model = system.model
    if q0 is not None and inputs is not None:
        raise InputError("Give the initial position either by inputs= or by q0=, not both.")
    start = {name: motion(0.0)[0] for name, motion in system.prescribed.items()}
    if q0 is not None:
        return _project_position(system, np.array(model.configuration(q0, "q0"), dtype=float))
    if inputs is None and not start:
        return np.array(model.reference_q, dtype=float)
    if inputs is not None and not isinstance(inputs, dict):
        raise InputError(f"inputs takes a dict, input name → value, such as {{'crank': 0.5}}; got "
                         f"{type(inputs).__name__} {inputs!r}.")
    inputs = dict(inputs or {})
    for name, value in start.items():
        if name in inputs and abs(float(inputs[name]) - value) > 1e-12 * max(1.0, abs(value)):
            raise InputError(f"inputs gives '{name}' = {inputs[name]!r}, but it is prescribed to start at {value!r}: "
                             "leave it out of inputs=.")
    values = {**model.reference_inputs(), **inputs, **start}
    return solve_position(model, values).q


def initial_velocity(system, q: np.ndarray, rates, qd0, twist) -> np.ndarray:
    """q̇ at t = 0 from ``rates`` of free inputs and/or ``twist`` of bodies, or ``qd0``
    (projected); by default the mechanism at rest (or, with prescribed inputs, the
    mass-orthogonal projection of rest onto their velocity constraints)."""
    model = system.model
    if qd0 is not None and (rates is not None or twist is not None):
        raise InputError("Give the initial velocity either by rates=/twist= or by qd0=, not both.")
    if qd0 is not None:
        qd = np.array(model.configuration(qd0, "qd0"), dtype=float)
        return _project_velocity(system, q, qd, warn=True)
    if rates is None and twist is None:
        return _project_velocity(system, q, np.zeros(model.n_coordinates), warn=False)
    _, J, _ = system.constraints(q, np.zeros_like(q))
    rows, rhs, named = [J], [-system.constraint_rate(q)], []
    if rates is not None:
        if not isinstance(rates, dict):
            raise InputError(f"rates takes a dict, input name → rate, such as {{'crank': 2.0}}; got {rates!r}.")
        gradient = model.input_jacobian(q)
        for name, rate in rates.items():
            if name not in model.input_names:
                raise InputError(f"rates names '{name}', not an input of '{model.mechanism.name}'; its inputs are "
                                 f"{model.input_names}.")
            if name in system.prescribed:
                raise InputError(f"rates gives '{name}', which is prescribed: its rate comes from its motion.")
            rows.append(gradient[model.input_names.index(name)][None, :])
            rhs.append(np.array([finite_number(f"rates: the rate of '{name}'", rate, "rad/s or m/s")]))
            named.append(f"the rate of '{name}'")
    if twist is not None and not isinstance(twist, dict):
        raise InputError(f"twist takes a dict, body name → {{'omega': ω, 'point': (point name, its velocity)}}; got "
                         f"{type(twist).__name__} {twist!r}.")
    for body, motion in (twist or {}).items():
        A, b = _twist_rows(model, q, body, motion)
        rows.append(A)
        rhs.append(b)
        named.append(f"the twist of '{body}'")
    A, b = np.vstack(rows), np.concatenate(rhs)
    qd, *_ = np.linalg.lstsq(A, b, rcond=None)
    rank = np.linalg.matrix_rank(A, tol=1e-9 * max(np.abs(A).max(), 1.0) * A.shape[1])
    if rank < model.n_coordinates:
        raise InputError(
            f"{' and '.join(named)} leave {model.n_coordinates - rank} freedom(s) of '{model.mechanism.name}' "
            "without a velocity: give the rates of more inputs (rates=) or the twist of more bodies."
        )
    misfit = np.abs(A @ qd - b).max()
    if misfit > 1e-8 * max(np.abs(b).max(), 1.0):
        raise InputError(
            f"{' and '.join(named)} cannot all hold with the joints of '{model.mechanism.name}' "
            f"(a misfit of {misfit:.3g}): a twist must be a motion the joints allow — for a body on a "
            "spherical joint, give the joint's centre zero velocity."
        )
    return qd


def _twist_rows(model, q, body, motion):
    """Rows Ω_q q̇ = ω and o_q q̇ = v_O + ω × (o − r_O) of a body's twist."""
    dim = model.mechanism.dimension
    if not isinstance(motion, dict) or set(motion) != {"omega", "point"}:
        raise InputError(f"twist of '{body}' takes {{'omega': ω, 'point': (point name, its velocity)}}; got {motion!r}.")
    omega = finite_numbers(f"twist of '{body}': omega", motion["omega"], "rad/s")
    if omega.size != (1 if dim == 2 else 3):
        raise InputError(f"twist of '{body}': omega is {'one number (rad/s)' if dim == 2 else 'three components (rad/s)'}.")
    placement = model.placement(q, body)  # names an unknown body
    point = motion["point"]
    if isinstance(point, str) or not isinstance(point, (tuple, list)) or len(point) != 2:
        raise InputError(f"twist of '{body}': point takes (point name, its velocity), such as ('O', (0.0, 0.0)); "
                         f"got {point!r}.")
    name, velocity = point
    velocity = finite_numbers(f"twist of '{body}': the velocity of '{name}'", velocity, "m/s")
    if not isinstance(name, str) or name not in model.mechanism.bodies[body].points:
        raise InputError(f"twist of '{body}': '{name}' is not a point of '{body}'; its points are "
                         f"{list(model.mechanism.bodies[body].points)}.")
    if velocity.size != dim:
        raise InputError(f"twist of '{body}': the velocity of '{name}' has {dim} components (m/s).")
    arm = placement.origin - model.point(q, name)
    if dim == 2:
        centre = velocity + omega[0] * np.array([-arm[1], arm[0]])
    else:
        centre = velocity + np.cross(omega, arm)
    origin_q, _ = model.placement_jacobian(q, body)
    return np.vstack([model.angular_velocity_jacobian(q, body), origin_q]), np.concatenate([omega, centre])


def finite_number(what: str, value, unit: str) -> float:
    """One finite real number (not a string, a bool or a list), or an InputError naming ``what``."""
    if not is_real_number(value):
        hint = " (write the number without quotes)" if isinstance(value, str) else ""
        raise InputError(f"{what} must be one number in {unit}, got {type(value).__name__} {value!r}{hint}.")
    if not np.isfinite(float(value)):
        raise InputError(f"{what} must be finite, got {float(value)}: give a number in {unit}.")
    return float(value)


def finite_numbers(what: str, value, unit: str) -> np.ndarray:
    """Finite real numbers as a flat array (a number or a sequence), or an InputError."""
    if isinstance(value, str) or (isinstance(value, (tuple, list)) and any(isinstance(v, str) for v in value)):
        raise InputError(f"{what} must be numbers in {unit}, got the string(s) {value!r}: write them without quotes.")
    try:
        array = np.asarray(value, dtype=float).reshape(-1)
    except (TypeError, ValueError):
        raise InputError(f"{what} must be numbers in {unit}, got {type(value).__name__} {value!r}.") from None
    if not np.isfinite(array).all():
        raise InputError(f"{what} must be finite numbers in {unit}, got {value!r}.")
    return array


def project_position(system, q: np.ndarray, t: float = 0.0) -> np.ndarray:
    """q brought onto Φ(q, t) = 0 by the mass-orthogonal Newton correction
    (:func:`mbtools.dynamics.kernels.project_position`)."""
    return kernels.project_position(system, q, t)[0]


def project_velocity(system, q: np.ndarray, qd: np.ndarray, t: float = 0.0) -> np.ndarray:
    """q̇ projected onto Φ_q q̇ + Φ_t = 0, mass-orthogonally."""
    if not system.rows:
        return qd
    return kernels.project_velocity(system, q, system.position_constraints(q, t)[1], qd, t)


def project_state(system, q: np.ndarray, qd: np.ndarray, t: float = 0.0) -> tuple[np.ndarray, np.ndarray]:
    """(q, q̇) brought onto the constraints (:func:`mbtools.dynamics.kernels.project_state`)."""
    q, qd, _ = kernels.project_state(system, q, qd, t)
    return q, qd


def _project_position(system, q: np.ndarray) -> np.ndarray:
    model = system.model
    try:
        projected = project_position(system, q)
    except AssemblyError:
        raise AssemblyError(f"q0 of '{model.mechanism.name}' could not be brought onto the constraints: it is "
                            "too far from any assembled position; solve the position problem (inputs=) instead.") from None
    size = np.linalg.norm(projected - q)
    if size > LARGE_CORRECTION * model.length_scale:
        warnings.warn(f"q0 of '{model.mechanism.name}' moved by {size:.3g} to satisfy the constraints "
                      f"(the mechanism is {model.length_scale:.3g} across): check it.", SuspiciousInputWarning, stacklevel=4)
    return projected


def _project_velocity(system, q: np.ndarray, qd: np.ndarray, warn: bool) -> np.ndarray:
    projected = project_velocity(system, q, qd)
    size = np.linalg.norm(projected - qd)
    if warn and size > LARGE_CORRECTION * max(np.linalg.norm(qd), 1e-300):
        warnings.warn(f"qd0 of '{system.model.mechanism.name}' changed by {size:.3g} (of {np.linalg.norm(qd):.3g}) "
                      "to satisfy the velocity constraints: check it.", SuspiciousInputWarning, stacklevel=4)
    return projected
