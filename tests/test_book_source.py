"""Checks on the book's Markdown sources that need no build.

The browser checks (tests/test_book_browser.py) measure the built pages; a code line too
long for the page's code column is caught here first, in a second, and by line number.
"""

import re
from pathlib import Path

BOOK = Path(__file__).resolve().parents[1] / "book"

#: The code column of a page at the test window (684 px) holds 82 characters of the
#: book's monospace font; 80 leaves a margin for wider glyphs (θ̇, ‖, −).
CODE_LINE_LIMIT = 80

CELL = re.compile(r"^```\{code-cell\}[^\n]*\n(.*?)^```", re.S | re.M)
HIDDEN = ("remove-cell", "remove-input")


def code_cells(text: str):
    """(line number of the cell's first line, its lines, its options) per code cell."""
    for match in CELL.finditer(text):
        body = match.group(1).split("\n")[:-1]  # the text ends with the last line's \n
        start = text.count("\n", 0, match.start(1)) + 1
        options = []
        if body and body[0].strip() == "---":  # a YAML block of options
            end = body.index("---", 1)
            options, body, start = body[1:end], body[end + 1:], start + end + 1
        while body and body[0].startswith(":"):  # short-form options
            options.append(body.pop(0))
            start += 1
        yield start, body, " ".join(options)


def shown_code_lines(path: Path):
    """(line number, line) of every line of code a reader sees on the page."""
    for start, lines, options in code_cells(path.read_text(encoding="utf-8")):
        if any(tag in options for tag in HIDDEN):
            continue
        for offset, line in enumerate(lines):
            yield start + offset, line


def sources() -> list[Path]:
    return sorted(p for p in BOOK.rglob("*.md")
                  if "_build" not in p.parts and not p.name.startswith("_"))


def test_code_a_reader_sees_fits_the_code_column():
    too_long = [f"{path.relative_to(BOOK)}:{number}: {len(line)} characters"
                for path in sources() for number, line in shown_code_lines(path)
                if len(line) > CODE_LINE_LIMIT]
    assert not too_long, (f"code lines longer than {CODE_LINE_LIMIT} characters scroll "
                          "sideways on the page; wrap them:\n  " + "\n  ".join(too_long))


def test_the_line_counter_sees_shown_and_skips_removed_cells(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("text\n\n```{code-cell} ipython3\n:tags: [remove-cell]\n"
                    + "x = 1" + " " * 90 + "\n```\n\n```{code-cell} ipython3\n---\n"
                    "tags: [hide-input]\n---\nshort = 1\n" + "y = 2" + "#" * 90
                    + "\n```\n", encoding="utf-8")
    shown = list(shown_code_lines(page))
    assert [number for number, _ in shown] == [12, 13]
    assert shown[1][1].startswith("y = 2")


#: Statements a review found stale or loose, with what replaced them: each must not come
#: back. (page, phrase, why)
STALE = [
    ("chapters/01_why_coordinates.md", "This edition covers the kinematics",
     "the book has a dynamics part; chapter 1 says what both parts hold"),
    ("chapters/01_why_coordinates.md", "The dynamics chapters follow", "they are here"),
    ("intro.md", "the last five", "the dynamics part has more than five chapters"),
    ("chapters/08_equations_of_motion.md", "The first six chapters", "seven chapters come before it"),
    ("chapters/07_singular_positions.md", "which branch the mechanism takes",
     "at a branch point two motions (branches) cross; the input does not choose"),
    ("chapters/07_singular_positions.md", "each branch's velocity", "the same: two motions, not branches"),
    ("reference/glossary.md", "its own branch of the", "a branch is a curve of positions; a tree has paths"),
    ("chapters/03_relative_coordinates.md", "own branch of the tree", "a tree has paths"),
    ("chapters/03_relative_coordinates.md", "composed along their own branches", "a tree has paths"),
]


def test_no_stale_statement_comes_back():
    found = [f"{page}: {phrase!r} ({why})" for page, phrase, why in STALE
             if phrase.lower() in (BOOK / page).read_text(encoding="utf-8").lower()]
    assert not found, "stale statements in the book:\n  " + "\n  ".join(found)


def test_chapter_3_qualifies_the_1985_verdict_on_relative_coordinates():
    """The 1985 paper found dynamics awkward in relative coordinates; the chapter says what
    recursive formulations changed, and points to the section that derives them."""
    text = (BOOK / "chapters" / "03_relative_coordinates.md").read_text(encoding="utf-8")
    assert "awkward" in text and "recursive" in text.lower() and "09c_recursive_dynamics" in text


def test_build_time_checks_are_hidden_from_the_reader():
    """`glue` calls and `assert`s are the build's business: they sit in cells tagged
    remove-cell (the build still runs them), never in code a student reads."""
    shown = []
    for path in sources():
        for start, lines, options in code_cells(path.read_text(encoding="utf-8")):
            if any(tag in options for tag in HIDDEN):
                continue
            shown += [f"{path.relative_to(BOOK)}:{start + k}: {line.strip()}" for k, line in enumerate(lines)
                      if re.match(r"\s*(assert\b|glue\()", line)]
    assert not shown, "build-time checks in cells a reader sees (move them to a remove-cell):\n  " + "\n  ".join(shown)
