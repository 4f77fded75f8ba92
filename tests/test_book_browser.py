"""The built book, checked in headless Chromium as a reader with no network sees it.

Every page of ``book/_build/html`` (or of the build the environment variable
``BOOK_HTML`` names, e.g. ``BOOK_HTML=/tmp/book/_build/html``) is served from 127.0.0.1
and loaded with every other request blocked. Each page must load with no failed or
blocked request, typeset all of its math (no raw TeX left in the visible text), load
every image, and render the widgets and animations it embeds. Then its layout, as a
reader at a 1280 × 900 window sees it, with every dropdown and hidden cell opened and
every widget tab shown in turn:

* no typeset formula is wider than the content column or needs a scroll bar of its own;
* no table hides a column: none is wider than its container (scrolled or clipped), no
  column is squeezed to nothing, no table in a widget is clipped.

Every 3-D player (``div.mb-player``, the spatial chapters' animations) draws its view,
moves when play is pressed, and logs no console error.

With ``SCREENSHOTS=1`` (``make screenshots``) a full-page screenshot of each page goes to
``screenshots/`` beside the ``html`` directory, for a person to look at; they check nothing
and take half of each page's time, so ``make test`` leaves them out. Run after the book is
built (``make test`` does both, in that order).
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import io
import os
import re
import shutil
import tempfile
import threading
from pathlib import Path

import numpy as np
import pytest

pytestmark = pytest.mark.browser

HTML = Path(os.environ.get("BOOK_HTML") or Path(__file__).resolve().parents[1] / "book" / "_build" / "html").resolve()
SHOTS = HTML.parent / "screenshots"
#: Full-page screenshots for a person to look at (``make screenshots``), not taken by ``make test``.
FULL_PAGE_SHOTS = os.environ.get("SCREENSHOTS", "") not in ("", "0")
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


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):  # keep pytest output readable
        pass


@pytest.fixture(scope="module")
def server():
    if not (HTML / "index.html").is_file():
        pytest.fail(f"No built book at {HTML}: run `make book` (or `make test`, which builds it) first, "
                    "or set BOOK_HTML to a build's html directory.")
    handler = functools.partial(QuietHandler, directory=str(HTML))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


TIMEOUT = 120_000  # ms: the API pages are long, and make test runs two browsers on two cores

@contextlib.contextmanager
def chromium(width: int, height: int):
    """Headless Chromium with a fresh profile and the network off (FLAGS), its window
    ``width`` × ``height``; the browser tests of the player use it too."""
    playwright = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.fail("Chromium is not installed: `apt-get install -y chromium` (.ci/run does it).")
    with playwright.sync_playwright() as p:
        profile = tempfile.mkdtemp(prefix="chromium-profile-")
        context = p.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=FLAGS, headless=True, viewport={"width": width, "height": height}
        )
        context.set_default_timeout(TIMEOUT)
        yield context
        context.close()
        shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture(scope="module")
def browser():
    with chromium(1280, 900) as context:
        yield context


THEME_NOTE = "Got invalid theme mode"  # pydata-sphinx-theme, with nothing in localStorage yet


def open_page(browser, server, page_path, console=False):
    """The page loaded with the network off and its math typeset; returns it and the
    list of problems seen (failed or blocked requests, JavaScript errors, and with
    ``console`` every error the console logs)."""
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
    pending: dict = {}  # the requests not finished yet (what "network idle" waits for)
    page.on("request", lambda r: pending.__setitem__(r, r.url))
    page.on("requestfinished", lambda r: pending.pop(r, None))
    page.on("requestfailed", lambda r: pending.pop(r, None))
    page.on("requestfailed", lambda r: problems.append(f"failed request: {r.url} ({r.failure})"))
    page.on("response", lambda r: r.status >= 400 and problems.append(f"HTTP {r.status}: {r.url}"))
    page.on("pageerror", lambda e: problems.append(f"JavaScript error: {e}"))
    if console:  # the theme's note on a fresh profile (no theme chosen yet) is not a fault
        page.on("console", lambda m: m.type == "error" and not m.text.startswith(THEME_NOTE)
                and problems.append(f"console error: {m.text}"))
    page.goto(f"{server}/{page_path}", wait_until="networkidle")
    page.wait_for_function(
        "() => !document.querySelector('.math') || (window.MathJax && MathJax.startup && "
        "MathJax.startup.promise && document.querySelectorAll('mjx-container').length > 0)",
        timeout=TIMEOUT,
    )
    page.evaluate("() => window.MathJax && MathJax.startup ? MathJax.startup.promise : null")
    # what typesetting asked for (fonts, extensions) has arrived: no request pending for
    # half a second. (Playwright's own "networkidle" wait, asked for a second time here,
    # sometimes never returned on a page that had reached it: chapter 9c, CI, 2026-12-07.)
    quiet_since, waited = None, 0
    while waited < TIMEOUT:
        if pending:
            quiet_since = None
        elif quiet_since is None:
            quiet_since = waited
        elif waited - quiet_since >= 500:
            break
        page.wait_for_timeout(50)
        waited += 50
    else:
        problems.append(f"requests still pending after {TIMEOUT // 1000} s: {sorted(pending.values())[:5]}")
    return page, problems


# Everything a reader can open, opened: the dropdowns of solutions and hidden cells.
REVEAL_ALL = """() => {
  document.querySelectorAll('details').forEach(d => { d.open = true; });
  document.querySelectorAll('.toggle-hidden').forEach(e => e.classList.remove('toggle-hidden'));
}"""

# The layout faults of what is shown now: formulas wider than the content column or
# scrolled inside it, tables wider than their container, squeezed columns, clipped
# widget content. Each fault names the section, and the formula's TeX or the table's
# header.
LAYOUT_FAULTS = r"""(onlyWidgets) => {
  const article = document.querySelector('article.bd-article') || document.querySelector('main') || document.body;
  const column = article.getBoundingClientRect();
  const shown = e => e.getClientRects().length > 0 && e.getBoundingClientRect().width > 0;
  const section = e => {
    const box = e.closest('div.exercise, div.solution');
    const title = box && box.querySelector('.admonition-title');
    const s = e.closest('section[id]:not(#solution-content):not(#exercise-content)');
    return (s ? '#' + s.id : '(top)') + (title ? ` (${text(title.innerText, 40)})` : ''); };
  const name = e => e.tagName.toLowerCase() + (typeof e.className === 'string' && e.className.trim()
      ? '.' + e.className.trim().split(/\s+/).slice(0, 2).join('.') : '');
  const text = (s, k) => s.replace(/\s+/g, ' ').trim().slice(0, k);
  // the area in which an element shows its content (inside its borders)
  const viewport = a => { const r = a.getBoundingClientRect();
    const left = r.left + a.clientLeft, top = r.top + a.clientTop;
    return {left, top, right: left + a.clientWidth, bottom: top + a.clientHeight}; };
  // the first of `from` and its ancestors below `stop` that scrolls or clips `box`
  // (sideways, and also up and down if `vertical`)
  const clipper = (box, from, stop, vertical) => {
    for (let a = from; a && a !== stop; a = a.parentElement) {
      const style = getComputedStyle(a), v = viewport(a);
      if (style.overflowX !== 'visible' && (box.right > v.right + 1 || box.left < v.left - 1)) return a;
      if (vertical && style.overflowY !== 'visible' && (box.bottom > v.bottom + 1 || box.top < v.top - 1)) return a;
    }
    return null;
  };
  const faults = [];
  const items = window.MathJax && MathJax.startup && MathJax.startup.document
      ? Array.from(MathJax.startup.document.math) : [];
  for (const item of items) {
    const math = item.typesetRoot;
    if (!math || !article.contains(math) || !shown(math) || math.closest('table')) continue;  // tables: below
    if (onlyWidgets && !math.closest('.jupyter-widgets')) continue;
    const formula = math.querySelector('mjx-math') || math;  // the typeset formula (not its hidden MathML)
    const box = formula.getBoundingClientRect();
    const tex = text(item.math, 70);
    const scroller = clipper(box, math, article, false);
    if (scroller)
      faults.push(`math in ${section(math)} is scrolled or cut by ${name(scroller)} (${Math.round(box.width)} px`
                  + ` shown in ${scroller.clientWidth} px): ${tex}`);
    else if (box.right > column.right + 1)
      faults.push(`math in ${section(math)} sticks out of the column by ${Math.round(box.right - column.right)} px: ${tex}`);
  }
  for (const table of article.querySelectorAll('table')) {
    if (!shown(table) || (onlyWidgets && !table.closest('.jupyter-widgets'))) continue;
    const head = table.rows.length ? text(table.rows[0].innerText, 60) : '';
    const label = `table in ${section(table)} [${head}]`;
    const box = table.getBoundingClientRect();
    const inWidget = !!table.closest('.jupyter-widgets');
    const scroller = clipper(box, table.parentElement, article, inWidget);
    if (scroller)
      faults.push(`${label} is ${inWidget ? 'clipped' : 'scrolled or clipped'} by ${name(scroller)}: `
                  + `${Math.round(box.width)}×${Math.round(box.height)} px shown in ${scroller.clientWidth}×${scroller.clientHeight} px`);
    else if (box.right > column.right + 1)
      faults.push(`${label} sticks out of the column by ${Math.round(box.right - column.right)} px`);
    const squeezed = [...table.rows].flatMap(row => [...row.cells]).find(cell => {
      const style = getComputedStyle(cell);
      const inner = cell.getBoundingClientRect().width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return cell.getClientRects().length > 0 && cell.textContent.trim() && inner < 4; });
    if (squeezed)
      faults.push(`${label}: a column squeezed to nothing, cell "${text(squeezed.innerText, 30)}"`);
  }
  // code cells, what they show and what they print: no line scrolled out of sight
  for (const pre of article.querySelectorAll('div.cell_input pre, div.cell_output pre')) {
    if (!shown(pre) || onlyWidgets || pre.scrollWidth <= pre.clientWidth + 1) continue;
    const line = pre.innerText.split('\n').reduce((a, b) => (b.length > a.length ? b : a), '');
    const kind = pre.closest('div.cell_input') ? 'code' : 'printed output';
    faults.push(`${kind} in ${section(pre)} scrolls sideways (${pre.scrollWidth} px in ${pre.clientWidth} px): `
                + text(line, 70));
  }
  return faults;
}"""


def layout_faults(page) -> list[str]:
    """The layout faults of the page, with every dropdown open and each widget tab
    shown in turn (a hidden tab's tables have no size to measure)."""
    page.evaluate(REVEAL_ALL)
    page.wait_for_timeout(200)
    faults = list(page.evaluate(LAYOUT_FAULTS, False))
    tabs = page.locator(".jupyter-widgets .lm-TabBar-tab, .jupyter-widgets .p-TabBar-tab")
    for k in range(tabs.count()):
        title = tabs.nth(k).inner_text().strip()
        tabs.nth(k).click()
        page.wait_for_timeout(150)
        faults += [f"{fault} (widget tab {title!r})" for fault in page.evaluate(LAYOUT_FAULTS, True)]
    return list(dict.fromkeys(faults))


@pytest.mark.parametrize("page_path", book_pages() or ["index.html"])
def test_page_renders_offline_and_hides_nothing(browser, server, page_path):
    """The page, loaded once: it renders with the network off (math typeset, images,
    widgets, figures, animations) and then, every dropdown opened, its layout hides
    nothing (:func:`layout_faults`)."""
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
            page.wait_for_selector(".jupyter-widgets", timeout=TIMEOUT)
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
        if FULL_PAGE_SHOTS:
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / (page_path.replace("/", "__") + ".png")), full_page=True)
        assert not problems, f"{page_path}: " + "; ".join(problems[:8])
        faults = layout_faults(page)
        assert not faults, f"{page_path}: {len(faults)} layout faults:\n  " + "\n  ".join(faults[:25])
    finally:
        page.close()


SYNTHETIC_PAGE = r"""
<style>.scroll { overflow-x: auto; } .clip { overflow: hidden; height: 60px; } td { padding: 4px; }</style>
<article class="bd-article" style="width: 400px">
 <section id="wide-math"><div class="math"><mjx-container id="m1" style="display: block; overflow: auto">
   <mjx-math style="display: inline-block; width: 700px">x</mjx-math></mjx-container></div></section>
 <section id="fine-math"><span class="math"><mjx-container id="m2" style="display: inline-block">
   <mjx-math style="display: inline-block; width: 50px">y</mjx-math></mjx-container></span></section>
 <section id="wide-table"><div class="scroll"><table style="width: 600px"><tr><td>family</td><td>n</td></tr></table>
 </div></section>
 <section id="squeezed"><table style="table-layout: fixed; width: 200px"><colgroup><col style="width: 200px">
   <col style="width: 0px"></colgroup><tr><td>family</td><td style="padding: 0">note</td></tr></table></section>
 <section id="long-code"><div class="cell_input"><pre style="width: 300px; overflow-x: auto">x = 1
print("a line of code far too long for its box, which a reader would have to scroll sideways to read")</pre>
 </div></section>
 <section id="widget"><div class="jupyter-widgets"><div class="clip"><table><tr><td>a</td></tr><tr><td>b</td></tr>
   <tr><td>c</td></tr><tr><td>d</td></tr></table></div></div></section>
</article>
<script>window.MathJax = {startup: {document: {math: [
  {typesetRoot: document.getElementById('m1'), math: '\\frac{a}{b} + wide'},
  {typesetRoot: document.getElementById('m2'), math: 'y'}]}}};</script>
"""


def test_the_layout_checker_sees_each_fault(browser):
    """The checker itself, on a page made of one example of each fault and one formula
    that fits."""
    page = browser.new_page()
    try:
        page.set_content(SYNTHETIC_PAGE)
        faults = page.evaluate(LAYOUT_FAULTS, False)
        joined = "\n".join(faults)
        assert len(faults) == 5, joined
        assert "code in #long-code scrolls sideways" in joined and 'print("a line of code' in joined
        assert "math in #wide-math is scrolled" in joined and "\\frac{a}{b}" in joined
        assert "table in #wide-table [family n] is scrolled or clipped" in joined
        assert "table in #squeezed [family note]: a column squeezed to nothing" in joined
        assert "table in #widget [a] is clipped" in joined
        assert page.evaluate(LAYOUT_FAULTS, True) == [f for f in faults if "#widget" in f]
    finally:
        page.close()


PLAYER = re.compile(r"""<div\b[^>]*\bclass\s*=\s*["'](?:[^"']*\s)?mb-player(?:\s[^"']*)?["']""")
NO_PLAYERS = "(no built page has a 3-D player)"
# the pages whose animations are the player's (the spatial chapters)
PLAYER_CHAPTERS = ["chapters/03_relative_coordinates.html", "chapters/05a_rssr_rscr_ssc.html",
                   "chapters/10_gyroscope.html", "chapters/11_falling_ssc.html"]


def player_pages() -> list[str]:
    """The built pages with a 3-D player (a ``div.mb-player`` in their HTML)."""
    return [p for p in book_pages() if PLAYER.search((HTML / p).read_text(encoding="utf-8", errors="replace"))]


def canvas_pixels(player) -> np.ndarray:
    """A player's view as an RGB array (a screenshot of its canvas)."""
    from PIL import Image

    png = player.locator("canvas").screenshot()
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB"), dtype=float)


def test_the_spatial_chapters_have_players():
    if not (HTML / "index.html").is_file():
        pytest.fail(f"No built book at {HTML}: run `make book` first, or set BOOK_HTML to a build's html directory.")
    found = player_pages()
    missing = [p for p in PLAYER_CHAPTERS if p not in found]
    assert found and not missing, f"built pages with no 3-D player: {missing or PLAYER_CHAPTERS} (with one: {found})"


@pytest.mark.parametrize("page_path", player_pages() or [NO_PLAYERS])
def test_players_draw_and_play(browser, server, page_path):
    """Each player of the page draws a view that is not blank, pressing play changes
    the picture and the value shown, and the page logs no console error (as in
    tests/test_player_browser.py, on the book's own pages)."""
    if page_path == NO_PLAYERS:
        pytest.fail(f"No page of {HTML} has a 3-D player (div.mb-player): the spatial chapters should.")
    page, problems = open_page(browser, server, page_path, console=True)
    try:
        players = page.locator("div.mb-player")
        count = players.count()
        assert count, f"{page_path}: its HTML has a player but the page shows none"
        page.wait_for_function("(n) => document.querySelectorAll('div.mb-player.mb-live canvas').length >= n",
                               arg=count, timeout=TIMEOUT)
        SHOTS.mkdir(parents=True, exist_ok=True)
        for k in range(count):
            player = players.nth(k)
            player.scroll_into_view_if_needed()
            page.wait_for_timeout(300)
            first, shown = canvas_pixels(player), player.locator(".mb-time").inner_text()
            assert first.std() > 10 and len(np.unique(first.reshape(-1, 3), axis=0)) > 200, \
                f"{page_path}: player {k + 1} of {count} is blank"
            assert player.locator("img.mb-still").is_hidden(), f"{page_path}: player {k + 1} still shows its still"
            player.locator(".mb-play").click()
            page.wait_for_timeout(1200)
            player.locator(".mb-play").click()  # pause
            played = canvas_pixels(player)
            assert np.abs(played - first).mean() > 0.2, f"{page_path}: pressing play on player {k + 1} changed nothing"
            assert player.locator(".mb-time").inner_text() != shown, \
                f"{page_path}: player {k + 1} still shows {shown!r} after playing"
            player.screenshot(path=str(SHOTS / f"{page_path.replace('/', '__')}.player-{k + 1}.png"))
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
        page.wait_for_selector(".jupyter-widgets .lm-TabBar-tab, .jupyter-widgets .p-TabBar-tab", timeout=TIMEOUT)
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
    handler = functools.partial(QuietHandler, directory=str(STUDENT_HTML))
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


def test_student_edition_downloads_hold_no_solution(student_server):
    """The sources offered for download (.md and the executed .ipynb) are cut too, and
    the code cells outside the solutions keep their outputs (shared from the book's
    execution through the cache)."""
    import json

    sources = STUDENT_HTML / "_sources" / "chapters"
    pages = sorted(sources.glob("*.md")) + sorted(sources.glob("*.md.txt"))
    notebooks = sorted(sources.glob("*.ipynb"))
    assert len(pages) >= 15 and len(notebooks) >= 15, (len(pages), len(notebooks))
    for page in pages:
        assert not re.search(r"\{solution", page.read_text()), page.name
    outputs = 0
    for path in notebooks:
        notebook = json.loads(path.read_text())
        text = "".join(c["source"] if isinstance(c["source"], str) else "".join(c["source"]) for c in notebook["cells"])
        assert not re.search(r"\{solution", text), path.name
        outputs += sum(len(c.get("outputs", [])) for c in notebook["cells"] if c["cell_type"] == "code")
    assert outputs > 100, outputs
