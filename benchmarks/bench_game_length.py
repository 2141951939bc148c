"""How long games of computers last: for every game and player count, `--seeds` games of
normal computer players in every seat (seeded as the app seeds them), and the longest in
moves, the median and how many did not end within `--cap` moves.

Each game is dealt and played from its seed alone, so a long one can be replayed:

    python benchmarks/bench_game_length.py [--seeds N] [--cap MOVES] [--games ID,...]
        [--record FILE]

With `--record`, every finished game is appended to FILE as one JSON line and games
already there are not played again: a run that is stopped goes on where it stopped,
and the table counts every game in the file.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections import Counter
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import GAMES
from rules.bots import self_play

NAMES = ("Ann", "Bob", "Cy", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kim")


def _measure(job: tuple[str, int, int, int]) -> tuple[str, int, int, int, str | None]:
    """One game: its id, player count and seed, its moves and how it ended (None: not
    within the cap)."""
    game_id, players, seed, cap = job
    moves, state = self_play(game_id, NAMES[:players], seed, cap)
    game = GAMES[game_id]
    ended = game.result(state)["reason"]["kind"] if game.is_over(state) else None
    return game_id, players, seed, moves, ended


Run = tuple[str, int, int, int, str | None]


def _recorded(path: Path | None, cap: int) -> list[Run]:
    """The games a record file already holds for this cap."""
    if path is None or not path.exists():
        return []
    runs: list[Run] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        if row["cap"] == cap:
            runs.append((row["game"], row["players"], row["seed"], row["moves"], row["ended"]))
    return runs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=3000)
    parser.add_argument("--cap", type=int, default=20_000)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument(
        "--players", default="", help="only these player counts, comma-separated (default: all)"
    )
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--record", type=Path, default=None)
    args = parser.parse_args()
    done = _recorded(args.record, args.cap)
    played = {(game_id, players, seed) for game_id, players, seed, _, _ in done}
    counts = {int(count) for count in args.players.split(",") if count}
    jobs = [
        (game_id, players, seed, args.cap)
        for game_id in args.games.split(",")
        for players in range(GAMES[game_id].min_players, GAMES[game_id].max_players + 1)
        for seed in range(args.seeds)
        if (game_id, players, seed) not in played and (not counts or players in counts)
    ]
    wanted = set(args.games.split(","))
    runs: dict[tuple[str, int], list[tuple[int, int, str | None]]] = {}
    for game_id, players, seed, moves, ended in done:
        if game_id in wanted and seed < args.seeds:
            runs.setdefault((game_id, players), []).append((moves, seed, ended))
    started = time.perf_counter()
    with (
        Pool(args.workers) as pool,
        open(args.record or os.devnull, "a", encoding="utf-8") as record,
    ):
        for game_id, players, seed, moves, ended in pool.imap_unordered(
            _measure, jobs, chunksize=20
        ):
            runs.setdefault((game_id, players), []).append((moves, seed, ended))
            row = {"game": game_id, "players": players, "seed": seed}
            row |= {"cap": args.cap, "moves": moves, "ended": ended}
            record.write(json.dumps(row) + "\n")
            record.flush()
    print(
        f"| game | players | games | median | longest (seed) | ended by | not ended in {args.cap} |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for (game_id, players), games in sorted(runs.items()):
        over = [(moves, seed) for moves, seed, ended in games if ended is not None]
        longest = f"{max(over)[0]} ({max(over)[1]})" if over else "-"
        median = statistics.median(moves for moves, _ in over) if over else "-"
        reasons = Counter(ended for _, _, ended in games if ended is not None)
        ends = ", ".join(f"{kind} {count}" for kind, count in sorted(reasons.items()))
        stuck = sorted(seed for _, seed, ended in games if ended is None)
        print(
            f"| {game_id} | {players} | {len(games)} | {median} | {longest} | {ends} | "
            f"{len(stuck)}{' ' + str(stuck[:5]) if stuck else ''} |"
        )
    print(f"\n{len(jobs)} games played in {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
