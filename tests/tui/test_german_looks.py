"""How each game's fullest table looks in German, where the words are longer: on big
screens (120x36 and 160x45), and at 80x24 without colour and in the 16 basic colours. Each game's
own looks tests show the German table in colour at 80x24 beside the English ones."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest
from test_shifting_stones_looks import A_SHIFT
from test_shifting_stones_looks import fullest_table as stones_table
from test_three_by_three_looks import fullest_table as three_by_three_table
from test_xoxo_looks import fullest_table as xoxo_table
from test_xylotar_looks import at_the_table
from test_xylotar_looks import fullest_table as xylotar_table
from textual.pilot import Pilot

from saves import SaveStore
from tui.app import HotseatApp
from tui.games.shifting_stones.screen import ShiftingStonesScreen
from tui.games.three_by_three.screen import ThreeByThreeScreen
from tui.games.xoxo.screen import XoxoScreen
from tui.model import GameSession

from tui_helpers import app_for, turn_then

Start = Callable[[HotseatApp], Callable[[Pilot], Awaitable[None]]]

TABLES: dict[str, tuple[Callable[[SaveStore], GameSession], Start]] = {
    "3x3": (three_by_three_table, lambda app: turn_then(app, ThreeByThreeScreen, "space", "right")),
    "xoxo": (xoxo_table, lambda app: turn_then(app, XoxoScreen, "left")),
    "shifting-stones": (stones_table, lambda app: turn_then(app, ShiftingStonesScreen, *A_SHIFT)),
    "xylotar": (xylotar_table, lambda app: at_the_table(app, "play")),
}
"""Each game's fullest table and the keys that bring the person at it to a choice (a card
marked, a cursor moved, a shift begun)."""

LOOKS = {
    "120x36": ((120, 36), None),
    "160x45": ((160, 45), None),
    "80x24-no-colour": ((80, 24), "no_color"),
    "80x24-16-colours": ((80, 24), "sixteen_colours"),
}


@pytest.mark.parametrize("look", LOOKS)
@pytest.mark.parametrize("game", TABLES)
def test_the_fullest_table_reads_in_german(
    snap_compare, request: pytest.FixtureRequest, store: SaveStore, game: str, look: str
) -> None:  # type: ignore[no-untyped-def]
    size, colours = LOOKS[look]
    if colours is not None:
        request.getfixturevalue(colours)
    table, start = TABLES[game]
    app = app_for(store, table(store), language="de")
    assert snap_compare(app, run_before=start(app), terminal_size=size)
