"""The hand of pattern cards side by side, and the piles beside it: the draw pile and
the discard pile with its top card face up."""

from __future__ import annotations

from dataclasses import dataclass, replace

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static

from rules.shifting_stones import HandCardView, ShiftingStonesView
from tui import palette
from tui.games.shifting_stones.lines import piece_line
from tui.games.shifting_stones.pieces import (
    COMPACT_CARD,
    MATCH,
    PatternSize,
    back_cells,
    match_word,
    pattern_cells,
)
from tui.i18n import _, language, pgettext
from tui.palette import Mode
from tui.textual_fixes import taken_apart
from tui.widgets.playing_cards import Canvas, Look

CARD_GAP = 1
"""Columns between two cards."""

GUTTER = 4
"""Columns at each side of a hand too long to show whole: "<", ">", how many cards lie
that way and OK when one of them fits."""

MAX_SHOWN = 16
"""The most cards shown at once; a longer hand shows a window of them."""

CardDrawing = tuple[int, bool, Look, PatternSize, int, Mode, str]
"""What a hand card's drawing depends on (`PatternCard.drawing_key`)."""


class PatternCard(Widget):
    """One card of the hand. A cursor that comes or goes repaints its top and bottom edges
    only, from lines made once per look (`lines.piece_line`); a click posts
    `PatternHand.Picked`."""

    DEFAULT_CSS = "PatternCard { width: auto; height: auto; margin-right: 1; }"

    card: reactive[HandCardView | None] = reactive(None)
    """The card shown; None until the hand gives it one."""
    number: reactive[int] = reactive(0)
    card_size: reactive[PatternSize] = reactive(COMPACT_CARD, layout=True)
    look: reactive[Look] = reactive(Look, repaint=False)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.card_size.width

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self.card_size.height

    def watch_look(self, old: Look, new: Look) -> None:
        if replace(old, cursor=new.cursor) == new:
            size = self.card_size
            self.refresh(Region(0, 0, size.width, 1), Region(0, size.height - 1, size.width, 1))
        else:
            self.refresh()

    def drawing_key(self, card: HandCardView) -> CardDrawing:
        """What the drawing of `card` depends on: its id and whether it fits, look, size,
        number, the colour mode and the language of its words."""
        return (
            card["id"],
            card["scorable"],
            self.look,
            self.card_size,
            self.number,
            palette.current(),
            language(),
        )

    def render(self) -> Text:
        card = self.card
        if card is None:
            return Text("")
        return _card_text(self.drawing_key(card), card)

    def render_line(self, y: int) -> Strip:
        card = self.card
        if card is None:
            return Strip.blank(self.size.width, self.visual_style.rich_style)
        return piece_line(self, self.drawing_key(card), self.render, y)

    def on_click(self, event: events.Click) -> None:
        if self.number:
            self.post_message(PatternHand.Picked(self.number - 1))


class HandSide(Widget):
    """The mark at a side of a hand too long to show whole: an arrow, how many cards lie
    that way, OK when one of them fits; a click steps the window that way."""

    DEFAULT_CSS = f"HandSide {{ width: {GUTTER}; height: auto; }}"

    beyond: reactive[tuple[int, bool]] = reactive((0, False))
    """How many cards lie beyond, and whether one of them fits."""

    def __init__(self, arrow: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.arrow = arrow
        self.step_to = -1
        """The card a click picks."""

    def render(self) -> Text:
        count, fits = self.beyond
        text = Text("\n")
        if count:
            text.append(self.arrow, style="bold")
            text.append(f"\n+{count}\n")
            if fits:
                text.append(match_word(), style=MATCH)
        return text

    def on_click(self, event: events.Click) -> None:
        if self.beyond[0]:
            self.post_message(PatternHand.Picked(self.step_to))


class PatternHand(Widget):
    """The hand side by side, each card numbered. A hand longer than the width shows a
    window of cards that follows the cursor, with "<" or ">" at a side that has more;
    `Shown` tells which cards show. The cursor's card has solid bars for edges, the card paying for
    a shift or flip (`chosen`) in a double frame. Each card is a widget of its own, so a
    cursor move sends the edges of two cards, not the rows between them. Clicks post
    `Picked` with the card index."""

    DEFAULT_CSS = """
    PatternHand { layout: horizontal; height: auto; }
    PatternHand > .empty { width: 1fr; color: $text-muted; text-style: italic; }
    """

    cards: reactive[list[HandCardView]] = reactive(list, repaint=False)
    card_size: reactive[PatternSize] = reactive(COMPACT_CARD, repaint=False)
    cursor: reactive[int | None] = reactive(None, repaint=False)
    chosen: reactive[int | None] = reactive(None, repaint=False)
    empty_text: reactive[str] = reactive("", repaint=False)

    @dataclass
    class Picked(Message):
        """The player clicked card `index` of the hand (or the "more" mark beside it)."""

        index: int

    @dataclass
    class Shown(Message):
        """Cards `first` to `last` (indexes) of the `count` held are on screen now."""

        first: int
        last: int
        count: int

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.first = 0
        """The first card shown when the hand does not fit."""
        self._told: tuple[int, int, int] | None = None
        self._said = ""
        """The text the empty hand shows."""

    def compose(self) -> ComposeResult:
        yield Static(classes="empty")
        yield HandSide("<", id="hand-before")
        yield HandSide(">", id="hand-after")

    @property
    def slot(self) -> int:
        """Columns from one card to the next."""
        return self.card_size.width + CARD_GAP

    def fit(self) -> int:
        """How many cards fit side by side without the side marks (at least one)."""
        return max(1, min(MAX_SHOWN, (self.content_size.width + CARD_GAP) // self.slot))

    def windowed(self) -> bool:
        """True when the cards do not all fit side by side."""
        return len(self.cards) > self.fit()

    def shown(self) -> range:
        """The indexes of the cards on screen; the cursor's card is always among them."""
        count = len(self.cards)
        width = self.content_size.width
        if not width:  # not laid out yet: keep the window where it is
            return range(self.first, min(count, self.first + 1))
        if not self.windowed():
            self.first = 0
            return range(count)
        room = width - 2 * GUTTER + CARD_GAP
        slots = max(1, min(MAX_SHOWN, room // self.slot))
        focus = self.cursor if self.cursor is not None else self.chosen
        if focus is not None:
            self.first = min(self.first, focus)
            self.first = max(self.first, focus - slots + 1)
        self.first = max(0, min(self.first, count - slots))
        return range(self.first, self.first + slots)

    def on_mount(self) -> None:
        self.sync()

    def on_resize(self) -> None:
        self.sync()

    def watch_cards(self) -> None:
        self.sync()

    def watch_card_size(self) -> None:
        self.sync()

    def watch_cursor(self) -> None:
        self.sync()

    def watch_chosen(self) -> None:
        self.sync()

    def watch_empty_text(self) -> None:
        self.sync()

    def sync(self) -> None:
        """Hand each card widget its card and look; each repaints only what changed. Not
        once the hand is being taken apart (the app closing as new card widgets were
        still being made): its parts are gone."""
        if not self.is_mounted or taken_apart(self):
            return
        shown = self.shown()
        cards = self.cards
        empty = self.query_one(".empty", Static)
        _show(empty, not cards)
        if not cards and self._said != self.empty_text:
            self._said = self.empty_text
            empty.update(self.empty_text)
        windowed = bool(cards) and self.windowed()
        before = self.query_one("#hand-before", HandSide)
        after = self.query_one("#hand-after", HandSide)
        _show(before, windowed)
        _show(after, windowed)
        if windowed:
            before.beyond = self._beyond(range(0, shown.start))
            before.step_to = shown.start - 1
            after.beyond = self._beyond(range(shown.stop, len(cards)))
            after.step_to = shown.stop
        widgets = list(self.query(PatternCard))
        if len(widgets) < len(shown):
            # Card widgets are made as the hand first needs them, and kept.
            more = [PatternCard() for _ in range(len(shown) - len(widgets))]
            self.mount_all(more, before=after)
            self.call_after_refresh(self.sync)
        for place, widget in enumerate(widgets):
            index = shown.start + place
            visible = bool(cards) and index in shown
            _show(widget, visible)
            if visible:
                widget.card_size = self.card_size
                widget.card = cards[index]
                widget.number = index + 1
                widget.look = Look(cursor=index == self.cursor, chosen=index == self.chosen)
        told = (shown.start, shown.stop - 1, len(cards))
        if told != self._told and self.content_size.width:
            self._told = told
            self.post_message(self.Shown(*told))

    def _beyond(self, cards: range) -> tuple[int, bool]:
        return len(cards), any(self.cards[index]["scorable"] for index in cards)

    def card_widget(self, index: int) -> PatternCard | None:
        """The widget showing card `index`, if it shows."""
        shown = self.shown()
        widgets = list(self.query(PatternCard))
        if index not in shown or index - shown.start >= len(widgets):
            return None
        return widgets[index - shown.start]


DRAWN_KEPT = 256
"""How many card drawings are kept."""
_drawn: dict[CardDrawing, Text] = {}


def _card_text(key: CardDrawing, card: HandCardView) -> Text:
    """A card as drawn, kept: a cursor going back and forth draws the same cards again.
    `key` names the drawing (the card's id and whether it fits, look, size, number and
    the colour mode)."""
    drawn = _drawn.get(key)
    if drawn is None:
        if len(_drawn) >= DRAWN_KEPT:
            _drawn.clear()
        look, size, number = key[2:5]
        canvas = Canvas(size.width, size.height)
        canvas.place(pattern_cells(card, look, size, number), 0, 0)
        drawn = _drawn[key] = canvas.text()
    return drawn


def _show(widget: Widget, shown: bool) -> None:
    """Show or hide a widget; one already so costs no new layout."""
    if widget.display != shown:
        widget.display = shown


class PilesView(Widget):
    """The draw pile face down with its count (when the cards are roomy) and the discard
    pile's top card face up, in a heavy frame when the last turn discarded it or it is
    `marked`."""

    DEFAULT_CSS = "PilesView { width: auto; height: auto; }"

    view: reactive[ShiftingStonesView | None] = reactive(None)
    """The view drawn; None until the table gives it one."""
    card_size: reactive[PatternSize] = reactive(COMPACT_CARD, layout=True)
    marked: reactive[frozenset[int]] = reactive(frozenset)
    """Card ids framed heavy besides those the last turn discarded."""

    @property
    def draws(self) -> bool:
        """Whether the draw pile is drawn here (with compact cards its count is in words)."""
        return self.card_size is not COMPACT_CARD

    def get_content_width(self, container: Size, viewport: Size) -> int:
        width = max(self.card_size.width, cell_len(discard_label(99)))
        return width + (self.card_size.width + 2 * CARD_GAP if self.draws else 0)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self.card_size.height + 1

    def render(self) -> Text:
        view = self.view
        size = self.card_size
        canvas = Canvas(self.get_content_width(Size(0, 0), Size(0, 0)), size.height + 1)
        if view is None:
            return canvas.text()
        x = 0
        bold = Style(bold=True)
        if self.draws:
            draw = view["draw_count"]
            canvas.write(pgettext("stones pile", "Draw"), x, 0, bold)
            back = back_cells(
                str(draw) if draw else "", Look(dimmed=not draw), size.width, size.height
            )
            canvas.place(back, x, 1)
            x += size.width + 2 * CARD_GAP
        canvas.write(discard_label(view["discard_count"]), x, 0, bold)
        top = view["discard_top"]
        if top is None:
            canvas.place(back_cells("", Look(dimmed=True), size.width, size.height), x, 1)
        else:
            look = Look(fresh=top["id"] in discarded_last(view) | self.marked)
            canvas.place(pattern_cells(top, look, size), x, 1)
        return canvas.text()


def discard_label(count: int) -> str:
    """The discard pile's head: its name and how many cards it holds."""
    return _("Discard {count}").format(count=count)


def discarded_last(view: ShiftingStonesView) -> set[int]:
    """The cards the last turn discarded to shift or flip."""
    last = view["last"]
    if last is None:
        return set()
    return {a["card"] for a in last["actions"] if a["type"] in ("shift", "flip")}
