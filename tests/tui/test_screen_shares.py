"""A big terminal gives the room to the game: at 160x45 the pieces take at least 40% of
the screen and the log at most 30%, measured over the widgets' laid-out regions."""

from __future__ import annotations

import pytest

from saves import SaveStore
from tui.games import screen_class

from tui_helpers import app_for, new_session, play_bots_until, screen_shares, turn_at

BIG = (160, 45)

TABLES = {
    "3x3": ("Ann,cpu:Bob,cpu:Cy,cpu:Dee", 7, 14),
    "xoxo": ("Ann,cpu:Bob,cpu:Cy,cpu:Dee", 5, 11),
    "shifting-stones": ("Ann,cpu:Bob,cpu:Cy", 3, 6),
    "xylotar": ("Ann,cpu:Bob,cpu:Cy,cpu:Dee", 4, 20),
}
"""Per game: the players, the seed and how many moves are played before Ann's turn."""


@pytest.mark.parametrize("game", sorted(TABLES))
async def test_at_160x45_the_pieces_take_at_least_40_percent_and_the_log_at_most_30(
    store: SaveStore, game: str
) -> None:
    players, seed, moves = TABLES[game]
    session = new_session(store, players, seed=seed, game=game)
    play_bots_until(session, lambda s: len(s.record.actions) >= moves and s.to_act() == [0])
    app = app_for(store, session)
    async with app.run_test(size=BIG) as pilot:
        await turn_at(pilot, app, screen_class(game))
        await pilot.pause()
        pieces, log = screen_shares(app)
    assert pieces >= 0.40, f"pieces {pieces:.0%}"
    assert log <= 0.30, f"log {log:.0%}"
