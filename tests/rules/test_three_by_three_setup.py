"""3 x 3 set-up: decks, the deal, the dealer, and staging an explicit deck."""

from __future__ import annotations

from collections import Counter

import pytest

from rules import SetupError, get_game
from rules.three_by_three import ThreeByThree, all_cards
from rules.three_by_three_cards import FULL_DECK

from staging import GAME, NAMES


def test_the_game_is_registered_as_3x3() -> None:
    game = get_game("3x3")
    assert isinstance(game, ThreeByThree)
    assert (game.title, game.min_players, game.max_players) == ("3 x 3", 2, 11)
    assert (game.options, game.rules_version) == ((), 2)


def test_one_deck_up_to_five_players() -> None:
    state = GAME.new_game(NAMES[:5], seed=3)
    assert all_cards(state) == Counter(FULL_DECK)
    assert GAME.view(state, None)["draw_count"] == 52 - 5 * 9


def test_two_decks_from_six_players() -> None:
    state = GAME.new_game(NAMES[:6], seed=3)
    assert all_cards(state) == Counter(FULL_DECK * 2)
    assert GAME.view(state, None)["draw_count"] == 104 - 6 * 9


def test_each_player_gets_three_face_down_three_face_up_and_three_hand_cards() -> None:
    view = GAME.view(GAME.new_game(NAMES[:4], seed=8), 0)
    assert len(view["hand"]) == 3
    for seat in view["seats"]:
        assert seat["hand_count"] == 3
        assert len(seat["face_up"]) == 3
        assert seat["face_down"] == [True, True, True]
    assert (view["pile"], view["burned_count"], view["phase"], view["tour"]) == ([], 0, "swap", 1)


def test_explicit_deck_deals_face_down_then_face_up_then_hand_then_the_draw_pile() -> None:
    deck = list(reversed(FULL_DECK))
    state = GAME.new_game(["Ann", "Bob"], seed=1, deck=deck, dealer=1)
    for seat in (0, 1):
        view = GAME.view(state, seat)
        assert state.face_down[seat] == tuple(deck[9 * seat : 9 * seat + 3])
        assert view["seats"][seat]["face_up"] == deck[9 * seat + 3 : 9 * seat + 6]
        assert sorted(view["hand"]) == sorted(deck[9 * seat + 6 : 9 * seat + 9])
    assert state.draw == tuple(deck[18:])


def test_a_staged_deck_may_leave_cards_out_of_play() -> None:
    deck = list(FULL_DECK[:18])
    state = GAME.new_game(["Ann", "Bob"], seed=1, deck=deck)
    assert all_cards(state) == Counter(FULL_DECK)
    assert GAME.view(state, None)["draw_count"] == 0


def test_two_decks_allow_each_card_twice() -> None:
    deck = [card for card in FULL_DECK for _ in range(2)][: 6 * 9]
    state = GAME.new_game(NAMES[:6], seed=1, deck=deck)
    assert all_cards(state) == Counter(FULL_DECK * 2)


@pytest.mark.parametrize(
    ("deck", "code", "fields"),
    [
        (list(FULL_DECK[:17]), "deck-too-small", {"cards": 17, "players": 2, "least": 18}),
        ([*FULL_DECK[:17], "XX"], "deck-unknown-card", {"given": "'XX'"}),
        (
            [*FULL_DECK[:17], "2C"],
            "deck-card-too-often",
            {"card": "2C", "count": 2, "players": 2, "decks": 1},
        ),
        ("2C 3C", "deck-not-list", {}),
        ([*FULL_DECK[:17], 7], "deck-unknown-card", {"given": "7"}),
    ],
)
def test_a_bad_explicit_deck_is_refused(deck: object, code: str, fields: dict[str, object]) -> None:
    with pytest.raises(SetupError) as refused:
        GAME.new_game(["Ann", "Bob"], seed=1, deck=deck)  # type: ignore[arg-type]
    assert (refused.value.code, refused.value.fields) == (code, fields)


@pytest.mark.parametrize("players", [["Ann"], [*NAMES, "Lou"], ["Ann", "ann"], ["Ann", " "]])
def test_player_names_and_count_are_checked(players: list[str]) -> None:
    with pytest.raises(SetupError):
        GAME.new_game(players, seed=1)


@pytest.mark.parametrize("seed", ["7", 1.5, None])
def test_the_seed_must_be_an_integer(seed: object) -> None:
    with pytest.raises(SetupError) as refused:
        GAME.new_game(["Ann", "Bob"], seed=seed)  # type: ignore[arg-type]
    assert (refused.value.code, refused.value.fields) == ("seed-not-integer", {"given": repr(seed)})


def test_there_are_no_options() -> None:
    with pytest.raises(SetupError) as refused:
        GAME.new_game(["Ann", "Bob"], seed=1, options={"jokers": True})
    assert refused.value.code == "unknown-option"


@pytest.mark.parametrize("dealer", [2, -1, "0"])
def test_the_dealer_must_be_a_seat(dealer: object) -> None:
    with pytest.raises(SetupError) as refused:
        GAME.new_game(["Ann", "Bob"], seed=1, dealer=dealer)  # type: ignore[arg-type]
    assert (refused.value.code, refused.value.fields) == (
        "dealer-not-seat",
        {"seats": [0, 1], "given": repr(dealer)},
    )


def test_the_seed_decides_the_deal_and_the_dealer() -> None:
    first = GAME.new_game(NAMES[:4], seed=5)
    again = GAME.new_game(NAMES[:4], seed=5)
    assert GAME.view(first, 0) == GAME.view(again, 0)
    assert first.draw == again.draw
    assert len({GAME.new_game(NAMES[:4], seed=seed).dealer for seed in range(40)}) == 4


def test_the_first_to_choose_sits_left_of_the_dealer() -> None:
    state = GAME.new_game(NAMES[:4], seed=1, dealer=3)
    assert GAME.to_act(state) == [0]
