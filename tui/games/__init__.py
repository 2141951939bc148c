"""One table screen per game, keyed by game id."""

from __future__ import annotations

from tui.games.shifting_stones import ShiftingStonesScreen
from tui.games.three_by_three import ThreeByThreeScreen
from tui.games.xoxo import XoxoScreen
from tui.games.xylotar import XylotarScreen
from tui.screens.table import TableScreen

SCREENS: dict[str, type[TableScreen]] = {
    "3x3": ThreeByThreeScreen,
    "xoxo": XoxoScreen,
    "shifting-stones": ShiftingStonesScreen,
    "xylotar": XylotarScreen,
}
