"""The app on the save database: resume goes straight to the table, listing once per visit,
take-over, and moves from another terminal reaching the screen."""

from __future__ import annotations

import os

import pytest

from saves import MoveConflict, SaveStore
from tui.model import GameSession
from tui.screens.handoff import HandoffScreen
from tui.screens.home import HomeScreen
from tui.screens.table import TableScreen
from tui.screens.take_over import TakeOverScreen

from tui_helpers import app_for, new_session, screen_text, until


async def test_resume_builds_no_home_screen_until_escape(store: SaveStore) -> None:
    session = new_session(store, "Ann,Bob", seed=4)
    app = app_for(store, session, resumed=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        assert not any(isinstance(s, HomeScreen) for s in app.screen_stack)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, HomeScreen))
        assert "table" in screen_text(app)


async def test_a_resumed_table_is_built_once_its_player_passes_the_privacy_screen(
    store: SaveStore,
) -> None:
    session = new_session(store, "Ann,Bob", seed=4)
    seat = session.to_act()[0]
    app = app_for(store, session, resumed=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        assert not any(isinstance(s, TableScreen) for s in app.screen_stack)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        table = app.screen
        assert isinstance(table, TableScreen)
        await until(pilot, lambda: table.shown_seat == seat)
        assert table.my_turn


async def test_home_screen_lists_the_saves_once_per_visit(
    store: SaveStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    new_session(store, "Ann,Bob", seed=4).close()
    calls: list[int] = []
    real_revisions = store.revisions

    def counting_revisions(player: str | None = None) -> dict[int, int]:
        calls.append(1)
        return real_revisions(player)

    monkeypatch.setattr(store, "revisions", counting_revisions)
    app = app_for(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HomeScreen))
        assert len(calls) == 1
        await pilot.press("question_mark")
        await until(pilot, lambda: not isinstance(app.screen, HomeScreen))
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, HomeScreen))
        assert len(calls) == 2


async def test_a_taken_over_table_says_so_and_goes_home(store: SaveStore) -> None:
    session = new_session(store, "Ann,Bob", seed=4)
    app = app_for(store, session, resumed=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        other = GameSession.open(SaveStore(store.root), "table", take_over=True)
        try:
            await until(pilot, lambda: isinstance(app.screen, HomeScreen))
            said = [n.message for n in app._notifications]
            assert said == ["This game was taken over by another terminal"]
            assert app.session is None
            assert other.store.still_held(other.lease)  # type: ignore[arg-type]
        finally:
            other.close()


async def test_opening_a_game_held_elsewhere_asks_before_taking_it_over(
    store: SaveStore,
) -> None:
    elsewhere = new_session(SaveStore(store.root), "Ann,Bob", seed=4)
    app = app_for(store)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: "table" in screen_text(app))
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, TakeOverScreen))
            assert f"pid {os.getpid()} on host" in screen_text(app)
            await pilot.press("n")
            await until(pilot, lambda: isinstance(app.screen, HomeScreen))
            assert elsewhere.store.still_held(elsewhere.lease)  # type: ignore[arg-type]
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, TakeOverScreen))
            await pilot.press("y")
            await until(pilot, lambda: isinstance(app.screen, HandoffScreen))
            assert not elsewhere.store.still_held(elsewhere.lease)  # type: ignore[arg-type]
    finally:
        elsewhere.close()


async def test_a_move_made_in_another_terminal_reaches_the_table(store: SaveStore) -> None:
    new_session(store, "Ann,Bob", seed=4, game="xoxo").close()
    ann = GameSession.open(SaveStore(store.root), "table", people=["Ann"])
    bob = GameSession.open(store, "table", people=["Bob"])
    app = app_for(store, bob)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: "Waiting for Ann" in screen_text(app))
            table = app.screen
            assert isinstance(table, TableScreen) and not table.my_turn
            ann.apply(0, ann.legal(0)[0])
            await until(pilot, lambda: isinstance(app.screen, HandoffScreen) or table.my_turn)
            assert len(bob.record.actions) == 1
            assert bob.view(1) == ann.game.view(ann.state, 1)
    finally:
        ann.close()


async def test_a_resumed_seat_shows_its_own_view_behind_the_privacy_screen_while_waiting(
    store: SaveStore,
) -> None:
    new_session(store, "Ann,Bob", seed=4, game="xoxo").close()
    ann = GameSession.open(SaveStore(store.root), "table", people=["Ann"])
    bob = GameSession.open(store, "table", people=["Bob"])
    app = app_for(store, bob, resumed=True)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, HandoffScreen))
            assert "Bob" in screen_text(app)
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, TableScreen))
            table = app.screen
            assert isinstance(table, TableScreen) and not table.my_turn
            assert table.shown_seat == 1
            assert table.view == bob.view(1)
    finally:
        ann.close()


async def test_a_move_another_terminal_played_first_is_not_played_and_says_why(
    store: SaveStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The store refuses a move whose number another terminal stored first: the table
    takes in what is stored and says, in the prompt line, that this move was not played."""
    session = new_session(store, "Ann,cpu:Bo", seed=4, game="xoxo")
    assert session.to_act() == [0]

    def played_elsewhere(*args: object) -> None:
        raise MoveConflict("move-played-elsewhere", number=1)

    monkeypatch.setattr(session.store, "append", played_elsewhere)
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.my_turn)
        await pilot.press("enter")
        await until(pilot, lambda: "Not played:" in screen_text(app))
        assert "another terminal played move 1 first" in screen_text(app)
