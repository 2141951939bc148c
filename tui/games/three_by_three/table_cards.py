"""A seat's own table cards as dealt: three face-down cards, a face-up card lying on each
until it is played. A click says which card was hit: a face-up card, or a face-down one
that nothing covers."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from tui.games.three_by_three.card_faces import BACK
from tui.widgets.playing_cards import CHIP, PLAIN, Canvas, CardSize, Cell, Face, Look, card_cells

SLOTS = 3
SLOT_GAP = 2


@dataclass(frozen=True)
class Slot:
    """One of the three places: the face-up card lying there (None: none), whether a
    face-down card lies under it, and how each is shown."""

    up: Face | None
    down: bool
    up_look: Look = PLAIN
    down_look: Look = PLAIN


def overlap_of(size: CardSize) -> tuple[int, int]:
    """Where a face-up card lies on its face-down card: columns right, lines down (chips
    show only the uppermost card)."""
    return (0, 0) if size is CHIP else (2, 1)


def slots_width(size: CardSize) -> int:
    """Cells three slots take side by side."""
    return SLOTS * (size.width + overlap_of(size)[0]) + (SLOTS - 1) * SLOT_GAP


def slots_cells(slots: tuple[Slot, ...], size: CardSize) -> list[list[Cell]]:
    """The slots side by side, each face-up card lying offset on its face-down card."""
    dx, dy = overlap_of(size)
    canvas = Canvas(slots_width(size), size.height + dy)
    for number, slot in enumerate(slots):
        x = number * (size.width + dx + SLOT_GAP)
        if slot.down and (slot.up is None or size is not CHIP):
            canvas.place(card_cells(BACK, slot.down_look, size), x, 0)
        if slot.up is not None:
            canvas.place(card_cells(slot.up, slot.up_look, size), x + dx, dy)
    return canvas.rows


class TableCards(Widget):
    """Three slots side by side. With chips, a slot shows only its uppermost card; framed
    cards lie offset on the card under them, so both are seen."""

    DEFAULT_CSS = """
    TableCards { height: auto; width: auto; }
    """

    slots: reactive[tuple[Slot, ...]] = reactive(tuple, layout=True)
    card_size: reactive[CardSize] = reactive(CHIP, layout=True)

    @dataclass
    class Picked(Message):
        """Card `index` of `zone` ("face-up" or "face-down", counted among the cards of that
        zone still there) was clicked; `double` for a double click."""

        table: TableCards
        zone: str
        index: int
        double: bool = False

        @property
        def control(self) -> TableCards:
            return self.table

    @property
    def overlap(self) -> tuple[int, int]:
        """Where a face-up card lies on its face-down card: columns right, lines down."""
        return overlap_of(self.card_size)

    @property
    def slot_width(self) -> int:
        return self.card_size.width + self.overlap[0]

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return slots_width(self.card_size)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self.card_size.height + self.overlap[1]

    def render(self) -> Text:
        rows = slots_cells(self.slots, self.card_size)
        canvas = Canvas(slots_width(self.card_size), len(rows))
        canvas.place(rows, 0, 0)
        return canvas.text()

    def card_at(self, x: int, y: int) -> tuple[str, int] | None:
        """The zone and index (among that zone's cards) of the uppermost card at (x, y)."""
        size = self.card_size
        dx, dy = self.overlap
        number, inside = divmod(x, self.slot_width + SLOT_GAP)
        if number >= len(self.slots) or inside >= self.slot_width:
            return None
        slot = self.slots[number]
        if slot.up is not None and inside >= dx and y >= dy:
            return "face-up", sum(1 for s in self.slots[:number] if s.up is not None)
        if slot.down and inside < size.width and y < size.height:
            if slot.up is not None:
                return "face-up", sum(1 for s in self.slots[:number] if s.up is not None)
            return "face-down", sum(1 for s in self.slots[:number] if s.down)
        return None

    def on_click(self, event: events.Click) -> None:
        hit = self.card_at(event.x, event.y)
        if hit is not None:
            self.post_message(self.Picked(self, *hit, double=event.chain >= 2))
