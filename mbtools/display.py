"""LaTeX and tables of a model, for the book pages (the equations come from the model).

Example
-------
>>> from mbtools import examples, formulate
>>> model = formulate(examples.four_bar(), "basic")
>>> print(equations_latex(model).splitlines()[2])
\\left(x_{B} - x_{A}\\right)^{2} + \\left(y_{B} - y_{A}\\right)^{2} - L_{AB}^{2} &= 0 && \\text{coupler: distance A–B} \\\\
"""

from __future__ import annotations

import math

import numpy as np
import sympy as sp

from .model import Model


def _latex(expr) -> str:
    # order="none" keeps the terms in the order the formulation wrote them
    return sp.latex(expr, order="none")


def _text(words: str) -> str:
    return words.replace("\\", "").replace("_", "\\_").replace("&", "\\&")


def equations_latex(model: Model, numeric: bool = False, names: bool = True) -> str:
    """The constraint equations Φ(q) = 0 as a LaTeX ``aligned`` block, one per line."""
    lines = []
    for constraint, eq in zip(model.constraints, model.equations(numeric=numeric)):
        tag = f" && \\text{{{_text(constraint.name)}}}" if names else ""
        lines.append(f"{_latex(eq.lhs)} &= 0{tag} \\\\")
    return "\\begin{aligned}\n" + "\n".join(lines) + "\n\\end{aligned}"


def coordinates_latex(model: Model) -> str:
    """q = (q_1, …, q_n)ᵀ as LaTeX."""
    entries = ", ".join(_latex(s) for s in model.coordinate_symbols)
    return f"\\mathbf{{q}} = \\left( {entries} \\right)^{{\\mathsf T}}"


def jacobian_latex(model: Model, numeric: bool = False, small: bool | None = None) -> str:
    """The Jacobian Φ_q as a LaTeX matrix (in a smaller font past five columns)."""
    small = model.n_coordinates > 5 if small is None else small
    body = "\\Phi_{\\mathbf{q}} = " + _latex(model.jacobian_symbolic(numeric=numeric))
    return ("\\scriptsize " + body) if small else body


def equations_markdown(model: Model, numeric: bool = False) -> str:
    """The constraint equations as a Markdown table: number, what it is, the equation."""
    rows = ["| | constraint | equation |", "|---|---|---|"]
    for k, (constraint, eq) in enumerate(zip(model.constraints, model.equations(numeric=numeric)), start=1):
        rows.append(f"| {k} | {constraint.name} | ${_latex(eq.lhs)} = 0$ |")
    return "\n".join(rows)


def parameters_markdown(model: Model, digits: int = 6) -> str:
    """The constants of the equations and their values, as a Markdown table."""
    rows = ["| constant | value |", "|---|---|"]
    for symbol, value in model.parameters.items():
        rows.append(f"| ${_latex(symbol)}$ | {value:.{digits}g} |")
    return "\n".join(rows)


def show(latex: str):
    """Display a LaTeX block in a notebook (IPython Math)."""
    from IPython.display import Math

    return Math(latex)


def vector_markdown(model: Model, values, header: str = "value", digits: int = 9) -> str:
    """A coordinate vector (q, q̇ or q̈) as a Markdown table with the coordinate names."""
    rows = [f"| coordinate | {header} |", "|---|---|"]
    for symbol, value in zip(model.coordinate_symbols, np.asarray(values, dtype=float)):
        rows.append(f"| ${_latex(symbol)}$ | {value:.{digits}f} |")
    return "\n".join(rows)


def degrees(radians: float) -> float:
    """Radians to degrees (a readable name for the pages)."""
    return math.degrees(radians)
