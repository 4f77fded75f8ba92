"""Dynamics on the model contract: mass matrices from the bodies' placements (this
first part), and, to come, loads by virtual power and the dynamic formulations."""

from .mass import kinetic_energy, mass_matrix, second_moment

__all__ = ["kinetic_energy", "mass_matrix", "second_moment"]
