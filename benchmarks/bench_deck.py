"""How hard our Shifting Stones deck is: how near a random grid comes to each card, and
how the solo game goes for the normal computer player.

1. reach: for each card value, the share of random grids (those of 60 seeded games) from
   which a card of that value shows within 1, 2 and 3 shifts or flips: the median card
   of that value and the best one. In a turn a player holding 4 cards can pay for at
   most 3 moves and still score.
2. solo: 16-card solo games (seeds from 30000): cards scored (mean and range) and games
   won, with a 95% Wilson interval.

Run from the project folder:

    python benchmarks/bench_deck.py [--games N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from rules import get_game
from rules.bots.shifting_stones import MOVES, moved
from rules.bots.shifting_stones import choose as normal
from rules.shifting_stones import CARD_VALUES, DECK_SIZE, NEEDS, VALUE, ShiftingStonesState, Stone

from common import wilson

GAME = get_game("shifting-stones")
REACH_GRIDS = 60
REACH_MOVES = 3
SOLO_SEED = 30_000

Grid = tuple[Stone, ...]


class Reach:
    """Every grid within REACH_MOVES moves of a start grid, nearest first, and for each
    (cell, symbol) the set of those grids showing it there, as bits."""

    def __init__(self, start: Grid) -> None:
        order, bounds, layer, seen = [start], [0, 1], [start], {start}
        for _ in range(REACH_MOVES):
            fresh = []
            for grid in layer:
                for move in MOVES:
                    after = moved(grid, move)
                    if after not in seen:
                        seen.add(after)
                        fresh.append(after)
            layer = fresh
            order += fresh
            bounds.append(len(order))
        self.bounds = bounds
        self.showing: dict[tuple[int, str], int] = {}
        for index, grid in enumerate(order):
            for cell, (up, _) in enumerate(grid):
                self.showing[cell, up] = self.showing.get((cell, up), 0) | 1 << index

    def moves_to(self, card: int) -> int | None:
        """The fewest moves that make the card show, None if more than REACH_MOVES."""
        grids = -1
        for need in NEEDS[card]:
            grids &= self.showing.get(need, 0)
        if not grids:
            return None
        nearest = (grids & -grids).bit_length() - 1
        return next(m for m in range(len(self.bounds) - 1) if nearest < self.bounds[m + 1])


def bench_reach() -> None:
    reaches = [Reach(GAME.new_game(["Solo"], seed).grid) for seed in range(REACH_GRIDS)]
    print(
        f"reach: share of {REACH_GRIDS} random grids from which a card shows within "
        "1 / 2 / 3 moves or fewer (median card of the value, best card in brackets)"
    )
    for value in CARD_VALUES:
        cards = [card for card in range(DECK_SIZE) if VALUE[card] == value]
        shares = {
            limit: sorted(
                sum((m := r.moves_to(card)) is not None and m <= limit for r in reaches)
                / REACH_GRIDS
                for card in cards
            )
            for limit in range(1, REACH_MOVES + 1)
        }
        line = "  ".join(
            f"{statistics.median(s) * 100:4.0f}% ({s[-1] * 100:3.0f}%)" for s in shares.values()
        )
        print(f"  {value}-point cards ({len(cards):2d}):  {line}")


# ---- solo ------------------------------------------------------------------------------


def normal_game(seed: int) -> ShiftingStonesState:
    state = GAME.new_game(["Solo"], seed)
    rng = random.Random(seed)
    while not GAME.is_over(state):
        view, legal = GAME.view(state, 0), GAME.legal_actions(state, 0)
        state = GAME.apply(state, 0, normal(view, legal, rng))
    return state


def report(label: str, games: list[ShiftingStonesState], seconds: float) -> None:
    cards = [len(state.scored[0]) for state in games]
    wins = sum(bool(state.winners) for state in games)
    low, high = wilson(wins, len(games))
    print(
        f"  {label:34s} n={len(games):<3d} cards {statistics.mean(cards):5.2f} of "
        f"{games[0].goal} "
        f"(min {min(cards)} - max {max(cards)}); won {wins} "
        f"(95%: {100 * low:4.1f}-{100 * high:4.1f}%); {seconds / len(games):5.1f} s a game"
    )


def bench_solo(games: int) -> None:
    print(f"\nsolo: {games} games, seeds {SOLO_SEED}-{SOLO_SEED + games - 1}")
    start = time.perf_counter()
    done = [normal_game(SOLO_SEED + k) for k in range(games)]
    report("normal player", done, time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="solo games")
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games must be 1 or more")
    bench_reach()
    bench_solo(args.games)


if __name__ == "__main__":
    main()
