"""One player's session at `hotseat host`: the app in a child process on a pty of its own,
joined to one SSH channel.

The child is `setsid --ctty python -I -m tui --save-dir=FOLDER --player=NAME`
(`child_command`): a session of its own whose controlling terminal is that pty, so the kernel
hangs it up even if the host dies without a word; it runs in the save folder with a clean
environment (`child_env`: PATH, HOME, where state lives, LANG=C.UTF-8 and a sane TERM;
never what the client sends). The pty starts at the client's terminal size (TIOCSWINSZ,
kept between SMALLEST_SIZE and LARGEST_SIZE), and each window change from the client
resizes it. Bytes flow through two pumps: the pty master is read with `loop.add_reader`
into the channel, and the channel's input is written to the master.

A client that stops reading cannot stall the host: while its channel's buffer is full the
pty is not read (so only that child blocks), and after SLOW_CLIENT_SECONDS it is cut off.
A session that ends for any reason hangs up its child (SIGHUP to its process group, SIGKILL
after HANGUP_GRACE seconds) and reaps it, and after a hang-up restores the player's terminal
(the app could not) and says so.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import re
import signal
import struct
import sys
import termios
from pathlib import Path
from typing import TYPE_CHECKING

import asyncssh

from remote.players import RemotePlayer

if TYPE_CHECKING:
    from remote.server import Host

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
OUTPUT_HIGH_WATER = 64 * 1024
"""Bytes waiting in a channel beyond which the child's pty is no longer read."""
SLOW_CLIENT_SECONDS = 15
HANGUP_GRACE = 2.0
CHUNK = 64 * 1024
FLUSH_CHUNKS = 16
SANE_TERM = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,63}")


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
