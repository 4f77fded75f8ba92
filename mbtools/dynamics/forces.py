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

Their derivatives, for the tangents of the implicit methods
(:func:`mbtools.dynamics.jacobians.force_jacobians`), come from the placements' second
and third derivatives (:meth:`mbtools.Model.placement_derivatives`), exact:

* the stiffness of gravity, ∂Q_g/∂q = Σ_bodies m Σ_i g_i ∂²o_i/∂q² (zero where the
  origins are linear in q);
* the inertia rate Jacobian ∂h/∂q̇ and the inertia stiffness ∂h/∂q (see
  :func:`inertia_jacobians`).

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

from ..errors import MechanismError
from ..model import Model
from ..model.placement import PlacementDerivatives
from .load_points import contract
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


def curved_bodies(model: Model, q, third: bool = True) -> dict[str, PlacementDerivatives]:
    """{body: its placement derivatives at q} of the bodies whose placement is not linear
    in q (the others add nothing to the stiffness of gravity or to h): third derivatives
    with ``third``."""
    q = model.configuration(q)
    return {body: model.placement_derivatives(q, body, third) for body in model.body_names
            if not model.placement_is_linear(body)}


def gravity_stiffness(model: Model, q, gravity, bodies: dict | None = None) -> np.ndarray:
    """∂Q_g/∂q = Σ_bodies m Σ_i g_i ∂²o_i/∂q², n × n: how the generalized weights change
    with q (Q_g = Σ m o_qᵀ g). ``bodies``: :func:`curved_bodies` at q, if already known."""
    g = np.asarray(gravity, dtype=float)
    n = model.n_coordinates
    K = np.zeros((n, n))
    for body, d in (curved_bodies(model, q, third=False) if bodies is None else bodies).items():
        K[d.columns[:, None], d.columns] += body_mass(model, body).mass * contract(g, d.origin_qq)
    return K


def inertia_jacobians(model: Model, q, qd, bodies: dict | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(∂h/∂q, ∂h/∂q̇) of the velocity terms h (the module's equation), n × n each, exact.

    With v = q̇, a = o_qq[v, v] = (o_q q̇)_q q̇ and A = R_qq[v, v] = (R_q q̇)_q q̇ of a body,
    h_k = m o_{,k}·a + tr(R_{,k} J Aᵀ), so

        ∂h_k/∂q̇_l = 2 m o_{,k}·(o_qq v)_{,l} + 2 tr(R_{,k} J (R_qq v)_{,l}ᵀ),
        ∂h_k/∂q_l = m o_{,kl}·a + m o_{,k}·a_{,l} + tr(R_{,kl} J Aᵀ) + tr(R_{,k} J A_{,l}ᵀ),

    a_{,l} = o_qqq[v, v, e_l] and A_{,l} from the placements' third derivatives (the
    complex step on their jets). A line of mass (two points in space) adds nothing where
    its points are linear in q, as in the families that make one. ``bodies``:
    :func:`curved_bodies` at q with third derivatives, if already known.

    Raises
    ------
    MechanismError
        For a line of mass whose points are not linear in q (no family makes one).
    """
    q, qd = model.configuration(q), model.configuration(qd, "qd")
    n = model.n_coordinates
    h_q, h_qd = np.zeros((n, n)), np.zeros((n, n))
    for body, d in (curved_bodies(model, q) if bodies is None else bodies).items():
        properties = body_mass(model, body)
        v = qd[d.columns]
        index = (d.columns[:, None], d.columns)
        origin_v = d.origin_qq @ v  # (o_qq v)_{i,l}
        a, a_q = origin_v @ v, np.einsum("ijkl,j,k->il", d.origin_qqq, v, v)
        h_qd[index] += 2.0 * properties.mass * d.origin_q.T @ origin_v
        h_q[index] += properties.mass * (contract(a, d.origin_qq) + d.origin_q.T @ a_q)
        if d.frame is None:
            _require_straight_line(model, body, properties)
            continue
        J = second_moment(properties.inertia, model.mechanism.dimension)
        frame_v = d.frame_qq @ v  # (R_qq v)_{im,l}
        A, A_q = frame_v @ v, np.einsum("imabl,a,b->iml", d.frame_qqq, v, v)
        RJ = np.einsum("ijk,jm->imk", d.frame_q, J)  # (R_{,k} J)_{im}
        h_qd[index] += 2.0 * np.einsum("imk,iml->kl", RJ, frame_v)
        h_q[index] += np.einsum("ijkl,jm,im->kl", d.frame_qq, J, A) + np.einsum("imk,iml->kl", RJ, A_q)
    return h_q, h_qd


def _require_straight_line(model: Model, body: str, properties) -> None:
    """A line of mass's h = (J_⊥/L²) Dᵀ (D q̇)_q q̇ vanishes with its derivatives where its
    points are linear in q; else a MechanismError (no family makes such a line)."""
    i, j, _ = line_body(model, body, properties)
    if not (model.point_is_linear(i) and model.point_is_linear(j)):
        raise MechanismError(f"Body '{body}' of '{model.mechanism.name}' is a line of mass whose points "
                             f"'{i}' and '{j}' are not linear in the {model.family} coordinates: its inertia "
                             "Jacobians are not available.")
