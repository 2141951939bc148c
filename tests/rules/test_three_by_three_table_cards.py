"""Tour 3: face-up cards once the hand is empty, then the face-down cards blind."""

from __future__ import annotations

import pytest

from rules import IllegalAction
from rules.three_by_three import TAKE, Blind, Play, ThreeByThreeState

from staging import GAME, Seat, blind, hand_of, play, play_up, table, take, texts


def empty_handed(up: str, down: str = "", bob: str = "4C 6C 8C") -> ThreeByThreeState:
    """Tour 3: Ann has just played her whole hand, 3♣ 3♦ 3♥; Bob answers with his first card."""
    state = table(Seat(hand="3C 3D 3H", up=up, down=down), Seat(hand=bob, up="JS QS KS"))
    state = play(state, 0, "3C 3D 3H")
    return play(state, 1, bob.split()[0])


def test_with_an_empty_hand_the_face_up_cards_are_played() -> None:
    state = empty_handed(up="9C 9D KD")
    assert GAME.view(state, 0)["source"] == "face-up"
    assert {action.cards for action in GAME.legal_actions(state, 0)} == {
        ("9C",),
        ("9D",),
        ("9C", "9D"),
        ("KD",),
    }


def test_face_up_cards_of_one_rank_may_be_played_together() -> None:
    state = play_up(empty_handed(up="9C 9D KD"), 0, "9C 9D")
    assert GAME.view(state, 0)["seats"][0]["face_up"] == ["KD"]
    assert GAME.view(state, 0)["pile"][-2:] == ["9C", "9D"]
    assert texts(state)[-1] == "Ann played face-up 9♣ 9♦"


def test_hand_and_table_cards_are_never_played_together() -> None:
    state = table(Seat(hand="9C 4C 5C", up="9D 9H KD"), Seat())
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, Play("hand", ("9C", "9D")))
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, Play("face-up", ("9D",)))
    assert refused.value.code == "hand-first"


def test_when_no_face_up_card_fits_the_pile_is_taken_and_the_face_up_cards_stay() -> None:
    state = empty_handed(up="5S 5H 5D", bob="AC 4C 6C")
    assert GAME.legal_actions(state, 0) == [TAKE]
    state = take(state, 0)
    view = GAME.view(state, 0)
    assert view["hand"] == ["3C", "3D", "3H", "AC"]
    assert view["seats"][0]["face_up"] == ["5D", "5H", "5S"]
    assert view["source"] == "hand"


def test_face_down_cards_wait_until_hand_and_face_up_cards_are_gone() -> None:
    state = empty_handed(up="9C 9D KD")
    with pytest.raises(IllegalAction) as refused:
        blind(state, 0, 0)
    assert refused.value.code == "face-down-later"


def down_to_blind(down: str) -> ThreeByThreeState:
    """Tour 3: Ann has played her hand and face-up cards; Bob's 6♣ tops the pile."""
    state = empty_handed(up="5S 5H 5D", down=down)
    state = play_up(state, 0, "5S 5H 5D")
    return play(state, 1, "6C")


def test_with_nothing_else_left_a_face_down_card_is_turned_up() -> None:
    state = down_to_blind(down="9C 2D KD")
    assert GAME.view(state, 0)["source"] == "face-down"
    assert GAME.legal_actions(state, 0) == [Blind(0), Blind(1), Blind(2)]


def test_a_face_down_card_that_fits_is_played() -> None:
    state = blind(down_to_blind(down="9C 2D KD"), 0, 0)
    view = GAME.view(state, 0)
    assert (view["pile"][-1], view["seats"][0]["face_down"]) == ("9C", [False, True, True])
    assert (view["hand"], view["to_act"]) == ([], [1])
    assert texts(state)[-1] == "Ann turned up a face-down 9♣ and played it"


def test_a_face_down_card_that_does_not_fit_goes_to_the_hand_with_the_pile() -> None:
    state = blind(down_to_blind(down="9C 4S KD"), 0, 1)
    view = GAME.view(state, 0)
    assert view["hand"] == ["3C", "3D", "3H", "4C", "4S", "5D", "5H", "5S", "6C"]
    assert (view["pile"], view["seats"][0]["face_down"], view["to_act"]) == (
        [],
        [True, False, True],
        [1],
    )
    assert texts(state, 1)[-1] == (
        "Ann turned up a face-down 4♠: it does not fit — Ann takes the pile (9 cards)"
    )


def test_the_pile_is_not_taken_while_a_face_down_card_can_be_turned_up() -> None:
    state = down_to_blind(down="9C 4S KD")
    assert TAKE not in GAME.legal_actions(state, 0)
    with pytest.raises(IllegalAction) as refused:
        take(state, 0)
    assert (refused.value.code, refused.value.fields) == ("face-down-now", {"seat": 0})


def test_a_face_down_slot_is_turned_up_only_once() -> None:
    state = blind(down_to_blind(down="2D 9C KD"), 0, 0)
    state = play(state, 1, "8C")
    with pytest.raises(IllegalAction) as refused:
        blind(state, 0, 0)
    assert (refused.value.code, refused.value.fields) == ("slot-empty", {"slot": 0})
    assert hand_of(state, 0) == []
