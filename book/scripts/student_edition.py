"""Write the sources of the book's student edition into ``build/student/book``
(``make book-student`` then builds it): the book's chapters, unchanged, with a
configuration that cuts every solution after execution and reads the book's
execution cache.

Because the chapters are the book's own, each chapter's notebook hashes as the book's
does, and myst-nb's execution cache hands the student build the outputs of the book's
build (``make book-build`` first; a chapter missing from the cache is executed and
added to it). The solutions — ``{solution}`` directives and gated ``{solution-start}``
… ``{solution-end}`` blocks with the cells between — are cut from the pages and from
the sources offered for download by the extension ``book/_ext/solutions_cut.py``.
(sphinx-exercise's own ``hide_solutions`` cannot do this for gated solutions: it stops
the build.)

Usage, from the repository root::

    python book/scripts/student_edition.py [OUT]      # default OUT: build/student/book
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

import yaml

BOOK = Path(__file__).resolve().parents[1]
ROOT = BOOK.parent
DEFAULT_OUT = ROOT / "build" / "student" / "book"
#: The book's execution cache (Jupyter Book's default place, under the book's build).
BOOK_CACHE = BOOK / "_build" / ".jupyter_cache"
OPENING = re.compile(r"^(`{3,}|:{3,})\{(solution|solution-start)\}", re.M)


def write(out: Path = DEFAULT_OUT, cache: Path = BOOK_CACHE) -> int:
    """Copy the book to ``out`` with the student edition's configuration; returns the
    number of solutions its build will cut."""
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(BOOK, out, ignore=shutil.ignore_patterns("_build", "scripts", "*.ipynb_checkpoints"))
    config = yaml.safe_load((out / "_config.yml").read_text())
    config["title"] = f"{config['title']} (student edition)"
    config["execute"]["execute_notebooks"] = "cache"
    config["execute"]["cache"] = str(cache.resolve())
    config["sphinx"]["local_extensions"]["solutions_cut"] = "_ext/"  # on the path …
    config["sphinx"]["config"]["extensions"].append("solutions_cut")  # … and loaded
    (out / "_config.yml").write_text(yaml.safe_dump(config, sort_keys=False, allow_unicode=True))
    return sum(len(OPENING.findall(page.read_text())) for page in out.rglob("*.md"))


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_OUT
    print(f"{write(target)} solutions to cut; the student edition's sources are in {target}")
