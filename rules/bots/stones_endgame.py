"""The end of the solo Shifting Stones game, searched to the last card: the hard player's
plan once every card left comes back to its hand at each turn's end.

Then nothing is hidden: the draw pile is empty, and the refill takes back every card
paid, so each turn holds all the cards left. A turn moves the grid, paying a card per
move, scores the cards the grid fits (a card scored pays for nothing), and may move on
before it ends; its strike, if it scores nothing, buys moves for later. The search looks
for a line of turns that scores every card before the last strike. From each turn it
follows the grids nearest to the cards still to score, BRANCHES of them, so it is not
exhaustive: finding no line proves nothing, and the hard player then plays as usual.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from itertools import combinations

from rules.bots.stones_grid import Grid, HandCard, Move, read_hand, within
from rules.engine import JSON
from rules.shifting_stones import HAND_SIZE

BRANCHES = 12
"""Grids the search follows from each turn's end: the nearest to the cards left."""
TURNS_PER_ITERATION = 50
"""Turns the search may look at for each iteration of a budget without a clock."""
Cards = frozenset[HandCard]


@dataclass(frozen=True)
class Turn:
    """The rest of a turn: moves, then the cards scored, then moves before it ends."""

    moves: tuple[Move, ...]
    scores: Cards
    then: tuple[Move, ...]


class OutOfTime(Exception):
    """The search's time, or its turns, ran out."""


def returning(view: Mapping[str, JSON]) -> bool:
    """Whether every card paid comes back to this hand when the turn ends: the draw pile
    is empty and the refill takes the whole discard pile."""
    return not view["draw_count"] and len(view["hand"]) + view["discard_count"] <= HAND_SIZE


def winning_turn(
    view: Mapping[str, JSON], time_left: Callable[[], float], turns: int | None = None
) -> Turn | None:
    """The rest of this turn on a line that scores every card left in the solo game, if
    the search finds one while `time_left()` is above 0 and it has looked at no more than
    `turns` turns (None: any number); None otherwise. OutOfTime if either runs out first."""
    if not view["solo"] or not returning(view):
        return None
    grid: Grid = tuple((stone["up"], stone["down"]) for stone in view["grid"])
    hand = frozenset(read_hand(view))
    paid = frozenset(read_hand({"hand": view["discard"]}))
    strikes = view["max_strikes"] - 1 - view["strikes"]
    search = _Search(time_left, turns)
    return search.turn(grid, hand, paid, bool(view["turn"]["scored"]), strikes)


class _Search:
    def __init__(self, time_left: Callable[[], float], turns: int | None) -> None:
        self.time_left = time_left
        self.turns = turns
        self.lost: set[tuple[Grid, Cards, int]] = set()

    def turn(self, grid: Grid, hand: Cards, paid: Cards, scored: bool, strikes: int) -> Turn | None:
        """The rest of this turn on a winning line, or None; `strikes` are those still
        allowed before the game is lost."""
        if self.turns is not None:
            self.turns -= 1
        if self.time_left() <= 0 or (self.turns is not None and self.turns < 0):
            raise OutOfTime
        near = within(grid, len(hand))
        for moves, at, scores in _scoring(near, hand):
            left = (hand - scores) | paid
            if not left:
                return Turn(moves, scores, ())
            spare = len(hand) - len(scores) - len(moves)
            for then, after in _nearest(within(at, spare), left):
                if self.wins(after, left, strikes):
                    return Turn(moves, scores, then)
        after_strike = strikes if scored else strikes - 1
        if after_strike >= 0:
            for moves, after in _nearest(near, hand | paid):
                if self.wins(after, hand | paid, after_strike):
                    return Turn(moves, frozenset(), ())
        return None

    def wins(self, grid: Grid, cards: Cards, strikes: int) -> bool:
        """Whether a line from the start of a turn with `cards` in hand scores them all."""
        key = (grid, cards, strikes)
        if key in self.lost:
            return False
        budget = strikes * len(cards) + len(cards) * (len(cards) - 1) // 2
        reachable = all((card.misses(grid) + 1) // 2 <= budget for card in cards)
        if reachable and self.turn(grid, cards, frozenset(), False, strikes) is not None:
            return True
        self.lost.add(key)
        return False


def _scoring(
    near: dict[Grid, tuple[Move, ...]], hand: Cards
) -> list[tuple[tuple[Move, ...], Grid, Cards]]:
    """(moves, grid, cards scored there) for every grid that fits hand cards while the
    other cards pay for the moves: most cards first, then the grids that miss the fewest
    cells of the cards kept, then the fewest moves. It scores as many of the fitting cards
    as it can, never keeping one back to pay for a later move: one of the lines it leaves
    out."""
    found = []
    for grid, moves in near.items():
        fitting = sorted((card for card in hand if card.fits(grid)), key=lambda card: card.id)
        most = min(len(fitting), len(hand) - len(moves))
        for scores in combinations(fitting, max(most, 0)):
            if scores:
                found.append((moves, grid, frozenset(scores)))
    return sorted(
        found,
        key=lambda option: (
            -len(option[2]),
            sum(card.misses(option[1]) for card in hand - option[2]),
            len(option[0]),
        ),
    )


def _nearest(
    near: dict[Grid, tuple[Move, ...]], cards: Cards
) -> list[tuple[tuple[Move, ...], Grid]]:
    """The BRANCHES grids of `near` that miss the fewest cells of the cards, with their
    moves (ties: fewer moves, then the order found)."""
    ranked = sorted(
        near.items(), key=lambda item: (sum(card.misses(item[0]) for card in cards), len(item[1]))
    )
    return [(moves, grid) for grid, moves in ranked[:BRANCHES]]
