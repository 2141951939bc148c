"""What the app benchmarks share: samples and their medians, figures with targets and the
summary table, and apps started as child processes under a pseudo-terminal."""

from __future__ import annotations

import asyncio
import fcntl
import itertools
import json
import math
import os
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.app import App

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
CHILD = HERE / "saves_child.py"
"""Starts an app and notes when its first wanted frame is drawn."""
CHILD_TIMEOUT = 120.0
TIME = "/usr/bin/time"
PYCACHE = Path(tempfile.gettempdir()) / "hotseat-bench-pycache"
"""Where the children keep compiled modules (see child_env)."""


@dataclass
class Series:
    """Samples of one measurement, in its unit."""

    label: str
    unit: str
    values: list[float] = field(default_factory=list)

    @property
    def median(self) -> float:
        return statistics.median(self.values)

    def line(self) -> str:
        low, high = min(self.values), max(self.values)
        return (
            f"    {self.label:<34} n={len(self.values):<3} median {self.median:9.2f} {self.unit}"
            f"  (min {low:.2f} - max {high:.2f})"
        )


@dataclass
class Figure:
    """One reported figure: a measured median, the anchor's median measured in the same
    run (if any), and a target on their ratio - or, with `absolute` or without an anchor,
    on the measured value itself."""

    name: str
    measured: float
    unit: str
    limit: float
    anchor: float | None = None
    absolute: bool = False
    at_least: bool = False
    """The target is a floor, not a ceiling (a share the pieces must have at least)."""

    @classmethod
    def of(cls, name: str, measured: Series, anchor: Series, limit: float) -> Figure:
        """The ratio of two series' medians, with a target on it."""
        return cls(name, measured.median, measured.unit, limit, anchor.median)

    @property
    def ratio(self) -> float | None:
        return None if self.anchor is None else self.measured / self.anchor

    @property
    def on_ratio(self) -> bool:
        return self.anchor is not None and not self.absolute

    @property
    def ok(self) -> bool:
        value = self.ratio if self.on_ratio else self.measured
        assert value is not None
        return value >= self.limit if self.at_least else value <= self.limit

    def target(self) -> str:
        sign = ">=" if self.at_least else "<="
        return f"{sign} {self.limit:g}x" if self.on_ratio else f"{sign} {self.limit:g} {self.unit}"


def amount(value: float | None, unit: str) -> str:
    if value is None:
        return "-"
    return f"{value:.0f} {unit}" if abs(value) >= 100 else f"{value:.2f} {unit}"


def print_summary(figures: Sequence[Figure], heading: str) -> None:
    """One table: figure, measured, anchor, ratio, target, met or missed."""
    print(f"\n{heading}")
    print(f"  {'figure':<38} {'measured':>10} {'anchor':>10} {'ratio':>7}  {'target':<10} result")
    for f in figures:
        ratio = "-" if f.ratio is None else f"{f.ratio:.2f}x"
        print(
            f"  {f.name:<38} {amount(f.measured, f.unit):>10} {amount(f.anchor, f.unit):>10}"
            f" {ratio:>7}  {f.target():<10} {'met' if f.ok else 'MISSED'}"
        )


def run_parts(steps: Sequence[Callable[[Path], list[Figure]]], quick: bool) -> None:
    """Run each chosen part in one scratch folder (removed afterwards), then print the
    summary table of every figure they measured."""
    work = Path(tempfile.mkdtemp(prefix="hotseat-bench-"))
    figures: list[Figure] = []
    started = time.perf_counter()
    try:
        for step in steps:
            figures += step(work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    kind = "quick" if quick else "full"
    print_summary(figures, f"Summary ({kind} run, {time.perf_counter() - started:.0f} s)")


def report(title: str, measured: Series, anchor: Series) -> float:
    """Print both series and the ratio of their medians (with the range of paired ratios)."""
    ratio = measured.median / anchor.median
    pairs = [a / b for a, b in zip(measured.values, anchor.values, strict=False)]
    print(title)
    print(measured.line())
    print(anchor.line())
    print(f"    ratio of medians {ratio:.2f}x  (paired runs {min(pairs):.2f}x - {max(pairs):.2f}x)")
    return ratio


def wilson(successes: float, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of a share."""
    if n == 0:
        return 0.0, 0.0
    z = 1.96
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


# ---- child processes under a pseudo-terminal ----------------------------------------


def open_terminal(size: tuple[int, int]) -> tuple[int, int]:
    """A fresh pseudo-terminal of `size` (columns, lines): its master and slave ends."""
    master, slave = os.openpty()
    columns, lines = size
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
    return master, slave


def spawn_on_terminal(
    command: Sequence[str], env: dict[str, str], cwd: Path, size: tuple[int, int]
) -> tuple[subprocess.Popen[bytes], int]:
    """`command` started in a session of its own on a fresh pseudo-terminal of `size`: the
    process and the terminal's master end (the slave end is closed here)."""
    master, slave = open_terminal(size)
    proc = subprocess.Popen(
        command,
        cwd=cwd,
        env=env,
        stdin=slave,
        stdout=slave,
        stderr=slave,
        start_new_session=True,
    )
    os.close(slave)
    return proc, master


def child_env(*, truecolor: bool = True) -> dict[str, str]:
    """This environment as a terminal of type xterm-256color gives it, without Textual's
    or the size's variables; COLORTERM=truecolor only with `truecolor`. Compiled modules
    are kept (in PYCACHE, outside the project), as an installed app has them: without,
    every start would compile each module it imports. The app speaks English whatever
    language this computer's user chose, so the screens measured are always the same."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("TEXTUAL")}
    env["HOTSEAT_LANG"] = "en"
    for name in ("NO_COLOR", "COLUMNS", "LINES", "COLORTERM", "PYTHONDONTWRITEBYTECODE"):
        env.pop(name, None)
    env["PYTHONPYCACHEPREFIX"] = str(PYCACHE)
    env["TERM"] = "xterm-256color"
    if truecolor:
        env["COLORTERM"] = "truecolor"
    return env


@dataclass
class ChildRun:
    seconds: float
    """From just before the process was started to its wanted frame (or its exit)."""
    max_rss_mb: float
    marks: dict[str, float]


def run_child(
    args: Sequence[str],
    *,
    size: tuple[int, int],
    terminal: bool = True,
    env: dict[str, str] | None = None,
) -> ChildRun:
    """Run `args` (a Python script and its arguments) as a child; its time and peak memory.

    With `terminal`, the child gets a fresh pseudo-terminal of `size` (drained here) and
    must be saves_child.py, whose OUT file gives the time of the wanted frame; without,
    stdout goes to a pipe and the time is until it exits. Peak memory comes from
    /usr/bin/time: a child forked from this (large) process would inherit its high-water
    mark.
    """
    out = tempfile.mktemp(prefix="hotseat-bench-", suffix=".json")
    rss = tempfile.mktemp(prefix="hotseat-bench-", suffix=".rss")
    output = bytearray()
    timer = [TIME, "-f", "%M", "-o", rss, sys.executable]
    if terminal:
        master, slave = open_terminal(size)
        streams: dict[str, Any] = {"stdin": slave, "stdout": slave, "stderr": slave}
        command = [*timer, str(CHILD), out, *args]
    else:
        streams = {
            "stdin": subprocess.DEVNULL,
            "stdout": subprocess.PIPE,
            "stderr": subprocess.STDOUT,
        }
        command = [*timer, *args]
    start = time.monotonic()
    proc = subprocess.Popen(
        command, cwd=ROOT, env=env or child_env(), start_new_session=True, **streams
    )
    if terminal:
        os.close(slave)
        drain_fd = master
    else:
        assert proc.stdout is not None
        drain_fd = proc.stdout.fileno()

    def drain() -> None:
        while True:
            try:
                chunk = os.read(drain_fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            if len(output) < 200_000:
                output.extend(chunk)

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    killer = threading.Timer(CHILD_TIMEOUT, lambda: os.killpg(proc.pid, 9))
    killer.start()
    proc.wait()
    ended = time.monotonic()
    killer.cancel()
    reader.join(5)
    if terminal:
        os.close(master)
    elif proc.stdout is not None:
        proc.stdout.close()
    text = output.decode(errors="replace")
    try:
        with open(rss) as file:
            max_rss_kb = float(file.read().split()[-1])
    finally:
        if os.path.exists(rss):
            os.unlink(rss)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} exited with {proc.returncode}:\n{text[-3000:]}")
    marks: dict[str, float] = {}
    if terminal:
        try:
            with open(out) as file:
                marks = json.load(file)
        except FileNotFoundError:
            raise RuntimeError(f"{' '.join(args)}: never drew its frame:\n{text[-3000:]}") from None
        finally:
            if os.path.exists(out):
                os.unlink(out)
    seconds = (marks["frame"] if terminal else ended) - start
    rel = {k: (v - start) * 1000 for k, v in marks.items()}
    return ChildRun(seconds, max_rss_kb / 1024, rel)


def alternate(runs: int, makers: Sequence[Callable[[], ChildRun]]) -> list[list[ChildRun]]:
    """One untimed warm-up of each, then `runs` rounds taking each maker in turn."""
    for make in makers:
        make()
    results: list[list[ChildRun]] = [[] for _ in makers]
    for _ in range(runs):
        for found, make in zip(results, makers, strict=True):
            found.append(make())
    return results


def ms(label: str, runs: list[ChildRun]) -> Series:
    return Series(label, "ms", [r.seconds * 1000 for r in runs])


def print_marks(runs: dict[str, list[ChildRun]]) -> None:
    """The medians of the marks each kind of child noted, in the order they came."""
    print("    where the time goes (medians, ms from process start):")
    for label, found in runs.items():
        for mark in sorted(found[0].marks, key=found[0].marks.__getitem__):
            values = [r.marks[mark] for r in found if mark in r.marks]
            print(f"      {label:<8} {mark:<40} {statistics.median(values):8.1f}")


TICK = 0.005
"""The interval of the timer whose ticks show how live an app's event loop is."""


async def tick_gaps(
    app: App[Any], seconds: float, done: Callable[[], bool], size: tuple[int, int]
) -> tuple[list[float], float]:
    """Gaps (ms) between the ticks of a TICK-second interval timer while `app` runs headless
    at `size` for `seconds` or until `done()`; and the seconds it ran."""
    ticks: list[float] = []
    async with app.run_test(size=size):
        app.set_interval(TICK, lambda: ticks.append(time.perf_counter()))
        start = time.perf_counter()
        while time.perf_counter() - start < seconds and not done():
            await asyncio.sleep(0.02)
        elapsed = time.perf_counter() - start
    return [1000 * (b - a) for a, b in itertools.pairwise(ticks)], elapsed
