"""`hotseat host`: who gets in, what a session gets, and how sessions end.

Each test starts a host in this process on 127.0.0.1 with a free port, connects with
asyncssh's client (or OpenSSH's `ssh`) and reads what the player's terminal shows with pyte.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import socket
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import asyncssh
import pyte
import pytest

from hotseat.cli import main
from remote import server
from remote import session as app_session
from remote.players import Players
from remote.server import Host, child_command, child_env
from saves.players import RemotePlayer

from remote_helpers import free_port, host_args, openssh_client

WAIT = 20.0
"""Seconds to wait for something that should appear (generous: the machine may be busy)."""
CHUNK = 65536


class Terminal:
    """A player's terminal: the bytes it received, drawn by a VT100 emulator."""

    def __init__(self, columns: int = 80, rows: int = 24) -> None:
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.ByteStream(self.screen)

    def feed(self, data: bytes) -> None:
        self.stream.feed(data)

    def resize(self, columns: int, rows: int) -> None:
        self.screen.resize(rows, columns)

    @property
    def lines(self) -> list[str]:
        return self.screen.display

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


def shows_home(terminal: Terminal) -> bool:
    """The home screen: "hotseat" in the header, the games to start and the New game key."""
    return (
        "hotseat" in terminal.lines[0]
        and "Shifting Stones" in terminal.text
        and "New game" in terminal.text
    )


def drawn_beyond_80_columns(terminal: Terminal) -> bool:
    return any(line[80:].strip() for line in terminal.lines)


def connect(host: Host, key: asyncssh.SSHKey | None, **options: Any) -> Any:
    """An SSH connection to `host` with `key` only (no agent, no other keys)."""
    options.setdefault("username", "anyone")
    return asyncssh.connect(
        "127.0.0.1",
        host.port,
        client_keys=[key] if key is not None else None,
        known_hosts=None,
        agent_path=None,
        **options,
    )


async def open_terminal(
    conn: asyncssh.SSHClientConnection, term_type: str = "xterm-256color", **options: Any
) -> asyncssh.SSHClientProcess[bytes]:
    """A session with an 80x24 pty, as `ssh -t` opens."""
    return await conn.create_process(
        term_type=term_type, term_size=(80, 24), encoding=None, **options
    )


async def read_until(
    process: asyncssh.SSHClientProcess[bytes],
    terminal: Terminal,
    done: Callable[[Terminal], bool],
) -> bool:
    """Feed what the session sends into `terminal` until `done` holds (True) or WAIT passes
    or the session ends (False)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + WAIT
    while not done(terminal):
        try:
            data = await asyncio.wait_for(process.stdout.read(CHUNK), deadline - loop.time())
        except TimeoutError:
            return False
        if not data:
            return done(terminal)
        terminal.feed(data)
    return True


async def read_pty_until(master: int, terminal: Terminal, done: Callable[[Terminal], bool]) -> bool:
    """As read_until, from the master side of a local pty."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + WAIT
    while not done(terminal):
        ready: asyncio.Future[None] = loop.create_future()
        loop.add_reader(master, wake, ready)
        try:
            await asyncio.wait_for(ready, deadline - loop.time())
        except TimeoutError:
            return False
        finally:
            loop.remove_reader(master)
        try:
            terminal.feed(os.read(master, CHUNK))
        except OSError:
            return done(terminal)
    return True


def wake(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)


async def gone(pid: int) -> bool:
    """True once no process has `pid` (within WAIT)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + WAIT
    while loop.time() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        await asyncio.sleep(0.05)
    return False


def the_only_app(host: Host) -> int:
    """The pid of the one app the host runs."""
    (session,) = host.sessions
    assert session.pid is not None
    return session.pid


# Who gets in


async def test_a_registered_player_gets_the_home_screen(host: Host, register: Callable) -> None:
    key = register("Bob")
    async with connect(host, key) as conn:
        process = await open_terminal(conn)
        terminal = Terminal()
        assert await read_until(process, terminal, shows_home), terminal.text


async def test_the_key_not_the_user_name_says_who_plays(host: Host, register: Callable) -> None:
    register("Ann")
    key = register("Bob")
    async with connect(host, key, username="Ann") as conn:
        process = await open_terminal(conn)
        await read_until(process, Terminal(), shows_home)
        assert read_proc(the_only_app(host), "cmdline").split("\0")[-2] == "--player=Bob"


async def test_an_unknown_key_is_refused_and_logged_in_one_line(
    host: Host, register: Callable, make_key: Callable, logs: list[str]
) -> None:
    register("Bob")
    stranger = make_key("stranger")
    with pytest.raises(asyncssh.PermissionDenied):
        async with connect(host, stranger):
            pass
    line = f"refused an unknown key ssh-ed25519 {stranger.get_fingerprint()} from 127.0.0.1"
    assert line in logs


async def test_a_password_is_refused(host: Host, register: Callable) -> None:
    register("Bob")
    with pytest.raises(asyncssh.PermissionDenied):
        async with connect(host, None, password="bob"):
            pass


async def test_a_player_added_while_the_host_runs_gets_in(
    host: Host, folder: Path, make_key: Callable, tmp_path: Path
) -> None:
    key = make_key("carla")
    with pytest.raises(asyncssh.PermissionDenied):
        async with connect(host, key):
            pass
    Players(folder).add("Carla", tmp_path / "carla.pub")
    async with connect(host, key) as conn:
        process = await open_terminal(conn)
        assert await read_until(process, Terminal(), shows_home)


async def test_connecting_and_leaving_are_logged(
    host: Host, register: Callable, logs: list[str]
) -> None:
    key = register("Bob")
    async with connect(host, key) as conn:
        process = await open_terminal(conn)
        await read_until(process, Terminal(), shows_home)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + WAIT
    while "Bob left" not in logs and loop.time() < deadline:
        await asyncio.sleep(0.05)
    assert logs == ["Bob connected from 127.0.0.1", "Bob left"]


# A session gets the app and nothing else


async def test_a_command_gets_one_line_and_exit_status_1(host: Host, register: Callable) -> None:
    key = register("Bob")
    async with connect(host, key) as conn:
        result = await conn.run("ls /")
    assert (result.exit_status, result.stdout) == (1, "")
    assert result.stderr == (
        f"hotseat serves only the game: connect with ssh -p {host.port} 127.0.0.1\n"
    )


async def test_sftp_is_refused(host: Host, register: Callable) -> None:
    key = register("Bob")
    async with connect(host, key) as conn:
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.start_sftp_client()


async def test_scp_is_refused(host: Host, register: Callable, tmp_path: Path) -> None:
    key = register("Bob")
    async with connect(host, key) as conn:
        with pytest.raises(asyncssh.SFTPError):
            await asyncssh.scp((conn, "host_key"), tmp_path / "copied")
    assert not (tmp_path / "copied").exists()


async def test_a_local_port_forward_is_refused(host: Host, register: Callable) -> None:
    key = register("Bob")
    async with connect(host, key) as conn:
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.open_connection("127.0.0.1", host.port)


async def test_a_remote_port_forward_is_refused(host: Host, register: Callable) -> None:
    key = register("Bob")
    async with connect(host, key) as conn:
        with pytest.raises(asyncssh.ChannelListenError):
            await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", host.port)


async def test_a_session_without_a_terminal_is_told_to_use_ssh_t(
    host: Host, register: Callable
) -> None:
    key = register("Bob")
    async with connect(host, key) as conn:
        result = await conn.run()
    assert (result.exit_status, result.stderr) == (
        1,
        "hotseat needs a terminal (with ssh, use ssh -t)\n",
    )


# The app's command and environment


def test_the_app_is_hotseat_on_the_host_folder_as_the_player(tmp_path: Path) -> None:
    player = RemotePlayer("Bob", "ssh-ed25519 AAAA", "2024-01-01T00:00:00+00:00")
    assert child_command(tmp_path, player) == [
        "setsid",
        "--ctty",
        sys.executable,
        "-I",
        "-m",
        "hotseat",
        f"--save-dir={tmp_path}",
        "--player=Bob",
    ]


def test_the_app_takes_the_pace_of_computer_moves_the_host_was_given(tmp_path: Path) -> None:
    player = RemotePlayer("Bob", "ssh-ed25519 AAAA", "2024-01-01T00:00:00+00:00")
    assert child_command(tmp_path, player, delay=0.2)[-1] == "--delay=0.2"


def test_the_app_environment_holds_only_path_home_state_settings_lang_and_term(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("LD_PRELOAD", "/tmp/evil.so")
    monkeypatch.setenv("HOTSEAT_SAVE_DIR", "/elsewhere")
    monkeypatch.setenv("HOTSEAT_LANG", "de")
    monkeypatch.setenv("HOTSEAT_STATE_DIR", "/state")
    monkeypatch.setenv("HOTSEAT_CONFIG_DIR", "/settings")
    for name in ("XDG_STATE_HOME", "XDG_CONFIG_HOME", "HOTSEAT_LOCALE_DIR"):
        monkeypatch.delenv(name, raising=False)
    env = child_env("screen-256color")
    assert env == {
        "PATH": os.environ["PATH"],
        "HOME": os.path.expanduser("~"),
        "HOTSEAT_STATE_DIR": "/state",
        "HOTSEAT_CONFIG_DIR": "/settings",
        "LANG": "C.UTF-8",
        "TERM": "screen-256color",
    }


@pytest.mark.parametrize(
    "term_type", [None, "", "xterm\x1b]0;title\x07", "vt100; rm -rf ~", "x" * 100, "-xterm"]
)
def test_a_strange_terminal_type_becomes_xterm_256color(term_type: str | None) -> None:
    assert child_env(term_type)["TERM"] == "xterm-256color"


def read_proc(pid: int, name: str) -> str:
    return Path(f"/proc/{pid}/{name}").read_bytes().decode()


async def test_the_client_environment_never_reaches_the_app(host: Host, register: Callable) -> None:
    key = register("Bob")
    sent = {"LD_PRELOAD": "/tmp/evil.so", "HOTSEAT_SAVE_DIR": "/elsewhere", "LANG": "fr_FR"}
    async with connect(host, key) as conn:
        process = await open_terminal(conn, term_type="vt100; rm -rf ~", env=sent)
        await read_until(process, Terminal(), shows_home)
        environ = read_proc(the_only_app(host), "environ").strip("\0").split("\0")
    assert dict(item.split("=", 1) for item in environ) == child_env(None)


async def test_the_app_runs_in_the_save_folder(host: Host, register: Callable) -> None:
    key = register("Bob")
    async with connect(host, key) as conn:
        process = await open_terminal(conn)
        await read_until(process, Terminal(), shows_home)
        assert Path(f"/proc/{the_only_app(host)}/cwd").resolve() == host.folder.resolve()


# Limits


async def test_one_session_more_than_the_limit_is_told_the_table_is_full(
    hosts: Callable[..., Awaitable[Host]], register: Callable
) -> None:
    host = await hosts(max_sessions=1)
    key = register("Bob")
    async with connect(host, key) as conn:
        first = await open_terminal(conn)
        await read_until(first, Terminal(), shows_home)
        second = await open_terminal(conn)
        result = await second.wait()
    assert (result.exit_status, result.stderr) == (
        1,
        b"hotseat: the table is full (1 player connected); try again later\r\n",
    )


async def test_a_client_that_stops_reading_is_cut_off_and_others_play_on(
    host: Host, register: Callable, logs: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(app_session, "OUTPUT_HIGH_WATER", 1024)
    monkeypatch.setattr(app_session, "SLOW_CLIENT_SECONDS", 1)
    stuck_key, bob_key = register("Ann"), register("Bob")
    async with connect(host, stuck_key) as stuck:
        process = await open_terminal(stuck, window=1024)
        for columns in range(81, 120):
            process.change_terminal_size(columns, 24)
        async with connect(host, bob_key) as bob:
            assert await read_until(await open_terminal(bob), Terminal(), shows_home)
        await asyncio.wait_for(stuck.wait_closed(), WAIT)
    assert "Ann was disconnected: their terminal stopped reading for 1 s" in logs


# How sessions end


async def test_closing_the_client_ends_its_app(host: Host, register: Callable) -> None:
    key = register("Bob")
    async with connect(host, key) as conn:
        process = await open_terminal(conn)
        await read_until(process, Terminal(), shows_home)
        pid = the_only_app(host)
    assert await gone(pid)


async def test_closing_the_host_ends_every_app(
    hosts: Callable[..., Awaitable[Host]], register: Callable
) -> None:
    host = await hosts()
    key = register("Bob")
    async with connect(host, key) as conn:
        process = await open_terminal(conn)
        await read_until(process, Terminal(), shows_home)
        pid = the_only_app(host)
        await host.close()
        assert await gone(pid)


async def test_a_window_change_resizes_the_app(host: Host, register: Callable) -> None:
    key = register("Bob")
    async with connect(host, key) as conn:
        process = await open_terminal(conn)
        terminal = Terminal()
        await read_until(process, terminal, shows_home)
        process.change_terminal_size(100, 30)
        terminal.resize(100, 30)
        assert await read_until(process, terminal, drawn_beyond_80_columns), terminal.text


# OpenSSH's client


@pytest.mark.skipif(shutil.which("ssh") is None, reason="the OpenSSH client is not installed")
async def test_openssh_reaches_the_home_screen_and_q_leaves(
    host: Host, register: Callable, tmp_path: Path
) -> None:
    register("Bob")
    ssh, master = await openssh_client(host.port, tmp_path / "bob")
    try:
        terminal = Terminal()
        assert await read_pty_until(master, terminal, shows_home), terminal.text
        assert "playing as Bob" in terminal.lines[0]
        os.write(master, b"q")
        assert await asyncio.wait_for(ssh.wait(), WAIT) == 0
    finally:
        if ssh.returncode is None:
            ssh.kill()
            await ssh.wait()
        os.close(master)


@pytest.mark.skipif(shutil.which("ssh") is None, reason="the OpenSSH client is not installed")
async def test_a_frozen_client_is_found_by_keepalive_and_its_app_hung_up(
    hosts: Callable[..., Awaitable[Host]], register: Callable, tmp_path: Path, logs: list[str]
) -> None:
    host = await hosts()
    register("Bob")
    ssh, master = await openssh_client(host.port, tmp_path / "bob")
    try:
        assert await read_pty_until(master, Terminal(), shows_home)
        app = the_only_app(host)
        ssh.send_signal(signal.SIGSTOP)  # a laptop closed: the connection stays, nobody answers

        assert await gone(app)
        assert any(line.endswith("Bob left") for line in logs), logs
    finally:
        ssh.send_signal(signal.SIGCONT)
        ssh.kill()
        await ssh.wait()
        os.close(master)


# Starting and stopping the host


async def test_the_host_key_is_made_once_and_kept(
    hosts: Callable[..., Awaitable[Host]], folder: Path
) -> None:
    first = await hosts()
    second = await hosts()
    assert (folder / "host_key").stat().st_mode & 0o777 == 0o600
    assert second.fingerprint == first.fingerprint


def test_a_damaged_host_key_is_one_line_and_left_as_it_is(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder.mkdir()
    (folder / "host_key").write_bytes(b"not a key")
    assert main(host_args(folder, free_port())) == 2
    error = capsys.readouterr().err
    assert error.startswith(f"hotseat: the host key {folder / 'host_key'} cannot be read")
    assert error.count("\n") == 1
    assert (folder / "host_key").read_bytes() == b"not a key"


def test_a_host_key_that_is_a_pipe_is_one_line_not_a_hang(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder.mkdir()
    os.mkfifo(folder / "host_key")
    assert main(host_args(folder, free_port())) == 2
    assert capsys.readouterr().err == (
        f"hotseat: the host key {folder / 'host_key'} cannot be read (it is not a file); "
        "move it away and a new one is made\n"
    )


def test_an_address_of_another_machine_is_one_line_and_exit_2(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["host", "--port", str(free_port()), "--listen", "192.0.2.1", "--save-dir", str(folder)]
    assert main(args) == 2
    assert capsys.readouterr().err == (
        "hotseat: the address 192.0.2.1 is not one of this machine's "
        "(Cannot assign requested address)\n"
    )


def test_a_port_in_use_is_one_line_and_exit_2(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        code = main(host_args(folder, port))
    assert (code, capsys.readouterr().err) == (
        2,
        f"hotseat: port {port} is in use (Address already in use)\n",
    )


def test_a_host_that_cannot_listen_leaves_no_host_key(folder: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        main(host_args(folder, busy.getsockname()[1]))

    assert not (folder / "host_key").exists()


def test_a_relative_save_folder_is_the_one_under_the_working_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    seen: list[Path] = []
    monkeypatch.setattr(server, "host_command", lambda args, folder: seen.append(folder) or 0)

    main(["host", "--save-dir", "games"])

    assert seen == [tmp_path / "games"]


def test_a_folder_that_cannot_be_made_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "file").write_text("")
    folder = tmp_path / "file" / "saves"
    assert main(host_args(folder, free_port())) == 2
    assert capsys.readouterr().err == (
        f"hotseat: cannot create the folder {folder} (Not a directory)\n"
    )


def test_a_damaged_players_file_is_one_line_and_exit_2(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder.mkdir()
    (folder / "players.json").write_text("{")
    assert main(host_args(folder, free_port())) == 2
    error = capsys.readouterr().err
    assert error.startswith("hotseat: ") and "players.json" in error
    assert error.count("\n") == 1


async def test_the_host_says_how_to_connect_and_stops_on_sigterm(folder: Path) -> None:
    port = free_port()
    command = [sys.executable, "-m", "hotseat", *host_args(folder, port)]
    host = await asyncio.create_subprocess_exec(*command, stdout=asyncio.subprocess.PIPE)
    assert host.stdout is not None
    try:
        said = [await asyncio.wait_for(host.stdout.readline(), WAIT) for _ in range(3)]
        host.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(host.wait(), WAIT) == 0
    finally:
        if host.returncode is None:
            host.kill()
            await host.wait()
    assert said[0].decode().startswith(f"hotseat host: serving 0 registered players on port {port}")
    assert b"hotseat players add" in said[1]
    assert said[2].decode() == f"Friends connect with: ssh -p {port} 127.0.0.1\n"


async def test_an_app_is_hung_up_by_the_kernel_when_the_host_dies_without_a_word(
    folder: Path, register: Callable
) -> None:
    key = register("Bob")
    port = free_port()
    command = [sys.executable, "-m", "hotseat", *host_args(folder, port)]
    host = await asyncio.create_subprocess_exec(*command, stdout=asyncio.subprocess.PIPE)
    assert host.stdout is not None
    try:
        for _ in range(3):
            await asyncio.wait_for(host.stdout.readline(), WAIT)
        async with asyncssh.connect(
            "127.0.0.1", port, client_keys=[key], known_hosts=None, agent_path=None
        ) as conn:
            process = await open_terminal(conn)
            assert await read_until(process, Terminal(), shows_home)
            (app,) = (int(pid) for pid in read_proc(host.pid, f"task/{host.pid}/children").split())
            host.kill()  # no clean-up at all: kill -9
            await host.wait()

            assert await gone(app)
    finally:
        if host.returncode is None:
            host.kill()
            await host.wait()
