"""The student edition's sources: the book with every solution cut, nothing else."""

import importlib.util
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("student_edition", ROOT / "book" / "scripts" / "student_edition.py")
student_edition = importlib.util.module_from_spec(spec)
spec.loader.exec_module(student_edition)


def test_cuts_plain_and_gated_solutions_only():
    text = "\n".join([
        "```{exercise} One", ":label: ex-1", "Do it.", "```",
        "````{solution} ex-1", ":class: dropdown", "```python", "x = 1", "```", "````",
        "Between.",
        "```{solution-start} ex-1", ":class: dropdown", "```", "Text.", "```{code-cell} ipython3", "y = 2", "```",
        "```{solution-end}", "```",
        "After.",
    ])
    cut, removed = student_edition.without_solutions(text)
    assert removed == 2
    assert cut.split("\n") == ["```{exercise} One", ":label: ex-1", "Do it.", "```", "Between.", "After."]


def test_the_book_without_solutions(tmp_path):
    sources = sorted((ROOT / "book" / "chapters").glob("*.md"))
    expected = sum(len(re.findall(r"^`{3,}\{solution(?:-start)?\}", p.read_text(), re.M)) for p in sources)
    removed = student_edition.write(tmp_path / "book")
    assert removed == expected >= 33
    for page in sorted((tmp_path / "book" / "chapters").glob("*.md")):
        text = page.read_text()
        original = (ROOT / "book" / "chapters" / page.name).read_text()
        assert not re.search(r"\{solution", text), page.name
        assert text.count("{exercise}") == original.count("{exercise}") >= 3, page.name
    assert "(student edition)" in (tmp_path / "book" / "_config.yml").read_text()
