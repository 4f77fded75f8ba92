"""The five-link suspension (:func:`mbtools.examples.suspension.five_link_suspension`):
its kinematics with ideal joints, its statics with ideal joints and on rubber bushings,
its natural frequencies, and its inverse dynamics over a wheel-travel motion.

**Wheel angles.** With a the carrier's spin-axis vector (``axle``, drawn along y, out of
the car for this left wheel), the **camber** is the lean of the wheel's plane from the
vertical, positive with the top of the wheel out, ε = −asin(a_z), and the **toe** the
turn of its heading about the vertical, positive with the front of the wheel in (toe-in),
δ = atan(a_x / a_y) (the heading a × z turns toward −y as a_x grows).

**Loads.** The tyre carries the static wheel load F₀ = 3500 N up at the contact point P in
the design position; the coil spring's free length is set so that the ideal linkage, with
gravity, balances there (:func:`spring_free_length`). A load case adds a vertical and a
lateral force at P. The compliant model replaces the five rod–chassis ball joints by
bushings with the stiffness :data:`BUSHING_STIFFNESS` in axes along and across each rod
(:func:`mbtools.examples.suspension.rod_axes`).

Example
-------
>>> camber, toe = wheel_angles(np.array([0.0, 1.0, 0.0]))
>>> float(camber), float(toe)
(-0.0, 0.0)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..coordinates import formulate
from ..dynamics import Bushing, MultibodySystem, PointForce, Spring  # noqa: F401 (Bushing, MultibodySystem: for the tests)
from ..dynamics.statics import null_space_basis, static_equilibrium
from ..dynamics.vibration import natural_modes
from ..errors import InputError
from ..examples.suspension import SUSPENSION_DATA, five_link_suspension, rod_axes
from ..kinematics.sweep import sweep_position
from ..model import Model

#: The static wheel load (N) the tyre carries in the design position.
STATIC_WHEEL_LOAD = 3500.0
#: The tyre's vertical stiffness (N/m), a spring from P to the road, for the frequencies.
TYRE_STIFFNESS = 200e3
#: Each rod's bushing (diagonal, in the rod's axes x along it, y across it horizontally,
#: z the third): N/m for x, y, z, then N·m/rad about x, y, z — a rubber eye bushing
#: pressed in the rod's end with its own axis along y (soft along and about that axis).
BUSHING_STIFFNESS = (4e6, 1e6, 4e6, 300.0, 30.0, 300.0)


def wheel_angles(axle) -> tuple[float, float]:
    """(camber ε, toe δ) in rad of a wheel whose spin axis is ``axle`` (the module's text)."""
    a = np.asarray(axle, dtype=float)
    return float(-np.arcsin(a[2] / np.linalg.norm(a))), float(np.arctan2(a[0], a[1]))


def axle(model: Model, q) -> np.ndarray:
    """The carrier's spin axis at q (drawn along y), from its placement: any family."""
    return model.placement(q, "carrier").frame @ np.array([0.0, 1.0, 0.0])


@dataclass(frozen=True)
class TravelSweep:
    """The wheel's path and angles over the wheel travel (m, rad; one row a travel)."""

    travel: np.ndarray
    camber: np.ndarray
    toe: np.ndarray
    centre: np.ndarray
    q: np.ndarray


def travel_sweep(travel=np.linspace(-0.05, 0.05, 11), family: str = "natural") -> TravelSweep:
    """Camber, toe and the wheel centre W over the wheel travel, ideal joints."""
    model = formulate(five_link_suspension(), family)
    sweep = sweep_position(model, "travel", np.asarray(travel, dtype=float))
    angles = np.array([wheel_angles(axle(model, q)) for q in sweep.q])
    centre = np.array([model.point(q, "W") for q in sweep.q])
    return TravelSweep(np.asarray(sweep.values, dtype=float), angles[:, 0], angles[:, 1], centre, sweep.q)


def suspension_bushings(data: dict | None = None, stiffness=BUSHING_STIFFNESS) -> list[Bushing]:
    """The five rod–chassis bushings of the compliant model, each in its rod's axes."""
    d = dict(SUSPENSION_DATA, **(data or {}))
    return [Bushing("ground", f"link{k}", at=f"C{k}", stiffness=stiffness,
                    axes=rod_axes(d["chassis"][k], d["carrier"][k])) for k in d["chassis"]]


def spring_free_length(model: Model, gravity=None, wheel_load: float = STATIC_WHEEL_LOAD) -> float:
    """ℓ₀ of the coil spring that balances the ideal linkage in its drawn position under
    its weight and the wheel load: on the one motion R the joints allow, the generalized
    forces balance, Rᵀ (Q_other − k (ℓ − ℓ₀) ℓ_qᵀ) = 0, linear in ℓ₀."""
    k = SUSPENSION_DATA["spring_stiffness"]
    q = model.reference_q
    others = MultibodySystem(model, gravity, loads=[PointForce("P", (0.0, 0.0, wheel_load))])
    spring = Spring("S0", "S", k, 0.0)
    Q_other = others.forces(q, np.zeros_like(q), 0.0)
    J = model.jacobian(q, model.measured_inputs(q))[[c.kind not in ("slide driver", "angle driver") for c in model.constraints]]
    R = null_space_basis(J, len(q))
    if R.shape[1] != 1:
        raise InputError(f"spring_free_length: the ideal suspension should move one way, it moves {R.shape[1]}.")
    r = model.point(q, "S") - model.point(q, "S0")
    length = float(np.linalg.norm(r))
    length_q = (r / length) @ model.point_jacobian(q, "S")
    return length - float(R[:, 0] @ Q_other) / (k * float(R[:, 0] @ length_q))


def suspension_system(family: str = "natural", compliant: bool = False, load=(0.0, 0.0),
                      tyre: bool = False) -> MultibodySystem:
    """The suspension with gravity, its coil spring, and at P either the static wheel load
    plus ``load`` = (lateral F_y, extra vertical F_z) (N), or (``tyre=True``) a vertical
    tyre spring to the road carrying the static load."""
    ideal = formulate(five_link_suspension(), family)
    free_length = spring_free_length(ideal)
    mechanism = five_link_suspension(compliant=compliant)
    model = ideal if not compliant else formulate(mechanism, family)
    loads = [Spring("S0", "S", SUSPENSION_DATA["spring_stiffness"], free_length)]
    if compliant:
        loads += suspension_bushings()
    F_y, F_z = (float(v) for v in load)
    if tyre:
        loads.append(PointForce("P", lambda t, r, v: (0.0, F_y, STATIC_WHEEL_LOAD + F_z
                                                       - TYRE_STIFFNESS * (r[2] - ideal.point(ideal.reference_q, "P")[2]))))
    else:
        loads.append(PointForce("P", (0.0, F_y, STATIC_WHEEL_LOAD + F_z)))
    return MultibodySystem(model, loads=loads)


@dataclass(frozen=True)
class LoadCase:
    """The wheel under a load: the centre's displacement from the design position (m),
    the change of camber and toe (rad), and each bushing's force (N, in its rod's axes)."""

    displacement: np.ndarray
    camber: float
    toe: float
    bushing_forces: dict
    equilibrium: object


def load_case(load=(0.0, 0.0), compliant: bool = False, family: str = "natural") -> LoadCase:
    """The static equilibrium of the suspension under the static wheel load plus ``load``."""
    system = suspension_system(family, compliant, load)
    model = system.model
    result = static_equilibrium(system)
    q = result.q
    camber, toe = wheel_angles(axle(model, q))
    forces = {}
    for load_ in system.loads:
        if isinstance(load_, Bushing):
            K, _, _ = load_.matrices(model)
            d, phi = load_.deflection(model, q)
            forces[load_.body_j] = -(K @ np.concatenate([d, phi]))[:3]
    return LoadCase(model.point(q, "W") - model.point(model.reference_q, "W"), camber, toe, forces, result)


def suspension_frequencies(compliant: bool = False, family: str = "natural", count: int = 6) -> np.ndarray:
    """The lowest natural frequencies (Hz) about the static equilibrium on the tyre."""
    system = suspension_system(family, compliant, tyre=True)
    q = static_equilibrium(system).q
    return natural_modes(system, q).frequencies[:count]


@dataclass(frozen=True)
class TravelMotion:
    """Inverse dynamics over a wheel-travel motion: the times (s), the travel (m), the
    vertical force on the wheel centre that drives it (N), and each rod's axial force
    (N, tension positive, at its carrier end), one row a time."""

    t: np.ndarray
    travel: np.ndarray
    driving: np.ndarray
    rod_forces: np.ndarray
    history: object


def travel_motion(amplitude: float = 0.04, frequency: float = 2.0, samples: int = 41,
                  family: str = "natural") -> TravelMotion:
    """The ideal suspension with gravity, its spring and the static wheel load, its wheel
    centre driven up and down as z(t) = A sin 2πft over one period: the driving force and
    the rods' forces, from the joint reactions body by body (each rod a line of mass)."""
    import sympy as sp

    from ..dynamics import inverse_dynamics_along

    system = suspension_system(family)
    model = system.model
    t = sp.Symbol("t")
    times = np.linspace(0.0, 1.0 / frequency, samples)
    history = inverse_dynamics_along(system, times, {"travel": amplitude * sp.sin(2 * sp.pi * frequency * t)})
    travel = np.array([model.measured_inputs(q)[0] for q in history.q])
    forces = np.zeros((len(times), 5))
    for k in range(1, 6):
        force_on_carrier = history.reactions[f"S_E{k}"][0]  # on the carrier by the rod
        for row, q in enumerate(history.q):
            along = model.point(q, f"E{k}") - model.point(q, f"C{k}")
            forces[row, k - 1] = -force_on_carrier[row] @ along / np.linalg.norm(along)
    return TravelMotion(times, travel, np.asarray(history.driving["travel"]), forces, history)
