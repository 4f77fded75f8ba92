"""Analyses built on the models: coordinate counts per family, the cost of a
formulation and of a Newton step, and the closed forms every number is checked against
(impacts included)."""

from . import closed_forms
from .cost import FormulationCost, NewtonStepCost, formulation_cost, newton_step_cost
from .counts import FamilyCount, coordinate_counts, count_model, counts_table, formulate_all

__all__ = ["FamilyCount", "FormulationCost", "NewtonStepCost", "closed_forms", "coordinate_counts", "count_model",
           "counts_table", "formulate_all", "formulation_cost", "newton_step_cost"]
