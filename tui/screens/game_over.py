"""The end of a game: the ranking, why it ended, and rematch or home."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Static

from tui.widgets.opponents import ordinal


class GameOverScreen(Screen[str]):
    """Dismisses with "rematch" or "home"."""

    BINDINGS = [
        Binding("r", "choose('rematch')", "Rematch"),
        Binding("h,escape", "choose('home')", "Home"),
    ]

    def __init__(self, title: str, names: list[str], result: dict[str, Any]) -> None:
        super().__init__()
        self.game_title = title
        self.names = names
        self.result = result

    def compose(self) -> ComposeResult:
        with Center(), Vertical(id="over-box"):
            yield Static(Text(f"{self.game_title}: game over", style="bold"), id="over-title")
            yield Static(ranking_text(self.names, self.result), id="over-ranking")
            yield Static(Text(self.result.get("reason", "")), id="over-reason")
            with Horizontal(id="over-buttons"):
                yield Button("Rematch (r)", id="rematch", variant="primary")
                yield Button("Home (h)", id="home")
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id or "home")

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)


def ranking_text(names: list[str], result: dict[str, Any]) -> Text:
    """Places from first to last; tied seats share a place; the loser is marked."""
    text = Text()
    losers = set(result.get("losers", []))
    place = 1
    for group in result.get("ranking", []):
        for seat in group:
            line = Text(f"{ordinal(place):>5}  ")
            line.append(names[seat], style="bold")
            if seat in result.get("winners", []):
                line.append("  - wins")
            elif seat in losers:
                line.append("  - loses")
            text.append_text(line)
            text.append("\n")
        place += len(group)
    text.rstrip()
    return text
