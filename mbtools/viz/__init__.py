"""What a reader sees: equations and tables (display), drawings and animations
(plotting), and lecture widgets (widgets, which need ipywidgets and a kernel)."""

from . import display, plotting

__all__ = ["display", "plotting"]
