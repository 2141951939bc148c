"""The app around the table: new-game dialog, home screen, names, mouse, recovery."""

from __future__ import annotations

import pytest
from textual.widgets import Input, Select

from saves import SaveStore
from tui.games.three_by_three.screen import ThreeByThreeScreen
from tui.games.xylotar.screen import XylotarScreen
from tui.screens.home import HomeScreen
from tui.screens.new_game import NewGameScreen
from tui.widgets.card_fan import CardFan

from tui_helpers import (
    app_for,
    new_session,
    open_dialog,
    play_bots_until,
    replace_move,
    screen_text,
    shown,
    turn_at,
    until,
)


@pytest.mark.parametrize("opening", ["new-game", "help"])
async def test_the_app_closing_as_a_screen_opens_is_no_bug(store: SaveStore, opening: str) -> None:
    """A player quitting (or an SSH client leaving) the moment a screen opens: the screen
    is taken apart before it was filled in, and nothing may count that as a crash."""
    app = app_for(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HomeScreen))
        if opening == "new-game":
            app.new_game("xoxo")
        else:
            app.action_help()
        app.exit()
    assert app.crash is None


async def test_new_game_dialog_explains_duplicate_names_inline(store: SaveStore) -> None:
    app = app_for(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        app.screen.query_one("#name-1", Input).value = "player 1"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: "two players are called" in screen_text(app))
        assert isinstance(app.screen, NewGameScreen)
        assert store.list() == []


async def test_c_starts_the_highlighted_game_at_once_against_a_computer(
    store: SaveStore,
) -> None:
    app = app_for(store)
    app.delay = 3600.0
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.press("down", "down", "down", "c")
        await until(pilot, lambda: isinstance(app.screen, ThreeByThreeScreen))
    (info,) = store.list()
    record, _, _ = store.load(info.name)
    assert record.game == "3x3"
    assert [(p.name, p.kind, p.level) for p in record.players] == [
        ("Player 1", "human", "normal"),
        ("Computer 2", "computer", "normal"),
    ]


async def test_c_plays_under_the_name_the_last_table_gave_the_first_seat(
    store: SaveStore,
) -> None:
    app = app_for(store)
    app.delay = 3600.0
    async with app.run_test(size=(80, 24)) as pilot:
        await open_dialog(app, pilot)
        await pilot.press(*"Ann", "ctrl+s")
        await until(pilot, lambda: app.session is not None)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.press("c")
        await until(pilot, lambda: app.session is not None)
        names = app.session.record.names()
    assert names == ["Ann", "Computer 2"]


async def test_new_game_dialog_starts_a_saved_game(store: SaveStore) -> None:
    app = app_for(store)
    app.delay = 3600.0
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_dialog(app, pilot)
        screen.query_one("#game", Select).value = "3x3"
        await until(pilot, lambda: bool(screen.query("#seats")))
        screen.query_one("#seats", Select).value = 3
        screen.query_one("#name-0", Input).value = "Ann"
        screen.query_one("#seed", Input).value = "99"
        screen.query_one("#save-name", Input).value = "sunday"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, ThreeByThreeScreen))
    record, _, _ = store.load("sunday")
    assert record.seed == 99
    assert [p.kind for p in record.players] == ["human", "computer", "computer"]


async def test_new_game_dialog_offers_xylotars_option_and_names_the_side_players(
    store: SaveStore,
) -> None:
    app = app_for(store)
    app.delay = 3600.0
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_dialog(app, pilot)
        assert "Sorting memory" not in await shown(pilot)
        screen.query_one("#game", Select).value = "xylotar"
        text = await shown(pilot, lambda: "Sorting memory" in screen_text(app))
        assert "side players West and East" in text
        screen.query_one("#option-xylotar-sorting_memory .option-value", Select).value = True
        screen.query_one("#save-name", Input).value = "duo"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, XylotarScreen))
    record, _, _ = store.load("duo")
    assert record.options == {"sorting_memory": True}
    assert len(record.players) == 2


async def test_a_name_that_looks_like_markup_is_shown_as_typed(store: SaveStore) -> None:
    session = new_session(store, "[red]x,cpu:[b]Bob")
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        text = await shown(pilot, lambda: isinstance(app.screen, ThreeByThreeScreen))
        assert "[red]x" in text
        assert "[b]Bob" in text


async def test_clicking_a_card_points_at_it_and_a_second_click_marks_it(store: SaveStore) -> None:
    session = new_session(store, "Ann,cpu:Bob", seed=8)
    play_bots_until(
        session,
        lambda s: s.view(None)["phase"] == "play" and s.to_act() == [0] and not s.view(0)["pile"],
    )
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, ThreeByThreeScreen)
        assert screen.cursor == 0
        hand = screen.query_one("#hand", CardFan)
        layout = hand.layout_for(hand.size.width)
        x, y = layout.origin(1)
        second_card = (x + 2, y + layout.row_height - 1)
        await pilot.click(hand, offset=second_card)
        assert (screen.cursor, screen.marked) == (1, set())
        await pilot.click(hand, offset=second_card)
        assert screen.marked == {1}


async def test_escape_goes_home_and_frees_the_save(store: SaveStore) -> None:
    session = new_session(store, "Ann,cpu:Bob", seed=3)
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ThreeByThreeScreen))
        await pilot.press("escape")
        text = await shown(pilot, lambda: isinstance(app.screen, HomeScreen))
        assert "table" in text
        assert store.holders("table") == {}


async def test_home_screen_recovers_a_damaged_save_as_a_new_one(store: SaveStore) -> None:
    session = new_session(store, "Ann,Bob", seed=5)
    play_bots_until(session, lambda s: len(s.record.actions) >= 8)
    session.close()
    replace_move(store, "table", 6, {"type": "take", "extra": 1})
    before = store.document("table")
    app = app_for(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "table" in screen_text(app))
        await pilot.press("enter")
        await until(pilot, lambda: "move 6" in screen_text(app))
        assert isinstance(app.screen, HomeScreen)
        await pilot.press("r")
        await until(pilot, lambda: app.session is not None)
        assert app.session is not None
        assert app.session.name == "table-recovered"
        assert len(app.session.record.actions) == 5
    assert store.document("table") == before


async def test_a_new_game_asked_for_after_help_covered_home_opens_no_dialog(
    store: SaveStore,
) -> None:
    app = app_for(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.press("f1")
        await until(pilot, lambda: not isinstance(app.screen, HomeScreen))
        app.new_game("xoxo")
        await pilot.pause()
        assert not any(isinstance(screen, NewGameScreen) for screen in app.screen_stack)
