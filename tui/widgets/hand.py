"""A row of cards the player can point at: cursor, marks, and playable highlights."""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from tui.widgets.card import FACE_DOWN, card_label, card_style

TOKEN_WIDTH = 6
"""Each card takes "[10♥*]" at most: cursor brackets, label, mark."""


class CardRow(Widget):
    """Cards in a wrapping row. Face-down cards are `None`. Clicks post `CardRow.Picked`.

    Unplayable cards (when `playable` is set) stand in parentheses and are dimmed,
    the cursor card in brackets and in reverse, marked cards are underlined and carry
    a `*`: never colour alone.

    The row only shows; the screen decides what a pick means.
    """

    DEFAULT_CSS = """
    CardRow { height: auto; min-height: 1; }
    """

    cards: reactive[list[str | None]] = reactive(list, layout=True)
    cursor: reactive[int] = reactive(-1)
    marked: reactive[frozenset[int]] = reactive(frozenset)
    playable: reactive[frozenset[int]] = reactive(frozenset)
    empty_text: reactive[str] = reactive("none")

    @dataclass
    class Picked(Message):
        """The player clicked the card at `index` of `row`; `double` for a double click."""

        row: CardRow
        index: int
        double: bool = False

        @property
        def control(self) -> CardRow:
            return self.row

    def per_line(self) -> int:
        """Cards per screen line at the current width."""
        return max(1, (self.size.width or 80) // TOKEN_WIDTH)

    def get_content_height(self, container, viewport, width: int) -> int:  # type: ignore[no-untyped-def]
        per_line = max(1, width // TOKEN_WIDTH)
        return max(1, -(-len(self.cards) // per_line))

    def render(self) -> Text:
        if not self.cards:
            return Text(self.empty_text, style="dim italic")
        per_line = self.per_line()
        text = Text(no_wrap=True, overflow="crop")
        for i, card in enumerate(self.cards):
            if i and i % per_line == 0:
                text.append("\n")
            text.append_text(self._token(i, card))
        return text

    def _token(self, index: int, card: str | None) -> Text:
        at_cursor = index == self.cursor
        label = FACE_DOWN if card is None else card_label(card)
        style = card_style(card)
        if self.playable and index not in self.playable:
            style = Style(dim=True)
        if at_cursor:
            style += Style(reverse=True)
        marked = index in self.marked
        unplayable = bool(self.playable) and index not in self.playable
        left, right = ("[", "]") if at_cursor else ("(", ")") if unplayable else (" ", " ")
        token = Text(left)
        token.append(" " * (3 - len(label)), style)
        token.append(label + ("*" if marked else " "), style + Style(underline=marked))
        token.append(right)
        return token

    def on_click(self, event: events.Click) -> None:
        index = (event.y * self.per_line()) + event.x // TOKEN_WIDTH
        if 0 <= event.x < self.per_line() * TOKEN_WIDTH and 0 <= index < len(self.cards):
            self.post_message(self.Picked(self, index, double=event.chain >= 2))
