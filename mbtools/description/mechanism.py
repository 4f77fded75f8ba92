"""A mechanism described once, independently of any coordinates.

See :class:`Mechanism` for how to describe one; the joint types are in
:mod:`mbtools.description.joints`, the checks of the whole description and the joint
graph in :mod:`mbtools.description.topology`.
"""

from __future__ import annotations

import numpy as np

from ..errors import MechanismError
from .inertia import MassProperties, checked_mass_properties
from .joints import (GROUND, AngleDriver, Body, Cylindrical, Driver, Joint, Prismatic, Revolute, Rigid, SlideDriver,
                     Spherical, Translational, Universal)
from .drawing import Drawing
from .entries import (add_joint, body_holding, checked_point, checked_vector, reference_direction,
                      refuse_axis_name_clash, require_bodies, require_new_input, require_shared, require_spatial)
from .topology import check_description, gruebler_kutzbach
from .validate import named_entries, require_identifier

class Mechanism(Drawing):
    """A mechanism: a ground, bodies with named points (and unit vectors), joints, inputs.

    The mechanism is **drawn already assembled**, in one *reference configuration*: each
    body lists its named points at their positions in that drawing (any length unit, the
    same throughout). Lengths, areas and angles that the rigid bodies keep are read from
    the drawing, so the description cannot contradict itself; the drawing is also the
    default starting guess of the position problem. A point that two bodies list (same
    name, same place) is where a joint joins them. Angles are in radians.

    How to describe one:

    1. ``m = Mechanism("name")`` (``dimension=3`` for a spatial mechanism);
    2. ``m.add_ground({...})`` with the fixed points (in space also the fixed unit
       vectors: joint axes), then ``m.add_body(name, {...})`` for each moving body;
    3. joints: ``add_revolute``, ``add_prismatic`` (plane); ``add_revolute`` with
       ``axis=``, ``add_spherical``, ``add_cylindrical``, ``add_translational``,
       ``add_universal`` (space); ``add_rigid`` (both);
    4. inputs: ``add_angle_driver`` or ``add_slide_driver``, one per degree of freedom;
    5. ``m.check()`` (the formulations call it too), ``print(m.summary())``.

    Then ``mbtools.formulate(m, family)`` gives a model in one family of coordinates.

    Parameters
    ----------
    name : str
        Shown in tables and error messages.
    dimension : int
        2 for a planar mechanism, 3 for a spatial one.

    Example
    -------
    A pendulum hinged at the origin, driven by its angle:

    >>> m = Mechanism("pendulum")
    >>> m.add_ground({"O": (0.0, 0.0)})
    >>> m.add_body("bar", {"O": (0.0, 0.0), "P": (1.0, 0.0)})
    >>> m.add_revolute("ground", "bar", at="O")
    >>> m.add_angle_driver("swing", tail="O", head="P")
    >>> m.check()
    >>> m.moving_points()
    ['P']
    """

    def __init__(self, name: str, dimension: int = 2):
        if not isinstance(name, str) or not name.strip():
            raise MechanismError(f"A mechanism's name is a non-empty string, got {name!r}.")
        if isinstance(dimension, bool) or dimension not in (2, 3):
            raise MechanismError(
                f"Mechanism '{name}': dimension must be 2 (planar) or 3 (spatial), got "
                f"{dimension!r}."
            )
        self.name = name
        self.dimension = int(dimension)
        self.bodies: dict[str, Body] = {}
        self.joints: list[Joint] = []
        self.drivers: list[Driver] = []

    def __repr__(self) -> str:
        kind = "planar" if self.dimension == 2 else "spatial"
        return (f"<Mechanism '{self.name}' ({kind}): {len(self.bodies)} bodies, "
                f"{len(self.joints)} joints, inputs {[d.name for d in self.drivers]}>")

    # ----------------------------------------------------------------- building
    def add_ground(self, points: dict, vectors: dict | None = None) -> None:
        """Add the fixed body, named ``"ground"``, with its points (fixed positions) and,
        in space, its unit vectors (fixed joint axes).

        Parameters
        ----------
        points : dict
            Point name → coordinates, e.g. ``{"O2": (0, 0), "O4": (6, 0)}``.
        vectors : dict, optional
            Unit-vector name → components (space only), e.g. ``{"z": (0, 0, 1)}``, each
            of length 1.
        """
        self._add_body(GROUND, points, is_ground=True, vectors=vectors)

    def add_body(self, name: str, points: dict, vectors: dict | None = None,
                 mass: MassProperties | None = None, free: bool = False) -> None:
        """Add a moving body with its points (and unit vectors) in the reference drawing,
        and optionally its mass properties (mass, centre of mass in the drawing, inertia
        about it; see :class:`~mbtools.MassProperties`).

        ``points`` is a dict from point names to coordinates, e.g. ``{"A": (0, 0), "B":
        (1, 0)}``. A point that two bodies share (same name) must sit at the same position
        in both, and the two bodies must be joined there by a revolute, spherical or
        universal joint; a shared unit vector must be the axis of a revolute or
        cylindrical joint between them.

        ``free=True`` lets the body (with whatever bodies are jointed to it) fly free of
        the ground — a falling bar, a thrown link: dynamics integrates it, kinematics
        cannot place it (no input sets where it is). Without it a body that no chain of
        joints attaches to the ground is refused, as a forgotten joint.

        Parameters
        ----------
        name : str
            The body's name, an identifier (letters, digits, underscores).
        points : dict
            Point name → coordinates in the drawing; at least one.
        vectors : dict, optional
            Unit-vector name → components (space only).
        mass : mbtools.MassProperties, optional
            Mass, centre of mass and inertia; needed for dynamics, not for kinematics.
        free : bool, optional
            True for a body not attached to the ground (default False).
        """
        if not isinstance(free, bool):
            raise MechanismError(f"Body '{name}': free takes True or False, got {free!r}.")
        if name == GROUND:
            raise MechanismError(
                "'ground' is the fixed body: add it with add_ground(), not add_body()."
            )
        self._add_body(name, points, is_ground=False, vectors=vectors, mass=mass, free=free)

    def _add_body(self, name: str, points, is_ground: bool, vectors=None, mass=None, free=False) -> None:
        if not isinstance(name, str) or not name:
            raise MechanismError(f"A body name must be a non-empty string, got {name!r}.")
        require_identifier("Body", name)
        points = named_entries("points", name, points)
        vectors = named_entries("vectors", name, vectors)
        for kind, names in (("Point", points), ("Vector", vectors)):
            for label in names:
                require_identifier(kind, label, f" of body '{name}'")
        if name in self.bodies:
            raise MechanismError(
                f"Body '{name}' is defined twice: give each body a distinct name."
            )
        if not points:
            raise MechanismError(f"Body '{name}' has no points: list at least one point.")
        refuse_axis_name_clash(self.bodies, name, points, vectors)
        clean = {point: checked_point(self.bodies, self.dimension, name, point, xy) for point, xy in points.items()}
        unit = {vector: checked_vector(self.bodies, self.dimension, name, vector, xyz, clean) for vector, xyz in vectors.items()}
        properties = None if mass is None else checked_mass_properties(name, mass, self.dimension)
        self.bodies[name] = Body(name, clean, is_ground, unit, properties, free)

    def add_revolute(self, body_i: str, body_j: str, at: str, axis: str | None = None,
                     name: str | None = None) -> None:
        """Join two bodies by a revolute pair at their shared point ``at``; in space also
        about their shared unit vector ``axis``.

        Parameters
        ----------
        body_i, body_j : str
            The two bodies; both list the point ``at`` (and, in space, the vector ``axis``).
        at : str
            The joint's point.
        axis : str, optional
            The joint's axis, a unit vector of both bodies: required in space, refused
            in the plane.
        name : str, optional
            The joint's name, ``"R_" + at`` by default.
        """
        name = name or f"R_{at}"
        require_bodies(self.bodies, name, body_i, body_j)
        require_shared(self.bodies, name, "point", at, body_i, body_j)
        if self.dimension == 2 and axis is not None:
            raise MechanismError(
                f"Revolute '{name}': a planar revolute turns about the normal to the plane; "
                "give no axis (axis= is for spatial mechanisms)."
            )
        if self.dimension == 3:
            if axis is None:
                raise MechanismError(
                    f"Revolute '{name}': a spatial revolute needs its axis, a unit vector "
                    "that both bodies list: add_revolute(..., axis='name')."
                )
            require_shared(self.bodies, name, "vector", axis, body_i, body_j)
        add_joint(self.joints, Revolute(name, body_i, body_j, at, axis))

    def add_rigid(self, body_i: str, body_j: str, name: str | None = None) -> None:
        """Weld two bodies together: they move as one (they may share points and vectors).

        Parameters
        ----------
        body_i, body_j : str
            The two bodies.
        name : str, optional
            The joint's name, ``"W_" + body_i + "_" + body_j`` by default.
        """
        name = name or f"W_{body_i}_{body_j}"
        require_bodies(self.bodies, name, body_i, body_j)
        add_joint(self.joints, Rigid(name, body_i, body_j))

    def add_spherical(self, body_i: str, body_j: str, at: str, name: str | None = None) -> None:
        """Join two bodies by a spherical pair (ball joint) at their shared point ``at``
        (space only).

        Parameters
        ----------
        body_i, body_j : str
            The two bodies; both list the point ``at``.
        at : str
            The centre of the ball.
        name : str, optional
            The joint's name, ``"S_" + at`` by default.
        """
        name = name or f"S_{at}"
        require_spatial(self, name, "spherical")
        require_bodies(self.bodies, name, body_i, body_j)
        require_shared(self.bodies, name, "point", at, body_i, body_j)
        add_joint(self.joints, Spherical(name, body_i, body_j, at))

    def add_translational(self, body_i: str, body_j: str, axis: str, points: tuple[str, str],
                          name: str | None = None) -> None:
        """Join two bodies by a prismatic pair in space (translational joint) along their
        shared unit vector ``axis``; ``points`` = (a point of body i, a point of body j),
        both on the joint's line. Each body must also have a point or vector off that
        line, which keeps it from turning about the axis.

        Parameters
        ----------
        body_i, body_j : str
            The two bodies; both list the vector ``axis``.
        axis : str
            The sliding direction, a unit vector of both bodies.
        points : tuple of str
            (a point of body_i, a point of body_j), both on the joint's line in the drawing.
        name : str, optional
            The joint's name, ``"P_" + axis`` by default.
        """
        name = name or f"P_{axis}"
        self._add_line_joint(Translational, "translational", body_i, body_j, axis, points, name)
        for body in (body_i, body_j):
            if self.off_axis_direction(body, axis, points) is None:
                self.joints.pop()
                raise MechanismError(
                    f"Translational '{name}': body '{body}' has no point or vector off the axis "
                    f"'{axis}', so nothing keeps it from turning about it; add one."
                )

    def add_cylindrical(self, body_i: str, body_j: str, axis: str, points: tuple[str, str],
                        name: str | None = None) -> None:
        """Join two bodies by a cylindrical pair along their shared unit vector ``axis``;
        ``points`` = (a point of body i, a point of body j), both on the joint's line.

        Parameters
        ----------
        body_i, body_j : str
            The two bodies; both list the vector ``axis``.
        axis : str
            The joint's axis, a unit vector of both bodies: they slide along it and turn
            about it.
        points : tuple of str
            (a point of body_i, a point of body_j), both on the joint's line in the drawing.
        name : str, optional
            The joint's name, ``"C_" + axis`` by default.
        """
        self._add_line_joint(Cylindrical, "cylindrical", body_i, body_j, axis, points, name or f"C_{axis}")

    def _add_line_joint(self, kind, label: str, body_i: str, body_j: str, axis: str, points, name: str) -> None:
        require_spatial(self, name, label)
        require_bodies(self.bodies, name, body_i, body_j)
        require_shared(self.bodies, name, "vector", axis, body_i, body_j)
        if len(points) != 2:
            raise MechanismError(f"Joint '{name}': give points=(point of {body_i}, point of {body_j}).")
        p_i, p_j = points
        for body, p in ((body_i, p_i), (body_j, p_j)):
            if p not in self.bodies[body].points:
                raise MechanismError(
                    f"Joint '{name}': point '{p}' is not on body '{body}' (its points: "
                    f"{sorted(self.bodies[body].points)})."
                )
        u = self.bodies[body_i].vectors[axis]
        d = self.bodies[body_j].points[p_j] - self.bodies[body_i].points[p_i]
        if np.linalg.norm(np.cross(u, d)) > 1e-9 * max(1.0, np.linalg.norm(d)):
            raise MechanismError(
                f"Joint '{name}': points '{p_i}' and '{p_j}' are not on one line along "
                f"'{axis}' in the drawing; move them onto the joint's axis."
            )
        add_joint(self.joints, kind(name, body_i, body_j, axis, p_i, p_j))

    def add_universal(self, body_i: str, body_j: str, at: str, axes: tuple[str, str],
                      name: str | None = None) -> None:
        """Join two bodies by a universal (Cardan) joint at their shared point ``at``;
        ``axes`` = (arm of the cross on body i, arm on body j), unit vectors.

        Parameters
        ----------
        body_i, body_j : str
            The two bodies; both list the point ``at``.
        at : str
            The centre of the cross.
        axes : tuple of str
            (a unit vector of body_i, a unit vector of body_j): the two arms of the
            cross, at an angle to each other (usually 90°).
        name : str, optional
            The joint's name, ``"U_" + at`` by default.
        """
        name = name or f"U_{at}"
        require_spatial(self, name, "universal")
        require_bodies(self.bodies, name, body_i, body_j)
        require_shared(self.bodies, name, "point", at, body_i, body_j)
        if len(axes) != 2:
            raise MechanismError(f"Universal '{name}': give axes=(vector of {body_i}, vector of {body_j}).")
        for body, v in zip((body_i, body_j), axes):
            if v not in self.bodies[body].vectors:
                raise MechanismError(
                    f"Universal '{name}': body '{body}' has no vector '{v}' (its vectors: "
                    f"{sorted(self.bodies[body].vectors)})."
                )
        u, v = self.bodies[body_i].vectors[axes[0]], self.bodies[body_j].vectors[axes[1]]
        if np.linalg.norm(np.cross(u, v)) < 1e-6:
            raise MechanismError(
                f"Universal '{name}': the arms '{axes[0]}' and '{axes[1]}' are parallel; the "
                "arms of a Cardan cross must be at an angle (usually 90°)."
            )
        add_joint(self.joints, Universal(name, body_i, body_j, at, axes[0], axes[1]))

    def add_prismatic(
        self,
        guide_body: str,
        guide_points: tuple[str, str],
        slider_body: str,
        slider_points: tuple[str, str],
        name: str | None = None,
    ) -> None:
        """Join ``slider_body`` to ``guide_body`` by a planar prismatic pair (paper's Fig. 6b).

        Parameters
        ----------
        guide_body : str
            The body that carries the guide.
        guide_points : tuple of str
            (i, j), two points of the guide body: the sliding direction is i→j.
        slider_body : str
            The body that slides along the guide.
        slider_points : tuple of str
            (k, q) on the slider body: k keeps its distance from the line i–j, k→q its angle to i→j.
        name : str, optional
            The joint's name, ``"P_" + slider_body`` by default.
        """
        name = name or f"P_{slider_body}"
        if self.dimension != 2:
            raise MechanismError(
                f"Prismatic '{name}': add_prismatic is the planar pair (Fig. 6b); in space use "
                "add_translational(body_i, body_j, axis=..., points=(...))."
            )
        require_bodies(self.bodies, name, guide_body, slider_body)
        for body, pts, role in (
            (guide_body, guide_points, "guide"),
            (slider_body, slider_points, "slider"),
        ):
            if isinstance(pts, str) or len(pts) != 2 or pts[0] == pts[1]:
                raise MechanismError(
                    f"Prismatic '{name}': give two distinct {role} points, a tuple of two point names "
                    f"of body '{body}' (its points: {sorted(self.bodies[body].points)}), got {pts!r}."
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
        add_joint(self.joints, 
            Prismatic(name, guide_body, tuple(guide_points), slider_body, tuple(slider_points))
        )

    def add_angle_driver(self, name: str, tail: str, head: str, axis: str | None = None,
                         reference=None) -> None:
        """Name an input: the angle of the vector tail→head of one body.

        Planar: measured from +x. Spatial: measured about ``axis`` (a unit vector of the
        ground) from ``reference`` (a direction; by default the ground x, y or z axis
        least aligned with ``axis``, projected onto the plane normal to it).

        Parameters
        ----------
        name : str
            The input's name, used by ``solve_position(model, {name: value})``.
        tail, head : str
            Two points of one body; the angle is that of the vector tail→head.
        axis : str, optional
            Space only: a unit vector of the ground about which the angle is measured.
        reference : array_like, optional
            Space only: the direction (three components) of zero angle.

        Examples
        --------
        >>> import mbtools
        >>> m = mbtools.examples.four_bar(2, 7, 9, 6)
        >>> [driver.name for driver in m.drivers]
        ['crank']
        """
        require_new_input(self.drivers, name)
        body = body_holding(self.bodies, name, (tail, head))
        if self.bodies[body].is_ground:
            raise MechanismError(
                f"Angle driver '{name}': {tail}→{head} joins two ground points, so its angle never "
                "changes and drives nothing; measure it on the moving body it turns."
            )
        d = self.bodies[body].points[head] - self.bodies[body].points[tail]
        if self.dimension == 3:
            ground = self.bodies.get(GROUND)
            if axis is None or ground is None or axis not in ground.vectors:
                raise MechanismError(
                    f"Angle driver '{name}': in space an angle is measured about a fixed axis: "
                    "pass axis= the name of a unit vector of the ground."
                )
            reference = reference_direction(name, ground.vectors[axis], reference)
            d = d - np.dot(d, ground.vectors[axis]) * ground.vectors[axis]
        elif axis is not None or reference is not None:
            raise MechanismError(f"Angle driver '{name}': a planar angle takes no axis or reference.")
        if np.linalg.norm(d) < 1e-12:
            raise MechanismError(
                f"Angle driver '{name}': points '{tail}' and '{head}' define no direction"
                f"{' normal to the axis' if self.dimension == 3 else ''} (they coincide"
                f"{' or lie along the axis' if self.dimension == 3 else ''})."
            )
        self.drivers.append(AngleDriver(name, tail, head, axis, None if reference is None else tuple(reference)))

    def add_slide_driver(self, name: str, guide_points: tuple[str, str], point: str) -> None:
        """Name an input: the distance of ``point`` along the guide i→j, measured from i.

        Parameters
        ----------
        name : str
            The input's name.
        guide_points : tuple of str
            (i, j), two points of one body: the guide's direction is i→j.
        point : str
            The point whose distance along the guide is the input, a point of the
            sliding body.
        """
        require_new_input(self.drivers, name)
        body = body_holding(self.bodies, name, tuple(guide_points))
        if self.point_position(point) is None:
            raise MechanismError(f"Slide driver '{name}': no body has a point '{point}'.")
        if all(self.bodies[b].is_ground for b in self.bodies_of_point(point)):
            raise MechanismError(
                f"Slide driver '{name}': '{point}' is a ground point, so its distance never changes "
                "and drives nothing; measure a point of the sliding body."
            )
        i, j = (self.bodies[body].points[p] for p in guide_points)
        if np.linalg.norm(j - i) < 1e-12:
            raise MechanismError(f"Slide driver '{name}': guide points {guide_points} coincide.")
        self.drivers.append(SlideDriver(name, tuple(guide_points), point))

    # ----------------------------------------------------------------- checking
    def check(self) -> None:
        """Check the description as a whole; raise :class:`MechanismError` if it is wrong.

        Checks: a ground exists; every shared point is joined (by a revolute, spherical
        or universal joint) and every shared vector is a joint axis (revolute or
        cylindrical) between the bodies that share it; every body is connected to the
        ground through joints, or flies free with a body declared ``free=True``; planar bodies have at least two points; every moving body
        has a point or vector that is not the ground's.
        """
        check_description(self)

    def gruebler_kutzbach(self) -> int:
        """Mobility by the Grübler–Kutzbach count, with the freedoms of :data:`~mbtools.description.JOINT_TYPES`."""
        return gruebler_kutzbach(self)

