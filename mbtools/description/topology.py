"""The joint graph of a description: whole-description checks, the spanning tree that
relative coordinates grow along, and the Grübler–Kutzbach count.

Example
-------
>>> from mbtools import examples
>>> tree, cuts = spanning_tree(examples.four_bar())
>>> [joint.name for joint, parent, child in tree], [joint.name for joint in cuts]
(['R_O2', 'R_A', 'R_B'], ['R_O4'])
"""

from __future__ import annotations

from ..errors import MechanismError
from .joints import GROUND, JOINT_TYPES, Rigid


def check_description(mechanism) -> None:
    """Check a description as a whole (see :meth:`mbtools.Mechanism.check`)."""
    if GROUND not in mechanism.bodies:
        raise MechanismError(
            f"Mechanism '{mechanism.name}' has no ground: call add_ground() with the fixed points."
        )
    ground_points, ground_vectors = set(mechanism.ground_points()), set(mechanism.ground_vectors())
    for body in mechanism.bodies.values():
        if body.is_ground:
            continue
        if mechanism.dimension == 2 and len(body.points) < 2:
            raise MechanismError(
                f"Body '{body.name}' has only the point {list(body.points)}: a planar "
                "body needs at least two points to fix its orientation. Add a second point."
            )
        if set(body.points) <= ground_points and set(body.vectors) <= ground_vectors:
            raise MechanismError(
                f"Body '{body.name}' lists only ground points and vectors "
                f"({', '.join(list(body.points) + list(body.vectors))}): pinned to them, nothing on "
                "it moves. Give it a point of its own (off its axis), or make it part of the ground."
            )
    point_links, vector_links = [], []
    for joint in mechanism.joints:
        pair = frozenset((joint.body_i, joint.body_j))
        if isinstance(joint, Rigid):  # a weld shares whatever both bodies list
            point_links += [(p, pair) for p in mechanism.bodies[joint.body_i].points
                            if p in mechanism.bodies[joint.body_j].points]
            vector_links += [(v, pair) for v in mechanism.bodies[joint.body_i].vectors
                             if v in mechanism.bodies[joint.body_j].vectors]
        point_links += [(p, pair) for p in joint.shared_points]
        vector_links += [(v, pair) for v in joint.shared_vectors]
    for kind, names, links, hint in (
        ("Point", mechanism.all_points(), point_links, "a revolute, spherical or universal joint"),
        ("Vector", mechanism.all_vectors(), vector_links, "a revolute or cylindrical joint about it"),
    ):
        for name in names:
            holders = mechanism.bodies_of_point(name) if kind == "Point" else mechanism.bodies_of_vector(name)
            for a in range(len(holders)):
                for b in range(a + 1, len(holders)):
                    if not _joined_through(name, holders[a], holders[b], links):
                        raise MechanismError(
                            f"{kind} '{name}' is listed by bodies '{holders[a]}' and "
                            f"'{holders[b]}' but no joint shares it between them: join them by "
                            f"{hint}, or rename the {kind.lower()} on one body."
                        )
    reached = _reached_from(mechanism, GROUND)
    for body in mechanism.bodies.values():
        if body.free and body.name in reached:
            raise MechanismError(
                f"Body '{body.name}' is declared free (add_body(..., free=True)) but joints attach it to "
                "the ground: leave out free=True, or leave out the joint that attaches it."
            )
    flying = set().union(*(_reached_from(mechanism, b.name) for b in mechanism.bodies.values() if b.free))
    loose = sorted(set(mechanism.bodies) - reached - flying)
    if loose:
        raise MechanismError(
            f"Bodies {loose} are not connected to the ground through any chain of "
            "joints: add the joints that attach them (or, for a body meant to fly free in "
            "dynamics, such as a falling bar, add_body(..., free=True))."
        )


def free_bodies(mechanism) -> list[str]:
    """The bodies no chain of joints attaches to the ground (those declared free and the
    bodies jointed to them), in the order they were described."""
    reached = _reached_from(mechanism, GROUND)
    return [name for name in mechanism.bodies if name not in reached]


def _joined_through(name, a, b, links) -> bool:
    """True if bodies a and b sharing ``name`` are linked by a chain of joints at it."""
    pairs = [pair for (n, pair) in links if n == name]
    reached, frontier = {a}, [a]
    while frontier:
        body = frontier.pop()
        for pair in pairs:
            if body in pair:
                (other,) = pair - {body}
                if other not in reached:
                    reached.add(other)
                    frontier.append(other)
    return b in reached


def _reached_from(mechanism, start: str) -> set[str]:
    neighbours: dict[str, set[str]] = {name: set() for name in mechanism.bodies}
    for joint in mechanism.joints:
        neighbours[joint.body_i].add(joint.body_j)
        neighbours[joint.body_j].add(joint.body_i)
    reached, frontier = {start}, [start]
    while frontier:
        for other in neighbours[frontier.pop()]:
            if other not in reached:
                reached.add(other)
                frontier.append(other)
    return reached


def spanning_tree(mechanism, cut_joints: list[str] | str | None = None):
    """Tree joints (joint, parent, child) in depth-first order from the ground, grown in
    the order the joints were described, and the cut joints that close the loops.

    ``cut_joints`` names joints to cut whether or not they close a loop (one name or a
    list of names).
    """
    if isinstance(cut_joints, str):
        cut_joints = [cut_joints]
    if cut_joints is not None and not all(isinstance(name, str) for name in cut_joints):
        raise MechanismError(f"cut_joints takes joint names (strings), got {cut_joints!r}.")
    forced = set(cut_joints or [])
    unknown = forced - {j.name for j in mechanism.joints}
    if unknown:
        raise MechanismError(
            f"cut_joints names unknown joints {sorted(unknown)}; joints are {[j.name for j in mechanism.joints]}."
        )
    tree, cuts, used, visited = [], [], set(), {GROUND}

    def visit(body: str) -> None:
        for joint in mechanism.joints:
            if joint.name in used or body not in (joint.body_i, joint.body_j):
                continue
            used.add(joint.name)
            other = joint.body_j if joint.body_i == body else joint.body_i
            if other in visited or joint.name in forced:
                cuts.append(joint)
            else:
                visited.add(other)
                tree.append((joint, body, other))
                visit(other)

    visit(GROUND)
    loose = [b for b in mechanism.bodies if b not in visited]
    if loose:
        raise MechanismError(
            f"Bodies {loose} cannot be reached from the ground through the tree joints: the "
            f"cut joints {sorted(forced)} disconnect them. Cut fewer joints."
        )
    return tree, cuts


def gruebler_kutzbach(mechanism) -> int:
    """Mobility by the Grübler–Kutzbach count: m = λ(n_b − 1) − Σ (λ − f_i), with λ = 3
    in the plane and 6 in space, n_b bodies including the ground, f_i the freedoms of
    joint i (:data:`~mbtools.description.joints.JOINT_TYPES`)."""
    lam = 3 if mechanism.dimension == 2 else 6
    return lam * (len(mechanism.bodies) - 1) - sum(
        lam - JOINT_TYPES[type(j)].freedoms[mechanism.dimension] for j in mechanism.joints
    )
