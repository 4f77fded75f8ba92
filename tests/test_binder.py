"""Zero-install opening: the repository is Binder-ready, and every chapter of the built
book offers its notebook for download, which opens and runs as a notebook.

(environment.yml against pyproject.toml: tests/test_environment.py.)
"""

import json
import os
from pathlib import Path

import nbclient
import nbformat
import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
HTML = ROOT / "book" / "_build" / "html"


def test_binder_files_at_the_root():
    assert (ROOT / "environment.yml").is_file()
    assert not (ROOT / "binder").exists() and not (ROOT / ".binder").exists(), \
        "a binder/ folder would make Binder ignore the root's environment.yml and postBuild"
    script = ROOT / "postBuild"
    assert script.is_file() and os.access(script, os.X_OK)


def test_post_build_makes_lab_open_myst_as_notebooks(post_build):
    """postBuild as Binder runs it (the ``post_build`` fixture, its CONDA_PREFIX)."""
    for source in (ROOT / "notebooks" / "assignments" / "source").glob("*.md"):
        assert (ROOT / "notebooks" / "assignments" / "dist" / source.stem / "student" / f"{source.stem}.ipynb").is_file()
    written = json.loads((post_build / "share" / "jupyter" / "lab" / "settings" / "overrides.json").read_text())
    viewers = written["@jupyterlab/docmanager-extension:plugin"]["defaultViewers"]
    assert viewers == {"markdown": "Jupytext Notebook", "myst": "Jupytext Notebook"}
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    names = {d.split()[0] for d in env["dependencies"] if isinstance(d, str)}
    assert {"jupyterlab", "jupytext", "jupyterlab-myst", "ipywidgets", "otter-grader", "nodejs"} <= names
    # the live demos' 3-D views carry the player and the pinned three.js: postBuild installs
    # it where the player looks for it (kept here, where make had installed it already)
    from mbtools.viz.player import player_assets

    assert all(path.is_file() for path in player_assets().values())
    assert "npm ci" in (ROOT / "postBuild").read_text()


def test_book_config_offers_notebooks_and_binder():
    config = yaml.safe_load((ROOT / "book" / "_config.yml").read_text())
    assert config["sphinx"]["local_extensions"] == {"notebook_download": "_ext/"}
    assert "notebook_download" in config["sphinx"]["config"]["extensions"]
    assert (ROOT / "book" / "_ext" / "notebook_download.py").is_file()
    assert config["launch_buttons"]["notebook_interface"] == "jupyterlab"
    assert config["repository"]["path_to_book"] == "book"


@pytest.mark.browser
def test_downloaded_chapter_runs_as_a_notebook(tmp_path):
    """The .ipynb the download menu offers (after the book is built) opens and runs, top to
    bottom, in a fresh kernel in an empty folder: chapter 7's, a chapter of models,
    figures and a widget that executes in seconds (the build executes every chapter)."""
    page = (HTML / "chapters" / "07_singular_positions.html").read_text()
    assert "_sources/chapters/07_singular_positions.ipynb" in page, "no .ipynb download on the page"
    notebook = nbformat.read(HTML / "_sources" / "chapters" / "07_singular_positions.ipynb", as_version=4)
    for cell in notebook.cells:
        if cell.cell_type == "code":
            cell.outputs = []
    nbclient.NotebookClient(notebook, timeout=600, kernel_name="python3",
                            resources={"metadata": {"path": str(tmp_path)}}).execute()
    errors = [o for c in notebook.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]
    assert not errors
