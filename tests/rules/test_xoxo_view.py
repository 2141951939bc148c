"""What a seat sees: the view schema, the tiles in words, the log and the summary."""

from __future__ import annotations

import json

import pytest

from rules.xoxo import SHAPE_SYMBOL, tile_text

from xoxo_staging import GAME, deal, lay, lay_quiet_board, place, quiet, texts

VIEW_KEYS = {
    "game", "seat", "players", "phase", "to_act", "start", "cells", "frame", "full", "last",
    "placements", "general", "seats", "boxed", "winners",
}  # fmt: skip
SEAT_KEYS = {"name", "stack", "targets", "met"}
TARGETS = [["red", "circle", "happy"], ["blue", "cross", "sad"]]


def test_the_view_has_exactly_the_documented_keys_and_is_plain_json() -> None:
    state = lay(deal(targets=TARGETS), [(0, 0), (1, 0)])
    for seat in (None, 0, 1):
        view = GAME.view(state, seat)
        assert set(view) == VIEW_KEYS
        assert all(set(info) == SEAT_KEYS for info in view["seats"])
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
                    {"kind": "colour", "value": "red", "met": False},
                    {"kind": "shape", "value": "circle", "met": False},
                    {"kind": "face", "value": "happy", "met": False},
                ],
                "met": 0,
            },
            {
                "name": "Bob",
                "stack": {"count": 12, "top": "GSA"},
                "targets": [
                    {"kind": "colour", "value": None, "met": False},
                    {"kind": "shape", "value": None, "met": False},
                    {"kind": "face", "value": None, "met": False},
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


def test_the_view_of_an_unknown_seat_is_refused() -> None:
    with pytest.raises(ValueError, match="no seat 2"):
        GAME.view(deal(), 2)


def test_a_tile_in_the_log_shows_its_shape_as_a_symbol() -> None:
    assert tile_text("GTU") == "green ▲ surprised"
    assert set(SHAPE_SYMBOL.values()) == {"●", "✕", "■", "▲"}


def test_the_log_names_who_placed_what_from_where() -> None:
    state = deal(own={0: "BTU"}, general="GSA", targets=TARGETS, start=0)
    state = place(place(state, "own", 0, 0), "general", 0, 1)
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
    assert texts(state, 0) == texts(state, 1) == texts(state, None)


def test_the_summary_counts_met_targets_and_the_general_stack() -> None:
    state = lay_quiet_board(quiet(targets=[["green", "red", "yellow"], ["circle", "sad", "cross"]]))
    assert GAME.summary(state) == {
        "turn": "Bob",
        "status": "Targets met: Ann 1, Bob 2 · general 15",
    }
