"""The end of a game: the ranking, why it ended, and rematch or home, in a panel at the
foot of the screen over the final table, which stays in sight."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static

from tui.screens.once import DismissOnce
from tui.widgets.names import ordinal


class GameOverScreen(DismissOnce, ModalScreen[str]):
    """Dismisses with "rematch" or "home". Home has the focus: a stray Enter never
    starts a new game. The table it ends is drawn above it, as the game left it."""

    CSS_PATH = ["../styles/screens.tcss"]

    AUTO_FOCUS = "#home"

    BINDINGS = [
        Binding("r", "choose('rematch')", "Rematch"),
        Binding("h,escape", "choose('home')", "Home"),
    ]

    def __init__(
        self,
        title: str,
        names: list[str],
        result: dict[str, Any],
        details: dict[int, str] | None = None,
    ) -> None:
        super().__init__()
        self.game_title = title
        self.names = names
        self.result = result
        self.details = details or {}

    def compose(self) -> ComposeResult:
        with Center(id="over-foot"), Vertical(id="over-box"):
            yield Static(Text(f"{self.game_title}: game over", style="bold"), id="over-title")
            with VerticalScroll(id="over-ranking-scroll"):
                yield Static(ranking_text(self.names, self.result, self.details), id="over-ranking")
            yield Static(Text(self.result.get("reason", "")), id="over-reason")
            with Horizontal(id="over-buttons"):
                yield Button("Rematch (r)", id="rematch", compact=True)
                yield Button("Home (h)", id="home", variant="primary", compact=True)
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss_once(event.button.id or "home")

    def action_choose(self, choice: str) -> None:
        self.dismiss_once(choice)


def ranking_text(names: list[str], result: dict[str, Any], details: dict[int, str]) -> Text:
    """Places from first to last; tied seats share a place; the winners are marked, and
    the losers only in a game whose result names any (Xylotar has none: it only ranks),
    with each seat's details (e.g. the targets it met) after the name."""
    text = Text()
    losers = set(result.get("losers", []))
    place = 1
    for group in result.get("ranking", []):
        for seat in group:
            line = Text(f"{ordinal(place):>5}  " if len(names) > 1 else "  ")
            line.append(names[seat], style="bold")
            if seat in result.get("winners", []):
                line.append("  - wins")
            elif seat in losers:
                line.append("  - loses")
            if seat in details:
                line.append(f"  ({details[seat]})")
            text.append_text(line)
            text.append("\n")
        place += len(group)
    text.rstrip()
    return text
