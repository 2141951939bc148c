"""How many failed logins a minute one source gets through the door of `hotseat host`: with
its limits (sshd's defaults: 6 attempts a connection, unauthenticated connections capped
per source, penalties for sources whose logins keep failing, a quiet log) against the same
door with them off, as the anchor.

The host runs as a process of its own (this script started again with --serve), serving a
scratch save folder with one registered player on 127.0.0.1 and a free port. The attacker,
in this process, connects from 127.0.0.2 with asyncssh's client, ATTACKERS connections at
a time, each offering KEYS wrong ed25519 keys, again and again for SECONDS. The host counts
the offered keys it looked up and refused, and the lines it logged, and prints both when it
stops. Each figure is that count scaled to a minute; RUNS runs with the limits and without,
taken in turn, and the median of each with their ratio.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

import asyncssh

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from remote.door import Limits  # noqa: E402
from remote.players import Players  # noqa: E402
from remote.server import start_host  # noqa: E402

SECONDS = 10.0
RUNS = 3
ATTACKERS = 8
KEYS = 50
ATTACKER = "127.0.0.2"
OFF = Limits(
    max_auth_tries=10**9,
    startups=(10**9, 100, 10**9),
    per_source=10**9,
    penalty_min=float("inf"),
    log_period=0.0,
)
"""The door with its limits off: every key tried, every connection let in, every refusal
logged (as before the limits)."""


async def serve(folder: Path, limits_on: bool) -> None:
    """The host, until SIGTERM; then what it counted, as one JSON line on stdout."""
    counts = {"refused_keys": 0, "log_lines": 0}

    def log(_text: str) -> None:
        counts["log_lines"] += 1

    host = await start_host(folder, 0, log=log, limits=None if limits_on else OFF)
    by_key = host.registry.by_key

    def counted(key: asyncssh.SSHKey) -> object:
        player = by_key(key)
        counts["refused_keys"] += player is None
        return player

    host.registry.by_key = counted  # type: ignore[method-assign]
    stopped = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stopped.set)
    print(host.port, flush=True)
    await stopped.wait()
    await host.close()
    print(json.dumps(counts), flush=True)


async def attacker(port: int, keys: list[asyncssh.SSHKey], deadline: float) -> None:
    """Connections from ATTACKER offering `keys`, one after another until `deadline`."""
    loop = asyncio.get_running_loop()
    while loop.time() < deadline:
        with contextlib.suppress(asyncssh.Error, OSError, TimeoutError):
            async with asyncssh.connect(
                "127.0.0.1",
                port,
                local_addr=(ATTACKER, 0),
                username="anyone",
                client_keys=keys,
                known_hosts=None,
                agent_path=None,
                connect_timeout=SECONDS,
            ):
                pass


async def run(folder: Path, limits_on: bool, keys: list[asyncssh.SSHKey]) -> dict[str, float]:
    """One run: failed logins and log lines a minute."""
    command = [sys.executable, __file__, "--serve", str(folder), "on" if limits_on else "off"]
    host = await asyncio.create_subprocess_exec(*command, stdout=asyncio.subprocess.PIPE)
    assert host.stdout is not None
    port = int(await host.stdout.readline())
    loop = asyncio.get_running_loop()
    start = loop.time()
    await asyncio.gather(*(attacker(port, keys, start + SECONDS) for _ in range(ATTACKERS)))
    elapsed = loop.time() - start
    host.send_signal(signal.SIGTERM)
    counts = json.loads(await host.stdout.readline())
    await host.wait()
    return {name: count * 60 / elapsed for name, count in counts.items()}


async def measure(runs: int) -> None:
    keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(KEYS)]
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch) / "saves"
        player = asyncssh.generate_private_key("ssh-ed25519")
        player.write_public_key(Path(scratch) / "ann.pub")
        Players(folder).add("Ann", Path(scratch) / "ann.pub")
        results: dict[bool, list[dict[str, float]]] = {True: [], False: []}
        for number in range(runs):
            for limits_on in (True, False):
                started = time.monotonic()
                result = await run(folder, limits_on, keys)
                results[limits_on].append(result)
                print(
                    f"  run {number + 1} limits {'on ' if limits_on else 'off'}: "
                    f"{result['refused_keys']:9.0f} failed logins/min, "
                    f"{result['log_lines']:9.0f} log lines/min "
                    f"({time.monotonic() - started:.1f} s)",
                    flush=True,
                )
    print(f"\nOne source, {ATTACKERS} connections at a time, {KEYS} wrong keys each, {SECONDS:g} s")
    print(f"a run, median of {runs} runs, scaled to a minute:")
    for name, label in (("refused_keys", "failed logins"), ("log_lines", "log lines")):
        on = statistics.median(r[name] for r in results[True])
        off = statistics.median(r[name] for r in results[False])
        ratio = on / off if off else float("nan")
        print(f"  {label:<14} limits on {on:9.0f}/min   off {off:9.0f}/min   ratio {ratio:.4f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    parser.add_argument("--runs", type=int, default=RUNS)
    parser.add_argument("--serve", nargs=2, metavar=("FOLDER", "LIMITS"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        asyncio.run(serve(Path(args.serve[0]), args.serve[1] == "on"))
    else:
        asyncio.run(measure(args.runs))


if __name__ == "__main__":
    main()
