"""The mass matrix of a model, in any family, from its bodies' placements.

A body placed by its centre of mass o(q) and frame R(q) (x = R (x⁰ − o⁰) + o, see
:class:`~mbtools.model.Placement`) has the kinetic energy

    T = ½ m ‖ȯ‖² + ½ tr(Ṙ J Ṙᵀ),        J = ∫ ρ (x⁰ − o⁰)(x⁰ − o⁰)ᵀ dV,

the second moment J of its mass about G in the drawing's axes (J = ½ tr(I) 𝟙 − I from
the inertia tensor I; in the plane (J_G/2) 𝟙). With ȯ = o_q q̇ and Ṙ = Σ_k R_{,k} q̇_k,
T = ½ q̇ᵀ M q̇ with

    M = Σ_bodies  m o_qᵀ o_q  +  [tr(R_{,k} J R_{,l}ᵀ)]_{k,l}

(García de Jalón & Bayo 1994, ch. 3 and 5: the virtual power of the inertia forces).
Where the frame is linear in q — natural coordinates of a planar body, or of a spatial
body with three independent directions among its points and unit vectors — every entry
is constant: the paper's constant mass matrix. A spatial body of two points only (a bar
in basic or natural coordinates) is a line of mass: T = ½ m ‖ȯ‖² + ½ J_⊥ ‖ḋ‖²/L², d the
vector between its points, J_⊥ its moment about a normal to the bar through G — also
constant in natural coordinates. Its spin about its own line is not modelled.

Example
-------
A uniform bar of 3 kg and length 2 in natural coordinates: constant M, and for the bar
turning at ω about its end, T = ½ (m L²/3) ω².

>>> from mbtools import Mechanism, formulate, solve_velocity, uniform_bar
>>> m = Mechanism("pendulum")
>>> m.add_ground({"O": (0.0, 0.0)})
>>> m.add_body("bar", {"O": (0.0, 0.0), "P": (2.0, 0.0)}, mass=uniform_bar(3.0, (0, 0), (2, 0)))
>>> m.add_revolute("ground", "bar", at="O")
>>> m.add_angle_driver("swing", tail="O", head="P")
>>> model = formulate(m, "natural")
>>> q = model.reference_q
>>> qd = solve_velocity(model, q, {"swing": 1.5})
>>> round(kinetic_energy(model, q, qd), 12), round(0.5 * (3.0 * 4.0 / 3) * 1.5**2, 12)
(4.5, 4.5)
"""

from __future__ import annotations

import numpy as np

from ..description.inertia import require_regular_inertia
from ..errors import MechanismError
from ..model import Model


def second_moment(inertia, dimension: int) -> np.ndarray:
    """J = ∫ρ x xᵀ about G from the inertia tensor: J = ½ tr(I) 𝟙 − I in space; in the
    plane, where only the polar moment J_G is given, the isotropic (J_G/2) 𝟙 (the frame is
    a rotation on the constraint manifold, where any split of J_G gives the same T)."""
    if dimension == 2:
        return 0.5 * float(inertia) * np.eye(2)
    I = np.asarray(inertia, dtype=float)
    return 0.5 * np.trace(I) * np.eye(3) - I


def body_mass(model: Model, body: str):
    """The mass properties of a body, or a clear error where the description has none."""
    properties = model.mechanism.bodies[body].mass
    if properties is None:
        raise MechanismError(
            f"Body '{body}' of '{model.mechanism.name}' has no mass properties, so its inertia "
            "is unknown: describe it with add_body(..., mass=MassProperties(m, G, J_G)) or "
            "mass=uniform_bar(m, A, B)."
        )
    return properties


def check_mass_properties(model: Model) -> None:
    """Refuse, naming the body, a model a mass matrix cannot be built for: a body without
    mass properties, or with a singular inertia where the family turns it about every axis
    (what :func:`mass_matrix` would refuse, without building it)."""
    spatial_frames = model.mechanism.dimension == 3 and not model.facts.coordinates_are_positions
    for body in model.body_names:
        properties = body_mass(model, body)
        if spatial_frames:
            require_regular_inertia(body, properties, model.facts.label)


def mass_matrix(model: Model, q) -> np.ndarray:
    """M(q), n × n, with T = ½ q̇ᵀ M q̇ (see the module's text for the equation).

    Raises :class:`~mbtools.errors.MechanismError` naming a body without mass properties,
    or with a singular inertia where the family turns it about every axis.
    """
    q = model.configuration(q)
    n, dim = model.n_coordinates, model.mechanism.dimension
    M = np.zeros((n, n))
    jacobians = model.placement_jacobians(q)
    for body in model.body_names:
        properties = body_mass(model, body)
        origin_q, frame_q = jacobians[body]
        M += properties.mass * origin_q.T @ origin_q
        if frame_q is not None:
            if dim == 3 and not model.facts.coordinates_are_positions:
                require_regular_inertia(body, properties, model.facts.label)
            J = second_moment(properties.inertia, dim)
            M += np.einsum("ijk,jl,ilm->km", frame_q, J, frame_q)
        else:
            M += _line_rotation(model, q, body, properties)
    return M


def line_body(model: Model, body: str, properties) -> tuple[str, str, float]:
    """(i, j, J_⊥/L²) of a spatial body of two points i, j: the line of mass whose
    rotational energy is ½ (J_⊥/L²) |ḋ|², d = r_j − r_i; J_⊥ is the moment of inertia
    about a normal to the line through G."""
    i, j = list(model.mechanism.bodies[body].points)[:2]
    d0 = model.mechanism.point_position(j) - model.mechanism.point_position(i)
    e = d0 / np.linalg.norm(d0)
    I = np.asarray(properties.inertia, dtype=float)
    return i, j, 0.5 * (np.trace(I) - e @ I @ e) / float(d0 @ d0)


def _line_rotation(model: Model, q: np.ndarray, body: str, properties) -> np.ndarray:
    """The matrix of ½ (J_⊥/L²) |ḋ|²."""
    i, j, weight = line_body(model, body, properties)
    D = model.point_jacobian(q, j) - model.point_jacobian(q, i)
    return weight * D.T @ D


def kinetic_energy(model: Model, q, qd) -> float:
    """T = ½ q̇ᵀ M(q) q̇."""
    qd = model.configuration(qd, "qd")
    return float(0.5 * qd @ mass_matrix(model, q) @ qd)
