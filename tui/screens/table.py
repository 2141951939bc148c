"""The turn loop every game screen shares: whose view is shown, handoffs, computer moves.

A game screen subclasses `TableScreen` and only draws a view and turns key
presses and its widgets' pointer messages into the engine's typed actions. The
engine decides what is legal.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from textual import events, work

from rules import Action, IllegalAction
from rules.engine import ViewT
from saves import MoveConflict, SaveError, TakenOver
from tui.i18n import _
from tui.model import POLL_INTERVAL, GameSession
from tui.requests import GoHome, PlayAgain, host
from tui.screens.game_over import GameOverScreen
from tui.screens.handoff import HandoffScreen, privacy_screen
from tui.screens.table_view import Shown, TableView
from tui.screens.take_over import taken_over_notice
from tui.textual_fixes import taken_apart
from tui.words import reason, refusal
from tui.words.problems import said


class TableScreen(TableView[ViewT]):
    """Runs one game: shows the right seat's view and asks the right player to move.

    Privacy: a seat's private view is shown only after that person pressed
    Enter on the handoff screen, whenever the previously revealed seat was
    another person (and always first after a resume). While computer players
    move in a game with several people, only the public view is shown.
    """

    CSS_PATH = ["../styles/screens.tcss"]

    def __init__(self, session: GameSession[ViewT], delay: float, resumed: bool = False) -> None:
        super().__init__(session)
        self.delay = delay
        self.revealed_seat: int | None = None
        self.must_hand_off = session.opens_hidden(resumed)
        """Whether the table still waits behind the privacy screen it opened behind."""
        self._after_own_move: dict[int, ViewT] = {}
        """Each person's view right after their own last move, as far as this terminal
        saw it: what changed since is marked when it is their turn again."""
        self._generation = 0
        self._held_bot_move: tuple[int, int] | None = None
        self._moves_waiting = False
        self._store_problem = ""
        self._enter_held_until = 0.0
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
        due = self.session.privacy_seat() if self.must_hand_off else None
        if due is None:
            return None
        seat, their_turn = due
        return seat, self.reveal if their_turn else self.unlock

    def privacy_screen(self, seat: int) -> HandoffScreen:
        """The privacy screen that waits for `seat`'s player."""
        return privacy_screen(self.session, seat, host(self).handoff_guard)

    def opened_by(self, seat: int) -> None:
        """`seat`'s player passed the privacy screen this table opened behind (shown by the
        app before the table was built): the table starts as `due_hand_off` would go on."""
        self.must_hand_off = False
        self.revealed_seat = seat
        self.hold_enter()

    def hand_off(self, seat: int, then: Callable[[int], None]) -> None:
        """Hide every seat behind the privacy screen for `seat`'s player; `then(seat)` once
        they say they are at the keyboard."""
        if self.shown_seat is not None:
            self.show(None)  # take the seat's hand off the table first
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
        view = session.view(seat)
        if seat is not None and seat in session.to_act() and session.is_human(seat):
            before = self._after_own_move.get(seat)
            self.shown = Shown(seat, view, session.legal(seat), before, session.over)
        else:
            self.shown = Shown(seat, view, over=session.over)

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
            self.moves_arrived()  # drawing the moves that came first clears the prompt
            if self.session.is_human(seat):
                self.message = _("Not played: {reason}.").format(reason=said(error))
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
