"""How fast the 3 x 3 engine runs: random full games, and replaying a long save.

Run from the project folder: python benchmarks/bench_three_by_three.py
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.engine import Action
from rules.three_by_three import ThreeByThree

GAME = ThreeByThree()
NAMES = [f"P{i}" for i in range(11)]


def random_game(players: int, seed: int) -> list[tuple[int, Action]]:
    """A full game of random legal moves; its (seat, action) list."""
    rng = random.Random(seed)
    state = GAME.new_game(NAMES[:players], seed)
    moves = []
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        action = rng.choice(GAME.legal_actions(state, seat))
        state = GAME.apply(state, seat, action)
        moves.append((seat, action))
    return moves


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


def replay_ms(moves: list[tuple[int, Action]], players: int, seed: int) -> float:
    """Milliseconds to read a saved action list from JSON and replay it from the deal."""
    text = json.dumps([[seat, action.to_json()] for seat, action in moves])
    start = time.perf_counter()
    state = GAME.new_game(NAMES[:players], seed)
    for seat, data in json.loads(text):
        state = GAME.apply(state, seat, GAME.action_from_json(data))
    elapsed = time.perf_counter() - start
    assert GAME.is_over(state)
    return elapsed * 1000


def main() -> None:
    rate, length = games_per_second(lambda players, seed: len(random_game(players, seed)))
    print(
        f"random 4-player games: {rate:8.1f} games/s  ({length:.0f} actions per game, "
        f"{rate * length:,.0f} actions/s)"
    )
    rate, length = games_per_second(bot_game)
    print(f"bot 4-player games:    {rate:8.1f} games/s  ({length:.0f} actions per game)")
    seed = max(range(20), key=lambda s: len(random_game(11, s)))
    moves = random_game(11, seed)
    print(
        f"replay of a long 11-player save: {replay_ms(moves, 11, seed):.1f} ms "
        f"for {len(moves)} actions"
    )


if __name__ == "__main__":
    main()
