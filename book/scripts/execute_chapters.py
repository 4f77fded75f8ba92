"""Execute the book's pages into myst-nb's execution cache, several at a time.

``jupyter-book build`` executes the pages one after another, on one core. This script
executes them first, one kernel per core, the longest first, and stores each executed
notebook in the same cache (``book/_build/.jupyter_cache``) the way myst-nb does: read
by myst-nb's own reader, keyed by jupyter-cache's hash of the code cells. The build that
follows then finds every page in the cache and only renders it, and so does the student
edition (book/scripts/student_edition.py). A page already in the cache is not run again.

A page that fails stops nothing else; its traceback is printed and the script exits
with status 1 once all have run (the build would report the same page).

Usage, from the repository root::

    python book/scripts/execute_chapters.py [--jobs N] [PAGE.md ...]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from datetime import datetime
from pathlib import Path

import yaml
from jupyter_cache import get_cache
from jupyter_cache.base import CacheBundleIn
from jupyter_cache.executors.utils import single_nb_execution
from myst_nb.core.read import is_myst_markdown_notebook, read_myst_markdown_notebook
from myst_parser.config.main import MdParserConfig

BOOK = Path(__file__).resolve().parents[1]
CACHE = BOOK / "_build" / ".jupyter_cache"
SLOW_PAGE_SECONDS = 120      # a page slower than this has its slowest cells printed


def toc_pages(book: Path = BOOK) -> list[Path]:
    """The pages the table of contents lists (only those are built)."""
    toc = yaml.safe_load((book / "_toc.yml").read_text(encoding="utf-8"))
    names: list[str] = [toc["root"]]

    def walk(node):
        if isinstance(node, dict):
            if "file" in node:
                names.append(node["file"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(toc.get("parts", toc.get("chapters", [])))
    return [book / f"{name}.md" for name in names if (book / f"{name}.md").exists()]


def read_page(path: Path, config: MdParserConfig):
    """The page as the notebook myst-nb reads from it (same cells, same metadata)."""
    return read_myst_markdown_notebook(path.read_text("utf8"), config=config,
                                       add_source_map=True, path=str(path))


def slowest_cells(notebook, seconds: float, count: int = 3) -> list[str]:
    """Where a page's ``seconds`` went: its ``count`` slowest cells, as "12.3 s cell 7:
    first line" (from the kernel's busy to its idle status), and the time outside the
    cells (kernel start and shutdown, and the gaps between cells, the largest named); the
    timing records are then taken off.

    nbclient records when each cell's messages came (``record_timing``); the record is
    removed from the notebook so that the cached page is the one myst-nb would store.
    """
    def moment(timing, key):
        value = timing.get(key)
        return datetime.fromisoformat(value.rstrip("Z")) if value else None

    rows, spans = [], []
    for index, cell in enumerate(notebook.cells):
        timing = cell.get("metadata", {}).pop("execution", None)
        if cell.cell_type != "code" or not timing:
            continue
        began = moment(timing, "iopub.status.busy") or moment(timing, "iopub.execute_input")
        ended = moment(timing, "iopub.status.idle") or moment(timing, "shell.execute_reply")
        if began and ended:
            spent = (ended - began).total_seconds()
            first_line = cell.source.split("\n", 1)[0][:60]
            rows.append((spent, f"{spent:7.1f} s  cell {index}: {first_line}"))
            spans.append((index, began, ended))
    lines = [text for _, text in sorted(rows, reverse=True)[:count]]
    if spans:
        gaps = [((b - prior).total_seconds(), k) for (_, _, prior), (k, b, _) in zip(spans, spans[1:])]
        largest = max(gaps, default=(0.0, spans[0][0]))
        inside = sum(spent for spent, _ in rows)
        lines.append(f"{seconds - inside:7.1f} s  outside the cells (kernel start and shutdown, gaps; the largest "
                     f"gap {largest[0]:.1f} s, before cell {largest[1]})")
    return lines


def run(path: str, notebook, timeout: int, allow_errors: bool):
    """Execute one page in its own folder, as myst-nb does; runs in a worker process."""
    result = single_nb_execution(notebook, cwd=str(Path(path).parent), timeout=timeout,
                                 allow_errors=allow_errors, meta_override=True,
                                 record_timing=True)
    slowest = slowest_cells(notebook, result.time)
    error = result.exc_string if result.err is not None else None
    return notebook, result.time, error, slowest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pages", nargs="*", type=Path,
                        help="pages to execute (default: every page of the table of contents)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="pages executed at once (default: the number of cores)")
    parser.add_argument("--cache", type=Path, default=CACHE,
                        help="the execution cache (default: the book's, book/_build/.jupyter_cache)")
    args = parser.parse_args(argv)

    config = yaml.safe_load((BOOK / "_config.yml").read_text(encoding="utf-8"))
    execute = config.get("execute", {})
    md_config = MdParserConfig(
        enable_extensions=set(config.get("parse", {}).get("myst_enable_extensions", [])))
    cache = get_cache(str(args.cache))
    previous = {record.uri: record.data.get("execution_seconds", 0.0)
                for record in cache.list_cache_records()}

    pending = []
    for path in [p.resolve() for p in (args.pages or toc_pages())]:
        text = path.read_text("utf8")
        if not is_myst_markdown_notebook(text):
            continue
        notebook = read_page(path, md_config)
        try:
            cache.match_cache_notebook(notebook)
            continue                                   # executed before, unchanged
        except KeyError:
            pending.append((path, notebook))
    # the longest first (as last time, else the longest source), so that no core idles
    pending.sort(key=lambda item: (previous.get(str(item[0]), 0.0),
                                   len(item[1].cells)), reverse=True)
    print(f"executing {len(pending)} pages, {args.jobs} at a time", flush=True)

    failed = []
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        # a page may lower the timeout in its front matter (mystnb: execution_timeout): a
        # cell's reply can reach nbclient only at the timeout after a widget cell
        # (jupyter/nbclient#312), which then costs the page the whole timeout less the cell
        futures = {pool.submit(run, str(path), notebook,
                               notebook.metadata.get("mystnb", {}).get("execution_timeout",
                                                                       execute.get("timeout", 600)),
                               bool(execute.get("allow_errors", False))): path
                   for path, notebook in pending}
        for future in as_completed(futures):
            path = futures[future]
            name = path.relative_to(BOOK)
            notebook, seconds, error, slowest = future.result()
            if error is not None:
                failed.append(name)
                print(f"FAILED {name} after {seconds:.0f} s:\n{error}", flush=True)
                continue
            cache.cache_notebook_bundle(
                CacheBundleIn(notebook, str(path), data={"execution_seconds": seconds}),
                check_validity=False, overwrite=True)
            print(f"{name}: {seconds:.0f} s", flush=True)
            if seconds > SLOW_PAGE_SECONDS:               # name where the time went
                print("\n".join(slowest), flush=True)
    print(f"{len(pending) - len(failed)} pages executed in "
          f"{time.perf_counter() - start:.0f} s", flush=True)
    if failed:
        print("pages that failed: " + ", ".join(map(str, failed)), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
