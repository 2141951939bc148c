"""The registered players as the running host sees them: `players.json` parsed once, and
again only when the file changes.

Every offered key is looked up here, so a lookup costs one `stat` and a dictionary access,
never a parse. The file counts as changed when its inode, size, modification or change
time differ (`hotseat players add/remove` write a new file, a new inode, each time). A
file that became writable by others is refused as sshd's StrictModes refuse it.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import TYPE_CHECKING

from remote.players import Players
from saves.errors import ALONE
from saves.players import FILE_NAME, PlayersError, RemotePlayer
from tui.i18n import _

if TYPE_CHECKING:
    import asyncssh

Stamp = tuple[int, int, int, int, int] | None
"""(device, inode, size, mtime_ns, ctime_ns) of players.json; None when there is none."""


class Registry:
    """The players of a save folder, kept parsed while `players.json` does not change."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.path = folder / FILE_NAME
        self._stamp: Stamp | bool = False
        self._players: tuple[RemotePlayer, ...] = ()
        self._by_key: dict[bytes, RemotePlayer] = {}
        self._error: PlayersError | None = None

    def players(self) -> tuple[RemotePlayer, ...]:
        """Every registered player, sorted by name; PlayersError if the file is damaged."""
        self._refresh()
        return self._players

    def by_key(self, key: asyncssh.SSHKey) -> RemotePlayer | None:
        """The player whose registered key is `key`, or None; PlayersError if the file is
        damaged."""
        self._refresh()
        return self._by_key.get(key.public_data)

    def _refresh(self) -> None:
        """Parse the file again if it changed since it was last parsed."""
        before = stamp(self.path)
        if before != self._stamp:
            self._parse()
            # A file replaced while it was read is parsed again at the next lookup.
            self._stamp = before if stamp(self.path) == before else False
        if self._error is not None:
            raise self._error

    def _parse(self) -> None:
        self._players, self._by_key, self._error = (), {}, None
        try:
            problem = loose_registry(self.path)
            if problem:
                raise PlayersError(ALONE, problem=problem)
            keys = Players(self.folder).keys()
        except PlayersError as error:
            self._error = error
            return
        self._players = tuple(keys)
        self._by_key = {key.public_data: player for player, key in keys.items()}


def stamp(path: Path) -> Stamp:
    """What tells one version of the file at `path` from another."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)


def loose_registry(path: Path) -> str | None:
    """Why the players file cannot be trusted (others may write to it), or None."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    if not stat.S_ISREG(info.st_mode):
        return None
    problem = mode_problem(info, secret=False)
    return f"{path} {problem}" if problem else None


def mode_problem(info: os.stat_result, secret: bool) -> str | None:
    """Why a file or folder with these stats cannot be trusted, as the end of a sentence
    ("is writable by others (mode 0666)"), or None: it must belong to this user (or root)
    and be writable by no one else; a `secret` must not even be readable by others."""
    mode = f"{stat.S_IMODE(info.st_mode):04o}"
    if not owned(info):
        return _("belongs to another user (uid {uid})").format(uid=info.st_uid)
    if info.st_mode & 0o002:
        return _("is writable by others (mode {mode})").format(mode=mode)
    if info.st_mode & 0o020:
        return _("is writable by its group (mode {mode})").format(mode=mode)
    if secret and info.st_mode & 0o077:
        return _("is readable by others (mode {mode})").format(mode=mode)
    return None


def owned(info: os.stat_result) -> bool:
    """True for a file or folder of this user (or root)."""
    return info.st_uid in (os.geteuid(), 0)
