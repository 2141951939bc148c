"""How the save store and the app scale with long games and many saves, each figure a ratio
against an anchor measured in the same run.

1. Resuming an 8,150-move 11-player 3 x 3 game to its first frame (the privacy screen),
   and its peak memory, against a bare Textual app started the same way, in three ways
   the game can be left: by a session, as a player who quits leaves it; right after
   `hotseat import` of its save document; and by a session killed with SIGKILL right
   after it committed move 8,000 (a game stored with 7,000 moves, then played on move by
   move, the session storing its checkpoints in the background as it goes). Each resume
   starts from a copy of the save folder as it was left. The same game with no
   checkpoint at all (every move replays) is shown too, and a game of 3 moves.
2. The home screen ready with 500 saves against none; `hotseat list` likewise. Three times
   the runs of the other parts: a list takes some 70 ms, a few ms of noise moves its ratio.
3. Committing one move at move 10 and at move 8,000, and against a bare INSERT + COMMIT.
4. Event-loop gaps while 11 computers play 3 x 3 at --delay 0, against the bare app.
5. A terminal's first write to a database of 500 saves and the 8,150-move game, which
   checks the whole file first (`PRAGMA quick_check`), against its next write.

Apps in 1 and 2 run as child processes (benchmarks/saves_child.py; the bare app is
benchmarks/bare_app.py) under a pseudo-terminal of COLUMNS x LINES; 4 runs in this
process, headless. What the app benchmarks share is in benchmarks/common.py.

Run from the project folder: python benchmarks/bench_saves.py [--quick] [--profile]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import json
import multiprocessing
import os
import pstats
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import saves.database
from rules import GAMES, Action, AnyGame, get_game
from rules.bots import choose, self_play
from rules.three_by_three import Play
from rules.three_by_three_cards import RANK_VALUE
from saves import PlayerSpec, SaveRecord, SaveStore, export_game
from saves.database import BUSY_TIMEOUT_MS, FILENAME, SYNCHRONOUS
from saves.record import summarize
from tui.app import HotseatApp
from tui.model import GameSession

from bare_app import BareApp
from common import (
    ROOT,
    TICK,
    ChildRun,
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
    tick_gaps,
)
from harness import random_choice

COLUMNS, LINES = 120, 40
"""The pseudo-terminal's size (and the headless screen's)."""
SIZE = (COLUMNS, LINES)
LIST = ["-m", "hotseat", "list", "--save-dir"]
"""`hotseat list`, the save folder to follow."""

LONG_GAME = 8150
OLD_RULES = 1
"""The 3 x 3 rules version the long game is played by: before the repetition rule."""
SHORT_GAME = 3
"""Moves of the short game resumed beside the long one."""
KILLED_AT = 8000
"""The move after whose commit the playing session is killed."""
PLAYED_BEFORE_KILL = 1000
"""Moves the killed session plays (the game it opens has KILLED_AT minus these)."""
PLAYERS = [f"Computer {i}" for i in range(1, 12)]
SAVES = 500
COMMIT_AT = (10, 8000)
"""Seconds between the ticks of the event-loop timer."""
LOOP_SECONDS = 10.0


# ---- building saves -----------------------------------------------------------------


def prolonging_choice(
    game: AnyGame, state: Any, seat: int, legal: list[Action], rng: random.Random
) -> Action:
    """One card of the highest rank that fits (2s and 10s last), so the next player often
    has to take the pile; the swap and the face-down cards as the computer player does."""
    plays = [a for a in legal if isinstance(a, Play)]
    if plays:
        keepers = "2T"
        return max(
            plays,
            key=lambda p: (
                0 if p.cards[0][0] in keepers else RANK_VALUE[p.cards[0][0]],
                -len(p.cards),
            ),
        )
    return choose(game.id, "normal", game.view(state, seat), legal, rng)


def long_game(moves: int) -> tuple[int, list[tuple[int, Any]], list[Any]]:
    """A seed and the first `moves` (seat, action JSON) of a 3 x 3 game at least that long,
    with the state after each move (index k: after k moves). The game is played by rules
    version 1 (`OLD_RULES`): today's repetition rule ends a game that goes round long
    before it is this long."""
    game = get_game("3x3")
    for seed in range(100):
        rng = random.Random(seed)
        state = game.new_game(PLAYERS, seed, **game.older_rules(OLD_RULES) or {})
        played: list[tuple[int, Any]] = []
        states = [state]
        while len(played) < moves and not game.is_over(state):
            (seat,) = game.to_act(state)
            action = prolonging_choice(game, state, seat, game.legal_actions(state, seat), rng)
            state = game.apply(state, seat, action)
            played.append((seat, action.to_json()))
            states.append(state)
        if len(played) == moves:
            return seed, played, states
    raise RuntimeError(f"no 3 x 3 game of {moves} moves in seeds 0-99")


def humans() -> list[PlayerSpec]:
    return [PlayerSpec(name, "human") for name in PLAYERS]


def stored_game(
    store: SaveStore, name: str, seed: int, moves: list[tuple[int, Any]], state: Any
) -> int:
    """Store the 3 x 3 game with these moves (which lead to `state`) in one create, as saved
    under rules version 1; its id."""
    record = dataclasses.replace(SaveRecord.new("3x3", humans(), seed), rules_version=OLD_RULES)
    record.actions = list(moves)
    record.summary = summarize(get_game("3x3"), state, len(moves))
    return store.create(name, record)


def many_saves(store: SaveStore, count: int) -> None:
    """`count` saves of all four games, 2-4 players, each a few random moves in."""
    games = sorted(GAMES)
    for i in range(count):
        game = GAMES[games[i % len(games)]]
        players = [
            PlayerSpec(f"Player {k + 1}", "computer" if k % 3 == 2 else "human")
            for k in range(max(game.min_players, 2 + i % 3))
        ]
        record = SaveRecord.new(game.id, players, i)
        state = game.new_game(record.names(), i, record.options)
        rng = random.Random(i)
        for _ in range(i % 40):
            if game.is_over(state):
                break
            seat = game.to_act(state)[0]
            action = random_choice(game, state, seat, game.legal_actions(state, seat), rng)
            state = game.apply(state, seat, action)
            record.actions.append((seat, action.to_json()))
        record.summary = summarize(game, state, len(record.actions))
        store.create(f"save-{i:03d}", record)


# ---- 1 and 2: resume, memory, home screen, list --------------------------------------


def left_by_a_session(store: SaveStore, name: str) -> None:
    """Open game `name` and leave it, as a player who quits does: the checkpoint it
    stores is what the next resume starts from."""
    GameSession.open(store, name).close()


def kept(folder: Path) -> Path:
    """A copy of save folder `folder` as it is now (its database and the files beside it)."""
    copy = folder.with_name(folder.name + "-as-left")
    shutil.copytree(folder, copy)
    return copy


def as_left(copy: Path, folder: Path) -> None:
    """Put save folder `folder` back as `copy` kept it."""
    shutil.rmtree(folder)
    shutil.copytree(copy, folder)


def imported(work: Path, store: SaveStore, name: str) -> Path:
    """A save folder holding game `name` of `store` just as `hotseat import` of its save
    document left it (the command run as a child, as a player runs it)."""
    document = work / f"{name}.json"
    document.write_bytes(export_game(store, name))
    folder = work / "imported"
    command = [sys.executable, "-m", "hotseat", "import", str(document), "--save-dir", str(folder)]
    subprocess.run(command, cwd=ROOT, env=child_env(), check=True, capture_output=True)
    return folder


def play_then_die(folder: Path, name: str, moves: list[tuple[int, Any]]) -> None:
    """Open game `name` as a terminal does and play `moves` one by one (each committed,
    checkpoints stored in the background as in play), then die by SIGKILL: nothing of
    the session's own ending runs."""
    session = GameSession.open(SaveStore(folder), name)
    for seat, action in moves:
        session.apply(seat, session.game.action_from_json(action))
    os.kill(os.getpid(), signal.SIGKILL)


def killed(work: Path, seed: int, moves: list[tuple[int, Any]], states: list[Any]) -> Path:
    """A save folder holding the game of `moves` as a session killed right after it
    committed move KILLED_AT left it: the game was stored with PLAYED_BEFORE_KILL fewer
    moves (and a checkpoint there, as a session that quits leaves one), then a session in
    a child process played on to KILLED_AT."""
    folder = work / "killed"
    start = KILLED_AT - PLAYED_BEFORE_KILL
    store = SaveStore(folder)
    stored_game(store, "killed", seed, moves[:start], states[start])
    left_by_a_session(store, "killed")
    store.close()
    child = multiprocessing.get_context("fork").Process(
        target=play_then_die, args=(folder, "killed", moves[start:KILLED_AT])
    )
    child.start()
    child.join()
    if child.exitcode != -signal.SIGKILL:
        raise RuntimeError(f"the playing session ended with {child.exitcode}, not SIGKILL")
    return folder


def checkpoint_moves(folder: Path) -> int:
    """How many moves the one game's checkpoint in `folder` covers (0: none)."""
    with contextlib.closing(sqlite3.connect(folder / FILENAME)) as db:
        row = db.execute("SELECT max(moves) FROM checkpoints").fetchone()
    return int(row[0] or 0)


def bench_resume(work: Path, runs: int) -> list[Figure]:
    seed, moves, states = long_game(LONG_GAME)
    save_dir = work / "long"
    store = SaveStore(save_dir)
    stored_game(store, "long", seed, moves, states[-1])
    uncached_id = stored_game(store, "uncached", seed, moves, states[-1])
    stored_game(store, "short", seed, moves[:SHORT_GAME], states[SHORT_GAME])
    left_by_a_session(store, "short")
    left_by_a_session(store, "long")
    import_dir = imported(work, store, "long")
    store.close()
    killed_dir = killed(work, seed, moves, states)
    copies = {folder: kept(folder) for folder in (import_dir, killed_dir)}
    covered = {folder: checkpoint_moves(folder) for folder in copies}

    def resume_as_left(folder: Path, name: str) -> ChildRun:
        as_left(copies[folder], folder)
        return run_child(["resume", str(folder), name], size=SIZE)

    def no_checkpoint_run() -> ChildRun:
        """Resume a copy of the game that never had a checkpoint, first dropping the one
        its last run may have stored."""
        with contextlib.closing(sqlite3.connect(save_dir / FILENAME)) as db, db:
            db.execute("DELETE FROM checkpoints WHERE game = ?", (uncached_id,))
        return run_child(["resume", str(save_dir), "uncached"], size=SIZE)

    resume, bare, after_import, after_kill, no_checkpoint, short = alternate(
        runs,
        [
            lambda: run_child(["resume", str(save_dir), "long"], size=SIZE),
            lambda: run_child(["bare"], size=SIZE),
            lambda: resume_as_left(import_dir, "long"),
            lambda: resume_as_left(killed_dir, "killed"),
            no_checkpoint_run,
            lambda: run_child(["resume", str(save_dir), "short"], size=SIZE),
        ],
    )
    print(
        f"\n1. Resume the {LONG_GAME:,}-move 11-player 3 x 3 game (seed {seed}) to its first frame"
    )
    times = ms("hotseat resume", resume), ms("bare Textual app", bare)
    report("  time to the first game frame (privacy screen), from process start", *times)
    print_marks({"resume": resume, "import": after_import, "killed": after_kill, "bare": bare})
    imports = ms("hotseat resume after import", after_import)
    report(
        f"  right after `hotseat import` (its checkpoint covers {covered[import_dir]:,} moves)",
        imports,
        times[1],
    )
    kills = ms(f"hotseat resume, killed at {KILLED_AT:,}", after_kill)
    report(
        f"  after a session was killed (SIGKILL) right after move {KILLED_AT:,} (its "
        f"checkpoint covers {covered[killed_dir]:,} moves)",
        kills,
        times[1],
    )
    shorts = ms(f"hotseat resume, {SHORT_GAME} moves", short)
    report(f"  a game of {SHORT_GAME} moves (the same players)", shorts, times[1])
    report(
        "  the same game with no checkpoint at all (every move replays)",
        ms("hotseat resume, no checkpoint", no_checkpoint),
        times[1],
    )
    memory = (
        Series("hotseat resume", "MB", [r.max_rss_mb for r in resume]),
        Series("bare Textual app", "MB", [r.max_rss_mb for r in bare]),
    )
    report("  peak memory (max RSS of the child)", *memory)
    return [
        Figure.of("resume vs bare app", *times, 1.5),
        Figure.of(f"resume of {SHORT_GAME} moves vs bare app", shorts, times[1], 1.4),
        Figure.of("resume after import vs bare app", imports, times[1], 1.5),
        Figure.of(f"resume after kill at {KILLED_AT} vs bare", kills, times[1], 1.5),
        Figure.of("memory vs bare app", *memory, 1.5),
    ]


def bench_home(work: Path, runs: int) -> list[Figure]:
    empty, full = work / "none", work / "many"
    SaveStore(empty).ensure_writable()
    store = SaveStore(full)
    many_saves(store, SAVES)
    store.close()
    home_full, home_empty, list_full, list_empty = alternate(
        runs,
        [
            lambda: run_child(["home", str(full), str(SAVES)], size=SIZE),
            lambda: run_child(["home", str(empty), "0"], size=SIZE),
            lambda: run_child([*LIST, str(full)], size=SIZE, terminal=False),
            lambda: run_child([*LIST, str(empty)], size=SIZE, terminal=False),
        ],
    )
    print(f"\n2. Home screen and `hotseat list` with {SAVES} saves and with none")
    home = ms(f"home, {SAVES} saves", home_full), ms("home, no saves", home_empty)
    report("  home screen ready (listed in its table), from process start", *home)
    lists = ms(f"list, {SAVES} saves", list_full), ms("list, no saves", list_empty)
    report("  `hotseat list`, process wall time", *lists)
    return [
        Figure.of(f"home, {SAVES} saves vs none", *home, 1.3),
        Figure.of(f"list, {SAVES} saves vs none", *lists, 1.2),
    ]


# ---- 3: commits ----------------------------------------------------------------------


RUN_OF_MOVES = 20
"""Moves committed one after another in each commit sample (the first one warms the store)."""


def append_run(
    work: Path, seed: int, moves: list[tuple[int, Any]], states: list[Any], n: int
) -> list[float]:
    """Seconds for each store.append of moves n + 2 ... n + RUN_OF_MOVES, one after
    another, on a game stored with n moves (move n + 1 warms the store, as a game's
    earlier moves have by then)."""
    save_dir = Path(tempfile.mkdtemp(dir=work))
    store = SaveStore(save_dir)
    key = stored_game(store, "game", seed, moves[:n], states[n])
    lease = store.hold(key, set(range(len(PLAYERS))))
    game = get_game("3x3")
    seconds = []
    for k in range(n, n + RUN_OF_MOVES):
        seat, action = moves[k]
        summary = summarize(game, states[k + 1], k + 1)
        start = time.perf_counter()
        store.append(lease, k + 1, seat, action, summary)
        seconds.append(time.perf_counter() - start)
    store.close()
    shutil.rmtree(save_dir)
    return seconds[1:]


def insert_run(work: Path, texts: list[list[str]]) -> list[float]:
    """Seconds for each bare INSERT + COMMIT of the same texts (a move's action and
    summary, one row each) into a one-table database opened with the save database's
    settings; the first row warms it, as in append_run."""
    folder = Path(tempfile.mkdtemp(dir=work))
    db = sqlite3.connect(folder / "bare.db", isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000)
    db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    db.execute("PRAGMA journal_mode = WAL")
    db.execute(f"PRAGMA synchronous = {SYNCHRONOUS}")
    db.execute("CREATE TABLE moves (number INTEGER PRIMARY KEY, action TEXT, summary TEXT)")
    seconds = []
    for number, row in enumerate(texts, 1):
        start = time.perf_counter()
        db.execute("BEGIN IMMEDIATE")
        db.execute("INSERT INTO moves VALUES (?, ?, ?)", (number, *row))
        db.execute("COMMIT")
        seconds.append(time.perf_counter() - start)
    db.close()
    shutil.rmtree(folder)
    return seconds[1:]


def dump(value: Any) -> str:
    """JSON text as the store writes it."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def bench_commit(work: Path, samples: int) -> list[Figure]:
    seed, moves, states = long_game(max(COMMIT_AT) + RUN_OF_MOVES)
    low, high = COMMIT_AT
    game = get_game("3x3")
    series = {
        low: Series(f"append at move {low}", "ms"),
        high: Series(f"append at move {high:,}", "ms"),
        0: Series("bare INSERT + COMMIT", "ms"),
    }
    texts = [
        [dump(action), dump(summarize(game, states[k + 1], k + 1))]
        for k, (_, action) in enumerate(moves[high : high + RUN_OF_MOVES], high)
    ]
    append_run(work, seed, moves, states, low)  # warm-up
    for _ in range(samples):
        for n in COMMIT_AT:
            series[n].values.extend(1000 * s for s in append_run(work, seed, moves, states, n))
        series[0].values.extend(1000 * s for s in insert_run(work, texts))
    print(
        f"\n3. Commit of one move (store.append, synchronous={SYNCHRONOUS}, WAL), "
        f"{RUN_OF_MOVES - 1} moves in a row per sample"
    )
    report(f"  at move {high:,} against at move {low}", series[high], series[low])
    report(f"  at move {high:,} against a bare insert", series[high], series[0])
    return [
        Figure.of(f"commit at {high} vs at {low}", series[high], series[low], 1.2),
        Figure.of("commit vs bare insert", series[high], series[0], 1.5),
    ]


# ---- 5: the first write checks the whole file -----------------------------------------


def timed_write(store: SaveStore, value: int) -> float:
    """Seconds for one small write transaction on `store`'s open database."""
    start = time.perf_counter()
    with store.database.transaction() as db:
        db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('bench', ?)", (str(value),))
    return time.perf_counter() - start


def bench_first_write(work: Path, runs: int) -> list[Figure]:
    seed, moves, states = long_game(LONG_GAME)
    folder = work / "first-write"
    store = SaveStore(folder)
    many_saves(store, SAVES)
    stored_game(store, "long", seed, moves, states[-1])
    left_by_a_session(store, "long")
    store.close()
    first, later = Series("first write", "ms"), Series("next write", "ms")
    for run in range(runs):
        saves.database._SOUND.clear()  # as a terminal just started finds it
        store = SaveStore(folder)
        store.list()
        first.values.append(1000 * timed_write(store, 2 * run))
        later.values.append(1000 * timed_write(store, 2 * run + 1))
        store.close()
    size = (folder / FILENAME).stat().st_size
    print(f"\n5. A terminal's first write (whole-file check) to a {size / 2**20:.1f} MiB database")
    report("  first write against the next write", first, later)
    return [Figure.of("first write vs next write", first, later, 50.0)]


# ---- 4: event-loop gaps ---------------------------------------------------------------


def bot_game_length(seed: int) -> int:
    """How many moves the session's computer players take for 11 seats from `seed`."""
    return self_play("3x3", PLAYERS, seed, LONG_GAME)[0]


def bench_loop(work: Path, runs: int) -> list[Figure]:
    """Each run plays one of the longest computer games (seeds 0-39) to its end, at most
    LOOP_SECONDS, then runs the bare app as long."""
    lengths = {seed: bot_game_length(seed) for seed in range(40)}
    seeds = sorted(lengths, key=lambda seed: (-lengths[seed], seed))[:runs]
    stats: dict[str, dict[str, Series]] = {}
    for who in ("hotseat", "bare"):
        stats[who] = {k: Series(f"{who} {k} gap", "ms") for k in ("p50", "p99", "max")}
    played = []
    for seed in seeds:
        store = SaveStore(work / f"loop-{seed}")
        computers = [PlayerSpec(name, "computer") for name in PLAYERS]
        session = GameSession.create(store, "3x3", computers, seed)
        app = HotseatApp(store, delay=0.0, session=session)
        gaps, elapsed = asyncio.run(tick_gaps(app, LOOP_SECONDS, lambda s=session: s.over, SIZE))
        played.append(f"seed {seed}: {len(session.record.actions)} moves in {elapsed:.1f} s")
        app.close_session()
        store.close()
        bare_gaps, _ = asyncio.run(tick_gaps(BareApp(), elapsed, lambda: False, SIZE))
        for who, found in (("hotseat", gaps), ("bare", bare_gaps)):
            stats[who]["p50"].values.append(percentile(found, 50))
            stats[who]["p99"].values.append(percentile(found, 99))
            stats[who]["max"].values.append(max(found))
    print(
        f"\n4. Event-loop gaps, {TICK * 1000:.0f} ms interval timer, 11 computers playing 3 x 3 "
        "at --delay 0 (headless, until game over), against the bare app as long"
    )
    print(f"    {'; '.join(played)}")
    for k in ("p50", "p99", "max"):
        report(f"  {k} gap between ticks", stats["hotseat"][k], stats["bare"][k])
    return [Figure("p99 gap between ticks", stats["hotseat"]["p99"].median, "ms", 50.0)]


# ---- profile ---------------------------------------------------------------------------


def profile_resume(work: Path) -> None:
    """cProfile one resume child and print where its time goes."""
    seed, moves, states = long_game(LONG_GAME)
    save_dir = work / "profiled"
    store = SaveStore(save_dir)
    stored_game(store, "long", seed, moves, states[-1])
    left_by_a_session(store, "long")
    store.close()
    stats_file = work / "resume.prof"
    env = child_env()
    env["HOTSEAT_BENCH_PROFILE"] = str(stats_file)
    run_child(["resume", str(save_dir), "long"], size=SIZE, env=env)
    print("\nProfile of one resume (cProfile, cumulative, top 30):")
    pstats.Stats(str(stats_file)).sort_stats("cumulative").print_stats(30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repetitions (about a minute)")
    parser.add_argument(
        "--profile", action="store_true", help="also print a cProfile of one resume"
    )
    parser.add_argument(
        "--only", type=int, action="append", choices=(1, 2, 3, 4, 5), help="run only these parts"
    )
    args = parser.parse_args()
    runs, samples, loop_runs = (3, 15, 2) if args.quick else (7, 40, 5)
    parts = args.only or [1, 2, 3, 4, 5]
    steps: list[Callable[[Path], list[Figure]]] = []
    if 1 in parts:
        steps.append(lambda work: bench_resume(work, runs))
    if 2 in parts:
        steps.append(lambda work: bench_home(work, 3 * runs))
    if 3 in parts:
        steps.append(lambda work: bench_commit(work, samples))
    if 4 in parts:
        steps.append(lambda work: bench_loop(work, loop_runs))
    if 5 in parts:
        steps.append(lambda work: bench_first_write(work, samples))
    if args.profile:
        steps.append(lambda work: profile_resume(work) or [])
    run_parts(steps, args.quick)


if __name__ == "__main__":
    main()
