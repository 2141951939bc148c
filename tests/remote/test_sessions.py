"""Sessions at `hotseat host`: how many one player and one connection may have, what a client
may send, and how a session ends whichever way its app or its connection goes.

Most tests start a host in this process on 127.0.0.1 with a free port and read what each
player's terminal shows with pyte (`remote_helpers.Terminal`); the memory tests run the host
as its own process, so that its memory is its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path

import asyncssh
import pyte
import pytest

from remote import session as app_session
from remote.players import Players
from remote.server import Host
from remote.session import APP_ENDED, FLOODED, REMOVED, SESSION_ENDED
from remote.terminal import PASTE_END, PASTE_START
from saves.players import RemotePlayer

from remote_helpers import WAIT, Terminal, free_port, openssh_client, until

MIB = 1024 * 1024
GONE_WITHIN = 5.0
"""Seconds within which a session whose connection is lost has ended its app."""
MOUSE_AND_SCREEN_MODES = (1000, 1002, 1003, 1006, 1015, 1049, 2004)


def home(screen: str) -> bool:
    """A player's home screen: their tables and the games they may start."""
    return "Your tables" in screen and "New game" in screen


def help_shown(screen: str) -> bool:
    return "Help" in screen.split("\n", 1)[0]


def bob_player(host: Host) -> RemotePlayer:
    """Bob as the host knows him."""
    return next(p for p in host.registry.players() if p.name == "Bob")


def app_of(host: Host, name: str) -> int:
    """The pid of the one app `name` has at the host."""
    (pid,) = (session.pid for session in host.sessions if session.player.name == name)
    assert pid is not None
    return pid


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def status_field(pid: int, field: str) -> int:
    """A size from /proc/PID/status, in bytes (e.g. VmRSS, VmHWM)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(f"{field}:"):
            return int(line.split()[1]) * 1024
    raise LookupError(field)


def address_space_limit(pid: int) -> tuple[str, str]:
    """The soft and hard "Max address space" of process `pid`."""
    for line in Path(f"/proc/{pid}/limits").read_text().splitlines():
        if line.startswith("Max address space"):
            soft, hard = line.split()[3:5]
            return soft, hard
    raise LookupError("Max address space")


def given_back(screen: pyte.Screen) -> bool:
    """True when the terminal is as a shell needs it: the main screen, no mouse reporting
    or bracketed paste, the cursor shown."""
    modes_off = all(mode << 5 not in screen.mode for mode in MOUSE_AND_SCREEN_MODES)
    return modes_off and not screen.cursor.hidden


async def refused(conn: asyncssh.SSHClientConnection) -> tuple[int | None, bytes]:
    """Open a session with a pty; its exit status and what it said on stderr."""
    process = await conn.create_process(term_type="xterm-256color", encoding=None)
    result = await process.wait()
    assert isinstance(result.stderr, bytes)
    return result.exit_status, result.stderr


# How many sessions


async def test_a_players_fourth_session_is_refused_in_one_line_and_others_are_served(
    host: Host, register: Callable
) -> None:
    bob, ann = register("Bob"), register("Ann")
    served = [await Terminal.open(host.port, bob) for _ in range(3)]
    for terminal in served:
        assert await terminal.until(home), terminal.text

    for _ in range(7):
        async with asyncssh.connect(
            "127.0.0.1", host.port, client_keys=[bob], known_hosts=None, agent_path=None
        ) as conn:
            assert await refused(conn) == (
                1,
                b"hotseat: Bob has 3 sessions open already, the most one player may have; "
                b"close one and try again\r\n",
            )

    other = await Terminal.open(host.port, ann)
    assert await other.until(home), other.text


async def test_the_sessions_a_player_may_have_are_the_hosts_to_choose(
    hosts: Callable[..., Awaitable[Host]], register: Callable
) -> None:
    host = await hosts(max_player_sessions=1)
    bob = register("Bob")
    first = await Terminal.open(host.port, bob)
    assert await first.until(home)
    status, said = await refused(first.conn)
    assert status == 1 and said.startswith(b"hotseat: Bob has 1 session open already")


async def test_one_connection_may_have_only_so_many_sessions_open(
    host: Host, register: Callable, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(app_session, "MAX_CHANNELS", 1)
    bob = register("Bob")
    first = await Terminal.open(host.port, bob)
    assert await first.until(home)

    with pytest.raises(asyncssh.ChannelOpenError) as caught:
        await first.conn.create_process(term_type="xterm-256color", encoding=None)
    assert caught.value.reason == "hotseat: too many sessions on one connection (at most 1)"

    second = await Terminal.open(host.port, bob)
    assert await second.until(home), "a new connection is served"


async def test_a_refused_session_frees_its_place_on_the_connection(
    host: Host, register: Callable, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(app_session, "MAX_CHANNELS", 1)
    bob = register("Bob")
    async with asyncssh.connect(
        "127.0.0.1", host.port, client_keys=[bob], known_hosts=None, agent_path=None
    ) as conn:
        for _ in range(3):
            assert (await conn.run("ls")).exit_status == 1


# What a client may send


@pytest.fixture
async def host_process(folder: Path) -> Iterator[tuple[int, int]]:
    """`hotseat host` as a process of its own: its pid and port."""
    port = free_port()
    command = [
        *(sys.executable, "-m", "hotseat", "host", "--save-dir", str(folder)),
        *("--port", str(port), "--listen", "127.0.0.1"),
    ]
    process = await asyncio.create_subprocess_exec(*command, stdout=asyncio.subprocess.PIPE)
    assert process.stdout is not None
    try:
        for _ in range(3):
            await asyncio.wait_for(process.stdout.readline(), WAIT)
        yield process.pid, port
    finally:
        if process.returncode is None:
            process.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(process.wait(), WAIT)
            except TimeoutError:
                process.kill()
                await process.wait()


async def test_a_flood_of_environment_variables_leaves_the_hosts_memory_as_it_was(
    host_process: tuple[int, int], register: Callable
) -> None:
    pid, port = host_process
    key = register("Bob")
    value = b"v" * 30_000
    flood = {f"VARIABLE_{n}": value for n in range(2_000)}  # 60 MB if kept
    async with asyncssh.connect(
        "127.0.0.1", port, client_keys=[key], known_hosts=None, agent_path=None
    ) as conn:
        first = Terminal(conn, await conn.create_process(term_type="xterm", encoding=None))
        assert await first.until(home)
        before = status_field(pid, "VmRSS")

        flooded = await conn.create_process(term_type="xterm", env=flood, encoding=None)
        assert await Terminal(conn, flooded).until(home), "the variables came before the app"

        assert status_field(pid, "VmRSS") - before < 10 * MIB


# Input


async def test_a_paste_of_a_few_kilobytes_too_many_is_dropped_and_the_app_plays_on(
    host: Host, register: Callable
) -> None:
    bob = await Terminal.open(host.port, register("Bob"))
    assert await bob.until(home)
    (session,) = host.sessions

    bob.process.stdin.write(PASTE_START + b"x" * 100_000 + PASTE_END)

    assert await until(lambda: session.dropped >= 100_000)
    bob.press("?")
    assert await bob.until(help_shown), bob.text


async def test_a_20_mb_paste_ends_that_session_and_the_other_players_play_on(
    host: Host, register: Callable
) -> None:
    bob = await Terminal.open(host.port, register("Bob"))
    ann = await Terminal.open(host.port, register("Ann"))
    assert await bob.until(home) and await ann.until(home)
    (session,) = (session for session in host.sessions if session.player.name == "Bob")
    assert session.pid is not None
    app = session.pid

    with contextlib.suppress(OSError, asyncssh.Error):
        bob.process.stdin.write(PASTE_START)
        for _ in range(20 * 16):
            bob.process.stdin.write(b"x" * 65536)
            await bob.process.stdin.drain()

    assert await bob.until(lambda text: FLOODED in text), bob.text
    assert await until(lambda: not alive(app))
    assert session.dropped > app_session.FLOOD_BYTES
    ann.press("?")
    assert await ann.until(help_shown), ann.text


async def test_after_a_flood_that_player_gets_no_new_session_for_a_while(
    host: Host, register: Callable
) -> None:
    key = register("Bob")
    bob = await Terminal.open(host.port, key)
    assert await bob.until(home)
    with contextlib.suppress(OSError, asyncssh.Error):
        bob.process.stdin.write(PASTE_START)
        for _ in range(2 * 16):
            bob.process.stdin.write(b"x" * 65536)
            await bob.process.stdin.drain()
    assert await bob.until(lambda text: FLOODED in text), bob.text

    async with asyncssh.connect(
        "127.0.0.1", host.port, client_keys=[key], known_hosts=None, agent_path=None
    ) as conn:
        status, said = await refused(conn)

    assert status == 1
    assert said.startswith(b"hotseat: Bob's last session sent far too much input; try again in")
    assert not host.sessions


async def test_asking_again_and_again_after_a_flood_is_refused_at_the_door(
    host: Host, register: Callable
) -> None:
    key = register("Bob")
    bob = await Terminal.open(host.port, key)
    assert await bob.until(home)
    host.flooded(bob_player(host))
    bob.conn.close()

    for _ in range(3):  # each refused session earns a failed login's penalty
        async with asyncssh.connect(
            "127.0.0.1", host.port, client_keys=[key], known_hosts=None, agent_path=None
        ) as conn:
            assert (await refused(conn))[0] == 1

    with pytest.raises((OSError, asyncssh.Error)):
        async with asyncssh.connect(
            "127.0.0.1", host.port, client_keys=[key], known_hosts=None, agent_path=None
        ):
            pass


async def test_a_flood_of_window_changes_is_passed_on_as_its_last(
    host: Host, register: Callable, monkeypatch: pytest.MonkeyPatch
) -> None:
    bob = await Terminal.open(host.port, register("Bob"))
    assert await bob.until(home)
    sizes: list[tuple[int, int]] = []
    set_size = app_session.set_size
    monkeypatch.setattr(
        app_session, "set_size", lambda fd, w, h: (sizes.append((w, h)), set_size(fd, w, h))
    )

    for width in range(60, 160):
        bob.process.change_terminal_size(width, 30)

    assert await until(lambda: sizes[-1:] == [(159, 30)])
    assert len(sizes) < 100


async def test_each_app_runs_under_the_hosts_memory_limit(
    hosts: Callable[..., Awaitable[Host]], register: Callable
) -> None:
    host = await hosts(app_memory=600 * MIB)
    bob = await Terminal.open(host.port, register("Bob"))
    assert await bob.until(home)
    limit = str(600 * MIB)
    assert address_space_limit(app_of(host, "Bob")) == (limit, limit)


# How a session ends


async def test_an_aborted_connection_ends_its_app_even_one_that_reads_no_keys(
    host: Host, register: Callable
) -> None:
    bob = await Terminal.open(host.port, register("Bob"))
    assert await bob.until(home)
    app = app_of(host, "Bob")
    os.kill(app, signal.SIGSTOP)  # the app reads nothing more
    for _ in range(256):
        bob.press("x" * 1024)
    await bob.process.stdin.drain()

    bob.abort()

    assert await until(lambda: not alive(app), within=GONE_WITHIN)
    assert await until(lambda: not host.sessions), "its place is free"


@pytest.fixture
def openssh(tmp_path: Path) -> Iterator[Callable[[int, str], Awaitable[int]]]:
    """Start OpenSSH's `ssh -tt` as player `name` (key file tmp_path/name) under a pty of
    its own; the client's pid. Every client started is killed after the test."""
    started: list[tuple[asyncio.subprocess.Process, int]] = []

    async def start(port: int, name: str) -> int:
        ssh, master = await openssh_client(port, tmp_path / name)
        started.append((ssh, master))
        return ssh.pid

    yield start
    for ssh, master in started:
        if ssh.returncode is None:
            ssh.kill()
        os.close(master)


async def test_a_client_killed_with_sigkill_ends_its_app(
    host: Host, register: Callable, openssh: Callable[[int, str], Awaitable[int]]
) -> None:
    register("Bob")
    client = await openssh(host.port, "bob")
    assert await until(lambda: any(session.pid for session in host.sessions))
    app = app_of(host, "Bob")

    os.kill(client, signal.SIGKILL)

    assert await until(lambda: not alive(app), within=GONE_WITHIN)


async def test_an_app_killed_with_sigkill_gives_the_terminal_back_and_says_so(
    host: Host, register: Callable
) -> None:
    bob = await Terminal.open(host.port, register("Bob"))
    assert await bob.until(home)
    assert not given_back(bob.screen), "the app took the terminal"

    os.kill(app_of(host, "Bob"), signal.SIGKILL)

    assert await bob.until(lambda screen: APP_ENDED in screen), bob.text
    assert given_back(bob.screen)
    result = await bob.process.wait()
    assert result.exit_status == 128 + signal.SIGKILL


async def test_a_session_the_host_ends_gives_the_terminal_back_and_says_so(
    host: Host, register: Callable
) -> None:
    bob = await Terminal.open(host.port, register("Bob"))
    assert await bob.until(home)

    await host.close()

    assert await bob.until(lambda screen: SESSION_ENDED in screen), bob.text
    assert given_back(bob.screen)


async def test_a_player_who_quits_gets_no_word_from_the_host(
    host: Host, register: Callable
) -> None:
    bob = await Terminal.open(host.port, register("Bob"))
    assert await bob.until(home)

    bob.press("q")

    assert (await bob.process.wait()).exit_status == 0
    assert given_back(bob.screen)
    assert "hotseat:" not in bob.text


# A player removed


async def test_a_removed_players_sessions_end_at_once_and_the_others_play_on(
    host: Host, folder: Path, register: Callable
) -> None:
    bob = await Terminal.open(host.port, register("Bob"))
    ann = await Terminal.open(host.port, register("Ann"))
    assert await bob.until(home) and await ann.until(home)
    app = app_of(host, "Bob")

    Players(folder).remove("Bob")

    assert await bob.until(lambda screen: REMOVED in screen), bob.text
    assert given_back(bob.screen)
    assert await until(lambda: not alive(app))
    ann.press("?")
    assert await ann.until(help_shown), ann.text


async def test_a_connection_of_a_removed_player_opens_no_new_session(
    host: Host, folder: Path, register: Callable
) -> None:
    bob = await Terminal.open(host.port, register("Bob"))
    assert await bob.until(home)

    Players(folder).remove("Bob")

    assert await refused(bob.conn) == (
        1,
        b"hotseat: your key is no longer registered here\r\n",
    )


async def test_a_name_registered_again_gives_the_new_key_none_of_the_old_keys_sessions(
    host: Host, folder: Path, register: Callable, make_key: Callable, tmp_path: Path
) -> None:
    old_key = register("Bob")
    old = await Terminal.open(host.port, old_key)
    assert await old.until(home)

    Players(folder).remove("Bob")
    new_key = make_key("new-bob")
    Players(folder).add("Bob", tmp_path / "new-bob.pub")

    assert await old.until(lambda screen: REMOVED in screen), old.text
    with pytest.raises(asyncssh.PermissionDenied):
        await asyncssh.connect(
            "127.0.0.1", host.port, client_keys=[old_key], known_hosts=None, agent_path=None
        )
    new = await Terminal.open(host.port, new_key)
    assert await new.until(home), new.text
