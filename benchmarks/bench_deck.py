"""How hard our Shifting Stones decks are: how near a random grid comes to each card, and
how the solo game goes for the normal computer player, for each edition of the deck (the
first is the anchor: new games play the second).

1. reach: for each card value, the share of random grids (those of 60 seeded games) from
   which a card of that value shows within 1, 2 and 3 shifts or flips: the median card
   of that value and the best one. In a turn a player holding 4 cards can pay for at
   most 3 moves and still score.
2. together: the share of pairs of cards, and of the 5-point card with each 3-point
   card, that one grid can show at once (their symbol cells agree and the stones
   suffice), so that one turn may score both;
3. solo: 16-card solo games (seeds from 30000): cards scored (mean and range) and games
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
from rules.bots.shifting_stones import choose as normal
from rules.bots.stones_grid import within
from rules.shifting_stones import (
    CARD_VALUES,
    EDITIONS,
    NEEDS,
    PATTERN,
    VALUE,
    ShiftingStonesState,
    Stone,
)
from rules.shifting_stones_deck import makeable

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
        near = within(start, REACH_MOVES)
        self.moves = [len(moves) for moves in near.values()]
        self.showing: dict[tuple[int, str], int] = {}
        for index, grid in enumerate(near):
            for cell, (up, _) in enumerate(grid):
                self.showing[cell, up] = self.showing.get((cell, up), 0) | 1 << index

    def moves_to(self, card: int) -> int | None:
        """The fewest moves that make the card show, None if more than REACH_MOVES."""
        grids = -1
        for need in NEEDS[card]:
            grids &= self.showing.get(need, 0)
        if not grids:
            return None
        return self.moves[(grids & -grids).bit_length() - 1]


def bench_reach(edition: int) -> None:
    reaches = [Reach(GAME.new_game(["Solo"], seed).grid) for seed in range(REACH_GRIDS)]
    print(
        f"reach, edition {edition}: share of {REACH_GRIDS} random grids from which a card "
        "shows within 1 / 2 / 3 moves or fewer (median card of the value, best card in "
        "brackets)"
    )
    for value in CARD_VALUES:
        cards = [card for card in EDITIONS[edition] if VALUE[card] == value]
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


def together(a: int, b: int) -> bool:
    """Whether one grid can show both cards: no cell needs two symbols, and the stones
    suffice for the symbol cells of both."""
    both = []
    for mine, theirs in zip(PATTERN[a], PATTERN[b], strict=True):
        if mine is not None and theirs is not None and mine != theirs:
            return False
        both.append(mine if mine is not None else theirs)
    return makeable(tuple(both))


def bench_together(edition: int) -> None:
    cards = list(EDITIONS[edition])
    pairs = [(a, b) for i, a in enumerate(cards) for b in cards[i + 1 :]]
    fives = [card for card in cards if VALUE[card] == 5]
    threes = [card for card in cards if VALUE[card] == 3]
    best = [(a, b) for a in fives for b in threes]
    share = sum(together(a, b) for a, b in pairs) / len(pairs)
    best_share = sum(together(a, b) for a, b in best) / len(best)
    print(
        f"together, edition {edition}: {100 * share:4.1f}% of {len(pairs)} pairs of cards, "
        f"{100 * best_share:4.1f}% of the {len(best)} pairs of a 5- and a 3-point card"
    )


# ---- solo ------------------------------------------------------------------------------


def normal_game(seed: int, edition: int) -> ShiftingStonesState:
    state = GAME.new_game(["Solo"], seed, edition=edition)
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
    for edition in EDITIONS:
        start = time.perf_counter()
        done = [normal_game(SOLO_SEED + k, edition) for k in range(games)]
        report(f"normal player, edition {edition}", done, time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="solo games")
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games must be 1 or more")
    for edition in EDITIONS:
        bench_reach(edition)
    for edition in EDITIONS:
        bench_together(edition)
    bench_solo(args.games)


if __name__ == "__main__":
    main()
