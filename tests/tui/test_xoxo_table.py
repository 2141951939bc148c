"""XOXO at the table: a whole game through keys, stack choice, cells, and how it looks."""

from __future__ import annotations

from textual.pilot import Pilot

from saves import SaveStore
from tui.games.xoxo import XoxoScreen
from tui.model import GameSession
from tui.screens.game_over import GameOverScreen
from tui.screens.handoff import HandoffScreen

from tui_helpers import app_for, new_session, play_bots_until, screen_text, until, waits_for_enter


async def test_a_person_plays_a_whole_xoxo_game_against_the_computer(store: SaveStore) -> None:
    session = new_session(store, "Ann,cpu:Bob", seed=17, game="xoxo")
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(2000):
            await pilot.pause()
            if isinstance(app.screen, GameOverScreen):
                break
            if waits_for_enter(app):
                await pilot.press("enter")
        assert isinstance(app.screen, GameOverScreen)
        assert "met" in screen_text(app)
    _, game, state = store.load("table")
    assert game.is_over(state)


async def test_number_keys_choose_the_stack_to_place_from(store: SaveStore) -> None:
    session = new_session(store, "Ann,cpu:Bob", seed=3, game="xoxo")
    play_bots_until(session, lambda s: s.to_act() == [0])
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, XoxoScreen) and app.screen.my_turn)
        screen = app.screen
        assert isinstance(screen, XoxoScreen)
        moves = len(session.record.actions)
        await pilot.press("2", "enter")
        await pilot.pause()
        seat, placed = session.record.actions[moves]
        assert (seat, placed["source"]) == (0, "general")


async def test_enter_on_a_cell_that_takes_no_tile_explains_why(store: SaveStore) -> None:
    session = new_session(store, "Ann,cpu:Bob", seed=5, game="xoxo")
    play_bots_until(session, lambda s: s.to_act() == [0] and len(s.view(0)["cells"]) >= 2)
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, XoxoScreen) and app.screen.my_turn)
        screen = app.screen
        assert isinstance(screen, XoxoScreen)
        moves = len(session.record.actions)
        screen.cursor = (99, 99)
        await pilot.press("enter")
        await pilot.pause()
        assert len(session.record.actions) == moves
        assert screen.message


def test_xoxo_at_the_start(snap_compare, store: SaveStore) -> None:  # type: ignore[no-untyped-def]
    session = new_session(store, "Ann,cpu:Bob,cpu:Cy,cpu:Dee", seed=71, game="xoxo")
    play_bots_until(session, lambda s: s.to_act() == [0])
    app = app_for(store, session)

    async def my_turn(pilot: Pilot) -> None:
        await until(pilot, lambda: isinstance(app.screen, XoxoScreen) and app.screen.my_turn)

    assert snap_compare(app, run_before=my_turn, terminal_size=(80, 24))


def test_xoxo_mid_game_with_covered_cells(snap_compare, store: SaveStore) -> None:  # type: ignore[no-untyped-def]
    session = new_session(store, "Ann,cpu:Bob,cpu:Cy", seed=73, game="xoxo")
    play_bots_until(
        session,
        lambda s: s.to_act() == [0] and any(c["height"] > 1 for c in s.view(0)["cells"]),
    )
    app = app_for(store, session)

    async def my_turn(pilot: Pilot) -> None:
        await until(pilot, lambda: isinstance(app.screen, XoxoScreen) and app.screen.my_turn)

    assert snap_compare(app, run_before=my_turn, terminal_size=(80, 24))


def test_xoxo_with_a_met_target(snap_compare, store: SaveStore) -> None:  # type: ignore[no-untyped-def]
    session = new_session(store, "Ann,cpu:Bob", seed=75, game="xoxo")
    play_bots_until(
        session,
        lambda s: s.to_act() == [0] and any(info["met"] for info in s.view(0)["seats"]),
    )
    app = app_for(store, session)

    async def my_turn(pilot: Pilot) -> None:
        await until(pilot, lambda: isinstance(app.screen, XoxoScreen) and app.screen.my_turn)

    assert snap_compare(app, run_before=my_turn, terminal_size=(80, 24))


def test_xoxo_game_over(snap_compare, store: SaveStore) -> None:  # type: ignore[no-untyped-def]
    session = new_session(store, "Ann,cpu:Bob,cpu:Cy", seed=77, game="xoxo")
    play_bots_until(session, lambda s: s.over)
    app = app_for(store, session)

    async def game_over(pilot: Pilot) -> None:
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen))

    assert snap_compare(app, run_before=game_over, terminal_size=(80, 24))


async def test_arrows_only_ever_rest_on_cells_that_take_a_tile(store: SaveStore) -> None:
    session = new_session(store, "Ann,cpu:Bob", seed=9, game="xoxo")
    play_bots_until(session, lambda s: s.to_act() == [0] and len(s.view(0)["cells"]) >= 3)
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, XoxoScreen) and app.screen.my_turn)
        screen = app.screen
        assert isinstance(screen, XoxoScreen)
        for key in ["left", "up", "right", "right", "down", "down", "left", "up"]:
            await pilot.press(key)
            assert screen.cursor in screen.open_cells()


async def test_two_people_get_the_privacy_screen_before_every_turn(store: SaveStore) -> None:
    session = new_session(store, "Ann,Bob", seed=19, game="xoxo")
    app = app_for(store, session)
    handoffs = turns = 0
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(2000):
            await pilot.pause()
            screen = app.screen
            if isinstance(screen, GameOverScreen):
                break
            if isinstance(screen, HandoffScreen):
                handoffs += 1
            elif waits_for_enter(app):
                turns += 1
            if waits_for_enter(app):
                await pilot.press("enter")
        assert isinstance(app.screen, GameOverScreen)
    assert turns > 1
    assert handoffs == turns


async def test_a_met_target_is_announced_with_the_lines_that_met_it(store: SaveStore) -> None:
    session = new_session(store, "Ann,cpu:Bob", seed=23, game="xoxo")

    def bob_is_about_to_meet_a_target(s: GameSession) -> bool:
        seat = s.to_act()[0]
        if s.is_human(seat):
            return False
        after = s.game.apply(s.state, seat, s.bot_choice(seat))
        return sum(i["met"] for i in s.game.view(after, None)["seats"]) > sum(
            i["met"] for i in s.view(None)["seats"]
        )

    play_bots_until(session, bob_is_about_to_meet_a_target)
    moves = len(session.record.actions)
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: len(session.record.actions) > moves)
        await pilot.pause()
        said = [n.message for n in app._notifications]
    assert any(" met the target " in text and ": " in text for text in said)
