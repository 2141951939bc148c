"""The save folder on disk: listing, loading, atomic writes, backups, locks, recovery.

Files: `NAME.json` (the save), `NAME.json.bak` (the version before the last
write), `.NAME.lock` (the advisory lock), `.NAME.json.<hex>.tmp` (a write in
progress; left behind only by a crash and removed when the save is next locked).
A damaged file is never modified, replaced or deleted.
"""

from __future__ import annotations

import contextlib
import dataclasses
import errno
import os
import re
import secrets
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs

from rules import JSON, Game
from saves.errors import DamagedSave, SaveError
from saves.lock import SaveLock, acquire
from saves.names import MAX_LENGTH, sanitize, validate_save_name
from saves.record import PlayerSpec, SaveRecord, decode, encode, summarize, utc_now
from saves.replay import replay

MAX_SIZE = 4 * 1024 * 1024
"""Larger files are refused unread: a real save is a few kilobytes."""

_SUFFIX = ".json"


def default_save_dir() -> Path:
    """HOTSEAT_SAVE_DIR if set, else the per-user data folder."""
    override = os.environ.get("HOTSEAT_SAVE_DIR")
    if override:
        return Path(override).expanduser()
    return platformdirs.user_data_path("hotseat", appauthor=False) / "saves"


@dataclass
class SaveInfo:
    """One row of a save listing: a good save (`record`) or a damaged one (`error`)."""

    name: str
    path: Path
    record: SaveRecord | None
    error: DamagedSave | None
    modified: float

    @property
    def _known(self) -> SaveRecord | None:
        if self.record is not None:
            return self.record
        return self.error.record if self.error is not None else None

    @property
    def game(self) -> str | None:
        """The game id, also for a damaged save whose structure is sound."""
        return self._known.game if self._known else None

    @property
    def players(self) -> list[PlayerSpec]:
        """The seats, empty when unknown."""
        return self._known.players if self._known else []

    @property
    def summary(self) -> dict[str, JSON]:
        """Whose turn, status, moves, over; empty when unknown."""
        return self._known.summary if self._known else {}

    @property
    def updated(self) -> str | None:
        """When the save was last written (ISO 8601 UTC)."""
        return self._known.updated if self._known else None


class SaveStore:
    """The saves in one folder. Nothing is created on disk until a write or a lock."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)

    def path(self, name: str) -> Path:
        """Where save `name` lives; SaveError for an invalid name."""
        return self.root / f"{validate_save_name(name)}{_SUFFIX}"

    def exists(self, name: str) -> bool:
        """True if a file (good or damaged) holds save `name`."""
        return os.path.lexists(self.path(name))

    def ensure_writable(self) -> None:
        """Create the folder (mode 0700) if needed and check that saves can be written in it."""
        try:
            self._make_folder()
            probe = self._temp_path("probe")
            os.close(os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600))
            os.unlink(probe)
        except OSError as err:
            raise self._cannot_write(err) from None

    def list(self) -> list[SaveInfo]:
        """Every save in the folder, newest first, each checked by replay."""
        return [self._info(name, path, modified) for name, path, modified in self._entries()]

    def most_recent(self) -> str | None:
        """The name of the newest save that loads, or None."""
        for name, path, _ in self._entries():
            with contextlib.suppress(DamagedSave):
                self._load_path(path)
                return name
        return None

    def load(self, name: str) -> tuple[SaveRecord, Game, Any]:
        """The record, game and replayed state of save `name`."""
        path = self.path(name)
        if not os.path.lexists(path):
            raise SaveError(f"no save called {name!r} in {self.root}")
        return self._load_path(path)

    def write(self, name: str, record: SaveRecord) -> None:
        """Store `record` as save `name` atomically, keeping the previous version as .bak.

        Sets `record.updated`. Refuses to replace a file that is not a readable save.
        """
        path = self.path(name)
        try:
            self._make_folder()
        except OSError as err:
            raise self._cannot_write(err) from None
        if os.path.lexists(path):
            self._check_replaceable(path)
        record.updated = utc_now()
        temp = self._temp_path(path.name)
        try:
            _write_file(temp, encode(record))
            if os.path.lexists(path):
                self._backup(path)
            os.replace(temp, path)
            self._sync_folder()
        except OSError as err:
            raise self._cannot_write(err) from None
        finally:
            _remove(temp)

    def unique_name(self, base: str) -> str:
        """A valid name like `base` that no save (or backup) uses yet."""
        stem = name = sanitize(base)
        n = 1
        while os.path.lexists(self.path(name)) or os.path.lexists(_backup_path(self.path(name))):
            n += 1
            name = f"{stem[: MAX_LENGTH - len(str(n)) - 1]}-{n}"
        return name

    def lock(self, name: str) -> SaveLock:
        """Hold save `name` for this process; SaveLocked if someone else holds it."""
        validate_save_name(name)
        try:
            self._make_folder()
        except OSError as err:
            raise self._cannot_write(err) from None
        held = acquire(self.root / f".{name}.lock", name)
        self._remove_stale_temps(name)
        return held

    def recover(self, name: str, new_name: str) -> SaveRecord:
        """Save the moves of damaged save `name` that still replay as new save `new_name`."""
        try:
            self.load(name)
        except DamagedSave as err:
            damaged = err
        else:
            raise SaveError(f"{name}.json is not damaged; there is nothing to recover")
        moves = damaged.replayable_moves
        if not moves or damaged.record is None:
            raise SaveError(f"{name}.json: no moves can be recovered")
        if self.exists(new_name):
            raise SaveError(f"a save called {new_name!r} already exists")
        record = dataclasses.replace(
            damaged.record, actions=damaged.record.actions[:moves], source=""
        )
        game, state = replay(record)
        record.summary = summarize(game, state, moves)
        self.write(new_name, record)
        return record

    def _entries(self) -> list[tuple[str, Path, float]]:
        """(name, path, mtime) of every save file, newest first; none for a missing folder."""
        try:
            with os.scandir(self.root) as scan:
                found = [entry for entry in scan if entry.name.endswith(_SUFFIX)]
        except FileNotFoundError:
            return []
        except OSError as err:
            raise SaveError(f"cannot read saves in {self.root}: {err.strerror}") from None
        rows = []
        for entry in found:
            name = entry.name[: -len(_SUFFIX)]
            with contextlib.suppress(SaveError):
                validate_save_name(name)
                rows.append((name, Path(entry.path), _mtime(entry)))
        rows.sort(key=lambda row: (-row[2], row[0]))
        return rows

    def _info(self, name: str, path: Path, modified: float) -> SaveInfo:
        try:
            record, _, _ = self._load_path(path)
        except DamagedSave as err:
            return SaveInfo(name, path, None, err, modified)
        return SaveInfo(name, path, record, None, modified)

    def _load_path(self, path: Path) -> tuple[SaveRecord, Game, Any]:
        try:
            record = decode(_read(path), path.name)
            game, state = replay(record)
        except DamagedSave as err:
            err.path = path
            raise
        record.summary = summarize(game, state, len(record.actions))
        return record, game, state

    def _check_replaceable(self, path: Path) -> None:
        try:
            decode(_read(path), path.name)
        except DamagedSave as err:
            raise SaveError(f"{err} (kept as it is, not overwritten)") from None

    def _backup(self, path: Path) -> None:
        """Make NAME.json.bak the current version without NAME.json ever being missing."""
        backup = _backup_path(path)
        temp = self._temp_path(backup.name)
        try:
            try:
                os.link(path, temp)
            except OSError:
                _write_file(temp, path.read_bytes())
            os.replace(temp, backup)
        finally:
            _remove(temp)

    def _make_folder(self) -> None:
        """Create the folder with mode 0700 unless it exists; a file in the way is ENOTDIR."""
        if self.root.is_dir():
            return
        try:
            self.root.parent.mkdir(parents=True, exist_ok=True)
            os.mkdir(self.root, 0o700)
        except FileExistsError:
            if self.root.is_dir():
                return
            raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR)) from None
        os.chmod(self.root, 0o700)

    def _sync_folder(self) -> None:
        """Make the renames durable; some filesystems cannot sync a folder, which is fine."""
        fd = os.open(self.root, os.O_RDONLY | os.O_DIRECTORY)
        try:
            with contextlib.suppress(OSError):
                os.fsync(fd)
        finally:
            os.close(fd)

    def _temp_path(self, filename: str) -> Path:
        return self.root / f".{filename}.{secrets.token_hex(8)}.tmp"

    def _remove_stale_temps(self, name: str) -> None:
        pattern = re.compile(re.escape(f".{name}{_SUFFIX}.") + r"(bak\.)?[0-9a-f]{16}\.tmp")
        with contextlib.suppress(OSError), os.scandir(self.root) as scan:
            for entry in scan:
                if pattern.fullmatch(entry.name):
                    with contextlib.suppress(OSError):
                        os.unlink(entry.path)

    def _cannot_write(self, err: OSError) -> SaveError:
        return SaveError(f"cannot write saves in {self.root}: {err.strerror or err}")


def _backup_path(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


def _remove(path: Path) -> None:
    with contextlib.suppress(FileNotFoundError):
        os.unlink(path)


def _mtime(entry: os.DirEntry[str]) -> float:
    try:
        return entry.stat().st_mtime
    except OSError:
        return 0.0


def _read(path: Path) -> bytes:
    """The bytes of a save file; DamagedSave for anything that is not a readable small file."""
    source = path.name
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as err:
        raise DamagedSave(f"{source}: cannot be read ({err.strerror})", path=path) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise DamagedSave(f"{source}: is a folder, not a save file", path=path)
        if not stat.S_ISREG(info.st_mode):
            raise DamagedSave(f"{source}: is not a regular file", path=path)
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
        raise DamagedSave(f"{source}: cannot be read ({err.strerror})", path=path) from None
    finally:
        os.close(fd)


def _too_large(path: Path, size: int) -> DamagedSave:
    return DamagedSave(
        f"{path.name}: not a hotseat save (too large: {size / 2**20:.1f} MB)", path=path
    )


def _write_file(path: Path, data: bytes) -> None:
    """Create `path` (mode 0600) holding `data`, flushed to disk."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600)
    try:
        os.fchmod(fd, 0o600)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
        os.fsync(fd)
    finally:
        os.close(fd)
