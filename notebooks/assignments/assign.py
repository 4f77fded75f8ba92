"""Generate the student and instructor versions of the assignments with Otter Assign.

Each assignment is authored once, as a MyST notebook in ``source/`` written in
otter-grader's assignment format (raw cells ``# BEGIN QUESTION``, ``# BEGIN SOLUTION``,
``# BEGIN TESTS``; see ``README.md`` here). For each one this script

1. converts it to a notebook (jupytext), into ``dist/<name>/<name>.ipynb``;
2. runs ``otter assign`` on it, which writes ``dist/<name>/student/<name>.ipynb`` (the
   solutions replaced by ``...``, a ``grader.check("q1")`` cell after each question) and
   ``dist/<name>/autograder/`` (the solution notebook and the autograder zip for
   ``otter run`` or Gradescope), and, unless ``--no-run-tests``, runs the tests on the
   solutions (every solution must pass).

Usage, from the repository root::

    python notebooks/assignments/assign.py                 # every assignment
    python notebooks/assignments/assign.py 02_basic_coordinates --no-run-tests
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCES = HERE / "source"


def sources(names: list[str] | None = None) -> list[Path]:
    """The assignment sources, all or those named (file stems)."""
    found = sorted(SOURCES.glob("*.md"))
    if not names:
        return found
    by_name = {path.stem: path for path in found}
    missing = [name for name in names if name not in by_name]
    if missing:
        raise SystemExit(f"no assignment {missing} in {SOURCES}; there are {sorted(by_name)}")
    return [by_name[name] for name in names]


def assign(source: Path, dist: Path, run_tests: bool = True) -> Path:
    """Student and autograder versions of one assignment in ``dist/<name>``."""
    out = dist / source.stem
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    master = out / f"{source.stem}.ipynb"
    # in this process, not as commands: otter's import alone takes seconds, once per run
    import jupytext
    from otter.assign import main as otter_assign

    jupytext.write(jupytext.read(source), master, fmt="ipynb")
    otter_assign(str(master), str(out), no_run_tests=not run_tests)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="assignments to generate (file stems in source/); default all")
    parser.add_argument("--dist", type=Path, default=HERE / "dist", help="output folder (default: dist/ here)")
    parser.add_argument("--no-run-tests", action="store_true", help="do not run the tests on the solutions")
    args = parser.parse_args()
    for source in sources(args.names):
        out = assign(source, args.dist, run_tests=not args.no_run_tests)
        print(f"{source.stem}: student version {out / 'student'}, instructor version {out / 'autograder'}")


if __name__ == "__main__":
    main()
