"""Checkers of the exercises on basic coordinates in space (section 5b): the conditions
that keep four points a rigid body, the signed volume of a tetrahedron and the mirror
image that six distances cannot tell from the body, and the Jacobians of distance and
volume conditions.

Each validates the exercise's data first, computes the right value from the formula
written out here (independent of the library's formulations, which the tests set it
against), and names the likely mistake: a missing or redundant distance, a squared
distance compared with a length, a condition a rigid motion breaks, the sixth of the
tetrahedron's volume or its sign, the foot of a perpendicular taken for the mirror
image, a transposed or halved Jacobian, columns for a fixed point, cross products in the
wrong order, the gradient of V for that of 6V.

Example
-------
>>> corners = [(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1)]
>>> check_tetrahedron_volume(tetrahedron_volume(corners), points=corners)
✓ V: right.
>>> check_tetrahedron_volume(1.0, points=corners)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
mbtools.exercises.feedback.WrongAnswer: V is six times too large: ...
"""

from __future__ import annotations

import itertools
import math

import numpy as np

from ..errors import InputError
from ..model.rank import RANK_RTOL, numerical_rank
from . import data
from .arrays import diagnose_array
from .feedback import DIAGNOSE_RTOL, RTOL, Pending, Right, WrongAnswer, as_array, as_number, diagnose_number
from .constraints import evaluate_function


def _points(checker: str, name: str, points) -> dict[str, np.ndarray]:
    if not isinstance(points, dict) or not points:
        raise InputError(f"{checker}: {name} must map point names to (x, y, z), got {type(points).__name__} "
                         "(the exercise's data).")
    out = {str(k): data.vector(checker, f"{name}[{k!r}]", v, 3, "m") for k, v in points.items()}
    for (i, ri), (j, rj) in itertools.combinations(out.items(), 2):
        if np.linalg.norm(ri - rj) < 1e-9:
            raise InputError(f"{checker}: the points {i!r} and {j!r} coincide (the exercise's data).")
    return out


def _names(checker: str, name: str, names, points: dict) -> list[str]:
    if isinstance(names, str) or not all(isinstance(n, str) and n in points for n in names):
        raise InputError(f"{checker}: {name} must list names of the points {sorted(points)}, got {names!r} "
                         "(the exercise's data).")
    return list(names)


def _columns(moving: list[str]) -> list[str]:
    return [f"{c}_{p}" for p in moving for c in "xyz"]


def _rotation(vector: np.ndarray) -> np.ndarray:
    """The rotation matrix of the rotation vector (Rodrigues)."""
    angle = float(np.linalg.norm(vector))
    k = vector / angle
    K = np.array([[0.0, -k[2], k[1]], [k[2], 0.0, -k[0]], [-k[1], k[0], 0.0]])
    return np.eye(3) + math.sin(angle) * K + (1 - math.cos(angle)) * K @ K


def check_rigid_body_constraints(phi, *, points, fixed=()) -> Right | Pending:
    """Check Φ(q) = 0, written by a student, that keeps the ``points`` (name → (x, y, z)
    in the drawing, at least four, not coplanar) a rigid body in basic coordinates; the
    ``fixed`` ones (none, or one: a ball joint to the ground) are data, the others give
    q, (x, y, z) each in the order of ``points``.

    The equations must hold at the drawing and wherever the body is moved as a whole,
    and must say all that the distances of every pair of points say, no equation
    repeating the others: 3p − 6 independent equations, one point fixed or none.
    Named: an equation that does not hold (a length compared with a squared distance),
    one that a rigid motion breaks, a missing distance, a redundant equation.

    Example
    -------
    >>> drawing = {"O": (0, 0, 0), "P": (1, 0, 0), "Q": (0, 1, 0), "R": (0, 0, 1)}
    >>> def phi(q):          # five distances: one missing
    ...     P, Q, R = q[0:3], q[3:6], q[6:9]
    ...     return [P @ P - 1, Q @ Q - 1, R @ R - 1, (Q - P) @ (Q - P) - 2, (R - P) @ (R - P) - 2]
    >>> check_rigid_body_constraints(phi, points=drawing, fixed=("O",))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    mbtools.exercises.feedback.WrongAnswer: Φ: the distance Q–R is missing ...
    """
    checker = "check_rigid_body_constraints"
    points = _points(checker, "points", points)
    fixed = _names(checker, "fixed", fixed, points)
    if len(points) < 4 or len(fixed) > 1:
        raise InputError(f"{checker}: give at least four points and at most one fixed point, got {len(points)} and "
                         f"{len(fixed)} (the exercise's data).")
    names = list(points)
    r = np.array([points[n] for n in names])
    size = float(max(np.linalg.norm(a - b) for a, b in itertools.combinations(r, 2)))
    if numerical_rank(r[1:] - r[0]) < 3:
        raise InputError(f"{checker}: the points are coplanar: their distances then leave a point free to leave the "
                         "plane to first order (section 5b); give points of a solid body (the exercise's data).")
    if phi is ...:
        return Pending("Φ")
    moving = [n for n in names if n not in fixed]
    q0 = np.concatenate([points[n] for n in moving])
    needed = 3 * len(moving) - (3 if fixed else 6)
    rng = np.random.default_rng(5)
    values = evaluate_function(phi, q0)
    typical = np.max([np.abs(evaluate_function(phi, q0 + 0.1 * size * rng.standard_normal(q0.size))) for _ in range(4)],
                     axis=0)
    if typical.shape != values.shape:
        raise WrongAnswer("Φ(q) returns lists of different lengths at different q.")
    for k in np.flatnonzero(typical == 0.0):
        raise WrongAnswer(f"Φ: equation {k + 1} is zero everywhere: it constrains nothing.")
    lengths = {(i, j): float(np.linalg.norm(points[j] - points[i])) for i, j in itertools.combinations(names, 2)}
    for k in np.flatnonzero(np.abs(values) > 1e-7 * typical):
        for (i, j), L in lengths.items():
            if abs(abs(values[k]) - abs(L * L - L)) <= 1e-6 * max(L * L, 1.0):
                raise WrongAnswer(f"Φ: equation {k + 1} does not hold at the drawing: it compares the squared "
                                  f"distance {i}–{j} with the length, not with the length squared.")
        raise WrongAnswer(f"Φ: equation {k + 1} does not hold at the drawing: check its points and its length.")
    centre = points[fixed[0]] if fixed else r.mean(axis=0)
    for trial in range(3):
        turn = _rotation(rng.standard_normal(3))
        shift = np.zeros(3) if fixed else rng.standard_normal(3) * size
        q = np.concatenate([centre + turn @ (points[n] - centre) + shift for n in moving])
        broken = np.flatnonzero(np.abs(evaluate_function(phi, q)) > 1e-7 * typical)
        if broken.size:
            how = f"turns about {fixed[0]}" if fixed else "is moved"
            raise WrongAnswer(f"Φ: equation {broken[0] + 1} does not hold when the body {how} as a whole: it is not "
                              "a condition of rigidity (a coordinate or a direction held fixed?).")
    h = 1e-6 * size
    gradient = np.array([(evaluate_function(phi, q0 + h * step) - evaluate_function(phi, q0 - h * step)) / (2 * h)
                         for step in np.eye(q0.size)]).T
    basis, singular, _ = np.linalg.svd(gradient.T, full_matrices=False)
    basis = basis[:, singular > RANK_RTOL * max(singular.max(initial=0.0), 1e-300)]
    index = {n: k for k, n in enumerate(moving)}
    for (i, j) in lengths:
        row = np.zeros(q0.size)
        d = points[j] - points[i]
        if i in index:
            row[3 * index[i]: 3 * index[i] + 3] = -2 * d
        if j in index:
            row[3 * index[j]: 3 * index[j] + 3] = 2 * d
        if not row.any():
            continue
        if np.linalg.norm(row - basis @ (basis.T @ row)) > 1e-4 * np.linalg.norm(row):
            raise WrongAnswer(f"Φ: the distance {i}–{j} is missing (no equation, nor a combination of them, says "
                              f"it); {needed} independent equations keep these points rigid.")
    if len(values) > needed:
        for k in range(len(values)):
            if numerical_rank(np.delete(gradient, k, axis=0)) == basis.shape[1]:
                raise WrongAnswer(f"Φ: equation {k + 1} is redundant: it follows from the others; {needed} "
                                  "independent equations keep these points rigid.")
    return Right("Φ of the rigid body")


def tetrahedron_volume(points) -> float:
    """The signed volume of the tetrahedron a, b, c, d: (b − a)·((c − a) × (d − a))/6,
    positive when the edges (b − a, c − a, d − a) make a right-handed triple; a mirror
    image has the opposite sign.

    Example
    -------
    >>> tetrahedron_volume([(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1)])
    0.16666666666666666
    """
    a, b, c, d = (np.asarray(p, dtype=float) for p in points)
    return float((b - a) @ np.cross(c - a, d - a)) / 6.0


def check_tetrahedron_volume(answer, *, points) -> Right | Pending:
    """Check the signed volume V of the tetrahedron of the four ``points`` (a, b, c, d), in
    that order: V = (b − a)·((c − a) × (d − a))/6 (see :func:`tetrahedron_volume`)."""
    checker = "check_tetrahedron_volume"
    try:
        corners = np.asarray(points, dtype=float)
    except (TypeError, ValueError):
        corners = np.zeros(0)
    if corners.shape != (4, 3) or not np.all(np.isfinite(corners)):
        raise InputError(f"{checker}: points must be four points (x, y, z), a (4, 3) array, got {points!r} "
                         "(the exercise's data).")
    right = tetrahedron_volume(corners)
    size = max(float(np.linalg.norm(corners[k] - corners[0])) for k in range(1, 4))
    if abs(right) < 1e-9 * size**3:
        raise InputError(f"{checker}: the four points are coplanar, the tetrahedron flat: its volume is zero whatever "
                         "the order (the exercise's data).")
    what = "V"
    if answer is ...:
        return Pending(what)
    value = as_number(answer, what)
    if abs(value - right) <= RTOL * abs(right):
        return Right(what)
    near = lambda x: abs(value - x) <= DIAGNOSE_RTOL * abs(right)   # noqa: E731
    a, b, c, d = corners
    if near(6 * right) or near(-6 * right):
        sign = " The sign is wrong too." if near(-6 * right) else ""
        raise WrongAnswer("V is six times too large: (b − a)·((c − a) × (d − a)) is the volume of the "
                          f"parallelepiped on the three edges; a tetrahedron is a sixth of it.{sign}")
    if near(3 * right) or near(-3 * right):
        raise WrongAnswer("V is three times too large: the ½ of a triangle's area is not the tetrahedron's factor; "
                          "a tetrahedron is a sixth of the parallelepiped on its edges.")
    if near(-right):
        raise WrongAnswer("V has the wrong sign: the volume is signed; it changes sign with the order of the points "
                          "(take them as given) and between a body and its mirror image. Not its absolute value.")
    plain = float(b @ np.cross(c, d)) / 6.0
    if abs(plain - right) > DIAGNOSE_RTOL * abs(right) and near(plain):
        raise WrongAnswer("V uses the position vectors of b, c and d, not their edges from a: subtract r_a.")
    raise WrongAnswer(diagnose_number(value, right, what, scale=abs(right)) or "V is off.")


def mirror_point(point, plane) -> np.ndarray:
    """The mirror image of ``point`` in the plane through the three points ``plane``:
    p − 2((p − a)·n) n, n the plane's unit normal.

    Example
    -------
    >>> mirror_point((1.0, 2.0, 3.0), [(0, 0, 0), (1, 0, 0), (0, 1, 0)]).tolist()
    [1.0, 2.0, -3.0]
    """
    p = np.asarray(point, dtype=float)
    a, b, c = (np.asarray(x, dtype=float) for x in plane)
    n = np.cross(b - a, c - a)
    n = n / np.linalg.norm(n)
    return p - 2 * ((p - a) @ n) * n


def check_mirror_point(answer, *, point, plane) -> Right | Pending:
    """Check the mirror image (x, y, z) of ``point`` in the plane through the three points
    ``plane`` (not aligned; the point off the plane): see :func:`mirror_point`."""
    checker = "check_mirror_point"
    p = data.vector(checker, "point", point, 3, "m")
    try:
        corners = np.asarray(plane, dtype=float)
    except (TypeError, ValueError):
        corners = np.zeros(0)
    if corners.shape != (3, 3) or not np.all(np.isfinite(corners)):
        raise InputError(f"{checker}: plane must be three points (x, y, z), got {plane!r} (the exercise's data).")
    a, b, c = corners
    n = np.cross(b - a, c - a)
    size = max(float(np.linalg.norm(b - a)), float(np.linalg.norm(c - a)), float(np.linalg.norm(p - a)))
    if np.linalg.norm(n) < 1e-9 * size**2:
        raise InputError(f"{checker}: the three points of the plane are aligned: they span no plane (the exercise's "
                         "data).")
    n = n / np.linalg.norm(n)
    if abs((p - a) @ n) < 1e-9 * size:
        raise InputError(f"{checker}: the point lies in the plane: it is its own mirror image (the exercise's data).")
    what = "the mirror image"
    if answer is ...:
        return Pending(what)
    value = as_array(answer, (3,), what)
    right = mirror_point(p, corners)
    if np.abs(value - right).max() <= RTOL * size:
        return Right(what)
    near = lambda x: np.abs(value - x).max() <= DIAGNOSE_RTOL * size   # noqa: E731
    height = (p - a) @ n
    raw = np.cross(b - a, c - a)
    for other, message in (
        (p, "that is the point itself: reflect it through the plane."),
        (p - height * n, "that is the foot of the perpendicular, halfway: the mirror image lies as far beyond the "
                         "plane as the point lies before it."),
        (2 * a - p, "that is the point reflected through a point of the plane, not in the plane: its distances to "
                    "the other points of the plane change."),
        (p - 2 * ((p - a) @ raw) * raw, "the normal must be a unit vector (or divide by its squared length)."),
        (p * np.array([1.0, 1.0, -1.0]), "that is the image in the plane z = 0, not in the plane of the three "
                                         "points."),
    ):
        if np.abs(other - right).max() > DIAGNOSE_RTOL * size and near(other):
            raise WrongAnswer(f"{what}: {message}")
    for k, corner in enumerate(corners):
        kept, got = float(np.linalg.norm(p - corner)), float(np.linalg.norm(value - corner))
        if abs(kept - got) > DIAGNOSE_RTOL * size:
            raise WrongAnswer(f"{what} is {got:.4g} m from the plane's point {k + 1}, the point {kept:.4g} m: a "
                              "mirror image keeps the distances to every point of the mirror.")
    raise WrongAnswer(f"{what} is off.")  # pragma: no cover (equal distances to three points: the point or its image)


def distance_jacobian(points, pairs, moving) -> np.ndarray:
    """Φ_q of the distance conditions ‖r_j − r_i‖² − L²_ij = 0, one row per pair (i, j) of
    ``pairs``, the columns (x, y, z) of each point of ``moving`` in turn: 2(r_j − r_i)
    under j, −2(r_j − r_i) under i, nothing under a fixed point.

    Example
    -------
    >>> distance_jacobian({"O": (0, 0, 0), "P": (1, 2, 0)}, [("O", "P")], ["P"]).tolist()
    [[2.0, 4.0, 0.0]]
    """
    points = {k: np.asarray(v, dtype=float) for k, v in points.items()}
    index = {n: k for k, n in enumerate(moving)}
    J = np.zeros((len(pairs), 3 * len(moving)))
    for row, (i, j) in enumerate(pairs):
        d = points[j] - points[i]
        for name, sign in ((i, -2.0), (j, 2.0)):
            if name in index:
                J[row, 3 * index[name]: 3 * index[name] + 3] += sign * d
    return J


def check_distance_jacobian(answer, *, points, pairs, moving) -> Right | Pending:
    """Check Φ_q of the distance conditions of ``pairs`` (rows, in that order) at the
    drawing ``points`` (name → (x, y, z)), the columns (x, y, z) of each point of
    ``moving`` (see :func:`distance_jacobian`)."""
    checker = "check_distance_jacobian"
    points = _points(checker, "points", points)
    moving = _names(checker, "moving", moving, points)
    if not moving or len(set(moving)) != len(moving):
        raise InputError(f"{checker}: moving must list distinct moving points, got {moving!r} (the exercise's data).")
    try:
        pairs = [(str(i), str(j)) for i, j in pairs]
    except (TypeError, ValueError):
        raise InputError(f"{checker}: pairs must list pairs of point names, got {pairs!r} (the exercise's "
                         "data).") from None
    for i, j in pairs:
        if i not in points or j not in points or i == j or (i not in moving and j not in moving):
            raise InputError(f"{checker}: the pair ({i!r}, {j!r}) must join two points of {sorted(points)}, at least "
                             "one of them moving (the exercise's data).")
    right = distance_jacobian(points, pairs, moving)
    what = "Φ_q"
    if answer is ...:
        return Pending(what)
    fixed = sorted({n for pair in pairs for n in pair if n not in moving})
    if np.shape(answer) == (len(pairs), 3 * (len(moving) + len(fixed))):
        raise WrongAnswer(f"{what} has columns for {', '.join(fixed)}, which {'is' if len(fixed) == 1 else 'are'} "
                          "fixed: data, not coordinates. One column per coordinate of the moving points.")
    value = as_array(answer, right.shape, what)
    size = float(np.abs(right).max())
    rows = [f"distance {i}–{j}" for i, j in pairs]
    if np.abs(value - right).max() <= RTOL * size:
        return Right(what)
    near = lambda x: np.abs(value - x).max() <= DIAGNOSE_RTOL * size   # noqa: E731
    lengths = np.array([np.linalg.norm(points[j] - points[i]) for i, j in pairs])
    if near(right / (2 * lengths[:, None])):
        raise WrongAnswer(f"{what} is the gradient of the lengths ‖r_j − r_i‖; the conditions are written in the "
                          "squared distances, ‖r_j − r_i‖² − L² = 0.")
    for order in itertools.permutations(range(len(pairs))):
        if list(order) != list(range(len(pairs))) and near(right[list(order)]):
            raise WrongAnswer(f"{what}: the rows are in another order than asked; row k belongs to the k-th "
                              f"condition: {', '.join(rows)}.")
        if len(pairs) > 6:
            break
    raise WrongAnswer(diagnose_array(value, right, what, _columns(moving), rows, scale=size) or f"{what} is off.")


def volume_gradient(points, tetrahedron, moving) -> np.ndarray:
    """The gradient of the volume condition (r_b − r_a)·((r_c − r_a) × (r_d − r_a)) − 6V₀ = 0
    of the tetrahedron (a, b, c, d), the columns (x, y, z) of each point of ``moving``:
    (r_c − r_a) × (r_d − r_a) under b, (r_d − r_a) × (r_b − r_a) under c,
    (r_b − r_a) × (r_c − r_a) under d, minus their sum under a.

    Example
    -------
    >>> volume_gradient({"O": (0, 0, 0), "P": (1, 0, 0), "Q": (0, 1, 0), "R": (0, 0, 1)},
    ...                 ("O", "P", "Q", "R"), ["R"]).tolist()
    [0.0, 0.0, 1.0]
    """
    a, b, c, d = (np.asarray(points[n], dtype=float) for n in tetrahedron)
    blocks = {tetrahedron[1]: np.cross(c - a, d - a), tetrahedron[2]: np.cross(d - a, b - a),
              tetrahedron[3]: np.cross(b - a, c - a)}
    blocks[tetrahedron[0]] = -sum(blocks.values())
    return np.concatenate([blocks.get(n, np.zeros(3)) for n in moving])


def check_volume_gradient(answer, *, points, tetrahedron, moving) -> Right | Pending:
    """Check the row of Φ_q of the volume condition of ``tetrahedron`` (four point names
    a, b, c, d), written (r_b − r_a)·((r_c − r_a) × (r_d − r_a)) − 6V₀ = 0, at the drawing
    ``points`` (name → (x, y, z)), the columns (x, y, z) of each point of ``moving`` (see
    :func:`volume_gradient`)."""
    checker = "check_volume_gradient"
    points = _points(checker, "points", points)
    tetrahedron = _names(checker, "tetrahedron", tetrahedron, points)
    moving = _names(checker, "moving", moving, points)
    if len(tetrahedron) != 4 or len(set(tetrahedron)) != 4 or not set(moving) & set(tetrahedron):
        raise InputError(f"{checker}: tetrahedron must name four distinct points, at least one of them in moving, got "
                         f"{tetrahedron!r} (the exercise's data).")
    right = volume_gradient(points, tetrahedron, moving)
    size = float(np.abs(right).max())
    if size < 1e-9:
        raise InputError(f"{checker}: the gradient is zero: three of the points are aligned (the exercise's data).")
    what = "the volume's row of Φ_q"
    if answer is ...:
        return Pending(what)
    fixed = [n for n in tetrahedron if n not in moving]
    if np.size(answer) == 3 * (len(moving) + len(fixed)) and fixed:
        raise WrongAnswer(f"{what} has columns for {', '.join(fixed)}, which {'is' if len(fixed) == 1 else 'are'} "
                          "fixed: data, not coordinates.")
    value = as_array(answer, right.shape, what)
    if np.abs(value - right).max() <= RTOL * size:
        return Right(what)
    near = lambda x: np.abs(value - x).max() <= DIAGNOSE_RTOL * size   # noqa: E731
    if near(right / 6) or near(-right / 6):
        raise WrongAnswer(f"{what} is the gradient of V; the condition is written in 6V, the triple product, as the "
                          "library writes it: no 1/6.")
    if near(-right):
        raise WrongAnswer(f"{what} has the wrong sign: the cross products are in the wrong order "
                          "(u × v = −v × u); b·(c × d) = c·(d × b) = d·(b × c).")
    blocks = {n: right[3 * k: 3 * k + 3] for k, n in enumerate(moving)}
    last = tetrahedron[3]
    if last in blocks and len(blocks) > 1:
        only = np.concatenate([blocks[n] if n == last else np.zeros(3) for n in moving])
        if near(only):
            raise WrongAnswer(f"{what}: only {last}'s columns are filled, but the triple product depends on every "
                              "moving point of the tetrahedron.")
    for k, n in enumerate(moving):
        got = value[3 * k: 3 * k + 3]
        if np.abs(got - blocks[n]).max() > RTOL * size and np.abs(got + blocks[n]).max() <= DIAGNOSE_RTOL * size:
            raise WrongAnswer(f"{what}: the columns of {n} have the wrong sign: keep the cyclic order, "
                              "b·(c × d) = c·(d × b) = d·(b × c).")
    raise WrongAnswer(diagnose_array(value, right, what, _columns(moving), scale=size) or f"{what} is off.")
