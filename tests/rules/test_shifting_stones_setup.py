"""Setting up: 9 stones in random places and sides, 4 hand cards each, the solo deck."""

from __future__ import annotations

from collections import Counter

import pytest

from rules import GAMES, SetupError
from rules.shifting_stones import EDITION, EDITIONS, VALUE, all_cards, all_stones, stone_kind

from stones_staging import GAME, NAMES, PLAIN, STAGED_EDITION, cards_of, deal, order, stones

STONES = {("sun", "moon"): 1, ("fish", "bird"): 2, ("horse", "boat"): 3, ("seed", "tree"): 3}


def test_the_game_is_registered_for_1_to_5_players() -> None:
    game = GAMES["shifting-stones"]
    assert (game.title, game.min_players, game.max_players) == ("Shifting Stones", 1, 5)
    assert game.options == ()
    assert next(iter(GAMES)) == "3x3"


@pytest.mark.parametrize("seed", range(5))
def test_the_9_stones_lie_in_random_places_with_random_sides_up(seed: int) -> None:
    state = GAME.new_game(NAMES[:3], seed)
    assert all_stones(state) == STONES
    assert all(stone_kind(stone) in STONES for stone in state.grid)


def test_different_seeds_lay_different_grids_and_the_same_seed_the_same() -> None:
    grids = {GAME.new_game(NAMES[:2], seed).grid for seed in range(10)}
    assert len(grids) > 1
    assert GAME.new_game(NAMES[:2], 4).grid == GAME.new_game(NAMES[:2], 4).grid


def test_each_player_gets_4_cards_from_the_top_in_seat_order() -> None:
    deck = order([[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]], draw=[12, 13])
    state = GAME.new_game(NAMES[:3], 0, stones=stones(PLAIN), deck=deck, edition=STAGED_EDITION)
    assert state.hands == [(0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10, 11)]
    assert state.draw[:2] == (12, 13)
    assert len(state.draw) == 72 - 12


def test_explicit_stones_lie_as_given_up_side_first() -> None:
    state = deal(2, "moon bird fish / boat horse horse / tree seed seed")
    assert state.grid[0] == ("moon", "sun")
    assert state.grid[1] == ("bird", "fish")
    assert state.grid[6] == ("tree", "seed")


def test_the_start_player_is_random_unless_given() -> None:
    starts = {GAME.new_game(NAMES[:4], seed).start for seed in range(20)}
    assert len(starts) > 1
    state = GAME.new_game(NAMES[:4], 1, start=2)
    assert (state.start, GAME.to_act(state)) == (2, [2])


@pytest.mark.parametrize("seed", range(5))
def test_solo_plays_with_16_cards_8_of_1_point_4_of_2_3_of_3_and_1_of_5(seed: int) -> None:
    state = GAME.new_game(["Ann"], seed)
    in_play = list(state.hands[0]) + list(state.draw)
    assert len(set(in_play)) == 16
    assert Counter(VALUE[card] for card in in_play) == {1: 8, 2: 4, 3: 3, 5: 1}
    assert len(state.out_of_play) == 56
    assert GAME.view(state, 0)["goal"] == 16


def test_every_card_is_in_exactly_one_place_after_the_deal() -> None:
    state = GAME.new_game(NAMES[:5], 3)
    assert all_cards(state) == Counter(EDITIONS[EDITION])


def test_new_games_deal_the_second_edition_of_the_deck() -> None:
    assert EDITION == 2
    assert GAME.new_game(NAMES[:2], 0).edition == 2
    assert set(GAME.new_game(NAMES[:2], 0).hands[0]) <= set(range(72, 144))


def test_a_game_of_the_first_edition_deals_only_its_cards() -> None:
    state = GAME.new_game(NAMES[:5], 3, edition=1)
    assert all_cards(state) == Counter(range(72))
    assert GAME.view(state, 0)["edition"] == 1


def test_a_first_edition_game_is_dealt_as_rules_version_1_dealt_it() -> None:
    three = GAME.new_game(NAMES[:3], 5, edition=1)
    assert three.hands == [(52, 30, 27, 71), (53, 7, 3, 45), (48, 33, 14, 66)]
    assert three.draw[:6] == (36, 6, 47, 28, 32, 8)
    solo = GAME.new_game(["Ann"], 7, edition=1)
    assert solo.hands == [(60, 30, 51, 17)]
    assert solo.draw == (27, 3, 1, 36, 61, 68, 12, 45, 53, 41, 18, 7)


def test_an_explicit_deck_holds_cards_of_the_game_s_edition() -> None:
    with pytest.raises(SetupError) as refused:
        GAME.new_game(NAMES[:2], 0, deck=list(range(10)))
    assert (refused.value.code, refused.value.fields) == (
        "deck-unknown-id",
        {"given": "0", "low": 72, "high": 143},
    )


@pytest.mark.parametrize(
    ("stones_given", "code", "fields"),
    [
        ("sun", "stones-not-grid", {"cells": 9}),
        ([("sun", "moon")] * 8, "stones-not-grid", {"cells": 9}),
        (
            [("sun", "moon"), ("fish",), *stones(PLAIN)[2:]],
            "stone-not-pair",
            {"cell": 1, "given": "('fish',)"},
        ),
        (
            [("sun", "fish"), *stones(PLAIN)[1:]],
            "stone-sides",
            {"cell": 0, "up": "sun", "down": "fish"},
        ),
        (
            [("cat", "dog"), *stones(PLAIN)[1:]],
            "stone-not-pair",
            {"cell": 0, "given": "('cat', 'dog')"},
        ),
        (
            stones("sun sun fish / horse horse horse / seed seed seed"),
            "stones-count",
            {"sides": ["sun", "moon"], "given": 2, "count": 1},
        ),
    ],
)
def test_explicit_stones_must_be_the_game_s_stones(
    stones_given: object, code: str, fields: dict[str, object]
) -> None:
    with pytest.raises(SetupError) as refused:
        GAME.new_game(NAMES[:2], 0, stones=stones_given)  # type: ignore[arg-type]
    assert (refused.value.code, refused.value.fields) == (code, fields)


@pytest.mark.parametrize(
    ("deck", "code", "fields"),
    [
        ("0 1 2", "deck-not-ids", {"low": 0, "high": 71}),
        ([*range(8), 72], "deck-unknown-id", {"given": "72", "low": 0, "high": 71}),
        ([*range(8), True], "deck-unknown-id", {"given": "True", "low": 0, "high": 71}),
        ([*range(8), 3], "deck-card-repeated", {"card": 3, "count": 2}),
        (list(range(7)), "deck-too-small", {"cards": 7, "players": 2, "least": 8}),
    ],
)
def test_an_explicit_deck_holds_distinct_card_ids(
    deck: object, code: str, fields: dict[str, object]
) -> None:
    with pytest.raises(SetupError) as refused:
        GAME.new_game(NAMES[:2], 0, deck=deck, edition=STAGED_EDITION)  # type: ignore[arg-type]
    assert (refused.value.code, refused.value.fields) == (code, fields)


def test_a_staged_deck_leaves_the_other_cards_out_of_play() -> None:
    state = GAME.new_game(NAMES[:2], 0, deck=list(range(10)), edition=STAGED_EDITION)
    assert state.draw == (8, 9)
    assert state.out_of_play == tuple(range(10, 72))
    assert all_cards(state) == Counter(range(72))


def test_a_staged_solo_deck_is_won_by_scoring_all_of_its_cards() -> None:
    state = GAME.new_game(["Ann"], 0, deck=cards_of(1)[:6], edition=STAGED_EDITION)
    assert GAME.view(state, 0)["goal"] == 6


@pytest.mark.parametrize(
    ("players", "setup", "code", "fields"),
    [
        (
            NAMES[:1] * 0,
            {},
            "player-count",
            {"game": "shifting-stones", "least": 1, "most": 5, "given": 0},
        ),
        (
            [*NAMES, "Fay"],
            {},
            "player-count",
            {"game": "shifting-stones", "least": 1, "most": 5, "given": 6},
        ),
        (NAMES[:2], {"start": 2}, "start-not-seat", {"seats": [0, 1], "given": "2"}),
        (NAMES[:2], {"seed": "x"}, "seed-not-integer", {"given": "'x'"}),
        (
            NAMES[:2],
            {"options": {"fast": True}},
            "unknown-option",
            {"option": "fast", "game": "shifting-stones"},
        ),
        (NAMES[:2], {"edition": 3}, "edition-unknown", {"editions": [1, 2], "given": "3"}),
    ],
)
def test_a_bad_set_up_is_refused(
    players: list[str], setup: dict[str, object], code: str, fields: dict[str, object]
) -> None:
    args: dict[str, object] = {"seed": 0, **setup}
    with pytest.raises(SetupError) as refused:
        GAME.new_game(players, **args)  # type: ignore[arg-type]
    assert (refused.value.code, refused.value.fields) == (code, fields)
