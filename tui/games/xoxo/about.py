"""XOXO as the app lists, says and explains it."""

from tui.catalog import GameUI

ABOUT = GameUI(screen="XoxoScreen", order=0)
