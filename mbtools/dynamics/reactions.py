"""Joint reactions: the force (and torque) a joint transmits, in any family.

Natural and basic coordinates write no equation for a joint whose bodies share a point,
and relative coordinates none for a joint of the spanning tree, so the multipliers of
the model do not name every joint. The reactions are found *body by body*
(:mod:`mbtools.dynamics.body_reactions`): each moving body's motion is read off its
placement (the same origin o — its centre of mass — and frame R in every family), and
its Newton–Euler equations, with the wrenches the joints can transmit as unknowns
(:mod:`mbtools.dynamics.joint_wrenches`), the weights and the loads' wrenches on it
(:mod:`mbtools.dynamics.load_wrenches`), are solved for them together:

    Σ_J ± X(P_J − G_b) B_Jᵀ μ_J + Σ_d μ_d D_d,b = (m a_G − F_b, Ḣ_G − n_b)    for every body b,

by least squares; where the joints are redundant, with the minimum norm in the joints'
force and moment components (each moment about its joint's point) and the drivers' efforts.
A state that the joints do not allow is refused by the misfit it leaves. No second model
is built: the answer is the same in every family, to round-off.

Convention: ``reactions[J]`` is the force on the joint's second body (``body_j`` of the
description) exerted by its first (``body_i``), in ground axes, with the torque about the
joint's point (about body_j's origin for a joint without one). Where body_j is the
ground, it is still the force on the ground: minus the force on body_i (the torque then
about body_i's origin for a joint without a point). A load at a point shared by two bodies
acts on the body it names (``PointForce(..., body=)``, ``Spring(..., bodies=)``), carried
there by that body's own placement, so that the answer does not depend on which body was
drawn first; a load at a shared point that names no body is refused, since the joint's
reaction there depends on it. A spatial body of two points only (a line of mass, natural
and basic coordinates) has no spin: its moment equation is written on the plane normal to
its line, and the reactions at its ball joints are defined.

Example
-------
A bob of 2 kg held horizontal at rest by its driver: the pivot carries its weight.

>>> from mbtools import Mechanism, MassProperties, formulate
>>> from mbtools.dynamics import MultibodySystem, inverse_dynamics
>>> m = Mechanism("pendulum")
>>> m.add_ground({"O": (0.0, 0.0)})
>>> m.add_body("bob", {"O": (0.0, 0.0), "P": (1.5, 0.0)}, mass=MassProperties(2.0, (1.5, 0.0), 0.0))
>>> m.add_revolute("ground", "bob", at="O")
>>> m.add_angle_driver("swing", tail="O", head="P")
>>> result = inverse_dynamics(MultibodySystem(formulate(m, "natural")), {"swing": 0.0}, {"swing": 0.0}, {"swing": 0.0})
>>> reaction = result.reactions["R_O"]
>>> reaction.force.round(9) + 0.0, round(reaction.torque, 9) + 0.0
(array([ 0.  , 19.62]), 0.0)
"""

from __future__ import annotations

from .body_reactions import Reaction, body_reactions
from .loads import refuse_shared_points
from .system import MultibodySystem

__all__ = ["Reaction", "ReactionSolver"]


class ReactionSolver:
    """Reactions of a system's joints at any state, body by body
    (:func:`~mbtools.dynamics.body_reactions.body_reactions`)."""

    def __init__(self, system: MultibodySystem):
        refuse_shared_points(system.loads, system.model.mechanism, "the reaction")
        self.system, self.model = system, system.model

    def at(self, q, qd, qdd, t: float = 0.0, drivers: str = "prescribed") -> dict[str, Reaction]:
        """Every joint's reaction at the state (q, q̇, q̈) at time t. ``drivers``: which
        driving efforts are unknowns — ``"prescribed"`` (forward dynamics: the inputs the
        system prescribes) or ``"all"`` (inverse dynamics: every input prescribes the motion)."""
        return body_reactions(self.system, q, qd, qdd, t, drivers).reactions
