"""The 3x3 stones: each shows its symbol and, in brackets, what is on its other side."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from tui.widgets.grid import cell_at, cell_region, grid_text
from tui.widgets.symbols import symbol_word

CELL_WIDTH = 13
"""Room for a mark and the longest stone, ">horse (boat)"."""

CELL_HEIGHT = 1


class StoneGrid(Widget):
    """Nine stones, ruled like a # sign; a cursor cell (reverse) and picked cells (">" and
    underlined) when choosing stones. Moving the cursor repaints the two cells concerned
    only. Clicks post `Picked`."""

    DEFAULT_CSS = "StoneGrid { width: 41; height: 5; }"

    grid: reactive[list[dict[str, Any]]] = reactive(list)
    cursor: reactive[int | None] = reactive(None, repaint=False)
    picked: reactive[frozenset[int]] = reactive(frozenset, repaint=False)

    @dataclass
    class Picked(Message):
        """The player clicked stone `cell` (0..8, row-major)."""

        cell: int

    def watch_cursor(self, old: int | None, new: int | None) -> None:
        self._repaint_cells({old, new})

    def watch_picked(self, old: frozenset[int], new: frozenset[int]) -> None:
        self._repaint_cells(old ^ new)

    def _repaint_cells(self, cells: set[int | None] | frozenset[int]) -> None:
        regions = [
            cell_region(cell % 3, cell // 3, (CELL_WIDTH, CELL_HEIGHT))
            for cell in cells
            if cell is not None
        ]
        if regions:
            self.refresh(*regions)

    def render(self) -> Text:
        cursor = None if self.cursor is None else (self.cursor % 3, self.cursor // 3)
        size = (CELL_WIDTH, CELL_HEIGHT)
        return grid_text(3, 3, size, lambda col, row: self._cell(row * 3 + col), cursor)

    def _cell(self, cell: int) -> list[Text]:
        if cell >= len(self.grid):
            return [Text("")]
        stone = self.grid[cell]
        word = symbol_word(stone["up"])
        if cell in self.picked:
            word.stylize(Style(underline=True))
        line = Text(">" if cell in self.picked else " ", style="bold") + word
        line.append(f" ({stone['down']})", style="dim")
        return [line]

    def on_click(self, event: events.Click) -> None:
        col, row = cell_at(event.x, event.y, (CELL_WIDTH, CELL_HEIGHT))
        if 0 <= col < 3 and 0 <= row < 3:
            self.post_message(self.Picked(row * 3 + col))
