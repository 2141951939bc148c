"""What lies beside the save database or claims to be one is never applied to it: a
write-ahead log or rollback journal that is not the database's own is moved aside
untouched and said so in one line; a terminal's own log, left by a kill -9, is applied
and loses no move; another program's database is never changed, whatever its
user_version; a database of ours from before schema 3 is recognised by its tables."""

from __future__ import annotations

import dataclasses
import json
import shutil
import signal
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from save_helpers import PLAYERS, played, read_line, rows, snapshot

from hotseat.cli import main
from saves import SaveError, SaveStore, wal
from saves.database import APPLICATION_ID, MIGRATIONS, SCHEMA_VERSION
from saves.record import seed_column
from tui.model import GameSession
from tui.words.saves import save_text

DB = "hotseat.db"

PLAY_THEN_HANG = """
import sys
from pathlib import Path
from saves import PlayerSpec, SaveStore
from tui.model import GameSession

store = SaveStore(Path(sys.argv[1]))
name, moves, copied = sys.argv[2], int(sys.argv[3]), sys.argv[4] == "copied"
if store.exists(name):
    session = GameSession.open(store, name)
else:
    players = [PlayerSpec("Ann", "human"), PlayerSpec("Bob", "human")]
    session = GameSession.create(store, "3x3", players, 5, name=name)
for _ in range(moves):
    seat = session.to_act()[0]
    session.apply(seat, session.legal(seat)[0])
    print(len(session.record.actions), flush=True)
if copied:
    store.database.db.execute("PRAGMA wal_checkpoint(PASSIVE)")
print("hanging", flush=True)
sys.stdin.readline()
"""
"""Opens (or starts) a game, plays `moves` moves, printing the count after each, and
hangs; with "copied", the log is first copied into the database file (and kept)."""

KEEP_PLAYING = """
import sys
from pathlib import Path
from saves import SaveStore
from tui.model import GameSession

session = GameSession.open(SaveStore(Path(sys.argv[1])), sys.argv[2])
while not session.over:
    seat = session.to_act()[0]
    session.apply(seat, session.legal(seat)[-1])
    print(len(session.record.actions), flush=True)
"""
"""Opens a game and plays it out, printing the count of moves after each one is saved."""

OTHER_PROGRAM_CRASHES = """
import os, sys, sqlite3
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("PRAGMA journal_mode = WAL")
db.execute("CREATE TABLE notes (text TEXT)")
db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
db.execute("INSERT INTO notes VALUES ('milk')")
os._exit(0)
"""
"""Another program's database in WAL mode, left with a log of its own by a crash."""

HOT_JOURNAL = """
import os, sys, sqlite3
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("CREATE TABLE t (x BLOB)")
db.executemany("INSERT INTO t VALUES (randomblob(900))", [()] * 40)
db.execute("PRAGMA cache_size = 1")
db.execute("BEGIN")
db.execute("UPDATE t SET x = randomblob(900)")
os._exit(0)
"""
"""Another database in rollback mode killed in the middle of a transaction: a hot journal."""


def _crashed(spawn, root: Path, name: str, moves: int, *, copied: bool = False) -> int:
    """Play `moves` moves of game `name` in another process, then kill it (-9): its log
    stays beside the database. How many moves the game had when it was killed."""
    child = spawn(PLAY_THEN_HANG, str(root), name, str(moves), "copied" if copied else "-")
    lines = [read_line(child) for _ in range(moves + 1)]
    assert lines[-1] == "hanging"
    child.kill()
    child.wait(timeout=60)
    assert child.returncode == -signal.SIGKILL
    assert (root / f"{DB}-wal").exists()
    return int(lines[-2])


def _closed(root: Path, names: list[str], moves: int = 4) -> None:
    """Games called `names`, `moves` moves each, stored by a terminal that closed."""
    store = SaveStore(root)
    for name in names:
        session = GameSession.create(store, "3x3", PLAYERS[:2], 3, name=name)
        for _ in range(moves):
            seat = session.to_act()[0]
            session.apply(seat, session.legal(seat)[0])
        session.close()
    store.close()


def _moves(store: SaveStore) -> dict[str, int]:
    return {info.name: int(str(info.summary["moves"])) for info in store.list()}


def _aside(root: Path) -> list[Path]:
    return sorted(root.glob("*.foreign-*"))


def test_a_log_from_another_database_is_moved_aside_untouched_and_never_applied(
    tmp_path, spawn, stores
):
    ours, other = tmp_path / "ours", tmp_path / "other"
    _closed(ours, ["a", "b", "c"])
    before = rows(ours / DB)
    _crashed(spawn, other, "x", 6)
    log, shm = (other / f"{DB}-wal").read_bytes(), (other / f"{DB}-shm").read_bytes()
    (ours / f"{DB}-wal").write_bytes(log)
    (ours / f"{DB}-shm").write_bytes(shm)

    store = stores(ours)
    assert _moves(store) == {"a": 4, "b": 4, "c": 4}
    [notice] = store.database.notices()
    store.close()

    shm_aside, wal_aside = _aside(ours)
    assert save_text(notice) == (
        f"{DB}-wal and {DB}-shm beside {ours / DB} are not its own, so never applied to it: "
        f"moved aside, untouched, as {wal_aside.name} and {shm_aside.name}"
    )
    assert wal_aside.name.startswith(f"{DB}-wal.foreign-")
    assert (wal_aside.read_bytes(), shm_aside.read_bytes()) == (log, shm)
    assert rows(ours / DB) == before


def test_hotseat_list_says_in_one_line_that_a_foreign_log_was_moved_aside(tmp_path, spawn, capsys):
    ours, other = tmp_path / "ours", tmp_path / "other"
    _closed(ours, ["a", "b", "c"])
    _crashed(spawn, other, "x", 6)
    shutil.copy(other / f"{DB}-wal", ours / f"{DB}-wal")

    code = main(["list", "--save-dir", str(ours)])

    out, err = capsys.readouterr()
    assert code == 0
    assert [line.split()[0] for line in out.splitlines()] == ["c", "b", "a"]
    [line] = err.splitlines()
    assert line.startswith(f"hotseat: {DB}-wal beside {ours / DB} is not its own")
    assert "moved aside, untouched, as hotseat.db-wal.foreign-" in line
    assert "left as it is" not in line


def test_a_database_restored_from_a_backup_never_takes_the_newer_log_beside_it(
    tmp_path, spawn, stores
):
    root = tmp_path / "saves"
    _closed(root, ["game"], moves=4)
    backup = (root / DB).read_bytes()
    _crashed(spawn, root, "game", 3)
    applied = stores(root)
    assert _moves(applied) == {"game": 7}
    applied.close()  # the last to close: the file itself now holds 7 moves
    _crashed(spawn, root, "game", 2)
    log = (root / f"{DB}-wal").read_bytes()

    (root / DB).write_bytes(backup)
    store = stores(root)

    assert _moves(store) == {"game": 4}
    assert store.database.notices()
    assert [p.read_bytes() for p in _aside(root) if "-wal." in p.name] == [log]


def test_a_log_from_a_copy_of_the_database_that_went_its_own_way_is_moved_aside(
    tmp_path, spawn, stores
):
    root, copy = tmp_path / "saves", tmp_path / "copy"
    _closed(root, ["game"], moves=2)
    shutil.copytree(root, copy)
    _closed(root, ["other"], moves=1)
    _crashed(spawn, copy, "game", 3)
    shutil.copy(copy / f"{DB}-wal", root / f"{DB}-wal")

    store = stores(root)

    assert _moves(store) == {"game": 2, "other": 1}
    assert len(_aside(root)) == 1


def test_a_terminal_killed_while_it_writes_leaves_a_log_the_next_one_applies(
    tmp_path, spawn, stores
):
    root = tmp_path / "saves"
    _closed(root, ["game"], moves=0)
    for stop_after in (1, 5, 2, 7, 3):
        child = spawn(KEEP_PLAYING, str(root), "game")
        lines = [read_line(child) for _ in range(stop_after)]
        child.send_signal(signal.SIGKILL)
        assert child.stdout is not None
        rest = child.stdout.read()  # what it reported before the kill took effect
        child.wait(timeout=60)
        reported = [int(line) for line in lines + rest[: rest.rfind("\n") + 1].split()]
        assert (root / f"{DB}-wal").exists()

        store = stores(root)
        record, game, state = store.load("game")
        assert reported[-1] <= len(record.actions) <= reported[-1] + 1, "no move is lost"
        assert store.database.notices() == [] and _aside(root) == []
        store.close()
        if game.is_over(state):
            break


def test_a_log_of_its_own_is_applied_whether_or_not_the_file_holds_part_of_it(
    tmp_path, spawn, stores
):
    root = tmp_path / "saves"
    assert _crashed(spawn, root, "game", 3) == 3  # the database file holds no game yet
    applied = stores(root)
    assert _moves(applied) == {"game": 3}
    applied.close()

    assert _crashed(spawn, root, "game", 4, copied=True) == 7

    store = stores(root)
    assert _moves(store) == {"game": 7}
    assert store.database.notices() == [] and _aside(root) == []


def test_a_log_another_connection_is_using_is_left_to_it(store, stores, raw):
    _closed(store.root, ["game"], moves=2)
    other = raw()
    other.execute("UPDATE games SET updated = '2026-01-01T00:00:00+00:00'")  # no stamp

    assert _moves(stores()) == {"game": 2}
    assert (store.root / f"{DB}-wal").exists() and _aside(store.root) == []


WRITE_THEN_HANG = """
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("UPDATE games SET updated = '2026-01-01T00:00:00+00:00'")
print("hanging", flush=True)
sys.stdin.readline()
"""
"""Another program writes to the database without a stamp and keeps it open."""

OPEN_AND_CLOSE = """
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("SELECT count(*) FROM games").fetchone()
db.close()
"""
"""Another program opens the database and closes it: the last connection to close
copies the log into the file and deletes it."""


def test_a_log_another_process_is_using_is_left_to_it(store, stores, spawn):
    _closed(store.root, ["game"], moves=2)
    child = spawn(WRITE_THEN_HANG, str(store.root / DB))
    assert read_line(child) == "hanging"

    assert _moves(stores()) == {"game": 2}
    assert (store.root / f"{DB}-wal").exists() and _aside(store.root) == []


def test_a_second_connection_in_one_process_keeps_the_log_of_the_first_alive(
    store, stores, run_python
):
    _closed(store.root, ["game"], moves=2)
    first = stores()
    assert _moves(first) == {"game": 2}
    second = stores()
    assert _moves(second) == {"game": 2}
    second.close()

    assert run_python(OPEN_AND_CLOSE, str(store.root / DB)).returncode == 0
    assert (store.root / f"{DB}-wal").exists()


def test_a_log_beside_no_database_is_moved_aside_when_the_database_is_made(tmp_path, spawn, stores):
    ours, other = tmp_path / "ours", tmp_path / "other"
    _crashed(spawn, other, "x", 2)
    ours.mkdir()
    shutil.copy(other / f"{DB}-wal", ours / f"{DB}-wal")

    store = stores(ours)
    store.create("new", played(1)[0])

    assert _moves(store) == {"new": 1}
    assert len(_aside(ours)) == 1


def test_a_log_that_is_a_link_is_moved_aside_and_what_it_points_to_left_alone(tmp_path, stores):
    root = tmp_path / "saves"
    _closed(root, ["game"])
    target = tmp_path / "precious.txt"
    target.write_text("keep me")
    (root / f"{DB}-wal").symlink_to(target)

    assert _moves(stores(root)) == {"game": 4}
    [aside] = _aside(root)
    assert aside.is_symlink() and target.read_text() == "keep me"


def test_a_rollback_journal_beside_the_database_is_moved_aside_never_played_back(
    tmp_path, run_python, stores
):
    root, other = tmp_path / "saves", tmp_path / "other"
    _closed(root, ["game"])
    before = rows(root / DB)
    other.mkdir()
    assert run_python(HOT_JOURNAL, str(other / "a.db")).returncode == 0
    journal = (other / "a.db-journal").read_bytes()
    (root / f"{DB}-journal").write_bytes(journal)

    assert _moves(stores(root)) == {"game": 4}

    [aside] = _aside(root)
    assert aside.read_bytes() == journal
    assert rows(root / DB) == before


OPERATIONS: dict[str, Callable[[SaveStore], object]] = {
    "list": lambda store: store.list(),
    "load": lambda store: store.load("game"),
    "create": lambda store: store.create("new", played(1)[0]),
    "open": lambda store: GameSession.open(store, "game"),
}


def _refused_as_another_programs(root: Path) -> None:
    for name, operation in OPERATIONS.items():
        store = SaveStore(root)
        try:
            with pytest.raises(SaveError) as caught:
                operation(store)
        finally:
            store.close()
        expected = f"{root / DB} is another program's database; it was left as it is"
        assert save_text(caught.value) == expected, name


@pytest.mark.parametrize("version", [0, 1, 2, 3, 7])
def test_another_programs_database_is_never_changed_whatever_its_user_version(tmp_path, version):
    root = tmp_path / "saves"
    root.mkdir()
    db = sqlite3.connect(root / DB, isolation_level=None)
    db.execute("CREATE TABLE notes (text TEXT)")
    db.execute("INSERT INTO notes VALUES ('milk')")
    db.execute(f"PRAGMA user_version = {version}")
    db.close()
    before = snapshot(root)

    _refused_as_another_programs(root)

    assert snapshot(root) == before


@pytest.mark.parametrize("version", [1, 2])
def test_a_look_alike_of_our_old_schema_with_other_columns_is_another_programs(tmp_path, version):
    root = tmp_path / "saves"
    root.mkdir()
    db = sqlite3.connect(root / DB, isolation_level=None)
    for step in MIGRATIONS[:version]:
        step(db)
    db.execute("ALTER TABLE games ADD COLUMN colour TEXT")
    db.execute(f"PRAGMA user_version = {version}")
    db.close()
    before = snapshot(root)

    _refused_as_another_programs(root)

    assert snapshot(root) == before


def test_another_programs_database_with_its_own_log_beside_it_is_left_as_it_is(
    tmp_path, run_python
):
    root = tmp_path / "saves"
    root.mkdir()
    assert run_python(OTHER_PROGRAM_CRASHES, str(root / DB)).returncode == 0
    assert (root / f"{DB}-wal").exists()
    before = snapshot(root)

    _refused_as_another_programs(root)

    assert snapshot(root) == before


def _old_database(path: Path, version: int) -> None:
    """A database as hotseat wrote it at schema `version` (before application_id), in WAL
    mode, holding game "old" of 3 moves."""
    record = played(3)[0]
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode = WAL")
    for step in MIGRATIONS[:version]:
        step(db)
    db.execute(f"PRAGMA user_version = {version}")
    cursor = db.execute(
        "INSERT INTO games (name, game, rules_version, options, players, seed, setup, "
        "created, updated, summary, over, moves) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
        (
            "old",
            record.game,
            record.rules_version,
            json.dumps(record.options),
            json.dumps([dataclasses.asdict(p) for p in record.players]),
            seed_column(record.seed),
            json.dumps(record.setup),
            record.created,
            record.updated,
            json.dumps(record.summary),
            False,
            len(record.actions),
        ),
    )
    db.executemany(
        "INSERT INTO moves (game, number, seat, action) VALUES (?, ?, ?, ?)",
        [(cursor.lastrowid, k, s, json.dumps(a)) for k, (s, a) in enumerate(record.actions, 1)],
    )
    db.close()


@pytest.mark.parametrize("version", [1, 2])
def test_a_database_of_ours_from_before_application_id_is_known_by_its_tables_and_brought_up(
    tmp_path, stores, version
):
    root = tmp_path / "saves"
    root.mkdir()
    _old_database(root / DB, version)

    store = stores(root)

    assert store.load("old")[0].summary["moves"] == 3
    db = store.database.db
    assert db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_a_database_being_brought_up_keeps_its_log_when_the_terminal_is_killed(
    tmp_path, spawn, stores
):
    root = tmp_path / "saves"
    root.mkdir()
    _old_database(root / DB, 2)

    assert _crashed(spawn, root, "old", 2) == 5

    store = stores(root)
    assert _moves(store) == {"old": 5}
    assert _aside(root) == []


OLD_HOTSEAT_CRASHES = """
import os, sys, sqlite3
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("PRAGMA wal_autocheckpoint = 0")
db.execute("UPDATE games SET moves = moves, updated = 'committed by an older hotseat'")
os._exit(0)
"""
"""A hotseat from before schema 3 commits a change (no stamp) and is killed: its log, with
that change, stays beside the database."""


def test_the_log_an_older_hotseat_left_by_a_crash_is_applied_at_the_upgrade(
    tmp_path, spawn, stores
):
    root = tmp_path / "saves"
    root.mkdir()
    _old_database(root / DB, 2)
    spawn(OLD_HOTSEAT_CRASHES, str(root / DB)).wait(timeout=60)
    assert (root / f"{DB}-wal").stat().st_size > 0

    store = stores(root)

    assert _aside(root) == []
    updated = store.database.db.execute("SELECT updated FROM games WHERE name = 'old'")
    assert updated.fetchone()[0] == "committed by an older hotseat"


def test_a_frame_torn_by_a_crash_ends_the_log_there_as_sqlite_reads_it(tmp_path):
    db = sqlite3.connect(tmp_path / "any.db", isolation_level=None)
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA wal_autocheckpoint = 0")
    db.execute("CREATE TABLE t (x TEXT)")
    for n in range(4):
        db.execute("INSERT INTO t VALUES (?)", (f"row {n}",))
    log = bytearray((tmp_path / "any.db-wal").read_bytes())
    torn = tmp_path / "torn-wal"
    log[-100] ^= 0xFF  # the last page, written after its frame's header
    torn.write_bytes(log)

    assert len(list(wal.transactions(tmp_path / "any.db-wal", checked=True))) == 5
    assert len(list(wal.transactions(torn, checked=True))) == 4


def test_a_file_put_in_the_place_of_a_held_database_counts_as_held(tmp_path: Path) -> None:
    database = tmp_path / DB
    database.write_bytes(b"")
    held = wal.hold(database)
    try:
        replacement = tmp_path / "other.db"
        replacement.write_bytes(b"")
        replacement.replace(database)

        assert wal.in_use(database)
    finally:
        wal.release(held)
    assert not wal.in_use(database)
