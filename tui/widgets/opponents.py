"""Every seat at the table in one compact line: name, hand count, face-up cards, face-down count."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from tui.widgets.card import cards_text

NAME_WIDTH = 10


def ordinal(place: int) -> str:
    """1st, 2nd, 3rd, 4th ... for finishing places."""
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


class SeatList(Static):
    """All seats, the one to act marked with ">" and the viewer with "(you)"."""

    view: reactive[dict[str, Any]] = reactive(dict)

    def watch_view(self, view: dict[str, Any]) -> None:
        self.update(seats_text(view))


def seats_text(view: dict[str, Any]) -> Text:
    """One line per seat; names are plain text, never markup."""
    text = Text(no_wrap=True, overflow="ellipsis")
    to_act = set(view.get("to_act", []))
    you = view.get("seat")
    for seat, info in enumerate(view.get("seats", [])):
        if seat:
            text.append("\n")
        turn = seat in to_act
        text.append("> " if turn else "  ", style="bold")
        name = info["name"]
        shown = name if len(name) <= NAME_WIDTH else name[: NAME_WIDTH - 1] + "~"
        text.append(shown.ljust(NAME_WIDTH), style="bold reverse" if turn else "bold")
        if info.get("place"):
            text.append(f" out, {ordinal(info['place'])}", style="italic")
            continue
        text.append(f" hand {info['hand_count']:>2}  up ")
        up = cards_text(info["face_up"])
        text.append_text(up)
        text.append(" " * max(0, 11 - up.cell_len))
        down = sum(1 for slot in info["face_down"] if slot)
        text.append(f" down {down}")
        if view.get("phase") == "swap" and info.get("ready"):
            text.append("  ready", style="dim")
        if seat == you:
            text.append("  (you)", style="dim")
    return text
