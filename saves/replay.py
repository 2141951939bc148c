"""Rebuilding a game from its record by replaying its moves through the engine, from the
first move or from a trusted checkpoint (saves/checkpoint.py)."""

from __future__ import annotations

import inspect
from typing import Any

from rules import JSON, Action, Game, IllegalAction, UnknownGame, get_game
from saves.checkpoint import Checkpoint, trusted_state
from saves.errors import DamagedSave
from saves.record import SaveRecord


def replay(record: SaveRecord) -> tuple[Game, Any]:
    """The game and its current state; raises DamagedSave if any step is refused.

    The record's data is untrusted, so any exception the engine raises while
    setting up or replaying counts as a refusal, never as a crash.
    """
    game, state, _ = resume(record, None)
    return game, state


def resume(record: SaveRecord, checkpoint: Checkpoint | None) -> tuple[Game, Any, int]:
    """Like `replay`, starting from `checkpoint` when it can be trusted (only the moves
    after it are replayed); also how many moves the checkpoint covered (0 if unused)."""
    where = f"{record.source}: " if record.source else ""
    game, older = _rules(record, where)
    state = trusted_state(record, game, checkpoint)
    if state is not None and checkpoint is not None:
        done = checkpoint.moves
        return game, replay_moves(record, game, state, record.actions[done:], done), done
    try:
        args = (record.names(), record.seed, record.options)
        # Binding first names an unknown setup key plainly instead of as an engine TypeError.
        inspect.signature(game.new_game).bind(*args, **record.setup)
        state = game.new_game(*args, **{**record.setup, **older})
    except Exception as err:
        raise DamagedSave(f"{where}the game cannot be set up ({err})", record=record) from None
    return game, replay_moves(record, game, state, record.actions, 0), 0


def _rules(record: SaveRecord, where: str) -> tuple[Game, dict[str, JSON]]:
    """The engine of `record`'s game and the setup that plays it by the record's rules
    version (empty for today's, `Game.older_rules` for an older one); DamagedSave if the
    game is unknown or its rules version cannot be played."""
    try:
        game = get_game(record.game)
    except UnknownGame as err:
        raise DamagedSave(f"{where}{err}", record=record) from None
    if record.rules_version == game.rules_version:
        return game, {}
    if record.rules_version > game.rules_version:
        why = f"saved by a newer hotseat ({game.title} rules version {record.rules_version})"
        raise DamagedSave(f"{where}{why}", record=record)
    older = game.older_rules(record.rules_version)
    if older is None:
        why = (
            f"saved with older {game.title} rules "
            f"(version {record.rules_version}, now {game.rules_version})"
        )
        raise DamagedSave(f"{where}{why}", record=record)
    return game, older


def replay_moves(
    record: SaveRecord, game: Game, state: Any, moves: list[tuple[int, JSON]], done: int
) -> Any:
    """The state after `moves`, which follow the first `done` moves of `record`'s game.

    DamagedSave names the first refused move and how many moves replay.
    """
    where = f"{record.source}: " if record.source else ""
    seats = game.player_seats(len(record.players))
    actions: dict[int, tuple[JSON, Action]] = {}
    for k, (seat, data) in enumerate(moves, done + 1):
        try:
            state = _step(game, state, seat, data, seats, actions)
        except _Refused as refused:
            raise DamagedSave(
                f"{where}move {k} {refused}; {_resumable(k - 1)}",
                replayable_moves=k - 1,
                record=record,
            ) from None
    return state


class _Refused(Exception):
    """One recorded move cannot be replayed; the message says why."""


def _action(game: Game, data: JSON, known: dict[int, tuple[JSON, Action]]) -> Action:
    """The action recorded as `data`. Moves stored with equal text share one decoded
    value, so each such value is turned into an action once (actions are immutable);
    `known` keeps the value itself too, so its id stays its own."""
    seen = known.get(id(data))
    if seen is not None and seen[0] is data:
        return seen[1]
    try:
        action = game.action_from_json(data)
    except IllegalAction as err:
        raise _Refused(f"is not a {game.title} move ({_said(err)})") from None
    except Exception as err:
        raise _Refused(f"is not a {game.title} move ({err})") from None
    known[id(data)] = (data, action)
    return action


def _step(
    game: Game,
    state: Any,
    seat: JSON,
    data: JSON,
    seats: list[int],
    known: dict[int, tuple[JSON, Action]],
) -> Any:
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise _Refused(f"has no valid seat ({repr(seat)[:20]})")
    if seat not in seats:
        raise _Refused(f"names seat {seat}, which no player of this game holds")
    action = _action(game, data, known)
    try:
        return game.apply(state, seat, action)
    except IllegalAction as err:
        raise _Refused(f"is not legal ({_said(err)})") from None
    except Exception as err:
        raise _Refused(f"cannot be replayed ({type(err).__name__}: {err})") from None


def _said(refusal: IllegalAction) -> str:
    """A refusal's code and facts on one line, e.g. "bad-action: field type, value 'fly'"."""
    facts = ", ".join(f"{name} {value}" for name, value in refusal.fields.items())
    return f"{refusal.code}: {facts}" if facts else refusal.code


def _resumable(moves: int) -> str:
    if moves == 0:
        return "no earlier moves to resume"
    if moves == 1:
        return "move 1 can be resumed as a new save"
    return f"moves 1-{moves} can be resumed as a new save"
