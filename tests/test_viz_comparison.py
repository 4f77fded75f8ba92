"""The family comparison as a reader sees it: one colour per family in every panel,
labels that do not overlap, tables that name each note once, and the arithmetic of a
Newton step."""

from __future__ import annotations

import itertools

import matplotlib
import matplotlib.pyplot as plt
import pytest

from mbtools import coordinate_counts, examples
from mbtools.analysis.counts import formulate_all
from mbtools.viz import plotting
from mbtools.viz.widgets import (counts_html, counts_markdown, family_comparison, family_table_markdown,
                                 newton_step_cost)


@pytest.fixture(scope="module")
def rssr():
    mechanism = examples.rssr()
    return mechanism, formulate_all(mechanism)


def overlapping(texts) -> list[tuple[str, str]]:
    """Pairs of drawn texts whose boxes overlap."""
    fig = texts[0].figure
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    boxes = [(t.get_text(), t.get_window_extent(renderer)) for t in texts if t.get_text()]
    return [(a, b) for (a, box_a), (b, box_b) in itertools.combinations(boxes, 2) if box_a.overlaps(box_b)]


def test_every_family_has_one_colour_in_every_panel(rssr):
    mechanism, models = rssr
    counts = coordinate_counts(mechanism, models)
    ax = plotting.plot_counts(counts)
    bars = {c.get_label(): matplotlib.colors.to_hex(c.patches[0].get_facecolor()) for c in ax.containers}
    assert bars == {plotting.FAMILY_LABELS[k]: plotting.FAMILY_COLORS[k].lower() for k in counts}
    fig = plotting.draw_families(models)
    titles = [matplotlib.colors.to_hex(ax.title.get_color()) for ax in fig.axes]
    assert titles == [plotting.FAMILY_COLORS[k].lower() for k in models]
    assert len(set(plotting.FAMILY_COLORS[k] for k in models)) == len(models)
    plt.close("all")


@pytest.mark.parametrize("name", ["four_bar", "rssr", "rscr"])
def test_bar_labels_and_panel_titles_do_not_overlap(name):
    mechanism = getattr(examples, name)()
    models = formulate_all(mechanism)
    fig, ax = plt.subplots(figsize=(6.8, 2.6))
    plotting.plot_counts(coordinate_counts(mechanism, models), ax=ax)
    fig.tight_layout()
    labels = [t for t in ax.texts] + list(ax.get_xticklabels())
    assert not overlapping(labels)
    families = plotting.draw_families(models)
    assert not overlapping([ax.title for ax in families.axes])
    assert min(ax.title.get_fontsize() for ax in families.axes) >= 9
    plt.close("all")


def test_count_tables_name_each_note_once_under_the_table(rssr):
    mechanism, models = rssr
    text = counts_markdown(mechanism, models)
    table = [line for line in text.splitlines() if line.startswith("|")]
    assert len(table) == 2 + len(models) and all(line.count("|") == 7 for line in table)
    notes = [line for line in text.splitlines() if line.startswith("(")]
    assert len(notes) == 2 and "idle" in notes[0]
    assert "(1)" in table[2] and "(2)" in table[-1]
    html = counts_html(mechanism, coordinate_counts(mechanism, models))
    table_html, notes_html = html.split("</table>")
    assert "idle" not in table_html and notes_html.count("(1) ") == 1 and notes_html.count("(2) ") == 1


def test_euler_parameters_are_not_applicable_in_the_plane():
    table = family_table_markdown({("four-bar", "reference_point"): "transcendental",
                                   ("RSCR", "reference_point_euler_parameters"): "degree 4"},
                                  {"four-bar": examples.four_bar(), "RSCR": examples.rscr()})
    header, _, planar, spatial = table.splitlines()
    assert header.split("|")[4].strip() == "reference point: Euler parameters"
    assert planar.split("|")[3:5] == [" transcendental ", " n/a "]
    assert spatial.split("|")[4] == " degree 4 "


def test_newton_step_counts_of_the_rscr():
    models = formulate_all(examples.rscr())
    natural = newton_step_cost(models["natural"])
    n, rows = natural.coordinates, natural.rows
    assert (n, natural.constraints, rows, natural.rank) == (12, 13, 14, 12)
    assert natural.factorization == "QR + LU"
    assert natural.flops == round(2 * n * n * (rows - n / 3) + 2 * n**3 / 3)
    assert natural.functions == 0
    relative = newton_step_cost(models["relative"])
    assert relative.factorization == "LU" and relative.flops == round(2 * 6**3 / 3) and relative.functions > 0
    assert relative.called == ("cos", "sin")
    assert newton_step_cost(models["reference_point_euler_parameters"]).functions == 0


def test_the_comparison_widget_has_a_tab_a_mechanism():
    """(What the tabs show is checked in the built page: tests/test_book_browser.py.)"""
    pytest.importorskip("ipywidgets")
    tabs = family_comparison({"four-bar": examples.four_bar(), "SSC": examples.ssc()})
    assert [tabs.get_title(k) for k in range(2)] == ["four-bar", "SSC"] and len(tabs.children) == 2
    plt.close("all")


def test_a_lazy_comparison_computes_a_tab_when_it_is_opened(monkeypatch):
    """The live demo's comparison (lazy): the first tab's mechanism is formulated at once,
    the second's only when its tab is selected, and only once."""
    pytest.importorskip("ipywidgets")
    import mbtools.viz.widgets as widgets_module

    formulated = []
    real = widgets_module.formulate_all
    monkeypatch.setattr(widgets_module, "formulate_all", lambda m: formulated.append(m.name) or real(m))
    mechanisms = {"four-bar": examples.four_bar(), "slider-crank": examples.slider_crank()}
    tabs = family_comparison(mechanisms, lazy=True)
    assert formulated == [mechanisms["four-bar"].name]
    tabs.selected_index = 1
    tabs.selected_index = 0
    tabs.selected_index = 1
    assert formulated == [mechanisms["four-bar"].name, mechanisms["slider-crank"].name]
    formulated.clear()
    family_comparison(mechanisms)  # eager: every tab at once
    assert len(formulated) == 2
    plt.close("all")
