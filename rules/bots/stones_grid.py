"""What the Shifting Stones computer players read and try: the grid, its moves and their
hand cards, as their views show them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.engine import JSON
from rules.shifting_stones import NEIGHBOURS

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
    """The hand cards of the view."""
    return [
        HandCard(
            card["id"],
            card["value"],
            tuple((cell, symbol) for cell, symbol in enumerate(card["pattern"]) if symbol),
        )
        for card in view["hand"]
    ]


def within(grid: Grid, moves: int) -> dict[Grid, tuple[Move, ...]]:
    """Every grid within `moves` shifts and flips of `grid`, by a shortest sequence of
    them, nearest first."""
    found: dict[Grid, tuple[Move, ...]] = {grid: ()}
    layer = [grid]
    for _ in range(moves):
        following = []
        for before in layer:
            for move in MOVES:
                after = moved(before, move)
                if after not in found:
                    found[after] = (*found[before], move)
                    following.append(after)
        layer = following
    return found
