"""The Xylotar table: a band per seat, top to bottom in seat order.

A band holds the seat's name and tricks won, the card it played to the trick in front of
it ("led" under the leader's, "won" under the winner's once the trick is complete) and
its xylotar: the row of cards from the highest (left) to the lowest (right), face down,
played cards leaving a gap, the bid card lying crosswise under the gap it left. The last
move's cards have the heavy frame until the next move; so has what the others changed
since the viewer's own last move, while it is the viewer's turn (`Changes`): the cards
they played, the bids they laid, the trick taken (its "won" in reverse) and the gaps they
left (an empty heavy frame, `┗┛` among chips). While the hands are sorted, the sorter
sees the hand being sorted in its holder's band, face up.

`XylotarBoard` draws a `TableLook` and repaints only the columns that changed, so a
cursor step sends the terminal two cards, not the table.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len
from rich.style import Style
from textual import events
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from rules.xylotar import XylotarView
from tui.games.xylotar.cards import (
    CHIP,
    CHIP_STEP,
    CROSSWISE_HEIGHT,
    Card,
    card_cells_for,
    card_of,
    chip_row,
    chip_row_width,
    crosswise_cells,
)
from tui.games.xylotar.since import NOTHING, Changes
from tui.games.xylotar.words import colour_name, shown_names
from tui.i18n import _, ngettext, pgettext
from tui.widgets.names import cut_name, short_names
from tui.widgets.playing_cards import (
    PLAIN,
    Canvas,
    CardSize,
    Cell,
    Face,
    Look,
    card_cells,
    strip_of,
)

MAX_NAME_WIDTH = 24
HEAD_LINES = 2
"""The status line and the column heads come before the first band."""
SWAP_MARK = "<>"
"""Under a card of the hand being sorted that may change places with an equal neighbour."""
TRUMP_SWATCH = "●"
"""The trump's colour in the status line: a dot, which no one takes for a card or the
cursor; its name follows, for a terminal without colour."""
GAP_MARK = "┗┛"
"""Among chips, where a card left the row since the viewer's own last move."""
FRESH = Look(fresh=True)
"""The look of an empty place a card left since the viewer's own last move (framed cards)."""


@dataclass(frozen=True)
class TableLook:
    """What the board shows: the engine's view for the viewer, the card size, and the
    viewer's pointer. `pointed` and `choices` are slots of the viewer's own row (while
    sorting: places in `draft`, the hand in the order chosen so far); with `acting` the
    cards that are no choice are drawn as not playable now. `changes` are marked like the
    last move."""

    view: XylotarView
    size: CardSize = CHIP
    pointed: frozenset[int] = frozenset()
    choices: frozenset[int] = frozenset()
    acting: bool = False
    draft: tuple[str, ...] = ()
    placed: int = 0
    movable: frozenset[int] = frozenset()
    changes: Changes = NOTHING
    tight: bool = False
    """Framed cards in bands as high as the cards (`Geometry.tight`)."""


@dataclass(frozen=True)
class Hit:
    """Where card `index` of `seat`'s band lies (while sorting: a place of the hand)."""

    region: Region
    seat: int
    index: int


@dataclass(frozen=True)
class Geometry:
    """Columns of a band: the name, the trick card, the row (a card every `step`)."""

    size: CardSize
    name_width: int
    step: int
    trick_head: int = 0
    """Cells of the trick column's head ("Trick"): the column is never narrower."""
    tight: bool = False
    """Bands as high as framed cards, where a line under them would not fit the screen:
    "led" and "won" stand under the name, the bid lies over its gap, the marks of the hand
    being sorted sit on the cards' lower edge."""

    @property
    def framed(self) -> bool:
        return self.size.height > 1

    @property
    def band(self) -> int:
        """Lines per seat: the cards and one line under them (none when tight)."""
        return band_lines(self.size, self.tight)

    @property
    def trick_x(self) -> int:
        return 2 + self.name_width + 2

    @property
    def row_x(self) -> int:
        return self.trick_x + max(self.size.width, self.trick_head) + (3 if self.framed else 2)

    def card_x(self, slot: int) -> int:
        return self.row_x + self.step * slot


def seat_names(view: XylotarView) -> list[str]:
    """Every seat's name as the table shows it (the side players' in the player's language)."""
    return shown_names(view["players"], view["side_seats"])


def tricks_won(count: int) -> str:
    """Under a name: how many tricks the seat won this round ("won 3")."""
    return ngettext("won {count}", "won {count}", count).format(count=count)


def trick_marks() -> list[str]:
    """What stands under the leader's and the winner's trick card, in the player's language."""
    return [pgettext("xylotar trick", "led"), pgettext("xylotar trick", "won")]


def min_name_width(view: XylotarView, framed: bool, tight: bool = False) -> int:
    """The name column is never narrower than its head, nor than what is written under a
    name: the most tricks a seat may win in a round, beside framed cards "side player"
    (in tight bands "led" and "won" instead), in the player's language."""
    under = [_("Player"), tricks_won(view["tricks_per_round"])]
    if tight:
        under += trick_marks()
    elif framed and view["side_seats"]:
        under.append(_("side player"))
    return max(map(cell_len, under))


def geometry(view: XylotarView, size: CardSize, width: int, tight: bool = False) -> Geometry:
    """The widest names a full row leaves room for (up to the longest name); framed cards
    overlap when even the narrowest names would not fit. The heads of the columns stand
    apart: two cells after the name, the trick column as wide as its head."""
    count = view["tricks_per_round"] + 1
    tight = tight and size.height > 1
    least = min_name_width(view, size.height > 1, tight)
    longest = max(least, min(MAX_NAME_WIDTH, max(map(cell_len, seat_names(view)))))
    head = cell_len(pgettext("xylotar table", "Trick"))
    if size.height == 1:
        room = width - Geometry(size, 0, CHIP_STEP, head).row_x - chip_row_width(count)
        return Geometry(size, max(least, min(longest, room)), CHIP_STEP, head)
    step = size.width
    while True:
        room = width - Geometry(size, 0, step, head).row_x - step * (count - 1) - size.width
        if room >= longest or step <= size.peek:
            return Geometry(size, max(least, min(longest, room)), step, head, tight)
        step -= 1


def row_width(view: XylotarView, size: CardSize, width: int, tight: bool = False) -> int:
    """Cells from the name column's left to the last card of a full row laid out for
    `width` cells (more than `width` where even the narrowest names do not fit)."""
    shape = geometry(view, size, width, tight)
    return shape.card_x(view["tricks_per_round"]) + size.width


def band_lines(size: CardSize, tight: bool = False) -> int:
    """Lines per seat: the cards and one line under them (none in tight framed bands)."""
    return size.height + (0 if tight and size.height > 1 else 1)


def table_height(seats: int, size: CardSize, tight: bool = False) -> int:
    """Lines the table takes: the head lines and a band per seat."""
    return HEAD_LINES + seats * band_lines(size, tight)


@dataclass
class Picture:
    """The table as rows of cells, and where each card a click may pick lies."""

    rows: list[list[Cell]]
    hits: list[Hit]


def draw(look: TableLook, width: int) -> Picture:
    """The whole table for `look`, `width` cells wide."""
    view = look.view
    shape = geometry(view, look.size, width, look.tight)
    canvas = Canvas(width, table_height(len(view["players"]), look.size, look.tight))
    hits: list[Hit] = []
    _place_line(canvas, status_cells(view, width, look.changes.won is not None), 0, 0)
    dim = Style(dim=True)
    canvas.write(_("Player"), 2, 1, dim)
    canvas.write(pgettext("xylotar table", "Trick"), shape.trick_x, 1, dim)
    canvas.write(_("Xylotar: highest (left) to lowest (right)"), shape.row_x, 1, dim)
    names = short_names(seat_names(view), shape.name_width)
    for seat in range(len(view["players"])):
        y = HEAD_LINES + seat * shape.band
        _draw_seat(canvas, hits, look, shape, seat, names[seat], y)
    return Picture(canvas.rows, hits)


def status_cells(view: XylotarView, width: int, won_since: bool = False) -> list[Cell]:
    """Round and trick, the trump (a dot of its colour, no card, and its name), and who won
    the latest trick (the name cut to what the line leaves), in bold when it was just won or
    won since the viewer's own last move (`won_since`)."""
    bold = Style(bold=True)
    rounds = {"round": view["round"], "rounds": 3 + view["extra_rounds"]}
    if view["extra_rounds"]:
        parts = [_("Round {round} of {rounds} (extra)").format(**rounds)]
    else:
        parts = [_("Round {round} of {rounds}").format(**rounds)]
    phase = view["phase"]
    if phase == "sort":
        parts.append(pgettext("xylotar status", "sorting"))
    elif phase in ("play", "bid"):
        parts.append(
            _("trick {trick} of {tricks}").format(
                trick=view["trick_number"], tricks=view["tricks_per_round"]
            )
        )
    cells = _cells(" · ".join(parts), bold)
    cells += _cells(" · " + _("Trump") + " ", Style())
    trump = view["trump"]
    cells += _cells(TRUMP_SWATCH, Card(trump).ink)
    cells += _cells(" " + colour_name(trump), bold)
    last = view["last_trick"]
    if last is not None:
        said, style = _("last trick: {name}"), bold if won_since else Style()
        if not view["trick"] and phase != "over":
            said, style = _("{name} won the trick"), bold
        room = width - len(cells) - len(" · ") - cell_len(said.replace("{name}", ""))
        name = cut_name(seat_names(view)[last["winner"]], room)
        cells += _cells(" · " + said.format(name=name), style)
    return cells


def _draw_seat(
    canvas: Canvas,
    hits: list[Hit],
    look: TableLook,
    shape: Geometry,
    seat: int,
    name: str,
    y: int,
) -> None:
    view = look.view
    info = view["seats"][seat]
    to_act = seat in view["to_act"]
    canvas.write(">" if to_act else " ", 0, y, Style(bold=True))
    name_style = Style(bold=True, reverse=to_act, underline=seat == view["seat"])
    _place_line(canvas, _cells(name, name_style), 2, y)
    if view["phase"] != "sort":
        won = seat in (_just_won(view), look.changes.won)
        canvas.write(tricks_won(info["tricks"]), 2, y + 1, Style(bold=won, reverse=won))
    mark = _trick_mark(view, seat)
    if shape.tight and mark:
        canvas.write(mark, 2, y + 2, Style(bold=True))
    elif info["side"] and shape.framed and not shape.tight:
        canvas.write(_("side player"), 2, y + 2, Style(dim=True))
    _draw_trick_card(canvas, look, shape, seat, y)
    if mark and not shape.tight:
        x = shape.trick_x + (shape.size.width - cell_len(mark)) // 2
        canvas.write(mark, x, y + shape.size.height, Style(bold=True))
    sorting = view["sorting"]
    if info["slots"]:
        _draw_row(canvas, hits, look, shape, seat, y)
    elif sorting is not None and sorting["target"] == seat and look.draft:
        _draw_draft(canvas, hits, look, shape, seat, y)
    else:
        status = _cells(_sorting_status(view, seat), Style(dim=True, italic=True))
        _place_line(canvas, status, shape.row_x, y)


def _just_won(view: XylotarView) -> int | None:
    """The seat that won the trick the last move completed, while no card of the next
    trick is down."""
    last = view["last_trick"]
    return None if last is None or view["trick"] else last["winner"]


def _trick_mark(view: XylotarView, seat: int) -> str:
    """ "led" for the leader of the trick on the table, "won" for the winner of the trick
    just won, else ""."""
    led, won = trick_marks()
    if view["trick"]:
        return led if seat == view["leader"] else ""
    last = view["last_trick"]
    return won if last is not None and seat == last["winner"] else ""


def _draw_trick_card(canvas: Canvas, look: TableLook, shape: Geometry, seat: int, y: int) -> None:
    """The card `seat` played to the trick, or to the trick just won."""
    view = look.view
    last = view["last"]
    fresh = {play["card"] for play in last["plays"]} if last is not None else set()
    fresh |= look.changes.cards
    card = None
    if view["trick"]:
        card = next((play["card"] for play in view["trick"] if play["seat"] == seat), None)
    elif view["last_trick"] is not None:
        card = next(
            (play["card"] for play in view["last_trick"]["plays"] if play["seat"] == seat), None
        )
        fresh |= {play["card"] for play in view["last_trick"]["plays"]}
    if card is not None:
        cells = card_cells_for(card_of(card, view["trump"]), Look(fresh=card in fresh), shape.size)
        canvas.place(cells, shape.trick_x, y)


def _draw_row(
    canvas: Canvas,
    hits: list[Hit],
    look: TableLook,
    shape: Geometry,
    seat: int,
    y: int,
) -> None:
    """The xylotar: face-down cards (with the values the viewer knows), gaps where cards
    were played (marked when they were played since the viewer's own last move), the bid
    card crosswise under its gap."""
    view = look.view
    trump = view["trump"]
    own = seat == view["seat"]
    last = view["last"]
    cards: list[Card | None] = []
    looks: list[Look] = []
    for slot, info in enumerate(view["seats"][seat]["slots"]):
        if info["status"] != "down":
            cards.append(None)
            looks.append(PLAIN)
            continue
        cards.append(Card(info["colour"], info["value"], trump=info["colour"] == trump))
        looks.append(
            Look(
                cursor=own and slot in look.pointed,
                dimmed=own and look.acting and slot not in look.choices,
            )
        )
    size = shape.size
    gaps = sorted(slot for holder, slot in look.changes.gaps if holder == seat)
    if shape.framed:
        # Laid first, so that the bid and the cards beside lie over them.
        for slot in gaps:
            canvas.place(card_cells(Face(""), FRESH, size), shape.card_x(slot), y)
    bid = view["seats"][seat]["bid"]
    if bid is not None:
        # Laid first, so that the cards beside its gap lie over its ends.
        laid = last is not None and seat in last["bids"]
        lying = Look(fresh=laid or seat in look.changes.bids)
        cells = crosswise_cells(card_of(bid["card"], trump), lying, size)
        if shape.framed:
            lies = size.height - (CROSSWISE_HEIGHT if shape.tight else 2)
            canvas.place(cells, shape.card_x(bid["slot"]) - 1, y + lies)
        else:
            canvas.place(cells, shape.card_x(bid["slot"]), y + 1)
    _lay_cards(canvas, hits, cards, looks, shape, seat, y)
    if not shape.framed:
        for slot in gaps:
            canvas.write(GAP_MARK, shape.card_x(slot) + 1, y, Style(bold=True))


def _lay_cards(
    canvas: Canvas,
    hits: list[Hit],
    cards: list[Card | None],
    looks: list[Look],
    shape: Geometry,
    seat: int,
    y: int,
) -> list[Region]:
    """Lay a row of cards (None: a gap) at line `y` as chips or framed cards, each a place
    a click finds; the region of each card, in order (a gap's is empty)."""
    if not shape.framed:
        _place_line(canvas, chip_row(cards, looks), shape.row_x, y)
    size = shape.size
    regions = []
    for slot, card in enumerate(cards):
        x = shape.card_x(slot)
        if card is None:
            regions.append(Region(x, y, 0, 0))
            continue
        if shape.framed:
            canvas.place(card_cells_for(card, looks[slot], size), x, y)
            region = Region(x, y, min(shape.step, size.width), size.height)
        else:
            region = Region(x, y, CHIP_STEP, 1)
        hits.append(Hit(region, seat, slot))
        regions.append(region)
    return regions


def _draw_draft(
    canvas: Canvas,
    hits: list[Hit],
    look: TableLook,
    shape: Geometry,
    seat: int,
    y: int,
) -> None:
    """The hand being sorted, face up in the order chosen so far: the cards already laid
    down dimmed, `SWAP_MARK` under those that may change places."""
    trump = look.view["trump"]
    cards: list[Card | None] = [card_of(card, trump) for card in look.draft]
    looks = [
        Look(cursor=index in look.pointed, dimmed=index < look.placed)
        for index in range(len(cards))
    ]
    under = y + shape.size.height - (1 if shape.tight else 0)
    for index, region in enumerate(_lay_cards(canvas, hits, cards, looks, shape, seat, y)):
        if index in look.movable:
            gap = (region.width - len(SWAP_MARK)) // 2 if shape.framed else 1
            canvas.write(SWAP_MARK, region.x + gap, under, Style(bold=True))


def _sorting_status(view: XylotarView, seat: int) -> str:
    """While the hands are sorted, where `seat`'s hand is: being sorted, waiting, done."""
    sorting = view["sorting"]
    if sorting is None:
        return ""
    if sorting["target"] == seat:
        return _("being sorted by {name}").format(name=seat_names(view)[sorting["sorter"]])
    if seat in sorting["waiting"]:
        return _("waiting to be sorted")
    return pgettext("xylotar hand", "sorted")


def _cells(text: str, style: Style) -> list[Cell]:
    """`text` a cell per terminal cell: a wide letter takes its cell and an empty one, an
    accent joins the letter before it."""
    cells: list[Cell] = []
    for char in text:
        width = cell_len(char)
        if width == 0 and cells:
            cells[-1] = (cells[-1][0] + char, style)
            continue
        cells.append((char, style))
        cells.extend([("", style)] * (width - 1))
    return cells


def _place_line(canvas: Canvas, cells: list[Cell], x: int, y: int) -> None:
    canvas.place([cells], x, y)


def changed_columns(before: list[Cell], after: list[Cell]) -> tuple[int, int] | None:
    """The first and one past the last column in which two rows differ, or None."""
    if before == after:
        return None
    width = max(len(before), len(after))
    blank = (" ", Style())
    old = before + [blank] * (width - len(before))
    new = after + [blank] * (width - len(after))
    differ = [x for x in range(width) if old[x] != new[x]]
    return (differ[0], differ[-1] + 1) if differ else None


class XylotarBoard(Widget):
    """Draws `look` as wide as the widget is; a change repaints only the columns that
    differ from what is on screen. A click on a card posts `Picked`."""

    DEFAULT_CSS = """
    XylotarBoard { height: auto; }
    """

    look: reactive[TableLook | None] = reactive(None, repaint=False)
    """What is drawn; None until the table hands it a look."""

    @dataclass
    class Picked(Message):
        """The player clicked card `index` of `seat`'s band; `double` for a double click."""

        board: XylotarBoard
        seat: int
        index: int
        double: bool = False

        @property
        def control(self) -> XylotarBoard:
            return self.board

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._rows: list[list[Cell]] = []
        self._strips: list[Strip] = []
        self._hits: list[Hit] = []
        self._width = 0

    def watch_look(self) -> None:
        self.paint()

    def on_resize(self) -> None:
        self.paint()

    def paint(self) -> None:
        """Draw the look anew and repaint what changed."""
        width = self.size.width
        if width <= 0:
            return
        picture = draw(self.look, width) if self.look is not None else Picture([], [])
        self._hits = picture.hits
        old, self._rows = self._rows, picture.rows
        if width != self._width or len(old) != len(picture.rows):
            self._width = width
            self._strips = [strip_of(row) for row in picture.rows]
            self.refresh(layout=len(old) != len(picture.rows))
            return
        for y, (before, after) in enumerate(zip(old, picture.rows, strict=True)):
            columns = changed_columns(before, after)
            if columns is not None:
                # Segments that begin where the change begins: Textual sends a changed
                # span from the start of the segment holding its first column.
                self._strips[y] = strip_of(after, columns)
                start, end = columns
                self.refresh(Region(start, y, end - start, 1))

    @property
    def plain_lines(self) -> list[str]:
        """The lines shown, as plain text."""
        return ["".join(char for char, _ in row) for row in self._rows]

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return container.width

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        look = self.look
        return (
            table_height(len(look.view["players"]), look.size, look.tight)
            if look is not None
            else 1
        )

    def render_line(self, y: int) -> Strip:
        if y >= len(self._strips):
            return Strip.blank(self.size.width, self.rich_style)
        return (
            self._strips[y]
            .apply_style(self.rich_style)
            .crop_extend(0, self.size.width, self.rich_style)
        )

    def where(self, seat: int, index: int) -> Region | None:
        """Where card `index` of `seat`'s band lies, in the widget's content."""
        found = [hit.region for hit in self._hits if (hit.seat, hit.index) == (seat, index)]
        return found[-1] if found else None

    def card_at(self, x: int, y: int) -> Hit | None:
        """The uppermost card at cell (`x`, `y`)."""
        return next((hit for hit in reversed(self._hits) if hit.region.contains(x, y)), None)

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        hit = self.card_at(offset.x, offset.y)
        if hit is not None:
            self.post_message(self.Picked(self, hit.seat, hit.index, double=event.chain >= 2))
