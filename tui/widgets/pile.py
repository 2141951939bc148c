"""The discard pile: its top cards, count, the active restriction, draw and burned counts."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from tui.widgets.card import cards_text

SHOWN_TOP = 4
"""How many top cards of the pile are spelled out."""


class PileView(Static):
    """Shows the shared piles of a card game from a view's public fields."""

    view: reactive[dict[str, Any]] = reactive(dict)

    def watch_view(self, view: dict[str, Any]) -> None:
        self.update(pile_text(view))


def pile_text(view: dict[str, Any]) -> Text:
    """Two lines: the discard pile with what the next play needs, then the other piles."""
    if not view:
        return Text("")
    pile: list[str] = view.get("pile", [])
    text = Text("Pile ", style="bold")
    text.append(f"({view.get('pile_count', len(pile))}): ")
    if pile:
        hidden = len(pile) - SHOWN_TOP
        if hidden > 0:
            text.append("... ", style="dim")
        text.append_text(cards_text(pile[-SHOWN_TOP:]))
        text.append("  <- top", style="dim")
    else:
        text.append("empty", style="italic")
    text.append("\nNext: ", style="bold")
    if view.get("restriction") == "seven":
        text.append("7: play 7 or lower ", style="bold reverse")
        text.append(" ")
    text.append(view.get("need", ""))
    text.append(
        f"   Draw pile: {view.get('draw_count', 0)}   Burned: {view.get('burned_count', 0)}"
    )
    return text
