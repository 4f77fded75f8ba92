"""The figures of chapters 3 and 5b: the joint graph (one edge per joint, the spanning
tree's solid and the cut joints' dashed, as many as the independent loops, one node per
body) and the planes of a cylindrical pair in basic coordinates (read from the model's
equations)."""

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402
from matplotlib.patches import Circle, FancyArrowPatch  # noqa: E402

from mbtools import examples  # noqa: E402
from mbtools.errors import InputError  # noqa: E402
from mbtools.examples.benchmarks import n_four_bar  # noqa: E402
from mbtools.viz.joint_graph import CUT_COLOR, TREE_COLOR, joint_graph  # noqa: E402


@pytest.mark.parametrize("mechanism, loops", [(examples.four_bar(), 1), (examples.rscr(), 1), (n_four_bar(3), 3)])
def test_one_edge_per_joint_and_one_dashed_edge_per_loop(mechanism, loops):
    ax = joint_graph(mechanism)
    edges = [p for p in ax.patches if isinstance(p, FancyArrowPatch)]
    colors = [matplotlib.colors.to_hex(p.get_edgecolor()) for p in edges]
    assert len(edges) == len(mechanism.joints)
    assert colors.count(CUT_COLOR) == loops == len(mechanism.joints) - len(mechanism.bodies) + 1
    assert colors.count(TREE_COLOR) == len(mechanism.bodies) - 1
    assert sum(isinstance(p, Circle) for p in ax.patches) == len(mechanism.bodies)
    assert f"L = {loops} loop" in ax.get_title()
    matplotlib.pyplot.close("all")


def test_a_chosen_cut_is_drawn_dashed():
    ax = joint_graph(examples.rscr(), cut_joints="S_B")
    dashed = [t.get_text() for t in ax.texts if matplotlib.colors.to_hex(t.get_color()) == CUT_COLOR]
    assert dashed == ["S_B"]
    matplotlib.pyplot.close("all")


def test_a_model_instead_of_a_description_is_named():
    from mbtools import formulate

    with pytest.raises(InputError, match="joint_graph draws a Mechanism"):
        joint_graph(formulate(examples.four_bar(), "relative"))


def test_the_pair_s_planes_are_read_from_the_model_s_equations():
    from mbtools import formulate
    from mbtools.viz.basic_space import cylindrical_pair_planes, planes_of_pair

    model = formulate(examples.rscr(), "basic")
    planes = planes_of_pair(model, "C_u")
    assert planes == {("C", "C_u", "B"): ["D", "D_u"], ("C", "C_u", "C_n"): ["D", "D_u"]}
    ax = cylindrical_pair_planes(model, joint="C_u")
    assert len(ax.collections) >= 2 and "two planes" in ax.get_title()
    with pytest.raises(InputError, match="no plane conditions for the joint 'R_A0'"):
        planes_of_pair(model, "R_A0")
    matplotlib.pyplot.close("all")
