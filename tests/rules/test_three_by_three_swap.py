"""Tour 1: each seat in turn, from left of the dealer, picks its three face-up cards."""

from __future__ import annotations

import pytest

from rules import IllegalAction
from rules.three_by_three import ChooseFaceUp, Play

from staging import GAME, NAMES, Seat, deal, texts


def test_seats_choose_in_order_starting_left_of_the_dealer() -> None:
    state = GAME.new_game(NAMES[:4], seed=2, dealer=1)
    order = []
    while state.phase == "swap":
        (seat,) = GAME.to_act(state)
        order.append(seat)
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    assert order == [2, 3, 0, 1]


def test_tour_2_begins_left_of_the_dealer_once_everyone_has_chosen() -> None:
    state = GAME.new_game(NAMES[:3], seed=2, dealer=0)
    while state.phase == "swap":
        (seat,) = GAME.to_act(state)
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    view = GAME.view(state, None)
    assert (view["phase"], view["tour"], view["to_act"]) == ("play", 2, [1])
    assert texts(state)[-1] == "Tour 2 begins: Bob plays first"


def test_choosing_swaps_face_up_and_hand_cards() -> None:
    state = deal(Seat(hand="2C 5D 9H", up="KS QS 4D"), Seat())
    state = GAME.apply(state, 0, ChooseFaceUp(("2C", "9H", "KS")))
    view = GAME.view(state, 0)
    assert view["seats"][0]["face_up"] == ["2C", "9H", "KS"]
    assert view["hand"] == ["4D", "5D", "QS"]
    assert view["seats"][0]["ready"] is True
    assert view["seats"][1]["ready"] is False


def test_every_distinct_choice_of_three_is_offered_once() -> None:
    state = deal(Seat(hand="2C 5D 9H", up="KS QS 4D"), Seat())
    legal = GAME.legal_actions(state, 0)
    assert len(legal) == len(set(legal)) == 20
    assert ChooseFaceUp(("4D", "QS", "KS")) in legal


def test_with_two_decks_equal_cards_make_no_duplicate_choices() -> None:
    seats = [Seat(hand="7H 7H 8C", up="8C 9D 9D")] + [Seat() for _ in range(5)]
    state = deal(*seats)
    legal = GAME.legal_actions(state, 0)
    assert len(legal) == len(set(legal)) == 7


def test_the_choice_is_public_but_the_hand_stays_private() -> None:
    state = deal(Seat(hand="5H 9C KS", up="3C 4C 6C"), Seat(hand="3D 4D 6D"))
    state = GAME.apply(state, 0, ChooseFaceUp(("5H", "9C", "KS")))
    assert texts(state, 1)[-1] == "Ann put 5♥ 9♣ K♠ face up"
    assert GAME.view(state, 1)["seats"][0]["face_up"] == ["5H", "9C", "KS"]
    assert GAME.view(state, 1)["hand"] == ["3D", "4D", "6D"]
    assert "hand" not in GAME.view(state, 1)["seats"][0]


def test_only_the_seat_whose_turn_it_is_may_choose() -> None:
    state = deal(Seat(), Seat(hand="5H 9C KS"))
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 1, ChooseFaceUp(("5H", "9C", "KS")))
    assert (refused.value.code, refused.value.fields) == ("not-to-act", {"turn": 0})


def test_nobody_plays_a_card_during_tour_1() -> None:
    state = deal(Seat(hand="5H 9C KS"), Seat())
    assert all(isinstance(action, ChooseFaceUp) for action in GAME.legal_actions(state, 0))
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, Play("hand", ("5H",)))
    assert (refused.value.code, refused.value.fields) == ("tour-1-choose", {"seat": 0})


@pytest.mark.parametrize(
    ("cards", "code", "fields"),
    [
        (("5H", "9C"), "face-up-count", {"count": 2}),
        (("5H", "9C", "AS"), "not-held", {"card": "AS", "where": "hand-or-face-up"}),
        (("KS", "5H", "9C"), "out-of-order", {"cards": ["5H", "9C", "KS"]}),
    ],
)
def test_the_face_up_choice_is_three_of_the_seats_own_cards(
    cards: tuple[str, ...], code: str, fields: dict[str, object]
) -> None:
    state = deal(Seat(hand="5H 9C KS", up="3C 4C 6C"), Seat())
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, ChooseFaceUp(cards))
    assert (refused.value.code, refused.value.fields) == (code, fields)
