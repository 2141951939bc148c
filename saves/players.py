"""The registry of players who may connect to `hotseat host`, as data: a name and an SSH
public key line each, kept in `players.json` of the save folder.

This is the file read and written whole, each entry checked for its shape; nothing here
parses a key (the host does, with asyncssh, in `remote.players`), so the app reads who is
registered without loading the SSH library. What goes wrong is a `PlayersError`: a
code and its fields, said in the player's language by `tui`.
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import errno
import json
import os
import stat
import tempfile
from datetime import datetime
from pathlib import Path
from typing import Any, NamedTuple

from rules import names
from rules.names import cells
from saves.confusables import look_alike
from saves.errors import Message, SaveError

FILE_NAME = "players.json"
FORMAT = "hotseat-players"
VERSION = 1
MAX_NAME_LENGTH = 24
"""The most characters a name had under an earlier hotseat; names are now measured in
terminal cells (rules.names), and players.json reads a name that either rule allows."""
MAX_PLAYERS_FILE = 1024 * 1024
IT_IS_A_FOLDER = "is-a-folder"
IT_IS_NOT_A_FILE = "not-a-file"
NOT_A_FOLDER = "file-not-folder"


class PlayersError(SaveError):
    """A registry that cannot be read or changed as asked: a code and its fields, said in
    one line."""


class RemotePlayer(NamedTuple):
    """A registered player: their name at the table, their OpenSSH public key line
    ("ssh-ed25519 AAAA... [comment]") and when they were added (ISO time, UTC)."""

    name: str
    key: str
    added: str


class Players:
    """The players registered in a save folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.path = folder / FILE_NAME

    def all(self) -> list[RemotePlayer]:
        """Every registered player, sorted by name; PlayersError if the file is damaged."""
        return sorted(self._load(), key=lambda player: (player.name.casefold(), player.name))

    def named(self, name: str) -> RemotePlayer | None:
        """The player called `name`, ignoring case, or None."""
        wanted = name.casefold()
        return next((p for p in self._load() if p.name.casefold() == wanted), None)

    def _load(self) -> list[RemotePlayer]:
        try:
            data = read_capped(self.path, MAX_PLAYERS_FILE)
        except (FileNotFoundError, NotADirectoryError):
            return []
        except OSError as error:
            raise cannot_read(self.path, error) from None
        if data is None:
            raise self.damaged(Message("too-large"))
        try:
            document = json.loads(data.decode("utf-8"), parse_constant=refuse_constant)
        except (UnicodeDecodeError, ValueError, RecursionError):
            raise self.damaged(Message("not-json")) from None
        return self._parse(document)

    def _parse(self, document: Any) -> list[RemotePlayer]:
        if not isinstance(document, dict) or document.get("format") != FORMAT:
            raise self.damaged(Message("registry-no-format-marker", format=repr(FORMAT)))
        version = document.get("version")
        if type(version) is int and version > VERSION:
            newer = "registry-newer"
            raise self.damaged(Message(newer, version=version))
        if version != VERSION or not isinstance(document.get("players"), list):
            raise self.damaged(Message("not-a-list-of-players"))
        players = [self._entry(entry) for entry in document["players"]]
        folded = [p.name.casefold() for p in players]
        if len(set(folded)) != len(folded):
            raise self.damaged(Message("name-registered-twice"))
        blobs = [p.key.split()[1] for p in players]
        if len(set(blobs)) != len(blobs):
            raise self.damaged(Message("key-registered-twice"))
        return players

    def _entry(self, entry: Any) -> RemotePlayer:
        fields = ("name", "key", "added")
        if not isinstance(entry, dict) or not all(isinstance(entry.get(f), str) for f in fields):
            raise self.damaged(Message("player-not-name-key-date"))
        player = RemotePlayer(entry["name"], entry["key"], entry["added"])
        name = player.name
        if stored_name_problem(name):
            raise self.damaged(Message("bad-stored-player-name", name=repr(name)))
        if not looks_like_key_line(player.key):
            raise self.damaged(Message("stored-key-not-ssh", name=name))
        if not is_utc_time(player.added):
            raise self.damaged(Message("added-not-a-time", name=name))
        return player

    def damaged(self, why: Message) -> PlayersError:
        """The registry file is damaged, and `why`."""
        return PlayersError("registry-damaged", file=self.path, why=why)

    def write(self, players: list[RemotePlayer]) -> None:
        """Replace the file with `players` in one step: readers see the old or the new list."""
        document = {
            "format": FORMAT,
            "version": VERSION,
            "players": [{"name": p.name, "key": p.key, "added": p.added} for p in players],
        }
        text = json.dumps(document, indent=2, ensure_ascii=False) + "\n"
        try:
            make_folder(self.folder)
            write_atomically(self.path, text.encode("utf-8"))
        except OSError as error:
            raise PlayersError("cannot-write-file", file=self.path, reason=reason(error)) from None


def stored_name_problem(name: str) -> Message | None:
    """Why a name in players.json cannot be read, or None. Lighter than the rules for a
    new player's name, so a name registered under an earlier hotseat's rules stays
    readable."""
    if not name:
        return Message("empty")
    if len(name) > MAX_NAME_LENGTH and cells(name) > names.MAX_NAME_CELLS:
        return Message("longer-than-count", count=MAX_NAME_LENGTH)
    if not name.isprintable():
        return Message("unprintable")
    if name != name.strip():
        return Message("space-around")
    return syntax_problem(name)


def syntax_problem(name: str) -> Message | None:
    """Why `--players` could not read `name` as one player's name, or None."""
    if ":" in name:
        return Message("colon-in-name")
    if "," in name:
        return Message("comma-in-name")
    if name.startswith("-"):
        return Message("dash-first")
    return None


def look_alike_player(name: str, players: list[RemotePlayer]) -> RemotePlayer | None:
    """The registered player whose name looks like `name` (Unicode TR39 skeletons, see
    saves.confusables) without being spelled the same ignoring case, or None."""
    return next(
        (p for p in players if p.name.casefold() != name.casefold() and look_alike(p.name, name)),
        None,
    )


def looks_like_key_line(line: str) -> bool:
    """True for "TYPE BASE64 [comment]" whose decoded key data begins with TYPE, as an
    OpenSSH public key line does (asyncssh reads it fully where keys are compared)."""
    parts = line.split(" ", 2)
    if len(parts) < 2 or not line.isprintable() or not parts[0]:
        return False
    try:
        blob = base64.b64decode(parts[1], validate=True)
    except (binascii.Error, ValueError):
        return False
    kind = parts[0].encode("ascii", "replace")
    return blob[:4] == len(kind).to_bytes(4, "big") and blob[4 : 4 + len(kind)] == kind


def is_utc_time(text: str) -> bool:
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        return False
    return moment.utcoffset() is not None


def refuse_constant(name: str) -> None:
    raise ValueError(f"{name} is not JSON")


def read_capped(path: Path, cap: int) -> bytes | None:
    """The bytes of the regular file at `path`, or None when it has more than `cap`; a
    pipe or device is refused (OSError) rather than read, so nothing can hang."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    with os.fdopen(fd, "rb") as file:
        mode = os.fstat(file.fileno()).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, IT_IS_A_FOLDER)
        if not stat.S_ISREG(mode):
            raise OSError(errno.EINVAL, IT_IS_NOT_A_FILE)
        data = file.read(cap + 1)
    return None if len(data) > cap else data


def make_folder(folder: Path) -> None:
    """Create the save folder with mode 0700 unless it exists."""
    if folder.is_dir():
        return
    existing = next(path for path in (folder, *folder.parents) if os.path.lexists(path))
    if not existing.is_dir():
        raise NotADirectoryError(errno.ENOTDIR, NOT_A_FOLDER, str(existing))
    folder.parent.mkdir(parents=True, exist_ok=True)
    with contextlib.suppress(FileExistsError):
        os.mkdir(folder, 0o700)
    os.chmod(folder, 0o700)


def write_atomically(path: Path, data: bytes) -> None:
    """Write `data` to a private temporary file beside `path`, flush it to disk and put it
    in place of `path`."""
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.chmod(temporary, 0o600)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    folder = os.open(path.parent, os.O_RDONLY | os.O_CLOEXEC)
    try:
        os.fsync(folder)
    finally:
        os.close(folder)


def reason(error: OSError) -> object:
    """Why a file could not be read or written: the system's words, or a message of the
    store (with the path it names) for what it refuses to read."""
    if error.strerror == NOT_A_FOLDER:
        return Message(NOT_A_FOLDER, path=error.filename)
    if error.strerror in (IT_IS_A_FOLDER, IT_IS_NOT_A_FILE):
        return Message(error.strerror)
    return error.strerror or str(error)


def cannot_read(path: Path, error: OSError) -> PlayersError:
    """Why the file at `path` could not be read, in one line."""
    return PlayersError("cannot-read-file", file=path, reason=reason(error))
