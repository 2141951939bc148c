"""How every kind of screen looks at 80x24 with fixed seeds."""

from __future__ import annotations

import sqlite3

from textual.pilot import Pilot

from saves import SaveStore
from tui.games.three_by_three.screen import ThreeByThreeScreen
from tui.screens.game_over import GameOverScreen
from tui.screens.handoff import HandoffScreen

from tui_helpers import app_for, new_session, open_dialog, play_bots_until, until

FIXED_TIME = "2026-11-28T19:30:00+00:00"


def change_row(store: SaveStore, name: str, assignments: str, *values: object) -> None:
    """Change a stored game's row behind the store's back (fixed times, damage)."""
    with sqlite3.connect(store.path) as db:
        db.execute(f"UPDATE games SET {assignments} WHERE name = ?", (*values, name))
    db.close()


def home_saves(store: SaveStore) -> None:
    """A save and a damaged one, at fixed times."""
    new_session(store, "Ann,Bob,cpu:Carla", seed=1, name="friday-night").close()
    new_session(store, "Ann,Bob", seed=2, name="broken").close()
    change_row(store, "friday-night", "created = ?, updated = ?", FIXED_TIME, FIXED_TIME)
    change_row(store, "broken", "updated = ?, players = '[oops'", "2026-11-27T10:00:00+00:00")


def test_home_screen(snap_compare, store: SaveStore) -> None:  # type: ignore[no-untyped-def]
    home_saves(store)
    assert snap_compare(app_for(store), terminal_size=(80, 24))


def test_home_screen_in_german(snap_compare, store: SaveStore) -> None:  # type: ignore[no-untyped-def]
    home_saves(store)
    assert snap_compare(app_for(store, language="de"), terminal_size=(80, 24))


async def dialog_on_the_first_name(pilot: Pilot) -> None:
    """The new-game dialog open, the first name focused, its cursor steady."""
    screen = await open_dialog(pilot.app, pilot)
    await until(pilot, lambda: screen.focused is screen.query_one("#name-0"))


def test_new_game_dialog(snap_compare, store: SaveStore) -> None:  # type: ignore[no-untyped-def]
    app = app_for(store)
    assert snap_compare(app, run_before=dialog_on_the_first_name, terminal_size=(80, 24))


def test_privacy_screen(snap_compare, store: SaveStore) -> None:  # type: ignore[no-untyped-def]
    session = new_session(store, "Ann,Bob", seed=21)
    play_bots_until(session, lambda s: len(s.record.actions) >= 6)
    session.close()
    app = app_for(store)

    async def open_save(pilot: Pilot) -> None:
        app.resume("table")
        await until(pilot, lambda: isinstance(app.screen, HandoffScreen))

    assert snap_compare(app, run_before=open_save, terminal_size=(80, 24))


def test_table_in_tour_1(snap_compare, store: SaveStore) -> None:  # type: ignore[no-untyped-def]
    session = new_session(store, "Ann,cpu:Bob,cpu:Cy,cpu:Dee", seed=31)
    app = app_for(store, session)

    async def my_turn(pilot: Pilot) -> None:
        await until(
            pilot, lambda: isinstance(app.screen, ThreeByThreeScreen) and app.screen.my_turn
        )
        await pilot.press("space", "down", "space", "right")

    assert snap_compare(app, run_before=my_turn, terminal_size=(80, 24))


def test_table_in_tour_3_with_eleven_players(snap_compare, store: SaveStore) -> None:  # type: ignore[no-untyped-def]
    names = ",".join(["Ann"] + [f"cpu:Bot{i}" for i in range(2, 12)])
    session = new_session(store, names, seed=41)
    play_bots_until(
        session,
        lambda s: s.view(None)["tour"] == 3 and s.to_act() == [0] and bool(s.view(0)["hand"]),
    )
    app = app_for(store, session)

    async def my_turn(pilot: Pilot) -> None:
        await until(
            pilot, lambda: isinstance(app.screen, ThreeByThreeScreen) and app.screen.my_turn
        )

    assert snap_compare(app, run_before=my_turn, terminal_size=(80, 24))


def test_help_screen(snap_compare, store: SaveStore) -> None:  # type: ignore[no-untyped-def]
    session = new_session(store, "Ann,cpu:Bob", seed=51)
    app = app_for(store, session)

    async def open_help(pilot: Pilot) -> None:
        await until(
            pilot, lambda: isinstance(app.screen, ThreeByThreeScreen) and app.screen.my_turn
        )
        await pilot.press("question_mark")
        await pilot.pause()

    assert snap_compare(app, run_before=open_help, terminal_size=(80, 24))


def test_game_over(snap_compare, store: SaveStore) -> None:  # type: ignore[no-untyped-def]
    session = new_session(store, "Ann,cpu:Bob,cpu:Cy", seed=61)
    play_bots_until(session, lambda s: s.over)
    app = app_for(store, session)

    async def game_over(pilot: Pilot) -> None:
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen))

    assert snap_compare(app, run_before=game_over, terminal_size=(80, 24))


def test_new_game_dialog_in_german(snap_compare, store: SaveStore) -> None:  # type: ignore[no-untyped-def]
    app = app_for(store, language="de")
    assert snap_compare(app, run_before=dialog_on_the_first_name, terminal_size=(80, 24))


def test_privacy_screen_in_german(snap_compare, store: SaveStore) -> None:  # type: ignore[no-untyped-def]
    session = new_session(store, "Ann,Bob", seed=21)
    play_bots_until(session, lambda s: len(s.record.actions) >= 6)
    session.close()
    app = app_for(store, language="de")

    async def open_save(pilot: Pilot) -> None:
        app.resume("table")
        await until(pilot, lambda: isinstance(app.screen, HandoffScreen))

    assert snap_compare(app, run_before=open_save, terminal_size=(80, 24))


def test_game_over_in_german(snap_compare, store: SaveStore) -> None:  # type: ignore[no-untyped-def]
    session = new_session(store, "Ann,cpu:Bob,cpu:Cy", seed=61)
    play_bots_until(session, lambda s: s.over)
    app = app_for(store, session, language="de")

    async def game_over(pilot: Pilot) -> None:
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen))

    assert snap_compare(app, run_before=game_over, terminal_size=(80, 24))
