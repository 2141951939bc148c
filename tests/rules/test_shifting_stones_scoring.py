"""Scoring: a hand card whose pattern shows on the grid exactly as printed (grey cells match
anything; no rotating or mirroring) is kept face up. Only on one's own turn; each card once.

Card 0 is worth 1 point: ". . . / . . fish / . horse moon" (fish middle right, horse
bottom middle, moon bottom right). Card 4 (1 point, "horse . fish / . seed . / . . .")
and card 36 (2 points, ". . . / . seed boat / . tree moon") can show at the same time.
"""

from __future__ import annotations

import pytest

from rules import IllegalAction
from rules.shifting_stones import PATTERN, Score, matches

from stones_staging import GAME, deal, end, hand_of, score, showing, showing_card, texts

FISH_HORSE_MOON = 0


def ups_of(grid: list[tuple[str, str]]) -> list[str]:
    return [up for up, _ in grid]


def test_a_pattern_matches_when_its_symbols_show_in_its_cells() -> None:
    assert PATTERN[FISH_HORSE_MOON] == (None,) * 5 + ("fish", None, "horse", "moon")
    assert matches(ups_of(showing({5: "fish", 7: "horse", 8: "moon"})), FISH_HORSE_MOON)


def test_grey_cells_match_any_stone() -> None:
    one = showing({5: "fish", 7: "horse", 8: "moon", 0: "seed", 4: "boat"})
    other = showing({5: "fish", 7: "horse", 8: "moon", 0: "tree", 4: "bird"})
    assert matches(ups_of(one), FISH_HORSE_MOON)
    assert matches(ups_of(other), FISH_HORSE_MOON)


def test_the_hidden_side_of_a_stone_does_not_count() -> None:
    assert not matches(ups_of(showing({5: "fish", 7: "horse", 8: "sun"})), FISH_HORSE_MOON)


def test_a_pattern_turned_upside_down_does_not_match() -> None:
    assert not matches(ups_of(showing({3: "fish", 1: "horse", 0: "moon"})), FISH_HORSE_MOON)


def test_a_mirrored_pattern_does_not_match() -> None:
    assert not matches(ups_of(showing({3: "fish", 7: "horse", 6: "moon"})), FISH_HORSE_MOON)


def test_a_pattern_shifted_by_one_cell_does_not_match() -> None:
    assert not matches(ups_of(showing({4: "fish", 6: "horse", 7: "moon"})), FISH_HORSE_MOON)


def test_scoring_keeps_the_card_face_up_in_front_of_the_player() -> None:
    state = deal(2, showing_card(FISH_HORSE_MOON), hands=[[FISH_HORSE_MOON]])
    assert Score(FISH_HORSE_MOON) in GAME.legal_actions(state, 0)
    after = score(state, 0, FISH_HORSE_MOON)
    assert FISH_HORSE_MOON not in hand_of(after, 0)
    seat = GAME.view(after, 1)["seats"][0]
    assert [card["id"] for card in seat["scored"]] == [FISH_HORSE_MOON]
    assert (seat["points"], seat["ones"]) == (1, 1)
    assert texts(after, 1)[-1] == "Ann scored a 1-point card"


def test_scoring_leaves_the_grid_as_it_is_and_the_turn_goes_on() -> None:
    state = deal(2, showing_card(FISH_HORSE_MOON), hands=[[FISH_HORSE_MOON]])
    after = score(state, 0, FISH_HORSE_MOON)
    assert after.grid == state.grid
    assert GAME.to_act(after) == [0]
    assert GAME.view(after, 0)["turn"] == {"actions": 1, "scored": 1, "can_skip": False}


def test_several_cards_may_be_scored_in_one_turn() -> None:
    grid = showing({0: "horse", 2: "fish", 4: "seed", 5: "boat", 7: "tree", 8: "moon"})
    state = deal(2, grid, hands=[[4, 36]])
    assert Score(4) in GAME.legal_actions(state, 0)
    assert Score(36) in GAME.legal_actions(state, 0)
    after = score(score(state, 0, 4), 0, 36)
    assert [card["id"] for card in GAME.view(after, None)["seats"][0]["scored"]] == [4, 36]
    assert GAME.view(after, None)["seats"][0]["points"] == 3


def test_a_card_that_does_not_match_cannot_be_scored() -> None:
    state = deal(2, hands=[[FISH_HORSE_MOON]])
    with pytest.raises(IllegalAction) as caught:
        score(state, 0, FISH_HORSE_MOON)
    assert caught.value.code == "no-match"


def test_a_card_is_scored_only_once() -> None:
    state = deal(2, showing_card(FISH_HORSE_MOON), hands=[[FISH_HORSE_MOON]])
    after = score(state, 0, FISH_HORSE_MOON)
    with pytest.raises(IllegalAction) as caught:
        score(after, 0, FISH_HORSE_MOON)
    assert (caught.value.code, caught.value.fields) == ("card-scored", {"card": 0})


def test_cards_are_scored_only_on_one_s_own_turn() -> None:
    state = deal(2, showing_card(FISH_HORSE_MOON), hands=[[], [FISH_HORSE_MOON]])
    assert GAME.legal_actions(state, 1) == []
    assert not GAME.view(state, 1)["hand"][0]["scorable"]
    with pytest.raises(IllegalAction) as caught:
        score(state, 1, FISH_HORSE_MOON)
    assert (caught.value.code, caught.value.fields) == ("not-to-act", {"turn": 0})
    bob = end(state, 0)
    assert GAME.view(bob, 1)["hand"][0]["scorable"]
    assert Score(FISH_HORSE_MOON) in GAME.legal_actions(bob, 1)
