"""Registering the players who may connect to `hotseat host`, by their SSH public key,
and the `hotseat players` command.

The registry itself (`players.json`, read and written as data) is `saves.players`; this
adds what only the host needs: keys parsed by asyncssh, compared and checked. A player's
key is their identity; a name is only how the table shows them. Reading the registry
(`all`, `named`) stays light: asyncssh is imported only where keys are parsed.
"""

from __future__ import annotations

import argparse
import socket
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from remote.door import SIGNATURE_ALGORITHMS
from rules import names
from rules.names import cells, normal_name, quoted
from saves.errors import ALONE, Message
from saves.players import Players as PlayersFile
from saves.players import (
    PlayersError,
    RemotePlayer,
    cannot_read,
    look_alike_player,
    read_capped,
    syntax_problem,
)
from tui.i18n import _, language
from tui.words.problems import said
from tui.words.saves import save_text

if TYPE_CHECKING:
    import asyncssh

MAX_KEY_FILE = 16 * 1024
DEFAULT_PORT = 2222
USAGE_ERROR = 2


class Players(PlayersFile):
    """The players registered in a save folder, with their keys: who may connect, and
    registering and unregistering them."""

    def add(self, name: str, key_file: Path) -> RemotePlayer:
        """Register `name` with the one public key in `key_file`; PlayersError says why
        not, and then nothing has changed."""
        name = validate_player_name(name)
        players = self.keys()
        taken = next((p for p in players if p.name.casefold() == name.casefold()), None)
        if taken is not None:
            raise refused(
                _(
                    "{name} is already registered; hotseat players remove {name} "
                    "first to give the name a new key"
                ).format(name=taken.name)
            )
        similar = look_alike_player(name, list(players))
        if similar is not None:
            raise refused(
                _(
                    "{name} looks like {player}, who is registered already; "
                    "choose a name that looks different"
                ).format(name=quoted(name), player=similar.name)
            )
        key = read_public_key(key_file)
        owner = next((p for p, k in players.items() if k.public_data == key.public_data), None)
        if owner is not None:
            raise refused(_("that key is already registered for {name}").format(name=owner.name))
        player = RemotePlayer(name, key_line(key), datetime.now(UTC).isoformat(timespec="seconds"))
        self.write([*players, player])
        return player

    def remove(self, name: str) -> RemotePlayer:
        """Unregister the player called `name` (ignoring case) and return them."""
        players = list(self.keys())
        player = next((p for p in players if p.name.casefold() == name.casefold()), None)
        if player is None:
            raise refused(
                _("no player named {name} in {folder}; hotseat players list shows them").format(
                    name=repr(name), folder=self.folder
                )
            )
        self.write([p for p in players if p is not player])
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
                why = _("the key of {name} is not readable").format(name=player.name)
                raise self.damaged(Message(ALONE, problem=why)) from None
        return parsed


def refused(text: str) -> PlayersError:
    """The registry refuses a change (or a key file) for the reason `text` says."""
    return PlayersError(ALONE, problem=text)


def validate_player_name(name: str) -> str:
    """`name` in its normal form (rules.names) if a player can be registered under it;
    PlayersError saying why not."""
    problem = name_problem(name)
    if problem:
        raise refused(
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
    syntax = syntax_problem(normal_name(name))
    return save_text(syntax) if syntax is not None else None


def read_public_key(path: Path) -> asyncssh.SSHKey:
    """The one public key in the file at `path`; PlayersError if it holds anything else."""
    import asyncssh

    try:
        data = read_capped(path, MAX_KEY_FILE)
    except OSError as error:
        raise cannot_read(path, error) from None
    if data is None:
        raise refused(
            _("{file} is too large for a public key (over {size} KiB)").format(
                file=path, size=MAX_KEY_FILE // 1024
            )
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise refused(_("{file} is not an SSH public key").format(file=path)) from None
    if is_private_key(text):
        public = path.name if path.suffix == ".pub" else f"{path.name}.pub"
        raise refused(
            _(
                "{file} is a private key: give the public key file ({public}) and keep this "
                "one secret"
            ).format(file=path, public=public)
        )
    lines = [line.strip() for line in text.splitlines()]
    lines = [line for line in lines if line and not line.startswith("#")]
    if not lines:
        raise refused(_("{file} holds no key").format(file=path))
    blocks = sum(line.startswith(("---- BEGIN", "-----BEGIN")) for line in lines)
    count = blocks if blocks else len(lines)
    if count > 1:
        raise refused(
            _("{file} holds {count} keys; give a file with exactly one").format(
                file=path, count=count
            )
        )
    try:
        key = asyncssh.import_public_key("\n".join(lines) + "\n")
    except (asyncssh.KeyImportError, ValueError):
        raise refused(_("{file} is not an SSH public key").format(file=path)) from None
    if key.get_algorithm() not in KEY_ALGORITHMS:
        raise refused(
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
        print(f"hotseat: {said(error)}", file=sys.stderr)
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
