"""How Shifting Stones symbols look: a word, a two-letter code and a colour, never colour alone."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from tui.palette import ink

CODES = {
    "sun": "Su",
    "moon": "Mo",
    "fish": "Fi",
    "bird": "Bi",
    "horse": "Ho",
    "boat": "Bt",
    "seed": "Se",
    "tree": "Tr",
}
"""Two-letter codes used on the small pattern cards; each is unique."""

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
colours seed and tree, the two sides of one stone, are green and bright green); the word
or code always comes along, so without colour nothing is lost."""

GREY = "··"


def symbol_style(symbol: str) -> Style:
    """The symbol's ink, bold."""
    return ink(COLOURS[symbol], bold=True)


def symbol_code(symbol: str | None) -> Text:
    """A pattern cell: the symbol's two-letter code, or a dim grey "··" for any stone."""
    if symbol is None:
        return Text(GREY, style="dim")
    return Text(CODES[symbol], symbol_style(symbol))


def symbol_word(symbol: str) -> Text:
    """A stone's symbol as its word in its ink, "horse"."""
    return Text(symbol, symbol_style(symbol))
