"""The reference drawing of a mechanism: where its points and unit vectors are, and
which bodies list them. :class:`~mbtools.description.mechanism.Mechanism` builds on it.
"""

from __future__ import annotations

import math

import numpy as np

from .joints import GROUND, AngleDriver, Body, Driver


class Drawing:
    """Read-only questions about a described mechanism's reference drawing."""

    name: str
    dimension: int
    bodies: dict[str, Body]

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
        return list(dict.fromkeys(p for body in self.bodies.values() for p in body.points))

    def all_vectors(self) -> list[str]:
        """Every named unit vector, in the order first listed."""
        return list(dict.fromkeys(v for body in self.bodies.values() for v in body.vectors))

    def bodies_of_vector(self, vector: str) -> list[str]:
        """Names of the bodies that list the unit vector ``vector``."""
        return [b.name for b in self.bodies.values() if vector in b.vectors]

    def vector_direction(self, vector: str) -> np.ndarray | None:
        """Reference direction of a named unit vector, or None if no body has it."""
        for body in self.bodies.values():
            if vector in body.vectors:
                return body.vectors[vector]
        return None

    def ground_vectors(self) -> list[str]:
        """Unit vectors fixed to the ground (fixed joint axes)."""
        ground = self.bodies.get(GROUND)
        return list(ground.vectors) if ground else []

    def moving_vectors(self) -> list[str]:
        """Unit vectors not fixed to the ground, in the order first listed."""
        fixed = set(self.ground_vectors())
        return [v for v in self.all_vectors() if v not in fixed]

    def ground_points(self) -> list[str]:
        """Points fixed to the ground."""
        ground = self.bodies.get(GROUND)
        return list(ground.points) if ground else []

    def moving_points(self) -> list[str]:
        """Points not fixed to the ground, in the order first listed."""
        fixed = set(self.ground_points())
        return [p for p in self.all_points() if p not in fixed]

    def length_scale(self) -> float:
        """The diagonal of the box around the drawing's points (sets tolerances); 1 m where
        the points all coincide (a body drawn as one point and unit vectors), the length
        of its unit vectors, so that no tolerance collapses to zero."""
        xy = np.array([self.point_position(p) for p in self.all_points()])
        span = float(np.linalg.norm(np.max(xy, axis=0) - np.min(xy, axis=0)))
        return span if span > 0 else 1.0

    def reference_input(self, driver: Driver) -> float:
        """The value of an input in the reference drawing."""
        if isinstance(driver, AngleDriver):
            d = self.point_position(driver.head) - self.point_position(driver.tail)
            e1, e2 = self.angle_frame(driver)
            return math.atan2(float(np.dot(d, e2)), float(np.dot(d, e1)))
        i, j = (self.point_position(p) for p in driver.guide_points)
        k = self.point_position(driver.point)
        return float(np.dot(k - i, j - i) / np.linalg.norm(j - i))

    def off_axis_direction(self, body: str, axis: str, points: tuple[str, str]):
        """A direction of ``body`` well away from the joint axis (its unit vectors first,
        then the vectors from its point on the axis to its other points), or None."""
        b = self.bodies[body]
        u = self.bodies[body].vectors[axis]
        anchor = points[0] if points[0] in b.points else points[1]
        candidates = [(v, b.vectors[v], None) for v in b.vectors if v != axis]
        candidates += [(p, b.points[p] - b.points[anchor], p) for p in b.points if p != anchor]
        for label, d, point in candidates:
            norm = float(np.linalg.norm(d))
            if norm > 1e-12 and np.linalg.norm(np.cross(u, d)) / norm > 0.3:
                return label, d, point
        return None

    def angle_frame(self, driver: AngleDriver) -> tuple[np.ndarray, np.ndarray]:
        """(e₁, e₂): the directions from which, and towards which, an angle input is
        measured (planar: x and y; spatial: the reference and axis × reference)."""
        if self.dimension == 2:
            return np.array([1.0, 0.0]), np.array([0.0, 1.0])
        w = self.bodies[GROUND].vectors[driver.axis]
        e1 = np.asarray(driver.reference, dtype=float)
        return e1, np.cross(w, e1)

    def summary(self) -> str:
        """A readable listing of the description: bodies and points, joints, inputs."""
        lines = [f"Mechanism '{self.name}' ({'planar' if self.dimension == 2 else 'spatial'})"]
        for body in self.bodies.values():
            points = ", ".join(f"{p} {coordinates_text(v)}" for p, v in body.points.items())
            vectors = "".join(f", vector {v} {coordinates_text(u)}" for v, u in body.vectors.items())
            lines.append(f"  body {body.name:10s} {points}{vectors}")
            if body.mass is not None:
                J = body.mass.inertia
                inertia = f"{J:.4g}" if np.ndim(J) == 0 else "[" + "; ".join(coordinates_text(row) for row in J) + "]"
                lines.append(f"       {'':10s} mass {body.mass.mass:.4g}, G {coordinates_text(body.mass.centre)}, J_G {inertia}")
        lines += [f"  {joint.describe()}" for joint in self.joints]
        lines += [f"  {driver.describe()}" for driver in self.drivers]
        return "\n".join(lines)


def coordinates_text(v) -> str:
    """Coordinates for a message or listing: (1, 0.5), not (np.float64(1.0), ...)."""
    return "(" + ", ".join(f"{float(c):.6g}" for c in v) + ")"
