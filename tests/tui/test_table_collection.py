"""The screen stays live while a computer thinks: an open table's widgets and game are
moved out of the garbage collector's generations (a full collection walking them stalled
the screen for some 30 ms), and are let back in when the table closes or the app ends, so
they can still be collected."""

from __future__ import annotations

import gc

from saves import SaveStore
from tui.games.xoxo.screen import XoxoScreen

from tui_helpers import app_for, new_session, turn_at


async def test_an_open_table_is_kept_out_of_the_collector_until_it_closes(
    store: SaveStore,
) -> None:
    app = app_for(store, new_session(store, "Ann,cpu:Bob", game="xoxo"))
    async with app.run_test(size=(80, 24)) as pilot:
        await turn_at(pilot, app, XoxoScreen)
        await pilot.pause()
        assert gc.get_freeze_count() > 0
        app.close_session()
        assert gc.get_freeze_count() == 0


async def test_the_collector_takes_everything_back_when_the_app_ends(store: SaveStore) -> None:
    app = app_for(store, new_session(store, "Ann,cpu:Bob", game="xoxo"))
    async with app.run_test(size=(80, 24)) as pilot:
        await turn_at(pilot, app, XoxoScreen)
        await pilot.pause()
        assert gc.get_freeze_count() > 0
    assert gc.get_freeze_count() == 0
