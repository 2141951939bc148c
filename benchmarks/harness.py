"""What the engine benchmarks share: play whole games with a chooser, count and time them."""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.bots import choose
from rules.engine import Action, AnyGame

Chooser = Callable[[AnyGame, Any, int, list[Action], random.Random], Action]
NAMES = [f"P{i}" for i in range(11)]


def random_choice(
    game: AnyGame, state: Any, seat: int, legal: list[Action], rng: random.Random
) -> Action:
    """Any legal action, uniformly."""
    return rng.choice(legal)


def bot_choice(
    game: AnyGame, state: Any, seat: int, legal: list[Action], rng: random.Random
) -> Action:
    """The game's normal computer player, from the seat's view only."""
    return choose(game.id, "normal", game.view(state, seat), legal, rng)


def play(
    game: AnyGame, players: int, seed: int, choose: Chooser
) -> tuple[list[tuple[int, Action]], list[float]]:
    """A full game: its (seat, action) list and the seconds each choice took."""
    rng = random.Random(seed)
    state = game.new_game(NAMES[:players], seed)
    moves: list[tuple[int, Action]] = []
    times: list[float] = []
    while not game.is_over(state):
        (seat,) = game.to_act(state)
        legal = game.legal_actions(state, seat)
        start = time.perf_counter()
        action = choose(game, state, seat, legal, rng)
        times.append(time.perf_counter() - start)
        state = game.apply(state, seat, action)
        moves.append((seat, action))
    return moves, times


def games_per_second(
    game: AnyGame, players: int, choose: Chooser, seconds: float = 3.0
) -> tuple[float, float]:
    """Games per second and actions per game, playing seeds 0, 1, ... for about `seconds`."""
    start = time.perf_counter()
    games = actions = 0
    while time.perf_counter() - start < seconds:
        actions += len(play(game, players, games, choose)[0])
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, actions / games


def report_rate(
    label: str, game: AnyGame, players: int, choose: Chooser, seconds: float = 3.0
) -> None:
    rate, length = games_per_second(game, players, choose, seconds)
    print(
        f"{label}: {rate:8.1f} games/s  ({length:.0f} actions per game, "
        f"{rate * length:,.0f} actions/s)"
    )


def replay_ms(game: AnyGame, moves: list[tuple[int, Action]], players: int, seed: int) -> float:
    """Milliseconds to read a saved action list from JSON and replay it from the deal."""
    text = json.dumps([[seat, action.to_json()] for seat, action in moves])
    start = time.perf_counter()
    state = game.new_game(NAMES[:players], seed)
    for seat, data in json.loads(text):
        state = game.apply(state, seat, game.action_from_json(data))
    return (time.perf_counter() - start) * 1000
