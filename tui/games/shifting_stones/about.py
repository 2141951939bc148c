"""Shifting Stones as the app lists, says and explains it."""

from tui.catalog import GameUI
from tui.i18n import N_

ABOUT = GameUI(
    screen="ShiftingStonesScreen",
    order=1,
    short_title=N_("Stones"),
)
