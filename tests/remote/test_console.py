"""`hotseat host` and `hotseat players add`, started as a user starts them, print only
hotseat's own lines: no warning of a library reaches the console."""

from __future__ import annotations

import asyncio
import re
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import asyncssh
from babel.messages.pofile import read_po

from remote_helpers import WAIT, free_port, host_args

CATALOG = Path(__file__).resolve().parents[2] / "tui" / "locale" / "hotseat.pot"
HOTSEAT = Path(sys.executable).parent / "hotseat"
"""The command the README installs."""


def own_line() -> re.Pattern[str]:
    """A line hotseat writes: one of its catalog's English messages (a placeholder may
    stand for anything), alone, after "hotseat:" or "hotseat host:", or after the time
    (the host's log)."""
    with CATALOG.open("rb") as file:
        catalog = read_po(file)
    templates = set()
    for message in catalog:
        for text in message.id if isinstance(message.id, tuple) else (message.id,):
            if text:
                parts = re.split(r"\{[^{}]*\}", text)
                templates.add(".+".join(re.escape(part) for part in parts))
    prefix = r"(hotseat( host)?: |\d\d:\d\d:\d\d )?"
    return re.compile(prefix + "(" + "|".join(sorted(templates)) + ")")


def foreign_lines(output: str) -> list[str]:
    pattern = own_line()
    return [line for line in output.splitlines() if not pattern.fullmatch(line)]


def test_players_add_prints_only_hotseat_s_own_lines(
    folder: Path, make_key: Callable[[str], asyncssh.SSHKey], tmp_path: Path
) -> None:
    key_file = tmp_path / "ann.pub"
    make_key("Ann").write_public_key(key_file)
    done = subprocess.run(
        [
            str(HOTSEAT),
            "--lang",
            "en",
            "players",
            "add",
            "Ann",
            str(key_file),
            "--save-dir",
            str(folder),
        ],
        capture_output=True,
        text=True,
        timeout=WAIT,
        check=True,
    )
    assert done.stdout.startswith("Added Ann")
    assert foreign_lines(done.stdout + done.stderr) == []


async def test_the_host_prints_only_hotseat_s_own_lines(
    folder: Path, register: Callable[[str], asyncssh.SSHKey]
) -> None:
    register("Ann")
    host = await asyncio.create_subprocess_exec(
        *(str(HOTSEAT), "--lang", "en", *host_args(folder, free_port())),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    assert host.stdout is not None
    try:
        started = await asyncio.wait_for(host.stdout.readuntil(b"Ctrl+C stops the host.\n"), WAIT)
    finally:
        host.send_signal(signal.SIGTERM)
        out, err = await asyncio.wait_for(host.communicate(), WAIT)
    assert foreign_lines((started + out + err).decode()) == []
