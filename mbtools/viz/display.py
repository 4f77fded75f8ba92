"""LaTeX and tables of a model, for the book pages (the equations come from the model).

A page's text column holds about 52 characters of display math and about 30 in the
equation column of a table. The helpers that write equations measure each one
(:func:`rendered_length`) and break a longer sum over lines at its top-level + and −
signs (:func:`split_sum`, :func:`broken_sum`), so that no row is wider than the column.

Example
-------
>>> from mbtools import examples, formulate
>>> model = formulate(examples.four_bar(), "basic")
>>> print(equations_latex(model).splitlines()[2])
\\left(x_{B} - x_{A}\\right)^{2} + \\left(y_{B} - y_{A}\\right)^{2} - L_{AB}^{2} &= 0 && \\text{coupler: distance A–B} \\\\
"""

from __future__ import annotations

import math
import re

import numpy as np
import sympy as sp

from ..model import Model


#: Characters of typeset math that fit the text column (display) and a table's equation
#: column, in the units of :func:`rendered_length` (a typeset character is 11 to 14 px).
DISPLAY_WIDTH = 52
TABLE_WIDTH = 30

_TOKEN = re.compile(r"\\[A-Za-z]+\*?|\\.|\s+|.", re.S)
_INVISIBLE = {"\\left", "\\right", "\\mathbf", "\\boldsymbol", "\\mathrm", "\\mathsf", "\\mathit", "\\mathcal",
              "\\mathbb", "\\displaystyle", "\\textstyle", "\\scriptsize", "\\small", "\\limits", "\\nolimits",
              "\\!", "\\hat", "\\dot", "\\ddot", "\\bar", "\\tilde", "\\vec", "\\phantom", "\\mathstrut"}
_DELIMITED = {"\\left", "\\right", "\\big", "\\Big", "\\bigg", "\\Bigg", "\\bigl", "\\bigr", "\\Bigl", "\\Bigr"}
_FUNCTIONS = {"\\sin", "\\cos", "\\tan", "\\cot", "\\arcsin", "\\arccos", "\\arctan", "\\sinh", "\\cosh", "\\tanh",
              "\\exp", "\\log", "\\ln", "\\det", "\\max", "\\min", "\\arg", "\\lim", "\\sup", "\\inf"}
_SPACES = {"\\,": 0.2, "\\:": 0.25, "\\;": 0.3, "\\ ": 0.3, "\\quad": 1.0, "\\qquad": 2.0, "~": 0.3}
_TEXT = {"\\text", "\\textrm", "\\textit", "\\textbf", "\\mbox", "\\operatorname"}
_FRACTIONS = {"\\frac": 1.0, "\\dfrac": 1.0, "\\tfrac": 0.7, "\\cfrac": 1.0}
_BINARY = set("+-=<>") | {"\\pm", "\\mp", "\\cdot", "\\times", "\\le", "\\ge", "\\leq", "\\geq", "\\ne", "\\neq",
                          "\\approx", "\\equiv", "\\to", "\\in", "\\otimes", "\\mapsto", "\\rightarrow"}
_OPEN, _CLOSE = {"{", "(", "[", "\\left", "\\begin", "\\bigl", "\\Bigl"}, {"}", ")", "]", "\\right", "\\end",
                                                                           "\\bigr", "\\Bigr"}


def _tokens(latex: str) -> list[str]:
    return [t for t in _TOKEN.findall(latex) if not t.isspace()]


def _group(tokens: list[str], pos: int) -> tuple[list[str], int]:
    """The argument at ``pos`` (a braced group or one token) and the position after it."""
    if pos >= len(tokens):
        return [], pos
    if tokens[pos] != "{":
        return tokens[pos:pos + 1], pos + 1
    depth = 0
    for k in range(pos, len(tokens)):
        depth += {"{": 1, "}": -1}.get(tokens[k], 0)
        if depth == 0:
            return tokens[pos + 1:k], k + 1
    return tokens[pos + 1:], len(tokens)


def _rows(tokens: list[str]) -> list[list[list[str]]]:
    """The tokens cut into rows at top-level ``\\\\`` and each row into cells at ``&``."""
    rows, cells, cell, depth = [], [], [], 0
    for t in tokens:
        depth += 1 if t in ("{", "\\begin") else -1 if t in ("}", "\\end") else 0
        if depth == 0 and t == "\\\\":
            rows.append(cells + [cell])
            cells, cell = [], []
        elif depth == 0 and t == "&":
            cells.append(cell)
            cell = []
        else:
            cell.append(t)
    return rows + [cells + [cell]]


def _measure(tokens: list[str]) -> float:
    """The widest row; a row is its cells side by side, two characters apart."""
    return max(sum(_line(cell) for cell in row) + 2.0 * (len(row) - 1) for row in _rows(tokens))


def _line(tokens: list[str]) -> float:  # noqa: C901 (one case per kind of token)
    width, pos = 0.0, 0
    while pos < len(tokens):
        t = tokens[pos]
        pos += 1
        if t == "{":
            group, pos = _group(tokens, pos - 1)
            width += _measure(group)
        elif t in ("^", "_"):  # scripts are set smaller
            group, pos = _group(tokens, pos)
            width += 0.7 * _measure(group)
        elif t in _FRACTIONS:
            top, pos = _group(tokens, pos)
            bottom, pos = _group(tokens, pos)
            width += _FRACTIONS[t] * max(_measure(top), _measure(bottom)) + 0.3
        elif t in _TEXT:
            group, pos = _group(tokens, pos)
            width += 0.85 * len("".join(group))
        elif t == "\\begin":  # an environment: its widest row
            _, pos = _group(tokens, pos)
            depth, start = 1, pos
            while pos < len(tokens) and depth:
                depth += {"\\begin": 1, "\\end": -1}.get(tokens[pos], 0)
                pos += 1
            width += _measure(tokens[start:pos - 1]) + 0.5
            _, pos = _group(tokens, pos)
        elif t in _DELIMITED:
            if pos < len(tokens) and tokens[pos] != "{":
                width += 0.0 if tokens[pos] == "." else 0.5
                pos += 1
        elif t in _FUNCTIONS:
            width += len(t) - 0.7
        elif t in _SPACES:
            width += _SPACES[t]
        elif t in _BINARY:
            width += 2.0
        elif t in (",", ";"):
            width += 0.6
        elif t in ("(", ")", "[", "]", "|", "\\{", "\\}", "\\|"):
            width += 0.5
        elif t not in _INVISIBLE and t not in ("}", "&", "\\\\"):
            width += 1.0
    return width


def rendered_length(latex: str) -> float:
    r"""About how many characters wide ``latex`` is when typeset: a letter, digit or
    symbol counts one, an operator with its spacing two, a script 0.7 of its content, a
    fraction its wider part, a multi-line block its widest row. A typeset character is
    11 to 14 px wide in the book's text, so a 688 px column holds about 50.

    >>> rendered_length(r"\left(x_{B} - x_{A}\right)^{2} - L_{AB}^{2}")
    12.2
    >>> rendered_length(r"\begin{aligned} a + b &= 0 \\ c &= 0 \end{aligned}")
    9.5
    """
    return round(_measure(_tokens(latex)), 2)


def _top_level_signs(latex: str) -> list[int]:
    """The positions in ``latex`` of its + and − signs outside every group, bracket and
    environment, that stand between two terms (not a leading or unary sign)."""
    cuts, depth, previous = [], 0, None
    for match in _TOKEN.finditer(latex):
        t = match.group()
        if t.isspace():
            continue
        if previous in _DELIMITED:  # the delimiter of \left( or \right)
            pass
        elif t in _OPEN:
            depth += 1
        elif t in _CLOSE:
            depth -= 1
        elif t in "+-" and depth == 0 and previous is not None and previous not in _BINARY | {"&", "\\\\", "{"}:
            cuts.append(match.start())
        previous = t
    return cuts


def split_sum(latex: str, width: float) -> list[str]:
    r"""``latex`` cut at its top-level + and − signs into lines of at most ``width``
    characters (:func:`rendered_length`), each line as full as it can be; a line that
    starts with a sign keeps it. A single term wider than ``width`` stays whole.

    >>> split_sum("a + b - c + d", 6)
    ['a + b', '- c + d']
    >>> split_sum(r"\left(a + b\right) c - d", 3)
    ['\\left(a + b\\right) c', '- d']
    """
    cuts = _top_level_signs(latex)
    pieces = [latex[a:b].strip() for a, b in zip([0] + cuts, cuts + [len(latex)])]
    lines = [pieces[0]]
    for piece in pieces[1:]:
        joined = f"{lines[-1]} {piece}"
        if rendered_length(joined) <= width:
            lines[-1] = joined
        else:
            lines.append(piece)
    return lines


def _unary(line: str) -> str:
    """A line for the left-aligned column of ``aligned``, which sets its start after an
    empty atom: a leading sign is braced so that it stays unary (−c, not − c)."""
    return "{" + line[0] + "}" + line[1:].lstrip() if line[:1] in ("-", "+") else line


def broken_sum(latex: str, width: float, relation: str = "") -> str:
    r"""``latex`` followed by ``relation`` (e.g. ``"= 0"``), as it is if it fits
    ``width`` characters, else as an ``aligned`` block of lines cut at top-level + and −
    signs (:func:`split_sum`), the later lines indented by a quad.

    >>> broken_sum("a + b", 10, "= 0")
    'a + b = 0'
    >>> print(broken_sum("a + b - c", 6, "= 0"))
    \begin{aligned}&a + b \\ &\quad {}- c = 0\end{aligned}
    """
    whole = f"{latex} {relation}".strip()
    if rendered_length(whole) <= width:
        return whole
    lines = split_sum(whole, width - 1.0)  # 1: the quad that indents the later lines
    if len(lines) == 1:
        return lines[0]
    body = " \\\\ ".join(["&" + _unary(lines[0])] + [f"&\\quad {{}}{line}" for line in lines[1:]])
    return "\\begin{aligned}" + body + "\\end{aligned}"



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
                    only: list[str] | None = None, vector_notation: bool = True, width: float = DISPLAY_WIDTH) -> str:
    """The constraint equations Φ(q) = 0 as a LaTeX ``aligned`` block, one per line
    (decimal numbers to ``digits`` significant digits, see :func:`tidy`); ``only`` picks
    constraints by name. With ``vector_notation``, equations the formulation also wrote
    in vector notation (volumes) are shown so rather than expanded. An equation that
    would make the block wider than ``width`` characters (:func:`rendered_length`,
    names included) is broken over lines at its top-level + and − signs, the name on
    its first line."""
    shown = [(constraint, eq) for constraint, eq in zip(model.constraints, model.equations(numeric=numeric))
             if only is None or constraint.name in only]
    tags = [f" && \\text{{{_text(constraint.name)}}}" if names else "" for constraint, _ in shown]
    room = width - 3.0 - max((rendered_length(tag) + 2.0 for tag in tags if tag), default=0.0)
    lines = []
    for (constraint, eq), tag in zip(shown, tags):
        lhs = _lhs(constraint, eq, digits, vector_notation and not numeric)
        parts = split_sum(lhs, max(room, 16.0)) if rendered_length(lhs) > room else [lhs]
        if len(parts) == 1:
            lines.append(f"{lhs} &= 0{tag} \\\\")
            continue
        lines.append(f"{parts[0]} &{tag} \\\\")
        lines += [f"{{}}{part} & \\\\" for part in parts[1:-1]]
        lines.append(f"{{}}{parts[-1]} &= 0 \\\\")
    return "\\begin{aligned}\n" + "\n".join(lines) + "\n\\end{aligned}"


def readable_equation(constraint, digits: int = 4, per_line: int = 3, width: float = DISPLAY_WIDTH) -> str:
    """One constraint for reading: simplified by sympy, numbers to ``digits`` significant
    digits, broken after every ``per_line`` terms, or sooner where a line would be wider
    than ``width`` characters (:func:`rendered_length`); Markdown with its name above it."""
    terms = tidy(sp.N(sp.simplify(constraint.expression), digits), digits).as_ordered_terms()
    chunks: list[list] = [[]]
    for term in terms:
        trial = chunks[-1] + [term]
        line = sp.latex(sp.Add(*trial, evaluate=False), order="none")
        if chunks[-1] and (len(trial) > per_line or rendered_length(line) > width - 2.0):  # 2: a leading sign
            chunks.append([term])
        else:
            chunks[-1] = trial
    last = sp.latex(sp.Add(*chunks[-1], evaluate=False), order="none")
    if len(chunks[-1]) > 1 and rendered_length(last) > width - 6.0:  # the last line also carries "= 0"
        chunks[-1:] = [chunks[-1][:-1], chunks[-1][-1:]]
    chunks = [sp.latex(sp.Add(*chunk, evaluate=False), order="none") for chunk in chunks]
    body = _unary(chunks[0]) + "".join(f" \\\\ &{'' if c.startswith('-') else '+ '}{c}" for c in chunks[1:])
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
                       vector_notation: bool = True, width: float = TABLE_WIDTH) -> str:
    """The constraint equations as a Markdown table: number, what it is, the equation
    (decimal numbers to ``digits`` significant digits, see :func:`tidy`; volumes in
    vector notation unless ``vector_notation`` is False). An equation wider than
    ``width`` characters (:func:`rendered_length`) is broken over lines at its top-level
    + and − signs (:func:`broken_sum`)."""
    rows = ["| | constraint | equation |", "|---|---|---|"]
    for k, (constraint, eq) in enumerate(zip(model.constraints, model.equations(numeric=numeric)), start=1):
        lhs = _lhs(constraint, eq, digits, vector_notation and not numeric)
        rows.append(f"| {k} | {constraint.name} | ${broken_sum(lhs, width, '= 0')}$ |")
    return "\n".join(rows)


def parameters_markdown(model: Model, digits: int = 6) -> str:
    """The constants of the equations and their values, as a Markdown table."""
    rows = ["| constant | value |", "|---|---|"]
    for symbol, value in model.parameters.items():
        rows.append(f"| ${_latex(symbol)}$ | {value:.{digits}g} |")
    return "\n".join(rows)


_MINUS = re.compile(r"(?<![\w.\-])-(?=\.?\d)|(?<=\de)-(?=\d)")


def true_minus(text: str) -> str:
    """``text`` with the minus signs of its numbers written as true minus signs (−), which
    a browser does not break a line at, as it does at a hyphen (-7.1e- | 14). Hyphens
    between words and anything inside ``$…$`` stay as they are.

    >>> true_minus("-7.1e-14 in a four-bar, $x-1$")
    '−7.1e−14 in a four-bar, $x-1$'
    """
    parts = text.split("$")
    return "$".join(_MINUS.sub("−", part) if k % 2 == 0 else part for k, part in enumerate(parts))


def markdown_table(header, rows) -> str:
    """A Markdown table from a header and rows of cells (formatted already, or anything
    ``str`` writes), the minus signs of the numbers true minus signs (:func:`true_minus`)
    so that no number is broken over two lines of a narrow column.

    >>> print(markdown_table(["t, s", "error"], [[0.5, "-1.4e-14"]]))
    | t, s | error |
    |---|---|
    | 0.5 | −1.4e−14 |
    """
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(true_minus(str(cell)) for cell in row) + " |" for row in rows]
    return "\n".join(lines)


def _short(number: float, digits: int, exponent: bool = False) -> str:
    """A number to ``digits`` significant digits (in powers of ten if ``exponent``), its
    exponent without padding (1e−9, not 1e-09) and its minus signs true minus signs,
    which a browser does not break a table cell at."""
    text = f"{number:.{digits - 1}e}" if exponent and number else f"{number:.{digits}g}"
    return true_minus(re.sub(r"e([+-])0*(\d)", lambda m: "e" + ("-" if m.group(1) == "-" else "") + m.group(2), text))


def validation_markdown(cases, digits: int = 7) -> str:
    """Validation cases (what ``mbtools.analysis.validation.run`` returns) as a Markdown table
    narrow enough for the text column: each case with the quantity compared, the
    reference and the computed value to ``digits`` significant digits, the error set
    against the tolerance (≤ when the case passes, > and FAIL when not), and where the
    reference comes from (a bar ``|`` in the words escaped, so that it does not split the
    row); the count of passed and failed cases under it.

    >>> from types import SimpleNamespace as Case
    >>> print(validation_markdown([Case(name="pendulum", quantity="y_P", reference=-0.25, computed=-0.2500000001,
    ...                                 error=1e-10, tolerance=2e-6, passed=True, source="exact")]))
    | case: quantity | reference | computed | error ≤ tolerance | reference from |
    |---|---|---|---|---|
    | pendulum: y_P | −0.25 | −0.25 | 1.0e−10 ≤ 2e−6 | exact |
    <BLANKLINE>
    1 passed, 0 failed
    """
    rows = ["| case: quantity | reference | computed | error ≤ tolerance | reference from |", "|---|---|---|---|---|"]
    for c in cases:
        error, tolerance = _short(c.error, 2, exponent=True), _short(c.tolerance, 1, exponent=True)
        check = f"{error} ≤ {tolerance}" if c.passed else f"{error} > {tolerance} **FAIL**"
        name, source = (text.replace("|", "\\|") for text in (f"{c.name}: {c.quantity}", c.source))
        rows.append(f"| {name} | {_short(c.reference, digits)} | {_short(c.computed, digits)} | {check} | {source} |")
    failed = sum(not c.passed for c in cases)
    return "\n".join(rows + ["", f"{len(cases) - failed} passed, {failed} failed"])


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
