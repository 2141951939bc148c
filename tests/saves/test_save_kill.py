"""A terminal killed at any moment (kill -9) loses no move it showed as done and leaves
a sound database whose moves still replay; the next terminal opens the game at once,
since a dead holder holds no seats."""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import time

from save_helpers import read_line

from saves import SaveStore

ROUNDS = 24

KEEP_PLAYING = """
import json, random, sys
from pathlib import Path
from saves import PlayerSpec, SaveStore
from tui.model import GameSession

store = SaveStore(Path(sys.argv[1]))
name = sys.argv[2]
if store.exists(name):
    session = GameSession.open(store, name)
else:
    players = [PlayerSpec("Ann", "human"), PlayerSpec("Bob", "human"), PlayerSpec("Cy", "human")]
    session = GameSession.create(store, "3x3", players, int(sys.argv[3]), name=name)
print("open", len(session.record.actions), flush=True)
rng = random.Random(int(sys.argv[3]))
while not session.over:
    seat = session.to_act()[0]
    session.apply(seat, rng.choice(session.legal(seat)))
    number = len(session.record.actions)
    sys.stdout.write(f"{number} {json.dumps(session.record.actions[-1])}\\n")
    sys.stdout.flush()
print("over", flush=True)
"""
"""Opens (or starts) a game and plays it out, printing each move once `apply` returns."""


def _play_until_killed(spawn, root, name: str, rng: random.Random) -> tuple[int | None, dict]:
    """Run KEEP_PLAYING and kill it with SIGKILL at a random moment: now and then while it
    starts, creates or opens the game, mostly while it plays. (How many moves the game had
    when it was opened, None if it was killed before; {number: [seat, action]} of every
    move it reported as done.)"""
    child = spawn(KEEP_PLAYING, str(root), name, str(rng.randrange(10**6)))
    lines: list[str] = []
    if rng.random() < 0.25:
        time.sleep(rng.uniform(0, 0.15))
    else:
        wait_for = rng.randint(1, 7)
        while len(lines) < wait_for and "over" not in lines:
            lines.append(read_line(child))
        time.sleep(rng.uniform(0, 0.01))
    os.kill(child.pid, signal.SIGKILL)
    # Read through the same buffered streams readline used: communicate() reads the pipes
    # directly and would miss lines readline had already buffered.
    assert child.stdout is not None and child.stderr is not None
    rest, errors = child.stdout.read(), child.stderr.read()
    child.wait(timeout=60)
    assert child.returncode in (-signal.SIGKILL, 0), errors
    if not rest.endswith("\n"):
        rest = rest[: rest.rfind("\n") + 1]  # a line cut short by the kill was not reported
    opened, reported = None, {}
    for line in lines + rest.splitlines():
        if line.startswith("open "):
            opened = int(line.split()[1])
        elif line != "over":
            number, move = line.split(" ", 1)
            reported[int(number)] = json.loads(move)
    return opened, reported


def test_killed_terminals_lose_no_move_and_leave_a_sound_database(tmp_path, spawn):
    root = tmp_path / "saves"
    rng = random.Random(2024)
    game_number, earlier, reported_total = 1, [], 0
    for _ in range(ROUNDS):
        name = f"kill-{game_number}"
        opened, reported = _play_until_killed(spawn, root, name, rng)
        reported_total += len(reported)

        database = root / "hotseat.db"
        if not database.exists():
            assert opened is None and not earlier, "killed before the database was made"
            continue
        check = sqlite3.connect(database)
        try:
            assert check.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        finally:
            check.close()
        store = SaveStore(root)
        try:
            if not store.exists(name):
                assert opened is None and not earlier, "killed before the game was stored"
                continue
            record, game, state = store.load(name)
            moves = [list(move) for move in record.actions]
            assert moves[: len(earlier)] == earlier, "moves stored before are still there"
            for number, move in reported.items():
                assert moves[number - 1] == move
            last = max(reported, default=len(earlier) if opened is None else opened)
            assert last <= len(moves) <= last + 1, "at most the move being written when killed"
            listed = {info.name: info.summary for info in store.list()}
            assert listed[name]["moves"] == len(moves)
        finally:
            store.close()
        earlier = moves
        if game.is_over(state):
            game_number, earlier = game_number + 1, []

    assert reported_total > ROUNDS
