"""Asks before taking a game's seats from another terminal that has them open."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from saves.seats import Holder
from tui.screens.once import DismissOnce


class TakeOverScreen(DismissOnce, ModalScreen[bool]):
    """Says which terminals hold the game and since when; `y` takes it over, `n` or Esc keeps
    away. A registered player (`yours`: over SSH, whose seats only their own terminals hold)
    is told when their other terminal took the game, never the host's process ids, name or
    accounts."""

    CSS_PATH = ["../styles/screens.tcss"]

    BINDINGS = [
        Binding("y", "answer(True)", "Take over"),
        Binding("n,escape", "answer(False)", "Cancel"),
    ]

    def __init__(self, name: str, holders: Sequence[Holder], *, yours: bool) -> None:
        super().__init__()
        self.save_name = name
        self.holders = list(holders)
        self.yours = yours

    def compose(self) -> ComposeResult:
        with Vertical(id="take-over-box"):
            several = len(self.holders) > 1
            if self.yours:
                where = "other terminals of yours" if several else "another terminal of yours"
                since = and_list([holder.when() for holder in self.holders])
                text = Text(f"{self.save_name} is open in {where} since {since}.\n\n", "bold")
            else:
                where = "other terminals" if several else "another terminal"
                text = Text(f"{self.save_name} is open in {where}:\n", style="bold")
                text.append(";\n".join(holder.describe() for holder in self.holders) + ".\n\n")
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


def and_list(words: list[str]) -> str:
    """The words joined as "a", "a and b" or "a, b and c"."""
    if len(words) < 2:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"
