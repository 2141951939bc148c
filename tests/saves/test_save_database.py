"""Problems with the database file or its folder: one line naming the file, never a
sqlite3 exception, and the file left exactly as it was."""

from __future__ import annotations

import contextlib
import os
import random
import shutil
import sqlite3
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from save_helpers import PLAYERS, play_randomly, played, refused, snapshot

import saves.database
from saves import SaveError, SaveRecord, SaveStore
from tui.model import GameSession
from tui.words.saves import save_text

OPERATIONS: dict[str, Callable[[SaveStore], object]] = {
    "list": lambda store: store.list(),
    "load": lambda store: store.load("game"),
    "create": lambda store: store.create("new", played(1)[0]),
    "open": lambda store: GameSession.open(store, "game"),
}
"""What a terminal does with the database, each tried through a store of its own."""


@pytest.fixture
def stored(store) -> SaveStore:
    """A database holding one game of 60 moves, its connection closed."""
    session = GameSession.create(store, "3x3", list(PLAYERS), 3, name="game")
    play_randomly(session, 60)
    session.close()
    store.close()
    return store


def _refused(root: Path, operations, expected: str) -> None:
    """Each operation (named in OPERATIONS or WRITES) raises a one-line SaveError that
    contains `expected`."""
    for name in operations:
        store = SaveStore(root)
        try:
            with pytest.raises(SaveError) as caught:
                {**OPERATIONS, **WRITES}[name](store)
        finally:
            store.close()
        message = save_text(caught.value)
        assert expected in message, name
        assert "\n" not in message and "Traceback" not in message


def test_a_file_that_is_not_a_database_is_named_and_left_as_it_is(stored):
    stored.path.write_bytes(random.Random(1).randbytes(8192))
    before = snapshot(stored.root)

    _refused(stored.root, OPERATIONS, f"{stored.path} is not a hotseat database; it was left")

    assert snapshot(stored.root) == before


def test_a_truncated_database_is_named_as_damaged_and_left_as_it_is(stored):
    data = stored.path.read_bytes()
    stored.path.write_bytes(data[: len(data) // 2])
    before = snapshot(stored.root)

    _refused(stored.root, OPERATIONS, f"{stored.path} is damaged (")

    assert snapshot(stored.root) == before


def test_another_programs_database_is_named_and_left_as_it_is(store):
    store.root.mkdir()
    db = sqlite3.connect(store.path, isolation_level=None)
    db.execute("CREATE TABLE notes (text TEXT)")
    db.execute("INSERT INTO notes VALUES ('milk')")
    db.close()
    before = snapshot(store.root)

    _refused(store.root, OPERATIONS, f"{store.path} is another program's database; it was left")

    assert snapshot(store.root) == before


@pytest.mark.parametrize("journal", ["wal", "delete"])
def test_a_database_from_a_newer_hotseat_is_named_and_left_as_it_is(stored, journal):
    db = sqlite3.connect(stored.path, isolation_level=None)
    db.execute(f"PRAGMA journal_mode = {journal}")
    db.execute("PRAGMA user_version = 99")
    db.close()
    before = snapshot(stored.root)

    _refused(
        stored.root,
        OPERATIONS,
        f"{stored.path} was written by a newer hotseat (database version 99, "
        f"this one knows up to {saves.database.SCHEMA_VERSION}); it was left as it is",
    )

    assert snapshot(stored.root) == before


@pytest.fixture
def short_wait(monkeypatch) -> None:
    """Give up on a locked database after 0.1 s instead of 3 s."""
    monkeypatch.setattr(saves.database, "BUSY_TIMEOUT_MS", 100)


@contextlib.contextmanager
def _locked(path: Path, exclusive_mode: bool = False) -> Iterator[None]:
    """Another program holds a write transaction on the database (and, in exclusive
    locking mode, keeps everyone else from even reading)."""
    other = sqlite3.connect(path, isolation_level=None)
    try:
        if exclusive_mode:
            other.execute("PRAGMA locking_mode = EXCLUSIVE")
        other.execute("BEGIN EXCLUSIVE")
        yield
    finally:
        other.close()


def test_a_locked_database_refuses_writes_after_the_wait(stores, stored, short_wait):
    before = stored.path.read_bytes()

    with _locked(stored.path):
        _refused(stored.root, ["create", "open"], f"{stored.path} is locked by another program")
        assert [info.name for info in stores().list()] == ["game"]

    assert stored.path.read_bytes() == before


def test_a_database_locked_in_exclusive_mode_refuses_even_reading(stored, short_wait):
    before = stored.path.read_bytes()

    with _locked(stored.path, exclusive_mode=True):
        _refused(stored.root, OPERATIONS, f"{stored.path} is locked by another program")

    assert stored.path.read_bytes() == before


def test_a_move_that_cannot_be_stored_is_not_played(stores, stored, short_wait):
    session = GameSession.open(stored, "game")
    state, moves = session.state, list(session.record.actions)
    seat = session.to_act()[0]

    with _locked(stored.path), pytest.raises(SaveError) as caught:
        session.apply(seat, session.legal(seat)[0])

    assert save_text(caught.value).startswith(f"the move was not saved: {stored.path} is locked by")
    assert session.state is state and session.record.actions == moves
    assert len(stores().record("game")[1].actions) == 60
    session.apply(seat, session.legal(seat)[0])
    assert len(stores().record("game")[1].actions) == 61


@contextlib.contextmanager
def _read_only(folder: Path) -> Iterator[None]:
    """Make `folder` and its files read-only in a way that holds even for root (who ignores
    permission bits): chmod, and for root the immutable attribute as well."""
    entries = [folder, *folder.iterdir()]
    for entry in entries:
        entry.chmod(0o500 if entry.is_dir() else 0o400)
    if os.geteuid() == 0:
        subprocess.run(["chattr", "+i", *map(str, entries)], check=True, capture_output=True)
    try:
        with pytest.raises(OSError):
            (folder / "probe").write_text("x")
        yield
    finally:
        if os.geteuid() == 0:
            subprocess.run(["chattr", "-i", *map(str, entries)], check=True, capture_output=True)
        for entry in entries:
            entry.chmod(0o700 if entry.is_dir() else 0o600)


def test_a_read_only_folder_is_named_and_left_as_it_is(stored):
    before = snapshot(stored.root)

    with _read_only(stored.root):
        _refused(
            stored.root,
            ["create", "open"],
            f"cannot write saves in {stored.root}: the folder or file is read-only",
        )
        assert snapshot(stored.root) == before


class _Failing:
    """A connection on which statements starting with one of `words` fail the way SQLite
    fails them, with `message`."""

    def __init__(self, db: sqlite3.Connection, words: tuple[str, ...], message: str) -> None:
        self.db, self.words, self.message = db, words, message

    def _check(self, sql: str) -> None:
        if sql.lstrip().upper().startswith(self.words):
            raise sqlite3.OperationalError(self.message)

    def execute(self, sql: str, *args):
        self._check(sql)
        return self.db.execute(sql, *args)

    def executemany(self, sql: str, *args):
        self._check(sql)
        return self.db.executemany(sql, *args)

    @property
    def in_transaction(self) -> bool:
        return self.db.in_transaction

    def close(self) -> None:
        self.db.close()


@pytest.fixture
def failing(monkeypatch) -> Callable[[str], None]:
    """Make every new connection fail its writes with a given SQLite error message."""

    def fail_with(message: str) -> None:
        connect = sqlite3.connect
        monkeypatch.setattr(
            saves.database.sqlite3,
            "connect",
            lambda *a, **k: _Failing(connect(*a, **k), ("INSERT", "UPDATE"), message),
        )

    return fail_with


@pytest.mark.parametrize(
    ("sqlite_says", "expected"),
    [
        ("attempt to write a readonly database", "the folder or file is read-only"),
        ("database or disk is full", "the disk is full: {path} was not changed"),
        ("database is locked", "{path} is locked by another program"),
        ("disk I/O error", "{path} is damaged (disk I/O error)"),
    ],
)
def test_a_write_refused_by_sqlite_is_told_in_one_line(stored, failing, sqlite_says, expected):
    failing(sqlite_says)
    before = snapshot(stored.root)

    _refused(stored.root, ["create", "open"], expected.format(path=stored.path))

    assert snapshot(stored.root) == before


def test_a_commit_that_fails_is_rolled_back_and_the_next_write_works(stored, monkeypatch):
    connect = sqlite3.connect
    failing_commit = [True]

    class _FailingOnce(_Failing):
        def _check(self, sql: str) -> None:
            if failing_commit[0]:
                super()._check(sql)

    monkeypatch.setattr(
        saves.database.sqlite3,
        "connect",
        lambda *a, **k: _FailingOnce(connect(*a, **k), ("COMMIT",), "disk I/O error"),
    )
    store = SaveStore(stored.root)
    with refused(SaveError, "disk I/O error"):
        store.create("refused", played(1)[0])
    failing_commit[0] = False

    store.create("stored", played(1)[0])

    assert [info.name for info in store.list()].count("refused") == 0
    assert store.exists("stored")


def test_a_full_disk_is_named_and_nothing_is_stored(stores, stored):
    store = SaveStore(stored.root)
    session = GameSession.open(store, "game")
    db = store.database.db
    pages = db.execute("PRAGMA page_count").fetchone()[0]
    db.execute(f"PRAGMA max_page_count = {pages}")
    big = SaveRecord.new("3x3", list(PLAYERS), 1)
    big.setup = {}
    big.summary = {**big.summary, "status": "x" * 100_000}

    with pytest.raises(SaveError) as caught:
        store.create("big", big)
    store.close()

    assert (
        save_text(caught.value) == f"cannot save: the disk is full: {stored.path} was not changed"
    )
    assert [info.name for info in stores().list()] == ["game"]
    assert session.record.actions == stores().record("game")[1].actions


def test_a_database_that_is_a_folder_is_named(store):
    store.root.mkdir()
    store.path.mkdir()

    _refused(store.root, OPERATIONS, f"{store.path} is not a hotseat database (not a regular file)")
    assert list(store.path.iterdir()) == []


def test_a_save_folder_that_is_a_file_is_named(tmp_path):
    (tmp_path / "file").write_text("")

    _refused(tmp_path / "file", ["create"], f"cannot write saves in {tmp_path / 'file'}: ")
    _refused(tmp_path / "file" / "saves", ["create"], "cannot write saves in ")
    assert (tmp_path / "file").read_text() == ""


def test_an_empty_database_file_is_a_new_database(stores, store):
    store.root.mkdir()
    store.path.write_bytes(b"")

    store.create("game", played(2)[0])

    assert [info.name for info in stores().list()] == ["game"]


@pytest.fixture
def page_zeroed(stores, tmp_path) -> SaveStore:
    """A database of two games, "alpha" (short) and "long", copied to a folder this process
    never wrote to (as another terminal finds it), with the last page of the moves table
    zeroed: the damage lies in "long" only."""
    made = stores(tmp_path / "made")
    for name, moves in (("alpha", 10), ("long", 300)):
        session = GameSession.create(made, "3x3", list(PLAYERS), 3, name=name)
        play_randomly(session, moves)
        session.close()
    made.list()
    made.close()
    copy = stores(tmp_path / "copy")
    copy.root.mkdir(mode=0o700)
    shutil.copyfile(made.path, copy.path)
    db = sqlite3.connect(copy.path, isolation_level=None)
    pages = db.execute("SELECT pageno FROM dbstat WHERE name = 'moves' ORDER BY pageno").fetchall()
    size = db.execute("PRAGMA page_size").fetchone()[0]
    db.close()
    with open(copy.path, "r+b") as file:
        file.seek((pages[-1][0] - 1) * size)
        file.write(bytes(size))
    return copy


WRITES: dict[str, Callable[[SaveStore], object]] = {
    "open alpha": lambda store: GameSession.open(store, "alpha"),
    "open long": lambda store: GameSession.open(store, "long"),
    "create": lambda store: store.create("new", played(1)[0]),
}
"""What writes to a database: holding a game's seats to play it, storing a new game."""


def test_a_damaged_page_in_one_game_keeps_every_game_from_being_written(page_zeroed):
    before = snapshot(page_zeroed.root)

    _refused(page_zeroed.root, WRITES, f"{page_zeroed.path} is damaged (")

    assert snapshot(page_zeroed.root) == before


def test_a_damaged_database_says_how_to_save_the_games_that_still_read(page_zeroed):
    _refused(page_zeroed.root, ["open alpha"], "hotseat export NAME")


def test_a_damaged_database_still_lists_its_games(page_zeroed):
    before = snapshot(page_zeroed.root)
    store = SaveStore(page_zeroed.root)
    try:
        names = sorted(info.name for info in store.list())
    finally:
        store.close()

    assert names == ["alpha", "long"]
    assert snapshot(page_zeroed.root) == before
