"""What every table shows besides its pieces, and the hooks a game's table fills in: the
log, the footer's keys, the prompt line; laying the pieces out and drawing them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Generic

from rich.text import Text
from textual.binding import Binding
from textual.reactive import var
from textual.screen import Screen
from textual.widgets import Static

from rules import Action
from rules.engine import SeatsView, ViewT
from tui.i18n import _
from tui.model import GameSession
from tui.widgets.log import GameLog
from tui.widgets.looks import looks

LOG_TAIL = 300
"""How many recent log entries a table draws when it shows another seat's log."""


@dataclass(frozen=True)
class Shown(Generic[ViewT]):
    """What a table shows at one time: whose view (None: the public one), that view, the
    moves that seat may make now, and the view it had right after its own last move while
    it is its turn again (what changed since is marked like the last move)."""

    seat: int | None
    view: ViewT
    legal: list[Action] = field(default_factory=list)
    before: ViewT | None = None
    over: bool = False
    """Whether the game was over when the view was read."""


class TableView(Screen[None], Generic[ViewT]):
    """A game's table as it shows: the view and the legal moves of the seat shown, a
    message for the player at the keyboard, the log and the keys that do something now.
    `TableScreen` runs the turns that show it.

    Two reactives feed the widgets: `shown` (view, moves and "before" change together,
    so a table never draws one seat's view with another's moves) draws the table,
    `message` the prompt line."""

    shown: var[Shown[Any]] = var(
        Shown(None, SeatsView(players=[], to_act=[])), init=False, always_update=True
    )
    """Set with the public view as the table is made, then by `TableScreen.show` (a
    descriptor is shared by every table, hence no view type here: `view` and the other
    properties give it back typed)."""
    message: var[str] = var("", init=False)
    """Something said to the player at the keyboard, in the prompt line ("" for none)."""

    def __init__(self, session: GameSession[ViewT]) -> None:
        super().__init__()
        self.session = session
        self.set_reactive(TableView.shown, Shown(None, session.view(None), over=session.over))
        self._log_seat: int | None = -1  # whose log is drawn; -1: none yet
        self._log_next = 0
        self._usable_keys: tuple[bool, ...] = ()
        self._shown: dict[str, tuple[object, ...]] = {}

    @property
    def view(self) -> ViewT:
        """The view drawn: the shown seat's, or the public one."""
        view: ViewT = self.shown.view
        return view

    @property
    def legal(self) -> list[Action]:
        """The moves the shown seat may make now (none while it is not its turn)."""
        return self.shown.legal

    @property
    def before(self) -> ViewT | None:
        """The shown seat's view right after its own last move, while it is its turn again."""
        before: ViewT | None = self.shown.before
        return before

    @property
    def shown_seat(self) -> int | None:
        return self.shown.seat

    def watch_shown(self) -> None:
        """A new view: its log, the table drawn for it, the keys it allows."""
        self.update_log(self.shown.seat)
        self.draw()
        self.update_bindings()

    def watch_message(self) -> None:
        self.show_prompt()

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

    def show_prompt(self) -> None:
        """Show the prompt line as `prompt_text` says it now; each game screen shows its own."""

    def final_details(self, view: ViewT) -> dict[int, str]:
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
        """Explain something to the player at the keyboard, in the prompt line (said again
        when it is the same)."""
        self.set_reactive(TableView.message, message)
        self.show_prompt()

    def waiting_note(self) -> str:
        """Added to "Waiting for Bob." while someone else moves (e.g. a legend), in the
        player's language; none unless a game has one."""
        return ""

    def prompt_text(self) -> Text:
        """The prompt line: a message wins, then game over, then whose turn it is."""
        if self.message:
            return Text("! " + self.message, style="bold")
        view = self.view
        if self.shown.over:
            return Text(_("Game over."))
        if not self.my_turn:
            acting = view["to_act"]
            who = view["players"][acting[0]] if acting else _("nobody")
            return Text(_("Waiting for {name}.").format(name=who) + self.waiting_note())
        return self.turn_prompt()

    def turn_prompt(self) -> Text:
        """What the player at the keyboard may do now; each game words its own."""
        return Text(_("Your turn."))
