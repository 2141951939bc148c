"""Sampling a hidden world: a full XOXO state built from one seat's view alone.

A seat sees the top tile and height of every board cell, the top and size of every stack,
the kind of every target, its own targets and every met one. The rest (the tiles below a
top, the other seats' unmet targets, the box) is dealt at random from what it has not seen.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from sharing import mutable_ids, state_parts

from rules.xoxo import ALL_TILES, VALUES, XoxoState, all_targets, all_tiles

from xoxo_staging import GAME, lay_quiet_board, quiet, random_game

GAMES = [(players, seed) for players in (2, 3, 4) for seed in (1, 2, 3)]
"""Random games of every player count, each watched at every state, start and end included."""


def views_of(players: int, seed: int) -> Iterator[tuple[XoxoState, int, dict[str, Any]]]:
    """Every state of a random game with each seat's view of it."""
    for state in random_game(players, seed):
        for seat in range(players):
            yield state, seat, GAME.view(state, seat)


def world(state: XoxoState) -> tuple[object, ...]:
    """Where the hidden things lie in a state: stack orders, covered tiles, targets, box."""
    return (
        tuple(state.stacks),
        state.general,
        tuple(sorted(state.under.items())),
        state.targets,
        state.boxed,
    )


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_a_sample_shows_the_seat_exactly_its_view(players: int, seed: int) -> None:
    rng = random.Random(seed)
    for _, seat, view in views_of(players, seed):
        assert GAME.view(GAME.sample_state(view, rng), seat) == view


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_a_sample_has_the_same_player_to_act_and_the_same_legal_placements(
    players: int, seed: int
) -> None:
    rng = random.Random(seed)
    for state, _, view in views_of(players, seed):
        sample = GAME.sample_state(view, rng)
        assert GAME.to_act(sample) == GAME.to_act(state) == view["to_act"]
        for actor in GAME.to_act(state):
            assert GAME.legal_actions(sample, actor) == GAME.legal_actions(state, actor)


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_a_sample_holds_every_tile_and_every_target_card_exactly_once(
    players: int, seed: int
) -> None:
    rng = random.Random(seed)
    for state, _, view in views_of(players, seed):
        sample = GAME.sample_state(view, rng)
        assert all_tiles(sample) == all_tiles(state) == Counter(ALL_TILES)
        assert all_targets(sample) == all_targets(state) == Counter(VALUES)


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_a_sample_plays_on_to_the_end_by_any_legal_placements(players: int, seed: int) -> None:
    rng = random.Random(seed)
    for _, _, view in views_of(players, seed):
        sample = GAME.sample_state(view, rng)
        while not GAME.is_over(sample):
            (actor,) = GAME.to_act(sample)
            sample = GAME.apply(sample, actor, rng.choice(GAME.legal_actions(sample, actor)))
        assert GAME.result(sample)["winners"]


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_a_finished_game_samples_to_the_same_result(players: int, seed: int) -> None:
    end = random_game(players, seed)[-1]
    rng = random.Random(seed)
    for seat in range(players):
        sample = GAME.sample_state(GAME.view(end, seat), rng)
        assert GAME.is_over(sample)
        assert GAME.result(sample) == GAME.result(end)


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_different_random_generators_deal_different_hidden_worlds(players: int, seed: int) -> None:
    for _, _, view in views_of(players, seed):
        worlds = {world(GAME.sample_state(view, random.Random(k))) for k in range(8)}
        assert len(worlds) > 1


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_sampling_leaves_the_view_as_it_was_and_shares_nothing_with_it(
    players: int, seed: int
) -> None:
    rng = random.Random(seed)
    for _, _, view in views_of(players, seed):
        before = copy.deepcopy(view)
        sample = GAME.sample_state(view, rng)
        assert view == before
        assert not mutable_ids(state_parts(sample)) & mutable_ids(view)


# ---- staged situations ------------------------------------------------------
# The quiet board shows three lines: the diagonal green, the middle row sad and
# the right column circle. Ann (seat 0) samples; Bob's targets are hidden from her.


def bobs_targets(state: XoxoState, samples: int = 200) -> list[tuple[str, ...]]:
    """Bob's targets in samples of Ann's view."""
    view = GAME.view(state, 0)
    rng = random.Random(7)
    return [GAME.sample_state(view, rng).targets[1] for _ in range(samples)]


def test_a_hidden_target_takes_every_unseen_value_of_its_kind_that_shows_in_no_line() -> None:
    state = lay_quiet_board(
        quiet(targets=[["red", "square", "angry"], ["yellow", "triangle", "happy"]])
    )
    colours, shapes, faces = (set(values) for values in zip(*bobs_targets(state), strict=True))
    assert colours == {"yellow", "blue"}
    assert shapes == {"cross", "triangle"}
    assert faces == {"happy", "surprised"}


def test_a_met_target_stays_revealed_with_its_owner_and_the_seat_keeps_its_own() -> None:
    state = lay_quiet_board(
        quiet(targets=[["red", "square", "angry"], ["green", "triangle", "happy"]])
    )
    view = GAME.view(state, 0)
    met = view["seats"][1]["targets"][0]
    assert (met["kind"], met["value"], met["met"]) == ("colour", "green", True)
    samples = [GAME.sample_state(view, random.Random(k)) for k in range(50)]
    assert {sample.targets[1][0] for sample in samples} == {"green"}
    assert {sample.met[1] for sample in samples} == {(True, False, False)}
    assert {sample.targets[0] for sample in samples} == {("red", "square", "angry")}


def test_only_a_seats_view_can_be_sampled() -> None:
    state = lay_quiet_board(
        quiet(targets=[["red", "square", "angry"], ["yellow", "triangle", "happy"]])
    )
    with pytest.raises(ValueError, match="one seat's view"):
        GAME.sample_state(GAME.view(state, None), random.Random(0))
