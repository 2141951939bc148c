"""The 3 x 3 table: its screen and the widgets only it draws."""

from tui.games.three_by_three.screen import ThreeByThreeScreen

__all__ = ["ThreeByThreeScreen"]
