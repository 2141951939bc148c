"""JSON as the exchange format: export a game as a version-1 save document, import such
files through the strict parser, and bring old one-file-per-save folders in once."""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from rules import AnyGame
from saves.checkpoint import checkpoint_due
from saves.errors import DatabaseBusy, Message, SaveError
from saves.record import DamagedSave, SaveRecord, decode, encode, not_a_save, summarize
from saves.replay import replay
from saves.store import SaveStore

MAX_SIZE = 4 * 1024 * 1024
"""Larger files are refused unread: a save document is a few hundred kilobytes at most."""

OLD_SAVES_DONE = "old-json-saves-imported"
"""The `meta` key set once a save folder's old saves are in: from then on no `*.json`
file in the folder is read as an old save (an export written there later stays a file)."""


def export_game(store: SaveStore, name: str) -> bytes:
    """Game `name` as the bytes of a save document."""
    _, record = store.record(name)
    return encode(record)


def import_file(
    store: SaveStore, path: Path, name: str | None = None, *, recover: bool = False
) -> str:
    """Import the save document at `path` as a new game; its name (from the file name
    unless given). DamagedSave or SaveError with one line, and nothing stored, if the
    file is not a save whose every move replays; with `recover`, the moves before the
    first refused one are imported instead."""
    record, game, state = _replayed(path, recover)
    chosen = store.unique_name(name or _stem(path))
    key = store.create(chosen, record, touch=False)
    _checkpoint(store, key, record, game, state)
    return chosen


def _replayed(path: Path, recover: bool) -> tuple[SaveRecord, AnyGame, Any]:
    """The record of the save document at `path`, every move replayed, its summary made;
    with its game and the state after its moves."""
    record = decode(read_document(path), path.name)
    try:
        game, state = replay(record)
    except DamagedSave as damaged:
        if not recover or not damaged.replayable_moves:
            raise
        record.actions = record.actions[: damaged.replayable_moves]
        game, state = replay(record)
    record.summary = summarize(game, state, len(record.actions))
    return record, game, state


def _checkpoint(
    store: SaveStore, key: int | None, record: SaveRecord, game: AnyGame, state: Any
) -> None:
    """Store the state of a long game just imported (as game id `key`) as its checkpoint,
    so its first resume replays no move; a checkpoint is a cache: one that cannot be stored
    is not kept."""
    if key is not None and checkpoint_due(len(record.actions), 0):
        with contextlib.suppress(Exception):
            store.store_checkpoint(key, record, game, state)


def _stem(path: Path) -> str:
    return path.name[: -len(".json")] if path.name.endswith(".json") else path.name


def import_old_saves(store: SaveStore) -> Message | None:
    """Import the `*.json` saves of an old save folder, once; a one-line report or None.

    The files are left as they are. Each is tried once: one that fails is named
    in the report and can be imported by hand later. Once a folder's database has been
    used with no old saves beside it, or its old saves are in, that is recorded and no
    file in the folder is imported this way again.
    """
    files = _old_files(store.root)
    if not files:
        _no_old_saves(store)
        return None
    database = store.database
    with database.errors("cannot-import-old-saves"):
        done = database.db.execute("SELECT 1 FROM meta WHERE key = ?", (OLD_SAVES_DONE,)).fetchone()
        if done:
            return None
        tried = {row[0] for row in database.db.execute("SELECT file FROM imported")}
    imported, failed = 0, []
    for path in files:
        if path.name in tried:
            continue
        try:
            record, game, state = _replayed(path, recover=False)
        except SaveError:
            store.create_imported(path.name, _stem(path), None)
            failed.append(path.name)
            continue
        name = store.create_imported(path.name, _stem(path), record)
        if name is not None:
            imported += 1
            _checkpoint(store, _key(store, name), record, game, state)
    with database.transaction("cannot-import-old-saves") as db:
        db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (OLD_SAVES_DONE, "1"))
    report = Message(
        "imported-old-saves",
        count=imported,
        folder=store.root,
        database=database.path.name,
    )
    if not failed:
        return report
    shown = ", ".join(failed[:3]) + (" ..." if len(failed) > 3 else "")
    failures = Message(
        "old-saves-not-imported",
        count=len(failed),
        files=shown,
    )
    return Message("report-and-failures", report=report, failures=failures)


def in_save_folder(store: SaveStore, path: Path) -> bool:
    """True if `path` lies in `store`'s save folder (or a folder in it), where no file is
    read as a save."""
    folder = os.path.realpath(store.root)
    return os.path.commonpath([folder, os.path.realpath(path)]) == folder


@contextlib.contextmanager
def _unless_busy() -> Iterator[None]:
    """Leave a SaveError inside unsaid, but for a database held elsewhere: the command
    would only wait for it again."""
    try:
        yield
    except DatabaseBusy:
        raise
    except SaveError:
        pass


def _no_old_saves(store: SaveStore) -> None:
    """Record that the folder's database is in use with no old saves beside it, so files
    written into the folder later are never taken for old saves. Nothing is made for it:
    a folder without a database is left as it is, and a database that cannot be written
    now is tried again next time."""
    if not store.database.exists():
        return
    with _unless_busy():
        database = store.database
        with database.errors():
            done = database.db.execute(
                "SELECT 1 FROM meta WHERE key = ?", (OLD_SAVES_DONE,)
            ).fetchone()
        if not done:
            with database.transaction() as db:
                db.execute(
                    "INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)", (OLD_SAVES_DONE, "1")
                )


def _key(store: SaveStore, name: str) -> int | None:
    """The id of stored game `name`; None if it cannot be read."""
    with contextlib.suppress(SaveError, TypeError), store.database.errors():
        return int(
            store.database.db.execute("SELECT id FROM games WHERE name = ?", (name,)).fetchone()[0]
        )
    return None


def read_document(path: Path) -> bytes:
    """The bytes of a save document; DamagedSave for anything not a readable small file."""
    source = path.name
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as err:
        raise _unreadable(path, err) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise DamagedSave("source-is-a-folder", source=source, path=path)
        if not stat.S_ISREG(info.st_mode):
            raise DamagedSave("source-not-a-regular-file", source=source, path=path)
        if info.st_size > MAX_SIZE:
            raise _too_large(path, info.st_size)
        chunks = []
        size = 0
        while chunk := os.read(fd, 1 << 16):
            chunks.append(chunk)
            size += len(chunk)
            if size > MAX_SIZE:
                raise _too_large(path, size)
        return b"".join(chunks)
    except OSError as err:
        raise _unreadable(path, err) from None
    finally:
        os.close(fd)


def _unreadable(path: Path, err: OSError) -> DamagedSave:
    return DamagedSave("source-cannot-be-read", source=path.name, reason=err.strerror, path=path)


NOT_SAVES = frozenset({"players.json"})
"""JSON files hotseat itself keeps beside the saves (the registered players)."""


def _old_files(root: Path) -> list[Path]:
    try:
        with os.scandir(root) as scan:
            return sorted(
                Path(entry.path)
                for entry in scan
                if entry.name.endswith(".json")
                and not entry.name.startswith(".")
                and entry.name not in NOT_SAVES
            )
    except OSError:
        return []


def _too_large(path: Path, size: int) -> DamagedSave:
    reason = Message("too-large-mb", size=size / 2**20)
    return not_a_save(path.name, reason, path=path)
