"""XOXO's tiles as data: each tile's code and the colour, shape and face it shows, so the
words of a game say a tile without loading its engine."""

from __future__ import annotations

COLOURS = ("red", "yellow", "green", "blue")
SHAPES = ("circle", "cross", "square", "triangle")
FACES = ("happy", "sad", "angry", "surprised")
LETTERS = ("RYGB", "OXST", "HSAU")
"""The code letters of each attribute, in the order of COLOURS, SHAPES and FACES."""
SHAPE_SYMBOL = {"circle": "●", "cross": "✕", "square": "■", "triangle": "▲"}

ALL_TILES = tuple(
    LETTERS[0][c] + LETTERS[1][s] + LETTERS[2][f]
    for c in range(4)
    for s in range(4)
    for f in range(4)
    if f != (c + s) % 4
)
"""The 48 tile codes, by colour, then shape, then face."""
TILE_PARTS = {
    code: (
        COLOURS[LETTERS[0].index(code[0])],
        SHAPES[LETTERS[1].index(code[1])],
        FACES[LETTERS[2].index(code[2])],
    )
    for code in ALL_TILES
}
"""Tile code to its (colour, shape, face) names."""


def tile_parts(code: str) -> tuple[str, str, str]:
    """The (colour, shape, face) names of a tile code, e.g. "ROH" -> ("red", "circle", "happy")."""
    try:
        return TILE_PARTS[code]
    except (KeyError, TypeError):
        raise ValueError(f"not a tile: {code!r}") from None
