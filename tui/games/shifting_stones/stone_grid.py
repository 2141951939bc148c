"""The nine stones as tiles in a 3 x 3 grid: the cursor's stone between solid bars, the picked
stone in a double frame, stones that cannot be picked now dim in a dashed frame, and the
stones the last turn changed in a heavy frame. Each stone is a widget of its own, so a
change sends only the stones it concerns; clicks post `Picked`."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from rules.shifting_stones import StoneView
from tui import palette
from tui.games.shifting_stones.lines import piece_line
from tui.games.shifting_stones.pieces import CHIP, STONE_GAP, StoneSize, stone_cells
from tui.i18n import language
from tui.widgets.playing_cards import Canvas, Look

MIN_TILE_LINES = 3
"""The fewest lines a word tile keeps: its frame and its word."""


class StoneTile(Widget):
    """One stone of the grid, in its look."""

    DEFAULT_CSS = "StoneTile { width: auto; height: auto; }"

    stone: reactive[StoneView | None] = reactive(None)
    """The stone shown; None until the grid has one for this cell."""
    look: reactive[Look] = reactive(Look)
    stone_size: reactive[StoneSize] = reactive(CHIP.stone, layout=True)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.stone_size.width

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self.stone_size.height

    def render(self) -> Text:
        size = self.stone_size
        canvas = Canvas(size.width, size.height)
        if self.stone is not None:
            canvas.place(stone_cells(self.stone, self.look, size), 0, 0)
        return canvas.text()

    def render_line(self, y: int) -> Strip:
        stone = self.stone
        if stone is None:
            return Strip.blank(self.size.width, self.visual_style.rich_style)
        drawing = ("stone", stone["up"], stone["down"], self.look, self.stone_size)
        return piece_line(self, (*drawing, palette.current(), language()), self.render, y)


class StoneRow(Widget):
    """Three stones side by side."""

    DEFAULT_CSS = "StoneRow { layout: horizontal; width: auto; height: auto; }"


class StoneGrid(Widget):
    """Nine stones, row by row, in tiles of `stone_size`; tiles that show words only (no
    drawing) lose a line where the grid's room is short of three of them."""

    DEFAULT_CSS = "StoneGrid { layout: vertical; width: auto; height: auto; }"

    grid: reactive[list[StoneView]] = reactive(list, repaint=False)
    stone_size: reactive[StoneSize] = reactive(CHIP.stone, repaint=False)
    cursor: reactive[int | None] = reactive(None, repaint=False)
    picked: reactive[frozenset[int]] = reactive(frozenset, repaint=False)
    fresh: reactive[frozenset[int]] = reactive(frozenset, repaint=False)
    dimmed: reactive[frozenset[int]] = reactive(frozenset, repaint=False)

    @dataclass
    class Picked(Message):
        """The player clicked stone `cell` (0..8, row by row)."""

        cell: int

    def compose(self) -> ComposeResult:
        for _ in range(3):
            with StoneRow():
                for col in range(3):
                    tile = StoneTile()
                    tile.styles.margin = (0, STONE_GAP if col < 2 else 0, 0, 0)
                    yield tile

    def on_mount(self) -> None:
        self._show(range(9))

    @property
    def tile_size(self) -> StoneSize:
        """The size the tiles are drawn in: `stone_size`, or a line less for word tiles
        where the grid is not high enough for three rows of them."""
        size, room = self.stone_size, self.size.height
        if size.scale or not room or room >= 3 * size.height:
            return size
        return replace(size, height=max(MIN_TILE_LINES, room // 3))

    def stone_region(self, cell: int) -> Region:
        """Where stone `cell` lies in the widget."""
        size = self.tile_size
        row, col = divmod(cell, 3)
        return Region(col * (size.width + STONE_GAP), row * size.height, size.width, size.height)

    def cell_at(self, x: int, y: int) -> int | None:
        """The stone under the point (x, y), or None (a gap or outside)."""
        for cell in range(9):
            if self.stone_region(cell).contains(x, y):
                return cell
        return None

    def on_resize(self) -> None:
        self._show(range(9))

    def watch_grid(self) -> None:
        self._show(range(9))

    def watch_stone_size(self) -> None:
        self._show(range(9))

    def watch_cursor(self, old: int | None, new: int | None) -> None:
        self._show({old, new})

    def watch_picked(self, old: frozenset[int], new: frozenset[int]) -> None:
        self._show(old ^ new)

    def watch_fresh(self, old: frozenset[int], new: frozenset[int]) -> None:
        self._show(old ^ new)

    def watch_dimmed(self, old: frozenset[int], new: frozenset[int]) -> None:
        self._show(old ^ new)

    def _show(self, cells: Iterable[int | None]) -> None:
        """Hand these stones' tiles their stone, look and size; each tile repaints only if
        they changed."""
        if not self.is_mounted:
            return
        tiles = list(self.query(StoneTile))
        for cell in cells:
            if cell is not None:
                tile = tiles[cell]
                tile.stone_size = self.tile_size
                tile.stone = self.grid[cell] if cell < len(self.grid) else None
                tile.look = self.look(cell)

    def look(self, cell: int) -> Look:
        return Look(
            cursor=cell == self.cursor,
            dimmed=cell in self.dimmed,
            fresh=cell in self.fresh,
            chosen=cell in self.picked,
        )

    def on_click(self, event: events.Click) -> None:
        """A click on a stone, which its tile passes on (its offset is the tile's own)."""
        x, y = event.screen_offset - self.content_region.offset
        cell = self.cell_at(x, y)
        if cell is not None:
            self.post_message(self.Picked(cell))
