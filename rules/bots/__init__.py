"""Computer players for every game, behind one entry point: `choose`.

A computer player decides from one seat's view and the legal actions, never from
the full state. Bots depend on engines, never the reverse. Each game's player
lives in this package under its engine's module name (rules/bots/xoxo.py plays
rules/xoxo.py) and is imported the first time that game is asked for, so this
package stays light.

Levels, weakest first:
- "easy" makes the mistakes a beginner makes (each game's module says which);
- "normal" is each game's rule-based player;
- "hard" searches over worlds sampled from its view (`rules.bots.search`), the normal
  player (or a module's quicker `playout`) playing every seat in its playouts; a module
  with a search of its own (`choose_hard`, given the budget's seconds, iterations and
  stop) plays hard that way instead.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from importlib import import_module
from types import ModuleType
from typing import Any, NamedTuple

from rules import JSON, Action, UnknownGame, get_game
from rules.catalog import CATALOG

LEVELS = ("easy", "normal", "hard")
"""The levels a computer seat may have, weakest first."""
DEFAULT_LEVEL = "normal"
"""A computer seat's level unless someone chooses another."""
PLAYERS = {"easy": "choose_easy", "normal": "choose"}
"""The function of each level in a game's player module."""
HARD = "choose_hard"
"""A module's own hard player, if it has one."""
PLAYOUT = "playout"
"""The player hard's playouts use: a module's `playout` if it has one (the normal player
without what is too slow to run thousands of times), else its normal player."""

Player = Callable[[Mapping[str, JSON], Sequence[Action], random.Random], Action]


class Budget(NamedTuple):
    """How long a computer player may think: wall-clock seconds, search iterations, or
    both (None: the level's own limit of that kind), and `stop`, asked now and then,
    which ends the thinking early when it says True (from another thread). What an
    iteration is belongs to the player: a sampled world for the search, one more move
    looked ahead for Shifting Stones' own hard player."""

    seconds: float | None = None
    iterations: int | None = None
    stop: Callable[[], bool] | None = None


_players: dict[tuple[str, str], Player] = {}


def choose(
    game_id: str,
    level: str,
    view: Mapping[str, JSON],
    legal: Sequence[Action],
    rng: random.Random,
    budget: Budget | None = None,
) -> Action:
    """The move of a computer player of `level` at `game_id`, from the seat's `view` and
    its `legal` actions only; all its chance comes from `rng`.

    It neither mutates nor keeps its inputs. `budget` bounds a level that thinks for a
    while; easy and normal decide at once and ignore it. ValueError names the levels for
    an unknown level; UnknownGame names the games for an unknown game.
    """
    if level == "hard":
        budget = budget or Budget()
        seconds, iterations, stop = budget.seconds, budget.iterations, budget.stop
        own: Callable[..., Action] | None = getattr(_module(game_id), HARD, None)
        if own is not None:
            return own(view, legal, rng, seconds, iterations, stop)
        from rules.bots.search import search

        playout, normal = _player(game_id, PLAYOUT), _player(game_id, "normal")
        return search(game_id, view, legal, rng, playout, seconds, iterations, stop, normal)
    return _player(game_id, level)(view, legal, rng)


def _player(game_id: str, level: str) -> Player:
    """The function that plays `game_id` at a level that decides at once, cached."""
    player = _players.get((game_id, level))
    if player is None:
        player = _players[game_id, level] = _load(game_id, level)
    return player


def _module(game_id: str) -> ModuleType:
    """The player module of `game_id`, imported on first use."""
    entry = CATALOG.get(game_id)
    if entry is None:
        raise UnknownGame(game_id, tuple(CATALOG))
    return import_module(f"{__name__}.{entry.module.rpartition('.')[2]}")


def _load(game_id: str, level: str) -> Player:
    """The function that plays `game_id` at `level`."""
    if level not in LEVELS and level != PLAYOUT:
        raise ValueError(f"unknown level {level!r} (levels: {', '.join(LEVELS)})")
    module = _module(game_id)
    if level == PLAYOUT:
        return getattr(module, PLAYOUT, module.choose)  # type: ignore[no-any-return]
    player: Player = getattr(module, PLAYERS[level])
    return player


def self_play(
    game_id: str, names: Sequence[str], seed: int, cap: int, level: str = DEFAULT_LEVEL
) -> tuple[int, Any]:
    """A game of `level` computers in every seat, dealt from `seed` and each move's chance
    seeded as the app seeds it, played until it ends or `cap` moves are made: how many
    moves it took and the state it reached."""
    game = get_game(game_id)
    state = game.new_game(names, seed)
    moves = 0
    while moves < cap and not game.is_over(state):
        seat = game.to_act(state)[0]
        rng = random.Random(f"{seed}:{moves}")
        action = choose(
            game_id, level, game.view(state, seat), game.legal_actions(state, seat), rng
        )
        state = game.apply(state, seat, action)
        moves += 1
    return moves, state


__all__ = ["DEFAULT_LEVEL", "LEVELS", "Budget", "choose", "self_play"]
