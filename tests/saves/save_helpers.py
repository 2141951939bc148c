"""Helpers for the save tests: played games, views, snapshots, child processes."""

from __future__ import annotations

import contextlib
import dataclasses
import os
import random
import re
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import saves
from rules import IllegalAction
from saves import PlayerSpec, SaveError, SaveRecord, replay
from tui.model import GameSession
from tui.words.saves import save_text

PLAYERS = [PlayerSpec("Ann", "human"), PlayerSpec("Bob", "human"), PlayerSpec("Cy", "computer")]
PROJECT = Path(saves.__file__).resolve().parent.parent


@contextlib.contextmanager
def refused(kind: type[SaveError], match: str) -> Iterator[pytest.ExceptionInfo[SaveError]]:
    """pytest.raises(kind, match=...) for the store's errors, which are data: `match`
    is searched in the error as the player reads it (in English here)."""
    with pytest.raises(kind) as caught:
        yield caught
    assert re.search(match, save_text(caught.value)), save_text(caught.value)


def played(moves: int, seed: int = 7) -> tuple[SaveRecord, Any, Any]:
    """A 3 x 3 game of Ann, Bob and Cy after `moves` random legal moves: (record, game, state)."""
    record = SaveRecord.new("3x3", [PlayerSpec(p.name, p.kind) for p in PLAYERS], seed)
    game, state = replay(record)
    return record, game, random_moves(record, game, state, moves, seed)


def random_moves(record: SaveRecord, game: Any, state: Any, moves: int, seed: int) -> Any:
    """The state after `moves` random legal moves from `state`, each added to `record`."""
    rng = random.Random(seed)
    for _ in range(moves):
        seat = game.to_act(state)[0]
        action = rng.choice(game.legal_actions(state, seat))
        state = game.apply(state, seat, action)
        record.add_move(seat, action, game, state)
    return state


def illegal_move(record: SaveRecord, number: int = 12) -> tuple[int, Any]:
    """A move to put in place of move `number` of `record`: one from elsewhere in the game,
    by the same seat, that is illegal after the moves before it."""
    game, state = replay(dataclasses.replace(record, actions=record.actions[: number - 1]))
    seat = record.actions[number - 1][0]
    for _, candidate in record.actions:
        try:
            game.apply(state, seat, game.action_from_json(candidate))
        except IllegalAction:
            return seat, candidate
    raise AssertionError("no illegal candidate found")


def play_randomly(session: GameSession, moves: int, seed: int = 3) -> None:
    """Play up to `moves` random legal moves in `session` (fewer if the game ends)."""
    rng = random.Random(seed)
    for _ in range(moves):
        if session.over:
            return
        seat = session.to_act()[0]
        session.apply(seat, rng.choice(session.legal(seat)))


def views(game: Any, state: Any, seats: int) -> list[Any]:
    """Every seat's view and log, and the spectator's, of `state`."""
    return [(game.view(state, s), game.log(state, s)) for s in [None, *range(seats)]]


def snapshot(folder: Path) -> dict[str, tuple[bytes | None, int]]:
    """Every entry's bytes (None for non-files) and mtime, to prove nothing changed."""
    snapshot = {}
    for entry in sorted(folder.iterdir()):
        info = entry.lstat()
        content = entry.read_bytes() if entry.is_file() and info.st_size < 2**20 else None
        snapshot[entry.name] = (content, info.st_mtime_ns)
    return snapshot


def child_env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(PROJECT)}


def read_line(child: subprocess.Popen[str]) -> str:
    """The child's next line of output; fails with its error output if it ended instead."""
    assert child.stdout is not None
    line = child.stdout.readline()
    if not line:
        _, err = child.communicate(timeout=60)
        pytest.fail(f"the child process ended ({child.returncode}): {err[-2000:]}")
    return line.rstrip("\n")


def tell(child: subprocess.Popen[str], line: str) -> None:
    assert child.stdin is not None
    child.stdin.write(line + "\n")
    child.stdin.flush()


def session_views(session: GameSession) -> list[Any]:
    """Every seat's view and log, and the spectator's, in an open game."""
    return views(session.game, session.state, len(session.seat_names))


def rows(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    """The games and moves tables as stored, read by a separate connection."""
    db = sqlite3.connect(path)
    try:
        return {
            "games": db.execute("SELECT * FROM games ORDER BY id").fetchall(),
            "moves": db.execute("SELECT * FROM moves ORDER BY game, number").fetchall(),
        }
    finally:
        db.close()
