"""Every lecture notebook and demo in notebooks/ and notebooks/demos/ runs from top to bottom
(the assignments: tests/test_assignments.py).

The notebooks are MyST markdown (jupytext); nbmake does not read those, so they are
executed here with jupytext + nbclient, in a fresh kernel each, as in front of a room.
"""

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.md")) + sorted((ROOT / "notebooks" / "demos").glob("*.md"))


@pytest.mark.notebooks
@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_executes(path):
    jupytext = pytest.importorskip("jupytext")
    nbclient = pytest.importorskip("nbclient")
    notebook = jupytext.read(path)
    client = nbclient.NotebookClient(notebook, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}})
    client.execute()
    errors = [
        output
        for cell in notebook.cells
        if cell.cell_type == "code"
        for output in cell.get("outputs", [])
        if output.get("output_type") == "error"
    ]
    assert not errors


def test_there_are_notebooks():
    assert NOTEBOOKS, "notebooks/ holds no lecture notebook"
