"""A hand of pattern cards: small 3x3 patterns of symbol codes, value, and whether it scores."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from tui.widgets.symbols import symbol_code

CARD_WIDTH = 11
"""Ten columns of card and one of space."""


def card_lines(card: dict[str, Any], number: int | None = None) -> list[Text]:
    """Four lines: "#1 2pt SCORE" then the pattern's three rows."""
    head = Text(f"#{number} " if number is not None else "")
    head.append(f"{card['value']}pt")
    if card.get("scorable"):
        head.append(" OK", style="bold reverse")
    rows = []
    for row in range(3):
        line = Text(" ")
        for col in range(3):
            line.append_text(symbol_code(card["pattern"][row * 3 + col]))
            line.append(" ")
        rows.append(line)
    return [head, *rows]


class PatternHand(Widget):
    """The hand side by side; clicks post `PatternHand.Picked` with the card index."""

    DEFAULT_CSS = "PatternHand { height: auto; }"

    cards: reactive[list[dict[str, Any]]] = reactive(list)
    cursor: reactive[int | None] = reactive(None)
    empty_text: reactive[str] = reactive("no cards")

    @dataclass
    class Picked(Message):
        """The player clicked card `index` of the hand."""

        index: int

    def per_line(self, width: int | None = None) -> int:
        """Cards side by side at this width; more cards wrap to another band."""
        return max(1, (width or self.size.width or 80) // CARD_WIDTH)

    def get_content_height(self, container, viewport, width: int) -> int:  # type: ignore[no-untyped-def]
        return 4 * max(1, -(-len(self.cards) // self.per_line(width)))

    def render(self) -> Text:
        if not self.cards:
            return Text(self.empty_text, style="dim italic")
        per_line = self.per_line()
        bands = []
        for start in range(0, len(self.cards), per_line):
            lines = [Text(no_wrap=True) for _ in range(4)]
            for index in range(start, min(start + per_line, len(self.cards))):
                for i, line in enumerate(card_lines(self.cards[index], index + 1)):
                    line.truncate(CARD_WIDTH - 1, pad=True)
                    if index == self.cursor:
                        line.stylize(Style(reverse=True) if i == 0 else Style(underline=True))
                    lines[i].append_text(line)
                    lines[i].append(" ")
            bands.append(Text("\n").join(lines))
        return Text("\n").join(bands)

    def on_click(self, event: events.Click) -> None:
        per_line = self.per_line()
        col = event.x // CARD_WIDTH
        index = (event.y // 4) * per_line + col
        if col < per_line and 0 <= index < len(self.cards):
            self.post_message(self.Picked(index))
