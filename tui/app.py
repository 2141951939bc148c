"""HotseatApp: the home screen at the bottom, one game table at a time above it."""

from __future__ import annotations

import gc
import sys
from typing import Any

from textual import events
from textual.app import App
from textual.binding import Binding
from textual.screen import Screen
from textual.timer import Timer

from rules import SetupError
from saves import DamagedSave, PlayerSpec, SaveError, SaveStore, SeatsHeld, TakenOver
from tui import i18n, palette, textual_fixes
from tui.catalog import screen_class
from tui.crash import crash_message, write_crash_log
from tui.i18n import N_, _
from tui.model import (
    POLL_INTERVAL,
    GameSession,
    Tables,
    TurnWatch,
    new_seed,
    recover_save,
    registered_names,
)
from tui.requests import GoHome, OpenNewGame, OpenSave, PlayAgain, RecoverSave, StartQuickGame
from tui.screens.home import HomeScreen
from tui.widgets.footer import key_names
from tui.words.problems import said

DEFAULT_DELAY = 0.6
"""Seconds before each computer move, so people can follow."""

TURN_POLL = 0.5
"""Seconds between looks at the store for games where it became the player's turn."""

HANDOFF_GUARD = 0.6
"""Seconds the privacy screen ignores Enter after it appears."""

SWITCH_INTERVAL = 0.001
"""Seconds a thread may run Python before another gets its turn (Python's default: 5 ms).
A computer thinks in a worker thread beside the screen's event loop; switching this often
keeps the screen live, its frames a few ms apart instead of tens."""

ANSI_THEME = "ansi-dark"
"""In the 16 basic colours the whole screen uses the terminal's own colours."""


class HotseatApp(App[None]):
    """The game table. Owns the save store and at most one open session (and its lock)."""

    CSS_PATH = "styles/app.tcss"
    """The home screen's look; every other screen brings its own (its CSS_PATH)."""
    TITLE = "hotseat"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [
        Binding("question_mark,f1", "help", N_("Help")),
        Binding("escape", "home", N_("Home")),
        Binding("q", "quit", N_("Quit")),
        Binding("ctrl+c", "quit", N_("Quit"), show=False, priority=True),
    ]

    def __init__(
        self,
        store: SaveStore,
        *,
        delay: float = DEFAULT_DELAY,
        session: GameSession[Any] | None = None,
        resumed: bool = False,
        notice: str | None = None,
        player: str | None = None,
        language: str = i18n.ENGLISH,
    ) -> None:
        super().__init__()
        i18n.use(language)
        textual_fixes.apply()
        palette.use(palette.mode_for(self.no_color, self.console.color_system))
        self.store = store
        self.delay = delay
        self.handoff_guard = HANDOFF_GUARD
        self.session: GameSession[Any] | None = None
        self._start = (session, resumed)
        self._notice = notice
        self.crash: str | None = None
        self.player = player
        """The registered player this terminal plays as (over SSH: from their key)."""
        self.turns = TurnWatch(store, player) if player is not None else None
        self.tables = self.turns.listed if self.turns is not None else Tables(store, None)
        """The games the home screen lists, kept between its visits."""
        self._waiting: Timer | None = None
        """Polls the session while its table waits behind the privacy screen, unbuilt."""

    def get_default_screen(self) -> Screen[None]:
        """The home screen, unless the app opens at a table (then home is built if asked)."""
        if self._start[0] is None:
            return HomeScreen()
        return super().get_default_screen()

    def _load_screen_css(self, screen: Screen[Any]) -> None:
        """Add the stylesheets a screen brings (its CSS_PATH) the first time one shows,
        then restyle the app as Textual does. Textual 8.2.8 also parses every stylesheet
        of the app again for this (some 20 ms at the first table); the sheets parsed
        already are kept here, each new one is parsed once."""
        if screen.CSS or self.css_monitor is not None:
            super()._load_screen_css(screen)
            return
        new = [path for path in screen.css_path if not self.stylesheet.has_source(str(path))]
        for path in new:
            self.stylesheet.read(path)
        if new:
            self.stylesheet.parse()  # only the new sheets: the others' rules are cached
            self.stylesheet.update(self)

    def on_mount(self) -> None:
        sys.setswitchinterval(SWITCH_INTERVAL)
        if self.turns is not None:
            self.set_interval(TURN_POLL, self.look_for_turns)
        if palette.current() == "ansi":
            self.theme = ANSI_THEME
        session, resumed = self._start
        if session is not None:
            self.open_table(session, resumed=resumed)
        if self._notice:
            self.notify(self._notice, timeout=10, markup=False)

    def open_table(self, session: GameSession[Any], *, resumed: bool) -> None:
        """Show a session's table; only one session (one lock) is open at a time."""
        self.close_session()
        self.clear_notifications()  # "Your turn in ..." and the like are old news at a table
        self.session = session
        due = session.privacy_seat() if session.opens_hidden(resumed) else None
        if due is None:
            self.push_screen(screen_class(session.record.game)(session, self.delay, resumed))
            self.call_after_refresh(self.settle_table)
            return
        from tui.screens.handoff import privacy_screen  # loaded by the first table to need it

        # A table that opens behind the privacy screen is built once its player is here:
        # the privacy screen shows first (its module is loaded while they read it), and the
        # session is polled meanwhile (moves, heartbeat, a take-over) as the table would.
        seat = due[0]
        self._waiting = self.set_interval(POLL_INTERVAL, lambda: self.poll_waiting(session))

        def arrived(_: object) -> None:
            self.stop_waiting()
            if self.session is session:
                table = screen_class(session.record.game)(session, self.delay, resumed=True)
                table.opened_by(seat)
                self.push_screen(table)
                self.call_after_refresh(self.settle_table)

        self.push_screen(privacy_screen(session, seat, self.handoff_guard), arrived)
        self.call_after_refresh(screen_class, session.record.game)

    def stop_waiting(self) -> None:
        if self._waiting is not None:
            self._waiting.stop()
            self._waiting = None

    def poll_waiting(self, session: GameSession[Any]) -> None:
        """Keep a session whose table is not built yet up to date; go home if another
        terminal took it over (its table would say so the same way)."""
        try:
            session.poll()
        except TakenOver:
            from tui.screens.take_over import taken_over_notice

            self.notify(taken_over_notice(), severity="warning", timeout=10, markup=False)
            self.action_home()
        except SaveError:
            pass  # the table says what is wrong once it shows

    def settle_table(self) -> None:
        """The open table's widgets and game live as long as the table: moved out of the
        collector's generations, the full collections while a computer thinks no longer
        walk them (one took some 30 ms, a stall of the screen). `close_session` lets them
        be collected again."""
        gc.freeze()

    def on_unmount(self) -> None:
        gc.unfreeze()

    def close_session(self) -> None:
        self.stop_waiting()
        if self.session is not None:
            self.session.close()
            self.session = None
            gc.unfreeze()

    def new_game(self, game_id: str) -> None:
        """Open the new-game dialog, from the home screen only: a request that was queued
        there by keys typed fast may arrive after help (or a table) covered it."""
        from tui.screens.new_game import NewGameScreen  # it loads every engine; a resume needs one

        if not isinstance(self.screen, HomeScreen):
            return

        def started(session: GameSession[Any] | None) -> None:
            if session is not None:
                self.open_table(session, resumed=False)

        self.push_screen(NewGameScreen(game_id), started)

    def quick_game(self, game_id: str) -> None:
        """Start `game_id` at once, from the home screen only: the person here (the
        registered player at their own terminal; by the name the last table gave the
        first seat, if a person sat there) against a normal computer, dealt secretly,
        saved under an automatic name."""
        from tui.screens.seat_fields import default_seat, last_seats  # it loads every engine

        if not isinstance(self.screen, HomeScreen):
            return
        you = PlayerSpec(*default_seat(0, self.player))
        last = last_seats(self.player)
        if last and last[0].kind == you.kind and you.kind == "human":
            you = PlayerSpec(last[0].name, "human")
        seats = [you, PlayerSpec(*default_seat(1))]
        try:
            players = registered_names(seats, self.store.root)
            session = GameSession.create(
                self.store, game_id, players, new_seed(), player=self.player
            )
        except (SetupError, SaveError) as error:
            self.notify(said(error), severity="error", timeout=8, markup=False)
            return
        self.open_table(session, resumed=False)

    def resume(self, name: str, *, take_over: bool = False) -> None:
        """Open a stored game; if another terminal has it open, ask before taking it over."""
        try:
            session = GameSession.open(self.store, name, take_over=take_over, player=self.player)
        except SeatsHeld as held:
            from tui.screens.take_over import TakeOverScreen  # seldom asked: loaded then

            def answered(take: bool | None) -> None:
                if take:
                    self.resume(name, take_over=True)

            yours = self.player is not None
            self.push_screen(TakeOverScreen(name, held.holders, yours=yours), answered)
            return
        except SaveError as error:
            if isinstance(error, DamagedSave) and isinstance(self.screen, HomeScreen):
                self.screen.mark_damaged(name, error)
            self.notify(said(error), severity="error", timeout=8, markup=False)
            return
        self.open_table(session, resumed=True)

    def recover(self, name: str) -> None:
        """Resume a damaged save from its last good move, as a new save beside it."""
        try:
            new_name = recover_save(self.store, name)
        except SaveError as error:
            self.notify(said(error), severity="error", timeout=8, markup=False)
            return
        self.resume(new_name)
        self.notify(
            _("Recovered as {new}; {old} is left as it was.").format(new=new_name, old=name),
            markup=False,
        )

    def start_rematch(self, session: GameSession[Any]) -> None:
        try:
            new_session = session.rematch()
        except (SaveError, SetupError) as error:
            self.notify(said(error), severity="error", timeout=8, markup=False)
            self.action_home()
            return
        self.action_home()
        self.open_table(new_session, resumed=False)

    def look_for_turns(self) -> None:
        """Tell the player (a notice and the terminal bell) when it became their turn in a
        game other than the one on screen; the home screen lists afresh."""
        assert self.turns is not None  # the timer runs only for a registered player
        session = self.session
        mine = (session.name, len(session.record.actions)) if session is not None else None
        try:
            news = self.turns.new_turns(mine)
        except SaveError:
            return  # the table or the home screen says what is wrong with the store
        if news is None:
            return  # no table of theirs changed (a heartbeat elsewhere commits too)
        if isinstance(self.screen, HomeScreen) and self.screen.ready:
            self.screen.reload()  # not while it is said again (that lists them) or taken apart
        here = session.name if session is not None else None
        games = [name for name in news if name != here]
        if games:
            self.bell()
            self.notify(
                _("Your turn in {games}").format(games=", ".join(games)), timeout=8, markup=False
            )

    def closing(self) -> bool:
        """True once the app began to shut down (the player quit, an SSH client left):
        its screens go, and nothing asked of it any more is done."""
        return self._exit or not self.is_running or not self.screen_stack

    def on_go_home(self, _message: GoHome) -> None:
        if not self.closing():
            self.action_home()

    def on_play_again(self, message: PlayAgain) -> None:
        if not self.closing():
            self.start_rematch(message.session)

    def on_open_new_game(self, message: OpenNewGame) -> None:
        if not self.closing():
            self.new_game(message.game_id)

    def on_start_quick_game(self, message: StartQuickGame) -> None:
        if not self.closing():
            self.quick_game(message.game_id)

    def on_open_save(self, message: OpenSave) -> None:
        if not self.closing():
            self.resume(message.name)

    def on_recover_save(self, message: RecoverSave) -> None:
        if not self.closing():
            self.recover(message.name)

    def action_home(self) -> None:
        """Back to the home screen (built now if the app started at a table); the game is saved."""
        self.close_session()
        while len(self.screen_stack) > 1 and not isinstance(self.screen, HomeScreen):
            self.pop_screen()
        if not isinstance(self.screen, HomeScreen):
            self.push_screen(HomeScreen())

    async def action_switch_language(self) -> None:
        """Speak the other language from now on (remembered for the next start, per
        registered player at a host); the home screen says everything again in it."""
        home = self.screen
        if not isinstance(home, HomeScreen) or not home.ready:
            return
        other = next(code for code in i18n.LANGUAGES if code != i18n.language())
        i18n.use(other)
        i18n.remember(other, self.player)
        await home.retell()

    def get_key_display(self, binding: Binding) -> str:
        """A key as the footer names it, in the player's language."""
        return key_names(super().get_key_display(binding))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "home":
            return self.session is not None
        return True

    def action_help(self) -> None:
        from tui.screens.help import HelpScreen  # Markdown is costly to import; help is rare

        topic = self.session.record.game if self.session is not None else "home"
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(topic))

    async def on_event(self, event: events.Event) -> None:
        """Keys that arrive while the app shuts down (typed fast after q) are dropped:
        Textual 8.2.8 would give them to a screen already taken apart, or find no screen
        and raise ScreenStackError. So is an Enter that a table holds back for a moment
        (`TableScreen.hold_enter`)."""
        if isinstance(event, events.Key) and (self.closing() or not self.screen.is_attached):
            return
        if isinstance(event, events.Key) and event.key == "enter" and self.enter_held():
            return
        await super().on_event(event)

    def enter_held(self) -> bool:
        """True while the table on screen holds back an Enter (only tables ever do; asked
        by name, so the home screen imports no table module)."""
        return bool(getattr(self.screen, "enter_held", False))

    def _handle_exception(self, error: Exception) -> None:
        """A bug: Textual exits as usual, but instead of its traceback (which shows local
        variables, hidden cards among them) the command prints `self.crash`, one line,
        and the traceback goes to a log file. Every move shown as done is stored."""
        super()._handle_exception(error)
        moves = len(self.session.record.actions) if self.session is not None else None
        self.crash = crash_message(moves, write_crash_log(error))
        self._exit_renderables.clear()

    async def action_quit(self) -> None:
        self.close_session()
        self.exit()
