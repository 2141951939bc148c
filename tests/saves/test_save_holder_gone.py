"""A terminal killed with kill -9 holds nothing at once, even while it is a zombie: a
process that has ended but that its parent has not collected yet (a terminal multiplexer
may take a second or more to)."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

from save_helpers import PLAYERS, read_line

from tui.model import GameSession

HOLD = """
import sys
from pathlib import Path
from saves import SaveStore
from tui.model import GameSession

session = GameSession.open(SaveStore(Path(sys.argv[1])), "evening")
print("held", flush=True)
sys.stdin.readline()
"""
"""Opens "evening", says so and waits."""


def _state(pid: int) -> str:
    """The process state letter /proc gives for `pid` (R, S, Z...)."""
    stat = Path(f"/proc/{pid}/stat").read_bytes()
    return stat[stat.rfind(b")") + 2 :][:1].decode()


def _until(condition, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the condition never held"
        time.sleep(0.01)


def test_a_holder_killed_and_not_yet_collected_holds_nothing(store, stores, spawn):
    GameSession.create(store, "3x3", list(PLAYERS), 11, name="evening").close()
    child = spawn(HOLD, str(store.root))
    assert read_line(child) == "held"

    os.kill(child.pid, signal.SIGKILL)  # and not collected: the child stays a zombie
    _until(lambda: _state(child.pid) == "Z")

    other = GameSession.open(stores(), "evening")
    assert other.held_seats == {0, 1, 2}
    assert _state(child.pid) == "Z"
