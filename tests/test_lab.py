"""`make lab`: JupyterLab opens the MyST chapters as notebooks (jupytext default viewer).

Starts the environment's JupyterLab on 127.0.0.1, opens chapter 2 in headless
Chromium and checks that it shows as a notebook with code cells, not as a text file.
"""

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from test_book_browser import CHROMIUM, FLAGS

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[1]
TOKEN = "mbtools-lab-test"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    port = free_port()
    jupyter = Path(sys.executable).with_name("jupyter")
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(tmp_path_factory.mktemp("jupyter-config")))
    process = subprocess.Popen(
        [str(jupyter), "lab", "--no-browser", "--allow-root", f"--port={port}", "--ip=127.0.0.1",
         f"--IdentityProvider.token={TOKEN}", f"--ServerApp.root_dir={ROOT}",
         "--LabApp.news_url=", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
    )
    url = f"http://127.0.0.1:{port}"
    for _ in range(120):
        try:
            urllib.request.urlopen(f"{url}/api/status?token={TOKEN}", timeout=1)
            break
        except OSError:
            time.sleep(0.5)
    else:
        process.kill()
        pytest.fail("JupyterLab did not start within 60 s")
    yield url
    process.terminate()
    process.wait(timeout=20)


def test_chapter_opens_as_a_notebook(lab, tmp_path):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        page.route("**/*", lambda r: r.continue_() if r.request.url.startswith(lab) else r.abort())
        page.goto(f"{lab}/lab/tree/book/chapters/02_basic_coordinates_plane.md?token={TOKEN}")
        page.wait_for_function(
            "() => document.querySelectorAll('.jp-NotebookPanel .jp-CodeCell').length >= 3", timeout=90000
        )
        code_cells = page.locator(".jp-NotebookPanel .jp-CodeCell").count()
        markdown_cells = page.locator(".jp-NotebookPanel .jp-MarkdownCell").count()
        text_editors = page.locator(".jp-FileEditor").count()
        page.screenshot(path=str(ROOT / "book" / "_build" / "screenshots" / "lab-chapter-2.png"))
        browser.close()
    # JupyterLab renders only the cells in view, so count a few of each kind
    assert code_cells >= 3 and markdown_cells >= 3 and text_editors == 0
