"""How a Xylotar table reads: every xylotar as a row of narrow cards, the trick, the last trick.

A card is three cells. Its colour letter always shows, so colour is never the
only signal, and each look has a sign of its own besides its style (the key line
above the rows names them): "R?" face down, "R7" face down but known to the
viewer (also italic), "r7" played (lower case, also dim), "R=7" the bid (also
reverse; only red has a 10, so the red 10 bid is "=10"). Rows read from the
highest card (left) to the lowest (right).

Below one's own row (and below the hand being sorted) a line of marks: "^^^" under
the cursor, "+" under the other cards that may be played or bid, "<->" under the
cards that may change places with an equal neighbour while sorting.

`XylotarTable` draws these lines and repaints only the lines that changed, so a
cursor move sends one row and its marks to the terminal, not the whole table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widget import Widget

from rules.xylotar import COLOUR_NAME
from tui.palette import ink
from tui.widgets.names import short_names

COLOUR_INK = {
    "R": "red",
    "O": "orange",
    "Y": "yellow",
    "G": "green",
    "T": "cyan",
    "B": "blue",
    "P": "purple",
    "K": "pink",
}
"""The palette ink of each card colour; in 16 colours the eight fall on eight different
terminal colours. The letter decides, the colour helps."""

CELL = 4
"""Columns per card: three for the card, one space."""
LINE_WIDTH = 78
"""The table's width at 80 columns; lines that must not wrap (the rows are found by
line number) are cut to this."""
MIN_NAME_WIDTH = len("Player ")
"""The narrowest name column: its head and a space before "Won"."""
AROUND_NAME = 2 + 1 + 2 + 2
"""Columns of a row besides the name and the cards: marker, tricks won and spaces."""
HEAD_LINES = 4
"""Status, colours, the key to the looks and the column heads come before the first row."""
CURSOR, CHOICE, SWAP = "^^^", " + ", "<->"
"""Marks under a card: the cursor, another legal choice, a card that may change places."""


def name_width(view: Mapping[str, Any]) -> int:
    """The name column in cells: as wide as the widest name, as far as a full row of cards
    leaves room within the line (12 cells with 15 cards, 24 with 12)."""
    cards = view["tricks_per_round"] + 1
    room = LINE_WIDTH + 1 - AROUND_NAME - CELL * cards
    longest = max(cell_len(name) for name in view["players"])
    return max(MIN_NAME_WIDTH, min(room, longest))


def row_start(view: Mapping[str, Any]) -> int:
    """The column where a seat's first card starts: marker, name, tricks."""
    return AROUND_NAME + name_width(view)


def colour_style(colour: str, **extra: bool) -> Style:
    return ink(COLOUR_INK[colour], bold=True, **extra)


def card_text(card: str) -> Text:
    """A face-up card as a player reads it: "R7", in its colour."""
    return Text(card, colour_style(card[0]))


def cards_line(cards: Sequence[str]) -> Text:
    return Text(" ").join(card_text(card) for card in cards)


def slot_cell(slot: Mapping[str, Any]) -> Text:
    """One slot of a xylotar, three cells wide."""
    colour, status, value = slot["colour"], slot["status"], slot["value"]
    if status == "played":
        return Text(f"{colour.lower()}{value:<2}", colour_style(colour, dim=True))
    if status == "bid":
        text = f"={value}" if value > 9 else f"{colour}={value}"
        return Text(text, colour_style(colour, reverse=True))
    if value is None:
        return Text(f"{colour}? ", colour_style(colour))
    return Text(f"{colour}{value:<2}", colour_style(colour, italic=True))


def legend(colours: Sequence[str], trump: str) -> Text:
    """The colour letters in play, the trump first (underlined)."""
    text = Text("Trump ")
    text.append(f"{trump} {COLOUR_NAME[trump]}", colour_style(trump, underline=True))
    text.append("  ")
    for colour in colours:
        if colour != trump:
            text.append(f"{colour} {COLOUR_NAME[colour]}", colour_style(colour))
            text.append(" ")
    return text


def looks_key() -> Text:
    """Each look of a card, drawn as it shows in the rows, and what it means."""
    text = Text()
    for sample, style, meaning in (
        ("R?", Style(bold=True), "face down"),
        ("R7", Style(bold=True, italic=True), "face down, you know it"),
        ("r7", Style(bold=True, dim=True), "played"),
        ("R=7", Style(bold=True, reverse=True), "bid (red 10: =10)"),
    ):
        if text:
            text.append("  ")
        text.append(sample, style)
        text.append(f" {meaning}", style="dim")
    return text


def status_line(view: Mapping[str, Any]) -> Text:
    """Round and trick."""
    round_no, extra = view["round"], view["extra_rounds"]
    text = Text(f"Round {round_no} of {3 + extra}", style="bold")
    if extra:
        text.append(" (extra)")
    if view["phase"] in ("play", "bid"):
        text.append(f" · trick {view['trick_number']} of {view['tricks_per_round']}")
    return text


def heads_line(view: Mapping[str, Any]) -> Text:
    """The column heads, aligned with the rows."""
    width = name_width(view)
    return Text(f"  {'Player':<{width}}Won  Xylotar: highest (left) to lowest (right)", style="dim")


def seat_line(view: Mapping[str, Any], seat: int, pointed: set[int]) -> Text:
    """`>` marks the seat to act; the name (underlined: the viewer's own), tricks won,
    then the xylotar with the pointed cards reversed."""
    info = view["seats"][seat]
    width = name_width(view)
    text = Text("> " if seat in view["to_act"] else "  ", style="bold")
    name = short_names(view["players"], width)[seat]
    text.append(name, style="bold underline" if seat == view["seat"] else "")
    text.append(" " * (width - cell_len(name)))
    text.append(f" {info['tricks']:>2}  ")
    if not info["slots"]:
        text.append(sorting_status(view, seat), style="dim")
    for index, slot in enumerate(info["slots"]):
        append_card(text, slot_cell(slot), index in pointed, slot["status"] == "bid")
    return text


def sorting_status(view: Mapping[str, Any], seat: int) -> str:
    """While the hands are sorted, where `seat`'s hand is: being sorted, waiting, done."""
    sorting = view.get("sorting")
    if sorting is None:
        return ""
    if sorting["target"] == seat:
        return f"being sorted by {view['players'][sorting['sorter']]}"
    return "waiting to be sorted" if seat in sorting["waiting"] else "sorted"


def append_card(row: Text, cell: Text, pointed: bool, reversed_look: bool = False) -> None:
    """Add a three-cell card and the space after it, reversed under the cursor. A card
    drawn neither reversed nor as the bid takes the space into its own style, so a row
    changes style once per card (fewer bytes to send when it is repainted)."""
    if pointed:
        cell.stylize("reverse")
    if pointed or reversed_look:
        row.append_text(cell)
        row.append(" ")
    else:
        cell.append(" ")
        row.append_text(cell)


def marker_line(start: int, length: int, pointed: set[int], marks: set[int], mark: str) -> Text:
    """Under a row whose cards start at column `start`: the cursor mark under the
    pointed card(s), `mark` under the other marked ones."""
    text = Text(" " * start)
    for index in range(length):
        if index in pointed:
            text.append(CURSOR, style="bold")
        elif index in marks:
            text.append(mark)
        else:
            text.append("   ")
        text.append(" ")
    return text


def trick_lines(view: Mapping[str, Any]) -> list[Text]:
    """The trick on the table (who played what, the led colour) and the previous trick.
    Names are cut so that a full trick fits one line; the led colour is left out when
    it would cut them to less than six letters."""
    trick = Text(f"Trick {view['trick_number']}: ", style="bold")
    if view["trick"]:
        seats = len(view["players"])
        led = f"(led {COLOUR_NAME[view['led_colour']]})"
        room = LINE_WIDTH - trick.cell_len
        width = min(name_width(view), (room - len(led)) // seats - 6)
        if width < MIN_NAME_WIDTH:
            led, width = "", max(3, min(name_width(view), room // seats - 6))
        names = short_names(view["players"], width)
        for play in view["trick"]:
            trick.append(f"{names[play['seat']]} ")
            trick.append_text(card_text(play["card"]))
            trick.append("  ")
        trick.append(led, style="dim")
        trick.truncate(LINE_WIDTH, overflow="ellipsis")
    elif view["phase"] in ("play", "bid") and view["to_act"]:
        trick.append(f"{view['players'][view['to_act'][0]]} leads")
    last = view["last_trick"]
    if last is None:
        return [trick, Text("")]
    previous = Text(f"Last trick: {view['players'][last['winner']]} won  ")
    previous.append_text(cards_line([play["card"] for play in last["plays"]]))
    previous.truncate(LINE_WIDTH, overflow="ellipsis")
    return [trick, previous]


def sorting_lines(
    view: Mapping[str, Any], draft: Sequence[str], cursor: int | None, movable: set[int]
) -> list[Text]:
    """While sorting: for the sorter, the hand in its order so far (`draft`: every card,
    placed ones first) with the cursor; for everyone else, who sorts whose hand."""
    sorting = view["sorting"]
    names = view["players"]
    target = names[sorting["target"]]
    if sorting["left"] is None:
        return [Text(f"{names[sorting['sorter']]} is sorting {target}'s xylotar.", style="bold")]
    head = Text(f"You sort {target}'s xylotar", style="bold")
    if view["seats"][sorting["target"]]["side"]:
        head.append(" (a side player: its middle card will be its bid).")
    else:
        unseen = f"; {target} will not see these values."
        fits = head.cell_len + len(unseen) <= LINE_WIDTH
        head.append(unseen if fits else "; they will not see these values.")
    head.truncate(LINE_WIDTH, overflow="ellipsis")
    start = row_start(view)
    row = Text(" " * start)
    for index, card in enumerate(draft):
        append_card(row, Text(f"{card:<3}", colour_style(card[0])), index == cursor)
    pointed = set() if cursor is None else {cursor}
    return [head, row, marker_line(start, len(draft), pointed, movable, SWAP)]


def table_lines(
    view: Mapping[str, Any],
    pointed: set[int] | None = None,
    marks: set[int] | None = None,
    middle: list[Text] | None = None,
) -> list[Text]:
    """The whole table for one view, line by line; `pointed` and `marks` are slots of
    the viewer's row, `middle` replaces the trick lines (the sorting block)."""
    pointed, marks = pointed or set(), marks or set()
    own = view["seat"]
    lines = [
        status_line(view),
        legend(view["colours"], view["trump"]),
        looks_key(),
        heads_line(view),
    ]
    for seat in range(len(view["players"])):
        if seat != own:
            lines.append(seat_line(view, seat, set()))
            continue
        lines.append(seat_line(view, seat, pointed))
        if pointed or marks:
            slots = len(view["seats"][seat]["slots"])
            lines.append(marker_line(row_start(view), slots, pointed, marks, CHOICE))
    lines.extend(trick_lines(view) if middle is None else middle)
    return lines


def own_row_line(view: Mapping[str, Any]) -> int | None:
    """The line of the viewer's own xylotar in `table_lines`, or of the hand being
    sorted in the sorting block; None when the viewer has neither."""
    seat = view["seat"]
    if seat is None:
        return None
    if view["phase"] == "sort":
        return HEAD_LINES + len(view["players"]) + 1
    return HEAD_LINES + seat


def slot_at(view: Mapping[str, Any], column: int) -> int | None:
    """The card index under a column of a row, or None between cards and left of them."""
    offset = column - row_start(view)
    if offset < 0 or offset % CELL == CELL - 1:
        return None
    return offset // CELL


def changed_columns(before: Strip, after: Strip) -> tuple[int, int] | None:
    """The first and one past the last column in which two lines differ (in a character
    or its style), or None when they are the same."""
    old, new = _cells(before), _cells(after)
    width = max(len(old), len(new))
    old += [(" ", None)] * (width - len(old))
    new += [(" ", None)] * (width - len(new))
    differ = [x for x in range(width) if old[x] != new[x]]
    return (differ[0], differ[-1] + 1) if differ else None


def _cells(strip: Strip) -> list[tuple[str, Style | None]]:
    """Each column of a line of narrow characters, with its style."""
    return [(char, segment.style) for segment in strip for char in segment.text]


class XylotarTable(Widget):
    """The table's lines. `show` takes a new set of lines and repaints only the columns
    that differ from what is on screen; a change in their number lays the table out anew."""

    DEFAULT_CSS = """
    XylotarTable { height: auto; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._strips: list[Strip] = []

    def show(self, lines: list[Text]) -> None:
        """Draw these lines from now on."""
        console = self.app.console
        strips = [Strip(list(line.render(console))) for line in lines]
        old, self._strips = self._strips, strips
        if len(strips) != len(old):
            self.refresh(layout=True)
            return
        for y, (before, after) in enumerate(zip(old, strips, strict=True)):
            columns = changed_columns(before, after)
            if columns is not None:
                start, end = columns
                # Segments that begin where the change begins: Textual sends a changed
                # span from the start of the segment holding its first column.
                cuts = [cut for cut in columns if cut < after.cell_length]
                strips[y] = Strip.join(after.divide([*cuts, after.cell_length]))
                self.refresh(Region(start, y, end - start, 1))

    @property
    def plain_lines(self) -> list[str]:
        """The lines shown, as plain text."""
        return [strip.text for strip in self._strips]

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return container.width

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._strips)

    def render_line(self, y: int) -> Strip:
        if y >= len(self._strips):
            return Strip.blank(self.size.width, self.rich_style)
        return (
            self._strips[y]
            .apply_style(self.rich_style)
            .crop_extend(0, self.size.width, self.rich_style)
        )
