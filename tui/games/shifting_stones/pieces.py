"""Stones and pattern cards drawn as pieces, in the frames and looks every table uses
(tui.widgets.playing_cards): a stone is a square tile with its symbol (drawn large when
there is room) and its word, the other side peeking out at its foot; a pattern card is a
small 3 x 3 grid of the same glyphs, grey cells as dots, its number and value on its top
edge and OK on its foot when it fits the grid now."""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text

from rules.shifting_stones import CardView, StoneView
from tui.games.shifting_stones.symbols import GLYPHS, GREY, drawing, symbol_style
from tui.games.shifting_stones.words import symbol_word
from tui.i18n import _, pgettext
from tui.widgets.playing_cards import Canvas, CardSize, Cell, Face, Look, card_cells

MATCH = Style(bold=True, reverse=True)
"""How OK (the card fits the grid now) stands out, with colour or without."""


@dataclass(frozen=True)
class StoneSize:
    """A stone tile of `width` x `height` cells; `scale` of its drawing (0: none, the
    glyph only)."""

    name: str
    width: int
    height: int
    scale: int


@dataclass(frozen=True)
class PatternSize:
    """A pattern card of `width` x `height` cells, its cells `step` columns and `line`
    lines apart; with `blocks` each coloured cell is a small tile of its own (in
    reverse, so it reads without colour too)."""

    name: str
    width: int
    height: int
    step: int
    line: int
    blocks: bool = False


@dataclass(frozen=True)
class TableSize:
    """The pieces a screen size gets, and the least screen they need."""

    name: str
    stone: StoneSize
    card: PatternSize
    min_width: int
    min_height: int


COMPACT_CARD = PatternSize("compact", 9, 5, 2, 1)
ROOMY_CARD = PatternSize("roomy", 13, 7, 3, 2)
LARGE_CARD = PatternSize("large", 19, 10, 6, 3, blocks=True)

TABLE_SIZES = (
    TableSize("large", StoneSize("large", 24, 10, 2), LARGE_CARD, 156, 43),
    TableSize("small", StoneSize("small", 15, 6, 1), ROOMY_CARD, 105, 34),
    TableSize("chip", StoneSize("chip", 11, 4, 0), COMPACT_CARD, 0, 0),
)
"""Largest first, each as wide as the stones and four cards of the hand beside them need,
and as high as the stones, the turn, the log (eight lines) and the header, prompt and
footer need, or the players, the hand and the piles beside them: 3 x 10 + 2 + 8 + 3 = 43
lines, 3 x 6 + 2 + 8 + 3 = 31 (the players, hand and piles: 23 + 11); the smallest fits
80 x 24, where the log keeps two lines."""

CHIP, SMALL, LARGE = TABLE_SIZES[2], TABLE_SIZES[1], TABLE_SIZES[0]

STONE_GAP = 1
"""Columns between two stones of a row (the rows touch)."""


def table_size_for(width: int, height: int) -> TableSize:
    """The largest pieces a screen of `width` x `height` cells has room for."""
    return next(s for s in TABLE_SIZES if width >= s.min_width and height >= s.min_height)


def _frame(look: Look, width: int, height: int) -> Canvas:
    """An empty framed piece in the look's frame, its inside in the look's style."""
    canvas = Canvas(width, height)
    canvas.place(card_cells(Face(""), look, CardSize("piece", width, height, width)), 0, 0)
    return canvas


def _inside(look: Look) -> Style:
    """The style under a piece's ink: dim when not available."""
    return Style(dim=look.dimmed)


def _ink(look: Look, symbol: str) -> Style:
    """A symbol's ink in a piece: its colour, also under the cursor (whose mark is the
    piece's edges)."""
    return _inside(look) + symbol_style(symbol)


def _centre(canvas: Canvas, text: str, y: int, style: Style) -> None:
    canvas.write(text, (canvas.width - cell_len(text)) // 2, y, style)


def stone_cells(stone: StoneView, look: Look, size: StoneSize) -> list[list[Cell]]:
    """A stone as a tile: its glyph and word, with its symbol drawn large under them from
    the small size on (the word then on the top edge); the other side's glyph and word dim
    on the bottom edge, peeking out from under the stone."""
    up, down = stone["up"], stone["down"]
    canvas = _frame(look, size.width, size.height)
    ink = _ink(look, up)
    name = f"{GLYPHS[up]} {symbol_word(up)}"
    if size.scale:
        for row, line in enumerate(drawing(up, size.scale)):
            _centre_art(canvas, line, 1 + row, ink)
        edge = canvas.rows[0][1][1]
        _centre(canvas, f" {name} ", 0, edge + ink)
    elif size.height > 3:
        _centre(canvas, GLYPHS[up], 1, ink)
        _centre(canvas, symbol_word(up), 2, ink)
    else:
        _centre(canvas, name, size.height // 2, ink)
    hint = f" {GLYPHS[down]} {symbol_word(down)} "
    edge = canvas.rows[size.height - 1][1][1]
    _centre(canvas, hint, size.height - 1, edge + Style(dim=True, bold=False))
    return canvas.rows


def _centre_art(canvas: Canvas, line: str, y: int, ink: Style) -> None:
    """A drawing's line in the middle of the tile; its blank dots keep the tile's inside."""
    x = (canvas.width - len(line)) // 2
    inside = canvas.rows[y][1][1]
    canvas.place([[(dot, inside if dot == " " else ink) for dot in line]], x, y)


def pattern_cells(
    card: CardView, look: Look, size: PatternSize, number: int | None = None
) -> list[list[Cell]]:
    """A pattern card: "#number" and its value on the top edge, its 3 x 3 pattern of glyphs
    (grey cells as dim dots) inside, and OK in reverse on the bottom edge when it fits (a
    hand card that says it is `scorable`; other face-up cards do not say).

    Each glyph takes the blanks before it into its own style: a row costs few style
    changes to send."""
    canvas = _frame(look, size.width, size.height)
    edge = canvas.rows[0][1][1]
    if number is not None:
        canvas.write(f"#{number}", 1, 0, edge + Style(bold=True))
    value = pgettext("stones card", "{value}pt").format(value=card["value"])
    canvas.write(value, size.width - 1 - cell_len(value), 0, edge + Style(bold=True))
    left = (size.width - 2 * size.step - 1) // 2
    top = (size.height - 2 * size.line - 1) // 2
    for cell, symbol in enumerate(card["pattern"]):
        row, col = divmod(cell, 3)
        x, y = left + col * size.step, top + row * size.line
        if size.blocks and symbol:
            _block(canvas, GLYPHS[symbol], x, y, size, _ink(look, symbol) + Style(reverse=True))
            continue
        gap = 0 if size.blocks else x - 1 if col == 0 else size.step - 1
        style = _ink(look, symbol) if symbol else _inside(look) + Style(dim=True)
        canvas.write(" " * gap + (GLYPHS[symbol] if symbol else GREY), x - gap, y, style)
    if card.get("scorable"):
        _centre(canvas, match_word(), size.height - 1, MATCH)
    return canvas.rows


def _block(canvas: Canvas, glyph: str, x: int, y: int, size: PatternSize, style: Style) -> None:
    """A pattern cell as a small tile around (`x`, `y`): one column short of the step
    wide, one line short of the line high, its glyph on its first line."""
    half = (size.step - 1) // 2
    canvas.write(f"{' ' * half}{glyph}{' ' * half}", x - half, y, style)
    for below in range(1, size.line - 1):
        canvas.write(" " * (2 * half + 1), x - half, y + below, style)


def match_word() -> str:
    """The mark of a card that fits the grid now."""
    return _("OK")


def back_cells(label: str, look: Look, width: int, height: int) -> list[list[Cell]]:
    """A face-down card (the draw pile) with `label` (its count) in the middle."""
    face = Face(label, back=True) if label else Face("", back=True, pattern=" ")
    return card_cells(face, look, CardSize("back", width, height, width))


def chip_text(label: str, look: Look) -> Text:
    """A one-line card: the label between thin bars, between half blocks when fresh."""
    size = CardSize("chip", cell_len(label) + 2, 1, cell_len(label) + 2)
    canvas = Canvas(size.width, 1)
    canvas.place(card_cells(Face(label), look, size), 0, 0)
    return canvas.text()
