"""Analyses built on the models: coordinate counts per family, the cost of a
formulation, and the closed forms every number is checked against."""

from . import closed_forms
from .cost import FormulationCost, formulation_cost
from .counts import FamilyCount, coordinate_counts, count_model, counts_table, formulate_all

__all__ = ["FamilyCount", "FormulationCost", "closed_forms", "coordinate_counts", "count_model", "counts_table",
           "formulate_all", "formulation_cost"]
