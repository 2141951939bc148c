"""The end of the solo game, once every card left comes back to the hand each turn: the
hard player searches turns ahead for a line that scores every card before the last strike."""

from __future__ import annotations

import math
import random

import pytest

from rules.bots import Budget, choose
from rules.bots.stones_endgame import OutOfTime, winning_turn
from rules.bots.stones_grid import moved
from rules.shifting_stones import NEEDS, ShiftingStonesState

from stones_staging import GAME, NAMES, STAGED_EDITION, showing, stones

FISH_HORSE_MOON = 0
"""Card 0: fish middle right, horse bottom middle, moon bottom right."""
SEED_BOAT_FISH = 1
"""Card 1: seed top left, boat middle left, fish in the centre."""
BOTH_BUT_THE_CENTRE = showing({5: "fish", 7: "horse", 8: "moon", 0: "seed", 3: "boat", 4: "bird"})
"""Card 0 shows; card 1 shows once the bird in the centre is flipped to its fish."""


def last_two_cards(strikes: int) -> ShiftingStonesState:
    """A solo game of cards 0 and 1 only, both in Ann's hand, after `strikes` strikes."""
    state = GAME.new_game(
        NAMES[:1],
        seed=0,
        stones=BOTH_BUT_THE_CENTRE,
        deck=[FISH_HORSE_MOON, SEED_BOAT_FISH],
        edition=STAGED_EDITION,
    )
    state.strikes = strikes
    return state


def no_limit() -> float:
    return math.inf


def test_with_no_strike_to_spare_it_scores_one_card_and_leaves_a_grid_the_other_fits() -> None:
    turn = winning_turn(GAME.view(last_two_cards(3), 0), no_limit)

    assert turn is not None
    assert {card.id for card in turn.scores} == {FISH_HORSE_MOON}
    assert len(turn.moves) + len(turn.then) == 1
    grid = tuple(BOTH_BUT_THE_CENTRE)
    for move in turn.moves + turn.then:
        grid = moved(grid, move)
    assert all(grid[cell][0] == symbol for cell, symbol in NEEDS[SEED_BOAT_FISH])


TOP_ROW_AND_FAR = stones("seed fish moon / fish horse horse / horse seed seed")
"""Card 5 (seed, fish, moon along the top row) shows; card 2 (seed top middle, boat
middle left, fish in the centre) misses all three cells."""


def test_the_hard_player_plans_the_last_two_cards_where_normal_runs_out_of_strikes() -> None:
    def staged() -> ShiftingStonesState:
        state = GAME.new_game(
            NAMES[:1], seed=0, stones=TOP_ROW_AND_FAR, deck=[5, 2], edition=STAGED_EDITION
        )
        state.strikes = 2
        return state

    hard, normal = play_out(staged(), "hard"), play_out(staged(), "normal")

    assert (GAME.result(hard)["winners"], GAME.result(normal)["winners"]) == ([0], [])


def play_out(state: ShiftingStonesState, level: str) -> ShiftingStonesState:
    """The solo game played to its end at `level` (hard with one iteration: no clock)."""
    while not GAME.is_over(state):
        view, legal = GAME.view(state, 0), GAME.legal_actions(state, 0)
        budget = Budget(iterations=1) if level == "hard" else None
        state = GAME.apply(state, 0, choose(GAME.id, level, view, legal, random.Random(0), budget))
    return state


def test_a_card_further_than_the_strikes_left_allow_is_not_reached() -> None:
    state = last_two_cards(3)
    state.grid = tuple(showing({5: "bird", 7: "boat", 8: "sun", 0: "tree", 3: "horse", 4: "bird"}))
    assert winning_turn(GAME.view(state, 0), no_limit) is None


def test_it_does_not_search_while_the_draw_pile_holds_cards() -> None:
    state = GAME.new_game(NAMES[:1], seed=0, stones=BOTH_BUT_THE_CENTRE, edition=STAGED_EDITION)
    assert GAME.view(state, 0)["draw_count"] > 0
    assert winning_turn(GAME.view(state, 0), no_limit) is None


def test_a_search_out_of_time_says_so() -> None:
    with pytest.raises(OutOfTime):
        winning_turn(GAME.view(last_two_cards(3), 0), lambda: 0.0)
