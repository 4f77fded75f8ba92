"""One scalar constraint equation, and one input, as the formulations write them.

>>> import sympy as sp
>>> x = sp.Symbol("x_A")
>>> Constraint("crank: distance O–A", "distance", x**2 - 4).is_driver
False
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy as sp


def input_symbol(name: str, coordinates) -> sp.Symbol:
    """The symbol of an input, distinct from every coordinate symbol (a body named like
    the input would otherwise share it, e.g. an Euler angle θ of the body 'crank')."""
    taken = {c.name for c in coordinates}
    while name in taken:
        name += "_input"
    return sp.Symbol(name, real=True)


@dataclass(frozen=True)
class Constraint:
    """One scalar constraint equation ``expression = 0``.

    Attributes
    ----------
    name : str
        Says what it is and whose it is, e.g. ``"coupler: distance A–B"``.
    kind : str
        ``"distance"``, ``"area"``, ``"dot"``, ``"cross"``, ``"angle driver"``, ...
    expression : sympy.Expr
        In the coordinate, parameter and input symbols of the model.
    notation : str or None
        The same equation in vector notation (LaTeX, left-hand side), written by the
        formulation alongside the expression, for equations that expand to long
        polynomials (volumes).
    length_power : int
        The unit of the residual as a power of length: 2 for a distance condition
        r·r − L² (length²), 3 for a volume, 1 for a pose family's coincident point, 0 for
        the scalar product of two unit vectors. The solvers judge each residual against
        ℓ^power (ℓ the mechanism's length scale), so that a mechanism drawn in
        millimetres is held to the same relative accuracy as one drawn in metres.
    owner : str or None
        The joint, driver or body whose equation it is, as data (the rows of a joint, of a
        prescribed input, are found by it, never by the name's text); None for a
        condition of a coordinate of its own (a unit vector's length).
    """

    name: str
    kind: str
    expression: sp.Expr
    notation: str | None = None
    length_power: int = 1
    owner: str | None = None

    @property
    def is_driver(self) -> bool:
        """True for a driving condition (an input), False for a geometric one."""
        return self.kind.endswith("driver")


@dataclass(frozen=True)
class Input:
    """A named input (driver): its symbol and whether it is an angle or a length."""

    name: str
    symbol: sp.Symbol
    unit: str  # "angle" or "length"
    measure: sp.Expr  # its value as a function of q (to read it off a position)
