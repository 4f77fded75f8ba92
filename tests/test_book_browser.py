"""The built book, checked in headless Chromium as a reader with no network sees it.

Every page of ``book/_build/html`` is served from 127.0.0.1 and loaded with every other
request blocked. Each page must load with no failed or blocked request, typeset all of
its math (no raw TeX left in the visible text), load every image, and render the
widgets and animations it embeds. Screenshots of each page go to
``book/_build/screenshots/`` for a person to look at.

Run after the book is built (``make test`` does both, in that order).
"""

from __future__ import annotations

import functools
import http.server
import re
import shutil
import tempfile
import threading
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

HTML = Path(__file__).resolve().parents[1] / "book" / "_build" / "html"
SHOTS = HTML.parent / "screenshots"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SKIP_PAGES = {"genindex.html", "search.html"}
RAW_TEX = re.compile(r"\$\$|\\\(|\\\[|\\begin\{|\\frac|\\dot\{|\\mathbf")


def book_pages() -> list[str]:
    if not (HTML / "index.html").is_file():
        return []
    return sorted(
        str(p.relative_to(HTML))
        for p in HTML.rglob("*.html")
        if p.name not in SKIP_PAGES and "_static" not in p.parts and "_sources" not in p.parts
    )


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):  # keep pytest output readable
        pass


@pytest.fixture(scope="module")
def server():
    if not (HTML / "index.html").is_file():
        pytest.fail("The book is not built: run `make book` (or `make test`, which builds it) first.")
    handler = functools.partial(_QuietHandler, directory=str(HTML))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


@pytest.fixture(scope="module")
def browser():
    playwright = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.fail("Chromium is not installed: `apt-get install -y chromium` (.ci/run does it).")
    with playwright.sync_playwright() as p:
        profile = tempfile.mkdtemp(prefix="chromium-profile-")
        context = p.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=FLAGS, headless=True, viewport={"width": 1280, "height": 900}
        )
        yield context
        context.close()
        shutil.rmtree(profile, ignore_errors=True)


def open_page(browser, server, page_path):
    page = browser.new_page()
    problems: list[str] = []

    def route(route):
        url = route.request.url
        if url.startswith(server) or url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            problems.append(f"blocked non-local request: {url}")
            route.abort()

    page.route("**/*", route)
    page.on("requestfailed", lambda r: problems.append(f"failed request: {r.url} ({r.failure})"))
    page.on("response", lambda r: r.status >= 400 and problems.append(f"HTTP {r.status}: {r.url}"))
    page.on("pageerror", lambda e: problems.append(f"JavaScript error: {e}"))
    page.goto(f"{server}/{page_path}", wait_until="networkidle")
    page.wait_for_function(
        "() => !document.querySelector('.math') || (window.MathJax && MathJax.startup && "
        "MathJax.startup.promise && document.querySelectorAll('mjx-container').length > 0)",
        timeout=30000,
    )
    page.evaluate("() => window.MathJax && MathJax.startup ? MathJax.startup.promise : null")
    page.wait_for_load_state("networkidle")
    return page, problems


@pytest.mark.parametrize("page_path", book_pages() or ["index.html"])
def test_page_renders_offline(browser, server, page_path):
    page, problems = open_page(browser, server, page_path)
    try:
        # math: every Sphinx math node typeset, and no raw TeX left in what a reader sees
        untypeset = page.evaluate(
            "() => [...document.querySelectorAll('.math')].filter(e => !e.querySelector('mjx-container'))"
            ".map(e => e.textContent.slice(0, 60))"
        )
        assert not untypeset, f"{page_path}: math not typeset: {untypeset[:5]}"
        visible = page.evaluate(
            "() => { const c = document.querySelector('main') || document.body;"
            " const clone = c.cloneNode(true);"
            " clone.querySelectorAll('mjx-container, script, style, pre, code, .highlight, mjx-assistive-mml')"
            ".forEach(e => e.remove()); return clone.innerText; }"
        )
        raw = RAW_TEX.findall(visible)
        assert not raw, f"{page_path}: raw TeX in the visible text: {raw[:5]}"
        # images
        broken = page.evaluate(
            "() => [...document.images].filter(i => !i.complete || i.naturalWidth === 0).map(i => i.src.slice(0, 80))"
        )
        assert not broken, f"{page_path}: images that did not load: {broken}"
        # widgets: every embedded widget view is rendered by the HTML manager
        views = page.locator('script[type="application/vnd.jupyter.widget-view+json"]').count()
        if views:
            page.wait_for_selector(".jupyter-widgets", timeout=30000)
            rendered = page.locator(".jupyter-widgets").count()
            assert rendered >= views, f"{page_path}: {views} widget views but {rendered} rendered"
        # every cell that shows a figure has its image in the page (a wrong matplotlib
        # backend in the kernel leaves the output empty, silently)
        empty = page.evaluate(
            "() => [...document.querySelectorAll('div.cell')].filter(c => {"
            " const src = (c.querySelector('.cell_input') || {}).textContent || '';"
            " return /plt\\.show\\(\\)/.test(src) && !c.querySelector('.cell_output img'); })"
            ".map(c => c.querySelector('.cell_input').textContent.slice(0, 80))"
        )
        assert not empty, f"{page_path}: cells that should show a figure but show none: {empty}"
        # animations (matplotlib to_jshtml): a frame image and the playback buttons
        for anim in page.locator("div.animation").all():
            assert anim.locator("img").count() == 1, f"{page_path}: animation without its frame"
            assert anim.locator("button").count() >= 5, f"{page_path}: animation without its controls"
            assert anim.locator("input[type=range]").count() == 1, f"{page_path}: animation without its slider"
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / (page_path.replace("/", "__") + ".png")), full_page=True)
        assert not problems, f"{page_path}: " + "; ".join(problems[:8])
    finally:
        page.close()


def test_every_chapter_was_built():
    toc = (Path(__file__).resolve().parents[1] / "book" / "_toc.yml").read_text()
    files = re.findall(r"file:\s*(\S+)", toc)
    missing = [f for f in files if not (HTML / f"{f}.html").is_file()]
    assert not missing, f"chapters in _toc.yml with no built page: {missing}"


def test_comparison_tabs_switch_with_no_kernel(browser, server):
    """The family-comparison widget is pre-rendered: every tab shows its own table and
    figures when clicked, in the static page."""
    page, problems = open_page(browser, server, "chapters/06_comparing_families.html")
    try:
        page.wait_for_selector(".jupyter-widgets .lm-TabBar-tab, .jupyter-widgets .p-TabBar-tab", timeout=30000)
        tabs = page.locator(".lm-TabBar-tab, .p-TabBar-tab")
        titles = [tabs.nth(k).inner_text().strip() for k in range(tabs.count())]
        assert {"four-bar", "RSCR", "SSC"} <= set(titles), titles
        for k, title in enumerate(titles):
            tabs.nth(k).click()
            page.wait_for_timeout(300)
            visible = page.locator(".widget-tab-contents > :not(.lm-mod-hidden):not(.p-mod-hidden)")
            text = visible.first.inner_text()
            assert title.split("-")[0].lower() in text.lower(), f"tab {title!r} shows {text[:80]!r}"
            assert visible.first.locator("img").count() >= 2, f"tab {title!r} has no figures"
            assert visible.first.locator("table").count() == 1, f"tab {title!r} has no table"
            if title == "RSCR":
                page.screenshot(path=str(SHOTS / "comparison-RSCR-tab.png"), full_page=False)
        assert not problems, "; ".join(problems[:5])
    finally:
        page.close()


STUDENT_HTML = Path(__file__).resolve().parents[1] / "build" / "student" / "book" / "_build" / "html"


@pytest.fixture(scope="module")
def student_server():
    if not (STUDENT_HTML / "index.html").is_file():
        pytest.fail("The student edition is not built: run `make book-student` (`make test` builds it) first.")
    handler = functools.partial(_QuietHandler, directory=str(STUDENT_HTML))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


def test_exercises_have_solutions_in_the_book(browser, server):
    page, problems = open_page(browser, server, "chapters/02_basic_coordinates_plane.html")
    try:
        exercises = page.locator("div.exercise").count()
        solutions = page.locator("div.solution").count()
        assert exercises >= 3 and solutions == exercises, (exercises, solutions)
        assert "Exercise 2.1" in page.locator("div.exercise").first.inner_text()
        assert not problems, "; ".join(problems[:5])
    finally:
        page.close()


@pytest.mark.parametrize("chapter", ["02_basic_coordinates_plane", "10_gyroscope"])
def test_student_edition_holds_no_solution(browser, student_server, chapter):
    page, problems = open_page(browser, student_server, f"chapters/{chapter}.html")
    try:
        assert page.locator("div.exercise").count() >= 3
        assert page.locator("div.solution").count() == 0
        assert "Solution to" not in page.locator("main").inner_text()
        assert "student edition" in page.title().lower() or "student edition" in page.content().lower()
        first = page.locator("div.exercise").first
        first.scroll_into_view_if_needed()
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"student-edition-{chapter}.png"), full_page=False)
        assert not problems, "; ".join(problems[:5])
    finally:
        page.close()
