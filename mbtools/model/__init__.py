"""The public model contract (:class:`Model`) and how it is compiled: the layer every
family writes into and every analysis reads from."""

from .constraint import Constraint, Input, input_symbol
from .model import FamilyFacts, Model
from .placement import Placement, PlacementDerivatives
from .rank import RANK_RTOL, independent_rows, numerical_rank

__all__ = ["Constraint", "FamilyFacts", "Input", "Model", "Placement", "PlacementDerivatives", "RANK_RTOL", "independent_rows",
           "input_symbol", "numerical_rank"]
