"""The explanatory figures: what they label is what the library computes, in every
family, and they stay legible (no text under 10 pt, no two labels on top of each other).
The chapter map names the chapters the book has, in its order."""

import itertools
import math
import re
from pathlib import Path

import matplotlib.pyplot as plt
import pytest
from matplotlib.text import Text

from mbtools import FAMILIES, closed_forms, examples, formulate
from mbtools.errors import InputError
from mbtools.viz.book_map import CHAPTERS, chapter_map
from mbtools.viz.paper_figures import (COORDINATE_COLOR, element_types_figure, prismatic_pair_figure,
                                       rscr_by_family)
from mbtools.viz.schematics import KEY_GAP, four_bar_schematic, slider_crank_schematic

BOOK = Path(__file__).resolve().parents[1] / "book"


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


def texts_of(ax) -> list[str]:
    return [t.get_text() for t in ax.texts]


def key_of(ax) -> dict[str, str]:
    """The key under a schematic, symbol → value as written (``{"a": "2", "theta_2": "60.0°"}``)."""
    items = [item for line in ax.texts[-1].get_text().splitlines() for item in line.split(KEY_GAP)]
    return {symbol.strip("$").replace("\\", ""): value for symbol, value in (item.split(" = ") for item in items)}


def angles_of(ax) -> dict[str, float]:
    """θ → degrees, as written in the key."""
    return {symbol: float(value.rstrip("°")) for symbol, value in key_of(ax).items() if symbol.startswith("theta")}


@pytest.mark.parametrize("family", FAMILIES)
@pytest.mark.parametrize("degrees", [60.0, 120.0, 250.0])
def test_four_bar_angles_and_lengths_are_freudenstein_s(family, degrees):
    a, b, c, d = 2.0, 7.0, 9.0, 6.0
    ax = four_bar_schematic(examples.four_bar(a, b, c, d), theta=math.radians(degrees), family=family)
    theta3, theta4 = closed_forms.four_bar_angles(math.radians(degrees), a, b, c, d, "open")
    expected = {"theta_2": degrees, "theta_3": math.degrees(theta3) % 360, "theta_4": math.degrees(theta4) % 360}
    written = angles_of(ax)
    assert written.keys() == expected.keys()
    for k, value in expected.items():
        assert written[k] == pytest.approx(round(value, 1), abs=1e-9), (k, written[k], value)
    assert [key_of(ax)[s] for s in "abcd"] == ["2", "7", "9", "6"]
    assert {"$a$", "$b$", "$c$", "$d$", "O2", "A", "B", "O4"} <= set(texts_of(ax))


def test_four_bar_with_a_coupler_point_and_other_lengths():
    mechanism = examples.four_bar(crank=3.0, coupler=8.0, rocker=7.0, ground=9.0, coupler_point=(3.0, 2.0))
    ax = four_bar_schematic(mechanism, theta=math.radians(100.0), family="natural")
    assert [key_of(ax)[s] for s in "abcd"] == ["3", "8", "7", "9"]
    assert "P" in texts_of(ax)
    theta3, theta4 = closed_forms.four_bar_angles(math.radians(100.0), 3.0, 8.0, 7.0, 9.0, "open")
    assert angles_of(ax)["theta_3"] == pytest.approx(round(math.degrees(theta3) % 360, 1))
    assert angles_of(ax)["theta_4"] == pytest.approx(round(math.degrees(theta4) % 360, 1))


def test_without_values_the_symbols_only():
    texts = texts_of(four_bar_schematic(values=False))
    assert {"$a$", "$b$", "$c$", "$d$", r"$\theta_2$", r"$\theta_3$", r"$\theta_4$"} <= set(texts)
    assert not any(" = " in t for t in texts)
    texts = texts_of(slider_crank_schematic(values=False))
    assert {"$r$", "$l$", "$e$", "$s$", r"$\theta$"} <= set(texts)
    assert not any(" = " in t for t in texts)


@pytest.mark.parametrize("family", FAMILIES)
@pytest.mark.parametrize("offset, degrees", [(0.5, 60.0), (0.5, 120.0), (0.0, 45.0), (-0.4, 300.0)])
def test_slider_crank_position_is_the_closed_form_s(family, offset, degrees):
    r, l = 1.0, 3.0
    ax = slider_crank_schematic(examples.slider_crank(crank=r, rod=l, offset=offset), theta=math.radians(degrees),
                                family=family)
    x_b = closed_forms.slider_crank(math.radians(degrees), r, l, offset)["B"][0]
    key = key_of(ax)
    assert key["s"] == f"{x_b:.4g}"
    assert (key["r"], key["l"], key["e"]) == ("1", "3", f"{offset:.4g}")
    assert angles_of(ax) == {"theta": pytest.approx(degrees)}


def test_schematics_refuse_other_mechanisms():
    with pytest.raises(InputError, match="not a four-bar"):
        four_bar_schematic(examples.slider_crank())
    with pytest.raises(InputError, match="not a slider-crank"):
        slider_crank_schematic(examples.four_bar())


def test_element_types_list_the_library_s_conditions():
    fig = element_types_figure()
    counts = [ax.get_title(loc="left").splitlines()[1] for ax in fig.axes]
    assert counts == ["6 coordinates, 1 condition", "9 coordinates, 3 conditions", "12 coordinates, 6 conditions"]
    listed = [ax.texts[-1].get_text().splitlines() for ax in fig.axes]
    assert [lines[-1] for lines in listed] == ["5 freedoms", "6 freedoms", "6 freedoms"]
    assert listed[2][:-1] == [r"$\mathbf{r}_{ij}\cdot\mathbf{r}_{ij}=L^2$", r"$\mathbf{u}\cdot\mathbf{u}=1$",
                              r"$\mathbf{r}_{ij}\cdot\mathbf{u}=\mathrm{const.}$", r"$\mathbf{v}\cdot\mathbf{v}=1$",
                              r"$\mathbf{r}_{ij}\cdot\mathbf{v}=\mathrm{const.}$", r"$\mathbf{u}\cdot\mathbf{v}=\mathrm{const.}$"]


def test_prismatic_pair_states_its_two_conditions():
    texts = texts_of(prismatic_pair_figure())
    assert any(t.startswith("the pair's 2 conditions") for t in texts)
    assert sum(t.endswith(")") for t in texts) == 2


@pytest.mark.parametrize("family", FAMILIES)
def test_rscr_by_family_labels_what_the_family_takes_as_coordinates(family):
    model = formulate(examples.rscr(), family)
    ax = rscr_by_family(family)
    title = ax.get_title(loc="left")
    assert f"n = {model.n_coordinates}" in title.splitlines()[0]
    red = {t.get_text() for t in ax.texts if t.get_color() == COORDINATE_COLOR}
    names = set(model.coordinate_names)
    if family in ("natural", "basic"):
        points = {p for p in model.point_names if f"x_{p}" in names}
        vectors = {v for v in model.vector_names if f"{v}_x" in names}
        assert red == points | vectors
    elif family == "reference_point":
        assert red == {b for b in model.body_names}
        assert "3 Euler angles" in title
    else:
        assert len(red) == len(model.facts.tree_joints)
        variables = sum(text.count("$") // 2 for text in red)
        assert variables == model.n_coordinates
        (cut,) = model.facts.cut_joints
        count = sum(c.startswith(f"{cut}:") for c in model.constraint_names)
        assert any(t.endswith(f"cut, {count} equations") for t in texts_of(ax))


def test_rscr_in_euler_parameters():
    title = rscr_by_family("reference_point", rotation="euler_parameters").get_title(loc="left")
    assert title.startswith("reference-point coordinates (Euler parameters): n = 21")
    assert "4 Euler parameters" in title


def test_chapter_map_names_the_book_s_chapters_in_order():
    toc = (BOOK / "_toc.yml").read_text(encoding="utf-8")
    listed = re.findall(r"^      - file: (chapters/\S+)$", toc, flags=re.MULTILINE)  # chapters, not sections
    assert [c.document for c in CHAPTERS] == listed
    assert [c.number for c in CHAPTERS] == list(range(1, len(CHAPTERS) + 1))
    for chapter in CHAPTERS:
        assert (BOOK / f"{chapter.document}.md").is_file()
        assert all(0 < n < chapter.number for n in chapter.builds_on + chapter.also_uses)
    front = (BOOK / "intro.md").read_text(encoding="utf-8")
    for chapter in CHAPTERS:
        assert f"{{doc}}`{chapter.document}`" in front, f"the front page does not link {chapter.document}"


FIGURES = {
    "four-bar": lambda: four_bar_schematic().figure,
    "four-bar at 120° with P": lambda: four_bar_schematic(examples.four_bar(coupler_point=(3.0, 2.0)),
                                                          theta=math.radians(120.0)).figure,
    "slider-crank": lambda: slider_crank_schematic().figure,
    "slider-crank, no offset": lambda: slider_crank_schematic(examples.slider_crank()).figure,
    "element types": element_types_figure,
    "prismatic pair": lambda: prismatic_pair_figure().figure,
    **{f"RSCR {family}": (lambda family=family: rscr_by_family(family).figure) for family in FAMILIES},
    "chapter map": lambda: chapter_map().figure,
}


@pytest.mark.parametrize("name", FIGURES)
def test_figures_are_legible(name):
    """No text under 10 pt, and no two texts overlap (each text's box, as drawn)."""
    fig = FIGURES[name]()
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    texts = [t for ax in fig.axes for t in ax.get_children()
             if isinstance(t, Text) and t.get_text() and t.get_visible()]
    small = [(t.get_text(), t.get_fontsize()) for t in texts if t.get_fontsize() < 10]
    assert not small, f"{name}: text under 10 pt: {small}"
    boxes = [(t.get_text(), (t.get_bbox_patch() or t).get_window_extent(renderer)) for t in texts]
    overlapping = [(a, b) for (a, box_a), (b, box_b) in itertools.combinations(boxes, 2)
                   if box_a.shrunk(0.9, 0.8).overlaps(box_b.shrunk(0.9, 0.8))]
    assert not overlapping, f"{name}: texts on top of each other: {overlapping}"
    width, _ = fig.get_size_inches()
    assert width <= 7.3, f"{name}: {width} in wide, more than the book's column"
