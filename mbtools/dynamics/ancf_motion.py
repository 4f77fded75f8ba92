"""Statics, small vibrations and motion of a supported ANCF beam
(:class:`~mbtools.dynamics.ancf_beam.BeamSupports`): the equations on the free
coordinates e_f, with M_ff constant,

    static:    Q(e) + λ F = 0,   λ = 1/n, 2/n, … 1,    Newton with K(e) = −∂Q/∂e;   (A.11)
    modes:     K(e₀) φ = ω² M φ  (scipy.linalg.eigh, M constant);                  (A.12)
    dynamics:  M ë = Q(e) + F,   F = Q_g + the dead loads (constant),               (A.13)

integrated as the first-order system y = (e_f, ė_f) by scipy's ``solve_ivp``, Radau by
default with the analytical Jacobian [0 𝟙; −M⁻¹K 0]. The highest frequency of (A.12), an
axial one, grows as √(EA/ρA)/ℓ: an explicit method's step is bounded near 3/ω_max
(:func:`stiffness_report`) whether or not that mode moves. Where the axial modes are stiff
and barely excited Radau wins by far (the flexible pendulum of
:mod:`mbtools.analysis.ancf_checks` at E = 7 GPa, 2 elements, rtol 1e-3: 5.4e3 evaluations
against DOP853's 5.7e4); where the motion itself excites and resolves them (the same
pendulum at E = 0.7 MPa, ω_max = 716 rad/s, 8 elements) an explicit method is as accurate
for less (DOP853 about half of Radau's time at equal tip accuracy), and ``method`` may say
so. The energy T + U − Fᵀe (½ėᵀMė, the strain energy (A.5), the potential of the constant
forces) is constant in exact arithmetic (:meth:`BeamMotion.energy`, term by term
:meth:`BeamMotion.energy_parts`); its drift measures the integration error (Radau's
stiff decay damps modes the step does not resolve).

Example
-------
>>> from mbtools.dynamics.ancf_beam import BeamSupports, straight_beam
>>> beam = straight_beam(1.0, 4, youngs_modulus=1e4, area=1.0, second_moment=1e-4, density=1.0)
>>> supports = BeamSupports(beam, clamped=[0])                  # EI = 1, ρA = 1, L = 1
>>> e = static_solution(supports, beam.point_load(-1, (0.0, -1e-4)))
>>> round(float(-beam.position(e, -1)[1] / (1e-4 / 3)), 6)     # P L³/(3 EI)
1.0
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import scipy.integrate
import scipy.linalg

from ..errors import EquilibriumError, InputError, MbtoolsError
from ..model.arguments import is_real_number
from .ancf_beam import BeamSupports


def _load_vector(supports: BeamSupports, load) -> np.ndarray:
    """A constant generalized force on the beam (zero for None), checked."""
    n = supports.beam.n_coordinates
    if load is None:
        return np.zeros(n)
    F = np.asarray(load, dtype=float)
    if F.shape != (n,) or not np.isfinite(F).all():
        raise InputError(f"load must be a generalized force of the beam's {n} coordinates (beam.point_load, "
                         f"beam.gravity_force), got shape {F.shape}.")
    return F


def static_solution(supports: BeamSupports, load, load_steps: int = 10, tolerance: float = 1e-10,
                    max_iterations: int = 30) -> np.ndarray:
    """The equilibrium e of (A.11) under the dead ``load`` (a generalized force, e.g.
    ``beam.point_load(-1, (0, -P))``), applied in ``load_steps`` equal steps, each solved
    by Newton from the last to ‖Δe_f‖ ≤ ``tolerance`` (1 + ‖e_f‖).

    Raises
    ------
    EquilibriumError
        Newton did not converge in a load step: take more steps.
    """
    if isinstance(load_steps, bool) or not isinstance(load_steps, (int, np.integer)) or load_steps < 1:
        raise InputError(f"static_solution: load_steps must be a whole number ≥ 1, got {load_steps!r}.")
    F = _load_vector(supports, load)[supports.free]
    x = supports.beam.reference[supports.free].copy()
    for step in range(1, load_steps + 1):
        scale = step / load_steps
        for _ in range(max_iterations):
            e = supports.expand(x)
            delta = np.linalg.solve(supports.stiffness(e), supports.elastic_force(e) + scale * F)
            x += delta
            if np.linalg.norm(delta) <= tolerance * (1.0 + np.linalg.norm(x)):
                break
        else:
            raise EquilibriumError(f"static_solution: Newton did not converge at load step {step} of {load_steps} "
                                   f"(last correction {np.linalg.norm(delta):.2e}); take more load_steps.")
    return supports.expand(x)


def natural_frequencies(supports: BeamSupports, e=None) -> tuple[np.ndarray, np.ndarray]:
    """(ω, Φ) of (A.12) about the equilibrium e (the reference by default): every natural
    frequency (rad/s, ascending) and the mode shapes on the beam's coordinates (columns,
    mass-normalised, zero on the fixed coordinates)."""
    e = supports.beam.reference if e is None else np.asarray(e, dtype=float)
    values, vectors = scipy.linalg.eigh(supports.stiffness(e), supports.mass)
    modes = np.zeros((supports.beam.n_coordinates, len(values)))
    modes[supports.free] = vectors
    return np.sqrt(np.clip(values, 0.0, None)), modes


@dataclass
class BeamMotion:
    """A beam's motion from :func:`simulate_beam`: times, coordinates and rates (full e,
    one row per time), the constant force F of (A.13) and the solver's statistics."""

    supports: BeamSupports
    t: np.ndarray
    e: np.ndarray
    ed: np.ndarray
    force: np.ndarray
    statistics: dict = field(default_factory=dict)

    def energy_parts(self) -> dict:
        """The energy of the motion term by term at every time.

        Returns
        -------
        dict
            One array per time of each term: ``"kinetic"`` T = ½ ėᵀMė (M the constant mass
            matrix (A.3)), ``"strain"`` the strain energy U(e) (A.5), ``"gravity"`` −Fᵀe, the
            potential of the constant force F of (A.13) (gravity and any dead load), and
            ``"total"`` their sum, which :meth:`energy` returns.

        Examples
        --------
        >>> from mbtools.dynamics.ancf_beam import BeamSupports, straight_beam
        >>> beam = straight_beam(1.0, 2, youngs_modulus=1e4, area=1.0, second_moment=1e-4, density=1.0)
        >>> motion = simulate_beam(BeamSupports(beam, pinned=[0]), 0.2, rtol=1e-4, t_eval=[0.0, 0.2])
        >>> parts = motion.energy_parts()                    # released level: all zero at t = 0
        >>> list(parts), [round(float(parts[k][0]), 12) for k in parts]
        (['kinetic', 'strain', 'gravity', 'total'], [0.0, 0.0, 0.0, 0.0])
        >>> bool(parts["kinetic"][-1] > 0.0 > parts["gravity"][-1])   # it falls: T up, −Fᵀe down
        True
        >>> bool(abs(parts["total"][-1]) < 1e-4 * parts["kinetic"][-1])
        True
        """
        beam = self.supports.beam
        kinetic = 0.5 * np.einsum("ti,ij,tj->t", self.ed, beam.mass, self.ed)
        strain = np.array([beam.strain_energy(e) for e in self.e])
        potential = -self.e @ self.force
        return {"kinetic": kinetic, "strain": strain, "gravity": potential, "total": kinetic + strain + potential}

    def energy(self) -> np.ndarray:
        """T + U − Fᵀe at every time (the ``"total"`` of :meth:`energy_parts`): constant in
        exact arithmetic."""
        return self.energy_parts()["total"]

    def node_path(self, node) -> np.ndarray:
        """The position of ``node`` at every time, (n_times, 2)."""
        return self.supports.beam.position(self.e, node)


class _Equations:
    """y' = f(t, y) of (A.13) on the free coordinates, and its Jacobian."""

    def __init__(self, supports: BeamSupports, force: np.ndarray):
        self.supports, self.force = supports, force[supports.free]
        self.n = len(supports.free)
        # M is constant, symmetric positive definite and well conditioned: its inverse once
        # (a product per evaluation is cheaper than a triangular solve's call overhead)
        self.inverse_mass = scipy.linalg.cho_solve(scipy.linalg.cho_factor(supports.mass), np.eye(self.n))

    def __call__(self, t: float, y: np.ndarray) -> np.ndarray:
        e = self.supports.expand(y[:self.n])
        acceleration = self.inverse_mass @ (self.supports.elastic_force(e) + self.force)
        return np.concatenate([y[self.n:], acceleration])

    def jacobian(self, t: float, y: np.ndarray) -> np.ndarray:
        n = self.n
        out = np.zeros((2 * n, 2 * n))
        out[:n, n:] = np.eye(n)
        out[n:, :n] = -self.inverse_mass @ self.supports.stiffness(self.supports.expand(y[:n]))
        return out


def simulate_beam(supports: BeamSupports, t_end: float, e0=None, ed0=None, gravity=(0.0, -9.81), load=None,
                  rtol: float = 1e-6, atol: float | None = None, method: str = "Radau", t_eval=None) -> BeamMotion:
    """Integrate (A.13) from t = 0 to ``t_end`` (s) from (e0, ė0) (the reference at rest by
    default; only their free coordinates are read).

    Parameters
    ----------
    supports : mbtools.dynamics.ancf_beam.BeamSupports
    t_end : float
    e0, ed0 : array_like, optional
        Initial coordinates and rates of the whole beam.
    gravity : sequence of float
        m/s²; (0, 0) for none.
    load : array_like, optional
        A constant generalized force added to gravity (``beam.point_load``).
    rtol, atol : float
        solve_ivp's tolerances (atol = rtol by default: coordinates in m and slopes of order 1).
    method : str
        A solve_ivp method; "Radau" (default), "BDF" and "LSODA" get the analytical Jacobian.
    t_eval : array_like, optional
        Output times (default: the solver's steps).
    """
    beam = supports.beam
    if not (is_real_number(t_end) and np.isfinite(float(t_end)) and float(t_end) > 0):
        raise InputError(f"simulate_beam: t_end must be a positive number of seconds, got {t_end!r}.")
    force = beam.gravity_force(gravity) + _load_vector(supports, load)
    e0 = beam.reference if e0 is None else np.asarray(e0, dtype=float)
    ed0 = np.zeros(beam.n_coordinates) if ed0 is None else np.asarray(ed0, dtype=float)
    for what, value in (("e0", e0), ("ed0", ed0)):
        if value.shape != (beam.n_coordinates,) or not np.isfinite(value).all():
            raise InputError(f"simulate_beam: {what} must be {beam.n_coordinates} finite numbers, got shape {value.shape}.")
    equations = _Equations(supports, force)
    options = {"jac": equations.jacobian} if method in ("Radau", "BDF", "LSODA") else {}
    y0 = np.concatenate([e0[supports.free], ed0[supports.free]])
    solution = scipy.integrate.solve_ivp(equations, (0.0, float(t_end)), y0, method=method, t_eval=t_eval, rtol=rtol,
                                         atol=rtol if atol is None else atol, **options)
    if not solution.success:
        raise MbtoolsError(f"simulate_beam: the integration stopped at t = {solution.t[-1]:.4g} s: "
                           f"{solution.message} Loosen rtol or try another method.")
    n = equations.n
    e = np.array([supports.expand(y) for y in solution.y[:n].T])
    ed = np.zeros_like(e)
    ed[:, supports.free] = solution.y[n:].T
    statistics = {"nfev": solution.nfev, "njev": solution.njev, "nlu": solution.nlu, "steps": len(solution.t) - 1}
    return BeamMotion(supports, solution.t, e, ed, force, statistics)


def stiffness_report(supports: BeamSupports, e=None) -> dict:
    """The stiffness of (A.13) about e: the highest and lowest non-zero natural frequency
    (rad/s) and their ratio, and the largest step an explicit method could take (≈ 3/ω_max
    for the stability region of RK45 and DOP853 on the imaginary axis)."""
    omega, _ = natural_frequencies(supports, e)
    moving = omega[omega > 1e-8 * omega[-1]]
    return {"omega_max": float(moving[-1]), "omega_min": float(moving[0]), "ratio": float(moving[-1] / moving[0]),
            "explicit_step": float(3.0 / moving[-1])}
