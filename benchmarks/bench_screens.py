"""What a key costs on each game screen, how fast the app starts and how much of a big
screen the game gets, each figure against a bare Textual app (benchmarks/bare_app.py:
header, one line, footer, a cursor on the arrow keys) measured in the same run. Bytes and
repaints are measured at 80x24 and again at 160x45 (targets 1024 and 2048 bytes).

bytes    Bytes written to the terminal per cursor key. Each run stores a new game (Ann and
         Bob, seed = run number; in XOXO the computer player places the first three
         tiles) and opens it with `hotseat resume` in a fresh pseudo-terminal of 80 x 24
         (TERM=xterm-256color, COLORTERM=truecolor; a private save folder). Once the
         output is quiet and the privacy screen is passed with Enter, cursor keys are sent
         one at a time, each after the output went quiet again. The output is read back
         through a terminal emulator (pyte): the first arrow whose key changes the screen
         and whose opposite restores it is measured, then it and its opposite in turn,
         and every key must show the same picture as before. Median over keys and runs.
         Target: at most 1024 bytes.
repaint  Key press to the last frame it caused, in this process (Textual's Pilot at
         80 x 24, true colour, the same games and keys); every frame is rendered to
         escape codes as a terminal would get them, which headless Textual skips. p50
         over keys and runs. Target: at most 2x the bare app.
startup  Process start to the first frame of the home screen (empty save folder), in a
         pseudo-terminal of 80 x 24 (benchmarks/saves_child.py), against the bare app
         started the same way, taken in turn; once in English and once in German. Target:
         at most 1.25x each.
(How much of each screen a table gives its pieces and its log: bench_table_share.py.)

Run from the project folder:

    python benchmarks/bench_screens.py [--quick] [--only bytes|repaint|startup]
                                       [--game GAME] [--colours 256] [--profile]

--only and --game may be repeated; --game takes the game ids of `hotseat new` (3x3,
xoxo, shifting-stones, xylotar). --colours 256 leaves COLORTERM unset (256 colours in
process), as over ssh, which does not pass COLORTERM on by default. --profile also
prints where start-up spends its time: the import times of Textual and of hotseat's
modules, and a cProfile of one start to the home screen.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import pstats
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pyte
import textual.constants
from rich.style import Style
from textual._compositor import CompositorUpdate
from textual.app import App
from textual.pilot import Pilot

from rules.catalog import CATALOG
from saves import SaveStore
from tui.app import HANDOFF_GUARD, HotseatApp
from tui.model import GameSession, parse_players
from tui.screens.handoff import HandoffScreen
from tui.screens.table import TableScreen

from bare_app import BareApp
from common import (
    HERE,
    ROOT,
    Figure,
    Series,
    alternate,
    child_env,
    ms,
    percentile,
    print_marks,
    report,
    run_child,
    run_parts,
    spawn_on_terminal,
)

COLUMNS, LINES = 80, 24
SIZE = (COLUMNS, LINES)
BIG = (160, 45)
SIZES = (SIZE, BIG)
"""Bytes and repaints are measured at 80x24 and in a full-screen terminal of 160x45."""
COLOURS = ("truecolor", "256")
"""What the terminal offers: TERM=xterm-256color with COLORTERM=truecolor (as most local
terminals set it), or without (as over ssh, which does not pass COLORTERM on by default);
the in-process apps get the colour system Rich detects for each."""

PLAYERS = "Ann,Bob"
"""Two people at the keyboard in every game."""
OPENING = {"3x3": 0, "xoxo": 3, "shifting-stones": 0, "xylotar": 0}
"""Moves the computer player makes for the seats before a game is measured: in XOXO the
first tile has one free cell only; after three tiles the cursor has several."""
SAVE_NAME = "bench"

KEYS = {
    "left": b"\x1b[D",
    "right": b"\x1b[C",
    "up": b"\x1b[A",
    "down": b"\x1b[B",
    "enter": b"\r",
}
OPPOSITE = {"left": "right", "right": "left", "up": "down", "down": "up"}
DIRECTIONS = ("right", "left", "down", "up")
"""Tried in this order: the first whose key changes the screen and whose opposite brings
it back (the cursor went there and back) is the one measured."""

QUIET = 0.3
"""Seconds without output that mean the app has drawn everything."""
RESPONSE = 2.0
"""Seconds to wait for the first byte after a key."""
START_TIMEOUT = 30.0
"""Seconds the app may take to start, or to go quiet after anything."""
SETTLE = 0.12
"""Seconds after a Pilot key press in which its frames are collected."""
BYTES_TARGET = {SIZE: 1024, BIG: 2048}
REPAINT_TARGET = 2.0
STARTUP_TARGET = 1.25


@dataclass
class Plan:
    """How many runs (and keys per run) each part takes."""

    byte_runs: int
    byte_keys: int
    repaint_runs: int
    repaint_keys: int
    startup_runs: int


QUICK = Plan(byte_runs=2, byte_keys=4, repaint_runs=2, repaint_keys=10, startup_runs=3)
FULL = Plan(byte_runs=5, byte_keys=10, repaint_runs=5, repaint_keys=20, startup_runs=21)
"""Start-up takes 21 runs of each: Textual's own import alone varies by some 20 ms from one
process to the next, and 9 runs gave ratios from 0.98x to 1.29x within ten minutes."""


def title(game: str) -> str:
    return CATALOG[game].title


def key_sequence(first: str, count: int) -> Iterator[str]:
    """`first`, its opposite, `first`, ... `count` keys in all."""
    for i in range(count):
        yield first if i % 2 == 0 else OPPOSITE[first]


class BackAndForth:
    """The two pictures the keys of `key_sequence` switch between: the first key shows
    `moved`, its opposite brings `start` back, and so on."""

    def __init__(self, start: Any) -> None:
        self.start = start
        self.moved = start

    def as_before(self, index: int, now: Any) -> bool:
        """Whether the picture after key `index` is the one that key showed before."""
        if index == 0:
            self.moved = now
        return bool(now == (self.moved if index % 2 == 0 else self.start))


def staged_session(save_dir: Path, game: str, seed: int) -> GameSession:
    """A new game named SAVE_NAME for PLAYERS, its OPENING moves made by the computer
    player; the session holds its seats."""
    store = SaveStore(save_dir)
    session = GameSession.create(store, game, parse_players(PLAYERS), seed, name=SAVE_NAME)
    for _ in range(OPENING[game]):
        seat = session.to_act()[0]
        session.apply(seat, session.bot_choice(seat))
    return session


# ---- bytes: a real pseudo-terminal ---------------------------------------------------


class Terminal:
    """A child process in a fresh pseudo-terminal of SIZE; everything it writes is kept and
    can be read back as a screen through a terminal emulator."""

    def __init__(
        self, command: Sequence[str], env: dict[str, str], size: tuple[int, int] = SIZE
    ) -> None:
        self.columns, self.lines = size
        self.proc, self.master = spawn_on_terminal(command, env, ROOT, size)
        self.output = bytearray()
        self.last_output = time.monotonic()
        self.lock = threading.Lock()
        self.screen = pyte.Screen(self.columns, self.lines)
        self.stream = pyte.ByteStream(self.screen)
        self.fed = 0
        self.reader = threading.Thread(target=self._drain, daemon=True)
        self.reader.start()

    def _drain(self) -> None:
        while True:
            try:
                chunk = os.read(self.master, 65536)
            except OSError:
                return
            if not chunk:
                return
            with self.lock:
                self.output.extend(chunk)
                self.last_output = time.monotonic()

    def written(self) -> int:
        with self.lock:
            return len(self.output)

    def settle(self, since: int, first_within: float) -> None:
        """Wait for output beyond byte `since` (at most `first_within` seconds), then until
        none came for QUIET seconds."""
        deadline = time.monotonic() + first_within
        while self.written() <= since and time.monotonic() < deadline:
            self._check_alive()
            time.sleep(0.005)
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            self._check_alive()
            with self.lock:
                idle = time.monotonic() - self.last_output
            if idle >= QUIET:
                return
            time.sleep(QUIET - idle)
        raise RuntimeError(f"the output never went quiet:\n{self.text()}")

    def _check_alive(self) -> None:
        if self.proc.poll() is not None:
            raise RuntimeError(f"the app exited with {self.proc.returncode}:\n{self.text()}")

    def press(self, key: str) -> int:
        """Send one key and wait until the app has drawn what it does; the bytes written."""
        before = self.written()
        os.write(self.master, KEYS[key])
        self.settle(before, RESPONSE)
        return self.written() - before

    def cells(self) -> tuple[tuple[Any, ...], ...]:
        """Every cell of the screen now: character and attributes."""
        with self.lock:
            new = bytes(self.output[self.fed :])
            self.fed = len(self.output)
        self.stream.feed(new)
        buffer = self.screen.buffer
        return tuple(tuple(buffer[y][x] for x in range(self.columns)) for y in range(self.lines))

    def text(self) -> str:
        self.cells()
        return "\n".join(self.screen.display)

    def close(self) -> None:
        for sig in (signal.SIGTERM, signal.SIGKILL):
            try:
                os.killpg(self.proc.pid, sig)
            except ProcessLookupError:
                break
            try:
                self.proc.wait(3)
                break
            except subprocess.TimeoutExpired:
                continue
        os.close(self.master)
        self.reader.join(2)


def changed(before: tuple[tuple[Any, ...], ...], after: tuple[tuple[Any, ...], ...]) -> int:
    """How many cells differ."""
    pairs = zip(before, after, strict=True)
    return sum(a != b for row_a, row_b in pairs for a, b in zip(row_a, row_b, strict=True))


@dataclass
class KeyBytes:
    """What each counted key cost, in one run or several; the cells one key changes."""

    sizes: list[int] = field(default_factory=list)
    cells: list[int] = field(default_factory=list)
    keys: list[str] = field(default_factory=list)

    def add(self, other: KeyBytes) -> None:
        self.sizes += other.sizes
        self.cells += other.cells
        self.keys += other.keys


def reveal_if_private(term: Terminal) -> None:
    """Pass the privacy screen (Enter, once its guard time is over), if it shows."""
    for _ in range(3):
        if "Reveal" not in term.screen.display[-1]:
            return
        time.sleep(HANDOFF_GUARD)
        term.press("enter")
        term.cells()
    raise RuntimeError(f"the privacy screen did not go:\n{term.text()}")


def there_and_back(term: Terminal) -> str:
    """The first direction whose key changes the screen and whose opposite restores it
    (a message such as "no free cell that way" stays, so it does not count)."""
    for _ in range(2):
        for direction in DIRECTIONS:
            start = term.cells()
            term.press(direction)
            moved = term.cells()
            term.press(OPPOSITE[direction])
            if moved != start and term.cells() == start:
                return direction
    raise RuntimeError(f"no arrow key moves a cursor on this screen:\n{term.text()}")


def measure_keys(
    command: Sequence[str], env: dict[str, str], keys: int, size: tuple[int, int]
) -> KeyBytes:
    """Start `command` in a pseudo-terminal of `size` and send it `keys` cursor keys: one
    direction and its opposite in turn, the screen switching between the same two pictures."""
    term = Terminal(command, env, size)
    found = KeyBytes()
    try:
        term.settle(0, START_TIMEOUT)
        term.cells()
        reveal_if_private(term)
        first = there_and_back(term)
        pictures = BackAndForth(term.cells())
        for i, key in enumerate(key_sequence(first, keys)):
            size = term.press(key)
            if not pictures.as_before(i, term.cells()):
                raise RuntimeError(f"{key} did not move the cursor as before:\n{term.text()}")
            found.sizes.append(size)
            found.keys.append(key)
        found.cells.append(changed(pictures.start, pictures.moved))
    finally:
        term.close()
    return found


def terminal_type(colours: str) -> str:
    return "TERM=xterm-256color" + (" COLORTERM=truecolor" if colours == "truecolor" else "")


def resume_command(save_dir: Path) -> list[str]:
    return [sys.executable, "-m", "hotseat", "resume", SAVE_NAME, "--save-dir", str(save_dir)]


def at_every_size(
    part: Callable[[Path, Sequence[str], Plan, str, tuple[int, int]], list[Figure]],
) -> Callable[[Path, Sequence[str], Plan, str], list[Figure]]:
    """A part measured at each of SIZES, its figures in turn."""

    def measure(work: Path, games: Sequence[str], plan: Plan, colours: str) -> list[Figure]:
        return [figure for size in SIZES for figure in part(work, games, plan, colours, size)]

    return measure


def bench_bytes_at(
    work: Path, games: Sequence[str], plan: Plan, colours: str, size: tuple[int, int]
) -> list[Figure]:
    env = child_env(truecolor=colours == "truecolor")
    env["HOTSEAT_STATE_DIR"] = str(work / "state")
    bare = KeyBytes()
    found = {game: KeyBytes() for game in games}
    bare_app = [sys.executable, str(HERE / "bare_app.py")]
    for run in range(plan.byte_runs):
        bare.add(measure_keys(bare_app, env, plan.byte_keys, size))
        for game in games:
            save_dir = work / f"bytes-{game}-{run}-{size[0]}"
            session = staged_session(save_dir, game, run + 1)
            session.close()
            session.store.close()
            env["HOTSEAT_SAVE_DIR"] = str(save_dir)
            found[game].add(measure_keys(resume_command(save_dir), env, plan.byte_keys, size))
    print(
        f"\nbytes: written to the terminal per cursor key, {size[0]}x{size[1]} pty, "
        f"{terminal_type(colours)}, {plan.byte_runs} runs (seeds 1-{plan.byte_runs}) x "
        f"{plan.byte_keys} keys; players {PLAYERS}"
    )
    anchor = Series("bare Textual app", "B", [float(s) for s in bare.sizes])
    print(anchor.line())
    print(f"      keys {describe_keys(bare.keys)}; cells one key changes {middle(bare.cells)}")
    figures = []
    for game in games:
        series = Series(title(game), "B", [float(s) for s in found[game].sizes])
        print(series.line())
        print(
            f"      keys {describe_keys(found[game].keys)}; "
            f"cells one key changes {middle(found[game].cells)}"
        )
        figures.append(
            Figure(
                f"bytes per cursor key, {title(game)}, {size[0]}x{size[1]}",
                series.median,
                "B",
                BYTES_TARGET[size],
                anchor.median,
                absolute=True,
            )
        )
    return figures


def describe_keys(keys: list[str]) -> str:
    counts = {key: keys.count(key) for key in dict.fromkeys(keys)}
    return ", ".join(f"{key} x{n}" for key, n in counts.items())


def middle(values: list[int]) -> str:
    ordered = sorted(values)
    return f"median {ordered[len(ordered) // 2]} (min {ordered[0]} - max {ordered[-1]})"


# ---- repaint: Pilot, in this process -------------------------------------------------


class FrameClock:
    """Notes when every app in this process hands a frame to its driver, and its size in
    bytes; headless frames are rendered to escape codes here, as a terminal would get them."""

    def __init__(self) -> None:
        self.frames: list[tuple[float, int]] = []

    @contextmanager
    def watching(self) -> Iterator[FrameClock]:
        display = App._display
        frames = self.frames

        def _display(app: App[Any], screen: Any, renderable: Any) -> None:
            display(app, screen, renderable)
            if renderable is None or app._batch_count:
                return
            size = 0
            if app.is_headless and isinstance(renderable, CompositorUpdate):
                size = len(renderable.render_segments(app.console).encode())
            frames.append((time.perf_counter(), size))

        App._display = _display  # type: ignore[method-assign]
        try:
            yield self
        finally:
            App._display = display  # type: ignore[method-assign]


@dataclass
class Repaints:
    """Press-to-frame times (ms) and in-process frame bytes of the counted keys."""

    times: list[float] = field(default_factory=list)
    sizes: list[float] = field(default_factory=list)


async def press_timed(pilot: Pilot[Any], clock: FrameClock, key: str) -> tuple[float, int]:
    """Press `key`; ms from the press to the last frame it caused, and those frames' bytes
    (no frame: 0 bytes and the time of the wait)."""
    seen = len(clock.frames)
    start = time.perf_counter()
    await pilot.press(key)
    await asyncio.sleep(SETTLE)
    frames = clock.frames[seen:]
    if not frames:
        return 1000 * (time.perf_counter() - start), 0
    return 1000 * (frames[-1][0] - start), sum(size for _, size in frames)


def picture(app: App[Any]) -> tuple[tuple[str, Style | None], ...]:
    """Every cell the app's screen shows now: character and style (without the mouse
    metadata). A screenshot would not do: the same picture can come in other segments."""
    strips = app.screen._compositor.render_strips()
    return tuple(
        (char, segment.style and segment.style.clear_meta_and_links())
        for strip in strips
        for segment in strip
        for char in segment.text
    )


async def there_and_back_in(pilot: Pilot[Any], clock: FrameClock) -> str:
    """As `there_and_back`, for an app run by `pilot`."""
    app = pilot.app
    for _ in range(2):
        for direction in DIRECTIONS:
            start = picture(app)
            await press_timed(pilot, clock, direction)
            moved = picture(app)
            await press_timed(pilot, clock, OPPOSITE[direction])
            if moved != start and picture(app) == start:
                return direction
    raise RuntimeError(f"{type(app.screen).__name__}: no arrow key moves a cursor")


async def time_keys(
    app: App[Any],
    ready: Callable[[Pilot[Any]], Any],
    clock: FrameClock,
    keys: int,
    size: tuple[int, int] = SIZE,
) -> Repaints:
    """Run `app` headless at `size`; once `ready` is done, time `keys` cursor keys as
    `measure_keys` sends them."""
    found = Repaints()
    async with app.run_test(size=size) as pilot:
        await ready(pilot)
        first = await there_and_back_in(pilot, clock)
        pictures = BackAndForth(picture(app))
        for i, key in enumerate(key_sequence(first, keys)):
            elapsed, size = await press_timed(pilot, clock, key)
            if not pictures.as_before(i, picture(app)):
                raise RuntimeError(f"{type(app.screen).__name__}: {key} did not move the cursor")
            found.times.append(elapsed)
            found.sizes.append(size)
    return found


async def nothing(pilot: Pilot[Any]) -> None:
    await pilot.pause()


async def my_turn(pilot: Pilot[Any]) -> None:
    """Let computers move and pass the privacy screen until a person's turn shows."""
    app = pilot.app
    for _ in range(500):
        await pilot.pause()
        if isinstance(app.screen, HandoffScreen):
            await pilot.press("enter")
        elif isinstance(app.screen, TableScreen) and app.screen.my_turn:
            return
    raise RuntimeError(f"{type(app.screen).__name__}: no person's turn came")


def bench_repaint_at(
    work: Path, games: Sequence[str], plan: Plan, colours: str, size: tuple[int, int]
) -> list[Figure]:
    textual.constants.COLOR_SYSTEM = colours
    os.environ.pop("NO_COLOR", None)
    clock = FrameClock()
    bare = Repaints()
    found = {game: Repaints() for game in games}
    with clock.watching():
        for run in range(plan.repaint_runs):
            one = asyncio.run(time_keys(BareApp(), nothing, clock, plan.repaint_keys, size))
            bare.times += one.times
            bare.sizes += one.sizes
            for game in games:
                session = staged_session(work / f"repaint-{game}-{run}-{size[0]}", game, run + 1)
                app = HotseatApp(session.store, delay=0.0, session=session, resumed=True)
                app.handoff_guard = 0.0
                one = asyncio.run(time_keys(app, my_turn, clock, plan.repaint_keys, size))
                app.close_session()
                session.store.close()
                found[game].times += one.times
                found[game].sizes += one.sizes
    print(
        f"\nrepaint: key press to its last frame (Pilot, {size[0]}x{size[1]}, "
        f"colour system {colours}), {plan.repaint_runs} runs x {plan.repaint_keys} keys"
    )
    anchor = repaint_series("bare Textual app", bare)
    figures = []
    for game in games:
        series = repaint_series(title(game), found[game])
        name = f"key to repaint p50, {title(game)}, {size[0]}x{size[1]}"
        figures.append(Figure.of(name, series, anchor, REPAINT_TARGET))
    return figures


def repaint_series(label: str, found: Repaints) -> Series:
    """The times as a series, printed with their p90 and the bytes of the frames."""
    series = Series(label, "ms", found.times)
    print(series.line())
    print(
        f"      p90 {percentile(series.values, 90):.2f} ms; "
        f"bytes of its frames {middle([round(v) for v in found.sizes])}"
    )
    return series


# ---- startup ---------------------------------------------------------------------------


def bench_startup(work: Path, plan: Plan, colours: str) -> list[Figure]:
    empty = work / "startup-saves"
    SaveStore(empty).ensure_writable()
    env = child_env(truecolor=colours == "truecolor")
    env["HOTSEAT_STATE_DIR"] = str(work / "state")
    german = {**env, "HOTSEAT_LANG": "de"}
    home, home_de, bare = alternate(
        plan.startup_runs,
        [
            lambda: run_child(["home", str(empty), "0"], size=SIZE, env=env),
            lambda: run_child(["home", str(empty), "0"], size=SIZE, env=german),
            lambda: run_child(["bare"], size=SIZE, env=env),
        ],
    )
    print(
        f"\nstartup: process start to the first frame, {COLUMNS}x{LINES} pty, "
        f"{terminal_type(colours)}, {plan.startup_runs} runs each, alternating"
    )
    english = ms("hotseat home, no saves", home), ms("bare Textual app", bare)
    report("  home screen listed (empty save folder) against the bare app's first frame", *english)
    deutsch = ms("hotseat home in German, no saves", home_de), ms("bare Textual app", bare)
    report("  the same in German", *deutsch)
    print_marks({"home": home, "home in German": home_de, "bare": bare})
    return [
        Figure.of("start-up to home", *english, STARTUP_TARGET),
        Figure.of("start-up to home in German", *deutsch, STARTUP_TARGET),
    ]


# ---- profile -------------------------------------------------------------------------

IMPORT_LINE = re.compile(r"import time:\s+(\d+) \|\s+(\d+) \|( *)(\S+)")


def import_times(statement: str) -> list[tuple[int, int, int, str]]:
    """(self us, cumulative us, depth, module) of every module `statement` imports, on its
    second run (the first compiles them)."""
    command = [sys.executable, "-X", "importtime", "-c", statement]
    subprocess.run(command, cwd=ROOT, env=child_env(), capture_output=True, check=True)
    done = subprocess.run(
        command, cwd=ROOT, env=child_env(), capture_output=True, text=True, check=True
    )
    rows = []
    for line in done.stderr.splitlines():
        match = IMPORT_LINE.match(line)
        if match:
            own, total, indent, name = match.groups()
            rows.append((int(own), int(total), len(indent) // 2, name))
    return rows


def profile_startup(work: Path) -> None:
    """Import times of what the home screen needs, then a cProfile of one start to it."""
    for statement in ("import textual.app", "import hotseat.cli", "import tui.app"):
        rows = import_times(statement)
        top = max(rows, key=lambda row: row[1])
        print(f"\n`{statement}`: {top[1] / 1000:.0f} ms in all; the costliest imports:")
        print("    cumulative ms   self ms  module")
        for own, total, depth, name in sorted(rows, key=lambda row: -row[1])[:12]:
            print(f"    {total / 1000:13.1f} {own / 1000:9.1f}  {'  ' * depth}{name}")
    empty = work / "profile-saves"
    SaveStore(empty).ensure_writable()
    stats_file = work / "home.prof"
    env = child_env()
    env["HOTSEAT_BENCH_PROFILE"] = str(stats_file)
    run_child(["home", str(empty), "0"], size=SIZE, env=env)
    stats = pstats.Stats(str(stats_file))
    print("\nProfile of one start to the home screen's first frame (cProfile)")
    print("Textual's and hotseat's own functions, cumulative, top 40:")
    stats.sort_stats("cumulative").print_stats(r"/(textual|tui|saves|rules)/", 40)
    print("All functions by their own time, top 20:")
    stats.sort_stats("tottime").print_stats(20)


def main() -> None:
    parser = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    parser.add_argument("--quick", action="store_true", help="few runs (about a minute)")
    parser.add_argument(
        "--only",
        action="append",
        choices=("bytes", "repaint", "startup"),
        help="run only this part (may be repeated)",
    )
    parser.add_argument(
        "--game",
        action="append",
        choices=tuple(CATALOG),
        help="measure only this game (may be repeated)",
    )
    parser.add_argument(
        "--colours",
        choices=COLOURS,
        default=COLOURS[0],
        help="256: no COLORTERM, as over ssh (default: COLORTERM=truecolor)",
    )
    parser.add_argument(
        "--profile", action="store_true", help="also print where start-up spends its time"
    )
    args = parser.parse_args()
    plan = QUICK if args.quick else FULL
    parts = args.only or ["bytes", "repaint", "startup"]
    games = args.game or list(CATALOG)
    steps: list[Callable[[Path], list[Figure]]] = []
    if "bytes" in parts:
        steps.append(lambda work: at_every_size(bench_bytes_at)(work, games, plan, args.colours))
    if "repaint" in parts:
        steps.append(lambda work: at_every_size(bench_repaint_at)(work, games, plan, args.colours))
    if "startup" in parts:
        steps.append(lambda work: bench_startup(work, plan, args.colours))
    if args.profile:
        steps.append(lambda work: profile_startup(work) or [])
    run_parts(steps, args.quick)


if __name__ == "__main__":
    main()
