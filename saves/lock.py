"""One process plays a save at a time: an advisory flock on a lock file beside it.

The lock file holds who has the save open, so a refused process can say who.
The kernel drops the lock when the holder exits, however it exits.
"""

from __future__ import annotations

import fcntl
import getpass
import json
import os
import socket
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType

from saves.errors import SaveError, SaveLocked


class SaveLock:
    """A held lock on one save; `release()` it or use it as a context manager."""

    def __init__(self, name: str, path: Path, fd: int) -> None:
        self.name = name
        self.path = path
        self._fd: int | None = fd

    @property
    def held(self) -> bool:
        """True until released."""
        return self._fd is not None

    def release(self) -> None:
        """Give the save free for other processes; releasing twice is harmless."""
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        try:
            os.ftruncate(fd, 0)
            fcntl.flock(fd, fcntl.LOCK_UN)
        finally:
            os.close(fd)

    def __enter__(self) -> SaveLock:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.release()


def acquire(path: Path, name: str) -> SaveLock:
    """Lock save `name` through the lock file at `path`, or raise SaveLocked naming the holder."""
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
    except OSError as err:
        raise SaveError(f"cannot lock {name}.json in {path.parent}: {err.strerror}") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = _holder(fd)
        os.close(fd)
        raise SaveLocked(f"{name}.json is open elsewhere: {holder}", holder) from None
    except OSError as err:
        os.close(fd)
        raise SaveError(f"cannot lock {name}.json in {path.parent}: {err.strerror}") from None
    os.ftruncate(fd, 0)
    os.pwrite(fd, json.dumps(_me()).encode(), 0)
    return SaveLock(name, path, fd)


def _me() -> dict[str, object]:
    try:
        user = getpass.getuser()
    except (OSError, KeyError):
        user = str(os.getuid())
    return {
        "pid": os.getpid(),
        "host": socket.gethostname(),
        "user": user,
        "since": datetime.now(UTC).isoformat(timespec="seconds"),
    }


def _holder(fd: int) -> str:
    """Who holds the lock, in words, from the lock file; vague if it is not written yet."""
    try:
        info = json.loads(os.pread(fd, 4096, 0))
        since = datetime.fromisoformat(info["since"]).astimezone()
        today = since.date() == datetime.now().date()
        when = since.strftime("%H:%M" if today else "%Y-%m-%d %H:%M")
        return f"pid {int(info['pid'])} on host {info['host']} (user {info['user']}) since {when}"
    except (OSError, ValueError, TypeError, KeyError):
        return "another hotseat process"
