"""What each page of the built book weighs: the bytes a reader downloads for it.

A page's weight is its HTML (with the animation frames, figures and widget state it
embeds) plus the files it loads from the book's own directories (figures in
``_images/`` and anything else beside the page), leaving out what every page shares:
the theme, MathJax, the widget manager and fonts in ``_static/``, and the search index.
Every page must weigh under :data:`LIMIT`. The numbers are printed (``pytest -s``) and
written to ``page-weights.md`` beside the screenshots of the browser test.

The 3-D players (``div.mb-player``, :mod:`mbtools.viz.player`) have budgets of their
own: each player's data (its JSON, inline or at its ``data-src``) at most
:data:`PLAYER_DATA_LIMIT`, and the JavaScript every player page shares (three.js and the
player, ``_static/three`` and ``_static/mbplayer``) at most :data:`PLAYER_JS_LIMIT`
gzipped. Their table is printed and written to ``player-weights.md``.

The built book is ``book/_build/html``, or the directory the environment variable
``BOOK_HTML`` names (e.g. ``BOOK_HTML=/tmp/book/_build/html``).
"""

from __future__ import annotations

import gzip
import json
import os
import re
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

pytestmark = pytest.mark.browser

HTML = Path(os.environ.get("BOOK_HTML") or Path(__file__).resolve().parents[1] / "book" / "_build" / "html").resolve()
REPORT = HTML.parent / "screenshots" / "page-weights.md"
LIMIT = 3_000_000  # bytes
SHARED = ("_static/", "searchindex.js")  # loaded by every page, cached once
SKIP_PAGES = {"genindex.html", "search.html"}
PLAYER_REPORT = HTML.parent / "screenshots" / "player-weights.md"
PLAYER_DATA_LIMIT = 150_000  # bytes of one player's data (JSON)
PLAYER_JS_LIMIT = 500_000  # bytes, gzipped, of the player's shared JavaScript
PLAYER_JS = ("_static/three", "_static/mbplayer")  # three.js and the player, as the book serves them

# what a page loads by itself: src, srcset, data and poster attributes, the href of a
# <link> that loads something (stylesheets, icons, preloads; not rel="next" and the
# like), and url(...) in inline styles
LOADED = re.compile(r"""\b(?:src|data|poster)\s*=\s*["']([^"']+)["']|\bsrcset\s*=\s*["']([^"']+)["']"""
                    r"""|<link\b(?=[^>]*\brel\s*=\s*["'][^"']*\b(?:stylesheet|icon|preload|modulepreload)\b)"""
                    r"""[^>]*\bhref\s*=\s*["']([^"']+)["']|url\(\s*["']?([^"')]+)["']?\s*\)""", re.I)
# base64 data in the HTML: data URIs (animation frames) and the images of a widget's
# saved state ("image/png": "iVBOR…")
EMBEDDED = re.compile(r"data:[a-z]+/[a-z0-9.+-]+;base64,[A-Za-z0-9+/=\\\n]+"
                      r'|"image/(?:png|jpeg|gif)"\s*:\s*"[A-Za-z0-9+/=\\n]+"', re.I)


@dataclass
class PageWeight:
    page: str
    html: int  # bytes of the HTML file
    embedded: int  # of which base64 data (animation frames, images in widgets)
    files: int  # bytes of the files it loads from the book's own directories
    count: int  # how many such files

    @property
    def total(self) -> int:
        return self.html + self.files


def loaded_files(page: Path, text: str) -> set[Path]:
    """The files of the book that the page loads, shared ones (``_static``, the search
    index) left out."""
    found = set()
    for match in LOADED.finditer(text):
        for url in filter(None, match.groups()):
            for candidate in url.split(",") if match.group(2) else [url]:
                link = urlsplit(candidate.strip().split(" ")[0])
                if link.scheme or link.netloc or not link.path:
                    continue
                target = (page.parent / unquote(link.path)).resolve()
                if not target.is_file() or not target.is_relative_to(HTML):
                    continue
                relative = target.relative_to(HTML).as_posix()
                if target != page and not relative.startswith(SHARED):
                    found.add(target)
    return found


def page_weight(page: Path) -> PageWeight:
    text = page.read_text(encoding="utf-8", errors="replace")
    files = loaded_files(page, text)
    return PageWeight(
        page.relative_to(HTML).as_posix(), page.stat().st_size,
        sum(len(m.group(0)) for m in EMBEDDED.finditer(text)),
        sum(f.stat().st_size for f in files), len(files),
    )


def weights_table(weights: list[PageWeight]) -> str:
    megabytes = lambda n: f"{n / 1e6:.2f}"  # noqa: E731
    rows = ["| page | HTML (MB) | of which embedded data (MB) | files loaded | their size (MB) | total (MB) |",
            "|---|---|---|---|---|---|"]
    for w in weights:
        mark = " **over the limit**" if w.total > LIMIT else ""
        rows.append(f"| {w.page} | {megabytes(w.html)} | {megabytes(w.embedded)} | {w.count} | "
                    f"{megabytes(w.files)} | {megabytes(w.total)}{mark} |")
    return "\n".join(rows)


def book_pages() -> list[Path]:
    return sorted(p for p in HTML.rglob("*.html")
                  if p.name not in SKIP_PAGES and "_static" not in p.parts and "_sources" not in p.parts)


def test_every_page_weighs_under_the_limit():
    if not (HTML / "index.html").is_file():
        pytest.fail(f"No built book at {HTML}: run `make book` first, or set BOOK_HTML to a build's html directory.")
    weights = [page_weight(p) for p in book_pages()]
    table = weights_table(weights)
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    REPORT.write_text(f"Page weights of {HTML} (limit {LIMIT / 1e6:.1f} MB)\n\n{table}\n", encoding="utf-8")
    print("\n" + table)
    heavy = [f"{w.page}: {w.total / 1e6:.2f} MB (HTML {w.html / 1e6:.2f} MB, of which {w.embedded / 1e6:.2f} MB "
             f"embedded data; {w.count} files loaded, {w.files / 1e6:.2f} MB)" for w in weights if w.total > LIMIT]
    assert not heavy, f"pages over {LIMIT / 1e6:.0f} MB:\n  " + "\n  ".join(heavy)


def test_the_weight_counts_what_a_page_loads(tmp_path, monkeypatch):
    """The weigher itself, on a two-file site: a figure beside the page counts, the
    shared theme does not, and an embedded frame counts as embedded data."""
    monkeypatch.setattr(f"{__name__}.HTML", tmp_path)
    (tmp_path / "_images").mkdir()
    (tmp_path / "_static").mkdir()
    (tmp_path / "_images" / "figure.png").write_bytes(b"x" * 1000)
    (tmp_path / "_static" / "theme.css").write_bytes(b"x" * 5000)
    page = tmp_path / "chapters" / "page.html"
    page.parent.mkdir()
    (tmp_path / "index.html").write_text("x" * 3000)
    frame = "data:image/png;base64," + "A" * 400
    state = '"image/png": "' + "B" * 300 + '"'
    page.write_text(f'<link rel="stylesheet" href="../_static/theme.css"><link rel="next" href="../index.html">'
                    f'<img src="../_images/figure.png">'
                    f'<img src="../_images/figure.png"><img src="{frame}"><a href="../_images/figure.png">x</a>'
                    f'<script type="application/vnd.jupyter.widget-state+json">{{"outputs": {{{state}}}}}</script>')
    weight = page_weight(page)
    assert (weight.count, weight.files, weight.embedded) == (1, 1000, len(frame) + len(state))
    assert weight.total == page.stat().st_size + 1000


# ---------------------------------------------------------------------- the 3-D players
@dataclass
class PlayerWeight:
    page: str
    title: str
    frames: int
    data: int  # bytes of its JSON


class _Players(HTMLParser):
    """The data of each ``div.mb-player`` of a page: the text of the
    ``<script type="application/json">`` inside it, or the URL of its ``data-src``."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found: list[dict] = []  # {"json": text} or {"src": url}
        self.depth = 0  # <div> nesting inside the current player; 0: outside any
        self.reading = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "div" and self.depth:
            self.depth += 1
        elif tag == "div" and "mb-player" in (attrs.get("class") or "").split():
            self.depth = 1
            self.found.append({"src": attrs["data-src"]} if attrs.get("data-src") else {"json": ""})
        elif tag == "script" and self.depth and attrs.get("type") == "application/json":
            self.reading = "json" in self.found[-1]

    def handle_endtag(self, tag):
        if tag == "script":
            self.reading = False
        elif tag == "div" and self.depth:
            self.depth -= 1

    def handle_data(self, data):
        if self.reading:
            self.found[-1]["json"] += data


def player_weights(page: Path) -> list[PlayerWeight]:
    """The weight of each player's data on a page (the JSON as the page carries it, or
    the file its ``data-src`` names)."""
    parser = _Players()
    parser.feed(page.read_text(encoding="utf-8", errors="replace"))
    weights = []
    for player in parser.found:
        text = (player["json"] if "json" in player else
                (page.parent / unquote(urlsplit(player["src"]).path)).read_text(encoding="utf-8"))
        data = json.loads(text)
        weights.append(PlayerWeight(page.relative_to(HTML).as_posix(), data.get("title") or "(no title)",
                                    int(data.get("frames", 0)), len(text.encode("utf-8"))))
    return weights


def player_javascript() -> dict[str, int]:
    """The player's shared files as the book serves them, ``{path: bytes gzipped}``."""
    files = sorted(f for folder in PLAYER_JS for f in (HTML / folder).rglob("*") if f.is_file())
    return {f.relative_to(HTML).as_posix(): len(gzip.compress(f.read_bytes(), 9)) for f in files}


def players_table(players: list[PlayerWeight], scripts: dict[str, int]) -> str:
    kilobytes = lambda n: f"{n / 1000:.1f}"  # noqa: E731
    rows = [f"| page | player | frames | data (kB; limit {PLAYER_DATA_LIMIT / 1000:.0f}) |", "|---|---|---|---|"]
    for w in players:
        mark = " **over the limit**" if w.data > PLAYER_DATA_LIMIT else ""
        rows.append(f"| {w.page} | {w.title} | {w.frames} | {kilobytes(w.data)}{mark} |")
    total = sum(scripts.values())
    rows += ["", f"| shared player JavaScript | gzipped (kB; limit {PLAYER_JS_LIMIT / 1000:.0f} in all) |",
             "|---|---|"]
    rows += [f"| {name} | {kilobytes(size)} |" for name, size in scripts.items()]
    mark = " **over the limit**" if total > PLAYER_JS_LIMIT else ""
    rows.append(f"| total | {kilobytes(total)}{mark} |")
    return "\n".join(rows)


def test_players_and_their_javascript_weigh_under_their_budgets():
    """Each 3-D player's data on a built page is at most 150 kB, and the JavaScript
    they share (three.js and the player) at most 0.5 MB gzipped; the book must have
    players (the spatial chapters' animations), else this checks nothing."""
    if not (HTML / "index.html").is_file():
        pytest.fail(f"No built book at {HTML}: run `make book` first, or set BOOK_HTML to a build's html directory.")
    players = [w for page in book_pages() for w in player_weights(page)]
    scripts = player_javascript()
    table = players_table(players, scripts)
    PLAYER_REPORT.parent.mkdir(parents=True, exist_ok=True)
    PLAYER_REPORT.write_text(f"3-D players of {HTML}\n\n{table}\n", encoding="utf-8")
    print("\n" + table)
    assert players, f"no page of {HTML} has a 3-D player (div.mb-player): the spatial chapters should"
    assert any(name.startswith("_static/three/") for name in scripts) and any(
        name.startswith("_static/mbplayer/") for name in scripts), f"the player's JavaScript is not served: {scripts}"
    heavy = [f"{w.page}, {w.title!r}: {w.data / 1000:.1f} kB" for w in players if w.data > PLAYER_DATA_LIMIT]
    assert not heavy, f"players with more than {PLAYER_DATA_LIMIT / 1000:.0f} kB of data:\n  " + "\n  ".join(heavy)
    total = sum(scripts.values())
    assert total <= PLAYER_JS_LIMIT, f"the player's JavaScript weighs {total / 1000:.0f} kB gzipped"


def test_the_player_weigher_reads_inline_and_linked_data(tmp_path, monkeypatch):
    """The player weigher itself: a player with its JSON inline (as the book's pages
    carry it, with a nested div and a still), one with ``data-src``, and text that
    only mentions mb-player."""
    monkeypatch.setattr(f"{__name__}.HTML", tmp_path)
    data = {"format": "mbplayer/1", "title": "RSSR </script>", "frames": 3, "poses": "A" * 500}
    inline = json.dumps(data, separators=(",", ":")).replace("<", "\\u003c")
    page = tmp_path / "chapters" / "page.html"
    page.parent.mkdir()
    (page.parent / "motion.json").write_text(json.dumps({"title": "linked", "frames": 7}))
    page.write_text(f'<p>class="mb-player"</p><div class="output"><div class="mb-player" id="mbplayer-1">\n'
                    f'<script type="application/json">{inline}</script>\n<div>x</div><img class="mb-still">\n</div>'
                    f'<script type="module">const a = "{{}}";</script></div>'
                    f'<div class="mb-player" data-src="motion.json"><img class="mb-still"></div>')
    found = player_weights(page)
    assert [(w.page, w.title, w.frames) for w in found] == [("chapters/page.html", "RSSR </script>", 3),
                                                            ("chapters/page.html", "linked", 7)]
    assert found[0].data == len(inline) and found[1].data == (page.parent / "motion.json").stat().st_size
    for folder, name in [("three", "three.module.js"), ("mbplayer", "player.js")]:
        (tmp_path / "_static" / folder).mkdir(parents=True)
        (tmp_path / "_static" / folder / name).write_text("const x = 1;\n" * 1000)
    scripts = player_javascript()
    assert list(scripts) == ["_static/mbplayer/player.js", "_static/three/three.module.js"]
    assert all(0 < size < 1000 for size in scripts.values())
    assert "| total |" in players_table(found, scripts)
