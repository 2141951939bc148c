"""Writes are atomic: a crash or a failing disk never costs the previous save."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

import saves.store
from saves import SaveError, SaveStore

CRASH_BEFORE_REPLACE = """
import os, sys
from pathlib import Path
from saves import SaveStore

store = SaveStore(Path(sys.argv[1]))
record, _, _ = store.load("game")
record.actions.pop()
real_replace = os.replace

def crash(src, dst):
    if Path(dst).name == "game.json":
        os._exit(3)
    real_replace(src, dst)

os.replace = crash
store.write("game", record)
"""


def test_crash_between_fsync_and_replace_keeps_the_old_save(store, play, run_python):
    record, _, _ = play(10)
    store.write("game", record)
    before = store.path("game").read_bytes()

    crashed = run_python(CRASH_BEFORE_REPLACE, str(store.root))

    assert crashed.returncode == 3, crashed.stderr
    assert store.path("game").read_bytes() == before
    assert store.load("game")[0] == record
    assert [info.name for info in store.list()] == ["game"]
    assert any(p.name.endswith(".tmp") for p in store.root.iterdir())


def test_locking_a_save_clears_temp_files_left_by_a_crash(store, play, run_python):
    record, _, _ = play(10)
    store.write("game", record)
    run_python(CRASH_BEFORE_REPLACE, str(store.root))

    store.lock("game").release()

    assert not any(p.name.endswith(".tmp") for p in store.root.iterdir())


def test_failed_replace_reports_and_keeps_the_old_save(store, play, monkeypatch):
    record, _, _ = play(4)
    store.write("game", record)
    before = store.path("game").read_bytes()

    def full(src, dst):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(saves.store.os, "replace", full)
    with pytest.raises(SaveError, match=r"^cannot write saves in .*: No space left on device$"):
        store.write("game", play(5)[0])
    monkeypatch.undo()

    assert store.path("game").read_bytes() == before
    assert sorted(p.name for p in store.root.iterdir()) == ["game.json"]


def test_unwritable_folder_is_reported(store, monkeypatch):
    store.ensure_writable()
    real_open = os.open

    def denied(path, flags, *args, **kwargs):
        if flags & os.O_CREAT and Path(path).parent == store.root:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(saves.store.os, "open", denied)

    with pytest.raises(SaveError) as caught:
        store.ensure_writable()
    assert str(caught.value) == f"cannot write saves in {store.root}: Permission denied"


def test_folder_blocked_by_a_file_is_reported(tmp_path, play):
    (tmp_path / "file").write_text("")
    store = SaveStore(tmp_path / "file" / "saves")

    with pytest.raises(SaveError, match=r"^cannot write saves in .*: Not a directory$"):
        store.write("game", play(1)[0])


def test_ensure_writable_creates_the_folder(store):
    store.ensure_writable()

    assert store.root.is_dir()
    assert list(store.root.iterdir()) == []


def test_damaged_file_is_never_overwritten(store, play):
    store.ensure_writable()
    store.path("game").write_text("not a save")

    with pytest.raises(SaveError, match=r"^game\.json: not a hotseat save .* not overwritten\)$"):
        store.write("game", play(2)[0])

    assert store.path("game").read_text() == "not a save"
    assert sorted(p.name for p in store.root.iterdir()) == ["game.json"]


def test_write_sets_the_updated_time(store, play):
    record, _, _ = play(2)
    record.updated = "2000-01-01T00:00:00+00:00"

    store.write("game", record)

    assert record.updated > "2000"
    assert record.updated != "2000-01-01T00:00:00+00:00"
    assert store.load("game")[0].updated == record.updated
