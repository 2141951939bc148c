"""Sampling a hidden world: a full Xylotar state built from one seat's view alone.

Once the rows are laid out every colour is public. A seat has seen the played and bid
cards, the card it returned when bidding, the two it is looking at to bid, the hands it
sorted this round (whatever the sorting memory option says: it only changes what screens
show) and, while sorting, the hand in its hands. Everything else is dealt at random from
the cards it has not seen, and every row still descends from left to right.

What a sample keeps in every game is checked for all of them in test_engine_contract.py;
here are the facts of Xylotar alone.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

from rules.xylotar import Bid, Peek, Play, XylotarState, deck_for, value

from xylotar_staging import GAME, new, random_game, started

GAMES = [(players, seed) for players in (2, 3, 4, 5) for seed in (1, 2)]
"""Random games of every player count (seed 2 with the sorting memory on), each watched
at every state, the start and the end included."""


@cache
def game(players: int, seed: int) -> list[XylotarState]:
    return random_game(players, seed, sorting_memory=seed == 2)


def views_of(players: int, seed: int) -> Iterator[tuple[XylotarState, int, dict[str, Any]]]:
    """Every state of a random game seen by the seat to act and by one more seat in turn
    (side players included)."""
    for step, state in enumerate(game(players, seed)):
        for seat in sorted({*GAME.to_act(state), step % state.seats}):
            yield state, seat, GAME.view(state, seat)


def sorter_of(state: XylotarState, holder: int) -> int:
    """Who sorts `holder`'s hand: the right neighbour; with 2 players A (seat 0) sorts
    West's and B's, B (seat 2) sorts East's and A's."""
    return (0 if holder in (1, 2) else 2) if state.sides else (holder - 1) % state.seats


def seen_places(state: XylotarState, seat: int) -> dict[tuple[int, int], str]:
    """Each (holder, slot) whose card `seat` has seen, with that card: every slot of the
    hands it sorted this round, played and bid cards, its returned and peeked cards."""
    peeked = state.peek if state.turn == seat and state.peek is not None else ()
    places = {}
    for holder, row in enumerate(state.rows):
        marks = state.status[holder]
        for slot, card in enumerate(row):
            own = holder == seat and (slot == state.returned[seat] or slot in peeked)
            if sorter_of(state, holder) == seat or (marks and marks[slot] != "down") or own:
                places[holder, slot] = card
    return places


def world(state: XylotarState) -> tuple[object, ...]:
    """Where the hidden cards lie: the rows, the hands waiting and the hand being sorted."""
    return tuple(state.rows), tuple(state.dealt), state.placed, state.left


# ---- in random games -----------------------------------------------------------


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_every_row_of_a_sample_descends(players: int, seed: int) -> None:
    rng = random.Random(seed)
    for _, _, view in views_of(players, seed):
        for row in GAME.sample_state(view, rng).rows:
            values = [value(card) for card in row]
            assert values == sorted(values, reverse=True)


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_a_sample_keeps_every_card_the_seat_has_seen_where_it_saw_it(
    players: int, seed: int
) -> None:
    rng = random.Random(seed)
    for state, seat, view in views_of(players, seed):
        sample = GAME.sample_state(view, rng)
        for (holder, slot), card in seen_places(state, seat).items():
            assert sample.rows[holder][slot] == card
        if state.phase == "sort" and state.jobs[0][0] == seat:
            assert (sample.placed, sample.left) == (state.placed, state.left)


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_different_random_generators_deal_different_samples_where_more_than_one_deal_fits(
    players: int, seed: int
) -> None:
    """Public colours often leave a single deal in play; then every sample is the real one.
    While sorting, the hands of others are never that certain."""
    varied = 0
    for step, (state, _, view) in enumerate(views_of(players, seed)):
        if step % 5:
            continue
        worlds = set()
        for other in range(32):
            worlds.add(world(GAME.sample_state(view, random.Random(other))))
            if len(worlds) > 1:
                varied += 1
                break
        else:
            assert state.phase != "sort"
            assert worlds == {world(state)}
    assert varied


def fitting_deals(view: dict[str, Any], limit: int) -> set[tuple[tuple[str, ...], ...]] | None:
    """Every deal of the unseen cards into the unknown slots that keeps the rows descending,
    by trying every order of each colour's unseen cards; None past `limit` orders."""
    known = {hand["seat"]: hand["cards"] for hand in view["sorted"]}
    rows: list[list[Any]] = [
        list(known[holder])
        if holder in known
        else [None if s["value"] is None else f"{s['colour']}{s['value']}" for s in info["slots"]]
        for holder, info in enumerate(view["seats"])
    ]
    seen = {card for row in rows for card in row}
    unseen = [card for card in deck_for(len(rows)) if card not in seen]
    colours = sorted({card[0] for card in unseen})
    places = {
        colour: [
            (holder, slot)
            for holder, info in enumerate(view["seats"])
            for slot, shown in enumerate(info["slots"])
            if rows[holder][slot] is None and shown["colour"] == colour
        ]
        for colour in colours
    }
    if math.prod(math.factorial(len(places[colour])) for colour in colours) > limit:
        return None
    deals: set[tuple[tuple[str, ...], ...]] = set()
    orders = [itertools.permutations(c for c in unseen if c[0] == colour) for colour in colours]
    for choice in itertools.product(*orders):
        for colour, cards in zip(colours, choice, strict=True):
            for (holder, slot), card in zip(places[colour], cards, strict=True):
                rows[holder][slot] = card
        values = [[value(card) for card in row] for row in rows]
        if all(row == sorted(row, reverse=True) for row in values):
            deals.add(tuple(tuple(row) for row in rows))
    return deals


def test_every_deal_that_fits_a_view_is_sampled_about_equally_often() -> None:
    """In play, wherever few enough orders of the unseen cards are left to try them all."""
    checked = 0
    for players, seed in GAMES:
        for state in game(players, seed):
            if state.phase not in ("play", "bid") or checked == 12:
                continue
            view = GAME.view(state, state.turn)
            deals = fitting_deals(view, 2000)
            if deals is None or len(deals) < 2:
                continue
            rng = random.Random(checked)
            counts = Counter(
                tuple(GAME.sample_state(view, rng).rows) for _ in range(60 * len(deals))
            )
            assert set(counts) == deals
            assert all(30 <= count <= 90 for count in counts.values())
            checked += 1
    assert checked == 12


# ---- staged situations ----------------------------------------------------------
# Four players, seat 3 deals, so Ann (seat 0) leads and Bob (seat 1) watches her bid.


def test_everyone_sees_which_two_cards_a_bidder_looks_at_and_a_sample_bids_one_of_them() -> None:
    state = GAME.apply(GAME.apply(started(4, dealer=3), 0, Play(1)), 0, Peek(0, 2))
    view = GAME.view(state, 1)
    assert view["seats"][0]["peeked"] == [0, 2]
    assert view["peek"] is None
    assert [view["seats"][0]["slots"][slot]["value"] for slot in (0, 2)] == [None, None]
    sample = GAME.sample_state(view, random.Random(1))
    assert GAME.legal_actions(sample, 0) == [Bid(0), Bid(2)]


def test_a_sample_knows_which_card_a_bidder_returned() -> None:
    state = GAME.apply(GAME.apply(started(4, dealer=3), 0, Play(1)), 0, Peek(0, 2))
    state = GAME.apply(state, 0, Bid(2))
    view = GAME.view(state, 1)
    assert view["seats"][0]["peeked"] == [0, 2]
    sample = GAME.sample_state(view, random.Random(1))
    assert sample.returned[0] == 0
    assert GAME.view(sample, 0)["seats"][0]["slots"][0]["value"] is not None


def test_the_sorter_keeps_the_hand_it_is_sorting_and_its_choices() -> None:
    state = new(4, "", "Y5 G5 T5 B2 R1 O1 Y1 G1 T1 B1 P1 K1 R0 O0 Y0", dealer=3)
    while GAME.view(state, None)["sorting"]["target"] != 1:
        (seat,) = GAME.to_act(state)
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    sample = GAME.sample_state(GAME.view(state, 0), random.Random(1))
    assert (sample.placed, sample.left) == (state.placed, state.left)
    assert GAME.legal_actions(sample, 0) == GAME.legal_actions(state, 0)


def test_a_hand_sorted_earlier_in_the_round_stays_known_to_its_sorter_only() -> None:
    """Two players, B deals: A sorts West's hand, then B's."""
    state = new(2, dealer=2)
    while GAME.view(state, None)["sorting"]["target"] == 1:
        state = GAME.apply(state, 0, GAME.legal_actions(state, 0)[0])
    assert GAME.view(state, 0)["sorting"]["finished"] == [{"seat": 1, "cards": list(state.rows[1])}]
    assert GAME.view(state, 2)["sorting"]["finished"] == []
    assert GAME.view(state, None)["sorting"]["finished"] == []
    assert GAME.sample_state(GAME.view(state, 0), random.Random(1)).rows[1] == state.rows[1]
