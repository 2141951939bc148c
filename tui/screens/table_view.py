"""What every table shows besides its pieces, and the hooks a game's table fills in: the
log, the footer's keys, the prompt line; laying the pieces out and drawing them."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from rules import Action
from tui.i18n import _
from tui.model import GameSession
from tui.widgets.log import GameLog
from tui.widgets.looks import looks

LOG_TAIL = 300
"""How many recent log entries a table draws when it shows another seat's log."""


class TableView(Screen[None]):
    """A game's table as it shows: the view and the legal moves of the seat shown, a
    message for the player at the keyboard, the log and the keys that do something now.
    `TableScreen` runs the turns that show it."""

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session
        self.view: dict[str, Any] = {}
        self.legal: list[Action] = []
        self.message = ""
        self._log_seat: int | None = -1  # whose log is drawn; -1: none yet
        self._log_next = 0
        self._usable_keys: tuple[bool, ...] = ()
        self._shown: dict[str, tuple[object, ...]] = {}

    def fit_to_screen(self) -> None:
        """Lay the pieces out for the screen's size: each table its own."""

    def update_bindings(self) -> None:
        """Rebuild the footer only when the set of usable keys changed (a rebuild restyles
        every key, too costly for every move)."""
        names = [binding.action.partition("(")[0] for binding in self._bindings_list()]
        usable = tuple(bool(self.check_action(name, ())) for name in names)
        if usable != self._usable_keys:
            self._usable_keys = usable
            self.refresh_bindings()

    def _bindings_list(self) -> list[Binding]:
        return [b if isinstance(b, Binding) else Binding(*b) for b in self.BINDINGS]

    def update_log(self, seat: int | None) -> None:
        """Append what is new to the log, or redraw its recent tail for another seat's eyes."""
        log = self.query_one(GameLog)
        total = self.session.event_count()
        if seat != self._log_seat:
            log.reset(self.session.log(seat, max(0, total - LOG_TAIL)))
        elif total > self._log_next:
            log.extend(self.session.log(seat, self._log_next))
        self._log_seat, self._log_next = seat, total

    @property
    def my_turn(self) -> bool:
        return bool(self.legal)

    def action_toggle_log(self) -> None:
        """L: give the log the room, or give it back to the pieces (class "-log-big")."""
        self.toggle_class("-log-big")
        self.log_toggled()

    def log_toggled(self) -> None:
        """Fit the pieces again after L, where the style sheet alone cannot."""

    def draw(self) -> None:
        """Update the widgets from `self.view` and `self.legal`; each game screen draws its own."""

    def final_details(self, view: dict[str, Any]) -> dict[int, str]:
        """Per seat, what the game-over screen adds after the name; from the public view."""
        return {}

    def redraw(self) -> None:
        """Update the widgets from the view, the legal actions and the pointer state."""

    def show_text(self, selector: str, text: Text) -> None:
        """Show `text` in the Static `selector`, unless it shows it already: an update
        repaints the whole widget, which is what an SSH player pays for."""
        drawn = looks(text)
        if self._shown.get(selector) != drawn:
            self._shown[selector] = drawn
            self.query_one(selector, Static).update(text)

    def say(self, message: str) -> None:
        """Explain something to the player at the keyboard, in the prompt line."""
        self.message = message
        self.redraw()

    WAITING_NOTE = ""
    """Added to "Waiting for Bob." while someone else moves (e.g. a legend), in the
    player's language (a game that has one words it where it is read)."""

    def prompt_text(self) -> Text:
        """The prompt line: a message wins, then game over, then whose turn it is."""
        if self.message:
            return Text("! " + self.message, style="bold")
        view = self.view
        if view.get("phase") == "over":
            return Text(_("Game over."))
        if not self.my_turn:
            acting = view.get("to_act", [])
            who = view["players"][acting[0]] if acting else _("nobody")
            return Text(_("Waiting for {name}.").format(name=who) + self.WAITING_NOTE)
        return self.turn_prompt()

    def turn_prompt(self) -> Text:
        """What the player at the keyboard may do now; each game words its own."""
        return Text(_("Your turn."))
