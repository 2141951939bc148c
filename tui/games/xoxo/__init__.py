"""The XOXO table: its screen and the widgets only it draws."""

from tui.games.xoxo.screen import XoxoScreen

__all__ = ["XoxoScreen"]
