"""What acts on a model's bodies, as generalized forces by virtual power.

* Gravity: Q_g = Σ_bodies m o_qᵀ g (the weight m g at each centre of mass o(q)); its
  potential is V = −Σ m g·o.
* Inertia, the part not proportional to q̈: with ö = o_q q̈ + (o_q q̇)_q q̇ and
  R̈ = R_q q̈ + (R_q q̇)_q q̇, the virtual power of the inertia forces of a body,
  ∫ ρ δr·r̈ dV with r = R x + o, is δqᵀ (M q̈ + h) with

      h_k = m o_{,k}·(o_q q̇)_q q̇ + tr(R_{,k} J ((R_q q̇)_q q̇)ᵀ)

  (García de Jalón & Bayo 1994, ch. 5), J the body's second moment about G
  (:func:`mbtools.dynamics.second_moment`). h vanishes where the placement is
  linear in q: natural coordinates of a planar body, or of a spatial body with three
  independent directions.

Example
-------
>>> from mbtools import Mechanism, MassProperties, formulate
>>> m = Mechanism("pendulum")
>>> m.add_ground({"O": (0.0, 0.0)})
>>> m.add_body("bob", {"O": (0.0, 0.0), "P": (1.0, 0.0)}, mass=MassProperties(2.0, (1.0, 0.0), 0.0))
>>> m.add_revolute("ground", "bob", at="O")
>>> model = formulate(m, "natural")
>>> gravity_force(model, model.reference_q, (0.0, -9.81))   # on x_P, y_P
array([  0.  , -19.62])
"""

from __future__ import annotations

import numpy as np

from ..model import Model
from .mass import body_mass, line_body, second_moment


def gravity_force(model: Model, q, gravity) -> np.ndarray:
    """Q_g = Σ m o_qᵀ g, the generalized force of the weights."""
    q = model.configuration(q)
    g = np.asarray(gravity, dtype=float)
    Q = np.zeros(model.n_coordinates)
    jacobians = model.placement_jacobians(q)
    for body in model.body_names:
        origin_q, _ = jacobians[body]
        Q += body_mass(model, body).mass * origin_q.T @ g
    return Q


def potential_energy(model: Model, q, gravity) -> float:
    """V = −Σ m g·o(q), zero at the origin of the ground frame."""
    g = np.asarray(gravity, dtype=float)
    return float(-sum(body_mass(model, b).mass * g @ model.placement(q, b).origin for b in model.body_names))


def inertia_velocity_terms(model: Model, q, qd) -> np.ndarray:
    """h(q, q̇) of M q̈ + h: the inertia forces that do not come from q̈ (see the module)."""
    q, qd = model.configuration(q), model.configuration(qd, "qd")
    h = np.zeros(model.n_coordinates)
    jacobians, second = model.placement_jacobians(q), model.placement_second_derivatives(q, qd)
    for body in model.body_names:
        properties = body_mass(model, body)
        origin_q, frame_q = jacobians[body]
        origin_dd, frame_dd = second[body]
        h += properties.mass * origin_q.T @ origin_dd
        if frame_q is not None:
            J = second_moment(properties.inertia, model.mechanism.dimension)
            h += np.einsum("ijk,jl,il->k", frame_q, J, frame_dd)
        else:  # a line of mass: ½ (J_⊥/L²) |ḋ|², d = r_j − r_i
            i, j, weight = line_body(model, body, properties)
            D = model.point_jacobian(q, j) - model.point_jacobian(q, i)
            zero = np.zeros_like(qd)
            dd = model.point_acceleration(q, qd, zero, j) - model.point_acceleration(q, qd, zero, i)
            h += weight * D.T @ dd
    return h
