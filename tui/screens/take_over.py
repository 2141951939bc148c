"""Asks before taking a game's seats from another terminal that has them open."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from tui.screens.once import DismissOnce


class TakeOverScreen(DismissOnce, ModalScreen[bool]):
    """Says who holds the game and since when; `y` takes it over, `n` or Esc keeps away."""

    CSS_PATH = ["../styles/screens.tcss"]

    BINDINGS = [
        Binding("y", "answer(True)", "Take over"),
        Binding("n,escape", "answer(False)", "Cancel"),
    ]

    def __init__(self, name: str, holder: str) -> None:
        super().__init__()
        self.save_name = name
        self.holder = holder

    def compose(self) -> ComposeResult:
        with Vertical(id="take-over-box"):
            several = ";" in self.holder
            where = "other terminals" if several else "another terminal"
            text = Text(f"{self.save_name} is open in {where}:\n", style="bold")
            text.append(self.holder.replace("; ", ";\n") + ".\n\n")
            text.append("Take it over? ")
            text.append("Those terminals go" if several else "That terminal goes")
            text.append(" back to the home screen; ")
            text.append("no move is lost.\n\n")
            text.append("y", style="bold reverse")
            text.append(" take over    ")
            text.append("n", style="bold reverse")
            text.append(" cancel")
            yield Static(text)
        yield Footer()

    def action_answer(self, take: bool) -> None:
        self.dismiss_once(take)
