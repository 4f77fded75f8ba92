"""What each page of the built book weighs: the bytes a reader downloads for it.

A page's weight is its HTML (with the animation frames, figures and widget state it
embeds) plus the files it loads from the book's own directories (figures in
``_images/`` and anything else beside the page), leaving out what every page shares:
the theme, MathJax, the widget manager and fonts in ``_static/``, and the search index.
Every page must weigh under :data:`LIMIT`. The numbers are printed (``pytest -s``) and
written to ``page-weights.md`` beside the screenshots of the browser test.

The built book is ``book/_build/html``, or the directory the environment variable
``BOOK_HTML`` names (e.g. ``BOOK_HTML=/tmp/book/_build/html``).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

pytestmark = pytest.mark.browser

HTML = Path(os.environ.get("BOOK_HTML") or Path(__file__).resolve().parents[1] / "book" / "_build" / "html").resolve()
REPORT = HTML.parent / "screenshots" / "page-weights.md"
LIMIT = 3_000_000  # bytes
SHARED = ("_static/", "searchindex.js")  # loaded by every page, cached once
SKIP_PAGES = {"genindex.html", "search.html"}

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
