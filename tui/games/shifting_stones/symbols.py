"""The eight Shifting Stones symbols, one vocabulary for the stones and the pattern cards:
each has a glyph, a word, a drawing and an ink; the glyph, word and drawing read without
colour, the ink only helps."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from tui.palette import ink

GLYPHS = {
    "sun": "☼",
    "moon": "☾",
    "fish": "∝",
    "bird": "∨",
    "horse": "♞",
    "boat": "◭",
    "seed": "●",
    "tree": "♣",
}
"""One cell per symbol, each a different shape, none an emoji; the same on stones and cards."""

GREY = "·"
"""A grey cell of a pattern: any stone matches it."""

COLOURS = {
    "sun": "yellow",
    "moon": "blue",
    "fish": "cyan",
    "bird": "white",
    "horse": "red",
    "boat": "purple",
    "seed": "green",
    "tree": "lime",
}
"""Inks from the palette, eight different ones in every colour system (in the 16 basic
colours seed and tree, the two sides of one stone, are green and bright green)."""

DRAWINGS = {
    "sun": (
        "....#....",
        ".#.....#.",
        "...###...",
        "#.#####.#",
        "..#####..",
        "...###...",
        ".#.....#.",
        "....#....",
    ),
    "moon": (
        "..####...",
        ".###.....",
        "###......",
        "###......",
        "###......",
        "###......",
        ".###.....",
        "..####...",
    ),
    "fish": (
        ".........",
        "..####...",
        ".######.#",
        "#.#######",
        "#######..",
        ".######.#",
        "..####...",
        ".........",
    ),
    "bird": (
        ".........",
        "#.......#",
        "##.....##",
        ".##...##.",
        "..##.##..",
        "...###...",
        "....#....",
        ".........",
    ),
    "horse": (
        "...##....",
        "..####...",
        ".######..",
        "##.#####.",
        "....####.",
        "...#####.",
        "..######.",
        ".########",
    ),
    "boat": (
        "....#....",
        "....##...",
        "....###..",
        "....####.",
        "....#....",
        "#########",
        ".#######.",
        "..#####..",
    ),
    "seed": (
        ".........",
        "...###...",
        "..#####..",
        ".#######.",
        ".#######.",
        "..#####..",
        "...###...",
        ".........",
    ),
    "tree": (
        "..#####..",
        ".#######.",
        "#########",
        "#########",
        ".#######.",
        "..#.#.#..",
        "....#....",
        "...###...",
    ),
}
"""Each symbol as 9 x 8 dots ("#" ink, "." none), the shape of its glyph drawn large."""

_HALVES = {("#", "#"): "█", ("#", "."): "▀", (".", "#"): "▄", (".", "."): " "}


def drawing(symbol: str, scale: int) -> list[str]:
    """The symbol's drawing in block characters: at scale 1 a dot is half a cell (9 x 4
    cells), at scale 2 a whole cell two columns wide (18 x 8); both keep the dots square."""
    dots = DRAWINGS[symbol]
    if scale == 1:
        return [
            "".join(_HALVES[pair] for pair in zip(top, bottom, strict=True))
            for top, bottom in zip(dots[::2], dots[1::2], strict=True)
        ]
    return ["".join("██" if dot == "#" else "  " for dot in row) for row in dots]


def symbol_style(symbol: str) -> Style:
    """The symbol's ink, bold."""
    return ink(COLOURS[symbol], bold=True)


def symbol_glyph(symbol: str | None) -> Text:
    """A symbol's glyph in its ink, or a dim grey dot for a grey pattern cell."""
    if symbol is None:
        return Text(GREY, style="dim")
    return Text(GLYPHS[symbol], symbol_style(symbol))
