"""Every game of computers ends: normal computer players in every seat finish every game
and player count within `MOVES_BOUND` moves, seeded as the app seeds them. In 3,000 seeds
of every game and player count the longest game was far shorter (see
benchmarks/bench_game_length.py); before the repetition rule, 3 x 3 with eleven computers
went round for ever with seeds 55, 688 and 2129."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from rules import GAMES
from rules.bots import self_play

MOVES_BOUND = 1_000
"""More moves than any game of computers has needed."""
NAMES = ("Ann", "Bob", "Cy", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kim")
SEEDS = {"3x3": range(40), "xoxo": range(20), "shifting-stones": (0,), "xylotar": (0,)}
"""Seeds per player count: many where a game is quick to play, one where it is slow."""
ROUND_FOR_EVER = {("3x3", 11): (55, 688, 2129)}
"""Seeds whose game went round for ever before the repetition rule."""


def cases() -> Iterator[Any]:
    for game_id, game in GAMES.items():
        for players in range(game.min_players, game.max_players + 1):
            seeds = (*SEEDS[game_id], *ROUND_FOR_EVER.get((game_id, players), ()))
            yield pytest.param(game_id, players, seeds, id=f"{game_id}-{players}p")


@pytest.mark.parametrize(("game_id", "players", "seeds"), cases())
def test_every_game_of_computers_ends_within_the_bound(
    game_id: str, players: int, seeds: tuple[int, ...]
) -> None:
    game = GAMES[game_id]
    endless = [
        seed
        for seed in seeds
        if not game.is_over(self_play(game_id, NAMES[:players], seed, MOVES_BOUND)[1])
    ]
    assert endless == []
