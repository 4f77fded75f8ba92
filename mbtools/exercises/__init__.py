"""Checkers for exercises and assignments: a student's answer against the library's own
computation, with feedback that says what is wrong.

Every checker returns :class:`~mbtools.exercises.feedback.Right` for a right answer and
raises :class:`~mbtools.exercises.feedback.WrongAnswer` (an ``AssertionError``, so that
otter-grader and nbgrader count it as a failed test) whose message names the mistake:
which constraint is missing, which entry has the wrong sign, which unit is off, which
assembly mode was found. None gives the right value away. An answer still ``...`` (the
placeholder of the book's checker cells) gets :class:`~mbtools.exercises.feedback.Pending`,
which asks for one.

======================================  ======================================================
``check_counts``                        coordinates, constraints, degrees of freedom of a family
``check_constraints``                   Φ(q) written by the student, as a function of q
``check_jacobian``                      Φ_q at a position
``check_gamma``                         γ of Φ_q q̈ = γ
``check_position``                      an assembled position and its assembly mode
``check_newton_step``                   one Newton–Raphson iterate
``check_velocity``                      q̇ for given input rates
``check_acceleration``                  q̈ for given input accelerations
``check_number``                        any number against the library's value (sign, units, factors)
``check_array``                         any vector or matrix, its wrong entries named
``check_euler_parameters``              a rotation as Euler parameters
``check_rscr_rod_angles``               the rod angles of an RSCR whose rod meets its axis at an angle
``check_mass_matrix``                   a body's mass matrix in natural coordinates
``check_precession``                    the steady precession rate of the heavy top
``check_pendulum_period``               the period of a simple pendulum at a large amplitude
``check_impact_omega``                  a bar's angular velocity after an impact on the floor
``check_normal_impulse``                the normal impulse of that impact
``check_energy_lost``                   the kinetic energy that impact removes
``check_hertz_peak_force``              the peak force of Hertz's impact of a ball
``check_hertz_duration``                the duration of that impact
``check_first_slip_time``               when a block pulled through a spring first slips
``check_rolling_speed``                 the speed at which a thrown ball rolls away
``check_spectral_radius``               ρ of the trapezoidal rule, HHT or generalized-α at Δt ω
``check_euler_step_limit``              explicit Euler's largest stable step on a spring-damper
``check_generalized_alpha_parameters``  (αm, αf, β, γ) for a given ρ∞
``check_bar_spring_frequency``          the natural frequency of a bar pivoted at one end on a spring
``check_pendulum_stiffness``            a hanging pendulum's geometric stiffness in natural coordinates
``check_spring_pendulum_angle``         the droop of a pendulum on a torsional spring
``check_spring_pendulum_stiffness``     its tangent stiffness about the pivot
``check_stable``                        stable or not, from the reduced stiffness's eigenvalues
``check_double_pendulum_frequencies``   the double pendulum's two natural frequencies
``check_upright_stiffness``             the least torsional spring that holds a bar upright
``check_cantilever_tip_deflection``     the tip deflection of a cantilever in rigid segments
``check_bushing_sag``                   the static sag of a block on a bushing
``check_bushing_block_frequencies``     the six natural frequencies of a block on a bushing
``check_counterweight_masses``          the counterweights that balance a four-bar's shaking force fully
``check_balanced_centre``               where the balanced four-bar's centre of mass stands
``check_slider_crank_tdc_shaking``      a slider-crank's shaking force at top dead centre
``check_position_sensitivity``          a four-bar's position sensitivity by the implicit-function theorem
``check_optimal_step``                  the best step of a central difference
``check_transmission_extremes``         a crank-rocker's extreme transmission angles
``check_transmission_verdict``          whether they meet a designer's bound
``check_two_bar_mass_matrix``           a two-bar chain's mass matrix in relative coordinates
``check_articulated_inertia``           the articulated inertia its first joint feels
``check_ancf_mass_matrix``              the mass matrix of a planar ANCF beam element
``check_ancf_gravity_force``            that element's generalized force of gravity
``check_tip_stiffness``                 the bending stiffness of a one-element cantilever's tip
``check_cantilever_frequency``          a cantilever's natural frequency in Hz
======================================  ======================================================
"""

from __future__ import annotations

from .arrays import check_array
from .balancing import check_balanced_centre, check_counterweight_masses, check_slider_crank_tdc_shaking
from .closed_forms import check_rscr_rod_angles
from .constraints import check_constraints, check_gamma, check_jacobian
from .contacts import check_first_slip_time, check_hertz_duration, check_hertz_peak_force, check_rolling_speed
from .compliance import check_bushing_block_frequencies, check_bushing_sag
from .counts import check_counts
from .recursive import check_articulated_inertia, check_two_bar_mass_matrix
from .design import (check_optimal_step, check_position_sensitivity, check_transmission_extremes,
                     check_transmission_verdict)
from .dynamics import check_mass_matrix, check_pendulum_period, check_precession
from .feedback import Pending, Right, WrongAnswer, answered, check_number
from .flexible import (check_ancf_gravity_force, check_ancf_mass_matrix, check_cantilever_frequency,
                       check_tip_stiffness)
from .impacts import check_energy_lost, check_impact_omega, check_normal_impulse
from .integrators import check_euler_step_limit, check_generalized_alpha_parameters, check_spectral_radius
from .kinematics import check_acceleration, check_newton_step, check_position, check_velocity
from .rotations import check_angular_velocity_from_parameters, check_euler_parameters
from .statics import (check_bar_spring_frequency, check_cantilever_tip_deflection, check_double_pendulum_frequencies,
                      check_pendulum_stiffness, check_spring_pendulum_angle, check_spring_pendulum_stiffness,
                      check_stable, check_upright_stiffness)

__all__ = [
    "Pending",
    "Right",
    "WrongAnswer",
    "answered",
    "check_acceleration",
    "check_ancf_gravity_force",
    "check_ancf_mass_matrix",
    "check_angular_velocity_from_parameters",
    "check_array",
    "check_articulated_inertia",
    "check_balanced_centre",
    "check_bar_spring_frequency",
    "check_bushing_block_frequencies",
    "check_bushing_sag",
    "check_cantilever_frequency",
    "check_cantilever_tip_deflection",
    "check_constraints",
    "check_counterweight_masses",
    "check_counts",
    "check_double_pendulum_frequencies",
    "check_energy_lost",
    "check_euler_parameters",
    "check_euler_step_limit",
    "check_first_slip_time",
    "check_gamma",
    "check_generalized_alpha_parameters",
    "check_hertz_duration",
    "check_hertz_peak_force",
    "check_impact_omega",
    "check_jacobian",
    "check_mass_matrix",
    "check_newton_step",
    "check_normal_impulse",
    "check_number",
    "check_optimal_step",
    "check_pendulum_period",
    "check_pendulum_stiffness",
    "check_position",
    "check_position_sensitivity",
    "check_precession",
    "check_rolling_speed",
    "check_rscr_rod_angles",
    "check_slider_crank_tdc_shaking",
    "check_spectral_radius",
    "check_spring_pendulum_angle",
    "check_spring_pendulum_stiffness",
    "check_stable",
    "check_tip_stiffness",
    "check_transmission_extremes",
    "check_transmission_verdict",
    "check_two_bar_mass_matrix",
    "check_upright_stiffness",
    "check_velocity",
]
