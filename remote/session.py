"""One player's session at `hotseat host`: the app in a child process on a pty of its own,
joined to one SSH channel.

The child is `setsid --ctty python -I -m hotseat --save-dir=FOLDER --player=NAME`
(`child_command`): a session of its own whose controlling terminal is that pty, so the kernel
hangs it up even if the host dies without a word; it runs in the save folder with a clean
environment (`child_env`: PATH, HOME, where state and settings live, LANG=C.UTF-8 and a
sane TERM; never what the client sends: `SessionChannel` refuses every environment variable
and keeps none) and under a limit of its address space (RLIMIT_AS, APP_MEMORY by default),
so that no app can take the machine. The pty starts at the client's terminal size (TIOCSWINSZ, kept
between SMALLEST_SIZE and LARGEST_SIZE), and each window change from the client resizes it.

Bytes flow through two pumps. The pty master is read with `loop.add_reader` into the
channel, and `TerminalModes` follows which modes that output turns on. The channel's input
passes `InputLimit` (keys at a bounded rate, large pastes dropped whole) and what passes is
written to the master without waiting: what an app that does not read its keys cannot take
is dropped, never buffered. So the pump always reads on, and a lost connection ends the
session at once.

A client that stops reading cannot stall the host: while its channel's buffer is full the
pty is not read (so only that child blocks), and after SLOW_CLIENT_SECONDS it is cut off.
A session that ends for any reason hangs up its child (SIGHUP to its process group, SIGKILL
after HANGUP_GRACE seconds) and reaps it. When the app ended without giving the player's
terminal back (killed, or hung up by the host), the host restores it (`RESTORE`) and says in
one line what happened.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import re
import resource
import signal
import struct
import sys
import termios
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, cast

import asyncssh
from asyncssh.packet import SSHPacket
from asyncssh.sftp import MIN_SFTP_VERSION

from remote.registry import Registry
from remote.terminal import (
    PASTE_LIMIT,
    RESTORE,
    InputLimit,
    TerminalModes,
)
from saves.players import PlayersError, RemotePlayer
from tui.i18n import N_, _, choose, language, ngettext, use

if TYPE_CHECKING:
    from remote.server import Host

DEFAULT_TERM = "xterm-256color"
DEFAULT_SIZE = (80, 24)
SMALLEST_SIZE = (20, 6)
"""Columns and rows below which the app cannot draw; smaller windows are padded to it."""
LARGEST_SIZE = 400
"""Columns and rows beyond this are a client's mistake, not a terminal."""
APP_MEMORY = 1024**3
"""Bytes of address space an app may map (RLIMIT_AS) unless the host says otherwise: about
four times what an app at a busy table maps, and a bound on what one player can take."""
MAX_CHANNELS = 10
"""Session channels one connection may have open at once (OpenSSH's MaxSessions)."""
# The last line a player reads when their session ends, in their language (`in_language_of`).
SESSION_ENDED = N_("hotseat: the host ended this session; every move shown was saved")
APP_ENDED = N_("hotseat: the game ended unexpectedly; every move shown was saved")
REMOVED = N_("hotseat: your key is no longer registered here; every move shown was saved")
FLOODED = N_("hotseat: too much input (a huge paste?); every move shown was saved")
FLOOD_BYTES = 1024 * 1024
"""Bytes of a player's input dropped within FLOOD_SECONDS that end their session: far beyond
any typing or honest paste, and ended early, since every byte costs the host decrypting."""
FLOOD_SECONDS = 10.0
REGISTRY_POLL = 1.0
"""Seconds between a session's looks at the registry (each one `stat` while it is unchanged):
a player removed, or whose name was given another key, loses their sessions this soon."""
FRESH_LINE = b"\x18\x1b[0m\r\n"
"""What comes before the host's last line when the app left no mode on: any escape sequence
cut off ended, colours reset, a line of its own."""
OUTPUT_HIGH_WATER = 64 * 1024
"""Bytes waiting in a channel beyond which the child's pty is no longer read."""
SLOW_CLIENT_SECONDS = 15
HANGUP_GRACE = 2.0
RESIZE_EVERY = 0.1
"""Seconds between two window changes passed on to an app (the last one always is)."""
CHUNK = 64 * 1024
FLUSH_CHUNKS = 16
SANE_TERM = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,63}")

Serve = Callable[[asyncssh.SSHServerProcess[bytes]], Awaitable[None]]


def child_command(folder: Path, player: RemotePlayer, delay: float | None = None) -> list[str]:
    """The command line of the app a session runs for `player`: in a session of its own
    whose controlling terminal is its pty (`setsid --ctty`), so that the kernel hangs it
    up if the host dies without a word; Python isolated (`-I`: no environment variables,
    no user site, not the working folder on the path); `--opt=value`, so that a name
    starting with a dash is still a value. `delay`: the host's pace of computer moves
    (None: the app's own)."""
    pace = [] if delay is None else [f"--delay={delay}"]
    return [
        "setsid",
        "--ctty",
        sys.executable,
        "-I",
        "-m",
        "hotseat",
        f"--save-dir={folder}",
        f"--player={player.name}",
        *pace,
    ]


def sane_term(term_type: str | None) -> str:
    """The client's terminal type when it looks like a terminal name, else DEFAULT_TERM."""
    if term_type and SANE_TERM.fullmatch(term_type):
        return term_type
    return DEFAULT_TERM


HOST_SETTINGS = (
    "HOTSEAT_STATE_DIR",
    "XDG_STATE_HOME",
    "HOTSEAT_CONFIG_DIR",
    "XDG_CONFIG_HOME",
    "HOTSEAT_LOCALE_DIR",
)
"""The host's own settings a session's app keeps: where per-user state and settings (each
player's language) live, and the catalogs of the languages."""


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


def set_size(fd: int, width: int, height: int) -> None:
    """Size the pty behind `fd`; nonsense sizes fall back to DEFAULT_SIZE or LARGEST_SIZE."""
    columns = max(SMALLEST_SIZE[0], min(width, LARGEST_SIZE)) if width > 0 else DEFAULT_SIZE[0]
    rows = max(SMALLEST_SIZE[1], min(height, LARGEST_SIZE)) if height > 0 else DEFAULT_SIZE[1]
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


def limit_memory(pid: int, limit: int) -> None:
    """Let process `pid` map at most `limit` bytes (RLIMIT_AS; never above the host's own
    hard limit). An app past it fails to allocate and ends; the machine is unharmed."""
    hard = resource.getrlimit(resource.RLIMIT_AS)[1]
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    with contextlib.suppress(ProcessLookupError):
        resource.prlimit(pid, resource.RLIMIT_AS, (limit, limit))


def signal_group(pid: int, signum: int) -> None:
    """Send `signum` to the process group the child leads (gone already is fine)."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signum)


@contextlib.contextmanager
def in_language_of(player: RemotePlayer) -> Iterator[None]:
    """Words made inside are in the language `player`'s app speaks (the one they chose in
    it, else English), not the host's; the host's own language again after."""
    host_language = language()
    use(choose(None, child_env(None), player.name))
    try:
        yield
    finally:
        use(host_language)


def say(process: asyncssh.SSHServerProcess[bytes], line: str) -> None:
    """One line on the client's stderr, ended as its terminal needs."""
    end = "\r\n" if process.get_terminal_type() is not None else "\n"
    process.stderr.write((line + end).encode())


def registered(registry: Registry, player: RemotePlayer) -> bool:
    """False once `player` is no longer registered as they logged in: removed, or their name
    registered again with another key. A registry that cannot be read ends no session (no
    one logs in meanwhile)."""
    try:
        return player in registry.players()
    except PlayersError:
        return True


def ended_badly(name: str, code: int) -> str:
    """The host's log line for the game of `name` that ended with exit code `code`."""
    if code < 0:
        return _("the game of {name} was killed by signal {signal}").format(name=name, signal=-code)
    return _("the game of {name} exited with status {code}").format(name=name, code=code)


class SessionChannel(asyncssh.SSHServerChannel[bytes]):
    """A session channel that refuses every environment variable a client sends and keeps
    none of them (asyncssh's own channel keeps them all, with no limit; the app's
    environment is `child_env` anyway)."""

    def _process_env_request(self, packet: SSHPacket) -> bool:
        return False


class Channels:
    """One connection's session channels: at most MAX_CHANNELS open at once, as OpenSSH's
    MaxSessions (one more is refused, its reason one line); each a SessionChannel whose
    session is `serve`."""

    def __init__(self, serve: Serve) -> None:
        self._serve = serve
        self._open: list[asyncssh.SSHServerChannel[bytes]] = []

    def open(
        self, conn: asyncssh.SSHServerConnection
    ) -> tuple[SessionChannel, asyncssh.SSHServerProcess[bytes]]:
        """A new session channel on `conn` and its session; ChannelOpenError if `conn`
        has MAX_CHANNELS open already."""
        self._open = [channel for channel in self._open if not channel.is_closing()]
        if len(self._open) >= MAX_CHANNELS:
            raise asyncssh.ChannelOpenError(
                asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED,
                _("hotseat: too many sessions on one connection (at most {count})").format(
                    count=MAX_CHANNELS
                ),
            )
        channel = conn.create_server_channel()
        # asyncssh builds the channel from the connection's options and has no setting
        # for env requests: the channel becomes the subclass that refuses them.
        channel.__class__ = SessionChannel
        self._open.append(channel)
        process: asyncssh.SSHServerProcess[bytes]
        process = asyncssh.SSHServerProcess(self._serve, None, MIN_SFTP_VERSION, False)
        return cast(SessionChannel, channel), process


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
        self._reason = SESSION_ENDED
        self._master = -1
        self._reading = False
        self._backlog: asyncio.Task[None] | None = None
        self._input = InputLimit()
        self._size: tuple[int, int] | None = None
        """The window size the client asked for last, until it is applied."""
        self._resizing: asyncio.TimerHandle | None = None
        self._flood_since = self._loop.time()
        self._flood_mark = 0
        """When the current flood window began, and the bytes dropped before it."""
        self._unwritten = 0
        self._modes = TerminalModes()
        self.pid: int | None = None

    @property
    def player(self) -> RemotePlayer:
        return self._player

    @property
    def dropped(self) -> int:
        """Bytes of the player's input that never reached the app."""
        return self._input.dropped + self._unwritten

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

    async def stop(self, reason: str = SESSION_ENDED) -> None:
        """End the session (its child is hung up, the player told `reason` in one line)
        and wait until it is over."""
        if not self._stop.is_set():
            self._reason = reason
            self._stop.set()
        await self._done.wait()

    async def _start(self) -> asyncio.subprocess.Process | None:
        """The child on a new pty, or None (and the client told) if it cannot start."""
        width, height = self._process.term_size[:2]
        master, slave = os.openpty()
        try:
            set_size(master, width, height)
            child = await asyncio.create_subprocess_exec(
                *child_command(self._host.folder, self._player, self._host.delay),
                stdin=slave,
                stdout=slave,
                stderr=slave,
                env=child_env(self._process.get_terminal_type()),
                cwd=self._host.folder,
            )
        except OSError as error:
            os.close(master)
            self._host.log(
                _("the game could not start for {name}: {error}").format(
                    name=self._player.name, error=error
                )
            )
            with in_language_of(self._player):
                say(self._process, _("hotseat: the game could not start; please tell the host"))
            self._process.exit(1)
            return None
        finally:
            os.close(slave)
        limit_memory(child.pid, self._host.app_memory)
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
        removed = asyncio.ensure_future(self._watch_registry())
        ends = [exited, pumped, removed, asyncio.ensure_future(self._stop.wait())]
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
            if self._resizing is not None:
                self._resizing.cancel()
            os.close(self._master)
            self._master = -1
            self._give_terminal_back(hung_up)
            self._log_end(hung_up, child.returncode or 0)
        code = child.returncode or 0
        return code if code >= 0 else 128 - code

    async def _watch_registry(self) -> None:
        """Return once the player is no longer registered, the reason set."""
        while registered(self._host.registry, self._player):
            await asyncio.sleep(REGISTRY_POLL)
        self._reason = REMOVED
        self._host.log(
            _("{name}'s session ended: their key is no longer registered").format(
                name=self._player.name
            )
        )

    def _give_terminal_back(self, hung_up: bool) -> None:
        """When the app did not end by itself, or ended leaving modes on (it was killed),
        turn those modes off and say in one line what happened."""
        if hung_up:
            line = self._reason
        elif self._modes.left_on:
            line = APP_ENDED
        else:
            return
        start = RESTORE if self._modes.left_on else FRESH_LINE
        with in_language_of(self._player):
            line = _(line)
        with contextlib.suppress(OSError, asyncssh.Error):  # the client may be gone already
            self._process.stdout.write(start + line.encode() + b"\r\n")

    def _log_end(self, hung_up: bool, code: int) -> None:
        """A line in the host's log when the app ended badly or input was dropped."""
        name = self._player.name
        if not hung_up and code:
            self._host.log(ended_badly(name, code))
        if self.dropped:
            self._host.log(
                ngettext(
                    "{count} byte of {name}'s input was dropped (too fast, a paste over "
                    "{limit} bytes, or while the app was not reading)",
                    "{count} bytes of {name}'s input were dropped (too fast, a paste over "
                    "{limit} bytes, or while the app was not reading)",
                    self.dropped,
                ).format(count=self.dropped, name=name, limit=PASTE_LIMIT)
            )

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
        """The client's keys to the child (as far as InputLimit lets them through), and its
        window changes to the pty; returns when the client's input ends or the pty is gone."""
        while True:
            try:
                data = await self._process.stdin.read(CHUNK)
            except asyncssh.TerminalSizeChanged as change:
                self._resize(change.width, change.height)
                continue
            except (asyncssh.BreakReceived, asyncssh.SignalReceived):
                continue
            except (OSError, asyncssh.Error):
                return
            if not data:
                return
            if not self._write_input(self._input.admit(data)):
                return
            if self._flooding():
                self._reason = FLOODED
                self._host.flooded(self._player)
                return

    def _flooding(self) -> bool:
        """True once more than FLOOD_BYTES of input were dropped within FLOOD_SECONDS."""
        now = self._loop.time()
        if now - self._flood_since > FLOOD_SECONDS:
            self._flood_since, self._flood_mark = now, self._input.dropped
        return self._input.dropped - self._flood_mark > FLOOD_BYTES

    def _resize(self, width: int, height: int) -> None:
        """Size the pty as the client's window, at most every RESIZE_EVERY seconds: the app
        redraws the whole screen on each change, so a flood of them is taken as its last."""
        self._size = (width, height)
        if self._resizing is None:
            self._apply_size()

    def _apply_size(self) -> None:
        """Apply the size asked for last, if any, and look again in RESIZE_EVERY seconds."""
        self._resizing = None
        if self._size is None or self._master < 0:
            return
        (width, height), self._size = self._size, None
        with contextlib.suppress(OSError):
            set_size(self._master, width, height)
        if self.pid is not None:
            signal_group(self.pid, signal.SIGWINCH)
        self._resizing = self._loop.call_later(RESIZE_EVERY, self._apply_size)

    def _write_input(self, data: bytes) -> bool:
        """Write to the pty what it takes of `data` now and drop the rest: an app that does
        not read its keys gets no more of them. False if the pty is gone."""
        if not data:
            return True
        try:
            written = os.write(self._master, data)
        except BlockingIOError:
            written = 0
        except OSError:
            return False
        self._unwritten += len(data) - written
        return True

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
        self._modes.feed(data)
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
                _("{name} was disconnected: their terminal stopped reading for {seconds} s").format(
                    name=self._player.name, seconds=SLOW_CLIENT_SECONDS
                )
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
        for _chunk in range(FLUSH_CHUNKS):
            try:
                data = os.read(self._master, CHUNK)
                if not data:
                    return
                self._modes.feed(data)
                self._process.stdout.write(data)
            except (OSError, asyncssh.Error):
                return
