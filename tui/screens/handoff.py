"""The privacy screen between two people: opaque, no timeout, reveals only on Enter."""

from __future__ import annotations

import time
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from tui.screens.once import DismissOnce

RECENT_LIMIT = 12
"""At most this many log lines fit on the handoff screen."""


class HandoffScreen(DismissOnce, Screen[None]):
    """Says "Pass to Bob", what happened since Bob last acted (from Bob's view); Enter reveals.

    Enter presses in the first `guard` seconds are ignored: a double press or a
    held key meant for the previous player's turn must not reveal the next hand.
    """

    BINDINGS = [
        Binding("enter", "reveal", "Reveal"),
    ]

    def __init__(self, name: str, recent: list[dict[str, Any]], guard: float = 0.0) -> None:
        super().__init__()
        self.player_name = name
        self.recent = recent
        self.guard = guard
        self.shown_at = time.monotonic()

    def compose(self) -> ComposeResult:
        with Center(), Vertical(id="handoff-box"):
            title = Text("Pass to ", style="bold")
            title.append(self.player_name, style="bold reverse")
            yield Static(title, id="handoff-title")
            yield Static(Text("Since your last turn:", style="bold"), classes="handoff-heading")
            yield Static(recent_text(self.recent), id="handoff-recent")
            prompt = Text("Only ")
            prompt.append(self.player_name, style="bold")
            prompt.append(" should look now. Press Enter to reveal what only you may see.")
            yield Static(prompt, id="handoff-prompt")
        yield Footer()

    def on_mount(self) -> None:
        self.shown_at = time.monotonic()

    def action_reveal(self) -> None:
        """Reveal, unless Enter came so soon that it was meant for the previous screen."""
        if time.monotonic() - self.shown_at >= self.guard:
            self.dismiss_once(None)


def recent_text(entries: list[dict[str, Any]]) -> Text:
    """The latest log lines as plain text, with a note when older ones are left out."""
    if not entries:
        return Text("Nothing yet.", style="italic")
    shown = entries[-RECENT_LIMIT:]
    text = Text()
    if len(entries) > len(shown):
        text.append(f"({len(entries) - len(shown)} earlier events in the log)\n", style="dim")
    text.append("\n".join("- " + e["text"] for e in shown))
    return text
