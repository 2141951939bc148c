"""The hard computer player: a search over worlds sampled from its own view, fair and
bounded. Budgets here are iterations, never seconds, so every choice is repeatable."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from rules import get_game
from rules.bots import Budget, choose

GAMES = (("xoxo", 2), ("3x3", 3), ("shifting-stones", 2), ("xylotar", 3))
QUICK = Budget(iterations=2)
"""Two sampled worlds: enough to exercise the search, quick enough for every position."""


def positions(game_id: str, players: int, seed: int, every: int) -> list[tuple[Any, int]]:
    """(state, seat to act) at every `every`-th decision of a game the normal player plays."""
    game = get_game(game_id)
    state = game.new_game([f"P{i}" for i in range(players)], seed)
    rng = random.Random(seed)
    found = []
    for k in range(2000):
        if game.is_over(state):
            break
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        if k % every == 0:
            found.append((state, seat))
        view = game.view(state, seat)
        state = game.apply(state, seat, choose(game_id, "normal", view, legal, rng))
    return found


def normal_game_until(game_id: str, players: int, seed: int, moves: int) -> tuple[Any, int]:
    """The state and seat to act after `moves` moves of the normal player from `seed`."""
    game = get_game(game_id)
    state = game.new_game([f"P{i}" for i in range(players)], seed)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = game.to_act(state)[0]
        view, legal = game.view(state, seat), game.legal_actions(state, seat)
        state = game.apply(state, seat, choose(game_id, "normal", view, legal, rng))
    return state, game.to_act(state)[0]


def immediate_wins(game_id: str, state: Any, seat: int) -> list[Any]:
    """The legal actions after which `seat` has won alone."""
    game = get_game(game_id)
    wins = []
    for action in game.legal_actions(state, seat):
        after = game.apply(state, seat, action)
        if game.is_over(after) and game.result(after)["winners"] == [seat]:
            wins.append(action)
    return wins


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_the_hard_player_always_makes_a_legal_move(game_id: str, players: int) -> None:
    game = get_game(game_id)
    for state, seat in positions(game_id, players, seed=5, every=9):
        legal = game.legal_actions(state, seat)
        action = choose(game_id, "hard", game.view(state, seat), legal, random.Random(1), QUICK)
        assert action in legal


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_the_hard_player_changes_neither_the_view_nor_the_legal_actions(
    game_id: str, players: int
) -> None:
    game = get_game(game_id)
    state, seat = positions(game_id, players, seed=8, every=7)[2]
    view, legal = game.view(state, seat), game.legal_actions(state, seat)
    kept_view, kept_legal = copy.deepcopy(view), list(legal)

    choose(game_id, "hard", view, legal, random.Random(2), QUICK)

    assert (view, legal) == (kept_view, kept_legal)


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_the_hard_player_samples_its_worlds_from_the_view_it_was_given(
    game_id: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = get_game(game_id)
    state, seat = positions(game_id, players, seed=3, every=5)[1]
    view, legal = game.view(state, seat), game.legal_actions(state, seat)
    asked: list[Any] = []
    sample = type(game).sample_state

    def spy(self: Any, given: Any, rng: random.Random) -> Any:
        asked.append(given)
        return sample(self, given, rng)

    monkeypatch.setattr(type(game), "sample_state", spy)
    choose(game_id, "hard", view, legal, random.Random(4), QUICK)

    assert len(legal) == 1 or (asked and all(given is view for given in asked))


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_a_hard_player_stopped_at_once_plays_as_the_normal_one(game_id: str, players: int) -> None:
    game = get_game(game_id)
    state, seat = positions(game_id, players, seed=6, every=4)[3]
    view, legal = game.view(state, seat), game.legal_actions(state, seat)
    stopped = Budget(stop=lambda: True)

    hard = choose(game_id, "hard", view, legal, random.Random(9), stopped)

    assert hard == choose(game_id, "normal", view, legal, random.Random(9))


def test_the_same_budget_and_seed_give_the_same_choice() -> None:
    game = get_game("xoxo")
    state, seat = positions("xoxo", 2, seed=2, every=6)[2]
    view, legal = game.view(state, seat), game.legal_actions(state, seat)
    budget = Budget(seconds=60.0, iterations=6)

    first = choose("xoxo", "hard", view, legal, random.Random(7), budget)

    assert choose("xoxo", "hard", view, legal, random.Random(7), budget) == first


@pytest.mark.parametrize(
    ("game_id", "seed", "moves"), [("xoxo", 90, 26), ("shifting-stones", 4, 64)]
)
def test_hard_takes_a_winning_move_that_normal_misses(game_id: str, seed: int, moves: int) -> None:
    game = get_game(game_id)
    state, seat = normal_game_until(game_id, 2, seed, moves)
    view, legal = game.view(state, seat), game.legal_actions(state, seat)
    wins = immediate_wins(game_id, state, seat)

    normal = choose(game_id, "normal", view, legal, random.Random(moves))
    hard = choose(game_id, "hard", view, legal, random.Random(0), Budget(60.0, iterations=2))

    assert (normal in wins, hard in wins) == (False, True)
