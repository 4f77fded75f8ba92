"""Validation cases: every number the library computes, set against a reference it does
not compute itself — a closed form, the paper's counts, an exact solution, a
conservation law. ``python -m mbtools validate`` prints them as a table and fails on
any case out of tolerance.

Each tolerance says what it allows: 1e-9 of the size for positions solved to 1e-12 and
compared over whole sweeps; exact for counts; 1e-6 of the length for an integrated
trajectory at rtol 1e-10; 1e-7 relative for energy over 2 s; the published benchmarks'
own "high precision" limit, 1e-3 m, for IFToMM A01 and A02 (:mod:`.benchmarks`); 1e-7 rad
on each angle of Andrews' squeezer (seven digits of β ≈ 15.8 rad at rtol 1e-10), and with
no option given 1e-4 relative on its angles and rates and 2e-4 m on the hard heavy top
(the accuracy the Lie-group literature reports for that top); 1e-8 of the largest value
for inverse dynamics' torques and reactions, exact to round-off on both sides.

Example
-------
>>> case = four_bar_case("natural")
>>> case.passed, case.quantity
(True, 'B over a full turn')
"""

from __future__ import annotations

import math
from typing import Callable

import numpy as np

from ..coordinates import formulate
from ..description import MassProperties, Mechanism, angle_about
from ..dynamics import MultibodySystem, simulate
from ..examples import EXAMPLES
from ..kinematics import sweep_position
from . import benchmarks, closed_forms, gyroscope
from .ancf_checks import ancf_cases
from .balancing import add_counterweights, force_balancing_counterweights, shaking_along, uniform_four_bar
from .beams import cantilever_frequency_case, elastica_cases
from .cases import Case
from .counts import coordinate_counts
from .contact_validation import contact_cases, further_contact_cases
from .impact_validation import impact_cases

ANGLES = np.radians(np.arange(0.0, 360.0, 5.0))


def _curve(name, quantity, reference, computed, tolerance, source) -> Case:
    reference, computed = np.asarray(reference, dtype=float), np.asarray(computed, dtype=float)
    error = float(np.max(np.abs(reference - computed)))
    return Case(name, quantity, float(reference.flat[-1]), float(computed.flat[-1]), error, tolerance, source)


def four_bar_case(family: str) -> Case:
    model = formulate(EXAMPLES["four_bar"].build(), family)
    q = sweep_position(model, "crank", ANGLES).q
    reference = [closed_forms.four_bar(t, 2.0, 7.0, 9.0, 6.0)["B"] for t in ANGLES]
    return _curve(f"four-bar ({family})", "B over a full turn", reference, model.point(q, "B"), 1e-9,
                  "Freudenstein (Norton eq. 4.10)")


def slider_crank_case(family: str) -> Case:
    model = formulate(EXAMPLES["slider_crank"].build(), family)
    q = sweep_position(model, "crank", ANGLES).q
    reference = [closed_forms.slider_crank(t, 1.0, 3.0)["B"][0] for t in ANGLES]
    return _curve(f"slider-crank ({family})", "x_B over a full turn", reference, model.point(q, "B")[:, 0], 1e-9,
                  "x = r cos θ + √(l² − r² sin² θ)")


def rssr_case() -> Case:
    model = formulate(EXAMPLES["rssr"].build(), "natural")
    q = sweep_position(model, "crank", ANGLES).q
    rocker = [angle_about((0.0, 1.0, 0.0), c - np.array([3.0, 1.0, 1.0])) for c in model.point(q, "C")]
    reference = [closed_forms.rssr_rocker(t)[0] for t in ANGLES]
    difference = np.remainder(np.array(rocker) - reference + math.pi, 2 * math.pi) - math.pi  # modulo 2π
    return _curve("RSSR (natural)", "rocker angle φ", reference, np.array(reference) + difference, 1e-9, "book eq-rssr")


def ssc_case() -> Case:
    model = formulate(EXAMPLES["ssc"].build(), "natural")
    angles = np.radians(np.arange(30.0, 390.0, 10.0))
    q = sweep_position(model, "slider", angles).q
    reference = [closed_forms.ssc_slide(a) for a in angles]
    return _curve("SSC (natural)", "slide of D along the rod", reference, model.point(q, "D")[:, 2], 1e-9, "book eq-ssc")


def cardan_case(family: str, options: dict) -> Case:
    beta = math.radians(40.0)
    model = formulate(EXAMPLES["cardan_joint"].build(shaft_angle=beta), family, **options)
    phi1 = np.radians(np.arange(-80.0, 81.0, 10.0))
    start = model.input_values(model.reference_q)["input"]
    q = sweep_position(model, "input", start + phi1).q
    b0 = np.array([-math.sin(beta), math.cos(beta), 0.0])
    turned = [math.atan2(-p @ b0, p[2]) for p in model.point(q, "B")]
    label = family + (f", {options['rotation'].replace('_', ' ')}" if options else "")
    return _curve(f"Cardan joint ({label})", "output turn φ₂", closed_forms.cardan_output_rotation(phi1, beta),
                  turned, 1e-9, "book eq-cardan")


def spatial_slider_crank_case() -> Case:
    model = formulate(EXAMPLES["spatial_slider_crank"].build(), "reference_point", rotation="euler_parameters")
    q = sweep_position(model, "crank", ANGLES).q
    reference = [closed_forms.spatial_slider_crank_slider(t) for t in ANGLES]
    return _curve("spatial slider-crank (Euler parameters)", "x_C over a full turn", reference,
                  model.point(q, "C")[:, 0], 1e-9, "x = r cos θ + √(l² − e_z² − (e_y − r sin θ)²)")


def rscr_count_cases() -> list[Case]:
    counts = coordinate_counts(EXAMPLES["rscr"].build())
    paper = {"relative": 6, "basic": 18, "natural": 12, "reference_point_euler_angles": 18,
             "reference_point_euler_parameters": 21}
    return [Case(f"RSCR count ({key.replace('_', ' ')})", "coordinates", value, counts[key].coordinates,
                 abs(counts[key].coordinates - value), 0.0, "Unda & García de Jalón 1985, Figs. 1–3")
            for key, value in paper.items()]


def pendulum_case(family: str, formulation: str) -> Case:
    """A point mass on a massless rod released horizontally, against the exact solution
    θ(t) = 2 arcsin(k sn(K(k) − ω₀ t, k)), k = sin(θ₀/2), ω₀ = √(g/L)."""
    from scipy.special import ellipj, ellipk

    L, g = 1.5, 9.81
    m = Mechanism("pendulum")
    m.add_ground({"O": (0.0, 0.0)})
    m.add_body("bob", {"O": (0.0, 0.0), "P": (L, 0.0)}, mass=MassProperties(1.0, (L, 0.0), 0.0))
    m.add_revolute("ground", "bob", at="O")
    k, omega0 = math.sin(math.pi / 4), math.sqrt(g / L)
    period = 4 * ellipk(k * k) / omega0
    t = np.linspace(0.0, 2 * period, 41)
    traj = simulate(MultibodySystem(formulate(m, family), (0.0, -g)), 2 * period, formulation, t_eval=t, rtol=1e-10)
    sn = ellipj(ellipk(k * k) - omega0 * t, k * k)[0]
    theta = 2 * np.arcsin(k * sn)
    return _curve(f"pendulum ({family}, {formulation})", "y_P over two periods", -L * np.cos(theta),
                  traj.point("P")[:, 1], 1e-6 * L, "exact, Jacobi elliptic functions")


def four_bar_energy_case(family: str, formulation: str) -> Case:
    mechanism = _massive_four_bar()
    traj = simulate(MultibodySystem(formulate(mechanism, family)), 2.0, formulation, rtol=1e-10)
    energy = traj.energy
    return _curve(f"falling four-bar ({family}, {formulation})", "energy over 2 s (relative)",
                  np.ones_like(energy), energy / energy[0], 1e-7, "conservation of energy")


def four_bar_torque_case(family: str) -> Case:
    """Inverse dynamics: the crank torque over a turn against the power balance."""
    from ..dynamics import inverse_dynamics

    mechanism = _massive_four_bar()
    system = MultibodySystem(formulate(mechanism, family), (0.0, -9.81))
    angles = np.radians(np.arange(0.0, 360.0, 30.0))
    computed = [inverse_dynamics(system, {"crank": t}, {"crank": 2.3}, {"crank": -0.8}).driving["crank"] for t in angles]
    reference = [closed_forms.four_bar_crank_torque(t, 2.0, 7.0, 9.0, 6.0, (1.0, 2.0, 1.5), 2.3, -0.8) for t in angles]
    scale = max(abs(r) for r in reference)
    return _curve(f"four-bar crank torque ({family})", "τ / max|τ| over a turn", np.array(reference) / scale,
                  np.array(computed) / scale, 1e-8, "power balance on the closed-form kinematics")


def rssr_reactions_case(family: str = "natural") -> Case:
    """Inverse dynamics of the massive RSSR (:func:`~mbtools.analysis.rssr_reactions.rssr_with_masses`)
    at a constant 2 rad/s under gravity over a turn: the driving torque and the reactions
    (forces and moments) at its four joints against the Newton–Euler equations written
    out on the closed-form kinematics (:func:`~mbtools.analysis.rssr_reactions.rssr_newton_euler`).
    The point families: the pose families turn the coupler about its line, an idle
    freedom whose spin the kinematics picks and whose gyroscopic couple then enters."""
    from ..dynamics import inverse_dynamics
    from .rssr_reactions import JOINTS, rssr_newton_euler, rssr_with_masses

    system = MultibodySystem(formulate(rssr_with_masses(), family), (0.0, 0.0, -9.81))
    reference, computed = [], []
    for theta in np.radians(np.arange(0.0, 360.0, 30.0)):
        result = inverse_dynamics(system, {"crank": theta}, {"crank": 2.0}, {"crank": 0.0})
        expected = rssr_newton_euler(theta, 2.0)
        reference.append(np.concatenate([[expected["crank"]]] + [np.concatenate(expected[j]) for j in JOINTS]))
        computed.append(np.concatenate([[result.driving["crank"]]] + [
            np.concatenate([result.reactions[j].force, result.reactions[j].torque]) for j in JOINTS]))
    scale = float(np.abs(reference).max())
    return _curve(f"RSSR reactions ({family})", "τ and 4 joints' forces, moments / max over a turn",
                  np.array(reference) / scale, np.array(computed) / scale, 1e-8, "Newton–Euler on the closed-form kinematics")


def a01_case(t_end: float = 2000.0, formulation: str | None = None, **options) -> Case:
    """IFToMM A01: P1 of the simple pendulum against the exact solution."""
    run = benchmarks.run_a01("natural", formulation, t_end=t_end, outputs=int(round(2 * t_end)), **options)
    label = formulation or "default"
    return Case(f"A01 simple pendulum, {t_end:g} s (natural, {label})", "‖P1 − exact‖ max, m",
                float(run.reference[-1, 0]), float(run.computed[-1, 0]), run.error, benchmarks.HIGH_PRECISION,
                "IFToMM A01; exact (Jacobi sn)")


def a02_case(n: int, formulation: str | None = None, family: str = "natural", **options) -> Case:
    """IFToMM A02: B0 of the N-four-bar through its singular positions, against the
    one-degree-of-freedom reduction."""
    run = benchmarks.run_a02(n, family, formulation, **options)
    label = formulation or "default"
    return Case(f"A02 {n}-four-bar, 20 s ({family}, {label})", "‖B0 − reduced‖ max, m", float(run.reference[-1, 0]),
                float(run.computed[-1, 0]), run.error, benchmarks.HIGH_PRECISION, "IFToMM A02; 1-dof reduction")


def bricard_case(family: str = "natural", formulation: str | None = None) -> Case:
    """IFToMM A04, Bricard's mechanism (Grübler 0, mobility 1: one row redundant all along
    the motion), released at rest for 10 s: energy against its initial value, over the
    largest kinetic energy reached."""
    from ..examples.benchmarks import bricard

    system = MultibodySystem(formulate(bricard(), family), (0.0, -9.81, 0.0))
    traj = simulate(system, 10.0, formulation, progress=False)
    energy = traj.energy
    kinetic = max(0.5 * qd @ system.mass_matrix(q) @ qd for q, qd in zip(traj.q, traj.qd))
    error = float(np.abs(energy - energy[0]).max() / kinetic)
    return Case(f"A04 Bricard, 10 s ({family}, {formulation or 'default'})", "|E − E₀| / max T", 0.0, error, error,
                1e-6, "IFToMM A04; conservation of energy")


def andrews_case(formulation: str = "multipliers") -> Case:
    """Andrews' squeezer at t = 0.03 s against the test set's reference solution."""
    run = benchmarks.run_andrews("natural", formulation, rtol=1e-10)  # an ODE formulation
    return Case(f"Andrews' squeezer (natural, {formulation})", "7 angles at 0.03 s, max error, rad",
                float(run.reference[0]), float(run.computed[0]), run.error, 1e-7,
                "Hairer & Wanner VII.7; IVP test set")


def andrews_default_case() -> Case:
    """Andrews' squeezer with no option at all (the default formulation and tolerance):
    the seven angles and their rates at t = 0.03 s, each relative to its size."""
    run = benchmarks.run_andrews("natural")
    return Case("Andrews' squeezer (natural, default)", "7 angles and 7 rates at 0.03 s, max relative error",
                float(run.reference_rates[0]), float(run.rates[0]), run.relative_error, 1e-4,
                "Hairer & Wanner VII.7; IVP test set")


def hard_top_cases() -> list[Case]:
    """The hard heavy top with no option (natural coordinates): G over 10 s against Euler
    parameters at rtol 1e-12; its nutation against the closed form of the Lagrange top —
    period (from the minima of cos θ, refined by parabolas through 0.01 s samples: the
    sampling alone leaves 4e-6) and the lowest point, cos θ_max; the three integrals."""
    from ..examples.tops import HARD_TOP_DATA

    run = benchmarks.run_hard_top("natural")
    data = HARD_TOP_DATA
    centre = float(np.linalg.norm(data["centre"]))
    top = gyroscope.TopData(data["mass"], centre, data["inertia"][0] + data["mass"] * centre**2, data["inertia"][1])
    omega = data["omega"]  # at t = 0 the axis is +y, horizontal: θ = 90°, θ̇ = ω_x = 0, φ̇ = ω_z, ω₃ = ω_y
    closed = gyroscope.nutation(top, math.pi / 2, 0.0, omega[2], omega[1])
    motion = gyroscope.top_motion(run.trajectory)
    u = np.cos(motion.theta)
    periods = np.diff(gyroscope.nutation_maxima(run.t, -u))
    drift = max(float(np.abs(v - v[0]).max() / abs(v[0])) for v in (motion.energy, motion.hz, motion.h3))
    name = "hard heavy top, 10 s (natural, default)"
    return [
        Case(name, "G, max deviation, m", float(run.reference[-1, 2]), float(run.computed[-1, 2]), run.error, 2e-4,
             "Euler parameters at rtol 1e-12; Arnold & Brüls 2007"),
        Case(name, "nutation period, s", closed.period, float(periods.mean()),
             float(np.abs(periods - closed.period).max() / closed.period), 2e-5, "4K(k)/√(β(u₃ − u₁)), Goldstein 5.7"),
        Case(name, "cos θ_max (lowest point)", math.cos(closed.theta_max), float(u.min()),
             abs(float(u.min()) - math.cos(closed.theta_max)), 1e-6, "largest root u₁ of f(u), Goldstein 5.7"),
        Case(name, "E, H_z, H₃ drift (relative)", 0.0, drift, drift, 1e-6, "conservation (default rtol 1e-9)"),
    ]


def gyroscope_cases(family: str = "natural", rotation: str | None = None) -> list[Case]:
    """The paper's gyroscope: the steady precession rate and the constant nutation angle,
    the nutation's bounds (sampled every 1 ms, refined by parabolas) and period against
    the closed forms, and the largest relative drift of the three integrals."""
    label = rotation.replace("_", " ") if rotation else family
    traj, motion, (_, precession, _) = gyroscope.simulate_top(family, rotation, 0.0, t_end=1.0, outputs=101)
    rate = (motion.phi[-1] - motion.phi[0]) / traj.t[-1]
    steady = Case(f"gyroscope, steady precession ({label})", "precession rate, rad/s", precession, rate,
                  abs(rate - precession) / precession, 1e-8, "Ω = m g ℓ / (I₃ ω₃) at θ = 90°")
    tilt = float(np.abs(motion.theta - math.pi / 2).max())
    level = Case(f"gyroscope, steady precession ({label})", "|θ − 90°| max, rad", 0.0, tilt, tilt, 1e-8,
                 "no nutation at the steady rate")
    traj, motion, (_, _, nutation) = gyroscope.simulate_top(family, rotation, -2.0, t_end=2.0)
    low, high = float(motion.theta.min()), float(motion.theta.max())  # samples every 1 ms
    bounds = Case(f"gyroscope, nutation ({label})", "θ_min, θ_max (sampled), rad", nutation.theta_max, high,
                  max(abs(low - nutation.theta_min), abs(high - nutation.theta_max)), 1e-6,
                  "roots of f(u), Goldstein 5.7")
    beyond = max(nutation.theta_min - low, high - nutation.theta_max, 0.0)
    inside = Case(f"gyroscope, nutation ({label})", "θ beyond [θ_min, θ_max], rad", 0.0, beyond, beyond, 1e-8,
                  "roots of f(u), Goldstein 5.7")
    periods = np.diff(gyroscope.nutation_maxima(traj.t, motion.theta))
    period = Case(f"gyroscope, nutation ({label})", "nutation period, s", nutation.period, float(periods.mean()),
                  float(np.abs(periods - nutation.period).max() / nutation.period), 1e-6,
                  "4K(k)/√(β(u₃ − u₁)), Goldstein 5.7")
    drift = max(float(np.abs(v - v[0]).max() / abs(v[0])) for v in (motion.energy, motion.hz, motion.h3))
    conserved = Case(f"gyroscope, nutation ({label})", "E, H_z, H₃ drift (relative)", 0.0, drift, drift, 1e-8,
                     "conservation (rtol 1e-11)")
    return [steady, level, bounds, inside, period, conserved]


def falling_ssc_cases() -> list[Case]:
    """The SSC falling for 1.2 s (Fig. 10): energy, and natural against Euler parameters."""
    from ..examples.tops import falling_ssc

    times = np.arange(0.0, 1.2 + 1e-9, 0.03)
    runs = {family: simulate(MultibodySystem(formulate(falling_ssc(), family, **options)), 1.2, "multipliers",
                             t_eval=times, rtol=1e-10, progress=False)
            for family, options in (("natural", {}), ("reference_point", {"rotation": "euler_parameters"}))}
    energy = runs["natural"].energy
    return [_curve("falling SSC (natural)", "energy over 1.2 s (relative)", np.ones_like(energy), energy / energy[0],
                   1e-8, "conservation of energy"),
            _curve("falling SSC", "B: natural vs Euler parameters, m", runs["reference_point"].point("B"),
                   runs["natural"].point("B"), 1e-7, "another family")]


def _massive_four_bar() -> Mechanism:
    """The four-bar of uniform bars of 1, 2 and 1.5 kg."""
    return uniform_four_bar((1.0, 2.0, 1.5))


def balanced_four_bar_case(family: str = "natural") -> Case:
    """Berkof–Lowen's full force balance (:mod:`.balancing`, (H.4)): the shaking force the
    balanced four-bar's joint reactions and motor put on the frame at 10 rad/s over a turn,
    against zero, as a fraction of the unbalanced four-bar's peak (1e-9: round-off; a
    counterweight off by 1e-6 of its mass leaves 1e-6)."""
    mechanism = _massive_four_bar()
    balanced = add_counterweights(mechanism, force_balancing_counterweights(mechanism))
    angles = np.radians(np.arange(0.0, 360.0, 10.0))
    peak = np.abs(shaking_along(MultibodySystem(formulate(mechanism, family), (0.0, -9.81)), "crank", angles,
                                10.0).force).max()
    force = shaking_along(MultibodySystem(formulate(balanced, family), (0.0, -9.81)), "crank", angles, 10.0).force
    return _curve(f"force-balanced four-bar ({family})", "‖F_sh‖ / unbalanced peak over a turn",
                  np.zeros(len(angles)), np.linalg.norm(force, axis=1) / peak, 1e-9, "total centre of mass at rest")


def recursive_case(name: str = "chain") -> Case:
    """Recursive dynamics in relative coordinates (:mod:`mbtools.dynamics.recursive`: the
    articulated-body algorithm on an open chain of five bars, the tree with its cut joint's
    rows for Bricard's mechanism) against natural coordinates with multipliers, both at
    rtol 1e-12, released at rest for 0.5 s: the largest distance between the same points
    (1e-9 m: two integrations to 1e-12 over bodies of 1 m, a thousand times their
    tolerance)."""
    from ..examples.benchmarks import bricard, link_chain

    if name == "chain":
        mechanism, gravity, points = link_chain(5), (0.0, -9.81), ["P5"]
        mechanism.name = "five-bar chain"
    elif name == "bricard":
        mechanism, gravity, points = bricard(), (0.0, 0.0, -9.81), ["B", "C", "D", "E"]
    else:
        raise ValueError(f"recursive_case: name must be 'chain' or 'bricard', got {name!r}.")
    times = np.linspace(0.0, 0.5, 6)
    runs = [simulate(MultibodySystem(formulate(mechanism, family), gravity), 0.5, formulation, rtol=1e-12,
                     t_eval=times, progress=False) for family, formulation in (("relative", "recursive"),
                                                                               ("natural", "multipliers"))]
    reference = np.hstack([runs[1].point(p) for p in points])
    computed = np.hstack([runs[0].point(p) for p in points])
    return _curve(f"recursive vs natural: {mechanism.name}", "points over 0.5 s, m", reference, computed, 1e-9,
                  "natural coordinates, multipliers")


FAMILIES = ["relative", "reference_point", "basic", "natural"]
#: The families the quick set runs where it does not run all four.
QUICK_FAMILIES = ["natural", "basic"]


def quick_cases() -> list[Callable[[], Case | list[Case]]]:
    """The quick set, as functions that compute the cases: every check in the families
    that differ most (natural and basic coordinates), the natural coordinates for most of
    the dynamics, A01 over 20 s. The validation chapter runs it."""
    out = [lambda f=f: four_bar_case(f) for f in QUICK_FAMILIES]
    out += [lambda f=f: slider_crank_case(f) for f in QUICK_FAMILIES]
    out += [rssr_case, ssc_case, spatial_slider_crank_case, rscr_count_cases]
    out += [lambda: cardan_case("natural", {}),
            lambda: cardan_case("reference_point", {"rotation": "euler_parameters"}),
            lambda: cardan_case("reference_point", {"rotation": "rotation_vector"})]
    for formulation in ("multipliers", "projection"):
        out += [lambda fo=formulation: pendulum_case("natural", fo)]
        out.append(lambda fo=formulation: four_bar_energy_case("natural", fo))
    out += [lambda f=f: four_bar_torque_case(f) for f in QUICK_FAMILIES]
    out += [lambda f=f: rssr_reactions_case(f) for f in ("natural", "basic")]
    out += [lambda: balanced_four_bar_case("natural")]
    out += [lambda: recursive_case("chain"), lambda: recursive_case("bricard")]
    out += [lambda: a01_case(20.0, "multipliers", rtol=1e-10), lambda: a02_case(1),
            lambda: a02_case(10), lambda: a02_case(10, "ali3p"), lambda: a02_case(1, "projection", rtol=1e-11),
            lambda: bricard_case("natural"), lambda: bricard_case("basic", "projection"), andrews_case,
            andrews_default_case, gyroscope_cases, falling_ssc_cases, impact_cases, elastica_cases,
            cantilever_frequency_case, ancf_cases, lambda: contact_cases(quick=True)]
    return out


def further_cases() -> list[Callable[[], Case | list[Case]]]:
    """The cases the full set adds to :func:`quick_cases`: the other two families, A01
    over its published 2000 s, A02 with 40 windows and at tight tolerances, the hard top,
    the gyroscope in reference-point coordinates, the long contact cases."""
    others = [f for f in FAMILIES if f not in QUICK_FAMILIES]
    out = [lambda f=f: four_bar_case(f) for f in others]
    out += [lambda f=f: slider_crank_case(f) for f in others]
    for formulation in ("multipliers", "projection"):
        out += [lambda f=f, fo=formulation: pendulum_case(f, fo) for f in FAMILIES if f != "natural"]
    out += [lambda f=f: four_bar_torque_case(f) for f in others]
    out += [lambda: balanced_four_bar_case("relative")]
    out += [lambda: a01_case(2000.0, "multipliers", rtol=1e-10),
            lambda: a02_case(40), lambda: a02_case(40, "ali3p"), lambda: a02_case(10, "projection", rtol=1e-10),
            lambda: a02_case(10, "multipliers", rtol=1e-13), lambda: a02_case(1, "generalized_alpha"),
            lambda: andrews_case("projection"), hard_top_cases,
            lambda: gyroscope_cases("reference_point", "euler_parameters"),
            lambda: gyroscope_cases("reference_point", "euler_angles"), further_contact_cases]
    return out


def cases(quick: bool = False) -> list[Callable[[], Case | list[Case]]]:
    """The validation cases, as functions that compute them: :func:`quick_cases`, and
    unless ``quick`` :func:`further_cases`."""
    return quick_cases() + ([] if quick else further_cases())


def run(quick: bool = False) -> list[Case]:
    """Every case of :func:`cases`, computed in turn; a case that raises becomes a FAIL row
    carrying its message (:func:`failed_case`), so that one refusal never hides the rest."""
    results: list[Case] = []
    for compute in cases(quick):
        try:
            outcome = compute()
        except Exception as error:  # noqa: BLE001 - every failure is reported as a row, not a traceback
            outcome = failed_case(compute, error)
        results += outcome if isinstance(outcome, list) else [outcome]
    return results


def case_call(compute: Callable) -> str:
    """The call a function of :func:`cases` makes, as text: ``a02_case(10, 'ali3p')``.

    Example
    -------
    >>> case_call(lambda: a02_case(40, "ali3p")), case_call(hard_top_cases)
    ("a02_case(40, 'ali3p')", 'hard_top_cases')
    """
    name = getattr(compute, "__name__", "case")
    if name == "<lambda>":  # the cases list binds its arguments in lambdas: name the call they make
        code = compute.__code__
        called = code.co_names or code.co_freevars  # the function the lambda calls comes first
        arguments = [repr(c) for c in (compute.__defaults__ or ()) + code.co_consts
                     if c is not None and not isinstance(c, (tuple, type(code)))]
        name = f"{called[0] if called else 'case'}({', '.join(arguments)})"
    return name


def failed_case(compute: Callable, error: Exception) -> Case:
    """The FAIL row of a case that raised: its name from the function that computes it and
    its arguments, the error's type and message as its quantity, an infinite error.

    Example
    -------
    >>> def a02_case(n, formulation=None):
    ...     raise ValueError("refused at t = 16.4")
    >>> row = failed_case(lambda: a02_case(10, "projection"), ValueError("refused at t = 16.4"))
    >>> row.passed, row.quantity
    (False, 'raised ValueError: refused at t = 16.4')
    """
    message = " ".join(str(error).split())
    return Case(case_call(compute), f"raised {type(error).__name__}: {message}", math.nan, math.nan, math.inf, 0.0,
                "the case did not complete")


def table(results: list[Case]) -> str:
    """The cases as a Markdown table."""
    rows = ["| case | quantity | reference | computed | error | tolerance | result | reference from |",
            "|---|---|---|---|---|---|---|---|"]
    for c in results:
        rows.append(f"| {c.name} | {c.quantity} | {c.reference:.10g} | {c.computed:.10g} | {c.error:.2e} | "
                    f"{c.tolerance:.0e} | {'pass' if c.passed else 'FAIL'} | {c.source} |")
    failed = sum(not c.passed for c in results)
    rows.append("")
    rows.append(f"{len(results) - failed} passed, {failed} failed")
    return "\n".join(rows)
