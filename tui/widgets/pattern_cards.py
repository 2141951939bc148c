"""A hand of pattern cards: small 3x3 patterns of symbol codes, value, and whether it scores."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.style import Style
from rich.text import Text
from textual import events
from textual.geometry import Region
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from tui.widgets.symbols import symbol_code

CARD_WIDTH = 11
"""Ten columns of card and one of space."""

GUTTER = 4
"""Columns at each side of a hand too long to show whole: "<", ">" and the count beyond."""

MATCH = Style(bold=True, reverse=True)
"""How OK (the card matches the grid now) stands out, with colour or without."""


def pattern_lines(pattern: list[str | None]) -> list[Text]:
    """The pattern's three rows of symbol codes, " Su ·· Fi "."""
    rows = []
    for row in range(3):
        line = Text(" ")
        for col in range(3):
            line.append_text(symbol_code(pattern[row * 3 + col]))
            line.append(" ")
        rows.append(line)
    return rows


def card_lines(card: dict[str, Any], number: int | None = None) -> list[Text]:
    """Four lines: "#1 2pt OK" (OK: it matches the grid now) then the pattern's rows."""
    head = Text(f"#{number} " if number is not None else "")
    head.append(f"{card['value']}pt")
    if card.get("scorable"):
        head.append(" ")
        head.append("OK", style=MATCH)
    return [head, *pattern_lines(card["pattern"])]


class PatternHand(Widget):
    """The hand side by side. A hand longer than the width shows a window of cards that
    follows the cursor, with "<" or ">" at a side that has more, how many, and OK when one
    of them matches; `Shown` tells which cards show. The cursor's card has its head line in
    reverse, so moving the cursor within the window repaints two head lines only. Clicks
    post `Picked` with the card index."""

    DEFAULT_CSS = "PatternHand { height: 4; }"

    cards: reactive[list[dict[str, Any]]] = reactive(list)
    cursor: reactive[int | None] = reactive(None, repaint=False)
    empty_text: reactive[str] = reactive("no cards")

    @dataclass
    class Picked(Message):
        """The player clicked card `index` of the hand (or the "more" mark beside it)."""

        index: int

    @dataclass
    class Shown(Message):
        """Cards `first` to `last` (indexes) of the `count` held are on screen now."""

        first: int
        last: int
        count: int

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.first = 0
        """The first card shown when the hand does not fit."""
        self._told: tuple[int, int, int] | None = None

    def windowed(self) -> bool:
        """True when the cards do not fit side by side (the last needs no space after it)."""
        return len(self.cards) * CARD_WIDTH - 1 > self.size.width

    def shown(self) -> range:
        """The indexes of the cards on screen; the cursor's card is always among them."""
        count = len(self.cards)
        if not self.size.width:  # not laid out yet: keep the window where it is
            return range(self.first, min(count, self.first + 1))
        if not self.windowed():
            self.first = 0
            return range(count)
        slots = max(1, (self.size.width - 2 * GUTTER) // CARD_WIDTH)
        if self.cursor is not None:
            self.first = min(self.first, self.cursor)
            self.first = max(self.first, self.cursor - slots + 1)
        self.first = max(0, min(self.first, count - slots))
        return range(self.first, self.first + slots)

    def watch_cursor(self, old: int | None, new: int | None) -> None:
        before = self.first
        shown = self.shown()
        if self.first != before:
            self.refresh()
            return
        left = GUTTER if self.windowed() else 0
        for index in {old, new}:
            if index is not None and index in shown:
                slot = shown.index(index)
                self.refresh(Region(left + slot * CARD_WIDTH, 0, CARD_WIDTH, 1))

    def render(self) -> Text:
        shown = self.shown()
        told = (shown.start, shown.stop - 1, len(self.cards))
        if told != self._told and self.size.width:
            self._told = told
            self.post_message(self.Shown(*told))
        if not self.cards:
            return Text(self.empty_text, style="dim italic")
        lines = [Text(no_wrap=True) for _ in range(4)]
        if self.windowed():
            self._gutter(lines, range(0, shown.start), "<")
        for index in shown:
            for i, line in enumerate(card_lines(self.cards[index], index + 1)):
                line.truncate(CARD_WIDTH - 1, pad=True)
                if index == self.cursor and i == 0:
                    line.stylize(Style(reverse=True))
                lines[i].append_text(line)
                lines[i].append(" ")
        if self.windowed():
            self._gutter(lines, range(shown.stop, len(self.cards)), ">")
        return Text("\n").join(lines)

    def _gutter(self, lines: list[Text], beyond: range, arrow: str) -> None:
        """The side mark: the arrow, how many cards lie beyond it, OK if one matches."""
        marks = [Text(), Text(), Text(), Text()]
        if beyond:
            marks[0] = Text(arrow, style="bold")
            marks[1] = Text(f"+{len(beyond)}")
            if any(self.cards[index].get("scorable") for index in beyond):
                marks[2] = Text("OK", style=MATCH)
        for line, mark in zip(lines, marks, strict=True):
            mark.truncate(GUTTER - 1, pad=True)
            if arrow == ">":
                line.append(" ")
                line.append_text(mark)
            else:
                mark.append(" ")
                line.append_text(mark)

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or not self.cards:
            return
        shown = self.shown()
        x = offset.x
        if self.windowed():
            if x < GUTTER:
                self._pick(shown.start - 1)
                return
            x -= GUTTER
        slot = x // CARD_WIDTH
        self._pick(shown.start + slot if slot < len(shown) else shown.stop)

    def _pick(self, index: int) -> None:
        if 0 <= index < len(self.cards):
            self.post_message(self.Picked(index))
