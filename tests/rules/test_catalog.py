"""The game catalog names each game as its engine does, without loading the engine."""

from __future__ import annotations

import pytest

from rules import GAMES
from rules.catalog import CATALOG


@pytest.mark.parametrize("game_id", list(CATALOG))
def test_the_catalog_says_what_the_engine_says(game_id: str) -> None:
    entry, game = CATALOG[game_id], GAMES[game_id]
    assert (entry.title, entry.min_players, entry.max_players) == (
        game.title,
        game.min_players,
        game.max_players,
    )
