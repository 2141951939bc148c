"""How fast the Shifting Stones engine runs: random games, and the computer player's think time.

Run from the project folder: python benchmarks/bench_shifting_stones.py
"""

from __future__ import annotations

import random
from typing import Any

from rules.engine import Action, AnyGame
from rules.shifting_stones import Score, ShiftingStones

from harness import bot_choice, play, report_rate

GAME = ShiftingStones()


def scoring_choice(
    game: AnyGame, state: Any, seat: int, legal: list[Action], rng: random.Random
) -> Action:
    """A scorable card is scored, otherwise any legal action (uniform play barely scores)."""
    scores = [action for action in legal if isinstance(action, Score)]
    return scores[0] if scores else rng.choice(legal)


def main() -> None:
    report_rate("random 3-player games", GAME, 3, scoring_choice, seconds=5.0)
    for players in (1, 3, 5):
        times = [t for seed in range(10) for t in play(GAME, players, seed, bot_choice)[1]]
        print(
            f"bot, {players} player(s), 10 games: {len(times)} decisions, "
            f"average {1000 * sum(times) / len(times):.1f} ms, max {1000 * max(times):.1f} ms"
        )


if __name__ == "__main__":
    main()
