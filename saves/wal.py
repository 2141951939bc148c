"""The files beside the save database: only its own write-ahead log is ever applied to it.

SQLite applies any `hotseat.db-wal` whose frames carry the salts of the log's own
header (and valid checksums): nothing in a log names the database it was written
for, so a log from another database (a copied save folder, a restored backup with
a newer log beside it) would be taken as ours and its pages written over ours at
the next checkpoint. A rollback journal (`-journal`) would be played back into it
the same way.

So every write transaction of hotseat also rewrites one row, the stamp (table
`stamp`, made by schema 3): `hotseat-stamp:`, the database's random identity, the
nonce of the transaction before and a new random nonce. Every transaction in a
log of ours holds a page with the stamp, and the database file holds the stamp of
the last transaction copied into it. A new database gets its tables and stamp
before it has a log (saves/database.py migrates it first, then switches it to
WAL), so no log of ours lies beside a file without tables. A file of schema 1 or
2 (no stamp yet) stands for a digest of its games (`games_digest`): the
transaction that adds the stamp starts its chain from that digest.

A log is this database's own when, read as SQLite's recovery reads it (frames
whose salts match the log's header, up to the last commit frame), every
transaction in it holds a stamp of one identity (the file's, when the file has
one), each continues the one before, and the chain continues the file: the
file's stamp is the one the first transaction started from, or that of a
transaction in the log (a checkpoint may have copied part of it already).
A log that is not ours by its stamps is read again with checksums, as SQLite checks
them, so a frame torn by a crash ends the log there as it does for SQLite; our own log is
judged without them (fast, however long).
A log with no committed transaction is left alone: SQLite applies nothing of it.
A database in WAL mode never has a rollback journal of its own; beside a file in
rollback mode (a new database being made) the journal is left to SQLite, whose
rollback keeps that step safe.

The test is made only while no process has the database open (no lock on it or on its
`-shm`; where that cannot be told, nothing is moved) and inside `opening`, an flock on
the save folder that every hotseat connection takes while it opens, so two terminals
starting at once never judge a log the other is already using. What is not the
database's own (and a `-wal` or `-shm` that is not a regular file) is moved aside
untouched, as `<name>.foreign-<time>`, a `-shm` with its log. A log written by another
program into the database itself (the sqlite3 shell) carries no stamp: left by a crash
of that program, it is moved aside too. The one exception: beside a file of schema 1 or
2, a log with no stamp at all is applied, since a hotseat from before schema 3 (a crash
just before an upgrade) wrote it that way and nothing tells it from another one; the
first transaction after that adds the stamp, so this holds only once.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import secrets
import sqlite3
import stat
import struct
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from datetime import datetime
from pathlib import Path
from typing import NamedTuple

from saves.errors import ALONE, Message

try:
    import fcntl
except ImportError:  # not a POSIX system: the folder is not locked
    fcntl = None  # type: ignore[assignment]

STAMP_TABLE = "CREATE TABLE stamp (id INTEGER PRIMARY KEY CHECK (id = 1), mark TEXT NOT NULL)"
"""One row: the stamp every write transaction rewrites."""

_PREFIX = "hotseat-stamp:"
_MARK = re.compile(rb"hotseat-stamp:([0-9a-f]{32})([0-9a-f]{16})([0-9a-f]{16})")
_KEEP = len(_PREFIX) + 32
"""Characters of a stamp that stay (prefix and identity); then previous and new nonce."""

_STAMP = f"UPDATE stamp SET mark = substr(mark, 1, {_KEEP}) || substr(mark, {_KEEP + 17}, 16) || ?"

_WAL_HEADER = struct.Struct(">IIIIII8x")
"""magic, format version, page size, checkpoint sequence, salt-1, salt-2 (checksums left)."""
_FRAME_HEADER = struct.Struct(">IIII8x")
"""page number, database size after a commit (else 0), salt-1, salt-2 (checksums left)."""
_WAL_MAGIC = (0x377F0682, 0x377F0683)
_WAL_VERSION = 3007000

SIDECARS = ("-wal", "-shm", "-journal")


class FolderBusy(Exception):
    """Another connection took too long to open the database in this folder."""


class Mark(NamedTuple):
    """One transaction's stamp."""

    identity: str
    previous: str
    nonce: str


def first_mark(digest: str) -> str:
    """The stamp of the transaction that adds the stamp to a database whose games give
    `digest`: a new random identity, the chain starting from the digest."""
    return f"{_PREFIX}{secrets.token_hex(16)}{digest}{secrets.token_hex(8)}"


def stamp(db: sqlite3.Connection) -> None:
    """Rewrite the stamp inside the caller's write transaction: same identity, the nonce
    before kept as the previous one, a new random nonce."""
    db.execute(_STAMP, (secrets.token_hex(8),))


def games_digest(db: sqlite3.Connection) -> str:
    """16 hex digits standing for the games in `db` (none when it has no games table): what
    a database without a stamp is known by."""
    found = db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'games'")
    rows = []
    if found.fetchone():
        rows = db.execute(
            "SELECT id, CAST(name AS BLOB), CAST(created AS BLOB), CAST(updated AS BLOB), "
            "CAST(moves AS BLOB) FROM games ORDER BY id"
        ).fetchall()
    return hashlib.sha256(repr(rows).encode()).hexdigest()[:16]


def file_mark(db: sqlite3.Connection) -> Mark | None:
    """The stamp `db` holds; for a database of schema 1 or 2 (no identity) its games'
    digest as the nonce; None when no log of ours can continue it: no tables at all, or
    a stamp that does not read. sqlite3.Error when the file cannot be read."""
    if not db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
        return None
    raw = stamp_bytes(db)
    if raw is None:
        return Mark("", "", games_digest(db))
    marks = _MARK.fullmatch(raw) if raw else None
    return Mark(*(part.decode() for part in marks.groups())) if marks else None


def stamp_bytes(db: sqlite3.Connection) -> bytes | None:
    """The stamp row as stored (empty when it is missing or not text); None when `db` has
    no stamp table (schema 1 or 2, or a new database). Every row is read, so no statement
    is left open to keep the connection from closing cleanly."""
    found = db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'stamp'")
    if not found.fetchall():
        return None
    rows = db.execute("SELECT CAST(mark AS BLOB) FROM stamp WHERE id = 1").fetchall()
    return bytes(rows[0][0]) if rows and isinstance(rows[0][0], bytes) else b""


def transactions(path: Path, checked: bool = False) -> Iterator[list[Mark]]:
    """The stamps of each committed transaction in the log at `path`, in order, as SQLite's
    recovery takes its frames: up to the first frame whose salts differ from the header's,
    and, when `checked`, whose checksum does not continue the one before (a frame torn by
    a crash)."""
    with open(path, "rb") as log:
        header = log.read(32)
        if len(header) < 32:
            return
        magic, version, page_size, _, salt1, salt2 = _WAL_HEADER.unpack(header)
        if magic not in _WAL_MAGIC or version != _WAL_VERSION:
            return
        if page_size & (page_size - 1) or not 512 <= page_size <= 65536:
            return
        words = struct.Struct(("<" if magic == _WAL_MAGIC[0] else ">") + "II")
        total = wal_checksum(words, header[:24], (0, 0))
        if checked and total != struct.unpack_from(">II", header, 24):
            return
        marks: list[Mark] = []
        while True:
            frame = log.read(24 + page_size)
            if len(frame) < 24 + page_size:
                return
            page, commit, frame_salt1, frame_salt2 = _FRAME_HEADER.unpack_from(frame)
            if (frame_salt1, frame_salt2) != (salt1, salt2) or page == 0:
                return
            if checked:
                total = wal_checksum(words, frame[24:], wal_checksum(words, frame[:8], total))
                if total != struct.unpack_from(">II", frame, 16):
                    return
            marks += [Mark(*(p.decode() for p in m.groups())) for m in _MARK.finditer(frame, 24)]
            if commit:
                yield marks
                marks = []


def wal_checksum(words: struct.Struct, data: bytes, start: tuple[int, int]) -> tuple[int, int]:
    """SQLite's WAL checksum of `data` (pairs of 32-bit `words` in the log's byte order),
    continuing `start` (file format, section 4.1)."""
    s0, s1 = start
    for x0, x1 in words.iter_unpack(data):
        s0 = (s0 + x0 + s1) & 0xFFFFFFFF
        s1 = (s1 + x1 + s0) & 0xFFFFFFFF
    return s0, s1


def continues(path: Path, file: Mark | None) -> bool:
    """True if the log at `path` holds nothing SQLite would apply, or only transactions of
    hotseat that continue the database file whose stamp is `file` (None: a file that no
    log of ours can continue). Read first without checksums (a long log of ours, left by a
    killed terminal, is judged fast), and only a log that is not ours that way is read
    again with them, so that a frame torn by a crash never makes our own look foreign."""
    return _continues(list(transactions(path)), file) or _continues(
        list(transactions(path, checked=True)), file
    )


def _continues(found: list[list[Mark]], file: Mark | None) -> bool:
    if file is not None and not file.identity and found and not any(found):
        return True  # a log of an earlier hotseat, left by a crash: nothing tells it apart
    identity, before, reached = file.identity if file else "", None, False
    for marks in found:
        if not marks or file is None:
            return False
        mark = marks[-1]
        identity = identity or mark.identity
        if mark.identity != identity or any(m.identity != identity for m in marks):
            return False
        if before is None:
            reached = mark.previous == file.nonce
        elif mark.previous != before:
            return False
        reached = reached or mark.nonce == file.nonce
        before = mark.nonce
    return before is None or reached


def present(database: Path) -> list[Path]:
    """The sidecar files SQLite would use that lie beside `database`."""
    return [p for p in (_sidecar(database, s) for s in SIDECARS) if os.path.lexists(p)]


def in_use(database: Path) -> bool:
    """True if a connection has `database` open: one of this process (`hold`: by its path
    or by its file), or a lock of any process on the file or on its `-shm` (every SQLite
    connection in WAL mode holds one on each while it is open); also when that cannot be
    told. The locks are asked for with open-file-description locks (F_OFD_GETLK), which
    see every process's locks, this one's too, and wait for nothing. The files are opened
    for that only while this process holds no connection to that path or file: closing a
    file drops every lock the process has on it."""
    getlk = getattr(fcntl, "F_OFD_GETLK", None)
    if getlk is None:
        return True
    with _held_lock:
        if _path_key(database) in _held or _file_id(database) in _held:
            return True
        for path in (database, _sidecar(database, "-shm")):
            try:
                fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC | os.O_NOFOLLOW | os.O_NONBLOCK)
            except FileNotFoundError:
                continue
            except OSError:
                if not _regular(path):
                    continue  # a link or the like: never SQLite's own file
                return True
            try:
                if not stat.S_ISREG(os.fstat(fd).st_mode):
                    continue
                asked = _FLOCK.pack(fcntl.F_WRLCK, os.SEEK_SET, 0, 0, 0)
                if _FLOCK.unpack(fcntl.fcntl(fd, getlk, asked))[0] != fcntl.F_UNLCK:
                    return True
            except OSError:
                return True
            finally:
                os.close(fd)
    return False


Held = tuple[object, ...]
"""What `hold` noted: the database's path and, if it was there, its file."""


def hold(database: Path) -> Held:
    """Note that this process is opening a connection to `database`, by its path and by its
    file (a file put in its place meanwhile is still taken as held): `in_use` then never
    opens either; give it to `release` when the connection is closed."""
    keys: Held = (_path_key(database),)
    found = _file_id(database)
    if found is not None:
        keys = (*keys, found)
    with _held_lock:
        for key in keys:
            _held[key] += 1
    return keys


def release(held: Held | None) -> None:
    """Undo one `hold` that returned `held`."""
    if held is None:
        return
    with _held_lock:
        for key in held:
            _held[key] -= 1
            if _held[key] <= 0:
                del _held[key]


_held: Counter[object] = Counter()
"""The databases this process has connections to, by path and by (device, inode), with
how many."""
_held_lock = threading.Lock()


def _path_key(path: Path) -> str:
    return os.path.realpath(path)


_FLOCK = struct.Struct("hhqqi4x")
"""struct flock on Linux: type, whence, start, length (0: to the end), pid."""


def _file_id(path: Path) -> tuple[int, int] | None:
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_dev, found.st_ino


def strays(database: Path, file_mark: Callable[[], Mark | None]) -> list[Path]:
    """The files beside `database` that are not its own: a rollback journal beside a
    database in WAL mode, a log that does not continue the database file (`file_mark`
    reads its stamp, only for a database in WAL mode: no log of ours lies beside any
    other file) and its `-shm`, and any `-wal` or `-shm` that is not a regular file.
    Only while nobody has the database open (`in_use`)."""
    log, shm, journal = (_sidecar(database, s) for s in SIDECARS)
    in_wal_mode = _in_wal_mode(database)
    own_log = not os.path.lexists(log) or (
        _regular(log) and continues(log, file_mark() if in_wal_mode else None)
    )
    found = [journal] if os.path.lexists(journal) and in_wal_mode else []
    if not own_log:
        found.append(log)
    if os.path.lexists(shm) and not (own_log and _regular(shm)):
        found.append(shm)
    return found


def move_aside(database: Path, paths: list[Path]) -> Message:
    """Rename `paths` to `<name>.foreign-<time>` beside them, untouched; the one line that
    says so."""
    when = datetime.now().strftime("%Y%m%d-%H%M%S")
    moved = []
    for path in paths:
        target, n = path.with_name(f"{path.name}.foreign-{when}"), 1
        while os.path.lexists(target):
            n += 1
            target = path.with_name(f"{path.name}.foreign-{when}-{n}")
        os.rename(path, target)
        moved.append((path.name, target.name))
    return Message(
        "foreign-files-moved",
        count=len(moved),
        names=_and([name for name, _ in moved]),
        database=database,
        targets=_and([target for _, target in moved]),
    )


def _and(names: list[str]) -> Message:
    """ "a", "a and b", "a, b and c" (in the player's language)."""
    if len(names) == 1:
        return Message(ALONE, problem=names[0])
    return Message("all-of", items=", ".join(names[:-1]), last=names[-1])


@contextlib.contextmanager
def opening(folder: Path, timeout: float) -> Iterator[None]:
    """Held while a hotseat connection to the database in `folder` opens: an exclusive
    flock on the folder, waited for up to `timeout` seconds (FolderBusy). Where the
    folder cannot be locked, nothing is held."""
    fd = -1
    if fcntl is not None:
        with contextlib.suppress(OSError):
            fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    if fd < 0:
        yield
        return
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise FolderBusy(folder) from None
                time.sleep(0.01)
            except OSError:
                break  # a file system without flock
        yield
    finally:
        os.close(fd)


def _sidecar(database: Path, suffix: str) -> Path:
    return database.with_name(database.name + suffix)


def _in_wal_mode(database: Path) -> bool:
    """True if the header of the database file says it is in WAL mode. Read directly: the
    file is open in no process (a close here would drop another connection's locks)."""
    try:
        with open(database, "rb") as file:
            header = file.read(20)
    except OSError:
        return False
    return header[:16] == b"SQLite format 3\x00" and header[18:20] == b"\x02\x02"


def _regular(path: Path) -> bool:
    with contextlib.suppress(OSError):
        return stat.S_ISREG(os.lstat(path).st_mode)
    return False
