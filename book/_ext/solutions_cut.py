"""The student edition: every solution cut from the pages and from the sources offered
for download, while the chapters execute exactly as in the book.

The student edition's sources are the book's, unchanged, so each chapter's notebook
hashes as the book's does and myst-nb's execution cache (``execute_notebooks: cache``)
gives the student build the outputs of the book's build: each chapter executes once for
both editions. What a student must not see is cut after execution:

* on the pages, every solution (a ``{solution}`` directive, or a gated
  ``{solution-start}`` … ``{solution-end}`` block with the text and code cells between,
  which sphinx-exercise has merged into one solution node) is removed from the doctree
  before anything reads it, so neither the HTML nor the search index holds it;
* in the sources offered for download (``_sources/<page>.md`` and the executed
  ``_sources/<page>.ipynb``), the same blocks are cut from the text, and from the cells,
  when the build finishes. A notebook taken from the cache is written by myst-nb without
  its outputs (it keeps the merged copy for the page only), so its outputs are merged in
  again from the same cache first: the download is the executed notebook, as the book's.

``book/scripts/student_edition.py`` writes the student edition's configuration, which
loads this extension; the book itself does not.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import nbformat
from jupyter_cache import get_cache

from sphinx.errors import ExtensionError
from sphinx.transforms import SphinxTransform
from sphinx_exercise.nodes import solution_end_node, solution_node, solution_start_node

OPENING = re.compile(r"^(`{3,}|:{3,})\{(solution|solution-start)\}")
GATED_END = re.compile(r"^(`{3,}|:{3,})\{solution-end\}")


def without_solutions(text: str) -> tuple[str, int]:
    """The MyST text with its solutions cut, and how many were cut.

    A ``{solution}`` directive goes from its opening fence to the closing fence of the
    same length; a gated solution from ``{solution-start}`` to the closing fence of
    ``{solution-end}``.
    """
    lines, kept, removed, k = text.split("\n"), [], 0, 0
    while k < len(lines):
        match = OPENING.match(lines[k])
        if not match:
            kept.append(lines[k])
            k += 1
            continue
        fence, kind = match.groups()
        k += 1
        if kind == "solution":
            while lines[k].rstrip() != fence:  # the closing fence of the same length
                k += 1
        else:
            while not GATED_END.match(lines[k]):
                k += 1
            k += 1  # the end directive's closing fence
        k += 1
        removed += 1
    return "\n".join(kept), removed


def notebook_without_solutions(notebook: dict) -> tuple[dict, int]:
    """An executed notebook (as a dict) with its solutions cut, and how many were cut.

    A gated solution opens in one markdown cell and closes in a later one, with code
    cells between: each code cell stands in the markdown as one marker line while
    ``without_solutions`` cuts, so the cells inside a solution go with it and the
    others come back with their outputs."""
    marker = "\x00cell {}\x00"
    pieces = []
    for k, cell in enumerate(notebook["cells"]):
        source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        pieces.append(source if cell["cell_type"] == "markdown" else marker.format(k))
    text, removed = without_solutions("\n".join(pieces))
    cells, markdown = [], []
    for line in text.split("\n"):
        found = re.fullmatch(r"\x00cell (\d+)\x00", line)
        if found is None:
            markdown.append(line)
            continue
        cells.extend(_markdown_cell(markdown))
        markdown = []
        cells.append(notebook["cells"][int(found.group(1))])
    cells.extend(_markdown_cell(markdown))
    return {**notebook, "cells": cells}, removed


def _markdown_cell(lines: list[str]) -> list[dict]:
    source = "\n".join(lines).strip("\n")
    return [{"cell_type": "markdown", "metadata": {}, "source": source}] if source.strip() else []


class CutSolutions(SphinxTransform):
    """Remove every solution node, after sphinx-exercise has merged the gated ones
    (its merge runs at priority 10)."""

    default_priority = 11

    def apply(self, **kwargs) -> None:
        for node in list(self.document.findall(solution_node)):
            node.parent.remove(node)
        left = list(self.document.findall(solution_start_node)) + list(self.document.findall(solution_end_node))
        if left:
            raise ExtensionError(f"{self.env.docname}: a gated solution was not merged, so it cannot be cut")


def cut_downloads(app, exception) -> None:
    """Cut the solutions from the sources offered for download, ``_sources/*.md`` and
    ``_sources/*.ipynb``."""
    if exception is not None or app.builder.format != "html":
        return
    for source in Path(app.outdir, "_sources").rglob("*"):
        if source.suffix == ".md" or source.name.endswith(".md.txt"):
            source.write_text(without_solutions(source.read_text())[0])
        elif source.suffix == ".ipynb":
            notebook = with_cached_outputs(source.read_text(), app.config.nb_execution_cache_path)
            source.write_text(json.dumps(notebook_without_solutions(notebook)[0], indent=1, ensure_ascii=False))


def with_cached_outputs(text: str, cache_path: str | None) -> dict:
    """The notebook (as a dict) with the outputs of its executed twin in the execution
    cache merged in, where it has none and the cache holds one that matches its code."""
    notebook = json.loads(text)
    if not cache_path or any(cell.get("outputs") for cell in notebook["cells"] if cell["cell_type"] == "code"):
        return notebook
    try:
        _, merged = get_cache(cache_path).merge_match_into_notebook(nbformat.reads(text, as_version=4))
    except KeyError:  # no executed twin: the download stays as myst-nb wrote it
        return notebook
    return json.loads(nbformat.writes(merged))


def setup(app):
    app.add_transform(CutSolutions)
    app.connect("build-finished", cut_downloads)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
