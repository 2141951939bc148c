"""Every seat at the table as one row of a small table: name, hand count, face-up cards,
face-down count; as wide as the longest name needs, up to `MAX_NAME_WIDTH` cells."""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget

from tui.widgets.card import cards_text
from tui.widgets.names import cut_name, ordinal, padded, short_names

MAX_NAME_WIDTH = 14
"""With one-line cards wider names are cut (distinguishably) so the log keeps most of the
width."""
WHOLE_NAME_WIDTH = 24 + len(" (you)")
"""With framed cards the screen is wide: every name shows whole (24 cells at most)."""
MIN_NAME_WIDTH = len("Player")
YOU = " (you)"
READY = " ready"
UP_WIDTH = len("10♦ 10♥ 10♠")
COUNTS_WIDTH = len(" hand ") + UP_WIDTH + len(" down")
"""Columns after the name: hand count, face-up cards, face-down count."""


def name_width(view: dict[str, Any], limit: int = MAX_NAME_WIDTH) -> int:
    """The name column in cells: the widest name (the viewer's with "(you)"), within
    limits."""
    you = view.get("seat")
    longest = max(
        (
            cell_len(info["name"]) + (len(YOU) if seat == you else 0)
            for seat, info in enumerate(view.get("seats", []))
        ),
        default=0,
    )
    return max(MIN_NAME_WIDTH, min(limit, longest))


def shows_ready(view: dict[str, Any]) -> bool:
    """Tour 1 adds a column saying who has chosen their face-up cards."""
    return view.get("phase") == "swap"


def seats_width(view: dict[str, Any], limit: int = MAX_NAME_WIDTH) -> int:
    """Columns one row takes: marker, name, counts (and "ready" in tour 1)."""
    if not view.get("seats"):
        return 0
    ready = len(READY) if shows_ready(view) else 0
    return 2 + name_width(view, limit) + COUNTS_WIDTH + ready


def seat_names(view: dict[str, Any], width: int) -> list[str]:
    """Every seat's name cut to `width`, still telling seats apart; the viewer's says
    "(you)"."""
    names = short_names([info["name"] for info in view.get("seats", [])], width)
    you = view.get("seat")
    if you is not None:
        names[you] = cut_name(view["seats"][you]["name"], width - len(YOU)) + YOU
    return names


class SeatList(Widget):
    """All seats, the one to act marked with ">" (and in reverse), the viewer with "(you)",
    the one who made the last move with "*" (its hand count in reverse when it took the
    pile).

    Above the rows stands a line of column heads, when the height leaves room for it.
    """

    DEFAULT_CSS = """
    SeatList { width: auto; height: auto; }
    """

    view: reactive[dict[str, Any]] = reactive(dict, layout=True)
    name_limit: reactive[int] = reactive(MAX_NAME_WIDTH, layout=True)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return seats_width(self.view, self.name_limit)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.view.get("seats", [])) + 1

    def render(self) -> Text:
        seats = len(self.view.get("seats", []))
        return seats_text(self.view, heads=self.size.height > seats, limit=self.name_limit)


def seats_text(view: dict[str, Any], heads: bool = True, limit: int = MAX_NAME_WIDTH) -> Text:
    """One line per seat, after a line of column heads; names are plain text, never markup."""
    text = Text(no_wrap=True, overflow="ellipsis")
    if not view.get("seats"):
        return text
    width = name_width(view, limit)
    ready = shows_ready(view)
    if heads:
        text.append(f"  {'Player':<{width}} hand {'up':<{UP_WIDTH}} down", style="dim")
    to_act = set(view.get("to_act", []))
    last = view.get("last")
    for seat, (info, name) in enumerate(zip(view["seats"], seat_names(view, width), strict=True)):
        if seat or heads:
            text.append("\n")
        turn = seat in to_act
        moved = last is not None and last["seat"] == seat
        text.append(">" if turn else " ", style="bold")
        text.append("*" if moved else " ", style="bold")
        style = "bold reverse" if turn else "bold"
        if seat == view.get("seat"):
            text.append(name.removesuffix(YOU), style=style)
            text.append(
                padded(YOU, width - cell_len(name) + len(YOU)), style="reverse" if turn else ""
            )
        else:
            text.append(padded(name, width), style=style)
        if info.get("place"):
            text.append(f" out, {ordinal(info['place'])}", style="italic")
            continue
        took = moved and last is not None and last["took"] > 0
        text.append(" ")
        text.append(f"{info['hand_count']:>4}", style="bold reverse" if took else "")
        text.append(" ")
        up = cards_text(info["face_up"])
        text.append_text(up)
        text.append(" " * max(0, UP_WIDTH - up.cell_len))
        down = sum(1 for slot in info["face_down"] if slot)
        text.append(f" {down:>4}")
        if ready and info.get("ready"):
            text.append(READY, style="dim")
    return text
