"""Long equations are broken over lines so that they fit the text column or a table's
equation column: cut only at + and − signs between terms, every line within the budget
(unless it is one term), and every line valid on its own for MathJax (braces and
``\\left``/``\\right`` pairs closed within it)."""

from __future__ import annotations

import re

import pytest
import sympy as sp

from mbtools import examples, formulate
from mbtools.examples.tops import heavy_top
from mbtools.viz import display
from mbtools.viz.display import broken_sum, rendered_length, split_sum

LONG = (r"- c_{OG,u1} + u_{1 x} \left(x_{G} - x_{O}\right) + u_{1 y} \left(y_{G} - y_{O}\right)"
        r" + u_{1 z} \left(z_{G} - z_{O}\right)")


def cells(block: str) -> list[str]:
    """The cells of an aligned block (or of a plain formula), one per line and column."""
    body = re.sub(r"\\(begin|end)\{aligned\}", "", block)
    return [cell for line in body.split("\\\\") for cell in line.split("&")]


def balanced(cell: str) -> bool:
    depth = 0
    for ch in re.sub(r"\\[{}]", "", cell):
        depth += {"{": 1, "}": -1}.get(ch, 0)
        if depth < 0:
            return False
    return depth == 0 and len(re.findall(r"\\left\b", cell)) == len(re.findall(r"\\right\b", cell))


def same_terms(original: str, broken: str) -> bool:
    """The broken text is the original with only line breaks, alignment and spacing added."""
    def strip(text):
        text = re.sub(r"\{([+-])\}", r"\1", text)  # a leading sign braced to stay unary
        return re.sub(r"\\begin\{aligned\}|\\end\{aligned\}|\\\\|&|\\quad|\{\}|\s", "", text)

    return strip(original) == strip(broken)


def test_rendered_length_counts_what_is_seen():
    assert rendered_length("abc") == 3
    assert rendered_length(r"\mathbf q") == rendered_length("q")
    assert rendered_length(r"\frac{a + b}{c}") < rendered_length("a + b + c")
    assert rendered_length(r"\begin{aligned} a + b + c \\ d \end{aligned}") == rendered_length("a + b + c") + 0.5
    assert rendered_length(LONG) > display.TABLE_WIDTH


def test_split_only_between_terms_at_top_level():
    lines = split_sum(LONG, 20)
    assert len(lines) > 1
    assert all(rendered_length(line) <= 20 for line in lines)
    assert all(balanced(line) for line in lines)
    assert lines[0].startswith("- c_{OG,u1}")  # a leading sign is no place to cut
    assert all(line[0] in "+-" for line in lines[1:])
    assert same_terms(LONG, " ".join(lines))
    # nothing to cut inside brackets, braces or an environment: the term stays whole
    assert split_sum(r"\left(a + b + c + d\right) e", 4) == [r"\left(a + b + c + d\right) e"]
    assert split_sum(r"x^{a + b + c + d} - y", 4) == [r"x^{a + b + c + d}", "- y"]
    assert split_sum(r"\begin{matrix} a + b \\ c - d \end{matrix}", 2) == [r"\begin{matrix} a + b \\ c - d \end{matrix}"]
    assert split_sum(r"(a + b)(c - d) + e", 6) == ["(a + b)(c - d)", "+ e"]


def test_broken_sum_is_an_aligned_block_of_whole_cells():
    assert broken_sum("a + b", 10, "= 0") == "a + b = 0"
    block = broken_sum(LONG, 24, "= 0")
    assert block.startswith(r"\begin{aligned}") and block.endswith(r"\end{aligned}")
    assert block.count(r"\\") == len(split_sum(LONG + " = 0", 23)) - 1
    assert all(balanced(cell) for cell in cells(block))
    assert r"{}+" in block  # a line that starts with a sign keeps it binary
    assert block.startswith(r"\begin{aligned}&{-}c_")  # and the leading sign of the first stays unary
    assert block.rstrip(r"\end{aligned}").endswith("= 0")
    assert same_terms(LONG + " = 0", block)


@pytest.mark.parametrize("width", [20, display.TABLE_WIDTH, 40])
def test_equation_tables_fit_their_budget(width):
    model = formulate(heavy_top(), "natural")
    table = display.equations_markdown(model, width=width)
    rows = table.splitlines()[2:]
    assert len(rows) == model.n_constraints
    broken = 0
    for row, (constraint, eq) in zip(rows, zip(model.constraints, model.equations())):
        math = row.split("|")[3].strip()
        assert math.startswith("$") and math.endswith("$")
        math = math[1:-1]
        broken += "aligned" in math
        assert all(balanced(cell) for cell in cells(math))
        assert same_terms(sp.latex(display.tidy(eq.lhs), order="none") + "= 0", math)
        for line in math.split("\\\\"):
            line = re.sub(r"\\(begin|end)\{aligned\}|&", "", line)
            assert rendered_length(line) <= width or len(split_sum(line, 0)) == 1
    assert broken >= (1 if width <= display.TABLE_WIDTH else 0)


def test_the_heavy_top_table_is_broken_and_short_rows_are_not():
    table = display.equations_markdown(formulate(heavy_top(), "natural"))
    rows = table.splitlines()[2:]
    assert "aligned" in rows[2] and "aligned" not in rows[1]  # the long dot product, the short unit vector


def test_display_blocks_keep_the_names_within_the_budget():
    model = formulate(examples.four_bar(), "basic")
    wide = display.equations_latex(model, width=200)
    assert wide.count(r"\\") == len(model.constraints)  # nothing to break
    narrow = display.equations_latex(model, width=40)
    assert narrow.count(r"\\") > len(model.constraints)
    assert narrow.count(r"\text{") == len(model.constraints)  # every name once
    assert narrow.count("&= 0") == len(model.constraints)
    body = narrow.split("\n")[1:-1]
    assert all(balanced(cell) for line in body for cell in line.rstrip("\\ ").split("&"))
    assert rendered_length(narrow) <= 40 or all(len(split_sum(line.split("&")[0], 0)) == 1 for line in body)


def test_readable_equation_breaks_sooner_when_a_line_is_too_wide():
    model = formulate(examples.four_bar(), "relative")
    for constraint in model.constraints:
        text = display.readable_equation(constraint, width=30)
        block = text.split("$$")[1]
        lines = re.sub(r"\\(begin|end)\{aligned\}|&", "", block).split("\\\\")
        assert all(balanced(cell) for cell in cells(block))
        terms = [len(split_sum(line.replace("= 0", ""), 0)) for line in lines]
        assert all(rendered_length(line) <= 30 or n == 1 for line, n in zip(lines, terms))
    loose = display.readable_equation(model.constraints[0], per_line=3, width=500)
    assert loose.count("\\\\") == (len(sp.Add.make_args(sp.simplify(model.constraints[0].expression))) - 1) // 3


def test_numbers_in_tables_are_not_broken_at_their_minus_signs():
    table = display.markdown_table(["case", "error"], [["four-bar, A02 1-four-bar", "-7.1e-14"], ["$x - 1$", -2.5]])
    assert "four-bar, A02 1-four-bar" in table and "$x - 1$" in table  # words and math as they were
    assert "| −7.1e−14 |" in table and "| −2.5 |" in table
    assert not re.search(r"(?<![\w$])-\d|\de-\d", table.replace("$x - 1$", ""))
