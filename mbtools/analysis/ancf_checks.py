"""The planar ANCF beam (:mod:`mbtools.dynamics.ancf`) checked against closed forms, and
the flexible pendulum of Berzeri & Shabana (2000).

Cantilever checks, on the beam of L = 1, EI = 1, ρA = 1 (so that α = PL²/EI = P, and
frequencies are in units of √(EI/(ρA L⁴))) with the slenderness EA L²/EI = 10⁶ (an
inextensible beam to 1e-6, as the elastica assumes):

* the small tip deflection P L³/(3EI): cubic Hermite elements hold the linear
  cantilever's cubic exactly, so it is met to round-off on any mesh (:func:`tip_deflection_error`);
* the elastica under α = 1 and 2 (:func:`~mbtools.analysis.beams.elastica_tip`, Bisshopp &
  Drucker 1945), by Newton with load steps (:func:`elastica_errors`);
* the first two bending frequencies (β L)² with β L = 1.8751, 4.6941 (:func:`frequency_errors`);
* the energy of a free vibration (:func:`free_vibration_drift`).

:func:`convergence_table` sets them side by side for 1, 2, 4, 8, 16 elements.

The flexible pendulum (:data:`PENDULUM`): a beam pinned at one end, released horizontal at
rest under gravity; its tip over 1 s against the rigid bar's (φ̈ = −(3g/2L) cos φ), which it
approaches as E grows (the deviation falls as 1/E), and its energy balance.

Example
-------
>>> float(tip_deflection_error(2)) < 1e-9
True
"""

from __future__ import annotations

import time

import numpy as np
import scipy.integrate

from ..dynamics.ancf_beam import BeamSupports, straight_beam
from ..dynamics.ancf_motion import BeamMotion, natural_frequencies, simulate_beam, static_solution
from .beams import BISSHOPP_DRUCKER, cantilever_roots, elastica_tip
from .cases import Case

#: The flexible pendulum of Berzeri and Shabana (2000, J. Sound Vib. 235, 539–565), in SI units.
PENDULUM = {"length": 1.2, "area": 0.0018, "second_moment": 1.215e-8, "youngs_modulus": 0.7e6, "density": 5540.0}
BERZERI_SHABANA = "Berzeri & Shabana 2000, J. Sound Vib. 235, 539–565"
#: EA L²/EI of the cantilever checks.
SLENDERNESS = 1e6


def cantilever(elements: int, slenderness: float = SLENDERNESS, curvature_form: str = "exact"):
    """(beam, supports) of the unit cantilever (L = EI = ρA = 1, EA = ``slenderness``),
    clamped at node 0, along +x."""
    beam = straight_beam(1.0, elements, youngs_modulus=slenderness, area=1.0, second_moment=1.0 / slenderness,
                         density=1.0, curvature_form=curvature_form)
    return beam, BeamSupports(beam, clamped=[0])


def tip_deflection_error(elements: int, alpha: float = 1e-6) -> float:
    """w/(PL³/3EI) − 1 under the small tip load α (geometric nonlinearity of order α²)."""
    beam, supports = cantilever(elements)
    e = static_solution(supports, beam.point_load(-1, (0.0, -alpha)), load_steps=1)
    return float(-beam.position(e, -1)[1] / (alpha / 3.0) - 1.0)


def elastica_errors(elements: int, alpha: float, slenderness: float = SLENDERNESS,
                    curvature_form: str = "exact", load_steps: int = 10) -> tuple[float, float]:
    """(Δw/L, Δu/L) of the ANCF tip against the elastica under α = PL²/EI (computed less
    exact, u = x_T/L − 1 the shortening)."""
    beam, supports = cantilever(elements, slenderness, curvature_form)
    e = static_solution(supports, beam.point_load(-1, (0.0, -alpha)), load_steps=load_steps)
    x, y = beam.position(e, -1)
    exact_x, exact_w = elastica_tip(alpha)
    return float(-y - exact_w), float(x - exact_x)


def bending_modes(supports: BeamSupports, count: int = 2) -> tuple[np.ndarray, np.ndarray]:
    """(ω, Φ) of the first ``count`` modes that move mostly across the beam (over half
    their kinetic energy in the transverse coordinates; the beam along x): the axial modes
    left out, whatever their place in the spectrum. Each mode is scaled to a unit tip
    deflection."""
    omega, modes = natural_frequencies(supports)
    transverse = np.zeros(supports.beam.n_coordinates)
    transverse[1::2] = 1.0  # y of every position and slope
    across = modes * transverse[:, None]
    share = np.einsum("im,ij,jm->m", across, supports.beam.mass, across)
    keep = np.flatnonzero(share > 0.5)[:count]
    shapes = modes[:, keep]
    return omega[keep], shapes / supports.beam.position(shapes.T, -1)[:, 1]


def frequency_errors(elements: int, count: int = 2) -> np.ndarray:
    """ω_i/((β_i L)² √(EI/ρAL⁴)) − 1 of the first ``count`` bending modes."""
    _, supports = cantilever(elements)
    return bending_modes(supports, count)[0] / cantilever_roots(count) ** 2 - 1.0


def free_vibration(elements: int = 4, amplitude: float = 0.1, periods: float = 1.0, slenderness: float = 1e4,
                   rtol: float = 1e-4) -> BeamMotion:
    """The straight cantilever set moving in its first bending mode, ė₀ = ω₁ a φ₁ (φ₁ of unit
    tip deflection, so that the tip swings by about a = ``amplitude`` L), over ``periods``
    of that mode without gravity, by Radau at ``rtol`` (atol = rtol/100). The slenderness
    10⁴ puts the axial modes a decade and more above the bending motion; the large
    amplitude couples them in, at second order."""
    beam, supports = cantilever(elements, slenderness)
    (omega,), shape = bending_modes(supports, 1)
    return simulate_beam(supports, periods * 2 * np.pi / omega, ed0=amplitude * omega * shape[:, 0],
                         gravity=(0.0, 0.0), rtol=rtol, atol=rtol / 100)


def free_vibration_drift(elements: int = 4, amplitude: float = 0.1, periods: float = 1.0, rtol: float = 1e-4) -> float:
    """The largest abs(E(t) − E(0)) / E(0) of :func:`free_vibration` (E = T + U)."""
    energy = free_vibration(elements, amplitude, periods, rtol=rtol).energy()
    return float(np.max(np.abs(energy - energy[0])) / energy[0])


def flexible_pendulum(elements: int = 8, youngs_modulus: float = PENDULUM["youngs_modulus"], t_end: float = 1.0,
                      rtol: float = 1e-3, atol: float | None = None, method: str = "Radau", t_eval=None) -> BeamMotion:
    """Berzeri & Shabana's pendulum (:data:`PENDULUM`, E replaceable): pinned at node 0,
    released horizontal (along +x) at rest under g = 9.81 m/s² along −y."""
    p = PENDULUM
    beam = straight_beam(p["length"], elements, youngs_modulus=youngs_modulus, area=p["area"],
                         second_moment=p["second_moment"], density=p["density"])
    return simulate_beam(BeamSupports(beam, pinned=[0]), t_end, rtol=rtol, atol=atol, method=method, t_eval=t_eval)


def rigid_pendulum_tip(times: np.ndarray, length: float = PENDULUM["length"], gravity: float = 9.81) -> np.ndarray:
    """The tip (n, 2) of the rigid uniform bar pinned at one end and released horizontal:
    (mL²/3) φ̈ = −m g (L/2) cos φ, φ from +x, by DOP853 at rtol 1e-12."""
    times = np.asarray(times, dtype=float)
    solution = scipy.integrate.solve_ivp(lambda t, y: [y[1], -1.5 * gravity / length * np.cos(y[0])],
                                         (0.0, float(times[-1])), [0.0, 0.0], method="DOP853", t_eval=times,
                                         rtol=1e-12, atol=1e-12)
    return length * np.column_stack([np.cos(solution.y[0]), np.sin(solution.y[0])])


def pendulum_timing(elements: int = 8, rtol: float = 1e-3, reference_rtol: float = 1e-9,
                    method: str = "Radau") -> dict:
    """The cost and time-integration accuracy of the flexible pendulum over 1 s: wall time
    (s) and solver statistics at ``rtol``, and the largest tip difference (m, at 101 times)
    from the same mesh integrated by DOP853 at ``reference_rtol``."""
    times = np.linspace(0.0, 1.0, 101)
    start = time.perf_counter()
    motion = flexible_pendulum(elements, rtol=rtol, method=method, t_eval=times)
    seconds = time.perf_counter() - start
    reference = flexible_pendulum(elements, rtol=reference_rtol, atol=reference_rtol / 100, method="DOP853",
                                  t_eval=times)
    energy = motion.energy()
    return {"seconds": seconds, "tip_error": float(np.abs(motion.node_path(-1) - reference.node_path(-1)).max()),
            "energy_drift": float(np.abs(energy - energy[0]).max()), **motion.statistics}


def convergence_table(elements=(1, 2, 4, 8, 16)) -> str:
    """The cantilever checks' errors against the number of elements, as text: linear tip,
    the elastica at α = 1 and 2 (w and u), ω₁ and ω₂ (relative)."""
    lines = [f"{'N':>3} {'linear tip':>10} {'Δw α=1':>9} {'Δu α=1':>9} {'Δw α=2':>9} {'Δu α=2':>9} "
             f"{'Δω₁/ω₁':>9} {'Δω₂/ω₂':>9}"]
    for n in elements:
        w1, u1 = elastica_errors(n, 1.0)
        w2, u2 = elastica_errors(n, 2.0)
        f1, f2 = frequency_errors(n)
        lines.append(f"{n:>3} {tip_deflection_error(n):>10.1e} {w1:>9.1e} {u1:>9.1e} {w2:>9.1e} {u2:>9.1e} "
                     f"{f1:>9.1e} {f2:>9.1e}")
    return "\n".join(lines)


def ancf_cases(elements: int = 16) -> list[Case]:
    """Validation cases (for ``python -m mbtools validate``): the elastica at α = 1, 2 and
    the two frequencies at ``elements`` elements, with tolerances of the measured
    discretisation error at 16 elements with a margin (elastica 8e-6 and 3.5e-5 of L;
    frequencies 1.3e-7 and 5.1e-6 relative)."""
    out = []
    for alpha, tolerance in ((1.0, 3e-5), (2.0, 1e-4)):
        dw, du = elastica_errors(elements, alpha)
        exact = elastica_tip(alpha)[1]
        out.append(Case(f"ANCF elastica, α = {alpha:g}, {elements} elements", "tip deflection w/L", exact, exact + dw,
                        max(abs(dw), abs(du)), tolerance, "elastica (B.1); " + BISSHOPP_DRUCKER))
    errors = frequency_errors(elements)
    exact = cantilever_roots(2) ** 2
    out.append(Case(f"ANCF cantilever frequencies, {elements} elements", "ω₁, ω₂ relative", float(exact[1]),
                    float(exact[1] * (1 + errors[1])), float(np.abs(errors).max()), 2e-5,
                    "Euler–Bernoulli cantilever, cos βL cosh βL = −1"))
    return out
