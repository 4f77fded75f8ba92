"""Errors that say what went wrong in words a reader can act on.

Every error names the body, joint, point, input or constraint at fault and says what
to do about it. None of them is ever replaced by a bare numpy traceback.
"""

from __future__ import annotations


class MbtoolsError(Exception):
    """Base class of every error raised by mbtools."""


class MechanismError(MbtoolsError, ValueError):
    """The mechanism description is inconsistent (raised while it is built or checked)."""


class InputError(MbtoolsError, ValueError):
    """An input (driver) name is unknown, missing, or its value is not a finite number."""


class UnknownNameError(InputError, KeyError):
    """A point, vector or input that the model does not have (also a KeyError, as a
    lookup by name that fails)."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


class AssemblyError(MbtoolsError, RuntimeError):
    """The position problem has no solution near the guess.

    Attributes
    ----------
    violated : list of tuple
        The constraints left unsatisfied at the best iterate, as (name, residual) pairs,
        largest first.
    result : PositionResult or None
        The failed iteration, so that its history can still be printed.
    """

    def __init__(self, message: str, violated=None, result=None):
        super().__init__(message)
        self.violated = list(violated or [])
        self.result = result


class SingularJacobianError(MbtoolsError, RuntimeError):
    """The constraint Jacobian is singular: a dead point or a branch point.

    Attributes
    ----------
    dependent : list of str
        The constraints that have become dependent (those with weight in the left
        null space of the Jacobian).
    """

    def __init__(self, message: str, dependent=None):
        super().__init__(message)
        self.dependent = list(dependent or [])


class EquilibriumError(MbtoolsError, RuntimeError):
    """No isolated static equilibrium: Newton did not converge from the guess, the point
    given is not balanced, the stiffness on the motions the constraints allow is singular
    there (a free motion that no spring or load holds), or the equilibrium is unstable
    where natural modes were asked for."""


class SuspiciousInputWarning(UserWarning):
    """An input that is legal but probably not what was meant, such as a whole number of
    radians above 2π (a value in degrees passed where radians are expected)."""


class SingularPositionWarning(UserWarning):
    """The position found is at (or next to) a dead point or branch point."""


class AccuracyWarning(UserWarning):
    """A result computed, but not to the accuracy asked: the warning says where and why."""
