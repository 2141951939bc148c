"""Going out: places in order, turns skip players who are out, the last one holding cards loses."""

from __future__ import annotations

import pytest

from rules import IllegalAction
from rules.three_by_three import TAKE, ThreeByThreeState

from staging import GAME, Seat, blind, play, play_up, table, take, texts


def three_players_until_ann_burns_with_her_last_card() -> ThreeByThreeState:
    """Tour 3, no runs of four: Ann sheds hand, face-up and face-down cards, the last a 10."""
    state = table(
        Seat(hand="3C 3D 3H", up="5C 5D 5H", down="8C 9C TC"),
        Seat(hand="4C 6C 8D", up="9D KS KH", down="JS JH JD"),
        Seat(hand="4D 6D 8H", up="9H QS QD", down="AS AH AD"),
    )
    state = play(state, 0, "3C 3D 3H")
    state = play(state, 1, "4C")
    state = play(state, 2, "4D")
    state = play_up(state, 0, "5C 5D 5H")
    state = play(state, 1, "6C")
    state = play(state, 2, "6D")
    state = blind(state, 0, 0)
    state = play(state, 1, "8D")
    state = play(state, 2, "8H")
    state = blind(state, 0, 1)
    state = play_up(state, 1, "9D")
    state = play_up(state, 2, "9H")
    return blind(state, 0, 2)


def test_burning_with_the_last_card_puts_the_player_out_and_the_next_player_goes() -> None:
    state = three_players_until_ann_burns_with_her_last_card()
    view = GAME.view(state, None)
    assert (view["places"], view["to_act"], view["pile"], view["burned_count"]) == (
        [0],
        [1],
        [],
        17,
    )
    assert view["seats"][0]["place"] == 1
    assert texts(state)[-2:] == [
        "Ann turned up a face-down 10♣ and burned the pile (17 cards)",
        "Ann is out in 1st place",
    ]


def test_turns_skip_a_player_who_is_out() -> None:
    state = three_players_until_ann_burns_with_her_last_card()
    state = play_up(state, 1, "KS KH")
    assert GAME.legal_actions(state, 2) == [TAKE]
    state = take(state, 2)
    assert GAME.to_act(state) == [1]
    assert GAME.legal_actions(state, 0) == []


def two_players_until_ann_goes_out() -> ThreeByThreeState:
    state = table(
        Seat(hand="3C 3D 3H", up="5C 5D 5H", down="8C 9C TC"),
        Seat(hand="4C 6C 8D", up="9D JS QS", down="KS KH KD"),
    )
    state = play(state, 0, "3C 3D 3H")
    state = play(state, 1, "4C")
    state = play_up(state, 0, "5C 5D 5H")
    state = play(state, 1, "6C")
    state = blind(state, 0, 0)
    state = play(state, 1, "8D")
    state = blind(state, 0, 1)
    state = play_up(state, 1, "9D")
    return blind(state, 0, 2)


def test_the_game_ends_when_one_player_still_holds_cards_and_that_player_loses() -> None:
    state = two_players_until_ann_goes_out()
    assert GAME.is_over(state)
    view = GAME.view(state, 1)
    assert (view["phase"], view["to_act"], view["source"]) == ("over", [], None)
    assert (view["places"], view["loser"]) == ([0], 1)
    assert [seat["place"] for seat in view["seats"]] == [1, 2]
    assert texts(state)[-2:] == [
        "Ann is out in 1st place",
        "Game over: Bob holds the last cards and loses",
    ]


def test_the_result_ranks_the_first_out_first_and_the_loser_last() -> None:
    result = GAME.result(two_players_until_ann_goes_out())
    assert result["ranking"] == [[0], [1]]
    assert (result["winners"], result["losers"], result["scores"]) == ([0], [1], None)
    assert result["reason"] == {"kind": "first-out", "winner": 0, "loser": 1}


def test_the_summary_names_the_winner_and_the_loser() -> None:
    summary = GAME.summary(two_players_until_ann_goes_out())
    assert summary == {
        "turn": None,
        "facts": {"phase": "over", "winner": "Ann", "loser": "Bob", "shared": []},
    }


def test_no_move_is_legal_after_the_game_is_over() -> None:
    state = two_players_until_ann_goes_out()
    assert GAME.legal_actions(state, 1) == []
    with pytest.raises(IllegalAction) as refused:
        take(state, 1)
    assert refused.value.code == "game-over"


def test_there_is_no_result_before_the_end() -> None:
    with pytest.raises(ValueError, match="not over"):
        GAME.result(table(Seat(), Seat()))
