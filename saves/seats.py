"""Open seats: which terminal plays which seats of a game, recorded in the database.

A terminal holds its seats under a random token. It refreshes `seen` while it
runs; a holder on this host whose process is gone (ended, even if not yet reaped:
a zombie), or any holder not seen for LEASE_EXPIRY seconds, no longer holds
anything. Another terminal may take held seats over; the old one finds its token
gone and stops.
"""

from __future__ import annotations

import getpass
import os
import secrets
import socket
import sqlite3
import time
from datetime import UTC, datetime
from typing import NamedTuple

HEARTBEAT = 5.0
"""Seconds between a terminal's refreshes of its seats."""

LEASE_EXPIRY = 30.0
"""Seconds after which seats not refreshed count as free (a holder on another host)."""


class Holder(NamedTuple):
    """A terminal that has seats open."""

    pid: int
    host: str
    user: str
    since: str


class Lease(NamedTuple):
    """The seats of one game that this terminal holds."""

    game: int
    seats: frozenset[int]
    token: str


def me() -> Holder:
    """This process as a holder."""
    try:
        user = getpass.getuser()
    except (OSError, KeyError):
        user = str(os.getuid())
    now = datetime.now(UTC).isoformat(timespec="seconds")
    return Holder(os.getpid(), socket.gethostname(), user, now)


def holders(db: sqlite3.Connection, game: int, seats: set[int] | None) -> dict[int, Holder]:
    """Live holders of any of `seats` (None: of any seat), by seat; dead holders' rows are
    deleted on the way, inside the caller's transaction."""
    rows = db.execute(
        "SELECT seat, token, pid, host, user, since, seen FROM seats WHERE game = ?", (game,)
    ).fetchall()
    found: dict[int, Holder] = {}
    for seat, token, pid, host, user, since, seen in rows:
        if not _alive(pid, host, seen):
            db.execute("DELETE FROM seats WHERE token = ?", (token,))
        elif seats is None or seat in seats:
            found[seat] = Holder(pid, host, user, since)
    return found


def take(db: sqlite3.Connection, game: int, seats: set[int], token: str | None = None) -> Lease:
    """Record `seats` as held by this process (replacing any holder) under `token` (default:
    a new one); inside a transaction."""
    token = token or secrets.token_hex(16)
    holder = me()
    db.executemany(
        "INSERT OR REPLACE INTO seats (game, seat, token, pid, host, user, since, seen) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (game, seat, token, holder.pid, holder.host, holder.user, holder.since, time.time())
            for seat in sorted(seats)
        ],
    )
    return Lease(game, frozenset(seats), token)


def held(db: sqlite3.Connection, lease: Lease) -> bool:
    """True while every seat of `lease` is still held under its token."""
    (count,) = db.execute("SELECT count(*) FROM seats WHERE token = ?", (lease.token,)).fetchone()
    return int(count) == len(lease.seats)


def _alive(pid: int, host: str, seen: float) -> bool:
    """True while the holder may still play: seen lately and, on this host, running."""
    if type(pid) is not int or type(seen) not in (int, float) or pid <= 0:
        return False  # a damaged row holds nothing
    if time.time() - seen > LEASE_EXPIRY:
        return False
    if host != socket.gethostname():
        return True
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, OverflowError, ValueError):
        return False
    except PermissionError:
        pass  # running, as another user
    return not _ended(pid)


def _ended(pid: int) -> bool:
    """True if process `pid` has ended and only waits to be reaped (a zombie). A process
    killed with SIGKILL stays so until its parent collects it, which can take a second
    or more (a terminal multiplexer, a shell); it holds nothing any more."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            text = stat.read()
    except OSError:
        return False
    state = text[text.rfind(b")") + 2 :][:1]
    return state in (b"Z", b"X")
