"""The Xylotar table: its screen, its score table and the widgets only it draws."""

from tui.games.xylotar.screen import XylotarScreen

__all__ = ["XylotarScreen"]
