"""`hotseat host`: an SSH server (asyncssh) where each registered player plays from their own
terminal, each session showing only that player's seats.

Design: every SSH session runs the hotseat app as a child process on a pty of its own on this
machine (`remote.session.Session`: the child, its pty, the pumps between pty and channel, and
giving the player's terminal back whatever way the app ends).

Why a child process per session, not the app in this process: a session that crashes or hangs
cannot take the others with it, each app keeps its own event loop (one slow screen cannot
delay another), the app runs exactly as in a local terminal with no change, and the child's
pid is what the save store's seat records already hold, so the seats of a session that dies
are free at once.

Rules of the door:
- Identity is the public key only: the SSH user name is ignored, passwords and
  keyboard-interactive are off, and the player is `Players(folder).by_key(key)`, read anew for
  each connection (so `hotseat players add` needs no restart). Unknown keys are refused with
  one line in the host's log.
- A session gets the app and nothing else: exec requests, subsystems (SFTP), scp, port, agent
  and X11 forwarding are refused; a session without a pty is told to use `ssh -t`.
- At most `max_sessions` sessions at once; one more is told the table is full.
- Keepalives find dead connections.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import errno
import os
import shlex
import signal
import socket
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import asyncssh

from remote.players import (
    USAGE_ERROR,
    Players,
    PlayersError,
    RemotePlayer,
    read_capped,
)
from remote.session import Session, say
from remote.session import child_command as child_command
from remote.session import child_env as child_env
from remote.session import set_size as set_size

HOST_KEY_FILE = "host_key"
MAX_KEY_FILE = 64 * 1024
KEEPALIVE_INTERVAL = 5
KEEPALIVE_COUNT_MAX = 3
LOGIN_TIMEOUT = 30
CLOSE_GRACE = 2.0

Log = Callable[[str], None]


class HostError(Exception):
    """Why the host cannot start; its str is the one-line message."""


def log_line(text: str) -> None:
    """The host's log: one line on stderr, with the time."""
    print(f"{time.strftime('%H:%M:%S')} {text}", file=sys.stderr, flush=True)


def prepare_folder(folder: Path) -> None:
    """Create the save folder (0700) if needed; HostError if it cannot be written."""
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except FileExistsError:
        raise HostError(f"{folder} is not a folder") from None
    except OSError as error:
        raise HostError(f"cannot create the folder {folder} ({error.strerror})") from None
    if not os.access(folder, os.W_OK | os.X_OK):
        raise HostError(f"the folder {folder} is not writable")


def host_key(folder: Path) -> tuple[asyncssh.SSHKey, bool]:
    """The host's ed25519 key, `<folder>/host_key`, and whether it is new (not yet
    saved: `save_host_key` once the host listens). HostError if the file cannot be read
    as a key; it is then left as it is."""
    path = folder / HOST_KEY_FILE
    if os.path.lexists(path):
        try:
            return asyncssh.import_private_key(read_key_file(path)), False
        except (OSError, ValueError, asyncssh.KeyImportError) as error:
            reason = getattr(error, "strerror", None) or error
            raise HostError(
                f"the host key {path} cannot be read ({reason}); move it away and a new one is made"
            ) from None
    return asyncssh.generate_private_key("ssh-ed25519"), True


def save_host_key(folder: Path, key: asyncssh.SSHKey) -> None:
    """Write a new host key to `<folder>/host_key` (0600, atomically); HostError if not."""
    path = folder / HOST_KEY_FILE
    fd, temporary = tempfile.mkstemp(dir=folder, prefix=f".{HOST_KEY_FILE}.")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(key.export_private_key())
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except OSError as error:
        Path(temporary).unlink(missing_ok=True)
        raise HostError(f"cannot write the host key {path} ({error.strerror})") from None


def read_key_file(path: Path) -> bytes:
    """The bytes of a regular file of at most MAX_KEY_FILE bytes; OSError for anything else
    (a pipe or device is never read, so nothing can hang)."""
    data = read_capped(path, MAX_KEY_FILE)
    if data is None:
        raise OSError(errno.EFBIG, "it is too large for a key")
    return data


def peer_address(conn: asyncssh.SSHServerConnection) -> str:
    """The client's IP address."""
    peer = conn.get_extra_info("peername")
    return str(peer[0]) if peer else "an unknown address"


class Gate(asyncssh.SSHServer):
    """One connection's door: public keys of registered players only."""

    def __init__(self, host: Host) -> None:
        self._host = host
        self._conn: asyncssh.SSHServerConnection | None = None
        self._candidate: RemotePlayer | None = None
        self.player: RemotePlayer | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self._conn = conn
        self._host.connections.add(conn)

    def connection_lost(self, exc: Exception | None) -> None:
        if self._conn is not None:
            self._host.connections.discard(self._conn)
        if self.player is not None:
            self._host.log(f"{self.player.name} left")

    def begin_auth(self, username: str) -> bool:
        return True

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        """Accept the key of a registered player. asyncssh checks the signature right after
        this call, so the last key accepted here is the one that logs in."""
        address = peer_address(self._conn) if self._conn else "an unknown address"
        try:
            player = Players(self._host.folder).by_key(key)
        except PlayersError as error:
            self._host.log(f"refused a key from {address}: {error}")
            return False
        if player is None:
            self._host.log(
                f"refused an unknown key {key.get_algorithm()} {key.get_fingerprint()} "
                f"from {address}"
            )
            return False
        self._candidate = player
        return True

    def auth_completed(self) -> None:
        self.player = self._candidate
        if self.player is not None and self._conn is not None:
            self._host.log(f"{self.player.name} connected from {peer_address(self._conn)}")


class Host:
    """A running `hotseat host`: its listening socket, connections and sessions."""

    def __init__(self, folder: Path, max_sessions: int, log: Log) -> None:
        self.folder = folder
        self.max_sessions = max_sessions
        self.log = log
        self.connections: set[asyncssh.SSHServerConnection] = set()
        self.sessions: set[Session] = set()
        self.fingerprint = ""
        self.port = 0
        self.connect_hint = ""
        self._acceptor: asyncssh.SSHAcceptor | None = None

    async def listen(self, listen: str, port: int) -> None:
        """Start listening with the host key (a new one is saved only once listening
        works, so a host that cannot start leaves no key behind); HostError if not."""
        prepare_folder(self.folder)
        key, new = host_key(self.folder)
        self.fingerprint = key.get_fingerprint()
        try:
            self._acceptor = await asyncssh.create_server(
                lambda: Gate(self),
                listen,
                port,
                server_host_keys=[key],
                process_factory=self._serve,
                encoding=None,
                line_editor=False,
                allow_pty=True,
                password_auth=False,
                kbdint_auth=False,
                host_based_auth=False,
                gss_host=None,
                agent_forwarding=False,
                x11_forwarding=False,
                allow_scp=False,
                keepalive_interval=KEEPALIVE_INTERVAL,
                keepalive_count_max=KEEPALIVE_COUNT_MAX,
                login_timeout=LOGIN_TIMEOUT,
            )
        except OSError as error:
            raise HostError(listen_problem(error, listen, port)) from None
        if new:
            try:
                save_host_key(self.folder, key)
            except HostError:
                self._acceptor.close()
                raise
        self.port = self._acceptor.get_port()
        where = listen if listen not in ("", "0.0.0.0", "::") else socket.gethostname()
        self.connect_hint = f"ssh -p {self.port} {where}"

    async def close(self) -> None:
        """Stop listening, end every session (children hung up and reaped), disconnect all:
        politely, then at once for clients that do not answer within CLOSE_GRACE."""
        if self._acceptor is not None:
            self._acceptor.close()
        await asyncio.gather(*(session.stop() for session in list(self.sessions)))
        connections = list(self.connections)
        for conn in connections:
            conn.close()
        closed = asyncio.gather(*(conn.wait_closed() for conn in connections))
        try:
            await asyncio.wait_for(closed, CLOSE_GRACE)
        except TimeoutError:
            for conn in connections:
                conn.abort()
        if self._acceptor is not None:
            await self._acceptor.wait_closed()

    async def _serve(self, process: asyncssh.SSHServerProcess[bytes]) -> None:
        """A new session: the app on a pty, or one line saying why not."""
        gate = process.channel.get_connection().get_owner()
        player = gate.player if isinstance(gate, Gate) else None
        refusal = self._refusal(process)
        if player is None or refusal is not None:
            with contextlib.suppress(OSError, asyncssh.Error):
                if refusal is not None:
                    say(process, refusal)
                process.exit(1)
            return
        session = Session(self, process, player)
        self.sessions.add(session)
        try:
            await session.run()
        finally:
            self.sessions.discard(session)

    def _refusal(self, process: asyncssh.SSHServerProcess[bytes]) -> str | None:
        """Why this session cannot have the app, or None if it can."""
        if process.command is not None or process.subsystem is not None:
            return f"hotseat serves only the game: connect with {self.connect_hint}"
        if process.get_terminal_type() is None:
            return "hotseat needs a terminal (with ssh, use ssh -t)"
        count = len(self.sessions)
        if count >= self.max_sessions:
            players = f"{count} player{'' if count == 1 else 's'}"
            return f"hotseat: the table is full ({players} connected); try again later"
        return None


def listen_problem(error: OSError, listen: str, port: int) -> str:
    """The one-line reason a port cannot be listened on."""
    if isinstance(error, socket.gaierror):
        return f"cannot listen on {listen!r} ({error.strerror})"
    reason = os.strerror(error.errno) if error.errno else str(error)
    if error.errno == errno.EADDRINUSE:
        return f"port {port} is in use ({reason})"
    if error.errno == errno.EADDRNOTAVAIL:
        return f"the address {listen} is not one of this machine's ({reason})"
    return f"cannot listen on port {port} ({reason})"


async def start_host(
    folder: Path,
    port: int,
    listen: str = "127.0.0.1",
    max_sessions: int = 32,
    log: Log = log_line,
) -> Host:
    """A host serving the players of `folder` on `listen`:`port` (0 picks a free port);
    HostError says why it cannot start."""
    host = Host(folder, max_sessions, log)
    await host.listen(listen, port)
    return host


def registered_players(folder: Path) -> int:
    """How many players may connect; HostError if the players file is damaged."""
    try:
        return len(Players(folder).all())
    except PlayersError as error:
        raise HostError(str(error)) from None


async def serve(args: argparse.Namespace, folder: Path) -> int:
    """Serve until Ctrl+C, SIGTERM or SIGHUP (the host's own terminal closed), then close
    every session."""
    stopped = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        loop.add_signal_handler(signum, stopped.set)
    prepare_folder(folder)
    count = registered_players(folder)
    host = await start_host(folder, args.port, args.listen, args.max_sessions)
    players = f"{count} registered player{'' if count == 1 else 's'}"
    print(f"hotseat host: serving {players} on port {host.port} (host key {host.fingerprint})")
    if count == 0:
        save_dir = getattr(args, "save_dir", None)
        where = f" --save-dir {shlex.quote(str(folder))}" if save_dir is not None else ""
        print(f"No one can connect yet; add a player: hotseat players add{where} NAME KEY_FILE")
    print(f"Friends connect with: {host.connect_hint}")
    print("Ctrl+C stops the host.", flush=True)
    try:
        await stopped.wait()
    finally:
        await host.close()
    print("hotseat host: stopped", flush=True)
    return 0


def host_command(args: argparse.Namespace, folder: Path) -> int:
    """The `hotseat host` command; problems are one line and exit code 2."""
    try:
        return asyncio.run(serve(args, folder))
    except HostError as error:
        print(f"hotseat: {error}", file=sys.stderr)
        return USAGE_ERROR
