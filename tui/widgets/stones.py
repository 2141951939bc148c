"""The 3x3 stones: each shows its symbol and, dimmed, what is on its other side."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from tui.widgets.grid import cell_at, grid_text
from tui.widgets.symbols import symbol_word

CELL_WIDTH = 10
CELL_HEIGHT = 2


class StoneGrid(Widget):
    """Nine stones; a cursor cell and picked cells when choosing stones. Clicks post `Picked`."""

    DEFAULT_CSS = "StoneGrid { width: 34; height: 10; }"

    grid: reactive[list[dict[str, Any]]] = reactive(list)
    cursor: reactive[int | None] = reactive(None)
    picked: reactive[frozenset[int]] = reactive(frozenset)

    @dataclass
    class Picked(Message):
        """The player clicked stone `cell` (0..8, row-major)."""

        cell: int

    def render(self) -> Text:
        cursor = None if self.cursor is None else (self.cursor % 3, self.cursor // 3)
        return grid_text(
            3, 3, (CELL_WIDTH, CELL_HEIGHT), lambda col, row: self._cell(row * 3 + col), cursor
        )

    def _cell(self, cell: int) -> list[Text]:
        if cell >= len(self.grid):
            return [Text(""), Text("")]
        stone = self.grid[cell]
        mark = "> " if cell in self.picked else "  "
        top = Text(mark, style="bold") + symbol_word(stone["up"])
        return [top, Text(f"  ({stone['down']})", style="dim")]

    def on_click(self, event: events.Click) -> None:
        col, row = cell_at(event.x, event.y, (CELL_WIDTH, CELL_HEIGHT))
        if 0 <= col < 3 and 0 <= row < 3:
            self.post_message(self.Picked(row * 3 + col))
