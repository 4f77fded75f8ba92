"""How many coordinates, constraints and degrees of freedom each family needs.

Computed from the models, never tabulated: each family formulates the same
description, and its Jacobian at the assembled reference drawing gives the rank. The
mobility n − rank(Φ_q) (drivers left out) is set beside the Grübler–Kutzbach count,
with the reason wherever the two differ.

Example
-------
>>> from mbtools import examples
>>> counts = coordinate_counts(examples.rscr())
>>> {family: c.coordinates for family, c in counts.items()}
... # doctest: +NORMALIZE_WHITESPACE
{'relative': 6, 'reference_point_euler_angles': 18, 'reference_point_euler_parameters': 21,
 'basic': 18, 'natural': 12}
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..coordinates import VARIANTS, formulate
from ..description import Mechanism
from ..errors import MechanismError
from ..kinematics.freedoms import null_and_idle
from ..model.rank import rank_of_diagonal


def variant_keys(mechanism: Mechanism) -> list[str]:
    """The formulations compared for a mechanism: the five of
    :data:`~mbtools.coordinates.VARIANTS` in space; in the plane, where a body's
    orientation is one angle, a single ``"reference_point"``."""
    if mechanism.dimension == 3:
        return list(VARIANTS)
    return ["relative", "reference_point", "basic", "natural"]


@dataclass(frozen=True)
class FamilyCount:
    """Counts of one family for one mechanism, at its reference drawing.

    Attributes
    ----------
    family : str
        The family's label, as in the model's tables.
    coordinates : int
        n, the number of coordinates.
    constraints : int
        m, the number of geometric constraint equations (the drivers left out).
    rank : int
        The rank of their Jacobian Φ_q.
    mobility : int
        n − rank: the degrees of freedom, idle freedoms included.
    redundant : int
        m − rank: the redundant equations.
    gruebler_kutzbach : int
        The mobility by the Grübler–Kutzbach count, for comparison.
    note : str
        Redundant equations, idle freedoms or special geometry, in words (empty if none).
    """

    family: str
    coordinates: int
    constraints: int  # geometric equations, drivers left out
    rank: int
    mobility: int  # n − rank(Φ_q), drivers left out
    redundant: int  # constraints − rank
    gruebler_kutzbach: int
    note: str


def freedoms(k: int) -> str:
    """``k`` idle freedoms in words, singular or plural.

    >>> freedoms(1), freedoms(2)
    ('1 idle freedom', '2 idle freedoms')
    """
    return f"{k} idle freedom" + ("" if k == 1 else "s")


def count_model(model, gruebler: int) -> FamilyCount:
    """The counts of one formulated model (Jacobian rank at its reference drawing)."""
    q = model.reference_q
    rows = [k for k, c in enumerate(model.constraints) if not c.is_driver]
    J = model.jacobian(q, model.input_values(q))[rows]
    sv = np.linalg.svd(J, compute_uv=False) if J.size else np.zeros(0)
    rank = rank_of_diagonal(sv)
    n, m = model.n_coordinates, len(rows)
    mobility = n - rank
    notes = []
    if m > rank:
        notes.append(f"{m - rank} of the {m} equations are redundant (pivoting sets them aside)")
    idle = null_and_idle(model, q, J)[1]
    if idle:
        notes.append(
            f"{freedoms(idle)} that {'moves' if idle == 1 else 'move'} no point (the spin of a link between "
            f"two ball joints about its own axis); the solver leaves {'it' if idle == 1 else 'them'} at rest"
        )
    if mobility < gruebler:
        notes.append(
            f"Grübler–Kutzbach counts {freedoms(gruebler - mobility)} that points and "
            "vectors do not model (the spin of a link between two ball joints)"
        )
    elif mobility - idle > gruebler:
        notes.append("special geometry: the joints' conditions are not independent, so Grübler–Kutzbach undercounts")
    return FamilyCount(model.facts.label, n, m, rank, mobility, m - rank, gruebler, "; ".join(notes))


def formulate_variant(mechanism: Mechanism, key: str):
    """The mechanism formulated in one family, keyed as :func:`~mbtools.coordinate_counts`."""
    family, options = VARIANTS.get(key, (key, {}))
    return formulate(mechanism, family, **options)


def formulate_all(mechanism: Mechanism) -> dict:
    """The mechanism formulated in every family, keyed as :func:`~mbtools.coordinate_counts`."""
    return {key: formulate_variant(mechanism, key) for key in variant_keys(mechanism)}


def family_count(mechanism: Mechanism, key: str) -> FamilyCount:
    """The counts of ``mechanism`` in one family (a key of :func:`~mbtools.coordinate_counts`),
    formulating that family only."""
    return count_model(formulate_variant(mechanism, key), mechanism.gruebler_kutzbach())


def coordinate_counts(mechanism: Mechanism, models: dict | None = None) -> dict[str, FamilyCount]:
    """Coordinates, constraints and mobility of ``mechanism`` in every family.

    Keys: ``"relative"``, ``"reference_point_euler_angles"``,
    ``"reference_point_euler_parameters"``, ``"basic"``, ``"natural"`` for a spatial
    mechanism; a planar one has one angle per body in reference-point coordinates, and
    one key ``"reference_point"`` for them.
    """
    if not isinstance(mechanism, Mechanism):
        raise MechanismError(
            f"coordinate_counts takes a Mechanism, not {type(mechanism).__name__}"
            + (": pass model.mechanism." if hasattr(mechanism, "mechanism") else ".")
        )
    models = models or formulate_all(mechanism)
    gruebler = mechanism.gruebler_kutzbach()
    return {key: count_model(models[key], gruebler) for key in variant_keys(mechanism)}


def counts_table(mechanism: Mechanism, models: dict | None = None) -> str:
    """The counts as a Markdown table (what ``python -m mbtools count`` prints)."""
    counts = coordinate_counts(mechanism, models)
    rows = [
        f"Mechanism '{mechanism.name}': Grübler–Kutzbach mobility {mechanism.gruebler_kutzbach()}",
        "",
        "| family | coordinates | constraints | rank | mobility n − rank | note |",
        "|---|---|---|---|---|---|",
    ]
    for key, c in counts.items():
        rows.append(f"| {key} | {c.coordinates} | {c.constraints} | {c.rank} | {c.mobility} | {c.note} |")
    return "\n".join(rows)
