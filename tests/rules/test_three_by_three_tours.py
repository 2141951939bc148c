"""Tour 2 draws after every play; tour 3 begins when the draw pile is empty."""

from __future__ import annotations

import pytest

from rules import IllegalAction
from rules.three_by_three import Play

from staging import GAME, Seat, hand_of, play, table, take, texts


def test_after_a_play_the_player_draws_as_many_cards_as_they_played() -> None:
    state = table(Seat(hand="8C 8D 3C"), Seat(), draw="4C 4D 5C 5D")
    state = play(state, 0, "8C 8D")
    assert hand_of(state, 0) == ["3C", "4C", "4D"]
    assert GAME.view(state, None)["draw_count"] == 2


def test_drawing_does_not_stop_at_three_hand_cards() -> None:
    state = table(Seat(hand="KC 3C 4C"), Seat(hand="5C 6C 7C"), draw="8C 8D 8H 9C 9D")
    state = play(state, 0, "KC")
    state = take(state, 1)
    state = play(state, 0, "3C")
    state = play(state, 1, "5C")
    assert hand_of(state, 1) == ["6C", "7C", "8H", "KC"]


def test_a_short_draw_pile_gives_what_is_left_and_tour_3_begins() -> None:
    state = table(Seat(hand="8C 8D 3C"), Seat(), draw="4C")
    state = play(state, 0, "8C 8D")
    view = GAME.view(state, 0)
    assert (view["hand"], view["draw_count"], view["tour"]) == (["3C", "4C"], 0, 3)
    assert texts(state, 0)[-2:] == ["Ann drew 4♣", "The draw pile is empty: tour 3 begins"]


def test_drawn_cards_are_named_only_to_the_player_who_drew_them() -> None:
    state = table(Seat(hand="8C 8D 3C"), Seat(), draw="4C 4D 5C")
    state = play(state, 0, "8C 8D")
    assert texts(state, 0)[-1] == "Ann drew 4♣ 4♦"
    assert texts(state, 1)[-1] == "Ann drew 2 cards"
    assert texts(state, None)[-1] == "Ann drew 2 cards"


def test_after_a_burn_in_tour_2_the_player_draws_first_then_plays_again() -> None:
    state = table(Seat(hand="TC 5C 6C"), Seat(), draw="KH KD")
    state = play(state, 0, "TC")
    view = GAME.view(state, 0)
    assert (view["hand"], view["to_act"]) == (["5C", "6C", "KH"], [0])
    assert texts(state, 0)[-2:] == [
        "Ann played 10♣ and burned the pile (1 card) — Ann plays again",
        "Ann drew K♥",
    ]


def test_without_a_draw_pile_play_begins_in_tour_3() -> None:
    state = table(Seat(), Seat())
    assert GAME.view(state, None)["tour"] == 3
    assert texts(state)[-1] == "The draw pile is empty: tour 3 begins — Ann plays first"


def test_tour_3_has_no_drawing() -> None:
    state = table(Seat(hand="8C 8D 3C"), Seat())
    state = play(state, 0, "8C 8D")
    assert hand_of(state, 0) == ["3C"]


def test_in_tour_2_the_hand_is_played_before_the_table_cards() -> None:
    state = table(Seat(hand="3C 4C 5C", up="9C 9D KS"), Seat(), draw="6C")
    assert {action.source for action in GAME.legal_actions(state, 0)} == {"hand"}
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, Play("face-up", ("KS",)))
    assert refused.value.code == "hand-first"
