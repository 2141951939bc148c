"""What a seat sees: the view schema, the log's records and the summary."""

from __future__ import annotations

import json

import pytest

from rules.xoxo import CellView, SeatView, StackView, TargetView, XoxoView

from xoxo_staging import GAME, deal, lay, lay_quiet_board, place, quiet, texts

TARGETS = [["red", "circle", "happy"], ["blue", "cross", "sad"]]


def test_the_view_has_exactly_the_keys_its_type_declares_and_is_plain_json() -> None:
    state = lay(lay_quiet_board(quiet(targets=TARGETS)), [(0, 0)])
    for seat in (None, 0, 1):
        view = GAME.view(state, seat)
        assert set(view) == XoxoView.__required_keys__
        assert set(view["general"]) == StackView.__required_keys__
        assert all(set(cell) == CellView.__required_keys__ for cell in view["cells"])
        for info in view["seats"]:
            assert set(info) == SeatView.__required_keys__
            assert all(set(t) == TargetView.__required_keys__ for t in info["targets"])
        assert json.loads(json.dumps(view)) == view


def test_a_fresh_view() -> None:
    state = deal(own={0: "BTU", 1: "GSA"}, general="RTS", targets=TARGETS, start=1)
    view = GAME.view(state, 0)
    assert view == {
        "game": "xoxo",
        "seat": 0,
        "players": ["Ann", "Bob"],
        "phase": "play",
        "to_act": [1],
        "start": 1,
        "cells": [],
        "frame": None,
        "full": False,
        "last": None,
        "placements": [{"x": 0, "y": 0}],
        "general": {"count": 24, "top": "RTS"},
        "seats": [
            {
                "name": "Ann",
                "stack": {"count": 12, "top": "BTU"},
                "targets": [
                    {"kind": "colour", "value": "red", "met": False, "lines": []},
                    {"kind": "shape", "value": "circle", "met": False, "lines": []},
                    {"kind": "face", "value": "happy", "met": False, "lines": []},
                ],
                "met": 0,
            },
            {
                "name": "Bob",
                "stack": {"count": 12, "top": "GSA"},
                "targets": [
                    {"kind": "colour", "value": None, "met": False, "lines": []},
                    {"kind": "shape", "value": None, "met": False, "lines": []},
                    {"kind": "face", "value": None, "met": False, "lines": []},
                ],
                "met": 0,
            },
        ],
        "boxed": 6,
        "winners": [],
    }


def test_a_spectator_sees_no_unmet_target_value() -> None:
    view = GAME.view(deal(targets=TARGETS), None)
    assert view["seat"] is None
    assert all(t["value"] is None for info in view["seats"] for t in info["targets"])


def test_cells_come_in_row_major_order_with_their_top_tile_and_height() -> None:
    state = lay_quiet_board(quiet(targets=TARGETS, after="RXA"))
    state = place(state, "general", 1, 1)
    view = GAME.view(state, None)
    assert [(c["x"], c["y"]) for c in view["cells"]] == [(x, y) for y in range(3) for x in range(3)]
    assert view["cells"][4] == {"x": 1, "y": 1, "top": "RXA", "height": 2}
    assert view["frame"] == {"min_x": 0, "min_y": 0, "width": 3, "height": 3}
    assert view["last"] == {"x": 1, "y": 1}


def test_a_met_target_names_the_lines_that_show_its_value() -> None:
    state = lay_quiet_board(
        quiet(targets=[["red", "square", "angry"], ["green", "triangle", "happy"]])
    )
    target = GAME.view(state, None)["seats"][1]["targets"][0]
    assert target["value"] == "green" and target["met"]
    tops = {(c["x"], c["y"]): c["top"] for c in GAME.view(state, None)["cells"]}
    assert target["lines"]
    for line in target["lines"]:
        assert len(line) == 3 and all(tops[(c["x"], c["y"])][0] == "G" for c in line)


def test_an_unmet_target_names_no_line() -> None:
    view = GAME.view(lay_quiet_board(quiet(targets=TARGETS)), 0)
    assert all(t["lines"] == [] for t in view["seats"][0]["targets"] if not t["met"])


def test_the_view_of_an_unknown_seat_is_refused() -> None:
    with pytest.raises(ValueError, match="no seat 2"):
        GAME.view(deal(), 2)


def test_the_log_names_who_placed_what_from_where() -> None:
    state = deal(own={0: "BTU"}, general="GSA", targets=TARGETS, start=0)
    state = place(place(state, "own", 0, 0), "general", 0, 1)
    assert [entry["event"] for entry in GAME.log(state, None)] == [
        {"kind": "start", "first": 0, "tiles": 12, "targets": 3},
        {"kind": "place", "seat": 0, "source": "own", "tile": "BTU", "x": 0, "y": 0},
        {"kind": "place", "seat": 1, "source": "general", "tile": "GSA", "x": 0, "y": 1},
    ]
    assert texts(state) == [
        "Setup: 12 tiles and 3 targets each; Ann starts",
        "Ann placed blue ▲ surprised (own stack)",
        "Bob placed green ■ angry (general stack)",
    ]
    assert [entry["actor"] for entry in GAME.log(state, 1)] == [None, 0, 1]
    assert [entry["index"] for entry in GAME.log(state, 0, 1)] == [1, 2]
    assert GAME.event_count(state) == 3


def test_the_log_reads_the_same_for_every_seat() -> None:
    state = lay_quiet_board(quiet(targets=[["green", "red", "yellow"], ["circle", "sad", "cross"]]))
    assert GAME.log(state, 0) == GAME.log(state, 1) == GAME.log(state, None)


def test_the_log_is_plain_json_and_holds_no_words() -> None:
    state = lay_quiet_board(quiet(targets=[["green", "red", "yellow"], ["circle", "sad", "cross"]]))
    log = GAME.log(state, None)
    assert json.loads(json.dumps(log)) == log
    assert all(set(entry) == {"index", "actor", "event"} for entry in log)


def test_the_summary_counts_met_targets_and_the_general_stack() -> None:
    state = lay_quiet_board(quiet(targets=[["green", "red", "yellow"], ["circle", "sad", "cross"]]))
    assert GAME.summary(state) == {
        "turn": "Bob",
        "facts": {
            "over": False,
            "winners": [],
            "seats": [{"name": "Ann", "met": 1}, {"name": "Bob", "met": 2}],
            "general": 15,
        },
    }
