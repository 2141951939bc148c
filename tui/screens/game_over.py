"""The end of a game: the ranking, why it ended, and rematch or home, in a panel at the
foot of the screen over the final table, which stays in sight."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from tui.i18n import N_, _
from tui.screens.app_keys import APP_KEYS
from tui.screens.once import DismissOnce
from tui.widgets.footer import Footer
from tui.words.common import ordinal

HOME = "choose('home')"


class GameOverScreen(DismissOnce, ModalScreen[str]):
    """Dismisses with "rematch" or "home". Home has the focus: a stray Enter never
    starts a new game. The table it ends is drawn above it, as the game left it.

    The footer and the button name Esc for home, as every table does in both languages;
    h (no mnemonic in German) goes home too."""

    CSS_PATH = ["../styles/screens.tcss"]

    AUTO_FOCUS = "#home"

    BINDINGS = [
        Binding("r", "choose('rematch')", N_("Rematch")),
        Binding("escape,h", HOME, N_("Home")),
        *APP_KEYS,
    ]

    def __init__(
        self,
        title: str,
        names: list[str],
        result: Mapping[str, Any],
        details: dict[int, str] | None = None,
        reason: str = "",
    ) -> None:
        super().__init__()
        self.game_title = title
        self.names = names
        self.result = result
        self.details = details or {}
        self.reason = reason
        """Why the game ended, in words."""

    def compose(self) -> ComposeResult:
        with Center(id="over-foot"), Vertical(id="over-box"):
            title = _("{game}: game over").format(game=self.game_title)
            yield Static(Text(title, style="bold"), id="over-title")
            with VerticalScroll(id="over-ranking-scroll"):
                yield Static(ranking_text(self.names, self.result, self.details), id="over-ranking")
            yield Static(Text(self.reason), id="over-reason")
            with Horizontal(id="over-buttons"):
                key = self.app.get_key_display(Binding("escape", HOME))
                home = _("Home ({key})").format(key=key)
                yield Button(_("Rematch (r)"), id="rematch", compact=True)
                yield Button(home, id="home", variant="primary", compact=True)
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss_once(event.button.id or "home")

    def action_choose(self, choice: str) -> None:
        self.dismiss_once(choice)


def ranking_text(names: list[str], result: Mapping[str, Any], details: dict[int, str]) -> Text:
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
                line.append("  - " + _("wins"))
            elif seat in losers:
                line.append("  - " + _("loses"))
            if seat in details:
                line.append(f"  ({details[seat]})")
            text.append_text(line)
            text.append("\n")
        place += len(group)
    text.rstrip()
    return text
