"""One process plays a save at a time; others are told who holds it."""

from __future__ import annotations

import os

import pytest

from saves import SaveLocked

TRY_LOCK = """
import sys
from pathlib import Path
from saves import SaveLocked, SaveStore

try:
    SaveStore(Path(sys.argv[1])).lock("game").release()
except SaveLocked as locked:
    print(locked.holder)
    sys.exit(5)
"""

HOLD_AND_DIE = """
import os, sys
from pathlib import Path
from saves import SaveStore

SaveStore(Path(sys.argv[1])).lock("game")
os._exit(0)
"""


def test_second_process_is_refused_naming_the_holder(store, run_python):
    with store.lock("game"):
        refused = run_python(TRY_LOCK, str(store.root))

    assert refused.returncode == 5, refused.stderr
    assert refused.stdout.startswith(f"pid {os.getpid()} on host ")
    assert "(user " in refused.stdout and " since " in refused.stdout


def test_released_lock_can_be_taken_by_another_process(store, run_python):
    store.lock("game").release()

    taken = run_python(TRY_LOCK, str(store.root))

    assert taken.returncode == 0, taken.stdout + taken.stderr


def test_second_lock_in_the_same_process_is_refused(store):
    with store.lock("game"), pytest.raises(SaveLocked) as caught:
        store.lock("game")

    assert str(caught.value).startswith("game.json is open elsewhere: pid ")
    assert caught.value.holder.startswith(f"pid {os.getpid()} ")


def test_lock_of_a_killed_process_is_free(store, run_python):
    died = run_python(HOLD_AND_DIE, str(store.root))
    assert died.returncode == 0, died.stderr

    with store.lock("game") as held:
        assert held.held
    assert not held.held


def test_locks_of_different_saves_are_independent(store):
    with store.lock("one"), store.lock("two") as second:
        assert second.held


def test_lock_file_is_private_and_hidden(store, play):
    with store.lock("game"):
        mode = (store.root / ".game.lock").stat().st_mode & 0o777

    assert mode == 0o600
    assert store.list() == []
