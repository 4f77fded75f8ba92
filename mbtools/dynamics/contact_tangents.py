"""The tangent of a compliant contact (``mbtools.dynamics.compliant_contacts``): the
derivatives of its generalized force Q (K.2) and of its state rates ẇ (K.3) in q, q̇ and
w, that an implicit integrator's Newton iteration needs (:class:`LinearisedContact`,
mixed into every contact element).

With the contact's quantities of (K.1),

    dF_n = F_δ dδ + F_δ̇ dδ̇ + F_δ̇⁻ dδ̇⁻,       dδ = δ_q dq,   dδ̇ = δ̇_q dq − nᵀG dq̇,
    df_t = f_v dv_t + f_N dF_n + f_z dz_t,    dv_t = v_q dq + TᵀG dq̇,   z_t = Tᵀz (K.5),
    dQ = Σ_c Gᵀ (n dF_n + T df_t) + ∂(Σ_c Gᵀ (F_n n + T f_t))/∂q (F_n, f_t held) dq,     (K.6)

and likewise for the dissipated powers Ė_n = P(δ, δ̇, δ̇⁻), Ė_t = −f_tᵀv_t and the bristle
rates ż = T ż_t(v_t, z_t). The laws' derivatives — F_δ … of the normal law
(``linearisation``), f_v, f_N, f_z and ż_t's of the friction law (``force_derivatives``,
``state_rate_derivatives``) — are exact; what changes only with the geometry (δ_q, δ̇_q,
v_q, (Tᵀz)_q, the held force's last term) is differenced on the geometry's own scale,
and is δ_q = −nᵀG and zero where n, T and G are constant (a point of the point families
on a plane). Differences of the force itself would step over the micrometres of an
indentation and across the laws' kinks: the Newton iteration of an implicit integrator
then stalls, and Radau took 2500 steps, each with a new Jacobian, where 600 do.

Example
-------
>>> from mbtools.analysis.clearance import clearance_system
>>> system = clearance_system()
>>> corner, model = system.loads[0], system.model
>>> q = model.reference_q.copy()
>>> q[model.coordinate_names.index("y_P1")] += 1e-3 + 1e-5      # P1 10 µm into its wall
>>> qd = np.zeros(model.n_coordinates)
>>> lin = corner.linearisation(model, 0.0, q, qd)
>>> k = model.coordinate_names.index("y_P1")
>>> bool(lin.force_q[k, k] < 0.0)          # the wall pushes back harder the deeper P1 goes
True
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ..model import Model
from .differences import difference_quotients


class ContactLinearisation(NamedTuple):
    """The derivatives (K.6) of a contact element's generalized force Q and state rates ẇ:
    ``force_q`` ∂Q/∂q, ``force_qd`` ∂Q/∂q̇, ``force_w`` ∂Q/∂w, ``rates_q`` ∂ẇ/∂q,
    ``rates_qd`` ∂ẇ/∂q̇, ``rates_w`` ∂ẇ/∂w."""

    force_q: np.ndarray
    force_qd: np.ndarray
    force_w: np.ndarray
    rates_q: np.ndarray
    rates_qd: np.ndarray
    rates_w: np.ndarray


class LinearisedContact:
    """The derivatives (K.6) of a contact element (the element gives ``contact_points``,
    its laws, its states' layout and ``_evaluate``; see
    :class:`~mbtools.dynamics.compliant_contacts.CompliantContact`)."""

    def _constant_geometry(self, model: Model) -> bool:
        """Whether n, T and G of every contact are constant in q (a point of the point
        families on a plane): then the geometric part of the tangent (K.6) is zero."""
        return False

    def _geometry_differences(self, model: Model, function, q: np.ndarray) -> np.ndarray:
        """∂function/∂q for the geometric part of (K.6), by central differences with the
        bodies' step (``mbtools.dynamics.differences``): a plane's normal and a body's
        frame change on the scale of the bodies."""
        return difference_quotients(function, q, model.length_scale)

    def tangent(self, model: Model, t: float, q, qd, w=None) -> tuple[np.ndarray, np.ndarray]:
        """(∂Q/∂q, ∂Q/∂q̇) with the states held, the laws' part exact (K.6)
        (:meth:`linearisation`)."""
        lin = self.linearisation(model, t, q, qd, w)
        return lin.force_q, lin.force_qd

    def state_tangent(self, model: Model, t: float, q, qd, w) -> tuple[np.ndarray, ...]:
        """(∂Q/∂w, ∂ẇ/∂q, ∂ẇ/∂q̇, ∂ẇ/∂w) of (K.2)–(K.3) (:meth:`linearisation`): what an
        implicit integrator needs besides :meth:`tangent`."""
        lin = self.linearisation(model, t, q, qd, w)
        return lin.force_w, lin.rates_q, lin.rates_qd, lin.rates_w

    def linearisation(self, model: Model, t: float, q, qd, w=None) -> ContactLinearisation:
        """The derivatives of Q (K.2) and ẇ (K.3) in q, q̇ and w, the laws' part exact:

            dF_n = F_δ dδ + F_δ̇ dδ̇ + F_δ̇⁻ dδ̇⁻,       dδ = δ_q dq,   dδ̇ = δ̇_q dq − nᵀG dq̇,
            df_t = f_v dv_t + f_N dF_n + f_z dz_t,    dv_t = v_q dq + TᵀG dq̇,   z_t = Tᵀz (K.5),
            dQ = Σ_c Gᵀ (n dF_n + T df_t) + ∂(Σ_c Gᵀ (F_n n + T f_t))/∂q (F_n, f_t held) dq,     (K.6)

        and likewise the dissipated powers and the bristle rates. F_δ … of the normal law
        (``linearisation``) and f_v, f_N, f_z of the friction law (``force_derivatives``,
        ``state_rate_derivatives``) are exact; what changes only with the geometry — δ_q,
        δ̇_q, v_q, (Tᵀz)_q, the held force's last term — smooth on the bodies' scale, by
        central differences of the contact points (δ_q = −nᵀG and the rest zero where the
        geometry is constant). Differences
        of the force itself would step over the micrometres of an indentation and across the
        laws' kinks, and an implicit integrator's Newton iteration would stall on them."""
        q, qd = np.asarray(q, dtype=float), np.asarray(qd, dtype=float)
        w = np.asarray(self._states(model, q, qd, w), dtype=float)
        key = (id(model), q.tobytes(), qd.tobytes(), w.tobytes())
        last = self.__dict__.get("_last_linearisation")
        if last is not None and last[0] == key:
            return last[1]
        out = self._linearise(model, q, qd, w)
        object.__setattr__(self, "_last_linearisation", (key, out))
        return out

    def _linearise(self, model: Model, q, qd, w) -> ContactLinearisation:
        n, size = model.n_coordinates, len(w)
        k, f = self._layout(model)
        lin = ContactLinearisation(np.zeros((n, n)), np.zeros((n, n)), np.zeros((n, size)), np.zeros((size, n)),
                                   np.zeros((size, n)), np.zeros((size, size)))
        speeds, bristles = self._split(model, w)
        evaluated = self._evaluate(model, q, qd, w)
        if any(not np.isfinite(item[4]) for item in evaluated):
            return ContactLinearisation(*(np.full_like(block, np.nan) for block in lin))
        touching = [c for c, item in enumerate(evaluated) if item[4] > 0.0]
        if not touching:
            return lin
        spatial_bristles = f == 3
        held = {}
        for c in touching:
            contact, force, _, slip, _, _ = evaluated[c]
            z_t = self._tangential(contact, bristles[c]) if f else None
            bristle_rate = self.friction.state_rate(slip, z_t) if f else None
            held[c] = (evaluated[c][4], contact.tangents.T @ force, bristle_rate)
        geometric = None
        if not self._constant_geometry(model):
            def moving(x: np.ndarray) -> np.ndarray:
                """The held Σ Gᵀ(F_n n + T f_t), then each touching contact's δ, δ̇, v_t and,
                in space, Tᵀz and T ż_t (ż_t held), at x."""
                points = self.contact_points(model, x)
                parts = [sum(points[c].jacobian.T @ (held[c][0] * points[c].normal + points[c].tangents @ held[c][1])
                             for c in touching)]
                for c in touching:
                    v = points[c].jacobian @ qd
                    parts += [[points[c].delta, -points[c].normal @ v], points[c].tangents.T @ v]
                    if spatial_bristles:
                        parts += [points[c].tangents.T @ bristles[c], points[c].tangents @ held[c][2]]
                return np.concatenate([np.asarray(part, dtype=float).reshape(-1) for part in parts])
            geometric = self._geometry_differences(model, moving, q)
            lin.force_q[:] += geometric[:n]
        row = n
        for c in touching:
            contact, _, rate, slip, normal_force, _ = evaluated[c]
            G, normal, tangents = contact.jacobian, contact.normal, contact.tangents
            d = len(slip)
            approach = -normal @ G                                        # δ̇_q̇ = −nᵀG
            delta_q, rate_q, slip_q = approach, np.zeros(n), np.zeros((d, n))   # δ_q = −nᵀG where n, G are constant
            z_t_q = bristle_geometry = None
            if geometric is not None:
                delta_q, rate_q, slip_q = geometric[row], geometric[row + 1], geometric[row + 2:row + 2 + d]
                row += 2 + d
                if spatial_bristles:
                    z_t_q, bristle_geometry = geometric[row:row + d], geometric[row + d:row + d + 3]
                    row += d + 3
            speed_state, z_state = 2 + c, slice(2 + k + c * f, 2 + k + (c + 1) * f)
            if self.law is not None:
                F_d, F_r, F_s, P_d, P_r, P_s = self.law.linearisation(
                    float(contact.delta), rate, float(speeds[c]) if self._held() else 1.0)
                if not self._held():
                    F_s = P_s = 0.0
            else:
                F_d = F_r = F_s = P_d = P_r = P_s = 0.0
            normal_q, normal_qd = F_d * delta_q + F_r * rate_q, F_r * approach
            lin.rates_q[0] += P_d * delta_q + P_r * rate_q
            lin.rates_qd[0] += P_r * approach
            lin.rates_w[0, speed_state] += P_s
            force_q, force_qd = np.outer(normal, normal_q), np.outer(normal, normal_qd)
            force_s = F_s * normal
            force_z = np.zeros((len(normal), f))
            if self.friction is not None:
                z_t = self._tangential(contact, bristles[c]) if f else None
                f_v, f_N, f_z = self.friction.force_derivatives(slip, normal_force, z_t)
                f_v, f_N = np.atleast_2d(f_v), np.atleast_1d(f_N)
                slip_qd = tangents.T @ G
                from_z = tangents.T if spatial_bristles else np.eye(f)          # dz_t/dz
                friction_q = f_v @ slip_q + np.outer(f_N, normal_q)
                friction_qd = f_v @ slip_qd + np.outer(f_N, normal_qd)
                friction_s = f_N * F_s
                friction_z = np.zeros((d, f))
                if f:
                    f_z = np.atleast_2d(f_z)
                    friction_z = f_z @ from_z
                    if z_t_q is not None:
                        friction_q = friction_q + f_z @ z_t_q
                force_q, force_qd = force_q + tangents @ friction_q, force_qd + tangents @ friction_qd
                force_s, force_z = force_s + tangents @ friction_s, tangents @ friction_z
                f_t = held[c][1]                                               # Ė_t = −f_tᵀ v_t
                lin.rates_q[1] -= slip @ friction_q + f_t @ slip_q
                lin.rates_qd[1] -= slip @ friction_qd + f_t @ slip_qd
                lin.rates_w[1, speed_state] -= slip @ friction_s
                lin.rates_w[1, z_state] -= slip @ friction_z
                if f:
                    r_v, r_z = self.friction.state_rate_derivatives(slip, z_t)
                    r_v, r_z = np.atleast_2d(r_v), np.atleast_2d(r_z)
                    rate_z_q = r_v @ slip_q + (r_z @ z_t_q if z_t_q is not None else 0.0)
                    to_state = tangents if spatial_bristles else np.eye(f)     # ż = T ż_t in space
                    lin.rates_q[z_state] += to_state @ rate_z_q + (bristle_geometry if bristle_geometry is not None
                                                                   else 0.0)
                    lin.rates_qd[z_state] += to_state @ (r_v @ slip_qd)
                    lin.rates_w[z_state, z_state] += to_state @ r_z @ from_z
            lin.force_q[:] += G.T @ force_q
            lin.force_qd[:] += G.T @ force_qd
            lin.force_w[:, speed_state] += G.T @ force_s
            lin.force_w[:, z_state] += G.T @ force_z
        return lin
