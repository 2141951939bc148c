"""XOXO seats: each player's stack top and count, and their targets as that viewer may see them."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from tui.widgets.tile import tile_short

NAME_WIDTH = 12


class TargetPanel(Static):
    """The general stack, then per seat: name, met count, stack, targets."""

    view: reactive[dict[str, Any]] = reactive(dict)

    def watch_view(self, view: dict[str, Any]) -> None:
        self.update(panel_text(view))


def stack_text(label: str, stack: dict[str, Any]) -> Text:
    text = Text(f"{label} {stack['count']:>2}: ")
    if stack["top"] is None:
        text.append("empty", style="italic")
    else:
        text.append_text(tile_short(stack["top"]))
    return text


def target_text(target: dict[str, Any]) -> Text:
    """A target as this viewer may know it: "(shape)" when only its kind shows, its value
    when known, and "value MET" once met."""
    if target["value"] is None:
        return Text(f"({target['kind']})", style="dim")
    if target["met"]:
        return Text(f"{target['value']} MET", style="bold reverse")
    return Text(target["value"], style="bold")


def panel_text(view: dict[str, Any]) -> Text:
    if not view:
        return Text("")
    text = stack_text("General", view["general"])
    to_act = set(view.get("to_act", []))
    winners = set(view.get("winners", []))
    for seat, info in enumerate(view["seats"]):
        text.append("\n")
        turn = seat in to_act
        text.append("> " if turn else "  ", style="bold")
        name = info["name"][:NAME_WIDTH]
        text.append(name, style="bold reverse" if turn else "bold")
        text.append(f"  met {info['met']}/{len(info['targets'])}")
        if seat == view.get("seat"):
            text.append(" (you)", style="dim")
        if seat in winners:
            text.append(" WINS", style="bold")
        text.append("\n  ")
        text.append_text(stack_text("stack", info["stack"]))
        text.append("\n  ")
        text.append_text(Text(", ").join(target_text(t) for t in info["targets"]))
    return text
