"""How fast the XOXO engine runs: random full games, and games between computer players.

Run from the project folder: python benchmarks/bench_xoxo.py
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.xoxo import Xoxo

GAME = Xoxo()
NAMES = ["P0", "P1", "P2", "P3"]


def random_game(players: int, seed: int) -> int:
    """A full game of random legal placements; its number of actions."""
    rng = random.Random(seed)
    state = GAME.new_game(NAMES[:players], seed)
    actions = 0
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        actions += 1
    return actions


def bot_game(players: int, seed: int) -> int:
    """A full game between basic computer players; its number of actions."""
    rng = random.Random(seed)
    state = GAME.new_game(NAMES[:players], seed)
    actions = 0
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        state = GAME.apply(state, seat, GAME.bot_action(GAME.view(state, seat), legal, rng))
        actions += 1
    return actions


def games_per_second(play: Callable[[int, int], int], seconds: float = 3.0) -> tuple[float, float]:
    """4-player games per second and actions per game, playing seeds 0, 1, ... for `seconds`."""
    start = time.perf_counter()
    games = actions = 0
    while time.perf_counter() - start < seconds:
        actions += play(4, games)
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, actions / games


def main() -> None:
    rate, length = games_per_second(random_game)
    print(
        f"random 4-player games: {rate:8.1f} games/s  ({length:.0f} actions per game, "
        f"{rate * length:,.0f} actions/s)"
    )
    rate, length = games_per_second(bot_game)
    print(f"bot 4-player games:    {rate:8.1f} games/s  ({length:.0f} actions per game)")


if __name__ == "__main__":
    main()
