"""XOXO as the app lists, says and explains it."""

from tui.games import GameUI

ABOUT = GameUI(screen="XoxoScreen", words="tui.words.xoxo", help_file="xoxo.md", order=0)
