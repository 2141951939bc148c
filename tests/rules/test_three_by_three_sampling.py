"""Sampling the hidden cards: full games a seat cannot tell from the real one.

A seat knows its own hand, every face-up card, the pile, the burned cards and
the hand cards everyone saw a player take: face-up cards swapped into the hand
in tour 1, a pile picked up, a face-down card that did not fit. A sample keeps
all of that and deals the cards the seat has not seen at random into the other
hands, the face-down slots and the draw pile.

What a sample keeps in every game is checked for all of them in test_engine_contract.py;
here are the facts of 3 x 3 alone.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from rules.three_by_three import ChooseFaceUp, ThreeByThreeState, all_cards
from rules.three_by_three_cards import sort_cards

from staging import GAME, NAMES, Seat, blind, deal, play, play_up, table, take

GAMES = [(2, 1), (2, 2), (3, 3), (3, 4), (5, 5), (5, 6), (11, 7), (11, 8)]
"""Random games watched: (players, seed). Eleven players use two decks."""


def moments(players: int, seed: int) -> Iterator[ThreeByThreeState]:
    """States of a random game: the deal, all of tour 1, every few moves, the last moves."""
    rng = random.Random(seed)
    states = [GAME.new_game(NAMES[:players], seed)]
    while not GAME.is_over(states[-1]):
        state = states[-1]
        (seat,) = GAME.to_act(state)
        states.append(GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat))))
    stride = max(1, len(states) // 40)
    for step, state in enumerate(states):
        if step <= players or step % stride == 0 or step >= len(states) - 6:
            yield state


def samples(players: int, seed: int) -> Iterator[tuple[ThreeByThreeState, int, ThreeByThreeState]]:
    """(real state, seat, a sample drawn from that seat's view) at every moment, every seat."""
    rng = random.Random(seed)
    for state in moments(players, seed):
        for seat in range(players):
            yield state, seat, GAME.sample_state(GAME.view(state, seat), rng)


def hidden_from(state: ThreeByThreeState, seat: int) -> list[list[str]]:
    """The places `seat` cannot see, each with the cards it holds there in `state`: none
    once the game is over."""
    if GAME.is_over(state):
        return []
    places = []
    for other, hand in enumerate(state.hands):
        unknown = list((Counter(hand) - Counter(state.known[other])).elements())
        if other != seat and unknown:
            places.append(sorted(unknown))
    places += [[card] for slots in state.face_down for card in slots if card is not None]
    places += [[card] for card in state.draw]
    if state.out_of_play:
        places.append(sorted(state.out_of_play))
    return places


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_a_sample_keeps_every_hand_card_everyone_saw_taken(players: int, seed: int) -> None:
    for state, _, sample in samples(players, seed):
        for other in range(players):
            assert not Counter(state.known[other]) - Counter(state.hands[other])
            assert sample.known[other] == tuple(sort_cards(state.known[other]))
            assert not Counter(sample.known[other]) - Counter(sample.hands[other])


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_different_generators_deal_the_unseen_cards_differently(players: int, seed: int) -> None:
    checked = 0
    for state in moments(players, seed):
        for seat in range(players):
            places = hidden_from(state, seat)
            if len(places) < 2 or len({card for place in places for card in place}) < 2:
                continue
            view = GAME.view(state, seat)
            worlds = {
                tuple(map(tuple, hidden_from(GAME.sample_state(view, random.Random(k)), seat)))
                for k in range(16)
            }
            assert len(worlds) > 1
            checked += 1
    assert checked


# ---- what everyone knows -----------------------------------------------------


def test_face_up_cards_swapped_into_the_hand_stay_in_that_hand() -> None:
    state = deal(Seat(hand="2C 3C 4C", up="QS KS AS"), Seat(), draw="5C 6C")
    state = GAME.apply(state, 0, ChooseFaceUp(("2C", "3C", "4C")))
    view = GAME.view(state, 1)
    assert view["seats"][0]["known"] == ["QS", "KS", "AS"]
    for k in range(10):
        assert GAME.sample_state(view, random.Random(k)).hands[0] == ("QS", "KS", "AS")


def test_a_pile_picked_up_stays_in_that_hand_until_it_is_played() -> None:
    state = table(Seat(hand="KS 9D 5C"), Seat(hand="3C 4H 6D"), draw="8C 9C")
    state = take(play(state, 0, "KS"), 1)
    view = GAME.view(state, 0)
    assert view["seats"][1]["known"] == ["KS"]
    for k in range(10):
        assert "KS" in GAME.sample_state(view, random.Random(k)).hands[1]
    state = play(play(state, 0, "5C"), 1, "KS")
    assert GAME.view(state, 0)["seats"][1]["known"] == []


def test_a_face_down_card_that_does_not_fit_is_known_with_the_pile() -> None:
    state = table(Seat(hand="3C 3D 3H", up="5S 5H 5D", down="3S 9C KD"), Seat(hand="4C 6C 8C"))
    state = play(play(state, 0, "3C 3D 3H"), 1, "4C")
    state = play(play_up(state, 0, "5S 5H 5D"), 1, "6C")
    state = blind(state, 0, 0)
    view = GAME.view(state, 1)
    taken = ["3C", "3D", "3H", "3S", "4C", "5D", "5H", "5S", "6C"]
    assert view["seats"][0]["known"] == taken
    sample = GAME.sample_state(view, random.Random(0))
    assert sort_cards(sample.hands[0]) == taken
    assert all_cards(sample) == all_cards(state)


def test_burned_cards_are_seen_by_everyone_and_never_dealt_again() -> None:
    state = table(Seat(hand="9D TS 5C"), Seat(hand="JC 4H 6D"), draw="8C 9C 7D")
    state = play(play(play(state, 0, "9D"), 1, "JC"), 0, "TS")
    for seat in (None, 0, 1):
        assert GAME.view(state, seat)["burned"] == ["9D", "JC", "TS"]
    sample = GAME.sample_state(GAME.view(state, 1), random.Random(0))
    hidden = {card for place in hidden_from(sample, 1) for card in place}
    assert sample.burned == ("9D", "JC", "TS")
    assert not hidden & {"9D", "JC", "TS"}
