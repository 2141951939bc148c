"""How a Xylotar table reads: every xylotar as a row of narrow cards, the trick, the last trick.

A card is three cells. Its colour letter always shows, so colour is never the
only signal: "R?" face down, "R7" face down but known to the viewer (italic),
"r7" played (lower case, dim), "R=7" the bid (reverse; only red has a 10, so
the red 10 bid is "=10"). Rows read from the highest card (left) to the lowest
(right).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.style import Style
from rich.text import Text

from rules.xylotar import COLOUR_NAME
from tui.palette import ink

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

NAME_WIDTH = 10
CELL = 4
"""Columns per card: three for the card, one space."""
ROW_START = 2 + NAME_WIDTH + 1 + 2 + 2
"""The column where a seat's first card starts: marker, name, tricks."""
LINE_WIDTH = 78
"""Lines that must not wrap (the rows are found by line number) are cut to this."""
HEAD_LINES = 3
"""Status, legend and column heads come before the first seat's row."""


def short_names(names: Sequence[str], width: int = NAME_WIDTH) -> list[str]:
    """Names cut to `width` (a cut name ends in "~"); cut names that would look alike
    end in "#" and their seat number instead."""
    cut = [name if len(name) <= width else name[: width - 1] + "~" for name in names]
    return [
        short if cut.count(short) == 1 else f"{name[: width - 1 - len(str(seat + 1))]}#{seat + 1}"
        for seat, (name, short) in enumerate(zip(names, cut, strict=True))
    ]


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
    """The colour letters in play, the trump first."""
    text = Text("Trump ")
    text.append(f"{trump} {COLOUR_NAME[trump]}", colour_style(trump, underline=True))
    text.append("  ")
    for colour in colours:
        if colour != trump:
            text.append(f"{colour} {COLOUR_NAME[colour]}", colour_style(colour))
            text.append(" ")
    return text


def status_line(view: Mapping[str, Any]) -> Text:
    """Round, trick, and the key to the card cells."""
    round_no, extra = view["round"], view["extra_rounds"]
    text = Text(f"Round {round_no} of {3 + extra}", style="bold")
    if extra:
        text.append(" (extra)")
    if view["phase"] in ("play", "bid"):
        text.append(f" · trick {view['trick_number']} of {view['tricks_per_round']}")
    text.append("   R? face down  r7 played  R=7 bid", style="dim")
    return text


def seat_line(view: Mapping[str, Any], seat: int, pointed: set[int], marks: set[int]) -> Text:
    """`>` marks the seat to act; the name (underlined: the viewer's own), tricks won,
    then the xylotar with the pointed cards reversed and the choices underlined."""
    info = view["seats"][seat]
    text = Text("> " if seat in view["to_act"] else "  ", style="bold")
    name = short_names(view["players"])[seat].ljust(NAME_WIDTH)
    text.append(name, style="bold underline" if seat == view["seat"] else "")
    text.append(f" {info['tricks']:>2}  ")
    if not info["slots"]:
        text.append("waiting to be sorted" if view["phase"] == "sort" else "", style="dim")
    for index, slot in enumerate(info["slots"]):
        cell = slot_cell(slot)
        if index in pointed:
            cell.stylize("reverse")
        elif index in marks:
            cell.stylize("underline")
        text.append_text(cell)
        text.append(" ")
    return text


def marker_line(length: int, pointed: set[int], marks: set[int]) -> Text:
    """Under one's own row: ^^^ under the pointed card(s), --- under the other choices."""
    text = Text(" " * ROW_START)
    for index in range(length):
        if index in pointed:
            text.append("^^^", style="bold")
        elif index in marks:
            text.append("---")
        else:
            text.append("   ")
        text.append(" ")
    return text


def trick_lines(view: Mapping[str, Any]) -> list[Text]:
    """The trick on the table (who played what, the led colour) and the previous trick."""
    names = short_names(view["players"])
    trick = Text(f"Trick {view['trick_number']}: ", style="bold")
    if view["trick"]:
        for play in view["trick"]:
            trick.append(f"{names[play['seat']]} ")
            trick.append_text(card_text(play["card"]))
            trick.append("  ")
        trick.append(f"(led {COLOUR_NAME[view['led_colour']]})", style="dim")
        trick.truncate(LINE_WIDTH, overflow="ellipsis")
    elif view["phase"] in ("play", "bid") and view["to_act"]:
        trick.append(f"{names[view['to_act'][0]]} leads")
    last = view["last_trick"]
    if last is None:
        return [trick, Text("")]
    previous = Text(f"Last trick: {names[last['winner']]} won  ")
    previous.append_text(cards_line([play["card"] for play in last["plays"]]))
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
        head.append(f"; {target} will not see these values.")
    head.truncate(LINE_WIDTH, overflow="ellipsis")
    row = Text(" " * ROW_START)
    for index, card in enumerate(draft):
        cell = Text(f"{card:<3}", colour_style(card[0]))
        if index == cursor:
            cell.stylize("reverse")
        elif index in movable:
            cell.stylize("underline")
        row.append_text(cell)
        row.append(" ")
    pointed = set() if cursor is None else {cursor}
    return [head, row, marker_line(len(draft), pointed, movable)]


def table_text(
    view: Mapping[str, Any],
    pointed: set[int] | None = None,
    marks: set[int] | None = None,
    middle: list[Text] | None = None,
) -> Text:
    """The whole table for one view; `pointed` and `marks` are slots of the viewer's row,
    `middle` replaces the trick lines (the sorting block)."""
    pointed, marks = pointed or set(), marks or set()
    own = view["seat"]
    lines = [
        status_line(view),
        legend(view["colours"], view["trump"]),
        Text("  Player     Won  Xylotar: highest (left) to lowest (right)", style="dim"),
    ]
    for seat in range(len(view["players"])):
        if seat != own:
            lines.append(seat_line(view, seat, set(), set()))
            continue
        lines.append(seat_line(view, seat, pointed, marks))
        if pointed or marks:
            lines.append(marker_line(len(view["seats"][seat]["slots"]), pointed, marks))
    lines.extend(trick_lines(view) if middle is None else middle)
    return Text("\n").join(lines)


def own_row_line(view: Mapping[str, Any]) -> int | None:
    """The line of the viewer's own xylotar in `table_text`, or of the hand being
    sorted in the sorting block; None when the viewer has neither."""
    seat = view["seat"]
    if seat is None:
        return None
    if view["phase"] == "sort":
        return HEAD_LINES + len(view["players"]) + 1
    return HEAD_LINES + seat


def slot_at(column: int) -> int | None:
    """The card index under a column of a row, or None between cards and left of them."""
    offset = column - ROW_START
    if offset < 0 or offset % CELL == CELL - 1:
        return None
    return offset // CELL
