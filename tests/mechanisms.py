"""Mechanisms the tests share, beyond the library's examples."""

import numpy as np

from mbtools import Mechanism, examples


def welded_four_bar() -> Mechanism:
    """The four-bar with its coupler made of two bars welded at M (planar rigid joint)."""
    m = examples.four_bar()
    A, B = m.bodies["coupler"].points["A"], m.bodies["coupler"].points["B"]
    M = tuple((A + B) / 2 + np.array([0.3, -0.2]))
    w = Mechanism("welded four-bar")
    w.add_ground({"O2": (0.0, 0.0), "O4": (6.0, 0.0)})
    w.add_body("crank", {"O2": (0.0, 0.0), "A": tuple(A)})
    w.add_body("half1", {"A": tuple(A), "M": M})
    w.add_body("half2", {"M": M, "B": tuple(B)})
    w.add_body("rocker", {"O4": (6.0, 0.0), "B": tuple(B)})
    w.add_revolute("ground", "crank", at="O2")
    w.add_revolute("crank", "half1", at="A")
    w.add_rigid("half1", "half2")
    w.add_revolute("half2", "rocker", at="B")
    w.add_revolute("rocker", "ground", at="O4")
    w.add_angle_driver("crank", tail="O2", head="A")
    return w


def welded_crank_in_space() -> Mechanism:
    """A spatial crank of two welded bars turning about z (spatial rigid joint)."""
    m = Mechanism("welded spatial crank", dimension=3)
    m.add_ground({"O": (0.0, 0.0, 0.0)}, vectors={"w": (0.0, 0.0, 1.0)})
    m.add_body("arm", {"O": (0.0, 0.0, 0.0), "A": (1.0, 0.0, 0.0)}, vectors={"w": (0.0, 0.0, 1.0)})
    m.add_body("tip", {"A": (1.0, 0.0, 0.0), "T": (1.0, 0.5, 0.4)})
    m.add_revolute("ground", "arm", at="O", axis="w")
    m.add_rigid("arm", "tip")
    m.add_angle_driver("turn", tail="O", head="A", axis="w")
    return m
