"""Asks before taking a game's seats from another terminal that has them open."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from saves.seats import Holder
from tui.i18n import N_, _, ngettext
from tui.screens.app_keys import APP_KEYS
from tui.screens.once import DismissOnce
from tui.widgets.footer import Footer, footer_key
from tui.words.common import and_list
from tui.words.saves import describe, when

TAKE = "answer(True)"


class TakeOverScreen(DismissOnce, ModalScreen[bool]):
    """Says which terminals hold the game and since when; `y` takes it over, `n` or Esc keeps
    away. A registered player (`yours`: over SSH, whose seats only their own terminals hold)
    is told when their other terminal took the game, never the host's process ids, name or
    accounts. In German `j` (ja) takes it over too, and is the key shown."""

    CSS_PATH = ["../styles/screens.tcss"]

    BINDINGS = [
        Binding("y,j", TAKE, N_("Take over")),
        Binding("n,escape", "answer(False)", N_("Cancel")),
        *APP_KEYS,
    ]
    FOOTER_KEYS: ClassVar[dict[str, dict[str, str]]] = {"de": {TAKE: "j"}}

    def __init__(self, name: str, holders: Sequence[Holder], *, yours: bool) -> None:
        super().__init__()
        self.save_name = name
        self.holders = list(holders)
        self.yours = yours

    def compose(self) -> ComposeResult:
        with Vertical(id="take-over-box"):
            count = len(self.holders)
            if self.yours:
                since = and_list([when(holder) for holder in self.holders])
                said = ngettext(
                    "{save} is open in another terminal of yours since {since}.",
                    "{save} is open in other terminals of yours since {since}.",
                    count,
                ).format(save=self.save_name, since=since)
                text = Text(said + "\n\n", "bold")
            else:
                said = ngettext(
                    "{save} is open in another terminal:",
                    "{save} is open in other terminals:",
                    count,
                ).format(save=self.save_name)
                text = Text(said + "\n", style="bold")
                text.append(";\n".join(describe(holder) for holder in self.holders) + ".\n\n")
            text.append(
                ngettext(
                    "Take it over? That terminal goes back to the home screen; no move is lost.",
                    "Take it over? Those terminals go back to the home screen; no move is lost.",
                    count,
                )
                + "\n\n"
            )
            text.append(footer_key(self, TAKE, "y"), style="bold reverse")
            text.append(" " + _("take over") + "    ")
            text.append("n", style="bold reverse")
            text.append(" " + _("cancel"))
            yield Static(text)
        yield Footer()

    def action_answer(self, take: bool) -> None:
        self.dismiss_once(take)


def taken_over_notice() -> str:
    """What a terminal says when another one took its game's seats (saves.TakenOver)."""
    return _("This game was taken over by another terminal")
