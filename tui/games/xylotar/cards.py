"""How a Xylotar card is drawn: face up with its colour letter and value, or face down as a
back that shows its colour (the letter in a field of pattern, as the real backs show it),
in one-line chips or in framed cards. The letters are the player's language's
(`tui.games.xylotar.words.colour_letter`): "Y7" in English is "G7" in German.

A back whose value the viewer knows shows the value on the back, in italics. Backs of the
trump colour are filled with a denser pattern. Chips in a row share the bars between
them, so a row of 15 takes 46 cells; the red 10, the only 10, is the chip "10".
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style

from tui.games.xylotar.words import colour_letter
from tui.palette import ink
from tui.widgets.playing_cards import CURSOR_BRACKETS, CardSize, Cell, Face, Look, card_cells

COLOUR_INK = {
    "R": "red",
    "O": "orange",
    "Y": "yellow",
    "G": "green",
    "T": "cyan",
    "B": "blue",
    "P": "purple",
    "K": "pink",
}
"""The palette ink of each card colour (by the engine's letter); in 16 colours the eight
fall on eight different terminal colours. The letter shown decides, the colour helps."""

BACK_PATTERN = "░"
TRUMP_PATTERN = "▒"
"""A trump's back is filled more densely than the others."""

CHIP = CardSize("chip", 4, 1, 3)
"""One line: a two-cell label between two bars (`▕R7▏`); in a row a card takes three
cells, the bar between two cards being shared."""
CHIP_STEP = 3
CROSSWISE_HEIGHT = 3
"""A bid card lies crosswise: a framed card three lines high, one line of label."""


@dataclass(frozen=True)
class Card:
    """One card as the viewer may know it: its colour (the engine's letter), its value
    (None: unknown), whether it lies face up, and whether its colour is trump."""

    colour: str
    value: int | None = None
    face_up: bool = False
    trump: bool = False

    @property
    def ink(self) -> Style:
        return ink(COLOUR_INK[self.colour])

    @property
    def letter(self) -> str:
        """The colour letter the card shows, in the player's language."""
        return colour_letter(self.colour)

    @property
    def label(self) -> str:
        """ "R7", or the colour letter alone when the value is unknown."""
        return self.letter if self.value is None else f"{self.letter}{self.value}"

    @property
    def chip_label(self) -> str:
        """Two cells: "R7", "10" for the red 10, the letter and the pattern on a back of
        unknown value."""
        if self.value is None:
            return self.letter + self.pattern
        return "10" if self.value == 10 else self.label

    @property
    def pattern(self) -> str:
        return TRUMP_PATTERN if self.trump else BACK_PATTERN

    @property
    def known_back(self) -> bool:
        """Face down, but the viewer knows its value."""
        return not self.face_up and self.value is not None


def card_of(text: str, trump: str) -> Card:
    """A face-up card from its name ("R10")."""
    return Card(text[0], int(text[1:]), face_up=True, trump=text[0] == trump)


def label_style(card: Card, look: Look) -> Style:
    """The style of a card's label, as `card_cells` styles a face (in its ink, dim when
    it may not be played now, underlined when chosen), italic on a known back."""
    style = Style(dim=True) if look.dimmed else Style()
    style += card.ink + Style(bold=not look.dimmed)
    return style + Style(italic=card.known_back, underline=look.chosen)


def card_cells_for(card: Card, look: Look, size: CardSize) -> list[list[Cell]]:
    """A card alone: a chip (`▕R7▏`, the last move's `▐R7▌`) or a framed card; a back is
    a field of its pattern with the label in the middle."""
    if size.height == 1:
        face = Face(card.chip_label, card.ink)
        cells = card_cells(face, look, size)
        _write(cells[0], 1, card.chip_label, label_style(card, look))
        return cells
    if card.face_up:
        face = Face(card.label, card.ink, centre=str(card.value))
        return card_cells(face, look, size)
    cells = card_cells(Face("", card.ink, back=True, pattern=card.pattern), look, size)
    middle = len(cells) // 2
    inner = size.width - 2
    text = card.label
    _write(cells[middle], 1 + (inner - len(text)) // 2, text, label_style(card, look))
    return cells


def crosswise_cells(card: Card, look: Look, size: CardSize) -> list[list[Cell]]:
    """The bid card lying crosswise under its row: a chip with its ends turned down
    (`╰R4╯`, the last move's `┗R4┛`), or a framed card three lines high and two columns
    wider than a card standing in the row, its label in the middle."""
    if size.height == 1:
        left, right = ("┗", "┛") if look.fresh else ("╰", "╯")
        bar = Style(bold=True)
        return [[(left, bar), *_label_cells(card.chip_label, card, look), (right, bar)]]
    flat = CardSize("crosswise", size.width + 2, CROSSWISE_HEIGHT, size.peek)
    cells = card_cells(Face("", card.ink), look, flat)
    inner = flat.width - 2
    text = card.label
    _write(cells[1], 1 + (inner - len(text)) // 2, text, label_style(card, look))
    return cells


def chip_row(cards: list[Card | None], looks: list[Look]) -> list[Cell]:
    """A row of chips sharing their bars (`│R░│Y7│  │G░│`): three cells a card, a gap
    (None) left blank between its neighbours' bars; a bar shows beside every card that
    may be played now. The cards the keys point at stand between `▶` and `◀` (a pair
    between one pair of them)."""
    bar = Style(bold=True)
    cells: list[Cell] = []
    pointed = [card is not None and look.cursor for card, look in zip(cards, looks, strict=True)]
    for index, card in enumerate(cards):
        cells.append((_bar_before(cards, looks, pointed, index), bar))
        if card is None:
            cells += [(" ", Style()), (" ", Style())]
        else:
            cells += _label_cells(card.chip_label, card, looks[index])
    cells.append((_bar_before(cards, looks, pointed, len(cards)), bar))
    return cells


def _bar_before(
    cards: list[Card | None], looks: list[Look], pointed: list[bool], index: int
) -> str:
    """The bar shared by the chips at `index - 1` and `index` (either may be missing)."""
    after = index < len(cards) and pointed[index]
    before = index > 0 and pointed[index - 1]
    if after != before:
        return CURSOR_BRACKETS[0] if after else CURSOR_BRACKETS[1]
    barred = any(
        0 <= at < len(cards) and _barred(cards[at], looks[at]) for at in (index - 1, index)
    )
    return "│" if barred else " "


def chip_row_width(count: int) -> int:
    return CHIP_STEP * count + 1


def _barred(card: Card | None, look: Look) -> bool:
    return card is not None and not look.dimmed


def _label_cells(text: str, card: Card, look: Look) -> list[Cell]:
    style = label_style(card, look)
    if card.value is None:
        # The pattern beside the letter is the back, not a label: not bold.
        return [(text[0], style), (text[1], style + Style(bold=False))]
    return [(char, style) for char in text]


def _write(row: list[Cell], x: int, text: str, style: Style) -> None:
    for offset, char in enumerate(text):
        if 0 <= x + offset < len(row):
            row[x + offset] = (char, style)
