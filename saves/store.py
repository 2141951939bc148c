"""The save store: every game in one SQLite database in the save folder.

A game is a row of `games` (what is needed to replay it, plus a public summary
so a listing needs no replay) and its moves, one row each, never rewritten.
Nothing damaged is ever modified or deleted.
"""

from __future__ import annotations

import builtins
import contextlib
import dataclasses
import gc
import json
import sqlite3
import time
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from rules import JSON, AnyGame
from saves import seated, seats
from saves.checkpoint import (
    MAX_STATE_CHARS,
    Checkpoint,
    checkpoint_key,
    ground,
    make_checkpoint,
    state_text,
)
from saves.database import Database
from saves.errors import Message, MoveConflict, SaveError, SeatsHeld, TakenOver, at
from saves.names import MAX_LENGTH, sanitize, validate_save_name
from saves.record import (
    FORMAT,
    VERSION,
    DamagedSave,
    Listing,
    PlayerSpec,
    SaveRecord,
    damaged,
    seed_column,
    strict_loads,
    summarize,
    utc_now,
)
from saves.replay import replay, resume
from saves.seats import Holder, Lease


@dataclass
class SaveInfo:
    """One row of a listing: what a save list shows of a game (`listing`) or, when its
    row cannot be read, the `error`."""

    name: str
    listing: Listing | None
    error: DamagedSave | None

    @property
    def game(self) -> str | None:
        return self.listing.game if self.listing else None

    @property
    def players(self) -> list[PlayerSpec]:
        return self.listing.players if self.listing else []

    @property
    def summary(self) -> dict[str, JSON]:
        """Whose turn, status, moves, over; empty when unknown."""
        return self.listing.summary if self.listing else {}

    @property
    def updated(self) -> str | None:
        return self.listing.updated if self.listing else None


class Listed(NamedTuple):
    """A game's listing as read at one of its revisions."""

    key: int
    """The game's id."""
    revision: int
    played: float | None
    """When it was last played (a Julian day: the order of a listing); None if unknown."""
    info: SaveInfo


LISTED_AT_ONCE = 500
"""Games whose listings one query reads (SQLite allows a limited number of parameters)."""

_GAME_COLUMNS = (
    "id, name, game, rules_version, options, players, seed, setup, created, updated, summary"
)


class SaveStore:
    """The games in one save folder. Nothing is created on disk until the first write."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        self.database = Database(self.root)

    @property
    def path(self) -> Path:
        """The database file."""
        return self.database.path

    def close(self) -> None:
        self.database.close()

    def ensure_writable(self) -> None:
        """Open (creating if needed) the database and check that it can be written."""
        with self.database.transaction("cannot-save"):
            pass

    # ---- reading ------------------------------------------------------------

    # Annotations below say `builtins.list`: in this class `list` names this method.
    def list(self) -> list[SaveInfo]:
        """Every game, most recently played first, from the stored summaries (no replay);
        a row that does not read (not even as UTF-8 text) is listed as damaged."""
        if not self.database.exists():
            return []
        order = "FROM games ORDER BY julianday(updated) DESC, id DESC"
        with self.database.errors("cannot-list-saves"):
            db = self.database.db
            try:
                columns = "name, game, players, updated, summary"
                rows = db.execute(f"SELECT {columns} {order}").fetchall()
            except sqlite3.OperationalError as error:
                if not _undecodable(error):
                    raise
                keys = [key for (key,) in db.execute(f"SELECT id {order}").fetchall()]
                return [listed.info for key in keys for listed in self._listed_alone(key)]
        return [self._info(row) for row in rows]

    def exists(self, name: str) -> bool:
        """True if a game is called `name` (ignoring case)."""
        return self.existing_name(name) is not None

    def existing_name(self, name: str) -> str | None:
        """The stored name of the game called `name` ignoring case, or None."""
        validate_save_name(name)
        if not self.database.exists():
            return None
        with self.database.errors():
            row = self.database.db.execute("SELECT name FROM games WHERE name = ?", (name,))
            found = row.fetchone()
        return None if found is None else str(found[0])

    def check_new_name(self, name: str) -> None:
        """SaveError if `name` is not valid or a game is called so already (ignoring case)."""
        taken = self.existing_name(name)
        if taken is not None:
            raise _name_taken(name, taken)

    def most_recent(self, *, unfinished: bool = False) -> str | None:
        """The name of the most recently played game (with `unfinished`, of those not
        over yet), or None."""
        if not self.database.exists():
            return None
        where = "WHERE over = 0 " if unfinished else ""
        order = f"FROM games {where}ORDER BY julianday(updated) DESC, id DESC"
        with self.database.errors():
            db = self.database.db
            try:
                row = db.execute(f"SELECT name {order} LIMIT 1").fetchone()
            except sqlite3.OperationalError as error:
                if not _undecodable(error):
                    raise
                for (stored,) in db.execute(f"SELECT CAST(name AS BLOB) {order}").fetchall():
                    with contextlib.suppress(UnicodeDecodeError):
                        return bytes(stored or b"").decode()  # the first name that reads
                return None
        return row[0] if row else None

    def record(self, name: str) -> tuple[int, SaveRecord]:
        """The stored game `name` with all its moves, strictly checked, not replayed."""
        row, actions = self._game_row(name)
        with bulk_load():
            return row[0], self._record(row, actions)

    def load(self, name: str) -> tuple[SaveRecord, AnyGame, Any]:
        """The record, game and replayed state of game `name`; DamagedSave if it does not replay."""
        key, record = self.record(name)
        game, state, _ = self.resume(key, record)
        record.summary = summarize(game, state, len(record.actions))
        return record, game, state

    def resume(self, key: int, record: SaveRecord) -> tuple[AnyGame, Any, int]:
        """Game id `key`'s engine and state, from its checkpoint when that can be trusted
        (`saves.replay.resume`); also how many moves the checkpoint covered."""
        checkpoint = self.checkpoint(key)
        with bulk_load():
            return resume(record, checkpoint)

    def checkpoint(self, game: int) -> Checkpoint | None:
        """Game id `game`'s stored checkpoint, unchecked, with the ground it stands on
        today; None if it has none, it cannot be read, or there is no checkpoint key."""
        if checkpoint_key() is None:
            return None
        try:
            with self.database.errors():
                db = self.database.db
                row = db.execute(
                    "SELECT moves, rules_version, state, seal FROM checkpoints "
                    "WHERE game = ? AND length(state) <= ?",
                    (game, MAX_STATE_CHARS),
                ).fetchone()
                if row is None or not all(type(x) is int for x in row[:2]):
                    return None
                moves, rules_version, state, seal = row
                return Checkpoint(moves, rules_version, state, seal, self._ground(db, game, moves))
        except SaveError:
            return None

    def _ground(self, db: sqlite3.Connection, game: int, moves: int) -> str:
        rows = db.execute(
            "SELECT seat, action FROM moves WHERE game = ? AND number <= ? ORDER BY number",
            (game, moves),
        )
        return ground(game, rows)

    def moves_after(self, game: int, count: int) -> builtins.list[tuple[int, JSON]]:
        """The (seat, action) moves of game id `game` after its first `count`, in order."""
        with self.database.errors("cannot-read-moves"):
            rows = self.database.db.execute(
                "SELECT number, seat, action FROM moves WHERE game = ? AND number > ? "
                "ORDER BY number",
                (game, count),
            ).fetchall()
        return [(seat, action) for seat, action in _decode_moves(rows, count, "")]

    def data_version(self) -> int:
        """Changes whenever another connection (another terminal) commits."""
        return self.database.data_version()

    def revisions(self, player: str | None = None) -> dict[int, int]:
        """The revision of each game by id: of the games registered player `player` sits
        at (their rows only are read), or of every game (None)."""
        if not self.database.exists():
            return {}
        args: tuple[str, ...]
        if player is None:
            query, args = "SELECT id, revision FROM games", ()
        else:
            query = (
                "SELECT games.id, games.revision FROM seated "
                "JOIN games ON games.id = seated.game WHERE seated.player = ?"
            )
            args = (seated.player_key(player),)
        with self.database.errors("cannot-list-saves"):
            return dict(self.database.db.execute(query, args).fetchall())

    def revision(self, game: int) -> int | None:
        """Game id `game`'s revision; None if there is no such game."""
        with self.database.errors():
            row = self.database.db.execute(
                "SELECT revision FROM games WHERE id = ?", (game,)
            ).fetchone()
        return None if row is None else int(row[0])

    def listings(self, games: Collection[int]) -> builtins.list[Listed]:
        """The listings of the games with ids `games` (those that still exist), each with
        the revision it was read at."""
        wanted = sorted(games)
        found: list[Listed] = []
        with self.database.errors("cannot-list-saves"):
            for start in range(0, len(wanted), LISTED_AT_ONCE):
                chunk = wanted[start : start + LISTED_AT_ONCE]
                try:
                    found += self._listed(chunk)
                except sqlite3.OperationalError as error:
                    if not _undecodable(error):
                        raise
                    for key in chunk:  # one row holds bytes that are not UTF-8 text
                        found += self._listed_alone(key)
        return found

    # ---- writing ------------------------------------------------------------

    def create(self, name: str, record: SaveRecord, *, touch: bool = True) -> int:
        """Store a new game (and any moves it already has) as `name`; its id.

        `touch` stamps it as played now; an import keeps the document's times.
        """
        validate_save_name(name)
        if touch:
            record.updated = utc_now()
        with self.database.transaction("cannot-save") as db:
            taken = db.execute("SELECT name FROM games WHERE name = ?", (name,)).fetchone()
            if taken:
                raise _name_taken(name, taken[0])
            return _insert_game(db, name, record)

    def create_imported(self, file: str, base: str, record: SaveRecord | None) -> str | None:
        """Store the game of old save file `file` under a free name like `base` and note
        the file as imported, in one transaction; the name, or None when `record` is None
        (the file could not be read: it is noted as tried) or another terminal imported
        the file first (nothing is stored)."""
        with self.database.transaction("cannot-import-old-saves") as db:
            if db.execute("SELECT 1 FROM imported WHERE file = ?", (file,)).fetchone():
                return None
            name = None
            if record is not None:
                name = self.unique_name(base)
                _insert_game(db, name, record)
            db.execute(
                "INSERT INTO imported (file, name, at) VALUES (?, ?, ?)", (file, name, utc_now())
            )
            return name

    def append(
        self, lease: Lease, number: int, seat: int, action: JSON, summary: dict[str, JSON]
    ) -> None:
        """Commit move `number` by `seat` and the new summary, in one transaction.

        MoveConflict if another terminal stored move `number` first; TakenOver if
        this terminal no longer holds `seat`.
        """
        if seat not in lease.seats:
            raise TakenOver("seat-not-held", seat=seat)
        with self.database.transaction("move-not-saved") as db:
            stepped = db.execute(
                "UPDATE games SET summary = ?, over = ?, moves = ?, updated = ?, "
                "revision = revision + 1 WHERE id = ? AND moves = ? "
                "AND (SELECT count(*) FROM seats WHERE token = ?) = ?",
                (
                    _dumps(summary),
                    bool(summary.get("over")),
                    number,
                    utc_now(),
                    lease.game,
                    number - 1,
                    lease.token,
                    len(lease.seats),
                ),
            ).rowcount
            if not stepped and not seats.held(db, lease):
                raise TakenOver()
            try:
                db.execute(
                    "INSERT INTO moves (game, number, seat, action) VALUES (?, ?, ?, ?)",
                    (lease.game, number, seat, _dumps(action)),
                )
            except sqlite3.IntegrityError:
                stepped = 0
            if not stepped:
                raise MoveConflict("move-played-elsewhere", number=number)

    def store_checkpoint(self, game: int, record: SaveRecord, engine: AnyGame, state: Any) -> int:
        """Keep `state`, the state after all of `record`'s moves, as game id `game`'s
        checkpoint unless one further on is kept; how many moves it covers (0: none
        stored, as without a checkpoint key)."""
        key = checkpoint_key()
        if key is None:
            return 0
        text = state_text(engine, state)
        moves = len(record.actions)
        # Made before the write transaction, so moves committed meanwhile never wait for
        # it: moves are never rewritten, and the ground is checked again when it is read.
        with self.database.errors("cannot-store-checkpoint"):
            on = self._ground(self.database.db, game, moves)
        checkpoint = make_checkpoint(key, record, text, on)
        if checkpoint is None:
            return 0
        with self.database.transaction("cannot-store-checkpoint") as db:
            stored = db.execute(
                "INSERT INTO checkpoints (game, moves, rules_version, state, seal) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (game) DO UPDATE SET "
                "moves = excluded.moves, rules_version = excluded.rules_version, "
                "state = excluded.state, seal = excluded.seal "
                "WHERE excluded.moves >= checkpoints.moves",
                (game, moves, checkpoint.rules_version, checkpoint.state, checkpoint.seal),
            ).rowcount
            return moves if stored else 0

    def unique_name(self, base: str) -> str:
        """A valid name like `base` that no game uses yet (ignoring case)."""
        stem = name = sanitize(base)
        n = 1
        while self.exists(name):
            n += 1
            name = f"{stem[: MAX_LENGTH - len(str(n)) - 1]}-{n}"
        return name

    def recover(self, name: str, new_name: str) -> SaveRecord:
        """Store the moves of damaged game `name` that still replay as new game `new_name`."""
        try:
            self.load(name)
        except DamagedSave as err:
            damaged = err
        else:
            raise SaveError("not-damaged", name=name)
        moves = damaged.replayable_moves
        if not moves or damaged.record is None:
            raise SaveError("nothing-recoverable", name=name)
        record = dataclasses.replace(
            damaged.record, actions=damaged.record.actions[:moves], source=""
        )
        game, state = replay(record)
        record.summary = summarize(game, state, moves)
        record.created = utc_now()
        self.create(new_name, record)
        return record

    # ---- seats --------------------------------------------------------------

    def hold(
        self,
        game: int,
        wanted: set[int],
        *,
        optional: frozenset[int] | set[int] = frozenset(),
        take_over: bool = False,
    ) -> Lease:
        """Hold `wanted` seats of game id `game` for this terminal, and those of the
        `optional` seats (the computers) that no live terminal holds.

        SeatsHeld names the live holder of a wanted seat unless `take_over`, which
        takes the wanted seats and the optional ones of the terminals it takes them
        from (those notice and stop); other terminals keep their computers.
        """
        with self.database.transaction("cannot-open-game") as db:
            taken = seats.holders(db, game, wanted | optional)
            blocking = {seat: who for seat, who in taken.items() if seat in wanted}
            if blocking and not take_over:
                raise self._held(db, game, blocking)
            tokens = dict(db.execute("SELECT seat, token FROM seats WHERE game = ?", (game,)))
            displaced = {tokens[seat] for seat in blocking} if take_over else set()
            free = {seat for seat in optional if seat not in taken or tokens[seat] in displaced}
            seated.bump(db, game)
            return seats.take(db, game, wanted | free)

    def extend(self, lease: Lease, seats_wanted: set[int]) -> Lease:
        """The lease with those of `seats_wanted` that no live terminal holds added (a
        computer whose terminal left); TakenOver if this terminal lost its seats."""
        with self.database.transaction("cannot-open-game") as db:
            if not seats.held(db, lease):
                raise TakenOver()
            taken = seats.holders(db, lease.game, seats_wanted)
            free = seats_wanted - set(lease.seats) - set(taken)
            if not free:
                return lease
            seats.take(db, lease.game, free, lease.token)
            seated.bump(db, lease.game)
            return Lease(lease.game, lease.seats | free, lease.token)

    def holders(self, name: str) -> dict[int, Holder]:
        """Who has seats of game `name` open elsewhere, by seat (dead holders left out)."""
        row, _ = self._game_row(name, moves=False)
        with self.database.transaction() as db:
            return seats.holders(db, row[0], None)

    def still_held(self, lease: Lease) -> bool:
        """True while no other terminal has taken this lease's seats."""
        with self.database.errors():
            return seats.held(self.database.db, lease)

    def heartbeat(self, lease: Lease) -> bool:
        """Mark the lease's seats as still in use; False if they were taken over."""
        with self.database.transaction() as db:
            updated = db.execute(
                "UPDATE seats SET seen = ? WHERE token = ?", (time.time(), lease.token)
            ).rowcount
        return updated == len(lease.seats)

    def release(self, lease: Lease) -> None:
        """Give the lease's seats free; harmless when already gone or taken over."""
        with self.database.transaction() as db:
            db.execute("DELETE FROM seats WHERE token = ?", (lease.token,))

    # ---- exchange -----------------------------------------------------------

    def document(self, name: str) -> dict[str, JSON]:
        """Game `name` as the version-1 save document (the exchange format)."""
        _, record = self.record(name)
        return record.to_json()

    # ---- internals ----------------------------------------------------------

    def _game_row(
        self, name: str, moves: bool = True
    ) -> tuple[tuple[Any, ...], builtins.list[Any]]:
        validate_save_name(name)
        if not self.database.exists():
            raise self._missing(name)
        with self.database.errors(Message("cannot-open", name=name)):
            db = self.database.db
            row = db.execute(f"SELECT {_GAME_COLUMNS} FROM games WHERE name = ?", (name,))
            found = row.fetchone()
            if found is None:
                raise self._missing(name)
            actions = []
            if moves:
                actions = db.execute(
                    "SELECT number, seat, action FROM moves WHERE game = ? ORDER BY number",
                    (found[0],),
                ).fetchall()
        return found, actions

    def _missing(self, name: str) -> SaveError:
        return SaveError("no-such-save", name=repr(name), folder=self.root)

    def _record(self, row: tuple[Any, ...], moves: builtins.list[Any]) -> SaveRecord:
        """The strict save parser applied to a database row (its data is untrusted)."""
        name = str(row[1])
        actions = [[seat, action] for seat, action in _decode_moves(moves, 0, name)]
        _, _, game, rules_version, options, players, seed, setup, created, updated, summary = row
        document = {
            "format": FORMAT,
            "version": VERSION,
            "game": game,
            "rules_version": rules_version,
            "options": _loads(options, name),
            "players": _loads(players, name),
            "seed": seed,
            "setup": _loads(setup, name),
            "created": created,
            "updated": updated,
            "summary": _loads(summary, name),
            "actions": actions,
        }
        return SaveRecord.from_json(document, name)

    def _listed(self, keys: builtins.list[int]) -> builtins.list[Listed]:
        rows = self.database.db.execute(
            "SELECT id, revision, julianday(updated), name, game, players, updated, summary "
            f"FROM games WHERE id IN ({','.join('?' * len(keys))})",
            keys,
        ).fetchall()
        return [Listed(key, rev, played, self._info(tuple(row))) for key, rev, played, *row in rows]

    def _listed_alone(self, key: int) -> builtins.list[Listed]:
        """Game id `key`'s listing, or, when its row holds bytes that are not UTF-8 text, the
        row as damaged (its name as far as it reads)."""
        try:
            return self._listed([key])
        except sqlite3.OperationalError as error:
            if not _undecodable(error):
                raise
        row = self.database.db.execute(
            "SELECT revision, julianday(updated), CAST(name AS BLOB) FROM games WHERE id = ?",
            (key,),
        ).fetchone()
        if row is None:
            return []
        revision, played, stored = row
        name = bytes(stored or b"").decode(errors="replace")
        damage = damaged(name, Message("stored-not-utf8"))
        return [Listed(key, revision, played, SaveInfo(name, None, damage))]

    def _info(self, row: tuple[Any, ...]) -> SaveInfo:
        """A listing row (name, game, players, updated, summary), checked as strictly as
        a whole save but without decoding what a list does not show."""
        name, game, players, updated, summary = row
        name = str(name)
        try:
            data = {
                "game": game,
                "players": _loads(players, name),
                "updated": updated,
                "summary": _loads(summary, name),
            }
            return SaveInfo(name, Listing.from_json(data, name), None)
        except DamagedSave as err:
            return SaveInfo(name, None, err)

    def _held(self, db: sqlite3.Connection, game: int, taken: dict[int, Holder]) -> SeatsHeld:
        """The live holders of game id `game`'s seats `taken` as SeatsHeld, each terminal
        once."""
        (name,) = db.execute("SELECT name FROM games WHERE id = ?", (game,)).fetchone()
        terminals: dict[tuple[int, str], Holder] = {}
        for seat in sorted(taken):  # one terminal, one process, may hold several seats
            terminals.setdefault((taken[seat].pid, taken[seat].host), taken[seat])
        holders = tuple(terminals.values())
        return SeatsHeld(
            "seats-held",
            count=len(holders),
            save=name,
            holders=holders,
        )


def _insert_game(db: sqlite3.Connection, name: str, record: SaveRecord) -> int:
    """Insert game `name` and its moves inside the caller's transaction; its id."""
    cursor = db.execute(
        "INSERT INTO games (name, game, rules_version, options, players, seed, setup, "
        "created, updated, summary, over, moves) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
        (
            name,
            record.game,
            record.rules_version,
            _dumps(record.options),
            _dumps([dataclasses.asdict(p) for p in record.players]),
            seed_column(record.seed),
            _dumps(record.setup),
            record.created,
            record.updated,
            _dumps(record.summary),
            bool(record.summary.get("over")),
            len(record.actions),
        ),
    )
    game = int(cursor.lastrowid or 0)
    seated.add(db, game, record.players)
    db.executemany(
        "INSERT INTO moves (game, number, seat, action) VALUES (?, ?, ?, ?)",
        [(game, k, seat, _dumps(a)) for k, (seat, a) in enumerate(record.actions, 1)],
    )
    return game


@contextlib.contextmanager
def bulk_load() -> Iterator[None]:
    """No garbage collection while a game's moves or history are decoded: they make tens of
    thousands of objects that all stay, and collections set off by them would walk them
    again and again, for nothing."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _undecodable(error: sqlite3.OperationalError) -> bool:
    """True if sqlite3 could not decode a stored text as UTF-8."""
    return "decode" in str(error).lower()


def _name_taken(name: str, taken: str) -> SaveError:
    if taken == name:
        return SaveError("name-taken", name=repr(name))
    return SaveError(
        "name-taken-in-other-case",
        taken=repr(taken),
        name=repr(name),
    )


def _dumps(value: JSON) -> str:
    return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


def _decode_moves(rows: list[Any], done: int, source: str) -> list[tuple[Any, JSON]]:
    """(seat, action) of stored (number, seat, action text) rows that follow move `done`,
    of the save `source` ("" when it goes without saying).

    Equal action texts share one decoded value (moves are never mutated), so a long
    game of repeated moves costs little memory.
    """
    decoded: dict[Any, JSON] = {}
    moves = []
    for expected, (number, seat, text) in enumerate(rows, done + 1):
        if number != expected:
            missing = Message("move-missing", number=expected)
            raise DamagedSave(at(source, missing))
        if text not in decoded:
            decoded[text] = _loads(text, at(source, Message("move-number", number=number)))
        moves.append((seat, decoded[text]))
    return moves


def _loads(text: Any, where: object) -> JSON:
    """A JSON column's value; DamagedSave naming `where` (a save, a move of it) when the
    column does not hold JSON text."""
    if not isinstance(text, str):
        raise damaged(where, Message("stored-not-json-text"))
    try:
        return strict_loads(text)
    except (ValueError, RecursionError):
        raise damaged(where, Message("stored-not-valid-json")) from None
