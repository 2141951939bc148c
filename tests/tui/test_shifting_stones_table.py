"""Shifting Stones at the table: solo and against the computer through keys, and how it looks."""

from __future__ import annotations

from textual.pilot import Pilot

from rules.shifting_stones import Flip, Skip
from saves import SaveStore
from tui.app import HotseatApp
from tui.games.shifting_stones.screen import ShiftingStonesScreen
from tui.screens.game_over import GameOverScreen
from tui.screens.table import TableScreen

from tui_helpers import (
    app_for,
    each_turn_after_a_handoff,
    new_session,
    pass_and_play,
    play_bots_until,
    screen_text,
    until,
)


def my_turn(app: HotseatApp) -> bool:
    return isinstance(app.screen, ShiftingStonesScreen) and app.screen.my_turn


def next_keys(screen: ShiftingStonesScreen) -> list[str]:
    """What a simple person presses: score a matching card (the cursor starts on one), else
    flip the centre stone with the first card once a turn, else skip if allowed, else end."""
    hand = screen.view["hand"]
    if any(card["scorable"] for card in hand):
        return ["enter"]
    if hand and screen.view["turn"]["actions"] == 0 and screen.can(Flip):
        return ["1", "f", "enter"]
    if screen.can(Skip):
        return ["k"]
    return ["e"]


async def play_through(app: HotseatApp, pilot: Pilot) -> None:
    await pass_and_play(pilot, keys=stones_keys)


async def test_a_whole_solo_game_through_keys(store: SaveStore) -> None:
    session = new_session(store, "Ann", seed=5, game="shifting-stones")
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_through(app, pilot)
        assert "game over" in screen_text(app)
    _, game, state = store.load("table")
    assert game.is_over(state)


async def test_a_whole_game_against_the_computer_through_keys(store: SaveStore) -> None:
    session = new_session(store, "Ann,cpu:Bob", seed=6, game="shifting-stones")
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_through(app, pilot)
    _, game, state = store.load("table")
    assert game.is_over(state)


async def test_a_shift_picks_two_neighbouring_stones(store: SaveStore) -> None:
    session = new_session(store, "Ann,cpu:Bob", seed=8, game="shifting-stones")
    play_bots_until(session, lambda s: s.to_act() == [0] and s.view(0)["turn"]["actions"] == 0)
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: my_turn(app))
        before = [stone["up"] for stone in session.view(0)["grid"]]
        moves = len(session.record.actions)
        await pilot.press("1", "s", "enter", "right", "enter")
        await pilot.pause()
        seat, shift = session.record.actions[moves]
        assert (seat, shift["type"], shift["a"], shift["b"]) == (0, "shift", 4, 5)
        after = [stone["up"] for stone in session.view(None)["grid"]]
        assert (after[4], after[5]) == (before[5], before[4])


async def test_escape_cancels_a_shift_before_it_happens(store: SaveStore) -> None:
    session = new_session(store, "Ann,cpu:Bob", seed=8, game="shifting-stones")
    play_bots_until(session, lambda s: s.to_act() == [0])
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: my_turn(app))
        moves = len(session.record.actions)
        await pilot.press("s", "enter", "escape")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ShiftingStonesScreen)
        assert screen.mode == "card"
        assert len(session.record.actions) == moves


def test_shifting_stones_five_players(snap_compare, store: SaveStore) -> None:  # type: ignore[no-untyped-def]
    names = "Ann,cpu:Bob,cpu:Cy,cpu:Dee,cpu:Eve"
    session = new_session(store, names, seed=81, game="shifting-stones")
    play_bots_until(session, lambda s: s.to_act() == [0] and len(s.record.actions) > 20)
    app = app_for(store, session)

    async def ready(pilot: Pilot) -> None:
        await until(pilot, lambda: my_turn(app))

    assert snap_compare(app, run_before=ready, terminal_size=(80, 24))


def test_shifting_stones_choosing_a_shift(snap_compare, store: SaveStore) -> None:  # type: ignore[no-untyped-def]
    session = new_session(store, "Ann,cpu:Bob", seed=83, game="shifting-stones")
    play_bots_until(session, lambda s: s.to_act() == [0])
    app = app_for(store, session)

    async def shifting(pilot: Pilot) -> None:
        await until(pilot, lambda: my_turn(app))
        await pilot.press("s", "enter", "down")

    assert snap_compare(app, run_before=shifting, terminal_size=(80, 24))


def test_shifting_stones_solo_game_over(snap_compare, store: SaveStore) -> None:  # type: ignore[no-untyped-def]
    session = new_session(store, "cpu:Ann", seed=85, game="shifting-stones")
    play_bots_until(session, lambda s: s.over)
    app = app_for(store, session)

    async def game_over(pilot: Pilot) -> None:
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen))

    assert snap_compare(app, run_before=game_over, terminal_size=(80, 24))


async def test_two_people_get_the_privacy_screen_before_every_turn(store: SaveStore) -> None:
    session = new_session(store, "Ann,Bob", seed=7, game="shifting-stones")
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        seen = await pass_and_play(pilot, turns=6, keys=stones_keys)
    assert seen.count("handoff") == 6
    assert each_turn_after_a_handoff(seen)


def stones_keys(screen: TableScreen) -> list[str]:
    assert isinstance(screen, ShiftingStonesScreen)
    return next_keys(screen)


async def test_game_over_names_each_player_s_cards_and_the_bonus_for_the_most_ones(
    store: SaveStore,
) -> None:
    session = new_session(store, "cpu:Ann,cpu:Bob", seed=9, game="shifting-stones")
    play_bots_until(session, lambda s: s.over)
    view = session.view(None)
    bonus = [
        seat for seat, info in enumerate(view["seats"]) if view["scores"][seat] > info["points"]
    ]
    assert bonus
    app = app_for(store, session)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        text = screen_text(app)
        for seat, info in enumerate(view["seats"]):
            cards = f"{len(info['scored'])} cards worth {info['points']}"
            assert f"{view['scores'][seat]} points: {cards}" in text
        assert text.count("+3 for the most") == len(bonus)


async def test_game_over_reveals_the_hand_each_player_still_held(store: SaveStore) -> None:
    session = new_session(store, "cpu:Ann,cpu:Bob", seed=9, game="shifting-stones")
    play_bots_until(session, lambda s: s.over)
    view = session.view(None)
    held = [info["revealed"] for info in view["seats"]]
    assert all(held)
    app = app_for(store, session)
    async with app.run_test(size=(160, 45)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        text = screen_text(app)
    for cards in held:
        worth = sum(card["value"] for card in cards)
        assert f"held {len(cards)} cards worth {worth}" in text
