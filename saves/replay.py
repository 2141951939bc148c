"""Rebuilding a game from its record by replaying its moves through the engine, from the
first move or from a trusted checkpoint (saves/checkpoint.py)."""

from __future__ import annotations

import inspect
from typing import Any

from rules import JSON, Action, AnyGame, IllegalAction, SetupError, UnknownGame, get_game
from saves.checkpoint import Checkpoint, trusted_state
from saves.errors import Message, at
from saves.record import DamagedSave, SaveRecord


def replay(record: SaveRecord) -> tuple[AnyGame, Any]:
    """The game and its current state; raises DamagedSave if any step is refused.

    The record's data is untrusted, so any exception the engine raises while
    setting up or replaying counts as a refusal, never as a crash.
    """
    game, state, _ = resume(record, None)
    return game, state


def resume(record: SaveRecord, checkpoint: Checkpoint | None) -> tuple[AnyGame, Any, int]:
    """Like `replay`, starting from `checkpoint` when it can be trusted (only the moves
    after it are replayed); also how many moves the checkpoint covered (0 if unused)."""
    game, older = _rules(record)
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
        problem = Message("setup-failed", error=_error(err))
        raise DamagedSave(at(record.source, problem), record=record) from None
    return game, replay_moves(record, game, state, record.actions, 0), 0


def _rules(record: SaveRecord) -> tuple[AnyGame, dict[str, JSON]]:
    """The engine of `record`'s game and the setup that plays it by the record's rules
    version (empty for today's, `Game.older_rules` for an older one); DamagedSave if the
    game is unknown or its rules version cannot be played."""
    try:
        game = get_game(record.game)
    except UnknownGame as err:
        raise DamagedSave(at(record.source, err), record=record) from None
    if record.rules_version == game.rules_version:
        return game, {}
    if record.rules_version > game.rules_version:
        why = Message(
            "newer-rules",
            title=game.title,
            version=record.rules_version,
        )
        raise DamagedSave(at(record.source, why), record=record)
    older = game.older_rules(record.rules_version)
    if older is None:
        why = Message(
            "older-rules",
            title=game.title,
            version=record.rules_version,
            current=game.rules_version,
        )
        raise DamagedSave(at(record.source, why), record=record)
    return game, older


def _error(err: Exception) -> object:
    """An error the engine raised on untrusted data, as a message field: the engine's own
    refusals and setup errors as they are (said in the player's language), anything else
    as its one line."""
    if isinstance(err, (IllegalAction, SetupError, UnknownGame)):
        return err
    return str(err)


def replay_moves(
    record: SaveRecord, game: AnyGame, state: Any, moves: list[tuple[int, JSON]], done: int
) -> Any:
    """The state after `moves`, which follow the first `done` moves of `record`'s game.

    DamagedSave names the first refused move and how many moves replay.
    """
    seats = game.player_seats(len(record.players))
    actions: dict[int, tuple[JSON, Action]] = {}
    for k, (seat, data) in enumerate(moves, done + 1):
        try:
            state = _step(game, state, seat, data, seats, actions)
        except _Refused as refused:
            move = Message(
                refused.code, number=k, game=game.id, names=record.names(), **refused.fields
            )
            problem = Message("move-and-resumable", move=move, resumable=_resumable(k - 1))
            raise DamagedSave(
                at(record.source, problem), replayable_moves=k - 1, record=record
            ) from None
    return state


class _Refused(Exception):
    """One recorded move cannot be replayed: `code` says why, of move `number`, with
    `fields`."""

    def __init__(self, code: str, **fields: object) -> None:
        super().__init__(code)
        self.code = code
        self.fields = fields


def _action(game: AnyGame, data: JSON, known: dict[int, tuple[JSON, Action]]) -> Action:
    """The action recorded as `data`. Moves stored with equal text share one decoded
    value, so each such value is turned into an action once (actions are immutable);
    `known` keeps the value itself too, so its id stays its own."""
    seen = known.get(id(data))
    if seen is not None and seen[0] is data:
        return seen[1]
    try:
        action = game.action_from_json(data)
    except Exception as err:
        raise _Refused(
            "not-a-move-of-game",
            title=game.title,
            reason=_error(err),
        ) from None
    known[id(data)] = (data, action)
    return action


def _step(
    game: AnyGame,
    state: Any,
    seat: JSON,
    data: JSON,
    seats: list[int],
    known: dict[int, tuple[JSON, Action]],
) -> Any:
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise _Refused("move-bad-seat", seat=repr(seat)[:20])
    if seat not in seats:
        raise _Refused("move-seat-not-held", seat=seat)
    action = _action(game, data, known)
    try:
        return game.apply(state, seat, action)
    except IllegalAction as err:
        raise _Refused("move-not-legal", reason=err) from None
    except Exception as err:
        raise _Refused("move-not-replayable", error=f"{type(err).__name__}: {err}") from None


def _resumable(moves: int) -> Message:
    if moves == 0:
        return Message("nothing-resumable")
    return Message("moves-resumable", count=moves)
