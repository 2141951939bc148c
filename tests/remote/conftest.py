"""Shared fixtures for the remote table: a save folder, players registered by their SSH keys,
and hosts started in this process on 127.0.0.1 with a free port."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import asyncssh
import pytest

from remote.players import Players
from remote.server import Host, start_host


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """The host's save folder."""
    return tmp_path / "saves"


@pytest.fixture
def make_key(tmp_path: Path) -> Callable[[str], asyncssh.SSHKey]:
    """A new ed25519 key for `name`, also written as `<name>` (0600) and `<name>.pub`."""

    def make(name: str) -> asyncssh.SSHKey:
        key = asyncssh.generate_private_key("ssh-ed25519", comment=f"{name}@test")
        key.write_private_key(tmp_path / name)
        (tmp_path / name).chmod(0o600)
        key.write_public_key(tmp_path / f"{name}.pub")
        return key

    return make


@pytest.fixture
def register(
    folder: Path, tmp_path: Path, make_key: Callable[[str], asyncssh.SSHKey]
) -> Callable[[str], asyncssh.SSHKey]:
    """Register a player under `name` with a new key (`hotseat players add`); their key."""

    def add(name: str) -> asyncssh.SSHKey:
        key = make_key(name.lower())
        Players(folder).add(name, tmp_path / f"{name.lower()}.pub")
        return key

    return add


@pytest.fixture
def logs() -> list[str]:
    """What the hosts wrote to their log, one entry a line."""
    return []


@pytest.fixture
async def hosts(folder: Path, logs: list[str]) -> AsyncIterator[Callable[..., Awaitable[Host]]]:
    """Start hosts on 127.0.0.1 (free port, the test's folder and log); all are closed after
    the test."""
    started: list[Host] = []

    async def start(**options: float) -> Host:
        host = await start_host(folder, 0, log=logs.append, **options)
        started.append(host)
        return host

    yield start
    for host in started:
        await host.close()


@pytest.fixture
async def host(hosts: Callable[..., Awaitable[Host]]) -> Host:
    """A host with the default limits."""
    return await hosts()
