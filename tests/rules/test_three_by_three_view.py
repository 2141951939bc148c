"""What a seat sees: the view schema, the pile, card labels, the log and the summary, all as
data."""

from __future__ import annotations

import json

import pytest

from rules.three_by_three import ChooseFaceUp
from rules.three_by_three_cards import card_label, sort_cards

from staging import GAME, NAMES, Seat, deal, play, table, take, texts

SEAT_KEYS = {"name", "hand_count", "face_up", "face_down", "place", "ready", "known", "revealed"}
VIEW_KEYS = {
    "game",
    "seat",
    "players",
    "phase",
    "tour",
    "dealer",
    "to_act",
    "hand",
    "seats",
    "pile",
    "pile_count",
    "top_run",
    "restriction",
    "draw_count",
    "burned_count",
    "burned",
    "source",
    "places",
    "loser",
    "shared",
    "repeats",
    "last",
}


@pytest.mark.parametrize(
    ("card", "label"), [("TH", "10♥"), ("QS", "Q♠"), ("2C", "2♣"), ("AD", "A♦"), ("9C", "9♣")]
)
def test_a_card_is_labelled_rank_then_suit_symbol(card: str, label: str) -> None:
    assert card_label(card) == label


@pytest.mark.parametrize("card", ["1C", "TX", "T", "", "10H"])
def test_a_non_card_has_no_label(card: str) -> None:
    with pytest.raises(ValueError, match="not a card"):
        card_label(card)


def test_a_view_has_the_agreed_keys_and_is_plain_json() -> None:
    state = GAME.new_game(NAMES[:4], seed=4, dealer=2)
    for seat in (None, 0, 1, 2, 3):
        view = GAME.view(state, seat)
        assert set(view) == VIEW_KEYS
        assert all(set(info) == SEAT_KEYS for info in view["seats"])
        assert json.loads(json.dumps(view)) == view
        assert (view["game"], view["seat"], view["dealer"], view["to_act"]) == ("3x3", seat, 2, [3])


def test_a_seat_sees_its_own_hand_sorted_and_a_spectator_sees_none() -> None:
    state = table(Seat(hand="KS 2C 9D"), Seat(hand="5C 4H 4C"), draw="3C")
    assert GAME.view(state, 0)["hand"] == ["2C", "9D", "KS"]
    assert GAME.view(state, 1)["hand"] == ["4C", "4H", "5C"]
    spectator = GAME.view(state, None)
    assert (spectator["hand"], spectator["source"]) == ([], None)
    assert [info["hand_count"] for info in spectator["seats"]] == [3, 3]


def test_the_view_shows_the_pile_its_top_run_and_the_restriction() -> None:
    state = table(Seat(hand="7C 7D 3C"), Seat(hand="7H 4C 5C"), draw="8C 8D 8H")
    state = play(state, 0, "7C 7D")
    view = GAME.view(state, 1)
    assert (view["pile"], view["pile_count"]) == (["7C", "7D"], 2)
    assert view["top_run"] == {"rank": "7", "count": 2}
    assert view["restriction"] == "seven"
    assert (view["draw_count"], view["source"], view["tour"]) == (1, "hand", 2)


def test_an_empty_pile_has_no_top_run() -> None:
    view = GAME.view(table(Seat(), Seat()), 0)
    assert (view["top_run"], view["restriction"]) == (None, None)


def test_the_log_tells_what_happened_as_data() -> None:
    state = table(Seat(hand="7H 7D 3C"), Seat(hand="8C KC AC"), draw="4C 4D 5C")
    state = play(state, 0, "7H 7D")
    state = take(state, 1)
    count = GAME.event_count(state)
    assert count == len(GAME.log(state, None))
    played = {"kind": "play", "seat": 0, "source": "hand", "cards": ["7D", "7H"]}
    assert GAME.log(state, 0, start=count - 3) == [
        {
            "index": count - 3,
            "actor": 0,
            "event": {**played, "burn": None, "burned": 0, "again": False},
        },
        {
            "index": count - 2,
            "actor": 0,
            "event": {"kind": "draw", "seat": 0, "count": 2, "cards": ["4C", "4D"]},
        },
        {"index": count - 1, "actor": 1, "event": {"kind": "take", "seat": 1, "count": 2}},
    ]
    assert GAME.log(state, 0, start=count) == []
    assert json.loads(json.dumps(GAME.log(state, 0))) == GAME.log(state, 0)


def test_a_drawn_card_is_named_only_in_the_drawers_log() -> None:
    state = play(table(Seat(hand="9C 4C 5C"), Seat(), draw="3C 3D"), 0, "9C")
    drawn = GAME.log(state, 0)[-1]["event"]
    assert drawn == {"kind": "draw", "seat": 0, "count": 1, "cards": ["3C"]}
    for reader in (1, None):
        assert GAME.log(state, reader)[-1]["event"] == {"kind": "draw", "seat": 0, "count": 1}


def test_the_log_opens_with_the_deal_and_the_swaps() -> None:
    state = table(Seat(up="5H 9C KS"), Seat(up="2C 3D 4S"), draw="4C")
    assert texts(state) == [
        "Bob dealt. Tour 1: each player chooses 3 face-up cards, Ann first",
        "Ann put 5♥ 9♣ K♠ face up",
        "Bob put 2♣ 3♦ 4♠ face up",
        "Tour 2 begins: Ann plays first",
    ]


def test_a_2_says_that_anything_may_follow() -> None:
    state = play(table(Seat(hand="2C 3C 4C"), Seat(), draw="4D"), 0, "2C")
    assert texts(state)[-3] == "Ann played 2♣ — any card may follow"


def test_the_summary_tells_whose_turn_and_where_the_game_stands() -> None:
    state = GAME.new_game(NAMES[:3], seed=4, dealer=0)
    assert GAME.summary(state) == {
        "turn": "Bob",
        "facts": {"phase": "swap", "ready": 0, "players": 3},
    }
    state = table(Seat(hand="9C 4C 5C"), Seat(), draw="3C 3D")
    state = play(state, 0, "9C")
    assert GAME.summary(state) == {
        "turn": "Bob",
        "facts": {"phase": "play", "tour": 2, "pile": 1, "draw": 1, "out": 0},
    }
    state = table(Seat(hand="9C 4C 5C"), Seat())
    assert GAME.summary(play(state, 0, "9C")) == {
        "turn": "Bob",
        "facts": {"phase": "play", "tour": 3, "pile": 1, "draw": 0, "out": 0},
    }


def test_a_view_is_for_a_seat_of_the_game_or_a_spectator() -> None:
    with pytest.raises(ValueError, match="no seat"):
        GAME.view(table(Seat(), Seat()), 2)


# ---- the last move, as everyone saw it ------------------------------------------------


def test_before_the_first_move_there_is_no_last_move() -> None:
    assert GAME.view(deal(Seat(), Seat()), 0)["last"] is None


def test_the_last_move_says_who_played_which_cards_from_where() -> None:
    state = play(table(Seat(hand="7H 7D 3C"), Seat(), draw="4C 4D"), 0, "7H 7D")
    assert GAME.view(state, 1)["last"] == {
        "seat": 0,
        "kind": "play",
        "source": "hand",
        "cards": ["7D", "7H"],
        "burned": 0,
        "took": 0,
    }


def test_cards_drawn_after_a_play_are_not_in_the_last_move() -> None:
    state = play(table(Seat(hand="7H 3C 5C"), Seat(), draw="4C"), 0, "7H")
    assert GAME.view(state, 0)["last"] == GAME.view(state, 1)["last"]
    assert "4C" not in json.dumps(GAME.view(state, 1)["last"])


def test_a_10_that_burns_the_pile_says_how_many_cards_burned() -> None:
    state = play(table(Seat(hand="5C TC 3C"), Seat(hand="6C 8C 9C")), 0, "5C")
    state = play(state, 1, "6C")
    state = play(state, 0, "TC")
    assert GAME.view(state, None)["last"]["burned"] == 3


def test_four_of_a_rank_in_a_row_says_how_many_cards_burned() -> None:
    state = play(table(Seat(hand="5C 5D 3C"), Seat(hand="5H 5S 9C")), 0, "5C 5D")
    state = play(state, 1, "5H 5S")
    assert GAME.view(state, None)["last"]["burned"] == 4


def test_taking_the_pile_says_how_many_cards_were_taken() -> None:
    state = play(table(Seat(hand="KH 3C 4C"), Seat(hand="5C 6C 7C")), 0, "KH")
    state = take(state, 1)
    last = GAME.view(state, 0)["last"]
    assert (last["seat"], last["kind"], last["took"]) == (1, "take", 1)


def test_tour_1_face_up_choices_are_a_last_move_everyone_sees() -> None:
    state = deal(Seat(up="5H 9C KS"), Seat())
    state = GAME.apply(state, 0, ChooseFaceUp(tuple(sort_cards(["5H", "9C", "KS"]))))
    assert GAME.view(state, 1)["last"] == {
        "seat": 0,
        "kind": "swap",
        "source": None,
        "cards": sort_cards(["5H", "9C", "KS"]),
        "burned": 0,
        "took": 0,
    }
