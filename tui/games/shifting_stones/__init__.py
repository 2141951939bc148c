"""The Shifting Stones table: its screen and the widgets only it draws."""

from tui.games.shifting_stones.screen import ShiftingStonesScreen

__all__ = ["ShiftingStonesScreen"]
