"""The Shifting Stones computer players: they score what they can, then look ahead.

They decide from their own view and the legal actions only, never the full state.
Normal tries every sequence of up to three shifts and flips on a copy of the grid
(each costs a hand card) and plays the first move of the sequence that scores
the most points per discarded card. Easy looks one move ahead only; seeing
nothing to score, it often tries a shift or flip at random, else skips.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rules.engine import JSON, Action
from rules.shifting_stones import END, HAND_SIZE, NEIGHBOURS, SKIP, SKIP_DRAW, Flip, Score, Shift

DEPTH = 3
"""The longest sequence of shifts and flips the bot looks at."""
EASY_DEPTH = 1
"""The longest sequence the easy player looks at."""
FIDDLE = 0.5
"""How often the easy player, seeing nothing to score, shifts or flips at random (which
also keeps cards going round: skipping alone, the players' hands could swallow the deck)."""
Grid = tuple[tuple[str, str], ...]
Move = tuple[str, int, int]
"""("shift", a, b) or ("flip", cell, cell)."""
MOVES: tuple[Move, ...] = (
    *(("shift", a, b) for a, b in NEIGHBOURS),
    *(("flip", cell, cell) for cell in range(9)),
)


@dataclass(frozen=True)
class HandCard:
    """A hand card as the bot reads it from its view."""

    id: int
    value: int
    needs: tuple[tuple[int, str], ...]

    def fits(self, grid: Grid) -> bool:
        return all(grid[cell][0] == symbol for cell, symbol in self.needs)

    def misses(self, grid: Grid) -> int:
        return sum(grid[cell][0] != symbol for cell, symbol in self.needs)


@dataclass(frozen=True)
class Plan:
    """A sequence's first move, its length (cards discarded) and the points it scores."""

    move: Move
    discards: int
    points: int
    target: Grid


def moved(grid: Grid, move: Move) -> Grid:
    """The grid after a shift (swap two stones) or a flip (turn one over)."""
    kind, a, b = move
    stones = list(grid)
    if kind == "shift":
        stones[a], stones[b] = stones[b], stones[a]
    else:
        up, down = stones[a]
        stones[a] = (down, up)
    return tuple(stones)


def read_hand(view: Mapping[str, JSON]) -> list[HandCard]:
    return [
        HandCard(
            card["id"],
            card["value"],
            tuple((cell, symbol) for cell, symbol in enumerate(card["pattern"]) if symbol),
        )
        for card in view["hand"]
    ]


def plans(grid: Grid, hand: list[HandCard], depth: int = DEPTH) -> list[Plan]:
    """Every grid within `depth` moves (each reached by its shortest sequence) that makes
    hand cards scorable, while enough other cards are left to pay for the moves."""
    seen = {grid}
    frontier: list[tuple[Grid, Move | None]] = [(grid, None)]
    found = []
    for discards in range(1, min(depth, len(hand) - 1) + 1):
        reached: list[tuple[Grid, Move | None]] = []
        for before, first in frontier:
            for move in MOVES:
                after = moved(before, move)
                if after in seen:
                    continue
                seen.add(after)
                lead = first or move
                reached.append((after, lead))
                fitting = [card for card in hand if card.fits(after)]
                if fitting and len(hand) - len(fitting) >= discards:
                    found.append(Plan(lead, discards, sum(card.value for card in fitting), after))
        frontier = reached
    return found


def choose(view: Mapping[str, JSON], legal: Sequence[Action], rng: random.Random) -> Action:
    """Score a scorable card (the most valuable first). Otherwise play the first move of
    the sequence with the most points per discarded card (ties: more points, then fewer
    cards), paying with the card furthest from that grid (ties: the cheaper). With no
    such sequence, skip if allowed and it draws more than refilling would, else end."""
    return _play(view, legal, rng, DEPTH, beginner=False)


def choose_easy(view: Mapping[str, JSON], legal: Sequence[Action], rng: random.Random) -> Action:
    """A beginner plays as `choose` but looks only EASY_DEPTH moves ahead. When that shows
    nothing to score, it shifts or flips at random now and then (FIDDLE), paying with any
    card; else it skips whenever allowed (in the solo game, a strike), or ends the turn."""
    return _play(view, legal, rng, EASY_DEPTH, beginner=True)


def _play(
    view: Mapping[str, JSON],
    legal: Sequence[Action],
    rng: random.Random,
    depth: int,
    beginner: bool,
) -> Action:
    """The choice of `choose`, looking `depth` moves ahead; a `beginner` with no sequence
    that scores plays as `choose_easy` says."""
    if not legal:
        raise ValueError("the bot needs at least one legal action")
    scores = [action for action in legal if isinstance(action, Score)]
    if scores:
        values = {card["id"]: card["value"] for card in view["hand"]}
        return max(scores, key=lambda action: values[action.card])
    grid: Grid = tuple((stone["up"], stone["down"]) for stone in view["grid"])
    hand = read_hand(view)
    found = plans(grid, hand, depth)
    if not found:
        if beginner and rng.random() < FIDDLE:
            moves = [action for action in legal if isinstance(action, Shift | Flip)]
            if moves:
                return rng.choice(moves)
        draws_more = len(hand) + SKIP_DRAW > max(len(hand), HAND_SIZE)
        if SKIP in legal and (beginner or draws_more):
            return SKIP
        return END
    best = max(map(_rank, found))
    plan = rng.choice([plan for plan in found if _rank(plan) == best])
    spare = [card for card in hand if not card.fits(plan.target)]
    pay = max(spare, key=lambda card: (card.misses(plan.target), -card.value, -card.id))
    kind, a, b = plan.move
    action: Action = Shift(pay.id, a, b) if kind == "shift" else Flip(pay.id, a)
    return action if action in legal else END


def _rank(plan: Plan) -> tuple[float, int, int]:
    """Points per discarded card, then points, then fewer discards."""
    return plan.points / plan.discards, plan.points, -plan.discards
