"""Cards drawn as cards: a framed face with its corner label, or a back, in three sizes.

Every look reads without colour: the pointed card has solid bars for its top and bottom
edges (a chip stands between `▶` and `◀`) and keeps its ink, a card that may not be
played now is dim inside a dashed frame, a card the last move laid down has a heavy
frame, and a chosen card stands raised (`CardFan`). Ink (the suit's colour) only helps.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.strip import Strip

NO_STYLE = Style()


@dataclass(frozen=True)
class CardSize:
    """How big a card is drawn: `width` x `height` cells; `peek` is how many of its
    columns still show when the next card of a fan lies over it."""

    name: str
    width: int
    height: int
    peek: int


CHIP = CardSize("chip", 5, 1, 5)
"""One line: the label between two thin bars (`▕10♥▏`); chips never overlap."""
SMALL = CardSize("small", 5, 3, 4)
LARGE = CardSize("large", 7, 5, 4)
SIZES = (CHIP, SMALL, LARGE)
XL = CardSize("xl", 9, 7, 5)
"""The biggest cards, for a table that has the room on a big screen (3 x 3 at 160x45)."""


def card_size_for(width: int, height: int) -> CardSize:
    """The cards a screen of `width` x `height` cells draws: chips up to about 110x30,
    small framed cards up to about 150x40, large ones beyond."""
    if width >= 150 and height >= 40:
        return LARGE
    if width >= 110 and height >= 30:
        return SMALL
    return CHIP


@dataclass(frozen=True)
class Face:
    """What a card shows: its corner `label` ("10♥") in `ink`, its big `centre` symbol
    (the suit) on a large card; a back shows `pattern` in `ink` and an optional label
    (how many cards lie there)."""

    label: str
    ink: Style = NO_STYLE
    centre: str = ""
    back: bool = False
    pattern: str = "░"


@dataclass(frozen=True)
class Look:
    """How a card is shown besides its face."""

    cursor: bool = False
    """The card the keys point at: solid bars for its top and bottom edges, its sides and
    ink as they are (a chip between `▶` and `◀`)."""
    dimmed: bool = False
    """It may not be played now: dim, in a dashed frame (a chip without its bars)."""
    fresh: bool = False
    """The last move laid it down: a heavy frame (a chip between half blocks)."""
    chosen: bool = False
    """Picked to be played or swapped: a double frame (a chip's label underlined); a fan
    also raises it."""


PLAIN = Look()

Cell = tuple[str, Style]

_FRAMES = {
    "plain": "╭─╮│╰╯",
    "dimmed": "╭┄╮┆╰╯",
    "fresh": "┏━┓┃┗┛",
    "chosen": "╔═╗║╚╝",
}
CURSOR_EDGES = ("▄", "▀")
"""The top and bottom edges of the card the keys point at, as on XOXO's tiles."""
CURSOR_BRACKETS = ("▶", "◀")
"""The bars of a chip the keys point at, as around XOXO's grid cells."""
CURSOR_STYLE = Style(bold=True)
_CHIP_BARS = {
    "plain": ("▕", "▏"),
    "dimmed": (" ", " "),
    "fresh": ("▐", "▌"),
    "chosen": ("▕", "▏"),
}


def _frame_kind(look: Look) -> str:
    if look.chosen:
        return "chosen"
    return "fresh" if look.fresh else "dimmed" if look.dimmed else "plain"


def card_cells(face: Face, look: Look, size: CardSize) -> list[list[Cell]]:
    """The card as `size.height` rows of `size.width` cells."""
    inside = Style(dim=True) if look.dimmed else Style()
    ink = inside + face.ink + Style(bold=not look.dimmed, underline=look.chosen)
    kind = _frame_kind(look)
    if size.height == 1:
        left, right = CURSOR_BRACKETS if look.cursor else _CHIP_BARS[kind]
        bar = inside + Style(bold=True)
        return [[(left, bar), *_cells(_fit(face, size.width - 2), ink, inside), (right, bar)]]
    top_left, line, top_right, side, bottom_left, bottom_right = tuple(_FRAMES[kind])
    inner = size.width - 2
    frame = inside + (Style(bold=True) if look.fresh or look.chosen else NO_STYLE)
    top = [(top_left, frame), *[(line, frame)] * inner, (top_right, frame)]
    bottom = [(bottom_left, frame), *[(line, frame)] * inner, (bottom_right, frame)]
    if look.cursor:
        top = [(CURSOR_EDGES[0], CURSOR_STYLE)] * size.width
        bottom = [(CURSOR_EDGES[1], CURSOR_STYLE)] * size.width
    rows = [top]
    for body in _body(face, size):
        rows.append([(side, frame), *_cells(body, ink, inside), (side, frame)])
    rows.append(bottom)
    return rows


def _body(face: Face, size: CardSize) -> list[str]:
    """The inside rows of a framed card, each `size.width - 2` cells."""
    inner, rows = size.width - 2, size.height - 2
    if face.back:
        body = [face.pattern * inner for _ in range(rows)]
        if face.label:
            label = f" {face.label} " if cell_len(face.label) + 2 <= inner else face.label
            body[rows // 2] = _centred(label, inner, face.pattern)
        return body
    corner = _fit(face, inner, align="left")
    if rows == 1:
        return [corner]
    body = [" " * inner for _ in range(rows)]
    body[0] = corner
    body[-1] = _fit(face, inner, align="right")
    if rows >= 3:
        body[rows // 2] = _centred(face.centre, inner, " ")
    return body


def _fit(face: Face, width: int, align: str = "right") -> str:
    """The label of a face (or the pattern of a back) in exactly `width` cells."""
    if face.back and not face.label:
        return face.pattern * width
    label = face.label[:width]
    gap = " " * max(0, width - cell_len(label))
    return label + gap if align == "left" else gap + label


def _centred(text: str, width: int, fill: str) -> str:
    text = text[:width]
    left = (width - cell_len(text)) // 2
    return fill * left + text + fill * (width - left - cell_len(text))


def _cells(text: str, ink: Style, blank: Style) -> list[Cell]:
    return [(char, blank if char == " " else ink) for char in text]


class Canvas:
    """A small grid of styled cells that cards are laid on, later ones over earlier ones."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.rows: list[list[Cell]] = [[(" ", Style())] * width for _ in range(height)]

    def place(self, cells: list[list[Cell]], x: int, y: int) -> None:
        """Lay `cells` with their top left corner at (`x`, `y`); what falls outside is cut."""
        for dy, row in enumerate(cells):
            if 0 <= y + dy < len(self.rows):
                line = self.rows[y + dy]
                for dx, cell in enumerate(row):
                    if 0 <= x + dx < self.width:
                        line[x + dx] = cell

    def write(self, text: str, x: int, y: int, style: Style = NO_STYLE) -> None:
        """Put plain `text` (one cell per character) at (`x`, `y`)."""
        self.place([[(char, style) for char in text]], x, y)

    def write_text(self, text: Text, x: int, y: int) -> None:
        """Put one line of styled `text` at (`x`, `y`)."""
        base = _style(text.style)
        styles = [base] * len(text.plain)
        for span in text.spans:
            for at in range(span.start, min(span.end, len(styles))):
                styles[at] = styles[at] + _style(span.style)
        self.place([list(zip(text.plain, styles, strict=True))], x, y)

    def centre(self) -> None:
        """Move what is drawn to the middle of the width: as many blank columns before it as
        are left after it."""
        blank = (" ", Style())
        used = max(
            (
                len(row)
                - next((n for n, cell in enumerate(reversed(row)) if cell != blank), len(row))
            )
            for row in self.rows
        )
        shift = (self.width - used) // 2
        if shift > 0:
            self.rows = [[blank] * shift + row[: self.width - shift] for row in self.rows]

    def strips(self) -> list[Strip]:
        """The grid as strips, a line each, runs of one style joined."""
        return [strip_of(row) for row in self.rows]

    def text(self) -> Text:
        """The grid as Text, runs of one style joined."""
        out = Text(no_wrap=True, overflow="crop")
        for number, row in enumerate(self.rows):
            if number:
                out.append("\n")
            run, style = "", None
            for char, cell_style in row:
                if style is not None and cell_style != style:
                    out.append(run, style)
                    run = ""
                run += char
                style = cell_style
            if run:
                out.append(run, style)
        return out


def strip_of(cells: list[Cell], cuts: tuple[int, ...] = ()) -> Strip:
    """One row of cells as a strip, a segment per run of one style, also cut at `cuts`
    (where a repaint begins: Textual sends a changed span from the start of its segment)."""
    segments = []
    run, style = "", None
    for x, (char, cell_style) in enumerate(cells):
        if run and ((cell_style is not style and cell_style != style) or x in cuts):
            segments.append(Segment(run, style))
            run = ""
        run += char
        style = cell_style
    if run:
        segments.append(Segment(run, style))
    return Strip(segments, len(cells))


def _style(style: str | Style) -> Style:
    return Style.parse(style) if isinstance(style, str) else style
