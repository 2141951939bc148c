"""On big screens each other seat at the 3 x 3 table is a small framed box: its name, its
face-up cards as cards, its hand and face-down counts. At 80x24, and with many seats, the
seats stay the list of one line a seat."""

from __future__ import annotations

from typing import Any

import pytest
from rich.cells import cell_len
from test_three_by_three_looks import fullest_table

from rules.three_by_three_cards import card_label
from saves import SaveStore
from tui.games.three_by_three.boxes import (
    BoxGrid,
    SeatBoxes,
    box_cells,
    box_grid,
    boxed_seats,
    boxes_text,
)
from tui.games.three_by_three.screen import ThreeByThreeScreen
from tui.games.three_by_three.seats import SeatList
from tui.games.three_by_three.since import NOTHING, Changes
from tui.model import GameSession
from tui.widgets.playing_cards import CHIP, SMALL

from tui_helpers import app_for, new_session, play_bots_until, turn_at

WIDE = "李小龍張偉王芳劉洋陳靜楊"
"""Twelve wide letters: 24 cells, the widest name a player may have."""


def four_players(store: SaveStore) -> GameSession:
    """Ann and three computers in tour 2, Ann to play."""
    session = new_session(store, "Ann,cpu:Bob,cpu:Cy,cpu:Dee", seed=7)
    play_bots_until(session, lambda s: len(s.record.actions) >= 14 and s.to_act() == [0])
    return session


def seats_view(names: list[str], you: int | None = 0, **changes: Any) -> dict[str, Any]:
    """A view of a table in play with these players, each holding 3 cards in hand, 3 face
    down and 9 of spades, hearts and clubs face up."""
    view: dict[str, Any] = {
        "seat": you,
        "players": names,
        "phase": "play",
        "to_act": [0],
        "last": None,
        "seats": [
            {
                "name": name,
                "hand_count": 3,
                "face_up": ["9S", "9H", "9C"],
                "face_down": [True, True, True],
                "known": [],
                "place": None,
                "ready": True,
            }
            for name in names
        ],
    }
    view.update(changes)
    return view


@pytest.mark.parametrize("size", [(120, 36), (160, 45)], ids=["120x36", "160x45"])
async def test_on_big_screens_each_opponent_sits_in_a_box_with_cards_and_counts(
    store: SaveStore, size: tuple[int, int]
) -> None:
    session = four_players(store)
    app = app_for(store, session)
    async with app.run_test(size=size) as pilot:
        screen = await turn_at(pilot, app, ThreeByThreeScreen)
        await pilot.pause()
        boxes = screen.query_one(SeatBoxes)
        assert not screen.query_one(SeatList).display
        assert screen.region.contains_region(boxes.region)
        shown = boxes.render().plain
        for info in screen.view["seats"][1:]:
            down = sum(info["face_down"])
            assert info["name"] in shown
            assert f"hand {info['hand_count']} · down {down}" in shown
            for card in info["face_up"]:
                assert card_label(card) in shown


async def test_at_80x24_four_seats_sit_in_boxes_of_one_line_cards(store: SaveStore) -> None:
    app = app_for(store, four_players(store))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, ThreeByThreeScreen)
        boxes = screen.query_one(SeatBoxes)
        assert boxes.display and boxes.grid is not None and boxes.grid.size is CHIP
        assert not screen.query_one(SeatList).display


async def test_at_80x24_six_seats_stay_a_list(store: SaveStore) -> None:
    session = new_session(
        store, "Annabelle,cpu:Bartholomew,cpu:Cornelia,cpu:Dimitrios,cpu:Eve,cpu:Fay"
    )
    play_bots_until(session, lambda s: s.to_act() == [0])
    app = app_for(store, session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await turn_at(pilot, app, ThreeByThreeScreen)
        assert screen.query_one(SeatList).display
        assert not screen.query_one(SeatBoxes).display


async def test_eleven_players_stay_a_list_even_at_160x45(store: SaveStore) -> None:
    app = app_for(store, fullest_table(store))
    async with app.run_test(size=(160, 45)) as pilot:
        screen = await turn_at(pilot, app, ThreeByThreeScreen)
        assert screen.query_one(SeatList).display
        assert not screen.query_one(SeatBoxes).display


def test_the_seat_after_yours_sits_in_the_first_box() -> None:
    assert boxed_seats(seats_view(["Ann", "Bob", "Cy", "Dee"], you=2)) == [3, 0, 1]


def test_a_spectator_sees_every_seat_in_a_box() -> None:
    assert boxed_seats(seats_view(["Ann", "Bob", "Cy"], you=None)) == [0, 1, 2]


def test_five_opponents_sit_in_rows_as_even_as_can_be() -> None:
    view = seats_view(["Ann", "Bob", "Cy", "Dee", "Eve", "Flo"])

    grid = box_grid(view, width=100, lines=20)

    assert grid is not None and (grid.columns, grid.rows) == (3, 2)


def test_boxes_that_fit_in_no_two_rows_leave_the_seats_a_list() -> None:
    view = seats_view(["Ann", "Bob", "Cy", "Dee", "Eve", "Flo"])

    assert box_grid(view, width=40, lines=20) is None


def test_where_small_cards_leave_no_room_the_boxes_show_chips() -> None:
    view = seats_view(["Ann", "Bob", "Cy"])

    grid = box_grid(view, width=80, lines=5)

    assert grid is not None and grid.size is CHIP


def test_a_box_marks_the_seat_to_act_the_last_mover_and_a_take() -> None:
    view = seats_view(["Ann", "Bob"], to_act=[1])
    view["last"] = {"seat": 1, "kind": "take", "cards": [], "burned": 0, "took": 4}
    grid = BoxGrid(SMALL, 1, 1, 21)

    text = boxes_text(view, grid, Changes(took=frozenset({1})))
    reversed_text = {
        text.plain[span.start : span.end] for span in text.spans if "reverse" in str(span.style)
    }

    assert " >*Bob " in text.plain.splitlines()[0]
    assert {"Bob", " 3 "} <= reversed_text


def test_a_seat_whose_face_up_cards_changed_has_its_box_framed_heavy() -> None:
    view = seats_view(["Ann", "Bob"])
    grid = BoxGrid(SMALL, 1, 1, 21)

    plain = boxes_text(view, grid, Changes(face_up=frozenset({1}))).plain.splitlines()
    marked = boxes_text(view, grid, NOTHING).plain.splitlines()

    assert (plain[0][0], plain[-1][-1]) == ("┏", "┛")
    assert (marked[0][0], marked[-1][-1]) == ("╭", "╯")


def test_every_line_of_a_box_with_a_wide_name_is_as_wide_as_the_box() -> None:
    view = seats_view(["Ann", WIDE])
    grid = box_grid(view, width=120, lines=20)
    assert grid is not None

    rows = box_cells(view, 1, WIDE, grid, NOTHING)

    assert {sum(cell_len(char) for char, _ in row) for row in rows} == {grid.box_width}
    assert WIDE in "".join(char for char, _ in rows[0])
