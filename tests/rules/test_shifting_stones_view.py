"""What a seat sees: the grid with both sides of every stone, its own hand with what it may
score now, everyone's hand size and scored cards, the piles, the turn so far, and the last
turn as everyone saw it."""

from __future__ import annotations

from rules.shifting_stones import PATTERN, VALUE
from tui.games.shifting_stones.words import status_text

from stones_staging import GAME, deal, end, flip, score, shift, showing_card, skip, texts

TOP_KEYS = {
    "game",
    "seat",
    "players",
    "phase",
    "to_act",
    "start",
    "solo",
    "edition",
    "grid",
    "hand",
    "seats",
    "draw_count",
    "discard_top",
    "discard_count",
    "discard",
    "reshuffled",
    "deck_values",
    "turn",
    "goal",
    "last_round",
    "trigger",
    "strikes",
    "max_strikes",
    "scores",
    "winners",
    "last",
}
SEAT_KEYS = {"name", "hand_count", "scored", "points", "ones", "skipped_last", "revealed"}


def test_a_fresh_view_follows_the_schema() -> None:
    view = GAME.view(deal(3, start=1), 2)
    assert set(view) == TOP_KEYS
    assert view["game"] == "shifting-stones"
    assert (view["seat"], view["players"], view["phase"]) == (2, ["Ann", "Bob", "Cy"], "play")
    assert (view["to_act"], view["start"], view["solo"]) == ([1], 1, False)
    assert view["edition"] == 1
    assert view["grid"][0] == {"up": "sun", "down": "moon"}
    assert len(view["grid"]) == 9
    assert all(set(info) == SEAT_KEYS for info in view["seats"])
    assert view["seats"][0] == {
        "name": "Ann",
        "hand_count": 4,
        "scored": [],
        "points": 0,
        "ones": 0,
        "skipped_last": False,
        "revealed": [],
    }
    assert (view["draw_count"], view["discard_top"], view["discard_count"]) == (60, None, 0)
    assert (view["discard"], view["reshuffled"], view["trigger"]) == ([], [], None)
    assert view["deck_values"] == [
        {"value": 1, "count": 32},
        {"value": 2, "count": 20},
        {"value": 3, "count": 14},
        {"value": 5, "count": 6},
    ]
    assert view["turn"] == {"actions": 0, "scored": 0, "can_skip": True}
    assert (view["goal"], view["last_round"], view["strikes"], view["max_strikes"]) == (
        9,
        False,
        0,
        0,
    )
    assert (view["scores"], view["winners"]) == (None, [])


def test_a_seat_sees_its_own_hand_in_hand_order_with_values_and_patterns() -> None:
    view = GAME.view(deal(2, hands=[[], [5, 0]]), 1)
    assert [card["id"] for card in view["hand"]] == [5, 0, 67, 66]
    assert view["hand"][0] == {
        "id": 5,
        "value": VALUE[5],
        "pattern": list(PATTERN[5]),
        "scorable": False,
    }


def test_a_spectator_sees_no_hand() -> None:
    assert GAME.view(deal(2), None)["hand"] == []


def test_the_cards_that_match_now_are_marked_scorable_for_the_seat_to_act() -> None:
    view = GAME.view(deal(2, showing_card(0), hands=[[5, 0]]), 0)
    assert [card["scorable"] for card in view["hand"]] == [False, True, False, False]


def test_the_discard_pile_shows_its_top_card() -> None:
    state = flip(flip(deal(2), 0, 71, 0), 0, 70, 0)
    view = GAME.view(state, 1)
    assert view["discard_top"] == {"id": 70, "value": 5, "pattern": list(PATTERN[70])}
    assert view["discard_count"] == 2


def test_scored_cards_are_public() -> None:
    state = score(deal(2, showing_card(0), hands=[[0]]), 0, 0)
    seat = GAME.view(state, 1)["seats"][0]
    assert seat["scored"] == [{"id": 0, "value": 1, "pattern": list(PATTERN[0])}]
    assert (seat["points"], seat["ones"], seat["hand_count"]) == (1, 1, 3)


def test_the_turn_so_far_is_the_same_for_every_viewer() -> None:
    state = score(deal(2, showing_card(0), hands=[[0]]), 0, 0)
    turns = [GAME.view(state, seat)["turn"] for seat in (None, 0, 1)]
    assert turns == [{"actions": 1, "scored": 1, "can_skip": False}] * 3


def test_a_solo_view_counts_strikes() -> None:
    view = GAME.view(end(deal(1), 0), 0)
    assert (view["solo"], view["goal"], view["strikes"], view["max_strikes"]) == (True, 16, 1, 4)


def test_the_summary_lists_points_and_the_draw_pile() -> None:
    state = score(deal(2, showing_card(0), hands=[[0]]), 0, 0)
    summary = GAME.summary(state)
    assert summary == {
        "turn": "Ann",
        "facts": {
            "phase": "play",
            "seats": [{"name": "Ann", "points": 1}, {"name": "Bob", "points": 0}],
            "draw": 64,
            "last_round": False,
        },
    }
    assert status_text(summary["facts"]) == "Ann 1 pt, Bob 0 pts · draw 64"


def test_the_solo_summary_counts_scored_cards_and_strikes() -> None:
    summary = GAME.summary(end(deal(1), 0))
    assert summary["turn"] == "Ann"
    assert status_text(summary["facts"]) == "0 of 16 scored · strikes 1/4"


def test_the_log_opens_with_the_first_player_and_the_goal() -> None:
    assert GAME.log(deal(3, start=1), None) == [
        {"index": 0, "actor": 1, "event": {"kind": "start", "first": 1, "goal": 9}}
    ]
    assert texts(deal(3, start=1)) == [
        "Bob takes the first turn; the last round begins once someone has scored 9 cards"
    ]
    assert texts(deal(1), 0) == ["Ann plays solo: score all 16 cards before 4 strikes"]


# ---- the last turn, as everyone saw it ------------------------------------------------


def test_before_the_first_action_there_is_no_last_turn() -> None:
    assert GAME.view(deal(2), 0)["last"] is None


def test_a_shift_says_whose_it_was_and_which_two_cells_changed() -> None:
    state = shift(deal(2, hands=[[71]]), 0, 71, 4, 5)
    assert GAME.view(state, 1)["last"] == {
        "seat": 0,
        "actions": [{"type": "shift", "card": 71, "a": 4, "b": 5}],
        "cells": [4, 5],
    }


def test_a_turn_of_several_actions_shows_them_all_in_order_once_it_ended() -> None:
    state = flip(shift(deal(2, hands=[[71, 70]]), 0, 71, 0, 1), 0, 70, 8)
    state = end(state, 0)
    last = GAME.view(state, None)["last"]
    assert last["seat"] == 0
    assert [action["type"] for action in last["actions"]] == ["shift", "flip"]
    assert last["cells"] == [0, 1, 8]


def test_the_next_turn_s_first_action_replaces_the_last_turn() -> None:
    state = end(shift(deal(2, hands=[[71], [70]]), 0, 71, 0, 1), 0)
    state = flip(state, 1, 70, 2)
    last = GAME.view(state, 0)["last"]
    assert (last["seat"], last["cells"]) == (1, [2])


def test_a_scored_card_is_in_the_last_turn_and_changes_no_cell() -> None:
    state = score(deal(2, showing_card(0), hands=[[0]]), 0, 0)
    assert GAME.view(state, 1)["last"] == {
        "seat": 0,
        "actions": [{"type": "score", "card": 0}],
        "cells": [],
    }


def test_a_skip_is_a_turn_alone_and_names_no_drawn_card() -> None:
    state = skip(deal(2), 0)
    assert GAME.view(state, 0)["last"] == {"seat": 0, "actions": [{"type": "skip"}], "cells": []}


def test_a_turn_ended_without_an_action_is_the_last_turn_with_no_actions() -> None:
    state = end(shift(deal(2, hands=[[71]]), 0, 71, 0, 1), 0)
    state = end(state, 1)
    assert GAME.view(state, 0)["last"] == {"seat": 1, "actions": [], "cells": []}
