"""One table screen per game, keyed by game id, imported only when that game opens."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tui.screens.table import TableScreen

SCREENS: dict[str, tuple[str, str]] = {
    "3x3": ("tui.games.three_by_three", "ThreeByThreeScreen"),
    "xoxo": ("tui.games.xoxo", "XoxoScreen"),
    "shifting-stones": ("tui.games.shifting_stones", "ShiftingStonesScreen"),
    "xylotar": ("tui.games.xylotar", "XylotarScreen"),
}
"""Where each game's table screen lives: (module, class)."""


def screen_class(game_id: str) -> type[TableScreen]:
    """The table screen class for `game_id`, importing its module on first use."""
    module, name = SCREENS[game_id]
    found: type[TableScreen] = getattr(import_module(module), name)
    return found
