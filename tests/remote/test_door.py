"""`hotseat host` before login, with OpenSSH's sshd as the yardstick: attempts a connection,
the login grace time, unauthenticated connections per source and in all, penalties for
sources whose logins keep failing, a log that stays short, open files, modern algorithms
only, StrictModes, and a registry parsed once.

Each test starts a host in this process on 127.0.0.1; attackers connect from 127.0.0.2 (or
other addresses of the loopback network), players from 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import resource
import shutil
import signal
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import asyncssh
import pytest

from hotseat.cli import main
from remote import registry, server
from remote.door import Door, Limits, Penalties, signature_algorithm, source_of
from remote.players import Players
from remote.server import Host, save_host_key
from saves.players import RemotePlayer

from remote_helpers import free_port, host_args, until

WAIT = 20.0
"""Seconds to wait for something that should happen (generous: the machine may be busy)."""
PLAYER = "127.0.0.1"
ATTACKER = "127.0.0.2"
UNPENALISED = Limits(penalty_min=float("inf"), per_source=100)
"""A door that refuses no connection for its source's failures."""

Hosts = Callable[..., Awaitable[Host]]
MakeKey = Callable[[str], asyncssh.SSHKey]


def connect(host: Host, keys: list[asyncssh.SSHKey], source: str = PLAYER, **options: Any) -> Any:
    """An SSH connection from `source` to `host` offering `keys` in order (no agent)."""
    return asyncssh.connect(
        "127.0.0.1",
        host.port,
        local_addr=(source, 0),
        username="anyone",
        client_keys=keys,
        known_hosts=None,
        agent_path=None,
        **options,
    )


async def logs_in(host: Host, key: asyncssh.SSHKey, source: str = PLAYER) -> bool:
    """Whether `key` from `source` gets in (refused at the door or at login: False)."""
    try:
        async with connect(host, [key], source):
            return True
    except (asyncssh.Error, OSError):
        return False


async def fails(host: Host, keys: list[asyncssh.SSHKey], source: str = ATTACKER) -> None:
    """A connection from `source` that offers `keys` and is refused."""
    with pytest.raises(asyncssh.PermissionDenied):
        async with connect(host, keys, source):
            pass


def wrong_keys(count: int) -> list[asyncssh.SSHKey]:
    return [asyncssh.generate_private_key("ssh-ed25519") for _ in range(count)]


async def idle(host: Host, source: str) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A TCP connection from `source` to the host that never says a word."""
    return await asyncio.open_connection("127.0.0.1", host.port, local_addr=(source, 0))


async def greeting(reader: asyncio.StreamReader) -> bytes:
    """What the host sends first: its version line, or b"" when it closes the connection
    at once (a refusal before any key exchange)."""
    try:
        return await asyncio.wait_for(reader.readline(), WAIT)
    except ConnectionResetError:
        return b""


def logged(logs: list[str], text: str) -> Callable[[], bool]:
    return lambda: any(text in line for line in logs)


# At most 6 failed attempts a connection (MaxAuthTries)


async def test_seven_wrong_keys_on_one_connection_are_cut_off(
    host: Host, register: Callable
) -> None:
    register("Ann")
    with pytest.raises(asyncssh.PermissionDenied) as refused:
        async with connect(host, wrong_keys(7), ATTACKER):
            pass
    assert refused.value.reason == "Too many authentication failures"


async def test_the_right_key_after_six_wrong_ones_on_one_connection_does_not_get_in(
    host: Host, register: Callable, logs: list[str]
) -> None:
    ann = register("Ann")
    with pytest.raises(asyncssh.PermissionDenied):
        async with connect(host, [*wrong_keys(6), ann], ATTACKER):
            pass
    assert not any("Ann connected" in line for line in logs)


async def test_the_right_key_after_five_wrong_ones_gets_in(
    host: Host, register: Callable, logs: list[str]
) -> None:
    ann = register("Ann")
    async with connect(host, [*wrong_keys(5), ann]):
        assert "Ann connected from 127.0.0.1" in logs


@pytest.mark.skipif(shutil.which("ssh") is None, reason="the OpenSSH client is not installed")
async def test_openssh_offering_seven_wrong_keys_is_told_too_many_authentication_failures(
    host: Host, register: Callable, make_key: MakeKey, tmp_path: Path
) -> None:
    register("Ann")
    strangers = [f"stranger{n}" for n in range(7)]
    for name in strangers:
        make_key(name)
    code, error = await openssh(host.port, *(f"-i{tmp_path / name}" for name in strangers))
    assert code == 255
    assert "Too many authentication failures" in error


# Sources


@pytest.mark.parametrize(
    ("address", "source"),
    [
        ("203.0.113.7", "203.0.113.7"),
        ("2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"),
        ("::ffff:203.0.113.7", "203.0.113.7"),
    ],
)
def test_a_source_is_an_ipv4_address_or_an_ipv6_slash_64(address: str, source: str) -> None:
    assert source_of(address) == source


# 30 s to log in (LoginGraceTime)


async def test_a_connection_that_does_not_log_in_within_the_grace_time_is_cut(
    hosts: Hosts,
) -> None:
    host = await hosts(limits=Limits(login_grace=0.5))
    reader, writer = await idle(host, ATTACKER)
    writer.write(b"SSH-2.0-idle\r\n")
    assert (await greeting(reader)).startswith(b"SSH-2.0-")
    with contextlib.suppress(ConnectionResetError):
        while await asyncio.wait_for(reader.read(65536), WAIT):
            pass  # the host's key exchange offer, left unanswered
    writer.close()
    assert reader.at_eof()


# Unauthenticated connections per source and in all (MaxStartups)


async def test_a_source_has_at_most_per_source_connections_waiting_to_log_in(
    hosts: Hosts,
) -> None:
    host = await hosts(limits=Limits(per_source=2))
    waiting = [await idle(host, ATTACKER) for _ in range(2)]
    for reader, _ in waiting:
        assert (await greeting(reader)).startswith(b"SSH-2.0-")
    reader, _ = await idle(host, ATTACKER)
    assert await greeting(reader) == b""


async def test_500_idle_connections_from_one_source_leave_a_player_from_another_a_way_in(
    host: Host, register: Callable
) -> None:
    ann = register("Ann")
    flood = [await idle(host, ATTACKER) for _ in range(500)]
    greetings = await asyncio.gather(*(greeting(reader) for reader, _ in flood))
    assert sum(1 for line in greetings if line) == Limits().per_source

    assert await asyncio.wait_for(logs_in(host, ann), WAIT)


async def test_with_full_connections_waiting_to_log_in_every_new_one_is_refused(
    hosts: Hosts, register: Callable
) -> None:
    host = await hosts(limits=Limits(startups=(3, 30, 3)))
    ann = register("Ann")
    waiting = [await idle(host, f"127.0.0.{3 + n}") for n in range(3)]
    for reader, _ in waiting:
        assert (await greeting(reader)).startswith(b"SSH-2.0-")

    assert not await logs_in(host, ann)


async def test_a_connection_that_stops_waiting_makes_room_for_another(
    hosts: Hosts, register: Callable
) -> None:
    host = await hosts(limits=Limits(startups=(1, 30, 1)))
    ann = register("Ann")
    reader, writer = await idle(host, ATTACKER)
    await greeting(reader)
    writer.close()
    assert await until(lambda: host.door.unauthenticated == 0)

    assert await logs_in(host, ann)


@pytest.mark.parametrize(("chance", "admitted"), [(0.49, False), (0.51, True)])
async def test_between_start_and_full_a_new_connection_is_dropped_at_random(
    chance: float, admitted: bool
) -> None:
    door = Door(Limits(startups=(2, 50, 4)), print, chance=lambda: chance)
    door.waiting = {"10.0.0.1": 1, "10.0.0.2": 1}
    assert door.admit("10.0.0.3", "10.0.0.3") is admitted


async def test_from_start_the_chance_of_a_drop_grows_to_certainty_at_full() -> None:
    door = Door(Limits(startups=(2, 50, 4)), print, chance=lambda: 0.74)
    door.waiting = {"10.0.0.1": 1, "10.0.0.2": 1, "10.0.0.3": 1}  # 75 % are dropped
    assert not door.admit("10.0.0.4", "10.0.0.4")


# Sources whose logins keep failing are refused for a while (PerSourcePenalties)


async def test_a_source_whose_logins_keep_failing_is_refused_while_another_gets_in(
    host: Host, register: Callable, logs: list[str]
) -> None:
    ann = register("Ann")
    penalised = logged(logs, "127.0.0.2 failed to log in too often: refused for 15 s")
    for _ in range(5):  # 5 s each, refused from 15 s on
        await fails(host, wrong_keys(1))
        assert await until(lambda: not host.door.waiting)
        if penalised():
            break
    assert penalised()

    assert not await logs_in(host, ann, ATTACKER)
    assert await logs_in(host, ann, PLAYER)


async def test_a_player_who_gets_in_after_wrong_keys_earns_no_penalty(
    host: Host, register: Callable
) -> None:
    ann = register("Ann")
    for _ in range(4):
        async with connect(host, [*wrong_keys(5), ann], ATTACKER):
            pass
    assert host.door.penalties.refused_for(ATTACKER) == 0


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def refusals(penalties: Penalties, clock: Clock, rounds: int) -> list[float]:
    """How long each of `rounds` refusals lasts for a source that fails as soon as it
    is let in again."""
    lengths = []
    for _ in range(rounds):
        length = None
        while length is None:
            length = penalties.add("10.0.0.9", 5.0)
        lengths.append(length)
        clock.now += length
    return lengths


def test_each_refusal_in_a_row_lasts_twice_as_long_up_to_the_longest() -> None:
    clock = Clock()
    penalties = Penalties(Limits(), clock)
    assert refusals(penalties, clock, 7) == [15, 30, 60, 120, 240, 480, 600]


def test_a_refused_source_is_let_in_again_when_its_refusal_ends() -> None:
    clock = Clock()
    penalties = Penalties(Limits(), clock)
    refusals(penalties, clock, 1)
    assert penalties.refused_for("10.0.0.9") == 0


def test_a_source_quiet_for_the_longest_refusal_is_forgiven() -> None:
    clock = Clock()
    penalties = Penalties(Limits(), clock)
    refusals(penalties, clock, 3)
    clock.now += 601
    assert refusals(penalties, clock, 1) == [15]


def test_a_full_penalty_table_penalises_no_new_source() -> None:
    penalties = Penalties(Limits(penalty_sources=1), Clock())
    penalties.add("10.0.0.1", 5.0)
    assert [penalties.add("10.0.0.2", 5.0) for _ in range(3)] == [None, None, None]


def test_a_full_penalty_table_makes_room_by_forgetting_forgiven_sources() -> None:
    clock = Clock()
    penalties = Penalties(Limits(penalty_sources=1), clock)
    penalties.add("10.0.0.1", 5.0)
    clock.now += 606
    assert [penalties.add("10.0.0.2", 5.0) for _ in range(3)] == [None, None, 15]


# The log stays short


async def test_refusals_are_logged_once_a_source_a_period_and_the_rest_counted(
    hosts: Hosts, logs: list[str]
) -> None:
    host = await hosts(limits=UNPENALISED)
    for _ in range(10):
        await fails(host, wrong_keys(3))
    await host.close()
    about_attacker = [line for line in logs if ATTACKER in line]
    assert len(about_attacker) == 2
    assert about_attacker[0].startswith("refused an unknown key ssh-ed25519 SHA256:")
    assert about_attacker[1] == "127.0.0.2: 29 more refused attempts in the last 60 s"


async def test_the_count_held_back_is_logged_when_the_period_ends(
    hosts: Hosts, logs: list[str]
) -> None:
    host = await hosts(limits=Limits(log_period=1))
    await fails(host, wrong_keys(2))
    assert await until(logged(logs, "127.0.0.2: 1 more refused attempt in the last 1 s"))


async def test_sources_beyond_those_a_period_logs_are_counted_together(
    hosts: Hosts, logs: list[str]
) -> None:
    host = await hosts(limits=Limits(log_sources=2, per_source=1, startups=(1, 100, 1)))
    waiting = await idle(host, "127.0.0.3")
    for n in range(4, 8):
        reader, _ = await idle(host, f"127.0.0.{n}")
        await greeting(reader)
    waiting[1].close()
    await host.close()
    assert logs[-1] == "2 more refused attempts from other sources in the last 60 s"
    assert len(logs) == 3


async def test_the_door_writes_its_log_in_the_hosts_language(german: None) -> None:
    lines: list[str] = []
    door = Door(Limits(per_source=2), lines.append)
    door.waiting = {"10.0.0.1": 2}
    for _ in range(3):
        assert not door.admit("10.0.0.1", "10.0.0.1")
    for _ in range(3):
        door.ended("10.0.0.2", "10.0.0.2", failures=1)
    door.flush()
    assert lines == [
        "Verbindung von 10.0.0.1 abgelehnt: 2 Verbindungen von ihr melden sich schon an",
        "10.0.0.2 hat sich zu oft vergeblich angemeldet: für 15 s gesperrt",
        "10.0.0.1: 2 weitere abgelehnte Versuche in den letzten 60 s",
    ]


async def test_a_flood_of_connections_writes_a_short_log_and_no_traceback(
    folder: Path, register: Callable
) -> None:
    """The flood connects all at once: the kernel drops what overflows the host's small
    listen queue and retries it after 1 s, then 3 s, so this takes a few seconds."""
    ann = register("Ann")
    port = free_port()
    host = await asyncio.create_subprocess_exec(
        *(sys.executable, "-m", "hotseat", *host_args(folder, port)),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (512, 512)),
    )
    assert host.stdout is not None and host.stderr is not None
    try:
        for _ in range(3):
            await asyncio.wait_for(host.stdout.readline(), WAIT)
        flood = await asyncio.gather(
            *(
                asyncio.open_connection("127.0.0.1", port, local_addr=(ATTACKER, 0))
                for _ in range(600)
            )
        )
        async with asyncssh.connect(
            "127.0.0.1", port, client_keys=[ann], known_hosts=None, agent_path=None
        ):
            pass
        for _, writer in flood:
            writer.close()
    finally:
        host.send_signal(signal.SIGTERM)
        await asyncio.wait_for(host.wait(), WAIT)
    log = (await host.stderr.read()).decode()
    assert "Traceback" not in log
    assert len(log.splitlines()) <= 5, log


async def test_an_error_of_the_event_loop_is_one_line_without_traceback(
    host: Host, logs: list[str]
) -> None:
    context = {"message": "socket.accept() out of system resource"}
    for _ in range(3):
        host.loop_error(asyncio.get_running_loop(), {**context, "exception": OSError(24, "no")})
    await host.close()
    assert logs == [
        "the host went on after an error: socket.accept() out of system resource: [Errno 24] no",
        "the host: 2 more errors in the last 60 s",
    ]


# Open files


async def test_new_connections_are_refused_while_open_files_are_near_the_limit(
    hosts: Hosts, logs: list[str]
) -> None:
    host = await hosts(limits=Limits(open_file_limit=64))
    reader, _ = await idle(host, ATTACKER)
    assert await greeting(reader) == b""
    assert await until(logged(logs, "files are open, the limit is 64"))


async def test_the_host_raises_its_open_file_limit_to_the_hard_limit(folder: Path) -> None:
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    port = free_port()
    host = await asyncio.create_subprocess_exec(
        *(sys.executable, "-m", "hotseat", *host_args(folder, port)),
        stdout=asyncio.subprocess.PIPE,
        preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (256, hard)),
    )
    assert host.stdout is not None
    try:
        await asyncio.wait_for(host.stdout.readline(), WAIT)
        limits = Path(f"/proc/{host.pid}/limits").read_text().splitlines()
    finally:
        host.send_signal(signal.SIGTERM)
        await asyncio.wait_for(host.wait(), WAIT)
    (line,) = [line for line in limits if line.startswith("Max open files")]
    assert line.split()[3:5] == [str(hard), str(hard)]


# Modern algorithms only


async def kexinit(host: Host) -> list[list[str]]:
    """The name-lists of the key exchange offer the host sends in clear: key exchange,
    host key, ciphers (both ways), MACs (both ways), ..."""
    reader, writer = await idle(host, PLAYER)
    writer.write(b"SSH-2.0-probe\r\n")
    await greeting(reader)
    size = int.from_bytes(await reader.readexactly(4), "big")
    packet = await reader.readexactly(size)
    writer.close()
    payload = packet[1 : size - packet[0]]
    assert payload[0] == 20  # SSH_MSG_KEXINIT
    lists, at = [], 17
    for _ in range(10):
        length = int.from_bytes(payload[at : at + 4], "big")
        lists.append(payload[at + 4 : at + 4 + length].decode().split(","))
        at += 4 + length
    return lists


MARKERS = {"ext-info-s", "kex-strict-s-v00@openssh.com"}


async def test_the_host_offers_no_finite_field_diffie_hellman_and_no_sha1(host: Host) -> None:
    offer = await kexinit(host)
    kex = [name for name in offer[0] if name not in MARKERS]
    assert kex and not [n for n in kex if "diffie-hellman" in n or "sha1" in n or "rsa" in n]
    assert not [n for n in offer[4] + offer[5] if "sha1" in n]


async def test_the_host_key_is_offered_only_as_ed25519(host: Host) -> None:
    offer = await kexinit(host)
    assert offer[1] == ["ssh-ed25519"]


async def test_a_client_offering_only_finite_field_diffie_hellman_fails(
    host: Host, register: Callable
) -> None:
    ann = register("Ann")
    ffdh = [f"diffie-hellman-group{n}-sha512" for n in (15, 16, 17, 18)]
    ffdh += ["diffie-hellman-group14-sha256", "diffie-hellman-group14-sha1"]
    with pytest.raises(asyncssh.KeyExchangeFailed):
        async with connect(host, [ann], kex_algs=ffdh):
            pass


@pytest.mark.skipif(shutil.which("ssh") is None, reason="the OpenSSH client is not installed")
async def test_openssh_offering_only_finite_field_diffie_hellman_fails(
    host: Host, register: Callable, tmp_path: Path
) -> None:
    register("Ann")
    ffdh = "diffie-hellman-group14-sha256,diffie-hellman-group16-sha512"
    ffdh += ",diffie-hellman-group18-sha512,diffie-hellman-group14-sha1"
    code, error = await openssh(host.port, f"-i{tmp_path / 'ann'}", f"-oKexAlgorithms={ffdh}")
    assert code == 255
    assert "no matching key exchange method found" in error


@pytest.fixture
def rsa_player(folder: Path, tmp_path: Path) -> asyncssh.SSHKey:
    """Rita, registered with an RSA key."""
    key = asyncssh.generate_private_key("ssh-rsa", key_size=2048)
    key.write_public_key(tmp_path / "rita.pub")
    Players(folder).add("Rita", tmp_path / "rita.pub")
    return key


async def test_an_rsa_key_signing_with_sha1_is_refused(
    host: Host, rsa_player: asyncssh.SSHKey, logs: list[str]
) -> None:
    with pytest.raises(asyncssh.PermissionDenied):
        async with connect(host, [rsa_player], signature_algs=["ssh-rsa"]):
            pass
    assert "refused a ssh-rsa signature from 127.0.0.1" in logs


async def test_an_rsa_key_signing_with_sha2_gets_in(
    host: Host, rsa_player: asyncssh.SSHKey
) -> None:
    assert await logs_in(host, rsa_player)


# StrictModes


@pytest.fixture
def made_by_hotseat(folder: Path, register: Callable) -> Path:
    """A save folder with a registered player and a host key, as hotseat makes them."""
    register("Ann")
    save_host_key(folder, asyncssh.generate_private_key("ssh-ed25519"))
    return folder


@pytest.mark.parametrize(
    ("name", "mode", "what", "problem", "fix"),
    [
        ("players.json", 0o666, "the players file", "is writable by others", "chmod go-w"),
        ("players.json", 0o620, "the players file", "is writable by its group", "chmod go-w"),
        ("host_key", 0o644, "the host key", "is readable by others", "chmod 600"),
        ("", 0o777, "the save folder", "is writable by others", "chmod go-w"),
    ],
)
def test_a_file_others_could_change_or_read_stops_the_host_with_one_line(
    made_by_hotseat: Path,
    capsys: pytest.CaptureFixture[str],
    name: str,
    mode: int,
    what: str,
    problem: str,
    fix: str,
) -> None:
    path = made_by_hotseat / name if name else made_by_hotseat
    path.chmod(mode)
    capsys.readouterr()
    assert main(host_args(made_by_hotseat, free_port())) == 2
    assert capsys.readouterr().err == (
        f"hotseat: {what} {path} {problem} (mode {mode:04o}); fix it with: {fix} {path}\n"
    )


async def test_a_folder_made_by_hotseat_passes_strict_modes(
    folder: Path, register: Callable, hosts: Hosts
) -> None:
    register("Ann")
    await hosts()
    await hosts()  # the second one reads the host key the first one saved
    paths = (folder, folder / "players.json", folder / "host_key")
    assert [os.stat(path).st_mode & 0o777 for path in paths] == [0o700, 0o600, 0o600]


async def test_a_players_file_made_writable_while_the_host_runs_lets_no_one_in(
    host: Host, register: Callable, folder: Path, logs: list[str]
) -> None:
    ann = register("Ann")
    (folder / "players.json").chmod(0o666)
    assert not await logs_in(host, ann)
    assert any("players.json is writable by others (mode 0666)" in line for line in logs)


# The registry: parsed once, read again when players.json changes


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The folder of each parse of players.json by the host's registry."""
    seen: list[Path] = []

    class Counted(Players):
        def keys(self) -> dict[RemotePlayer, asyncssh.SSHKey]:
            seen.append(self.folder)
            return super().keys()

    monkeypatch.setattr(registry, "Players", Counted)
    return seen


async def test_the_registry_is_parsed_once_for_every_key_offered(
    host: Host, register: Callable, parses: list[int]
) -> None:
    ann = register("Ann")
    for _ in range(3):
        async with connect(host, [*wrong_keys(5), ann]):
            pass
    assert len(parses) == 1


async def test_the_registry_is_read_again_when_players_json_changes(
    host: Host, register: Callable, parses: list[int]
) -> None:
    ann = register("Ann")
    assert await logs_in(host, ann)
    bob = register("Bob")
    assert await logs_in(host, bob)
    assert len(parses) == 2


async def test_a_removed_player_is_refused_at_once(
    host: Host, register: Callable, folder: Path
) -> None:
    ann = register("Ann")
    assert await logs_in(host, ann)
    Players(folder).remove("Ann")
    assert not await logs_in(host, ann)


async def test_the_registry_lists_the_registered_players(
    host: Host, register: Callable, folder: Path
) -> None:
    register("Ann")
    register("Bob")
    Players(folder).remove("Ann")
    assert [player.name for player in host.registry.players()] == ["Bob"]


async def test_an_edit_in_place_of_players_json_is_seen(
    host: Host, register: Callable, folder: Path
) -> None:
    ann = register("Ann")
    register("Bob")
    assert await logs_in(host, ann)
    path = folder / "players.json"
    path.write_text(path.read_text().replace('"Ann"', '"Aya"'))
    assert [player.name for player in host.registry.players()] == ["Aya", "Bob"]


# OpenSSH's client


async def openssh(port: int, *options: str) -> tuple[int, str]:
    """`ssh ... 127.0.0.1 true` in batch mode with only the given identities: its exit
    code and what it wrote on stderr."""
    ssh = await asyncio.create_subprocess_exec(
        *("ssh", "-F", "/dev/null", "-p", str(port), *options),
        *("-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null"),
        *("-o", "BatchMode=yes", "-o", "IdentitiesOnly=yes"),
        *("127.0.0.1", "true"),
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
    )
    _, error = await asyncio.wait_for(ssh.communicate(), WAIT)
    return ssh.returncode or 0, error.decode()


# What a client sends never drives the host's terminal


def test_a_signature_algorithm_that_is_not_a_name_is_named_unnamed() -> None:
    name = b"\x1b]0;owned\x07"
    blob = len(name).to_bytes(4, "big") + name + bytes(8)

    assert signature_algorithm(blob) == "an unnamed algorithm"


def test_the_host_log_writes_control_characters_as_escapes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    server.log_line("refused a \x1b]0;owned\x07 signature")

    err = capsys.readouterr().err
    assert "\x1b" not in err and "\x07" not in err
    assert err.endswith("refused a \\x1b]0;owned\\x07 signature\n")


# After login


async def test_a_player_has_at_most_twice_their_sessions_in_connections(
    hosts: Hosts, register: Callable
) -> None:
    host = await hosts(max_player_sessions=1)
    ann = register("Ann")
    async with connect(host, [ann]), connect(host, [ann]):
        extra = await connect(host, [ann])
        await asyncio.wait_for(extra.wait_closed(), WAIT)

        assert host.player_connections(RemotePlayer("Ann", "", "")) == 2
    assert await until(lambda: host.player_connections(RemotePlayer("Ann", "", "")) == 0)
    assert await logs_in(host, ann)
