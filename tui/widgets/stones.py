"""The 3x3 stones: each shows its symbol and, dimmed, what is on its other side."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

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
        rule = Text("+" + ("-" * CELL_WIDTH + "+") * 3, style="dim")
        out = Text(no_wrap=True)
        out.append_text(rule)
        for row in range(3):
            lines = [Text("|", style="dim") for _ in range(CELL_HEIGHT)]
            for col in range(3):
                cell = row * 3 + col
                for i, line in enumerate(self._cell(cell)):
                    line.truncate(CELL_WIDTH, pad=True)
                    if cell == self.cursor:
                        line.stylize(Style(reverse=True))
                    lines[i].append_text(line)
                    lines[i].append("|", style="dim")
            for line in lines:
                out.append("\n")
                out.append_text(line)
            out.append("\n")
            out.append_text(rule)
        return out

    def _cell(self, cell: int) -> list[Text]:
        if cell >= len(self.grid):
            return [Text(""), Text("")]
        stone = self.grid[cell]
        mark = "> " if cell in self.picked else "  "
        top = Text(mark, style="bold") + symbol_word(stone["up"])
        return [top, Text(f"  ({stone['down']})", style="dim")]

    def on_click(self, event: events.Click) -> None:
        col, row = event.x // (CELL_WIDTH + 1), event.y // (CELL_HEIGHT + 1)
        if 0 <= col < 3 and 0 <= row < 3:
            self.post_message(self.Picked(row * 3 + col))
