"""How an XOXO tile looks: colour word and letter, shape symbol and name, face in words."""

from __future__ import annotations

from rich.text import Text

from rules.xoxo import SHAPE_SYMBOL, tile_parts
from tui.palette import ink


def tile_short(code: str) -> Text:
    """One line, e.g. "R ● happy": colour letter, shape symbol, face."""
    colour, shape, face = tile_parts(code)
    style = ink(colour, bold=True)
    text = Text(colour[0].upper() + " " + SHAPE_SYMBOL[shape], style)
    text.append(" " + face)
    return text


def tile_lines(code: str) -> list[Text]:
    """Three lines for a board cell: colour, shape, face."""
    colour, shape, face = tile_parts(code)
    style = ink(colour, bold=True)
    return [
        Text(colour, style),
        Text(f"{SHAPE_SYMBOL[shape]} {shape}", style),
        Text(face),
    ]
