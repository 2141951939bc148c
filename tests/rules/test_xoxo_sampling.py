"""Sampling a hidden world: a full XOXO state built from one seat's view alone.

A seat sees the top tile and height of every board cell, the top and size of every stack,
the kind of every target, its own targets and every met one. The rest (the tiles below a
top, the other seats' unmet targets, the box) is dealt at random from what it has not seen.

What a sample keeps in every game is checked for all of them in test_engine_contract.py;
here are the facts of XOXO alone.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from rules.xoxo import XoxoState

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
def test_a_sample_of_any_seats_view_gives_the_player_to_act_the_same_placements(
    players: int, seed: int
) -> None:
    """Where a player may place is public: every seat sees the board and the stacks."""
    rng = random.Random(seed)
    for state, _, view in views_of(players, seed):
        sample = GAME.sample_state(view, rng)
        for actor in GAME.to_act(state):
            assert GAME.legal_actions(sample, actor) == GAME.legal_actions(state, actor)


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_a_sample_played_on_by_any_legal_placements_ends_with_a_winner(
    players: int, seed: int
) -> None:
    rng = random.Random(seed)
    for _, _, view in views_of(players, seed):
        sample = GAME.sample_state(view, rng)
        while not GAME.is_over(sample):
            (actor,) = GAME.to_act(sample)
            sample = GAME.apply(sample, actor, rng.choice(GAME.legal_actions(sample, actor)))
        assert GAME.result(sample)["winners"]


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_every_view_hides_something_that_other_random_generators_deal_otherwise(
    players: int, seed: int
) -> None:
    """Even at the end: the tiles below the tops and the boxed targets."""
    for _, _, view in views_of(players, seed):
        worlds = {world(GAME.sample_state(view, random.Random(k))) for k in range(8)}
        assert len(worlds) > 1


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
