"""What the command line says about a save file it cannot use as it is: true words, one
line, and nothing changed that should not be."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import saves.database
from saves import SaveStore
from saves.database import Database
from tui.words.saves import save_text

from tui_helpers import new_session, run_cli, stored_bytes


@pytest.fixture
def held_elsewhere(store: SaveStore, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A save folder whose database another program holds exclusively, even from
    readers; hotseat gives up after 0.1 s."""
    new_session(store, "Ann,cpu:Bob", seed=3).close()
    store.close()
    monkeypatch.setattr(saves.database, "BUSY_TIMEOUT_MS", 100)
    other = sqlite3.connect(store.path, isolation_level=None)
    other.execute("PRAGMA locking_mode = EXCLUSIVE")
    other.execute("BEGIN EXCLUSIVE")
    try:
        yield store.path
    finally:
        other.close()


def test_a_database_held_elsewhere_is_waited_for_once_by_a_command(
    held_elsewhere: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    opened = []
    real_open = Database._open

    def counting_open(self: Database) -> sqlite3.Connection:
        opened.append(1)
        return real_open(self)

    monkeypatch.setattr(Database, "_open", counting_open)
    code, _, err = run_cli(capsys, "list")
    assert code == 2
    assert err.splitlines() == [
        f"hotseat: {held_elsewhere} is locked by another program (waited 1 s); nothing was changed"
    ]
    assert len(opened) == 1


def test_the_wait_said_is_the_time_waited(tmp_path: Path) -> None:
    said = save_text(Database(tmp_path)._locked(6.2))
    assert said == (
        f"{tmp_path / 'hotseat.db'} is locked by another program (waited 6 s); nothing was changed"
    )


def test_an_empty_save_file_is_said_once_to_be_started_afresh(
    store: SaveStore, capsys: pytest.CaptureFixture[str]
) -> None:
    store.root.mkdir(parents=True, exist_ok=True)
    store.path.write_bytes(b"")
    notice = f"hotseat: {store.path} was empty (0 bytes) and is started afresh"

    first = run_cli(capsys, "list")
    second = run_cli(capsys, "list")

    assert first[0] == 0 and notice in first[2].splitlines()
    assert second[0] == 0 and notice not in second[2]


def without_root_s_reading() -> list[str]:
    """What runs a command so that file modes hold for it: as root, without the powers
    to read and search past them (setpriv); as anyone else, as it is."""
    if os.geteuid() == 0:
        return ["setpriv", "--bounding-set=-dac_override,-dac_read_search"]
    return []


def test_a_save_file_the_user_may_not_read_is_named_as_unreadable(
    store: SaveStore, tmp_path: Path
) -> None:
    new_session(store, "Ann,cpu:Bob", seed=3).close()
    store.close()
    before = stored_bytes(store)
    os.chmod(store.path, 0)
    command = ["-m", "hotseat", "--lang", "en", "list", "--save-dir", str(store.root)]
    try:
        done = subprocess.run(
            [*without_root_s_reading(), sys.executable, *command],
            capture_output=True,
            text=True,
            timeout=60,
            cwd=Path(__file__).resolve().parents[2],
        )
    finally:
        os.chmod(store.path, 0o600)
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        f"hotseat: cannot read {store.path}: permission denied; it was left as it is"
    ]
    assert stored_bytes(store) == before
