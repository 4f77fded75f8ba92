"""Where an ODE formulation stops: within a hair of a singular position.

Near a singular position the constraint Jacobian has a small singular value σ, and a
drift ε of the state becomes an acceleration of order ε/σ along another branch (see
:mod:`mbtools.dynamics.integrate`). The ODE formulations measure how close they are from
the factorisation they compute anyway — the ratio of the smallest to the largest
diagonal entry of the pivoted QR of Φ_qᵀ over the independent rows (multipliers), or of
the singular values (projection) — and stop below :data:`NEAR_SINGULAR` (or, under
Baumgarte's stabilisation alone, :data:`NEAR_SINGULAR_BAUMGARTE`).
"""

from __future__ import annotations

from ..errors import SingularJacobianError

#: The ratio below which an ODE formulation with the state projected after every step
#: refuses to go on. Projected, the state is off the constraints by round-off and the
#: integrator's local error (~rtol); branches part linearly with the distance d from the
#: singular position, so a step would have to land within ~rtol of it to change branch —
#: which happens only where the integrator crowds its steps there, and then the ratio
#: falls far below 1e-6 first (A02: N = 40, or N = 10 at rtol 1e-11).
NEAR_SINGULAR = 1e-6
#: The same for Baumgarte's stabilisation without projection: its drift grows to 1e-6 …
#: 1e-4 of the size, and A02 (N = 1) leaves its branch with the ratio never below 1.1e-6;
#: so it is refused far wider.
NEAR_SINGULAR_BAUMGARTE = 1e-3


def refuse_near_singular(name: str, t: float, ratio: float, threshold: float = NEAR_SINGULAR) -> None:
    """Raise the error that names the time and the way out, if ``ratio`` < ``threshold``."""
    if ratio < threshold:
        raise SingularJacobianError(
            f"'{name}' reaches a singular position at t = {t:.6g} (the constraint Jacobian within {ratio:.1e} "
            "of losing rank), where an ODE formulation can leave its branch without a sign: simulate it with "
            "formulation='ali3p' (the default), which keeps its branch through singular positions."
        )
