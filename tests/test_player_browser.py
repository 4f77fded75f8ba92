"""The 3-D player in headless Chromium with the network off, as a reader sees it.

A stand-alone page (mbtools.viz.player.write_player_page: the RSSR swept over a crank
turn, with the vendored three.js and the player copied beside it) is served from
127.0.0.1 and every other request is blocked. The view must be drawn (not blank),
change when play is pressed and when the mouse drags it, show the crank angle advancing,
print its still image, fall back to the still without WebGL or when opened as a file,
and run with no console error. The same holds for the notebook's snippet, which carries the player and three.js
itself. Screenshots go to /tmp/player_shots/ for a person to look at.
"""

from __future__ import annotations

import functools
import http.server
import io
import re
import threading
import warnings
from pathlib import Path

import numpy as np
import pytest

from mbtools import examples, formulate, sweep_position
from mbtools.viz.player import motion_player, write_player_page
from test_book_browser import QuietHandler, chromium

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/player_shots")


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> Path:
    """The folder of the pages: index.html (the book's way, files under _static/) and
    notebook.html (the snippet carries everything)."""
    folder = tmp_path_factory.mktemp("player")
    model = formulate(examples.rssr(), "natural")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        motion = sweep_position(model, "crank", np.radians(np.arange(0.0, 360.0, 5.0)))
    options = dict(trails=["C"], title="RSSR, one crank turn")
    write_player_page(folder / "index.html", motion_player(model, motion, inline=False, **options), title="RSSR")
    notebook = motion_player(model, motion.q[::3], inline=True, still=False, **options)
    (folder / "notebook.html").write_text(f'<!DOCTYPE html><html><head><meta charset="utf-8"><link rel="icon" '
                                          f'href="data:,"></head><body>{notebook.data}</body></html>')
    return folder


@pytest.fixture(scope="module")
def site(pages):
    """The pages served from 127.0.0.1."""
    folder = pages
    handler = functools.partial(QuietHandler, directory=str(folder))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


@pytest.fixture(scope="module")
def browser():
    with chromium(1000, 800) as context:
        yield context


def open_page(browser, site, name, script=None):
    """The page loaded with the network off; returns it and the list of problems seen."""
    page = browser.new_page()
    problems: list[str] = []

    def route(route):
        url = route.request.url
        if url.startswith(site) or url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            problems.append(f"blocked non-local request: {url}")
            route.abort()

    page.route("**/*", route)
    if script:
        page.add_init_script(script)
    page.on("requestfailed", lambda r: problems.append(f"failed request: {r.url} ({r.failure})"))
    page.on("response", lambda r: r.status >= 400 and problems.append(f"HTTP {r.status}: {r.url}"))
    page.on("pageerror", lambda e: problems.append(f"JavaScript error: {e}"))
    page.on("console", lambda m: m.type == "error" and problems.append(f"console error: {m.text}"))
    page.goto(f"{site}/{name}", wait_until="networkidle")
    return page, problems


def pixels(page, canvas=None) -> np.ndarray:
    """The view as an RGB array (a screenshot of the canvas: the page's first player's,
    or the locator ``canvas``)."""
    from PIL import Image

    png = (canvas or page.locator(".mb-player canvas")).screenshot()
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB"), dtype=float)


def drag_across(page, canvas) -> None:
    """Press the mouse at the middle of ``canvas`` (a locator) and drag it right and down:
    what a reader does to turn the view."""
    box = canvas.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 160, y + 40, steps=8)
    page.mouse.up()


def shown_value(page) -> float:
    return float(re.search(r"-?\d+(\.\d+)?", page.locator(".mb-time").inner_text()).group())


def test_the_view_draws_plays_and_turns(browser, site):
    page, problems = open_page(browser, site, "index.html")
    try:
        page.wait_for_selector(".mb-player.mb-live canvas", timeout=30000)
        page.wait_for_timeout(300)
        first = pixels(page)
        assert first.std() > 10 and len(np.unique(first.reshape(-1, 3), axis=0)) > 200, "the view is blank"
        assert page.locator(".mb-player img.mb-still").is_hidden()
        assert page.locator(".mb-time").inner_text() == "crank = 0°"
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "rssr_start.png"))
        # play: the mechanism moves and the crank angle advances
        page.click(".mb-play")
        page.wait_for_timeout(1200)
        page.click(".mb-play")  # pause
        played = pixels(page)
        assert np.abs(played - first).mean() > 0.2, "pressing play changed nothing"
        angle = shown_value(page)
        assert 10 < angle < 360, page.locator(".mb-time").inner_text()
        page.screenshot(path=str(SHOTS / "rssr_played.png"))
        # a drag turns the view
        drag_across(page, page.locator(".mb-player canvas"))
        page.wait_for_timeout(200)
        turned = pixels(page)
        assert np.abs(turned - played).mean() > 0.2, "a drag did not turn the view"
        assert shown_value(page) == angle  # turning the view does not move the mechanism
        page.screenshot(path=str(SHOTS / "rssr_turned.png"))
        # the slider sets the frame
        page.locator(".mb-player input[type=range]").fill("36")
        assert page.locator(".mb-time").inner_text() == "crank = 180°"
        # print: the still, not the view
        page.emulate_media(media="print")
        assert page.locator(".mb-player img.mb-still").is_visible()
        assert page.locator(".mb-player canvas").is_hidden()
        page.screenshot(path=str(SHOTS / "rssr_print.png"))
        assert not problems, "; ".join(problems[:8])
    finally:
        page.close()


def test_without_webgl_the_still_is_shown(browser, site):
    no_webgl = ("const getContext = HTMLCanvasElement.prototype.getContext; HTMLCanvasElement.prototype.getContext ="
                " function (kind, ...rest) { return /webgl/.test(kind) ? null : getContext.call(this, kind, ...rest); };")
    page, problems = open_page(browser, site, "index.html", script=no_webgl)
    try:
        page.wait_for_selector(".mb-player .mb-note", timeout=30000)
        assert page.locator(".mb-player img.mb-still").is_visible()
        assert page.locator(".mb-player canvas").count() == 0
        assert page.evaluate("() => document.querySelector('.mb-still').naturalWidth") > 100
        assert not problems, "; ".join(problems[:8])
    finally:
        page.close()


def test_the_notebook_snippet_carries_its_player(browser, site):
    page, problems = open_page(browser, site, "notebook.html")
    try:
        page.wait_for_selector(".mb-player.mb-live canvas", timeout=30000)
        page.wait_for_timeout(300)
        first = pixels(page)
        assert first.std() > 10, "the view is blank"
        page.click(".mb-play")
        page.wait_for_timeout(800)
        assert np.abs(pixels(page) - first).mean() > 0.2, "pressing play changed nothing"
        page.screenshot(path=str(SHOTS / "rssr_notebook.png"))
        assert not problems, "; ".join(problems[:8])
    finally:
        page.close()


def test_opened_as_a_file_the_still_says_why(browser, pages):
    """Browsers load no JavaScript modules from file: URLs: the still stays, with a note."""
    page = browser.new_page()
    try:
        page.goto((pages / "index.html").as_uri(), wait_until="load")
        page.wait_for_selector("text=needs the page served over HTTP", timeout=30000)
        assert page.locator(".mb-player img.mb-still").is_visible()
        assert page.locator(".mb-player canvas").count() == 0
    finally:
        page.close()
