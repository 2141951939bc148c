"""Saves are private: the folder is 0700, the database and its -wal and -shm files 0600,
whatever the umask."""

from __future__ import annotations

import os
import stat

import pytest
from save_helpers import PLAYERS, play_randomly

from tui.model import GameSession


@pytest.fixture(autouse=True)
def open_umask():
    """A umask that lets everyone read and write new files, as a careless shell might."""
    old = os.umask(0)
    yield
    os.umask(old)


def _mode(path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_the_save_folder_is_private(store):
    store.ensure_writable()

    assert _mode(store.root) == 0o700


def test_the_database_and_its_wal_and_shm_files_are_private_after_a_write(store):
    session = GameSession.create(store, "3x3", list(PLAYERS), 1, name="evening")
    play_randomly(session, 3)

    names = sorted(p.name for p in store.root.iterdir())
    assert names == ["hotseat.db", "hotseat.db-shm", "hotseat.db-wal"]
    for name in names:
        assert _mode(store.root / name) == 0o600, name


def test_a_folder_made_for_the_saves_leaves_its_parents_alone(tmp_path, stores):
    store = stores(tmp_path / "data" / "hotseat" / "saves")

    store.ensure_writable()

    assert _mode(store.root) == 0o700
    assert store.root.parent.is_dir()
