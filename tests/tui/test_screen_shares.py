"""Every table gives the room to the game: at 80x24 its pieces take at least half of the
screen and its log at most a fifth; at 160x45 the pieces at least 55% and the log at most
a quarter. "Pieces" are the shown leaf widgets that are not the log, the header, the
footer or the prompt, after a few computer moves and one privacy screen
(`tui_helpers.table_shares`)."""

from __future__ import annotations

import pytest

from saves import SaveStore

from tui_helpers import SHARE_TABLES, table_shares

LEAST_PIECES_AND_MOST_LOG = {(80, 24): (0.50, 0.20), (160, 45): (0.55, 0.25)}


@pytest.mark.parametrize("size", sorted(LEAST_PIECES_AND_MOST_LOG))
@pytest.mark.parametrize("game", sorted(SHARE_TABLES))
async def test_the_pieces_take_the_room_and_the_log_keeps_a_bounded_share(
    store: SaveStore, game: str, size: tuple[int, int]
) -> None:
    pieces, log = await table_shares(store, game, size)
    least, most = LEAST_PIECES_AND_MOST_LOG[size]
    assert pieces >= least, f"pieces {pieces:.0%}"
    assert log <= most, f"log {log:.0%}"
