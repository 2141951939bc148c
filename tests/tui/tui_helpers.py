"""Helpers for the app tests: sessions staged by letting computer players move."""

from __future__ import annotations

import asyncio
import hashlib
import html
import json
import re
import sqlite3
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import pytest
from textual import events
from textual.app import App
from textual.pilot import Pilot
from textual.screen import ModalScreen, Screen
from textual.scrollbar import ScrollBar
from textual.widget import Widget
from textual.widgets import Input
from textual.widgets._footer import FooterKey

from hotseat.cli import main
from rules.three_by_three_cards import card_label
from saves import PlayerSpec, SaveStore
from tui.app import HotseatApp
from tui.model import GameSession, parse_players
from tui.screens.game_over import GameOverScreen
from tui.screens.handoff import HandoffScreen
from tui.screens.new_game import NewGameScreen
from tui.screens.table import TableScreen
from tui.widgets.footer import Footer
from tui.widgets.header import TitleHeader
from tui.widgets.log import GameLog

TableT = TypeVar("TableT", bound=TableScreen)


def players(spec: str) -> list[PlayerSpec]:
    """ "Ann,cpu:Bob" as player specs."""
    return parse_players(spec)


def new_session(
    store: SaveStore, spec: str, seed: int = 7, name: str = "table", game: str = "3x3"
) -> GameSession:
    return GameSession.create(store, game, players(spec), seed, name=name)


BOT_LINES: dict[str, list[tuple[int, Any]]] = {}
"""The moves computers chose from each start (game, players, seed, options and the moves
already made), kept for the tests that stage the same game again: a computer's choice
follows from the game and the move number alone, so the same start gives the same line."""


def play_bots_until(session: GameSession, done: Callable[[GameSession], bool]) -> None:
    """Let the basic computer player move for every seat until `done(session)` holds."""
    record = session.record
    start = json.dumps(
        [
            record.game,
            [repr(p) for p in record.players],
            record.seed,
            record.options,
            record.actions,
        ],
        sort_keys=True,
    )
    line = BOT_LINES.setdefault(start, [])
    for step in range(5000):
        if done(session) or session.over:
            return
        if step == len(line):
            seat = session.to_act()[0]
            line.append((seat, session.bot_choice(seat)))
        session.apply(*line[step])
    raise AssertionError("the game did not reach the wanted situation")


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """`hotseat ARGV...` run in this process: its exit code, standard output and error."""
    try:
        code = main(list(argv))
    except SystemExit as stop:
        code = int(stop.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def app_for(
    store: SaveStore,
    session: GameSession | None = None,
    resumed: bool = False,
    language: str = "en",
) -> HotseatApp:
    app = HotseatApp(store, delay=0.0, session=session, resumed=resumed, language=language)
    app.handoff_guard = 0.0
    return app


def stored_bytes(store: SaveStore) -> str:
    """A digest of what the database holds: its file and what its log adds."""
    log = store.path.with_name(store.path.name + "-wal")
    stored = store.path.read_bytes() + (log.read_bytes() if log.exists() else b"")
    return hashlib.sha256(stored).hexdigest()


def type_fast(app: HotseatApp, keys: list[str]) -> None:
    """Keys as a fast typist, a held key or one write of a terminal sends them: all
    queued before any is handled."""
    for key in keys:
        char = " " if key == "space" else key if len(key) == 1 else None
        app.post_message(events.Key(key, char))


def screen_text(app: HotseatApp) -> str:
    """Everything the terminal shows right now, as plain text."""
    svg = app.export_screenshot()
    text = re.sub(r"<[^>]+>", "", svg)
    return html.unescape(text).replace("\xa0", " ")


def hidden_card_labels(session: GameSession) -> set[str]:
    """Labels of cards nobody else may see (all hands, all face-down cards) that were
    never shown openly - a card played and later taken back with the pile was."""
    state = session.state
    cards = [c for hand in state.hands for c in hand]
    cards += [c for slots in state.face_down for c in slots if c]
    public = " ".join(entry["text"] for entry in session.log(None))
    return {card_label(c) for c in cards if card_label(c) not in public}


def waits_for_enter(app: HotseatApp) -> bool:
    """True when a person is asked for something that Enter answers: the privacy screen,
    or their turn at any table: every table puts its cursor on a legal choice, so Enter
    always makes a legal move (in 3 x 3 the lowest playable card, taking the pile when
    nothing fits, or the tour 1 choice; in XOXO a free cell)."""
    screen = app.screen
    return isinstance(screen, HandoffScreen) or (isinstance(screen, TableScreen) and screen.my_turn)


PILOT_PAUSE = Pilot.pause
"""Textual's own pause: the app handles what is queued, goes idle and draws."""

POLL = 1 / 500
"""Seconds between the first two looks at the app while a test waits for it."""
POLL_MOST = 1 / 50
"""The most seconds between two looks: the wait between looks grows from POLL to this, so
a long wait leaves the app the time (a look costs a fraction of a millisecond, in the
app's own event loop)."""

MOST_KEYS = 5000
"""Most answers `pass_and_play` gives before it calls a game endless."""

WAIT = 30.0
"""Seconds a test waits for a condition before it fails (a hang fails sooner, at
pytest-timeout's limit, only if the app stops answering altogether)."""


async def until(pilot: Pilot, ready: Callable[[], bool], within: float = WAIT) -> None:
    """Let the app run until `ready()` holds and its screen is drawn whole (`settled`);
    fail if that does not come within `within` seconds. The app runs as it would for a
    person meanwhile; once the condition holds, the pilot has the app draw and handle
    what it queued, and the condition must still hold."""
    deadline = time.monotonic() + within
    while True:
        await poll(lambda: ready() and settled(pilot.app), deadline, "the screen never got ready")
        await PILOT_PAUSE(pilot)
        if ready() and settled(pilot.app):
            return


async def pause_to_rest(pilot: Pilot, delay: float | None = None) -> None:
    """Textual's `Pilot.pause`, and without a delay also until the screen is drawn whole
    (`settled`): what this suite means by a pause (tests/tui/conftest.py)."""
    await PILOT_PAUSE(pilot, delay)
    if delay is not None or settled(pilot.app):
        return
    await poll(lambda: settled(pilot.app), time.monotonic() + WAIT, "the screen never came to rest")
    await PILOT_PAUSE(pilot)


async def poll(holds: Callable[[], bool], deadline: float, failure: str) -> None:
    """Look at `holds()` while the app runs, first after POLL seconds, then less and less
    often (at most POLL_MOST apart), until it holds; fail with `failure` once the
    monotonic clock passes `deadline`."""
    wait = POLL
    while not holds():
        if time.monotonic() > deadline:
            raise AssertionError(failure)
        await asyncio.sleep(wait)
        wait = min(wait * 1.5, POLL_MOST)


def footer_current(app: App[Any]) -> bool:
    """True when the footer of the app's screen shows the keys usable now (it is rebuilt
    a moment after they change)."""
    screen = app.screen
    usable = {
        (binding.action, enabled)
        for (_, binding, enabled, _) in screen.active_bindings.values()
        if binding.show
    }
    return all(
        {(key.action, not key.disabled) for key in footer.walk_children(FooterKey)} == usable
        for footer in screen.walk_children(Footer)
    )


def settled(app: App[Any]) -> bool:
    """True when the app's screen is drawn whole: its footer shows the keys usable now,
    and every log shown (on the screen, or on one a modal screen leaves in view; with
    room for a letter: one squeezed to nothing keeps its lines for when it widens) is
    wrapped to its width and shows its newest line. A screen hidden behind a whole one
    (the help) catches up when it comes back. An app that was asked to end has nothing
    more to draw."""
    if app.return_code is not None:
        return True
    return footer_current(app) and all(
        log.scroll_offset.y == log.max_scroll_y
        and log.virtual_size.width <= log.scrollable_content_region.width
        for screen in in_view(app)
        for log in screen.walk_children(GameLog)
        if log.display and log.scrollable_content_region
    )


def in_view(app: App[Any]) -> list[Screen[Any]]:
    """The screens drawn now: the top one and those below it that modal screens show
    through."""
    shown = []
    for screen in reversed(app.screen_stack):
        shown.append(screen)
        if not isinstance(screen, ModalScreen):
            break
    return shown


async def shown(pilot: Pilot, ready: Callable[[], bool] = lambda: True) -> str:
    """Let the app run until `ready()` holds and the picture has come to rest (`settled`,
    and the same in two polls in a row); what the terminal shows then, as plain text."""
    app = pilot.app
    deadline = time.monotonic() + WAIT
    before = ""
    while True:
        await until(pilot, ready, deadline - time.monotonic())
        now = screen_text(app)
        if now == before:
            return now
        before = now


async def turn_at(pilot: Pilot, app: HotseatApp, table: type[TableT]) -> TableT:
    """Let the app run until a `table` screen shows a person here to move; that screen."""
    await until(pilot, lambda: isinstance(app.screen, table) and app.screen.my_turn)
    screen = app.screen
    assert isinstance(screen, table)
    return screen


def turn_then(
    app: HotseatApp, table: type[TableScreen], *keys: str
) -> Callable[[Pilot], Awaitable[None]]:
    """For a snapshot's run_before: wait for a person's turn at `table`, then press `keys`."""

    async def run_before(pilot: Pilot) -> None:
        await turn_at(pilot, app, table)
        await pilot.press(*keys)

    return run_before


def replace_move(store: SaveStore, name: str, number: int, action: object) -> None:
    """Overwrite stored move `number` of game `name` behind the store's back (damage)."""
    with sqlite3.connect(store.path) as db:
        (key,) = db.execute("SELECT id FROM games WHERE name = ?", (name,)).fetchone()
        db.execute(
            "UPDATE moves SET action = ? WHERE game = ? AND number = ?",
            (json.dumps(action), key, number),
        )
    db.close()


async def open_dialog(app: HotseatApp, pilot: Pilot) -> NewGameScreen:
    """The dialog for XOXO, its text cursors steady (a blinking one would make each
    picture differ)."""
    await pilot.press("n")
    await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
    screen = app.screen
    assert isinstance(screen, NewGameScreen)
    for field in screen.query(Input):
        field.cursor_blink = False
    return screen


def leaf_shares(app: HotseatApp) -> tuple[float, float]:
    """The share of the screen the pieces and the log take: "pieces" is the area of the
    shown leaf widgets that are not the log, the header, the footer, the prompt or a
    scrollbar (so a container that only holds blank room does not count), each cut to
    the screen."""
    screen = app.screen
    whole = screen.region
    cells = {"pieces": 0, "log": 0}

    def add(widget: Widget) -> None:
        if not widget.display or not widget.visible:
            return
        shown = widget.region.intersection(whole)
        if isinstance(widget, GameLog):
            cells["log"] += shown.width * shown.height
        elif isinstance(widget, (TitleHeader, Footer, ScrollBar)) or widget.id == "prompt":
            return
        elif widget.children:
            for child in widget.children:
                add(child)
        else:
            cells["pieces"] += shown.width * shown.height

    for child in screen.children:
        add(child)
    area = whole.width * whole.height
    return cells["pieces"] / area, cells["log"] / area


SHARE_TABLES = {
    "3x3": ("Ann,Bob,cpu:Cy,cpu:Dee", 7, 14),
    "xoxo": ("Ann,Bob,cpu:Cy,cpu:Dee", 5, 11),
    "shifting-stones": ("Ann,Bob,cpu:Cy", 3, 6),
    "xylotar": ("Ann,Bob,cpu:Cy,cpu:Dee", 4, 20),
}
"""Per game, the table whose shares are measured: the players (two people, so a privacy
screen comes up), the seed and how many moves are played before the table opens."""


async def table_shares(
    store: SaveStore,
    game: str,
    size: tuple[int, int],
    seen: Callable[[HotseatApp], object] | None = None,
) -> tuple[float, float]:
    """The pieces' and the log's share (`leaf_shares`) of `game`'s table at `size`, after a
    few computer moves and one privacy screen; `seen` is shown the app at that moment."""
    players, seed, moves = SHARE_TABLES[game]
    session = new_session(store, players, seed=seed, game=game)
    play_bots_until(session, lambda s: len(s.record.actions) >= moves and s.to_act() == [0])
    app = app_for(store, session, resumed=True)
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.my_turn)
        await pilot.pause()
        if seen is not None:
            seen(app)
        return leaf_shares(app)


async def pass_and_play(
    pilot: Pilot,
    turns: int | None = None,
    keys: Callable[[TableScreen], list[str]] = lambda screen: ["enter"],
) -> list[str | int]:
    """Play the first `turns` turns of the people at the table, or all to game over
    (`keys` says what each presses; by default Enter, which every table answers with a
    legal move), passing each privacy screen with Enter. What came up, in order:
    "handoff" for each privacy screen, the seat shown for each turn."""
    app = pilot.app
    seen: list[str | int] = []
    for _ in range(MOST_KEYS):
        if turns is not None and sum(item != "handoff" for item in seen) >= turns:
            return seen
        await until(pilot, lambda: waits_for_enter(app) or isinstance(app.screen, GameOverScreen))
        screen = app.screen
        if isinstance(screen, GameOverScreen):
            assert turns is None, "the game ended before the turns were played"
            return seen
        if isinstance(screen, HandoffScreen):
            seen.append("handoff")
            await pilot.press("enter")
        elif isinstance(screen, TableScreen):
            if not seen or seen[-1] != screen.shown_seat:
                seen.append(screen.shown_seat if screen.shown_seat is not None else -1)
            await pilot.press(*keys(screen))
    raise AssertionError("the game did not end")


async def enter_until(pilot: Pilot, done: Callable[[], bool]) -> None:
    """Press Enter whenever a person is asked for something (`waits_for_enter`) until
    `done()` holds."""
    app = pilot.app
    for _ in range(MOST_KEYS):
        await until(pilot, lambda: done() or waits_for_enter(app))
        if done():
            return
        await pilot.press("enter")
    raise AssertionError("the wanted situation never came")


def each_turn_after_a_handoff(seen: list[str | int]) -> bool:
    """True when every turn in `seen` (`pass_and_play`) came right after a privacy screen."""
    return all(
        i > 0 and seen[i - 1] == "handoff" for i, item in enumerate(seen) if item != "handoff"
    )
