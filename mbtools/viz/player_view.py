"""The *3-D view* of a live demo: a button and, under it, the three.js player
(:func:`mbtools.viz.player.motion_player`) of whatever the demo has chosen, shown while
the button is pressed and replaced when the choice changes (needs a running kernel).
"""

from __future__ import annotations

from typing import Callable


class PlayerView:
    """A toggle button, ``button`` (an ``ipywidgets.ToggleButton``), and an output area,
    ``output`` (an ``ipywidgets.Output``), holding a player while the button is pressed.

    Parameters
    ----------
    make : callable
        Returns the player of the demo's current choice (a
        :class:`~mbtools.viz.player.PlayerHTML`, made with ``inline=True``: a live
        notebook reaches no book files). Called only while the button is pressed.
    tooltip : str
        What the button shows.
    """

    def __init__(self, make: Callable[[], object], tooltip: str):
        import ipywidgets as widgets

        self.make = make
        self.button = widgets.ToggleButton(value=False, description="3-D view", icon="cube", tooltip=tooltip)
        self.output = widgets.Output()
        self.shown = False  # whether the output holds a player
        self.button.observe(lambda change: self.refresh(), names="value")

    def refresh(self) -> None:
        """Show the current choice's player if the button is pressed (and enabled), else
        empty the view; a view already empty is left alone."""
        from IPython.display import display

        wanted = self.button.value and not self.button.disabled
        if not wanted and not self.shown:
            return
        with self.output:
            self.output.clear_output(wait=True)
            if wanted:
                display(self.make())
        self.shown = wanted
