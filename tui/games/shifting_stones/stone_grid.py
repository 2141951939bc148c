"""The nine stones as tiles in a 3 x 3 grid: the cursor's stone in reverse, the picked
stone in a double frame, stones that cannot be picked now dim in a dashed frame, and the
stones the last turn changed in a heavy frame. A change repaints only the stones it
concerns; clicks post `Picked`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import events
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from tui.games.shifting_stones.pieces import CHIP, STONE_GAP, StoneSize, stone_cells
from tui.widgets.playing_cards import Canvas, Look


class StoneGrid(Widget):
    """Nine stones, row by row, in tiles of `stone_size`."""

    DEFAULT_CSS = "StoneGrid { width: auto; height: auto; }"

    grid: reactive[list[dict[str, Any]]] = reactive(list)
    stone_size: reactive[StoneSize] = reactive(CHIP.stone, layout=True)
    cursor: reactive[int | None] = reactive(None, repaint=False)
    picked: reactive[frozenset[int]] = reactive(frozenset, repaint=False)
    fresh: reactive[frozenset[int]] = reactive(frozenset, repaint=False)
    dimmed: reactive[frozenset[int]] = reactive(frozenset, repaint=False)

    @dataclass
    class Picked(Message):
        """The player clicked stone `cell` (0..8, row by row)."""

        cell: int

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return 3 * self.stone_size.width + 2 * STONE_GAP

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return 3 * self.stone_size.height

    def stone_region(self, cell: int) -> Region:
        """Where stone `cell` lies in the widget."""
        size = self.stone_size
        row, col = divmod(cell, 3)
        return Region(col * (size.width + STONE_GAP), row * size.height, size.width, size.height)

    def cell_at(self, x: int, y: int) -> int | None:
        """The stone under the point (x, y), or None (a gap or outside)."""
        for cell in range(9):
            if self.stone_region(cell).contains(x, y):
                return cell
        return None

    def watch_cursor(self, old: int | None, new: int | None) -> None:
        self._repaint({old, new})

    def watch_picked(self, old: frozenset[int], new: frozenset[int]) -> None:
        self._repaint(old ^ new)

    def watch_fresh(self, old: frozenset[int], new: frozenset[int]) -> None:
        self._repaint(old ^ new)

    def watch_dimmed(self, old: frozenset[int], new: frozenset[int]) -> None:
        self._repaint(old ^ new)

    def _repaint(self, cells: set[int | None] | frozenset[int]) -> None:
        regions = [self.stone_region(cell) for cell in cells if cell is not None]
        if regions:
            self.refresh(*regions)

    def look(self, cell: int) -> Look:
        return Look(
            cursor=cell == self.cursor,
            dimmed=cell in self.dimmed,
            fresh=cell in self.fresh,
            chosen=cell in self.picked,
        )

    def render(self) -> Text:
        size = self.stone_size
        canvas = Canvas(3 * size.width + 2 * STONE_GAP, 3 * size.height)
        for cell, stone in enumerate(self.grid[:9]):
            region = self.stone_region(cell)
            canvas.place(stone_cells(stone, self.look(cell), size), region.x, region.y)
        return canvas.text()

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        cell = None if offset is None else self.cell_at(offset.x, offset.y)
        if cell is not None:
            self.post_message(self.Picked(cell))
