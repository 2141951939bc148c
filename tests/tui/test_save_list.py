"""The home screen's save list: every name reads apart from the others at 80 columns."""

from __future__ import annotations

import sqlite3

from textual.widgets import DataTable, OptionList

from rules.catalog import CATALOG
from saves import SaveStore
from tui.app import HotseatApp
from tui.screens.home import (
    HomeScreen,
    column_widths,
    cut_middle,
    game_cell,
    played_when,
    short_title,
)

from tui_helpers import app_for, new_session, until

LONG_NAMES = (
    "xoxo-2026-11-28-1930",
    "xoxo-2026-11-28-1930-2",
    "shifting-stones-2026-11-28-1930",
    "shifting-stones-2026-11-28-1930-2",
)
FIXED_TIME = "2026-11-28T19:30:00+00:00"


def stored(store: SaveStore, *names: str) -> None:
    """Games called `names`, of the game each name starts with (3 x 3 for any other),
    all last played at the same fixed time."""
    for name in names:
        game = next((g for g in ("xoxo", "shifting-stones") if name.startswith(g)), "3x3")
        new_session(store, "Ann,cpu:Bob", name=name, game=game).close()
    with sqlite3.connect(store.path) as db:
        db.execute("UPDATE games SET created = ?, updated = ?", (FIXED_TIME, FIXED_TIME))
    db.close()


def shown_names(app: HotseatApp) -> list[str]:
    """The Save column as the table shows it."""
    table = app.screen.query_one("#saves", DataTable)
    return [table.get_row_at(row)[0].plain for row in range(table.row_count)]


def test_a_long_name_keeps_its_start_and_its_distinguishing_end() -> None:
    assert cut_middle("shifting-stones-2026-11-28-1930-2", 21) == "shifting-s…-28-1930-2"


def test_a_name_that_fits_is_shown_whole() -> None:
    assert cut_middle("friday", 21) == "friday"


def test_a_game_played_this_year_shows_its_day_and_time() -> None:
    assert played_when(FIXED_TIME, 2026) == "11-28 19:30"


def test_a_game_played_in_an_earlier_year_shows_its_date() -> None:
    assert played_when(FIXED_TIME, 2027) == "2026-11-28"


def test_every_game_title_fits_the_game_column() -> None:
    widths = dict(column_widths(80, 8))
    assert all(len(short_title(game)) <= widths["Game"] for game in CATALOG)


def test_at_80_columns_the_game_column_gives_short_titles() -> None:
    widths = dict(column_widths(80, len("friday")))
    assert game_cell("shifting-stones", widths["Game"]) == "Stones"


def test_where_the_players_keep_room_every_title_is_whole() -> None:
    widths = dict(column_widths(160, len("shifting-stones-2026-12-06-1044")))
    assert [game_cell(game, widths["Game"]) for game in CATALOG] == [
        CATALOG[game].title for game in CATALOG
    ]
    assert widths["Players"] >= 30


def test_short_names_leave_the_room_to_the_players() -> None:
    widths = dict(column_widths(80, len("friday")))
    assert (widths["Save"], widths["Players"]) == (8, 30)


def test_long_names_get_room_but_the_players_keep_their_minimum() -> None:
    widths = dict(column_widths(80, len(LONG_NAMES[-1])))
    assert (widths["Save"], widths["Players"]) == (24, 14)


async def test_names_that_differ_only_at_the_end_read_apart_at_80_columns(
    store: SaveStore,
) -> None:
    stored(store, *LONG_NAMES)
    app = app_for(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HomeScreen))
        names = shown_names(app)
        assert len(set(names)) == len(LONG_NAMES)
        assert all(len(name) <= 24 for name in names)
        table = app.screen.query_one("#saves", DataTable)
        assert table.virtual_size.width <= table.scrollable_content_region.width


async def test_a_wider_terminal_shows_long_names_whole(store: SaveStore) -> None:
    stored(store, *LONG_NAMES)
    app = app_for(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.resize_terminal(120, 30)
        await until(pilot, lambda: sorted(shown_names(app)) == sorted(LONG_NAMES))


async def test_the_cursor_stays_on_its_save_when_the_terminal_is_resized(
    store: SaveStore,
) -> None:
    stored(store, *LONG_NAMES)
    app = app_for(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HomeScreen))
        screen = app.screen
        assert isinstance(screen, HomeScreen)
        await pilot.press("down", "down")
        chosen = screen.selected()
        assert chosen is not None
        await pilot.resize_terminal(120, 30)
        await until(pilot, lambda: screen.laid_out_for[0] == 120)
        after = screen.selected()
        assert after is not None and after.name == chosen.name


def test_home_screen_with_long_names(snap_compare, store: SaveStore) -> None:  # type: ignore[no-untyped-def]
    stored(store, *LONG_NAMES, "friday")
    assert snap_compare(app_for(store), terminal_size=(80, 24))


async def test_back_from_the_new_game_dialog_the_games_list_keeps_the_focus(
    store: SaveStore,
) -> None:
    stored(store, "friday")
    app = app_for(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.press("tab")
        games = app.screen.query_one("#games", OptionList)
        assert app.focused is games
        await pilot.press("enter")
        await until(pilot, lambda: not isinstance(app.screen, HomeScreen))
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.pause()
        assert app.focused is games
