"""A whole game through the keyboard, as a person at the table plays it."""

from __future__ import annotations

from saves import SaveStore
from tui.games.three_by_three.screen import ThreeByThreeScreen
from tui.screens.game_over import GameOverScreen
from tui.screens.home import HomeScreen

from tui_helpers import (
    app_for,
    each_turn_after_a_handoff,
    new_session,
    pass_and_play,
    until,
)


async def test_a_person_plays_a_whole_game_against_the_computer(store: SaveStore) -> None:
    session = new_session(store, "Ann,cpu:Bob", seed=11)
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pass_and_play(pilot)
        assert session.over
        ranking = app.screen.query_one("#over-ranking").render()
        assert "Ann" in str(ranking) and "Bob" in str(ranking)
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
    record, game, state = store.load("table")
    assert game.is_over(state)
    assert record.summary["over"] is True


async def test_two_people_and_a_computer_pass_the_keyboard_before_each_turn(
    store: SaveStore,
) -> None:
    session = new_session(store, "Ann,Bob,cpu:Cy", seed=5)
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        seen = await pass_and_play(pilot, turns=12)
    assert seen.count("handoff") >= 12
    assert each_turn_after_a_handoff(seen)


async def test_all_computer_table_plays_itself(store: SaveStore) -> None:
    session = new_session(store, "cpu:Ann,cpu:Bob,cpu:Cy", seed=2)
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen))


async def test_rematch_starts_a_new_game_with_the_same_seats(store: SaveStore) -> None:
    session = new_session(store, "cpu:Ann,cpu:Bob", seed=3)
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        app.delay = 3600.0
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, ThreeByThreeScreen))
        assert app.session is not None and app.session is not session
        assert app.session.record.names() == ["Ann", "Bob"]
        assert app.session.name == "table-2"
    assert len([i for i in store.list() if i.listing is not None]) == 2
