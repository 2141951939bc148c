"""Checkpoints while playing: a session stores one in the background each time the game is
CHECKPOINT_AFTER moves past its checkpoint, so a terminal that is killed, and never leaves,
costs the next open at most the moves after the last one, fewer than twice CHECKPOINT_AFTER
however fast they come. Play goes on meanwhile, and a checkpoint that cannot be stored
keeps no move from being committed.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from collections.abc import Callable

from save_helpers import play_randomly, read_line, session_views, views

from saves import SaveError, SaveStore, replay
from saves.checkpoint import CHECKPOINT_AFTER, Checkpoint
from tui.model import GameSession, parse_players

PLAYERS, SEED = "Ann,Bob,Cy", 1
"""A 3 x 3 table whose game, played by `play_randomly`, lasts over 1,000 moves."""

WAIT = 30.0
"""Seconds a test waits for a checkpoint before it fails (it takes well under one)."""


def start(store: SaveStore) -> GameSession:
    return GameSession.create(store, "3x3", parse_players(PLAYERS), SEED, name="game")


def checkpoint_of(store: SaveStore, key: int, moves: int) -> Checkpoint:
    """The checkpoint of game `key` once it covers `moves` moves (polled until then)."""
    deadline = time.monotonic() + WAIT
    while True:
        found = store.checkpoint(key)
        if found is not None and found.moves >= moves:
            return found
        assert time.monotonic() < deadline, f"no checkpoint of {moves} moves (found {found})"
        time.sleep(0.02)


def full_replay_views(store: SaveStore) -> list[object]:
    _, record = store.record("game")
    game, state = replay(record)
    return views(game, state, len(game.seat_names(record.names())))


def test_a_session_playing_checkpoint_after_moves_stores_a_checkpoint_without_leaving(
    store, stores
):
    session = start(store)

    play_randomly(session, CHECKPOINT_AFTER)

    assert checkpoint_of(stores(), session.game_key, CHECKPOINT_AFTER).moves == CHECKPOINT_AFTER
    assert session.lease is not None


def test_a_session_playing_on_stores_a_new_checkpoint_checkpoint_after_moves_later(store, stores):
    session = start(store)
    play_randomly(session, CHECKPOINT_AFTER)
    checkpoint_of(stores(), session.game_key, CHECKPOINT_AFTER)

    play_randomly(session, CHECKPOINT_AFTER, seed=4)

    assert checkpoint_of(stores(), session.game_key, 2 * CHECKPOINT_AFTER).moves == (
        2 * CHECKPOINT_AFTER
    )


def test_moves_played_while_a_checkpoint_is_stored_are_not_in_it(store, stores):
    session = start(store)
    play_randomly(session, CHECKPOINT_AFTER + 30)
    session.close()

    again = GameSession.open(stores(), "game")

    assert (again.checkpointed, len(again.record.actions)) == (
        CHECKPOINT_AFTER,
        CHECKPOINT_AFTER + 30,
    )
    assert session_views(again) == full_replay_views(store)


def test_a_checkpoint_that_cannot_be_stored_keeps_no_move_from_being_committed(
    store, stores, monkeypatch
):
    def refused(*_: object) -> int:
        raise SaveError("the disk is full")

    monkeypatch.setattr(SaveStore, "store_checkpoint", refused)
    session = start(store)

    play_randomly(session, CHECKPOINT_AFTER + 30)
    session.close()

    _, record = stores().record("game")
    assert record.actions == session.record.actions
    assert len(record.actions) == CHECKPOINT_AFTER + 30
    assert store.checkpoint(session.game_key) is None


def test_moves_faster_than_checkpoints_are_stored_never_leave_twice_checkpoint_after_unstored(
    store, monkeypatch
):
    stored = SaveStore.store_checkpoint

    def slow_disk(self: SaveStore, *args: object) -> int:
        time.sleep(0.5)
        return stored(self, *args)

    monkeypatch.setattr(SaveStore, "store_checkpoint", slow_disk)
    session = start(store)
    uncovered = []
    for _ in range(3 * CHECKPOINT_AFTER):
        play_randomly(session, 1, seed=len(session.record.actions))
        kept = store.checkpoint(session.game_key)
        uncovered.append(len(session.record.actions) - (kept.moves if kept else 0))

    assert max(uncovered) < 2 * CHECKPOINT_AFTER


PLAY_AND_WAIT = """
import random, sys
from pathlib import Path
from saves import SaveStore
from tui.model import GameSession, parse_players

store = SaveStore(Path(sys.argv[1]))
players, seed, moves = parse_players(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
session = GameSession.create(store, "3x3", players, seed, name="game")
rng = random.Random(3)
for _ in range(moves):
    seat = session.to_act()[0]
    session.apply(seat, rng.choice(session.legal(seat)))
print(session.game_key, flush=True)
sys.stdin.readline()
"""
"""Starts a game, plays it as `play_randomly` does, says the game's key and waits (to be
killed)."""


def test_a_session_killed_after_a_checkpoint_resumes_from_it(
    store, stores, spawn: Callable[..., subprocess.Popen[str]]
):
    played = CHECKPOINT_AFTER + 30
    child = spawn(PLAY_AND_WAIT, str(store.root), PLAYERS, str(SEED), str(played))
    key = int(read_line(child))
    checkpoint_of(stores(), key, CHECKPOINT_AFTER)
    os.kill(child.pid, signal.SIGKILL)
    child.wait(timeout=60)

    session = GameSession.open(store, "game")

    assert (session.checkpointed, len(session.record.actions)) == (CHECKPOINT_AFTER, played)
    assert session_views(session) == full_replay_views(store)
