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

from ..model import Model


def _latex(expr) -> str:
    # order="none" keeps the terms in the order the formulation wrote them
    return sp.latex(expr, order="none")


def tidy(expr: sp.Expr, digits: int | None = 4) -> sp.Expr:
    """The expression with its decimal numbers shown to ``digits`` significant digits and
    whole numbers as integers (so that 1.0·x reads x). Display only: the model keeps its
    full-precision numbers. ``digits=None`` leaves the expression as it is.

    >>> x = sp.Symbol("x")
    >>> tidy(1.0 * x + 0.866025403784439 * x**2 - 4.0)
    0.866*x**2 + x - 4
    """
    if digits is None:
        return expr
    replacements = {}
    for number in expr.atoms(sp.Float):
        value = float(number)
        if abs(value - round(value)) <= 1e-12 * max(1.0, abs(value)):
            replacements[number] = sp.Integer(round(value))
        else:
            replacements[number] = sp.Float(f"{value:.{digits}g}", digits)
    return expr.xreplace(replacements)


def _text(words: str) -> str:
    """Words for LaTeX ``\\text{…}``. MathJax does not read ``\\_`` inside text, so an
    underscore closes the text, is set in math (``\\_``) and reopens it."""
    words = words.replace("\\", "").replace("&", "\\&").replace("{", "").replace("}", "")
    return "}\\_\\text{".join(words.split("_"))


def _lhs(constraint, eq, digits: int | None, vector_notation: bool) -> str:
    if vector_notation and constraint.notation:
        return constraint.notation
    return _latex(tidy(eq.lhs, digits))


def equations_latex(model: Model, numeric: bool = False, names: bool = True, digits: int | None = 4,
                    only: list[str] | None = None, vector_notation: bool = True) -> str:
    """The constraint equations Φ(q) = 0 as a LaTeX ``aligned`` block, one per line
    (decimal numbers to ``digits`` significant digits, see :func:`tidy`); ``only`` picks
    constraints by name. With ``vector_notation``, equations the formulation also wrote
    in vector notation (volumes) are shown so rather than expanded."""
    lines = []
    for constraint, eq in zip(model.constraints, model.equations(numeric=numeric)):
        if only is not None and constraint.name not in only:
            continue
        tag = f" && \\text{{{_text(constraint.name)}}}" if names else ""
        lines.append(f"{_lhs(constraint, eq, digits, vector_notation and not numeric)} &= 0{tag} \\\\")
    return "\\begin{aligned}\n" + "\n".join(lines) + "\n\\end{aligned}"


def readable_equation(constraint, digits: int = 4, per_line: int = 3) -> str:
    """One constraint for reading: simplified by sympy, numbers to ``digits`` significant
    digits, broken after every ``per_line`` terms; Markdown with its name above it."""
    terms = tidy(sp.N(sp.simplify(constraint.expression), digits), digits).as_ordered_terms()
    chunks = [sp.latex(sp.Add(*terms[k:k + per_line], evaluate=False), order="none")
              for k in range(0, len(terms), per_line)]
    body = chunks[0] + "".join(f" \\\\ &{'' if c.startswith('-') else '+ '}{c}" for c in chunks[1:])
    return f"`{constraint.name}`\n\n$$\n\\begin{{aligned}}\n&{body} = 0\n\\end{{aligned}}\n$$"


def coordinates_latex(model: Model) -> str:
    """q = (q_1, …, q_n)ᵀ as LaTeX."""
    entries = ", ".join(_latex(s) for s in model.coordinate_symbols)
    return f"\\mathbf{{q}} = \\left( {entries} \\right)^{{\\mathsf T}}"


def jacobian_latex(model: Model, numeric: bool = False, small: bool | None = None) -> str:
    """The Jacobian Φ_q as a LaTeX matrix (in a smaller font past five columns)."""
    small = model.n_coordinates > 5 if small is None else small
    body = "\\Phi_{\\mathbf{q}} = " + _latex(tidy(model.jacobian_symbolic(numeric=numeric)))
    return ("\\scriptsize " + body) if small else body


def equations_markdown(model: Model, numeric: bool = False, digits: int | None = 4,
                       vector_notation: bool = True) -> str:
    """The constraint equations as a Markdown table: number, what it is, the equation
    (decimal numbers to ``digits`` significant digits, see :func:`tidy`; volumes in
    vector notation unless ``vector_notation`` is False)."""
    rows = ["| | constraint | equation |", "|---|---|---|"]
    for k, (constraint, eq) in enumerate(zip(model.constraints, model.equations(numeric=numeric)), start=1):
        rows.append(f"| {k} | {constraint.name} | ${_lhs(constraint, eq, digits, vector_notation and not numeric)} = 0$ |")
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
