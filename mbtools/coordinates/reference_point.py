"""Reference-point coordinates: each body placed by a point and its orientation.

The coordinates of a body are those of its reference point (its centre of mass when
the description gives mass properties, otherwise the centroid of its points in the
drawing) and its orientation: one angle φ in the plane; in space, by the option
``rotation``,

* ``"euler_angles"`` (the default): three Euler angles (ψ, θ, φ), z–x–z as in ADAMS
  (book, equation eq-euler-angles);
* ``"euler_parameters"``: four Euler parameters (e₀, e₁, e₂, e₃) tied by e·e = 1, as in
  DADS (book, equation eq-euler-parameters), with the normalisation as a constraint;
* ``"rotation_vector"``: the rotation vector θ = (θ₁, θ₂, θ₃) = φ u, three coordinates
  and no condition, R = exp(θ̃) by Rodrigues' formula (Rodrigues 1840; book, equation
  eq-rodrigues), its coefficients written as functions of s = θ·θ that are smooth at
  θ = 0 (:mod:`mbtools.coordinates.rotation_vector`).

Every joint gives its pair conditions (:mod:`mbtools.coordinates.poses`).

The orientation coordinates count from the drawing: φ = 0 (Euler angles (0, 90°, 0),
Euler parameters (1, 0, 0, 0), rotation vector (0, 0, 0)) is each body as drawn, not a
body along the x axis. The angle of a link from +x is ``model.angle(q, tail, head)`` in
any family.

Three numbers cannot describe every rotation without a singular one. Euler angles are
singular where the nutation θ is 0 or π: the first and third rotations are then about
the same axis. The body frames are therefore set at θ = 90° in the drawing (any frame
fixed to a body serves); a motion that brings a body to θ = 0 is reported as gimbal lock,
by name. The rotation vector is singular where a body has turned a whole number of
times from the drawing, ‖θ‖ = 2π, 4π, …: its tangent operator (ω = T(θ) θ̇, book,
equation eq-tangent-operator) has det T = 2 (1 − cos ‖θ‖)/‖θ‖² = 0 there, and a motion
that brings a body there is reported by name too. Euler parameters have no singular
orientation. The mass matrix needs nothing of the option: it is built from the frames'
derivatives R_{,k} (:mod:`mbtools.dynamics.mass`), which for the rotation vector give
the rotational part T(θ) I⁰ T(θ)ᵀ, I⁰ the inertia tensor about the centre of mass in the
drawing's axes (the body's angular velocity in its own axes is Tᵀ θ̇).

Example
-------
>>> from mbtools import examples, formulate
>>> model = formulate(examples.four_bar(), "reference_point")
>>> model.coordinate_names[:3]
['x_crank', 'y_crank', 'phi_crank']
>>> model.n_coordinates, model.n_constraints
(9, 9)
>>> model = formulate(examples.rssr(), "reference_point", rotation="rotation_vector")
>>> model.coordinate_names[:6]
['x_crank', 'y_crank', 'z_crank', 'theta1_crank', 'theta2_crank', 'theta3_crank']
"""

from __future__ import annotations

import math

import numpy as np
import sympy as sp

from ..description import Mechanism
from ..errors import MechanismError
from ..model import Constraint, FamilyFacts, Model
from .points import body_origin
from .poses import Pose, PoseFormulation, pair_conditions, rotation
from .rotation_vector import rotation_vector_matrix, whole_turn_explainer

#: The options of ``rotation=`` in space.
ROTATIONS = ("euler_angles", "euler_parameters", "rotation_vector")


def _rz(a):
    return sp.Matrix([[sp.cos(a), -sp.sin(a), 0], [sp.sin(a), sp.cos(a), 0], [0, 0, 1]])


def _rx(a):
    return sp.Matrix([[1, 0, 0], [0, sp.cos(a), -sp.sin(a)], [0, sp.sin(a), sp.cos(a)]])


def euler_angles_matrix(psi, theta, phi) -> sp.Matrix:
    """R = R_z(ψ) R_x(θ) R_z(φ), the z–x–z Euler angles (book, equation eq-euler-angles)."""
    return _rz(psi) * _rx(theta) * _rz(phi)


def euler_parameters_matrix(e0, e1, e2, e3) -> sp.Matrix:
    """R = (e₀² − eᵀe) I + 2 e eᵀ + 2 e₀ ẽ, e = (e₁, e₂, e₃), for e₀² + eᵀe = 1
    (Nikravesh 1988, eq. 6.19; book, equation eq-euler-parameters)."""
    e = sp.Matrix([e1, e2, e3])
    tilde = sp.Matrix([[0, -e3, e2], [e3, 0, -e1], [-e2, e1, 0]])
    return (e0**2 - e.dot(e)) * sp.eye(3) + 2 * e * e.T + 2 * e0 * tilde


# The body frame of every body at the drawing: Euler angles (0, 90°, 0), away from lock.
DRAWING_FRAME = np.array(euler_angles_matrix(0, sp.pi / 2, 0).evalf(), dtype=float)


def formulate_reference_point(mechanism: Mechanism, rotation_kind: str = "euler_angles") -> Model:
    """Formulate a mechanism in reference-point coordinates."""
    if rotation_kind not in ROTATIONS:
        raise MechanismError(f"rotation must be one of {', '.join(map(repr, ROTATIONS))}, got {rotation_kind!r}.")
    f = PoseFormulation(mechanism)
    nutations: dict[str, int] = {}
    rotation_vectors: dict[str, list[int]] = {}
    for body in mechanism.bodies.values():
        if body.is_ground:
            continue
        c0 = body_origin(body)
        name = body.name
        r = sp.Matrix([f.coordinate(f"{a}_{name}", c) for a, c in zip("xyz", c0)])
        if mechanism.dimension == 2:
            R = rotation(None, f.coordinate(f"phi_{name}", 0.0), 2)
        elif rotation_kind == "euler_angles":
            psi = f.coordinate(f"psi_{name}", 0.0)
            nutations[name] = len(f.coordinates)  # index of θ in q
            theta = f.coordinate(f"theta_{name}", math.pi / 2)
            phi = f.coordinate(f"phi_{name}", 0.0)
            R = euler_angles_matrix(psi, theta, phi) * sp.Matrix(DRAWING_FRAME.T)
        elif rotation_kind == "rotation_vector":
            rotation_vectors[name] = list(range(len(f.coordinates), len(f.coordinates) + 3))  # indices of θ in q
            R = rotation_vector_matrix(*(f.coordinate(f"theta{k}_{name}", 0.0) for k in (1, 2, 3)))
        else:
            e = [f.coordinate(f"e{k}_{name}", 1.0 if k == 0 else 0.0) for k in range(4)]
            R = euler_parameters_matrix(*e)
            f.equations.append(
                Constraint(f"{name}: Euler parameters normalised", "normalisation", sum(x**2 for x in e) - 1,
                           length_power=0, owner=name)
            )
        # x = R (x⁰ − c⁰) + r
        f.poses[name] = Pose(R, r - R * sp.Matrix(list(map(float, c0))))
    for joint in mechanism.joints:
        f.equations.extend(pair_conditions(mechanism, joint, f.poses[joint.body_i], f.poses[joint.body_j]))
    f.drivers()
    variant = rotation_kind if mechanism.dimension == 3 else None
    label = "reference point" + (f" ({rotation_kind.replace('_', ' ')})" if variant else "")
    explain = _gimbal_lock_explainer(nutations) if nutations else \
        whole_turn_explainer(rotation_vectors) if rotation_vectors else None
    facts = FamilyFacts(label, variant=variant, explain_singularity=explain)
    return f.model("reference_point", facts)


def _gimbal_lock_explainer(nutations: dict[str, int]):
    def explain(q) -> str | None:
        locked = [body for body, k in nutations.items() if abs(math.sin(q[k])) < 1e-3]
        if not locked:
            return None
        return (
            f"Gimbal lock: the Euler angles of {locked} have nutation θ at 0 or 180°, where the "
            "first and third rotations turn about the same axis and the angles lose one degree "
            "of freedom. Re-orient those bodies' frames, or formulate with "
            "rotation='euler_parameters', which have no singular orientation."
        )

    return explain
