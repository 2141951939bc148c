"""The registry of players who may connect to `hotseat host`: a name and an SSH public key
each, kept in `players.json` of the save folder, and the `hotseat players` command.

A player's key is their identity; a name is only how the table shows them. Reading the
registry (`all`, `named`) stays light: asyncssh is imported only where keys are parsed.
"""

from __future__ import annotations

import argparse
import base64
import binascii
import contextlib
import errno
import json
import os
import socket
import stat
import sys
import tempfile
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from remote.door import SIGNATURE_ALGORITHMS
from rules import names
from rules.names import cells, normal_name, quoted
from tui.i18n import _, language, ngettext

if TYPE_CHECKING:
    import asyncssh

FILE_NAME = "players.json"
FORMAT = "hotseat-players"
VERSION = 1
MAX_NAME_LENGTH = 24
"""The most characters a name had under an earlier hotseat; names are now measured in
terminal cells (rules.names), and players.json reads a name that either rule allows."""
MAX_KEY_FILE = 16 * 1024
MAX_PLAYERS_FILE = 1024 * 1024
DEFAULT_PORT = 2222
USAGE_ERROR = 2


class PlayersError(Exception):
    """A registry that cannot be read or changed as asked; the text says why in one line."""


@dataclass(frozen=True)
class RemotePlayer:
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

    def add(self, name: str, key_file: Path) -> RemotePlayer:
        """Register `name` with the one public key in `key_file`; PlayersError says why
        not, and then nothing has changed."""
        name = validate_player_name(name)
        players = self.keys()
        taken = next((p for p in players if p.name.casefold() == name.casefold()), None)
        if taken is not None:
            raise PlayersError(
                _(
                    "{name} is already registered; hotseat players remove {name} "
                    "first to give the name a new key"
                ).format(name=taken.name)
            )
        similar = look_alike_player(name, list(players))
        if similar is not None:
            raise PlayersError(
                _(
                    "{name} looks like {player}, who is registered already; "
                    "choose a name that looks different"
                ).format(name=quoted(name), player=similar.name)
            )
        key = read_public_key(key_file)
        owner = next((p for p, k in players.items() if k.public_data == key.public_data), None)
        if owner is not None:
            raise PlayersError(
                _("that key is already registered for {name}").format(name=owner.name)
            )
        player = RemotePlayer(name, key_line(key), datetime.now(UTC).isoformat(timespec="seconds"))
        self._write([*players, player])
        return player

    def remove(self, name: str) -> RemotePlayer:
        """Unregister the player called `name` (ignoring case) and return them."""
        players = list(self.keys())
        player = next((p for p in players if p.name.casefold() == name.casefold()), None)
        if player is None:
            raise PlayersError(
                _("no player named {name} in {folder}; hotseat players list shows them").format(
                    name=repr(name), folder=self.folder
                )
            )
        self._write([p for p in players if p is not player])
        return player

    def by_key(self, key: asyncssh.SSHKey) -> RemotePlayer | None:
        """The player whose registered key is `key`, or None."""
        known = self.keys().items()
        return next((p for p, k in known if k.public_data == key.public_data), None)

    def keys(self) -> dict[RemotePlayer, asyncssh.SSHKey]:
        """Every registered player (sorted by name) with their key parsed by asyncssh; a
        key it cannot read makes the file damaged."""
        import asyncssh

        parsed = {}
        for player in self.all():
            try:
                parsed[player] = asyncssh.import_public_key(player.key)
            except (asyncssh.KeyImportError, ValueError):
                raise self._damaged(
                    _("the key of {name} is not readable").format(name=player.name)
                ) from None
        return parsed

    def _load(self) -> list[RemotePlayer]:
        try:
            data = read_capped(self.path, MAX_PLAYERS_FILE)
        except (FileNotFoundError, NotADirectoryError):
            return []
        except OSError as error:
            raise PlayersError(cannot_read(self.path, error)) from None
        if data is None:
            raise self._damaged(_("it is too large"))
        try:
            document = json.loads(data.decode("utf-8"), parse_constant=refuse_constant)
        except (UnicodeDecodeError, ValueError, RecursionError):
            raise self._damaged(_("it is not JSON")) from None
        return self._parse(document)

    def _parse(self, document: Any) -> list[RemotePlayer]:
        if not isinstance(document, dict) or document.get("format") != FORMAT:
            raise self._damaged(_("it has no {format} format marker").format(format=repr(FORMAT)))
        version = document.get("version")
        if type(version) is int and version > VERSION:
            raise self._damaged(
                _("it is version {version}, newer than this hotseat reads").format(version=version)
            )
        if version != VERSION or not isinstance(document.get("players"), list):
            raise self._damaged(_("it is not a list of players"))
        players = [self._entry(entry) for entry in document["players"]]
        names = [p.name.casefold() for p in players]
        if len(set(names)) != len(names):
            raise self._damaged(_("a name is registered twice"))
        blobs = [p.key.split()[1] for p in players]
        if len(set(blobs)) != len(blobs):
            raise self._damaged(_("a key is registered twice"))
        return players

    def _entry(self, entry: Any) -> RemotePlayer:
        fields = ("name", "key", "added")
        if not isinstance(entry, dict) or not all(isinstance(entry.get(f), str) for f in fields):
            raise self._damaged(_("a player is not a name, a key and a date"))
        player = RemotePlayer(entry["name"], entry["key"], entry["added"])
        name = player.name
        if stored_name_problem(name):
            raise self._damaged(_("{name} is not a valid player name").format(name=repr(name)))
        if not looks_like_key_line(player.key):
            raise self._damaged(_("the key of {name} is not an SSH public key").format(name=name))
        if not is_utc_time(player.added):
            raise self._damaged(_("the date {name} was added is not a time").format(name=name))
        return player

    def _damaged(self, why: str) -> PlayersError:
        return PlayersError(_("{file} is damaged ({why})").format(file=self.path, why=why))

    def _write(self, players: list[RemotePlayer]) -> None:
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
            raise PlayersError(
                _("cannot write {file}: {reason}").format(file=self.path, reason=reason(error))
            ) from None


def validate_player_name(name: str) -> str:
    """`name` in its normal form (rules.names) if a player can be registered under it;
    PlayersError saying why not."""
    problem = name_problem(name)
    if problem:
        raise PlayersError(
            _("{name} is not a valid player name: {problem}").format(
                name=quoted(name), problem=problem
            )
        )
    return normal_name(name)


def name_problem(name: str) -> str | None:
    """Why a new player cannot be registered as `name` (as typed), or None: the rules for
    every player's name, no space around it, nothing that `--players` reads as syntax."""
    if not name:
        return _("it is empty")
    if name != name.strip():
        return _("it begins or ends with a space")
    problem = names.name_problem(normal_name(name))
    if problem is not None:
        from tui.words.setup import name_problem_text

        return name_problem_text(problem.code, problem.fields)
    return syntax_problem(normal_name(name))


def stored_name_problem(name: str) -> str | None:
    """Why a name in players.json cannot be read, or None. Lighter than `name_problem`,
    so a name registered under an earlier hotseat's rules stays readable."""
    if not name:
        return _("it is empty")
    if len(name) > MAX_NAME_LENGTH and cells(name) > names.MAX_NAME_CELLS:
        return ngettext(
            "it is longer than {count} character",
            "it is longer than {count} characters",
            MAX_NAME_LENGTH,
        ).format(count=MAX_NAME_LENGTH)
    if not name.isprintable():
        return _("it has characters that are not printable text")
    if name != name.strip():
        return _("it begins or ends with a space")
    return syntax_problem(name)


def syntax_problem(name: str) -> str | None:
    """Why `--players` could not read `name` as one player's name, or None."""
    if ":" in name:
        return _("a colon marks the kind of player in --players (cpu:, cpu-easy:, remote:)")
    if "," in name:
        return _("commas separate the names in --players")
    if name.startswith("-"):
        return _("it begins with a dash, as command-line options do")
    return None


def look_alike_player(name: str, players: list[RemotePlayer]) -> RemotePlayer | None:
    """The registered player whose name looks like `name` (Unicode TR39 skeletons, see
    remote.confusables) without being spelled the same ignoring case, or None."""
    from remote.confusables import look_alike

    return next(
        (p for p in players if p.name.casefold() != name.casefold() and look_alike(p.name, name)),
        None,
    )


def read_public_key(path: Path) -> asyncssh.SSHKey:
    """The one public key in the file at `path`; PlayersError if it holds anything else."""
    import asyncssh

    try:
        data = read_capped(path, MAX_KEY_FILE)
    except OSError as error:
        raise PlayersError(cannot_read(path, error)) from None
    if data is None:
        raise PlayersError(
            _("{file} is too large for a public key (over {size} KiB)").format(
                file=path, size=MAX_KEY_FILE // 1024
            )
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise PlayersError(_("{file} is not an SSH public key").format(file=path)) from None
    if is_private_key(text):
        public = path.name if path.suffix == ".pub" else f"{path.name}.pub"
        raise PlayersError(
            _(
                "{file} is a private key: give the public key file ({public}) and keep this "
                "one secret"
            ).format(file=path, public=public)
        )
    lines = [line.strip() for line in text.splitlines()]
    lines = [line for line in lines if line and not line.startswith("#")]
    if not lines:
        raise PlayersError(_("{file} holds no key").format(file=path))
    blocks = sum(line.startswith(("---- BEGIN", "-----BEGIN")) for line in lines)
    count = blocks if blocks else len(lines)
    if count > 1:
        raise PlayersError(
            _("{file} holds {count} keys; give a file with exactly one").format(
                file=path, count=count
            )
        )
    try:
        key = asyncssh.import_public_key("\n".join(lines) + "\n")
    except (asyncssh.KeyImportError, ValueError):
        raise PlayersError(_("{file} is not an SSH public key").format(file=path)) from None
    if key.get_algorithm() not in KEY_ALGORITHMS:
        raise PlayersError(
            _(
                "{file} is a {kind} key, which the host no longer accepts; "
                "give an ed25519, ECDSA or RSA key (ssh-keygen -t ed25519)"
            ).format(file=path, kind=key.get_algorithm())
        )
    return key


KEY_ALGORITHMS = frozenset(
    {"ssh-rsa"} | {name for name in SIGNATURE_ALGORITHMS if not name.startswith("rsa-sha2-")}
)
"""The kinds of key a player may register: those that sign with an algorithm the host
accepts (an RSA key is "ssh-rsa" as a key and signs with SHA-2 at the host; a DSA key
cannot)."""


def is_private_key(text: str) -> bool:
    """True for the private key formats of OpenSSH, PEM and PuTTY."""
    return any(
        (line.startswith("-----BEGIN") and "PRIVATE KEY" in line)
        or line.startswith("PuTTY-User-Key-File")
        for line in text.splitlines()
    )


def key_line(key: asyncssh.SSHKey) -> str:
    """`key` as one OpenSSH line, with its comment when that is plain printable text."""
    comment = key.get_comment()
    key.set_comment(comment if comment and comment.isprintable() else None)
    return key.export_public_key("openssh").decode("ascii").strip()


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
            raise IsADirectoryError(0, _("it is a folder"))
        if not stat.S_ISREG(mode):
            raise OSError(errno.EINVAL, _("it is not a file"))
        data = file.read(cap + 1)
    return None if len(data) > cap else data


def make_folder(folder: Path) -> None:
    """Create the save folder with mode 0700 unless it exists."""
    if folder.is_dir():
        return
    existing = next(path for path in (folder, *folder.parents) if os.path.lexists(path))
    if not existing.is_dir():
        raise NotADirectoryError(0, _("{path} is a file, not a folder").format(path=existing))
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


def reason(error: OSError) -> str:
    return error.strerror or str(error)


def cannot_read(path: Path, error: OSError) -> str:
    """Why the file at `path` could not be read, in one line."""
    return _("cannot read {file}: {reason}").format(file=path, reason=reason(error))


def fingerprint(key: asyncssh.SSHKey) -> str:
    """ "ssh-ed25519 SHA256:..." as ssh-keygen -l shows a key."""
    return f"{key.get_algorithm()} {key.get_fingerprint('sha256')}"


def added_date(player: RemotePlayer) -> str:
    """The local date the player was added, as the language writes it: "2026-12-02"
    (German "02.12.2026")."""
    added = datetime.fromisoformat(player.added).astimezone()
    return added.strftime("%d.%m.%Y" if language() == "de" else "%Y-%m-%d")


def players_command(args: argparse.Namespace, folder: Path) -> int:
    """`hotseat players [add NAME KEY_FILE | list | remove NAME]`; a mistake or a damaged
    registry ends in one line on stderr and exit code 2."""
    players = Players(folder)
    try:
        if args.players_command == "add":
            print(added_text(players, args.name, args.key_file))
        elif args.players_command == "remove":
            player = players.remove(args.name)
            print(_("Removed {name}; their saved games stay").format(name=player.name))
        else:
            print_list(players)
    except PlayersError as error:
        print(f"hotseat: {error}", file=sys.stderr)
        return USAGE_ERROR
    return 0


def added_text(players: Players, name: str, key_file: Path) -> str:
    import asyncssh

    player = players.add(name, key_file)
    key = asyncssh.import_public_key(player.key)
    host = socket.gethostname()
    return _("Added {name} ({fingerprint}); {name} connects with: {command}").format(
        name=player.name, fingerprint=fingerprint(key), command=f"ssh -p {DEFAULT_PORT} {host}"
    )


def print_list(players: Players) -> None:
    """One line per player: name, key type and fingerprint, date added."""
    keys = players.keys()
    if not keys:
        print(
            _(
                "No players registered in {folder}; add one with: hotseat players add {name} "
                "{key_file}"
            ).format(folder=players.folder, name=_("NAME"), key_file=_("KEY_FILE"))
        )
        return
    width = max(cells(player.name) for player in keys)
    for player, key in keys.items():
        name = player.name + " " * (width - cells(player.name))
        added = _("added {date}").format(date=added_date(player))
        print(f"{name}  {fingerprint(key)}  {added}")
