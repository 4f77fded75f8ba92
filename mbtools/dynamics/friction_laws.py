"""Friction laws: the tangential force of a contact from the slip velocity and the normal
force — pure functions of numbers, no model.

The slip velocity v has one tangential component in the plane and two in space; N ≥ 0 is
the normal force (N). The force f returned is the friction on the body whose velocity
relative to the other is v: it opposes v. With s = ‖v‖ and ε > 0 a regularisation speed,
every law without memory is

    f = −N μ(s) v / √(s² + ε²) − σ₂ v,                                           (F.1)

a smooth stand-in for Coulomb's −N μ v/s (which has no value at v = 0): ‖f‖ reaches
N μ/√2 at s = ε and 99.5 % of N μ at s = 10 ε. The coefficient is Coulomb's constant μ or
Stribeck's

    μ(s) = μ_c + (μ_s − μ_c) exp(−(s/v_s)²),                                    (F.2)

and σ₂ (N·s/m) is a viscous friction, not scaled by N. (F.1)'s exact derivatives, with
r = √(s² + ε²) and μ'(s) = −2 s (μ_s − μ_c) exp(−(s/v_s)²)/v_s²,

    ∂f/∂v = −N [μ (I/r − v vᵀ/r³) + μ'(s) v vᵀ/(s r)] − σ₂ I,    ∂f/∂N = −μ v/r.  (F.3)

The friction power −f·v = N μ s²/r + σ₂ s² ≥ 0 is all dissipated.

**LuGre** (Canudas de Wit, Olsson, Åström & Lischinsky 1995) adds a bristle deflection z
(m, the size of v), with g(s) the coefficient (F.2):

    ż = v − σ₀ s z / g(s),        f = −(N (σ₀ z + σ₁ ż) + σ₂ v),               (F.4)

σ₀ (1/m) and σ₁ (s/m) scaled by the normal force, so that with N = 1 N it is the
paper's force form with F_c = μ_c, F_s = μ_s (N), σ₀ (N/m), σ₁ (N·s/m). At steady slip
(ż = 0) z_ss = g(s) v/(σ₀ s) and f = −N g(s) v/s − σ₂ v: the Stribeck curve. With h = s/g
and h' = (g − s g')/g²,

    ∂ż/∂v = I − σ₀ h'(s) z vᵀ/s,    ∂ż/∂z = −σ₀ h I,
    ∂f/∂v = −N σ₁ ∂ż/∂v − σ₂ I,    ∂f/∂N = −(σ₀ z + σ₁ ż),    ∂f/∂z = −N (σ₀ I + σ₁ ∂ż/∂z).  (F.5)

At v = 0, where s has a kink, z vᵀ/s is taken as 0 (the mean of its one-sided values in
the plane). The bristles store E = ½ N σ₀ ‖z‖² — the energy of a spring of stiffness
N σ₀ (N/m) at the current normal force, which is the stored energy itself when N is
constant — and the friction power splits as

    −f·v = N σ₀ z·ż + P,    P = N σ₀² s ‖z‖²/g + N σ₁ ż·v + σ₂ s²,          (F.6)

N σ₀ z·ż the power into the bristles (dE/dt at constant N) and P the dissipated power.
P = (N s/g) [σ₀²‖z‖² + σ₁ (g s − σ₀ z·v)] + σ₂ s² is ≥ 0 whenever σ₀‖z‖ ≤ g(s) (then
σ₀ z·v ≤ g s), but not sign-definite: bristles loaded to μ_s while sticking hold
σ₀‖z‖ > g(s) for a moment once the slip is fast, and the σ₁ term can then be negative.

Example
-------
Coulomb friction of μ = 0.3 on a block pressed by 10 N, slipping at 1 m/s, regularised
below 1 mm/s: the force is 3 N against the slip, short of it by ½ (ε/s)².

>>> law = RegularisedCoulomb(mu=0.3, regularisation_speed=1e-3)
>>> law.force([1.0], 10.0).round(7)      # 3 N × (1 − ½ (ε/s)²)
array([-2.9999985])
>>> lugre = LuGre(1.0, 1.5, 0.001, sigma0=1e5, sigma1=316.0, sigma2=0.4)
>>> z = lugre.steady_state([0.1])
>>> lugre.force([0.1], 1.0, z).round(9)      # μ_c N + σ₂ v, as the Stribeck effect has died out
array([-1.04])
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from ..errors import InputError
from ..model.arguments import is_real_number


def checked_coefficient(law: str, name: str, value, what: str, positive: bool = False) -> float:
    """A finite number ≥ 0 (> 0 if ``positive``), or an InputError naming the law and the
    parameter."""
    if not is_real_number(value) or not math.isfinite(float(value)):
        raise InputError(f"{law}: {name} must be a finite number, {what}; got {value!r}.")
    number = float(value)
    if number < 0.0 or (positive and number == 0.0):
        raise InputError(f"{law}: {name} must be {'positive' if positive else 'zero or positive'}, {what}; "
                         f"got {value!r}.")
    return number


def check_static_above_coulomb(law: str, mu_coulomb: float, mu_static: float) -> None:
    """Stribeck's μ_s ≥ μ_c, or an InputError naming the law."""
    if mu_static < mu_coulomb:
        raise InputError(f"{law}: mu_static ({mu_static!r}) is below mu_coulomb ({mu_coulomb!r}); the static "
                         f"coefficient must be at least the Coulomb one (give them equal for no Stribeck effect).")


class FrictionLaw:
    """What every friction law shares: the checks of v, N and z, and (for the laws without
    memory) an empty state. A subclass defines ``force`` and ``force_derivatives``."""

    def state_size(self, dimension: int) -> int:
        """The number of internal states for a mechanism of ``dimension`` 2 (plane: one
        tangential component) or 3 (space: two): 0 for a law without memory."""
        self.tangential_size(dimension)
        return 0

    def tangential_size(self, dimension) -> int:
        """1 for a planar mechanism (dimension 2), 2 for a spatial one (dimension 3)."""
        if not is_real_number(dimension) or isinstance(dimension, bool) or dimension not in (2, 3):
            raise InputError(f"{type(self).__name__}: dimension must be 2 (plane) or 3 (space), the mechanism's "
                             f"dimension; got {dimension!r}.")
        return int(dimension) - 1

    def slip(self, v) -> np.ndarray:
        """v as a float array of 1 or 2 components (a number is one), checked."""
        try:
            slip = np.array(v, dtype=float).reshape(-1) if np.ndim(v) <= 1 else None
        except (TypeError, ValueError):
            slip = None
        if slip is None or slip.size not in (1, 2) or not np.isfinite(slip).all():
            raise InputError(f"{type(self).__name__}: v must be the slip velocity, 1 (plane) or 2 (space) finite "
                             f"tangential components in m/s; got {v!r}.")
        return slip

    def normal_force(self, normal) -> float:
        """N as a float ≥ 0, checked."""
        return checked_coefficient(type(self).__name__, "normal", normal, "the normal force N ≥ 0 in N")

    def no_state(self, z) -> None:
        """A law without memory takes z = None (or an empty array)."""
        if z is not None and np.size(z) != 0:
            raise InputError(f"{type(self).__name__} has no internal state: give z=None; got {z!r}.")

    def state_rate(self, v, z=None) -> np.ndarray:
        """ż: empty for a law without memory."""
        self.slip(v)
        self.no_state(z)
        return np.zeros(0)

    def state_rate_derivatives(self, v, z=None) -> tuple[np.ndarray, np.ndarray]:
        """(∂ż/∂v, ∂ż/∂z): of shapes (0, d) and (0, 0) for a law without memory."""
        slip = self.slip(v)
        self.no_state(z)
        return np.zeros((0, slip.size)), np.zeros((0, 0))

    def dissipated_power(self, v, normal, z=None) -> float:
        """The power the friction dissipates (W): −f·v ≥ 0 for a law without memory."""
        return -float(self.force(v, normal, z) @ self.slip(v))

    def force(self, v, normal, z=None) -> np.ndarray:
        raise NotImplementedError

    def force_derivatives(self, v, normal, z=None):
        raise NotImplementedError


class MemorylessFriction(FrictionLaw):
    """(F.1)–(F.3), given μ(s) and μ'(s) by :meth:`coefficient_and_slope` and σ₂ by
    :attr:`viscous_coefficient`."""

    regularisation_speed: float

    @property
    def viscous_coefficient(self) -> float:
        """σ₂ (N·s/m) of (F.1)."""
        return 0.0

    def coefficient_and_slope(self, speed: float) -> tuple[float, float]:
        """(μ(s), μ'(s))."""
        raise NotImplementedError

    def force(self, v, normal, z=None) -> np.ndarray:
        """f of (F.1) (N), against the slip v (a vector of 1 or 2 components, m/s) at the
        normal force ``normal`` ≥ 0 (N); z must be None."""
        slip, normal = self.slip(v), self.normal_force(normal)
        self.no_state(z)
        speed = float(np.sqrt(slip @ slip))
        mu, _ = self.coefficient_and_slope(speed)
        root = math.hypot(speed, self.regularisation_speed)
        return -normal * mu * slip / root - self.viscous_coefficient * slip

    def force_derivatives(self, v, normal, z=None) -> tuple[np.ndarray, np.ndarray, None]:
        """(∂f/∂v, ∂f/∂N, None) of (F.3), exact: a d × d matrix, a d-vector, and no ∂f/∂z."""
        slip, normal = self.slip(v), self.normal_force(normal)
        self.no_state(z)
        speed = float(np.sqrt(slip @ slip))
        mu, slope = self.coefficient_and_slope(speed)
        root = math.hypot(speed, self.regularisation_speed)
        outer = np.outer(slip, slip)
        d_v = -normal * mu * (np.eye(slip.size) / root - outer / root ** 3) - self.viscous_coefficient * np.eye(slip.size)
        if speed > 0.0:
            d_v -= normal * slope * outer / (speed * root)
        return d_v, -mu * slip / root, None


@dataclass(frozen=True)
class RegularisedCoulomb(MemorylessFriction):
    """Coulomb friction, regularised: f = −μ N v/√(‖v‖² + ε²), (F.1) with μ constant and
    σ₂ = 0.

    Parameters
    ----------
    mu : float
        μ ≥ 0.
    regularisation_speed : float
        ε > 0 (m/s): below it the force fades linearly to 0 at v = 0 (slope μN/ε); take it
        well below the slip speeds that matter.
    """

    mu: float
    regularisation_speed: float

    def __post_init__(self):
        name = type(self).__name__
        object.__setattr__(self, "mu", checked_coefficient(name, "mu", self.mu, "the friction coefficient μ ≥ 0"))
        object.__setattr__(self, "regularisation_speed", checked_coefficient(
            name, "regularisation_speed", self.regularisation_speed, "ε > 0 in m/s (e.g. 1e-4)", positive=True))

    def coefficient_and_slope(self, speed: float) -> tuple[float, float]:
        """(μ, 0)."""
        return self.mu, 0.0

    def friction_coefficient(self, speed) -> np.ndarray | float:
        """μ at any speed (for a curve next to Stribeck's)."""
        return self.mu + 0.0 * np.abs(speed)


def stribeck_coefficient(mu_coulomb: float, mu_static: float, stribeck_speed: float, speed):
    """μ(s) of (F.2) (vectorised over ``speed``; its absolute value is used)."""
    return mu_coulomb + (mu_static - mu_coulomb) * np.exp(-(np.abs(speed) / stribeck_speed) ** 2)


@dataclass(frozen=True)
class StribeckFriction(MemorylessFriction):
    """Stribeck's friction, regularised: (F.1) with μ(s) of (F.2) and a viscous σ₂.

    Parameters
    ----------
    mu_coulomb, mu_static : float
        μ_c ≥ 0 and μ_s ≥ μ_c: the coefficient at high speed and at the start of slip.
    stribeck_speed : float
        v_s > 0 (m/s), the speed over which μ falls from μ_s to μ_c.
    viscous : float
        σ₂ ≥ 0 (N·s/m), a viscous force −σ₂ v not scaled by N.
    regularisation_speed : float
        ε > 0 (m/s), keyword only; take it well below v_s, or the static peak is lost.
    """

    mu_coulomb: float
    mu_static: float
    stribeck_speed: float
    viscous: float = 0.0
    regularisation_speed: float = field(kw_only=True)

    def __post_init__(self):
        name = type(self).__name__
        for attribute, what, positive in (
                ("mu_coulomb", "the Coulomb coefficient μ_c ≥ 0", False),
                ("mu_static", "the static coefficient μ_s ≥ μ_c", False),
                ("stribeck_speed", "v_s > 0 in m/s (e.g. 1e-3)", True),
                ("viscous", "σ₂ ≥ 0 in N·s/m", False),
                ("regularisation_speed", "ε > 0 in m/s, well below stribeck_speed", True)):
            object.__setattr__(self, attribute,
                               checked_coefficient(name, attribute, getattr(self, attribute), what, positive))
        check_static_above_coulomb(name, self.mu_coulomb, self.mu_static)

    @property
    def viscous_coefficient(self) -> float:
        """σ₂ (N·s/m)."""
        return self.viscous

    def friction_coefficient(self, speed) -> np.ndarray | float:
        """μ(s) of (F.2) at the slip speed(s) ``speed`` (m/s), unregularised: the Stribeck
        curve (the steady force is N μ(s) s/√(s² + ε²) + σ₂ s)."""
        return stribeck_coefficient(self.mu_coulomb, self.mu_static, self.stribeck_speed, speed)

    def coefficient_and_slope(self, speed: float) -> tuple[float, float]:
        """(μ(s), μ'(s)) of (F.2)."""
        decay = math.exp(-(speed / self.stribeck_speed) ** 2)
        return (self.mu_coulomb + (self.mu_static - self.mu_coulomb) * decay,
                -2.0 * speed * (self.mu_static - self.mu_coulomb) * decay / self.stribeck_speed ** 2)


@dataclass(frozen=True)
class LuGre(FrictionLaw):
    """The LuGre friction law (F.4)–(F.6): bristles of deflection z between the surfaces.

    Parameters
    ----------
    mu_coulomb, mu_static : float
        μ_c > 0 and μ_s ≥ μ_c, the coefficients of g(s) (F.2).
    stribeck_speed : float
        v_s > 0 (m/s).
    sigma0 : float
        σ₀ > 0 (1/m): the bristles' stiffness per newton of normal force.
    sigma1 : float
        σ₁ ≥ 0 (s/m): their damping per newton of normal force (√(σ₀ M/N)-like values
        damp the sticking block's vibration).
    sigma2 : float
        σ₂ ≥ 0 (N·s/m): viscous friction, not scaled by N.
    """

    mu_coulomb: float
    mu_static: float
    stribeck_speed: float
    sigma0: float
    sigma1: float
    sigma2: float

    def __post_init__(self):
        name = type(self).__name__
        for attribute, what, positive in (
                ("mu_coulomb", "the Coulomb coefficient μ_c > 0 (g(s) ≥ μ_c divides in ż)", True),
                ("mu_static", "the static coefficient μ_s ≥ μ_c", False),
                ("stribeck_speed", "v_s > 0 in m/s (e.g. 1e-3)", True),
                ("sigma0", "the bristle stiffness σ₀ > 0 in 1/m (e.g. 1e5)", True),
                ("sigma1", "the bristle damping σ₁ ≥ 0 in s/m (e.g. √σ₀)", False),
                ("sigma2", "the viscous coefficient σ₂ ≥ 0 in N·s/m", False)):
            object.__setattr__(self, attribute,
                               checked_coefficient(name, attribute, getattr(self, attribute), what, positive))
        check_static_above_coulomb(name, self.mu_coulomb, self.mu_static)

    def state_size(self, dimension: int) -> int:
        """The size of z: 1 in a planar mechanism (dimension 2), 2 in a spatial one (3)."""
        return self.tangential_size(dimension)

    def friction_coefficient(self, speed) -> np.ndarray | float:
        """g(s) of (F.2) at the slip speed(s) ``speed`` (m/s): the steady coefficient."""
        return stribeck_coefficient(self.mu_coulomb, self.mu_static, self.stribeck_speed, speed)

    def bristles(self, v, z) -> tuple[np.ndarray, np.ndarray]:
        """(v, z) checked: z the bristle state, as many components as v."""
        slip = self.slip(v)
        try:
            state = np.array(z, dtype=float).reshape(-1) if z is not None and np.ndim(z) <= 1 else None
        except (TypeError, ValueError):
            state = None
        if state is None or state.shape != slip.shape or not np.isfinite(state).all():
            raise InputError(f"LuGre: z must be the bristle deflection, {slip.size} finite number(s) in m like v "
                             f"(start from zeros, or steady_state(v)); got {z!r}.")
        return slip, state

    def ratio_and_slope(self, speed: float) -> tuple[float, float]:
        """(h, h') with h = s/g(s) of (F.5)."""
        decay = math.exp(-(speed / self.stribeck_speed) ** 2)
        g = self.mu_coulomb + (self.mu_static - self.mu_coulomb) * decay
        g_slope = -2.0 * speed * (self.mu_static - self.mu_coulomb) * decay / self.stribeck_speed ** 2
        return speed / g, (g - speed * g_slope) / g ** 2

    def state_rate(self, v, z=None) -> np.ndarray:
        """ż = v − σ₀ ‖v‖ z/g(‖v‖) of (F.4) (m/s)."""
        slip, state = self.bristles(v, z)
        ratio, _ = self.ratio_and_slope(float(np.sqrt(slip @ slip)))
        return slip - self.sigma0 * ratio * state

    def state_rate_derivatives(self, v, z=None) -> tuple[np.ndarray, np.ndarray]:
        """(∂ż/∂v, ∂ż/∂z) of (F.5), exact (at v = 0, z vᵀ/‖v‖ is taken as 0)."""
        slip, state = self.bristles(v, z)
        speed = float(np.sqrt(slip @ slip))
        ratio, slope = self.ratio_and_slope(speed)
        d_v = np.eye(slip.size)
        if speed > 0.0:
            d_v -= self.sigma0 * slope * np.outer(state, slip) / speed
        return d_v, -self.sigma0 * ratio * np.eye(slip.size)

    def force(self, v, normal, z=None) -> np.ndarray:
        """f = −(N (σ₀ z + σ₁ ż) + σ₂ v) of (F.4) (N), at the slip v (m/s), the normal force
        ``normal`` ≥ 0 (N) and the bristle state z (m)."""
        normal = self.normal_force(normal)
        slip, state = self.bristles(v, z)
        rate = self.state_rate(slip, state)
        return -(normal * (self.sigma0 * state + self.sigma1 * rate) + self.sigma2 * slip)

    def force_derivatives(self, v, normal, z=None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(∂f/∂v, ∂f/∂N, ∂f/∂z) of (F.5), exact."""
        normal = self.normal_force(normal)
        slip, state = self.bristles(v, z)
        rate_v, rate_z = self.state_rate_derivatives(slip, state)
        identity = np.eye(slip.size)
        return (-normal * self.sigma1 * rate_v - self.sigma2 * identity,
                -(self.sigma0 * state + self.sigma1 * self.state_rate(slip, state)),
                -normal * (self.sigma0 * identity + self.sigma1 * rate_z))

    def steady_state(self, v) -> np.ndarray:
        """z_ss = g(s) v/(σ₀ s), where ż = 0 at the slip v (m); zeros at v = 0, where every
        z is steady."""
        slip = self.slip(v)
        speed = float(np.sqrt(slip @ slip))
        if speed == 0.0:
            return np.zeros_like(slip)
        return self.friction_coefficient(speed) * slip / (self.sigma0 * speed)

    def bristle_energy(self, normal, z) -> float:
        """E = ½ N σ₀ ‖z‖² (J) of (F.6): the bristles as a spring of stiffness N σ₀."""
        normal = self.normal_force(normal)
        _, state = self.bristles(np.zeros(max(1, min(2, np.size(z)))), z)
        return 0.5 * normal * self.sigma0 * float(state @ state)

    def bristle_power(self, v, normal, z) -> float:
        """N σ₀ z·ż (W) of (F.6): the power into the bristles, dE/dt at constant N."""
        normal = self.normal_force(normal)
        slip, state = self.bristles(v, z)
        return normal * self.sigma0 * float(state @ self.state_rate(slip, state))

    def dissipated_power(self, v, normal, z=None) -> float:
        """P = −f·v − N σ₀ z·ż of (F.6) (W): the friction power less the power into the
        bristles (not sign-definite; see the module's notes)."""
        slip, state = self.bristles(v, z)
        return -float(self.force(slip, normal, state) @ slip) - self.bristle_power(slip, normal, state)
