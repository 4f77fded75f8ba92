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
from test_player_browser import drag_across, pixels

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


def open_and_run(page, lab: str, workspace: str, path: str) -> None:
    """Open ``path`` in JupyterLab in a workspace of its own, reset (no tab restored from
    another test), with every request off the lab's server refused, and run all its cells."""
    page.route("**/*", lambda r: r.continue_() if r.request.url.startswith(lab) else r.abort())
    page.goto(f"{lab}/lab/workspaces/{workspace}/tree/{path}?reset&token={TOKEN}")
    page.wait_for_function("() => document.querySelectorAll('.jp-NotebookPanel .jp-CodeCell').length >= 1",
                           timeout=90000)
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle'], .jp-mod-idle", timeout=90000,
                           state="attached")
    page.locator(".jp-NotebookPanel:visible .jp-CodeCell").first.click()
    page.get_by_role("menuitem", name="Run").click()
    page.get_by_role("menuitem", name="Run All Cells").first.click()


def test_demo_answers_a_slider_in_jupyterlab(lab):
    """A live demo in front of a room: the mechanism explorer opened in JupyterLab, its
    cells run, its slider moved from the keyboard — the figure must change; then the RSSR
    chosen and its *3-D view* pressed: the player draws its reachable range (not blank)
    and turns when dragged."""
    import numpy as np
    from playwright.sync_api import sync_playwright

    shots = ROOT / "book" / "_build" / "screenshots"
    shots.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        open_and_run(page, lab, "demo-test", "notebooks/demos/01_mechanism_explorer.md")
        figure = page.locator(".jp-OutputArea-output .widget-image").first
        figure.wait_for(timeout=120000)
        page.wait_for_function(
            "() => { const i = document.querySelector('.jp-OutputArea-output .widget-image');"
            " return i && i.complete && i.naturalWidth > 0; }", timeout=60000)
        before = figure.screenshot()
        handle = page.locator(".jp-OutputArea-output .widget-slider .noUi-handle").first
        handle.focus()
        for _ in range(30):
            page.keyboard.press("ArrowRight")
        page.wait_for_timeout(1500)
        after = figure.screenshot()
        readout = page.locator(".jp-OutputArea-output .widget-html").first.inner_text()
        page.screenshot(path=str(shots / "lab-demo-explorer-slider-moved.png"))
        button = page.locator(".jp-OutputArea-output .widget-toggle-button", has_text="3-D view").first
        assert button.is_disabled(), "the 3-D view is offered for the planar four-bar"
        page.locator(".jp-OutputArea-output .widget-dropdown select").first.select_option("rssr")
        page.wait_for_function("(b) => !b.disabled", arg=button.element_handle(), timeout=60000)
        button.click()
        canvas = page.locator(".jp-OutputArea-output .mb-player.mb-live canvas").first
        canvas.wait_for(timeout=60000)
        page.wait_for_timeout(1000)
        drawn = pixels(page, canvas)
        drag_across(page, canvas)
        page.wait_for_timeout(500)
        turned = pixels(page, canvas)
        title = page.locator(".jp-OutputArea-output .mb-player.mb-live").first.inner_text()
        page.screenshot(path=str(shots / "lab-demo-explorer-rssr-3d.png"))
        browser.close()
    assert before != after, "the figure did not change when the slider moved"
    assert "Newton–Raphson" in readout, readout
    assert drawn.std() > 10 and len(np.unique(drawn.reshape(-1, 3), axis=0)) > 200, "the RSSR's 3-D view is blank"
    assert np.abs(turned - drawn).mean() > 0.2, "a drag did not turn the RSSR's view"
    assert "RSSR" in title.upper(), title


def test_gyroscope_demo_turns_in_3d_in_jupyterlab(lab):
    """The gyroscope demo opened in JupyterLab, its cells run, its *3-D view* pressed: the
    three.js player, carried by the output itself, draws the top (not blank), plays, and
    turns when dragged; moving the slider puts the next motion in the view."""
    import numpy as np
    from playwright.sync_api import sync_playwright

    shots = ROOT / "book" / "_build" / "screenshots"
    shots.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        page = browser.new_page(viewport={"width": 1400, "height": 1400})
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        open_and_run(page, lab, "gyro-test", "notebooks/demos/05_gyroscope.md")
        button = page.locator(".jp-OutputArea-output .widget-toggle-button", has_text="3-D view").first
        button.wait_for(timeout=120000)
        button.click()
        canvas = page.locator(".jp-OutputArea-output .mb-player.mb-live canvas").first
        canvas.wait_for(timeout=60000)
        page.wait_for_timeout(1000)
        first = pixels(page, canvas)
        assert first.std() > 10 and len(np.unique(first.reshape(-1, 3), axis=0)) > 200, "the 3-D view is blank"
        page.locator(".jp-OutputArea-output .mb-player .mb-play").first.click()
        page.wait_for_timeout(1500)
        page.locator(".jp-OutputArea-output .mb-player .mb-play").first.click()
        played = pixels(page, canvas)
        drag_across(page, canvas)
        page.wait_for_timeout(500)
        turned = pixels(page, canvas)
        title_before = page.locator(".jp-OutputArea-output .mb-player").first.inner_text()
        handle = page.locator(".jp-OutputArea-output .widget-slider .noUi-handle").first
        handle.focus()
        page.keyboard.press("ArrowRight")
        page.wait_for_function(
            "(before) => { const p = document.querySelector('.jp-OutputArea-output .mb-player.mb-live');"
            " return p && p.innerText !== before; }", arg=title_before, timeout=60000)
        page.screenshot(path=str(shots / "lab-demo-gyroscope-3d.png"))
        browser.close()
    assert np.abs(played - first).mean() > 0.2, "pressing play changed nothing"
    assert np.abs(turned - played).mean() > 0.2, "a drag did not turn the view"
    assert not errors, errors
