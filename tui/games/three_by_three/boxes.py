"""The other seats as framed boxes, for screens wide and tall enough: the name on the
frame, the table cards drawn as cards (each face-up card lying on its face-down card, as
the seat's own are drawn), the hand and face-down counts under them; laid out in rows as
many to a row as the room takes, the next seat to play first, in the middle of the width.

The marks are the list's: ">" and the name in reverse for the seat to act, "*" for the last
move's, the hand count in reverse for a seat that took the pile; a seat whose face-up cards
changed has its box framed heavy and its new face-up cards too.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget

from rules.three_by_three import SeatView, ThreeByThreeView
from tui.games.three_by_three.card_faces import french_face
from tui.games.three_by_three.seats import out_text, ready
from tui.games.three_by_three.since import Changes
from tui.games.three_by_three.table_cards import Slot, overlap_of, slots_cells, slots_width
from tui.i18n import _
from tui.widgets.names import short_names
from tui.widgets.playing_cards import CHIP, LARGE, SMALL, Canvas, CardSize, Cell, Look

BOX_GAP = 1
"""Columns between two boxes of a row."""
MOST_BOXES = 6
"""More seats than this read faster as the list, one line a seat."""
MOST_ROWS = 2
BOX_NAME = 24
"""Cells of a name on its box: every name shows whole."""
TITLE_EXTRA = len("╭─ >* ╮")
"""Cells of a box's top line besides the name: corners, a dash, the marks and spaces."""
BOX_SIZES = (LARGE, SMALL, CHIP)

_FRAME = "╭─╮│╰╯"
_CHANGED_FRAME = "┏━┓┃┗┛"


@dataclass(frozen=True)
class BoxGrid:
    """How the boxes are laid out: their cards' size, how many to a row, how many rows, and
    the width of one box."""

    size: CardSize
    columns: int
    rows: int
    box_width: int

    @property
    def box_height(self) -> int:
        """The frame, the cards as they lie on each other and the counts line."""
        return self.size.height + overlap_of(self.size)[1] + 3

    @property
    def width(self) -> int:
        return self.columns * self.box_width + (self.columns - 1) * BOX_GAP

    @property
    def height(self) -> int:
        return self.rows * self.box_height


def boxed_seats(view: ThreeByThreeView) -> list[int]:
    """The seats drawn as boxes: every seat but the viewer's, the one after it first (for a
    spectator every seat, in order)."""
    count = len(view["seats"])
    you = view["seat"]
    if you is None:
        return list(range(count))
    return [(you + step) % count for step in range(1, count)]


def box_width(view: ThreeByThreeView, seats: list[int], size: CardSize) -> int:
    """One box's width, the same for all: room for the longest name with its marks, three
    cards, and the counts, inside the frame and a space either side."""
    names = max(min(BOX_NAME, cell_len(view["seats"][seat]["name"])) for seat in seats)
    counts = max(cell_len(counts_text(view["seats"][seat], False).plain) for seat in seats)
    return max(names + TITLE_EXTRA, max(slots_width(size), counts, cell_len(no_up())) + 4)


def no_up() -> str:
    """What a box shows where a seat's face-up cards lay, once they are played."""
    return _("no face-up cards")


def box_grid(view: ThreeByThreeView, width: int, lines: int) -> BoxGrid | None:
    """The boxes in at most `width` columns and `lines` lines: small framed cards if they
    fit, else chips; in rows as even as they can be, at most `MOST_ROWS`. None when there
    are too many seats or they do not fit: the list shows them then."""
    seats = boxed_seats(view)
    if not seats or len(seats) > MOST_BOXES:
        return None
    for size in BOX_SIZES:
        box = box_width(view, seats, size)
        fit = min(len(seats), (width + BOX_GAP) // (box + BOX_GAP))
        if fit < 1:
            continue
        rows = -(-len(seats) // fit)
        grid = BoxGrid(size, -(-len(seats) // rows), rows, box)
        if rows <= MOST_ROWS and grid.height <= lines:
            return grid
    return None


def counts_text(info: SeatView, took: bool) -> Text:
    """The counts line: hand cards (in reverse when the seat took the pile) and face-down
    cards; a seat that is out says its place."""
    if place := info["place"]:
        return Text(out_text(place), style="italic")
    down = sum(1 for slot in info["face_down"] if slot)
    before, _field, after = _("hand {count} · down {down}").partition("{count}")
    text = Text(before.rstrip(" "))
    text.append(f" {info['hand_count']} ", style="bold reverse" if took else "")
    text.append(after.lstrip(" ").format(down=down))
    return text


def text_cells(text: Text) -> list[Cell]:
    """One line of styled text as canvas cells, one a terminal column: a wide letter is
    followed by an empty cell, an accent joins its letter."""
    cells: list[Cell] = []
    for char, style in _styled_chars(text):
        width = cell_len(char)
        if width == 0 and cells:
            cells[-1] = (cells[-1][0] + char, cells[-1][1])
            continue
        cells.append((char, style))
        cells.extend(("", style) for _ in range(width - 1))
    return cells


def _styled_chars(text: Text) -> list[tuple[str, Style]]:
    base = Style.parse(text.style) if isinstance(text.style, str) else text.style
    styles = [base] * len(text.plain)
    for span in text.spans:
        style = Style.parse(span.style) if isinstance(span.style, str) else span.style
        for at in range(span.start, min(span.end, len(styles))):
            styles[at] = styles[at] + style
    return list(zip(text.plain, styles, strict=True))


def box_cells(
    view: ThreeByThreeView, seat: int, name: str, grid: BoxGrid, marks: Changes
) -> list[list[Cell]]:
    """One seat's box: marks and name on the top line, face-up cards, the counts line, and
    "ready" on the bottom line in tour 1."""
    info = view["seats"][seat]
    width, height, size = grid.box_width, grid.box_height, grid.size
    changed = seat in marks.face_up
    left, line, right, side, bottom_left, bottom_right = tuple(
        _CHANGED_FRAME if changed else _FRAME
    )
    frame = Style(bold=True) if changed else Style()
    canvas = Canvas(width, height)
    canvas.write(left + line * (width - 2) + right, 0, 0, frame)
    for y in range(1, height - 1):
        canvas.write(side, 0, y, frame)
        canvas.write(side, width - 1, y, frame)
    canvas.write(bottom_left + line * (width - 2) + bottom_right, 0, height - 1, frame)

    turn = seat in view["to_act"]
    last = view["last"]
    title = Text(" ")
    if turn:
        title.append(">", style="bold")
    if last is not None and last["seat"] == seat:
        title.append("*", style="bold")
    title.append(name, style="bold reverse" if turn else "bold")
    title.append(" ")
    canvas.place([text_cells(title)], 2, 0)

    up = info["face_up"]
    down = [bool(slot) for slot in info["face_down"]]
    slots = tuple(
        Slot(
            french_face(up[number]) if number < len(up) else None,
            number < len(down) and down[number],
            Look(fresh=number < len(up) and (seat, up[number]) in marks.new_up),
        )
        for number in range(3)
    )
    canvas.place(slots_cells(slots, size), 2, 1)
    if not up and not any(down) and not info["place"]:
        canvas.write(no_up(), 2, 1 + size.height // 2, Style(dim=True, italic=True))
    counts = counts_text(info, seat in marks.took)
    canvas.place([text_cells(counts)], 2, height - 2)
    if view["phase"] == "swap" and info["ready"]:
        canvas.place([text_cells(Text(ready() + " ", style="dim"))], 2, height - 1)
    return canvas.rows


def boxes_text(view: ThreeByThreeView, grid: BoxGrid, marks: Changes, width: int = 0) -> Text:
    """Every boxed seat's box, row by row, in the middle of `width` cells (0: as wide as
    the boxes)."""
    seats = boxed_seats(view)
    canvas = Canvas(max(width, grid.width), grid.height)
    room = grid.box_width - TITLE_EXTRA
    names = short_names([view["seats"][seat]["name"] for seat in seats], room)
    for number, (seat, name) in enumerate(zip(seats, names, strict=True)):
        row, column = divmod(number, grid.columns)
        box = box_cells(view, seat, name, grid, marks)
        canvas.place(box, column * (grid.box_width + BOX_GAP), row * grid.box_height)
    canvas.centre()
    return canvas.text()


class SeatBoxes(Widget):
    """The other seats' boxes as `grid` lays them out, in the middle of the widget's
    width; nothing without a grid."""

    DEFAULT_CSS = """
    SeatBoxes { width: 1fr; height: auto; }
    """

    view: reactive[ThreeByThreeView | None] = reactive(None, layout=True)
    """The view drawn; None until the table draws its first."""
    grid: reactive[BoxGrid | None] = reactive(None, layout=True)
    marks: reactive[Changes] = reactive(Changes)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return 0 if self.grid is None else self.grid.height

    def render(self) -> Text:
        if self.grid is None or self.view is None:
            return Text("")
        return boxes_text(self.view, self.grid, self.marks, self.size.width)
