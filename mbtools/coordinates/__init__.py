"""From a description to a model: the scalar conditions of the paper, the point and
pose builders, one module per family, and the family table with :func:`formulate`."""

from .families import FAMILIES, VARIANTS, Family, formulate

__all__ = ["FAMILIES", "Family", "VARIANTS", "formulate"]
