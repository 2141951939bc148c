"""The turn loop every game screen shares: whose view is shown, handoffs, computer moves.

A game screen subclasses `TableScreen` and only draws a view and turns key
presses and its widgets' pointer messages into the engine's typed actions. The
engine decides what is legal.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual import events, work
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from rules import Action, IllegalAction
from saves import MoveConflict, SaveError, TakenOver
from tui.i18n import _
from tui.model import GameSession
from tui.requests import GoHome, PlayAgain, host
from tui.screens.game_over import GameOverScreen
from tui.screens.handoff import HandoffScreen
from tui.screens.take_over import taken_over_notice
from tui.textual_fixes import taken_apart
from tui.widgets.log import GameLog
from tui.widgets.looks import looks
from tui.words import reason, refusal
from tui.words.problems import said

POLL_INTERVAL = 0.25
"""Seconds between looks for moves made in other terminals (a cheap PRAGMA when none)."""

LOG_TAIL = 300
"""How many recent log entries a table draws when it shows another seat's log."""


class TableScreen(Screen[None]):
    """Runs one game: shows the right seat's view and asks the right player to move.

    Privacy: a seat's private view is shown only after that person pressed
    Enter on the handoff screen, whenever the previously revealed seat was
    another person (and always first after a resume). While computer players
    move in a game with several people, only the public view is shown.
    """

    CSS_PATH = ["../styles/screens.tcss"]

    def __init__(self, session: GameSession, delay: float, resumed: bool = False) -> None:
        super().__init__()
        self.session = session
        self.delay = delay
        self.shown_seat: int | None = None
        self.revealed_seat: int | None = None
        self.must_hand_off = resumed and session.player is None
        """A resumed game opens behind the privacy screen, except at a registered player's
        own terminal: the key they connected with says who is there."""
        self.view: dict[str, Any] = {}
        self.legal: list[Action] = []
        self.before: dict[str, Any] | None = None
        """The view the shown seat had right after its own last move, while it is that
        seat's turn again (None otherwise, or when not known in this terminal): what changed
        since is marked on the table like the last move."""
        self._after_own_move: dict[int, dict[str, Any]] = {}
        self._generation = 0
        self._held_bot_move: tuple[int, int] | None = None
        self._moves_waiting = False
        self._log_seat: int | None = -1  # whose log is drawn; -1: none yet
        self._log_next = 0
        self._store_problem = ""
        self._usable_keys: tuple[bool, ...] = ()
        self._shown: dict[str, tuple[object, ...]] = {}
        self._enter_held_until = 0.0
        self.message = ""
        self.whole = False
        """Whether every nested widget is mounted: a resize may come before they are."""

    @property
    def game_id(self) -> str:
        return self.session.record.game

    def on_mount(self) -> None:
        self.sub_title = self.session.name
        self.set_interval(POLL_INTERVAL, self.poll_store)
        self.call_after_refresh(self.begin)

    def begin(self) -> None:
        """Every nested widget is mounted: fit the pieces to the screen, then play on
        (unless keys typed fast sent the table away first)."""
        if self.gone:
            return
        self.whole = True
        self.fit_to_screen()
        self.advance()

    def on_resize(self, event: events.Resize) -> None:
        if self.whole and not self.gone:
            self.fit_to_screen()

    def fit_to_screen(self) -> None:
        """Lay the pieces out for the screen's size: each table its own."""

    def poll_store(self) -> None:
        """Take in moves other terminals stored, and play on for a computer this terminal
        just took up; leave when this game was taken over."""
        held = self.session.held_seats
        try:
            arrived = self.session.poll()
        except TakenOver:
            self.taken_over(taken_over_notice())
            return
        except SaveError as error:
            problem = said(error)
            if problem != self._store_problem:
                self._store_problem = problem
                self.app.notify(problem, severity="error", timeout=8, markup=False)
            return
        self._store_problem = ""
        if arrived or self.session.held_seats != held:
            self.moves_arrived()

    def moves_arrived(self) -> None:
        """New moves are in the state, from here or elsewhere: move on (once this screen shows)."""
        if self.is_current:
            self._generation += 1
            self.advance()
        else:
            self._moves_waiting = True

    def taken_over(self, message: str) -> None:
        """Another terminal has this game's seats now: say so and go home; nothing is lost."""
        self._generation += 1
        self.app.notify(message, severity="warning", timeout=10, markup=False)
        self.post_message(GoHome())

    def on_unmount(self) -> None:
        self._generation += 1

    @property
    def gone(self) -> bool:
        """True once this table left the screen stack or was taken apart (the app is
        closing): keys typed fast can send it home before its first draw or while a move
        is being shown; nothing is drawn then."""
        return taken_apart(self) or self not in self.app.screen_stack

    def advance(self) -> None:
        """Decide what happens next: game over, a computer move, or a person's turn."""
        if self.gone:
            return
        session = self.session
        if session.over:
            self.show(self.watching_seat())
            result = session.game.result(session.state)
            over = GameOverScreen(
                session.game.title,
                session.seat_names,
                result,
                self.final_details(session.view(None)),
                reason(session.game.id, result, session.seat_names),
            )
            self.app.push_screen(over, self.after_game_over)
            return
        due = self.due_hand_off()
        if due is not None:
            self.hand_off(*due)
            return
        seat = session.to_act()[0]
        humans = session.humans
        if not session.plays_here(seat):
            self.show(self.watching_seat())
        elif not session.is_human(seat):
            self.show(self.watching_seat())
            generation = self._generation
            delay = self.bot_delay()
            if delay > 0:
                self.set_timer(delay, lambda: self.think(seat, generation))
            else:
                self.call_later(self.think, seat, generation)
        elif len(humans) > 1 and self.revealed_seat != seat:
            self.hand_off(seat, self.reveal)
        else:
            self.reveal(seat)

    def due_hand_off(self) -> tuple[int, Callable[[int], None]] | None:
        """The privacy screen a resumed table opens behind, before anything else: the seat
        whose player it waits for and what follows once they are here; None if none."""
        session = self.session
        if not self.must_hand_off or session.over:
            return None
        seat = session.to_act()[0]
        humans = session.humans
        if len(humans) == 1 and seat != humans[0]:
            return humans[0], self.unlock
        if session.plays_here(seat) and session.is_human(seat):
            return seat, self.reveal
        return None

    def privacy_screen(self, seat: int) -> HandoffScreen:
        """The privacy screen that waits for `seat`'s player."""
        session = self.session
        return HandoffScreen(
            session.seat_names[seat],
            session.since_last_acted(seat),
            guard=host(self).handoff_guard,
        )

    def opened_by(self, seat: int) -> None:
        """`seat`'s player passed the privacy screen this table opened behind (shown by the
        app before the table was built): the table starts as `due_hand_off` would go on."""
        self.must_hand_off = False
        self.revealed_seat = seat
        self.hold_enter()

    def hand_off(self, seat: int, then: Callable[[int], None]) -> None:
        """Hide every seat behind the privacy screen for `seat`'s player; `then(seat)` once
        they say they are at the keyboard."""
        if self.view:
            self.show(None)  # take any seat's hand off the table first
        self.app.push_screen(
            self.privacy_screen(seat), lambda _: self.revealed_by_enter(seat, then)
        )

    def revealed_by_enter(self, seat: int, then: Callable[[int], None]) -> None:
        self.hold_enter()
        then(seat)

    def hold_enter(self) -> None:
        """Ignore Enter for a moment (the privacy screen's guard): a double press or a held
        key that revealed this screen, or showed a choice, must not also answer it."""
        self._enter_held_until = time.monotonic() + host(self).handoff_guard

    @property
    def enter_held(self) -> bool:
        return time.monotonic() < self._enter_held_until

    def unlock(self, seat: int) -> None:
        """The only person here came back to a resumed game while others are to move: show
        their own seat while they wait, and move on."""
        self.must_hand_off = False
        self.revealed_seat = seat
        self._generation += 1
        self.advance()

    def bot_delay(self) -> float:
        """Seconds before the computer's next move, so people can follow what it does."""
        return self.delay

    def watching_seat(self) -> int | None:
        """Whose view to show while nobody here is choosing: the only person, else public."""
        humans = self.session.humans
        if len(humans) == 1 and not self.must_hand_off:
            return humans[0]
        return None

    def reveal(self, seat: int) -> None:
        self.must_hand_off = False
        self.revealed_seat = seat
        self.show(seat)

    def show(self, seat: int | None) -> None:
        """Draw `seat`'s view (None: the public view) and, if it is their turn, their choices."""
        if self.gone:
            return
        session = self.session
        self.shown_seat = seat
        self.view = session.view(seat)
        acting = seat is not None and seat in session.to_act() and session.is_human(seat)
        self.legal = session.legal(seat) if acting and seat is not None else []
        self.before = self._after_own_move.get(seat) if acting and seat is not None else None
        self.update_log(seat)
        self.draw()
        self.update_bindings()

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

    def submit(self, action: Action) -> None:
        """Play the shown seat's action; explain a refusal, else move on."""
        if self.play(action):
            self.advance()

    def play(self, action: Action) -> bool:
        """Play the shown seat's action and save it; False (with the reason said) if not."""
        seat = self.shown_seat
        if seat is None or seat not in self.session.to_act() or not self.session.is_human(seat):
            return False
        return self.store_move(seat, action)

    def store_move(self, seat: int, action: Action) -> bool:
        """Play `action` for `seat` through the session (judged, then committed); False,
        with the reason said, when the engine refuses it or it could not be stored."""
        try:
            self.session.apply(seat, action)
        except IllegalAction as error:
            self.say(refusal(self.session.game.id, error, self.session.seat_names))
            return False
        except MoveConflict as error:
            if self.session.is_human(seat):
                self.message = _("Not played: {reason}.").format(reason=said(error))
            self.moves_arrived()
            return False
        except TakenOver:
            self.taken_over(taken_over_notice())
            return False
        except SaveError as error:
            self.app.notify(
                _("Not saved, move undone: {reason}. Esc goes home.").format(reason=said(error)),
                severity="error",
                markup=False,
            )
            return False
        if self.session.is_human(seat):
            self._after_own_move[seat] = self.session.view(seat)
        return True

    def think(self, seat: int, generation: int) -> None:
        """Start the computer's move, or hold it while help or another screen is on top."""
        if generation != self._generation:
            return
        if not self.is_current:
            self._held_bot_move = (seat, generation)
            return
        self.compute_bot_move(seat, generation)

    def on_screen_resume(self) -> None:
        if self._moves_waiting:
            self._moves_waiting = False
            self._held_bot_move = None
            self.moves_arrived()
            return
        held, self._held_bot_move = self._held_bot_move, None
        if held is not None:
            self.think(*held)

    @work(thread=True, exclusive=True, group="bot")
    def compute_bot_move(self, seat: int, generation: int) -> None:
        """Let the computer player choose off the event loop, so the screen stays live."""
        action = self.session.bot_choice(seat)
        self.app.call_from_thread(self.play_bot_move, seat, action, generation)

    def play_bot_move(self, seat: int, action: Action, generation: int) -> None:
        if generation != self._generation or self.gone:
            return
        if self.store_move(seat, action):
            self.advance()

    def after_game_over(self, choice: str | None) -> None:
        if choice == "rematch":
            self.post_message(PlayAgain(self.session))
        else:
            self.post_message(GoHome())
