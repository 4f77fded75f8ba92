"""Recursive dynamics against natural coordinates, state by state, and its cost against
the number of bodies (chapter 9c and ``benchmarks/recursive.py``).

**The same state in two families.** A relative state (q, q̇) places every body: its pose
(R, p) and twist V = (ω, v_O) (:meth:`~mbtools.dynamics.kinematic_tree.KinematicTree.kinematics`).
A point drawn at x⁰ is at x = R x⁰ + p and moves at v_O + ω × x; a unit vector u⁰ is at
R u⁰ and turns at ω × R u⁰. Those are natural coordinates and their rates
(:func:`natural_state`). Both families' equations of motion then give the same point
accelerations, a = v̇_O + ω̇ × x + ω × (v_O + ω × x) from the stages' spatial accelerations
(:func:`~mbtools.dynamics.recursive.stage_accelerations`) on one side and q̈ of natural
coordinates on the other (:func:`point_accelerations`).

**Cost.** :func:`evaluation_times` times one evaluation of q̈ by the articulated-body
algorithm, by the composite-rigid-body mass matrix with a dense solve, and in natural
coordinates with a dense and a sparse saddle-point solve, on the open chain of
``mbtools.examples.benchmarks.link_chain``.

Example
-------
>>> from mbtools import formulate
>>> from mbtools.dynamics.kinematic_tree import KinematicTree
>>> from mbtools.examples.benchmarks import link_chain
>>> chain = link_chain(2)
>>> q_natural, _ = natural_state(formulate(chain, "natural"), KinematicTree(chain), np.zeros(2), np.zeros(2))
>>> q_natural.tolist()                       # P1 and P2 as drawn
[1.0, 0.0, 2.0, 0.0]
"""

from __future__ import annotations

import time

import numpy as np

from ..dynamics import MultibodySystem
from ..dynamics.kinematic_tree import KinematicTree, cross3
from ..dynamics.multipliers import accelerations as multiplier_accelerations
from ..dynamics.recursive import articulated_body_accelerations, bias_forces, composite_mass_matrix, stage_accelerations
from ..dynamics.sparse import SparseEquations
from ..errors import InputError
from ..examples.benchmarks import link_chain
from ..model import Model


def _carrier(tree: KinematicTree) -> dict:
    """Body → its stage index."""
    return {s.body: k for k, s in enumerate(tree.stages)}


def _holder(tree: KinematicTree, name: str, kind: str) -> tuple[str, np.ndarray]:
    """A moving body that lists the point or vector, and its drawn value (3-vector)."""
    for body in tree.mechanism.bodies.values():
        entities = body.points if kind == "point" else body.vectors
        if not body.is_ground and name in entities:
            value = np.asarray(entities[name], dtype=float)
            return body.name, np.concatenate([value, np.zeros(3 - len(value))])
    raise InputError(f"No moving body of '{tree.mechanism.name}' has the {kind} '{name}'.")


def natural_state(model: Model, tree: KinematicTree, q, qd) -> tuple[np.ndarray, np.ndarray]:
    """The natural coordinates and their rates of the relative state (q, q̇) (the module's
    text): each coordinate of ``model`` (natural) read off the body that carries it."""
    if model.family != "natural":
        raise InputError(f"natural_state maps to natural coordinates, not {model.family}.")
    poses, twists, _, _ = tree.kinematics(np.asarray(q, dtype=float), np.asarray(qd, dtype=float))
    carrier, dim = _carrier(tree), model.mechanism.dimension
    values, rates = {}, {}
    bodies = [body for body in tree.mechanism.bodies.values() if not body.is_ground]
    moving = {name for body in bodies for name in body.points}
    turning = {name for body in bodies for name in body.vectors}
    for name in model.point_names:
        if name not in moving:  # a point or vector of the ground alone is no coordinate
            continue
        body, drawn = _holder(tree, name, "point")
        (R, p), V = poses[carrier[body]], twists[carrier[body]]
        x = R @ drawn + p
        values[name], rates[name] = x[:dim], (V[3:] + cross3(V[:3], x))[:dim]
    for name in model.vector_names:
        if name not in turning:
            continue
        body, drawn = _holder(tree, name, "vector")
        (R, _), V = poses[carrier[body]], twists[carrier[body]]
        u = R @ drawn
        values[name], rates[name] = u, cross3(V[:3], u)
    q_natural, qd_natural = np.empty(model.n_coordinates), np.empty(model.n_coordinates)
    axes = "xyz"
    for k, coordinate in enumerate(model.coordinate_names):
        if coordinate[0] in axes and coordinate[1] == "_" and coordinate[2:] in values and coordinate[2:] in model.point_names:
            name, axis = coordinate[2:], axes.index(coordinate[0])
        else:
            name, axis = coordinate[:-2], axes.index(coordinate[-1])
        q_natural[k], qd_natural[k] = values[name][axis], rates[name][axis]
    return q_natural, qd_natural


def point_accelerations(tree: KinematicTree, q, qd, qdd, points: list[str]) -> np.ndarray:
    """The accelerations of ``points`` (rows, 3 components) from the stages' spatial
    accelerations at (q, q̇, q̈)."""
    poses, twists, _, _ = tree.kinematics(np.asarray(q, dtype=float), np.asarray(qd, dtype=float))
    spatial, carrier = stage_accelerations(tree, q, qd, qdd), _carrier(tree)
    out = []
    for name in points:
        body, drawn = _holder(tree, name, "point")
        k = carrier[body]
        (R, p), V, a = poses[k], twists[k], spatial[k]
        x = R @ drawn + p
        out.append(a[3:] + cross3(a[:3], x) + cross3(V[:3], V[3:] + cross3(V[:3], x)))
    return np.array(out)


def _best_of(function, repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        function()
        best = min(best, time.perf_counter() - start)
    return 1e3 * best


def evaluation_times(sizes=(2, 5, 10, 20, 50), repeats: int = 10, seed: int = 1,
                     gravity=(0.0, -9.81)) -> dict:
    """Milliseconds per evaluation of q̈ on the planar chain of each size (best of
    ``repeats``): {"ABA", "CRBA + LU", "natural, dense", "natural, sparse"} → array over sizes."""
    rng = np.random.default_rng(seed)
    from ..coordinates import formulate

    out = {key: [] for key in ("ABA", "CRBA + LU", "natural, dense", "natural, sparse")}
    for n in sizes:
        mechanism = link_chain(int(n))
        tree = KinematicTree(mechanism)
        q, qd = 0.3 * rng.standard_normal(n), rng.standard_normal(n)
        natural = MultibodySystem(formulate(mechanism, "natural"), gravity)
        qn, qdn = natural_state(natural.model, tree, q, qd)
        equations = SparseEquations(natural)
        out["ABA"].append(_best_of(lambda: articulated_body_accelerations(tree, q, qd, np.zeros(n), gravity), repeats))
        out["CRBA + LU"].append(_best_of(
            lambda: np.linalg.solve(composite_mass_matrix(tree, q), -bias_forces(tree, q, qd, gravity)), repeats))
        out["natural, dense"].append(_best_of(
            lambda: multiplier_accelerations(natural, qn, qdn, 0.0, stabilised=False), repeats))
        out["natural, sparse"].append(_best_of(lambda: equations.accelerations(qn, qdn, 0.0, None), repeats))
    return {key: np.array(values) for key, values in out.items()}
