"""A row of cards held in the hand: spread out when there is room, fanned (each card
lying over the one before, its corner still showing) when there is not, on more rows when
even a fan does not fit. Chosen cards stand raised; a click says which card was hit."""

from __future__ import annotations

from dataclasses import dataclass, replace

from rich.style import Style
from textual import events
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from tui.widgets.playing_cards import CHIP, Canvas, CardSize, Face, Look, card_cells


@dataclass(frozen=True)
class FanLayout:
    """Where the cards of a fan lie: `per_row` cards a row, `step` columns apart, each row
    `row_height` lines (a card and, when cards may be raised, the line above it)."""

    per_row: int
    step: int
    row_height: int

    def origin(self, index: int) -> tuple[int, int]:
        """The column and the row line of card `index`'s top left corner (not raised)."""
        row, place = divmod(index, self.per_row)
        return place * self.step, row * self.row_height

    def rows(self, count: int) -> int:
        return max(1, -(-count // self.per_row))


def fan_layout(
    count: int, width: int, size: CardSize, raised: bool, full_rows: bool = False
) -> FanLayout:
    """The widest spread of `count` cards of `size` in `width` cells: a gap between framed
    cards when all fit so, else touching, else fanned down to each card's `peek`, else as
    many rows as needed, as even as they can be or (`full_rows`, for a fan shown a row
    at a time) each full but the last."""
    width = max(width, size.width)
    row_height = size.height + (1 if raised else 0)
    gap = 0 if size is CHIP else 1
    if count <= 1 or count * (size.width + gap) - gap <= width:
        return FanLayout(max(1, count), size.width + gap, row_height)
    if count * size.width <= width:
        return FanLayout(count, size.width, row_height)
    step = (width - size.width) // (count - 1)
    if step >= size.peek:
        return FanLayout(count, min(step, size.width), row_height)
    per_row = max(1, (width - size.width) // size.peek + 1)
    if size is CHIP:
        return FanLayout(per_row, size.width, row_height)
    if full_rows:
        return FanLayout(per_row, size.peek, row_height)
    rows = -(-count // per_row)
    per_row = -(-count // rows)  # rows as even as they can be
    step = min(size.width, (width - size.width) // max(1, per_row - 1))
    return FanLayout(per_row, max(size.peek, step), row_height)


class CardFan(Widget):
    """Cards (faces, None for none shown) with their looks; `raised` cards stand one line
    higher. Posts `CardFan.Picked` for a click on a card. It only shows: the screen
    decides what a pick means."""

    DEFAULT_CSS = """
    CardFan { height: auto; min-height: 1; }
    """

    faces: reactive[tuple[Face, ...]] = reactive(tuple, layout=True)
    looks: reactive[tuple[Look, ...]] = reactive(tuple, repaint=False)
    raised: reactive[frozenset[int]] = reactive(frozenset, repaint=False)
    size_: reactive[CardSize] = reactive(CHIP, layout=True)
    can_raise: reactive[bool] = reactive(True, layout=True)
    full_rows: reactive[bool] = reactive(False, layout=True)
    """Rows full but the last, for a fan shown a row at a time."""
    empty_text: reactive[str] = reactive("none")

    @dataclass
    class Picked(Message):
        """The player clicked card `index` of `fan`; `double` for a double click."""

        fan: CardFan
        index: int
        double: bool = False

        @property
        def control(self) -> CardFan:
            return self.fan

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._strips: list[Strip] | None = None
        """The fan drawn as lines at `_width`, None once anything drawn changed."""
        self._width = 0

    def _invalidate(self) -> None:
        self._strips = None

    watch_faces = watch_size_ = watch_can_raise = watch_full_rows = _invalidate
    watch_empty_text = _invalidate

    def watch_looks(self, old: tuple[Look, ...], new: tuple[Look, ...]) -> None:
        """Repaint only the cards whose look changed (a cursor move: two cards), and of a
        framed card only its top and bottom edges where only the cursor came or went (the
        cursor's mark is those edges)."""
        self._strips = None
        changed = [i for i in range(max(len(old), len(new))) if _at(old, i) != _at(new, i)]
        edges = self.size_.height > 1 and all(
            _only_cursor(_at(old, i), _at(new, i)) for i in changed
        )
        self._repaint_cards(changed, edges)

    def watch_raised(self, old: frozenset[int], new: frozenset[int]) -> None:
        self._strips = None
        self._repaint_cards(sorted(old ^ new))

    def _repaint_cards(self, indices: list[int], edges: bool = False) -> None:
        layout = self.layout_for(self.size.width)
        width, height = self.size_.width, self.size_.height
        lift = 1 if self.can_raise else 0
        regions = []
        for index in indices:
            if index >= len(self.faces):
                continue
            x, y = layout.origin(index)
            if edges:
                top = y + (0 if index in self.raised else lift)
                regions += [Region(x, top, width, 1), Region(x, top + height - 1, width, 1)]
            else:
                regions.append(Region(x, y, width, layout.row_height))
        if regions:
            self.refresh(*regions)

    def layout_for(self, width: int) -> FanLayout:
        return fan_layout(len(self.faces), width, self.size_, self.can_raise, self.full_rows)

    def row_of(self, index: int) -> int:
        """The line (from the top) where card `index`'s row begins at the current width."""
        return self.layout_for(self.size.width).origin(index)[1]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        if not self.faces:
            return 1
        layout = self.layout_for(width)
        return layout.rows(len(self.faces)) * layout.row_height

    def render_line(self, y: int) -> Strip:
        """A line of the fan, drawn once for every line after a change: a cursor step
        repaints two cards, and the lines are not laid out as text again."""
        width = max(1, self.size.width)
        if self._strips is None or self._width != width:
            self._strips, self._width = self.draw(width), width
        if y >= len(self._strips):
            return Strip.blank(width, self.rich_style)
        return self._strips[y].apply_style(self.rich_style).crop_extend(0, width, self.rich_style)

    def draw(self, width: int) -> list[Strip]:
        """The fan's lines at `width` cells; with no cards, `empty_text`."""
        if not self.faces:
            canvas = Canvas(width, 1)
            canvas.write(self.empty_text[:width], 0, 0, Style(dim=True, italic=True))
            return canvas.strips()
        layout = self.layout_for(width)
        canvas = Canvas(width, layout.rows(len(self.faces)) * layout.row_height)
        lift = 1 if self.can_raise else 0
        for index, face in enumerate(self.faces):
            x, y = layout.origin(index)
            look = self.looks[index] if index < len(self.looks) else Look()
            up = 0 if index in self.raised else lift
            canvas.place(card_cells(face, look, self.size_), x, y + up)
        return canvas.strips()

    def card_at(self, x: int, y: int) -> int | None:
        """The card drawn at cell (`x`, `y`), the uppermost where cards overlap; on the line
        a card would be raised to (or left by a raised card), the card of that column."""
        layout = self.layout_for(self.size.width)
        lift = 1 if self.can_raise else 0
        width, height = self.size_.width, self.size_.height
        in_row = None
        for index in reversed(range(len(self.faces))):
            left, top = layout.origin(index)
            if not (left <= x < left + width and top <= y < top + layout.row_height):
                continue
            drawn = top + (0 if index in self.raised else lift)
            if drawn <= y < drawn + height:
                return index
            if in_row is None:
                in_row = index
        return in_row

    def on_click(self, event: events.Click) -> None:
        index = self.card_at(event.x, event.y)
        if index is not None:
            self.post_message(self.Picked(self, index, double=event.chain >= 2))


def _at(looks: tuple[Look, ...], index: int) -> Look | None:
    return looks[index] if index < len(looks) else None


def _only_cursor(old: Look | None, new: Look | None) -> bool:
    """Whether two looks of a card differ in the cursor alone."""
    return old is not None and new is not None and replace(old, cursor=new.cursor) == new
