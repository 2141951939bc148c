"""Checkpoints: a game's whole state stored after one of its moves, so that opening a long
game replays only the moves after it.

A checkpoint is a cache, never the record: the moves stay the truth. It is sealed
with an HMAC under a key of this user's own (in the per-user state folder), bound to
the game (its row, game id, seed, creation time), its rules version, its move number
and a digest of the stored moves it covers, so only a state this user's hotseat wrote
for that very game and those very moves is trusted. One that is missing,
foreign, damaged, of other rules, or that does not decode exactly is ignored, and
the game replays from its first move as before.

A game gets a checkpoint once it is CHECKPOINT_AFTER moves past the one it has: when it
is imported, while a session plays it (stored in the background by `CheckpointWriter`, so
a session that is killed leaves at most twice that many to replay), and when a
session leaves it.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import importlib
import inspect
import json
import os
import pkgutil
import secrets
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, NamedTuple, Protocol

from rules import AnyGame, get_game
from saves.database import Database
from saves.folders import state_folder
from saves.record import SaveRecord

CHECKPOINT_AFTER = 200
"""A game gets a new checkpoint once this many of its moves are not covered by one."""

MAX_STATE_CHARS = 64 * 1024 * 1024
"""A stored state longer than this is not read (an 8,000-move game's is 280 KB)."""

KEY_FILE = "checkpoint.key"
KEY_BYTES = 32


_keys: dict[Path, bytes | None] = {}


def checkpoint_key() -> bytes | None:
    """This user's checkpoint key, made on first use (0600); None if it cannot be read or
    made (then no checkpoint is written or trusted)."""
    path = state_folder() / KEY_FILE
    if path not in _keys:
        _keys[path] = _read_or_make_key(path)
    return _keys[path]


def _read_or_make_key(path: Path) -> bytes | None:
    """The key in `path`; a new one is written whole to a side file and linked into place,
    so a crash while making it leaves no half key and two terminals agree on one."""
    if not os.path.lexists(path):
        with contextlib.suppress(OSError):
            path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            side = path.with_name(f"{KEY_FILE}.{os.getpid()}.new")
            fd = os.open(side, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, 0o600)
            try:
                with os.fdopen(fd, "wb") as file:
                    file.write(secrets.token_bytes(KEY_BYTES))
                    file.flush()
                    os.fsync(file.fileno())
                with contextlib.suppress(FileExistsError):
                    os.link(side, path)
            finally:
                os.unlink(side)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC | os.O_NOFOLLOW | os.O_NONBLOCK)
        with os.fdopen(fd, "rb") as file:
            key = file.read(KEY_BYTES + 1)
    except OSError:
        return None
    return key if len(key) == KEY_BYTES else None


class Checkpoint(NamedTuple):
    """A stored state after move `moves`, as stored: text and seal are untrusted. `ground`
    is what the store found it stands on: the game's row and the digest of its first
    `moves` stored moves (`ground`)."""

    moves: int
    rules_version: int
    state: str
    seal: str
    ground: str


def ground(game_key: int, moves: Iterable[tuple[Any, Any]]) -> str:
    """What a checkpoint of game row `game_key` stands on: the row and a digest of the
    stored (seat, action text) moves it covers, in order."""
    text = "\n".join(f"{seat}\t{action}" for seat, action in moves)
    return f"{game_key}:{hashlib.sha256(text.encode()).hexdigest()}"


def seal(
    key: bytes, code: str, record: SaveRecord, checkpoint_ground: str, moves: int, text: str
) -> str:
    """The seal binding state `text` to `record`'s whole game (id, rules version, options,
    players, seed, setup, creation), the `code` that made it (`code_fingerprint`), the move
    number and the stored moves it comes from."""
    game = {k: v for k, v in record.to_json().items() if k not in UNSEALED}
    head = json.dumps([game, code, moves], sort_keys=True)
    return hmac.new(
        key, f"{head}\n{checkpoint_ground}\n{text}".encode(), hashlib.sha256
    ).hexdigest()


UNSEALED = frozenset({"actions", "summary", "updated"})
"""The parts of a save document a checkpoint does not stand on: the moves (sealed through
their digest, `ground`) and what changes with every move."""

_fingerprints: dict[str, str | None] = {}


def code_fingerprint(game_id: str) -> str | None:
    """A digest of the source of `game_id`'s engine, of the modules named after it (its
    data, such as `rules.shifting_stones_cards`) and of the state code: a new hotseat
    whose engine, data or state layout changed trusts no checkpoint of an older one (it
    costs one full replay), even when the rules version stayed. None when the source
    cannot be read (then no checkpoint is written or trusted)."""
    if game_id not in _fingerprints:
        digest = hashlib.sha256()
        engine = get_game(game_id).__module__
        package, _, name = engine.rpartition(".")
        own = sorted(
            f"{package}.{found.name}"
            for found in pkgutil.iter_modules(importlib.import_module(package).__path__)
            if found.name.startswith(f"{name}_")
        )
        try:
            for module in (engine, *own, *STATE_CODE):
                digest.update(inspect.getsource(importlib.import_module(module)).encode())
        except (OSError, TypeError):
            _fingerprints[game_id] = None
        else:
            _fingerprints[game_id] = digest.hexdigest()
    return _fingerprints[game_id]


STATE_CODE = ("rules.engine", "rules.events", "rules.state_codec")
"""The modules besides each engine that decide what a stored state means."""


def state_text(game: AnyGame, state: Any) -> str:
    """The state as stored in a checkpoint."""
    return json.dumps(game.state_to_json(state), separators=(",", ":"))


def make_checkpoint(
    key: bytes, record: SaveRecord, text: str, checkpoint_ground: str
) -> Checkpoint | None:
    """The checkpoint of state `text`, the state after all of `record`'s moves, which stand
    on `checkpoint_ground`, sealed with `key`; None when the code cannot be fingerprinted."""
    code = code_fingerprint(record.game)
    if code is None:
        return None
    moves = len(record.actions)
    sealed = seal(key, code, record, checkpoint_ground, moves, text)
    return Checkpoint(moves, record.rules_version, text, sealed, checkpoint_ground)


def trusted_state(record: SaveRecord, game: AnyGame, stored: Checkpoint | None) -> Any | None:
    """The state `stored` holds, if it is this user's sealed checkpoint of `record`'s game
    under the rules version the record plays by, on the moves stored today and at most as
    far as them; otherwise None."""
    key = checkpoint_key()
    code = code_fingerprint(record.game)
    if key is None or code is None or stored is None or not isinstance(stored.state, str):
        return None
    if stored.rules_version != record.rules_version or not 0 < stored.moves <= len(record.actions):
        return None
    expected = seal(key, code, record, stored.ground, stored.moves, stored.state)
    if not isinstance(stored.seal, str) or not hmac.compare_digest(expected, stored.seal):
        return None
    try:
        return game.state_from_json(json.loads(stored.state))
    except (ValueError, RecursionError):
        return None


def checkpoint_due(moves: int, covered: int) -> bool:
    """True when a game of `moves` moves whose checkpoint covers `covered` of them (0: it
    has none) is due a new one."""
    return moves - covered >= CHECKPOINT_AFTER


class CheckpointStore(Protocol):
    """What a checkpoint writer needs of the store it connects: its database, keeping a
    game's checkpoint, and closing."""

    database: Database

    def store_checkpoint(self, game: int, record: SaveRecord, engine: AnyGame, state: Any) -> int:
        """Keep `state` as game `game`'s checkpoint; how many moves it covers."""

    def close(self) -> None:
        """Let go of the database."""


class CheckpointWriter:
    """Stores one game's checkpoints in a worker thread, one at a time, each over a database
    connection of its own (`connect`), so encoding a long game's state never stalls the
    screen and a move is never committed on a connection busy with a checkpoint.

    What it is given is never changed while it works: a state is immutable once `apply`
    has returned it (its history is a persistent chain that later states extend without
    touching it), and the record is the caller's copy. A checkpoint is a cache: one that
    cannot be stored is not kept, and nothing is said.
    """

    def __init__(self, connect: Callable[[], CheckpointStore], game_key: int) -> None:
        self._connect = connect
        self._game_key = game_key
        self._thread: threading.Thread | None = None
        self.stored = 0
        """How many moves the latest checkpoint this writer stored covers (0: none)."""
        self.tried = 0
        """How many moves the latest checkpoint it began covers, stored or not."""

    @property
    def busy(self) -> bool:
        """True while a checkpoint is being stored."""
        return self._thread is not None and self._thread.is_alive()

    def start(self, record: SaveRecord, engine: AnyGame, state: Any) -> bool:
        """Begin storing `state`, the state after all of `record`'s moves, unless one is
        being stored already; whether it began. `record` must not change from now on."""
        if self.busy:
            return False
        self.tried = len(record.actions)
        thread = threading.Thread(
            target=self._store, args=(record, engine, state), name="checkpoint", daemon=True
        )
        try:
            thread.start()
        except RuntimeError:  # no thread can be started now: the next move tries again
            return False
        self._thread = thread
        return True

    def wait(self) -> None:
        """Return once the checkpoint being stored, if any, is stored or given up."""
        if self._thread is not None:
            self._thread.join()

    def _store(self, record: SaveRecord, engine: AnyGame, state: Any) -> None:
        with contextlib.suppress(Exception):
            store = self._connect()
            try:
                if not store.database.exists():
                    return  # the save folder went away: it is not made again for a cache
                moves = store.store_checkpoint(self._game_key, record, engine, state)
                self.stored = max(self.stored, moves)
                store.database.copy_log()
            finally:
                store.close()
