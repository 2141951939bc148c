"""The save database: one SQLite file in WAL mode, its schema, migrations and error messages.

Every sqlite3 error is turned into a one-line SaveError naming the file; nothing
here ever raises a bare sqlite3 exception to a caller.

A database is ours when it carries our `application_id` (schema 3 on), or, from
before that (schema 1 or 2), has exactly the tables and columns those schemas made;
an empty file is a new database. Anything else is another program's and is never
changed: not migrated, not switched to WAL. The files SQLite would use beside it
are checked before it is opened (saves/wal.py): a log that is not its own is never
applied. A database SQLite finds damaged anywhere is never written to, even where the
damage lies in another game (`Database.transaction`).
"""

from __future__ import annotations

import contextlib
import functools
import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from saves import seated, wal
from saves.errors import DatabaseBusy, Message, SaveError
from saves.visible import visible

FILENAME = "hotseat.db"

BUSY_TIMEOUT_MS = 3000
"""How long a write waits for another connection's transaction before giving up."""

SYNCHRONOUS = "FULL"
"""Every commit reaches the disk before it returns: see docs/architecture.md."""

_SOUND: dict[str, bytes] = {}
"""Database file to the stamp it had when this process last found it sound: checked
whole, or just committed to. A write finds the same stamp when nobody else wrote since."""

SCHEMA_V1 = """
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE COLLATE NOCASE,
    game TEXT NOT NULL,
    rules_version INTEGER NOT NULL,
    options TEXT NOT NULL,
    players TEXT NOT NULL,
    seed INTEGER NOT NULL,
    setup TEXT NOT NULL,
    created TEXT NOT NULL,
    updated TEXT NOT NULL,
    summary TEXT NOT NULL,
    over INTEGER NOT NULL DEFAULT 0,
    moves INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE moves (
    game INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (game, number)
) WITHOUT ROWID;
CREATE TABLE seats (
    game INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    token TEXT NOT NULL,
    pid INTEGER NOT NULL,
    host TEXT NOT NULL,
    user TEXT NOT NULL,
    since TEXT NOT NULL,
    seen REAL NOT NULL,
    PRIMARY KEY (game, seat)
);
CREATE TABLE meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE imported (
    file TEXT PRIMARY KEY,
    name TEXT,
    at TEXT NOT NULL
);
"""
"""Version 1: games with their public summary, append-only moves, open seats, facts about
the store itself (meta) and the old save files already imported."""


def _run_script(script: str) -> Callable[[sqlite3.Connection], None]:
    """A migration step that runs each statement of `script` inside the caller's transaction."""

    def step(db: sqlite3.Connection) -> None:
        for statement in script.split(";"):
            if statement.strip():
                db.execute(statement)

    return step


SCHEMA_V2 = """
CREATE TABLE checkpoints (
    game INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    moves INTEGER NOT NULL,
    rules_version INTEGER NOT NULL,
    state TEXT NOT NULL,
    seal TEXT NOT NULL
);
"""
"""Version 2: one checkpoint per game, the state after its first `moves` moves (a cache:
see saves/checkpoint.py)."""

APPLICATION_ID = int.from_bytes(b"HSeT", "big")
"""`PRAGMA application_id` of a hotseat database (schema 3 on)."""

STAMPED_VERSION = 3
"""The first schema with our application_id and the stamp."""


def _identify(db: sqlite3.Connection) -> None:
    """Version 3: our application_id, and the stamp every write transaction rewrites (a
    random identity and a chain of nonces, starting from the digest of the games stored
    so far), so that a write-ahead log can be told to be this database's own
    (saves/wal.py)."""
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    db.execute(wal.STAMP_TABLE)
    mark = wal.first_mark(wal.games_digest(db))
    db.execute("INSERT INTO stamp (id, mark) VALUES (1, ?)", (mark,))


MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [
    _run_script(SCHEMA_V1),
    _run_script(SCHEMA_V2),
    _identify,
    seated.migrate,
]
"""MIGRATIONS[n] takes the schema from version n to n + 1."""

SCHEMA_VERSION = len(MIGRATIONS)


class Database:
    """One connection to the save database, opened on first use."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.path = root / FILENAME
        self._db: sqlite3.Connection | None = None
        self._held: wal.Held | None = None
        self._notices: list[Message] = []

    def exists(self) -> bool:
        return self._db is not None or os.path.lexists(self.path)

    @property
    def db(self) -> sqlite3.Connection:
        """The open connection; creates the folder (0700) and file (0600) when missing."""
        if self._db is None:
            with self.errors():
                self._db = self._connect()
        return self._db

    def notices(self) -> list[Message]:
        """What opening the database did beside it (a foreign log moved aside), one line
        each, once."""
        told, self._notices = self._notices, []
        return told

    def close(self) -> None:
        if self._db is not None:
            with contextlib.suppress(sqlite3.Error):
                self._db.close()
            self._db = None
            wal.release(self._held)
            self._held = None

    @contextlib.contextmanager
    def errors(self, doing: str | Message = "") -> Iterator[None]:
        """Turn sqlite3 and OS errors inside into one-line SaveErrors, said as failures of
        `doing` (a code or a message: "cannot-save") when given; a database
        another program held too long is a DatabaseBusy, which says how long it waited."""
        started = time.monotonic()
        try:
            yield
        except SaveError:
            raise
        except sqlite3.Error as err:
            message = self.explain(err, doing, waited=time.monotonic() - started)
            raise (DatabaseBusy if _busy(err) else SaveError)(message) from None
        except OSError as err:
            raise SaveError(
                "cannot-write-saves",
                folder=self.root,
                reason=err.strerror or str(err),
            ) from None

    @contextlib.contextmanager
    def transaction(self, doing: str | Message = "") -> Iterator[sqlite3.Connection]:
        """A write transaction (BEGIN IMMEDIATE ... COMMIT); rolled back on any error. One
        that changed rows also rewrites the stamp (saves/wal.py).

        It begins only on a sound database: unless this process found the file sound at
        its current stamp, SQLite checks the whole file first (`PRAGMA quick_check`),
        and a damaged one is refused as a whole, not written to."""
        db = self.db
        key = str(self.path.absolute())
        with self.errors(doing):
            db.execute("BEGIN IMMEDIATE")
            try:
                self._check_sound(db, key, doing)
                changes = _total_changes(db)
                yield db
                if _total_changes(db) != changes:
                    wal.stamp(db)
                mark = wal.stamp_bytes(db)
                db.execute("COMMIT")
                if mark:  # a stamp to know the file by
                    _SOUND[key] = mark
            except BaseException:
                if db.in_transaction:
                    with contextlib.suppress(sqlite3.Error):
                        db.execute("ROLLBACK")
                raise

    def _check_sound(self, db: sqlite3.Connection, key: str, doing: str | Message) -> None:
        """SaveError, naming the file as damaged, unless it is sound (see `transaction`)."""
        mark = wal.stamp_bytes(db)
        if mark and _SOUND.get(key) == mark:
            return
        if db.execute("PRAGMA quick_check(1)").fetchall() == [("ok",)]:
            if mark:  # a stamp to know the file by
                _SOUND[key] = mark
            return
        problem = Message(
            "database-check-failed",
            path=self.path,
        )
        if doing:
            problem = Message("failed-doing", doing=Message(doing), problem=problem)
        raise SaveError(problem)

    def copy_log(self) -> None:
        """Copy what the write-ahead log holds into the database file without waiting for
        anyone (a passive checkpoint), so the next commit starts the log afresh and a
        terminal killed later leaves a short log to recover."""
        with self.errors("cannot-copy-log"):
            self.db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()

    def data_version(self) -> int:
        """A number that changes whenever another connection commits to the database."""
        with self.errors():
            return int(self.db.execute("PRAGMA data_version").fetchone()[0])

    def explain(
        self, err: sqlite3.Error, doing: str | Message = "", waited: float | None = None
    ) -> Message:
        """A one-line message for a sqlite3 error, naming the file (after `doing`, when
        given); for a database held by another program, the seconds `waited` for it."""
        problem = self._problem(err, waited)
        if not doing:
            return problem
        return Message("failed-doing", doing=Message(doing), problem=problem)

    def _problem(self, err: sqlite3.Error, waited: float | None) -> Message:
        text = str(err).lower()
        path = self.path
        if "could not decode" in text:
            return Message(
                "database-text-not-utf8",
                path=path,
            )
        if "not a database" in text or "file is encrypted" in text:
            return Message("not-a-hotseat-database", path=path)
        if "malformed" in text or "corrupt" in text or "disk i/o" in text:
            return Message("database-damaged", path=path, error=str(err))
        if _busy(err):
            return self._locked(waited)
        if "unable to open" in text and not _readable(self.path):
            return Message("database-permission-denied", path=path)
        if "readonly" in text or "read-only" in text or "unable to open" in text:
            return Message(
                "save-folder-read-only",
                folder=self.root,
            )
        if "full" in text:
            return Message("disk-full", path=path)
        return Message("at-source", source=path, problem=visible(str(err)))

    def _locked(self, waited: float | None) -> Message:
        """The database was held elsewhere for the `waited` seconds (the most hotseat waits
        when not known)."""
        seconds = BUSY_TIMEOUT_MS / 1000 if waited is None else waited
        return Message(
            "database-locked",
            path=self.path,
            seconds=max(1, round(seconds)),
        )

    def _connect(self) -> sqlite3.Connection:
        _make_folder(self.root)
        started = time.monotonic()
        try:
            with wal.opening(self.root, BUSY_TIMEOUT_MS / 1000):
                return self._open()
        except wal.FolderBusy:
            raise DatabaseBusy(self._locked(time.monotonic() - started)) from None

    def _open(self) -> sqlite3.Connection:
        """Connect, once the files beside the database are known to be its own, and bring
        the schema up to date."""
        if os.path.lexists(self.path) and not os.path.isfile(self.path):
            raise SaveError("database-not-a-regular-file", path=self.path)
        if wal.present(self.path) and not wal.in_use(self.path):
            strays = wal.strays(self.path, self._file_mark)
            if strays:
                self._notices.append(wal.move_aside(self.path, strays))
        if (
            os.path.isfile(self.path)
            and not os.path.getsize(self.path)
            and not wal.present(self.path)
        ):
            # A save file cut to nothing (a full disk, a careless copy) holds no game.
            self._notices.append(Message("empty-database-started-afresh", path=self.path))
        if not os.path.lexists(self.path):
            # O_CREAT without O_EXCL: another terminal creating it at the same moment is fine.
            os.close(os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600))
        held = wal.hold(self.path)
        try:
            db = sqlite3.connect(
                self.path,
                isolation_level=None,
                check_same_thread=False,
                timeout=BUSY_TIMEOUT_MS / 1000,
            )
        except BaseException:
            wal.release(held)
            raise
        try:
            db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            self._check_version(db)  # before anything is written, even the journal mode
            # A new database gets its schema and stamp before it has a log (saves/wal.py).
            self._migrate(db)
            mode = db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if str(mode).lower() != "wal":
                raise SaveError(
                    "no-write-ahead-log",
                    path=self.path,
                    mode=mode,
                )
            db.execute(f"PRAGMA synchronous = {SYNCHRONOUS}")
            db.execute("PRAGMA foreign_keys = ON")
        except BaseException:
            db.close()
            wal.release(held)
            raise
        self._held = held
        return db

    def _file_mark(self) -> wal.Mark | None:
        """The stamp of the database file as it lies on disk, without its log (`file_mark`);
        SaveError, before anything is changed, when the file is not a database of ours or
        cannot be read."""
        uri = f"{self.path.absolute().as_uri()}?mode=ro&immutable=1"
        with self.errors():
            db = sqlite3.connect(uri, uri=True, isolation_level=None)
            try:
                self._check_version(db)
                return wal.file_mark(db)
            finally:
                db.close()

    def _check_version(self, db: sqlite3.Connection) -> int:
        """The schema version; SaveError if a newer hotseat or another program wrote it."""
        version = int(db.execute("PRAGMA user_version").fetchone()[0])
        ours = int(db.execute("PRAGMA application_id").fetchone()[0]) == APPLICATION_ID
        if ours and version > SCHEMA_VERSION:
            raise SaveError(
                "database-newer",
                path=self.path,
                version=version,
                known=SCHEMA_VERSION,
            )
        if ours and version >= STAMPED_VERSION:
            return version
        if not ours and 0 <= version < STAMPED_VERSION and _tables(db) == _schema(version):
            return version
        raise SaveError("another-programs-database", path=self.path)

    def _migrate(self, db: sqlite3.Connection) -> None:
        if self._check_version(db) == SCHEMA_VERSION:
            return
        db.execute("BEGIN IMMEDIATE")
        try:
            version = int(db.execute("PRAGMA user_version").fetchone()[0])
            for step in MIGRATIONS[version:]:
                step(db)
            if version >= STAMPED_VERSION:
                wal.stamp(db)
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            db.execute("COMMIT")
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                db.execute("ROLLBACK")
            raise


def _total_changes(db: sqlite3.Connection) -> int:
    """Rows inserted, updated or deleted on this connection so far."""
    return int(db.execute("SELECT total_changes()").fetchone()[0])


def _tables(db: sqlite3.Connection) -> dict[bytes, tuple[bytes, ...]]:
    """Each table's name and column names (read as bytes: another program's database may
    hold any)."""
    rows = db.execute(
        "SELECT CAST(m.name AS BLOB), CAST(c.name AS BLOB) "
        "FROM sqlite_master AS m, pragma_table_info(m.name) AS c "
        "WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\' "
        "ORDER BY m.name, c.cid"
    ).fetchall()
    tables: dict[bytes, tuple[bytes, ...]] = {}
    for table, column in rows:
        tables[table] = (*tables.get(table, ()), column)
    return tables


@functools.cache
def _schema(version: int) -> dict[bytes, tuple[bytes, ...]]:
    """The tables and columns of a database of ours at schema `version`."""
    db = sqlite3.connect(":memory:", isolation_level=None)
    try:
        for step in MIGRATIONS[:version]:
            step(db)
        return _tables(db)
    finally:
        db.close()


def _make_folder(root: Path) -> None:
    """Create the save folder with mode 0700 unless it exists."""
    if root.is_dir():
        return
    if os.path.lexists(root):
        raise SaveError("save-folder-not-a-folder", folder=root)
    root.parent.mkdir(parents=True, exist_ok=True)
    with contextlib.suppress(FileExistsError):
        os.mkdir(root, 0o700)
    os.chmod(root, 0o700)


def _busy(err: sqlite3.Error) -> bool:
    """True when SQLite gave up waiting for another connection's lock."""
    text = str(err).lower()
    return "locked" in text or "busy" in text


def _readable(path: Path) -> bool:
    """False when the database file (or its folder) exists but this user may not read it."""
    if not os.path.lexists(path):
        return os.access(path.parent, os.R_OK | os.X_OK) if path.parent.exists() else True
    return os.access(path, os.R_OK)
