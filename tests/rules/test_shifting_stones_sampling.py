"""Sampling a full state from one seat's view (RULES.md section 2, "Hidden").

A seat cannot see the other hands, the order of the draw pile, or (solo) which
cards of the 72 are in its 16-card deck. It knows its own hand, the grid (both
sides of every stone), the whole face-up discard pile, every scored card, the
counts, and which cards a reshuffle put into the draw pile. A sample deals what is
hidden at random from what the seat has not seen, and keeps everything else.

What a sample keeps in every game is checked for all of them in test_engine_contract.py;
here are the facts of Shifting Stones alone.

The random games below are played by a player that scores whenever it can and
otherwise looks for a shift or flip after which another hand card matches; uniformly
random play scores so rarely that a game takes tens of thousands of moves.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from functools import cache

import pytest

from rules.engine import Action
from rules.shifting_stones import (
    END,
    OTHER_SIDE,
    SOLO_DECK,
    VALUE,
    Flip,
    Score,
    Shift,
    ShiftingStonesState,
    all_cards,
    matches,
)

from stones_staging import GAME, NAMES, cards_of, deal, end, flip, showing_card

GAMES = [(players, seed) for players in (1, 2, 3, 5) for seed in (1, 2, 3)]
"""(players, seed) of the random games to sample from."""
POINTS = 12
"""About how many states of each game are sampled, besides the first and the last three."""
TWOS = cards_of(2)
"""The 20 cards worth 2 points."""


def player(state: ShiftingStonesState, seat: int, rng: random.Random) -> Action:
    """Score a matching card; else a shift or flip after which another hand card matches;
    else any legal action."""
    legal = GAME.legal_actions(state, seat)
    for action in legal:
        if isinstance(action, Score):
            return action
    ups = [up for up, _ in state.grid]
    for action in legal:
        if isinstance(action, Shift | Flip):
            after = ups[:]
            if isinstance(action, Shift):
                after[action.a], after[action.b] = after[action.b], after[action.a]
            else:
                after[action.cell] = OTHER_SIDE[after[action.cell]]
            if any(matches(after, card) for card in state.hands[seat] if card != action.card):
                return action
    return rng.choice(legal)


@cache
def played(players: int, seed: int) -> tuple[ShiftingStonesState, ...]:
    """Every state of one random game, the first and the last included."""
    rng = random.Random(seed)
    state = GAME.new_game(NAMES[:players], seed)
    states = [state]
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        state = GAME.apply(state, seat, player(state, seat, rng))
        states.append(state)
    return tuple(states)


def sampled_points(players: int, seed: int) -> Iterator[tuple[int, ShiftingStonesState]]:
    """(step, state) for the start, about POINTS states along the game and the last three
    (the game over included)."""
    states = played(players, seed)
    every = max(1, len(states) // POINTS)
    steps = sorted({*range(0, len(states), every), *range(max(0, len(states) - 3), len(states))})
    for step in steps:
        yield step, states[step]


def seats_and_samples(
    players: int, seed: int
) -> Iterator[tuple[ShiftingStonesState, int, ShiftingStonesState]]:
    """(real state, seat, sample from that seat's view) at every sampled point, every seat."""
    for step, state in sampled_points(players, seed):
        for seat in range(players):
            rng = random.Random(f"{seed}/{step}/{seat}")
            yield state, seat, GAME.sample_state(GAME.view(state, seat), rng)


def hidden_part(state: ShiftingStonesState, seat: int) -> object:
    """What a seat cannot see: the other hands, the draw pile and the cards out of play."""
    others = tuple(hand for other, hand in enumerate(state.hands) if other != seat)
    return others, state.draw, state.out_of_play


def in_play_values(state: ShiftingStonesState) -> Counter[int]:
    """How many cards of each value are in the game."""
    return Counter(VALUE[card] for card in all_cards(state) if card not in state.out_of_play)


# ---- in random games -----------------------------------------------------------


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_a_sample_keeps_the_number_of_cards_of_each_value_in_the_game(
    players: int, seed: int
) -> None:
    for state, _, sample in seats_and_samples(players, seed):
        assert in_play_values(sample) == in_play_values(state)


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_different_random_generators_deal_different_samples(players: int, seed: int) -> None:
    checked = 0
    for _, state in sampled_points(players, seed):
        for seat in range(players):
            view = GAME.view(state, seat)
            hands = [info["hand_count"] for i, info in enumerate(view["seats"]) if i != seat]
            others = 0 if GAME.is_over(state) else sum(hands)
            if others + view["draw_count"] < 2:
                continue
            deals = {
                hidden_part(GAME.sample_state(view, random.Random(key)), seat) for key in range(6)
            }
            assert len(deals) > 1
            checked += 1
    assert checked


# ---- what a seat knows, staged --------------------------------------------------
# Ann holds cards 10 to 13, the draw pile is cards 20 and 21, nothing else is in play
# but Bob's fillers. Ann pays three flips with 10, 11 and 12 and ends her turn: she
# draws 20 and 21, the discard pile (10, 11, 12) is reshuffled and she draws one more.


def reshuffled_game(players: int) -> ShiftingStonesState:
    """The turn above, played; the draw pile holds two of cards 10, 11 and 12."""
    state = deal(players, hands=[[10, 11, 12, 13]], draw=[20, 21], rest=False)
    for card in (10, 11, 12):
        state = flip(state, 0, card, 4)
    return end(state, 0)


def test_the_view_holds_the_whole_discard_pile_bottom_to_top() -> None:
    state = deal(2, hands=[[10, 11, 12, 13]])
    state = flip(flip(state, 0, 12, 4), 0, 10, 4)
    assert [card["id"] for card in GAME.view(state, 1)["discard"]] == [12, 10]


def test_the_view_lists_the_reshuffled_cards_the_seat_has_not_seen_since() -> None:
    state = reshuffled_game(2)
    (drawn,) = set(state.hands[0]) & {10, 11, 12}
    assert GAME.view(state, 1)["reshuffled"] == [[10, 11, 12]]
    assert GAME.view(state, 0)["reshuffled"] == [sorted({10, 11, 12} - {drawn})]


def test_after_a_reshuffle_a_sample_draws_only_cards_from_the_old_discard_pile() -> None:
    state = reshuffled_game(2)
    for key in range(10):
        sample = GAME.sample_state(GAME.view(state, 1), random.Random(key))
        assert len(sample.draw) == 2
        assert set(sample.draw) < {10, 11, 12}
        assert len(set(sample.hands[0]) & {10, 11, 12}) == 1


def test_the_drawer_knows_which_cards_the_reshuffled_draw_pile_holds() -> None:
    state = reshuffled_game(2)
    for key in range(10):
        sample = GAME.sample_state(GAME.view(state, 0), random.Random(key))
        assert set(sample.draw) == set(state.draw)


def test_a_sample_deals_other_hands_cards_of_the_values_still_in_play() -> None:
    state = reshuffled_game(2)
    fresh = Counter(VALUE[card] for card in (13, 20, 21))
    for key in range(10):
        sample = GAME.sample_state(GAME.view(state, 1), random.Random(key))
        ann = [card for card in sample.hands[0] if card not in {10, 11, 12}]
        assert Counter(VALUE[card] for card in ann) == fresh


def test_a_solo_sample_after_a_reshuffle_has_exactly_the_cards_left_to_draw() -> None:
    state = reshuffled_game(1)
    assert len(state.draw) == 2
    sample = GAME.sample_state(GAME.view(state, 0), random.Random(1))
    assert set(sample.draw) == set(state.draw)
    assert sample.out_of_play == state.out_of_play


def test_a_solo_sample_deals_a_deck_of_8_ones_4_twos_3_threes_and_a_five() -> None:
    state = GAME.new_game(["Ann"], seed=7)
    for key in range(10):
        sample = GAME.sample_state(GAME.view(state, 0), random.Random(key))
        assert in_play_values(sample) == Counter(SOLO_DECK)
        assert len(sample.out_of_play) == 72 - 16


def test_the_view_names_the_seat_that_started_the_last_round() -> None:
    state = deal(2, showing_card(0), hands=[[0]], scored={0: TWOS[:9]})
    assert GAME.view(state, 1)["trigger"] is None
    state = end(GAME.apply(state, 0, Score(0)), 0)
    assert GAME.view(state, 1)["trigger"] == 0
    sample = GAME.sample_state(GAME.view(state, 1), random.Random(1))
    assert GAME.result(GAME.apply(sample, 1, END)) == GAME.result(GAME.apply(state, 1, END))
