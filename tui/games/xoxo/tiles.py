"""How an XOXO tile looks: filled with its colour, its shape drawn large, its face drawn as
a face; each also in words, so a tile reads without colour. Three sizes grow with the
terminal: a 3-line cell of the board's grid, and tiles framed as pieces of 5 and 7 lines."""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text

from rules.xoxo_tiles import SHAPE_SYMBOL, tile_parts
from tui.games.xoxo.words import value_word
from tui.i18n import pgettext
from tui.palette import fill, ink
from tui.widgets.playing_cards import CURSOR_BRACKETS, CURSOR_EDGES, CURSOR_STYLE


@dataclass(frozen=True)
class TileSize:
    """Cells of a board cell, whether tiles are framed pieces (else the board draws a grid
    between them), and the width and height of a lane the layout may still grow into."""

    name: str
    width: int
    height: int
    framed: bool
    lane_width: int
    lane_height: int


SMALL_TILE = TileSize("small", 11, 3, False, 3, 1)
MEDIUM_TILE = TileSize("medium", 13, 5, True, 3, 1)
LARGE_TILE = TileSize("large", 17, 7, True, 5, 1)
XL_TILE = TileSize("xl", 23, 9, True, 5, 1)
"""The biggest tiles, for a board of three rows of them that fits a big screen."""

FACE_ART = {"happy": ":-)", "sad": ":-(", "angry": ">:(", "surprised": ":-O"}
"""Each face drawn as a face, beside its name where there is room."""

BIG_SHAPE = {
    "circle": (" ▄███▄ ", "███████", " ▀███▀ "),
    "square": ("▐█████▌", "▐█████▌", "▐█████▌"),
    "triangle": ("  ▗█▖  ", " ▗███▖ ", "▗█████▖"),
    "cross": ("▝█▖ ▗█▘", "  ▐█▌  ", "▗█▘ ▝█▖"),
}
"""Each shape drawn three lines tall, for tiles with the room."""

LAST_MARK = "◆"
"""Marks the tile placed last, before its colour; a framed tile also gets a heavy frame."""
CHANGED_MARK = "◇"
"""Marks a tile placed since the player's own last turn (besides the last one); a framed
tile also gets a heavy frame."""
LINE_STYLE = Style(underline=True)
"""A tile in the line of a target just met: underlined; a framed one in a double frame."""

_FRAMES = {"plain": "╭─╮│╰╯", "last": "┏━┓┃┗┛", "line": "╔═╗║╚╝", "open": "╭┄╮┆╰╯"}


def colour_short(colour: str) -> str:
    """A tile's colour in a word or letter that tells it from the three others: English
    "R", "Y", "G", "B"; German needs more than a letter (gelb and grün), so says it whole."""
    # NOTE: a tile's colour in short, as few letters as tell it from the other three.
    return {
        "red": pgettext("xoxo colour, short", "R"),
        "yellow": pgettext("xoxo colour, short", "Y"),
        "green": pgettext("xoxo colour, short", "G"),
        "blue": pgettext("xoxo colour, short", "B"),
    }[colour]


def tile_short(code: str) -> Text:
    """One line, e.g. "R ● happy": colour in short, shape symbol, face."""
    colour, shape, face = tile_parts(code)
    style = ink(colour, bold=True)
    text = Text(colour_short(colour) + " " + SHAPE_SYMBOL[shape], style)
    text.append(" " + value_word(face))
    return text


def face_text(face: str, width: int) -> str:
    """The face drawn, with its name when both fit `width` cells."""
    both = f"{FACE_ART[face]} {value_word(face)}"
    return both if cell_len(both) <= width else FACE_ART[face]


def tile_lines(
    code: str,
    count: int,
    size: TileSize,
    *,
    last: bool,
    cursor: bool,
    changed: bool = False,
    line: bool = False,
) -> list[Text]:
    """The `size.height` lines of `size.width` cells of a tile `code` lying on a pile of
    `count` tiles: the last one placed marked, so are those placed since the player's
    own last turn; a tile in the line of a target just met underlined or double-framed;
    the cursor's between brackets (a grid cell) or solid bars (a framed tile)."""
    colour, shape, face = tile_parts(code)
    inner = size.width - 2 if size.framed else size.width
    body_height = size.height - 2 if size.framed else size.height
    tag = f"x{count}" if count > 1 else ""
    mark = LAST_MARK if last else CHANGED_MARK if changed else ""
    first = f"{mark}{value_word(colour)}"
    first += " " * max(1, inner - cell_len(first) - len(tag)) + tag
    middle = (
        list(BIG_SHAPE[shape])
        if body_height >= 5
        else [f"{SHAPE_SYMBOL[shape]} {value_word(shape)}"]
    )
    spare = max(0, body_height - len(middle) - 2)
    body = [first, *[""] * (spare // 2), *middle, *[""] * (spare - spare // 2)]
    bracketed_cell = cursor and not size.framed
    body = [*body[: body_height - 1], face_text(face, inner - 2 if bracketed_cell else inner)]
    # A grid cell under the cursor keeps its colour between brackets; a framed tile
    # keeps its face and sides and gets solid bars above and below, so a cursor move
    # repaints only those two lines of a tile.
    painted = fill(colour, bold=True)
    if line and not size.framed:
        painted += LINE_STYLE
    lines = [Text(_centre(row, inner) if i else row[:inner], painted) for i, row in enumerate(body)]
    if not size.framed:
        return bracketed(lines) if bracketed_cell else lines
    kind = "line" if line else "last" if last or changed else "plain"
    return _framed(lines, inner, kind, Style(bold=kind != "plain"), cursor)


def bracketed(lines: list[Text]) -> list[Text]:
    """A grid cell's lines under the cursor: every line but the first (the only line of a
    lane one line tall too) between `CURSOR_BRACKETS`, its words centred between them, in
    the cell's own style."""
    left, right = CURSOR_BRACKETS
    kept = 1 if len(lines) > 1 else 0
    marked = lines[:kept]
    for line in lines[kept:]:
        room = max(0, cell_len(line.plain) - 2)
        marked.append(Text(left + _centre(line.plain.strip(), room) + right, line.style))
    return marked


def open_lines(size: TileSize, cursor: bool = False) -> list[Text]:
    """A free cell of a framed board a tile may go to: a + inside a dashed outline (under
    the cursor, between solid bars)."""
    inner = size.width - 2
    body = [Text(" " * inner) for _ in range(size.height - 2)]
    body[len(body) // 2] = Text("+".center(inner), style="bold")
    return _framed(body, inner, "open", Style(dim=True), cursor)


def _framed(
    body: list[Text], inner: int, kind: str, frame: Style, cursor: bool = False
) -> list[Text]:
    top_left, line, top_right, side, bottom_left, bottom_right = tuple(_FRAMES[kind])
    top = Text(top_left + line * inner + top_right, frame)
    bottom = Text(bottom_left + line * inner + bottom_right, frame)
    if cursor:
        top = Text(CURSOR_EDGES[0] * (inner + 2), CURSOR_STYLE)
        bottom = Text(CURSOR_EDGES[1] * (inner + 2), CURSOR_STYLE)
    framed = [top]
    for text in body:
        framed.append(Text.assemble((side, frame), text, (side, frame)))
    framed.append(bottom)
    return framed


def _centre(text: str, width: int) -> str:
    left = max(0, (width - cell_len(text)) // 2)
    return (" " * left + text).ljust(width)[:width] if cell_len(text) <= width else text[:width]
