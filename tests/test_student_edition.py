"""The student edition: the book's sources unchanged (so each chapter's execution is
shared through the cache), a configuration that cuts every solution, and the cutting
itself, on MyST text and on executed notebooks. (The built pages are checked in the
browser tests: no solution shown.)"""

import importlib.util
import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]


def _load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


student_edition = _load("student_edition", ROOT / "book" / "scripts" / "student_edition.py")
solutions_cut = _load("solutions_cut", ROOT / "book" / "_ext" / "solutions_cut.py")

GATED = [
    "```{solution-start} ex-1", ":class: dropdown", "```", "Text.", "```{code-cell} ipython3", "y = 2", "```",
    "```{solution-end}", "```",
]


def test_cuts_plain_and_gated_solutions_only():
    text = "\n".join([
        "```{exercise} One", ":label: ex-1", "Do it.", "```",
        "````{solution} ex-1", ":class: dropdown", "```python", "x = 1", "```", "````",
        "Between.",
        *GATED,
        "After.",
    ])
    cut, removed = solutions_cut.without_solutions(text)
    assert removed == 2
    assert cut.split("\n") == ["```{exercise} One", ":label: ex-1", "Do it.", "```", "Between.", "After."]


def test_cuts_gated_solutions_from_an_executed_notebook():
    def markdown(*lines):
        return {"cell_type": "markdown", "metadata": {}, "source": "\n".join(lines)}

    def code(source, output):
        return {"cell_type": "code", "metadata": {}, "source": source, "execution_count": 1,
                "outputs": [{"output_type": "stream", "name": "stdout", "text": output}]}

    notebook = {"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [
        code("x = 1", "before"),
        markdown("```{exercise} One", ":label: ex-1", "Do it.", "```", "", *GATED[:4]),
        code("y = 2", "inside"),
        markdown(*GATED[7:], "After."),
        code("z = 3", "after"),
    ]}
    cut, removed = solutions_cut.notebook_without_solutions(notebook)
    assert removed == 1
    # the markdown around the cut solution joins into one cell; the code cells keep their outputs
    assert [c["cell_type"] for c in cut["cells"]] == ["code", "markdown", "code"]
    assert [c["outputs"][0]["text"] for c in cut["cells"] if c["cell_type"] == "code"] == ["before", "after"]
    text = cut["cells"][1]["source"]
    assert "Do it." in text and text.endswith("After.") and "Text." not in text and "solution" not in text


def test_the_student_edition_reads_the_books_execution_cache(tmp_path):
    sources = sorted((ROOT / "book" / "chapters").glob("*.md"))
    expected = sum(len(re.findall(r"^`{3,}\{solution(?:-start)?\}", p.read_text(), re.M)) for p in sources)
    cache = tmp_path / "cache"
    assert student_edition.write(tmp_path / "book", cache) == expected >= 33
    for page in sources:  # unchanged, so each notebook hashes as the book's does
        assert (tmp_path / "book" / "chapters" / page.name).read_text() == page.read_text(), page.name
    config = yaml.safe_load((tmp_path / "book" / "_config.yml").read_text())
    book = yaml.safe_load((ROOT / "book" / "_config.yml").read_text())
    assert "(student edition)" in config["title"]
    assert config["execute"]["execute_notebooks"] == book["execute"]["execute_notebooks"] == "cache"
    assert config["execute"]["cache"] == str(cache.resolve())
    assert config["sphinx"]["local_extensions"]["solutions_cut"] == "_ext/"
    assert config["sphinx"]["config"]["extensions"][-1] == "solutions_cut"
    assert "solutions_cut" not in book["sphinx"]["local_extensions"]
    assert "solutions_cut" not in book["sphinx"]["config"]["extensions"]


def test_every_solution_in_the_book_is_cut():
    for page in sorted((ROOT / "book" / "chapters").glob("*.md")):
        cut, removed = solutions_cut.without_solutions(page.read_text())
        assert not re.search(r"\{solution", cut), page.name
        assert cut.count("{exercise}") == page.read_text().count("{exercise}"), page.name
