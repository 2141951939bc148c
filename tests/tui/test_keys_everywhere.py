"""The README's promise: everywhere, ? or F1 shows the rules, Esc goes back towards the
home screen, and q quits; checked on every kind of screen the app shows."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

import pytest
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Input

from saves import SaveStore
from tui.app import HotseatApp
from tui.games.three_by_three.screen import ThreeByThreeScreen
from tui.games.xylotar.scores import XylotarScoresScreen
from tui.games.xylotar.screen import XylotarScreen
from tui.model import GameSession
from tui.screens.game_over import GameOverScreen
from tui.screens.handoff import HandoffScreen
from tui.screens.help import HelpScreen
from tui.screens.home import HomeScreen
from tui.screens.new_game import NewGameScreen
from tui.screens.take_over import TakeOverScreen

from tui_helpers import app_for, enter_until, new_session, play_bots_until, screen_text, until

Opened = tuple[HotseatApp, Pilot]


async def home(store: SaveStore, pilot: Pilot, app: HotseatApp) -> None:
    await until(pilot, lambda: isinstance(app.screen, HomeScreen))


async def new_game(store: SaveStore, pilot: Pilot, app: HotseatApp) -> None:
    await home(store, pilot, app)
    await pilot.press("n")
    await until(pilot, lambda: isinstance(app.screen, NewGameScreen))


async def help_page(store: SaveStore, pilot: Pilot, app: HotseatApp) -> None:
    await home(store, pilot, app)
    await pilot.press("f1")
    await until(pilot, lambda: isinstance(app.screen, HelpScreen))


async def privacy(store: SaveStore, pilot: Pilot, app: HotseatApp) -> None:
    app.resume("table")
    await until(pilot, lambda: isinstance(app.screen, HandoffScreen))


async def table(store: SaveStore, pilot: Pilot, app: HotseatApp) -> None:
    app.resume("solo")
    await enter_until(pilot, lambda: isinstance(app.screen, ThreeByThreeScreen))


async def game_over(store: SaveStore, pilot: Pilot, app: HotseatApp) -> None:
    app.resume("over")
    await until(pilot, lambda: isinstance(app.screen, GameOverScreen))


async def take_over(store: SaveStore, pilot: Pilot, app: HotseatApp) -> None:
    elsewhere = GameSession.open(SaveStore(store.root), "solo")
    app.call_later(app.resume, "solo")
    try:
        await until(pilot, lambda: isinstance(app.screen, TakeOverScreen))
    finally:
        elsewhere.close()


async def scores(store: SaveStore, pilot: Pilot, app: HotseatApp) -> None:
    app.resume("rounds")
    await enter_until(pilot, lambda: isinstance(app.screen, XylotarScreen))
    await pilot.press("s")
    await until(pilot, lambda: isinstance(app.screen, XylotarScoresScreen))


SCREENS: dict[str, Callable[[SaveStore, Pilot, HotseatApp], Awaitable[None]]] = {
    "home": home,
    "new-game": new_game,
    "help": help_page,
    "privacy": privacy,
    "table": table,
    "game-over": game_over,
    "take-over": take_over,
    "xylotar-scores": scores,
}
"""How to reach each kind of screen."""


def two_people(store: SaveStore) -> None:
    new_session(store, "Ann,Bob", seed=4).close()


def one_person(store: SaveStore) -> None:
    new_session(store, "Ann,cpu:Bob", seed=3, name="solo").close()


def finished(store: SaveStore) -> None:
    over = new_session(store, "cpu:Ann,cpu:Bob", seed=3, name="over", game="xoxo")
    play_bots_until(over, lambda s: s.over)
    over.close()


def second_round(store: SaveStore) -> None:
    rounds = new_session(store, "Ann,cpu:Bob,cpu:Cy", seed=4, name="rounds", game="xylotar")
    play_bots_until(rounds, lambda s: s.view(None)["round"] == 2)
    rounds.close()


SAVES: dict[str, Callable[[SaveStore], None]] = {
    "privacy": two_people,
    "table": one_person,
    "game-over": finished,
    "take-over": one_person,
    "xylotar-scores": second_round,
}
"""The save each screen needs (the home screen and what opens from it need none)."""


@asynccontextmanager
async def on(store: SaveStore, where: str) -> AsyncIterator[Opened]:
    SAVES.get(where, lambda store: None)(store)
    app = app_for(store)
    app.delay = 3600.0
    async with app.run_test(size=(80, 24)) as pilot:
        await SCREENS[where](store, pilot, app)
        yield app, pilot


def top(app: HotseatApp) -> Screen[object]:
    return app.screen_stack[-1]


@pytest.mark.parametrize(
    ("where", "key"),
    [
        (where, key)
        for where in SCREENS
        if where != "help"
        for key in ("question_mark", "f1")
        if (where, key) != ("new-game", "question_mark")
    ],
)
async def test_question_mark_and_f1_show_the_rules(store: SaveStore, where: str, key: str) -> None:
    """(The new-game dialog opens in a name field, where ? is a letter: F1 is its help.)"""
    async with on(store, where) as (app, pilot):
        await pilot.press(key)
        await until(pilot, lambda: isinstance(top(app), HelpScreen))


async def test_in_a_name_field_a_question_mark_is_typed(store: SaveStore) -> None:
    async with on(store, "new-game") as (app, pilot):
        await pilot.press("question_mark")
        await pilot.pause()
        assert app.screen.query_one("#name-0", Input).value == "?"


@pytest.mark.parametrize("key", ["question_mark", "f1", "escape", "q"])
async def test_every_key_of_help_goes_back(store: SaveStore, key: str) -> None:
    async with on(store, "help") as (app, pilot):
        await pilot.press(key)
        await until(pilot, lambda: isinstance(top(app), HomeScreen))


@pytest.mark.parametrize("where", [w for w in SCREENS if w not in ("help", "new-game")])
async def test_q_quits(store: SaveStore, where: str) -> None:
    """(Help takes q for back; in the new-game dialog q is a letter of a name.)"""
    async with on(store, where) as (app, pilot):
        await pilot.press("q")
        await until(pilot, lambda: app.return_code is not None)


@pytest.mark.parametrize("where", [w for w in SCREENS if w != "home"])
async def test_escape_goes_back(store: SaveStore, where: str) -> None:
    async with on(store, where) as (app, pilot):
        before = top(app)
        await pilot.press("escape")
        await until(pilot, lambda: top(app) is not before)
        assert "hotseat" in screen_text(app)
