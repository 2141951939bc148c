"""The game log: what happened, as the viewing seat may know it, newest at the bottom."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.reactive import reactive
from textual.widgets import Static


class GameLog(VerticalScroll, can_focus=False):
    """Log entries as plain text (names are never markup), scrolled to the newest."""

    entries: reactive[list[dict[str, Any]]] = reactive(list, always_update=True)

    def compose(self) -> ComposeResult:
        yield Static(id="log-text")

    def watch_entries(self, entries: list[dict[str, Any]]) -> None:
        text = Text("\n".join(entry["text"] for entry in entries))
        self.query_one("#log-text", Static).update(text)
        self.call_after_refresh(self.scroll_end, animate=False)
