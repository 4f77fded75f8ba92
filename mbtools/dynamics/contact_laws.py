"""Continuous normal contact-force laws: the force of a compliant contact as a function of
the indentation, its rate and the approach speed — pure functions of numbers, no model.

With δ ≥ 0 the indentation, δ̇ its rate (positive while the bodies approach) and δ̇⁻ > 0
the approach speed at the start of the contact (``impact_speed``), every law here is

    F = K δⁿ (1 + c δ̇/δ̇⁻)   for δ > 0,      F = 0   for δ ≤ 0,                   (C.1)

clipped at 0 (a damping term cannot pull the bodies together), with a dimensionless
damping factor c of the coefficient of restitution e:

    Hertz                        c = 0                    (elastic)              (C.2)
    Hunt & Crossley (1975)       c = 3 (1 − e) / 2                               (C.3)
    Lankarani & Nikravesh (1990) c = 3 (1 − e²) / 4                              (C.4)
    Flores et al. (2011)         c = 8 (1 − e) / (5 e)                           (C.5)

(Hunt & Crossley write the damping as χ δⁿ δ̇ with χ = c K/δ̇⁻.) The elastic part stores

    V(δ) = K δⁿ⁺¹ / (n + 1)                                                     (C.6)

and the rest of the force's power is dissipated,

    P = (F − K δⁿ) δ̇ ≥ 0,        dV/dt + P = F δ̇:                              (C.7)

unclipped, P = c K δⁿ δ̇²/δ̇⁻; clipped (F = 0, only when δ̇ < −δ̇⁻/c < 0), P = −K δⁿ δ̇ > 0.

**The restitution a law gives.** A point mass m striking a wall, m δ̈ = −F, with δ̇ = δ̇⁻
at δ = 0, has the first integral of (C.1) (u = c δ̇/δ̇⁻; unclipped, as it stays: u > −1)

    (δ̇⁻/c)² [u − ln(1 + u)]  from c to u  = −(K/m) δⁿ⁺¹/(n + 1),              (C.8)

so it leaves (δ = 0) with u_f, the root in (−1, 0) of u − ln(1 + u) = c − ln(1 + c), and
the effective restitution is e_eff = −u_f/c — a function of c alone, whatever K, m, n and
δ̇⁻ (``mbtools.analysis.restitution`` solves (C.8) and integrates the impact). Measured
(the root of (C.8), and the impact integrated at rtol 1e-10, equal to 1e-8):

    e       0.95    0.9     0.8     0.7     0.5     0.3     0.2     0.1
    HC      0.9524  0.9090  0.8329  0.7680  0.6630  0.5813  0.5469  0.5158
    LN      0.9535  0.9132  0.8471  0.7960  0.7252  0.6842  0.6723  0.6653
    Flores  0.9468  0.8939  0.7885  0.6832  0.4704  0.2562  0.1555  0.0694

Hunt & Crossley's and Lankarani & Nikravesh's c estimate the energy lost along the
elastic force–indentation path, right as e → 1: they under-dissipate (e_eff > e), by
0.01 at e = 0.9 and by 0.16 (HC) and 0.23 (LN) at e = 0.5; below e ≈ 0.5 neither can
give much less than 0.5 (HC) or 0.66 (LN). Flores' c comes from the whole range and stays
within 0.045 of e at every e (slightly over-dissipating, e_eff < e).

Example
-------
A Hunt–Crossley contact of 1e6 N/m^1.5 and e = 0.8, 0.1 mm into the contact, still
approaching at half the impact speed of 1 m/s: the elastic force is 1 N, the damping adds
c/2 = 15 %.

>>> law = HuntCrossley(stiffness=1e6, restitution=0.8)
>>> round(law.damping_factor, 12)
0.3
>>> round(law.force(1e-4, 0.5, impact_speed=1.0), 12)
1.15
>>> round(law.force(1e-4, -5.0, impact_speed=1.0), 12)    # would pull: clipped
0.0
>>> Hertz(1e6).force(-1e-3, 1.0)                          # no contact, no force
0.0
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..errors import InputError
from ..model.arguments import is_real_number


def checked_number(law: str, name: str, value, what: str) -> float:
    """``value`` as a finite float, or an InputError naming the law and the parameter."""
    if not is_real_number(value) or not math.isfinite(float(value)):
        raise InputError(f"{law}: {name} must be a finite number, {what}; got {value!r}.")
    return float(value)


def checked_positive(law: str, name: str, value, what: str) -> float:
    """``value`` as a finite positive float, or an InputError naming the law and the
    parameter."""
    number = checked_number(law, name, value, what)
    if number <= 0.0:
        raise InputError(f"{law}: {name} must be positive, {what}; got {value!r}.")
    return number


def checked_restitution(law: str, value) -> float:
    """A coefficient of restitution in (0, 1], or an InputError naming the law."""
    number = checked_number(law, "restitution", value, "a coefficient of restitution in (0, 1]")
    if not 0.0 < number <= 1.0:
        raise InputError(f"{law}: restitution must be in (0, 1] (1: elastic; give e.g. 0.8 for steel on "
                         f"steel), got {value!r}.")
    return number


class NormalContactLaw:
    """What every law (C.1) shares: its force, exact derivatives, stored energy and
    dissipated power. A subclass holds ``stiffness`` K (N/mⁿ), ``exponent`` n and defines
    :attr:`damping_factor` c and :meth:`predicted_restitution`."""

    stiffness: float
    exponent: float

    @property
    def damping_factor(self) -> float:
        """The dimensionless c of (C.1), the damping force over the elastic one at δ̇ = δ̇⁻."""
        raise NotImplementedError

    #: Whether the force depends on δ̇⁻ (every law but Hertz's, even at e = 1).
    needs_impact_speed = True

    def predicted_restitution(self) -> float:
        """The coefficient of restitution the law's derivation predicts."""
        raise NotImplementedError

    def check_common(self) -> None:
        """Check K > 0 and n > 0 (finite); called at construction."""
        name = type(self).__name__
        object.__setattr__(self, "stiffness", checked_positive(
            name, "stiffness", self.stiffness, "K in N/m^n (e.g. 1e9 for steel balls of a few cm)"))
        object.__setattr__(self, "exponent", checked_positive(
            name, "exponent", self.exponent, "n of F = K δ^n (1.5 for Hertz's spheres, 1 for a linear spring)"))

    def arguments(self, delta, rate, impact_speed) -> tuple[float, float, float]:
        """(δ, δ̇, δ̇⁻) checked; δ̇⁻ is 1.0 (unused) for a law that does not need it."""
        name = type(self).__name__
        delta = checked_number(name, "delta", delta, "the indentation in m")
        rate = checked_number(name, "rate", rate, "the indentation rate in m/s (positive approaching)")
        if impact_speed is None:
            if self.needs_impact_speed:
                raise InputError(f"{name}: impact_speed is needed (the approach speed δ̇⁻ > 0 at the start of "
                                 f"the contact, in m/s); got None.")
            return delta, rate, 1.0
        return delta, rate, checked_positive(name, "impact_speed", impact_speed,
                                             "the approach speed δ̇⁻ at the start of the contact in m/s")

    def force(self, delta, rate, impact_speed=None) -> float:
        """The compressive force (C.1) (N), ≥ 0.

        Parameters
        ----------
        delta : float
            The indentation δ (m); δ ≤ 0 is no contact and no force.
        rate : float
            δ̇ (m/s), positive while approaching.
        impact_speed : float, optional
            δ̇⁻ > 0 (m/s), the approach speed at the start of the contact; needed unless
            :attr:`needs_impact_speed` is False.

        Returns
        -------
        float
            K δⁿ (1 + c δ̇/δ̇⁻) if that is positive, else 0: the law is clipped at 0, since a
            damping term cannot pull the bodies together.
        """
        delta, rate, impact_speed = self.arguments(delta, rate, impact_speed)
        return self.force_and_power(delta, rate, impact_speed)[0]

    def force_and_power(self, delta: float, rate: float, impact_speed: float) -> tuple[float, float]:
        """(F, P) of (C.1) and (C.7) for floats already checked (δ̇⁻ > 0; 1.0 for a law
        that does not use it), unchecked: the contact elements' inner loop calls it once
        per contact and stage, where :meth:`force` and :meth:`dissipated_power` check
        their arguments for a reader's call."""
        if delta <= 0.0:
            return 0.0, 0.0
        elastic = self.stiffness * delta ** self.exponent
        force = elastic * max(0.0, 1.0 + self.damping_factor * rate / impact_speed)
        return force, (force - elastic) * rate

    def linearisation(self, delta: float, rate: float, impact_speed: float) -> tuple[float, ...]:
        """(F_δ, F_δ̇, F_δ̇⁻, P_δ, P_δ̇, P_δ̇⁻): the derivatives of the force (C.1) and of the
        dissipated power (C.7) in δ, δ̇ and δ̇⁻, exact and unchecked (floats, δ̇⁻ > 0; 1.0
        for a law that does not use it), for the tangent of a contact element. With
        E = K δⁿ and F = E (1 + c δ̇/δ̇⁻) > 0, P = c E δ̇²/δ̇⁻; where F is clipped to 0,
        P = −E δ̇."""
        if delta <= 0.0:
            return (0.0,) * 6
        elastic = self.stiffness * delta ** self.exponent
        elastic_delta = self.exponent * elastic / delta
        c = self.damping_factor
        if 1.0 + c * rate / impact_speed <= 0.0:  # clipped: F = 0, P = −E δ̇
            return 0.0, 0.0, 0.0, -elastic_delta * rate, -elastic, 0.0
        return (elastic_delta * (1.0 + c * rate / impact_speed), c * elastic / impact_speed,
                -c * elastic * rate / impact_speed ** 2, c * elastic_delta * rate ** 2 / impact_speed,
                2.0 * c * elastic * rate / impact_speed, -c * elastic * rate ** 2 / impact_speed ** 2)

    def derivatives(self, delta, rate, impact_speed=None) -> tuple[float, float]:
        """(∂F/∂δ, ∂F/∂δ̇) of (C.1), exact; both 0 where F is clipped or δ ≤ 0.

        ∂F/∂δ = n K δⁿ⁻¹ (1 + c δ̇/δ̇⁻),        ∂F/∂δ̇ = c K δⁿ/δ̇⁻.
        """
        delta, rate, impact_speed = self.arguments(delta, rate, impact_speed)
        factor = 1.0 + self.damping_factor * rate / impact_speed
        if delta <= 0.0 or factor <= 0.0:
            return 0.0, 0.0
        elastic = self.stiffness * delta ** self.exponent
        return self.exponent * elastic / delta * factor, self.damping_factor * elastic / impact_speed

    def elastic_energy(self, delta) -> float:
        """V = K δⁿ⁺¹/(n + 1) of (C.6) (J) for δ > 0, else 0."""
        delta = checked_number(type(self).__name__, "delta", delta, "the indentation in m")
        if delta <= 0.0:
            return 0.0
        return self.stiffness * delta ** (self.exponent + 1.0) / (self.exponent + 1.0)

    def dissipated_power(self, delta, rate, impact_speed=None) -> float:
        """P = (F − K δⁿ) δ̇ of (C.7) (W), ≥ 0: dV/dt + P = F δ̇, in approach and in
        restitution, clipped or not (0 for δ ≤ 0)."""
        delta, rate, impact_speed = self.arguments(delta, rate, impact_speed)
        return self.force_and_power(delta, rate, impact_speed)[1]


@dataclass(frozen=True)
class Hertz(NormalContactLaw):
    """Hertz's elastic contact, F = K δⁿ: (C.1) with c = 0 (C.2).

    Parameters
    ----------
    stiffness : float
        K > 0 (N/mⁿ); for two spheres, K = (4/3) E* √R*.
    exponent : float
        n > 0 (1.5 for spheres and other smooth non-conforming bodies).

    Notes
    -----
    Elastic: the restitution is exactly 1, and a mass m striking at v reaches
    δ_max = ((n + 1) m v²/(2K))^{1/(n+1)} and leaves after t = 2 (δ_max/v) B(1/p, ½)/p,
    p = n + 1: t = 2.94328 δ_max/v = 3.21807 (m²/(K² v))^{1/5} for n = 3/2
    (``mbtools.analysis.restitution.hertz_impact``).
    """

    stiffness: float
    exponent: float = 1.5
    needs_impact_speed = False

    def __post_init__(self):
        self.check_common()

    @property
    def damping_factor(self) -> float:
        """c = 0 (C.2)."""
        return 0.0

    def predicted_restitution(self) -> float:
        """1: the law is elastic."""
        return 1.0


@dataclass(frozen=True)
class HuntCrossley(NormalContactLaw):
    """Hunt & Crossley's (1975) law, F = K δⁿ (1 + 3(1 − e)/2 · δ̇/δ̇⁻): (C.1) with (C.3).

    Parameters
    ----------
    stiffness : float
        K > 0 (N/mⁿ).
    restitution : float
        e in (0, 1], the coefficient of restitution the damping is tuned to.
    exponent : float
        n > 0 (1.5 for Hertz's spheres).

    Notes
    -----
    χ = 3K(1 − e)/(2δ̇⁻) follows from the energy lost with the elastic force–indentation
    path, right for e near 1: measured (C.8), e_eff = 0.9090, 0.7680, 0.6630, 0.5813 for
    e = 0.9, 0.7, 0.5, 0.3 — always above e, markedly for e ≲ 0.5, and never below 0.5.
    """

    stiffness: float
    restitution: float
    exponent: float = 1.5

    def __post_init__(self):
        self.check_common()
        object.__setattr__(self, "restitution", checked_restitution(type(self).__name__, self.restitution))

    @property
    def damping_factor(self) -> float:
        """c = 3(1 − e)/2 (C.3)."""
        return 1.5 * (1.0 - self.restitution)

    def predicted_restitution(self) -> float:
        """e, as the law was derived for (accurate for e near 1; see the class notes)."""
        return self.restitution


@dataclass(frozen=True)
class LankaraniNikravesh(NormalContactLaw):
    """Lankarani & Nikravesh's (1990) law, F = K δⁿ (1 + 3(1 − e²)/4 · δ̇/δ̇⁻): (C.1) with
    (C.4).

    Parameters
    ----------
    stiffness : float
        K > 0 (N/mⁿ).
    restitution : float
        e in (0, 1].
    exponent : float
        n > 0 (1.5 for Hertz's spheres).

    Notes
    -----
    Derived, like Hunt & Crossley's, from the energy loss (1 − e²) ½ m v² estimated on
    the elastic path, so meant for e near 1: measured (C.8), e_eff = 0.9132, 0.7960,
    0.7252, 0.6842 for e = 0.9, 0.7, 0.5, 0.3 — above e and above Hunt & Crossley's, and
    never below 0.66.
    """

    stiffness: float
    restitution: float
    exponent: float = 1.5

    def __post_init__(self):
        self.check_common()
        object.__setattr__(self, "restitution", checked_restitution(type(self).__name__, self.restitution))

    @property
    def damping_factor(self) -> float:
        """c = 3(1 − e²)/4 (C.4)."""
        return 0.75 * (1.0 - self.restitution ** 2)

    def predicted_restitution(self) -> float:
        """e, as the law was derived for (accurate for e near 1; see the class notes)."""
        return self.restitution


@dataclass(frozen=True)
class Flores(NormalContactLaw):
    """Flores, Machado, Silva & Martins' (2011) law, F = K δⁿ (1 + 8(1 − e)/(5e) · δ̇/δ̇⁻):
    (C.1) with (C.5).

    Parameters
    ----------
    stiffness : float
        K > 0 (N/mⁿ).
    restitution : float
        e in (0, 1] (the damping grows without bound as e → 0).
    exponent : float
        n > 0 (1.5 for Hertz's spheres).

    Notes
    -----
    Derived without assuming e near 1, it stays close at every e, slightly
    over-dissipating: measured (C.8), e_eff = 0.8939, 0.6832, 0.4704, 0.2562, 0.0694 for
    e = 0.9, 0.7, 0.5, 0.3, 0.1 (within 0.045 of e).
    """

    stiffness: float
    restitution: float
    exponent: float = 1.5

    def __post_init__(self):
        self.check_common()
        object.__setattr__(self, "restitution", checked_restitution(type(self).__name__, self.restitution))

    @property
    def damping_factor(self) -> float:
        """c = 8(1 − e)/(5e) (C.5)."""
        return 8.0 * (1.0 - self.restitution) / (5.0 * self.restitution)

    def predicted_restitution(self) -> float:
        """e, as the law was derived for (within 0.045 at every e; see the class notes)."""
        return self.restitution
