"""The XOXO board: tiles by coordinates, a cursor, the cells a tile may go to; clicks
post `Board.Picked`.

Drawn line by line (Textual's line API), one widget per column: moving the cursor repaints
only the two cells it leaves and enters, so a key costs a few hundred bytes over SSH, not
the whole board.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from rules.xoxo import XY, CellView, XoxoView
from tui.games.xoxo.tiles import SMALL_TILE, TileSize, bracketed, open_lines, tile_lines

MAX_COLUMNS = 4
"""Columns of the widest window: two columns of tiles and a lane on either side."""
RULE = Style(dim=True)

Cell = tuple[int, int]


@dataclass(frozen=True)
class Window:
    """The part of the coordinate plane on screen: its top-left cell and size in cells."""

    x: int
    y: int
    width: int
    height: int


def changed_cells(before: XoxoView | None, view: XoxoView) -> frozenset[Cell]:
    """The cells whose top tile differs from what the player saw after their own last
    move (none when that is not known)."""
    if before is None:
        return frozenset()
    seen = {(c["x"], c["y"]): (c["top"], c["height"]) for c in before["cells"]}
    return frozenset(
        (c["x"], c["y"])
        for c in view["cells"]
        if seen.get((c["x"], c["y"])) != (c["top"], c["height"])
    )


def met_line_cells(view: XoxoView, targets: set[tuple[int, str]]) -> frozenset[Cell]:
    """The cells of the lines that show these (seat, value) met targets now."""
    return frozenset(
        (cell["x"], cell["y"])
        for seat, info in enumerate(view["seats"])
        for target in info["targets"]
        if (seat, target["value"]) in targets
        for line in target["lines"]
        for cell in line
    )


def board_window(cells: list[CellView], placements: list[XY]) -> Window:
    """The smallest window holding every tile and every cell a tile may go to next."""
    spots = [(c["x"], c["y"]) for c in cells]
    spots += [(p["x"], p["y"]) for p in placements]
    if not spots:
        return Window(0, 0, 1, 1)
    xs, ys = [x for x, _ in spots], [y for _, y in spots]
    return Window(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


@dataclass(frozen=True)
class Track:
    """One column (or row) of the window: its coordinate, where its content starts on
    screen and how wide (or tall) it is; a lane holds no tile yet and is drawn narrow."""

    coordinate: int
    start: int
    size: int


def tracks(first: int, count: int, used: set[int], full: int, lane: int) -> list[Track]:
    """Columns (or rows) from `first`: full size where a tile lies (or none lies yet),
    lane size elsewhere, one rule between each two and at both ends."""
    found, start = [], 1
    for coordinate in range(first, first + count):
        size = full if coordinate in used or not used else lane
        found.append(Track(coordinate, start, size))
        start += size + 1
    return found


@dataclass(frozen=True)
class BoardLayout:
    """Where every column and row of a view's window sits on screen, and what it holds."""

    columns: list[Track]
    rows: list[Track]
    tiles: dict[Cell, CellView]
    open: set[Cell]
    last: Cell | None
    tile_size: TileSize = SMALL_TILE
    changed: frozenset[Cell] = frozenset()
    lines: frozenset[Cell] = frozenset()

    @classmethod
    def of(
        cls,
        view: XoxoView | None,
        show_open: bool,
        size: TileSize = SMALL_TILE,
        changed: frozenset[Cell] = frozenset(),
        lines: frozenset[Cell] = frozenset(),
    ) -> BoardLayout:
        """The layout of `view`; before any view, one empty cell."""
        cells = view["cells"] if view is not None else []
        open_cells = view["placements"] if view is not None else []
        last = view["last"] if view is not None else None
        window = board_window(cells, open_cells)
        tiles = {(c["x"], c["y"]): c for c in cells}
        placements = {(p["x"], p["y"]) for p in open_cells}
        return cls(
            tracks(window.x, window.width, {x for x, _ in tiles}, size.width, size.lane_width),
            tracks(window.y, window.height, {y for _, y in tiles}, size.height, size.lane_height),
            tiles,
            placements if show_open else set(),
            (last["x"], last["y"]) if last else None,
            size,
            changed,
            lines,
        )

    @property
    def size(self) -> Size:
        return Size(
            self.columns[-1].start + self.columns[-1].size + 1,
            self.rows[-1].start + self.rows[-1].size + 1,
        )

    @cached_property
    def _row_at(self) -> dict[int, tuple[Track, int]]:
        """Screen line to (row, line within the row) for every content line."""
        return {row.start + i: (row, i) for row in self.rows for i in range(row.size)}

    def place(self, cell: Cell) -> tuple[int, Region] | None:
        """The column holding a cell and the region of the cell's content within that
        column's widget; None when the cell is off the window."""
        index = next((i for i, c in enumerate(self.columns) if c.coordinate == cell[0]), None)
        row = next((r for r in self.rows if r.coordinate == cell[1]), None)
        if index is None or row is None:
            return None
        return index, Region(1, row.start, self.columns[index].size, row.size)

    def cell_at(self, x: int, y: int) -> Cell | None:
        """The cell whose content is at screen point (x, y); None on a rule or outside."""
        column = next((c for c in self.columns if c.start <= x < c.start + c.size), None)
        row = next((r for r in self.rows if r.start <= y < r.start + r.size), None)
        if column is None or row is None:
            return None
        return column.coordinate, row.coordinate

    def rule(self, index: int, y: int) -> tuple[str, str, str]:
        """The characters of rule line or content line `y` at column `index`: its left
        junction or side, its horizontal, its right edge (the last column's). Framed tiles
        need no grid: then all are blank."""
        if self.tile_size.framed:
            return " ", " ", " "
        if y in self._row_at:
            return "│", " ", "│"
        where = 0 if y == 0 else 2 if y == self.size.height - 1 else 1
        left = ("┌├└" if index == 0 else "┬┼┴")[where]
        return left, "─", "┐┤┘"[where]

    def column_line(self, index: int, y: int, cursor: Cell | None) -> Text:
        """Screen line `y` of column `index`: its left rule and its part of a rule line or
        of a cell; the last column also draws the right rule."""
        column = self.columns[index]
        edge = index == len(self.columns) - 1
        left, line_char, right = self.rule(index, y)
        text = Text(no_wrap=True)
        found = self._row_at.get(y)
        if found is None:
            text.append(left + line_char * column.size + (right if edge else ""), RULE)
            return text
        row, line = found
        spot = (column.coordinate, row.coordinate)
        content = self.content(spot, column.size, row.size, spot == cursor)[line]
        content.truncate(column.size, pad=True)
        text.append(left, RULE)
        text.append_text(content)
        if edge:
            text.append(right, RULE)
        return text

    def content(self, spot: Cell, width: int, height: int, cursor: bool) -> list[Text]:
        """The lines of one cell: a tile with its pile height (the last one placed marked),
        a + where a tile may go, or nothing; the cursor's cell between brackets."""
        tile = self.tiles.get(spot)
        full = width == self.tile_size.width and height == self.tile_size.height
        if tile is None:
            if spot in self.open and full and self.tile_size.framed:
                return open_lines(self.tile_size, cursor)
            lines = [Text("") for _ in range(height)]
            if spot in self.open:
                lines[height // 2] = Text("+".center(width), style="bold")
            if cursor:
                lines = bracketed([Text(line.plain.ljust(width)) for line in lines])
            return lines
        return tile_lines(
            tile["top"],
            tile["height"],
            self.tile_size,
            last=spot == self.last,
            cursor=cursor,
            changed=spot in self.changed,
            line=spot in self.lines,
        )


class BoardColumn(Widget):
    """One column of the board with the rule on its left (the last one also on its right).
    Each column is a widget of its own, so a cursor move repaints two cells, not two
    whole lines of the board."""

    DEFAULT_CSS = "BoardColumn { width: auto; height: auto; }"

    def __init__(self, board: Board, index: int) -> None:
        super().__init__()
        self.board = board
        self.index = index

    def get_content_width(self, container: Size, viewport: Size) -> int:
        layout = self.board.board_layout
        if self.index >= len(layout.columns):
            return 0
        return layout.columns[self.index].size + 1 + (self.index == len(layout.columns) - 1)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self.board.board_layout.size.height

    def render_line(self, y: int) -> Strip:
        base = self.rich_style
        layout = self.board.board_layout
        if self.index >= len(layout.columns) or y >= layout.size.height:
            return Strip.blank(self.size.width, base)
        text = layout.column_line(self.index, y, self.board.cursor)
        return Strip(text.render(self.app.console), text.cell_len).apply_style(base)

    def on_click(self, event: events.Click) -> None:
        layout = self.board.board_layout
        if self.index < len(layout.columns):
            cell = layout.cell_at(layout.columns[self.index].start + event.x - 1, event.y)
            if cell is not None:
                self.post_message(Board.Picked(*cell))


class Board(Widget):
    """Draws the layout: tiles, pile heights, the last-placed tile and those placed since
    the player's own last turn (marked), the lines of targets just met, the free cells
    (+); columns and rows the layout may still grow into are drawn narrow."""

    DEFAULT_CSS = "Board { layout: horizontal; width: auto; height: auto; }"

    view: reactive[XoxoView | None] = reactive(None)
    """The view drawn; None until the table hands it one."""
    cursor: reactive[Cell | None] = reactive(None, repaint=False)
    show_open: reactive[bool] = reactive(True)
    tile_size: reactive[TileSize] = reactive(SMALL_TILE)
    changed: reactive[frozenset[Cell]] = reactive(frozenset)
    """Tiles placed since the player's own last turn, besides the last one."""
    lines: reactive[frozenset[Cell]] = reactive(frozenset)
    """The cells of the lines of targets just met."""

    @dataclass
    class Picked(Message):
        """The player clicked the cell (x, y)."""

        x: int
        y: int

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._board_layout: BoardLayout | None = None
        self.columns = [BoardColumn(self, index) for index in range(MAX_COLUMNS)]

    def compose(self) -> ComposeResult:
        yield from self.columns

    @property
    def board_layout(self) -> BoardLayout:
        """The layout of what is shown now, worked out once per view."""
        if self._board_layout is None:
            self._board_layout = BoardLayout.of(
                self.view, self.show_open, self.tile_size, self.changed, self.lines
            )
        return self._board_layout

    def watch_view(self) -> None:
        self._relayout()

    def watch_show_open(self) -> None:
        self._relayout()

    def watch_tile_size(self) -> None:
        self._relayout()

    def watch_changed(self) -> None:
        self._relayout()

    def watch_lines(self) -> None:
        self._relayout()

    def _relayout(self) -> None:
        """A new view: every column is drawn again, those the window lacks are hidden."""
        self._board_layout = None
        count = len(self.board_layout.columns)
        for column in self.columns:
            column.display = column.index < count
            column.refresh(layout=True)

    def watch_cursor(self, old: Cell | None, new: Cell | None) -> None:
        """Repaint only the cells the cursor left and entered; of a framed tile, only its
        top and bottom edges (the cursor is drawn there)."""
        layout = self.board_layout
        for cell in (old, new):
            found = layout.place(cell) if cell else None
            if found is None:
                continue
            index, region = found
            x, y, width, height = region
            if layout.tile_size.framed and (width, height) == (
                layout.tile_size.width,
                layout.tile_size.height,
            ):
                self.columns[index].refresh(
                    Region(x, y, width, 1), Region(x, y + height - 1, width, 1)
                )
            else:
                self.columns[index].refresh(region)
