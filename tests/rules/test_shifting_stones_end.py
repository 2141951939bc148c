"""The end: once someone has scored 10/9/8/7 cards (2/3/4/5 players) at the end of a turn,
the round is finished so that everyone has had the same number of turns. Score: card
values plus 3 for the most 1-point cards (ties each get 3, nobody if none has one).
Solo: a turn without a scored card is a strike; 4 strikes lose, all cards scored wins.

Card 0 (1 point) shows on the grid FISH_HORSE_MOON; fillers in other hands never match.
"""

from __future__ import annotations

from rules.shifting_stones import final_scores
from tui.games.shifting_stones.words import reason_text, status_text

from stones_staging import (
    GAME,
    STAGED_EDITION,
    deal,
    end,
    score,
    showing,
    showing_card,
    skip,
    texts,
)

FISH_HORSE_MOON = 0
TWOS = list(range(32, 52))
"""The 20 cards worth 2 points."""


def test_the_goal_depends_on_the_number_of_players() -> None:
    goals = [GAME.view(deal(players), None)["goal"] for players in (2, 3, 4, 5)]
    assert goals == [10, 9, 8, 7]


def test_reaching_the_goal_starts_the_last_round_and_the_round_is_finished() -> None:
    grid = showing_card(FISH_HORSE_MOON)
    state = deal(3, grid, hands=[[], [FISH_HORSE_MOON]], scored={1: TWOS[:8]})
    state = score(end(state, 0), 1, FISH_HORSE_MOON)
    assert not GAME.view(state, None)["last_round"]
    state = end(state, 1)
    assert GAME.view(state, None)["last_round"]
    assert texts(state)[-1] == "Last round: Bob has scored 9 cards"
    assert GAME.to_act(state) == [2]
    state = end(state, 2)
    assert GAME.is_over(state)
    assert texts(state)[-1] == "Game over: Bob wins with 20 points"


def test_when_the_seat_before_the_start_player_reaches_the_goal_the_game_ends_at_once() -> None:
    grid = showing_card(FISH_HORSE_MOON)
    state = deal(3, grid, hands=[[], [], [FISH_HORSE_MOON]], scored={2: TWOS[:8]})
    state = score(end(end(state, 0), 1), 2, FISH_HORSE_MOON)
    state = end(state, 2)
    assert GAME.is_over(state)
    assert not any(text.startswith("Last round") for text in texts(state))


def test_when_the_start_player_reaches_the_goal_everyone_else_plays_once_more() -> None:
    grid = showing_card(FISH_HORSE_MOON)
    state = deal(3, grid, hands=[[FISH_HORSE_MOON]], scored={0: TWOS[:8]}, start=0)
    state = end(score(state, 0, FISH_HORSE_MOON), 0)
    assert GAME.view(state, None)["last_round"]
    state = end(state, 1)
    assert not GAME.is_over(state)
    state = end(state, 2)
    assert GAME.is_over(state)


def test_the_start_player_need_not_be_seat_0() -> None:
    grid = showing_card(FISH_HORSE_MOON)
    state = deal(3, grid, hands=[[FISH_HORSE_MOON]], scored={0: TWOS[:8]}, start=1)
    state = end(end(state, 1), 2)
    state = end(score(state, 0, FISH_HORSE_MOON), 0)
    assert GAME.is_over(state)


def test_reaching_the_goal_in_the_middle_of_a_turn_ends_nothing_yet() -> None:
    grid = showing_card(FISH_HORSE_MOON)
    state = deal(2, grid, hands=[[FISH_HORSE_MOON]], scored={0: TWOS[:9]})
    state = score(state, 0, FISH_HORSE_MOON)
    assert GAME.to_act(state) == [0]
    assert not GAME.view(state, None)["last_round"]


def test_the_player_with_the_most_1_point_cards_gets_3_points() -> None:
    assert final_scores([[0, 1], [2, 32]]) == [2 + 3, 3]


def test_players_tied_for_the_most_1_point_cards_each_get_3_points() -> None:
    assert final_scores([[0, 32], [1, 33], [34]]) == [3 + 3, 3 + 3, 2]


def test_nobody_gets_the_bonus_when_nobody_has_a_1_point_card() -> None:
    assert final_scores([[32], [52], []]) == [2, 3, 0]


def test_tied_players_share_the_win() -> None:
    grid = showing({0: "horse", 2: "fish", 4: "seed", 5: "boat", 7: "tree", 8: "moon"})
    ann = [32, 33, 34, 35, 37, 38, 39, 40, 41]
    bob = [42, 43, 44, 45, 46, 47, 48, 49, 10]
    state = deal(2, grid, hands=[[4], [36]], scored={0: ann, 1: bob})
    state = end(score(state, 0, 4), 0)
    state = end(score(state, 1, 36), 1)
    result = GAME.result(state)
    assert result["scores"] == [22, 22]
    assert result["winners"] == [0, 1]
    assert result["ranking"] == [[0, 1]]
    assert result["losers"] == []
    assert result["reason"] == {
        "kind": "most-points",
        "trigger": 0,
        "scored": 10,
        "winners": [0, 1],
        "points": 22,
    }
    assert reason_text(result["reason"], state.players) == (
        "Ann scored 10 cards; Ann and Bob share the most points (22)"
    )
    assert texts(state)[-1] == "Game over: Ann and Bob share the win with 22 points"
    assert GAME.view(state, 0)["scores"] == [22, 22]


def test_the_ranking_orders_players_by_final_score() -> None:
    grid = showing_card(FISH_HORSE_MOON)
    state = deal(3, grid, hands=[[], [FISH_HORSE_MOON]], scored={1: TWOS[:8], 2: [1]})
    state = end(end(score(end(state, 0), 1, FISH_HORSE_MOON), 1), 2)
    result = GAME.result(state)
    assert result["scores"] == [0, 17 + 3, 1 + 3]
    assert result["ranking"] == [[1], [2], [0]]


def test_a_solo_turn_without_a_scored_card_is_a_strike() -> None:
    state = end(deal(1), 0)
    assert GAME.view(state, 0)["strikes"] == 1
    assert texts(state)[-2:] == ["Ann ended the turn", "Strike 1 of 4"]


def test_a_solo_skip_is_a_strike_too() -> None:
    state = skip(deal(1), 0)
    assert GAME.view(state, 0)["strikes"] == 1


def test_a_solo_turn_with_a_scored_card_is_no_strike() -> None:
    state = deal(1, showing_card(FISH_HORSE_MOON), hands=[[FISH_HORSE_MOON]])
    state = end(score(state, 0, FISH_HORSE_MOON), 0)
    assert GAME.view(state, 0)["strikes"] == 0


def test_four_strikes_lose_the_solo_game() -> None:
    state = deal(1)
    for _ in range(3):
        state = end(state, 0)
    assert not GAME.is_over(state)
    state = end(state, 0)
    assert GAME.is_over(state)
    result = GAME.result(state)
    assert (result["winners"], result["losers"], result["ranking"]) == ([], [0], [[0]])
    assert result["reason"] == {"kind": "solo-lost", "seat": 0, "strikes": 4}
    assert reason_text(result["reason"], state.players) == "Ann got 4 strikes"
    assert texts(state)[-1] == "Game over: 4 strikes — Ann loses"
    summary = GAME.summary(state)
    assert summary["turn"] is None
    assert status_text(summary["facts"]) == "Over · lost · 0 of 16 scored"
    assert GAME.view(state, 0)["winners"] == []


def test_scoring_every_card_of_the_solo_deck_wins() -> None:
    grid = showing({5: "fish", 7: "horse", 8: "moon", 0: "seed", 3: "boat", 4: "fish", 1: "seed"})
    state = GAME.new_game(["Ann"], 0, stones=grid, deck=[0, 1, 2], edition=STAGED_EDITION)
    for card in (0, 1, 2):
        state = score(state, 0, card)
    assert GAME.is_over(state)
    result = GAME.result(state)
    assert (result["winners"], result["losers"], result["scores"]) == ([0], [], [3])
    assert result["reason"] == {"kind": "solo-won", "seat": 0, "goal": 3}
    assert reason_text(result["reason"], state.players) == "Ann scored all 3 cards"
    assert texts(state)[-1] == "Game over: Ann scored every card and wins"
    assert GAME.view(state, 0)["winners"] == [0]


def test_once_the_game_is_over_no_one_acts() -> None:
    state = deal(1)
    for _ in range(4):
        state = end(state, 0)
    assert GAME.to_act(state) == []
    assert GAME.legal_actions(state, 0) == []
