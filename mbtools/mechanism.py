"""A mechanism described once, independently of any coordinates.

A :class:`Mechanism` is drawn in one assembled *reference configuration*: each body
lists its named points at their positions in that drawing. Lengths, areas and angles
that the rigid bodies keep are read from the drawing, so the description cannot be
inconsistent with itself. Joints say which bodies meet and how; drivers name the
inputs. A formulation (``mbtools.formulate``) turns the description into a model in
one family of coordinates; the drawing is also the default guess of the position
problem.

Example
-------
A pendulum hinged at the origin, driven by its angle:

>>> from mbtools import Mechanism
>>> m = Mechanism("pendulum")
>>> m.add_ground({"O": (0.0, 0.0)})
>>> m.add_body("bar", {"O": (0.0, 0.0), "P": (1.0, 0.0)})
>>> m.add_revolute("ground", "bar", at="O")
>>> m.add_angle_driver("swing", tail="O", head="P")
>>> m.check()
>>> m.moving_points()
['P']
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from .errors import MechanismError

GROUND = "ground"


@dataclass(frozen=True)
class Body:
    """A rigid body: its name and its named points in the reference drawing."""

    name: str
    points: dict[str, np.ndarray]
    is_ground: bool = False


@dataclass(frozen=True)
class Revolute:
    """A revolute pair (R): the two bodies share the point ``at``."""

    name: str
    body_i: str
    body_j: str
    at: str


@dataclass(frozen=True)
class Prismatic:
    """A prismatic pair (P), the paper's Fig. 6b.

    Point ``slider_points[0]`` (k) of the slider keeps its distance to the line through
    the guide points (i, j), and the slider direction k→q keeps its angle to i→j.
    """

    name: str
    guide_body: str
    guide_points: tuple[str, str]
    slider_body: str
    slider_points: tuple[str, str]


@dataclass(frozen=True)
class AngleDriver:
    """Input: the angle of the vector tail→head, measured from +x (radians)."""

    name: str
    tail: str
    head: str


@dataclass(frozen=True)
class SlideDriver:
    """Input: the distance of ``point`` along the guide i→j, measured from i."""

    name: str
    guide_points: tuple[str, str]
    point: str


Driver = AngleDriver | SlideDriver
Joint = Revolute | Prismatic


@dataclass
class Mechanism:
    """A planar mechanism: ground, bodies with named points, joints and drivers.

    Parameters
    ----------
    name : str
        Shown in tables and error messages.
    dimension : int
        2 for a planar mechanism (the only kind this release formulates).
    """

    name: str
    dimension: int = 2
    bodies: dict[str, Body] = field(default_factory=dict)
    joints: list[Joint] = field(default_factory=list)
    drivers: list[Driver] = field(default_factory=list)

    # ----------------------------------------------------------------- building
    def add_ground(self, points: dict[str, tuple[float, float]]) -> None:
        """Add the fixed body, named ``"ground"``, with its points (fixed positions)."""
        self._add_body(GROUND, points, is_ground=True)

    def add_body(self, name: str, points: dict[str, tuple[float, float]]) -> None:
        """Add a moving body with its points at their reference positions.

        A point that two bodies share (same name) must sit at the same position in
        both, and the two bodies must be joined there by a revolute pair.
        """
        if name == GROUND:
            raise MechanismError(
                "'ground' is the fixed body: add it with add_ground(), not add_body()."
            )
        self._add_body(name, points, is_ground=False)

    def _add_body(self, name: str, points, is_ground: bool) -> None:
        if not isinstance(name, str) or not name:
            raise MechanismError(f"A body name must be a non-empty string, got {name!r}.")
        if name in self.bodies:
            raise MechanismError(
                f"Body '{name}' is defined twice: give each body a distinct name."
            )
        if not points:
            raise MechanismError(f"Body '{name}' has no points: list at least one point.")
        clean: dict[str, np.ndarray] = {}
        for point, xy in points.items():
            clean[point] = self._position(name, point, xy)
            for other in self.bodies.values():
                if point in other.points and not np.allclose(
                    other.points[point], clean[point], rtol=0, atol=1e-12
                ):
                    raise MechanismError(
                        f"Point '{point}' of body '{name}' is at {tuple(clean[point])} but "
                        f"body '{other.name}' has it at {tuple(other.points[point])}: a "
                        "shared point must have one position in the reference drawing."
                    )
        self.bodies[name] = Body(name, clean, is_ground)

    def _position(self, body: str, point: str, xy) -> np.ndarray:
        try:
            value = np.asarray(xy, dtype=float).reshape(-1)
        except (TypeError, ValueError):
            raise MechanismError(
                f"Point '{point}' of body '{body}': position {xy!r} is not a pair of numbers."
            ) from None
        if value.shape != (self.dimension,):
            raise MechanismError(
                f"Point '{point}' of body '{body}' has {value.size} coordinate(s); a "
                f"{'planar' if self.dimension == 2 else 'spatial'} mechanism needs "
                f"{self.dimension}."
            )
        if not np.all(np.isfinite(value)):
            raise MechanismError(f"Point '{point}' of body '{body}' is not finite: {xy!r}.")
        return value

    def add_revolute(self, body_i: str, body_j: str, at: str, name: str | None = None) -> None:
        """Join two bodies by a revolute pair at their shared point ``at``."""
        name = name or f"R_{at}"
        self._require_bodies(name, body_i, body_j)
        for body in (body_i, body_j):
            if at not in self.bodies[body].points:
                raise MechanismError(
                    f"Revolute '{name}': body '{body}' has no point '{at}'. Both bodies "
                    f"must list the joint point; '{body}' has {sorted(self.bodies[body].points)}."
                )
        self._add_joint(Revolute(name, body_i, body_j, at))

    def add_prismatic(
        self,
        guide_body: str,
        guide_points: tuple[str, str],
        slider_body: str,
        slider_points: tuple[str, str],
        name: str | None = None,
    ) -> None:
        """Join ``slider_body`` to ``guide_body`` by a prismatic pair (paper's Fig. 6b).

        ``guide_points`` (i, j) on the guide body give the sliding direction;
        ``slider_points`` (k, q) on the slider body keep their place relative to it.
        """
        name = name or f"P_{slider_body}"
        self._require_bodies(name, guide_body, slider_body)
        for body, pts, role in (
            (guide_body, guide_points, "guide"),
            (slider_body, slider_points, "slider"),
        ):
            if len(pts) != 2 or pts[0] == pts[1]:
                raise MechanismError(
                    f"Prismatic '{name}': give two distinct {role} points, got {pts!r}."
                )
            for p in pts:
                if p not in self.bodies[body].points:
                    raise MechanismError(
                        f"Prismatic '{name}': {role} point '{p}' is not on body '{body}' "
                        f"(its points: {sorted(self.bodies[body].points)})."
                    )
        i, j = (self.bodies[guide_body].points[p] for p in guide_points)
        if np.linalg.norm(j - i) < 1e-12:
            raise MechanismError(
                f"Prismatic '{name}': guide points {guide_points} coincide, so they give "
                "no sliding direction; move one of them."
            )
        k, q = (self.bodies[slider_body].points[p] for p in slider_points)
        if np.linalg.norm(q - k) < 1e-12:
            raise MechanismError(
                f"Prismatic '{name}': slider points {slider_points} coincide; move one."
            )
        self._add_joint(
            Prismatic(name, guide_body, tuple(guide_points), slider_body, tuple(slider_points))
        )

    def add_angle_driver(self, name: str, tail: str, head: str) -> None:
        """Name an input: the angle of the vector tail→head of one body, from +x."""
        self._require_new_input(name)
        body = self._body_holding(name, (tail, head))
        if np.linalg.norm(self.bodies[body].points[head] - self.bodies[body].points[tail]) < 1e-12:
            raise MechanismError(
                f"Angle driver '{name}': points '{tail}' and '{head}' coincide, so they "
                "define no direction."
            )
        self.drivers.append(AngleDriver(name, tail, head))

    def add_slide_driver(self, name: str, guide_points: tuple[str, str], point: str) -> None:
        """Name an input: the distance of ``point`` along the guide i→j, measured from i."""
        self._require_new_input(name)
        body = self._body_holding(name, tuple(guide_points))
        if self.point_position(point) is None:
            raise MechanismError(f"Slide driver '{name}': no body has a point '{point}'.")
        i, j = (self.bodies[body].points[p] for p in guide_points)
        if np.linalg.norm(j - i) < 1e-12:
            raise MechanismError(f"Slide driver '{name}': guide points {guide_points} coincide.")
        self.drivers.append(SlideDriver(name, tuple(guide_points), point))

    def summary(self) -> str:
        """A readable listing of the description: bodies and points, joints, inputs."""
        def xy(v):
            return "(" + ", ".join(f"{float(c):.4g}" for c in v) + ")"

        lines = [f"Mechanism '{self.name}' ({'planar' if self.dimension == 2 else 'spatial'})"]
        for body in self.bodies.values():
            points = ", ".join(f"{p} {xy(v)}" for p, v in body.points.items())
            lines.append(f"  body {body.name:10s} {points}")
        for joint in self.joints:
            if isinstance(joint, Revolute):
                lines.append(f"  revolute  {joint.name:10s} {joint.body_i} – {joint.body_j} at {joint.at}")
            else:
                lines.append(
                    f"  prismatic {joint.name:10s} {joint.slider_body} {joint.slider_points} along "
                    f"{joint.guide_body} {joint.guide_points}"
                )
        for driver in self.drivers:
            if isinstance(driver, AngleDriver):
                lines.append(f"  input     {driver.name:10s} angle of {driver.tail}→{driver.head} from +x")
            else:
                lines.append(f"  input     {driver.name:10s} distance of {driver.point} along {driver.guide_points}")
        return "\n".join(lines)

    # ----------------------------------------------------------------- helpers
    def _require_bodies(self, joint: str, body_i: str, body_j: str) -> None:
        for body in (body_i, body_j):
            if body not in self.bodies:
                raise MechanismError(
                    f"Joint '{joint}' names body '{body}', which does not exist; bodies "
                    f"are {sorted(self.bodies)}. Add the body before the joint."
                )
        if body_i == body_j:
            raise MechanismError(
                f"Joint '{joint}' joins body '{body_i}' to itself: a joint connects two "
                "different bodies."
            )

    def _add_joint(self, joint: Joint) -> None:
        if any(j.name == joint.name for j in self.joints):
            raise MechanismError(
                f"Joint name '{joint.name}' is used twice: pass name= to tell them apart."
            )
        self.joints.append(joint)

    def _require_new_input(self, name: str) -> None:
        if not isinstance(name, str) or not name.isidentifier():
            raise MechanismError(
                f"Input name {name!r} must be a valid Python identifier (e.g. 'crank')."
            )
        if any(d.name == name for d in self.drivers):
            raise MechanismError(f"Input '{name}' is defined twice.")

    def _body_holding(self, driver: str, points: tuple[str, ...]) -> str:
        for body in self.bodies.values():
            if all(p in body.points for p in points):
                return body.name
        raise MechanismError(
            f"Driver '{driver}': no single body holds all of the points {list(points)}; "
            "an angle or a guide must be measured on one body."
        )

    def point_position(self, point: str) -> np.ndarray | None:
        """Reference position of a named point, or None if no body has it."""
        for body in self.bodies.values():
            if point in body.points:
                return body.points[point]
        return None

    def bodies_of_point(self, point: str) -> list[str]:
        """Names of the bodies that list ``point``."""
        return [b.name for b in self.bodies.values() if point in b.points]

    def all_points(self) -> list[str]:
        """Every named point, in the order first listed."""
        seen: dict[str, None] = {}
        for body in self.bodies.values():
            for p in body.points:
                seen.setdefault(p, None)
        return list(seen)

    def ground_points(self) -> list[str]:
        """Points fixed to the ground."""
        ground = self.bodies.get(GROUND)
        return list(ground.points) if ground else []

    def moving_points(self) -> list[str]:
        """Points not fixed to the ground, in the order first listed."""
        fixed = set(self.ground_points())
        return [p for p in self.all_points() if p not in fixed]

    def length_scale(self) -> float:
        """The largest distance between two points of the drawing (sets tolerances)."""
        xy = np.array([self.point_position(p) for p in self.all_points()])
        span = np.max(xy, axis=0) - np.min(xy, axis=0)
        return float(max(np.linalg.norm(span), 1e-300))

    def reference_input(self, driver: Driver) -> float:
        """The value of an input in the reference drawing."""
        if isinstance(driver, AngleDriver):
            d = self.point_position(driver.head) - self.point_position(driver.tail)
            return math.atan2(d[1], d[0])
        i, j = (self.point_position(p) for p in driver.guide_points)
        k = self.point_position(driver.point)
        return float(np.dot(k - i, j - i) / np.linalg.norm(j - i))

    # ----------------------------------------------------------------- checking
    def check(self) -> None:
        """Check the description as a whole; raise :class:`MechanismError` if it is wrong.

        Checks: a ground exists; every shared point is joined by a revolute pair
        between the bodies that share it; every body is connected to the ground
        through joints; planar bodies have at least two points.
        """
        if self.dimension != 2:
            raise MechanismError(
                f"Mechanism '{self.name}': dimension {self.dimension} is not supported yet; "
                "this release formulates planar (dimension=2) mechanisms."
            )
        if GROUND not in self.bodies:
            raise MechanismError(
                f"Mechanism '{self.name}' has no ground: call add_ground() with the fixed points."
            )
        for body in self.bodies.values():
            if not body.is_ground and len(body.points) < 2:
                raise MechanismError(
                    f"Body '{body.name}' has only the point {list(body.points)}: a planar "
                    "body needs at least two points to fix its orientation. Add a second point."
                )
        joined = {(j.at, frozenset((j.body_i, j.body_j))) for j in self.joints if isinstance(j, Revolute)}
        for point in self.all_points():
            holders = self.bodies_of_point(point)
            for a in range(len(holders)):
                for b in range(a + 1, len(holders)):
                    pair = frozenset((holders[a], holders[b]))
                    if (point, pair) not in joined and not self._joined_through(point, holders[a], holders[b], joined):
                        raise MechanismError(
                            f"Point '{point}' is listed by bodies '{holders[a]}' and "
                            f"'{holders[b]}' but no revolute joins them there: add "
                            f"add_revolute('{holders[a]}', '{holders[b]}', at='{point}') or "
                            "rename the point on one body."
                        )
        self._check_connected()

    @staticmethod
    def _joined_through(point, a, b, joined) -> bool:
        """True if bodies a and b sharing ``point`` are linked by a chain of revolutes at it."""
        links = [pair for (p, pair) in joined if p == point]
        reached, frontier = {a}, [a]
        while frontier:
            body = frontier.pop()
            for pair in links:
                if body in pair:
                    (other,) = pair - {body}
                    if other not in reached:
                        reached.add(other)
                        frontier.append(other)
        return b in reached

    def _check_connected(self) -> None:
        neighbours: dict[str, set[str]] = {name: set() for name in self.bodies}
        for joint in self.joints:
            a, b = (
                (joint.body_i, joint.body_j)
                if isinstance(joint, Revolute)
                else (joint.guide_body, joint.slider_body)
            )
            neighbours[a].add(b)
            neighbours[b].add(a)
        reached, frontier = {GROUND}, [GROUND]
        while frontier:
            for other in neighbours[frontier.pop()]:
                if other not in reached:
                    reached.add(other)
                    frontier.append(other)
        loose = sorted(set(self.bodies) - reached)
        if loose:
            raise MechanismError(
                f"Bodies {loose} are not connected to the ground through any chain of "
                "joints: add the joints that attach them."
            )
