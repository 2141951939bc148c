"""No input may crash a screen: random keys, typed fast and paced, and clicks, on every
kind of screen, with fixed seeds.

The suite sends each screen one run. For a longer soak, HOTSEAT_MONKEY_RUNS=N sends N
runs of other seeds per screen, alternating English and German, 80x24 and 160x45; with
HOTSEAT_MONKEY_TALLY=FILE each run adds a line to FILE: the screen, the run, and the keys
it sent one at a time, the keys it sent in bursts and its clicks."""

from __future__ import annotations

import contextlib
import os
import random
from collections.abc import Callable

import pytest
from test_shifting_stones_looks import fullest_table as fullest_stones
from test_xoxo_looks import fullest_table as fullest_xoxo
from textual.errors import NoWidget
from textual.pilot import Pilot

from saves import SaveStore
from tui.app import HotseatApp
from tui.model import GameSession

from tui_helpers import PILOT_PAUSE, app_for, new_session, play_bots_until, type_fast

KEYS = [
    "up",
    "down",
    "left",
    "right",
    "enter",
    "space",
    "escape",
    "tab",
    "shift+tab",
    "backspace",
    "delete",
    "home",
    "end",
    "pageup",
    "pagedown",
    "shift+left",
    "shift+right",
    "left_square_bracket",
    "right_square_bracket",
    "question_mark",
    "f1",
    "1",
    "2",
    "3",
    "4",
    "5",
    "6",
    "7",
    "8",
    "9",
    "0",
    "a",
    "b",
    "d",
    "e",
    "f",
    "h",
    "j",
    "k",
    "l",
    "m",
    "n",
    "o",
    "p",
    "r",
    "s",
    "t",
    "u",
    "w",
    "x",
    "y",
    "z",
    "minus",
    "plus",
    "comma",
    "full_stop",
    "ctrl+a",
    "ctrl+s",
    "ctrl+p",
]
"""Every key any screen binds, keys no screen binds, and keys that move focus; never
q or ctrl+c, which quit."""


@pytest.fixture(autouse=True)
def pauses_as_textual_has_them(monkeypatch: pytest.MonkeyPatch) -> None:
    """The monkey looks for crashes, not at pictures: its pauses (and its clicks') are
    Textual's own. A screen at rest shows every log at its newest line, but a click on a
    log's scrollbar scrolls it back, as a player reading back does."""
    monkeypatch.setattr(Pilot, "pause", PILOT_PAUSE)


KEYS_PER_RUN = 120
"""Keys and clicks per run: the suite's thirteen runs send 1,560; a soak sends more runs."""
RUNS = int(os.environ.get("HOTSEAT_MONKEY_RUNS", "1"))
"""Runs per screen: one in the suite, more for a soak."""
TALLY = os.environ.get("HOTSEAT_MONKEY_TALLY")
"""A file each run adds its counts to, if set."""
LOOKS = [("en", (80, 24)), ("de", (160, 45)), ("de", (80, 24)), ("en", (160, 45))]
"""The language and size of run k: LOOKS[k % 4]; the suite's one run is English at 80x24."""


def started(
    game: str, players: str, seed: int, moves: int = 0
) -> Callable[[SaveStore], GameSession]:
    """A session of `game` after `moves` computer-chosen moves."""

    def make(store: SaveStore) -> GameSession:
        session = new_session(store, players, seed=seed, game=game, name=f"{game}-{seed}")
        play_bots_until(session, lambda s: len(s.record.actions) >= moves)
        return session

    return make


STARTED: dict[str, Callable[[SaveStore], GameSession]] = {
    "3x3": started("3x3", "Ann,Bob,cpu:Cy", 1, moves=8),
    "3x3-eleven": started("3x3", "Ann," + ",".join(f"cpu:C{n}" for n in range(10)), 2),
    "xoxo": started("xoxo", "Ann,Bob,cpu:Cy", 3, moves=5),
    "shifting-stones": started("shifting-stones", "Ann,cpu:Bob", 4, moves=3),
    "shifting-stones-solo": started("shifting-stones", "Ann", 5),
    "xylotar": started("xylotar", "Ann,Bob,cpu:Cy", 6),
    "xylotar-two": started("xylotar", "Ann,cpu:Bob", 7, moves=40),
    "game-over": started("xoxo", "Ann,cpu:Bob", 8, moves=10_000),
}
"""Games in play, each under its own name (the home screen lists them all)."""

SCREENS: dict[str, Callable[[SaveStore], GameSession] | None] = {
    "home": None,
    **STARTED,
    "shifting-stones-twelve-cards": fullest_stones,
    "xoxo-full-board": fullest_xoxo,
}
"""The home screen (and from it the dialog and help), each table, the solo game, a
finished game; the privacy screen and Xylotar's score table come up along the way."""


async def monkey(pilot: Pilot, rng: random.Random, app: HotseatApp) -> list[int]:
    """Bursts of keys queued at once, single keys with pauses, and clicks: how many keys
    went one at a time, how many in bursts, and how many clicks."""
    sent = 0
    tally = [0, 0, 0]
    while sent < KEYS_PER_RUN:
        roll = rng.random()
        if roll < 0.9:
            burst = [rng.choice(KEYS) for _ in range(rng.choice((1, 1, 2, 3, 6, 12)))]
            type_fast(app, burst)
            await pilot.pause(rng.choice((0, 0, 0, 0.02)))
            sent += len(burst)
            tally[len(burst) > 1] += len(burst)
        else:
            offset = (rng.randrange(80), rng.randrange(24))
            # Between two screens nothing is drawn for a moment; a terminal's click there
            # reaches nothing, where Pilot's raises NoWidget.
            with contextlib.suppress(NoWidget):
                await pilot.click(offset=offset, times=rng.choice((1, 1, 2)))
            sent += 1
            tally[2] += 1
        assert app.crash is None
    return tally


FOUND = [("game-over", 17), ("shifting-stones-twelve-cards", 15)]
"""Runs of a soak that once found a crash; the suite sends them too: run 17 on the
game-over panel (German, 160x45) ends with r queued, and the rematch it asks for arrives
as the app closes; run 15 on a Shifting Stones hand of twelve (English, 160x45) ends as
the hand is still making card widgets, which then fill in after the app closed."""


@pytest.mark.parametrize(
    ("where", "run"),
    [*((where, run) for where in SCREENS for run in range(RUNS)), *FOUND],
)
async def test_random_input_never_crashes_a_screen(store: SaveStore, where: str, run: int) -> None:
    """120 keys and clicks, each handled and drawn by the screen: 3 to 7 s on two busy
    cores, the longest for the Shifting Stones tables, whose every key redraws the grid
    and the hand."""
    make = SCREENS[where]
    session = make(store) if make is not None else None
    if session is None:
        for other in STARTED.values():
            other(store).close()
    language, size = LOOKS[run % len(LOOKS)]
    app = app_for(store, session, resumed=session is not None, language=language)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        seed = f"{where}:11" if run == 0 else f"{where}:11:{run}"
        tally = await monkey(pilot, random.Random(seed), app)
    assert app.crash is None
    if TALLY:
        with open(TALLY, "a", encoding="utf-8") as file:
            file.write(f"{where} {run} {' '.join(map(str, tally))}\n")


@pytest.mark.parametrize("where", ["3x3", "xoxo", "shifting-stones", "xylotar"])
async def test_keys_typed_right_after_quit_are_dropped(store: SaveStore, where: str) -> None:
    app = app_for(store, STARTED[where](store))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        type_fast(app, ["q", *["down", "left", "enter", "space"] * 5])
        await pilot.pause()
    assert app.crash is None
