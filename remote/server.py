"""`hotseat host`: an SSH server (asyncssh) where each registered player plays from their own
terminal, each session showing only that player's seats.

Design: every SSH session runs the hotseat app as a child process on a pty of its own on this
machine. The child is `setsid --ctty python -I -m tui --save-dir=FOLDER --player=NAME`
(`child_command`): a session of its own whose controlling terminal is that pty, so the kernel
hangs it up even if the host dies without a word; it runs in the save folder with a clean
environment (`child_env`: PATH, HOME, where state lives, LANG=C.UTF-8 and a sane TERM;
never what the client sends). The pty starts at the client's terminal size (TIOCSWINSZ,
kept between SMALLEST_SIZE and LARGEST_SIZE), and each window change from the client
resizes it. A session that ends hangs up the child's process group itself too, and after a
hang-up restores the player's terminal (the app could not) and says so. Bytes flow
through two pumps: the pty master is read with `loop.add_reader` into the channel, and the
channel's input is written to the master.

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
- A client that stops reading cannot stall the host: while its channel's buffer is full the
  pty is not read (so only that child blocks), and after SLOW_CLIENT_SECONDS it is cut off.
  Keepalives find dead connections. A session that ends for any reason hangs up its child
  (SIGHUP to its process group, SIGKILL after HANGUP_GRACE seconds) and reaps it.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import errno
import fcntl
import os
import re
import shlex
import signal
import socket
import struct
import sys
import tempfile
import termios
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

HOST_KEY_FILE = "host_key"
MAX_KEY_FILE = 64 * 1024
DEFAULT_TERM = "xterm-256color"
DEFAULT_SIZE = (80, 24)
SMALLEST_SIZE = (20, 6)
"""Columns and rows below which the app cannot draw; smaller windows are padded to it."""
LARGEST_SIZE = 400
"""Columns and rows beyond this are a client's mistake, not a terminal."""
RESTORE = (
    b"\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l\x1b[?2004l"
    b"\x1b[?25h\x1b[?1049l\x1b[0m\r\n"
)
"""Mouse reporting and bracketed paste off, cursor shown, back from the alternate screen."""
SESSION_ENDED = b"hotseat: the host ended this session; every move shown was saved\r\n"
KEEPALIVE_INTERVAL = 5
KEEPALIVE_COUNT_MAX = 3
LOGIN_TIMEOUT = 30
OUTPUT_HIGH_WATER = 64 * 1024
"""Bytes waiting in a channel beyond which the child's pty is no longer read."""
SLOW_CLIENT_SECONDS = 15
HANGUP_GRACE = 2.0
CLOSE_GRACE = 2.0
CHUNK = 64 * 1024
FLUSH_CHUNKS = 16
SANE_TERM = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,63}")

Log = Callable[[str], None]


class HostError(Exception):
    """Why the host cannot start; its str is the one-line message."""


def log_line(text: str) -> None:
    """The host's log: one line on stderr, with the time."""
    print(f"{time.strftime('%H:%M:%S')} {text}", file=sys.stderr, flush=True)


def child_command(folder: Path, player: RemotePlayer) -> list[str]:
    """The command line of the app a session runs for `player`: in a session of its own
    whose controlling terminal is its pty (`setsid --ctty`), so that the kernel hangs it
    up if the host dies without a word; Python isolated (`-I`: no environment variables,
    no user site, not the working folder on the path); `--opt=value`, so that a name
    starting with a dash is still a value."""
    return [
        "setsid",
        "--ctty",
        sys.executable,
        "-I",
        "-m",
        "tui",
        f"--save-dir={folder}",
        f"--player={player.name}",
    ]


def sane_term(term_type: str | None) -> str:
    """The client's terminal type when it looks like a terminal name, else DEFAULT_TERM."""
    if term_type and SANE_TERM.fullmatch(term_type):
        return term_type
    return DEFAULT_TERM


HOST_SETTINGS = ("HOTSEAT_STATE_DIR", "XDG_STATE_HOME")
"""The host's own settings a session's app keeps: where per-user state lives."""


def child_env(term_type: str | None) -> dict[str, str]:
    """The whole environment of a session's app: the host's PATH, HOME and HOST_SETTINGS,
    UTF-8, and TERM."""
    env = {
        "PATH": os.environ.get("PATH", os.defpath),
        "HOME": os.path.expanduser("~"),
        "LANG": "C.UTF-8",
        "TERM": sane_term(term_type),
    }
    env.update({name: os.environ[name] for name in HOST_SETTINGS if name in os.environ})
    return env


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


def set_size(fd: int, width: int, height: int) -> None:
    """Size the pty behind `fd`; nonsense sizes fall back to DEFAULT_SIZE or LARGEST_SIZE."""
    columns = max(SMALLEST_SIZE[0], min(width, LARGEST_SIZE)) if width > 0 else DEFAULT_SIZE[0]
    rows = max(SMALLEST_SIZE[1], min(height, LARGEST_SIZE)) if height > 0 else DEFAULT_SIZE[1]
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


def signal_group(pid: int, signum: int) -> None:
    """Send `signum` to the process group the child leads (gone already is fine)."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signum)


def say(process: asyncssh.SSHServerProcess[bytes], line: str) -> None:
    """One line on the client's stderr, ended as its terminal needs."""
    end = "\r\n" if process.get_terminal_type() is not None else "\n"
    process.stderr.write((line + end).encode())


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


class Session:
    """One player's app on a pty of its own, joined to one SSH channel."""

    def __init__(
        self, host: Host, process: asyncssh.SSHServerProcess[bytes], player: RemotePlayer
    ) -> None:
        self._host = host
        self._process = process
        self._player = player
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        self._done = asyncio.Event()
        self._master = -1
        self._reading = False
        self._backlog: asyncio.Task[None] | None = None
        self.pid: int | None = None

    async def run(self) -> None:
        """Run the child until it exits, the client goes, or the host stops."""
        try:
            child = await self._start()
            if child is None:
                return
            status = await self._serve(child)
            self._process.exit(status)
        except (OSError, asyncssh.Error):
            pass
        finally:
            self._done.set()

    async def stop(self) -> None:
        """End the session (its child is hung up) and wait until it is over."""
        self._stop.set()
        await self._done.wait()

    async def _start(self) -> asyncio.subprocess.Process | None:
        """The child on a new pty, or None (and the client told) if it cannot start."""
        width, height = self._process.term_size[:2]
        master, slave = os.openpty()
        try:
            set_size(master, width, height)
            child = await asyncio.create_subprocess_exec(
                *child_command(self._host.folder, self._player),
                stdin=slave,
                stdout=slave,
                stderr=slave,
                env=child_env(self._process.get_terminal_type()),
                cwd=self._host.folder,
            )
        except OSError as error:
            os.close(master)
            self._host.log(f"the game could not start for {self._player.name}: {error}")
            say(self._process, "hotseat: the game could not start; please tell the host")
            self._process.exit(1)
            return None
        finally:
            os.close(slave)
        self._master = master
        self.pid = child.pid
        return child

    async def _serve(self, child: asyncio.subprocess.Process) -> int:
        """Pump bytes both ways until something ends the session; the child's exit status."""
        os.set_blocking(self._master, False)
        self._process.channel.set_write_buffer_limits(high=OUTPUT_HIGH_WATER)
        self._read_output()
        exited = asyncio.ensure_future(child.wait())
        pumped = asyncio.ensure_future(self._pump_input())
        ends = [exited, pumped, asyncio.ensure_future(self._stop.wait())]
        try:
            await asyncio.wait(ends, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in ends[1:]:
                task.cancel()
            hung_up = not exited.done()
            await self._hang_up(child, exited)
            self._pause_output()
            if self._backlog is not None:
                self._backlog.cancel()
            self._flush_output()
            os.close(self._master)
            if hung_up:
                self._restore_terminal()
        code = child.returncode or 0
        return code if code >= 0 else 128 - code

    def _restore_terminal(self) -> None:
        """After a hang-up the app could not restore the player's terminal: leave the
        alternate screen and mouse reporting, show the cursor, and say what happened."""
        with contextlib.suppress(Exception):  # the client may be gone already
            self._process.stdout.write(RESTORE + SESSION_ENDED)

    async def _hang_up(
        self, child: asyncio.subprocess.Process, exited: asyncio.Future[int]
    ) -> None:
        """SIGHUP to the child's group; SIGKILL to whatever of it is left after the child
        exits or HANGUP_GRACE passes."""
        signal_group(child.pid, signal.SIGHUP)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(exited), HANGUP_GRACE)
        signal_group(child.pid, signal.SIGKILL)
        await exited

    async def _pump_input(self) -> None:
        """The client's keys to the child, and its window changes to the pty."""
        while True:
            try:
                data = await self._process.stdin.read(CHUNK)
            except asyncssh.TerminalSizeChanged as change:
                set_size(self._master, change.width, change.height)
                if self.pid is not None:
                    signal_group(self.pid, signal.SIGWINCH)
                continue
            except (asyncssh.BreakReceived, asyncssh.SignalReceived):
                continue
            except (OSError, asyncssh.Error):
                return
            if not data:
                return
            if not await self._write_input(data):
                return

    async def _write_input(self, data: bytes) -> bool:
        """Write all of `data` to the pty, waiting while the child does not read; False if
        the pty is gone."""
        view = memoryview(data)
        while view:
            try:
                view = view[os.write(self._master, view) :]
            except BlockingIOError:
                await self._writable()
            except OSError:
                return False
        return True

    async def _writable(self) -> None:
        ready = self._loop.create_future()
        self._loop.add_writer(self._master, lambda: ready.done() or ready.set_result(None))
        try:
            await ready
        finally:
            self._loop.remove_writer(self._master)

    def _read_output(self) -> None:
        if not self._reading:
            self._loop.add_reader(self._master, self._on_output)
            self._reading = True

    def _pause_output(self) -> None:
        if self._reading:
            self._loop.remove_reader(self._master)
            self._reading = False

    def _on_output(self) -> None:
        """Pass what the child drew to the client; stop reading while the client lags."""
        try:
            data = os.read(self._master, CHUNK)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            self._pause_output()
            return
        try:
            self._process.stdout.write(data)
        except (OSError, asyncssh.Error):
            self._pause_output()
            self._stop.set()
            return
        if self._process.channel.get_write_buffer_size() > OUTPUT_HIGH_WATER:
            self._pause_output()
            self._backlog = asyncio.ensure_future(self._wait_for_client())

    async def _wait_for_client(self) -> None:
        """Resume reading once the client has caught up; cut it off if it does not."""
        try:
            await asyncio.wait_for(self._process.stdout.drain(), SLOW_CLIENT_SECONDS)
        except TimeoutError:
            self._host.log(
                f"{self._player.name} was disconnected: their terminal stopped reading for "
                f"{SLOW_CLIENT_SECONDS} s"
            )
            self._process.channel.get_connection().abort()
            self._stop.set()
            return
        except (OSError, asyncssh.Error):
            self._stop.set()
            return
        if not self._stop.is_set():
            self._read_output()

    def _flush_output(self) -> None:
        """The child's last words (e.g. leaving the alternate screen), if the client is there."""
        for _ in range(FLUSH_CHUNKS):
            try:
                data = os.read(self._master, CHUNK)
                if not data:
                    return
                self._process.stdout.write(data)
            except (OSError, asyncssh.Error):
                return


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
