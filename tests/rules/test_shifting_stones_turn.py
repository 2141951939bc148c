"""A turn: shift and flip (each paid with a discarded hand card), end the turn or run out of
cards, refill to 4; or skip and draw 2. Empty draw pile: the discards are shuffled in.

The grid is PLAIN unless said otherwise: "sun fish fish / horse horse horse / seed seed
seed". Ann holds cards 71, 70, 69 and 68 and Bob 67 to 64; the draw pile is 0, 1, 2, ...
"""

from __future__ import annotations

import pytest

from rules import IllegalAction
from rules.shifting_stones import SKIP

from stones_staging import GAME, deal, end, flip, hand_of, shift, skip, texts, ups


def test_a_shift_discards_a_card_face_up_and_swaps_two_neighbouring_stones() -> None:
    state = shift(deal(2), 0, 71, 0, 1)
    assert ups(state) == "fish sun fish / horse horse horse / seed seed seed"
    view = GAME.view(state, 1)
    assert view["discard_top"]["id"] == 71
    assert (view["discard_count"], view["seats"][0]["hand_count"]) == (1, 3)
    assert texts(state)[-1] == (
        "Ann shifted the stones at top left and top middle (discarded a 5-point card)"
    )


def test_stones_in_a_column_are_neighbours_too() -> None:
    state = shift(deal(2), 0, 71, 0, 3)
    assert ups(state) == "horse fish fish / sun horse horse / seed seed seed"


@pytest.mark.parametrize(
    ("a", "b", "code"),
    [
        (0, 4, "not-neighbours"),
        (2, 3, "not-neighbours"),
        (0, 2, "not-neighbours"),
        (1, 0, "cells-out-of-order"),
        (4, 9, "no-such-cell"),
    ],
)
def test_only_orthogonal_neighbours_are_shifted(a: int, b: int, code: str) -> None:
    with pytest.raises(IllegalAction) as caught:
        shift(deal(2), 0, 71, a, b)
    assert caught.value.code == code


def test_a_flip_discards_a_card_and_turns_a_stone_over() -> None:
    state = flip(deal(2), 0, 70, 4)
    assert ups(state) == "sun fish fish / horse boat horse / seed seed seed"
    assert state.grid[4] == ("boat", "horse")
    assert GAME.view(state, None)["discard_top"]["id"] == 70
    assert texts(state)[-1] == (
        "Ann flipped the horse at the centre to boat (discarded a 5-point card)"
    )


def test_any_number_of_actions_in_any_order_then_ending_the_turn_refills_the_hand() -> None:
    state = flip(shift(flip(deal(2), 0, 71, 0), 0, 70, 1, 2), 0, 69, 0)
    assert GAME.to_act(state) == [0]
    assert GAME.view(state, 0)["turn"]["actions"] == 3
    after = end(state, 0)
    assert GAME.to_act(after) == [1]
    assert hand_of(after, 0) == [68, 0, 1, 2]
    assert texts(after, 1)[-2:] == ["Ann ended the turn", "Ann drew 3 cards"]
    assert texts(after, 0)[-1] == "Ann drew 3 cards: 1 point, 1 point, 1 point"


def test_drawn_cards_are_named_only_in_the_drawer_s_own_log() -> None:
    after = end(flip(deal(2), 0, 71, 0), 0)
    drawn = [{"id": 0, "value": 1}]
    assert GAME.log(after, 0)[-1]["event"] == {
        "kind": "draw",
        "seat": 0,
        "count": 1,
        "cards": drawn,
    }
    for reader in (1, None):
        assert GAME.log(after, reader)[-1]["event"] == {"kind": "draw", "seat": 0, "count": 1}


def test_a_skip_s_cards_are_named_only_in_the_skipper_s_own_log() -> None:
    state = skip(deal(2), 0)
    own = GAME.log(state, 0)[-1]["event"]
    assert own == {
        "kind": "skip",
        "seat": 0,
        "count": 2,
        "cards": [{"id": 0, "value": 1}, {"id": 1, "value": 1}],
    }
    assert GAME.log(state, 1)[-1]["event"] == {"kind": "skip", "seat": 0, "count": 2}


def test_a_flip_is_recorded_with_the_card_paid_and_both_sides_of_the_stone() -> None:
    state = flip(deal(2), 0, 70, 4)
    assert GAME.log(state, 1)[-1]["event"] == {
        "kind": "flip",
        "seat": 0,
        "card": 70,
        "value": 5,
        "cell": 4,
        "was": "horse",
        "now": "boat",
    }


def test_the_turn_may_end_without_any_action() -> None:
    after = end(deal(2), 0)
    assert GAME.to_act(after) == [1]
    assert hand_of(after, 0) == [71, 70, 69, 68]


def test_the_turn_ends_when_the_hand_is_empty() -> None:
    state = deal(2)
    for card in (71, 70, 69):
        state = flip(state, 0, card, 8)
    assert GAME.to_act(state) == [0]
    state = flip(state, 0, 68, 8)
    assert GAME.to_act(state) == [1]
    assert hand_of(state, 0) == [0, 1, 2, 3]
    assert texts(state, 1)[-2:] == ["Ann's hand is empty: the turn ends", "Ann drew 4 cards"]


def test_skipping_draws_2_cards_and_ends_the_turn() -> None:
    state = skip(deal(2), 0)
    assert hand_of(state, 0) == [71, 70, 69, 68, 0, 1]
    assert GAME.to_act(state) == [1]
    assert texts(state, 1)[-1] == "Ann skipped and drew 2 cards"
    assert texts(state, 0)[-1] == "Ann skipped and drew 2 cards: 1 point, 1 point"
    assert GAME.view(state, None)["seats"][0]["skipped_last"]


def test_skipping_is_not_allowed_after_an_action() -> None:
    state = flip(deal(2), 0, 71, 0)
    assert SKIP not in GAME.legal_actions(state, 0)
    assert not GAME.view(state, 0)["turn"]["can_skip"]
    with pytest.raises(IllegalAction) as caught:
        skip(state, 0)
    assert caught.value.code == "skip-after-action"


def test_skipping_is_not_allowed_twice_in_a_row() -> None:
    state = end(skip(deal(2), 0), 1)
    assert SKIP not in GAME.legal_actions(state, 0)
    assert not GAME.view(state, 0)["turn"]["can_skip"]
    with pytest.raises(IllegalAction) as caught:
        skip(state, 0)
    assert (caught.value.code, caught.value.fields) == ("skip-twice", {"seat": 0})


def test_after_a_turn_with_actions_skipping_is_allowed_again() -> None:
    state = end(skip(deal(2), 0), 1)
    state = end(flip(state, 0, 71, 0), 0)
    state = end(state, 1)
    assert SKIP in GAME.legal_actions(state, 0)
    assert GAME.view(state, 0)["turn"]["can_skip"]


def test_no_cards_are_drawn_when_holding_4_or_more() -> None:
    state = end(skip(deal(2), 0), 1)
    state = end(flip(state, 0, 71, 0), 0)
    assert hand_of(state, 0) == [70, 69, 68, 0, 1]
    assert texts(state, 1)[-1] == "Ann ended the turn"


def test_an_empty_draw_pile_is_replaced_by_the_shuffled_discard_pile() -> None:
    state = deal(2, draw=[10], rest=False)
    state = flip(flip(state, 0, 71, 0), 0, 70, 0)
    after = end(state, 0)
    assert hand_of(after, 0)[:3] == [69, 68, 10]
    assert hand_of(after, 0)[3] in (70, 71)
    view = GAME.view(after, None)
    assert (view["draw_count"], view["discard_count"], view["discard_top"]) == (1, 0, None)
    assert texts(after, 1)[-3:] == [
        "Ann ended the turn",
        "The discard pile is shuffled into a new draw pile (2 cards)",
        "Ann drew 2 cards",
    ]


def test_the_reshuffle_is_the_same_every_time_for_the_same_seed() -> None:
    def play() -> list[int]:
        state = deal(2, draw=[10], rest=False)
        state = flip(flip(flip(state, 0, 71, 0), 0, 70, 0), 0, 69, 0)
        return hand_of(end(state, 0), 0)

    assert play() == play()


def test_skipping_also_draws_from_the_shuffled_discard_pile() -> None:
    state = end(flip(deal(2, rest=False), 0, 71, 0), 0)
    assert hand_of(state, 0) == [70, 69, 68, 71]
    state = end(flip(state, 1, 67, 0), 1)
    state = skip(state, 0)
    assert hand_of(state, 0) == [70, 69, 68, 71]
    assert texts(state, 1)[-1] == "Ann skipped and drew no cards: both piles are empty"


def test_with_both_piles_empty_a_player_draws_what_there_is() -> None:
    state = deal(2, draw=[10], rest=False)
    state = skip(state, 0)
    assert hand_of(state, 0) == [71, 70, 69, 68, 10]
    assert texts(state, 1)[-1] == "Ann skipped and drew 1 card"
