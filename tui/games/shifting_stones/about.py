"""Shifting Stones as the app lists, says and explains it."""

from tui.games import GameUI
from tui.i18n import N_

ABOUT = GameUI(
    screen="ShiftingStonesScreen",
    words="tui.words.shifting_stones",
    help_file="shifting_stones.md",
    order=1,
    short_title=N_("Stones"),
)
