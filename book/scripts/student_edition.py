"""Write the sources of the book's student edition: the same chapters with every solution
removed, into ``build/student/book`` (``make book-student`` then builds it).

A solution is a ``{solution}`` directive (its fence and body) or a gated
``{solution-start}`` … ``{solution-end}`` block, with the text and code cells between.
They are cut from the MyST sources before the build, so a solution's code is neither
executed nor shown, and no part of it reaches the pages. (sphinx-exercise's own
``hide_solutions`` cannot do this for gated solutions: it stops the build.)

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
OPENING = re.compile(r"^(`{3,}|:{3,})\{(solution|solution-start)\}")


def without_solutions(text: str) -> tuple[str, int]:
    """The MyST text with its solutions cut, and how many were cut."""
    lines, kept, removed, k = text.split("\n"), [], 0, 0
    while k < len(lines):
        match = OPENING.match(lines[k])
        if not match:
            kept.append(lines[k])
            k += 1
            continue
        fence, kind = match.groups()
        k += 1
        if kind == "solution":
            while lines[k].rstrip() != fence:  # the closing fence of the same length
                k += 1
        else:
            while not re.match(r"^(`{3,}|:{3,})\{solution-end\}", lines[k]):
                k += 1
            k += 1  # the end directive's closing fence
        k += 1
        removed += 1
    return "\n".join(kept), removed


def write(out: Path = DEFAULT_OUT) -> int:
    """Copy the book to ``out`` without solutions and with the edition in its title;
    returns the number of solutions cut."""
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(BOOK, out, ignore=shutil.ignore_patterns("_build", "scripts", "*.ipynb_checkpoints"))
    total = 0
    for page in sorted(out.rglob("*.md")):
        text, removed = without_solutions(page.read_text())
        page.write_text(text)
        total += removed
    config = yaml.safe_load((out / "_config.yml").read_text())
    config["title"] = f"{config['title']} (student edition)"
    (out / "_config.yml").write_text(yaml.safe_dump(config, sort_keys=False, allow_unicode=True))
    return total


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_OUT
    print(f"{write(target)} solutions removed; the student edition's sources are in {target}")
