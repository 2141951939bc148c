"""Privacy: a seat's view and log depend only on what that seat may know.

3 x 3 hides (RULES.md) other players' hands, all face-down cards (the owner's
too), and the draw pile. Re-dealing all of that, and the cards others drew,
must leave the seat's view and log exactly as they were. XOXO and Shifting
Stones: see below.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from rules.bots import choose
from rules.shifting_stones import ShiftingStones, ShiftingStonesState
from rules.three_by_three import ThreeByThreeState
from rules.three_by_three_cards import FULL_DECK, SORT_KEY
from rules.xoxo import KIND_OF, Xoxo, XoxoState
from rules.xoxo_tiles import TILE_PARTS

from staging import GAME, NAMES

SEAT_KEYS = {"name", "hand_count", "face_up", "face_down", "place", "ready", "known", "revealed"}


def redeal(state: ThreeByThreeState, seat: int | None, rng: random.Random) -> ThreeByThreeState:
    """The same public facts with the cards hidden from `seat` shuffled among their places
    (none once the game is over: nothing is secret then)."""
    new = state.clone()
    if GAME.is_over(new):
        return new
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
            action = choose(GAME.id, "normal", GAME.view(state, seat), legal, rng)
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
def test_once_a_3x3_game_is_over_every_seat_sees_every_card_left(players: int, seed: int) -> None:
    *_, over = sampled_states(players, seed)
    for seat in [None, *range(players)]:
        view = GAME.view(over, seat)
        for i, info in enumerate(view["seats"]):
            down = [card for card in over.face_down[i] if card is not None]
            assert Counter(info["revealed"]) == Counter([*over.hands[i], *down])


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
        everyone = GAME.view(state, None)
        for seat in [None, *range(players)]:
            view = GAME.view(state, seat)
            assert view["burned"] == everyone["burned"]
            public = set(view["hand"]) | set(view["pile"]) | set(view["burned"])
            for info, shared in zip(view["seats"], everyone["seats"], strict=True):
                assert set(info) == SEAT_KEYS
                assert all(isinstance(slot, bool) for slot in info["face_down"])
                assert info["known"] == shared["known"]
                assert info["revealed"] == shared["revealed"]
                assert bool(info["revealed"]) <= GAME.is_over(state)
                public |= set(info["face_up"]) | set(info["known"]) | set(info["revealed"])
            assert set(card_strings(view)) <= public
            if seat is None:
                assert view["hand"] == []


# ---- XOXO -------------------------------------------------------------------
# Hidden (RULES.md): the values of unmet targets (except to their owner, and to
# everyone once the game is over), the boxed targets, and every tile below the top
# of a stack. Tiles below the top of a board cell are hidden from views as well.

XOXO = Xoxo()


def xoxo_redeal(state: XoxoState, seat: int | None, rng: random.Random) -> XoxoState:
    """The same public facts with the hidden tiles and target values shuffled among their places.

    A target keeps its kind (its back is public); the boxed targets take whatever is left.
    """
    new = state.clone()
    n = len(new.players)
    pool = [tile for stack in (*new.stacks, new.general) for tile in stack[1:]]
    pool += [tile for covered in new.under.values() for tile in covered]
    rng.shuffle(pool)
    deal = iter(pool)
    new.stacks = [stack[:1] + tuple(next(deal) for _ in stack[1:]) for stack in new.stacks]
    new.general = new.general[:1] + tuple(next(deal) for _ in new.general[1:])
    new.under = {cell: tuple(next(deal) for _ in covered) for cell, covered in new.under.items()}
    over = XOXO.is_over(new)
    hidden = [
        (i, j)
        for i in range(n)
        if i != seat and not over
        for j, met in enumerate(new.met[i])
        if not met
    ]
    values = [new.targets[i][j] for i, j in hidden] + list(new.boxed)
    rng.shuffle(values)
    targets = [list(values_of) for values_of in new.targets]
    for i, j in hidden:
        kind = KIND_OF[targets[i][j]]
        value = next(v for v in values if KIND_OF[v] == kind)
        values.remove(value)
        targets[i][j] = value
    new.targets = tuple(tuple(values_of) for values_of in targets)
    new.boxed = tuple(values)
    return new


def xoxo_states(players: int, seed: int) -> Iterator[XoxoState]:
    """Every state of a game played mostly by bots, with some random moves."""
    rng = random.Random(seed)
    state = XOXO.new_game(NAMES[:players], seed)
    yield state
    while not XOXO.is_over(state):
        (seat,) = XOXO.to_act(state)
        legal = XOXO.legal_actions(state, seat)
        if rng.random() < 0.3:
            action = rng.choice(legal)
        else:
            action = choose(XOXO.id, "normal", XOXO.view(state, seat), legal, rng)
        state = XOXO.apply(state, seat, action)
        yield state


XOXO_GAMES = [(2, 1), (2, 6), (3, 2), (3, 7), (4, 3), (4, 8)]


@pytest.mark.parametrize(("players", "seed"), XOXO_GAMES)
def test_an_xoxo_view_and_log_do_not_change_when_hidden_things_are_redealt(
    players: int, seed: int
) -> None:
    rng = random.Random(seed)
    targets_changed = under_changed = 0
    for state in xoxo_states(players, seed):
        for seat in [None, *range(players)]:
            other = xoxo_redeal(state, seat, rng)
            assert XOXO.view(other, seat) == XOXO.view(state, seat)
            assert XOXO.log(other, seat) == XOXO.log(state, seat)
            targets_changed += other.targets != state.targets
            under_changed += other.under != state.under
    assert targets_changed and under_changed


@pytest.mark.parametrize(("players", "seed"), XOXO_GAMES)
def test_an_xoxo_view_names_only_top_tiles_and_the_targets_that_seat_may_know(
    players: int, seed: int
) -> None:
    for state in xoxo_states(players, seed):
        tops = {*state.tops.values()} | {
            stack[0] for stack in (*state.stacks, state.general) if stack
        }
        for seat in [None, *range(players)]:
            view = XOXO.view(state, seat)
            assert set(tile_strings(view)) <= tops
            known = {
                value
                for i in range(players)
                for value, met in zip(state.targets[i], state.met[i], strict=True)
                if met or i == seat or XOXO.is_over(state)
            }
            shown = [t["value"] for info in view["seats"] for t in info["targets"] if t["value"]]
            assert set(shown) == known
            assert not set(state.boxed) & set(json.dumps(view).split('"'))


@pytest.mark.parametrize(("players", "seed"), XOXO_GAMES)
def test_once_an_xoxo_game_is_over_every_seat_sees_every_target(players: int, seed: int) -> None:
    *_, over = xoxo_states(players, seed)
    for seat in [None, *range(players)]:
        view = XOXO.view(over, seat)
        shown = [[t["value"] for t in info["targets"]] for info in view["seats"]]
        assert shown == [list(targets) for targets in over.targets]


def tile_strings(data: Any) -> list[str]:
    """Every tile code named anywhere in plain JSON data."""
    if isinstance(data, dict):
        return [tile for value in data.values() for tile in tile_strings(value)]
    if isinstance(data, list):
        return [tile for value in data for tile in tile_strings(value)]
    return [data] if isinstance(data, str) and data in TILE_PARTS else []


# ---- Shifting Stones --------------------------------------------------------
# Hidden (RULES.md): other players' hands and the draw pile's order. The discard
# pile and all scored cards are public.

STONES = ShiftingStones()


def stones_redeal(
    state: ShiftingStonesState, seat: int | None, rng: random.Random
) -> ShiftingStonesState:
    """The same public facts with other hands and the draw pile shuffled among their places,
    and other cards named as drawn by the other seats (once the game is over, the hands
    are no secret: only the draw pile)."""
    new = state.clone()
    over = STONES.is_over(new)
    others = [i for i in range(len(new.players)) if i != seat and not over]
    pool = [card for i in others for card in new.hands[i]] + list(new.draw)
    rng.shuffle(pool)
    deal = iter(pool)
    for i in others:
        new.hands[i] = tuple(next(deal) for _ in new.hands[i])
    new.draw = tuple(deal)
    new.events = [
        (kind, actor, tuple(rng.sample(range(72), len(rest[0]))))
        if kind in ("draw", "skip") and actor != seat
        else (kind, actor, *rest)
        for kind, actor, *rest in new.events
    ]
    return new


def stones_states(players: int, seed: int) -> Iterator[ShiftingStonesState]:
    """Every state of a game played mostly by bots, with some random moves."""
    rng = random.Random(seed)
    state = STONES.new_game(NAMES[:players], seed)
    yield state
    while not STONES.is_over(state):
        (seat,) = STONES.to_act(state)
        legal = STONES.legal_actions(state, seat)
        if rng.random() < 0.3:
            action = rng.choice(legal)
        else:
            action = choose(STONES.id, "normal", STONES.view(state, seat), legal, rng)
        state = STONES.apply(state, seat, action)
        yield state


STONES_GAMES = [(1, 1), (2, 2), (3, 3), (4, 4), (5, 5)]


@pytest.mark.parametrize(("players", "seed"), STONES_GAMES)
def test_a_shifting_stones_view_and_log_do_not_change_when_hidden_cards_are_redealt(
    players: int, seed: int
) -> None:
    rng = random.Random(seed)
    changed = 0
    for step, state in enumerate(stones_states(players, seed)):
        for seat in [None, *range(players)]:
            other = stones_redeal(state, seat, rng)
            assert STONES.view(other, seat) == STONES.view(state, seat)
            if step % 5 == 0:
                assert STONES.log(other, seat) == STONES.log(state, seat)
            changed += other.draw != state.draw
    assert changed


@pytest.mark.parametrize(("players", "seed"), STONES_GAMES)
def test_a_shifting_stones_view_names_only_its_own_hand_and_public_cards(
    players: int, seed: int
) -> None:
    for state in stones_states(players, seed):
        public = set(state.discard) | {card for cards in state.scored for card in cards}
        if STONES.is_over(state):
            public |= {card for hand in state.hands for card in hand}
        for seat in [None, *range(players)]:
            view = STONES.view(state, seat)
            own = set() if seat is None else set(state.hands[seat])
            assert set(card_ids(view)) <= public | own
            hand = [] if seat is None else list(state.hands[seat])
            assert [card["id"] for card in view["hand"]] == hand


@pytest.mark.parametrize(("players", "seed"), STONES_GAMES[1:])
def test_once_a_shifting_stones_game_is_over_every_seat_sees_every_hand(
    players: int, seed: int
) -> None:
    *_, over = stones_states(players, seed)
    for seat in [None, *range(players)]:
        seats = STONES.view(over, seat)["seats"]
        for i, info in enumerate(seats):
            assert [card["id"] for card in info["revealed"]] == list(over.hands[i])


def card_ids(data: Any) -> list[int]:
    """Every card id named anywhere in plain JSON data (as the value of an "id" key)."""
    if isinstance(data, dict):
        found = [data["id"]] if "id" in data else []
        return found + [card for value in data.values() for card in card_ids(value)]
    if isinstance(data, list):
        return [card for value in data for card in card_ids(value)]
    return []
