"""How fast the Shifting Stones engine runs: random full games, and the computer player's
time per decision.

Run from the project folder: python benchmarks/bench_shifting_stones.py
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.engine import Action
from rules.shifting_stones import Score, ShiftingStones

GAME = ShiftingStones()
NAMES = ["P0", "P1", "P2", "P3", "P4"]


def random_choice(legal: list[Action], rng: random.Random) -> Action:
    """A scorable card is scored, otherwise any legal action (uniform play barely scores)."""
    scores = [action for action in legal if isinstance(action, Score)]
    return scores[0] if scores else rng.choice(legal)


def random_game(players: int, seed: int) -> int:
    """A full game of random legal actions that score when they can; its number of actions."""
    rng = random.Random(seed)
    state = GAME.new_game(NAMES[:players], seed)
    actions = 0
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        state = GAME.apply(state, seat, random_choice(GAME.legal_actions(state, seat), rng))
        actions += 1
    return actions


def bot_game(players: int, seed: int) -> list[float]:
    """A full game between computer players; the seconds each decision took."""
    rng = random.Random(seed)
    state = GAME.new_game(NAMES[:players], seed)
    times = []
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        view = GAME.view(state, seat)
        start = time.perf_counter()
        action = GAME.bot_action(view, legal, rng)
        times.append(time.perf_counter() - start)
        state = GAME.apply(state, seat, action)
    return times


def main() -> None:
    start = time.perf_counter()
    games = actions = 0
    while time.perf_counter() - start < 5.0:
        actions += random_game(3, games)
        games += 1
    elapsed = time.perf_counter() - start
    print(
        f"random 3-player games: {games / elapsed:8.2f} games/s  ({actions / games:.0f} actions "
        f"per game, {actions / elapsed:,.0f} actions/s)"
    )
    for players in (1, 3, 5):
        times = [t for seed in range(10) for t in bot_game(players, seed)]
        print(
            f"bot, {players} player(s), 10 games: {len(times)} decisions, "
            f"average {1000 * sum(times) / len(times):.1f} ms, max {1000 * max(times):.1f} ms"
        )


if __name__ == "__main__":
    main()
