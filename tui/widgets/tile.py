"""How an XOXO tile looks: colour word and letter, shape symbol and name, face in words."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from rules.xoxo import SHAPE_SYMBOL, tile_parts

COLOUR_STYLE = {
    "red": Style(color="red", bold=True),
    "yellow": Style(color="yellow", bold=True),
    "green": Style(color="green", bold=True),
    "blue": Style(color="blue", bold=True),
}
"""Tile colours use the 16 basic terminal colours; the word always comes along."""


def tile_short(code: str) -> Text:
    """One line, e.g. "R ● happy": colour letter, shape symbol, face."""
    colour, shape, face = tile_parts(code)
    style = COLOUR_STYLE[colour]
    text = Text(colour[0].upper() + " " + SHAPE_SYMBOL[shape], style)
    text.append(" " + face)
    return text


def tile_lines(code: str) -> list[Text]:
    """Three lines for a board cell: colour, shape, face."""
    colour, shape, face = tile_parts(code)
    style = COLOUR_STYLE[colour]
    return [
        Text(colour, style),
        Text(f"{SHAPE_SYMBOL[shape]} {shape}", style),
        Text(face),
    ]
