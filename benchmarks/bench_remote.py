"""What playing over SSH costs: `hotseat host` serving registered players on loopback, each
figure against an anchor measured in the same run.

The host is `python -m hotseat host` as a process of its own (so its memory and CPU are its
own), on 127.0.0.1 and a free port, serving a scratch save folder with registered players
(a new ed25519 key each) and a few 3 x 3 tables for each pair of them. Each player also
has a table of their own against a computer where it is their turn ("NAME-at-the-
table"), made last so that it heads their save list. Players connect with asyncssh's
client (an 80 x 24 xterm-256color pty), a few at a time (as people arrive; the host
admits only a few unauthenticated connections from one source at once); what each terminal receives
is drawn by pyte as it arrives, noting when each chunk came. The local anchor runs the
very command and environment the host gives a session (`remote.server.child_command` /
`child_env`) on a pty opened here, read by the same event loop.

A key is timed from writing it to the first chunk that changes the picture (the echo),
and to the chunk that completes the picture that key showed before (the full repaint);
then the output must go quiet (QUIET s). At a table the key is `right` or `left` in
turn (the hand's cursor moves between two cards), on the home screen `down` or `up`. A
key that shows anything else is not counted ("lost") and the two pictures are learnt
again.

echo     Key to echo at a table, over SSH (Ann at her table) against the local pty (Bob
         at his), one key each in turn in the same run. p50 and p95 of each; targets:
         SSH at most 2x local, for p50 and for p95.
move     A move appearing on the other terminal: Ann and Bob open the same 3 x 3 table
         from their home screens; the player whose footer offers Enter presses it (the
         table's cursor always sits on a legal move; an Enter held back is pressed again
         after RETRY s). From the commit (the benchmark polls `SELECT moves FROM games`
         on a connection of its own every POLL_DB s) until the other terminal received
         bytes that change its picture. n, p50, p95; target: p95 at most 0.5 s (absolute;
         the anchor shown is the table's poll interval, tui/screens/table.py).
players  Every player at their table, all timed: N = 1, 8, 16, 32, 96 players connected,
         each pressing a key every PACE s once the last one showed. At each N, WINDOWS
         windows of keys; p50 and p95 of all players' keys in each window, and the
         median of the windows is the figure at N, against the same at 1 player. The
         commits every app sees meanwhile are the sessions' heartbeats (one every 5 s
         each), so at every look some other terminal has committed. Also the CPU the
         host and its apps used, and this benchmark's own (its clients share the cores).
crowd    At CROWD players (32): the same windows with and without OWNED tables owned by
         one more registered player who is not connected, taken in turn (the tables are
         stored between two windows and deleted after the next), WINDOWS of each.
         Target: p50 and p95 with at most 1.2x those without (the medians of windows).
memory   Memory per connected player: VmRSS (/proc, with the process's descendants) of
         each session's app at its table at the largest N, plus the host's own growth per
         session (its RSS at the largest N against one session), against a bare Textual
         app (benchmarks/bare_app.py) on a local pty (median of runs, taken in turn with a
         local `hotseat --player Ann` on its home screen, printed for reference). Target:
         at most 1.5x, as for the app's memory in bench_saves.py.
paste    8 players (4 with --quick) at their tables, timed as above, in windows without
         and with one more player at their table pasting PASTE_BYTES (20 MB) into their
         app: one bracketed paste (ESC[200~ ... ESC[201~) written as fast as the channel takes it,
         again and again until the window ends. That player runs in a process of their own
         (so that encrypting the paste never holds up the loop that times the others'
         keys); their client's CPU is shown. WINDOWS of each, in turn. Targets: p50 and
         p95 with at most 1.5x those without (the medians of windows); the pasting
         player's app, found among the host's children by its `--player=NAME`, keeps
         running, its peak RSS (VmHWM) under its memory limit (RLIMIT_AS, /proc limits;
         its VmPeak is printed too).
logins   Failed logins one source gets through: for LOGIN_SECONDS, one client on
         127.0.0.2 connects again and again, offering wrong keys (many a connection)
         until the host lets it go; counted are the keys the host answered. Reported a
         minute, with how long a registered player on 127.0.0.1 then takes to reach the
         home screen.

Every process started here is stopped at the end: the host by SIGTERM (it hangs up its
sessions), local apps by their process group, any app the host left by its pid, the
pasting player's process by its end of the paste (SIGTERM if it lingers).

Run from the project folder:

    python benchmarks/bench_remote.py [--quick] [--only echo|move|players|paste|logins]
                                      [--players N]

--quick takes fewer keys and moves, stops at 8 players, compares with and without the
owned tables at 8 and with and without the paste at 4 (about four minutes); --only may be
repeated (players includes crowd and memory); --players N takes the players part on to N
players (the crowd is at N when N is less than CROWD).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import math
import multiprocessing
import os
import random
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import time
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field, replace
from multiprocessing.sharedctypes import Synchronized
from multiprocessing.synchronize import Event as EventType
from pathlib import Path
from typing import Any

import asyncssh
import pyte

from remote.players import Players
from remote.server import child_command
from remote.server import child_env as session_env
from remote.terminal import PASTE_END, PASTE_START
from rules import get_game
from saves import PlayerSpec, SaveRecord, SaveStore
from saves.database import FILENAME
from tui.model import POLL_INTERVAL, GameSession, parse_players, registered_names

from common import (
    HERE,
    ROOT,
    Figure,
    Series,
    child_env,
    open_terminal,
    percentile,
    run_parts,
    spawn_on_terminal,
)

COLUMNS, LINES = 80, 24
TERM = "xterm-256color"
KEYS = {
    "down": b"\x1b[B",
    "up": b"\x1b[A",
    "right": b"\x1b[C",
    "left": b"\x1b[D",
    "enter": b"\r",
}
HOME_KEYS = ("down", "up")
"""The keys that move the home screen's cursor between two saves and back."""
TABLE_KEYS = ("right", "left")
"""The keys that move a 3 x 3 hand's cursor between two cards and back."""
CHUNK = 65536

QUIET = 0.15
"""Seconds without output after which a terminal has drawn everything."""
WAIT = 60.0
"""Seconds something that should appear may take (apps start slowly on a busy host)."""
ECHO_TIMEOUT = 5.0
"""Seconds a key may take to show; longer is a lost key (the picture is learnt again)."""
POLL_DB = 0.003
"""Seconds between the benchmark's looks at the move count."""
RETRY = 1.0
"""Seconds after which an Enter that stored no move is pressed again."""
PACE = (0.4, 0.6)
"""Seconds a player waits, once their last key showed, before the next one."""
ARRIVING = 8
"""Players whose apps start and open their table at the same time."""
HANDSHAKES = 3
"""Players logging in at the same time: fewer than the host admits unauthenticated
connections from one source (remote/door.py)."""
CROWD = 32
"""Players at their tables while the tables of another player are stored and deleted."""
OWNED = 5000
"""Tables of that other player (each against a computer)."""
LOGIN_SOURCE = "127.0.0.2"
"""Where the failed logins come from (the players connect from 127.0.0.1)."""
WRONG_KEYS = 10
"""Keys offered on each connection of the failed logins (more than any host allows)."""

ECHO_TARGET = 2.0
MOVE_TARGET_MS = 500.0
MEMORY_TARGET = 1.5
CROWD_TARGET = 1.2
PASTE_TARGET = 1.5
SERVED_MS = 100.0

PROBE, OPPONENT = "Ann", "Bob"
OWNER = "Owner"
"""The registered player who owns OWNED tables and never connects."""
TABLE = "table"
SEED = 1474
"""The 3 x 3 deal at TABLE."""
OWN_TABLES = 3
"""Tables each pair of players shares besides their own, so a save list has rows."""


@dataclass
class Plan:
    echo_keys: int
    """Keys timed on each side for echo."""
    moves: int
    levels: tuple[int, ...]
    crowd: int
    """Players at which the tables of another player are stored and deleted."""
    windows: int
    """Windows of keys at each level (and of each kind at the crowd)."""
    keys: int
    """Keys each player presses in a window, at least."""
    samples: int
    """Keys a window times in all, at least (fewer players press more keys each)."""
    memory_runs: int
    login_seconds: float
    paste_players: int
    """Players timed while one more pastes."""


QUICK = Plan(
    echo_keys=20,
    moves=10,
    levels=(1, 4, 8),
    crowd=8,
    windows=3,
    keys=6,
    samples=16,
    memory_runs=3,
    login_seconds=10.0,
    paste_players=4,
)
FULL = Plan(
    echo_keys=60,
    moves=30,
    levels=(1, 8, 16, 32, 96),
    crowd=CROWD,
    windows=3,
    keys=10,
    samples=40,
    memory_runs=5,
    login_seconds=30.0,
    paste_players=8,
)


def up_to(top: int) -> tuple[int, ...]:
    """FULL's levels below `top`, and `top`."""
    return (*(n for n in FULL.levels if n < top), top)


def player_names(count: int) -> list[str]:
    """PROBE, OPPONENT, then P03, P04, ...: `count` names."""
    return [PROBE, OPPONENT, *(f"P{i:02d}" for i in range(3, count + 1))][:count]


def players_text(count: int) -> str:
    return f"{count} player" + ("" if count == 1 else "s")


def own_table(name: str) -> str:
    """The name of `name`'s table against a computer, where it is their turn."""
    return f"{name}-at-the-table"


# ---- the scratch folder: players, keys, tables ----------------------------------------


@dataclass
class Folder:
    """A save folder with registered players and their private keys."""

    path: Path
    keys: dict[str, asyncssh.SSHKey]


def prepare(work: Path, players: int, *, shared: bool = False) -> Folder:
    """A new save folder in `work`: `players` registered players (one more if odd) and
    OWNER, OWN_TABLES tables for each pair of them (PROBE and OPPONENT, P03 and P04, ...);
    then each player's own table (`own_table`), or with `shared` TABLE for PROBE and
    OPPONENT, made last so that they head the save lists."""
    path = work / f"saves-{len(list(work.glob('saves-*')))}"
    keys_dir = work / "keys"
    keys_dir.mkdir(exist_ok=True)
    names = player_names(players + players % 2)
    registry = Players(path)
    keys = {}
    for name in [*names, OWNER]:
        key = asyncssh.generate_private_key("ssh-ed25519", comment=f"{name}@bench")
        public = keys_dir / f"{path.name}-{name}.pub"
        key.write_public_key(public)
        registry.add(name, public)
        keys[name] = key
    store = SaveStore(path)
    for first, second in zip(names[::2], names[1::2], strict=True):
        for n in range(OWN_TABLES):
            new_table(store, path, f"{first}-{second}-{n + 1}", first, second, SEED + n + 1)
    if shared:
        new_table(store, path, TABLE, PROBE, OPPONENT, SEED)
    else:
        for name in names:
            new_table(store, path, own_table(name), name, "cpu:Cy", first_to_move(name))
    store.close()
    return Folder(path, keys)


def new_table(
    store: SaveStore, folder: Path, name: str, first: str, second: str, seed: int
) -> None:
    """A 3 x 3 table of registered player `first` and `second` (a registered player, or
    a computer as `--players` writes one), made at `first`'s terminal."""
    other = second if second.startswith("cpu:") else f"remote:{second}"
    specs = registered_names(parse_players(f"remote:{first},{other}"), folder)
    GameSession.create(store, "3x3", specs, seed, name=name, player=first).close()


def first_to_move(name: str) -> int:
    """A seed from SEED on whose 3 x 3 deal `name`, in the first seat, moves first."""
    game = get_game("3x3")
    seed = SEED
    while game.to_act(game.new_game([name, "Cy"], seed)) != [0]:
        seed += 1
    return seed


def store_owned(folder: Path) -> None:
    """OWNED tables of OWNER against a computer, each stored as a new game is."""
    store = SaveStore(folder)
    try:
        players = [PlayerSpec(OWNER, "remote"), PlayerSpec("Cy", "computer")]
        for n in range(OWNED):
            store.create(f"owned-{n:05d}", SaveRecord.new("3x3", players, SEED + n))
    finally:
        store.close()


def delete_owned(folder: Path) -> None:
    """Delete OWNER's tables again (with their moves and their seats in the index)."""
    store = SaveStore(folder)
    try:
        with store.database.transaction() as db:
            db.execute("DELETE FROM games WHERE name LIKE 'owned-%'")
    finally:
        store.close()


# ---- terminals -------------------------------------------------------------------------

Cells = tuple[tuple[Any, ...], ...]


class Watch:
    """A condition on a terminal's screen and the arrival of the chunk after which it first
    held."""

    def __init__(self, ready: Callable[[], bool]) -> None:
        self.ready = ready
        self.hit: float | None = None
        self.event = asyncio.Event()


class Terminal(ABC):
    """One player's terminal: every chunk it receives is drawn by pyte (while `drawing`)
    as it arrives, and the conditions watched are checked after each chunk."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.screen = pyte.Screen(COLUMNS, LINES)
        self.stream = pyte.ByteStream(self.screen)
        self.drawing = True
        self.received = 0
        self.last_arrival = time.perf_counter()
        self.ended = False
        self._watches: list[Watch] = []

    def received_data(self, data: bytes) -> None:
        now = time.perf_counter()
        self.received += len(data)
        self.last_arrival = now
        if not self.drawing:
            return
        self.stream.feed(data)
        for watch in self._watches:
            if watch.hit is None and watch.ready():
                watch.hit = now
                watch.event.set()

    def closed(self) -> None:
        self.ended = True
        for watch in self._watches:
            watch.event.set()

    @abstractmethod
    def send(self, data: bytes) -> None:
        """Type `data` at this terminal."""

    @abstractmethod
    async def close(self) -> None:
        """End this terminal's app or connection."""

    def cells(self) -> Cells:
        """Every cell of the screen now: character and attributes."""
        buffer = self.screen.buffer
        return tuple(tuple(buffer[y][x] for x in range(COLUMNS)) for y in range(LINES))

    @property
    def text(self) -> str:
        return "\n".join(self.screen.display)

    def watch(self, ready: Callable[[], bool]) -> Watch:
        """Start watching for `ready()` to hold (checked after each chunk that arrives)."""
        watch = Watch(ready)
        self._watches.append(watch)
        if self.ended:
            watch.event.set()
        return watch

    def unwatch(self, watch: Watch) -> float | None:
        """End `watch`: the arrival of the chunk after which it held, None if it never did."""
        self._watches.remove(watch)
        return watch.hit

    async def wait(self, watch: Watch, timeout: float = WAIT) -> float:
        """The arrival of the chunk after which `watch` held; TimeoutError after `timeout`
        seconds. The watch ends."""
        try:
            await asyncio.wait_for(watch.event.wait(), timeout)
        finally:
            self._watches.remove(watch)
        if watch.hit is None:
            raise RuntimeError(f"{self.label}: the terminal closed:\n{self.text}")
        return watch.hit

    async def until(self, ready: Callable[[], bool], timeout: float = WAIT) -> float:
        """Wait until `ready()` holds: the arrival of the chunk after which it did (now, if
        it holds already)."""
        if ready():
            return time.perf_counter()
        return await self.wait(self.watch(ready), timeout)

    async def shows(self, text: str, timeout: float = WAIT) -> None:
        try:
            await self.until(lambda: text in self.text, timeout)
        except TimeoutError:
            raise RuntimeError(f"{self.label}: {text!r} never showed:\n{self.text}") from None

    async def quiet(self, seconds: float = QUIET, timeout: float = WAIT) -> None:
        """Wait until nothing came for `seconds`."""
        deadline = time.perf_counter() + timeout
        while (idle := time.perf_counter() - self.last_arrival) < seconds:
            if time.perf_counter() > deadline:
                raise RuntimeError(f"{self.label}: the output never went quiet:\n{self.text}")
            await asyncio.sleep(seconds - idle)


class LocalTerminal(Terminal):
    """A child process on a pty opened here, read by this event loop. With `new_session`
    it is started in a session of its own; without, `command` makes its own (as
    `setsid --ctty` does for a session's app: started as the leader of a process group,
    setsid would fork, and `proc` would be a parent that has exited at once)."""

    def __init__(
        self,
        label: str,
        command: Sequence[str],
        env: dict[str, str],
        cwd: Path,
        *,
        new_session: bool = True,
    ) -> None:
        super().__init__(label)
        if new_session:
            self.proc, self.master = spawn_on_terminal(command, env, cwd, (COLUMNS, LINES))
        else:
            self.master, slave = open_terminal((COLUMNS, LINES))
            self.proc = subprocess.Popen(
                command, cwd=cwd, env=env, stdin=slave, stdout=slave, stderr=slave
            )
            os.close(slave)
        os.set_blocking(self.master, False)
        self._loop = asyncio.get_running_loop()
        self._loop.add_reader(self.master, self._readable)

    def _readable(self) -> None:
        try:
            data = os.read(self.master, CHUNK)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if data:
            self.received_data(data)
        else:
            self._loop.remove_reader(self.master)
            self.closed()

    def send(self, data: bytes) -> None:
        os.write(self.master, data)

    async def close(self) -> None:
        self._loop.remove_reader(self.master)
        await stop_process(self.proc)
        os.close(self.master)


class SshTerminal(Terminal):
    """A session through the host with asyncssh's client."""

    def __init__(
        self, label: str, conn: asyncssh.SSHClientConnection, process: asyncssh.SSHClientProcess
    ) -> None:
        super().__init__(label)
        self.conn = conn
        self.process = process
        self._reader = asyncio.ensure_future(self._read())

    @classmethod
    async def open(cls, port: int, name: str, key: asyncssh.SSHKey) -> SshTerminal:
        conn = await asyncssh.connect(
            "127.0.0.1", port, client_keys=[key], known_hosts=None, agent_path=None
        )
        process = await conn.create_process(
            term_type=TERM, term_size=(COLUMNS, LINES), encoding=None
        )
        return cls(f"{name} over SSH", conn, process)

    async def _read(self) -> None:
        with contextlib.suppress(asyncssh.Error, OSError):
            while data := await self.process.stdout.read(CHUNK):
                self.received_data(data)
        self.closed()

    def send(self, data: bytes) -> None:
        self.process.stdin.write(data)

    async def close(self) -> None:
        self.conn.close()
        with contextlib.suppress(asyncssh.Error, OSError):
            await asyncio.wait_for(self.conn.wait_closed(), 10)
        self._reader.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._reader


async def stop_process(proc: subprocess.Popen[bytes]) -> None:
    """SIGTERM to the process group `proc` leads (to `proc` alone if it leads none yet),
    SIGKILL if it is still there after 5 s."""
    for signum in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(proc.pid, signum)
        except ProcessLookupError:
            with contextlib.suppress(ProcessLookupError):
                proc.send_signal(signum)
        for _ in range(100):
            if proc.poll() is not None:
                return
            await asyncio.sleep(0.05)


def scratch_home(folder: Path) -> Path:
    """The home folder the apps get (beside `folder`), so that nothing they might write
    (a crash log) lands in the user's own."""
    home = folder.parent / "home"
    home.mkdir(mode=0o700, exist_ok=True)
    return home


def app_env(folder: Path) -> dict[str, str]:
    """The environment the host gives a session's app, with the scratch home."""
    return {**session_env(TERM), "HOME": str(scratch_home(folder))}


def local_app(folder: Path, name: str) -> LocalTerminal:
    """`name`'s app exactly as the host starts it for a session, on a pty here."""
    player = Players(folder).named(name)
    assert player is not None
    command = child_command(folder, player)
    label = f"{name} on a local pty"
    return LocalTerminal(label, command, app_env(folder), folder, new_session=False)


# ---- the host ---------------------------------------------------------------------------


@dataclass
class Host:
    """`python -m hotseat host` running as a child process."""

    proc: subprocess.Popen[bytes]
    port: int
    log: Path
    apps: set[int] = field(default_factory=set)
    """Every session app seen (killed at the end if somehow still there)."""

    def sessions(self) -> list[int]:
        """The pids of the session apps running now."""
        found = children_of(self.proc.pid, parents())
        self.apps |= set(found)
        return found


def serves(pid: int, folder: Path) -> bool:
    """Whether `pid` is still an app on `folder` (a pid gone may be another process's now)."""
    try:
        arguments = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except OSError:
        return False
    return os.fsencode(folder) in arguments and b"--player" in arguments


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.asynccontextmanager
async def running_host(folder: Path, work: Path, sessions: int) -> AsyncIterator[Host]:
    """The host on 127.0.0.1 serving `folder` for at most `sessions` players (with the
    scratch home, which it passes on to its apps); on leaving it is stopped (SIGTERM, as
    Ctrl+C) and any app it left is killed by pid."""
    port = free_port()
    log = work / f"host-{port}.log"
    command = [
        *(sys.executable, "-m", "hotseat", "host", "--save-dir", str(folder)),
        *("--port", str(port), "--listen", "127.0.0.1", "--max-sessions", str(sessions)),
    ]
    with open(log, "wb") as out:
        proc = subprocess.Popen(
            command,
            cwd=ROOT,
            env={**child_env(), "HOME": str(scratch_home(folder))},
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    host = Host(proc, port, log)
    try:
        deadline = time.perf_counter() + WAIT
        while "Friends connect with" not in log.read_text():
            if proc.poll() is not None or time.perf_counter() > deadline:
                raise RuntimeError(f"the host did not start:\n{log.read_text()}")
            await asyncio.sleep(0.05)
        yield host
    finally:
        host.sessions()
        with contextlib.suppress(ProcessLookupError):
            proc.send_signal(signal.SIGTERM)
        for _ in range(200):
            if proc.poll() is not None:
                break
            await asyncio.sleep(0.05)
        else:
            proc.kill()
            proc.wait()
        for pid in host.apps:
            if serves(pid, folder):
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.kill(pid, signal.SIGKILL)


async def connect_all(
    host: Host, folder: Folder, names: Sequence[str], *, at_table: bool = False
) -> list[SshTerminal]:
    """Connect `names`, HANDSHAKES logging in and ARRIVING starting at a time; each on its
    home screen, or with `at_table` at their own table (opened from the home screen, where
    it heads the list), quiet."""
    arriving, handshakes = asyncio.Semaphore(ARRIVING), asyncio.Semaphore(HANDSHAKES)

    async def one(name: str) -> SshTerminal:
        async with arriving:
            async with handshakes:
                term = await SshTerminal.open(host.port, name, folder.keys[name])
            await term.shows("Your tables")
            await term.quiet()
            if at_table:
                await sit_down(term, name)
            return term

    return list(await asyncio.gather(*(one(name) for name in names)))


async def sit_down(term: Terminal, name: str) -> None:
    """Open the save at the top of the list, `name`'s own table, and wait till it shows."""
    term.send(KEYS["enter"])
    try:
        await term.until(lambda: at_table(term, own_table(name)))
    except TimeoutError:
        raise RuntimeError(f"{term.label}: {own_table(name)} never opened:\n{term.text}") from None
    await term.quiet()


# ---- /proc ----------------------------------------------------------------------------


def parents() -> dict[int, int]:
    """Every process's parent pid."""
    found = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            with contextlib.suppress(OSError):
                stat = Path(f"/proc/{entry}/stat").read_text()
                found[int(entry)] = int(stat.rsplit(")", 1)[1].split()[1])
    return found


def children_of(pid: int, parent: dict[int, int]) -> list[int]:
    return sorted(child for child, of in parent.items() if of == pid)


def rss_mb(pid: int) -> float:
    """VmRSS of `pid` in MB (0 if it is gone)."""
    return status_mb(pid, "VmRSS")


def status_mb(pid: int, key: str) -> float:
    """The figure `key` (VmRSS, VmHWM, VmPeak, ...) of `pid`'s /proc status in MB (0 if it
    is gone)."""
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(f"{key}:"):
                return int(line.split()[1]) / 1024
    return 0.0


def address_limit_mb(pid: int) -> float | None:
    """The soft limit of `pid`'s address space (RLIMIT_AS) in MB; None when unlimited."""
    for line in Path(f"/proc/{pid}/limits").read_text().splitlines():
        if line.startswith("Max address space"):
            soft = line.split()[3]
            return None if soft == "unlimited" else int(soft) / 1024**2
    return None


def cpu_seconds(pids: Sequence[int]) -> float:
    """User and system CPU time the processes `pids` used so far (those gone count 0)."""
    total = 0
    for pid in pids:
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def tree_rss_mb(pid: int, parent: dict[int, int] | None = None) -> float:
    """VmRSS of `pid` and all its descendants, in MB."""
    parent = parents() if parent is None else parent
    return rss_mb(pid) + sum(tree_rss_mb(child, parent) for child in children_of(pid, parent))


# ---- key to echo -----------------------------------------------------------------------


class Pictures:
    """The two pictures a pair of keys switches a terminal between (learnt by pressing)."""

    def __init__(self, start: Cells, moved: Cells, keys: tuple[str, str]) -> None:
        self.start = start
        self.moved = moved
        self.keys = keys
        self.next_key = keys[0]

    def target(self) -> Cells:
        return self.moved if self.next_key == self.keys[0] else self.start

    def after(self) -> str:
        """The key pressed after `next_key`."""
        forward, back = self.keys
        return back if self.next_key == forward else forward


async def learn(term: Terminal, keys: tuple[str, str]) -> Pictures:
    """Press the first key (it must change the screen) and the second (it must bring it
    back)."""
    forward, back = keys
    for _ in range(3):
        await term.quiet()
        start = term.cells()
        term.send(KEYS[forward])
        with contextlib.suppress(TimeoutError):
            await term.until(lambda shown=start: term.cells() != shown, ECHO_TIMEOUT)
        await term.quiet()
        moved = term.cells()
        term.send(KEYS[back])
        with contextlib.suppress(TimeoutError):
            await term.until(lambda shown=start: term.cells() == shown, ECHO_TIMEOUT)
        await term.quiet()
        if moved != start and term.cells() == start:
            return Pictures(start, moved, keys)
    raise RuntimeError(f"{term.label}: {forward} does not move a cursor:\n{term.text}")


@dataclass
class Echoes:
    """Per key, ms from writing it to the first chunk that changed the picture (`echo`: the
    cursor moved) and to the one that completed the picture the key showed before
    (`full`); and the keys that showed something else."""

    echo: list[float] = field(default_factory=list)
    full: list[float] = field(default_factory=list)
    lost: int = 0


async def press(term: Terminal, pictures: Pictures, found: Echoes) -> Pictures:
    """Time one key (of the pair, in turn), then wait for quiet. A key that shows something
    other than before is not counted and the pictures are learnt again (a notification
    may have come)."""
    key = pictures.next_key
    target = pictures.target()
    before = term.cells()
    changed = term.watch(lambda: term.cells() != before)
    completed = term.watch(lambda: term.cells() == target)
    sent = time.perf_counter()
    term.send(KEYS[key])
    try:
        done: float | None = await term.wait(completed, ECHO_TIMEOUT)
    except TimeoutError:
        done = None
    first = term.unwatch(changed)
    await term.quiet()
    if done is None or first is None or term.cells() != target:
        found.lost += 1
        if key == pictures.keys[0]:
            term.send(KEYS[pictures.keys[1]])
        return await learn(term, pictures.keys)
    found.echo.append(1000 * (first - sent))
    found.full.append(1000 * (done - sent))
    pictures.next_key = pictures.after()
    return pictures


def spread(label: str, values: list[float], lost: int = 0) -> str:
    lost_keys = f", {lost} lost" if lost else ""
    return (
        f"    {label:<34} n={len(values):<4} p50 {percentile(values, 50):7.2f} ms"
        f"  p95 {percentile(values, 95):7.2f} ms  (min {min(values):.2f} - max "
        f"{max(values):.2f}{lost_keys})"
    )


def ratios(name: str, measured: list[float], anchor: list[float]) -> list[Figure]:
    """p50 and p95 of `measured` against those of `anchor`, each with ECHO_TARGET."""
    print(
        f"    {name}: ratio of p50s {percentile(measured, 50) / percentile(anchor, 50):.2f}x,"
        f" of p95s {percentile(measured, 95) / percentile(anchor, 95):.2f}x"
    )
    return [
        Figure(
            f"{name} p{p}, SSH vs local pty",
            percentile(measured, p),
            "ms",
            ECHO_TARGET,
            percentile(anchor, p),
        )
        for p in (50, 95)
    ]


async def measure_echo(work: Path, plan: Plan) -> list[Figure]:
    folder = prepare(work, 2)
    local_found, ssh_found = Echoes(), Echoes()
    async with running_host(folder.path, work, 4) as host:
        (ssh,) = await connect_all(host, folder, [PROBE], at_table=True)
        local = local_app(folder.path, OPPONENT)
        try:
            await local.shows("Your tables")
            await local.quiet()
            await sit_down(local, OPPONENT)
            terminals = {"local": local, "ssh": ssh}
            found = {"local": local_found, "ssh": ssh_found}
            pictures = {side: await learn(term, TABLE_KEYS) for side, term in terminals.items()}
            for side, term in terminals.items():  # warm-up, not counted
                for _ in range(4):
                    pictures[side] = await press(term, pictures[side], Echoes())
            for i in range(plan.echo_keys):
                order = ("local", "ssh") if i % 2 == 0 else ("ssh", "local")
                for side in order:
                    pictures[side] = await press(terminals[side], pictures[side], found[side])
            if local_found.lost + ssh_found.lost > plan.echo_keys:
                raise RuntimeError(f"too many keys did not show:\n{local.text}")
            local_rss = tree_rss_mb(local.proc.pid)
            ssh_rss = [tree_rss_mb(pid) for pid in host.sessions()]
        finally:
            await local.close()
            await ssh.close()
    print(
        f"\necho: a key (right/left in turn at a 3 x 3 table) over SSH and on a local pty, "
        f"{COLUMNS}x{LINES} {TERM}, {plan.echo_keys} keys each, taken in turn"
    )
    print("  to the first chunk that changed the picture (the cursor moved):")
    print(spread("local pty (anchor)", local_found.echo, local_found.lost))
    print(spread("SSH on loopback", ssh_found.echo, ssh_found.lost))
    print("  to the chunk that completed the picture the key showed before:")
    print(spread("local pty (anchor)", local_found.full))
    print(spread("SSH on loopback", ssh_found.full))
    figures = ratios("key to echo", ssh_found.echo, local_found.echo)
    figures += ratios("full repaint", ssh_found.full, local_found.full)
    print(
        f"    app RSS at the table: local {local_rss:.1f} MB, "
        f"over SSH {statistics.median(ssh_rss):.1f} MB"
    )
    return figures


# ---- a move on the other terminal -----------------------------------------------------


def asks_to_move(term: Terminal) -> bool:
    """The footer offers Enter (⏎): this terminal's player is to move."""
    return "⏎" in term.screen.display[-1]


def at_table(term: Terminal, table: str = TABLE) -> bool:
    """The header names `table`: the terminal shows it."""
    return term.screen.display[0].rstrip().endswith(f"— {table}")


class MoveCount:
    """The stored move count of TABLE, read on a connection of the benchmark's own."""

    def __init__(self, folder: Path) -> None:
        uri = f"file:{folder / FILENAME}?mode=ro"
        self.db = sqlite3.connect(uri, uri=True, isolation_level=None)

    def now(self) -> tuple[int, bool]:
        row = self.db.execute("SELECT moves, over FROM games WHERE name = ?", (TABLE,)).fetchone()
        return int(row[0]), bool(row[1])

    async def after(self, moves: int, timeout: float) -> float | None:
        """When the count first exceeded `moves` (None after `timeout` s)."""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            if self.now()[0] > moves:
                return time.perf_counter()
            await asyncio.sleep(POLL_DB)
        return None

    def close(self) -> None:
        self.db.close()


async def someone_to_move(*terms: Terminal) -> None:
    """Wait until one of `terms` asks its player to move and all are quiet."""
    deadline = time.perf_counter() + WAIT
    while not any(asks_to_move(term) for term in terms):
        if time.perf_counter() > deadline:
            raise RuntimeError("nobody was asked to move:\n" + "\n".join(t.text for t in terms))
        await asyncio.sleep(0.01)
    await asyncio.gather(*(term.quiet() for term in terms))


async def one_move(
    mover: Terminal, other: Terminal, count: MoveCount, moves: int
) -> tuple[float, float] | None:
    """Enter at `mover`; (commit time, time `other`'s picture changed), None if no move
    was stored after a few tries."""
    before = other.cells()
    watching = asyncio.ensure_future(other.until(lambda: other.cells() != before, WAIT))
    try:
        for _ in range(4):
            mover.send(KEYS["enter"])
            committed = await count.after(moves, RETRY)
            if committed is not None:
                return committed, await watching
        return None
    finally:
        watching.cancel()
        with contextlib.suppress(asyncio.CancelledError, TimeoutError):
            await watching


async def measure_move(work: Path, plan: Plan) -> list[Figure]:
    folder = prepare(work, 2, shared=True)
    delays: list[float] = []
    by: dict[str, int] = {}
    early = 0
    async with running_host(folder.path, work, 4) as host:
        ann, bob = await connect_all(host, folder, [PROBE, OPPONENT])
        count = MoveCount(folder.path)
        try:
            for term in (ann, bob):
                term.send(KEYS["enter"])
                await term.until(lambda t=term: at_table(t))
            while len(delays) < plan.moves:
                moves, over = count.now()
                if over:
                    break
                await someone_to_move(ann, bob)
                mover, other = (ann, bob) if asks_to_move(ann) else (bob, ann)
                by[mover.label] = by.get(mover.label, 0) + 1
                done = await one_move(mover, other, count, moves)
                if done is None:
                    raise RuntimeError(f"{mover.label}: Enter stored no move:\n{mover.text}")
                committed, shown = done
                if shown < committed:
                    early += 1
                else:
                    delays.append(1000 * (shown - committed))
                await asyncio.gather(ann.quiet(), bob.quiet())
        finally:
            count.close()
            await ann.close()
            await bob.close()
    if not delays:
        raise RuntimeError("no move was measured")
    p95 = percentile(delays, 95)
    print(
        f"\nmove: commit (seen within ~{POLL_DB * 1000:.0f} ms) to the other terminal's "
        f"changed picture, 3 x 3, {PROBE} and {OPPONENT} over SSH"
    )
    print(spread("move on the other terminal", delays))
    movers = ", ".join(f"{name} {count}" for name, count in sorted(by.items()))
    print(
        f"      moves by {movers}; the table polls the store every "
        f"{POLL_INTERVAL * 1000:.0f} ms" + (f"; {early} changed before the commit" if early else "")
    )
    name = "move on the other terminal p95"
    return [Figure(name, p95, "ms", MOVE_TARGET_MS, POLL_INTERVAL * 1000, absolute=True)]


# ---- every player at a table: the curve, the crowd, memory --------------------------------


@dataclass
class Seat:
    """A connected player at their table, and the pictures their keys switch between."""

    term: SshTerminal
    pictures: Pictures


@dataclass
class Window:
    """One window of keys at one number of players."""

    echoes: Echoes
    cores: float
    """CPU the host and its apps used meanwhile, in cores."""
    own: float
    """CPU this benchmark (the players' clients) used meanwhile, in cores."""

    def p(self, q: float, full: bool = False) -> float:
        return percentile(self.echoes.full if full else self.echoes.echo, q)


def median_p(windows: list[Window], q: float, full: bool = False) -> float:
    """The median over `windows` of each one's q-th percentile."""
    return statistics.median(w.p(q, full) for w in windows)


@dataclass
class Level:
    players: int
    windows: list[Window]
    app_rss: list[float]
    host_rss: float


async def typing(seat: Seat, keys: int, rng: random.Random, found: Echoes) -> None:
    """`keys` timed keys at `seat`'s table, each PACE s after the last one showed."""
    await asyncio.sleep(rng.uniform(0, PACE[1]))
    for _ in range(keys):
        seat.pictures = await press(seat.term, seat.pictures, found)
        await asyncio.sleep(rng.uniform(*PACE))


async def window(host: Host, seats: list[Seat], plan: Plan, rng: random.Random) -> Window:
    """Every seated player presses their keys; all of them timed."""
    keys = max(plan.keys, math.ceil(plan.samples / len(seats)))
    found = Echoes()
    apps = host.sessions()
    started = (time.perf_counter(), cpu_seconds([host.proc.pid, *apps]), time.process_time())
    await asyncio.gather(*(typing(seat, keys, rng, found) for seat in seats))
    seconds = time.perf_counter() - started[0]
    cores = (cpu_seconds([host.proc.pid, *apps]) - started[1]) / seconds
    return Window(found, cores, (time.process_time() - started[2]) / seconds)


def window_line(label: str, windows: list[Window]) -> str:
    keys = sum(len(w.echoes.echo) for w in windows)
    lost = sum(w.echoes.lost for w in windows)
    return (
        f"    {label:<24} echo p50 {median_p(windows, 50):7.2f}  p95 "
        f"{median_p(windows, 95):7.2f} ms;  full p50 {median_p(windows, 50, True):7.2f}  "
        f"p95 {median_p(windows, 95, True):7.2f} ms  ({keys} keys"
        + (f", {lost} lost" if lost else "")
        + f"; {statistics.median(w.cores for w in windows):.2f} cores host+apps, "
        f"{statistics.median(w.own for w in windows):.2f} clients)"
    )


async def settle(seats: list[Seat]) -> None:
    await asyncio.gather(*(seat.term.quiet() for seat in seats))


async def crowd(
    host: Host, folder: Folder, seats: list[Seat], plan: Plan, rng: random.Random
) -> tuple[list[Window], list[Window]]:
    """Windows without and with OWNED tables of OWNER stored, in turn; the tables are
    stored after each window without and deleted after each window with them."""
    without: list[Window] = []
    owned: list[Window] = []
    for _ in range(plan.windows):
        without.append(await window(host, seats, plan, rng))
        started = time.perf_counter()
        await asyncio.to_thread(store_owned, folder.path)
        print(f"      stored {OWNED:,} tables of {OWNER} in {time.perf_counter() - started:.1f} s")
        await settle(seats)
        owned.append(await window(host, seats, plan, rng))
        await asyncio.to_thread(delete_owned, folder.path)
        await settle(seats)
    return without, owned


async def players(
    work: Path, folder: Folder, plan: Plan
) -> tuple[list[Level], tuple[list[Window], list[Window]]]:
    top = plan.levels[-1]
    names = player_names(top)
    rng = random.Random(1)
    levels: list[Level] = []
    compared: tuple[list[Window], list[Window]] = ([], [])
    seats: list[Seat] = []
    async with running_host(folder.path, work, top) as host:
        try:
            for n in plan.levels:
                started = time.perf_counter()
                joining = names[len(seats) : n]
                terms = await connect_all(host, folder, joining, at_table=True)
                learnt = await asyncio.gather(*(learn(term, TABLE_KEYS) for term in terms))
                seats += [Seat(t, p) for t, p in zip(terms, learnt, strict=True)]
                print(
                    f"    {players_text(n):>11} at their tables ({len(joining)} joined in "
                    f"{time.perf_counter() - started:.0f} s)",
                    flush=True,
                )
                if n == plan.crowd:
                    compared = await crowd(host, folder, seats, plan, rng)
                    windows = compared[0]
                else:
                    windows = [await window(host, seats, plan, rng) for _ in range(plan.windows)]
                parent = parents()
                apps = children_of(host.proc.pid, parent)
                if len(apps) != n:
                    raise RuntimeError(f"{n} players connected, but the host runs {len(apps)}")
                app_rss = [tree_rss_mb(pid, parent) for pid in apps]
                levels.append(Level(n, windows, app_rss, rss_mb(host.proc.pid)))
                print(window_line(players_text(n), windows), flush=True)
        finally:
            await asyncio.gather(*(seat.term.close() for seat in seats), return_exceptions=True)
    return levels, compared


def quiet_bare_rss(runs: int, folder: Path) -> tuple[Series, Series]:
    """Median RSS of the bare app and of a local `hotseat --player Ann`, on the first
    frame then quiet, started in turn."""
    return asyncio.run(bare_and_local(runs, folder))


async def settled_rss(term: LocalTerminal, text: str) -> float:
    try:
        await term.shows(text)
        await term.quiet(0.5)
        return tree_rss_mb(term.proc.pid)
    finally:
        await term.close()


async def bare_and_local(runs: int, folder: Path) -> tuple[Series, Series]:
    bare, local = Series("bare Textual app", "MB"), Series("hotseat --player, local pty", "MB")
    command = [sys.executable, str(HERE / "bare_app.py")]
    for _ in range(runs):
        term = LocalTerminal("bare app", command, app_env(folder), folder)
        bare.values.append(await settled_rss(term, "bare Textual app"))
        local.values.append(await settled_rss(local_app(folder, PROBE), "Your tables"))
    return bare, local


def bench_players(work: Path, plan: Plan) -> list[Figure]:
    folder = prepare(work, plan.levels[-1])
    print(
        f"\nplayers: every player at their own 3 x 3 table pressing right/left, each key "
        f"{PACE[0]}-{PACE[1]} s after the last one showed, all timed; {plan.windows} windows "
        f"at each N, the median of the windows' p50s and p95s; {os.cpu_count()} cores"
    )
    levels, (without, owned) = asyncio.run(players(work, folder, plan))
    bare, local = quiet_bare_rss(plan.memory_runs, folder.path)
    first, last = levels[0], levels[-1]
    print(
        f"\nplayers: key to echo and full repaint, players at their tables ({os.cpu_count()} cores)"
    )
    for level in levels:
        print(window_line(players_text(level.players), level.windows))
    one50, one95 = median_p(first.windows, 50), median_p(first.windows, 95)
    print("  against 1 player (ratio of the medians of the windows):")
    for level in levels[1:]:
        print(
            f"    {level.players:>3} players: p50 {median_p(level.windows, 50) / one50:.2f}x, "
            f"p95 {median_p(level.windows, 95) / one95:.2f}x"
        )
    best = served(levels)
    print(f"    largest N with echo p95 under {SERVED_MS:.0f} ms: {best} (of {last.players} tried)")
    print(
        f"\ncrowd: {plan.crowd} players at their tables, without and with {OWNED:,} tables "
        f"of {OWNER} (not connected) in the database, {plan.windows} windows of each in turn"
    )
    print(window_line("without", without))
    print(window_line(f"with {OWNED:,} tables", owned))
    growth = (last.host_rss - first.host_rss) / max(1, last.players - first.players)
    app = statistics.median(last.app_rss)
    print(f"\nmemory: VmRSS with descendants, at their tables ({last.players} players)")
    print(Series(f"session apps ({last.players})", "MB", last.app_rss).line())
    print(bare.line())
    print(local.line())
    print(
        "    host RSS by players: "
        + ", ".join(f"{lv.players}: {lv.host_rss:.1f}" for lv in levels)
        + f" MB; growth {growth:.2f} MB per session"
    )
    per_player = app + growth
    print(
        f"    per connected player {per_player:.1f} MB (app {app:.1f} + host {growth:.2f}), "
        f"{per_player / bare.median:.2f}x the bare app"
    )
    with_label = f"{plan.crowd} players + {OWNED} tables"
    return [
        Figure(
            f"echo p95, {last.players} players (<100 ms: {best})",
            median_p(last.windows, 95),
            "ms",
            SERVED_MS,
            one95,
            absolute=True,
        ),
        Figure(
            f"echo p50, {with_label}",
            median_p(owned, 50),
            "ms",
            CROWD_TARGET,
            median_p(without, 50),
        ),
        Figure(
            f"echo p95, {with_label}",
            median_p(owned, 95),
            "ms",
            CROWD_TARGET,
            median_p(without, 95),
        ),
        Figure("memory per connected player", per_player, "MB", MEMORY_TARGET, bare.median),
    ]


def served(levels: list[Level]) -> int:
    """The most players at which echo p95 stayed under SERVED_MS, as it did with every
    fewer player tried (0 if not even one)."""
    best = 0
    for level in levels:
        if median_p(level.windows, 95) >= SERVED_MS:
            break
        best = level.players
    return best


# ---- one player pasting while the others play ------------------------------------------


PASTE_BYTES = 20 * 1024**2
"""Bytes of one paste: far beyond anything the host lets reach an app."""
FILLER = bytes(0x21 + i % 94 for i in range(CHUNK))
"""What a paste is made of: printable characters, no escape sequence."""
FLOOD_LEAD = 4 * CHUNK
"""Bytes the paste has sent before a window with it begins (it is in full flow)."""


@dataclass
class FloodControl:
    """What the benchmark and the pasting player's process share: the benchmark sets
    `flooding` and `done`; that process sets `ready` once at its table and `idle` while
    it pastes nothing, and counts the bytes of paste `sent` and the `pastes` it ended."""

    ready: EventType
    flooding: EventType
    idle: EventType
    done: EventType
    sent: Synchronized[int]
    pastes: Synchronized[int]
    attempts: Synchronized[int]


def flood_main(port: int, name: str, key: bytes, control: FloodControl) -> None:
    """The pasting player's process: a process of its own, so that encrypting the paste
    never holds up the loop that times the other players' keys."""
    asyncio.run(flood(port, name, asyncssh.import_private_key(key), control))


async def flood(port: int, name: str, key: asyncssh.SSHKey, control: FloodControl) -> None:
    """Connect `name`, open their table, then paste again and again while `flooding`. The
    host ends a session that floods it and refuses the player a new one for a while; like
    an attacker, this player connects again and again meanwhile (counted in `attempts`)."""
    term: SshTerminal | None = await SshTerminal.open(port, name, key)
    assert term is not None
    await term.shows("Your tables")
    await term.quiet()
    await sit_down(term, name)
    control.ready.set()
    while not control.done.is_set():
        if not control.flooding.is_set():
            control.idle.set()
            await asyncio.sleep(0.02)
            continue
        control.idle.clear()
        try:
            if term is None:
                control.attempts.value += 1
                term = await SshTerminal.open(port, name, key)
            await paste(term.process.stdin, control)
        except (OSError, asyncssh.Error):
            if term is not None:
                await term.close()
            term = None
            await asyncio.sleep(0.1)
    if term is not None:
        await term.close()


async def paste(stdin: asyncssh.SSHWriter[bytes], control: FloodControl) -> None:
    """One bracketed paste of PASTE_BYTES, written as fast as the channel takes it; cut
    short, and ended all the same, when the flood stops."""
    stdin.write(PASTE_START)
    left = PASTE_BYTES
    while left and control.flooding.is_set():
        chunk = FILLER[: min(left, len(FILLER))]
        stdin.write(chunk)
        await stdin.drain()
        left -= len(chunk)
        control.sent.value += len(chunk)
    stdin.write(PASTE_END)
    await stdin.drain()
    if not left:
        control.pastes.value += 1


class Flooder:
    """The pasting player, run by `flood_main` in a process of its own."""

    def __init__(self, port: int, name: str, key: asyncssh.SSHKey) -> None:
        context = multiprocessing.get_context("spawn")
        self.control = FloodControl(
            context.Event(),
            context.Event(),
            context.Event(),
            context.Event(),
            context.Value("q", 0),
            context.Value("q", 0),
            context.Value("q", 0),
        )
        self.proc = context.Process(
            target=flood_main,
            args=(port, name, key.export_private_key(), self.control),
            daemon=True,
        )

    @property
    def sent(self) -> int:
        return int(self.control.sent.value)

    @property
    def pastes(self) -> int:
        return int(self.control.pastes.value)

    async def _until(self, ready: Callable[[], bool], what: str) -> None:
        deadline = time.perf_counter() + WAIT
        while not ready():
            if not self.proc.is_alive():
                raise RuntimeError(f"the pasting player's process ended before {what}")
            if time.perf_counter() > deadline:
                raise RuntimeError(f"the pasting player never {what}")
            await asyncio.sleep(0.01)

    async def start(self) -> None:
        """Start the process; back when the player sits at their table."""
        self.proc.start()
        await self._until(self.control.ready.is_set, "sat down at the table")

    async def flood(self) -> None:
        """Start pasting; back once FLOOD_LEAD bytes went, or the player tried to connect
        again (the host cut the flood short and refuses them a while)."""
        start, tried = self.sent, self.attempts
        self.control.idle.clear()
        self.control.flooding.set()
        await self._until(
            lambda: self.sent - start >= FLOOD_LEAD or self.attempts > tried, "pasted"
        )

    @property
    def attempts(self) -> int:
        return int(self.control.attempts.value)

    async def stop(self) -> None:
        """Stop pasting; back once the paste under way is ended."""
        self.control.flooding.clear()
        await self._until(self.control.idle.is_set, "stopped pasting")

    async def close(self) -> None:
        """End the player's connection and the process (SIGTERM after 15 s)."""
        self.control.flooding.clear()
        self.control.done.set()
        if self.proc.pid is None:
            return
        await asyncio.to_thread(self.proc.join, 15)
        if self.proc.is_alive():
            self.proc.terminate()
            await asyncio.to_thread(self.proc.join, 5)


def app_of(host: Host, name: str) -> int:
    """The pid of the app the host runs for `name` (its command line names the player)."""
    wanted = os.fsencode(f"--player={name}")
    found = []
    for pid in host.sessions():
        with contextlib.suppress(OSError):
            if wanted in Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0"):
                found.append(pid)
    if len(found) != 1:
        raise RuntimeError(f"the host runs {len(found)} apps for {name}, not one")
    return found[0]


@dataclass
class Flooded:
    """What the windows with and without the paste found."""

    without: list[Window]
    flooded: list[Window]
    rates: list[float]
    """MB a second of paste during each window with it."""
    flood_cores: list[float]
    """CPU the pasting player's client used during each window with it, in cores."""
    pastes: int
    attempts: int
    """Sessions the pasting player asked for again after the host ended theirs."""
    hwm_before: float
    hwm_after: float
    """The app's peak RSS when last seen: after the paste, or as the host ended it."""
    peak: float
    limit: float | None
    ended: bool
    """Whether the host ended the pasting player's session (for the flood)."""


async def paste_windows(work: Path, folder: Folder, plan: Plan) -> Flooded:
    """`plan.paste_players` players at their tables, timed in windows without and with one
    more player pasting, in turn."""
    names = player_names(plan.paste_players + 1)
    others, paster = names[:-1], names[-1]
    rng = random.Random(2)
    without: list[Window] = []
    flooded: list[Window] = []
    rates: list[float] = []
    flood_cores: list[float] = []
    async with running_host(folder.path, work, len(names)) as host:
        flooder = Flooder(host.port, paster, folder.keys[paster])
        terms: list[SshTerminal] = []
        try:
            terms = await connect_all(host, folder, others, at_table=True)
            learnt = await asyncio.gather(*(learn(term, TABLE_KEYS) for term in terms))
            seats = [Seat(t, p) for t, p in zip(terms, learnt, strict=True)]
            await flooder.start()
            app = app_of(host, paster)
            limit, before = address_limit_mb(app), status_mb(app, "VmHWM")
            hwm, peak = before, status_mb(app, "VmPeak")
            await settle(seats)
            for _ in range(plan.windows):
                without.append(await window(host, seats, plan, rng))
                await flooder.flood()
                sent, cpu = flooder.sent, cpu_seconds([flooder.proc.pid])
                started = time.perf_counter()
                flooded.append(await window(host, seats, plan, rng))
                seconds = time.perf_counter() - started
                rates.append((flooder.sent - sent) / 1024**2 / seconds)
                flood_cores.append((cpu_seconds([flooder.proc.pid]) - cpu) / seconds)
                await flooder.stop()
                if app in host.sessions():
                    hwm, peak = status_mb(app, "VmHWM"), status_mb(app, "VmPeak")
                await settle(seats)
            ended = app not in host.sessions()
        finally:
            await flooder.close()
            await asyncio.gather(*(term.close() for term in terms), return_exceptions=True)
    return Flooded(
        without,
        flooded,
        rates,
        flood_cores,
        flooder.pastes,
        flooder.attempts,
        before,
        hwm,
        peak,
        limit,
        ended,
    )


def bench_paste(work: Path, plan: Plan) -> list[Figure]:
    folder = prepare(work, plan.paste_players + 1)
    size = f"{PASTE_BYTES // 1024**2} MB"
    paster = player_names(plan.paste_players + 1)[-1]
    print(
        f"\npaste: {players_text(plan.paste_players)} at their tables pressing right/left, "
        f"all timed, in windows without and with {paster} pasting {size} at a time "
        f"(bracketed, as fast as the channel takes it, again until the window ends), "
        f"{plan.windows} windows of each in turn; the median of the windows' p50s and p95s",
        flush=True,
    )
    found = asyncio.run(paste_windows(work, folder, plan))
    print(window_line("without", found.without))
    print(window_line(f"with a {size} paste", found.flooded))
    p50 = median_p(found.flooded, 50) / median_p(found.without, 50)
    p95 = median_p(found.flooded, 95) / median_p(found.without, 95)
    print(f"    with against without: p50 {p50:.2f}x, p95 {p95:.2f}x")
    print(
        f"    the paste: {statistics.median(found.rates):.1f} MB/s during the windows, "
        f"{found.pastes} whole pastes; {paster}'s client "
        f"{statistics.median(found.flood_cores):.2f} cores (a process of its own)"
    )
    limit = "no limit" if found.limit is None else f"limit (RLIMIT_AS) {found.limit:.0f} MB"
    print(
        f"    {paster}'s app: peak RSS (VmHWM) {found.hwm_before:.1f} MB before the paste, "
        f"{found.hwm_after:.1f} MB after; peak address space (VmPeak) {found.peak:.1f} MB; "
        f"{limit}; "
        + (
            f"the host ended its session for the flood and refused {found.attempts} new tries"
            if found.ended
            else "still running"
        )
    )
    label = f"{players_text(plan.paste_players)} + {size} paste"
    return [
        Figure(
            f"echo p50, {label}",
            median_p(found.flooded, 50),
            "ms",
            PASTE_TARGET,
            median_p(found.without, 50),
        ),
        Figure(
            f"echo p95, {label}",
            median_p(found.flooded, 95),
            "ms",
            PASTE_TARGET,
            median_p(found.without, 95),
        ),
        Figure(
            "paster's app peak RSS vs its limit",
            found.hwm_after,
            "MB",
            math.inf if found.limit is None else found.limit,
            found.hwm_before,
            absolute=True,
        ),
    ]


# ---- failed logins from one source ------------------------------------------------------


class WrongKeys(asyncssh.SSHClient):
    """A client that offers WRONG_KEYS keys nobody registered, counting each one offered."""

    def __init__(self, keys: list[asyncssh.SSHKey], offered: list[int]) -> None:
        self._keys = list(keys)
        self._offered = offered

    def public_key_auth_requested(self) -> asyncssh.SSHKey | None:
        if not self._keys:
            return None
        self._offered[0] += 1
        return self._keys.pop()


async def failed_logins(port: int, seconds: float) -> tuple[int, int, int]:
    """Connections made, keys offered and connections refused before any key (closed or
    not accepted) while one client on LOGIN_SOURCE tries for `seconds`."""
    keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(WRONG_KEYS)]
    offered, connections, refused = [0], 0, 0
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        connections += 1
        before = offered[0]
        try:
            conn = await asyncio.wait_for(
                asyncssh.connect(
                    "127.0.0.1",
                    port,
                    local_addr=(LOGIN_SOURCE, 0),
                    known_hosts=None,
                    agent_path=None,
                    client_factory=lambda: WrongKeys(keys, offered),
                    preferred_auth="publickey",
                ),
                max(0.1, deadline - time.perf_counter()),
            )
            conn.close()
        except (OSError, asyncssh.Error, TimeoutError):
            pass
        if offered[0] == before:
            refused += 1
    return connections, offered[0], refused


async def logins(work: Path, plan: Plan) -> list[Figure]:
    folder = prepare(work, 2)
    async with running_host(folder.path, work, 4) as host:
        connections, offered, refused = await failed_logins(host.port, plan.login_seconds)
        started = time.perf_counter()
        (ann,) = await connect_all(host, folder, [PROBE])
        login = time.perf_counter() - started
        await ann.close()
    per_minute = offered * 60 / plan.login_seconds
    print(
        f"\nlogins: one client on {LOGIN_SOURCE} offering wrong keys ({WRONG_KEYS} a "
        f"connection) for {plan.login_seconds:.0f} s"
    )
    print(
        f"    {connections} connections, {refused} of them refused before any key; "
        f"{offered} keys answered: {per_minute:.0f} failed logins a minute"
    )
    print(f"    then {PROBE} on 127.0.0.1 reached the home screen in {login:.2f} s")
    return []


def main() -> None:
    parser = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    parser.add_argument(
        "--quick",
        action="store_true",
        help="few keys and moves, up to 8 players, 4 beside the paste",
    )
    parser.add_argument(
        "--players",
        type=int,
        metavar="N",
        help="take the players part to N players (default 96; 8 with --quick)",
    )
    parser.add_argument(
        "--only",
        action="append",
        choices=("echo", "move", "players", "paste", "logins"),
        help="run only this part (may be repeated)",
    )
    args = parser.parse_args()
    plan = QUICK if args.quick else FULL
    if args.players is not None:
        if args.players < 1:
            parser.error("--players needs at least 1")
        plan = replace(plan, levels=up_to(args.players), crowd=min(CROWD, args.players))
    parts = args.only or ["echo", "move", "players", "paste", "logins"]
    steps: list[Callable[[Path], list[Figure]]] = []
    if "echo" in parts:
        steps.append(lambda work: asyncio.run(measure_echo(work, plan)))
    if "move" in parts:
        steps.append(lambda work: asyncio.run(measure_move(work, plan)))
    if "players" in parts:
        steps.append(lambda work: bench_players(work, plan))
    if "paste" in parts:
        steps.append(lambda work: bench_paste(work, plan))
    if "logins" in parts:
        steps.append(lambda work: asyncio.run(logins(work, plan)))
    run_parts(steps, args.quick)


if __name__ == "__main__":
    main()
