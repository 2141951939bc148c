"""The basic XOXO computer player: legal, meets its targets, gives nothing away, finishes games."""

from __future__ import annotations

import json
import random

import pytest

from rules.bots.xoxo import choose
from rules.xoxo import Place, XoxoState

from xoxo_staging import GAME, NAMES, deal, lay, met


def bot_move(state: XoxoState, seed: int = 0) -> Place:
    """The bot's choice for the seat to act, from a view that went through JSON."""
    (seat,) = GAME.to_act(state)
    view = json.loads(json.dumps(GAME.view(state, seat)))
    action = choose(view, GAME.legal_actions(state, seat), random.Random(seed))
    assert isinstance(action, Place)
    return action


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_bots_finish_a_game_with_legal_moves_only(players: int, seed: int) -> None:
    rng = random.Random(seed)
    state = GAME.new_game(NAMES[:players], seed=seed)
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        action = choose(GAME.view(state, seat), legal, rng)
        assert action in legal
        state = GAME.apply(state, seat, action)
    assert GAME.result(state)["winners"]


@pytest.mark.parametrize("seed", range(5))
def test_the_bot_meets_its_own_target_when_it_can(seed: int) -> None:
    state = deal(
        own={0: "RSH"},
        general="ROS RXH BSA",
        targets=[["red", "square", "happy"], ["blue", "cross", "sad"]],
    )
    state = lay(state, [(0, 0), (1, 0)])
    action = bot_move(state, seed)
    assert action in [Place("own", -1, 0), Place("own", 2, 0)]
    assert met(GAME.apply(state, 0, action)) == [1, 0]


def test_the_bot_prefers_the_placement_that_meets_more_targets() -> None:
    state = deal(
        own={0: "RXH"},
        general="ROS ROA ROU",
        targets=[["red", "circle", "happy"], ["blue", "cross", "sad"]],
    )
    state = lay(state, [(0, 0), (1, 0)])
    action = bot_move(state)
    assert action in [Place("general", -1, 0), Place("general", 2, 0)]
    assert met(GAME.apply(state, 0, action)) == [2, 0]


@pytest.mark.parametrize("seed", range(5))
def test_the_bot_does_not_complete_a_line_in_a_kind_an_opponent_still_needs(seed: int) -> None:
    state = deal(
        own={0: "RSU"},
        general="ROS RXH YTA",
        targets=[["yellow", "square", "happy"], ["red", "cross", "sad"]],
    )
    state = lay(state, [(0, 0), (1, 0)])
    action = bot_move(state, seed)
    assert action not in [Place("own", -1, 0), Place("own", 2, 0)]
    assert met(GAME.apply(state, 0, action)) == [0, 0]


def test_the_same_chance_gives_the_same_choice() -> None:
    state = GAME.new_game(NAMES[:3], seed=4)
    assert bot_move(state, 9) == bot_move(state, 9)


def test_the_bot_needs_a_legal_action() -> None:
    with pytest.raises(ValueError, match="at least one legal action"):
        choose(GAME.view(deal(), 0), [], random.Random(0))


def test_the_bot_does_not_empty_its_stack_with_a_line_that_may_be_an_opponents_last_target() -> (
    None
):
    view = {
        "seat": 0,
        "cells": [
            {"x": 0, "y": 0, "top": "YXH", "height": 1},
            {"x": 1, "y": 0, "top": "YSH", "height": 1},
        ],
        "general": {"count": 10, "top": "BOH"},
        "seats": [
            {
                "stack": {"count": 1, "top": "YTS"},
                "met": 2,
                "targets": [
                    {"kind": "colour", "value": "red", "met": True},
                    {"kind": "face", "value": "happy", "met": True},
                    {"kind": "shape", "value": "circle", "met": False},
                ],
            },
            {
                "stack": {"count": 5, "top": "GOS"},
                "met": 1,
                "targets": [
                    {"kind": "colour", "value": None, "met": False},
                    {"kind": "shape", "value": "cross", "met": True},
                ],
            },
        ],
    }
    legal = [Place("own", 2, 0), Place("general", 2, 0)]
    assert choose(view, legal, random.Random(0)) == Place("general", 2, 0)
