"""The end: all own targets met wins (shared when several at once); else an empty stack ends it."""

from __future__ import annotations

import pytest

from rules import IllegalAction
from rules.xoxo import Place

from xoxo_staging import GAME, cover_quietly, deal, lay, lay_quiet_board, met, quiet, texts

TWO_LINES_THEN_RED_CIRCLES = "ROS YXS GSS YTU BXA YSA ROA ROU"
"""Left column sad (3rd tile), right column angry (7th), top row red and circle (8th)."""
LAYOUT = [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2), (2, 1), (2, 0), (1, 0)]


def test_meeting_the_last_own_target_wins_at_once() -> None:
    state = deal(
        general=TWO_LINES_THEN_RED_CIRCLES,
        targets=[["red", "circle", "sad"], ["blue", "cross", "happy"]],
        start=1,
    )
    state = lay(state, LAYOUT)
    assert GAME.is_over(state)
    assert GAME.to_act(state) == []
    assert texts(state, None, 10) == [
        "Ann met the target red: top row",
        "Ann met the target circle: top row",
        "Game over: Ann met all targets",
    ]
    assert GAME.result(state) == {
        "ranking": [[0], [1]],
        "winners": [0],
        "losers": [],
        "scores": [3, 0],
        "reason": {"kind": "won", "winners": [0]},
    }


def test_the_last_target_met_on_another_players_turn_also_wins() -> None:
    state = deal(
        general=TWO_LINES_THEN_RED_CIRCLES,
        targets=[["red", "circle", "sad"], ["blue", "cross", "happy"]],
    )
    state = lay(state, LAYOUT)
    assert texts(state, None, 9)[0] == "Bob placed red ● surprised (general stack)"
    assert GAME.result(state)["winners"] == [0]


def test_several_players_meeting_their_last_targets_at_once_share_the_win() -> None:
    targets = [["red", "sad"], ["circle", "angry"], ["green", "square"], ["yellow", "happy"]]
    state = lay(deal(4, general=TWO_LINES_THEN_RED_CIRCLES, targets=targets), LAYOUT)
    assert texts(state)[-1] == "Game over: Ann and Bob met all targets"
    result = GAME.result(state)
    assert (result["winners"], result["ranking"], result["scores"]) == (
        [0, 1],
        [[0, 1], [2, 3]],
        [2, 2, 0, 0],
    )
    assert GAME.summary(state) == {
        "turn": None,
        "facts": {
            "over": True,
            "winners": ["Ann", "Bob"],
            "seats": [
                {"name": "Ann", "met": 2},
                {"name": "Bob", "met": 2},
                {"name": "Cy", "met": 0},
                {"name": "Dan", "met": 0},
            ],
            "general": 8,
        },
    }


def test_no_move_is_legal_once_the_game_is_over() -> None:
    targets = [["red", "circle", "sad"], ["blue", "cross", "happy"]]
    state = lay(deal(general=TWO_LINES_THEN_RED_CIRCLES, targets=targets), LAYOUT)
    assert GAME.legal_actions(state, 0) == GAME.legal_actions(state, 1) == []
    assert GAME.view(state, 0)["placements"] == []
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, 0, Place("general", 1, 1))
    assert caught.value.code == "game-over"


def test_an_empty_general_stack_ends_the_game_and_most_targets_win() -> None:
    state = lay_quiet_board(
        quiet(targets=[["green", "sad", "yellow"], ["circle", "blue", "cross"]])
    )
    assert met(state) == [2, 1]
    state = cover_quietly(state, 14)
    assert not GAME.is_over(state)
    assert GAME.view(state, None)["general"]["count"] == 1
    state = cover_quietly(state, 1)
    assert texts(state)[-1] == "Game over: the general stack is empty — Ann wins with 2 targets"
    assert GAME.result(state) == {
        "ranking": [[0], [1]],
        "winners": [0],
        "losers": [],
        "scores": [2, 1],
        "reason": {"kind": "ended", "empty": None, "winner": 0, "met": 2, "tied": False},
    }


def test_an_empty_personal_stack_ends_the_game_too() -> None:
    state = lay_quiet_board(quiet(targets=[["green", "red", "yellow"], ["circle", "sad", "cross"]]))
    state = cover_quietly(state, 24, sources=("general", "own"))
    assert GAME.view(state, None)["seats"][0]["stack"]["count"] == 0
    assert texts(state)[-1] == "Game over: Ann's stack is empty — Bob wins with 2 targets"
    assert GAME.result(state)["reason"] == {
        "kind": "ended",
        "empty": 0,
        "winner": 1,
        "met": 2,
        "tied": False,
    }


def test_on_a_tie_the_tied_player_next_after_the_placer_wins() -> None:
    state = lay_quiet_board(
        quiet(targets=[["green", "red", "yellow"], ["circle", "blue", "cross"]])
    )
    state = cover_quietly(state, 15)
    assert texts(state, None, len(texts(state)) - 2) == [
        "Bob placed blue ▲ surprised (general stack)",
        "Game over: the general stack is empty — Ann wins with 1 target (tie broken by turn order)",
    ]
    result = GAME.result(state)
    assert (result["ranking"], result["scores"]) == ([[0], [1]], [1, 1])
    assert result["reason"] == {"kind": "ended", "empty": None, "winner": 0, "met": 1, "tied": True}


def test_on_a_tie_the_player_who_placed_comes_last() -> None:
    state = quiet(targets=[["green", "red", "yellow"], ["circle", "blue", "cross"]], start=1)
    state = cover_quietly(lay_quiet_board(state), 15)
    assert texts(state)[-2].startswith("Ann placed")
    assert GAME.result(state)["winners"] == [1]


def test_a_tied_player_further_on_beats_an_untied_one_in_between() -> None:
    targets = [
        ["green", "red", "happy"],
        ["yellow", "cross", "angry"],
        ["blue", "circle", "surprised"],
    ]
    state = cover_quietly(lay_quiet_board(quiet(3, targets=targets, start=1)), 9)
    assert texts(state)[-2].startswith("Ann placed")
    assert met(state) == [1, 0, 1]
    result = GAME.result(state)
    assert (result["winners"], result["ranking"]) == ([2], [[2], [0], [1]])
    assert texts(state)[-1].endswith("Cy wins with 1 target (tie broken by turn order)")


def test_meeting_all_targets_counts_before_the_empty_stack_on_the_same_placement() -> None:
    targets = [["sad", "surprised"], ["green", "red"], ["circle", "yellow"], ["blue", "cross"]]
    state = quiet(4, targets=targets, after="RXA RXU RSS RSU RTH RTS BTU")
    state = cover_quietly(lay_quiet_board(state), 6)
    state = lay(state, [(1, 1)])
    assert GAME.view(state, None)["general"]["count"] == 0
    assert texts(state)[-2:] == [
        "Ann met the target surprised: diagonal from top right",
        "Game over: Ann met all targets",
    ]
    assert GAME.result(state)["reason"] == {"kind": "won", "winners": [0]}
