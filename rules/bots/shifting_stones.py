"""The basic Shifting Stones computer player: scores what it can, then looks a few moves ahead.

It decides from its own view and the legal actions only, never the full state.
It tries every sequence of up to three shifts and flips on a copy of the grid
(each costs a hand card) and plays the first move of the sequence that scores
the most points per discarded card.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rules.engine import JSON, Action
from rules.shifting_stones import END, HAND_SIZE, NEIGHBOURS, SKIP, SKIP_DRAW, Flip, Score, Shift

DEPTH = 3
"""The longest sequence of shifts and flips the bot looks at."""
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


def plans(grid: Grid, hand: list[HandCard]) -> list[Plan]:
    """Every grid within DEPTH moves (each reached by its shortest sequence) that makes
    hand cards scorable, while enough other cards are left to pay for the moves."""
    seen = {grid}
    frontier: list[tuple[Grid, Move | None]] = [(grid, None)]
    found = []
    for discards in range(1, min(DEPTH, len(hand) - 1) + 1):
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
    if not legal:
        raise ValueError("the bot needs at least one legal action")
    scores = [action for action in legal if isinstance(action, Score)]
    if scores:
        values = {card["id"]: card["value"] for card in view["hand"]}
        return max(scores, key=lambda action: values[action.card])
    grid: Grid = tuple((stone["up"], stone["down"]) for stone in view["grid"])
    hand = read_hand(view)
    found = plans(grid, hand)
    if not found:
        if SKIP in legal and len(hand) + SKIP_DRAW > max(len(hand), HAND_SIZE):
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
