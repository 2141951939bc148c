"""Playing to the discard pile: what fits, several cards at once, 2, 7, 10 and taking the pile."""

from __future__ import annotations

import pytest

from rules import IllegalAction
from rules.three_by_three import TAKE, Play, ThreeByThreeState

from staging import GAME, Seat, hand_of, play, table, take, texts

DRAW = "5C 5D 5H 6C 6D 6H 6S"
"""A draw pile to keep the game in tour 2; its cards are drawn in this order."""


def plays(state: ThreeByThreeState, seat: int) -> set[tuple[str, ...]]:
    """The card sets of every legal play."""
    return {action.cards for action in GAME.legal_actions(state, seat) if isinstance(action, Play)}


def test_any_card_fits_on_an_empty_pile() -> None:
    state = table(Seat(hand="3C 9H KS"), Seat(), draw=DRAW)
    assert plays(state, 0) == {("3C",), ("9H",), ("KS",)}


def test_a_card_of_equal_or_higher_rank_fits() -> None:
    state = table(Seat(hand="9H JC QC"), Seat(hand="4S 9S KD"), draw=DRAW)
    state = play(state, 0, "9H")
    assert plays(state, 1) == {("9S",), ("KD",)}


def test_a_lower_card_does_not_fit() -> None:
    state = table(Seat(hand="9H JC QC"), Seat(hand="4S 9S KD"), draw=DRAW)
    state = play(state, 0, "9H")
    with pytest.raises(IllegalAction) as refused:
        play(state, 1, "4S")
    assert (refused.value.code, refused.value.fields) == (
        "does-not-fit",
        {"cards": ["4S"], "top": "9H"},
    )


def test_several_cards_of_one_rank_may_be_played_at_once() -> None:
    state = table(Seat(hand="8S 8D 8H"), Seat(), draw=DRAW)
    assert plays(state, 0) == {
        ("8D",),
        ("8H",),
        ("8S",),
        ("8D", "8H"),
        ("8D", "8S"),
        ("8H", "8S"),
        ("8D", "8H", "8S"),
    }
    state = play(state, 0, "8S 8D 8H")
    assert GAME.view(state, None)["pile"] == ["8D", "8H", "8S"]


def test_cards_of_different_ranks_never_go_together() -> None:
    state = table(Seat(hand="8S 9D 9H"), Seat(), draw=DRAW)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, Play("hand", ("8S", "9D")))
    assert refused.value.code == "mixed-ranks"


def test_a_2_may_always_be_played() -> None:
    state = table(Seat(hand="AC JC QC"), Seat(hand="2C 4C 7S"), draw=DRAW)
    state = play(state, 0, "AC")
    assert plays(state, 1) == {("2C",)}


def test_any_card_may_follow_a_2() -> None:
    state = table(Seat(hand="KC 2D 3D"), Seat(hand="2C JD QD"), draw=DRAW)
    state = play(state, 0, "KC")
    state = play(state, 1, "2C")
    assert plays(state, 0) == {("2D",), ("3D",), ("5C",)}
    assert GAME.view(state, 0)["restriction"] is None


def test_after_a_7_the_next_play_is_7_or_lower_or_a_10() -> None:
    state = table(Seat(hand="7H JC QC"), Seat(hand="3C 8D TC"), draw=DRAW)
    state = play(state, 0, "7H")
    view = GAME.view(state, 1)
    assert view["restriction"] == "seven"
    assert plays(state, 1) == {("3C",), ("TC",)}
    with pytest.raises(IllegalAction) as refused:
        play(state, 1, "8D")
    assert (refused.value.code, refused.value.fields) == (
        "does-not-fit",
        {"cards": ["8D"], "top": "7H"},
    )


def test_a_7_may_follow_a_7() -> None:
    state = table(Seat(hand="7H JC QC"), Seat(hand="7S 8D 2C"), draw=DRAW)
    state = play(state, 0, "7H")
    assert plays(state, 1) == {("2C",), ("7S",)}


def test_a_2_on_a_7_lifts_the_restriction() -> None:
    state = table(Seat(hand="7H KD QC"), Seat(hand="2C JD QD"), draw=DRAW)
    state = play(state, 0, "7H")
    state = play(state, 1, "2C")
    assert ("KD",) in plays(state, 0)
    assert GAME.view(state, 0)["restriction"] is None


def test_a_10_on_a_7_is_allowed_and_burns_the_pile() -> None:
    state = table(Seat(hand="7H JC QC"), Seat(hand="3C 8D TC"), draw=DRAW)
    state = play(state, 0, "7H")
    state = play(state, 1, "TC")
    view = GAME.view(state, None)
    assert (view["pile"], view["burned_count"], view["to_act"]) == ([], 2, [1])


def test_a_10_burns_the_pile_and_the_same_player_plays_again() -> None:
    state = table(Seat(hand="9H JC QC"), Seat(hand="3C 4D TS"), draw=DRAW)
    state = play(state, 0, "9H")
    state = play(state, 1, "TS")
    view = GAME.view(state, None)
    assert (view["pile"], view["burned_count"], view["to_act"]) == ([], 2, [1])
    assert texts(state)[-2] == "Bob played 10♠ and burned the pile (2 cards) — Bob plays again"


def test_a_10_may_be_played_on_anything() -> None:
    state = table(Seat(hand="AH JC QC"), Seat(hand="3C 4D TS"), draw=DRAW)
    state = play(state, 0, "AH")
    assert plays(state, 1) == {("TS",)}


def test_four_of_a_rank_in_one_play_burn_the_pile_and_the_player_plays_again() -> None:
    state = table(
        Seat(hand="3C 9C 9D"),
        Seat(hand="9S 4C 4D"),
        Seat(hand="AC 5D 5H"),
        draw="9H 6C 6D 6H 7C 7D 8C 8D 8H 8S JC JD",
    )
    state = play(state, 0, "3C")
    state = play(state, 1, "9S")
    state = play(state, 2, "AC")
    state = take(state, 0)
    state = play(state, 1, "4C 4D")
    state = play(state, 2, "5D 5H")
    assert hand_of(state, 0) == ["3C", "9C", "9D", "9H", "9S", "AC"]
    state = play(state, 0, "9C 9D 9H 9S")
    view = GAME.view(state, 0)
    assert (view["pile"], view["burned_count"], view["to_act"]) == ([], 8, [0])
    assert texts(state, 1)[-3:] == [
        "Ann played 9♣ 9♦ 9♥ 9♠",
        "Four 9s in a row: the pile burns (8 cards) — Ann plays again",
        "Ann drew 4 cards",
    ]


def test_four_of_a_rank_in_a_row_burn_when_a_second_player_completes_them() -> None:
    state = table(Seat(hand="9C 9D 3C"), Seat(hand="9H 9S 4C"), draw=DRAW)
    state = play(state, 0, "9C 9D")
    state = play(state, 1, "9H 9S")
    view = GAME.view(state, None)
    assert (view["pile"], view["burned_count"], view["to_act"]) == ([], 4, [1])
    assert "Four 9s in a row: the pile burns (4 cards) — Bob plays again" in texts(state)


def test_three_of_a_rank_in_a_row_do_not_burn() -> None:
    state = table(Seat(hand="9C 9D 3C"), Seat(hand="9H 4S 4C"), draw=DRAW)
    state = play(state, 0, "9C 9D")
    state = play(state, 1, "9H")
    view = GAME.view(state, None)
    assert (view["pile_count"], view["top_run"], view["to_act"]) == (
        3,
        {"rank": "9", "count": 3},
        [0],
    )


def test_four_of_a_rank_burn_only_when_they_lie_in_a_row() -> None:
    state = table(Seat(hand="7C 7D 3C"), Seat(hand="2C 4C 5S"), draw="7H 7S " + DRAW)
    state = play(state, 0, "7C 7D")
    state = play(state, 1, "2C")
    state = play(state, 0, "7H 7S")
    view = GAME.view(state, None)
    assert (view["pile"], view["burned_count"]) == (["7C", "7D", "2C", "7H", "7S"], 0)


def test_who_cannot_play_takes_the_whole_pile_and_the_next_player_goes() -> None:
    state = table(Seat(hand="KC JC QC"), Seat(hand="3C 4C 5S"), draw=DRAW)
    state = play(state, 0, "KC")
    assert GAME.legal_actions(state, 1) == [TAKE]
    state = take(state, 1)
    view = GAME.view(state, 1)
    assert (view["pile"], view["to_act"]) == ([], [0])
    assert view["hand"] == ["3C", "4C", "5S", "KC"]
    assert texts(state)[-1] == "Bob could not play and took the pile (1 card)"


def test_nobody_may_take_the_pile_while_able_to_play() -> None:
    state = table(Seat(hand="9C JC QC"), Seat(hand="3C 4C KS"), draw=DRAW)
    state = play(state, 0, "9C")
    assert TAKE not in GAME.legal_actions(state, 1)
    with pytest.raises(IllegalAction) as refused:
        take(state, 1)
    assert (refused.value.code, refused.value.fields) == ("can-play", {"seat": 1})
