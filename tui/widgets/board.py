"""A square-cell board: tiles by coordinates, a cursor, marked cells; clicks post `Board.Picked`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from tui.widgets.grid import cell_at, grid_text
from tui.widgets.tile import tile_lines

CELL_WIDTH = 11
CELL_HEIGHT = 3


@dataclass(frozen=True)
class Window:
    """The part of the coordinate plane on screen: its top-left cell and size in cells."""

    x: int
    y: int
    width: int
    height: int

    def cells(self) -> list[tuple[int, int]]:
        return [
            (self.x + col, self.y + row) for row in range(self.height) for col in range(self.width)
        ]


def board_window(view: dict[str, Any]) -> Window:
    """The smallest window holding every tile and every cell a tile may go to next."""
    spots = [(c["x"], c["y"]) for c in view.get("cells", [])]
    spots += [(p["x"], p["y"]) for p in view.get("placements", [])]
    if not spots:
        return Window(0, 0, 1, 1)
    xs, ys = [x for x, _ in spots], [y for _, y in spots]
    return Window(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


class Board(Widget):
    """Draws the layout: tiles, stack heights, the last-placed cell, where a tile may go."""

    DEFAULT_CSS = "Board { width: auto; height: auto; }"

    view: reactive[dict[str, Any]] = reactive(dict, layout=True)
    cursor: reactive[tuple[int, int] | None] = reactive(None)
    show_open: reactive[bool] = reactive(True)

    @dataclass
    class Picked(Message):
        """The player clicked the cell (x, y)."""

        x: int
        y: int

    @property
    def window(self) -> Window:
        return board_window(self.view)

    def get_content_width(self, container, viewport) -> int:  # type: ignore[no-untyped-def]
        return self.window.width * (CELL_WIDTH + 1) + 1

    def get_content_height(self, container, viewport, width: int) -> int:  # type: ignore[no-untyped-def]
        return self.window.height * (CELL_HEIGHT + 1) + 1

    def render(self) -> Text:
        window = self.window
        tiles = {(c["x"], c["y"]): c for c in self.view.get("cells", [])}
        open_cells = (
            {(p["x"], p["y"]) for p in self.view.get("placements", [])} if self.show_open else set()
        )
        last = self.view.get("last")
        last_cell = (last["x"], last["y"]) if last else None
        cursor = None
        if self.cursor is not None:
            cursor = (self.cursor[0] - window.x, self.cursor[1] - window.y)

        def cell(col: int, row: int) -> list[Text]:
            spot = (window.x + col, window.y + row)
            return self._cell(tiles.get(spot), spot in open_cells, spot == last_cell)

        return grid_text(window.width, window.height, (CELL_WIDTH, CELL_HEIGHT), cell, cursor)

    def _cell(self, tile: dict[str, Any] | None, open_cell: bool, last: bool) -> list[Text]:
        """Three lines of one cell; a covered stack shows its height, the last tile says so."""
        if tile is None:
            mark = Text("    +", style="bold") if open_cell else Text("")
            return [Text(""), mark, Text("")]
        lines = [
            Text("*" if last and i == 0 else " ", style="bold") + line
            for i, line in enumerate(tile_lines(tile["top"]))
        ]
        if tile["height"] > 1:
            tag = f"x{tile['height']}"
            lines[0].append(" " * max(1, CELL_WIDTH - lines[0].cell_len - len(tag)))
            lines[0].append(tag, style="bold")
        return lines

    def on_click(self, event: events.Click) -> None:
        col, row = cell_at(event.x, event.y, (CELL_WIDTH, CELL_HEIGHT))
        window = self.window
        if 0 <= col < window.width and 0 <= row < window.height:
            self.post_message(self.Picked(window.x + col, window.y + row))
