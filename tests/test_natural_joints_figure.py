"""Chapter 5's figure of the joints in natural coordinates (the paper's Fig. 7), drawn
from the models: what each pair shares and the equations its joint writes."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

from mbtools import formulate  # noqa: E402
from mbtools.errors import InputError  # noqa: E402
from mbtools.viz import natural_joints as nj  # noqa: E402

#: (points shared, vectors shared, rows the joint writes, their rank)
EXPECTED = {"R": (["A"], ["u"], 0, 0), "S": (["A"], [], 0, 0), "C": ([], ["u"], 3, 2),
            "U": (["O"], [], 1, 1), "P": ([], ["u"], 4, 3)}


@pytest.mark.parametrize("kind", list(nj.JOINT_KINDS))
def test_each_pair_shares_what_the_paper_says_and_writes_its_equations(kind):
    points, vectors, rows, rank = EXPECTED[kind]
    mechanism = nj.joint_pair(kind)
    assert nj.shared_entities(mechanism) == (points, vectors)
    model = formulate(mechanism, "natural")
    own = nj.joint_rows(model, kind)
    assert len(own) == rows
    if own:
        J = model.jacobian(model.reference_q)[[model.constraints.index(c) for c in own]]
        assert np.linalg.matrix_rank(J) == rank
    # the link moves with the freedoms of its pair: 1 (R), 2 (C), 2 (U), 1 (P); on the ball
    # joint 2, not 3: a link of two points has no spin about its own line to model
    assert model.degrees_of_freedom(model.reference_q) == {"R": 1, "S": 2, "C": 2, "U": 2, "P": 1}[kind]


def test_the_labels_are_the_vector_forms_of_the_rows():
    labels = {k: nj.equation_labels(nj.joint_rows(formulate(nj.joint_pair(k), "natural"), k)) for k in nj.JOINT_KINDS}
    assert labels["R"] == labels["S"] == []
    assert labels["C"] == [r"$\mathbf{u}\times(\mathbf{r}_D-\mathbf{r}_C)=\mathbf{0}$  (3 rows, rank 2)"]
    assert labels["U"] == [r"$\mathbf{a}\cdot\mathbf{b}=c_{ab}$"]
    assert labels["P"][0] == labels["C"][0] and r"\mathbf{u}\cdot(\mathbf{d}_{G}\times\mathbf{d}_{B})" in labels["P"][1]


def test_the_figure_draws_the_five_pairs_with_their_equations():
    fig = nj.draw_natural_joints()
    titles = [ax.get_title() for ax in fig.axes]
    assert len(titles) == 5
    assert titles[0].startswith("R: revolute") and "no equation" in titles[0]
    assert r"\times" in titles[2] and r"\cdot" in titles[3]
    plt.close(fig)


def test_an_unknown_pair_is_named():
    with pytest.raises(InputError, match="'Q' is not one of"):
        nj.joint_pair("Q")
