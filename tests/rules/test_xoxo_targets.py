"""Targets: three top tiles in a line showing the value meet it, for any player, at once."""

from __future__ import annotations

import json

from xoxo_staging import GAME, deal, lay, lay_quiet_board, met, place, quiet, texts

ROW = [(0, 0), (1, 0), (2, 0)]
COLUMN = [(0, 0), (0, 1), (0, 2)]


def targets_of(
    state: object, seat: int, viewer: int | None = None
) -> list[tuple[str | None, bool]]:
    view = GAME.view(state, viewer)
    return [(t["value"], t["met"]) for t in view["seats"][seat]["targets"]]


def test_three_reds_in_a_row_meet_the_placers_red_target() -> None:
    state = deal(
        general="ROS RXH RSH", targets=[["red", "triangle", "angry"], ["blue", "cross", "sad"]]
    )
    state = lay(state, ROW)
    assert targets_of(state, 0, None) == [("red", True), (None, False), (None, False)]
    assert texts(state, None, 4) == ["Ann met the target red: the row"]
    assert met(state) == [1, 0]


def test_a_target_is_met_on_someone_elses_turn_without_asking() -> None:
    state = deal(
        general="ROS RXH RSH", targets=[["blue", "triangle", "angry"], ["red", "cross", "sad"]]
    )
    state = lay(state, ROW)
    assert texts(state, None, 3) == [
        "Ann placed red ■ happy (general stack)",
        "Bob met the target red: the row",
    ]
    assert met(state) == [0, 1]
    assert GAME.to_act(state) == [1]


def test_a_target_met_on_someone_elses_turn_is_their_action_in_the_log() -> None:
    state = deal(
        general="ROS RXH RSH", targets=[["blue", "triangle", "angry"], ["red", "cross", "sad"]]
    )
    state = lay(state, ROW)
    *_, placed, claimed = GAME.log(state, 1)
    assert (placed["actor"], claimed["actor"]) == (0, 0)


def test_three_circles_in_a_column_meet_circle() -> None:
    state = deal(
        general="ROS YOH GOU", targets=[["blue", "circle", "angry"], ["red", "cross", "sad"]]
    )
    state = lay(state, COLUMN)
    assert texts(state, None, 4) == ["Ann met the target circle: the column"]


def test_a_diagonal_counts_once_the_frame_is_3_by_3_even_before_nine_tiles_lie() -> None:
    state = deal(
        general="BOH RXA BSU YTS BTS",
        targets=[["blue", "cross", "angry"], ["red", "circle", "sad"]],
    )
    state = lay(state, [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)])
    assert texts(state, None, 6) == ["Ann met the target blue: diagonal from top left"]
    assert GAME.view(state, None)["full"] is False


def test_the_other_diagonal_runs_from_top_right() -> None:
    state = lay_quiet_board(
        quiet(targets=[["green", "cross", "angry"], ["red", "square", "happy"]])
    )
    assert "Ann met the target green: diagonal from top right" in texts(state)


def test_a_value_shared_by_only_two_of_three_tiles_meets_nothing() -> None:
    state = deal(
        general="ROS RXH YSH", targets=[["red", "cross", "happy"], ["blue", "circle", "sad"]]
    )
    state = lay(state, ROW)
    assert met(state) == [0, 0]


def test_one_line_can_meet_two_targets_of_one_player_at_once() -> None:
    state = deal(
        general="ROS ROA ROU", targets=[["red", "circle", "happy"], ["blue", "cross", "sad"]]
    )
    state = lay(state, ROW)
    assert texts(state, None, 4) == [
        "Ann met the target red: the row",
        "Ann met the target circle: the row",
    ]
    assert targets_of(state, 0, 1) == [("red", True), ("circle", True), (None, False)]


def test_one_tile_can_show_a_value_in_two_lines_and_both_are_named() -> None:
    state = deal(
        general="ROS RXH YOH RSU RTH RSH",
        targets=[["red", "cross", "angry"], ["blue", "circle", "sad"]],
    )
    state = lay(state, [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2), (2, 0)])
    assert texts(state, None, 7) == ["Ann met the target red: top row and right column"]


def test_targets_met_by_one_placement_are_revealed_from_the_placer_on_in_seat_order() -> None:
    state = deal(
        general="ROS ROA ROU",
        targets=[["red", "cross", "happy"], ["blue", "circle", "sad"]],
        start=1,
    )
    state = lay(state, ROW)
    assert texts(state, None, 4) == [
        "Bob met the target circle: the row",
        "Ann met the target red: the row",
    ]


def test_a_line_in_a_value_nobody_holds_meets_nothing() -> None:
    state = lay_quiet_board(quiet(targets=[["red", "cross", "happy"], ["blue", "square", "angry"]]))
    assert met(state) == [0, 0]
    assert not [line for line in texts(state) if "met" in line]


def test_a_tile_placed_on_top_can_complete_a_line_only_the_top_tiles_count() -> None:
    state = quiet(targets=[["red", "square", "happy"], ["blue", "cross", "angry"]], after="BSH")
    state = place(lay_quiet_board(state), "general", 1, 1)
    assert texts(state, None, 11) == ["Ann met the target square: middle column"]


def test_covering_a_tile_of_a_met_line_does_not_unmeet_the_target() -> None:
    state = quiet(targets=[["red", "cross", "sad"], ["blue", "square", "angry"]], after="BSH")
    state = lay_quiet_board(state)
    assert targets_of(state, 0, None)[2] == ("sad", True)
    state = place(state, "general", 1, 1)
    assert targets_of(state, 0, None)[2] == ("sad", True)
    assert met(state) == [1, 1]


def test_a_met_target_is_logged_with_its_owner_value_and_the_lines_that_show_it() -> None:
    state = deal(
        general="ROS RXH YOH RSU RTH RSH",
        targets=[["red", "cross", "angry"], ["blue", "circle", "sad"]],
    )
    state = lay(state, [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2), (2, 0)])
    (entry,) = GAME.log(state, 1, 7)
    assert entry == {
        "index": 7,
        "actor": 1,
        "event": {"kind": "met", "owner": 0, "value": "red", "lines": ["top-row", "right-column"]},
    }


def test_a_line_is_named_by_its_place_in_the_layout_while_it_grows() -> None:
    row = deal(
        general="ROS RXH RSH", targets=[["red", "cross", "angry"], ["blue", "circle", "sad"]]
    )
    diagonal = lay_quiet_board(
        quiet(targets=[["green", "cross", "angry"], ["red", "square", "happy"]])
    )
    lines = [
        entry["event"]["lines"]
        for state in (lay(row, ROW), diagonal)
        for entry in GAME.log(state, None)
        if entry["event"]["kind"] == "met"
    ]
    assert lines == [["only-row"], ["diagonal-from-top-right"]]


def test_a_saved_met_event_keeps_the_line_names_saves_hold_and_reads_the_same() -> None:
    state = lay_quiet_board(quiet(targets=[["green", "red", "yellow"], ["circle", "sad", "cross"]]))
    stored = GAME.state_to_json(state)
    assert ["met", 1, 0, "green", ["diagonal from top right"]] in stored["events"]
    loaded = GAME.state_from_json(json.loads(json.dumps(stored)))
    assert GAME.log(loaded, 0) == GAME.log(state, 0)
