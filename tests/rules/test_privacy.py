"""3 x 3 privacy: a seat's view and log depend only on what that seat may know.

Hidden (RULES.md): other players' hands, all face-down cards (the owner's
too), and the draw pile. Re-dealing all of that, and the cards others drew,
must leave the seat's view and log exactly as they were.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from rules.three_by_three import FULL_DECK, SORT_KEY, ThreeByThreeState

from staging import GAME, NAMES

SEAT_KEYS = {"name", "hand_count", "face_up", "face_down", "place", "ready"}


def redeal(state: ThreeByThreeState, seat: int | None, rng: random.Random) -> ThreeByThreeState:
    """The same public facts with the cards hidden from `seat` shuffled among their places."""
    new = state.clone()
    n = len(new.players)
    others = [i for i in range(n) if i != seat]
    pool = [card for i in others for card in new.hands[i]]
    pool += [card for i in range(n) for card in new.face_down[i] if card is not None]
    pool += new.draw
    rng.shuffle(pool)
    deal = iter(pool)
    for i in others:
        new.hands[i] = tuple(next(deal) for _ in new.hands[i])
    for i in range(n):
        new.face_down[i] = tuple(None if card is None else next(deal) for card in new.face_down[i])
    new.draw = tuple(deal)
    new.events = [
        (kind, actor, tuple(rng.choices(FULL_DECK, k=len(rest[0]))))
        if kind == "draw" and actor != seat
        else (kind, actor, *rest)
        for kind, actor, *rest in new.events
    ]
    return new


def sampled_states(players: int, seed: int) -> Iterator[ThreeByThreeState]:
    """Every state of a game played mostly by bots, with some random moves."""
    rng = random.Random(seed)
    state = GAME.new_game(NAMES[:players], seed)
    yield state
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        if rng.random() < 0.3:
            action = rng.choice(legal)
        else:
            action = GAME.bot_action(GAME.view(state, seat), legal, rng)
        state = GAME.apply(state, seat, action)
        yield state


def card_strings(data: Any) -> list[str]:
    """Every card named anywhere in plain JSON data."""
    if isinstance(data, dict):
        return [card for value in data.values() for card in card_strings(value)]
    if isinstance(data, list):
        return [card for value in data for card in card_strings(value)]
    return [data] if isinstance(data, str) and data in SORT_KEY else []


GAMES_TO_WATCH = [(2, 1), (3, 2), (4, 3), (6, 4), (11, 5)]


@pytest.mark.parametrize(("players", "seed"), GAMES_TO_WATCH)
def test_a_view_does_not_change_when_hidden_cards_are_redealt(players: int, seed: int) -> None:
    rng = random.Random(seed)
    changed = 0
    for state in sampled_states(players, seed):
        for seat in [None, *range(players)]:
            other = redeal(state, seat, rng)
            assert GAME.view(other, seat) == GAME.view(state, seat)
            changed += other.draw != state.draw or other.face_down != state.face_down
    assert changed


@pytest.mark.parametrize(("players", "seed"), GAMES_TO_WATCH)
def test_a_log_does_not_change_when_others_drew_other_cards(players: int, seed: int) -> None:
    rng = random.Random(seed)
    for step, state in enumerate(sampled_states(players, seed)):
        if step % 10:
            continue
        for seat in [None, *range(players)]:
            assert GAME.log(redeal(state, seat, rng), seat) == GAME.log(state, seat)


@pytest.mark.parametrize(("players", "seed"), GAMES_TO_WATCH)
def test_a_view_names_only_its_own_hand_and_public_cards(players: int, seed: int) -> None:
    for state in sampled_states(players, seed):
        for seat in [None, *range(players)]:
            view = GAME.view(state, seat)
            public = set(view["hand"]) | set(view["pile"])
            for info in view["seats"]:
                assert set(info) == SEAT_KEYS
                assert all(isinstance(slot, bool) for slot in info["face_down"])
                public |= set(info["face_up"])
            assert set(card_strings(view)) <= public
            if seat is None:
                assert view["hand"] == []
