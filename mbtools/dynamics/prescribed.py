"""Inputs prescribed as functions of time (rheonomic drivers) in forward dynamics.

An input of the description is free in forward dynamics unless it is prescribed: then
its driving equation Φ_d(q, s(t)) = 0 joins the constraints, with Φ_t = Φ_s ṡ(t) in the
velocity equations and s̈(t) in γ, and its multiplier is the force or torque the input
supplies to keep to s(t). A prescribed motion needs its first two derivatives; give them,
or give a sympy expression of ``t`` and they are taken exactly.

Example
-------
>>> import sympy as sp
>>> t = sp.Symbol("t")
>>> crank = prescribed_motion(0.3 + 2.0 * t + sp.sin(t) + t**2, "crank")
>>> [round(float(v), 12) for v in crank(0.0)]       # s, ṡ, s̈ at t = 0
[0.3, 3.0, 2.0]
>>> ramp = PrescribedMotion.ramp(0.3, 2.0)            # s = 0.3 + 2 t
>>> ramp(1.5)
(3.3, 2.0, 0.0)
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass
from typing import Callable

import numpy as np
import sympy as sp

from ..errors import InputError

TIME = sp.Symbol("t")


@dataclass(frozen=True)
class PrescribedMotion:
    """s(t) with its derivatives ṡ(t) and s̈(t), each a function of t in seconds."""

    position: Callable[[float], float]
    velocity: Callable[[float], float]
    acceleration: Callable[[float], float]

    def __call__(self, t: float) -> tuple[float, float, float]:
        """(s, ṡ, s̈) at time t."""
        return float(self.position(t)), float(self.velocity(t)), float(self.acceleration(t))

    @classmethod
    def constant(cls, value: float) -> "PrescribedMotion":
        """The input held at ``value``."""
        return cls(lambda t: value, lambda t: 0.0, lambda t: 0.0)

    @classmethod
    def ramp(cls, start: float, rate: float) -> "PrescribedMotion":
        """s = start + rate · t: a crank turned at a constant speed."""
        return cls(lambda t: start + rate * t, lambda t: rate, lambda t: 0.0)


def prescribed_motion(value, name: str) -> PrescribedMotion:
    """A :class:`PrescribedMotion` from what a user may write for input ``name``: a
    number (held), a sympy expression of ``sympy.Symbol("t")`` (differentiated exactly),
    or a PrescribedMotion."""
    if isinstance(value, PrescribedMotion):
        return value
    if isinstance(value, numbers.Real) and not isinstance(value, bool) and np.isfinite(value):
        return PrescribedMotion.constant(float(value))
    if isinstance(value, sp.Expr):
        extra = value.free_symbols - {TIME}
        if extra:
            raise InputError(f"The prescribed motion of '{name}' may depend on t alone; it also has "
                             f"{sorted(map(str, extra))}.")
        derivatives = [value, sp.diff(value, TIME), sp.diff(value, TIME, 2)]
        return PrescribedMotion(*(sp.lambdify(TIME, d, "math") for d in derivatives))
    if callable(value):
        raise InputError(
            f"The prescribed motion of '{name}' is a function without its derivatives: give "
            "PrescribedMotion(s, s_dot, s_ddot), or a sympy expression of sympy.Symbol('t'), "
            "such as 0.5 + 2*t."
        )
    raise InputError(f"The prescribed motion of '{name}' must be a number, a sympy expression of t or a "
                     f"PrescribedMotion; got {value!r}.")
