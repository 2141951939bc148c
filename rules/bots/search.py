"""The hard computer player of every game: a search over worlds sampled from its own view.

Perfect-information Monte Carlo with common random numbers: each iteration samples one
full state consistent with the seat's view (`Game.sample_state`, which sees the view
only), then plays every legal action in that same world and finishes each with the same
random stream, the normal computer player moving for every seat. The action with the
best mean payoff over the worlds wins. Comparing actions on the same worlds and the same
dice removes most of the noise a fair comparison would otherwise need thousands of
playouts to average out.

It never sees the state it is playing: only the view, the legal actions and its own
random generator. It stops at the first of: the budget's seconds, its iterations, or
its `stop` event (interruptible from another thread).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rules import JSON, Action, AnyGame, get_game

Player = Callable[[Mapping[str, JSON], Sequence[Action], random.Random], Action]

SECONDS = 0.8
"""Thinking time when the budget does not say (the p95 target per decision is 1 s)."""
ITERATIONS = 400
"""Most sampled worlds when the budget does not say."""
MAX_CANDIDATES = 12
"""Most actions compared in one search (Shifting Stones offers a hundred and more)."""
MAX_PLAYOUT_MOVES = 600
CHECK_EVERY = 8
"""Playout moves between looks at the clock."""
"""A playout still running after this many moves counts as a draw for everyone."""


def search(
    game_id: str,
    view: Mapping[str, JSON],
    legal: Sequence[Action],
    rng: random.Random,
    playout: Player,
    seconds: float | None = None,
    iterations: int | None = None,
    stop: Callable[[], bool] | None = None,
    fallback: Player | None = None,
) -> Action:
    """The legal action with the best mean payoff for the view's seat over sampled
    worlds, each action tried in the same worlds with the same dice. `fallback` (default:
    the playout player) chooses when no world could be played out, and its choice is
    always compared."""
    fallback = fallback or playout
    if not legal:
        raise ValueError("the search needs at least one legal action")
    if len(legal) == 1:
        return legal[0]
    game = get_game(game_id)
    seat = view["seat"]
    if not isinstance(seat, int):
        raise ValueError("the search plays a seat, not the table's view")
    deadline = time.monotonic() + (SECONDS if seconds is None else seconds)
    most = ITERATIONS if iterations is None else iterations

    def out_of_time() -> bool:
        return time.monotonic() >= deadline or bool(stop and stop())

    if out_of_time():
        return fallback(view, legal, rng)
    legal = candidates(game, view, legal, rng, fallback)

    totals = [0.0] * len(legal)
    worlds = 0
    while worlds < most and not out_of_time():
        world = rng.getrandbits(64)
        sample = game.sample_state(view, random.Random(world))
        try:
            scores = [
                play_out(
                    game,
                    game.apply(sample, seat, action),
                    seat,
                    playout,
                    random.Random(world + 1),
                    out_of_time,
                )
                for action in legal
            ]
        except _OutOfTime:
            break  # a world half played compares nothing; it is left out
        totals = [total + score for total, score in zip(totals, scores, strict=True)]
        worlds += 1
    if not worlds:
        return fallback(view, legal, rng)  # no world finished in time
    best = max(totals)
    return rng.choice([a for a, total in zip(legal, totals, strict=True) if total == best])


def candidates(
    game: AnyGame,
    view: Mapping[str, JSON],
    legal: Sequence[Action],
    rng: random.Random,
    player: Player,
) -> Sequence[Action]:
    """The actions worth comparing: all of them, or when there are more than
    MAX_CANDIDATES, those that end the game at once in one sampled world (a win there is
    never left out), `player`'s own choice, and a random draw of the others."""
    if len(legal) <= MAX_CANDIDATES:
        return legal
    ending = [action for action, _ in ending_at_once(game, view, legal, rng)]
    first = player(view, legal, random.Random(rng.getrandbits(64)))
    chosen = list(dict.fromkeys([first, *ending]))
    others = [action for action in legal if action not in chosen]
    room = max(0, MAX_CANDIDATES - len(chosen))
    return chosen + rng.sample(others, min(room, len(others)))


def ending_at_once(
    game: AnyGame, view: Mapping[str, JSON], actions: Sequence[Action], rng: random.Random
) -> list[tuple[Action, Any]]:
    """The actions that end the game at once in one world sampled from the view, each with
    the state it ends in (which the view's seat may read: it is a sample, not the game)."""
    seat = view["seat"]
    world = game.sample_state(view, random.Random(rng.getrandbits(64)))
    after = ((action, game.apply(world, seat, action)) for action in actions)
    return [(action, state) for action, state in after if game.is_over(state)]


class _OutOfTime(Exception):
    """The budget ran out in the middle of a playout."""


def play_out(
    game: AnyGame,
    state: Any,
    seat: int,
    playout: Player,
    rng: random.Random,
    out_of_time: Callable[[], bool],
) -> float:
    """`seat`'s payoff once `playout` has played every seat from `state` to the end; a
    win sooner is worth a little more than the same win later. _OutOfTime when
    `out_of_time()` says so (asked every CHECK_EVERY moves)."""
    for moves in range(MAX_PLAYOUT_MOVES):
        if moves % CHECK_EVERY == 0 and out_of_time():
            raise _OutOfTime
        if game.is_over(state):
            return payoff(game.result(state), seat) * (1.0 - moves / (10 * MAX_PLAYOUT_MOVES))
        mover = game.to_act(state)[0]
        action = playout(game.view(state, mover), game.legal_actions(state, mover), rng)
        state = game.apply(state, mover, action)
    return 0.5


def payoff(result: Mapping[str, Any], seat: int) -> float:
    """1 for a win, 0 for a loss; in between by place (tied places share), and in a game
    alone, lost, half the share of the points it scored."""
    if seat in result["winners"]:
        return 1.0
    ranking: list[list[int]] = result["ranking"]
    if len(ranking) <= 1 and not result["losers"]:
        return 0.5
    if seat in result["losers"] and len(ranking) <= 1:
        scores = result.get("scores") or [0]
        return 0.5 * min(1.0, float(scores[0]) / SOLO_POINTS)
    places = len(ranking) - 1
    for place, tied in enumerate(ranking):
        if seat in tied:
            return 1.0 - place / places if places else 0.5
    return 0.0


SOLO_POINTS = 30
"""Points of every card of a game alone (the Shifting Stones solo deck: eight 1s, four 2s,
three 3s, one 5); a lost game alone is better the more of them it scored."""
