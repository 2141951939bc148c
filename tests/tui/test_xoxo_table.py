"""XOXO at the table: a whole game through keys, stack choice, cells, and how it looks."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot
from textual.strip import Strip

from saves import SaveStore
from tui.games.xoxo.board import BoardColumn
from tui.games.xoxo.screen import XoxoScreen
from tui.games.xoxo.tiles import SMALL_TILE
from tui.model import GameSession
from tui.screens.game_over import GameOverScreen

from tui_helpers import (
    app_for,
    each_turn_after_a_handoff,
    new_session,
    pass_and_play,
    play_bots_until,
    screen_text,
    shown,
    turn_at,
    until,
    waits_for_enter,
)


async def test_a_person_plays_a_whole_xoxo_game_against_the_computer(store: SaveStore) -> None:
    session = new_session(store, "Ann,cpu:Bob", seed=17, game="xoxo")
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pass_and_play(pilot)
        assert "met" in await shown(pilot)
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


async def test_the_next_player_does_not_inherit_the_stack_choice(store: SaveStore) -> None:
    session = new_session(store, "Ann,Bob", seed=3, game="xoxo")
    play_bots_until(session, lambda s: len(s.record.actions) >= 2 and s.to_act() == [0])
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: waits_for_enter(app))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, XoxoScreen) and app.screen.my_turn)
        await pilot.press("2", "enter")
        await until(pilot, lambda: waits_for_enter(app))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, XoxoScreen) and app.screen.my_turn)
        screen = app.screen
        assert isinstance(screen, XoxoScreen)
        assert screen.shown_seat == 1
        assert screen.source == "own"


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


async def test_two_people_get_the_privacy_screen_before_every_turn(store: SaveStore) -> None:
    session = new_session(store, "Ann,Bob", seed=19, game="xoxo")
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        seen = await pass_and_play(pilot, turns=12)
    assert seen.count("handoff") == 12
    assert each_turn_after_a_handoff(seen)


def bob_is_about_to_meet_a_target(s: GameSession) -> bool:
    """Bob (a computer) is to act, and the tile he chooses meets a target."""
    seat = s.to_act()[0]
    if s.is_human(seat):
        return False
    after = s.game.apply(s.state, seat, s.bot_choice(seat))
    return sum(i["met"] for i in s.game.view(after, None)["seats"]) > sum(
        i["met"] for i in s.view(None)["seats"]
    )


async def test_a_met_target_is_said_in_the_prompt_with_the_lines_that_met_it(
    store: SaveStore,
) -> None:
    session = new_session(store, "Ann,cpu:Bob", seed=23, game="xoxo")
    play_bots_until(session, bob_is_about_to_meet_a_target)
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, XoxoScreen) and app.screen.my_turn)
        met = next(e["text"] for e in reversed(session.log(0)) if " met the target " in e["text"])
        name_value, lines = met.split(": ")
        name, value = name_value.split(" met the target ")
        assert f"Target met: {name}, {value} ({lines})" in screen_text(app)
        assert not app._notifications


async def test_a_met_target_is_announced_in_german_with_the_lines_that_met_it(
    store: SaveStore,
) -> None:
    session = new_session(store, "Ann,cpu:Bob", seed=23, game="xoxo")
    play_bots_until(session, bob_is_about_to_meet_a_target)
    app = app_for(store, session, language="de")
    async with app.run_test(size=(80, 24)) as pilot:
        await turn_at(pilot, app, XoxoScreen)
        met = next(
            e["text"] for e in reversed(session.log(0)) if " hat die Zielkarte " in e["text"]
        )
        name_value, lines = met.split(": ")
        name, value = name_value.removesuffix(" erfüllt").split(" hat die Zielkarte ")
        assert f"Zielkarte erfüllt: {name}, {value} ({lines})" in screen_text(app)


async def test_the_news_of_a_met_target_stays_until_the_person_places_a_tile(
    store: SaveStore,
) -> None:
    session = new_session(store, "Ann,cpu:Bob", seed=23, game="xoxo")
    play_bots_until(session, bob_is_about_to_meet_a_target)
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, XoxoScreen) and app.screen.my_turn)
        await pilot.press("2", "tab")
        assert "Target met: Bob" in screen_text(app)
        moves = len(session.record.actions)
        await pilot.press("enter")
        await until(pilot, lambda: len(session.record.actions) > moves)
        assert "Target met: Bob" not in screen_text(app)


async def test_the_tiles_placed_since_your_own_last_tile_are_marked(store: SaveStore) -> None:
    session = new_session(store, "Ann,cpu:Bob,cpu:Cy,cpu:Dee", seed=6, game="xoxo")
    play_bots_until(session, lambda s: len(s.record.actions) >= 12 and s.to_act() == [0])
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, XoxoScreen)
        moves = len(session.record.actions)
        await pilot.press("enter")
        await until(pilot, lambda: len(session.record.actions) == moves + 4 and screen.my_turn)
        mine = session.view(0)
        placed = {(move["x"], move["y"]) for _, move in session.record.actions[moves + 1 :]}
        last = (mine["last"]["x"], mine["last"]["y"])
        assert screen.board.changed == placed
        layout = screen.board.board_layout
        marks = {
            cell: layout.content(cell, SMALL_TILE.width, SMALL_TILE.height, False)[0].plain[0]
            for cell in layout.tiles
        }
        assert {cell for cell, mark in marks.items() if mark == "◇"} == placed - {last}
        assert marks[last] == "◆"


async def test_the_line_of_a_target_just_met_is_marked_on_the_board(store: SaveStore) -> None:
    session = new_session(store, "Ann,cpu:Bob", seed=23, game="xoxo")
    play_bots_until(session, bob_is_about_to_meet_a_target)
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, XoxoScreen)
        (met,) = [t for t in session.view(0)["seats"][1]["targets"] if t["met"]]
        cells = {(c["x"], c["y"]) for line in met["lines"] for c in line}
        assert cells and screen.board.lines == cells
        moves = len(session.record.actions)
        await pilot.press("enter")
        await until(pilot, lambda: len(session.record.actions) > moves + 1 and screen.my_turn)
        assert not screen.board.lines or screen.news


# ---- the cursor: along rows and columns only ----------------------------


def full_board(store: SaveStore) -> GameSession:
    """The 3x3 is full and it is Ann's turn: every tile but the last one may be covered."""
    session = new_session(store, "Ann,cpu:Bob", seed=9, game="xoxo")
    play_bots_until(session, lambda s: s.to_act() == [0] and s.view(0)["full"])
    return session


async def test_left_and_right_never_leave_the_row_nor_up_and_down_the_column(
    store: SaveStore,
) -> None:
    app = app_for(store, full_board(store))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, XoxoScreen)
        for start in sorted(screen.stops()):
            for key, keeps in (("left", 1), ("right", 1), ("up", 0), ("down", 0)):
                screen.cursor = start
                await pilot.press(key)
                assert screen.cursor[keeps] == start[keeps], (start, key, screen.cursor)


async def test_left_toward_the_last_tile_stops_on_it_and_enter_places_nothing(
    store: SaveStore,
) -> None:
    """The 3x3 is full; the last tile may not be covered. Left from its right neighbour
    lands on it (not in another row), and Enter there says why it places nothing."""
    session = full_board(store)
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, XoxoScreen)
        last = (screen.view["last"]["x"], screen.view["last"]["y"])
        frame = screen.view["frame"]
        right_end = frame["min_x"] + frame["width"] - 1
        beside = (last[0] + 1, last[1]) if last[0] < right_end else (last[0] - 1, last[1])
        screen.cursor = beside
        moves = len(session.record.actions)
        await pilot.press("left" if beside[0] > last[0] else "right", "enter")
        await pilot.pause()
        assert screen.cursor == last
        assert len(session.record.actions) == moves
        assert "may not be covered" in screen_text(app)


async def test_at_the_end_of_a_line_the_cursor_stays(store: SaveStore) -> None:
    app = app_for(store, full_board(store))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, XoxoScreen)
        frame = screen.view["frame"]
        corner = (frame["min_x"], frame["min_y"])
        screen.cursor = corner
        await pilot.press("left", "up")
        assert screen.cursor == corner


def one_tile_laid(store: SaveStore) -> GameSession:
    """Bob laid the first tile; Ann's turn, with a free cell on each side of it."""
    session = new_session(store, "Ann,cpu:Bob", seed=1, game="xoxo")
    play_bots_until(session, lambda s: s.to_act() == [0] and len(s.view(0)["cells"]) == 1)
    return session


async def test_every_free_cell_can_be_reached_with_the_arrows(store: SaveStore) -> None:
    """With one tile laid, the free cells form a cross around it; from each of them the
    arrows reach every other one (over the tile), never moving sideways out of a line."""
    session = one_tile_laid(store)
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, XoxoScreen)
        reached, todo = {screen.cursor}, [screen.cursor]
        while todo:
            here = todo.pop()
            for key in ("left", "right", "up", "down"):
                screen.cursor = here
                await pilot.press(key)
                if screen.cursor not in reached:
                    reached.add(screen.cursor)
                    todo.append(screen.cursor)
        assert set(screen.open_cells()) <= reached
        assert reached == screen.stops()


async def test_a_cursor_move_repaints_only_the_two_cells_it_touches(
    store: SaveStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = app_for(store, full_board(store))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, XoxoScreen)
        frame = screen.view["frame"]
        screen.cursor = (frame["min_x"], frame["min_y"])
        await pilot.pause()
        painted: list[tuple[int, int]] = []
        paint = BoardColumn.render_line

        def counted(column: BoardColumn, y: int) -> Strip:
            painted.append((column.index, y))
            return paint(column, y)

        monkeypatch.setattr(BoardColumn, "render_line", counted)
        await pilot.press("right")
        await pilot.pause()
    assert sorted({column for column, _ in painted}) == [0, 1]
    assert len(painted) == 2 * SMALL_TILE.height


# ---- the hint says what can be done now -------------------------------------


async def test_while_the_layout_grows_the_hint_points_to_the_free_cells(store: SaveStore) -> None:
    session = one_tile_laid(store)
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        await turn_at(pilot, app, XoxoScreen)
        assert "Arrows move, Enter places here. The cells marked + take a tile." in screen_text(app)


async def test_on_a_tile_while_the_layout_grows_the_hint_says_it_is_taken(
    store: SaveStore,
) -> None:
    session = one_tile_laid(store)
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, XoxoScreen)
        screen.cursor = (0, 0)
        await pilot.pause()
        assert "Taken: tiles go on top once the 3x3 is full." in screen_text(app)


async def test_once_the_3x3_is_full_the_hint_speaks_of_tiles_not_free_cells(
    store: SaveStore,
) -> None:
    app = app_for(store, full_board(store))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, XoxoScreen)
        assert screen.cursor in screen.open_cells()
        shown = screen_text(app)
        assert "Enter places on this tile. ◆ last tile, ◇ since your turn, xN pile." in shown
        assert "marked +" not in shown


async def test_a_click_points_at_a_cell_and_a_second_click_places_there(
    store: SaveStore,
) -> None:
    session = full_board(store)
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, XoxoScreen)
        cell = next(c for c in screen.open_cells() if c != screen.cursor)
        place = screen.board.board_layout.place(cell)
        assert place is not None
        index, region = place
        column = screen.board.columns[index]
        await pilot.click(column, offset=(region.x + 2, region.y + 1))
        assert screen.cursor == cell
        moves = len(session.record.actions)
        await pilot.click(column, offset=(region.x + 2, region.y + 1))
        await pilot.pause()
        _, placed = session.record.actions[moves]
        assert (placed["x"], placed["y"]) == cell
