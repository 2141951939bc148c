"""Our Shifting Stones pattern deck: a seeded generator and the rules it follows.

The publisher's 72 cards are not public, so the game ships its own (RULES.md
section 2, [ours]). A card is a value and a 3×3 pattern, cells row-major, each
a symbol or None (grey: any stone). The value follows from the number of
symbol cells: 3 cells are worth 1 point (32 cards), 4 cells 2 points (20),
5 cells 3 points (14), 6 cells 5 points (6). Every pattern can be made with
the 9 stones, and the shapes are lines, corners, L-shapes, diagonals and
their relatives rather than scattered cells.

Run `python rules/shifting_stones_deck.py` to write the deck to
rules/shifting_stones_cards.py; a test checks that the file matches.
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
SEED = 2020

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


def _fill(cells: tuple[int, ...], rng: random.Random) -> Pattern:
    """Symbols for the cells (at most 6): each a random side of a stone drawn from the bag."""
    bag = [kind for kind, count in enumerate(STONE_COUNTS) for _ in range(count)]
    pattern: list[str | None] = [None] * 9
    for cell in cells:
        kind = bag.pop(rng.randrange(len(bag)))
        pattern[cell] = rng.choice(STONE_SIDES[kind])
    return tuple(pattern)


def generate(seed: int = SEED) -> tuple[Card, ...]:
    """The deck: for each size, shapes in a shuffled cycle filled with random symbols,
    skipping repeats; cheapest cards first."""
    rng = random.Random(seed)
    deck: list[Card] = []
    seen: set[Pattern] = set()
    for size, count in CARDS_BY_CELLS.items():
        shapes = placed_shapes(size)
        rng.shuffle(shapes)
        made = 0
        turn = 0
        while made < count:
            pattern = _fill(shapes[turn % len(shapes)], rng)
            turn += 1
            if pattern in seen:
                continue
            seen.add(pattern)
            deck.append((VALUE_BY_CELLS[size], pattern))
            made += 1
    return tuple(deck)


def render(deck: tuple[Card, ...]) -> str:
    """The source of the data module."""
    lines = [
        '"""Our 72 Shifting Stones cards: (value, pattern of 9 cells row-major, None = grey).',
        "",
        "Written by `python rules/shifting_stones_deck.py`; do not edit. A card's id is its index.",
        '"""',
        "",
        "CARDS: tuple[tuple[int, tuple[str | None, ...]], ...] = (",
    ]
    for value, pattern in deck:
        cells = ", ".join("None" if symbol is None else f'"{symbol}"' for symbol in pattern)
        lines.append(f"    ({value}, ({cells})),")
    lines.append(")")
    return "\n".join(lines) + "\n"


def main() -> None:
    target = Path(__file__).with_name("shifting_stones_cards.py")
    target.write_text(render(generate()), encoding="utf-8")
    print(f"wrote {target}")


if __name__ == "__main__":
    main()
