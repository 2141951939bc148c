"""`hotseat host` in two languages at once: the host's console in the host's language, and
what a player reads (their app, a refusal, the line their session ends with) in the
language that player chose in their app."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import asyncssh

from remote.server import Host
from tui import i18n

from remote_helpers import Terminal


def connect(host: Host, key: asyncssh.SSHKey) -> Any:
    """An SSH connection to `host` with `key` only (no agent, no other keys)."""
    return asyncssh.connect(
        "127.0.0.1",
        host.port,
        username="anyone",
        client_keys=[key],
        known_hosts=None,
        agent_path=None,
    )


async def test_a_player_who_chose_german_reads_the_refusal_in_german(
    host: Host, register: Callable[[str], asyncssh.SSHKey], logs: list[str]
) -> None:
    i18n.remember("de", "Bob")
    key = register("Bob")
    async with connect(host, key) as conn:
        result = await conn.run("ls /")
    assert (result.exit_status, result.stdout) == (1, "")
    assert result.stderr == (
        f"hotseat bietet nur das Spiel: verbinde dich mit ssh -p {host.port} 127.0.0.1\n"
    )
    assert logs[0] == "Bob connected from 127.0.0.1"


async def test_the_host_console_speaks_the_hosts_language_and_each_player_their_own(
    hosts: Callable[..., Awaitable[Host]],
    register: Callable[[str], asyncssh.SSHKey],
    logs: list[str],
) -> None:
    i18n.use("de")
    host = await hosts()
    key = register("Bob")
    async with connect(host, key) as conn:
        result = await conn.run("ls /")
    assert result.stderr == f"hotseat serves only the game: connect with {host.connect_hint}\n"
    assert logs[0] == "Bob hat sich von 127.0.0.1 verbunden"
    assert i18n.language() == "de"


async def test_a_player_who_chose_german_gets_a_german_app_and_last_line(
    host: Host, register: Callable[[str], asyncssh.SSHKey]
) -> None:
    i18n.remember("de", "Bob")
    bob = await Terminal.open(host.port, register("Bob"))
    assert await bob.until(lambda screen: "Deine Tische" in screen), bob.text

    await host.close()

    assert await bob.until(
        lambda screen: (
            "hotseat: der Host hat diese Sitzung beendet; jeder gezeigte Zug ist "
            "gespeichert" in screen
        )
    ), bob.text
