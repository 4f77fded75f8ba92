"""Optimal path synthesis of the four-bar: a coupler point through N target points, by
scipy's SLSQP with the gradients of direct differentiation
(:mod:`mbtools.analysis.sensitivity`).

The four-bar of :mod:`mbtools.analysis.sensitivity` is placed in the plane: its crank
pivot O2 at o = (x0, y0) and its ground line O2→O4 turned by θ0. The coupler point at
crank angle s (measured from the ground line) is then

    W(p, o, θ0, s) = o + R(θ0) P(p, s),    R(θ0) = [[cos θ0, −sin θ0], [sin θ0, cos θ0]].   (S.10)

The design variables are x = (a, b, c, d, u, v, x0, y0, θ0, s_1, …, s_N). With free timing
(the default) every crank angle s_j at which P should pass target T_j is a variable of
its own; with prescribed timing s_j = s_1 + Δ_j with the crank rotations Δ_j given, and
s_1 alone is free. The objective is the sum of squared distances, over ℓ² (ℓ the root
mean square distance of the targets from their centroid, so that f is free of units),

    f(x) = Σ_j ‖W_j − T_j‖² / ℓ²,    W_j = W(p, o, θ0, s_j),                            (S.11)

with the gradient, by (S.2) and (S.4) of the sensitivity module (P_p = ∂P/∂p, P_s = ∂P/∂s),

    ∂f/∂x = (2/ℓ²) Σ_j (W_j − T_j)ᵀ ∂W_j/∂x,   ∂W_j/∂p = R P_p,  ∂W_j/∂o = 𝟙,
    ∂W_j/∂θ0 = R′ P,  ∂W_j/∂s_j = R P_s   (R′ = dR/dθ0).                                 (S.12)

The constraints χ(x) ≥ 0 keep a Grashof crank-rocker whose crank a is the shortest link:
with a margin κ on the perimeter λ = a + b + c + d,

    c + d − a − b ≥ κ λ,   b + d − a − c ≥ κ λ,   b + c − a − d ≥ κ λ,                   (S.13)

which say that the shortest link plus the longest is at most the sum of the other two
(Grashof), whichever of b, c, d is the longest, and (added in pairs) that a is the
shortest. As the crank turns, δ = ‖r_A − r_O4‖ runs over [d − a, d + a] and
cos μ = (b² + c² − δ²)/(2bc) falls as δ grows, so the transmission angle μ of a
crank-rocker is extreme at crank angles 0 and π, where

    cos μ(0) = (b² + c² − (d − a)²)/(2bc) ≤ cos μ_min,
    cos μ(π) = (b² + c² − (d + a)²)/(2bc) ≥ −cos μ_min,                                 (S.14)

keeping μ within [μ_min, π − μ_min] over the whole turn; and a ≥ a_min keeps every length
positive (b, c, d ≥ a by (S.13)). The constraints are linear in the lengths except (S.14);
their gradients are written out.

Example
-------
>>> truth = np.array([2.0, 7.0, 9.0, 6.0, 3.0, 2.0])
>>> targets = placed_coupler_curve(truth, (0.0, 0.0), 0.0, np.linspace(0.5, 2.5, 5))
>>> result = synthesize_path(targets, truth * 1.02, (0.1, -0.1, 0.02), np.linspace(0.5, 2.5, 5) + 0.03,
...                          min_transmission_angle=np.radians(20))
>>> bool(result.max_deviation < 1e-8 * 9)
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from scipy.optimize import minimize

from ..description.validate import choose_mode, number
from ..errors import InputError, MbtoolsError
from .sensitivity import check_four_bar_parameters, four_bar_position, four_bar_sensitivity

TIMINGS = ("free", "prescribed")
#: The objective returned where the four-bar cannot be assembled at a trial design (a
#: line search that has left the crank-rockers): a wall the line search backs away from.
BARRIER = 1e6


def placed_coupler_curve(parameters, ground_pivot, ground_angle: float, crank_angles,
                         assembly: str = "open") -> np.ndarray:
    """The coupler point (S.10) of the placed four-bar at each crank angle, (n, 2).

    Example
    -------
    >>> placed_coupler_curve((2, 7, 9, 6, 0, 0), (1.0, 1.0), 0.0, [0.0]).round(12).tolist()  # P = A
    [[3.0, 1.0]]
    """
    o = np.asarray(ground_pivot, dtype=float)
    rotation = rotation_matrix(ground_angle)
    return np.array([o + rotation @ four_bar_position(parameters, s, assembly=assembly)[4:6]
                     for s in np.atleast_1d(crank_angles)])


def rotation_matrix(angle: float) -> np.ndarray:
    """R(θ) of (S.10).

    Example
    -------
    >>> rotation_matrix(math.pi / 2).round(12).tolist()
    [[0.0, -1.0], [1.0, 0.0]]
    """
    cos, sin = math.cos(angle), math.sin(angle)
    return np.array([[cos, -sin], [sin, cos]])


def transmission_extremes(parameters) -> tuple[float, float]:
    """The transmission angles (μ(0), μ(π)) of a crank-rocker, its smallest and largest
    over a crank turn, (S.14), in radians.

    Example
    -------
    >>> [round(math.degrees(mu), 4) for mu in transmission_extremes((2, 7, 9, 6, 0, 0))]
    [25.2088, 58.4119]
    """
    a, b, c, d = check_four_bar_parameters(parameters)[:4].real
    cosines = [(b * b + c * c - (d + sign * a) ** 2) / (2 * b * c) for sign in (-1, 1)]
    return tuple(math.acos(min(1.0, max(-1.0, x))) for x in cosines)


def grashof_margin(parameters) -> float:
    """min(c + d − a − b, b + d − a − c, b + c − a − d)/(a + b + c + d), (S.13): the sum of
    the two middle links less the shortest and the longest, over the perimeter, when the
    crank a is the shortest; not negative for a Grashof crank-rocker.

    Example
    -------
    >>> round(grashof_margin((2, 7, 9, 6, 0, 0)), 6)      # (7 + 6 − 2 − 9)/24
    0.083333
    """
    a, b, c, d = check_four_bar_parameters(parameters)[:4].real
    return float(min(c + d - a - b, b + d - a - c, b + c - a - d) / (a + b + c + d))


@dataclass(frozen=True)
class PathSynthesisResult:
    """The optimum of a path synthesis.

    Attributes
    ----------
    parameters : ndarray
        (a, b, c, d, u, v) at the optimum.
    ground_pivot : ndarray
        (x0, y0), the crank pivot O2.
    ground_angle : float
        θ0, the angle of the ground line O2→O4 (rad).
    crank_angles : ndarray
        s_j at the targets (rad, from the ground line).
    coupler_points : ndarray
        W_j, (N, 2): where the coupler point passes.
    residuals : ndarray
        ‖W_j − T_j‖ per target, (N,).
    max_deviation : float
        The largest residual.
    objective, start_objective : float
        f of (S.11) at the optimum and at the start.
    transmission_angles : tuple of float
        The extreme transmission angles (μ(0), μ(π)) over a crank turn (rad), (S.14).
    grashof_margin : float
        :func:`grashof_margin` at the optimum, (S.13).
    constraint_values : ndarray
        χ(x) at the optimum (≥ 0 where satisfied).
    success : bool
        scipy's verdict.
    message : str
        scipy's message.
    iterations, evaluations : int
        scipy's iteration and objective-evaluation counts.
    """

    parameters: np.ndarray
    ground_pivot: np.ndarray
    ground_angle: float
    crank_angles: np.ndarray
    coupler_points: np.ndarray
    residuals: np.ndarray
    max_deviation: float
    objective: float
    start_objective: float
    transmission_angles: tuple
    grashof_margin: float
    constraint_values: np.ndarray
    success: bool
    message: str
    iterations: int
    evaluations: int


class PathSynthesisProblem:
    """The objective (S.11), its gradient (S.12), the constraints (S.13)–(S.14) and their
    Jacobian, as functions of the full design vector x = (a, b, c, d, u, v, x0, y0, θ0,
    s_1, …, s_N); :meth:`solve` hands them to scipy. Its attributes ``targets`` (N, 2),
    ``scale`` (ℓ), ``start`` (the starting x) and ``map`` (x = start + map z, z the
    variables scipy sees) are read-only by convention.

    Parameters
    ----------
    targets : array_like
        The points T_j that the coupler point should pass, (N, 2), N ≥ 2.
    parameters : sequence of float
        The starting design (a, b, c, d, u, v), a Grashof crank-rocker with a the shortest.
    placement : sequence of float
        The starting (x0, y0, θ0).
    crank_angles : sequence of float, optional
        The N starting s_j; by default, for each target the crank angle (of 360) at which the
        start's coupler point comes nearest. Required for prescribed timing, whose crank
        rotations Δ_j = s_j − s_1 they fix.
    timing : {"free", "prescribed"}
        Free timing (the default): every s_j a variable. Prescribed: only s_1.
    min_transmission_angle : float
        μ_min in radians, in (0, π/2); default 30°.
    grashof_ratio : float
        κ of (S.13), in [0, 0.25); default 0.02.
    min_crank : float
        a_min over ℓ; default 0.05.
    assembly : {"open", "crossed"}
        The assembly mode, as in :func:`mbtools.examples.four_bar`.

    Raises
    ------
    InputError
        Fewer than two targets, a value that is not finite, a μ_min outside (0°, 90°), a
        start that is not a Grashof crank-rocker, or crank angles of the wrong number.

    Example
    -------
    >>> problem = PathSynthesisProblem([(0, 5), (1, 6), (2, 6)], (2, 7, 9, 6, 3, 2), (0, 0, 0))
    >>> problem.start.size, problem.constraints(problem.start).size
    (12, 6)
    """

    def __init__(self, targets, parameters, placement, crank_angles=None, timing: str = "free",
                 min_transmission_angle: float = math.radians(30), grashof_ratio: float = 0.02,
                 min_crank: float = 0.05, assembly: str = "open"):
        self.targets = checked_targets(targets)
        n = len(self.targets)
        self.scale = float(np.sqrt(np.mean(np.sum((self.targets - self.targets.mean(axis=0)) ** 2, axis=1))))
        if self.scale == 0:
            raise InputError("The targets all coincide: give at least two distinct target points.")
        mu = number("min_transmission_angle", min_transmission_angle, InputError)
        if not 0 < mu < math.pi / 2:
            raise InputError(f"min_transmission_angle must lie in (0, π/2) rad, i.e. (0°, 90°); got {mu:g} rad "
                             f"({math.degrees(mu):.6g}°). Pass radians, such as math.radians(30).")
        self.cos_min = math.cos(mu)
        self.ratio = number("grashof_ratio", grashof_ratio, InputError)
        if not 0 <= self.ratio < 0.25:
            raise InputError(f"grashof_ratio must lie in [0, 0.25), got {self.ratio:g}.")
        self.min_crank = number("min_crank", min_crank, InputError) * self.scale
        if self.min_crank <= 0:
            raise InputError(f"min_crank (a_min over ℓ) must be positive, got {min_crank!r}: lengths stay positive.")
        self.timing = choose_mode("timing", timing, TIMINGS)
        self.assembly = choose_mode("assembly", assembly, ("open", "crossed"))
        p = check_four_bar_parameters(parameters).real
        if grashof_margin(p) < 0:
            raise InputError(f"The start (a, b, c, d) = {tuple(p[:4].tolist())} is not a Grashof crank-rocker with "
                             "the crank a the shortest link (which plus the longest is at most the sum of the other "
                             "two): start from one, whose crank turns fully.")
        place = np.asarray(placement, dtype=float).reshape(-1)
        if place.size != 3 or not np.all(np.isfinite(place)):
            raise InputError(f"placement must be three finite numbers (x0, y0, θ0), got {placement!r}.")
        if crank_angles is None:
            if self.timing == "prescribed":
                raise InputError("Prescribed timing needs the crank angles: pass crank_angles (N values).")
            crank_angles = self.nearest_crank_angles(p, place)
        angles = np.asarray(crank_angles, dtype=float).reshape(-1)
        if angles.size != n or not np.all(np.isfinite(angles)):
            raise InputError(f"crank_angles must be {n} finite numbers (one per target), got {crank_angles!r}.")
        self.start = np.concatenate([p, place, angles])
        # x = start + map z: lengths and pivot scaled by ℓ, angles as they are; prescribed
        # timing moves every s_j with s_1
        lengths = np.r_[np.full(8, self.scale), 1.0]
        columns = 9 + (n if self.timing == "free" else 1)
        self.map = np.zeros((9 + n, columns))
        self.map[:9, :9] = np.diag(lengths)
        self.map[9:, 9:] = np.eye(n) if self.timing == "free" else np.ones((n, 1))
        self.cached = (None, None)

    def nearest_crank_angles(self, parameters: np.ndarray, placement: np.ndarray) -> np.ndarray:
        """For each target, the crank angle (one of 360 over a turn) at which the coupler
        point of the design comes nearest.

        Example
        -------
        >>> problem = PathSynthesisProblem([(2, 0), (0, 2)], (2, 7, 9, 6, 0, 0), (0, 0, 0))
        >>> np.degrees(problem.nearest_crank_angles(np.array([2, 7, 9, 6, 0, 0.0]), np.zeros(3))).tolist()
        [0.0, 90.0]
        """
        grid = np.radians(np.arange(360.0))
        curve = placed_coupler_curve(parameters, placement[:2], placement[2], grid, self.assembly)
        distances = np.linalg.norm(curve[None, :, :] - self.targets[:, None, :], axis=2)
        return grid[np.argmin(distances, axis=1)]

    def unpack(self, x) -> tuple[np.ndarray, np.ndarray, float, np.ndarray]:
        """(p, o, θ0, s) from x.

        Example
        -------
        >>> problem = PathSynthesisProblem([(0, 5), (1, 6)], (2, 7, 9, 6, 3, 2), (0, 0, 0), [1.0, 2.0])
        >>> problem.unpack(problem.start)[3].tolist()
        [1.0, 2.0]
        """
        x = np.asarray(x, dtype=float)
        return x[:6], x[6:8], float(x[8]), x[9:]

    def points_and_derivatives(self, x) -> tuple[np.ndarray, np.ndarray]:
        """W_j (N, 2) and ∂W_j/∂x (N, 2, 9 + N) by (S.12); cached for the last x.

        Example
        -------
        >>> problem = PathSynthesisProblem([(0, 5), (1, 6)], (2, 7, 9, 6, 3, 2), (0, 0, 0), [1.0, 2.0])
        >>> [a.shape for a in problem.points_and_derivatives(problem.start)]
        [(2, 2), (2, 2, 11)]
        """
        x = np.asarray(x, dtype=float)
        if self.cached[0] is not None and np.array_equal(self.cached[0], x):
            return self.cached[1]
        p, o, theta, angles = self.unpack(x)
        rotation = rotation_matrix(theta)
        turned = rotation_matrix(theta + math.pi / 2)  # R′(θ0) = R(θ0 + π/2)
        n = len(angles)
        points, derivatives = np.zeros((n, 2)), np.zeros((n, 2, 9 + n))
        for j, s in enumerate(angles):
            sens = four_bar_sensitivity(p, s, assembly=self.assembly)
            P = sens.point("P")
            points[j] = o + rotation @ P
            derivatives[j, :, :6] = rotation @ sens.point_derivative("P")
            derivatives[j, :, 6:8] = np.eye(2)
            derivatives[j, :, 8] = turned @ P
            derivatives[j, :, 9 + j] = rotation @ sens.point_rate("P")
        self.cached = (x.copy(), (points, derivatives))
        return points, derivatives

    def objective(self, x) -> float:
        """f of (S.11); :data:`BARRIER` where the four-bar cannot be assembled.

        Example
        -------
        >>> problem = PathSynthesisProblem([(0, 5), (1, 6)], (2, 7, 9, 6, 3, 2), (0, 0, 0), [1.0, 2.0])
        >>> problem.objective(problem.start) > 0
        True
        """
        try:
            points, _ = self.points_and_derivatives(x)
        except MbtoolsError:
            return BARRIER
        return float(np.sum((points - self.targets) ** 2)) / self.scale ** 2

    def objective_gradient(self, x) -> np.ndarray:
        """∂f/∂x of (S.12), (9 + N,); zero where the four-bar cannot be assembled.

        Example
        -------
        >>> problem = PathSynthesisProblem([(0, 5), (1, 6)], (2, 7, 9, 6, 3, 2), (0, 0, 0), [1.0, 2.0])
        >>> problem.objective_gradient(problem.start).shape
        (11,)
        """
        try:
            points, derivatives = self.points_and_derivatives(x)
        except MbtoolsError:
            return np.zeros(len(self.start))
        return 2 * np.einsum("ji,jik->k", points - self.targets, derivatives) / self.scale ** 2

    def constraints(self, x) -> np.ndarray:
        """χ(x) ≥ 0: the three forms of (S.13) over ℓ, the two of (S.14), (a − a_min)/ℓ.

        Example
        -------
        >>> problem = PathSynthesisProblem([(0, 5), (1, 6)], (2, 7, 9, 6, 3, 2), (0, 0, 0), [1.0, 2.0])
        >>> bool(np.all(problem.constraints(problem.start) > 0))      # μ(0) = 25.2° < 30°
        False
        """
        a, b, c, d = np.asarray(x, dtype=float)[:4]
        grashof = np.array([c + d - a - b, b + d - a - c, b + c - a - d]) - self.ratio * (a + b + c + d)
        cos0 = (b * b + c * c - (d - a) ** 2) / (2 * b * c)
        cos_pi = (b * b + c * c - (d + a) ** 2) / (2 * b * c)
        return np.r_[grashof / self.scale, self.cos_min - cos0, self.cos_min + cos_pi,
                     (a - self.min_crank) / self.scale]

    def constraints_jacobian(self, x) -> np.ndarray:
        """∂g/∂x, (6, 9 + N); only the columns of a, b, c, d are not zero.

        Example
        -------
        >>> problem = PathSynthesisProblem([(0, 5), (1, 6)], (2, 7, 9, 6, 3, 2), (0, 0, 0), [1.0, 2.0])
        >>> problem.constraints_jacobian(problem.start)[0, :4].round(6).tolist()   # (−1.02, −1.02, 0.98, 0.98)/ℓ
        [-1.442498, -1.442498, 1.385929, 1.385929]
        """
        a, b, c, d = np.asarray(x, dtype=float)[:4]
        jacobian = np.zeros((6, len(self.start)))
        jacobian[:3, :4] = (np.array([[-1, -1, 1, 1], [-1, 1, -1, 1], [-1, 1, 1, -1]]) - self.ratio) / self.scale
        for row, sign in ((3, -1), (4, 1)):   # χ = cos μ_min − cos μ(0) and cos μ_min + cos μ(π)
            delta = d + sign * a
            cosine = (b * b + c * c - delta * delta) / (2 * b * c)
            jacobian[row, :4] = sign * np.array([-sign * delta / (b * c), 1 / c - cosine / b, 1 / b - cosine / c,
                                                 -delta / (b * c)])
        jacobian[5, 0] = 1 / self.scale
        return jacobian

    def solve(self, method: str = "SLSQP", max_iterations: int = 500, tolerance: float = 1e-16) -> PathSynthesisResult:
        """Minimise f subject to χ ≥ 0 from ``start`` with scipy, the analytic gradients
        passed, in variables scaled by ℓ (lengths and pivot over ℓ, angles as they are).

        Parameters
        ----------
        method : {"SLSQP", "trust-constr"}
            SLSQP (the default) reaches the round-off floor on exact targets in some 30
            iterations; trust-constr, with its quasi-Newton Hessian, needs several times more.
        max_iterations : int
            scipy's iteration limit.
        tolerance : float
            SLSQP's ftol, on the change of f (which is free of units): 1e-16 leaves residuals
            near 1e-9 ℓ on targets that a four-bar passes exactly. On targets it cannot pass the
            valley of f is flat, and a tighter ftol buys small gains for many iterations.

        Example
        -------
        >>> problem = PathSynthesisProblem([(0, 5), (1, 6), (2, 6)], (2, 7, 9, 6, 3, 2), (0, 0, 0))
        >>> result = problem.solve()
        >>> result.objective < result.start_objective
        True
        """
        method = choose_mode("method", method, ("SLSQP", "trust-constr"))
        full = lambda z: self.start + self.map @ z   # noqa: E731
        constraint = {"type": "ineq", "fun": lambda z: self.constraints(full(z)),
                      "jac": lambda z: self.constraints_jacobian(full(z)) @ self.map}
        options = {"maxiter": max_iterations}
        options.update({"ftol": tolerance} if method == "SLSQP" else {"gtol": 1e-12, "xtol": 1e-14})
        outcome = minimize(lambda z: self.objective(full(z)), np.zeros(self.map.shape[1]),
                           jac=lambda z: self.map.T @ self.objective_gradient(full(z)), method=method,
                           constraints=[constraint], options=options)
        x = full(outcome.x)
        p, o, theta, angles = self.unpack(x)
        points, _ = self.points_and_derivatives(x)
        residuals = np.linalg.norm(points - self.targets, axis=1)
        return PathSynthesisResult(
            parameters=p.copy(), ground_pivot=o.copy(), ground_angle=theta, crank_angles=angles.copy(),
            coupler_points=points.copy(), residuals=residuals, max_deviation=float(residuals.max()),
            objective=self.objective(x), start_objective=self.objective(self.start),
            transmission_angles=transmission_extremes(p), grashof_margin=grashof_margin(p),
            constraint_values=self.constraints(x), success=bool(outcome.success), message=str(outcome.message),
            iterations=int(outcome.get("nit", 0)), evaluations=int(outcome.get("nfev", 0)))


def checked_targets(targets) -> np.ndarray:
    """The target points as an (N, 2) float array, N ≥ 2, every coordinate finite.

    Example
    -------
    >>> checked_targets([(0, 1), (2, 3)]).tolist()
    [[0.0, 1.0], [2.0, 3.0]]
    """
    try:
        points = np.asarray(targets, dtype=float)
    except (TypeError, ValueError):
        raise InputError(f"The targets must be N points (x, y), got {targets!r}.") from None
    if points.ndim != 2 or points.shape[1] != 2:
        raise InputError(f"The targets must be an (N, 2) array of points (x, y), got shape {points.shape}.")
    if len(points) < 2:
        raise InputError(f"Path synthesis needs at least 2 target points, got {len(points)}.")
    for k, point in enumerate(points):
        if not np.all(np.isfinite(point)):
            raise InputError(f"Target point targets[{k}] = {tuple(point.tolist())} is not finite.")
    return points


def synthesize_path(targets, parameters, placement, crank_angles=None, timing: str = "free",
                    min_transmission_angle: float = math.radians(30), grashof_ratio: float = 0.02,
                    min_crank: float = 0.05, assembly: str = "open", method: str = "SLSQP",
                    max_iterations: int = 500, tolerance: float = 1e-16) -> PathSynthesisResult:
    """The four-bar whose coupler point passes nearest the targets: a
    :class:`PathSynthesisProblem` (same arguments) solved by its ``solve`` (method,
    max_iterations, tolerance).

    Example
    -------
    >>> result = synthesize_path([(0, 5), (1, 6), (2, 6)], (2, 7, 9, 6, 3, 2), (0, 0, 0))
    >>> bool(result.grashof_margin >= 0.02 - 1e-9)
    True
    """
    problem = PathSynthesisProblem(targets, parameters, placement, crank_angles, timing, min_transmission_angle,
                                   grashof_ratio, min_crank, assembly)
    return problem.solve(method, max_iterations, tolerance)
