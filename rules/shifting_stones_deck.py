"""Our Shifting Stones pattern decks: a seeded generator and the rules it follows.

The publisher's 72 cards are not public, so the game ships its own (RULES.md
section 2, [ours]). A card is a value and a 3×3 pattern, cells row-major, each
a symbol or None (grey: any stone). The value follows from the number of
symbol cells: 3 cells are worth 1 point (32 cards), 4 cells 2 points (20),
5 cells 3 points (14), 6 cells 5 points (6). Every pattern can be made with
the 9 stones, and the shapes are lines, corners, L-shapes, diagonals and
their relatives rather than scattered cells.

Edition 2, the deck of new games, cuts every pattern out of one of THEMES full
layouts of the 9 stones, the layouts taking turns, and of CANDIDATES such cuts
keeps the one that shows soonest on random grids (`reach`). Cards cut from one
layout can show together, so a grid built toward a layout serves several cards,
and the solo game can be won. Edition 1 filled the shapes with random symbols: its
cards hardly ever show together, and not even the hard player's search of the last
turns wins a solo game with it (benchmarks/bench_deck.py compares the editions,
benchmarks/bench_bots.py plays the solo game). Edition 1 is kept, as data, for the
games begun with it; its generator is gone, and a test checks that it never changes.

Run `python rules/shifting_stones_deck.py` to write the decks to
rules/shifting_stones_cards.py (edition 1 copied as it is); a test checks that the
file matches.
"""

from __future__ import annotations

import random
from pathlib import Path

STONE_SIDES = (("sun", "moon"), ("fish", "bird"), ("horse", "boat"), ("seed", "tree"))
"""The two sides of each kind of stone."""
STONE_COUNTS = (1, 2, 3, 3)
"""How many stones of each kind in STONE_SIDES there are: 9 in all."""
SYMBOLS = tuple(symbol for sides in STONE_SIDES for symbol in sides)
"""The 8 symbols, in the order of STONE_SIDES."""
KIND_OF = {symbol: kind for kind, sides in enumerate(STONE_SIDES) for symbol in sides}
"""Symbol to the index of its kind of stone in STONE_SIDES."""

VALUE_BY_CELLS = {3: 1, 4: 2, 5: 3, 6: 5}
"""Points of a card by its number of symbol cells."""
CARDS_BY_CELLS = {3: 32, 4: 20, 5: 14, 6: 6}
"""How many cards of each number of symbol cells the deck holds: 72 in all."""
SEED = 2026
"""The seed of edition 2."""
THEMES = 3
"""The full layouts edition 2 cuts its patterns from."""
CANDIDATES = 8
"""Cuts of a layout looked at for each card of edition 2: the one that shows soonest is kept."""
REACH_GRIDS = 40
"""Random grids on which `reach` measures how soon a pattern shows."""
REACH_MOVES = 3
"""The moves within which `reach` counts a pattern as showing."""

Pattern = tuple[str | None, ...]
Card = tuple[int, Pattern]

SHAPES = {
    3: ("###", "#../.#./..#", "##/#.", "#.#/.#."),
    4: ("##/##", "#./#./##", "###/.#.", "##./.##", "#.#/.../#.#", "#../.#./.##"),
    5: ("###/#../#..", "###/.#./.#.", "#.#/.#./#.#", ".#./###/.#.", "###/##.", "###/#.#"),
    6: ("###/###", "#../##./###", "#.#/#.#/#.#", "###/#../##.", "###/#.#/#.."),
}
"""Base shapes by number of cells, rows separated by "/"; every rotation, mirror
image and position within the 3×3 is used."""


def makeable(pattern: Pattern) -> bool:
    """Whether the 9 stones can show the pattern: no more cells of a kind than stones of it."""
    needed = [0] * len(STONE_SIDES)
    for symbol in pattern:
        if symbol is not None:
            needed[KIND_OF[symbol]] += 1
    return all(need <= have for need, have in zip(needed, STONE_COUNTS, strict=True))


def value_of(pattern: Pattern) -> int:
    """A card's points, by its number of symbol cells."""
    return VALUE_BY_CELLS[sum(symbol is not None for symbol in pattern)]


def _cells(shape: str) -> frozenset[tuple[int, int]]:
    """The (row, column) cells of a shape string such as "##/#."."""
    return frozenset(
        (row, column)
        for row, line in enumerate(shape.split("/"))
        for column, mark in enumerate(line)
        if mark == "#"
    )


def _variants(cells: frozenset[tuple[int, int]]) -> set[tuple[int, ...]]:
    """Every rotation, mirror image and shift of the shape that fits the 3×3, as cell indexes."""
    found = set()
    shape = cells
    for _ in range(4):
        shape = frozenset((column, -row) for row, column in shape)
        for image in (shape, frozenset((row, -column) for row, column in shape)):
            top = min(row for row, _ in image)
            left = min(column for _, column in image)
            height = max(row for row, _ in image) - top + 1
            width = max(column for _, column in image) - left + 1
            for down in range(4 - height):
                for right in range(4 - width):
                    found.add(
                        tuple(
                            sorted(
                                3 * (row - top + down) + column - left + right
                                for row, column in image
                            )
                        )
                    )
    return found


def placed_shapes(size: int) -> list[tuple[int, ...]]:
    """Every placement of the base shapes of this many cells, in a fixed order."""
    found: set[tuple[int, ...]] = set()
    for shape in SHAPES[size]:
        found |= _variants(_cells(shape))
    return sorted(found)


def random_layout(rng: random.Random) -> tuple[tuple[str, str], ...]:
    """The 9 stones in random cells, each an (up, down) pair with a random side up."""
    bag = [
        sides for sides, count in zip(STONE_SIDES, STONE_COUNTS, strict=True) for _ in range(count)
    ]
    rng.shuffle(bag)
    return tuple(sides if rng.random() < 0.5 else (sides[1], sides[0]) for sides in bag)


ADJACENT = tuple(
    (a, b) for a in range(9) for b in (a + 1, a + 3) if b < 9 and (b == a + 3 or a % 3 != 2)
)
"""The 12 pairs of orthogonally adjacent cells."""


def _showing(grid: tuple[tuple[str, str], ...], moves: int) -> dict[tuple[int, str], int]:
    """For each (cell, symbol), a bit mask of the grids within `moves` shifts and flips of
    `grid` that show the symbol there (bit i: the i-th grid found)."""
    found = [grid]
    seen = {grid}
    layer = [grid]
    for _ in range(moves):
        following = []
        for stones in layer:
            for a, b in ADJACENT:
                swapped = list(stones)
                swapped[a], swapped[b] = swapped[b], swapped[a]
                following.append(tuple(swapped))
            for cell in range(9):
                flipped = list(stones)
                flipped[cell] = (stones[cell][1], stones[cell][0])
                following.append(tuple(flipped))
        layer = []
        for stones in following:
            if stones not in seen:
                seen.add(stones)
                layer.append(stones)
        found += layer
    masks: dict[tuple[int, str], int] = {}
    for bit, stones in enumerate(found):
        for cell, (up, _) in enumerate(stones):
            masks[cell, up] = masks.get((cell, up), 0) | 1 << bit
    return masks


def reach(pattern: Pattern, near: list[dict[tuple[int, str], int]]) -> float:
    """The share of grids from which the pattern shows within the moves `near` was made
    with (for each grid, `_showing`)."""
    needs = [(cell, symbol) for cell, symbol in enumerate(pattern) if symbol is not None]
    shows = 0
    for masks in near:
        common = -1
        for need in needs:
            common &= masks.get(need, 0)
        shows += common != 0
    return shows / len(near)


def layouts(rng: random.Random) -> list[tuple[str, ...]]:
    """The face-up symbols of the THEMES layouts edition 2 cuts its patterns from: the
    first draws of the generator's random numbers."""
    return [tuple(up for up, _ in random_layout(rng)) for _ in range(THEMES)]


def generate(seed: int = SEED) -> tuple[Card, ...]:
    """Edition 2: for each card, CANDIDATES random shapes cut from the next of THEMES
    random layouts, keeping the one that shows soonest (`reach`, ties: the first) and is
    not yet in the deck; cheapest cards first."""
    rng = random.Random(seed)
    themes = layouts(rng)
    grids = random.Random(f"{seed}/reach")
    near = [_showing(random_layout(grids), REACH_MOVES) for _ in range(REACH_GRIDS)]
    deck: list[Card] = []
    seen: set[Pattern] = set()
    for size, count in CARDS_BY_CELLS.items():
        shapes = placed_shapes(size)
        while sum(value == VALUE_BY_CELLS[size] for value, _ in deck) < count:
            theme = themes[len(deck) % THEMES]
            cuts = [rng.choice(shapes) for _ in range(CANDIDATES)]
            fresh = [
                pattern
                for pattern in (
                    tuple(theme[cell] if cell in cells else None for cell in range(9))
                    for cells in cuts
                )
                if pattern not in seen
            ]
            if not fresh:
                continue
            best = max(fresh, key=lambda pattern: reach(pattern, near))
            seen.add(best)
            deck.append((VALUE_BY_CELLS[size], best))
    return tuple(deck)


def render(first: tuple[Card, ...], second: tuple[Card, ...]) -> str:
    """The source of the data module: the first edition as it was, then the second."""
    lines = [
        '"""Our Shifting Stones cards, two editions of 72: (value, pattern of 9 cells row-major,',
        "None = grey).",
        "",
        "Written by `python rules/shifting_stones_deck.py`; do not edit. A card's id is its index",
        "in CARDS: edition 1 holds ids 0 to 71, edition 2 (the deck of new games) ids 72 to 143.",
        '"""',
    ]
    for name, deck in (("FIRST_EDITION", first), ("SECOND_EDITION", second)):
        lines += ["", f"{name}: tuple[tuple[int, tuple[str | None, ...]], ...] = ("]
        for value, pattern in deck:
            cells = ", ".join("None" if symbol is None else f'"{symbol}"' for symbol in pattern)
            lines.append(f"    ({value}, ({cells})),")
        lines.append(")")
    lines += ["", "CARDS = FIRST_EDITION + SECOND_EDITION"]
    return "\n".join(lines) + "\n"


def main() -> None:
    from rules.shifting_stones_cards import FIRST_EDITION

    target = Path(__file__).with_name("shifting_stones_cards.py")
    target.write_text(render(FIRST_EDITION, generate()), encoding="utf-8")
    print(f"wrote {target}")


if __name__ == "__main__":
    main()
