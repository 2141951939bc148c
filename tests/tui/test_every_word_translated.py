"""Every screen of every game speaks the player's language: a whole game is walked at
80x24, from the privacy screen through each phase of the table to game over, the help,
the home screen and the new-game dialog, in German with every word the catalog gives
marked (tests/tui/marking.py: a word without a mark never went through the catalog; a
word no German message holds is English left behind). Only the names of the players,
the saves and the games themselves may stand as they are."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable

import pytest
from textual.pilot import Pilot

from rules import bots
from rules.xylotar import ROUNDS
from saves import SaveStore
from tui.app import HotseatApp
from tui.games.shifting_stones.screen import ShiftingStonesScreen
from tui.model import GameSession
from tui.screens.game_over import GameOverScreen
from tui.screens.help import HelpScreen
from tui.screens.table import TableScreen

from marking import MarkingTranslations, marked_language, not_german, screen_lines, untranslated
from tui_helpers import app_for, new_session, play_bots_until, settled, until

NAMES = ["Ann", "Bob", "Cy", "hotseat", "abend", "XOXO", "Shifting Stones", "Xylotar"]
"""The players and the save of the walk, the app's and the games' own names."""

TABLES = [
    ("3x3", "Ann,Bob,cpu:Cy", 3),
    ("xoxo", "Ann,Bob,cpu:Cy", 35),
    ("shifting-stones", "Ann,Bob,cpu:Cy", 21),
    ("shifting-stones", "Ann", 3),
    ("xylotar", "Ann,Bob,cpu:Cy", 43),
    ("xylotar", "Ann,cpu:Bob", 35),
]
"""Every game at a table of people passing the keyboard and a computer; Shifting Stones
alone, Xylotar with the side players. Each with the seed of the shortest walk (of the
first hundred seeds) that shows every kind of event, phase and ending seed 3 shows."""

LATER: dict[str, Callable[[GameSession], bool]] = {
    "xylotar": lambda s: s.view(None)["round"] >= ROUNDS
}
"""Where a walk begins later than the first move: Xylotar's rounds are alike, so the
engine plays all but the last (its privacy screen, phases and scores are walked then)."""

PEEKS = 4
"""Turns at the Shifting Stones table at which a shift and a flip are begun and taken
back, to see what the table asks while one is made."""


async def walk(app: HotseatApp, pilot: Pilot, game: str, marking: MarkingTranslations) -> list[str]:
    """Play the game to its end as the people at the table would (each move the one an
    easy computer would choose, the privacy screen and the round scores passed with
    Enter), then open the help, go home, open its help and the new-game dialog; every
    word on these screens that is not German or did not come from the catalog (the help
    pages are written in German, not said from the catalog), each word once."""
    found: dict[str, str] = {}

    async def look() -> None:
        await until(pilot, lambda: settled(app))
        lines = screen_lines(app)
        wrong = not_german(lines, NAMES)
        if not isinstance(app.screen, HelpScreen):
            wrong += untranslated(lines, marking, NAMES)
        for entry in wrong:
            found.setdefault(entry.partition(" in: ")[0], f"{type(app.screen).__name__}: {entry}")

    rng = random.Random(1)
    peeks = PEEKS
    for _ in range(3000):
        await look()
        screen = app.screen
        if isinstance(screen, GameOverScreen):
            break
        if isinstance(screen, ShiftingStonesScreen) and screen.my_turn and peeks:
            peeks -= 1
            await peek_at_stones_modes(pilot, screen, look)
        if isinstance(screen, TableScreen):
            if screen.my_turn:
                screen.submit(bots.choose(game, "easy", screen.view, screen.legal, rng))
        else:
            await pilot.press("enter")
    assert isinstance(app.screen, GameOverScreen)
    for key in ("question_mark", "escape", "escape", "question_mark", "escape"):
        await pilot.press(key)
        await look()
    app.new_game(game)
    await pilot.pause()
    await look()
    return sorted(found.values())


async def peek_at_stones_modes(
    pilot: Pilot, screen: ShiftingStonesScreen, look: Callable[[], Awaitable[None]]
) -> None:
    """Begin a shift and a flip, look at what the table asks, and take each back."""
    for key in ("s", "f"):
        await pilot.press(key)
        await pilot.pause()
        if screen.mode != "card":
            await look()
            await pilot.press("escape")
            await pilot.pause()


@pytest.mark.parametrize(("game", "players", "seed"), TABLES)
async def test_every_word_of_a_whole_game_is_german_from_the_catalog(
    store: SaveStore, monkeypatch: pytest.MonkeyPatch, game: str, players: str, seed: int
) -> None:
    """A whole game, each screen looked at once it is drawn: about 8 s for the longest
    (3 x 3 at a table of three) on an idle machine, up to 15 s on two busy cores, the
    price of seeing every phase of a game in German."""
    with marked_language(monkeypatch, "de") as marking:
        session = new_session(store, players, seed=seed, name="abend", game=game)
        if game in LATER:
            play_bots_until(session, LATER[game])
        app = app_for(store, session, language="de")
        async with app.run_test(size=(80, 24)) as pilot:
            found = await walk(app, pilot, game, marking)
    assert not found, "\n".join(found)
