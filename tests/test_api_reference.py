"""The API reference and the glossary, checked in the built book.

The reference (``book/reference/``) is generated from the docstrings when the book is
built; these checks read the HTML the build wrote: the pages document the public names
with their parameters, the worked examples ran, and the index lists the glossary's terms.

The HTML is ``book/_build/html``, or the directory in the environment variable
``BOOK_HTML``. Run after the book is built (``make test`` builds it before the browser
checks, and these run with them).
"""

from __future__ import annotations

import importlib
import os
import re
from pathlib import Path

import pytest

import mbtools

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[1]
HTML = Path(os.environ.get("BOOK_HTML", ROOT / "book" / "_build" / "html"))
API = "reference/api"
LAYERS = ["errors", "description", "examples", "model", "coordinates", "kinematics", "dynamics", "analysis", "viz",
          "exercises"]
# Public names of the layers that the reference leaves out, until their docstrings build
# with nitpicky cross-references (every name is looked for; these are the exceptions).
PENDING: dict[str, set[str]] = {}
# Glossary terms the chapters rely on; each must be in the index, pointing at the glossary.
TERMS = ["assembly mode", "degree of freedom", "Euler parameters", "gimbal lock", "Grübler–Kutzbach count",
         "Jacobian", "Newton–Raphson", "redundant constraint", "singular position", "velocity transformation"]


def page(name: str) -> str:
    path = HTML / name
    if not (HTML / "index.html").is_file():
        pytest.fail(f"The book is not built in {HTML}: run `make book` first (or set BOOK_HTML to the "
                    "html directory of a build).")
    if not path.is_file():
        pytest.fail(f"{name} is missing from the built book in {HTML}: is book/reference in book/_toc.yml?")
    return path.read_text(encoding="utf-8")


def soup(name: str):
    bs4 = pytest.importorskip("bs4")
    return bs4.BeautifulSoup(page(name), "html.parser")


def entry(name: str, anchor: str):
    """The signature (dt) and the body (dd) of a documented object."""
    dt = soup(name).find("dt", id=anchor)
    assert dt is not None, f"{name} documents no {anchor}"
    return dt, dt.find_next_sibling("dd")


def parameters(dd) -> list[str]:
    """Names listed in the Parameters field of an entry."""
    for field in dd.find_all("dt", class_=re.compile("field")):
        if field.get_text().strip().startswith("Parameters"):
            return [s.get_text() for s in field.find_next_sibling("dd").find_all("strong")]
    return []


def test_add_prismatic_is_documented_with_its_parameters():
    dt, dd = entry(f"{API}/description.html", "mbtools.Mechanism.add_prismatic")
    signature = dt.get_text()
    names = ["guide_body", "guide_points", "slider_body", "slider_points", "name"]
    assert all(n in signature for n in names), signature
    assert parameters(dd) == names
    assert "prismatic pair" in dd.get_text()


def test_the_description_page_has_a_worked_example_that_ran():
    html = soup(f"{API}/description.html")
    cells = html.find_all("div", class_="cell")
    ran = [c for c in cells if "add_prismatic(" in c.get_text() and c.find("div", class_="cell_output")]
    assert ran, "no executed cell calls add_prismatic"
    assert "prismatic P_slider" in ran[0].find("div", class_="cell_output").get_text()


def test_formulate_is_documented_with_its_parameters_and_an_example():
    dt, dd = entry(f"{API}/coordinates.html", "mbtools.formulate")
    assert "mechanism" in dt.get_text() and "family" in dt.get_text()
    assert parameters(dd)[:2] == ["mechanism", "family"]
    text = dd.get_text()
    assert "Returns" in text and "Raises" in text and "MechanismError" in text
    assert ">>> formulate(examples.four_bar(), \"basic\")" in text


def test_every_public_name_is_documented():
    ids = set()
    for path in (HTML / API).glob("*.html"):
        ids |= set(re.findall(r'id="(mbtools[\w.]*)"', path.read_text(encoding="utf-8")))
    if not ids:
        page(f"{API}/description.html")  # fails with the reason
    pending = set().union(*PENDING.values())
    missing = [f"mbtools.{n}" for n in mbtools.__all__
               if not isinstance(getattr(mbtools, n), type(mbtools)) and n not in pending and f"mbtools.{n}" not in ids]
    for layer in LAYERS[1:]:
        module = importlib.import_module(f"mbtools.{layer}")
        for n in getattr(module, "__all__", []):
            if isinstance(getattr(module, n), type(mbtools)) or n in PENDING.get(layer, ()):
                continue
            if f"mbtools.{layer}.{n}" not in ids and f"mbtools.{n}" not in ids:
                missing.append(f"mbtools.{layer}.{n}")
    assert not missing, f"public names the API reference does not document: {missing}"


def test_the_index_lists_the_glossary_terms():
    html = soup("genindex.html")
    listed = {a.get_text().strip(): a["href"] for a in html.find_all("a") if "glossary.html#term-" in a.get("href", "")}
    for term in TERMS:
        assert term in listed, f"the index does not list the glossary term {term!r}"
    assert len(listed) >= 40


def test_the_reference_links_to_the_index_and_the_glossary():
    for name in (f"{API}.html", "reference/glossary.html"):
        links = [a.get("href", "") for a in soup(name).find_all("a")]
        assert any(h.split("#")[0].endswith("genindex.html") for h in links), f"{name} does not link to the index"
    assert any(a.get("href", "").endswith("glossary.html") for a in soup(f"{API}.html").find_all("a"))
